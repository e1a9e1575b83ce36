//! The promotions that depend on the board (`variant::PromotionRule`), named in the model and
//! carried out here, where the position is known.

use crate::geometry::Color;
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::variant::PromotionRule;

impl Position {
    /// The type a promoting move `m` makes under `rule`, given the type the table names.
    pub(super) fn board_promotion(
        &self,
        rule: PromotionRule,
        m: Move,
        tabled: PieceKind,
    ) -> PieceKind {
        match rule {
            PromotionRule::EmperorOfEmperors => self.emperor_or_emperor_of_emperors(m, tabled),
        }
    }

    /// Typhoon's and Jupiter's King: Emperor if no Emperor (of either side) remains on the board
    /// once the move's captures are made, Emperor of Emperors otherwise.
    fn emperor_or_emperor_of_emperors(&self, m: Move, tabled: PieceKind) -> PieceKind {
        let v = self.variant();
        // The loader refuses the rule for a game without both types (`file::game`).
        let (Some(emperor), Some(emperor_of_emperors)) =
            (v.kind_by_abbr("Em"), v.kind_by_abbr("EE"))
        else {
            return tabled;
        };
        if tabled != emperor {
            return tabled;
        }
        let on_board = Color::BOTH
            .iter()
            .flat_map(|&c| self.side_pieces(c))
            .filter(|(p, _)| p.kind == emperor)
            .count();
        let captured = self.victims(m).filter(|(_, p)| p.kind == emperor).count();
        if on_board > captured {
            emperor_of_emperors
        } else {
            emperor
        }
    }
}
