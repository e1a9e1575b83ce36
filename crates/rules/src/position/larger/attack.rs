//! The 12x8 game's hooks in the general check test (`movegen/check.rs`): what its exotic pieces
//! add to the table types' leaps and rides. A bewitched piece attacks nothing; an Assassin shoots
//! an adjacent King; a cannon (the Can(n)ons, by the file's `cannon` hooks, which the attack lines
//! list) hops the first piece met on its line, but never an `unhoppable` one of the King's side
//! (an Elephant); the Halflings capture baroquely; a Golem's two-part moves are generated (there
//! are few Golems). A Wizard and an Elephant never give check.

use super::*;
use crate::chess_rules::AttackLines;
use crate::geometry::QUEEN_STEPS;
use crate::position::Position;

impl Position {
    /// Whether the piece of `by` on `cell` may attack at all: it is not bewitched.
    #[inline(always)]
    pub(crate) fn attacker_free(&self, cell: usize, by: Color) -> bool {
        !self.bewitched(Square::from_cell(cell), by)
    }

    /// Whether the first piece met on the queen ray `QUEEN_STEPS[i]` from the King's square,
    /// `code_met` on `cell` `dist` squares away, makes the King attacked by `by`: it rides the ray
    /// toward it (`rides`, the general test's answer, asked only of a piece of `by`) or shoots
    /// from beside (an Assassin), unbewitched; or it is the screen that a cannon of `by` beyond
    /// it hops (`AttackLines::hoppers`, the file's `cannon` hooks: the Can(n)ons), unless no
    /// enemy cannon may hop it (`unhoppable`: an Elephant of the King's side).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn layer_ray_attack(
        &self,
        by: Color,
        i: usize,
        cell: usize,
        dist: u8,
        code_met: Code,
        lines: &AttackLines,
        rides: impl FnOnce() -> bool,
    ) -> bool {
        let ours = color_of(code_met) == by;
        if ours
            && (rides() || (dist == 1 && self.layer_kinds().role_of(code_met) == Role::Assassin))
            && self.attacker_free(cell, by)
        {
            return true;
        }
        // The screen is looked at only when a cannon stands beyond it (rarely).
        let (beyond, more, c) = self.met_along(cell, QUEEN_STEPS[i]);
        lines.hops_to(i, c, dist + more)
            && (ours || !lines.unhoppable.contains(code_met))
            && self.attacker_free(beyond, by)
    }

    /// The attacks on `target` that follow no line from it: the Halflings' baroque captures
    /// and the Golems' parts, looked for only while `by` has such pieces.
    #[inline]
    pub(crate) fn layer_attacks_off_lines(&self, target: usize, by: Color) -> bool {
        let target = Square::from_cell(target);
        (self.tallied(tally::HALFLING, by) > 0 && self.halfling_attacks(target, by))
            || (self.tallied(tally::GOLEM, by) > 0 && self.golem_attacks(target, by))
    }

    /// The Halflings' captures of `target` by a move along (dx, dy) (the Pincer's aside).
    #[inline]
    pub(crate) fn layer_attacks_along(&self, target: usize, by: Color, dx: i8, dy: i8) -> bool {
        self.tallied(tally::HALFLING, by) > 0
            && self.halfling_attacks_along(Square::from_cell(target), by, dx, dy)
    }

    /// True if a Golem of `by` could land a part on `target`.
    fn golem_attacks(&self, target: Square, by: Color) -> bool {
        let mut hit = false;
        for &cell in self.side_cells(by) {
            let k = kind_of(self.board[cell as usize]);
            if let Role::Golem(part @ (GolemPart::NorthEast | GolemPart::NorthWest)) =
                self.layer_kinds().role(k)
            {
                let sq = Square::from_cell(cell as usize);
                let mut lands = |_, a, _, b| hit |= a == target || b == target;
                self.golem_destinations(sq, k, part, by, &mut lands);
                if hit {
                    return true;
                }
            }
        }
        false
    }
}
