//! The 12x8 game's hook in the general generator's loop (`movegen.rs`, `pseudo_moves`): the
//! moves of a bewitched piece and of the exotic types. The table types (King, Queen, Rook,
//! Bishop, Knight, Lion, the Can(n)ons, and the types a file adds) are the general generator's,
//! with the King's castlings after its own moves; the Pawn is the general pawn
//! (`movegen/pawns.rs`) with the layer's two hooks; the drops follow every piece's moves
//! (`drops.rs`).

use super::*;
use crate::moves::Move;
use crate::position::Position;

impl Position {
    /// Lists the moves of the piece on `cell` of `us` and returns true where the layer gives
    /// them: a bewitched piece's single steps (the Elephant and the Golem are immune), a
    /// Halfling's, the Pawn's, a Wizard's, Elephant's, Assassin's or Golem's. False for a type
    /// that moves by its file (`TABLE_TYPES`: Betza, the Can(n)ons' `cannon` hooks and flips),
    /// whose moves the general generator lists.
    #[inline]
    pub(crate) fn layer_piece_moves(&self, cell: usize, us: Color, out: &mut Vec<Move>) -> bool {
        let sq = Square::from_cell(cell);
        let kind = kind_of(self.board[cell]);
        let immune = kind == ELEPHANT || is_golem(kind);
        if !immune && self.bewitched(sq, us) {
            self.bewitched_moves(sq, kind, out);
            return true;
        }
        match kind {
            _ if is_halfling(kind) => self.halfling_moves(sq, kind, out),
            PAWN => self.pawn_moves(cell, us, out),
            WIZARD => self.wizard_moves(sq, us, out),
            ELEPHANT => self.elephant_moves(sq, us, out),
            ASSASSIN => self.assassin_moves(sq, us, out),
            GOLEM_NE | GOLEM_NW => self.golem_moves(sq, kind, us, out),
            // The upper part of a Golem: its moves are listed from the lower part.
            GOLEM_SE | GOLEM_SW => {}
            _ => return false,
        }
        true
    }
}
