//! Arrays built from pairs, as Scirocco and Typhoon define them: each pair puts one member on a
//! left square and the other on the mirrored right square of Blue's side; Tan's side is Blue's
//! rotated 180 degrees or reflected across the middle. An array is named `rot-` or `mir-` and one
//! bit per pair, written in pair order (`0` = first-named piece on the left square).

use crate::geometry::{Color, Square};
pub use crate::variant::Pair;
use crate::variant::{Placement, Variant};

/// Reads `rot-BITS` / `mir-BITS` (also `rotational-` / `mirror-`) for `pairs` bits; returns
/// (rotational, bits) with bit i for pair i.
pub fn parse_name(name: &str, pairs: usize) -> Option<(bool, u32)> {
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
        .fold(0u32, |acc, (i, b)| acc | (((b - b'0') as u32) << i));
    Some((rotational, value))
}

/// Every `rot-` and `mir-` name for `pairs` pairs (2 x 2^pairs of them).
pub fn all_names(pairs: usize) -> Vec<String> {
    let mut names = Vec::with_capacity(2 << pairs);
    for sym in ["rot", "mir"] {
        for bits in 0..1u32 << pairs {
            let s: String = (0..pairs)
                .map(|i| if bits >> i & 1 == 1 { '1' } else { '0' })
                .collect();
            names.push(format!("{sym}-{s}"));
        }
    }
    names
}

/// The placements of an array: the pairs as `bits` chooses, plus the `fixed` pieces, for Blue; Tan
/// by rotation or reflection.
pub fn build(
    v: &Variant,
    pairs: &[Pair],
    fixed: &[(&str, Square)],
    rotational: bool,
    bits: u32,
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
