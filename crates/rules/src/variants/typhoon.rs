//! Typhoon (Adrian King, 2009 revision): 12x12, 75 piece types. The table follows the text's table,
//! corrected by its long descriptions, with the lost lists taken from the Jupiter text;
//! docs/rules/typhoon.md records every reading.

use std::sync::OnceLock;

use crate::betza::Mode;
use crate::geometry::{Color, Geometry};
use crate::moves::Move;
use crate::piece::{LineKind, LineReach, Lines, PieceKind, PieceSpec, RelayKind, Special};
use crate::position::Position;
use crate::variant::{Placement, Rules, SetupRule, Variant};
use crate::variants::pairs::{self, Pair};

/// Squares of the Cuckoo's conversion: ahead, left, right, two straight back.
const CUCKOO_CONVERTS: [(i8, i8); 4] = [(0, 1), (1, 0), (-1, 0), (0, -2)];
/// Squares of the Hummingbird's swap: the four orthogonal neighbours, two ahead, two back.
const HUMMINGBIRD_SWAPS: [(i8, i8); 6] = [(0, 1), (1, 0), (-1, 0), (0, -1), (0, 2), (0, -2)];
const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const AHEAD: [(i8, i8); 1] = [(0, 1)];
const DIAGONALLY_AHEAD: [(i8, i8); 2] = [(1, 1), (-1, 1)];

pub(crate) fn pieces() -> Vec<PieceSpec> {
    use Lines::*;
    let p = PieceSpec::new;
    vec![
        // Unpromoted pieces, in the text's table order (pairs, then the pawn row).
        p("Fire Horse", "FH", "fRbN").promotes_to("FO").describe(
            "Slides any distance straight forward; leaps as a Knight to the four \
                backward Knight squares.",
        ),
        p("Ghost Warrior", "GW", "fRbF").promotes_to("FB").describe(
            "Slides any distance straight forward; steps one square diagonally \
                backward.",
        ),
        p("Marquis", "Ma", "WN")
            .promotes_to("Ab")
            .describe("Steps one square orthogonally or leaps as a Knight."),
        p("Priest", "Pr", "FN")
            .promotes_to("Du")
            .describe("Steps one square diagonally or leaps as a Knight."),
        p("Stork", "St", "cWA").promotes_to("Q").describe(
            "Captures (only) one step orthogonally; leaps two squares diagonally to \
                move or capture.",
        ),
        p("Goat", "Go", "mFD").promotes_to("Li").describe(
            "Moves (only) one step diagonally; leaps two squares orthogonally to \
                move or capture.",
        ),
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
        p("Gold General", "GG", "WfF")
            .promotes_to("HO")
            .describe("Steps one square orthogonally or diagonally forward (six squares)."),
        p("Ferocious Leopard", "FL", "FvW")
            .promotes_to("DO")
            .describe("Steps one square diagonally or straight forward or back (six squares)."),
        p("King", "K", "K").royal().promotes_to("Em").describe(
            "Royal: losing the last royal piece loses the game. Steps one square in \
                any direction. Promotes to Emperor of Emperors (EE) if an Emperor is \
                on the board; otherwise:",
        ),
        p("Commoner", "Co", "K")
            .promotes_to("Wi")
            .describe("Steps one square in any direction (not royal)."),
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
        p("Camel", "C", "C")
            .promotes_to("Sq")
            .describe("Leaps (3,1), like a long Knight; stays on squares of one colour."),
        p("Bishop's Dog", "BD", "B3")
            .promotes_to("Ce")
            .describe("Slides diagonally up to three squares."),
        p("Alfil", "A", "A")
            .promotes_to("Sc")
            .describe("Leaps two squares diagonally."),
        p("Dabbaba", "D", "D")
            .promotes_to("DK")
            .describe("Leaps two squares orthogonally."),
        p("Wazir", "W", "W")
            .promotes_to("Za")
            .describe("Steps one square orthogonally."),
        p("Firzan", "F", "F")
            .promotes_to("Zi")
            .describe("Steps one square diagonally."),
        p("Otter", "Ot", "FsR4fW").promotes_to("Mi").describe(
            "Steps one square diagonally or straight forward; slides sideways up to \
                four squares.",
        ),
        p("Beaver", "Be", "fFsR4bRfW").promotes_to("So").describe(
            "Steps diagonally forward or straight forward; slides sideways up to \
                four squares or any distance straight back.",
        ),
        p("Overtaker", "Ov", "mK")
            .with(Special::HopCapture(Queen))
            .promotes_to("Nr")
            .describe(
                "Steps one square in any direction without capturing; captures by \
                    hopping an adjacent enemy to the empty square right behind it.",
            ),
        p("Undertaker", "Un", "")
            .with(Special::Line(LineKind::Undertaker))
            .promotes_to("Da")
            .describe(
                "Steps one square to an empty square; captures an adjacent enemy by stepping \
                       directly away from it.",
            ),
        p("Chariot", "Ch", "R4")
            .promotes_to("Oc")
            .describe("Slides orthogonally up to four squares."),
        p("Wagon", "Wa", "jR").promotes_to("Sp").describe(
            "Slides orthogonally any distance but not just one square; a piece on \
                the adjacent square blocks it.",
        ),
        p("Knight", "N", "N")
            .promotes_to("R")
            .describe("Leaps as a Knight."),
        p("Dervish", "De", "DA")
            .aliases(&["Der"])
            .with(Special::Relay(RelayKind::Dervish))
            .promotes_to("Ha")
            .describe(
                "Leaps two squares orthogonally or diagonally; friendly pieces next to \
                    it may also leap or step as Firzan, Dabbaba or Alfil to another square \
                    next to it.",
            ),
        p("Silver General", "SG", "FfW")
            .promotes_to("Vu")
            .describe("Steps one square diagonally or straight forward (five squares)."),
        p("Copper General", "CG", "fFvW")
            .promotes_to("Ib")
            .describe(
                "Steps one square diagonally forward or straight forward or back (four \
                    squares).",
            ),
        p("Drunk Elephant", "DE", "FfWsW")
            .aliases(&["DEl"])
            .promotes_to("EP")
            .describe("Steps one square in any direction but straight back."),
        p("Blind Tiger", "BT", "FsWbW")
            .promotes_to("TP")
            .describe("Steps one square in any direction but straight forward."),
        p("Fu", "Fu", "fW")
            .promotes_to("Z")
            .describe("Steps one square straight forward, moving or capturing."),
        p("Pawn", "P", "mfWcfF")
            .promotes_to("Ta")
            .describe("Moves one step straight forward; captures one step diagonally forward."),
        p("Guard", "Gu", "mWcF").promotes_to("B").describe(
            "Moves one step orthogonally without capturing; captures one step \
                diagonally.",
        ),
        p("Lantern", "La", "fF")
            .promotes_to("Pa")
            .describe("Steps one square diagonally forward."),
        p("Banner", "Ba", "fWsW")
            .promotes_to("Ra")
            .describe("Steps one square straight forward or sideways."),
        // Promoted pieces, in the same order.
        p("Flying Ox", "FO", "BvR")
            .promoted()
            .describe("Slides any distance diagonally or straight forward and back."),
        p("Free Boar", "FB", "BsR")
            .promoted()
            .describe("Slides any distance diagonally or sideways."),
        p("Abbot", "Ab", "NB4")
            .promoted()
            .describe("Leaps as a Knight or slides diagonally up to four squares."),
        p("Duke", "Du", "NR4")
            .promoted()
            .describe("Leaps as a Knight or slides orthogonally up to four squares."),
        p("Queen", "Q", "Q")
            .promoted()
            .describe("Slides any distance orthogonally or diagonally."),
        p("Lioness", "Li", "WFDNA").promoted().describe(
            "Leaps to any square within two steps (Wazir, Firzan, Dabbaba, Knight, \
                Alfil).",
        ),
        p("Typhoon", "Ty", "Q3")
            .with(Special::Line(LineKind::Typhoon))
            .promoted()
            .describe(
                "Queen up to three squares; may continue past captured enemies, taking every \
                       enemy it passes (up to three).",
            ),
        p("Genie", "Ge", "Q3")
            .with(Special::Igui(Queen))
            .promoted()
            .describe(
                "Moves or captures like a Queen up to three squares; also captures an \
                    adjacent enemy without moving.",
            ),
        p("Horned Owl", "HO", "B4DfW")
            .with(Special::IguiAt(&AHEAD))
            .with(Special::DoubleHop(&AHEAD))
            .with(Special::Pass)
            .promoted()
            .describe(
                "Slides diagonally up to four squares; leaps two squares orthogonally; \
                    steps one square straight forward. Straight ahead it also captures \
                    without moving, captures by hopping (taking the landing square's enemy \
                    too), and may pass the turn.",
            ),
        p("Diving Osprey", "DO", "R4AfF")
            .with(Special::IguiAt(&DIAGONALLY_AHEAD))
            .with(Special::DoubleHop(&DIAGONALLY_AHEAD))
            .with(Special::Pass)
            .promoted()
            .describe(
                "Slides orthogonally up to four squares; leaps two squares diagonally; \
                    steps one square diagonally forward. Diagonally ahead it also captures \
                    without moving, captures by hopping (taking the landing square's enemy \
                    too), and may pass the turn.",
            ),
        p("Emperor", "Em", "Q2N")
            .royal()
            .promoted()
            .describe("Royal. Leaps as a Knight or moves like a Queen up to two squares."),
        p("Emperor of Emperors", "EE", "WFDNAHCZG")
            .with(Special::Shoot)
            .royal()
            .promoted()
            .describe(
                "Royal. Leaps to any square within three steps; shoots (captures without \
                       moving) the first piece on any queen line if it is an enemy.",
            ),
        p("Wildebeest", "Wi", "NC")
            .promoted()
            .describe("Leaps as a Knight or as a Camel (3,1)."),
        p("Longleaper", "Lo", "mQ")
            .with(Special::Line(LineKind::Longleaper))
            .promoted()
            .describe(
                "Moves like a Queen without capturing; captures by jumping enemies on a \
                    queen line, each followed by an empty square, landing beyond the last \
                    one.",
            ),
        p("Immobilizer", "Im", "mQ")
            .immobilizer()
            .promoted()
            .describe(
                "Moves like a Queen without capturing. Adjacent enemies cannot move \
                    under their own power (they may only capture themselves).",
            ),
        p("Squirrel", "Sq", "DNA")
            .promoted()
            .describe("Leaps two squares orthogonally or diagonally, or as a Knight."),
        p("Centaur", "Ce", "WFN")
            .promoted()
            .describe("Steps one square in any direction or leaps as a Knight."),
        p("Scirocco", "Sc", "WB")
            .promoted()
            .describe("Steps one square orthogonally or slides any distance diagonally."),
        p("Dragon Kite", "DK", "FR")
            .promoted()
            .describe("Steps one square diagonally or slides any distance orthogonally."),
        p("Zag", "Za", "FA")
            .with(Special::HopCapture(Orthogonal))
            .promoted()
            .describe(
                "Steps one square diagonally or leaps two squares diagonally; captures \
                    by hopping an orthogonally adjacent piece, landing on the square \
                    behind it.",
            ),
        p("Zig", "Zi", "WD")
            .with(Special::HopCapture(Diagonal))
            .promoted()
            .describe(
                "Steps one square orthogonally or leaps two squares orthogonally; \
                    captures by hopping a diagonally adjacent piece, landing on the square \
                    behind it.",
            ),
        p("Missionary", "Mi", "")
            .with(Special::Line(LineKind::Missionary(LineReach::QUEEN_2)))
            .promoted()
            .describe(
                "Moves like a Queen up to two squares without capturing; an enemy right \
                    beyond its arrival square on its line is converted to its side \
                    (obligatory).",
            ),
        p("Sorcerer", "So", "")
            .with(Special::Line(LineKind::Sorcerer(LineReach::QUEEN_2)))
            .promoted()
            .describe(
                "Moves like a Queen up to two squares without capturing; the enemy \
                    right beyond its arrival square on its line, and every enemy \
                    contiguous behind it, is captured (obligatory).",
            ),
        p("Nightrider", "Nr", "NN").promoted().describe(
            "Makes any number of Knight leaps in one straight line (a \
                Knight-rider).",
        ),
        p("Dayrider", "Da", "DDAAmK").promoted().describe(
            "Steps one square in any direction without capturing; rides as a \
                Dabbaba or an Alfil (repeated two-square leaps in a line).",
        ),
        p("Octopus", "Oc", "")
            .with(Special::Bent {
                first: Diagonal,
                first_mode: Mode::Move,
                then: Orthogonal,
            })
            .promoted()
            .describe(
                "Steps one square diagonally without capturing, then may continue \
                    outward orthogonally any distance.",
            ),
        p("Spider", "Sp", "")
            .with(Special::Bent {
                first: Orthogonal,
                first_mode: Mode::Move,
                then: Diagonal,
            })
            .promoted()
            .describe(
                "Steps one square orthogonally without capturing, then may continue \
                    outward diagonally any distance.",
            ),
        p("Rook", "R", "R")
            .promoted()
            .describe("Slides any distance orthogonally."),
        p("Harpy", "Ha", "mQ3")
            .with(Special::Relay(RelayKind::Harpy))
            .promoted()
            .describe(
                "Moves like a Queen up to three squares, never capturing; friendly \
                    pieces it could reach that way may leap as a Knight.",
            ),
        p("Vulture", "Vu", "mBcRmWcF").promoted().describe(
            "Moves like a Bishop or steps orthogonally; captures like a Rook or \
                steps diagonally.",
        ),
        p("Ibis", "Ib", "mRcBcWmF").promoted().describe(
            "Moves like a Rook or steps diagonally; captures like a Bishop or steps \
                orthogonally.",
        ),
        p("Elephant Prince", "EP", "mKcNcA")
            .royal()
            .promoted()
            .describe(
                "Royal. Steps one square in any direction without capturing; captures \
                    by Knight or Alfil leaps.",
            ),
        p("Tiger Prince", "TP", "mKcDcN")
            .royal()
            .promoted()
            .describe(
                "Royal. Steps one square in any direction without capturing; captures \
                    by Dabbaba or Knight leaps.",
            ),
        p("Zebra", "Z", "Z").promoted().describe("Leaps (3,2)."),
        p("Tadpole", "Ta", "FHcW").promoted().describe(
            "Steps diagonally or leaps three squares orthogonally; also captures \
                one step orthogonally.",
        ),
        p("Bishop", "B", "B")
            .promoted()
            .describe("Slides any distance diagonally."),
        p("Parrot", "Pa", "WD")
            .with(Special::Igui(Orthogonal))
            .with(Special::DoubleHop(&ORTHOGONAL))
            .with(Special::Pass)
            .promoted()
            .describe(
                "Steps or leaps two squares orthogonally; captures an orthogonally \
                    adjacent enemy without moving, or hops it (taking an enemy on the \
                    landing square too); may pass the turn.",
            ),
        p("Raven", "Ra", "FA")
            .with(Special::Igui(Diagonal))
            .with(Special::DoubleHop(&DIAGONAL))
            .with(Special::Pass)
            .promoted()
            .describe(
                "Steps or leaps two squares diagonally; captures a diagonally adjacent \
                    enemy without moving, or hops it (taking an enemy on the landing \
                    square too); may pass the turn.",
            ),
    ]
}

/// The King's board-dependent promotion: Emperor if no Emperor (of either side) remains on the
/// board once the move's captures are made, Emperor of Emperors otherwise.
pub(crate) fn promotion_choice(pos: &Position, m: Move, tabled: PieceKind) -> PieceKind {
    let v = pos.variant();
    let emperor = v
        .kind_by_abbr("Em")
        .expect("the King promotes to the Emperor");
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
            .expect("the game has the Emperor of Emperors")
    } else {
        emperor
    }
}

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
