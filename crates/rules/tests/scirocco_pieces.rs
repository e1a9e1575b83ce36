//! Every Scirocco piece type's exact moves, written out by hand from the text's descriptions: on an
//! empty board (only the Kings and a Wazir each, off every line the piece uses) from e5 and a1, the
//! same for Tan from the rotated squares, and with friendly and enemy blockers where the text's
//! restrictions matter. Each helper call also checks the promotion rule on the piece's moves.

mod common;

use common::{label, position, set, sq, v};
use jovian_rules::{Color, Move, MoveKind, Square};

/// The non-promoting moves of the piece on `from` (of side `mover`, which is to move), as sorted
/// labels (see `common::label`). Checks on the way that a promoting twin exists exactly for the
/// piece's own moves that start or end in its zone (Blue ranks 8-10, Tan 1-3) when its type
/// promotes, never for relayed moves, and that every promotion has its non-promoting twin.
fn dests(mover: Color, blue: &str, tan: &str, from: &str) -> Vec<String> {
    let mut pos = position(blue, tan, mover);
    let from_sq = sq(from);
    let piece = pos.piece_at(from_sq).expect("a piece on the from square");
    assert_eq!(piece.color, mover, "{from} belongs to the side to move");
    // A decided game has no moves at all; an expected empty set must not pass because of that.
    assert_eq!(pos.material_outcome(), None, "{from}: the game is not over");
    let promoted = v()
        .spec(piece.kind)
        .promotes_to
        .map(|a| v().kind_by_abbr(a).expect("promoted type"));
    let zone = |s: Square| match mover {
        Color::Blue => s.rank() >= 7,
        Color::Tan => s.rank() <= 2,
    };
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mine: Vec<Move> = moves.into_iter().filter(|m| m.from == from_sq).collect();
    for &m in &mine {
        let text = label(&pos, m);
        match m.promotion() {
            None => {
                let may = m.kind != MoveKind::Relayed
                    && promoted.is_some()
                    && (zone(m.from) || zone(m.destination()));
                let has = promoted.is_some_and(|k| mine.contains(&m.with_promotion(k)));
                assert_eq!(has, may, "{from}: promotion twin of {text}");
            }
            Some(k) => {
                assert_eq!(Some(k), promoted, "{from}: {text} promotes to its own type");
                let plain = mine
                    .iter()
                    .any(|&n| n.promotion().is_none() && n.with_promotion(k) == m);
                assert!(plain, "{from}: {text} has no non-promoting twin");
            }
        }
    }
    let mut out: Vec<String> = mine
        .iter()
        .filter(|m| m.promotion().is_none())
        .map(|&m| label(&pos, m))
        .collect();
    out.sort();
    out
}

/// The square a half turn of the board puts `name` on (a1 <-> j10).
fn rotate(name: &str) -> String {
    let s = sq(name);
    v().square_name(Square::new(9 - s.file(), 9 - s.rank()))
}

fn rotate_all(list: &str) -> Vec<String> {
    let mut out: Vec<String> = list.split_whitespace().map(rotate).collect();
    out.sort();
    out
}

/// Each type's moves from e5 (Blue K j2 W j3, Tan K a7 W a3) and from a1 (Blue K h5 W j5, Tan K e9
/// W d10) on an otherwise empty board. None of these stands on a square listed or on a line to one;
/// the Wazirs are there because a side with a single piece has lost (bare rule) and has no moves.
const EMPTY_BOARD: [(&str, &str, &str); 36] = [
    ("P", "e6", "a2"),
    ("Gu", "e6 e4 d5 f5", "a2 b1"),
    ("Pr", "d6 f6 d4 f4 d7 f7 c6 g6 c4 g4 d3 f3", "b2 b3 c2"),
    (
        "Sc",
        "e6 e4 d5 f5 f6 g7 h8 i9 j10 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1",
        "a2 b1 b2 c3 d4 e5 f6 g7 h8 i9 j10",
    ),
    ("K", "e6 e4 d5 f5 d6 f6 d4 f4", "a2 b1 b2"),
    ("W", "e6 e4 d5 f5", "a2 b1"),
    ("F", "d6 f6 d4 f4", "b2"),
    ("Co", "e6 e4 d5 f5 d6 f6 d4 f4", "a2 b1 b2"),
    ("Ma", "e6 e4 d5 f5 d7 f7 c6 g6 c4 g4 d3 f3", "a2 b1 b3 c2"),
    (
        "Ch",
        "e6 e7 e8 e9 e4 e3 e2 e1 f5 g5 h5 i5 d5 c5 b5 a5",
        "a2 a3 a4 a5 b1 c1 d1 e1",
    ),
    ("A", "c7 g7 c3 g3", "c3"),
    ("St", "c7 g7 c3 g3", "c3"),
    ("N", "d7 f7 c6 g6 c4 g4 d3 f3", "b3 c2"),
    ("C", "d8 f8 b6 h6 b4 h4 d2 f2", "b4 d2"),
    ("De", "e7 e3 c5 g5 c7 g7 c3 g3", "a3 c1 c3"),
    ("Go", "d6 f6 d4 f4 e7 e3 c5 g5", "b2 a3 c1"),
    ("D", "e7 e3 c5 g5", "a3 c1"),
    (
        "Wa",
        "e7 e8 e9 e10 e3 e2 e1 g5 h5 i5 j5 c5 b5 a5",
        "a3 a4 a5 a6 a7 a8 a9 a10 c1 d1 e1 f1 g1 h1 i1 j1",
    ),
    ("Ta", "d6 f6 d4 f4 e8 e2 b5 h5", "b2 a4 d1"),
    ("Z", "c8 g8 b7 h7 b3 h3 c2 g2", "c4 d3"),
    (
        "Du",
        "d7 f7 c6 g6 c4 g4 d3 f3 e6 e7 e8 e9 e4 e3 e2 e1 f5 g5 h5 i5 d5 c5 b5 a5",
        "b3 c2 a2 a3 a4 a5 b1 c1 d1 e1",
    ),
    (
        "Vu",
        "f6 g7 h8 i9 j10 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1 e6 e4 d5 f5",
        "b2 c3 d4 e5 f6 g7 h8 i9 j10 a2 b1",
    ),
    (
        "Em",
        "e6 e4 d5 f5 e7 e3 c5 g5 c7 g7 c3 g3",
        "a2 b1 a3 c1 c3",
    ),
    ("Za", "d6 f6 d4 f4 c7 g7 c3 g3", "b2 c3"),
    ("Zi", "e6 e4 d5 f5 e7 e3 c5 g5", "a2 b1 a3 c1"),
    (
        "Wi",
        "d7 f7 c6 g6 c4 g4 d3 f3 d8 f8 b6 h6 b4 h4 d2 f2",
        "b3 c2 b4 d2",
    ),
    (
        "Ab",
        "d7 f7 c6 g6 c4 g4 d3 f3 f6 g7 h8 i9 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1",
        "b3 c2 b2 c3 d4 e5",
    ),
    (
        "Oc",
        "d6 f6 d4 f4 g6 h6 i6 j6 f7 f8 f9 f10 c6 b6 a6 d7 d8 d9 d10 g4 h4 i4 j4 f3 f2 f1 c4 b4 \
         a4 d3 d2 d1",
        "b2 c2 d2 e2 f2 g2 h2 i2 j2 b3 b4 b5 b6 b7 b8 b9 b10",
    ),
    (
        "B",
        "f6 g7 h8 i9 j10 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1",
        "b2 c3 d4 e5 f6 g7 h8 i9 j10",
    ),
    (
        "Q",
        "e6 e7 e8 e9 e10 e4 e3 e2 e1 f5 g5 h5 i5 j5 d5 c5 b5 a5 f6 g7 h8 i9 j10 d6 c7 b8 a9 f4 \
         g3 h2 i1 d4 c3 b2 a1",
        "a2 a3 a4 a5 a6 a7 a8 a9 a10 b1 c1 d1 e1 f1 g1 h1 i1 j1 b2 c3 d4 e5 f6 g7 h8 i9 j10",
    ),
    (
        "R",
        "e6 e7 e8 e9 e10 e4 e3 e2 e1 f5 g5 h5 i5 j5 d5 c5 b5 a5",
        "a2 a3 a4 a5 a6 a7 a8 a9 a10 b1 c1 d1 e1 f1 g1 h1 i1 j1",
    ),
    (
        "Sq",
        "e7 e3 c5 g5 d7 f7 c6 g6 c4 g4 d3 f3 c7 g7 c3 g3",
        "a3 c1 b3 c2 c3",
    ),
    (
        "Ha",
        "e6 e7 e8 e4 e3 e2 d5 c5 b5 f5 g5 h5 f6 g7 h8 d6 c7 b8 f4 g3 h2 d4 c3 b2",
        "a2 a3 a4 b1 c1 d1 b2 c3 d4",
    ),
    (
        "Li",
        "c3 d3 e3 f3 g3 c4 d4 e4 f4 g4 c5 d5 f5 g5 c6 d6 e6 f6 g6 c7 d7 e7 f7 g7",
        "a2 a3 b1 b2 b3 c1 c2 c3",
    ),
    (
        "Ge",
        "e6 e7 e8 e4 e3 e2 d5 c5 b5 f5 g5 h5 f6 g7 h8 d6 c7 b8 f4 g3 h2 d4 c3 b2",
        "a2 a3 a4 b1 c1 d1 b2 c3 d4",
    ),
    (
        "Sp",
        "e6 e4 d5 f5 f7 g8 h9 i10 d7 c8 b9 a10 f3 g2 h1 d3 c2 b1 g6 h7 i8 j9 g4 h3 i2 j1 c6 b7 \
         a8 c4 b3 a2",
        "a2 b1 b3 c4 d5 e6 f7 g8 h9 i10 c2 d3 e4 f5 g6 h7 i8 j9",
    ),
];

#[test]
fn table_covers_every_type_once() {
    let mut abbrs: Vec<&str> = EMPTY_BOARD.iter().map(|e| e.0).collect();
    abbrs.sort();
    abbrs.dedup();
    assert_eq!(abbrs.len(), 36);
    assert!(abbrs.iter().all(|a| v().kind_by_abbr(a).is_some()));
    assert_eq!(v().pieces.len(), 36);
}

#[test]
fn every_type_on_an_empty_board_from_the_centre() {
    for (t, centre, _) in EMPTY_BOARD {
        let got = dests(Color::Blue, &format!("{t}e5 Kj2 Wj3"), "Ka7 Wa3", "e5");
        assert_eq!(got, set(centre), "Blue {t} on e5");
    }
}

#[test]
fn every_type_on_an_empty_board_from_the_corner() {
    for (t, _, corner) in EMPTY_BOARD {
        let got = dests(Color::Blue, &format!("{t}a1 Kh5 Wj5"), "Ke9 Wd10", "a1");
        assert_eq!(got, set(corner), "Blue {t} on a1");
    }
}

/// Tan's pieces are Blue's turned by half a turn: forward is down the board for Tan.
#[test]
fn every_tan_type_is_the_blue_one_rotated() {
    for (t, centre, corner) in EMPTY_BOARD {
        let got = dests(Color::Tan, "Kj4 Wj8", &format!("{t}f6 Ka9 Wa8"), "f6");
        assert_eq!(got, rotate_all(centre), "Tan {t} on f6");
        let got = dests(Color::Tan, "Kf2 Wg1", &format!("{t}j10 Kc6 Wa6"), "j10");
        assert_eq!(got, rotate_all(corner), "Tan {t} on j10");
    }
}

#[test]
fn wagon_never_stops_on_or_captures_on_the_adjacent_square_and_is_blocked_by_it() {
    let right = "c1 d1 e1 f1 g1 h1 i1 j1";
    let up = "a3 a4 a5 a6 a7 a8 a9 a10";
    let w = |blue: &str, tan: &str| {
        dests(
            Color::Blue,
            &format!("Waa1 Kh5 Wj5 {blue}"),
            &format!("Ke9 Wd10 {tan}"),
            "a1",
        )
    };
    // A piece on a2, friend or enemy, shuts the a-file entirely.
    assert_eq!(w("Pa2", ""), set(right));
    assert_eq!(w("", "Pa2"), set(right));
    assert_eq!(w("Pb1", ""), set(up));
    assert_eq!(w("Pa2 Pb1", ""), set(""));
    // Farther pieces stop it as a Rook: a friend is not taken, an enemy is, even two squares off.
    assert_eq!(w("Pa5", ""), set(&format!("a3 a4 {right}")));
    assert_eq!(w("", "Pa5"), set(&format!("a3 a4 xa5 {right}")));
    assert_eq!(w("", "Pa3"), set(&format!("xa3 {right}")));
}

#[test]
fn octopus_first_step_never_captures_and_is_blocked_by_any_piece() {
    let rest = "d6 d4 f4 c6 b6 a6 d7 d8 d9 d10 g4 h4 i4 j4 f3 f2 f1 c4 b4 a4 d3 d2 d1";
    for (blue, tan) in [("Pf6", ""), ("", "Pf6")] {
        let got = dests(
            Color::Blue,
            &format!("Oce5 Kj2 Wj3 {blue}"),
            &format!("Ka7 Wa3 {tan}"),
            "e5",
        );
        assert_eq!(got, set(rest), "piece on f6: blue {blue:?} tan {tan:?}");
    }
    // The rook part captures the first enemy and stops at a friend.
    let got = dests(Color::Blue, "Oce5 Kj2 Wj3 Pc6", "Ka7 Wa3 Ph6 Pf9", "e5");
    let expected = "d6 f6 d4 f4 g6 xh6 f7 f8 xf9 d7 d8 d9 d10 g4 h4 i4 j4 f3 f2 f1 c4 b4 a4 \
                    d3 d2 d1";
    assert_eq!(got, set(expected));
}

#[test]
fn spider_first_step_never_captures_and_nearest_capture_is_a_knight_move_away() {
    let got = dests(Color::Blue, "Spe5 Kj2 Wj3", "Ka7 Wa3 Pe6", "e5");
    let expected = "e4 d5 f5 f3 g2 h1 d3 c2 b1 g6 h7 i8 j9 g4 h3 i2 j1 c6 b7 a8 c4 b3 a2";
    assert_eq!(
        got,
        set(expected),
        "enemy on e6: neither captured nor passed"
    );
    let got = dests(Color::Blue, "Spe5 Kj2 Wj3 Pc8", "Ka7 Wa3 Pf7", "e5");
    let expected = "e6 e4 d5 f5 xf7 d7 f3 g2 h1 d3 c2 b1 g6 h7 i8 j9 g4 h3 i2 j1 c6 b7 a8 c4 \
                    b3 a2";
    assert_eq!(got, set(expected));
}

#[test]
fn zig_hops_diagonal_enemies_only_onto_an_empty_square() {
    // f6 -> g7 empty: hop. d6 -> c7 friend, d4 -> c3 enemy: no hop. e6 is taken as a Wazir.
    let got = dests(
        Color::Blue,
        "Zie5 Kj2 Wj3 Pc7",
        "Ka7 Wa3 Pf6 Pd6 Pd4 Pc3 Pe6",
        "e5",
    );
    assert_eq!(got, set("xe6 e4 d5 f5 e7 e3 c5 g5 xf6-g7"));
    // Landing off the board: no hop.
    let got = dests(Color::Blue, "Zib2 Kh5 Wj5", "Ke9 Wd10 Pa1", "b2");
    assert_eq!(got, set("b3 b1 a2 c2 b4 d2"));
}

#[test]
fn zag_hops_orthogonal_enemies_only_onto_an_empty_square_and_never_steps_orthogonally() {
    let got = dests(
        Color::Blue,
        "Zae5 Kj2 Wj3 Pc5",
        "Ka7 Wa3 Pe6 Pd5 Pf6 Pf5 Pg5",
        "e5",
    );
    assert_eq!(got, set("d6 xf6 d4 f4 c7 g7 c3 g3 xe6-e7"));
}

#[test]
fn genie_captures_adjacent_enemies_without_moving_too() {
    let got = dests(Color::Blue, "Gee5 Kj2 Wj3 Pf5", "Ka7 Wa3 Pd6 Pe6", "e5");
    let expected = "xd6 xe6 e4 e3 e2 d5 c5 b5 f6 g7 h8 f4 g3 h2 d4 c3 b2 x!d6 x!e6";
    assert_eq!(got, set(expected));
    // Not the friend on f5, and nothing two squares off.
    let got = dests(Color::Blue, "Gee5 Kj2 Wj3 Pf5", "Ka7 Wa3 Pe7", "e5");
    assert!(!got.iter().any(|m| m.starts_with("x!")), "{got:?}");
}

#[test]
fn vulture_captures_as_rook_and_firzan_moves_as_bishop_and_wazir() {
    let got = dests(Color::Blue, "Vue5 Kj2 Wj3", "Ka7 Wa3 Pe8 Pg7 Pd4 Pa5", "e5");
    let expected = "e6 xe8 f6 xd4 d5 xa5 e4 f5 d6 c7 b8 a9 f4 g3 h2 i1";
    assert_eq!(got, set(expected));
}

#[test]
fn stork_captures_but_never_moves_orthogonally() {
    let got = dests(Color::Blue, "Ste5 Kj2 Wj3 Pd5", "Ka7 Wa3 Pe6 Pf6", "e5");
    assert_eq!(got, set("c7 g7 c3 g3 xe6"));
}

#[test]
fn goat_moves_but_never_captures_diagonally() {
    let got = dests(Color::Blue, "Goe5 Kj2 Wj3 Pc5", "Ka7 Wa3 Pf6 Pe7", "e5");
    assert_eq!(got, set("d6 d4 f4 xe7 e3 g5"));
}

#[test]
fn guard_moves_orthogonally_and_captures_diagonally() {
    let got = dests(Color::Blue, "Gue5 Kj2 Wj3", "Ka7 Wa3 Pe6 Pf6", "e5");
    assert_eq!(got, set("e4 d5 f5 xf6"));
}

#[test]
fn tadpole_captures_but_never_moves_orthogonally_and_leaps_three() {
    let got = dests(Color::Blue, "Tae5 Kj2 Wj3", "Ka7 Wa3 Pe6 Pe7", "e5");
    assert_eq!(got, set("d6 f6 d4 f4 e8 e2 b5 h5 xe6"));
}

#[test]
fn harpy_never_captures() {
    let got = dests(Color::Blue, "Hae5 Kj2 Wj3", "Ka7 Wa3 Pe6 Pf6", "e5");
    let expected = "e4 e3 e2 d5 c5 b5 f5 g5 h5 d6 c7 b8 f4 g3 h2 d4 c3 b2";
    assert_eq!(got, set(expected));
}

#[test]
fn chariot_and_dabbaba_with_blockers() {
    let got = dests(Color::Blue, "Che5 Kj2 Wj3 Pe7", "Ka7 Wa3 Pc5", "e5");
    assert_eq!(got, set("e6 e4 e3 e2 e1 f5 g5 h5 i5 d5 xc5"));
    // The Dabbaba leaps over whatever stands between.
    let got = dests(Color::Blue, "De5 Kj2 Wj3 Pe6 Pg5", "Ka7 Wa3 Pe7 Pf5", "e5");
    assert_eq!(got, set("xe7 e3 c5"));
}

#[test]
fn pawns_of_both_colours() {
    let blue = |b: &str, t: &str, from: &str| {
        dests(
            Color::Blue,
            &format!("Kj2 Wj3 {b}"),
            &format!("Ka7 Wa3 {t}"),
            from,
        )
    };
    let tan = |b: &str, t: &str, from: &str| {
        dests(
            Color::Tan,
            &format!("Kj2 Wj3 {b}"),
            &format!("Ka7 Wa3 {t}"),
            from,
        )
    };
    assert_eq!(blue("Pe5", "Pd6 Pf6", "e5"), set("e6 xd6 xf6"));
    // A Pawn never captures straight ahead, nor backwards.
    assert_eq!(blue("Pe5", "Pe6", "e5"), set(""));
    assert_eq!(blue("Pe5", "Pd4 Pf4", "e5"), set("e6"));
    assert_eq!(blue("Pa5", "Pb6", "a5"), set("a6 xb6"));
    assert_eq!(tan("Pd4 Pf4 Pd6", "Pe5", "e5"), set("e4 xd4 xf4"));
    assert_eq!(tan("Pe4", "Pe5", "e5"), set(""));
    // On the last rank a Pawn has no move at all.
    assert_eq!(blue("Pe10", "", "e10"), set(""));
    assert_eq!(tan("", "Pe1", "e1"), set(""));
}

#[test]
fn leapers_and_steppers_surrounded_by_friends() {
    let ring = "d4 e4 f4 d5 f5 d6 e6 f6";
    let friends: String = ring.split(' ').map(|s| format!("P{s} ")).collect();
    for (t, expected) in [
        ("N", "d7 f7 c6 g6 c4 g4 d3 f3"),
        ("Em", "e7 e3 c5 g5 c7 g7 c3 g3"),
        ("K", ""),
        ("Sc", ""),
        ("Q", ""),
        ("Oc", ""),
        ("Sp", ""),
        ("Wa", ""),
    ] {
        let got = dests(
            Color::Blue,
            &format!("{t}e5 Kj2 Wj3 {friends}"),
            "Ka7 Wa3",
            "e5",
        );
        assert_eq!(got, set(expected), "{t} boxed in by friends");
    }
}
