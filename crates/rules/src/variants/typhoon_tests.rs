//! Typhoon's table, setups, and each piece's moves from f6 on an otherwise empty board (Blue King
//! a1, Tan King l12). The expected squares come from a small independent description of each piece
//! (vector sets and ranges written out here), not from the Betza parser.

use std::collections::BTreeSet;

use super::*;
use crate::position::Setup;

fn v() -> &'static Variant {
    variant()
}

fn sq(name: &str) -> Square {
    v().geometry.parse_square(name).unwrap()
}

/// A position from "Abbr square, ..." lists, Blue to move.
pub(crate) fn board(blue: &str, tan: &str) -> Position {
    let mut pieces = Vec::new();
    for (color, list) in [(Color::Blue, blue), (Color::Tan, tan)] {
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (abbr, s) = item.split_once(' ').unwrap();
            let kind = v().kind_by_abbr(abbr).unwrap_or_else(|| panic!("{abbr}"));
            pieces.push((color, kind, sq(s)));
        }
    }
    Position::from_setup(&Setup {
        variant: v(),
        pieces,
        to_move: Color::Blue,
    })
    .unwrap()
}

fn moves_of(pos: &mut Position, from: &str) -> Vec<Move> {
    let mut all = Vec::new();
    pos.legal_moves(&mut all);
    all.into_iter().filter(|m| m.from == sq(from)).collect()
}

fn destinations(pos: &mut Position, from: &str) -> BTreeSet<String> {
    moves_of(pos, from)
        .into_iter()
        .map(|m| v().square_name(m.to))
        .collect()
}

#[test]
fn table_has_75_types_and_every_promotion_resolves() {
    assert_eq!(v().pieces.len(), 75);
    let unpromoted: Vec<_> = v().pieces.iter().filter(|p| !p.promoted).collect();
    assert_eq!(unpromoted.len(), 37);
    assert!(unpromoted.iter().all(|p| p.promotes_to.is_some()));
    assert!(
        v().pieces
            .iter()
            .filter(|p| p.promoted)
            .all(|p| p.promotes_to.is_none())
    );
    let royals: Vec<_> = v()
        .pieces
        .iter()
        .filter(|p| p.royal)
        .map(|p| p.abbr)
        .collect();
    assert_eq!(royals, ["K", "Em", "EE", "EP", "TP"]);
}

#[test]
fn default_array_puts_the_first_named_piece_on_the_first_square() {
    let placed = build_setup(v(), "default").unwrap();
    assert_eq!(placed.len(), 92);
    let at = |c: Color, s: &str| {
        placed
            .iter()
            .find(|p| p.0 == c && p.2 == sq(s))
            .map(|p| v().abbr(p.1))
    };
    let blue = "FH a1; GW l1; Ma b1; Pr k1; St c1; Go j1; Ci d1; Sa i1; GG e1; FL h1; K f1; Co g1; \
                Cu a2; Hu l2; C c2; BD j2; A e2; D h2; W f2; F g2; Ot a3; Be l3; Ov b3; Un k3; \
                Ch c3; Wa j3; N d3; Der i3; SG e3; CG h3; DEl f3; BT g3; Fu a4; P b4; P c4; Gu d4; \
                P e4; P h4; Gu i4; P k4; Fu l4; La d5; Ba i5";
    for item in blue.split(';') {
        let (abbr, s) = item.trim().split_once(' ').unwrap();
        assert_eq!(at(Color::Blue, s), Some(abbr), "Blue {abbr} {s}");
        let t = v().square_name(v().geometry.rotate(sq(s)));
        assert_eq!(at(Color::Tan, &t), Some(abbr), "Tan {abbr} {t}");
    }
    for empty in ["b2", "d2", "i2", "k2", "a5", "e5", "l5"] {
        assert_eq!(at(Color::Blue, empty), None);
    }
    let mut pos = Position::start(v());
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(!moves.is_empty());
}

#[test]
fn setup_names_cover_both_symmetries() {
    assert_eq!(setup_names().len(), 2 * (1 << 17) + 1);
    let mir = build_setup(v(), "mir-00000100000000000").unwrap();
    // Regal pair swapped: Commoner f1, King g1; mirror: Tan King g12.
    assert!(mir.contains(&(Color::Blue, v().kind_by_abbr("K").unwrap(), sq("g1"))));
    assert!(mir.contains(&(Color::Tan, v().kind_by_abbr("K").unwrap(), sq("g12"))));
    assert!(build_setup(v(), "rot-0000").is_none());
}

/// Expected destinations of a Blue piece on f6 described by leaps and rides.
struct Expect {
    squares: BTreeSet<String>,
}

impl Expect {
    fn new() -> Expect {
        Expect {
            squares: BTreeSet::new(),
        }
    }
    /// All sign/swap variants of (a, b) passing `keep` (dy > 0 is forward).
    fn vectors(a: i8, b: i8, keep: &dyn Fn(i8, i8) -> bool) -> Vec<(i8, i8)> {
        let mut out = Vec::new();
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let w = (x * sx, y * sy);
                if keep(w.0, w.1) && !out.contains(&w) {
                    out.push(w);
                }
            }
        }
        out
    }
    /// Rides (max 1 = leap) of (a, b) vectors; `mv` / `cap` as Betza m / c.
    fn ride(
        mut self,
        a: i8,
        b: i8,
        max: i8,
        keep: &dyn Fn(i8, i8) -> bool,
        mv: bool,
        cap: bool,
    ) -> Self {
        for (dx, dy) in Expect::vectors(a, b, keep) {
            let (mut f, mut r) = (5i8, 5i8);
            for _ in 0..max {
                f += dx;
                r += dy;
                if !(0..12).contains(&f) || !(0..12).contains(&r) || (f, r) == (0, 0) {
                    break;
                }
                let name = v().square_name(Square::new(f as u8, r as u8));
                if (f, r) == (11, 11) {
                    if cap {
                        self.squares.insert(name);
                    }
                    break;
                }
                if mv {
                    self.squares.insert(name);
                }
            }
        }
        self
    }
    fn leap(self, a: i8, b: i8, keep: &dyn Fn(i8, i8) -> bool) -> Self {
        self.ride(a, b, 1, keep, true, true)
    }
}

fn any(_: i8, _: i8) -> bool {
    true
}
fn fwd(_: i8, y: i8) -> bool {
    y > 0
}
fn back(_: i8, y: i8) -> bool {
    y < 0
}
fn side(_: i8, y: i8) -> bool {
    y == 0
}
fn vert(x: i8, _: i8) -> bool {
    x == 0
}

/// The Octopus (diagonal first) or Spider (orthogonal first) from f6: the first square, then
/// outward rides, computed by coordinates.
fn bent(diagonal_first: bool) -> BTreeSet<String> {
    let firsts: Vec<(i8, i8)> = if diagonal_first {
        vec![(1, 1), (-1, 1), (1, -1), (-1, -1)]
    } else {
        vec![(1, 0), (-1, 0), (0, 1), (0, -1)]
    };
    let thens: Vec<(i8, i8)> = if diagonal_first {
        vec![(1, 0), (-1, 0), (0, 1), (0, -1)]
    } else {
        vec![(1, 1), (-1, 1), (1, -1), (-1, -1)]
    };
    let mut out = BTreeSet::new();
    for &(fx, fy) in &firsts {
        let (cf, cr) = (5 + fx, 5 + fy);
        out.insert(v().square_name(Square::new(cf as u8, cr as u8)));
        for &(tx, ty) in thens.iter().filter(|t| t.0 * fx + t.1 * fy > 0) {
            let (mut f, mut r) = (cf, cr);
            loop {
                f += tx;
                r += ty;
                if !(0..12).contains(&f) || !(0..12).contains(&r) || (f, r) == (0, 0) {
                    break;
                }
                out.insert(v().square_name(Square::new(f as u8, r as u8)));
                if (f, r) == (11, 11) {
                    break;
                }
            }
        }
    }
    out
}

#[test]
fn every_betza_piece_moves_as_described_from_f6() {
    let e = Expect::new;
    let k = |x: Expect| x.leap(1, 0, &any).leap(1, 1, &any);
    let cases: Vec<(&str, Expect)> = vec![
        ("FH", e().ride(0, 1, 12, &fwd, true, true).leap(1, 2, &back)),
        ("GW", e().ride(0, 1, 12, &fwd, true, true).leap(1, 1, &back)),
        ("Ma", e().leap(1, 0, &any).leap(2, 1, &any)),
        ("Pr", e().leap(1, 1, &any).leap(2, 1, &any)),
        ("St", e().leap(2, 2, &any)),
        ("Go", e().leap(1, 1, &any).leap(2, 0, &any)),
        ("GG", e().leap(1, 0, &any).leap(1, 1, &fwd)),
        ("FL", e().leap(1, 1, &any).leap(0, 1, &vert)),
        ("K", k(e())),
        ("Co", k(e())),
        (
            "Cu",
            e().leap(1, 0, &side).leap(0, 1, &back).leap(0, 2, &fwd),
        ),
        (
            "Hu",
            e().leap(1, 0, &side).leap(0, 1, &back).leap(0, 2, &fwd),
        ),
        ("Ci", k(e())),
        ("Sa", k(e())),
        // Bent riders: the first step moves only; on an empty board every outward square.
        (
            "Oc",
            e().leap(1, 1, &any).ride(1, 0, 12, &any, false, false),
        ),
        (
            "Sp",
            e().leap(1, 0, &any).ride(1, 1, 12, &any, false, false),
        ),
        ("C", e().leap(3, 1, &any)),
        ("BD", e().ride(1, 1, 3, &any, true, true)),
        ("A", e().leap(2, 2, &any)),
        ("D", e().leap(2, 0, &any)),
        ("W", e().leap(1, 0, &any)),
        ("F", e().leap(1, 1, &any)),
        (
            "Ot",
            e().leap(1, 1, &any)
                .ride(1, 0, 4, &side, true, true)
                .leap(0, 1, &fwd),
        ),
        (
            "Be",
            e().leap(1, 1, &fwd)
                .ride(1, 0, 4, &side, true, true)
                .ride(0, 1, 12, &back, true, true)
                .leap(0, 1, &fwd),
        ),
        ("Ov", k(e())),
        ("Un", k(e())),
        ("Ch", e().ride(1, 0, 4, &any, true, true)),
        ("Wa", e().ride(1, 0, 12, &any, true, true)),
        ("N", e().leap(2, 1, &any)),
        ("Der", e().leap(2, 0, &any).leap(2, 2, &any)),
        ("SG", e().leap(1, 1, &any).leap(0, 1, &fwd)),
        ("CG", e().leap(1, 1, &fwd).leap(0, 1, &vert)),
        (
            "DEl",
            e().leap(1, 1, &any).leap(0, 1, &fwd).leap(1, 0, &side),
        ),
        (
            "BT",
            e().leap(1, 1, &any).leap(1, 0, &side).leap(0, 1, &back),
        ),
        ("Fu", e().leap(0, 1, &fwd)),
        ("P", e().leap(0, 1, &fwd)),
        ("Gu", e().leap(1, 0, &any)),
        ("La", e().leap(1, 1, &fwd)),
        ("Ba", e().leap(0, 1, &fwd).leap(1, 0, &side)),
        (
            "FO",
            e().ride(1, 1, 12, &any, true, true)
                .ride(0, 1, 12, &vert, true, true),
        ),
        (
            "FB",
            e().ride(1, 1, 12, &any, true, true)
                .ride(1, 0, 12, &side, true, true),
        ),
        ("Ab", e().leap(2, 1, &any).ride(1, 1, 4, &any, true, true)),
        ("Du", e().leap(2, 1, &any).ride(1, 0, 4, &any, true, true)),
        (
            "Q",
            e().ride(1, 0, 12, &any, true, true)
                .ride(1, 1, 12, &any, true, true),
        ),
        (
            "Li",
            e().leap(1, 0, &any)
                .leap(1, 1, &any)
                .leap(2, 0, &any)
                .leap(2, 1, &any)
                .leap(2, 2, &any),
        ),
        (
            "Ty",
            e().ride(1, 0, 3, &any, true, true)
                .ride(1, 1, 3, &any, true, true),
        ),
        (
            "Ge",
            e().ride(1, 0, 3, &any, true, true)
                .ride(1, 1, 3, &any, true, true),
        ),
        (
            "Em",
            e().ride(1, 0, 2, &any, true, true)
                .ride(1, 1, 2, &any, true, true)
                .leap(2, 1, &any),
        ),
        ("Wi", e().leap(2, 1, &any).leap(3, 1, &any)),
        (
            "Lo",
            e().ride(1, 0, 12, &any, true, false)
                .ride(1, 1, 12, &any, true, false),
        ),
        (
            "Im",
            e().ride(1, 0, 12, &any, true, false)
                .ride(1, 1, 12, &any, true, false),
        ),
        ("Sq", e().leap(2, 0, &any).leap(2, 1, &any).leap(2, 2, &any)),
        ("Ce", k(e()).leap(2, 1, &any)),
        ("Sc", e().leap(1, 0, &any).ride(1, 1, 12, &any, true, true)),
        ("DK", e().leap(1, 1, &any).ride(1, 0, 12, &any, true, true)),
        ("Za", e().leap(1, 1, &any).leap(2, 2, &any)),
        ("Zi", e().leap(1, 0, &any).leap(2, 0, &any)),
        (
            "Mi",
            e().ride(1, 0, 2, &any, true, false)
                .ride(1, 1, 2, &any, true, false),
        ),
        (
            "So",
            e().ride(1, 0, 2, &any, true, false)
                .ride(1, 1, 2, &any, true, false),
        ),
        ("Nr", e().ride(2, 1, 12, &any, true, true)),
        (
            "Da",
            k(e())
                .ride(2, 0, 12, &any, true, true)
                .ride(2, 2, 12, &any, true, true),
        ),
        ("R", e().ride(1, 0, 12, &any, true, true)),
        (
            "Ha",
            e().ride(1, 0, 3, &any, true, false)
                .ride(1, 1, 3, &any, true, false),
        ),
        ("Vu", e().ride(1, 1, 12, &any, true, false).leap(1, 0, &any)),
        (
            "Ib",
            e().ride(1, 0, 12, &any, true, false)
                .leap(1, 1, &any)
                .ride(1, 1, 12, &any, false, true),
        ),
        ("EP", k(e())),
        ("TP", k(e())),
        ("Z", e().leap(3, 2, &any)),
        ("Ta", e().leap(1, 1, &any).leap(3, 0, &any)),
        ("B", e().ride(1, 1, 12, &any, true, true)),
        ("Pa", e().leap(1, 0, &any).leap(2, 0, &any)),
        ("Ra", e().leap(1, 1, &any).leap(2, 2, &any)),
        (
            "HO",
            e().ride(1, 1, 4, &any, true, true)
                .leap(2, 0, &any)
                .leap(0, 1, &fwd),
        ),
        (
            "DO",
            e().ride(1, 0, 4, &any, true, true)
                .leap(2, 2, &any)
                .leap(1, 1, &fwd),
        ),
        (
            "EE",
            e().leap(1, 0, &any)
                .leap(1, 1, &any)
                .leap(2, 0, &any)
                .leap(2, 1, &any)
                .leap(2, 2, &any)
                .leap(3, 0, &any)
                .leap(3, 1, &any)
                .leap(3, 2, &any)
                .leap(3, 3, &any)
                .ride(1, 1, 12, &any, false, true),
        ),
    ];
    assert_eq!(cases.len(), 75, "every type");
    for (abbr, mut expected) in cases {
        // Tan's Pawn on a12 (off every line and leap from f6) keeps Tan from being bared.
        let mut pos = board(&format!("K a1, {abbr} f6"), "K l12, P a12");
        if ["Pa", "Ra", "HO", "DO"].contains(&abbr) {
            expected.squares.insert("f6".to_string()); // the pass
        }
        if abbr == "Oc" || abbr == "Sp" {
            expected.squares = bent(abbr == "Oc");
        }
        if abbr == "Sa" {
            expected.squares.insert("b2".to_string()); // 4 steps, next to the King on a1
        }
        if abbr == "Wa" {
            // jR: never the adjacent squares.
            for s in ["e6", "g6", "f5", "f7"] {
                expected.squares.remove(s);
            }
        }
        assert_eq!(destinations(&mut pos, "f6"), expected.squares, "{abbr}");
    }
}

#[test]
fn fen_round_trips_the_default_array() {
    let pos = Position::start(v());
    let text = crate::fen::write_position(&pos);
    let back = crate::fen::parse_position(v(), &text).expect(&text);
    let back = Position::from_setup(&back).unwrap().to_setup(); // board order
    assert_eq!(back, pos.to_setup(), "{text}");
}
