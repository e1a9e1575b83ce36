//! Drops from hands, as a mechanism any game switches on (a variant file's `[drops]`): the model
//! only. Move generation reads it in `movegen/drops.rs`, make/unmake in `position/make.rs`, the
//! hands are kept in the position's state (`ChessState::hands`, one slot per type named here).
//!
//! What it expresses: which types a hand may hold; whether a captured piece joins its captor's
//! hand (as the unpromoted type it was promoted from: Shogi); the types of which a side may not
//! drop one on a file that already holds one of its own, unpromoted (Shogi's nifu); the types whose
//! drop may not checkmate at once (Shogi's uchifuzume); the ranks a type may be dropped on
//! (Crazyhouse's Pawns: not the first or last); what each side holds at the start. A piece is
//! never dropped where it could never move (a pawn on its last rank), nor on an occupied square.
//!
//! And the 12x8 game's drops (docs/rules/larger-board.md), which any game may use: captures that
//! join the hand only for some types (its Assassin); types dropped two at a time onto fixed pairs
//! of squares (its Halflings and Wizards); named placements (`DropPlace`: the pair beside the
//! royal piece, a square from which the piece gives check, only while the royal pieces face each
//! other); drops that open once both royal pieces have moved and close for good when one reaches
//! its last rank; and the answering pair (a side must answer the opponent's pair with its own).

use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::piece::PieceKind;
use crate::shogi_rules::KindSet;

/// The most types a hand can hold (the slots of `ChessState::hands`).
pub const HAND_SLOTS: usize = 8;

/// The most pieces of one type a hand may hold in a position's text or a file.
pub const MAX_IN_HAND: u8 = 64;

/// The most pairs of squares a type dropped in pairs may be given.
pub const MAX_PAIRS: usize = 8;

/// Where a type may be dropped beyond the empty squares of its ranks: a named hook.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DropPlace {
    /// Any empty square of its ranks where it could move again (or one of its pairs).
    #[default]
    Anywhere,
    /// Two at a time, on the squares left and right of the side's royal piece (the 12x8 game's
    /// Elephants), both empty.
    BesideRoyal,
    /// On an empty square from which it attacks the enemy royal piece (the 12x8 game's Assassin).
    GivingCheck,
    /// Only while the two royal pieces stand on one line (rank, file or diagonal) with nothing
    /// between them (the 12x8 game's Thunder, which its layer drops on any square but a King's).
    WhileRoyalsFace,
}

impl DropPlace {
    /// Every placement, with its name in a file.
    pub const NAMED: [(DropPlace, &'static str); 4] = [
        (DropPlace::Anywhere, "anywhere"),
        (DropPlace::BesideRoyal, "beside-royal"),
        (DropPlace::GivingCheck, "giving-check"),
        (DropPlace::WhileRoyalsFace, "while-royals-face"),
    ];

    pub fn name(self) -> &'static str {
        Self::NAMED
            .iter()
            .find(|(p, _)| *p == self)
            .map_or("", |(_, n)| n)
    }

    pub fn by_name(name: &str) -> Option<DropPlace> {
        Self::NAMED
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(p, _)| *p)
    }

    /// Whether the type is dropped two at a time.
    pub fn is_pair(self) -> bool {
        self == DropPlace::BesideRoyal
    }
}

/// The pairs of squares a type is dropped on, two at a time, as the first side sees them (the
/// second side's are mirrored by rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DropPairs {
    squares: [(Square, Square); MAX_PAIRS],
    len: u8,
}

impl Default for DropPairs {
    fn default() -> DropPairs {
        DropPairs {
            squares: [(Square(0), Square(0)); MAX_PAIRS],
            len: 0,
        }
    }
}

impl DropPairs {
    pub fn new(pairs: &[(Square, Square)]) -> Result<DropPairs, String> {
        if pairs.len() > MAX_PAIRS {
            return Err(format!(
                "at most {MAX_PAIRS} pairs of squares, not {}",
                pairs.len()
            ));
        }
        let mut out = DropPairs::default();
        for (i, &(a, b)) in pairs.iter().enumerate() {
            if a == b {
                return Err("a pair names one square twice".to_string());
            }
            out.squares[i] = (a, b);
        }
        out.len = pairs.len() as u8;
        Ok(out)
    }

    /// The pairs, as the first side sees them.
    #[inline]
    pub fn as_slice(&self) -> &[(Square, Square)] {
        &self.squares[..self.len as usize]
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// A game's drop rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DropRules {
    /// The types a hand may hold, by slot (the first `slots` entries are used).
    kinds: [PieceKind; HAND_SLOTS],
    slots: u8,
    /// The types (after unpromotion) that join the captor's hand when captured: a captured piece
    /// joins it as the type it was promoted from (if it was promoted), when that type is in this
    /// set (Shogi: every type a hand holds; the 12x8 game: the Assassin).
    pub captures_to_hand: KindSet,
    /// A side may not drop one of these where a piece of the same type and side already stands on
    /// the file (Shogi's Pawns: nifu; a promoted Pawn is another type and does not count).
    pub one_per_file: KindSet,
    /// A drop of one of these may not checkmate at once (Shogi's Pawns: uchifuzume).
    pub no_drop_mate: KindSet,
    /// What each side holds at the start of a game, by slot.
    pub initial: [[u8; HAND_SLOTS]; 2],
    /// By slot: the ranks, counted from the dropping side's own first rank (bit `r` for rank
    /// `r + 1`), where a piece of the type may be dropped (Crazyhouse's Pawns: 2 to 7); every rank
    /// unless the file says otherwise.
    pub ranks: [u16; HAND_SLOTS],
    /// By slot: the pairs of squares a type dropped two at a time goes to (none: one at a time).
    pub pairs: [DropPairs; HAND_SLOTS],
    /// By slot: the type's placement hook.
    pub place: [DropPlace; HAND_SLOTS],
    /// Drops are allowed only once each side's royal piece has left its starting square.
    pub after_royals_moved: bool,
    /// Drops end for both sides, for good, once a royal piece reaches its last rank.
    pub until_royal_on_last_rank: bool,
    /// Pair types that must be answered: a side that still holds one of these that its opponent
    /// no longer holds (it has dropped its pair) may drop only that pair, when it drops (the 12x8
    /// game's Halflings).
    pub answer_pairs: KindSet,
}

impl DropRules {
    /// Rules for these hand types (at most `HAND_SLOTS`, no repeats), nothing else switched on.
    pub fn new(kinds: &[PieceKind]) -> Result<DropRules, String> {
        if kinds.is_empty() {
            return Err("a hand must be able to hold at least one type".to_string());
        }
        if kinds.len() > HAND_SLOTS {
            return Err(format!(
                "a hand holds at most {HAND_SLOTS} types, not {}",
                kinds.len()
            ));
        }
        let mut table = [PieceKind(0); HAND_SLOTS];
        for (i, &k) in kinds.iter().enumerate() {
            if kinds[..i].contains(&k) {
                return Err("a type is named twice among the hand's types".to_string());
            }
            table[i] = k;
        }
        Ok(DropRules {
            kinds: table,
            slots: kinds.len() as u8,
            captures_to_hand: KindSet::default(),
            one_per_file: KindSet::default(),
            no_drop_mate: KindSet::default(),
            initial: [[0; HAND_SLOTS]; 2],
            ranks: [u16::MAX; HAND_SLOTS],
            pairs: [DropPairs::default(); HAND_SLOTS],
            place: [DropPlace::Anywhere; HAND_SLOTS],
            after_royals_moved: false,
            until_royal_on_last_rank: false,
            answer_pairs: KindSet::default(),
        })
    }

    /// Whether a slot's type is dropped two at a time (on its pairs of squares, or beside the
    /// royal piece).
    #[inline]
    pub fn in_pairs(&self, slot: usize) -> bool {
        !self.pairs[slot].is_empty() || self.place[slot].is_pair()
    }

    /// Whether every type a hand holds returns to the captor's hand when captured (Shogi's rule,
    /// under which any position may recur).
    pub fn all_captures_to_hand(&self) -> bool {
        !self.captures_to_hand.is_empty()
            && self
                .kinds()
                .iter()
                .all(|&k| self.captures_to_hand.contains(k))
    }

    /// Whether the state must remember which royal pieces have moved and whether drops closed.
    #[inline]
    pub fn watches_royals(&self) -> bool {
        self.after_royals_moved || self.until_royal_on_last_rank
    }

    /// The types a hand may hold, in slot order.
    #[inline]
    pub fn kinds(&self) -> &[PieceKind] {
        &self.kinds[..self.slots as usize]
    }

    /// The ranks (from 1, counted from the dropping side) a slot's type may be dropped on, on a
    /// board of `board_ranks`; `None` when it may be dropped on every rank.
    pub fn restricted_ranks(&self, slot: usize, board_ranks: u8) -> Option<Vec<u8>> {
        let bits = self.ranks[slot];
        let all = (1u32 << board_ranks) - 1;
        (bits as u32 & all != all).then(|| {
            (0..board_ranks)
                .filter(|r| bits >> r & 1 == 1)
                .map(|r| r + 1)
                .collect()
        })
    }

    /// The slot of a type a hand may hold.
    #[inline]
    pub fn slot(&self, kind: PieceKind) -> Option<usize> {
        self.kinds().iter().position(|&k| k == kind)
    }

    /// True if `m` drops a pair of a type the mover owes (`owed`: bits by slot, as the
    /// position's `owed_pairs` gives them).
    pub fn is_owed_drop(&self, m: Move, owed: u8) -> bool {
        m.kind == MoveKind::Drop
            && m.promotion()
                .and_then(|k| self.slot(k))
                .is_some_and(|slot| owed >> slot & 1 == 1)
    }
}
