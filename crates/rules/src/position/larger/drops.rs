//! Drops from the hand, by the game's `[drops]` (`DropRules`, read from its file): when they are
//! allowed (both Kings have moved, none has reached its eighth row), the pairs on their fixed
//! squares (Halflings, Wizards) and beside the King (Elephants), the answering Halfling pair, and
//! the layer's own readings of two placements: `giving-check` is where the Assassin's shot would
//! take the King, `while-royals-face` drops the Thunder on any square but a King's, to explode.

use super::pieces::{assassin_checks_from, kings_see_each_other};
use super::*;
use crate::drop_rules::{DropPlace, DropRules};
use crate::moves::{Move, MoveKind};
use crate::position::Position;

impl Position {
    /// The game's drop rules (the layer's file always has them).
    pub(super) fn layer_drops(&self) -> Option<&'static DropRules> {
        self.variant.rules.drops
    }

    pub(crate) fn drop_moves(&self, us: Color, out: &mut Vec<Move>) {
        let Some(drops) = self.layer_drops() else {
            return;
        };
        let squares = || self.geometry().squares();
        let (kinds, lines) = (self.layer_kinds(), self.variant().attack_lines(us));
        // The pairs are the general mechanism's; the two placements below are the layer's.
        self.each_drop(drops, us, out, |slot, kind, out| match drops.place[slot] {
            DropPlace::GivingCheck => {
                for s in squares() {
                    if self.code_at(s) == EMPTY
                        && assassin_checks_from(&self.board, s, us, lines, kinds, self.geometry())
                    {
                        out.push(Move::drop(kind, s, s));
                    }
                }
            }
            DropPlace::WhileRoyalsFace => {
                if kings_see_each_other(&self.board, self.geometry(), kinds.king) {
                    for s in squares() {
                        let c = self.code_at(s);
                        if !(is_piece(c) && kind_of(c) == kinds.king) {
                            out.push(Move::drop(kind, s, s));
                        }
                    }
                }
            }
            // The layer's file gives every single type a placement (file/powers.rs keeps it so).
            DropPlace::Anywhere | DropPlace::BesideRoyal => {}
        });
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
        if !self.variant().powers {
            return None;
        }
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let is_drop = |m: &Move| m.kind == MoveKind::Drop && m.promotion() == Some(kind);
        if legal.iter().any(is_drop) {
            return None;
        }
        let us = self.side;
        let slot = self.layer_drops().and_then(|d| d.slot(kind));
        let held = slot.map_or(0, |s| self.chess.hands[us.index()][s]);
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
        let Some(drops) = self.layer_drops() else {
            return Some(NoDrop::NoneInHand);
        };
        let owed = self.owed_pairs(drops, us);
        if let Some(&first) = legal.iter().find(|&&m| drops.is_owed_drop(m, owed)) {
            return Some(NoDrop::OwesPair(first));
        }
        let mut pseudo = Vec::new();
        self.drop_moves(us, &mut pseudo);
        if pseudo.iter().any(is_drop) {
            return Some(NoDrop::KingInCheck);
        }
        let Some(slot) = slot else {
            return Some(NoDrop::NoneInHand);
        };
        let g = &self.variant.geometry;
        Some(match drops.place[slot] {
            _ if drops.in_pairs(slot) && held < 2 => NoDrop::HalfAPair,
            DropPlace::BesideRoyal => {
                let beside = self.king_square(us).and_then(|k| {
                    Some((
                        self.geometry().shifted(k, -1, 0)?,
                        self.geometry().shifted(k, 1, 0)?,
                    ))
                });
                NoDrop::SquaresTaken(beside.into_iter().collect())
            }
            _ if drops.in_pairs(slot) => NoDrop::SquaresTaken(
                (drops.pairs[slot].as_slice().iter())
                    .map(|&(a, b)| match us {
                        Color::Blue => (a, b),
                        Color::Tan => (g.flip_ranks(a), g.flip_ranks(b)),
                    })
                    .collect(),
            ),
            DropPlace::GivingCheck => NoDrop::NoCheckingSquare,
            DropPlace::WhileRoyalsFace => NoDrop::KingsApart,
            DropPlace::Anywhere => NoDrop::NoneInHand,
        })
    }
}
