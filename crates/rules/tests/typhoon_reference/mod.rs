//! A naive second move generator for Typhoon, used only by tests.
//!
//! Written from the rules texts and docs/rules/typhoon.md, sharing nothing with the library's move
//! generation: the board is a plain 12x12 array of `(Color, abbreviation)`, every piece's powers are
//! spelled out below as vector lists and small walks, and a move is represented only by its
//! effect: the square it is made from and the board it leaves. The library's moves are compared by
//! making them and reading the board back, so the two sides need not agree on how a move is encoded.
#![allow(dead_code)]

use jovian_rules::{Color, Position, Setup, Square, Variant};

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
            chess: None,
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
        "De" => vec![p(2, 0, all, 1, Both), p(2, 2, all, 1, Both)],
        "SG" => vec![p(1, 1, all, 1, Both), p(0, 1, fwd, 1, Both)],
        "CG" => vec![p(1, 1, fwd, 1, Both), p(0, 1, vert, 1, Both)],
        "DE" => vec![
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
        "De" => "Ha",
        "SG" => "Vu",
        "CG" => "Ib",
        "DE" => "EP",
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

mod generate;
pub use generate::*;
