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

use crate::piece::PieceKind;
use crate::shogi_rules::KindSet;

/// The most types a hand can hold (the slots of `ChessState::hands`).
pub const HAND_SLOTS: usize = 8;

/// The most pieces of one type a hand may hold in a position's text or a file.
pub const MAX_IN_HAND: u8 = 64;

/// A game's drop rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DropRules {
    /// The types a hand may hold, by slot (the first `slots` entries are used).
    kinds: [PieceKind; HAND_SLOTS],
    slots: u8,
    /// A captured piece joins the captor's hand, as the type it was promoted from (if it was
    /// promoted), when that type is one a hand may hold.
    pub captures_to_hand: bool,
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
            captures_to_hand: false,
            one_per_file: KindSet::default(),
            no_drop_mate: KindSet::default(),
            initial: [[0; HAND_SLOTS]; 2],
            ranks: [u16::MAX; HAND_SLOTS],
        })
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
}
