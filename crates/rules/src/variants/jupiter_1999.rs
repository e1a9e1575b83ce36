//! Jupiter as first published (Adrian King, 1999): the 2009 table with the 1999 versions of the
//! pieces the revision changed, the 1999 optional captures, and rotational arrays only. The piece
//! table is the game's file, `games/jupiter-1999.toml`; here are its arrays and tests. Every
//! difference, with the sentences of both texts, is in docs/rules/jupiter.md ("Jupiter as first
//! published").

use std::sync::OnceLock;

use crate::variant::{Placement, SetupRule, Variant};
use crate::variants::{BuiltinArrays, jupiter, pairs};

/// Rotational arrays only: "Jupiter does not allow Blue's arrangement to be a mirror image".
fn build_setup(v: &Variant, name: &str) -> Option<Vec<Placement>> {
    let named = if name.trim().eq_ignore_ascii_case("default") {
        jupiter::DEFAULT_NAME
    } else {
        name
    };
    let (rotational, _) = pairs::parse_name(named, jupiter::PAIRS.len())?;
    if !rotational {
        return None;
    }
    jupiter::build_setup(v, name)
}

fn random_setup(seed: u64) -> String {
    let name = pairs::random_name(seed, jupiter::PAIRS.len());
    format!("rot-{}", &name[4..])
}

/// Jupiter as first published in 1999, read from its file (`games/jupiter-1999.toml`, the piece
/// table's source).
pub fn variant() -> &'static Variant {
    static VARIANT: OnceLock<&'static Variant> = OnceLock::new();
    VARIANT.get_or_init(|| {
        crate::file::game::builtin_game(include_str!("../../games/jupiter-1999.toml"))
    })
}

/// The 1999 edition's arrays, which its file names (`[setup] builtin = "jupiter-1999"`).
pub(crate) const ARRAYS: BuiltinArrays = BuiltinArrays {
    id: "jupiter-1999",
    files: 16,
    ranks: 16,
    rule: SetupRule {
        default: jupiter::DEFAULT_NAME,
        pairs: &jupiter::PAIRS,
        names: None,
        random: random_setup,
        build: build_setup,
        help: "rot-<38 bits>: Tan's array turned by 180 degrees for Blue (the 1999 rules \
               allow no mirror arrays), then one bit per pair in the table's order \
               (Lance, Hook, Fat, Animal, Queenlet, Bent, Guardian, Regal; Artillery, \
               Letter, Skipping, Dragonlet, Directional, Mover; Scattered, Relay, \
               Magnetic, Tank, Odder, Pretentious, Chu, Poison; Dagger, Linear, \
               Colorbound, Fifth, Ancient, Short; Side, Barbarian, Odd, Square, Horse, \
               Skewed, Metal, Princely; Went-Between, Go-Between); 0 puts the \
               first-named piece on its left square. default = rot- and 38 zeros.",
    },
    places: jupiter::ARRAYS.places,
};

#[cfg(test)]
#[path = "jupiter_1999_tests.rs"]
mod tests;
