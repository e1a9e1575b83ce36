//! The 12x8 game's exotic pieces (docs/rules/larger-board.md) as hooks in the general mechanisms:
//! their moves (the hook the general generator calls: `generate.rs`, `pieces.rs`, `halfling.rs`,
//! `drops.rs`), their attacks and the legal-move filter's quick tests (`attack.rs`, `legal.rs`),
//! and their part of make/unmake (`make.rs`). The state beyond the board, `ChessState`, is every
//! game's (kept by `position/rights.rs`). Its King, Queen, Rook, Bishop, Knight, Lion and added
//! types move by the general generator, castling and the Pawn by the general mechanisms
//! (`movegen/chess_rules.rs`, `movegen/pawns.rs`).
//!
//! Everything here runs only for a variant with `Variant::chess`; the other games never enter it.
//! Pieces are named by the type indices of `variants::larger_board::kinds`.

use crate::geometry::{Color, Square};
use crate::piece::{Code, EMPTY, OFFBOARD, Piece, PieceKind, code_color_index};
use crate::variant::tally;
use kinds::*;

mod attack;
mod drops;
mod generate;
mod halfling;
pub(crate) mod kinds;
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
    /// Pieces in hand per side, by slot: Leaper, Pincer, Advancer, Withdrawer, Wizard, Elephant,
    /// Assassin, Thunder (type index minus `kinds::FIRST_IN_HAND`).
    pub hands: [[u8; kinds::HAND_SLOTS]; 2],
    /// Castling rights: bit `i` for the game's castling `i` (`ChessRules::castlings`, the
    /// file's `[[castling]]` entries, each side's; at most 4 in the 12x8 layer's game).
    pub castle: u8,
    /// Bit per side (1 White, 2 Black): that King has left its starting square at least once.
    pub kings_moved: u8,
    /// A King has stood on its eighth row: no more drops for the rest of the game.
    pub drops_closed: bool,
    /// The squares the last mover travelled over, as bits by `Square.0`, kept only while the side
    /// to move can use them (an Assassin beside one, or a Pawn that could take en passant).
    pub ep_passed: u128,
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
            hands: [[0; kinds::HAND_SLOTS]; 2],
            castle: 0,
            kings_moved: 0,
            drops_closed: false,
            ep_passed: 0,
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

    /// How many pieces of `kind` `color` holds in hand (0 for a type never in hand).
    pub fn in_hand(&self, color: Color, kind: PieceKind) -> u8 {
        hand_slot(kind.0).map_or(0, |s| self.hands[color.index()][s])
    }

    pub fn king_moved(&self, color: Color) -> bool {
        self.kings_moved >> color.index() & 1 == 1
    }

    /// The en passant squares and target, if any.
    pub fn en_passant(&self) -> Option<(Vec<Square>, Option<Square>)> {
        if self.ep_passed == 0 {
            return None;
        }
        let squares = (0..128u32)
            .filter(|i| self.ep_passed >> i & 1 == 1)
            .map(|i| Square(i as u8))
            .collect();
        let target = (self.ep_target != NO_SQUARE).then_some(Square(self.ep_target));
        Some((squares, target))
    }
}

/// The hand slot of a type, if it can be in hand.
pub(crate) const fn hand_slot(kind: u8) -> Option<usize> {
    if kind >= kinds::FIRST_IN_HAND && kind <= THUNDER {
        Some((kind - kinds::FIRST_IN_HAND) as usize)
    } else {
        None
    }
}

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

#[inline(always)]
pub(crate) fn is_golem(kind: u8) -> bool {
    (GOLEM_NE..=GOLEM_SW).contains(&kind)
}

/// A type a file adds after the layer's own (`kinds::ADDED`): it moves by its Betza table.
#[inline(always)]
pub(crate) fn is_added(kind: u8) -> bool {
    kind >= kinds::ADDED
}

/// A type that moves and attacks by its Betza table: `kinds::TABLE_TYPES` or an added one.
#[inline(always)]
pub(crate) fn is_table_type(kind: u8) -> bool {
    const MASK: u32 = {
        let mut mask = 0;
        let mut i = 0;
        while i < kinds::TABLE_TYPES.len() {
            mask |= 1 << kinds::TABLE_TYPES[i];
            i += 1;
        }
        mask
    };
    is_added(kind) || MASK >> kind & 1 == 1
}

#[inline(always)]
pub(crate) fn is_halfling(kind: u8) -> bool {
    (LEAPER..=WITHDRAWER).contains(&kind)
}

/// (dx, dy) toward the partner of a Golem part.
pub(crate) const fn golem_partner(kind: u8) -> (i8, i8) {
    match kind {
        GOLEM_NE => (1, 1),
        GOLEM_NW => (-1, 1),
        GOLEM_SE => (1, -1),
        _ => (-1, -1),
    }
}

/// The Golem part type whose partner lies at (dx, dy).
pub(crate) const fn golem_kind(dx: i8, dy: i8) -> u8 {
    match (dx > 0, dy > 0) {
        (true, true) => GOLEM_NE,
        (false, true) => GOLEM_NW,
        (true, false) => GOLEM_SE,
        (false, false) => GOLEM_SW,
    }
}

/// The rank (from 0) on which `color`'s Pawns promote: its "eighth row".
#[inline(always)]
pub(crate) const fn last_rank(color: Color) -> u8 {
    match color {
        Color::Blue => 7,
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

/// The mirror square on the same rank (y <-> j, ..., d <-> e).
#[inline(always)]
pub(crate) const fn mirror(sq: Square) -> Square {
    Square::new(11 - sq.file(), sq.rank())
}

/// The square (file + dx, rank + dy), if it is on the 12x8 board.
#[inline(always)]
pub(crate) fn shifted(sq: Square, dx: i8, dy: i8) -> Option<Square> {
    let f = sq.file() as i8 + dx;
    let r = sq.rank() as i8 + dy;
    ((0..12).contains(&f) && (0..8).contains(&r)).then(|| Square::new(f as u8, r as u8))
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
pub(crate) fn squares_to_edge(sq: Square, dx: i8, dy: i8) -> u8 {
    let along = |v: u8, d: i8, size: u8| match d {
        1 => size - 1 - v,
        -1 => v,
        _ => u8::MAX,
    };
    along(sq.file(), dx, 12).min(along(sq.rank(), dy, 8))
}

/// A Halfling's range in a direction: half the distance to the edge, rounded up.
#[inline(always)]
pub(crate) fn halfling_range(sq: Square, dx: i8, dy: i8) -> u8 {
    squares_to_edge(sq, dx, dy).div_ceil(2)
}

/// The layer's types a Pawn may promote to by its own move (the Pawn's `promotes` in the file
/// names some of these, and the types a file adds), apart from the Assassin and the Thunder
/// (which carry a square): also the types the Wizard's owner may choose for a swapped Pawn.
pub(crate) const PLAIN_PROMOTIONS: [u8; 13] = [
    QUEEN,
    ROOK,
    BISHOP,
    KNIGHT,
    LION,
    CANNON_ROOK,
    CANNON_BISHOP,
    LEAPER,
    PINCER,
    ADVANCER,
    WITHDRAWER,
    WIZARD,
    ELEPHANT,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{QUEEN_STEPS, offset};

    /// The built-in file's Pawn lists the layer's own promotions, in their order (which is the
    /// order of the promotion moves), so a copy without a list plays the same game.
    #[test]
    fn the_built_in_pawn_promotes_to_the_layers_own_types() {
        let v = crate::variant::Variant::by_id("larger-board").unwrap();
        let pawn = code(PAWN, Color::Blue);
        let listed: Vec<u8> = (v.chess_piece(pawn).promotion_choices.iter())
            .map(|k| k.0)
            .collect();
        assert_eq!(listed, PLAIN_PROMOTIONS);
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
        assert!(lines.unhoppable.contains(code(ELEPHANT, Color::Tan)));
        assert!(!lines.unhoppable.contains(code(ELEPHANT, Color::Blue)));
    }

    /// The check test reads a ray of `QUEEN_STEPS` by the index of its (dx, dy).
    #[test]
    fn queen_step_index_follows_the_directions() {
        for (i, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            assert_eq!(crate::geometry::queen_step_index(dx, dy), i);
            assert_eq!(QUEEN_STEPS[i], offset(dx, dy));
        }
    }

    /// The layer's hand slots (`hand_slot`: type minus `FIRST_IN_HAND`) are the general ones
    /// (`DropRules::kinds`, the file's `[drops] pieces` in order), so the general text, JSON and
    /// `Position::hand_pieces` read the 12x8 hands as the layer keeps them.
    #[test]
    fn the_layers_hand_slots_are_the_files() {
        let v = crate::Variant::by_id("larger-board").unwrap();
        let kinds = v.rules.drops.as_ref().expect("the 12x8 game drops").kinds();
        assert_eq!(kinds.len(), kinds::HAND_SLOTS);
        for (slot, kind) in kinds.iter().enumerate() {
            assert_eq!(hand_slot(kind.0), Some(slot), "{}", v.abbr(*kind));
        }
    }
}
