//! The 12x8 game's exotic pieces (docs/rules/larger-board.md) as hooks in the general mechanisms:
//! their moves (the hook the general generator calls: `generate.rs`, `pieces.rs`, `halfling.rs`,
//! `drops.rs`), their attacks and the legal-move filter's quick tests (`attack.rs`, `legal.rs`),
//! and their part of make/unmake (`make.rs`). The state beyond the board, `ChessState`, is every
//! game's (kept by `position/rights.rs`). Its King, Queen, Rook, Bishop, Knight, Lion and added
//! types move by the general generator, castling and the Pawn by the general mechanisms
//! (`movegen/chess_rules.rs`, `movegen/pawns.rs`).
//!
//! Everything here runs only for a variant with `Variant::powers` (a table that names one of
//! the powers); the other games never enter it.
//! Pieces are found by what they are to the layer (`Variant::layer_kinds`: the powers their file
//! names), wherever the file puts them in its table.

use crate::geometry::{Color, Geometry, Square, SquareSet};
use crate::layer_kinds::{LayerKinds, Role};
use crate::piece::code_color_index;
use crate::piece::{Code, EMPTY, GolemPart, HalflingCapture, OFFBOARD, Piece, PieceKind};
use crate::variant::tally;

mod attack;
mod drops;
mod generate;
mod halfling;
mod legal;
mod make;
mod pieces;
mod validate;

pub use drops::NoDrop;

/// No square (an en passant target that no longer exists).
pub const NO_SQUARE: u8 = u8::MAX;

/// Everything about a position that the board does not show, in a game that keeps state (check
/// rules, castling, en passant, drops; the 12x8 game's too): empty in the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChessState {
    /// Pieces in hand per side, by the slots of the game's `DropRules` (its file's `[drops]
    /// pieces`, in order).
    pub hands: [[u8; HAND_SLOTS]; 2],
    /// Castling rights: bit `i` for the game's castling `i` (`ChessRules::castlings`, the
    /// file's `[[castling]]` entries, each side's; at most 4 in the 12x8 layer's game).
    pub castle: u8,
    /// Bit per side (1 White, 2 Black): that King has left its starting square at least once.
    pub kings_moved: u8,
    /// A King has stood on its eighth row: no more drops for the rest of the game.
    pub drops_closed: bool,
    /// The squares the last mover travelled over (any of a 16x16 board), kept only while the side
    /// to move can use them (an Assassin beside one, or a Pawn that could take en passant).
    pub ep_passed: SquareSet,
    /// Where that piece stands now (`Square.0`), or `NO_SQUARE` if it is gone; in a game with
    /// `chess_rules` the pawn that may be taken en passant.
    pub ep_target: u8,
    /// Where the pawn on `ep_target` started its last advance, in a game with `chess_rules`
    /// (there the squares between are the passed ones, and `ep_passed` is unused).
    pub ep_from: u8,
    /// Plies since the last capture, Pawn move or drop.
    pub halfmove: u16,
}

impl ChessState {
    /// No hand, no rights: the state of the games that have none (its key is 0).
    pub const fn empty() -> ChessState {
        ChessState {
            hands: [[0; HAND_SLOTS]; 2],
            castle: 0,
            kings_moved: 0,
            drops_closed: false,
            ep_passed: SquareSet::EMPTY,
            ep_target: NO_SQUARE,
            ep_from: NO_SQUARE,
            halfmove: 0,
        }
    }

    /// The state at the start of the game: the hands its `[drops]` gives (`in_hand`), every
    /// castling right (those whose King and Rook stand ready are kept: `Position::from_setup`),
    /// no King moved.
    pub fn initial(v: &crate::variant::Variant) -> ChessState {
        let mut state = ChessState::empty();
        if let Some(drops) = &v.rules.drops {
            state.hands = drops.initial;
        }
        state.castle = u8::MAX;
        state
    }

    pub fn king_moved(&self, color: Color) -> bool {
        self.kings_moved >> color.index() & 1 == 1
    }

    /// The en passant squares and target, if any.
    pub fn en_passant(&self) -> Option<(Vec<Square>, Option<Square>)> {
        if self.ep_passed.is_empty() {
            return None;
        }
        let squares = self.ep_passed.iter().collect();
        let target = (self.ep_target != NO_SQUARE).then_some(Square(self.ep_target));
        Some((squares, target))
    }
}

use crate::drop_rules::HAND_SLOTS;

// ---- small helpers on codes and squares, shared by the submodules ----

/// The type index of a piece code (the code must be a piece).
#[inline(always)]
pub(crate) fn kind_of(code: Code) -> u8 {
    ((code - 1) >> 1) as u8
}

#[inline(always)]
pub(crate) fn code(kind: u8, color: Color) -> Code {
    Piece::new(PieceKind(kind), color).code()
}

#[inline(always)]
pub(crate) fn is_piece(code: Code) -> bool {
    code != EMPTY && code != OFFBOARD
}

#[inline(always)]
pub(crate) fn color_of(code: Code) -> Color {
    if code_color_index(code) == 0 {
        Color::Blue
    } else {
        Color::Tan
    }
}

impl crate::position::Position {
    /// What each type is to the layer.
    #[inline(always)]
    pub(crate) fn layer_kinds(&self) -> &'static LayerKinds {
        &self.variant.layer_kinds
    }

    /// The board's shape, for the layer's square arithmetic.
    #[inline(always)]
    pub(crate) fn geometry(&self) -> &'static Geometry {
        &self.variant.geometry
    }
}

/// The Golem part type of `kinds` whose other part stands at (dx, dy).
#[inline(always)]
pub(crate) fn golem_kind(kinds: &LayerKinds, dx: i8, dy: i8) -> u8 {
    kinds.golem_part(GolemPart::with_partner_at(dx, dy))
}

/// The rank (from 0) on which `color`'s Pawns promote: its "eighth row", the last of the board.
#[inline(always)]
pub(crate) const fn last_rank(g: &Geometry, color: Color) -> u8 {
    match color {
        Color::Blue => g.height - 1,
        Color::Tan => 0,
    }
}

/// Forward for `color`, in ranks.
#[inline(always)]
pub(crate) const fn forward(color: Color) -> i8 {
    match color {
        Color::Blue => 1,
        Color::Tan => -1,
    }
}

/// The eight directions: orthogonal first, then diagonal.
pub(crate) const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
pub(crate) const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub(crate) const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// Number of on-board squares beyond `sq` in direction (dx, dy).
#[inline(always)]
pub(crate) fn squares_to_edge(g: &Geometry, sq: Square, dx: i8, dy: i8) -> u8 {
    let along = |v: u8, d: i8, size: u8| match d {
        1 => size - 1 - v,
        -1 => v,
        _ => u8::MAX,
    };
    along(sq.file(), dx, g.width).min(along(sq.rank(), dy, g.height))
}

/// A Halfling's range in a direction: half the distance to the edge, rounded up.
#[inline(always)]
pub(crate) fn halfling_range(g: &Geometry, sq: Square, dx: i8, dy: i8) -> u8 {
    squares_to_edge(g, sq, dx, dy).div_ceil(2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{QUEEN_STEPS, offset};

    /// The built-in file's Pawn lists what a Pawn promotes to without a list (`LayerKinds::
    /// plain_promotions`: every type but the King, the Pawn, the Assassin, the Thunder and the
    /// Golem), in table order (the order of the promotion moves): a copy without a list plays the
    /// same game.
    #[test]
    fn the_built_in_pawn_promotes_to_the_layers_own_types() {
        let v = crate::variant::Variant::by_id("larger-board").unwrap();
        let kinds = &v.layer_kinds;
        let pawn = code(kinds.pawn, Color::Blue);
        let listed = &v.chess_piece(pawn).promotion_choices;
        let plain: Vec<PieceKind> = kinds.plain_promotions(v.pieces.len()).collect();
        assert_eq!(*listed, plain);
        let abbrs: Vec<&str> = plain.iter().map(|&k| v.abbr(k)).collect();
        assert_eq!(
            abbrs,
            [
                "Q", "R", "B", "N", "Li", "C", "V", "Le", "Pi", "Ad", "Wd", "Wz", "El"
            ]
        );
    }

    /// The built-in file names each exotic power on its piece.
    #[test]
    fn the_built_in_file_names_each_power_on_its_piece() {
        let v = crate::variant::Variant::by_id("larger-board").unwrap();
        let kinds = &v.layer_kinds;
        let role = |abbr: &str| kinds.role(v.kind_by_abbr(abbr).unwrap().0);
        assert_eq!(role("K"), Role::King);
        assert_eq!(role("P"), Role::Pawn);
        assert_eq!(role("Le"), Role::Halfling(HalflingCapture::Leaper));
        assert_eq!(role("Wd"), Role::Halfling(HalflingCapture::Withdrawer));
        assert_eq!(role("Wz"), Role::Wizard);
        assert_eq!(role("El"), Role::Elephant);
        assert_eq!(role("As"), Role::Assassin);
        assert_eq!(role("Th"), Role::Thunder);
        assert_eq!(role("Gsw"), Role::Golem(GolemPart::SouthWest));
        for abbr in ["Q", "R", "B", "N", "Li", "C", "V"] {
            assert_eq!(role(abbr), Role::File, "{abbr}");
        }
    }

    /// Every type of the built-in game attacks along lines (the Can(n)ons by their `cannon`
    /// hooks), so the legal-move filter's quick tests are on.
    #[test]
    fn the_built_in_game_attacks_along_lines() {
        let v = crate::variant::Variant::by_id("larger-board").unwrap();
        assert!(v.line_attacks);
        assert!(!v.plain_attacks);
        let lines = v.attack_lines(Color::Blue);
        assert_eq!(lines.hopper_rays, 0xff);
        let elephant = v
            .layer_kinds
            .elephant
            .expect("the built-in game has Elephants");
        assert!(lines.unhoppable.contains(code(elephant, Color::Tan)));
        assert!(!lines.unhoppable.contains(code(elephant, Color::Blue)));
    }

    /// The check test reads a ray of `QUEEN_STEPS` by the index of its (dx, dy).
    #[test]
    fn queen_step_index_follows_the_directions() {
        for (i, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            assert_eq!(crate::geometry::queen_step_index(dx, dy), i);
            assert_eq!(QUEEN_STEPS[i], offset(dx, dy));
        }
    }
}
