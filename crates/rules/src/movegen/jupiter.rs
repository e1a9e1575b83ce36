//! Generators for Jupiter's hooks (`JupiterHooks`, compiled from the `Special`s of `piece.rs`): bent
//! paths, zigzags, the Hawklet's two steps, grasshoppers and the Halmopper's chains, cannons, the
//! Generals' jumping captures, lion captures, the Royalist's leap, the Teleporter's swap, pulls,
//! pushes and births. Each is a short loop over the piece's offsets; none allocates. Area moves that
//! reach a square by several paths list it once (a `SquareSet` of destinations).

use super::{QUEEN_STEPS, Target, at, classify, push_with_promotion};
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::{EMPTY, OFFBOARD, PieceKind, code_color_index, latent};
use crate::position::{Position, SquareSet};
use crate::variant::JupiterHooks;

/// Pushes the moves of one piece, each destination once.
struct Sink<'a> {
    out: &'a mut Vec<Move>,
    from: Square,
    /// Where the piece's moves start in `out`: its table moves reach their squares already.
    piece_start: usize,
    /// The destinations listed so far, read from `out` at the first destination (a cannon that
    /// finds nothing to take never needs them).
    seen: Option<SquareSet>,
    promotion: Option<PieceKind>,
    from_zone: bool,
    zone: &'a dyn Fn(usize) -> bool,
}

impl Sink<'_> {
    /// A plain move (or capture) to `to`, once per destination.
    fn to(&mut self, to: usize) {
        let sq = Square::from_cell(to);
        let seen = self.seen.get_or_insert_with(|| {
            let mut seen = SquareSet::default();
            for m in &self.out[self.piece_start..] {
                if m.kind == MoveKind::Normal {
                    seen.insert(m.to);
                }
            }
            seen
        });
        if !seen.contains(sq) {
            seen.insert(sq);
            self.push(Move::normal(self.from, sq), to);
        }
    }
    /// Any move ending on `to` (promoting twin added when allowed).
    fn push(&mut self, m: Move, to: usize) {
        let may = self.from_zone || (self.zone)(to);
        push_with_promotion(self.out, m, self.promotion, may);
    }
}

impl Position {
    /// The moves of the Jupiter hooks of the piece on `from`.
    // The generator's state is passed as it is in `pseudo_legal_from`, which calls this once a
    // piece: bundling it into a struct would copy it for every piece.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn jupiter_moves(
        &self,
        from: usize,
        us: Color,
        j: &JupiterHooks,
        promotion: Option<PieceKind>,
        from_zone: bool,
        piece_start: usize,
        out: &mut Vec<Move>,
    ) {
        let v = self.variant();
        let ui = us.index();
        let zone = |to: usize| v.in_zone(us, to);
        // The table moves already listed reach their squares: an area move that reaches one of
        // them again is the same move (`Sink::to`).
        let mut sink = Sink {
            out,
            from: Square::from_cell(from),
            piece_start,
            seen: None,
            promotion,
            from_zone: promotion.is_some() && from_zone,
            zone: &|to| promotion.is_some() && zone(to),
        };
        // What stands on a cell, with the mover's own start square empty (it has left it).
        let target = |cell: usize| {
            if cell == from {
                Target::Empty
            } else {
                classify(self.cell(cell), ui)
            }
        };
        for ride in &j.hooks {
            let mut corner = from;
            let mut k = 0u8;
            loop {
                corner = at(corner, ride.first);
                k += 1;
                match target(corner) {
                    Target::Blocked => break,
                    Target::Enemy => {
                        sink.to(corner);
                        break;
                    }
                    Target::Empty => sink.to(corner),
                }
                if ride.turn_after == 0 || k == ride.turn_after {
                    for &step in &ride.second[..ride.second_len as usize] {
                        let mut to = corner;
                        let mut n = 0u8;
                        loop {
                            to = at(to, step);
                            n += 1;
                            match target(to) {
                                Target::Blocked => break,
                                Target::Enemy => {
                                    sink.to(to);
                                    break;
                                }
                                Target::Empty => sink.to(to),
                            }
                            if n == ride.second_max {
                                break;
                            }
                        }
                    }
                }
                if k == ride.first_max {
                    break;
                }
            }
        }
        for &(a, b) in &j.zigzags {
            let mut to = from;
            for i in 0.. {
                to = at(to, if i % 2 == 0 { a } else { b });
                match target(to) {
                    Target::Blocked => break,
                    Target::Enemy => {
                        sink.to(to);
                        break;
                    }
                    Target::Empty => sink.to(to),
                }
            }
        }
        if j.two_steps {
            for &a in &QUEEN_STEPS {
                let mid = at(from, a);
                match target(mid) {
                    Target::Blocked => continue,
                    Target::Enemy => {
                        sink.to(mid);
                        continue;
                    }
                    Target::Empty => sink.to(mid),
                }
                for &b in &QUEEN_STEPS {
                    let to = at(mid, b);
                    if to != from && target(to) != Target::Blocked {
                        sink.to(to);
                    }
                }
            }
        }
        for &step in &j.grasshoppers {
            if let Some(hurdle) = self.first_piece(from, step) {
                let to = at(hurdle, step);
                if target(to) != Target::Blocked {
                    sink.to(to);
                }
            }
        }
        if j.chain {
            self.grasshopper_chain(from, &mut sink, &target);
        }
        for &(step, max, mode) in &j.cannons {
            let mut cell = from;
            let mut dist = 0u8;
            let mut screened = false;
            loop {
                cell = at(cell, step);
                dist += 1;
                if (max != 0 && dist > max) || self.cell(cell) == OFFBOARD {
                    break;
                }
                let t = target(cell);
                if !screened {
                    // An enemy that no cannon may hop (`unhoppable`) ends the line.
                    if t == Target::Enemy && v.compiled(self.cell(cell)).unhoppable {
                        break;
                    }
                    screened = t != Target::Empty;
                    continue;
                }
                match (t, mode.can_capture()) {
                    (Target::Empty, _) => {
                        if mode.can_move() {
                            sink.to(cell);
                        }
                        continue;
                    }
                    (Target::Enemy, true) => sink.to(cell),
                    _ => {}
                }
                break;
            }
        }
        for &step in &j.general_lines {
            // The first piece is the plain ride's business; from there on, hops.
            let shield = |code| {
                let cp = v.compiled(code);
                cp.royal || cp.latent & latent::GENERAL != 0
            };
            let mut cell = from;
            let mut hopped = false;
            while let Some(next) = self.first_piece(cell, step) {
                let code = self.cell(next);
                if shield(code) {
                    break;
                }
                if hopped && code_color_index(code) != ui {
                    sink.to(next);
                }
                hopped = true;
                cell = next;
            }
        }
        for ride in &j.lions {
            let victim = at(from, ride.first);
            if classify(self.cell(victim), ui) != Target::Enemy {
                continue;
            }
            for &step in &ride.second[..ride.second_len as usize] {
                let to = at(victim, step);
                if to == from {
                    let m = Move::new(MoveKind::Igui, sink.from, Square::from_cell(victim));
                    push_with_promotion(sink.out, m, promotion, sink.from_zone);
                } else if classify(self.cell(to), ui) != Target::Blocked {
                    let m = Move::hop_capture(
                        sink.from,
                        Square::from_cell(victim),
                        Square::from_cell(to),
                    );
                    sink.push(m, to);
                }
            }
        }
        if j.royal_leap {
            for royal in self.royal_cells(us) {
                for &d in &QUEEN_STEPS {
                    let to = at(royal, d);
                    if to != from && self.cell(to) != OFFBOARD {
                        sink.to(to);
                    }
                }
                let next_to_royal = QUEEN_STEPS.iter().any(|&d| at(royal, d) == from);
                if j.royal_leap_stay && next_to_royal && !sink.out.contains(&Move::pass(sink.from))
                {
                    sink.out.push(Move::pass(sink.from));
                }
            }
        }
        if j.swap_friend {
            for &cell in self.side_cells(us) {
                if cell as usize != from {
                    sink.out
                        .push(Move::swap(sink.from, Square::from_cell(cell as usize)));
                }
            }
        }
        if let Some((min, max)) = j.pull {
            for &step in &QUEEN_STEPS {
                if let Some(c) = self.first_piece(from, step)
                    && classify(self.cell(c), ui) == Target::Enemy
                    && (min..=max).contains(&steps_between(from, c, step))
                {
                    sink.out
                        .push(Move::new(MoveKind::Pull, sink.from, Square::from_cell(c)));
                }
            }
        }
        if j.repel > 0 {
            for &step in &QUEEN_STEPS {
                if let Some(c) = self.first_piece(from, step)
                    && classify(self.cell(c), ui) == Target::Enemy
                    && steps_between(from, c, step) <= j.repel
                    && self.cell(at(c, step)) == EMPTY
                {
                    sink.out
                        .push(Move::new(MoveKind::Repel, sink.from, Square::from_cell(c)));
                }
            }
        }
        for &step in &j.tank {
            let friend = |cell: usize| {
                let code = self.cell(cell);
                code != EMPTY && code != OFFBOARD && code_color_index(code) == ui
            };
            let to = at(from, step);
            if !friend(to) {
                continue;
            }
            // Where the last pushed friend goes: an empty square, an enemy it captures, or (1999)
            // off the board.
            let lands = |cell: usize| {
                classify(self.cell(cell), ui) != Target::Blocked
                    || (j.tank_off_board && self.cell(cell) == OFFBOARD)
            };
            let first = at(to, step);
            let ok = lands(first) || friend(first) && lands(at(first, step));
            if ok {
                let m = Move::new(MoveKind::Push, sink.from, Square::from_cell(to));
                sink.push(m, to);
            }
        }
        for &step in &j.creates {
            let to = at(from, step);
            if self.cell(to) == EMPTY {
                sink.out.push(Move::new(
                    MoveKind::Create,
                    sink.from,
                    Square::from_cell(to),
                ));
            }
        }
    }

    /// The Halmopper's hops: any number of grasshopper hops along queen lines, in any directions,
    /// over pieces of either side (the Halmopper's start square counts as empty), stopping on a
    /// capture. Every square reached is a destination.
    fn grasshopper_chain(&self, from: usize, sink: &mut Sink, target: &dyn Fn(usize) -> Target) {
        let mut queue = [0u16; 256];
        let (mut head, mut tail) = (0, 0);
        let mut visited = SquareSet::default();
        visited.insert(Square::from_cell(from));
        queue[tail] = from as u16;
        tail += 1;
        while head < tail {
            let here = queue[head] as usize;
            head += 1;
            for &step in &QUEEN_STEPS {
                // The hurdle: the first piece other than the Halmopper itself.
                let mut cell = at(here, step);
                while target(cell) == Target::Empty && self.cell(cell) != OFFBOARD {
                    cell = at(cell, step);
                }
                if self.cell(cell) == OFFBOARD {
                    continue;
                }
                let to = at(cell, step);
                let sq = Square::from_cell(to);
                match target(to) {
                    Target::Blocked => {}
                    Target::Enemy => sink.to(to),
                    Target::Empty => {
                        if !visited.contains(sq) && self.cell(to) != OFFBOARD {
                            visited.insert(sq);
                            sink.to(to);
                            queue[tail] = to as u16;
                            tail += 1;
                        }
                    }
                }
            }
        }
    }
}

/// How many steps of `step` lead from `a` to `b` (on the same line).
fn steps_between(a: usize, b: usize, step: isize) -> u8 {
    ((b as isize - a as isize) / step) as u8
}
