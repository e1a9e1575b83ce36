//! Drops in a game with the 12x8 game's powers: the general mechanism's (`movegen/drops.rs`, by
//! the game's `[drops]`: when they are allowed, pairs on fixed squares and beside the King, the
//! answering pair, single drops), with the powers' own readings of two placements as a hook:
//! `giving-check` is where the Assassin's shot would take the King, `while-royals-face` drops the
//! Thunder on any square but a King's, to explode. And why a type in hand cannot be dropped now,
//! for the board.

use super::pieces::{assassin_checks_from, kings_see_each_other};
use super::*;
use crate::drop_rules::{DropPlace, DropRules};
use crate::moves::{Move, MoveKind};
use crate::position::Position;

impl Position {
    /// The game's drop rules, if it has any.
    pub(super) fn layer_drops(&self) -> Option<&'static DropRules> {
        self.variant.rules.drops
    }

    /// The powers' hook in the general drops (`movegen/drops.rs`, `hand_drops`) for a type
    /// dropped one at a time: an Assassin placed `giving-check` goes where its shot would take
    /// the enemy King, a Thunder placed `while-royals-face` on any square but a King's (to
    /// explode there). Returns false for every other type and placement, which the general
    /// mechanism drops.
    pub(crate) fn power_single_drops(
        &self,
        drops: &DropRules,
        slot: usize,
        kind: PieceKind,
        us: Color,
        out: &mut Vec<Move>,
    ) -> bool {
        let kinds = self.layer_kinds();
        let squares = || self.geometry().squares();
        match (kinds.role(kind.0), drops.place[slot]) {
            (Role::Assassin, DropPlace::GivingCheck) => {
                let lines = self.variant().attack_lines(us);
                for s in squares() {
                    if self.code_at(s) == EMPTY
                        && assassin_checks_from(&self.board, s, us, lines, kinds, self.geometry())
                    {
                        out.push(Move::drop(kind, s, s));
                    }
                }
            }
            (Role::Thunder, DropPlace::WhileRoyalsFace) => {
                if kings_see_each_other(&self.board, self.geometry(), kinds.king) {
                    for s in squares() {
                        let c = self.code_at(s);
                        if !(is_piece(c) && kind_of(c) == kinds.king) {
                            out.push(Move::drop(kind, s, s));
                        }
                    }
                }
            }
            _ => return false,
        }
        true
    }
}

/// Why the side to move cannot drop a type it holds (a game with the 12x8 game's powers), for a
/// board to show beside the hand.
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
    /// No square where it may be dropped (its ranks, one a file where the rules say so) is empty.
    NoEmptySquare,
    /// Each drop of it would leave the side's King in check.
    KingInCheck,
}

impl Position {
    /// Why the side to move cannot drop `kind` now (a type in hand of a game with the 12x8
    /// game's powers); `None` if it can. Not for the other games (always `None`).
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
        self.hand_drops(drops, &mut pseudo);
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
            DropPlace::WhileRoyalsFace if !self.royals_face() => NoDrop::KingsApart,
            DropPlace::WhileRoyalsFace | DropPlace::Anywhere => NoDrop::NoEmptySquare,
        })
    }
}
