//! Pseudo-legal moves of the side to move: each piece by its type (a bewitched one by its Wazir
//! step only), then the drops.

use super::*;
use crate::moves::Move;
use crate::position::Position;

impl Position {
    /// Every move the side to move could make if its King's safety did not matter.
    pub(crate) fn chess_pseudo_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let us = self.side;
        for &cell in self.side_cells(us) {
            let sq = Square::from_cell(cell as usize);
            let kind = kind_of(self.board[cell as usize]);
            let immune = kind == ELEPHANT || is_golem(kind);
            if !immune && self.bewitched(sq, us) {
                self.bewitched_moves(sq, kind, out);
            } else if is_halfling(kind) {
                self.halfling_moves(sq, kind, out);
            } else {
                self.chess_piece_moves(sq, kind, us, out);
            }
        }
        self.drop_moves(us, out);
    }
}
