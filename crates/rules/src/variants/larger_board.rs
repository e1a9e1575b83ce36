//! Chess on a Larger Board with not so few Pieces Dropped (Antoine Fourrière, 2003): 12x8,
//! International Chess rules (check, castling, en passant, draws) with drops. Its pieces' powers
//! do not fit the Adrian King games' compiled tables (bewitching, mirror moves, orbits round the
//! King, a two-square Golem, flips, shots en passant), so its moves come from `position/larger`;
//! the Betza strings here describe the plain part for displays only. docs/rules/larger-board.md
//! records every reading of the text.

use std::sync::OnceLock;

use crate::geometry::{Color, Geometry, Square};
use crate::piece::{PieceKind, PieceSpec};
use crate::variant::{Placement, Rules, SetupRule, Variant};

use crate::position::larger::kinds;

fn pieces() -> Vec<PieceSpec> {
    let p = PieceSpec::new;
    vec![
        p("King", "K", "K").royal()
            .describe("Royal. Steps one square in any direction; castles as in chess. Checkmate wins."),
        p("Queen", "Q", "Q").describe("Slides any distance orthogonally or diagonally."),
        p("Rook", "R", "R").describe("Slides any distance orthogonally."),
        p("Bishop", "B", "B").describe("Slides any distance diagonally."),
        p("Knight", "N", "N").describe("Leaps as a chess Knight."),
        p("Pawn", "P", "mfWcfF")
            .describe("A chess Pawn: two steps from its second rank, up to three from its first; \
                       extended en passant; promotes on its last rank. Taking a Wizard, it becomes a Golem."),
        p("Lion", "Li", "mDmAcWcF")
            .describe("Leaps two squares orthogonally or diagonally without capturing; captures one \
                       step in any direction, like a King."),
        p("Can(n)on (Rook-wise)", "C", "mR")
            .describe("A flip piece set Rook-wise (Pao): slides orthogonally to move, captures by \
                       jumping exactly one piece. After each move, or instead of moving, it may flip \
                       to Bishop-wise."),
        p("Can(n)on (Bishop-wise)", "V", "mB")
            .describe("A flip piece set Bishop-wise (Vao): slides diagonally to move, captures by \
                       jumping exactly one piece diagonally. It may flip back to Rook-wise."),
        p("Leaper", "Le", "mQ")
            .describe("Halfling: moves half the distance to the edge (rounded up) like a Queen; \
                       captures by jumping enemies on a straight line, like a Draughts King."),
        p("Pincer", "Pi", "mQ")
            .describe("Halfling: moves half the distance to the edge (rounded up) like a Queen; \
                       captures an orthogonally adjacent enemy held against a friendly piece."),
        p("Advancer", "Ad", "mQ")
            .describe("Halfling: moves half the distance to the edge (rounded up) like a Queen; \
                       captures the enemy it stops in front of (approach)."),
        p("Withdrawer", "Wd", "mQ")
            .describe("Halfling: moves half the distance to the edge (rounded up) like a Queen; \
                       captures the enemy it moves directly away from (withdrawal)."),
        p("Wizard", "Wz", "mF")
            .describe("Steps one square diagonally, or to the mirror square on its rank and then one \
                       square orthogonally; swaps with enemies instead of capturing. Enemies \
                       orthogonally beside it may only step one square orthogonally without capturing."),
        p("Elephant", "El", "")
            .describe("Turns round its own King, one eighth of its orbit at a time; never captures. \
                       Only a King, Pawn or Thunder may take it."),
        p("Assassin", "As", "")
            .describe("Never moves; shoots adjacent enemies, also en passant. Dropped only where it \
                       gives check. A captured Assassin changes hands."),
        p("Thunder", "Th", "")
            .describe("Dropped when the Kings see each other, it explodes at once, destroying every \
                       non-royal piece on and around its square."),
        p("Golem (partner north-east)", "Gne", "")
            .describe("Half of a two-square Golem: both parts move at once, each to its mirror square \
                       and one step diagonally, staying connected; captures up to two pieces."),
        p("Golem (partner north-west)", "Gnw", "")
            .describe("Half of a two-square Golem: both parts move at once, each to its mirror square \
                       and one step diagonally, staying connected; captures up to two pieces."),
        p("Golem (partner south-east)", "Gse", "")
            .describe("Half of a two-square Golem: both parts move at once, each to its mirror square \
                       and one step diagonally, staying connected; captures up to two pieces."),
        p("Golem (partner south-west)", "Gsw", "")
            .describe("Half of a two-square Golem: both parts move at once, each to its mirror square \
                       and one step diagonally, staying connected; captures up to two pieces."),
    ]
}

/// The first rank, from the y-file: Lion, Can(n)on, Rook, Knight, Bishop, Queen, King, Bishop,
/// Knight, Rook, Can(n)on, Lion.
const BACK_RANK: [u8; 12] = {
    use kinds::*;
    [
        LION,
        CANNON_ROOK,
        ROOK,
        KNIGHT,
        BISHOP,
        QUEEN,
        KING,
        BISHOP,
        KNIGHT,
        ROOK,
        CANNON_ROOK,
        LION,
    ]
};

fn build_array(_v: &Variant, name: &str) -> Option<Vec<Placement>> {
    if !name.eq_ignore_ascii_case("standard") {
        return None;
    }
    let mut out = Vec::with_capacity(48);
    for (file, &kind) in BACK_RANK.iter().enumerate() {
        let f = file as u8;
        out.push((Color::Blue, PieceKind(kind), Square::new(f, 0)));
        out.push((Color::Blue, PieceKind(kinds::PAWN), Square::new(f, 1)));
        out.push((Color::Tan, PieceKind(kinds::PAWN), Square::new(f, 6)));
        out.push((Color::Tan, PieceKind(kind), Square::new(f, 7)));
    }
    Some(out)
}

fn names() -> Vec<String> {
    vec!["standard".to_string()]
}

fn random(_seed: u64) -> String {
    "standard".to_string()
}

/// A diagram's friends: a Golem part's other part, an Elephant's King beside it, nothing more
/// for the King itself (one King a side); the King in its corner otherwise.
fn diagram_companions(kind: PieceKind, at: Square, corner: Square) -> Vec<Placement> {
    let king = (Color::Blue, PieceKind(kinds::KING), corner);
    let near =
        |dx: i8, dy: i8| Square::new((at.file() as i8 + dx) as u8, (at.rank() as i8 + dy) as u8);
    match kind.0 {
        kinds::KING => Vec::new(),
        kinds::ELEPHANT => vec![(Color::Blue, PieceKind(kinds::KING), near(0, -1))],
        kinds::GOLEM_NE => vec![king, (Color::Blue, PieceKind(kinds::GOLEM_SW), near(1, 1))],
        kinds::GOLEM_NW => vec![king, (Color::Blue, PieceKind(kinds::GOLEM_SE), near(-1, 1))],
        kinds::GOLEM_SE => vec![king, (Color::Blue, PieceKind(kinds::GOLEM_NW), near(1, -1))],
        kinds::GOLEM_SW => vec![
            king,
            (Color::Blue, PieceKind(kinds::GOLEM_NE), near(-1, -1)),
        ],
        _ => vec![king],
    }
}

pub fn variant() -> &'static Variant {
    static V: OnceLock<&'static Variant> = OnceLock::new();
    V.get_or_init(|| {
        Variant::build(
            "larger-board",
            "Chess on a Larger Board",
            Geometry::with_file_letters(12, 8, "yzabcdefghij"),
            pieces(),
            [&[7], &[0]],
            Rules {
                royal_capture_loses: false,
                bare_piece_loses: false,
                third_repetition_illegal: false,
                ..Rules::default()
            },
            SetupRule {
                default: "standard",
                pairs: &[],
                names: Some(names),
                random,
                build: build_array,
                help: "The game has one array, `standard`.",
            },
        )
        .with_larger_board_layer()
        .with_aliases(&["larger", "fourriere", "12x8"])
        .with_side_names(["White", "Black"], ['w', 'b'])
        .with_diagram_target("N")
        .with_diagram_companions(diagram_companions)
        .leak()
    })
}
