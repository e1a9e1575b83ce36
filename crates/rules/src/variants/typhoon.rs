//! Typhoon (Adrian King, 2009 revision): 12x12, 75 piece types. The table follows the text's table,
//! corrected by its long descriptions, with the lost lists taken from the Jupiter text;
//! docs/rules/typhoon.md records every reading.

use std::sync::OnceLock;

use crate::betza::Mode;
use crate::geometry::{Color, Geometry, Square};
use crate::moves::Move;
use crate::piece::{LineKind, Lines, PieceKind, PieceSpec, RelayKind, Special};
use crate::position::Position;
use crate::variant::{Placement, Rules, SetupRule, Variant};

/// Squares of the Cuckoo's conversion: ahead, left, right, two straight back.
const CUCKOO_CONVERTS: [(i8, i8); 4] = [(0, 1), (1, 0), (-1, 0), (0, -2)];
/// Squares of the Hummingbird's swap: the four orthogonal neighbours, two ahead, two back.
const HUMMINGBIRD_SWAPS: [(i8, i8); 6] = [(0, 1), (1, 0), (-1, 0), (0, -1), (0, 2), (0, -2)];
const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const AHEAD: [(i8, i8); 1] = [(0, 1)];
const DIAGONALLY_AHEAD: [(i8, i8); 2] = [(1, 1), (-1, 1)];

fn pieces() -> Vec<PieceSpec> {
    use Lines::*;
    let p = PieceSpec::new;
    vec![
        // Unpromoted pieces, in the text's table order (pairs, then the pawn row).
        p("Fire Horse", "FH", "fRbN").promotes_to("FO"),
        p("Ghost Warrior", "GW", "fRbF").promotes_to("FB"),
        p("Marquis", "Ma", "WN").promotes_to("Ab"),
        p("Priest", "Pr", "FN").promotes_to("Du"),
        p("Stork", "St", "cWA").promotes_to("Q"),
        p("Goat", "Go", "mFD").promotes_to("Li"),
        p("Cicada", "Ci", "mK")
            .with(Special::Hopper {
                lines: Queen,
                max: 3,
            })
            .promotes_to("Ty")
            .describe(
                "Steps one square without capturing; or moves or captures 2-3 squares along a \
                       queen line, hopping one or two pieces of either side on the way.",
            ),
        p("Salamander", "Sa", "K")
            .with(Special::Line(LineKind::Salamander))
            .promotes_to("Ge")
            .describe(
                "Steps one square in any direction; or slides 2-4 squares without capturing \
                       to a square next to a friendly piece.",
            ),
        p("Gold General", "GG", "WfF").promotes_to("HO"),
        p("Ferocious Leopard", "FL", "FvW").promotes_to("DO"),
        p("King", "K", "K").royal().promotes_to("Em").describe(
            "Royal. Promotes to Emperor, or to Emperor of Emperors if an Emperor is on the board.",
        ),
        p("Commoner", "Co", "K").promotes_to("Wi"),
        p("Cuckoo", "Cu", "sWbWfD")
            .with(Special::Convert(&CUCKOO_CONVERTS))
            .promotes_to("Lo")
            .describe(
                "Steps sideways or back, leaps two forward; converts without moving an enemy \
                       ahead, beside, or two squares back.",
            ),
        p("Hummingbird", "Hu", "sWbWfD")
            .with(Special::Swap(&HUMMINGBIRD_SWAPS))
            .promotes_to("Im")
            .describe(
                "Steps sideways or back, leaps two forward; exchanges places with any piece \
                       orthogonally adjacent or two squares straight ahead or back.",
            ),
        p("Camel", "C", "C").promotes_to("Sq"),
        p("Bishop's Dog", "BD", "B3").promotes_to("Ce"),
        p("Alfil", "A", "A").promotes_to("Sc"),
        p("Dabbaba", "D", "D").promotes_to("DK"),
        p("Wazir", "W", "W").promotes_to("Za"),
        p("Firzan", "F", "F").promotes_to("Zi"),
        p("Otter", "Ot", "FsR4fW").promotes_to("Mi"),
        p("Beaver", "Be", "fFsR4bRfW").promotes_to("So"),
        p("Overtaker", "Ov", "mK")
            .with(Special::HopCapture(Queen))
            .promotes_to("Nr"),
        p("Undertaker", "Un", "")
            .with(Special::Line(LineKind::Undertaker))
            .promotes_to("Da")
            .describe(
                "Steps one square to an empty square; captures an adjacent enemy by stepping \
                       directly away from it.",
            ),
        p("Chariot", "Ch", "R4").promotes_to("Oc"),
        p("Wagon", "Wa", "jR").promotes_to("Sp"),
        p("Knight", "N", "N").promotes_to("R"),
        p("Dervish", "Der", "DA")
            .with(Special::Relay(RelayKind::Dervish))
            .promotes_to("Ha"),
        p("Silver General", "SG", "FfW").promotes_to("Vu"),
        p("Copper General", "CG", "fFvW").promotes_to("Ib"),
        p("Drunk Elephant", "DEl", "FfWsW").promotes_to("EP"),
        p("Blind Tiger", "BT", "FsWbW").promotes_to("TP"),
        p("Fu", "Fu", "fW").promotes_to("Z"),
        p("Pawn", "P", "mfWcfF").promotes_to("Ta"),
        p("Guard", "Gu", "mWcF").promotes_to("B"),
        p("Lantern", "La", "fF").promotes_to("Pa"),
        p("Banner", "Ba", "fWsW").promotes_to("Ra"),
        // Promoted pieces, in the same order.
        p("Flying Ox", "FO", "BvR").promoted(),
        p("Free Boar", "FB", "BsR").promoted(),
        p("Abbot", "Ab", "NB4").promoted(),
        p("Duke", "Du", "NR4").promoted(),
        p("Queen", "Q", "Q").promoted(),
        p("Lioness", "Li", "WFDNA").promoted(),
        p("Typhoon", "Ty", "Q3")
            .with(Special::Line(LineKind::Typhoon))
            .promoted()
            .describe(
                "Queen up to three squares; may continue past captured enemies, taking every \
                       enemy it passes (up to three).",
            ),
        p("Genie", "Ge", "Q3").with(Special::Igui(Queen)).promoted(),
        p("Horned Owl", "HO", "B4DfW")
            .with(Special::IguiAt(&AHEAD))
            .with(Special::DoubleHop(&AHEAD))
            .with(Special::Pass)
            .promoted(),
        p("Diving Osprey", "DO", "R4AfF")
            .with(Special::IguiAt(&DIAGONALLY_AHEAD))
            .with(Special::DoubleHop(&DIAGONALLY_AHEAD))
            .with(Special::Pass)
            .promoted(),
        p("Emperor", "Em", "Q2N").royal().promoted(),
        p("Emperor of Emperors", "EE", "WFDNAHCZG")
            .with(Special::Shoot)
            .royal()
            .promoted()
            .describe(
                "Royal. Leaps to any square within three steps; shoots (captures without \
                       moving) the first piece on any queen line if it is an enemy.",
            ),
        p("Wildebeest", "Wi", "NC").promoted(),
        p("Longleaper", "Lo", "mQ")
            .with(Special::Line(LineKind::Longleaper))
            .promoted(),
        p("Immobilizer", "Im", "mQ").immobilizer().promoted(),
        p("Squirrel", "Sq", "DNA").promoted(),
        p("Centaur", "Ce", "WFN").promoted(),
        p("Scirocco", "Sc", "WB").promoted(),
        p("Dragon Kite", "DK", "FR").promoted(),
        p("Zag", "Za", "FA")
            .with(Special::HopCapture(Orthogonal))
            .promoted(),
        p("Zig", "Zi", "WD")
            .with(Special::HopCapture(Diagonal))
            .promoted(),
        p("Missionary", "Mi", "")
            .with(Special::Line(LineKind::Missionary))
            .promoted(),
        p("Sorcerer", "So", "")
            .with(Special::Line(LineKind::Sorcerer))
            .promoted(),
        p("Nightrider", "Nr", "NN").promoted(),
        p("Dayrider", "Da", "DDAAmK").promoted(),
        p("Octopus", "Oc", "")
            .with(Special::Bent {
                first: Diagonal,
                first_mode: Mode::Move,
                then: Orthogonal,
            })
            .promoted(),
        p("Spider", "Sp", "")
            .with(Special::Bent {
                first: Orthogonal,
                first_mode: Mode::Move,
                then: Diagonal,
            })
            .promoted(),
        p("Rook", "R", "R").promoted(),
        p("Harpy", "Ha", "mQ3")
            .with(Special::Relay(RelayKind::Harpy))
            .promoted(),
        p("Vulture", "Vu", "mBcRmWcF").promoted(),
        p("Ibis", "Ib", "mRcBcWmF").promoted(),
        p("Elephant Prince", "EP", "mKcNcA").royal().promoted(),
        p("Tiger Prince", "TP", "mKcDcN").royal().promoted(),
        p("Zebra", "Z", "Z").promoted(),
        p("Tadpole", "Ta", "FHcW").promoted(),
        p("Bishop", "B", "B").promoted(),
        p("Parrot", "Pa", "WD")
            .with(Special::Igui(Orthogonal))
            .with(Special::DoubleHop(&ORTHOGONAL))
            .with(Special::Pass)
            .promoted(),
        p("Raven", "Ra", "FA")
            .with(Special::Igui(Diagonal))
            .with(Special::DoubleHop(&DIAGONAL))
            .with(Special::Pass)
            .promoted(),
    ]
}

/// The King's board-dependent promotion: Emperor if no Emperor (of either side) remains on the
/// board once the move's captures are made, Emperor of Emperors otherwise.
fn promotion_choice(pos: &Position, m: Move, tabled: PieceKind) -> PieceKind {
    let v = pos.variant();
    let emperor = v.kind_by_abbr("Em").expect("Typhoon has the Emperor");
    if tabled != emperor {
        return tabled;
    }
    let on_board = Color::BOTH
        .iter()
        .flat_map(|&c| pos.side_pieces(c))
        .filter(|(p, _)| p.kind == emperor)
        .count();
    let captured = pos.victims(m).filter(|(_, p)| p.kind == emperor).count();
    if on_board > captured {
        v.kind_by_abbr("EE")
            .expect("Typhoon has the Emperor of Emperors")
    } else {
        emperor
    }
}

/// The 17 pairs in the text's order: (first-named, second, file of the left square, rank), Blue's
/// side; bit 0 puts the first-named piece on the left square.
const PAIRS: [(&str, &str, u8, u8); 17] = [
    ("FH", "GW", 0, 0),  // Lance: a1 / l1
    ("Ma", "Pr", 1, 0),  // Fat: b1 / k1
    ("St", "Go", 2, 0),  // Animal: c1 / j1
    ("Ci", "Sa", 3, 0),  // Queenlet: d1 / i1
    ("GG", "FL", 4, 0),  // Guardian: e1 / h1
    ("K", "Co", 5, 0),   // Regal: f1 / g1
    ("Cu", "Hu", 0, 1),  // Dagger: a2 / l2
    ("C", "BD", 2, 1),   // Colorbound: c2 / j2
    ("A", "D", 4, 1),    // Ancient: e2 / h2
    ("W", "F", 5, 1),    // Short: f2 / g2
    ("Ot", "Be", 0, 2),  // Side: a3 / l3
    ("Ov", "Un", 1, 2),  // Odd: b3 / k3
    ("Ch", "Wa", 2, 2),  // Square: c3 / j3
    ("N", "Der", 3, 2),  // Horse: d3 / i3
    ("SG", "CG", 4, 2),  // Metal: e3 / h3
    ("DEl", "BT", 5, 2), // Princely: f3 / g3
    ("La", "Ba", 3, 4),  // Go-Between: d5 / i5
];

/// The fixed pawn row (rank 4 for Blue).
const PAWN_ROW: [&str; 12] = [
    "Fu", "P", "P", "Gu", "P", "P", "P", "P", "Gu", "P", "P", "Fu",
];

const DEFAULT_NAME: &str = "rot-00000000000000000";

/// Parses `rot-` / `mir-` + 17 bits (bit i = pair i, written left to right) and `default`.
fn parse_setup_name(name: &str) -> Option<(bool, u32)> {
    let name = name.trim().to_ascii_lowercase();
    let name = if name == "default" {
        DEFAULT_NAME.to_string()
    } else {
        name
    };
    let (sym, bits) = name.split_once('-')?;
    let rotational = match sym {
        "rot" | "rotational" => true,
        "mir" | "mirror" => false,
        _ => return None,
    };
    if bits.len() != PAIRS.len() || !bits.bytes().all(|b| b == b'0' || b == b'1') {
        return None;
    }
    let value = bits
        .bytes()
        .enumerate()
        .fold(0u32, |acc, (i, b)| acc | (((b - b'0') as u32) << i));
    Some((rotational, value))
}

fn setup_names() -> Vec<String> {
    let mut names = Vec::with_capacity(2 << PAIRS.len());
    for sym in ["rot", "mir"] {
        for bits in 0..1u32 << PAIRS.len() {
            let s: String = (0..PAIRS.len())
                .map(|i| if bits >> i & 1 == 1 { '1' } else { '0' })
                .collect();
            names.push(format!("{sym}-{s}"));
        }
    }
    names.push("default".to_string());
    names
}

fn build_setup(v: &Variant, name: &str) -> Option<Vec<Placement>> {
    let (rotational, bits) = parse_setup_name(name)?;
    let g = &v.geometry;
    let kind = |abbr: &str| {
        v.kind_by_abbr(abbr)
            .expect("Typhoon table has every array piece")
    };
    let mut blue: Vec<(&str, Square)> = Vec::new();
    for (i, &(first, second, left_file, rank)) in PAIRS.iter().enumerate() {
        let (l, r) = if bits >> i & 1 == 0 {
            (first, second)
        } else {
            (second, first)
        };
        blue.push((l, Square::new(left_file, rank)));
        blue.push((r, Square::new(g.width - 1 - left_file, rank)));
    }
    blue.extend(
        PAWN_ROW
            .iter()
            .enumerate()
            .map(|(f, &a)| (a, Square::new(f as u8, 3))),
    );
    let mut out = Vec::with_capacity(blue.len() * 2);
    for (abbr, sq) in blue {
        let tan_sq = if rotational {
            g.rotate(sq)
        } else {
            g.flip_ranks(sq)
        };
        out.push((Color::Blue, kind(abbr), sq));
        out.push((Color::Tan, kind(abbr), tan_sq));
    }
    Some(out)
}

/// The Typhoon variant.
pub fn variant() -> &'static Variant {
    static VARIANT: OnceLock<&'static Variant> = OnceLock::new();
    VARIANT.get_or_init(|| {
        Variant::build(
            "typhoon",
            "Typhoon",
            Geometry::new(12, 12),
            pieces(),
            [&[8, 9, 10, 11], &[0, 1, 2, 3]],
            Rules { royal_capture_loses: true, bare_piece_loses: true, third_repetition_illegal: true },
            SetupRule {
                default: DEFAULT_NAME,
                names: setup_names,
                build: build_setup,
                help: "rot-<17 bits> or mir-<17 bits>: rotational or mirror symmetry, then one bit \
                       per pair in the order Lance, Fat, Animal, Queenlet, Guardian, Regal, Dagger, \
                       Colorbound, Ancient, Short, Side, Odd, Square, Horse, Metal, Princely, \
                       Go-Between; 0 puts the first-named piece on its left square. default = \
                       rot-00000000000000000.",
            },
        )
        .with_promotion_choice(promotion_choice)
        .leak()
    })
}

#[cfg(test)]
#[path = "typhoon_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "typhoon_hook_tests.rs"]
mod hook_tests;
