//! Whether a piece of the side to move could be taken: the question a search asks at most of its
//! nodes about the last royal piece ("would it hang if we passed?"). Answering it by generating
//! every move of the opponent cost a fifth of the engine's time on Scirocco; here the pieces that
//! only leap, ride, bend or hop are checked against the one square geometrically, walking only
//! the line that could reach it, and only the rest (hooks, relays, latent powers, Jupiter's
//! powers) have their moves generated, where they stand near enough to touch it
//! (`Variant::capture_reach`).

use super::at;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::piece::EMPTY;
use crate::position::Position;
use crate::variant::CompiledPiece;

/// The number of `step`s from one cell to another `diff` away, if a whole positive number.
#[inline(always)]
fn steps(diff: isize, step: isize) -> Option<isize> {
    (step != 0 && diff % step == 0 && diff / step >= 1).then(|| diff / step)
}

impl Position {
    /// Whether the opponent of the side to move, were it to move now, has a move that would
    /// capture or convert the piece on `target` (one of the side to move's). The same answer as
    /// `capturable_by_generation` (the definition: every move after a null move, victims looked
    /// for), found much faster. `scratch` holds the moves it still has to generate. `false` in
    /// the middle of a doubled turn, where the opponent has no move to make yet.
    pub fn capturable(&mut self, target: Square, scratch: &mut Vec<Move>) -> bool {
        let v = self.variant();
        if self.mid_turn().is_some() {
            return false;
        }
        // Chess has its own attack test; a piece that only some types may take is found by the
        // moves themselves. (A doubled piece's continuing twins take what their plain moves
        // take: they add no victims.)
        if v.powers
            || v.compiled(self.cell(target.cell()))
                .captured_only_by
                .is_some()
        {
            return self.capturable_by_generation(target, scratch);
        }
        let them = self.side_to_move().other();
        let t = target.cell();
        let immobilizers = self.immobilizers_against(them);
        let mut generate = false;
        for &cell in self.side_cells(them) {
            let cell = cell as usize;
            if immobilizers && self.is_immobilized(cell, them) {
                continue; // its only move is to capture itself
            }
            let code = self.cell(cell);
            let cp = v.compiled(code);
            let plain = is_plain(cp);
            if (cp.relay.is_some() || !plain) && within_reach(v.capture_reach(code), cell, t) {
                generate = true;
            }
            if plain && self.plain_capture(cell, cp, t) {
                return true;
            }
        }
        generate && self.generated_capture(target, scratch)
    }

    /// Which of `targets` (at most 32) the piece on `from` could capture a piece on with its
    /// table moves (leaps, rides, bent rides, hop captures, igui) as the board stands now, whoever
    /// stands there: bit i for `targets[i]`. What an evaluation counts as attacks on squares; the
    /// powers that only generation finds (hooks, relays, latent powers, capture by arrival) are
    /// left out, and so is whether the piece is immobilized. 0 for an empty `from`.
    pub fn table_attacks(&self, from: Square, targets: &[Square]) -> u32 {
        let Some(p) = self.piece_at(from) else {
            return 0;
        };
        let cp = self.variant().compiled(p.code());
        let mut hits = 0;
        for (i, target) in targets.iter().take(32).enumerate() {
            if self.plain_capture(from.cell(), cp, target.cell()) {
                hits |= 1 << i;
            }
        }
        hits
    }

    /// The definition `capturable` answers: pass, generate every move of the opponent, and look
    /// for one that captures or converts the piece on `target`.
    pub fn capturable_by_generation(&mut self, target: Square, scratch: &mut Vec<Move>) -> bool {
        if self.mid_turn().is_some() {
            return false;
        }
        self.make_null();
        self.pseudo_legal_moves(scratch);
        let hit = scratch.iter().any(|&m| self.captures_on(m, target));
        self.unmake();
        hit
    }

    /// Whether `m` captures or converts the piece on `target`. The cells a move empties are
    /// looked at first: nearly every move empties no cell, or not that one, and `victims`, which
    /// also reads who stands there, is asked only where the target is among them.
    fn captures_on(&self, m: Move, target: Square) -> bool {
        let t = target.cell() as u16;
        (self.victim_cells(m).as_slice().contains(&t)
            && self.victims(m).any(|(sq, _)| sq == target))
            || m.kind == MoveKind::Convert && m.converted() == target
    }

    /// The moves of the opponent's pieces that `capturable` cannot check geometrically, and the
    /// moves its relaying pieces lend, generated as `pseudo_legal_moves` makes them (after a
    /// null move, as the opponent's own).
    fn generated_capture(&mut self, target: Square, scratch: &mut Vec<Move>) -> bool {
        self.make_null();
        let them = self.side_to_move();
        let v = self.variant();
        let immobilizers = self.immobilizers_against(them);
        let mut hit = false;
        for i in 0..self.side_cells(them).len() {
            let cell = self.side_cells(them)[i] as usize;
            if immobilizers && self.is_immobilized(cell, them) {
                continue;
            }
            let code = self.cell(cell);
            if !within_reach(v.capture_reach(code), cell, target.cell()) {
                continue; // nothing it does can touch the target
            }
            let cp = v.compiled(code);
            if !is_plain(cp) {
                scratch.clear();
                self.piece_moves_outlined(cell, them, scratch);
                if scratch.iter().any(|&m| self.captures_on(m, target)) {
                    hit = true;
                    break;
                }
            }
            if cp.relay.is_some() {
                scratch.clear();
                self.relayed_moves::<true>(cell, them, scratch, 0);
                if scratch.iter().any(|&m| self.captures_on(m, target)) {
                    hit = true;
                    break;
                }
            }
        }
        self.unmake();
        hit
    }

    /// Whether the piece on `from`, whose moves are all table moves (`is_plain`), captures on
    /// `target`: the same walk `piece_moves` makes, along the one line that could reach it.
    #[inline(always)]
    pub(super) fn plain_capture(&self, from: usize, cp: &CompiledPiece, target: usize) -> bool {
        let diff = target as isize - from as isize;
        let empty_before = |start: usize, step: isize, n: isize| {
            (1..n).all(|i| self.cell(at(start, step * i)) == EMPTY)
        };
        if cp
            .leaps
            .iter()
            .any(|&(off, mode)| off == diff && mode.can_capture())
        {
            return true;
        }
        for ride in &cp.rides {
            if let Some(n) = steps(diff, ride.step)
                && n >= ride.min as isize
                && (ride.max == 0 || n <= ride.max as isize)
                && ride.mode.can_capture()
                && empty_before(from, ride.step, n)
            {
                return true;
            }
        }
        for bent in &cp.bents {
            let corner = at(from, bent.first);
            if self.cell(corner) != EMPTY {
                continue; // the first step is blocked by any piece and never captures
            }
            let diff = target as isize - corner as isize;
            for &step in &bent.then[..bent.then_len as usize] {
                if let Some(n) = steps(diff, step)
                    && empty_before(corner, step, n)
                {
                    return true;
                }
            }
        }
        // A hop capture jumps the victim to the empty square beyond; igui takes it in place.
        cp.hop_captures
            .iter()
            .any(|&off| off == diff && self.cell(at(target, off)) == EMPTY)
            || cp.iguis.contains(&diff)
    }
}

/// Whether a piece on `cell` whose `capture_reach` is `reach` may touch a piece on `target`: the
/// two are at most `reach` king steps apart.
#[inline(always)]
fn within_reach(reach: u8, cell: usize, target: usize) -> bool {
    Square::from_cell(cell).king_distance(Square::from_cell(target)) <= reach
}

/// A piece all of whose captures are table moves (leaps, rides, bent rides, hop captures, igui)
/// that take only the piece where they land or jump: nothing a hook, a latent power or capture by
/// arrival adds.
#[inline(always)]
pub(super) fn is_plain(cp: &CompiledPiece) -> bool {
    !cp.has_hooks && cp.jupiter.is_none() && cp.arrival.is_none() && cp.latent == 0
}
