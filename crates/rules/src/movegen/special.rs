//! Generators for Typhoon's named hooks (`Special` variants beyond Scirocco's): double hops, passes,
//! conversions, swaps, the Cicada's hops, the line powers of `LineKind`, shooting, and the
//! Immobilizer's paralysis. Each is a short loop over the piece's compiled offsets; none allocates.

use super::{QUEEN_STEPS, Target, at, classify, push_with_promotion};
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::{EMPTY, LineKind, OFFBOARD, PieceKind, code_color_index};
use crate::position::Position;
use crate::variant::CompiledPiece;

impl Position {
    /// The moves of the Typhoon hooks of the piece on `from`.
    #[inline(always)]
    pub(super) fn hook_moves(
        &self,
        from: usize,
        us: Color,
        cp: &CompiledPiece,
        promotion: Option<PieceKind>,
        from_zone: bool,
        out: &mut Vec<Move>,
    ) {
        let v = self.variant();
        let ui = us.index();
        let sq = Square::from_cell;
        let from_sq = sq(from);
        let may_promote = |to: usize| promotion.is_some() && (from_zone || v.in_zone(us, to));

        for &off in &cp.double_hops {
            let over = at(from, off);
            let to = at(over, off);
            if classify(self.cell(over), ui) == Target::Enemy
                && classify(self.cell(to), ui) != Target::Blocked
            {
                let m = Move::hop_capture(from_sq, sq(over), sq(to));
                push_with_promotion(out, m, promotion, may_promote(to));
            }
        }
        if cp.pass
            || (cp.pass_via.iter()).any(|&off| self.cell(at(from, off)) == crate::piece::EMPTY)
        {
            out.push(Move::pass(from_sq));
        }
        // Conversion without moving never promotes (the text: "a Cuckoo changing the ownership of
        // a piece within the promotion zone is not entitled to promote").
        for &off in &cp.converts {
            let target = at(from, off);
            if classify(self.cell(target), ui) == Target::Enemy {
                out.push(Move::convert(from_sq, from_sq, sq(target)));
            }
        }
        // The swapping piece may promote; the other piece never does.
        for &off in &cp.swaps {
            let target = at(from, off);
            let code = self.cell(target);
            if code != EMPTY && code != OFFBOARD {
                push_with_promotion(
                    out,
                    Move::swap(from_sq, sq(target)),
                    promotion,
                    may_promote(target),
                );
            }
        }
        for &(step, max) in &cp.hoppers {
            let mut to = from;
            let mut hopped = false;
            for dist in 1..=max {
                to = at(to, step);
                let code = self.cell(to);
                if code == OFFBOARD {
                    break;
                }
                if dist >= 2 && hopped && classify(code, ui) != Target::Blocked {
                    let m = Move::normal(from_sq, sq(to));
                    push_with_promotion(out, m, promotion, may_promote(to));
                }
                hopped |= code != EMPTY;
            }
        }
        if cp.shoot {
            for &step in &QUEEN_STEPS {
                let mut cell = at(from, step);
                while self.cell(cell) == EMPTY {
                    cell = at(cell, step);
                }
                if classify(self.cell(cell), ui) == Target::Enemy {
                    out.push(Move::new(MoveKind::Igui, from_sq, sq(cell)));
                }
            }
        }
        if let Some(kind) = cp.line {
            let start = out.len();
            for (i, &step) in QUEEN_STEPS.iter().enumerate() {
                self.line_moves(kind, from, step, i < 4, ui, out);
            }
            if cp.optional_capture {
                // Each capture (or conversion) may be declined: the same move without it.
                for i in start..out.len() {
                    let m = out[i];
                    let declined = Move::normal(m.from, m.to);
                    if m.kind != MoveKind::Normal
                        && self.cell(m.to.cell()) == EMPTY
                        && !out[start..].contains(&declined)
                    {
                        out.push(declined);
                    }
                }
            }
            // The Salamander's and Undertaker's moves may promote (the other line pieces are
            // promoted types): add the promoting twins.
            if let Some(promoted) = promotion {
                for i in start..out.len() {
                    let m = out[i];
                    if may_promote(m.to.cell()) {
                        out.push(m.with_promotion(promoted));
                    }
                }
            }
        }
    }

    /// One direction of a `LineKind` power (promotions are added by the caller); `orthogonal`
    /// tells which kind of line `step` is.
    fn line_moves(
        &self,
        kind: LineKind,
        from: usize,
        step: isize,
        orthogonal: bool,
        ui: usize,
        out: &mut Vec<Move>,
    ) {
        let sq = Square::from_cell;
        let from_sq = sq(from);
        match kind {
            LineKind::TyphoonRook if !orthogonal => {}
            LineKind::Typhoon | LineKind::TyphoonRook => {
                // The plain Q3 (R3) part (up to and onto the first enemy) is the Betza entry; here
                // the continuation past captured enemies.
                let mut cell = from;
                let mut passed = 0;
                for _ in 0..3 {
                    cell = at(cell, step);
                    let target = classify(self.cell(cell), ui);
                    if target == Target::Blocked {
                        break;
                    }
                    if passed > 0 {
                        out.push(Move::line_capture(from_sq, sq(cell), 0));
                    }
                    passed += (target == Target::Enemy) as u8;
                }
            }
            LineKind::Longleaper => {
                let mut cell = at(from, step);
                while self.cell(cell) == EMPTY {
                    cell = at(cell, step);
                }
                // `cell` holds the first piece on the line: jump it and each further enemy that
                // has an empty square right behind it.
                while classify(self.cell(cell), ui) == Target::Enemy
                    && self.cell(at(cell, step)) == EMPTY
                {
                    cell = at(cell, step);
                    while self.cell(cell) == EMPTY {
                        out.push(Move::line_capture(from_sq, sq(cell), 0));
                        cell = at(cell, step);
                    }
                }
            }
            LineKind::Sorcerer(reach) | LineKind::Missionary(reach) => {
                let converts = matches!(kind, LineKind::Missionary(_));
                let mut cell = from;
                for _ in 0..reach.along(orthogonal) {
                    cell = at(cell, step);
                    if self.cell(cell) != EMPTY {
                        break;
                    }
                    let mut next = at(cell, step);
                    let mut enemies = 0u8;
                    while classify(self.cell(next), ui) == Target::Enemy {
                        enemies += 1;
                        next = at(next, step);
                        if converts {
                            break;
                        }
                    }
                    out.push(match (converts, enemies) {
                        (_, 0) => Move::normal(from_sq, sq(cell)),
                        (false, n) => Move::line_capture(from_sq, sq(cell), n),
                        (true, _) => Move::convert(from_sq, sq(cell), sq(at(cell, step))),
                    });
                }
            }
            LineKind::Undertaker => {
                let to = at(from, step);
                if self.cell(to) == EMPTY {
                    let behind = at(from, -step);
                    if classify(self.cell(behind), ui) == Target::Enemy {
                        out.push(Move::hop_capture(from_sq, sq(behind), sq(to)));
                    } else {
                        out.push(Move::normal(from_sq, sq(to)));
                    }
                }
            }
            LineKind::Neartaker => {
                let to = at(from, step);
                if self.cell(to) == EMPTY {
                    let beyond = at(to, step);
                    out.push(if classify(self.cell(beyond), ui) == Target::Enemy {
                        Move::hop_capture(from_sq, sq(beyond), sq(to))
                    } else {
                        Move::normal(from_sq, sq(to))
                    });
                }
            }
            LineKind::Withdrawer => {
                let behind = at(from, -step);
                let withdraws = classify(self.cell(behind), ui) == Target::Enemy;
                let mut to = at(from, step);
                while self.cell(to) == EMPTY {
                    out.push(if withdraws {
                        Move::hop_capture(from_sq, sq(behind), sq(to))
                    } else {
                        Move::normal(from_sq, sq(to))
                    });
                    to = at(to, step);
                }
            }
            LineKind::Salamander => {
                // One step is the Commoner part of the Betza entry; here 2 to 4 steps over empty
                // squares. The vacated `from` is never next to such a destination.
                let mut cell = at(from, step);
                for _ in 2..=4 {
                    if self.cell(cell) != EMPTY {
                        break;
                    }
                    cell = at(cell, step);
                    if self.cell(cell) != EMPTY {
                        break;
                    }
                    if self.next_to_friend(cell, ui) {
                        out.push(Move::normal(from_sq, sq(cell)));
                    }
                }
            }
        }
    }

    /// Whether a piece of side `ui` stands next to `cell` (where a Salamander's long move may
    /// land).
    pub(super) fn next_to_friend(&self, cell: usize, ui: usize) -> bool {
        QUEEN_STEPS.iter().any(|&d| {
            let code = self.cell(at(cell, d));
            code != EMPTY && code != OFFBOARD && code_color_index(code) == ui
        })
    }
}
