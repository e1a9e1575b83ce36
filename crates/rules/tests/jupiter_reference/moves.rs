//! One piece's own moves: one part of a turn, on a working board whose pieces carry an identity
//! (poison needs to know whether the piece on a square is "a different piece", docs/rules/jupiter.md).

use jovian_rules::Color;

use super::pieces::{Mode, is_promoted, plain_in, promotes_to, turn};
use super::{Edition, Sq, add, on};

/// A piece on the working board: owner, type, identity (its square at the turn's start; born
/// Tribbles get 1000 + their square).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Pc {
    pub c: Color,
    pub t: &'static str,
    pub id: u16,
}

#[derive(Clone, PartialEq, Eq)]
pub struct Wb {
    pub cells: [[Option<Pc>; 16]; 16],
    /// The rules in force.
    pub ed: Edition,
}

impl Wb {
    pub fn at(&self, s: Sq) -> Option<Pc> {
        if on(s) {
            self.cells[s.1 as usize][s.0 as usize]
        } else {
            None
        }
    }
    pub fn set(&mut self, s: Sq, p: Option<Pc>) {
        self.cells[s.1 as usize][s.0 as usize] = p;
    }
    pub fn empty(&self, s: Sq) -> bool {
        on(s) && self.at(s).is_none()
    }
    pub fn enemy(&self, s: Sq, c: Color) -> bool {
        matches!(self.at(s), Some(p) if p.c != c)
    }
    pub fn friend(&self, s: Sq, c: Color) -> bool {
        matches!(self.at(s), Some(p) if p.c == c)
    }
    pub fn any(&self, t: &str) -> bool {
        self.cells
            .iter()
            .flatten()
            .any(|p| matches!(p, Some(p) if p.t == t))
    }
}

// Tags: what a part or a turn did (for the comparison's statistics and the self-tests).
pub const CAPTURE: u32 = 1;
pub const PROMOTION: u32 = 1 << 1;
pub const TO_EE: u32 = 1 << 2;
pub const RELAYED: u32 = 1 << 3;
pub const IGUI: u32 = 1 << 4;
pub const PASS: u32 = 1 << 5;
pub const SWAP: u32 = 1 << 6;
pub const CONVERT: u32 = 1 << 7;
pub const PUSH: u32 = 1 << 8;
pub const PULL: u32 = 1 << 9;
pub const BIRTH: u32 = 1 << 10;
pub const SUICIDE: u32 = 1 << 11;
pub const KAMIKAZE: u32 = 1 << 12;
pub const APPROACH: u32 = 1 << 13;
pub const COMMUNIST: u32 = 1 << 14;
pub const ROYALIST: u32 = 1 << 15;
pub const TELEPORT: u32 = 1 << 16;
pub const DOUBLED: u32 = 1 << 17;
pub const POISONED: u32 = 1 << 18;
pub const BURNT: u32 = 1 << 19;
pub const HOP: u32 = 1 << 20;
pub const LINE: u32 = 1 << 21;
pub const TANK: u32 = 1 << 22;
/// A Tank pushed a friend off the board (1999).
pub const OFF_BOARD: u32 = 1 << 23;

pub const TAG_NAMES: [&str; 24] = [
    "capture",
    "promotion",
    "to EE",
    "relayed",
    "igui",
    "pass",
    "swap",
    "convert",
    "push",
    "pull",
    "birth",
    "suicide",
    "kamikaze",
    "approach",
    "communist",
    "royalist",
    "teleport",
    "doubled",
    "poisoned",
    "burnt",
    "hop",
    "line",
    "tank",
    "off board",
];

/// One part of a turn.
#[derive(Clone)]
pub struct Part {
    pub board: Wb,
    /// Where the acting piece stands after the part (`None`: it is gone).
    pub at: Option<Sq>,
    /// The acting piece's displacement: destination, and whether it captured an enemy standing
    /// there (the "already has the relayed power" rule compares these).
    pub disp: Option<(Sq, bool)>,
    /// A second part may follow (false after a Halmopper's multi-hop, or when the piece is gone).
    pub cont: bool,
    pub irreversible: bool,
    pub tags: u32,
}

pub const ORTH: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const DIAG: [Sq; 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
pub const QUEEN: [Sq; 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
pub const KNIGHT: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// True if `v` lies on the segment from `a` to `b`, strictly inside it.
fn strictly_between(a: Sq, b: Sq, v: Sq) -> bool {
    let (tx, ty) = ((b.0 - a.0) as i32, (b.1 - a.1) as i32);
    let (vx, vy) = ((v.0 - a.0) as i32, (v.1 - a.1) as i32);
    let dot = tx * vx + ty * vy;
    tx * vy == ty * vx && dot > 0 && dot < tx * tx + ty * ty
}

pub fn neighbours(s: Sq) -> impl Iterator<Item = Sq> {
    QUEEN.into_iter().map(move |d| add(s, d)).filter(|&n| on(n))
}

pub fn in_zone(c: Color, s: Sq) -> bool {
    match c {
        Color::Blue => s.1 >= 10,
        Color::Tan => s.1 <= 5,
    }
}

pub struct Gen<'a> {
    pub w: &'a Wb,
    pub a: Sq,
    pub pc: Pc,
    pub out: Vec<Part>,
}

impl<'a> Gen<'a> {
    pub fn new(w: &'a Wb, a: Sq) -> Gen<'a> {
        Gen {
            w,
            a,
            pc: w.at(a).expect("a piece acts"),
            out: Vec::new(),
        }
    }
    pub(super) fn c(&self) -> Color {
        self.pc.c
    }
    pub(super) fn part(
        &mut self,
        board: Wb,
        at: Option<Sq>,
        disp: Option<(Sq, bool)>,
        irr: bool,
        tags: u32,
    ) {
        self.out.push(Part {
            board,
            cont: at.is_some(),
            at,
            disp,
            irreversible: irr,
            tags,
        });
    }

    /// The acting piece goes from `a` to `to` (they may be equal), removing `victims` and whatever
    /// enemy stands on `to`, converting `converts`. `own`: under its own power (promotion, the
    /// Fiery Dragon's approach, the Communist's capture, the Kamikaze's death apply; in 1999 the
    /// Kamikaze dies with a relayed power too, and the Dragon's and the Communist's captures are
    /// optional: the move is also made without them).
    pub fn go(
        &mut self,
        to: Sq,
        victims: &[Sq],
        converts: &[Sq],
        own: bool,
        cont: bool,
        tags: u32,
    ) {
        let took = self.go_with(to, victims, converts, own, cont, tags, true);
        if took && self.w.ed == Edition::J1999 {
            self.go_with(to, victims, converts, own, cont, tags, false);
        }
    }

    /// `go`, with (`side_captures`) or without the Fiery Dragon's and the Communist's captures
    /// around the arrival square; returns whether there were any.
    #[allow(clippy::too_many_arguments)]
    fn go_with(
        &mut self,
        to: Sq,
        victims: &[Sq],
        converts: &[Sq],
        own: bool,
        cont: bool,
        tags: u32,
        side_captures: bool,
    ) -> bool {
        let (a, pc, c) = (self.a, self.pc, self.pc.c);
        let captured_to = to != a && self.w.enemy(to, c);
        let friend_to = to != a && self.w.friend(to, c);
        let mut nb = self.w.clone();
        let mut tags = tags;
        for &v in victims {
            nb.set(v, None);
        }
        for &v in converts {
            let mut p = nb.at(v).expect("a piece converts");
            p.c = c;
            nb.set(v, Some(p));
            tags |= CONVERT;
        }
        nb.set(a, None);
        nb.set(to, Some(pc));
        let mut captured = captured_to || friend_to || !victims.is_empty();
        let mut at = Some(to);
        let mut took = false;
        if own {
            match pc.t {
                "FiD" => {
                    for n in neighbours(to) {
                        if nb.enemy(n, c) {
                            took = true;
                            if side_captures {
                                nb.set(n, None);
                                captured = true;
                                tags |= APPROACH;
                            }
                        }
                    }
                }
                "Cst" => {
                    for n in neighbours(to) {
                        if matches!(nb.at(n), Some(p) if is_promoted(p.t)) {
                            took = true;
                            if side_captures {
                                nb.set(n, None);
                                captured = true;
                                tags |= COMMUNIST;
                            }
                        }
                    }
                }
                _ => {}
            }
        } else {
            tags |= RELAYED;
        }
        // 2009: only under its own power; 1999: "if Kamikaze captures an opposing piece, the
        // Kamikaze is captured too", relayed powers included.
        if pc.t == "Kam" && captured && (own || self.w.ed == Edition::J1999) {
            nb.set(to, None);
            at = None;
            tags |= KAMIKAZE;
        }
        if captured {
            tags |= CAPTURE;
        }
        // A move that jumps a piece it captures (a hop capture, a Longleaper's or Typhoon's run) is
        // not a plain displacement for the "already has" rule (docs/rules/jupiter.md).
        let jumps = victims.iter().any(|&v| strictly_between(a, to, v));
        let disp = (!friend_to && !jumps).then_some((to, captured_to));
        let promote = own && at.is_some() && (in_zone(c, a) || in_zone(c, to));
        if promote && let Some(mut t) = promotes_to(pc.t) {
            let mut extra = PROMOTION;
            if pc.t == "K" && nb.any("Em") {
                t = "EE";
                extra |= TO_EE;
            }
            let mut pb = nb.clone();
            pb.set(to, Some(Pc { t, ..pc }));
            self.out.push(Part {
                board: pb,
                at,
                disp,
                cont,
                irreversible: true,
                tags: tags | extra,
            });
        }
        self.out.push(Part {
            board: nb,
            at,
            disp,
            cont: cont && at.is_some(),
            irreversible: captured,
            tags,
        });
        took
    }

    /// An own move or capture of the plain kind.
    pub(super) fn to(&mut self, to: Sq) {
        self.go(to, &[], &[], true, true, 0);
    }
    /// Captures `v` without moving.
    pub(super) fn igui(&mut self, v: Sq) {
        let mut nb = self.w.clone();
        nb.set(v, None);
        self.part(nb, Some(self.a), None, true, IGUI | CAPTURE);
    }
    pub(super) fn pass(&mut self) {
        self.out.push(Part {
            board: self.w.clone(),
            at: Some(self.a),
            disp: None,
            cont: false,
            irreversible: false,
            tags: PASS,
        });
    }

    /// Every own move of the piece (the caller decides whether it may move at all).
    pub fn own(mut self) -> Vec<Part> {
        self.plain();
        self.special();
        self.out
    }

    fn plain(&mut self) {
        let c = self.c();
        for atom in plain_in(self.pc.t, self.w.ed) {
            for &v in &atom.v {
                let d = turn(c, v);
                let mut s = self.a;
                for _ in 0..atom.range {
                    s = add(s, d);
                    if !on(s) {
                        break;
                    }
                    match self.w.at(s) {
                        None => {
                            if atom.mode != Mode::Capture {
                                self.to(s);
                            }
                        }
                        Some(p) => {
                            if p.c != c && atom.mode != Mode::Move {
                                self.to(s);
                            }
                            break;
                        }
                    }
                }
            }
        }
    }

    /// A ride from `from` in direction `d` (at most `max` steps; stops on a capture, blocked by
    /// any piece), every square reached given to `f` (its index from 1, and whether it is empty).
    pub(super) fn ride(&self, from: Sq, d: Sq, max: i8, mut f: impl FnMut(Sq, i8, bool)) {
        let mut s = from;
        for k in 1..=max {
            s = add(s, d);
            if !on(s) || self.w.friend(s, self.c()) && s != self.a {
                return;
            }
            let empty = s == self.a || self.w.at(s).is_none();
            f(s, k, empty);
            if !empty {
                return;
            }
        }
    }

    /// A ride whose squares are all given as destinations.
    pub(super) fn ride_to(&mut self, from: Sq, d: Sq, max: i8, min: i8) {
        let mut dests = Vec::new();
        self.ride(from, d, max, |s, k, _| {
            if k >= min {
                dests.push(s)
            }
        });
        for s in dests {
            self.to(s);
        }
    }

    /// Every square of a zigzag path alternating `d1`, `d2` (Boyscout, Girlscout).
    pub(super) fn zigzag(&mut self, d1: Sq, d2: Sq) {
        let mut s = self.a;
        for i in 0.. {
            s = add(s, if i % 2 == 0 { d1 } else { d2 });
            if !on(s) || self.w.friend(s, self.c()) {
                return;
            }
            self.to(s);
            if self.w.at(s).is_some() {
                return;
            }
        }
    }
}
