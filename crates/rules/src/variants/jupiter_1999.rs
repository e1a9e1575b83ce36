//! Jupiter as first published (Adrian King, 1999): the 2009 table with the 1999 versions of the
//! pieces the revision changed, the 1999 optional captures, and rotational arrays only. Every
//! difference, with the sentences of both texts, is in docs/rules/jupiter.md ("Jupiter as first
//! published").

use std::sync::OnceLock;

use crate::geometry::Geometry;
use crate::piece::{LineKind, LineReach, Lines, PieceSpec, RelayKind, Special, latent};
use crate::variant::{Placement, SetupRule, Variant};
use crate::variants::{jupiter, jupiter_pieces, pairs, typhoon};

/// The types whose non-displacement captures the 1999 rules leave optional (2009: "no longer
/// have the option not to capture"); the Undertaker has the option in both editions.
const OPTIONAL_CAPTURES: [&str; 9] = ["Nrt", "Un", "Wdr", "Int", "Coo", "Cst", "FiD", "So", "Mi"];

/// Replaces a type's powers: (betza, specials, description).
fn repower(
    spec: &mut PieceSpec,
    betza: &'static str,
    specials: Vec<Special>,
    description: &'static str,
) {
    spec.betza = betza;
    spec.specials = specials;
    spec.description = description;
}

/// Turns a 2009 entry into the 1999 one (most types are the same in both).
fn in_1999(spec: &mut PieceSpec) {
    match spec.abbr {
        "Ci" => repower(
            spec,
            "",
            vec![Special::Hopper {
                lines: Lines::Queen,
                max: 3,
            }],
            "Moves or captures 2-3 squares along a queen line, hopping one or two pieces of \
             either side on the way (never without a hop).",
        ),
        "Ty" => repower(
            spec,
            "FAR3",
            vec![Special::Line(LineKind::TyphoonRook)],
            "Steps diagonally, leaps as an Alfil, or moves like a Rook up to three squares; \
             along a rank or file it may continue past captured enemies, taking every enemy it \
             passes (up to three).",
        ),
        "Sa" => repower(
            spec,
            "mQ3cK",
            Vec::new(),
            "Moves like a Queen up to three squares without capturing; captures one step in any \
             direction.",
        ),
        "De" => repower(
            spec,
            "DA",
            vec![Special::Relay(RelayKind::DervishLeap)],
            "Leaps two squares orthogonally or diagonally; a friendly piece next to it may leap \
             over it to the square on the opposite side.",
        ),
        "Ha" => repower(
            spec,
            "mQ",
            vec![Special::Relay(RelayKind::HarpyKnight)],
            "Moves like a Queen, never capturing; friendly pieces a Knight's leap away from it \
             may leap as a Knight.",
        ),
        "Mi" => repower(
            spec,
            "",
            vec![Special::Line(LineKind::Missionary(
                LineReach::WAZIR_BISHOP_2,
            ))],
            "Steps orthogonally or slides diagonally up to two squares, without capturing; may \
             convert the enemy right beyond its arrival square on its line.",
        ),
        "So" => repower(
            spec,
            "",
            vec![Special::Line(LineKind::Sorcerer(LineReach::WAZIR_BISHOP_2))],
            "Steps orthogonally or slides diagonally up to two squares, without capturing; may \
             capture the enemy right beyond its arrival square on its line and every enemy \
             contiguous behind it (all or none).",
        ),
        "OxT" | "DrT" => {
            let lines = if spec.abbr == "OxT" {
                Lines::Orthogonal
            } else {
                Lines::Diagonal
            };
            spec.specials = vec![Special::TankPush {
                lines,
                off_board: true,
            }];
            spec.description = if spec.abbr == "OxT" {
                "Steps orthogonally; may step onto a friend and push it (and one friend behind \
                 it) one square on, the last one capturing an enemy there or leaving the board."
            } else {
                "Steps diagonally; may step onto a friend and push it (and one friend behind \
                 it) one square on, the last one capturing an enemy there or leaving the board."
            };
        }
        "Tlp" => repower(
            spec,
            "mQ",
            vec![Special::Relay(RelayKind::Teleporter)],
            "Moves like a Queen without capturing; a friend next to it may move to the square \
             at the same offset from a friendly royal piece, and a friend next to a friendly \
             royal piece to the square at the same offset from the Teleporter (empty squares).",
        ),
        "Kam" => {
            spec.latent |= latent::KAMIKAZE_RELAYED;
            spec.description = "Moves like a Queen up to two squares; when it captures, even \
                                with a relayed power, it is removed too.";
        }
        "Roy" => {
            spec.specials = vec![Special::RoyalLeap { may_stay: true }];
            spec.description = "Steps diagonally or slides orthogonally up to two; or leaps \
                                from anywhere to a square next to a friendly royal piece, \
                                capturing what stands there; next to one, it may pass.";
        }
        "Hlm" => {
            spec.specials = vec![Special::GrasshopperChain {
                limited_doubling: false,
            }];
        }
        _ => {}
    }
    if OPTIONAL_CAPTURES.contains(&spec.abbr) {
        spec.optional_capture = true;
    }
}

/// The 1999 table, in the table's order.
fn pieces() -> Vec<PieceSpec> {
    let mut all = jupiter_pieces::unordered();
    all.iter_mut().for_each(in_1999);
    jupiter::in_table_order(all)
}

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

/// Jupiter as first published in 1999.
pub fn variant() -> &'static Variant {
    static VARIANT: OnceLock<&'static Variant> = OnceLock::new();
    VARIANT.get_or_init(|| {
        Variant::build(
            "jupiter-1999",
            "Jupiter (1999)",
            Geometry::new(16, 16),
            pieces(),
            jupiter::ZONES,
            jupiter::RULES,
            SetupRule {
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
        )
        .with_promotion_choice(typhoon::promotion_choice)
        .leak()
    })
}

#[cfg(test)]
#[path = "jupiter_1999_tests.rs"]
mod tests;
