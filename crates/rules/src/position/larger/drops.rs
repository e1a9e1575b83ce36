//! Drops from the hand: when they are allowed, the fixed squares of the Halfling and Wizard pairs,
//! the Elephants beside their King, the Assassin where it checks, the Thunder when the Kings see
//! each other, and the answering Halfling pair.

use super::pieces::{assassin_checks_from, kings_see_each_other};
use super::*;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

/// The files of each Halfling pair's squares on its first rank: Leapers b+g, Pincers a+h,
/// Advancers z+i, Withdrawers y+j (slots 0-3).
const HALFLING_FILES: [(u8, u8); 4] = [(3, 8), (2, 9), (1, 10), (0, 11)];
/// The Wizards' choices on the second rank: y+j, z+i, a+h, b+g.
const WIZARD_FILES: [(u8, u8); 4] = [(0, 11), (1, 10), (2, 9), (3, 8)];
const WIZARD_SLOT: usize = (WIZARD - kinds::FIRST_IN_HAND) as usize;
const ELEPHANT_SLOT: usize = (ELEPHANT - kinds::FIRST_IN_HAND) as usize;
const ASSASSIN_SLOT: usize = (ASSASSIN - kinds::FIRST_IN_HAND) as usize;
const THUNDER_SLOT: usize = (THUNDER - kinds::FIRST_IN_HAND) as usize;

impl Position {
    /// Both Kings have moved and no King has reached its eighth row.
    pub(super) fn drops_allowed(&self) -> bool {
        self.chess.kings_moved == 3 && !self.chess.drops_closed
    }

    /// The Halfling pairs (bits by slot 0-3) that `us` owes: the opponent has dropped them, `us`
    /// has not.
    pub(in crate::position) fn owed_pairs(&self, us: Color) -> u8 {
        let (mine, theirs) = (
            &self.chess.hands[us.index()],
            &self.chess.hands[us.other().index()],
        );
        (0..4).fold(0, |acc, slot| {
            acc | (((mine[slot] > 0 && theirs[slot] == 0) as u8) << slot)
        })
    }

    /// True if `m` drops a Halfling pair that the mover owes.
    pub(in crate::position) fn is_owed_drop(&self, m: Move, owed: u8) -> bool {
        m.kind == MoveKind::Drop
            && m.promotion()
                .and_then(|k| hand_slot(k.0))
                .is_some_and(|slot| slot < 4 && owed >> slot & 1 == 1)
    }

    pub(super) fn drop_moves(&self, us: Color, out: &mut Vec<Move>) {
        if !self.drops_allowed() {
            return;
        }
        let hand = self.chess.hands[us.index()];
        let owed = self.owed_pairs(us);
        let home = if us == Color::Blue { 0 } else { 7 };
        let empty = |s: Square| self.code_at(s) == EMPTY;
        let pair = |kind: u8, a: Square, b: Square, out: &mut Vec<Move>| {
            if empty(a) && empty(b) {
                out.push(Move::drop(PieceKind(kind), a, b));
            }
        };
        for (slot, &(fa, fb)) in HALFLING_FILES.iter().enumerate() {
            if hand[slot] >= 2 && (owed == 0 || owed >> slot & 1 == 1) {
                let kind = kinds::FIRST_IN_HAND + slot as u8;
                pair(kind, Square::new(fa, home), Square::new(fb, home), out);
            }
        }
        // Owing a pair, a side may drop nothing else.
        if owed != 0 {
            return;
        }
        if hand[WIZARD_SLOT] >= 2 {
            let second = if us == Color::Blue { 1 } else { 6 };
            for (fa, fb) in WIZARD_FILES {
                pair(
                    WIZARD,
                    Square::new(fa, second),
                    Square::new(fb, second),
                    out,
                );
            }
        }
        if hand[ELEPHANT_SLOT] >= 2
            && let Some(king) = self.king_square(us)
            && let (Some(a), Some(b)) = (shifted(king, -1, 0), shifted(king, 1, 0))
        {
            pair(ELEPHANT, a, b, out);
        }
        let squares = || (0..8).flat_map(|r| (0..12).map(move |f| Square::new(f, r)));
        if hand[ASSASSIN_SLOT] >= 1 {
            for s in squares() {
                if empty(s) && assassin_checks_from(&self.board, s, us) {
                    out.push(Move::drop(PieceKind(ASSASSIN), s, s));
                }
            }
        }
        if hand[THUNDER_SLOT] >= 1 && kings_see_each_other(&self.board) {
            for s in squares() {
                let c = self.code_at(s);
                if !(is_piece(c) && kind_of(c) == KING) {
                    out.push(Move::drop(PieceKind(THUNDER), s, s));
                }
            }
        }
    }
}

/// Why the side to move cannot drop a type it holds (the 12x8 game), for a board to show beside
/// the hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoDrop {
    /// None of it is in the side's hand.
    NoneInHand,
    /// Drops open once both Kings have moved; these have not.
    KingsNotMoved(Vec<Color>),
    /// A King has reached its last row: no more drops for either side.
    Closed,
    /// The opponent dropped a Halfling pair and the side's own can be dropped now: that drop
    /// (this move) comes first.
    OwesPair(Move),
    /// A pair is dropped together: the side holds only one of it.
    HalfAPair,
    /// Every pair of squares it may be dropped on has a piece on it (the Halflings' first-row
    /// squares, the Wizards' second-row ones, the squares beside the King).
    SquaresTaken(Vec<(Square, Square)>),
    /// An Assassin is dropped only where it gives check, and no empty square does.
    NoCheckingSquare,
    /// The Thunder is dropped only while the Kings see each other.
    KingsApart,
    /// Each drop of it would leave the side's King in check.
    KingInCheck,
}

impl Position {
    /// Why the side to move cannot drop `kind` now (a type in hand of the 12x8 game); `None` if
    /// it can. Not for the other games (always `None`).
    pub fn why_no_drop(&mut self, kind: PieceKind) -> Option<NoDrop> {
        if !self.variant().chess {
            return None;
        }
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let is_drop = |m: &Move| m.kind == MoveKind::Drop && m.promotion() == Some(kind);
        if legal.iter().any(is_drop) {
            return None;
        }
        let us = self.side;
        let slot = (kind.0.wrapping_sub(kinds::FIRST_IN_HAND)) as usize;
        let held = self.chess.hands[us.index()].get(slot).copied().unwrap_or(0);
        if held == 0 {
            return Some(NoDrop::NoneInHand);
        }
        if self.chess.drops_closed {
            return Some(NoDrop::Closed);
        }
        if self.chess.kings_moved != 3 {
            let waiting = Color::BOTH
                .into_iter()
                .filter(|c| self.chess.kings_moved >> c.index() & 1 == 0)
                .collect();
            return Some(NoDrop::KingsNotMoved(waiting));
        }
        let owed = self.owed_pairs(us);
        if let Some(&first) = legal.iter().find(|&&m| self.is_owed_drop(m, owed)) {
            return Some(NoDrop::OwesPair(first));
        }
        let mut pseudo = Vec::new();
        self.drop_moves(us, &mut pseudo);
        if pseudo.iter().any(is_drop) {
            return Some(NoDrop::KingInCheck);
        }
        let (home, second) = if us == Color::Blue { (0, 1) } else { (7, 6) };
        let pairs = |files: &[(u8, u8)], rank: u8| {
            files
                .iter()
                .map(|&(a, b)| (Square::new(a, rank), Square::new(b, rank)))
                .collect::<Vec<_>>()
        };
        Some(match slot {
            0..4 if held < 2 => NoDrop::HalfAPair,
            0..4 => NoDrop::SquaresTaken(pairs(&HALFLING_FILES[slot..=slot], home)),
            WIZARD_SLOT | ELEPHANT_SLOT if held < 2 => NoDrop::HalfAPair,
            WIZARD_SLOT => NoDrop::SquaresTaken(pairs(&WIZARD_FILES, second)),
            ELEPHANT_SLOT => {
                let beside = self
                    .king_square(us)
                    .and_then(|k| Some((super::shifted(k, -1, 0)?, super::shifted(k, 1, 0)?)));
                NoDrop::SquaresTaken(beside.into_iter().collect())
            }
            ASSASSIN_SLOT => NoDrop::NoCheckingSquare,
            THUNDER_SLOT => NoDrop::KingsApart,
            _ => NoDrop::NoneInHand,
        })
    }
}
