//! Jupiter (Adrian King, 1999, revised 2009): 16x16, 161 piece types with latent powers. The
//! piece table, zones and rules are the game's file, `games/jupiter.toml`; this module holds the
//! arrays (pairs, symmetry, default) and the tests. docs/rules/jupiter.md records every reading
//! of the texts.

use std::sync::OnceLock;

use crate::variant::{Placement, SetupRule, Variant};
use crate::variants::BuiltinArrays;
use crate::variants::pairs::{self, Pair};

/// The 38 pairs in the 2009 table's order: (first-named, second, file of the left square, rank),
/// Blue's side; bit i of an array's name puts pair i's first-named piece on the left square (0) or
/// the right one (1).
pub const PAIRS: [Pair; 38] = [
    ("FH", "GW", 0, 0),   // Lance: a1 / p1
    ("Hoo", "Haw", 1, 0), // Hook: b1 / o1
    ("Ma", "Pr", 2, 0),   // Fat: c1 / n1
    ("St", "Go", 3, 0),   // Animal: d1 / m1
    ("Ci", "Sa", 4, 0),   // Queenlet: e1 / l1
    ("Tou", "Cro", 5, 0), // Bent: f1 / k1
    ("GG", "FL", 6, 0),   // Guardian: g1 / j1
    ("K", "Co", 7, 0),    // Regal: h1 / i1
    ("Bln", "Cbo", 0, 1), // Artillery: a2 / p2
    ("Eye", "Yew", 1, 1), // Letter: b2 / o2
    ("Thi", "Tha", 3, 1), // Skipping: d2 / m2
    ("DrP", "DrD", 5, 1), // Dragonlet: f2 / k2
    ("RtG", "LfG", 6, 1), // Directional: g2 / j2
    ("VtM", "SdM", 7, 1), // Mover: h2 / i2
    ("BlG", "WhF", 0, 2), // Scattered: a3 / p3
    ("RlW", "RlF", 1, 2), // Relay: b3 / o3
    ("CmH", "GoA", 2, 2), // Magnetic: c3 / n3
    ("OxT", "DrT", 3, 2), // Tank: d3 / m3
    ("Nrt", "Int", 4, 2), // Odder: e3 / l3
    ("FlD", "VOx", 5, 2), // Pretentious: f3 / k3
    ("Kyl", "Phx", 6, 2), // Chu: g3 / j3
    ("Kam", "DNi", 7, 2), // Poison: h3 / i3
    ("Cu", "Hu", 0, 3),   // Dagger: a4 / p4
    ("Rrd", "Frd", 1, 3), // Linear: b4 / o4
    ("C", "BD", 3, 3),    // Colorbound: d4 / m4
    ("RtN", "LfN", 5, 3), // Fifth: f4 / k4
    ("A", "D", 6, 3),     // Ancient: g4 / j4
    ("W", "F", 7, 3),     // Short: h4 / i4
    ("Ot", "Be", 0, 4),   // Side: a5 / p5
    ("EBa", "WBa", 1, 4), // Barbarian: b5 / o5
    ("Ov", "Un", 2, 4),   // Odd: c5 / n5
    ("Ch", "Wa", 3, 4),   // Square: d5 / m5
    ("N", "De", 4, 4),    // Horse: e5 / l5
    ("Twi", "Tgo", 5, 4), // Skewed: f5 / k5
    ("SG", "CG", 6, 4),   // Metal: g5 / j5
    ("DE", "BT", 7, 4),   // Princely: h5 / i5
    ("GBt", "GAl", 2, 6), // Went-Between: c7 / n7
    ("La", "Ba", 5, 6),   // Go-Between: f7 / k7
];

/// The fixed pawn row (rank 6 for Blue): Fus, Berolinas, Pawns and Guards.
const PAWN_ROW: [&str; 16] = [
    "Fu", "Ber", "Ber", "P", "P", "Gu", "P", "P", "P", "P", "Gu", "P", "P", "Ber", "Ber", "Fu",
];

pub const DEFAULT_NAME: &str = "rot-00000000000000000000000000000000000000";

pub(crate) fn build_setup(v: &Variant, name: &str) -> Option<Vec<Placement>> {
    pairs::build_named_with_row(v, name, DEFAULT_NAME, &PAIRS, &PAWN_ROW, 5)
}

/// The Jupiter variant, read from its file (`games/jupiter.toml`, the piece table's source).
pub fn variant() -> &'static Variant {
    static VARIANT: OnceLock<&'static Variant> = OnceLock::new();
    VARIANT
        .get_or_init(|| crate::file::game::builtin_game(include_str!("../../games/jupiter.toml")))
}

/// Jupiter's arrays, which its file names (`[setup] builtin = "jupiter"`).
pub(crate) const ARRAYS: BuiltinArrays = BuiltinArrays {
    id: "jupiter",
    files: 16,
    ranks: 16,
    rule: SetupRule {
        default: DEFAULT_NAME,
        pairs: &PAIRS,
        names: None,
        random: |seed| pairs::random_name(seed, PAIRS.len()),
        build: build_setup,
        help: "rot-<38 bits> or mir-<38 bits>: rotational or mirror symmetry, then one bit \
               per pair in the 2009 table's order (Lance, Hook, Fat, Animal, Queenlet, \
               Bent, Guardian, Regal; Artillery, Letter, Skipping, Dragonlet, \
               Directional, Mover; Scattered, Relay, Magnetic, Tank, Odder, Pretentious, \
               Chu, Poison; Dagger, Linear, Colorbound, Fifth, Ancient, Short; Side, \
               Barbarian, Odd, Square, Horse, Skewed, Metal, Princely; Went-Between, \
               Go-Between); 0 puts the first-named piece on its left square. default = \
               rot- and 38 zeros.",
    },
    places: || pairs::placed(&PAIRS, PAWN_ROW.iter().copied()),
};

#[cfg(test)]
#[path = "jupiter_tests.rs"]
mod tests;
