//! Typhoon (Adrian King, 2009 revision): 12x12, 75 piece types. The piece table is the game's file,
//! `games/typhoon.toml`: it follows the text's table, corrected by its long descriptions, with the
//! lost lists taken from the Jupiter text; docs/rules/typhoon.md records every reading. Here: the
//! arrays and the tests (the King's board-dependent promotion is `PromotionRule::EmperorOfEmperors`).

use std::sync::OnceLock;

use crate::variant::{Placement, SetupRule, Variant};
use crate::variants::BuiltinArrays;
use crate::variants::pairs::{self, Pair};

/// The 17 pairs in the text's order: (first-named, second, file of the left square, rank), Blue's
/// side; bit 0 puts the first-named piece on the left square.
const PAIRS: [Pair; 17] = [
    ("FH", "GW", 0, 0), // Lance: a1 / l1
    ("Ma", "Pr", 1, 0), // Fat: b1 / k1
    ("St", "Go", 2, 0), // Animal: c1 / j1
    ("Ci", "Sa", 3, 0), // Queenlet: d1 / i1
    ("GG", "FL", 4, 0), // Guardian: e1 / h1
    ("K", "Co", 5, 0),  // Regal: f1 / g1
    ("Cu", "Hu", 0, 1), // Dagger: a2 / l2
    ("C", "BD", 2, 1),  // Colorbound: c2 / j2
    ("A", "D", 4, 1),   // Ancient: e2 / h2
    ("W", "F", 5, 1),   // Short: f2 / g2
    ("Ot", "Be", 0, 2), // Side: a3 / l3
    ("Ov", "Un", 1, 2), // Odd: b3 / k3
    ("Ch", "Wa", 2, 2), // Square: c3 / j3
    ("N", "De", 3, 2),  // Horse: d3 / i3
    ("SG", "CG", 4, 2), // Metal: e3 / h3
    ("DE", "BT", 5, 2), // Princely: f3 / g3
    ("La", "Ba", 3, 4), // Go-Between: d5 / i5
];

/// The fixed pawn row (rank 4 for Blue).
const PAWN_ROW: [&str; 12] = [
    "Fu", "P", "P", "Gu", "P", "P", "P", "P", "Gu", "P", "P", "Fu",
];

const DEFAULT_NAME: &str = "rot-00000000000000000";

fn setup_names() -> Vec<String> {
    let mut names = pairs::all_names(PAIRS.len());
    names.push("default".to_string());
    names
}

fn build_setup(v: &Variant, name: &str) -> Option<Vec<Placement>> {
    pairs::build_named_with_row(v, name, DEFAULT_NAME, &PAIRS, &PAWN_ROW, 3)
}

/// The Typhoon variant, read from its file (`games/typhoon.toml`, the piece table's source).
pub fn variant() -> &'static Variant {
    static VARIANT: OnceLock<&'static Variant> = OnceLock::new();
    VARIANT
        .get_or_init(|| crate::file::game::builtin_game(include_str!("../../games/typhoon.toml")))
}

/// Typhoon's arrays, which its file names (`[setup] builtin = "typhoon"`).
pub(crate) const ARRAYS: BuiltinArrays = BuiltinArrays {
    id: "typhoon",
    files: 12,
    ranks: 12,
    rule: SetupRule {
        default: DEFAULT_NAME,
        pairs: &PAIRS,
        names: Some(setup_names),
        random: |seed| pairs::random_name(seed, PAIRS.len()),
        build: build_setup,
        help: "rot-<17 bits> or mir-<17 bits>: rotational or mirror symmetry, then one bit \
               per pair in the order Lance, Fat, Animal, Queenlet, Guardian, Regal, Dagger, \
               Colorbound, Ancient, Short, Side, Odd, Square, Horse, Metal, Princely, \
               Go-Between; 0 puts the first-named piece on its left square. default = \
               rot-00000000000000000.",
    },
    places: || pairs::placed(&PAIRS, PAWN_ROW.iter().copied()),
};

#[cfg(test)]
#[path = "typhoon_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "typhoon_hook_tests.rs"]
mod hook_tests;
