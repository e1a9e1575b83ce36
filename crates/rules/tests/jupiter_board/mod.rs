//! Positions and look-ups for the Jupiter example tests of both editions. The edition under test
//! is per test thread (`with_edition`), so one example body checks `jupiter` and `jupiter-1999`.
#![allow(dead_code)]

use std::cell::Cell;
use std::collections::BTreeSet;

use jovian_rules::notation::{Style, format_move, parse_move};
use jovian_rules::variants::{jupiter, jupiter_1999};
use jovian_rules::{Color, Move, Position, Setup, Square, Variant};

thread_local! {
    static EDITION: Cell<Option<&'static Variant>> = const { Cell::new(None) };
}

/// The edition under test on this thread: `jupiter` unless `with_edition` says otherwise.
pub fn v() -> &'static Variant {
    EDITION.with(|e| e.get()).unwrap_or_else(jupiter::variant)
}

/// Runs `test` with `edition` as the variant of every helper here.
pub fn with_edition(edition: &'static Variant, test: fn()) {
    EDITION.with(|e| e.set(Some(edition)));
    test();
}

/// `f`'s result with `edition` as the variant of every helper here (then back to `jupiter`).
pub fn under<T>(edition: &'static Variant, f: impl FnOnce() -> T) -> T {
    EDITION.with(|e| e.set(Some(edition)));
    let result = f();
    EDITION.with(|e| e.set(None));
    result
}

/// Runs `test` under both editions.
pub fn in_both_editions(test: fn()) {
    with_edition(jupiter::variant(), test);
    with_edition(jupiter_1999::variant(), test);
}

pub fn sq(name: &str) -> Square {
    v().geometry
        .parse_square(name)
        .unwrap_or_else(|| panic!("bad square {name}"))
}

/// A position from "Abbr square, ..." lists. Each side gets a King in a far corner unless it has
/// a royal piece, and a Fu beside it if it has only one piece, so the game is not over before it
/// starts (last royal captured, or bared).
pub fn board(blue: &str, tan: &str, to_move: Color) -> Position {
    let v = v();
    let mut pieces = Vec::new();
    let sides = [
        (Color::Blue, blue, "p1", "o1"),
        (Color::Tan, tan, "p16", "o16"),
    ];
    for (color, list, corner, beside) in sides {
        let mut royal = false;
        let mut count = 0;
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (abbr, s) = item.split_once(' ').expect("abbreviation and square");
            let kind = v.kind_by_abbr(abbr).unwrap_or_else(|| panic!("{abbr}"));
            royal |= v.spec(kind).royal;
            count += 1;
            pieces.push((color, kind, sq(s)));
        }
        if !royal {
            pieces.push((color, v.kind_by_abbr("K").unwrap(), sq(corner)));
            count += 1;
        }
        if count < 2 {
            pieces.push((color, v.kind_by_abbr("Fu").unwrap(), sq(beside)));
        }
    }
    Position::from_setup(&Setup {
        variant: v,
        pieces,
        to_move,
        chess: None,
    })
    .expect("a valid position")
}

pub fn legal(pos: &mut Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

/// The short texts of the legal moves of the piece on `from`.
pub fn texts_from(pos: &mut Position, from: &str) -> BTreeSet<String> {
    let from = sq(from);
    let moves: Vec<Move> = legal(pos).into_iter().filter(|m| m.from == from).collect();
    moves
        .into_iter()
        .map(|m| format_move(pos, m, Style::Short))
        .collect()
}

/// The squares the piece on `from` can move to by plain moves and captures.
pub fn destinations(pos: &mut Position, from: &str) -> BTreeSet<String> {
    let v = v();
    legal(pos)
        .into_iter()
        .filter(|m| m.from == sq(from) && !m.is_continuing() && m.promotion().is_none())
        .map(|m| v.square_name(m.to))
        .collect()
}

pub fn set(list: &str) -> BTreeSet<String> {
    list.split_whitespace().map(str::to_string).collect()
}

pub fn abbr_at(pos: &Position, s: &str) -> Option<(Color, &'static str)> {
    let v = v();
    pos.piece_at(sq(s)).map(|p| (p.color, v.abbr(p.kind)))
}

pub fn play(pos: &mut Position, text: &str) -> Move {
    let m = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.make(m);
    m
}
