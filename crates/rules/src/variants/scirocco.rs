//! Scirocco (Adrian King, 2009 revision): 10x10, 36 piece types. The piece table is the game's
//! file, `games/scirocco.toml`: it follows the text's table, corrected by its long descriptions;
//! docs/rules/scirocco.md records every reading. Here: the arrays and the tests.

use std::sync::OnceLock;

use crate::geometry::Square;
use crate::variant::{Placement, SetupRule, Variant};
use crate::variants::BuiltinArrays;
use crate::variants::pairs::{self, Pair};

/// The exchangeable pairs in the text's order. For each, the two pieces (abbreviation, or "" for
/// the empty square paired with the Dervish) and where the first-named one stands on Blue's left
/// half and the second on the right when the pair's bit is 0: (file of left square, rank).
const PAIRS: [Pair; 8] = [
    ("Ch", "Wa", 0, 0), // Chariot-Wagon: a1 / j1
    ("A", "D", 1, 0),   // Alfil-Dabbaba: b1 / i1
    ("Go", "St", 2, 0), // Goat-Stork: c1 / h1
    ("C", "N", 4, 0),   // Camel-Knight: e1 / f1
    ("F", "W", 4, 1),   // Firzan-Wazir: e2 / f2
    ("K", "Co", 3, 1),  // King-Commoner: d2 / g2
    ("Ma", "Pr", 1, 1), // Marquis-Priest: b2 / i2
    ("De", "", 3, 0),   // Dervish-empty: d1 / g1
];

/// Pieces every array has in the same place (Blue's side): Scirocchi and the pawn row.
const FIXED: [(&str, u8, u8); 12] = [
    ("Sc", 2, 1),
    ("Sc", 7, 1),
    ("P", 0, 2),
    ("P", 1, 2),
    ("Gu", 2, 2),
    ("P", 3, 2),
    ("P", 4, 2),
    ("P", 5, 2),
    ("P", 6, 2),
    ("Gu", 7, 2),
    ("P", 8, 2),
    ("P", 9, 2),
];

/// Bits of the array the text shows first (Ch a1, A b1, St c1, N e1, De g1, Pr b2, K d2, W e2).
const DEFAULT_BITS: u64 = 0b1101_1100;
const DEFAULT_NAME: &str = "rot-00111011";

/// The 2001 fixed arrays, named by the pieces in Blue's and Tan's lower-left corners.
const OLD_ARRAYS: [(&str, &str); 4] = [
    ("2001-ChCh", "rot-00111011"),
    ("2001-ChWa", "mir-00111011"),
    ("2001-WaCh", "mir-11000100"),
    ("2001-WaWa", "rot-11000100"),
];

/// Parses `rot-BBBBBBBB` / `mir-BBBBBBBB` (bit i is pair i of `PAIRS`, written left to right), the
/// 2001 names and `default`. Returns (rotational, bits).
fn parse_setup_name(name: &str) -> Option<(bool, u64)> {
    let name = name.trim();
    if name.eq_ignore_ascii_case("default") {
        return Some((true, DEFAULT_BITS));
    }
    let canonical = OLD_ARRAYS
        .iter()
        .find(|(old, _)| old.eq_ignore_ascii_case(name))
        .map_or(name, |(_, c)| c);
    pairs::parse_name(canonical, PAIRS.len())
}

fn setup_names() -> Vec<String> {
    let mut names = pairs::all_names(PAIRS.len());
    names.extend(OLD_ARRAYS.iter().map(|(n, _)| n.to_string()));
    names.push("default".to_string());
    names
}

fn build_setup(v: &Variant, name: &str) -> Option<Vec<Placement>> {
    let (rotational, bits) = parse_setup_name(name)?;
    let fixed: Vec<(&str, Square)> = FIXED
        .iter()
        .map(|&(a, f, r)| (a, Square::new(f, r)))
        .collect();
    Some(pairs::build(v, &PAIRS, &fixed, rotational, bits))
}

/// The Scirocco variant, read from its file (`games/scirocco.toml`, the piece table's source).
pub fn variant() -> &'static Variant {
    static VARIANT: OnceLock<&'static Variant> = OnceLock::new();
    VARIANT
        .get_or_init(|| crate::file::game::builtin_game(include_str!("../../games/scirocco.toml")))
}

/// Scirocco's arrays, which its file names (`[setup] builtin = "scirocco"`).
pub(crate) const ARRAYS: BuiltinArrays = BuiltinArrays {
    id: "scirocco",
    files: 10,
    ranks: 10,
    rule: SetupRule {
        default: DEFAULT_NAME,
        pairs: &PAIRS,
        names: Some(setup_names),
        random: |seed| pairs::random_name(seed, PAIRS.len()),
        build: build_setup,
        help: "rot-BBBBBBBB or mir-BBBBBBBB: rotational or mirror symmetry, then one bit per \
               pair in the order Chariot-Wagon, Alfil-Dabbaba, Goat-Stork, Camel-Knight, \
               Firzan-Wazir, King-Commoner, Marquis-Priest, Dervish-empty; 0 puts the \
               first-named piece on Blue's left (a-e) half. Also 2001-ChCh, 2001-ChWa, \
               2001-WaCh, 2001-WaWa (the older fixed arrays) and default (= rot-00111011).",
    },
    places: || pairs::placed(&PAIRS, FIXED.iter().map(|f| f.0)),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Color;

    #[test]
    fn table_has_36_types_and_every_promotion_resolves() {
        let v = variant();
        assert_eq!(v.pieces.len(), 36);
        let unpromoted: Vec<_> = v.pieces.iter().filter(|p| !p.promoted).collect();
        assert_eq!(unpromoted.len(), 18);
        assert!(unpromoted.iter().all(|p| p.promotes_to.is_some()));
        assert!(
            v.pieces
                .iter()
                .filter(|p| p.promoted)
                .all(|p| p.promotes_to.is_none())
        );
    }

    #[test]
    fn default_array_is_the_text_first_array() {
        let v = variant();
        let placed = build_setup(v, "default").unwrap();
        let at = |c: Color, s: &str| {
            let sq = v.geometry.parse_square(s).unwrap();
            placed
                .iter()
                .find(|p| p.0 == c && p.2 == sq)
                .map(|p| v.abbr(p.1))
        };
        let blue = "Ch a1; A b1; St c1; N e1; C f1; De g1; Go h1; D i1; Wa j1; Pr b2; Sc c2; K d2; \
                    W e2; F f2; Co g2; Sc h2; Ma i2; P a3; P b3; Gu c3; P d3; P e3; P f3; P g3; \
                    Gu h3; P i3; P j3";
        let tan = "Ch j10; A i10; St h10; N f10; C e10; De d10; Go c10; D b10; Wa a10; Pr i9; \
                   Sc h9; K g9; W f9; F e9; Co d9; Sc c9; Ma b9; P j8; P i8; Gu h8; P g8; P f8; \
                   P e8; P d8; Gu c8; P b8; P a8";
        for (color, list) in [(Color::Blue, blue), (Color::Tan, tan)] {
            for item in list.split(';') {
                let (abbr, sq) = item.trim().split_once(' ').unwrap();
                assert_eq!(at(color, sq), Some(abbr), "{color} {abbr} {sq}");
            }
        }
        assert_eq!(placed.len(), 54);
        assert_eq!(at(Color::Blue, "d1"), None);
    }

    #[test]
    fn second_text_array_is_the_mirror_image() {
        let v = variant();
        let placed = build_setup(v, "2001-WaWa").unwrap();
        let blue = "Wa a1; D b1; Go c1; De d1; C e1; N f1; St h1; A i1; Ch j1; Ma b2; Co d2; F e2; \
                    W f2; K g2; Pr i2";
        let tan = "Wa j10; D i10; Go h10; De g10; C f10; N e10; St c10; A b10; Ch a10; Ma i9; \
                   Co g9; F f9; W e9; K d9; Pr b9";
        for (color, list) in [(Color::Blue, blue), (Color::Tan, tan)] {
            for item in list.split(';') {
                let (abbr, sq) = item.trim().split_once(' ').unwrap();
                let sq = v.geometry.parse_square(sq).unwrap();
                assert!(
                    placed
                        .iter()
                        .any(|p| p.0 == color && p.2 == sq && v.abbr(p.1) == abbr)
                );
            }
        }
    }

    #[test]
    fn all_arrays_are_distinct_and_symmetric() {
        let v = variant();
        let names = setup_names();
        assert_eq!(names.len(), 517);
        let mut seen = std::collections::HashSet::new();
        for name in names.iter().take(512) {
            let mut arr = build_setup(v, name).unwrap();
            arr.sort_by_key(|p| (p.2, p.0));
            assert_eq!(arr.len(), 54);
            assert!(seen.insert(arr.clone()), "duplicate array {name}");
            let rotational = name.starts_with("rot");
            for &(c, k, sq) in arr.iter().filter(|p| p.0 == Color::Blue) {
                let t = if rotational {
                    v.geometry.rotate(sq)
                } else {
                    v.geometry.flip_ranks(sq)
                };
                assert!(arr.contains(&(c.other(), k, t)));
            }
        }
        assert!(build_setup(v, "rot-0011101").is_none());
        assert!(build_setup(v, "sym-00111011").is_none());
        assert_eq!(parse_setup_name("ROT-00111011"), Some((true, DEFAULT_BITS)));
    }
}
