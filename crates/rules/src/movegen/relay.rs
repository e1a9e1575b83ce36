//! Relayed powers: the moves friends of a relaying piece make with the powers it lends (Dervish,
//! Harpy, Relay Wazir, Relay Firzan, Zoom), and the test whether a friend already has such a move
//! of its own (then it makes it under its own power, and the relayed copy is not listed).

use super::{KNIGHT_LEAPS, QUEEN_STEPS, Target, at, classify};
use crate::geometry::{Color, Square, offset, unit_step};

/// True if `v` lies on the segment from `a` to `b`, strictly inside it.
fn strictly_between(a: Square, b: Square, v: Square) -> bool {
    let d = |s: Square, t: Square| {
        (
            t.file() as i32 - s.file() as i32,
            t.rank() as i32 - s.rank() as i32,
        )
    };
    let ((tx, ty), (vx, vy)) = (d(a, b), d(a, v));
    let dot = tx * vx + ty * vy;
    tx * vy == ty * vx && dot > 0 && dot < tx * tx + ty * ty
}

/// (files, ranks) from cell `a` to cell `b`.
fn delta(a: usize, b: usize) -> (i8, i8) {
    let (sa, sb) = (Square::from_cell(a), Square::from_cell(b));
    (
        sb.file() as i8 - sa.file() as i8,
        sb.rank() as i8 - sa.rank() as i8,
    )
}
use crate::moves::{Move, MoveKind};
use crate::piece::{Code, EMPTY, LineKind, OFFBOARD, RelayKind, code_color_index};
use crate::position::Position;

impl Position {
    /// Moves that friends of the relaying piece on `relayer` make with its lent powers, skipping
    /// those the friend could make by its own powers and those already lent by another relayer.
    /// With `CAPTURES`, only the captures (a capture search's list, an attack test): a lent
    /// move to an empty square takes nothing and never promotes, and testing whether the
    /// friend already has it of its own was most of the cost of lending.
    pub(super) fn relayed_moves<const CAPTURES: bool>(
        &self,
        relayer: usize,
        us: Color,
        out: &mut Vec<Move>,
        relay_start: usize,
    ) {
        let ui = us.index();
        let is_friend =
            |code: Code| code != EMPTY && code != OFFBOARD && code_color_index(code) == ui;
        let lend = |out: &mut Vec<Move>, from: usize, to: usize| {
            if !CAPTURES || classify(self.cell(to), ui) == Target::Enemy {
                self.lend(out, from, to, us, true, relay_start);
            }
        };
        let relay = self.variant().compiled(self.cell(relayer)).relay;
        if CAPTURES && matches!(relay, Some(RelayKind::Zoom | RelayKind::Teleporter)) {
            return; // their lent moves never capture
        }
        match relay {
            Some(RelayKind::Dervish) => {
                for (i, &dir) in QUEEN_STEPS.iter().enumerate() {
                    let friend = at(relayer, dir);
                    if !is_friend(self.cell(friend)) {
                        continue;
                    }
                    // Leap over the Dervish to the opposite side (a D or A move).
                    lend(out, friend, at(relayer, -dir));
                    // An orthogonal neighbour steps diagonally around the Dervish (an F move).
                    if i < 4 {
                        let perpendicular = if i < 2 {
                            [offset(0, 1), offset(0, -1)]
                        } else {
                            [offset(1, 0), offset(-1, 0)]
                        };
                        for p in perpendicular {
                            lend(out, friend, at(relayer, p));
                        }
                    }
                }
            }
            Some(RelayKind::DervishLeap) => {
                for &dir in &QUEEN_STEPS {
                    if is_friend(self.cell(at(relayer, dir))) {
                        lend(out, at(relayer, dir), at(relayer, -dir));
                    }
                }
            }
            Some(RelayKind::HarpyKnight) => {
                for &leap in &KNIGHT_LEAPS {
                    let friend = at(relayer, leap);
                    if is_friend(self.cell(friend)) {
                        for &knight in &KNIGHT_LEAPS {
                            lend(out, friend, at(friend, knight));
                        }
                    }
                }
            }
            Some(RelayKind::Teleporter) => self.teleports(relayer, us, out, relay_start),
            Some(RelayKind::Harpy) => {
                for &dir in &QUEEN_STEPS {
                    let mut cell = relayer;
                    for _ in 0..3 {
                        cell = at(cell, dir);
                        let code = self.cell(cell);
                        if code == EMPTY {
                            continue;
                        }
                        if is_friend(code) {
                            for &leap in &KNIGHT_LEAPS {
                                lend(out, cell, at(cell, leap));
                            }
                        }
                        break;
                    }
                }
            }
            Some(RelayKind::DervishWide) => {
                // Any F, D or A move of a neighbouring friend that lands next to the Dervish.
                for &dir in &QUEEN_STEPS {
                    let friend = at(relayer, dir);
                    if !is_friend(self.cell(friend)) {
                        continue;
                    }
                    for &land in &QUEEN_STEPS {
                        let to = at(relayer, land);
                        let (dx, dy) = delta(friend, to);
                        let fda = (dx.abs() == 1 && dy.abs() == 1)
                            || (dx.abs() == 2 && (dy == 0 || dy.abs() == 2))
                            || (dx == 0 && dy.abs() == 2);
                        if fda {
                            lend(out, friend, to);
                        }
                    }
                }
            }
            Some(RelayKind::Wazir) | Some(RelayKind::Firzan) => {
                let steps = if self.variant().compiled(self.cell(relayer)).relay
                    == Some(RelayKind::Wazir)
                {
                    &QUEEN_STEPS[..4]
                } else {
                    &QUEEN_STEPS[4..]
                };
                for &dir in &QUEEN_STEPS {
                    let friend = at(relayer, dir);
                    if is_friend(self.cell(friend)) {
                        for &step in steps {
                            lend(out, friend, at(friend, step));
                        }
                    }
                }
            }
            Some(RelayKind::Zoom) => {
                // Friends on open queen lines move (never capture) like a Queen.
                for &dir in &QUEEN_STEPS {
                    let Some(friend) = self.first_piece(relayer, dir) else {
                        continue;
                    };
                    if !is_friend(self.cell(friend)) {
                        continue;
                    }
                    for &step in &QUEEN_STEPS {
                        let mut to = at(friend, step);
                        while self.cell(to) == EMPTY {
                            self.lend(out, friend, to, us, false, relay_start);
                            to = at(to, step);
                        }
                    }
                }
            }
            None => {}
        }
    }

    /// The 1999 Teleporter's lent moves (docs/rules/jupiter.md): a friend next to the Teleporter
    /// moves to the same offset from a friendly royal piece, a friend next to a friendly royal
    /// piece to the same offset from the Teleporter; onto empty squares only.
    fn teleports(&self, teleporter: usize, us: Color, out: &mut Vec<Move>, relay_start: usize) {
        let is_friend = |cell: usize| {
            let code = self.cell(cell);
            code != EMPTY && code != OFFBOARD && code_color_index(code) == us.index()
        };
        for royal in self.royal_cells(us) {
            if royal == teleporter {
                continue;
            }
            for &d in &QUEEN_STEPS {
                let (near_teleporter, near_royal) = (at(teleporter, d), at(royal, d));
                if near_teleporter != royal && is_friend(near_teleporter) {
                    self.lend(out, near_teleporter, near_royal, us, false, relay_start);
                }
                if near_royal != teleporter && is_friend(near_royal) {
                    self.lend(out, near_royal, near_teleporter, us, false, relay_start);
                }
            }
        }
    }

    /// Lends the move `from` -> `to` to the friend on `from` (as a capture too if `capture`),
    /// unless the friend can make it by its own powers or another relayer already lent it.
    #[inline(always)]
    fn lend(
        &self,
        out: &mut Vec<Move>,
        from: usize,
        to: usize,
        us: Color,
        capture: bool,
        relay_start: usize,
    ) {
        let target = classify(self.cell(to), us.index());
        if target == Target::Blocked || (target == Target::Enemy && !capture) {
            return;
        }
        // A paralysed piece cannot make its own moves, so a lent move is never a duplicate.
        let paralysed = self.immobilizers_against(us) && self.is_immobilized(from, us);
        if !paralysed && self.own_reaches(from, to, target == Target::Enemy, out) {
            return;
        }
        let m = Move::new(
            MoveKind::Relayed,
            Square::from_cell(from),
            Square::from_cell(to),
        );
        if !out[relay_start..].contains(&m) {
            out.push(m);
        }
    }

    /// True if the piece on `from` can go to `to` by its own powers in this position, capturing
    /// exactly what stands on `to` (if `capture`), as a plain move (not a hop or igui).
    /// True if no piece stands strictly between `a` and `b` on their line.
    fn path_is_clear(&self, a: Square, b: Square) -> bool {
        let step = unit_step(a, b);
        let mut cell = a.cell().wrapping_add_signed(step);
        while cell != b.cell() {
            if self.cell(cell) != EMPTY {
                return false;
            }
            cell = cell.wrapping_add_signed(step);
        }
        true
    }

    #[inline]
    pub(crate) fn own_reaches(
        &self,
        from: usize,
        to: usize,
        capture: bool,
        scratch: &mut Vec<Move>,
    ) -> bool {
        let cp = self.variant().compiled(self.cell(from));
        if cp.generated_reach {
            // Jupiter's pieces: generate the friend's own moves past the end of `scratch` and look
            // for one that lands on `to` (whatever else it does), then drop them again.
            let start = scratch.len();
            self.piece_moves_outlined(from, self.side_to_move(), scratch);
            // A move "of its own to the same square": one that lands there without jumping a
            // piece it captures (a plain move, whatever its arrival power then does, or a capture
            // by approach or withdrawal); a hop capture or a Longleaper's run is another power.
            let found = scratch[start..].iter().any(|m| {
                m.to.cell() == to
                    && match m.kind {
                        MoveKind::Normal | MoveKind::Arrival => true,
                        MoveKind::Convert => m.from != m.to,
                        MoveKind::HopCapture => !strictly_between(m.from, m.to, m.hopped()),
                        MoveKind::LineCapture => self.path_is_clear(m.from, m.to),
                        _ => false,
                    }
            });
            scratch.truncate(start);
            return found;
        }
        let fits = |mode: crate::betza::Mode| {
            if capture {
                mode.can_capture()
            } else {
                mode.can_move()
            }
        };
        let delta = to as isize - from as isize;
        // The Cicada's hop: 2 or 3 squares along a queen line over at least one piece.
        for &(step, max) in &cp.hoppers {
            let mut cell = from;
            let mut hopped = 0;
            for dist in 1..=max {
                cell = at(cell, step);
                if cell == to {
                    if dist >= 2 && hopped > 0 {
                        return true;
                    }
                    break;
                }
                match self.cell(cell) {
                    OFFBOARD => break,
                    EMPTY => {}
                    _ => hopped += 1,
                }
            }
        }
        // The table moves the Line hooks generate (their Betza string is empty): the Missionary's
        // and Sorcerer's Q2, the Undertaker's step and the Salamander's 2-4 squares to a square
        // next to a friend, all onto empty squares only.
        if !capture && let Some(line) = cp.line {
            for (i, &step) in QUEEN_STEPS.iter().enumerate() {
                let (min, reach) = match line {
                    LineKind::Missionary(r) | LineKind::Sorcerer(r) => (1, r.along(i < 4)),
                    LineKind::Undertaker => (1, 1),
                    LineKind::Salamander => (2, 4),
                    _ => (1, 0),
                };
                let mut cell = from;
                for dist in 1..=reach {
                    cell = at(cell, step);
                    if self.cell(cell) != EMPTY {
                        break;
                    }
                    if cell == to {
                        let lands = !matches!(line, LineKind::Salamander)
                            || self.next_to_friend(cell, code_color_index(self.cell(from)));
                        if dist >= min && lands {
                            return true;
                        }
                        break;
                    }
                }
            }
        }
        if cp
            .leaps
            .iter()
            .any(|&(off, mode)| off == delta && fits(mode))
        {
            return true;
        }
        let slides_to = |start: usize, step: isize, max: u8, min: u8| {
            let mut cell = start;
            let mut dist = 0u8;
            loop {
                cell = at(cell, step);
                dist += 1;
                if cell == to {
                    return dist >= min;
                }
                if self.cell(cell) != EMPTY || dist == max {
                    return false;
                }
            }
        };
        if cp
            .rides
            .iter()
            .any(|r| fits(r.mode) && slides_to(from, r.step, r.max, r.min))
        {
            return true;
        }
        cp.bents.iter().any(|b| {
            let corner = at(from, b.first);
            if corner == to {
                return !capture && b.first_mode.can_move();
            }
            self.cell(corner) == EMPTY
                && b.then[..b.then_len as usize]
                    .iter()
                    .any(|&step| slides_to(corner, step, 0, 1))
        })
    }
}
