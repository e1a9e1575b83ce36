//! Check: could an enemy piece take the King on its next move? Read backwards from the King's
//! square: the table types' leaps and rides (their Betza strings, as the check rules read them),
//! the Assassins' shots, the Can(n)ons' hops, the Halflings' baroque captures; plus the few
//! Golems, whose two-part moves are simply generated. A bewitched piece, a Wizard and an
//! Elephant never give check.

use super::*;
use crate::chess_rules::AttackLines;
use crate::geometry::QUEEN_STEPS;
use crate::position::Position;

impl Position {
    /// True if `color`'s King is in check (false if it has no King).
    pub fn chess_in_check(&self, color: Color) -> bool {
        self.king_square(color)
            .is_some_and(|k| self.attacked_by(k, color.other()))
    }

    /// True if some piece of `by` could capture a King of the other side standing on `target`.
    pub(super) fn attacked_by(&self, target: Square, by: Color) -> bool {
        let free = |cell: usize| !self.bewitched(Square::from_cell(cell), by);
        let lines = self.variant().attack_lines(by);
        let t = target.cell();
        // The table types' leaps (King, Knight, Lion, Pawn as the file gives them).
        for (off, codes) in &lines.leaps {
            let cell = t.wrapping_add_signed(-off);
            if codes.contains(self.board[cell]) && free(cell) {
                return true;
            }
        }
        for i in 0..QUEEN_STEPS.len() {
            if self.ray_attack(t, by, i, lines) {
                return true;
            }
        }
        // Table types riding other lines (a Nightrider's).
        for &r in &lines.other_rides {
            let step = lines.rides[r as usize].0;
            let (cell, dist, c) = self.met_along(t, -step);
            if lines.rides_to(r as usize, c, dist) && free(cell) {
                return true;
            }
        }
        let side = by.index();
        if self.chess.halflings[side] > 0 && self.halfling_attacks(target, by) {
            return true;
        }
        self.chess.golem_parts[side] > 0 && self.golem_attacks(target, by)
    }

    /// Whether a piece of `by` on the queen ray `QUEEN_STEPS[i]` from the cell `t` attacks it:
    /// the first piece met may ride the ray toward `t` (a table type), shoot from beside (an
    /// Assassin), or be the screen a Can(n)on beyond it hops.
    #[inline(always)]
    fn ray_attack(&self, t: usize, by: Color, i: usize, lines: &AttackLines) -> bool {
        let step = QUEEN_STEPS[i];
        let (cell, dist, c) = self.met_along(t, step);
        if c == OFFBOARD {
            return false;
        }
        let free = |cell: usize| !self.bewitched(Square::from_cell(cell), by);
        if color_of(c) == by {
            let rides = lines.toward[i].is_some_and(|r| lines.rides_to(r as usize, c, dist));
            if (rides || (dist == 1 && c == code(ASSASSIN, by))) && free(cell) {
                return true;
            }
        } else if kind_of(c) == ELEPHANT {
            // No Can(n)on of `by` hops over an Elephant of the King's side.
            return false;
        }
        let cannon = code(if i < 4 { CANNON_ROOK } else { CANNON_BISHOP }, by);
        let (beyond, _, c) = self.met_along(cell, step);
        c == cannon && free(beyond)
    }

    /// Whether a piece of `by` attacks `target` along the queen line through it in direction
    /// (dx, dy), either way: the rides, shots and hops of both rays and the Halflings' captures
    /// along the line. When `target` was not attacked and no Pincer or Golem of `by` stands, a
    /// change of the board on that line alone (a move neither of the King nor of a Wizard) can
    /// open no other attack (`Position::quick_test_king`).
    pub(super) fn attacked_along_line(&self, target: Square, by: Color, dx: i8, dy: i8) -> bool {
        let lines = self.variant().attack_lines(by);
        let halflings = self.chess.halflings[by.index()] > 0;
        [(dx, dy), (-dx, -dy)].into_iter().any(|(x, y)| {
            let i = direction_index(x, y);
            self.ray_attack(target.cell(), by, i, lines)
                || (halflings && self.halfling_attacks_along(target, by, x, y))
        })
    }

    /// The first cell from `from` along `step` that is not empty (a piece, or off the board),
    /// its distance, and what stands there.
    #[inline(always)]
    fn met_along(&self, from: usize, step: isize) -> (usize, u8, Code) {
        let mut cell = from;
        let mut dist = 0u8;
        loop {
            cell = cell.wrapping_add_signed(step);
            dist += 1;
            let c = self.board[cell];
            if c != EMPTY {
                return (cell, dist, c);
            }
        }
    }

    /// True if a Golem of `by` could land a part on `target`.
    fn golem_attacks(&self, target: Square, by: Color) -> bool {
        let mut hit = false;
        for &cell in self.side_cells(by) {
            let k = kind_of(self.board[cell as usize]);
            if k == GOLEM_NE || k == GOLEM_NW {
                let sq = Square::from_cell(cell as usize);
                self.golem_destinations(sq, k, by, |_, a, _, b| hit |= a == target || b == target);
                if hit {
                    return true;
                }
            }
        }
        false
    }
}
