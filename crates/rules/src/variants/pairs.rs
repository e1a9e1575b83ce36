//! Arrays built from pairs, as Scirocco and Typhoon define them: each pair puts one member on a
//! left square and the other on the mirrored right square of Blue's side; Tan's side is Blue's
//! rotated 180 degrees or reflected across the middle. An array is named `rot-` or `mir-` and one
//! bit per pair, written in pair order (`0` = first-named piece on the left square).

use crate::geometry::{Color, Square};
pub use crate::variant::Pair;
use crate::variant::{Placement, Variant};

/// Reads `rot-BITS` / `mir-BITS` (also `rotational-` / `mirror-`) for `pairs` bits (at most 64);
/// returns (rotational, bits) with bit i for pair i.
pub fn parse_name(name: &str, pairs: usize) -> Option<(bool, u64)> {
    let name = name.trim().to_ascii_lowercase();
    let (sym, bits) = name.split_once('-')?;
    let rotational = match sym {
        "rot" | "rotational" => true,
        "mir" | "mirror" => false,
        _ => return None,
    };
    if bits.len() != pairs || !bits.bytes().all(|b| b == b'0' || b == b'1') {
        return None;
    }
    let value = bits
        .bytes()
        .enumerate()
        .fold(0u64, |acc, (i, b)| acc | (((b - b'0') as u64) << i));
    Some((rotational, value))
}

/// The name of an array: `rot-` or `mir-`, then one bit per pair (pair 0 first).
pub fn name(rotational: bool, bits: u64, pairs: usize) -> String {
    let s: String = (0..pairs)
        .map(|i| if bits >> i & 1 == 1 { '1' } else { '0' })
        .collect();
    format!("{}-{s}", if rotational { "rot" } else { "mir" })
}

/// Every `rot-` and `mir-` name for `pairs` pairs (2 x 2^pairs of them; for small tables only).
pub fn all_names(pairs: usize) -> Vec<String> {
    assert!(pairs <= 20, "too many arrays to list");
    let mut names = Vec::with_capacity(2 << pairs);
    for rotational in [true, false] {
        for bits in 0..1u64 << pairs {
            names.push(name(rotational, bits, pairs));
        }
    }
    names
}

/// The name of the array drawn by `seed` among all 2 x 2^pairs (SplitMix64 of the seed).
pub fn random_name(seed: u64, pairs: usize) -> String {
    let z = crate::random::mix(seed);
    let mask = if pairs >= 64 {
        u64::MAX
    } else {
        (1u64 << pairs) - 1
    };
    let bits = (z >> 1) & mask;
    name(z & 1 == 0, bits, pairs)
}

/// The placements of an array: the pairs as `bits` chooses, plus the `fixed` pieces, for Blue; Tan
/// by rotation or reflection.
pub fn build(
    v: &Variant,
    pairs: &[Pair],
    fixed: &[(&str, Square)],
    rotational: bool,
    bits: u64,
) -> Vec<Placement> {
    let g = &v.geometry;
    let mut blue: Vec<(&str, Square)> = Vec::with_capacity(2 * pairs.len() + fixed.len());
    for (i, &(first, second, left_file, rank)) in pairs.iter().enumerate() {
        let (l, r) = if bits >> i & 1 == 0 {
            (first, second)
        } else {
            (second, first)
        };
        blue.push((l, Square::new(left_file, rank)));
        blue.push((r, Square::new(g.width - 1 - left_file, rank)));
    }
    blue.extend_from_slice(fixed);
    let mut out = Vec::with_capacity(2 * blue.len());
    for (abbr, sq) in blue.into_iter().filter(|(a, _)| !a.is_empty()) {
        let kind = v
            .kind_by_abbr(abbr)
            .unwrap_or_else(|| panic!("{}'s table lacks its array piece {abbr}", v.title));
        let tan_sq = if rotational {
            g.rotate(sq)
        } else {
            g.flip_ranks(sq)
        };
        out.push((Color::Blue, kind, sq));
        out.push((Color::Tan, kind, tan_sq));
    }
    out
}

/// The array named `name` (`default`, which means `default_name`, or `rot-`/`mir-` and one bit per
/// pair) of a variant whose arrays are its pairs plus a fixed row of pieces, `row[f]` on file `f`
/// of Blue's rank `row_rank` (Typhoon's and Jupiter's pawn rows); `None` for an unknown name.
pub fn build_named_with_row(
    v: &Variant,
    name: &str,
    default_name: &str,
    pairs: &[Pair],
    row: &[&str],
    row_rank: u8,
) -> Option<Vec<Placement>> {
    let name = name.trim();
    let name = if name.eq_ignore_ascii_case("default") {
        default_name
    } else {
        name
    };
    let (rotational, bits) = parse_name(name, pairs.len())?;
    let fixed: Vec<(&str, Square)> = row
        .iter()
        .enumerate()
        .map(|(f, &a)| (a, Square::new(f as u8, row_rank)))
        .collect();
    Some(build(v, pairs, &fixed, rotational, bits))
}

/// Every type an array of `pairs` and `fixed` places, by abbreviation (the empty square paired
/// with Scirocco's Dervish left out).
pub fn placed(pairs: &[Pair], fixed: impl Iterator<Item = &'static str>) -> Vec<&'static str> {
    pairs
        .iter()
        .flat_map(|&(a, b, _, _)| [a, b])
        .chain(fixed)
        .filter(|a| !a.is_empty())
        .collect()
}
