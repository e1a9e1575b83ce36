//! A naive second move generator for Typhoon, used only by tests.
//!
//! Written from the rules texts and docs/rules/typhoon.md, sharing nothing with the library's move
//! generation: the board is a plain 12x12 array of `(Color, abbreviation)`, every piece's powers are
//! spelled out below as vector lists and small walks, and a move is represented only by its
//! effect: the square it is made from and the board it leaves. The library's moves are compared by
//! making them and reading the board back, so the two sides need not agree on how a move is encoded.
#![allow(dead_code)]

use std::collections::BTreeSet;

use jovian_rules::{Color, Move, Position, Setup, Square, Variant, WinReason};

pub const N: i8 = 12;
pub type Sq = (i8, i8);
pub type Cell = Option<(Color, &'static str)>;

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Board {
    /// `cells[rank][file]`.
    pub cells: [[Cell; 12]; 12],
    pub side: Color,
}

fn on(sq: Sq) -> bool {
    (0..N).contains(&sq.0) && (0..N).contains(&sq.1)
}

fn add(a: Sq, b: Sq) -> Sq {
    (a.0 + b.0, a.1 + b.1)
}

pub fn name(sq: Sq) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
}

impl Board {
    pub fn at(&self, sq: Sq) -> Cell {
        if on(sq) {
            self.cells[sq.1 as usize][sq.0 as usize]
        } else {
            None
        }
    }
    fn set(&mut self, sq: Sq, c: Cell) {
        self.cells[sq.1 as usize][sq.0 as usize] = c;
    }
    pub fn from_position(pos: &Position) -> Board {
        let v = pos.variant();
        let mut b = Board {
            cells: [[None; 12]; 12],
            side: pos.side_to_move(),
        };
        for (color, kind, sq) in pos.pieces() {
            b.set(
                (sq.file() as i8, sq.rank() as i8),
                Some((color, v.abbr(kind))),
            );
        }
        b
    }
    pub fn to_position(&self, v: &'static Variant) -> Position {
        let mut pieces = Vec::new();
        for r in 0..N {
            for f in 0..N {
                if let Some((c, a)) = self.at((f, r)) {
                    pieces.push((
                        c,
                        v.kind_by_abbr(a).expect(a),
                        Square::new(f as u8, r as u8),
                    ));
                }
            }
        }
        Position::from_setup(&Setup {
            variant: v,
            pieces,
            to_move: self.side,
        })
        .expect("a valid position")
    }
    fn squares(&self) -> impl Iterator<Item = Sq> {
        (0..N).flat_map(|r| (0..N).map(move |f| (f, r)))
    }
}

impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in (0..N).rev() {
            for file in 0..N {
                match self.at((file, r)) {
                    Some((Color::Blue, a)) => write!(f, "{a:<4}")?,
                    Some((Color::Tan, a)) => write!(f, "{:<4}", a.to_lowercase())?,
                    None => write!(f, ".   ")?,
                }
            }
            writeln!(f, " {}", r + 1)?;
        }
        writeln!(f, "{:?} to move", self.side)
    }
}

// ---------------------------------------------------------------------------------------------
// The pieces, from the texts

#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    Both,
    MoveOnly,
    CaptureOnly,
}
use Mode::*;

/// A plain power: vectors (Blue's frame, forward = +y), range (1 = leap), mode.
struct Plain {
    vectors: Vec<Sq>,
    range: i8,
    mode: Mode,
}

/// All sign and order variants of (a, b) that `keep` accepts.
fn sym(a: i8, b: i8, keep: fn(Sq) -> bool) -> Vec<Sq> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let w = (x * sx, y * sy);
            if keep(w) && !out.contains(&w) {
                out.push(w);
            }
        }
    }
    out
}
fn all(_: Sq) -> bool {
    true
}
fn fwd(v: Sq) -> bool {
    v.1 > 0
}
fn back(v: Sq) -> bool {
    v.1 < 0
}
fn side(v: Sq) -> bool {
    v.1 == 0
}
fn vert(v: Sq) -> bool {
    v.0 == 0
}
fn p(a: i8, b: i8, keep: fn(Sq) -> bool, range: i8, mode: Mode) -> Plain {
    Plain {
        vectors: sym(a, b, keep),
        range,
        mode,
    }
}
fn king() -> Vec<Plain> {
    vec![p(1, 0, all, 1, Both), p(1, 1, all, 1, Both)]
}
fn step(mode: Mode) -> Vec<Plain> {
    vec![p(1, 0, all, 1, mode), p(1, 1, all, 1, mode)]
}
fn queen(range: i8, mode: Mode) -> Vec<Plain> {
    vec![p(1, 0, all, range, mode), p(1, 1, all, range, mode)]
}

/// The plain (table) powers of each type; the hooks are in `hooks` below.
fn plain(t: &str) -> Vec<Plain> {
    let mut v: Vec<Plain> = match t {
        "FH" => vec![p(0, 1, fwd, N, Both), p(1, 2, back, 1, Both)],
        "GW" => vec![p(0, 1, fwd, N, Both), p(1, 1, back, 1, Both)],
        "Ma" => vec![p(1, 0, all, 1, Both), p(2, 1, all, 1, Both)],
        "Pr" => vec![p(1, 1, all, 1, Both), p(2, 1, all, 1, Both)],
        "St" => vec![p(1, 0, all, 1, CaptureOnly), p(2, 2, all, 1, Both)],
        "Go" => vec![p(1, 1, all, 1, MoveOnly), p(2, 0, all, 1, Both)],
        "Ci" => step(MoveOnly),
        "Sa" | "K" | "Co" => king(),
        "GG" => vec![p(1, 0, all, 1, Both), p(1, 1, fwd, 1, Both)],
        "FL" => vec![p(1, 1, all, 1, Both), p(0, 1, vert, 1, Both)],
        "Cu" | "Hu" => vec![
            p(1, 0, side, 1, Both),
            p(0, 1, back, 1, Both),
            p(0, 2, fwd, 1, Both),
        ],
        "C" => vec![p(3, 1, all, 1, Both)],
        "BD" => vec![p(1, 1, all, 3, Both)],
        "A" => vec![p(2, 2, all, 1, Both)],
        "D" => vec![p(2, 0, all, 1, Both)],
        "W" => vec![p(1, 0, all, 1, Both)],
        "F" => vec![p(1, 1, all, 1, Both)],
        "Ot" => vec![
            p(1, 1, all, 1, Both),
            p(1, 0, side, 4, Both),
            p(0, 1, fwd, 1, Both),
        ],
        "Be" => vec![
            p(1, 1, fwd, 1, Both),
            p(1, 0, side, 4, Both),
            p(0, 1, back, N, Both),
            p(0, 1, fwd, 1, Both),
        ],
        "Ov" => step(MoveOnly),
        "Ch" => vec![p(1, 0, all, 4, Both)],
        "N" => vec![p(2, 1, all, 1, Both)],
        "Der" => vec![p(2, 0, all, 1, Both), p(2, 2, all, 1, Both)],
        "SG" => vec![p(1, 1, all, 1, Both), p(0, 1, fwd, 1, Both)],
        "CG" => vec![p(1, 1, fwd, 1, Both), p(0, 1, vert, 1, Both)],
        "DEl" => vec![
            p(1, 1, all, 1, Both),
            p(0, 1, fwd, 1, Both),
            p(1, 0, side, 1, Both),
        ],
        "BT" => vec![
            p(1, 1, all, 1, Both),
            p(1, 0, side, 1, Both),
            p(0, 1, back, 1, Both),
        ],
        "Fu" => vec![p(0, 1, fwd, 1, Both)],
        "P" => vec![p(0, 1, fwd, 1, MoveOnly), p(1, 1, fwd, 1, CaptureOnly)],
        "Gu" => vec![p(1, 0, all, 1, MoveOnly), p(1, 1, all, 1, CaptureOnly)],
        "La" => vec![p(1, 1, fwd, 1, Both)],
        "Ba" => vec![p(0, 1, fwd, 1, Both), p(1, 0, side, 1, Both)],
        "FO" => vec![p(1, 1, all, N, Both), p(0, 1, vert, N, Both)],
        "FB" => vec![p(1, 1, all, N, Both), p(1, 0, side, N, Both)],
        "Ab" => vec![p(2, 1, all, 1, Both), p(1, 1, all, 4, Both)],
        "Du" => vec![p(2, 1, all, 1, Both), p(1, 0, all, 4, Both)],
        "Q" => queen(N, Both),
        "Li" => vec![
            p(1, 0, all, 1, Both),
            p(1, 1, all, 1, Both),
            p(2, 0, all, 1, Both),
            p(2, 1, all, 1, Both),
            p(2, 2, all, 1, Both),
        ],
        "Ge" => queen(3, Both),
        "HO" => vec![
            p(1, 1, all, 4, Both),
            p(2, 0, all, 1, Both),
            p(0, 1, fwd, 1, Both),
        ],
        "DO" => vec![
            p(1, 0, all, 4, Both),
            p(2, 2, all, 1, Both),
            p(1, 1, fwd, 1, Both),
        ],
        "Em" => vec![
            p(1, 0, all, 2, Both),
            p(1, 1, all, 2, Both),
            p(2, 1, all, 1, Both),
        ],
        "EE" => [
            (1, 0),
            (1, 1),
            (2, 0),
            (2, 1),
            (2, 2),
            (3, 0),
            (3, 1),
            (3, 2),
            (3, 3),
        ]
        .iter()
        .map(|&(a, b)| p(a, b, all, 1, Both))
        .collect(),
        "Wi" => vec![p(2, 1, all, 1, Both), p(3, 1, all, 1, Both)],
        "Lo" | "Im" => queen(N, MoveOnly),
        "Sq" => vec![
            p(2, 0, all, 1, Both),
            p(2, 1, all, 1, Both),
            p(2, 2, all, 1, Both),
        ],
        "Ce" => vec![
            p(1, 0, all, 1, Both),
            p(1, 1, all, 1, Both),
            p(2, 1, all, 1, Both),
        ],
        "Sc" => vec![p(1, 0, all, 1, Both), p(1, 1, all, N, Both)],
        "DK" => vec![p(1, 1, all, 1, Both), p(1, 0, all, N, Both)],
        "Za" => vec![p(1, 1, all, 1, Both), p(2, 2, all, 1, Both)],
        "Zi" => vec![p(1, 0, all, 1, Both), p(2, 0, all, 1, Both)],
        "Nr" => vec![p(2, 1, all, N, Both)],
        "Da" => vec![
            p(1, 0, all, 1, MoveOnly),
            p(1, 1, all, 1, MoveOnly),
            p(2, 0, all, N, Both),
            p(2, 2, all, N, Both),
        ],
        "R" => vec![p(1, 0, all, N, Both)],
        "Ha" => queen(3, MoveOnly),
        "Vu" => vec![
            p(1, 1, all, N, MoveOnly),
            p(1, 0, all, N, CaptureOnly),
            p(1, 0, all, 1, Both),
            p(1, 1, all, 1, Both),
        ],
        "Ib" => vec![
            p(1, 0, all, N, MoveOnly),
            p(1, 1, all, N, CaptureOnly),
            p(1, 0, all, 1, Both),
            p(1, 1, all, 1, Both),
        ],
        "EP" => vec![
            p(1, 0, all, 1, MoveOnly),
            p(1, 1, all, 1, MoveOnly),
            p(2, 1, all, 1, CaptureOnly),
            p(2, 2, all, 1, CaptureOnly),
        ],
        "TP" => vec![
            p(1, 0, all, 1, MoveOnly),
            p(1, 1, all, 1, MoveOnly),
            p(2, 0, all, 1, CaptureOnly),
            p(2, 1, all, 1, CaptureOnly),
        ],
        "Z" => vec![p(3, 2, all, 1, Both)],
        "Ta" => vec![
            p(1, 1, all, 1, Both),
            p(3, 0, all, 1, Both),
            p(1, 0, all, 1, CaptureOnly),
        ],
        "B" => vec![p(1, 1, all, N, Both)],
        "Pa" => vec![p(1, 0, all, 1, Both), p(2, 0, all, 1, Both)],
        "Ra" => vec![p(1, 1, all, 1, Both), p(2, 2, all, 1, Both)],
        // Whole moves by hooks: Mi, So, Un, Oc, Sp, Ty (its Q3 is in the hook), Wa (jR, below).
        "Mi" | "So" | "Un" | "Oc" | "Sp" | "Ty" | "Wa" => vec![],
        other => panic!("{other} is not a Typhoon piece"),
    };
    v.retain(|pl| !pl.vectors.is_empty());
    v
}

/// "Promotes to" of the text's table; promoted types never promote again.
pub fn promotes_to(t: &str) -> Option<&'static str> {
    Some(match t {
        "FH" => "FO",
        "GW" => "FB",
        "Ma" => "Ab",
        "Pr" => "Du",
        "St" => "Q",
        "Go" => "Li",
        "Ci" => "Ty",
        "Sa" => "Ge",
        "GG" => "HO",
        "FL" => "DO",
        "K" => "Em",
        "Co" => "Wi",
        "Cu" => "Lo",
        "Hu" => "Im",
        "C" => "Sq",
        "BD" => "Ce",
        "A" => "Sc",
        "D" => "DK",
        "W" => "Za",
        "F" => "Zi",
        "Ot" => "Mi",
        "Be" => "So",
        "Ov" => "Nr",
        "Un" => "Da",
        "Ch" => "Oc",
        "Wa" => "Sp",
        "N" => "R",
        "Der" => "Ha",
        "SG" => "Vu",
        "CG" => "Ib",
        "DEl" => "EP",
        "BT" => "TP",
        "Fu" => "Z",
        "P" => "Ta",
        "Gu" => "B",
        "La" => "Pa",
        "Ba" => "Ra",
        _ => return None,
    })
}

pub fn is_royal(t: &str) -> bool {
    matches!(t, "K" | "Em" | "EE" | "EP" | "TP")
}

fn in_zone(c: Color, sq: Sq) -> bool {
    match c {
        Color::Blue => sq.1 >= 8,
        Color::Tan => sq.1 <= 3,
    }
}

/// A vector of Blue's frame turned for `c` (Tan faces the other way).
fn turn(c: Color, v: Sq) -> Sq {
    match c {
        Color::Blue => v,
        Color::Tan => (-v.0, -v.1),
    }
}

const QUEEN_DIRS: [Sq; 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

// ---------------------------------------------------------------------------------------------
// Move generation: every legal move as (from-square, board after it)

/// One legal move: the square it is made from and the board it leaves (Tan to move after Blue).
pub type Effect = (Sq, Board);

fn enemy_of(b: &Board, sq: Sq, c: Color) -> bool {
    matches!(b.at(sq), Some((o, _)) if o != c)
}

fn friend_of(b: &Board, sq: Sq, c: Color) -> bool {
    matches!(b.at(sq), Some((o, _)) if o == c)
}

/// Next to an enemy Immobilizer: the piece may not move under its own power.
pub fn immobilized(b: &Board, sq: Sq) -> bool {
    let Some((c, _)) = b.at(sq) else {
        return false;
    };
    QUEEN_DIRS
        .iter()
        .any(|&d| matches!(b.at(add(sq, d)), Some((o, "Im")) if o != c))
}

struct Gen<'a> {
    b: &'a Board,
    c: Color,
    out: Vec<Effect>,
}

impl Gen<'_> {
    /// The board after the piece on `from` goes to `to` (they may be equal), `victims` removed.
    fn after(&self, from: Sq, to: Sq, victims: &[Sq], kind: &'static str) -> Board {
        let mut b = self.b.clone();
        for &v in victims {
            b.set(v, None);
        }
        b.set(from, None);
        b.set(to, Some((self.c, kind)));
        b.side = self.c.other();
        b
    }

    /// A move of the piece on `from` to `to` taking `victims`; with `may_promote`, the promoting
    /// twin too when it starts or ends in the zone.
    fn push(&mut self, from: Sq, to: Sq, victims: &[Sq], may_promote: bool) {
        let (_, t) = self.b.at(from).expect("a piece moves");
        let plain = self.after(from, to, victims, t);
        if may_promote
            && (in_zone(self.c, from) || in_zone(self.c, to))
            && let Some(mut promoted) = promotes_to(t)
        {
            if t == "K" {
                let emperor = plain
                    .squares()
                    .any(|s| matches!(plain.at(s), Some((_, "Em"))));
                promoted = if emperor { "EE" } else { "Em" };
            }
            self.out
                .push((from, self.after(from, to, victims, promoted)));
        }
        self.out.push((from, plain));
    }

    /// Plain rides and leaps of `t` standing on `from` (as if it stood there).
    fn plain_targets(&self, t: &str, from: Sq) -> Vec<(Sq, bool)> {
        let mut out = Vec::new();
        for pl in plain(t) {
            for &v in &pl.vectors {
                let d = turn(self.c, v);
                let mut s = from;
                for _ in 0..pl.range {
                    s = add(s, d);
                    if !on(s) {
                        break;
                    }
                    match self.b.at(s) {
                        None => {
                            if pl.mode != CaptureOnly {
                                out.push((s, false));
                            }
                        }
                        Some((o, _)) => {
                            if o != self.c && pl.mode != MoveOnly {
                                out.push((s, true));
                            }
                            break;
                        }
                    }
                }
            }
        }
        if t == "Wa" {
            // A Rook that may not stop on the adjacent square and is blocked there.
            for d in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if !on(add(from, d)) || self.b.at(add(from, d)).is_some() {
                    continue;
                }
                let mut s = add(from, d);
                loop {
                    s = add(s, d);
                    if !on(s) {
                        break;
                    }
                    match self.b.at(s) {
                        None => out.push((s, false)),
                        Some((o, _)) => {
                            if o != self.c {
                                out.push((s, true));
                            }
                            break;
                        }
                    }
                }
            }
        }
        out
    }

    fn piece(&mut self, from: Sq, t: &'static str) {
        let c = self.c;
        if immobilized(self.b, from) {
            // Self-capture is its only move of its own.
            let mut b = self.b.clone();
            b.set(from, None);
            b.side = c.other();
            self.out.push((from, b));
            return;
        }
        for (to, capture) in self.plain_targets(t, from) {
            let victims: &[Sq] = if capture { &[to] } else { &[] };
            self.push(from, to, victims, true);
        }
        self.hooks(from, t);
    }

    fn igui(&mut self, from: Sq, targets: &[Sq]) {
        for &d in targets {
            let s = add(from, turn(self.c, d));
            if enemy_of(self.b, s, self.c) {
                let (_, t) = self.b.at(from).unwrap();
                let b = self.after(from, from, &[s], t);
                self.out.push((from, b));
            }
        }
    }

    fn pass(&mut self, from: Sq) {
        let mut b = self.b.clone();
        b.side = self.c.other();
        self.out.push((from, b));
    }

    /// Over an adjacent enemy to the square beyond, which may be empty or hold a second enemy.
    fn double_hop(&mut self, from: Sq, dirs: &[Sq]) {
        for &d in dirs {
            let d = turn(self.c, d);
            let over = add(from, d);
            let to = add(over, d);
            if enemy_of(self.b, over, self.c) && on(to) && !friend_of(self.b, to, self.c) {
                let victims: Vec<Sq> = if self.b.at(to).is_some() {
                    vec![over, to]
                } else {
                    vec![over]
                };
                self.push(from, to, &victims, true);
            }
        }
    }

    /// Over an adjacent enemy to the empty square beyond (Overtaker, Zig, Zag).
    fn hop_capture(&mut self, from: Sq, dirs: &[Sq]) {
        for &d in dirs {
            let over = add(from, d);
            let to = add(over, d);
            if enemy_of(self.b, over, self.c) && on(to) && self.b.at(to).is_none() {
                self.push(from, to, &[over], true);
            }
        }
    }

    fn hooks(&mut self, from: Sq, t: &'static str) {
        const ORTHO: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        const DIAG: [Sq; 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
        let c = self.c;
        match t {
            "Ci" => {
                // Q3 that must hop one or two pieces (of either side) on the way.
                for d in QUEEN_DIRS {
                    let mut hopped = 0;
                    for k in 1..=3 {
                        let s = (from.0 + d.0 * k, from.1 + d.1 * k);
                        if !on(s) {
                            break;
                        }
                        if k >= 2 && hopped > 0 && !friend_of(self.b, s, c) {
                            let victims: Vec<Sq> = self.b.at(s).map(|_| s).into_iter().collect();
                            self.push(from, s, &victims, true);
                        }
                        if self.b.at(s).is_some() {
                            hopped += 1;
                        }
                    }
                }
            }
            "Sa" => {
                // Noncapturing Q4 (2-4 steps) landing next to a friend (not itself).
                for d in QUEEN_DIRS {
                    for k in 1..=4 {
                        let s = (from.0 + d.0 * k, from.1 + d.1 * k);
                        if !on(s) || self.b.at(s).is_some() {
                            break;
                        }
                        let next_to_friend = QUEEN_DIRS.iter().any(|&e| {
                            let n = add(s, e);
                            n != from && friend_of(self.b, n, c)
                        });
                        if k >= 2 && next_to_friend {
                            self.push(from, s, &[], true);
                        }
                    }
                }
            }
            "Ty" => {
                // Queen up to 3 steps, taking every enemy it passes; a friend stops it.
                for d in QUEEN_DIRS {
                    let mut victims = Vec::new();
                    for k in 1..=3 {
                        let s = (from.0 + d.0 * k, from.1 + d.1 * k);
                        if !on(s) || friend_of(self.b, s, c) {
                            break;
                        }
                        if self.b.at(s).is_some() {
                            victims.push(s);
                        }
                        self.push(from, s, &victims, true);
                    }
                }
            }
            "Ge" => self.igui(from, &QUEEN_DIRS),
            "HO" => {
                self.igui(from, &[(0, 1)]);
                self.double_hop(from, &[(0, 1)]);
                self.pass(from);
            }
            "DO" => {
                self.igui(from, &[(1, 1), (-1, 1)]);
                self.double_hop(from, &[(1, 1), (-1, 1)]);
                self.pass(from);
            }
            "Pa" | "Ra" => {
                let dirs = if t == "Pa" { ORTHO } else { DIAG };
                self.igui(from, &dirs);
                self.double_hop(from, &dirs);
                self.pass(from);
            }
            "EE" => {
                // Shooting: the first piece on each queen line, if an enemy, at any distance.
                for d in QUEEN_DIRS {
                    let mut s = add(from, d);
                    while on(s) && self.b.at(s).is_none() {
                        s = add(s, d);
                    }
                    if enemy_of(self.b, s, c) {
                        let b = self.after(from, from, &[s], t);
                        self.out.push((from, b));
                    }
                }
            }
            "Cu" => {
                for d in [(0, 1), (1, 0), (-1, 0), (0, -2)] {
                    let s = add(from, turn(c, d));
                    if let Some((o, kind)) = self.b.at(s).filter(|&(o, _)| o != c) {
                        let _ = o;
                        let mut b = self.b.clone();
                        b.set(s, Some((c, kind)));
                        b.side = c.other();
                        self.out.push((from, b));
                    }
                }
            }
            "Hu" => {
                for d in [(0, 1), (0, -1), (1, 0), (-1, 0), (0, 2), (0, -2)] {
                    let s = add(from, turn(c, d));
                    if let Some(other) = self.b.at(s) {
                        // The Hummingbird may promote; the piece it moves never does.
                        for kind in ["Hu", "Im"] {
                            if kind == "Im" && !(in_zone(c, from) || in_zone(c, s)) {
                                continue;
                            }
                            let mut b = self.b.clone();
                            b.set(s, Some((c, kind)));
                            b.set(from, Some(other));
                            b.side = c.other();
                            self.out.push((from, b));
                        }
                    }
                }
            }
            "Lo" => {
                for d in QUEEN_DIRS {
                    let mut victims = Vec::new();
                    let mut s = add(from, d);
                    while on(s) {
                        match self.b.at(s) {
                            None => {
                                if !victims.is_empty() {
                                    self.push(from, s, &victims, true);
                                }
                            }
                            Some((o, _)) if o != c => {
                                let beyond = add(s, d);
                                if !on(beyond) || self.b.at(beyond).is_some() {
                                    break;
                                }
                                victims.push(s);
                            }
                            Some(_) => break,
                        }
                        s = add(s, d);
                    }
                }
            }
            "Mi" | "So" => {
                for d in QUEEN_DIRS {
                    for k in 1..=2 {
                        let s = (from.0 + d.0 * k, from.1 + d.1 * k);
                        if !on(s) || self.b.at(s).is_some() {
                            break;
                        }
                        let beyond = add(s, d);
                        let enemy_beyond = enemy_of(self.b, beyond, c);
                        if t == "Mi" {
                            let mut b = self.after(from, s, &[], t);
                            if enemy_beyond {
                                let (_, kind) = self.b.at(beyond).unwrap();
                                b.set(beyond, Some((c, kind)));
                            }
                            self.out.push((from, b));
                        } else {
                            let mut victims = Vec::new();
                            let mut v = beyond;
                            while enemy_of(self.b, v, c) {
                                victims.push(v);
                                v = add(v, d);
                            }
                            self.push(from, s, &victims, true);
                        }
                    }
                }
            }
            "Un" => {
                for d in QUEEN_DIRS {
                    let to = add(from, d);
                    if !on(to) || self.b.at(to).is_some() {
                        continue;
                    }
                    let behind = (from.0 - d.0, from.1 - d.1);
                    let victims: Vec<Sq> = if enemy_of(self.b, behind, c) {
                        vec![behind]
                    } else {
                        vec![]
                    };
                    self.push(from, to, &victims, true);
                }
            }
            "Ov" => self.hop_capture(from, &QUEEN_DIRS),
            "Za" => self.hop_capture(from, &ORTHO),
            "Zi" => self.hop_capture(from, &DIAG),
            "Oc" | "Sp" => {
                let (firsts, thens) = if t == "Oc" {
                    (DIAG, ORTHO)
                } else {
                    (ORTHO, DIAG)
                };
                for f in firsts {
                    let first = add(from, f);
                    if !on(first) || self.b.at(first).is_some() {
                        continue;
                    }
                    self.push(from, first, &[], true);
                    for th in thens.iter().filter(|th| th.0 * f.0 + th.1 * f.1 > 0) {
                        let mut s = first;
                        loop {
                            s = add(s, *th);
                            if !on(s) || friend_of(self.b, s, c) {
                                break;
                            }
                            if self.b.at(s).is_some() {
                                self.push(from, s, &[s], true);
                                break;
                            }
                            self.push(from, s, &[], true);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// The piece on `from` can go to `to` by a move of its own (ending there, whatever else the
    /// move does): then a relayer's lending of that move is the piece's own move (T: "already has
    /// the movement capability in question").
    fn own_move_lands(&self, from: Sq, to: Sq) -> bool {
        let (_, t) = self.b.at(from).expect("a piece");
        let mut own = Gen {
            b: self.b,
            c: self.c,
            out: Vec::new(),
        };
        own.piece(from, t);
        own.out.iter().any(|(_, after)| {
            after.at(from).is_none() && matches!(after.at(to), Some((o, _)) if o == self.c)
        })
    }

    /// Moves lent by the Dervish or Harpy on `relayer` to friends; a move the friend can make by its
    /// own table powers (and it is free to) is its own, not lent.
    fn relays(&mut self, relayer: Sq, t: &str) {
        let c = self.c;
        let mut lends: Vec<(Sq, Sq)> = Vec::new();
        if t == "Der" {
            // T's "that is": a neighbour leaps to the opposite side of the Dervish, or an orthogonal
            // neighbour steps diagonally round it (docs/rules/scirocco.md reads it the same way).
            for d in QUEEN_DIRS {
                let friend = add(relayer, d);
                if !friend_of(self.b, friend, c) {
                    continue;
                }
                lends.push((friend, (relayer.0 - d.0, relayer.1 - d.1)));
                if d.0 == 0 || d.1 == 0 {
                    for p in [(d.1, d.0), (-d.1, -d.0)] {
                        lends.push((friend, add(relayer, p)));
                    }
                }
            }
        } else {
            for d in QUEEN_DIRS {
                for k in 1..=3 {
                    let s = (relayer.0 + d.0 * k, relayer.1 + d.1 * k);
                    if !on(s) {
                        break;
                    }
                    if self.b.at(s).is_none() {
                        continue;
                    }
                    if friend_of(self.b, s, c) {
                        for n in sym(2, 1, all) {
                            lends.push((s, add(s, n)));
                        }
                    }
                    break;
                }
            }
        }
        for (friend, to) in lends {
            if !on(to) || friend_of(self.b, to, c) {
                continue;
            }
            let capture = self.b.at(to).is_some();
            if !immobilized(self.b, friend) && self.own_move_lands(friend, to) {
                continue;
            }
            let victims: Vec<Sq> = if capture { vec![to] } else { vec![] };
            self.push(friend, to, &victims, false);
        }
    }
}

/// Every move of the side to move by the pieces' powers, as effects (duplicates merged).
pub fn pseudo_moves(b: &Board) -> BTreeSet<Effect> {
    let mut g = Gen {
        b,
        c: b.side,
        out: Vec::new(),
    };
    for sq in b.squares() {
        if let Some((o, t)) = b.at(sq)
            && o == b.side
        {
            g.piece(sq, t);
            if matches!(t, "Der" | "Ha") && !immobilized(b, sq) {
                g.relays(sq, t);
            }
        }
    }
    g.out.into_iter().collect()
}

/// The end decided by the pieces: the side to move is examined first.
pub fn material_outcome(b: &Board) -> Option<(Color, WinReason)> {
    for c in [b.side, b.side.other()] {
        let mine: Vec<&str> = b
            .squares()
            .filter_map(|s| b.at(s).filter(|p| p.0 == c).map(|p| p.1))
            .collect();
        if !mine.iter().any(|t| is_royal(t)) {
            return Some((c.other(), WinReason::RoyalCaptured));
        }
        if mine.len() == 1 {
            return Some((c.other(), WinReason::Bared));
        }
    }
    None
}

/// A game: the board and every position so far, for the repetition rule.
#[derive(Clone)]
pub struct RefGame {
    pub board: Board,
    pub history: Vec<Board>,
}

impl RefGame {
    pub fn new(board: Board) -> RefGame {
        RefGame {
            history: vec![board.clone()],
            board,
        }
    }
    /// The legal moves: none once the game is decided by the pieces; no move may make a position
    /// occur a third time.
    pub fn legal(&self) -> BTreeSet<Effect> {
        if material_outcome(&self.board).is_some() {
            return BTreeSet::new();
        }
        pseudo_moves(&self.board)
            .into_iter()
            .filter(|(_, after)| self.history.iter().filter(|h| *h == after).count() < 2)
            .collect()
    }
    pub fn play(&mut self, after: Board) {
        self.history.push(after.clone());
        self.board = after;
    }
}

/// The library's legal moves as effects, each with the move.
pub fn library_effects(pos: &mut Position) -> Vec<(Effect, Move)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            pos.make(m);
            let after = Board::from_position(pos);
            pos.unmake();
            (((m.from.file() as i8, m.from.rank() as i8), after), m)
        })
        .collect()
}
