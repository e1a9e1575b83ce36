//! The Doubler's two-part turns (docs/rules/jupiter.md, "Doubler"). A doubled piece's moves are
//! listed twice: as they are (the turn ends), and marked `continuing` (the position enters the
//! mid-turn state, where the same piece makes its second part). Plain moves stay one move; only
//! doubled turns take two.

use crate::geometry::{Square, unit_step};
use crate::moves::{Move, MoveKind};
use crate::piece::{EMPTY, latent};
use crate::position::Position;

impl Position {
    /// Adds the continuing twin of every move in `out[start..]` that may be a first part.
    pub(super) fn add_continuations(&self, start: usize, out: &mut Vec<Move>) {
        let end = out.len();
        for i in start..end {
            self.add_continuation(out[i], out);
        }
    }

    /// Adds `m`'s continuing twin if `m` may be the first part of a doubled turn: not a pass or a
    /// self-capture (a second part after them is just one move), not a Kamikaze's capture (it
    /// removes the piece), and for the 2009 Halmopper only a step or a single capturing hop.
    pub(super) fn add_continuation(&self, m: Move, out: &mut Vec<Move>) {
        if matches!(m.kind, MoveKind::Pass | MoveKind::Suicide) {
            return;
        }
        let cp = self.variant().compiled(self.cell(m.from.cell()));
        let own_power = m.kind != MoveKind::Relayed;
        if cp.latent & latent::KAMIKAZE != 0 && own_power && self.is_capture(m) {
            return;
        }
        if cp
            .jupiter
            .as_ref()
            .is_some_and(|j| j.chain_limited_doubling)
            && own_power
        {
            let dx = (m.to.file() as i8 - m.from.file() as i8).abs();
            let dy = (m.to.rank() as i8 - m.from.rank() as i8).abs();
            let step = dx.max(dy) == 1;
            if !step && !self.is_single_capturing_hop(m) {
                return;
            }
        }
        out.push(m.continuing());
    }

    /// True if `m` is one grasshopper hop that captures: along a queen line over exactly one
    /// piece, which stands right before the captured enemy on `to`.
    fn is_single_capturing_hop(&self, m: Move) -> bool {
        let (dx, dy) = (
            m.to.file() as i8 - m.from.file() as i8,
            m.to.rank() as i8 - m.from.rank() as i8,
        );
        let on_line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
        if !on_line || self.cell(m.to.cell()) == EMPTY {
            return false;
        }
        let step = unit_step(m.from, m.to);
        let hurdle = m.to.cell().wrapping_add_signed(-step);
        let mut cell = m.from.cell().wrapping_add_signed(step);
        while cell != hurdle {
            if self.cell(cell) != EMPTY {
                return false;
            }
            cell = cell.wrapping_add_signed(step);
        }
        hurdle != m.from.cell() && self.cell(hurdle) != EMPTY
    }

    /// The second parts of a doubled turn: every move of the doubled piece, under its own powers
    /// (immobilization no longer holds it) or relayed to it, except a pass.
    pub(super) fn second_parts(&self, out: &mut Vec<Move>) {
        let cell = self
            .mid_turn()
            .expect("called in the middle of a doubled turn")
            .cell();
        let us = self.side_to_move();
        let base = out.len();
        self.piece_moves_outlined(cell, us, out);
        let relay_start = out.len();
        let immobilizers = self.immobilizers_against(us);
        for &relayer in self.side_cells(us) {
            let relayer = relayer as usize;
            if self.variant().compiled(self.cell(relayer)).relay.is_some()
                && !(immobilizers && self.is_immobilized(relayer, us))
            {
                self.relayed_moves::<false>(relayer, us, out, relay_start);
            }
        }
        // Keep the piece's own moves but its pass, and the relayed moves lent to it.
        let from = Square::from_cell(cell);
        let mut kept = base;
        for i in base..out.len() {
            let m = out[i];
            if m.kind != MoveKind::Pass && (i < relay_start || m.from == from) {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Removes from the legal moves `out` every first part after which no legal second part
    /// exists (the piece may always just make the one move instead).
    pub(super) fn drop_dead_ends(&mut self, out: &mut Vec<Move>) {
        let n = out.len();
        for i in 0..n {
            let m = out[i];
            if !m.is_continuing() {
                continue;
            }
            self.make(m);
            // The second parts are generated past the end of `out` and dropped again.
            let start = out.len();
            self.second_parts(out);
            let repetition = self.repetition_possible();
            let any = out[start..].iter().any(|&second| {
                !repetition || self.is_irreversible(second) || !self.would_repeat_thrice(second)
            });
            out.truncate(start);
            self.unmake();
            if !any {
                out[i] = Move::pass(Square(0)).continuing();
            }
        }
        let dead = Move::pass(Square(0)).continuing();
        out.retain(|&m| m != dead);
    }
}
