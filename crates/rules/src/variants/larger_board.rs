//! Chess on a Larger Board with not so few Pieces Dropped (Antoine Fourrière, 2003): 12x8,
//! International Chess rules (check, castling, en passant, draws) with drops. The game is its
//! file, `games/larger-board.toml`, whose exotic pieces name their powers as hooks (bewitching,
//! mirror moves, orbits round the King, a two-square Golem, shots en passant, explosions: code in
//! `position/larger`); the King, Queen, Rook, Bishop, Knight, Lion and Can(n)ons (and any type a
//! file adds) move by their Betza strings and hooks, and the others' strings describe their plain
//! part for displays. This module holds what the powers supply to displays, and the array.
//! docs/rules/larger-board.md records every reading of the text.

use std::sync::OnceLock;

use crate::geometry::{Color, Square};
use crate::piece::PieceKind;
use crate::variant::{Placement, SetupRule, Variant};
use crate::variants::BuiltinArrays;

use crate::layer_kinds::{LayerKinds, Role, RoleError};
use crate::piece::GolemPart;

/// The first rank, from the y-file: Lion, Can(n)on, Rook, Knight, Bishop, Queen, King, Bishop,
/// Knight, Rook, Can(n)on, Lion; Pawns on the second.
const BACK_RANK: [&str; 12] = ["Li", "C", "R", "N", "B", "Q", "K", "B", "N", "R", "C", "Li"];
const PAWN: &str = "P";

/// The one array, built for any table with these abbreviations (a file may name it, with or
/// without the powers: `[setup] builtin = "larger-board"`).
fn build_array(v: &Variant, name: &str) -> Option<Vec<Placement>> {
    if !name.eq_ignore_ascii_case("standard") {
        return None;
    }
    let pawn = v.kind_by_abbr(PAWN)?;
    let mut out = Vec::with_capacity(48);
    for (file, abbr) in BACK_RANK.iter().enumerate() {
        let (kind, f) = (v.kind_by_abbr(abbr)?, file as u8);
        let top = v.geometry.height - 1;
        out.push((Color::Blue, kind, Square::new(f, 0)));
        out.push((Color::Blue, pawn, Square::new(f, 1)));
        out.push((Color::Tan, pawn, Square::new(f, top - 1)));
        out.push((Color::Tan, kind, Square::new(f, top)));
    }
    Some(out)
}

/// The array, which the game's file names (`[setup] builtin = "larger-board"`).
pub(crate) const ARRAYS: BuiltinArrays = BuiltinArrays {
    id: LAYER,
    files: 12,
    ranks: 8,
    rule: SetupRule {
        default: "standard",
        pairs: &[],
        names: Some(names),
        random,
        build: build_array,
        help: "The game has one array, `standard`.",
    },
    places: || BACK_RANK.iter().copied().chain([PAWN]).collect(),
};

fn names() -> Vec<String> {
    vec!["standard".to_string()]
}

fn random(_seed: u64) -> String {
    "standard".to_string()
}

/// A diagram's friends: a Golem part's other part, an Elephant's King beside it, nothing more
/// for the King itself (one King a side); the King in its corner otherwise.
fn diagram_companions(v: &Variant, kind: PieceKind, at: Square, corner: Square) -> Vec<Placement> {
    let kinds = &v.layer_kinds;
    let king = (Color::Blue, PieceKind(kinds.king), corner);
    let near =
        |dx: i8, dy: i8| Square::new((at.file() as i8 + dx) as u8, (at.rank() as i8 + dy) as u8);
    match kinds.role(kind.0) {
        Role::King => Vec::new(),
        Role::Elephant => vec![(Color::Blue, PieceKind(kinds.king), near(0, -1))],
        Role::Golem(part) => {
            let (dx, dy) = part.toward_partner();
            let other = kinds.golem_part(GolemPart::with_partner_at(-dx, -dy));
            vec![king, (Color::Blue, PieceKind(other), near(dx, dy))]
        }
        _ => vec![king],
    }
}

/// The id of the 12x8 game's arrays; also what an older file's `[game] layer` named (the powers,
/// which the pieces' hooks now switch on), and the mark of the powers in a definition's hash.
pub const LAYER: &str = "larger-board";

/// The game's file: the built-in game is read from it, and a file naming a power is checked
/// against it (`file::powers`).
pub(crate) const FILE: &str = include_str!("../../games/larger-board.toml");

/// `variant` with the 12x8 game's powers switched on, its pieces found by their hooks
/// (`LayerKinds`), with what the powers supply to displays.
pub(crate) fn with_powers(variant: Variant) -> Result<Variant, RoleError> {
    let kinds = LayerKinds::from_pieces(&variant.pieces)?;
    let tally = |kind: PieceKind| match kinds.role(kind.0) {
        Role::Halfling(_) => crate::variant::tally::HALFLING,
        Role::Golem(_) => crate::variant::tally::GOLEM,
        _ => 0,
    };
    let variant = variant.with_tally(tally);
    Ok(variant
        .with_powers(kinds)
        .with_diagram_target("N")
        .with_diagram_companions(diagram_companions))
}

/// The 12x8 game, read from its file (`games/larger-board.toml`).
pub fn variant() -> &'static Variant {
    static VARIANT: OnceLock<&'static Variant> = OnceLock::new();
    VARIANT.get_or_init(|| crate::file::game::builtin_game(FILE))
}
