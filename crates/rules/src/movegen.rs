//! Move generation: the hot path of everything. Pseudo-legal moves come from each piece's compiled
//! tables and hooks; legal moves remove those the game's rules forbid (for Scirocco only the
//! repetition rule). Nothing here allocates: the caller owns the move list.

use crate::geometry::{Color, Square, offset};
use crate::moves::{Move, MoveKind};
use crate::piece::{Code, EMPTY, LineKind, OFFBOARD, PieceKind, RelayKind, code_color_index};
use crate::position::Position;

mod special;

const QUEEN_STEPS: [isize; 8] = [
    offset(1, 0),
    offset(-1, 0),
    offset(0, 1),
    offset(0, -1),
    offset(1, 1),
    offset(-1, 1),
    offset(1, -1),
    offset(-1, -1),
];
const KNIGHT_LEAPS: [isize; 8] = [
    offset(1, 2),
    offset(2, 1),
    offset(2, -1),
    offset(1, -2),
    offset(-1, -2),
    offset(-2, -1),
    offset(-2, 1),
    offset(-1, 2),
];

/// What a target cell holds, from the mover's point of view.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Target {
    Empty,
    Enemy,
    Blocked,
}

#[inline(always)]
fn classify(code: Code, us: usize) -> Target {
    if code == EMPTY {
        Target::Empty
    } else if code == OFFBOARD || code_color_index(code) == us {
        Target::Blocked
    } else {
        Target::Enemy
    }
}

#[inline(always)]
fn at(cell: usize, off: isize) -> usize {
    cell.wrapping_add_signed(off)
}

/// Pushes a move, and its promoting twin when the piece may promote on it.
#[inline(always)]
fn push_with_promotion(
    out: &mut Vec<Move>,
    m: Move,
    promotion: Option<PieceKind>,
    may_promote: bool,
) {
    out.push(m);
    if may_promote && let Some(kind) = promotion {
        out.push(m.with_promotion(kind));
    }
}

impl Position {
    /// Every move the side to move could make ignoring the repetition rule and game end.
    pub fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let us = self.side_to_move();
        let mut relayers = [0u16; 8];
        let mut relayer_count = 0;
        let immobilizers = self.variant().has_immobilizer;
        for &cell in self.side_cells(us) {
            let cell = cell as usize;
            // A paralysed piece's only move of its own is to capture itself; it relays nothing.
            if immobilizers && self.is_immobilized(cell, us) {
                out.push(Move::suicide(Square::from_cell(cell)));
                continue;
            }
            if self.piece_moves(cell, us, out) && relayer_count < relayers.len() {
                relayers[relayer_count] = cell as u16;
                relayer_count += 1;
            }
        }
        // All relayed moves, from every relayer, follow this index; each is checked against all
        // of them so that a move lent by two relayers is listed once.
        let relay_start = out.len();
        if relayer_count > 0 {
            for &cell in &relayers[..relayer_count] {
                self.relayed_moves(cell as usize, us, out, relay_start);
            }
        }
        // More than eight relayers of one side (possible only in a composed position): the rest.
        // They share `relay_start` with the first eight (a fresh start here listed a move lent
        // both by one of the first eight and by a later relayer twice).
        if relayer_count == relayers.len() {
            let mut seen = 0;
            for &cell in self.side_cells(us) {
                let cell = cell as usize;
                if self.variant().compiled(self.cell(cell)).relay.is_some() {
                    seen += 1;
                    if seen > relayers.len() {
                        self.relayed_moves(cell, us, out, relay_start);
                    }
                }
            }
        }
    }

    /// The piece's own moves. Returns true if the piece relays powers to others.
    #[inline]
    fn piece_moves(&self, from: usize, us: Color, out: &mut Vec<Move>) -> bool {
        let v = self.variant();
        let ui = us.index();
        let cp = v.compiled(self.cell(from));
        let from_sq = Square::from_cell(from);
        let start = out.len();
        let promotion = cp.promotes_to;
        let from_zone = promotion.is_some() && v.in_zone(us, from);
        let may_promote = |to: usize| from_zone || (promotion.is_some() && v.in_zone(us, to));

        for &(off, mode) in &cp.leaps {
            let to = at(from, off);
            let ok = match classify(self.cell(to), ui) {
                Target::Empty => mode.can_move(),
                Target::Enemy => mode.can_capture(),
                Target::Blocked => false,
            };
            if ok {
                push_with_promotion(
                    out,
                    Move::normal(from_sq, Square::from_cell(to)),
                    promotion,
                    may_promote(to),
                );
            }
        }
        for ride in &cp.rides {
            let mut to = from;
            let mut dist = 0u8;
            loop {
                to = at(to, ride.step);
                dist += 1;
                let target = classify(self.cell(to), ui);
                let allowed = dist >= ride.min
                    && match target {
                        Target::Empty => ride.mode.can_move(),
                        Target::Enemy => ride.mode.can_capture(),
                        Target::Blocked => false,
                    };
                if allowed {
                    push_with_promotion(
                        out,
                        Move::normal(from_sq, Square::from_cell(to)),
                        promotion,
                        may_promote(to),
                    );
                }
                if target != Target::Empty || dist == ride.max {
                    break;
                }
            }
        }
        for bent in &cp.bents {
            let corner = at(from, bent.first);
            if self.cell(corner) != EMPTY {
                continue; // the first step never captures and is blocked by any piece
            }
            if bent.first_mode.can_move() {
                push_with_promotion(
                    out,
                    Move::normal(from_sq, Square::from_cell(corner)),
                    promotion,
                    may_promote(corner),
                );
            }
            for &step in &bent.then[..bent.then_len as usize] {
                let mut to = corner;
                loop {
                    to = at(to, step);
                    let target = classify(self.cell(to), ui);
                    if target == Target::Blocked {
                        break;
                    }
                    push_with_promotion(
                        out,
                        Move::normal(from_sq, Square::from_cell(to)),
                        promotion,
                        may_promote(to),
                    );
                    if target == Target::Enemy {
                        break;
                    }
                }
            }
        }
        for &off in &cp.hop_captures {
            let over = at(from, off);
            if classify(self.cell(over), ui) == Target::Enemy {
                let to = at(over, off);
                if self.cell(to) == EMPTY {
                    let m =
                        Move::hop_capture(from_sq, Square::from_cell(over), Square::from_cell(to));
                    push_with_promotion(out, m, promotion, may_promote(to));
                }
            }
        }
        for &off in &cp.iguis {
            let victim = at(from, off);
            if classify(self.cell(victim), ui) == Target::Enemy {
                let m = Move::new(MoveKind::Igui, from_sq, Square::from_cell(victim));
                push_with_promotion(out, m, promotion, from_zone);
            }
        }
        if cp.has_hooks {
            self.hook_moves(from, us, cp, promotion, from_zone, out);
        }
        if let Some(choose) = v.promotion_choice
            && let Some(tabled) = promotion
        {
            for m in &mut out[start..] {
                if m.promotion().is_some() {
                    *m = m.with_promotion(choose(self, *m, tabled));
                }
            }
        }
        cp.relay.is_some()
    }

    /// Moves that friends of the relaying piece on `relayer` make with its lent powers, skipping
    /// those the friend could make by its own powers and those already lent by another relayer.
    fn relayed_moves(&self, relayer: usize, us: Color, out: &mut Vec<Move>, relay_start: usize) {
        let ui = us.index();
        let is_friend =
            |code: Code| code != EMPTY && code != OFFBOARD && code_color_index(code) == ui;
        let lend = |out: &mut Vec<Move>, from: usize, to: usize| {
            let target = classify(self.cell(to), ui);
            if target == Target::Blocked {
                return;
            }
            // A paralysed piece cannot make its own moves, so a lent move is never a duplicate.
            let paralysed = self.variant().has_immobilizer && self.is_immobilized(from, us);
            if !paralysed && self.own_reaches(from, to, target == Target::Enemy) {
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
        };
        match self.variant().compiled(self.cell(relayer)).relay {
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
            None => {}
        }
    }

    /// True if the piece on `from` can go to `to` by its own powers in this position, capturing
    /// exactly what stands on `to` (if `capture`), as a plain move (not a hop or igui).
    pub(crate) fn own_reaches(&self, from: usize, to: usize, capture: bool) -> bool {
        let cp = self.variant().compiled(self.cell(from));
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
        // and Sorcerer's Q2 and the Undertaker's step, all onto empty squares only.
        if !capture && let Some(line) = cp.line {
            let reach = match line {
                LineKind::Missionary | LineKind::Sorcerer => 2,
                LineKind::Undertaker => 1,
                _ => 0,
            };
            for &step in &QUEEN_STEPS {
                let mut cell = from;
                for _ in 0..reach {
                    cell = at(cell, step);
                    if self.cell(cell) != EMPTY {
                        break;
                    }
                    if cell == to {
                        return true;
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

    /// The legal moves: none once the game is over, and none that would make a position occur a
    /// third time.
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        out.clear();
        if self.material_outcome().is_some() {
            return;
        }
        self.pseudo_legal_moves(out);
        if self.repetition_possible() {
            out.retain(|&m| {
                let irreversible = m.promotion().is_some() || self.is_capture(m);
                irreversible || !self.would_repeat_thrice(m)
            });
        }
    }

    /// True if `m` is one of the legal moves.
    pub fn is_legal(&mut self, m: Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&m)
    }
}
