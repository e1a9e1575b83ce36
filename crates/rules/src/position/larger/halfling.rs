//! The four Halflings: moves like a Halfling Queen (half the distance to the edge, rounded up)
//! and baroque captures: the Leaper's jumps, the Pincer's custodian capture, the Advancer's
//! approach and the Withdrawer's withdrawal. None of them lands on an occupied square.

use super::*;
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::position::Position;

impl Position {
    /// A Halfling's moves (not bewitched). Captures are found again by `halfling_victims`.
    pub(super) fn halfling_moves(&self, sq: Square, capture: HalflingCapture, out: &mut Vec<Move>) {
        let us = color_of(self.board[sq.cell()]);
        let kind = PieceKind(kind_of(self.board[sq.cell()]));
        for (dx, dy) in DIRECTIONS {
            let n = squares_to_edge(self.geometry(), sq, dx, dy);
            let range = n.div_ceil(2);
            if capture != HalflingCapture::Leaper {
                let mut t = sq;
                for _ in 0..range {
                    t = Square::new((t.file() as i8 + dx) as u8, (t.rank() as i8 + dy) as u8);
                    if self.board[t.cell()] != EMPTY {
                        break;
                    }
                    out.push(Move::normal(sq, t));
                }
                continue;
            }
            // The Leaper: slides, and jumps single enemies onto empty squares, within its range
            // (one more square when the last enemy jumped stands exactly half-way to the edge).
            let mut last_jump = 0u8;
            let mut k = 0u8;
            while k < n {
                k += 1;
                let t = Square::new(
                    (sq.file() as i8 + dx * k as i8) as u8,
                    (sq.rank() as i8 + dy * k as i8) as u8,
                );
                let c = self.board[t.cell()];
                if c == EMPTY {
                    let extra = n.is_multiple_of(2) && last_jump == n / 2 && k == n / 2 + 1;
                    if k <= range || extra {
                        out.push(Move::normal(sq, t));
                    } else {
                        break;
                    }
                } else if color_of(c) != us && self.variant().may_capture(kind, c) && k < n {
                    let beyond =
                        Square::new((t.file() as i8 + dx) as u8, (t.rank() as i8 + dy) as u8);
                    if self.board[beyond.cell()] != EMPTY {
                        break;
                    }
                    last_jump = k;
                } else {
                    break;
                }
            }
        }
    }

    /// The squares a Halfling's move `from` -> `to` captures on (read before the move). A
    /// bewitched Halfling's step (`Move::is_declining`) captures nothing; callers check that.
    pub(super) fn halfling_victims(
        &self,
        kind: u8,
        capture: HalflingCapture,
        from: Square,
        to: Square,
        out: &mut impl FnMut(Square),
    ) {
        let us = color_of(self.board[from.cell()]);
        let dx = (to.file() as i8 - from.file() as i8).signum();
        let dy = (to.rank() as i8 - from.rank() as i8).signum();
        let takeable = |sq: Option<Square>| {
            sq.filter(|s| {
                let c = self.board[s.cell()];
                is_piece(c) && color_of(c) != us && self.variant().may_capture(PieceKind(kind), c)
            })
        };
        match capture {
            HalflingCapture::Leaper => {
                let mut t = from;
                loop {
                    t = Square::new((t.file() as i8 + dx) as u8, (t.rank() as i8 + dy) as u8);
                    if t == to {
                        break;
                    }
                    if let Some(v) = takeable(Some(t)) {
                        out(v);
                    }
                }
            }
            HalflingCapture::Pincer => {
                for (ex, ey) in ORTHOGONAL {
                    let Some(v) = takeable(self.geometry().shifted(to, ex, ey)) else {
                        continue;
                    };
                    let partner = self.geometry().shifted(v, ex, ey).filter(|&w| w != from);
                    if partner.is_some_and(|w| {
                        let c = self.board[w.cell()];
                        is_piece(c) && color_of(c) == us
                    }) {
                        out(v);
                    }
                }
            }
            HalflingCapture::Advancer => {
                if let Some(v) = takeable(self.geometry().shifted(to, dx, dy)) {
                    out(v);
                }
            }
            HalflingCapture::Withdrawer => {
                if let Some(v) = takeable(self.geometry().shifted(from, -dx, -dy)) {
                    out(v);
                }
            }
        }
    }

    /// True if an unbewitched Halfling of `by` could capture the piece on `target` (the King).
    pub(super) fn halfling_attacks(&self, target: Square, by: Color) -> bool {
        if DIRECTIONS
            .iter()
            .any(|&(dx, dy)| self.halfling_attacks_along(target, by, dx, dy))
        {
            return true;
        }
        let board = &self.board;
        let empty = |sq: Square| board[sq.cell()] == EMPTY;
        // Pincer landing on one side of the target with a friend of `by` on the other.
        for (ex, ey) in ORTHOGONAL {
            let (Some(stop), Some(partner)) = (
                self.geometry().shifted(target, ex, ey),
                self.geometry().shifted(target, -ex, -ey),
            ) else {
                continue;
            };
            let pc = board[partner.cell()];
            if !(is_piece(pc) && color_of(pc) == by && empty(stop)) {
                continue;
            }
            // The partner itself may not be the Pincer (it would leave its square).
            if (DIRECTIONS.iter()).any(|&(dx, dy)| {
                self.halfling_reaches(stop, dx, dy, by, HalflingCapture::Pincer, Some(partner))
            }) {
                return true;
            }
        }
        false
    }

    /// The Halflings' captures of `target` by a move along (dx, dy): a Withdrawer beside it
    /// moving away, an Advancer arriving before it, a Leaper jumping it. (The Pincer's path may
    /// bend, so it is `halfling_attacks`'s alone.)
    pub(super) fn halfling_attacks_along(&self, target: Square, by: Color, dx: i8, dy: i8) -> bool {
        let board = &self.board;
        let kinds = self.layer_kinds();
        let own = |sq: Square, capture: HalflingCapture| {
            let c = board[sq.cell()];
            is_piece(c) && color_of(c) == by && kinds.role_of(c) == Role::Halfling(capture)
        };
        let empty = |sq: Square| board[sq.cell()] == EMPTY;
        // Withdrawer beside the target, moving straight away from it.
        if let Some(w) = self.geometry().shifted(target, dx, dy)
            && own(w, HalflingCapture::Withdrawer)
            && self.geometry().shifted(w, dx, dy).is_some_and(empty)
            && !self.bewitched(w, by)
        {
            return true;
        }
        // Advancer arriving on the square before the target, moving toward it.
        if let Some(stop) = self.geometry().shifted(target, -dx, -dy)
            && empty(stop)
            && self.halfling_reaches(stop, dx, dy, by, HalflingCapture::Advancer, None)
        {
            return true;
        }
        // Leaper jumping the target along (dx, dy): the landing square beyond must be empty.
        self.geometry().shifted(target, dx, dy).is_some_and(empty)
            && self.leaper_reaches(target, dx, dy, by)
    }

    /// Whether the first piece met walking back from the empty `stop` against (dx, dy) is an
    /// unbewitched Halfling capturing by `capture` of `by` (not the one on `except`) whose move
    /// along (dx, dy)
    /// reaches `stop` within its range.
    fn halfling_reaches(
        &self,
        stop: Square,
        dx: i8,
        dy: i8,
        by: Color,
        capture: HalflingCapture,
        except: Option<Square>,
    ) -> bool {
        let mut k = 0u8;
        let mut s = stop;
        while let Some(next) = self.geometry().shifted(s, -dx, -dy) {
            k += 1;
            s = next;
            let c = self.board[s.cell()];
            if c == EMPTY {
                continue;
            }
            return color_of(c) == by
                && self.layer_kinds().role_of(c) == Role::Halfling(capture)
                && Some(s) != except
                && k <= halfling_range(self.geometry(), s, dx, dy)
                && !self.bewitched(s, by);
        }
        false
    }

    /// Walking back from `target` against (dx, dy): is there a Leaper of `by` that jumps it, over
    /// empty squares and single enemies (of `by`), landing just beyond `target` within its range?
    fn leaper_reaches(&self, target: Square, dx: i8, dy: i8, by: Color) -> bool {
        let board = &self.board;
        let mut prev_was_enemy = true; // the target itself
        let mut s = target;
        let mut dist_to_target = 0u8;
        while let Some(next) = self.geometry().shifted(s, -dx, -dy) {
            s = next;
            dist_to_target += 1;
            let c = board[s.cell()];
            if c == EMPTY {
                prev_was_enemy = false;
                continue;
            }
            if color_of(c) == by {
                if self.layer_kinds().role_of(c) != Role::Halfling(HalflingCapture::Leaper)
                    || self.bewitched(s, by)
                {
                    return false;
                }
                let n = squares_to_edge(self.geometry(), s, dx, dy);
                let landing = dist_to_target + 1;
                return landing <= n.div_ceil(2)
                    || (n.is_multiple_of(2) && dist_to_target == n / 2);
            }
            // An enemy of the Leaper on the way: jumpable only if an empty square follows it (so
            // not right before another enemy) and it is no Elephant.
            let leaper = self.layer_kinds().halfling(HalflingCapture::Leaper);
            if prev_was_enemy
                || !leaper.is_some_and(|l| self.variant().may_capture(PieceKind(l), c))
            {
                return false;
            }
            prev_was_enemy = true;
        }
        false
    }
}
