//! The Jupiter reference generator (`jupiter_reference/`) checked against the texts' own examples
//! (shared/seeds/000_*.txt, the 1999 text, "J"; 003_*.txt, the 2009 revision, "R") and against
//! destination counts derived by hand from the 2009 table; `edition_1999.rs` does the same for the
//! 1999 edition's differences.

mod jupiter_reference;

use std::collections::BTreeSet;

use jovian_rules::Color::{self, Blue, Tan};
use jupiter_reference::*;

// ---------------------------------------------------------------------------------------------
// Helpers

/// The boards left by the turns whose acting piece stands on `from`.
fn turns_of(b: &Board, from: &str) -> Vec<Board> {
    pseudo_turns(b)
        .into_iter()
        .filter(|(s, _)| *s == sq(from))
        .map(|(_, a)| a)
        .collect()
}

/// `b` with some squares changed and the other side to move: the board a turn should leave.
fn after(b: &Board, changes: &[(&str, Cell)]) -> Board {
    let mut a = b.clone();
    for &(s, c) in changes {
        a.set(sq(s), c);
    }
    a.side = b.side.other();
    a
}

fn has(b: &Board, from: &str, changes: &[(&str, Cell)]) -> bool {
    turns_of(b, from).contains(&after(b, changes))
}

/// The squares the piece on `from` can end on (moving away from `from`).
fn dests(b: &Board, from: &str) -> BTreeSet<String> {
    let (c, _) = b.get(from).unwrap();
    let mut out = BTreeSet::new();
    for a in turns_of(b, from) {
        if a.get(from).is_some() {
            continue;
        }
        for s in Board::squares() {
            if matches!(a.at(s), Some((o, _)) if o == c) && a.at(s) != b.at(s) {
                out.insert(name(s));
            }
        }
    }
    out
}

fn set(names: &str) -> BTreeSet<String> {
    names.split_whitespace().map(String::from).collect()
}

fn blue(t: &'static str) -> Cell {
    Some((Blue, t))
}
fn tan(t: &'static str) -> Cell {
    Some((Tan, t))
}

/// Kings in the far corners, so that neither side is bared or royal-less.
fn kings(side: Color, pieces: &[(&str, Color, &'static str)]) -> Board {
    let mut all = vec![("a1", Blue, "K"), ("p16", Tan, "K")];
    all.extend_from_slice(pieces);
    Board::with(side, &all)
}

#[path = "jupiter_selftest/counts.rs"]
mod counts;
#[path = "jupiter_selftest/edition_1999.rs"]
mod edition_1999;
#[path = "jupiter_selftest/examples.rs"]
mod examples;
#[path = "jupiter_selftest/games.rs"]
mod games;
#[path = "jupiter_selftest/powers.rs"]
mod powers;
#[path = "jupiter_selftest/rules.rs"]
mod rules;
