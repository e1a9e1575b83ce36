//! International Chess rules as mechanisms that any game switches on (a variant file's
//! `[rules] check = true`, its `[[castling]]` entries, a piece's `initial_steps` and
//! `en_passant`, several promotion choices): the model only. Move generation and make/unmake
//! read it in `movegen/chess_rules.rs` and `position/rights.rs`.
//!
//! A game whose table names one of the 12x8 game's powers (`position/larger`, `Variant::powers`)
//! plays these rules with the powers' hooks: its moves come from the general generator (table
//! types, castling, the pawn) with the hooks for its exotic pieces, and its check test,
//! legal-move filter and make/unmake are the general ones with the hooks beside them.

use crate::geometry::{Color, Square};
use crate::piece::PieceKind;

/// What a stalemated side (no legal move, not in check) gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StalemateResult {
    /// The game is drawn (International Chess).
    Draw,
    /// The stalemated side loses.
    Loss,
    /// The stalemated side wins.
    Win,
}

/// One castling of one side: the King and the Rook (or whatever stands there) leave their
/// starting squares together. Allowed while both have not moved (the castling right), the squares
/// between each and its destination are empty but for the two, and the King is not in check and
/// passes and reaches no attacked square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Castling {
    pub color: Color,
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
}

impl Castling {
    /// `K`/`Q` for White's (toward the higher or the lower files), `k`/`q` for Black's: the
    /// letters of the castling field of a position's text.
    pub fn letter(&self) -> char {
        let c = if self.rook_from.file() > self.king_from.file() {
            'K'
        } else {
            'Q'
        };
        match self.color {
            Color::Blue => c,
            Color::Tan => c.to_ascii_lowercase(),
        }
    }

    /// The squares that must be empty: from the King to its destination and from the Rook to
    /// its, both ends included, but the squares the two stand on.
    pub fn must_be_empty(&self) -> impl Iterator<Item = Square> + '_ {
        let rank = self.king_from.rank();
        let span = |a: Square, b: Square| a.file().min(b.file())..=a.file().max(b.file());
        (span(self.king_from, self.king_to).chain(span(self.rook_from, self.rook_to)))
            .map(move |f| Square::new(f, rank))
            .filter(|&sq| sq != self.king_from && sq != self.rook_from)
    }

    /// The King's way, its start and destination included: none of it may be attacked.
    pub fn king_way(&self) -> impl Iterator<Item = Square> + use<> {
        let (from, to) = (self.king_from, self.king_to);
        let files = from.file().min(to.file())..=from.file().max(to.file());
        files.map(move |f| Square::new(f, from.rank()))
    }
}

/// The check rules of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessRules {
    /// No move may leave one of the mover's royal pieces attacked; a side to move without a legal
    /// move is checkmated if one is attacked, stalemated if not.
    pub stalemate: StalemateResult,
    /// Every castling, both sides' (at most 8: one bit each in the castling rights).
    pub castlings: Vec<Castling>,
    /// The game is drawn after this many plies without a capture or a pawn's move (100 in
    /// International Chess); `None` for no such rule.
    pub fifty_move_plies: Option<u16>,
    /// The third occurrence of a position draws.
    pub repetition_draws: bool,
    /// A piece in its promotion zone may decline to promote, except where it could not move
    /// again (Grand Chess); otherwise promotion is compulsory on reaching the zone.
    pub promotion_optional: bool,
    /// Per type: promotion to it is allowed only while its side has fewer than this many of it on
    /// the board (Grand Chess: one Queen); 0 for no limit.
    pub promotion_limits: Vec<u8>,
    /// The game is drawn once each side is down to one piece (its royal piece, which the check
    /// rule keeps on the board) with nothing in hand to drop (or its drops closed): neither can
    /// ever checkmate (the 12x8 game's "bare Kings").
    pub bare_royals_draw: bool,
}

impl ChessRules {
    /// The International Chess defaults: stalemate draws, fifty moves, threefold repetition,
    /// compulsory promotion, no castling and no limits (the file fills these in).
    pub fn standard(types: usize) -> ChessRules {
        ChessRules {
            stalemate: StalemateResult::Draw,
            castlings: Vec::new(),
            fifty_move_plies: Some(100),
            repetition_draws: true,
            promotion_optional: false,
            promotion_limits: vec![0; types],
            bare_royals_draw: false,
        }
    }

    /// Every castling's right, as bits (bit `i` for castling `i`).
    pub fn all_castlings(&self) -> u8 {
        ((1u16 << self.castlings.len()) - 1) as u8
    }

    /// The limit on promotions to `kind` (0: none).
    pub fn limit(&self, kind: PieceKind) -> u8 {
        self.promotion_limits
            .get(kind.0 as usize)
            .copied()
            .unwrap_or(0)
    }
}

/// A pawn's powers beyond its Betza moves (a piece's `initial_steps`, `initial_ranks` and
/// `en_passant`). The default: one step, no en passant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PawnPowers {
    /// From one of `initial_ranks` it may also advance straight forward up to this many squares
    /// (2 in International Chess), not capturing, over empty squares only; 0 for none. By
    /// relative rank from 0 (the 12x8 game's Pawn: 3 from its first rank, 2 from its second).
    pub initial_steps: [u8; 16],
    /// The ranks, counted from its own side (bit `r - 1` for rank `r`), of those advances.
    pub initial_ranks: u16,
    /// It may take an enemy pawn that has just advanced several squares as if that had advanced
    /// only one, by a capturing move onto a square it passed; and its own advances may be taken so.
    pub en_passant: bool,
}

impl PawnPowers {
    /// The most squares an advance from relative rank `rank` (from 0) may go: 1 where it has no
    /// multi-step advance.
    pub fn steps_from(&self, rank: u8) -> u8 {
        let listed = rank < 16 && self.initial_ranks >> rank & 1 == 1;
        if listed {
            self.initial_steps[rank as usize].max(1)
        } else {
            1
        }
    }
}

/// A piece code's powers under the check rules, kept apart from the compiled tables (which the
/// games without these rules read in their hottest loop, and which stay small for them).
#[derive(Clone, Debug, Default)]
pub struct ChessPiece {
    /// A pawn's multi-step advance and en passant (`PieceSpec::pawn`).
    pub pawn: Option<PawnPowers>,
    /// One step straight forward for its owner, as a mailbox offset (a pawn's advance).
    pub forward: isize,
    /// Its table's capture-only leaps (a pawn's captures) as mailbox offsets, from the lower
    /// file to the higher (sorted by offset: the same order for both sides).
    pub captures: Vec<isize>,
    /// Every type it may promote to when it may choose among several (`promotes_to` first);
    /// empty for a piece with one promoted type.
    pub promotion_choices: Vec<PieceKind>,
}

/// A set of piece codes (a bit each), for the attack lookups.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CodeSet([u64; 8]);

impl CodeSet {
    pub fn insert(&mut self, code: crate::piece::Code) {
        self.0[(code as usize >> 6) & 7] |= 1 << (code & 63);
    }
    #[inline(always)]
    pub fn contains(&self, code: crate::piece::Code) -> bool {
        self.0[(code as usize >> 6) & 7] >> (code & 63) & 1 == 1
    }
}

/// Who can attack a square, looked up from the square (built by `Variant::with_chess_rules` for
/// games whose types attack only by leaps and straight rides): the attack test of the check rule
/// walks these few lines instead of every enemy piece's moves.
#[derive(Clone, Debug, Default)]
pub struct AttackLines {
    /// (offset from the attacker to the square, the piece codes that capture by that leap).
    pub leaps: Vec<(isize, CodeSet)>,
    /// (ride step, the piece codes that capture riding it at any distance, and those that ride
    /// it within limits, with their least and most distance (0 for no most)).
    pub rides: Vec<(isize, CodeSet, Vec<LimitedRider>)>,
    /// For each of `geometry::QUEEN_STEPS`, the entry of `rides` whose riders are met walking
    /// from the square that way (their step is its opposite), if any.
    pub toward: [Option<u8>; 8],
    /// The entries of `rides` along other steps (a Nightrider's).
    pub other_rides: Vec<u8>,
    /// For each of `geometry::QUEEN_STEPS`, the cannons (the `cannon` hook, capturing) that
    /// capture toward the square from beyond one screen met walking from it that way: (code,
    /// most distance from the square, 0 for none). Read by the 12x8 layer's check test.
    pub hoppers: [Vec<(crate::piece::Code, u8)>; 8],
    /// Bit `i`: `hoppers[i]` is not empty.
    pub hopper_rays: u8,
    /// For each ray, the codes of `hoppers` that hop at any distance (the common cannon, looked
    /// up without walking the list).
    pub far_hoppers: [CodeSet; 8],
    /// The other side's pieces that these cannons may not hop (`unhoppable`).
    pub unhoppable: CodeSet,
}

impl AttackLines {
    /// Whether `code`, met `dist` squares away along the line of `rides[r]`, captures by that
    /// ride.
    #[inline(always)]
    pub fn rides_to(&self, r: usize, code: crate::piece::Code, dist: u8) -> bool {
        let (_, any_distance, limited) = &self.rides[r];
        any_distance.contains(code)
            || (!limited.is_empty()
                && limited
                    .iter()
                    .any(|&(c, min, max)| c == code && dist >= min && (max == 0 || dist <= max)))
    }

    /// Whether `code`, met `dist` squares away on the queen ray `QUEEN_STEPS[i]` beyond one
    /// screen, captures by hopping it (`hoppers`).
    #[inline(always)]
    pub fn hops_to(&self, i: usize, code: crate::piece::Code, dist: u8) -> bool {
        self.far_hoppers[i].contains(code)
            || (self.hopper_rays >> i & 1 == 1
                && (self.hoppers[i].iter()).any(|&(c, max)| c == code && max != 0 && dist <= max))
    }
}

/// A piece code that captures riding a step only from `min` to `max` squares away (0: no most).
pub type LimitedRider = (crate::piece::Code, u8, u8);
