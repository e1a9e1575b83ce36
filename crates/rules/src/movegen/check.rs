//! The check rule, one for every game that has it (a file's `check = true`, the 12x8 game): whether
//! a square is attacked, and the legal-move filter that keeps the mover's royal piece out of
//! attack.
//!
//! An attack is read backwards from the square along the lines an attacker could use: the types'
//! leaps and rides as their Betza tables give them (`AttackLines`). The 12x8 game's exotic pieces
//! add their attacks as the named hooks of its layer (`position/larger/attack.rs`): a bewitched
//! piece attacks nothing, an Assassin shoots from beside, a Can(n)on hops the first piece met, the
//! Halflings capture baroquely, a Golem's parts are generated. A game whose types attack in other
//! shapes (bent, hopping, relayed) has its attackers' moves generated.
//!
//! Legality is decided without playing the move where it cannot matter. When the mover's one
//! royal piece is not in check and every type attacks only by leaps and straight rides
//! (`Variant::plain_attacks`), a move whose squares lie on no line through it along which an
//! enemy type rides cannot expose it (`quick_safe`). A plain move of one piece (or a drop of one)
//! that may matter is tried on the board alone (`Position::test_on_board`), and only along the
//! lines it changes when the royal piece stays where it is (`attack_opened`). Every other move is
//! made and the attack tested.

use crate::chess_rules::AttackLines;
use crate::geometry::{Color, QUEEN_STEPS, Square, queen_step_index};
use crate::moves::{Move, MoveKind};
use crate::piece::{Code, EMPTY, OFFBOARD, Piece};
use crate::position::Position;

impl Position {
    /// Whether a piece of `by` attacks `target` (could capture a piece of the other side there).
    pub(crate) fn square_attacked(&self, target: usize, by: Color) -> bool {
        let v = self.variant();
        if v.powers {
            return self.layer_attacked(target, by);
        }
        if v.plain_attacks {
            return self.attacked_on_lines::<false>(target, by);
        }
        let mut scratch: Option<Vec<Move>> = None;
        for &cell in self.side_cells(by) {
            let cell = cell as usize;
            let cp = v.compiled(self.cell(cell));
            if super::attack::is_plain(cp) && cp.relay.is_none() {
                if self.plain_capture(cell, cp, target) {
                    return true;
                }
                continue;
            }
            let moves = scratch.get_or_insert_with(Vec::new);
            moves.clear();
            self.piece_moves_outlined(cell, by, moves);
            if cp.relay.is_some() {
                self.relayed_moves::<true>(cell, by, moves, 0);
            }
            if moves
                .iter()
                .any(|&m| self.victim_cells(m).as_slice().contains(&(target as u16)))
            {
                return true;
            }
        }
        false
    }

    /// `square_attacked` in the 12x8 layer's game.
    #[inline(never)]
    fn layer_attacked(&self, target: usize, by: Color) -> bool {
        self.attacked_on_lines::<true>(target, by)
    }

    /// `square_attacked`, going straight to the 12x8 layer's test with `LAYER`.
    #[inline(always)]
    fn attacked<const LAYER: bool>(&self, target: usize, by: Color) -> bool {
        if LAYER {
            self.layer_attacked(target, by)
        } else {
            self.square_attacked(target, by)
        }
    }

    /// `square_attacked` read along the lines: the leaps, the eight queen rays, the other ride
    /// steps (a Nightrider's); with `LAYER`, the 12x8 game's hooks too.
    #[inline(always)]
    fn attacked_on_lines<const LAYER: bool>(&self, target: usize, by: Color) -> bool {
        let lines = self.variant().attack_lines(by);
        for (off, codes) in &lines.leaps {
            let cell = target.wrapping_add_signed(-off);
            if codes.contains(self.cell(cell)) && (!LAYER || self.attacker_free(cell, by)) {
                return true;
            }
        }
        for i in 0..QUEEN_STEPS.len() {
            if self.ray_attacked::<LAYER>(target, by, i, lines) {
                return true;
            }
        }
        for &r in &lines.other_rides {
            let (cell, dist, code) = self.met_along(target, -lines.rides[r as usize].0);
            if lines.rides_to(r as usize, code, dist) && (!LAYER || self.attacker_free(cell, by)) {
                return true;
            }
        }
        LAYER && self.layer_attacks_off_lines(target, by)
    }

    /// Whether a piece of `by` met on the queen ray `QUEEN_STEPS[i]` from `target` attacks it:
    /// the first piece met rides the ray toward it, or (the layer's hooks) shoots or is hopped.
    #[inline(always)]
    fn ray_attacked<const LAYER: bool>(
        &self,
        target: usize,
        by: Color,
        i: usize,
        lines: &AttackLines,
    ) -> bool {
        if !LAYER && lines.toward[i].is_none() {
            return false;
        }
        let (cell, dist, code) = self.met_along(target, QUEEN_STEPS[i]);
        if code == OFFBOARD {
            return false;
        }
        let rides = || lines.toward[i].is_some_and(|r| lines.rides_to(r as usize, code, dist));
        if LAYER {
            self.layer_ray_attack(by, i, cell, dist, code, lines, rides)
        } else {
            rides()
        }
    }

    /// The first cell from `from` along `step` that is not empty (a piece, or off the board),
    /// its distance, and what stands there.
    #[inline(always)]
    pub(crate) fn met_along(&self, from: usize, step: isize) -> (usize, u8, Code) {
        let mut cell = from;
        let mut dist = 0u8;
        loop {
            cell = cell.wrapping_add_signed(step);
            dist += 1;
            let code = self.cell(cell);
            if code != EMPTY {
                return (cell, dist, code);
            }
        }
    }

    /// Whether a piece of `by` attacks `target` along the queen line through it in direction
    /// (dx, dy), either way (with `LAYER`, the Halflings' captures along it too). When `target`
    /// was not attacked and the quick test's conditions hold (`plain_attacks`, and in the 12x8
    /// game `layer_quick_allowed`), a change of the board on that line alone can open no other
    /// attack.
    fn attacked_along_line<const LAYER: bool>(
        &self,
        target: usize,
        by: Color,
        dx: i8,
        dy: i8,
    ) -> bool {
        let lines = self.variant().attack_lines(by);
        [(dx, dy), (-dx, -dy)].into_iter().any(|(x, y)| {
            self.ray_attacked::<LAYER>(target, by, queen_step_index(x, y), lines)
                || (LAYER && self.layer_attacks_along(target, by, x, y))
        })
    }

    /// Whether `by` attacks the royal piece on `king` (which it did not attack before `m`, now
    /// made on the board, a move of another piece) along a line through `m`'s squares: a queen
    /// line is looked along (both ways), and a square on another line an enemy type rides (a
    /// Nightrider's) asks the full test.
    fn attack_opened<const LAYER: bool>(&self, m: Move, royal: Square, by: Color) -> bool {
        let king = royal.cell();
        let mut looked = None;
        for sq in [m.from, m.to] {
            let (dx, dy) = (
                sq.file() as i8 - royal.file() as i8,
                sq.rank() as i8 - royal.rank() as i8,
            );
            if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
                let line = (dx.signum(), dy.signum());
                // One line for both squares when the move runs along it, either way.
                let (lx, ly) = line;
                if looked == Some(line) || looked == Some((-lx, -ly)) {
                    continue;
                }
                looked = Some(line);
                if self.attacked_along_line::<LAYER>(king, by, lx, ly) {
                    return true;
                }
            } else if (self.variant()).maybe_on_line(sq.cell() as isize - king as isize, by) {
                return self.square_attacked(king, by);
            }
        }
        false
    }

    /// Whether one of `color`'s royal pieces is attacked.
    pub(crate) fn royal_attacked(&self, color: Color) -> bool {
        let v = self.variant();
        (self.side_cells(color).iter()).any(|&c| {
            v.is_royal(self.cell(c as usize)) && self.square_attacked(c as usize, color.other())
        })
    }

    /// What stands on `m.to` after `m` when the move changes the board there alone (and empties
    /// its start): in a game whose types all attack by plain leaps and rides, a plain move of
    /// one piece (promoting or not) or a drop of one. Its check test needs no full make. (The
    /// 12x8 game's moves: `simple_arrival`.)
    #[inline]
    fn plain_arrival(&self, m: Move) -> Option<Code> {
        let v = self.variant();
        if !v.plain_attacks || m.pair_square().is_some() {
            return None;
        }
        let promoted = m
            .promotion()
            .map(|k| Piece::new(k, self.side_to_move()).code());
        match m.kind {
            MoveKind::Normal if m.from != m.to => {
                Some(promoted.unwrap_or_else(|| self.cell(m.from.cell())))
            }
            MoveKind::Drop => promoted,
            _ => None,
        }
    }

    /// Whether `m` surely leaves the royal piece on `royal` (not in check) unattacked without
    /// being tried, under the quick test's conditions: a drop only adds a piece, which no leap
    /// or ride needs; a plain move of another piece from a square on no line along which `them`
    /// ride cannot expose it. (The 12x8 game's shapes: `layer_quick_safe`.)
    #[inline(always)]
    fn quick_safe<const LAYER: bool>(&self, m: Move, royal: Square, them: Color) -> bool {
        if LAYER {
            return self.layer_quick_safe(m, royal);
        }
        let (from, king) = (m.from.cell(), royal.cell());
        m.kind == MoveKind::Drop
            || (m.kind == MoveKind::Normal
                && from != king
                && !(self.variant()).maybe_on_line(from as isize - king as isize, them))
    }

    /// Removes the moves that leave one of the mover's royal pieces attacked (and, in the 12x8
    /// game, the castlings whose King passes an attacked square).
    #[inline]
    pub(crate) fn keep_safe_moves(&mut self, out: &mut Vec<Move>) {
        if self.variant().powers {
            self.keep_safe_moves_of::<true>(out);
        } else {
            self.keep_safe_moves_of::<false>(out);
        }
    }

    #[inline(never)]
    fn keep_safe_moves_of<const LAYER: bool>(&mut self, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        let them = us.other();
        let v = self.variant();
        // The royal piece, when there is one (for the quick tests and to find it after a move).
        match self.royal_count(us) {
            0 => return, // nothing to keep safe
            1 => {}
            _ => return self.keep_moves_leaving_royals_safe(out),
        }
        let Some(&king) =
            (self.side_cells(us).iter()).find(|&&c| v.is_royal(self.cell(c as usize)))
        else {
            return;
        };
        let king = king as usize;
        let royal = Square::from_cell(king);
        // The layer's quick tests allow for cannons (`layer_quick_safe`); the general ones do
        // not (a piece moved onto a line may be a cannon's screen).
        let quick = (if LAYER {
            v.line_attacks && self.layer_quick_allowed(them)
        } else {
            v.plain_attacks
        }) && !self.attacked::<LAYER>(king, them);
        let mut kept = 0;
        for i in 0..out.len() {
            let m = out[i];
            if LAYER && m.kind == MoveKind::Castle && !self.castling_path_safe(m, us) {
                continue;
            }
            let from = m.from.cell();
            let target = if from == king { m.to.cell() } else { king };
            let safe = if quick && self.quick_safe::<LAYER>(m, royal, them) {
                true
            } else if let Some(arriving) = if LAYER {
                self.simple_arrival(m)
            } else {
                self.plain_arrival(m)
            } {
                // With the quick test's conditions, a plain move of another piece (not a Wizard,
                // whose bewitching reaches beside it) can open an attack only along its lines.
                let lines_only = quick
                    && m.kind == MoveKind::Normal
                    && from != king
                    && (!LAYER || !self.moves_wizard(m));
                let vacated = (m.kind == MoveKind::Normal).then_some(from);
                self.test_on_board(vacated, m.to.cell(), arriving, |pos| {
                    if lines_only {
                        !pos.attack_opened::<LAYER>(m, royal, them)
                    } else {
                        !pos.attacked::<LAYER>(target, them)
                    }
                })
            } else {
                self.make(m);
                let safe = !self.attacked::<LAYER>(target, them);
                self.unmake();
                safe
            };
            if safe {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// `keep_safe_moves` where the mover has several royal pieces (a composed position, or a
    /// game with more than one): each move is made and every royal piece tested.
    #[inline(never)]
    fn keep_moves_leaving_royals_safe(&mut self, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        let mut kept = 0;
        for i in 0..out.len() {
            let m = out[i];
            if self.variant().powers
                && m.kind == MoveKind::Castle
                && !self.castling_path_safe(m, us)
            {
                continue;
            }
            self.make(m);
            let safe = !self.royal_attacked(us);
            self.unmake();
            if safe {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}
