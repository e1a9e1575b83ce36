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
    /// that moves by its file (`Role::moves_by_file`: Betza, hooks such as the Can(n)ons' `cannon`, flips),
    /// whose moves the general generator lists.
    #[inline]
    pub(crate) fn layer_piece_moves(&self, cell: usize, us: Color, out: &mut Vec<Move>) -> bool {
        let sq = Square::from_cell(cell);
        let kind = kind_of(self.board[cell]);
        let role = self.layer_kinds().role(kind);
        let immune = matches!(role, Role::Elephant | Role::Golem(_));
        if !immune && self.bewitched(sq, us) {
            self.bewitched_moves(sq, role, out);
            return true;
        }
        match role {
            Role::Halfling(capture) => self.halfling_moves(sq, capture, out),
            Role::Pawn => self.pawn_moves(cell, us, out),
            Role::Wizard => self.wizard_moves(sq, us, out),
            Role::Elephant => self.elephant_moves(sq, us, out),
            Role::Assassin => self.assassin_moves(sq, us, out),
            Role::Golem(part @ (GolemPart::NorthEast | GolemPart::NorthWest)) => {
                self.golem_moves(sq, kind, part, us, out)
            }
            // The upper part of a Golem: its moves are listed from the lower part.
            Role::Golem(_) => {}
            Role::File | Role::King | Role::Thunder => return false,
        }
        true
    }
}
