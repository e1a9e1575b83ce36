//! The moves of the exotic types but the Halflings: Wizard (mirror moves and swaps), Elephant (orbits), Assassin (shots, also en passant) and Golem (both parts at
//! once); the Pawn's two hooks (the Golem's birth, the Assassin's and Thunder's promotions); a
//! bewitched piece's steps.

use super::*;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

impl Position {
    #[inline(always)]
    pub(super) fn code_at(&self, sq: Square) -> Code {
        self.board[sq.cell()]
    }

    /// True if the piece of `color` on `sq` stands orthogonally beside an enemy Wizard (the
    /// caller knows whether its type is immune).
    #[inline]
    pub(super) fn bewitched(&self, sq: Square, color: Color) -> bool {
        let Some(wizard) = self.layer_kinds().wizard else {
            return false;
        };
        let wizard = code(wizard, color.other());
        ORTHOGONAL.iter().any(|&(dx, dy)| {
            self.geometry()
                .shifted(sq, dx, dy)
                .is_some_and(|s| self.code_at(s) == wizard)
        })
    }

    /// What a piece of type `taker` of `us` may take on `sq` by replacement: an enemy whose type
    /// its own may capture (the file's `captured_only_by`: an Elephant only by a King or Pawn).
    #[inline(always)]
    pub(super) fn takes(&self, sq: Square, us: Color, taker: u8) -> bool {
        let c = self.code_at(sq);
        is_piece(c) && color_of(c) != us && self.variant().may_capture(PieceKind(taker), c)
    }

    /// The types a Pawn of `side` promotes to on its own: its file's `promotes` list if it has
    /// one, else every type but the King, the Pawn and those completed by a rule of their own
    /// (`LayerKinds::plain_promotions`: the built-in file lists these, a test checks); those the
    /// game's promotion limits allow `side` now.
    fn plain_promotions(&self, side: Color) -> impl Iterator<Item = PieceKind> + '_ {
        let (v, kinds) = (self.variant(), self.layer_kinds());
        let pawn = code(kinds.pawn, Color::Blue);
        let choices = &v.chess_piece(pawn).promotion_choices;
        // One type alone is `promotes_to` only.
        let single = v.compiled(pawn).promotes_to.filter(|_| choices.is_empty());
        let own = (choices.is_empty() && single.is_none())
            .then(|| kinds.plain_promotions(v.pieces.len()));
        (own.into_iter().flatten())
            .chain(choices.iter().copied())
            .chain(single)
            .filter(move |&kind| self.promotion_allowed(kind, side))
    }

    /// A bewitched piece's only moves: one step orthogonally to an empty square, capturing
    /// nothing (marked `declining`, so that a Halfling's step takes nothing either).
    pub(super) fn bewitched_moves(&self, sq: Square, role: Role, out: &mut Vec<Move>) {
        if matches!(role, Role::Pawn | Role::Assassin) {
            return;
        }
        for (dx, dy) in ORTHOGONAL {
            if let Some(t) = self.geometry().shifted(sq, dx, dy)
                && self.code_at(t) == EMPTY
            {
                out.push(Move::normal(sq, t).declining());
            }
        }
    }

    /// The Pawn's first hook: taking a Wizard (`victim`) it becomes a Golem, whose part on `to`
    /// has its partner on `from`. `None` for any other victim.
    pub(crate) fn golem_birth(
        &self,
        from: Square,
        to: Square,
        victim: Code,
        us: Color,
    ) -> Option<Move> {
        let kinds = self.layer_kinds();
        (kinds.role_of(victim) == Role::Wizard && kinds.golem.is_some()).then(|| {
            let dx = to.file() as i8 - from.file() as i8;
            let part = golem_kind(kinds, -dx, -forward(us));
            Move::normal(from, to).with_promotion(PieceKind(part))
        })
    }

    /// The Pawn's second hook: its promotions on its last rank. Its plain types (the file's
    /// list, then the types a file adds), and, unless it would stand bewitched there, a Thunder
    /// (while the Kings see each other: it explodes on any square but a King's) and an Assassin
    /// (teleported to a square where it gives check).
    pub(crate) fn layer_pawn_promotions(&self, m: Move, us: Color, out: &mut Vec<Move>) {
        for kind in self.plain_promotions(us) {
            out.push(m.with_promotion(kind));
        }
        let kinds = self.layer_kinds();
        // Neither Assassin nor Thunder beside an enemy Wizard: the Pawn would be bewitched.
        if self.bewitched(m.to, us) {
            return;
        }
        // The board once the Pawn stands on its last rank (its capture made).
        let mut board = self.board;
        board[m.to.cell()] = board[m.from.cell()];
        board[m.from.cell()] = EMPTY;
        if let Some(thunder) = kinds.thunder
            && self.promotion_allowed(PieceKind(thunder), us)
            && kings_see_each_other(&board, self.geometry(), kinds.king)
        {
            for s in self.geometry().squares() {
                if kind_of_or(&board, s) != Some(kinds.king) {
                    out.push(m.with_promotion(PieceKind(thunder)).with_aux(0, s));
                }
            }
        }
        let Some(assassin) = kinds
            .assassin
            .filter(|&a| self.promotion_allowed(PieceKind(a), us))
        else {
            return;
        };
        // The Assassin leaves the promotion square: it teleports to a square where it checks.
        board[m.to.cell()] = EMPTY;
        for s in self.geometry().squares() {
            if board[s.cell()] == EMPTY
                && assassin_checks_from(
                    &board,
                    s,
                    us,
                    self.variant().attack_lines(us),
                    kinds,
                    self.geometry(),
                )
            {
                out.push(m.with_promotion(PieceKind(assassin)).with_aux(0, s));
            }
        }
    }

    pub(super) fn wizard_moves(&self, sq: Square, us: Color, out: &mut Vec<Move>) {
        let mut dests = [Square(0); 8];
        let mut n = 0;
        let m = self.geometry().flip_files(sq);
        let candidates = DIAGONAL
            .iter()
            .map(|&(x, y)| self.geometry().shifted(sq, x, y))
            .chain(
                ORTHOGONAL
                    .iter()
                    .map(|&(x, y)| self.geometry().shifted(m, x, y)),
            );
        for t in candidates.flatten() {
            if !dests[..n].contains(&t) {
                dests[n] = t;
                n += 1;
            }
        }
        for &t in &dests[..n] {
            if t == sq {
                out.push(Move::pass(sq)); // commuting on a central file
                continue;
            }
            let c = self.code_at(t);
            if c == EMPTY {
                out.push(Move::normal(sq, t));
                continue;
            }
            let role = self.layer_kinds().role_of(c);
            if color_of(c) == us || matches!(role, Role::Elephant | Role::Golem(_)) {
                continue;
            }
            if role == Role::Pawn && self.variant().in_zone(us.other(), sq.cell()) {
                // The enemy Pawn lands in its promotion zone: the Wizard's owner chooses its
                // type, or, where promotion is optional and the Pawn could move on, none.
                let pawn = self.variant().compiled(c);
                if self.may_decline_promotion(pawn, sq.cell()) {
                    out.push(Move::swap(sq, t));
                }
                for kind in self.plain_promotions(us.other()) {
                    out.push(Move::swap(sq, t).with_promotion(kind));
                }
            } else {
                out.push(Move::swap(sq, t));
            }
        }
    }

    pub(super) fn elephant_moves(&self, sq: Square, us: Color, out: &mut Vec<Move>) {
        let Some(king) = self.king_square(us) else {
            return;
        };
        let (dx, dy) = (
            sq.file() as i8 - king.file() as i8,
            sq.rank() as i8 - king.rank() as i8,
        );
        let r = dx.abs().max(dy.abs());
        if r == 0 {
            return;
        }
        let len = 8 * r as i32;
        let here = ring_index(dx, dy, r);
        let at = |i: i32| {
            let (x, y) = ring_vector(i.rem_euclid(len), r);
            self.geometry().shifted(king, x, y)
        };
        for dir in [1, -1] {
            // Every ring square travelled along must be on the board; only the destination must
            // be empty.
            let path_on_board = (1..=r as i32).all(|k| at(here + dir * k).is_some());
            if let Some(t) = at(here + dir * r as i32)
                && path_on_board
                && self.code_at(t) == EMPTY
            {
                out.push(Move::normal(sq, t));
            }
        }
        // A whole turn back to its own square: the ring on the board, the pattern otherwise empty.
        let ring_on_board = (0..len).all(|i| at(i).is_some());
        if ring_on_board
            && (1..8).all(|k| at(here + k * r as i32).is_some_and(|t| self.code_at(t) == EMPTY))
        {
            out.push(Move::pass(sq));
        }
    }

    pub(super) fn assassin_moves(&self, sq: Square, us: Color, out: &mut Vec<Move>) {
        for (dx, dy) in DIRECTIONS {
            if let Some(t) = self.geometry().shifted(sq, dx, dy)
                && self.takes(t, us, kind_of(self.code_at(sq)))
            {
                out.push(Move::new(MoveKind::Igui, sq, t));
            }
        }
        if self.chess.ep_passed.is_empty() {
            return;
        }
        let target = self.chess.ep_target;
        let near = |s: Square| {
            (s.file() as i8 - sq.file() as i8).abs() <= 1
                && (s.rank() as i8 - sq.rank() as i8).abs() <= 1
                && s != sq
        };
        if target != NO_SQUARE && near(Square(target)) {
            return; // the ordinary shot reaches it
        }
        let aim = DIRECTIONS
            .iter()
            .filter_map(|&(dx, dy)| self.geometry().shifted(sq, dx, dy))
            .filter(|&s| self.chess.ep_passed.contains(s))
            .min();
        if let Some(aim) = aim {
            let mut m = Move::new(MoveKind::ShootPassing, sq, aim);
            m.aux[0] = target;
            out.push(m);
        }
    }

    /// The Golem whose lower part stands on `sq`: both parts make a mirror Ferz move and end
    /// diagonally adjacent again.
    pub(super) fn golem_moves(
        &self,
        sq: Square,
        kind: u8,
        part: GolemPart,
        us: Color,
        out: &mut Vec<Move>,
    ) {
        self.golem_destinations(sq, kind, part, us, |a0, a, b0, b| {
            out.push(Move::golem(a0, a, b0, b))
        });
    }

    /// Calls `f(from, to, other_from, other_to)` for each move of the Golem whose lower part
    /// stands on `sq`.
    pub(super) fn golem_destinations(
        &self,
        sq: Square,
        kind: u8,
        part: GolemPart,
        us: Color,
        mut f: impl FnMut(Square, Square, Square, Square),
    ) {
        let (px, py) = part.toward_partner();
        let Some(other) = self.geometry().shifted(sq, px, py) else {
            return;
        };
        let (ma, mb) = (
            self.geometry().flip_files(sq),
            self.geometry().flip_files(other),
        );
        let open = |t: Square| self.code_at(t) == EMPTY || self.takes(t, us, kind);
        for (ax, ay) in DIAGONAL {
            let Some(a) = self.geometry().shifted(ma, ax, ay).filter(|&a| open(a)) else {
                continue;
            };
            for (bx, by) in DIAGONAL {
                let Some(b) = self.geometry().shifted(mb, bx, by).filter(|&b| open(b)) else {
                    continue;
                };
                let (fx, fy) = (
                    b.file() as i8 - a.file() as i8,
                    b.rank() as i8 - a.rank() as i8,
                );
                if fx.abs() == 1 && fy.abs() == 1 {
                    f(sq, a, other, b);
                }
            }
        }
    }

    /// The square of `color`'s King (the 12x8 game's one King a side).
    pub fn king_square(&self, color: Color) -> Option<Square> {
        let king = code(self.layer_kinds().king, color);
        self.side_cells(color)
            .iter()
            .find(|&&c| self.board[c as usize] == king)
            .map(|&c| Square::from_cell(c as usize))
    }
}

/// The position of (dx, dy) on the square ring of radius `r` round the King, counted
/// counter-clockwise from the corner (r, -r).
pub(super) fn ring_index(dx: i8, dy: i8, r: i8) -> i32 {
    let (dx, dy, r) = (dx as i32, dy as i32, r as i32);
    if dx == r && dy < r {
        dy + r
    } else if dy == r && dx > -r {
        2 * r + (r - dx)
    } else if dx == -r && dy > -r {
        4 * r + (r - dy)
    } else {
        6 * r + (dx + r)
    }
}

/// The vector at position `i` (0 <= i < 8r) of the ring of radius `r`.
pub(super) fn ring_vector(i: i32, r: i8) -> (i8, i8) {
    let r32 = r as i32;
    let (side, along) = (i / (2 * r32), (i % (2 * r32)) as i8);
    match side {
        0 => (r, -r + along),
        1 => (r - along, r),
        2 => (-r, r - along),
        _ => (-r + along, -r),
    }
}

/// The type on `sq` of a raw board, if any.
pub(super) fn kind_of_or(board: &[Code; crate::geometry::CELLS], sq: Square) -> Option<u8> {
    let c = board[sq.cell()];
    is_piece(c).then(|| kind_of(c))
}

/// True if the two Kings (type `king`) stand on one rank, file or diagonal with nothing between
/// them.
pub(super) fn kings_see_each_other(
    board: &[Code; crate::geometry::CELLS],
    g: &Geometry,
    king: u8,
) -> bool {
    let find = |color: Color| {
        let k = code(king, color);
        g.squares().find(|s| board[s.cell()] == k)
    };
    let (Some(a), Some(b)) = (find(Color::Blue), find(Color::Tan)) else {
        return false;
    };
    crate::geometry::open_queen_line(a, b, |s| board[s.cell()] == EMPTY)
}

/// True if an Assassin of `us` on `sq` would give check itself: beside the enemy King and not
/// bewitched there, or as the single screen between the enemy King and an unbewitched cannon of
/// `us` beyond it on that line (`lines`, `us`'s attack lines: the Can(n)ons' `cannon` hooks).
pub(super) fn assassin_checks_from(
    board: &[Code; crate::geometry::CELLS],
    sq: Square,
    us: Color,
    lines: &crate::chess_rules::AttackLines,
    kinds: &LayerKinds,
    g: &Geometry,
) -> bool {
    let at = |s: Square| board[s.cell()];
    let enemy_wizard = kinds.wizard.map(|w| code(w, us.other()));
    let bewitched = |s: Square| {
        enemy_wizard.is_some()
            && ORTHOGONAL.iter().any(|&(dx, dy)| {
                g.shifted(s, dx, dy)
                    .is_some_and(|t| Some(at(t)) == enemy_wizard)
            })
    };
    let king = code(kinds.king, us.other());
    for (dx, dy) in DIRECTIONS {
        // Walk from the Assassin's square toward the King...
        let mut s = sq;
        let mut dist = 0;
        let mut found_king = false;
        while let Some(next) = g.shifted(s, dx, dy) {
            s = next;
            dist += 1;
            let c = at(s);
            if c == EMPTY {
                continue;
            }
            found_king = c == king;
            break;
        }
        if !found_king {
            continue;
        }
        if dist == 1 && !bewitched(sq) {
            return true;
        }
        // ... and away from it, to a cannon of `us` that hops it: on the King's ray that way.
        let ray = crate::geometry::queen_step_index(-dx, -dy);
        if lines.hopper_rays >> ray & 1 == 0 {
            continue;
        }
        let mut s = sq;
        while let Some(next) = g.shifted(s, -dx, -dy) {
            s = next;
            dist += 1;
            let c = at(s);
            if c == EMPTY {
                continue;
            }
            if lines.hops_to(ray, c, dist) && !bewitched(s) {
                return true;
            }
            break;
        }
    }
    false
}
