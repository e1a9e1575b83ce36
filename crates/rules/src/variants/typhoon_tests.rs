//! Typhoon's table, setups, and each piece's moves from f6 on an otherwise empty board (Blue King
//! a1, Tan King l12). The expected squares come from a small independent description of each piece
//! (vector sets and ranges written out here), not from the Betza parser.

use std::collections::BTreeSet;

use super::*;
use crate::geometry::{Color, Square};
use crate::moves::Move;
use crate::piece::Special;
use crate::position::{Position, Setup};

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
            let kind = v()
                .kind_by_abbr_ignore_case(abbr)
                .unwrap_or_else(|| panic!("{abbr}"));
            pieces.push((color, kind, sq(s)));
        }
    }
    Position::from_setup(&Setup {
        variant: v(),
        pieces,
        to_move: Color::Blue,
        chess: None,
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
                Ch c3; Wa j3; N d3; De i3; SG e3; CG h3; DE f3; BT g3; Fu a4; P b4; P c4; Gu d4; \
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

/// Where the test piece stands and what else is on the board: (file, rank) from 0, and whether
/// each other piece is an enemy.
#[derive(Clone)]
struct Scene {
    origin: (i8, i8),
    others: Vec<((i8, i8), bool)>,
}

impl Scene {
    /// None for an empty square, Some(true) for an enemy, Some(false) for a friend.
    fn at(&self, sq: (i8, i8)) -> Option<bool> {
        self.others.iter().find(|o| o.0 == sq).map(|o| o.1)
    }
    fn name(sq: (i8, i8)) -> String {
        v().square_name(Square::new(sq.0 as u8, sq.1 as u8))
    }
}

/// Expected destinations of a Blue piece in a scene, described by leaps and rides.
struct Expect {
    scene: Scene,
    squares: BTreeSet<String>,
}

impl Expect {
    fn new(scene: &Scene) -> Expect {
        Expect {
            scene: scene.clone(),
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
    /// Rides (max 1 = leap) of (a, b) vectors; `mv` / `cap` as Betza m / c. A ride stops at the
    /// first piece: a friend is not reached, an enemy is reached if `cap`.
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
            let (mut f, mut r) = self.scene.origin;
            for _ in 0..max {
                f += dx;
                r += dy;
                if !(0..12).contains(&f) || !(0..12).contains(&r) {
                    break;
                }
                match self.scene.at((f, r)) {
                    Some(enemy) => {
                        if enemy && cap {
                            self.squares.insert(Scene::name((f, r)));
                        }
                        break;
                    }
                    None if mv => {
                        self.squares.insert(Scene::name((f, r)));
                    }
                    None => {}
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

/// The Octopus (diagonal first) or Spider (orthogonal first): the first step to an empty square
/// (moving only), then outward rides that stop at the first piece (capturing an enemy).
fn bent(scene: &Scene, diagonal_first: bool) -> BTreeSet<String> {
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
    let inside = |f: i8, r: i8| (0..12).contains(&f) && (0..12).contains(&r);
    let mut out = BTreeSet::new();
    for &(fx, fy) in &firsts {
        let (cf, cr) = (scene.origin.0 + fx, scene.origin.1 + fy);
        if !inside(cf, cr) || scene.at((cf, cr)).is_some() {
            continue;
        }
        out.insert(Scene::name((cf, cr)));
        for &(tx, ty) in thens.iter().filter(|t| t.0 * fx + t.1 * fy > 0) {
            let (mut f, mut r) = (cf, cr);
            loop {
                f += tx;
                r += ty;
                if !inside(f, r) {
                    break;
                }
                match scene.at((f, r)) {
                    Some(enemy) => {
                        if enemy {
                            out.insert(Scene::name((f, r)));
                        }
                        break;
                    }
                    None => {
                        out.insert(Scene::name((f, r)));
                    }
                }
            }
        }
    }
    out
}

/// Every type's plain move (its Betza part, and the hooks' plain parts) in a scene.
fn expectations(scene: &Scene) -> Vec<(&'static str, Expect)> {
    let e = || Expect::new(scene);
    let k = |x: Expect| x.leap(1, 0, &any).leap(1, 1, &any);
    let step = |x: Expect| {
        x.ride(1, 0, 1, &any, true, false)
            .ride(1, 1, 1, &any, true, false)
    };
    vec![
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
        ("De", e().leap(2, 0, &any).leap(2, 2, &any)),
        ("SG", e().leap(1, 1, &any).leap(0, 1, &fwd)),
        ("CG", e().leap(1, 1, &fwd).leap(0, 1, &vert)),
        (
            "DE",
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
        (
            "Vu",
            e().ride(1, 1, 12, &any, true, false)
                .ride(1, 0, 12, &any, false, true)
                .leap(1, 0, &any)
                .leap(1, 1, &any),
        ),
        (
            "Ib",
            e().ride(1, 0, 12, &any, true, false)
                .leap(1, 1, &any)
                .ride(1, 1, 12, &any, false, true),
        ),
        // The Princes move as a King but capture only by their leaps.
        (
            "EP",
            step(e())
                .ride(2, 1, 1, &any, false, true)
                .ride(2, 2, 1, &any, false, true),
        ),
        (
            "TP",
            step(e())
                .ride(2, 0, 1, &any, false, true)
                .ride(2, 1, 1, &any, false, true),
        ),
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
    ]
}

#[test]
fn every_betza_piece_moves_as_described_from_f6() {
    // Blue's King on a1, Tan's King on l12 (on f6's diagonal), Tan's Pawn on a12 (off every line
    // and leap from f6, it keeps Tan from being bared).
    let scene = Scene {
        origin: (5, 5),
        others: vec![((0, 0), false), ((11, 11), true), ((0, 11), true)],
    };
    let cases = expectations(&scene);
    assert_eq!(cases.len(), 75, "every type");
    for (abbr, mut expected) in cases {
        let mut pos = board(&format!("K a1, {abbr} f6"), "K l12, P a12");
        if ["Pa", "Ra", "HO", "DO"].contains(&abbr) {
            expected.squares.insert("f6".to_string()); // the pass
        }
        if abbr == "Oc" || abbr == "Sp" {
            expected.squares = bent(&scene, abbr == "Oc");
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

/// Near the corner and among blockers: each piece on b2 with Blue's King on a1 and a Blue Pawn on
/// b5 (friends: never reached, and they block rides), Tan's Knight on e2 and Pawn on d4 (enemies:
/// captured by a ride that reaches them, and they block it), Tan's King on l12 (behind d4). The
/// pieces whose move is a hook (hops, igui, conversions, swaps, line captures) have their own
/// example tests; here are all the others, relayers and bent riders included.
#[test]
fn plain_pieces_near_the_edge_and_blockers() {
    let scene = Scene {
        origin: (1, 1),
        others: vec![
            ((0, 0), false),
            ((1, 4), false),
            ((4, 1), true),
            ((3, 3), true),
            ((11, 11), true),
        ],
    };
    let mut checked = 0;
    for (abbr, mut expected) in expectations(&scene) {
        let kind = v().kind_by_abbr(abbr).unwrap();
        let plain = v()
            .spec(kind)
            .specials
            .iter()
            .all(|s| matches!(s, Special::Relay(_) | Special::Bent { .. }));
        if !plain {
            continue;
        }
        if abbr == "Oc" || abbr == "Sp" {
            expected.squares = bent(&scene, abbr == "Oc");
        }
        if abbr == "Wa" {
            // jR: never the adjacent squares.
            for s in ["a2", "c2", "b1", "b3"] {
                expected.squares.remove(s);
            }
        }
        let mut pos = board(&format!("K a1, P b5, {abbr} b2"), "K l12, N e2, P d4");
        assert_eq!(
            destinations(&mut pos, "b2"),
            expected.squares,
            "{abbr} on b2"
        );
        checked += 1;
    }
    assert_eq!(checked, 57, "the 75 types less the 18 with hooks");
}

#[test]
fn fen_round_trips_the_default_array() {
    let pos = Position::start(v());
    let text = crate::fen::write_position(&pos);
    let back = crate::fen::parse_position(v(), &text).expect(&text);
    let back = Position::from_setup(&back).unwrap().to_setup(); // board order
    assert_eq!(back, pos.to_setup(), "{text}");
}
