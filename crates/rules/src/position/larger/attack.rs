//! Check: could an enemy piece take the King on its next move? Read backwards from the King's
//! square (rays, leaps, the Halflings' baroque captures), plus the few Golems, whose two-part
//! moves are simply generated. A bewitched piece, a Wizard and an Elephant never give check.

use super::*;
use crate::position::Position;

impl Position {
    /// True if `color`'s King is in check (false if it has no King).
    pub fn chess_in_check(&self, color: Color) -> bool {
        self.king_square(color)
            .is_some_and(|k| self.attacked_by(k, color.other()))
    }

    /// True if some piece of `by` could capture a King of the other side standing on `target`.
    pub(super) fn attacked_by(&self, target: Square, by: Color) -> bool {
        let free = |s: Square, _kind: u8| !self.bewitched(s, by);
        // Rays: the first piece met, and the first one beyond it for the Can(n)ons.
        for (i, (dx, dy)) in DIRECTIONS.into_iter().enumerate() {
            let orthogonal = i < 4;
            let mut s = target;
            let mut dist = 0;
            let mut first = None;
            while let Some(next) = shifted(s, dx, dy) {
                s = next;
                dist += 1;
                if self.code_at(s) != EMPTY {
                    first = Some(s);
                    break;
                }
            }
            let Some(first) = first else { continue };
            let c = self.code_at(first);
            if color_of(c) == by {
                let k = kind_of(c);
                let hits = match k {
                    QUEEN => true,
                    ROOK => orthogonal,
                    BISHOP => !orthogonal,
                    KING | LION | ASSASSIN => dist == 1,
                    // A Pawn of `by` attacks forward-diagonally: it stands behind the target.
                    PAWN => dist == 1 && !orthogonal && dy == -forward(by),
                    _ => false,
                };
                if hits && free(first, k) {
                    return true;
                }
            } else if kind_of(c) == ELEPHANT {
                // No Can(n)on of `by` hops over an Elephant of the King's side.
                continue;
            }
            let cannon = if orthogonal {
                CANNON_ROOK
            } else {
                CANNON_BISHOP
            };
            let mut s = first;
            while let Some(next) = shifted(s, dx, dy) {
                s = next;
                let c = self.code_at(s);
                if c == EMPTY {
                    continue;
                }
                if c == code(cannon, by) && free(s, cannon) {
                    return true;
                }
                break;
            }
        }
        let knight = code(KNIGHT, by);
        for (dx, dy) in [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ] {
            if let Some(s) = shifted(target, dx, dy)
                && self.code_at(s) == knight
                && free(s, KNIGHT)
            {
                return true;
            }
        }
        let side = by.index();
        if self.chess.halflings[side] > 0 && self.halfling_attacks(target, by) {
            return true;
        }
        self.chess.golem_parts[side] > 0 && self.golem_attacks(target, by)
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
