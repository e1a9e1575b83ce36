//! Structure-aware mutation for the fuzz suites: valid texts (positions, moves, records, CECP
//! lines) are changed a little at a time, as a careless hand or a broken program would change them,
//! so that the inputs stay near the valid ones where the parsers' interesting paths are. Used by
//! the rules library's fuzz tests and, through `#[path]`, by the CECP engine's.
//!
//! The number of cases per target is `JOVIAN_FUZZ_CASES` when set (the long run of
//! docs/testing.md), else the small default each suite gives, so that CI stays within budget.
#![allow(dead_code)]

use proptest::prelude::*;

/// Cases per target: `JOVIAN_FUZZ_CASES`, or `default`.
pub fn cases(default: u32) -> u32 {
    std::env::var("JOVIAN_FUZZ_CASES")
        .ok()
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(default)
}

/// proptest's configuration for a fuzz target: `cases` cases, no regression files (a failure is
/// turned into a named test instead), and few shrink steps (a fuzz case is already small).
pub fn config(default: u32) -> ProptestConfig {
    ProptestConfig {
        cases: cases(default),
        failure_persistence: None,
        max_shrink_iters: 256,
        ..ProptestConfig::default()
    }
}

/// Pieces that break parsers: numbers past every integer type and float range, signs, the byte
/// order mark, replacement and direction characters, letters whose case mapping changes length,
/// NUL and other controls, and the punctuation of every notation.
pub const NASTY: &[&str] = &[
    "18446744073709551616",
    "18446744073709551615",
    "99999999999999999999999999999",
    "4294967296",
    "-1",
    "-9223372036854775808",
    "0",
    "00",
    "1e300",
    "1e19",
    "-0",
    "NaN",
    "inf",
    "0.0000001",
    "\u{feff}",
    "\u{fffd}",
    "\u{202e}",
    "\u{200b}",
    "é",
    "İ",
    "ß",
    "ﬀ",
    "Σ",
    "🀄",
    "\0",
    "\t",
    "\r",
    "\u{b}",
    " ",
    "x!",
    "x",
    "-",
    "=",
    "+",
    "&",
    "*",
    "!",
    "?",
    "#",
    ",",
    "/",
    "<>",
    ":",
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    ";",
    "\"",
    "\\",
    "$1",
    "1.",
    "1...",
    "...",
    "1-0",
    "0-1",
    "1/2-1/2",
    "a0",
    "a1",
    "p16",
    "z9",
    "=Blue",
    "=Tan",
    "b",
    "t",
    "K",
    "k",
    "10",
    "16",
];

/// One change to a text. Positions are raw numbers, taken modulo the text's length when applied
/// (so that the same change fits any text, and shrinks towards the start).
#[derive(Clone, Debug)]
pub enum Op {
    /// Replace the character at a position.
    Replace(usize, char),
    /// Insert a piece of `NASTY` (or of the text itself) at a position.
    Insert(usize, &'static str),
    /// Delete up to `n` characters from a position.
    Delete(usize, usize),
    /// Repeat the `n` characters from a position `times` times (runs, long inputs).
    Repeat(usize, usize, usize),
    /// Swap two whitespace-separated tokens.
    SwapTokens(usize, usize),
    /// Duplicate a token after itself.
    DuplicateToken(usize),
    /// Cut the text at a position.
    Truncate(usize),
    /// Swap the case of the character at a position.
    SwapCase(usize),
    /// Replace a run of digits with a nasty number.
    Number(usize, &'static str),
}

/// A character for `Replace`: mostly the ASCII of the notations, sometimes anything.
fn any_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => proptest::char::range(' ', '~'),
        1 => any::<char>(),
    ]
}

fn nasty() -> impl Strategy<Value = &'static str> {
    proptest::sample::select(NASTY)
}

pub fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (any::<usize>(), any_char()).prop_map(|(i, c)| Op::Replace(i, c)),
        3 => (any::<usize>(), nasty()).prop_map(|(i, s)| Op::Insert(i, s)),
        3 => (any::<usize>(), 1usize..6).prop_map(|(i, n)| Op::Delete(i, n)),
        1 => (any::<usize>(), 1usize..8, 2usize..600).prop_map(|(i, n, t)| Op::Repeat(i, n, t)),
        2 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Op::SwapTokens(a, b)),
        1 => any::<usize>().prop_map(Op::DuplicateToken),
        1 => any::<usize>().prop_map(Op::Truncate),
        2 => any::<usize>().prop_map(Op::SwapCase),
        2 => (any::<usize>(), nasty()).prop_map(|(i, s)| Op::Number(i, s)),
    ]
}

/// Applies `ops` to `text` in order.
pub fn apply(text: &str, ops: &[Op]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for op in ops {
        // A position in the text (for a removal or a change) or between characters (to insert).
        let within = |i: &usize, len: usize| i % len;
        let at = |i: &usize, len: usize| i % (len + 1);
        match op {
            Op::Replace(i, c) if !chars.is_empty() => {
                let k = within(i, chars.len());
                chars[k] = *c;
            }
            Op::Replace(..) => {}
            Op::Insert(i, s) => {
                let k = at(i, chars.len());
                chars.splice(k..k, s.chars());
            }
            Op::Delete(i, n) if !chars.is_empty() => {
                let k = within(i, chars.len());
                let end = (k + n).min(chars.len());
                chars.drain(k..end);
            }
            Op::Delete(..) => {}
            Op::Repeat(i, n, times) if !chars.is_empty() => {
                let k = within(i, chars.len());
                let end = (k + n).min(chars.len());
                let piece: Vec<char> = chars[k..end].to_vec();
                let run: Vec<char> = piece
                    .iter()
                    .copied()
                    .cycle()
                    .take(piece.len() * times)
                    .collect();
                chars.splice(end..end, run);
            }
            Op::Repeat(..) => {}
            Op::SwapTokens(a, b) => {
                let text: String = chars.iter().collect();
                let mut tokens: Vec<&str> = text.split(' ').collect();
                let (x, y) = (a % tokens.len(), b % tokens.len());
                tokens.swap(x, y);
                chars = tokens.join(" ").chars().collect();
            }
            Op::DuplicateToken(i) => {
                let text: String = chars.iter().collect();
                let mut tokens: Vec<&str> = text.split(' ').collect();
                let k = i % tokens.len();
                tokens.insert(k, tokens[k]);
                chars = tokens.join(" ").chars().collect();
            }
            Op::Truncate(i) => {
                let k = at(i, chars.len());
                chars.truncate(k);
            }
            Op::SwapCase(i) if !chars.is_empty() => {
                let k = within(i, chars.len());
                let c = chars[k];
                let swapped: Vec<char> = if c.is_uppercase() {
                    c.to_lowercase().collect()
                } else {
                    c.to_uppercase().collect()
                };
                chars.splice(k..=k, swapped);
            }
            Op::SwapCase(..) => {}
            Op::Number(i, s) => {
                // The run of digits at or after the position, else an insertion there.
                let k = at(i, chars.len());
                let start = (k..chars.len())
                    .find(|&j| chars[j].is_ascii_digit())
                    .unwrap_or(k);
                let end = (start..chars.len())
                    .find(|&j| !chars[j].is_ascii_digit())
                    .unwrap_or(chars.len());
                chars.splice(start..end, s.chars());
            }
        }
    }
    chars.into_iter().collect()
}

/// A text: one of `seeds` with 1 to 4 changes (most cases), or random printable text, or
/// nothing at all.
pub fn mutated(seeds: Vec<String>) -> impl Strategy<Value = String> {
    let seeds = std::sync::Arc::new(seeds);
    prop_oneof![
        12 => (any::<usize>(), prop::collection::vec(op(), 1..5)).prop_map(move |(i, ops)| {
            apply(&seeds[i % seeds.len()], &ops)
        }),
        2 => "\\PC{0,60}",
        1 => Just(String::new()),
    ]
}

/// Asserts `message` reads as one error line: not empty, no line break.
pub fn assert_one_line(message: &str, input: &str) {
    assert!(!message.trim().is_empty(), "empty error for {input:?}");
    assert!(
        !message.contains(['\n', '\r']),
        "error of more than one line for {input:?}: {message:?}"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_apply_anywhere_without_panicking() {
        assert_eq!(apply("ab cd", &[Op::SwapTokens(0, 1)]), "cd ab");
        assert_eq!(apply("a12b", &[Op::Number(0, "-1")]), "a-1b");
        assert_eq!(apply("", &[Op::Delete(3, 2), Op::Replace(1, 'x')]), "");
        assert_eq!(apply("İ", &[Op::SwapCase(7)]), "i\u{307}");
        assert_eq!(apply("abc", &[Op::Insert(3, "+")]), "abc+");
    }
}
