//! Tests of `game.rs`: every built-in game written and read back, small games from nothing, and
//! every bad file refused with its place.

use super::*;
use crate::{Position, Setup};

fn perft(v: &'static Variant, depth: u32) -> u64 {
    let setup = Setup::named(v, v.setups.default).unwrap();
    Position::from_setup(&setup).unwrap().perft(depth)
}

#[test]
fn every_game_is_written_and_read_back_the_same() {
    for v in Variant::all() {
        let text = game_to_toml(v).unwrap_or_else(|e| panic!("{}: {e}", v.id));
        let back = game_from_toml(&text).unwrap_or_else(|e| panic!("{}: {e}", v.id));
        assert_eq!((back.id, back.title), (v.id, v.title));
        assert_eq!(back.pieces, v.pieces, "{}", v.id);
        assert_eq!(
            (back.geometry.width, back.geometry.height),
            (v.geometry.width, v.geometry.height)
        );
        for color in Color::BOTH {
            for sq in v.geometry.squares() {
                assert_eq!(back.in_zone(color, sq.cell()), v.in_zone(color, sq.cell()));
            }
        }
        assert_eq!(
            (back.rules.royal_capture_loses, back.rules.bare_piece_loses),
            (v.rules.royal_capture_loses, v.rules.bare_piece_loses)
        );
        assert_eq!(back.promotion_rule, v.promotion_rule);
        assert_eq!(
            (back.powers, back.aliases),
            (v.powers, v.aliases),
            "{}",
            v.id
        );
        assert_eq!(back.geometry.file_letters, v.geometry.file_letters);
        let name = (v.setups.random)(7);
        assert_eq!(
            (back.setups.build)(back, &name),
            (v.setups.build)(v, &name),
            "{}",
            v.id
        );
        assert_eq!(perft(back, 2), perft(v, 2), "{}", v.id);
        assert_eq!(game_to_toml(back).unwrap(), text, "{}", v.id);
    }
}

/// A small game no one wrote for Jovian: 6x6, a Wazir-Knight ("Squire") and a King each.
const SMALL: &str = r#"
[game]
id = "squires"
title = "Squires"

[board]
files = 6
ranks = 6
promotion_ranks = [[6], [1]]

[rules]
royal_capture_loses = true
bare_piece_loses = false
third_repetition_illegal = true

[setup]
blue = ["K c1", "Sq d1", "P c2", "P d2"]
symmetry = "mirror"

[[piece]]
name = "King"
abbr = "K"
betza = "K"
royal = true

[[piece]]
name = "Squire"
abbr = "Sq"
betza = "WN"

[[piece]]
name = "Pawn"
abbr = "P"
betza = "mfWcfF"
promotes = "Sq"
"#;

/// The built-in games' files are what `game_to_toml` writes of them, but for the comment
/// lines at the head that say where each table comes from: `variant export` gives the
/// source back, and the source is in the form a designer's copy starts from.
#[test]
fn the_built_in_games_files_are_their_own_export() {
    let body = |text: &str| -> String {
        text.lines()
            .skip_while(|l| l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n")
    };
    for (id, file) in [
        ("scirocco", include_str!("../../games/scirocco.toml")),
        ("typhoon", include_str!("../../games/typhoon.toml")),
        ("jupiter", include_str!("../../games/jupiter.toml")),
        (
            "jupiter-1999",
            include_str!("../../games/jupiter-1999.toml"),
        ),
    ] {
        let v = Variant::by_id(id).unwrap();
        assert_eq!(body(&game_to_toml(v).unwrap()), body(file), "{id}");
    }
}

#[test]
fn a_new_small_game_is_read_and_played() {
    let v = game_from_toml(SMALL).unwrap();
    assert_eq!((v.geometry.width, v.geometry.height), (6, 6));
    let setup = Setup::named(v, "default").unwrap();
    let mut pos = Position::from_setup(&setup).unwrap();
    // Blue: the King to b1 or b2; the Squire on d1 to e1 (W) or b2, c3, e3, f2 (N); each Pawn
    // one step. Two plies are the product: the armies cannot meet in two moves.
    let first = pos.perft(1);
    assert_eq!(first, 2 + 5 + 2);
    assert_eq!(pos.perft(2), first * first);
    let written = game_to_toml(v).unwrap();
    assert!(written.contains("blue = [\"K c1\", \"Sq d1\", \"P c2\", \"P d2\"]"));
    // Written with its own symmetry (a mirror array written as a rotational one would put
    // Tan's King and Squire on each other's squares), so that it reads back the same.
    assert!(written.contains("symmetry = \"mirror\""), "{written}");
    let back = game_from_toml(&written).unwrap();
    assert_eq!(back.fixed_array, v.fixed_array);
    // Based on a built-in game: kept, written back, and no part of the definition.
    let based = game_from_toml(&SMALL.replace(
        "id = \"squires\"",
        "id = \"squires-based\"\nbased_on = \"scirocco\"",
    ))
    .unwrap();
    assert_eq!(
        (based.based_on, based.engine_game(), v.engine_game()),
        (Some("scirocco"), "scirocco", "squires")
    );
    assert!(
        game_to_toml(based)
            .unwrap()
            .contains("based_on = \"scirocco\"")
    );
    let renamed = game_from_toml(&SMALL.replace("id = \"squires\"", "id = \"squires-based\""));
    assert_eq!(renamed.unwrap().definition_hash(), based.definition_hash());
}

#[test]
fn a_file_game_on_a_built_in_game_s_arrays_is_written_naming_that_game() {
    let scirocco = Variant::by_id("scirocco").unwrap();
    let text = game_to_toml(scirocco)
        .unwrap()
        .replace("id = \"scirocco\"", "id = \"scirocco-copy\"");
    let copy = game_from_toml(&text).unwrap();
    let again = game_to_toml(copy).unwrap();
    assert!(again.contains("builtin = \"scirocco\""), "{again}");
    assert_eq!(again, text);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
    /// A damaged game file is an error with a place, or a game, never a panic.
    #[test]
    fn damaged_game_files_never_panic(cut in 0usize..1200, len in 0usize..30, junk in "[\\[\\]{}=\",a-z0-9 \n]{0,10}") {
        let damaged = crate::file::damaged(SMALL, cut, len, &junk);
        if let Err(e) = game_from_toml(&damaged) {
            proptest::prop_assert!(e.line >= 1 && e.column >= 1);
        }
    }

    /// The same for a game with drops and the check rule (Shogi's file, whose `[drops]` comes
    /// before the pieces); a damaged file that still reads is a game that plays.
    #[test]
    fn damaged_drop_games_never_panic(cut in 900usize..1900, len in 0usize..30, junk in "[\\[\\]{}=\",a-z0-9A-Z \n]{0,10}") {
        let text = include_str!("../../../../variants/shogi.toml");
        let damaged = crate::file::damaged(text, cut, len, &junk);
        match game_from_toml(&damaged) {
            Err(e) => proptest::prop_assert!(e.line >= 1 && e.column >= 1),
            Ok(v) => {
                if let Some(setup) = crate::Setup::named(v, v.setups.default)
                    && let Ok(mut pos) = Position::from_setup(&setup)
                {
                    pos.perft(2);
                }
            }
        }
    }
}

#[test]
fn a_bad_game_is_one_error_with_its_place() {
    let bad = |from: &str, to: &str| {
        let text = SMALL.replace(from, to);
        assert_ne!(text, SMALL, "{from}");
        game_from_toml(&text).unwrap_err().to_string()
    };
    let e = bad("files = 6", "files = 17");
    assert!(
        e.contains("the board has 17 files; a board has 2 to 16"),
        "{e}"
    );
    let e = bad("id = \"squires\"", "id = \"Squires!\"");
    assert!(e.contains("must be 1 to 40 lower-case letters"), "{e}");
    let e = bad(
        "id = \"squires\"",
        "id = \"squires\"\nbased_on = \"chu-shogi\"",
    );
    assert!(
        e.contains("line 2, column 1: based_on = \"chu-shogi\" is not a built-in game"),
        "{e}"
    );
    let e = bad("\"Sq d1\"", "\"Sq z9\"");
    assert!(e.contains("\"z9\" is not a square of the board"), "{e}");
    let e = bad("\"Sq d1\"", "\"Xx d1\"");
    assert!(e.contains("no piece \"Xx\""), "{e}");
    let e = bad("\"K c1\", ", "");
    assert!(
        e.contains("royal_capture_loses needs a royal piece, but Blue has none"),
        "{e}"
    );
    let e = bad("symmetry = \"mirror\"", "");
    assert!(e.contains("needs symmetry"), "{e}");
    let e = bad(
        "promotion_ranks = [[6], [1]]",
        "promotion_ranks = [[7], [1]]",
    );
    assert!(e.contains("promotion rank 7 is not a rank"), "{e}");
    let e = bad(
        "title = \"Squires\"",
        "title = \"Squires\"\npromotion = \"emperor_of_emperors\"",
    );
    assert!(e.contains("needs an Emperor (Em)"), "{e}");
    let e = bad("[setup]\n", "[setup]\nbuiltin = \"scirocco\"\n");
    assert!(e.contains("either builtin"), "{e}");
    let e = bad(
        "blue = [\"K c1\", \"Sq d1\", \"P c2\", \"P d2\"]\nsymmetry = \"mirror\"",
        "builtin = \"scirocco\"",
    );
    assert!(e.contains("on a 10x10 board, not 6x6"), "{e}");
    let e = bad("[rules]\n", "[rulez]\n");
    assert!(e.starts_with("line "), "{e}");
    let e = bad("\"P c2\", \"P d2\"", "\"P c2\", \"P c2\"");
    assert!(e.contains("c2 is taken twice"), "{e}");
}
