//! The 12x8 game as a variant file (`games/larger-board.toml`): a copy that renames things plays
//! the same game, a copy that changes what the layer's code relies on is one clear error, and
//! the game's array serves a file that does not use the layer.

use jovian_rules::file::game_from_toml;
use jovian_rules::{Position, Setup, Variant};

const FILE: &str = include_str!("../games/larger-board.toml");

fn perft(v: &'static Variant, depth: u32) -> u64 {
    let setup = Setup::named(v, v.setups.default).unwrap();
    Position::from_setup(&setup).unwrap().perft(depth)
}

/// `FILE` with each `(from, to)` replaced once (each `from` must be there).
fn edited(edits: &[(&str, &str)]) -> String {
    let mut text = FILE.to_string();
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    text
}

#[test]
fn a_copy_with_new_names_plays_the_same_game() {
    let text = edited(&[
        ("id = \"larger-board\"", "id = \"fourriere-renamed\""),
        ("title = \"Chess on a Larger Board\"", "title = \"Renamed\""),
        (
            "aliases = [\"larger\", \"fourriere\", \"12x8\"]",
            "aliases = [\"renamed-12x8\"]",
        ),
        (
            "sides = [\"White\", \"Black\"]",
            "sides = [\"Red\", \"Green\"]",
        ),
        (
            "file_letters = \"yzabcdefghij\"",
            "file_letters = \"abcdefghijkl\"",
        ),
        ("name = \"Lion\"", "name = \"Roaring Lion\"\nvalue = 412"),
    ]);
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    let builtin = Variant::by_id("larger-board").unwrap();
    assert!(v.chess);
    assert_eq!(v.side_titles, ["Red", "Green"]);
    assert!(v.answers_to("renamed-12x8"));
    let lion = v.kind_by_abbr("Li").unwrap();
    assert_eq!(
        (v.spec(lion).name, v.spec(lion).value),
        ("Roaring Lion", Some(412))
    );
    assert_eq!(
        v.geometry.square_name(jovian_rules::Square::new(0, 0)),
        "a1"
    );
    assert_eq!(perft(v, 3), perft(builtin, 3));
}

#[test]
fn a_copy_may_not_change_what_the_layer_relies_on() {
    let cases: [(&[(&str, &str)], &str); 9] = [
        (
            &[("betza = \"N\"\n", "betza = \"NW\"\n")],
            "its moves are code",
        ),
        (
            &[("abbr = \"Li\"", "abbr = \"Ln\"")],
            "its abbreviation is \"Li\"",
        ),
        (
            &[("royal = true\n", "")],
            "only its name, description and value",
        ),
        (
            &[("[rules]\n", "[rules]\ncheck = true\n")],
            "leave [rules] empty",
        ),
        (&[("files = 12", "files = 14")], "plays on its own board"),
        (
            &[(
                "builtin = \"larger-board\"",
                "blue = [\"K e1\"]\nsymmetry = \"mirror\"",
            )],
            "plays its own array",
        ),
        (
            &[("\nlayer = \"larger-board\"", "\nlayer = \"chess\"")],
            "not a rules layer",
        ),
        (
            &[(
                "[[piece]]\nname = \"King\"",
                "[[piece]]\nname = \"Amazon\"\nabbr = \"Am\"\nbetza = \"QN\"\n\n[[piece]]\nname = \"King\"",
            )],
            "by their place in the table",
        ),
        (
            &[(
                "file_letters = \"yzabcdefghij\"",
                "file_letters = \"yzabcdefghiy\"",
            )],
            "different lower-case letters",
        ),
    ];
    for (edits, message) in cases {
        let e = game_from_toml(&edited(edits))
            .err()
            .unwrap_or_else(|| panic!("{edits:?} was accepted"))
            .to_string();
        assert!(e.contains(message), "{edits:?}: {e}");
        assert!(e.contains("line "), "{edits:?}: no line in {e}");
    }
}

/// Plain chess pieces on the 12x8 game's array, without its layer: the general check rules.
#[test]
fn the_array_serves_a_file_without_the_layer() {
    let text = r#"
[game]
id = "plain-12x8"
title = "Plain 12x8"
sides = ["White", "Black"]

[board]
files = 12
ranks = 8
promotion_ranks = [[8], [1]]

[rules]
check = true

[setup]
builtin = "larger-board"

[[piece]]
name = "King"
abbr = "K"
betza = "K"
royal = true

[[piece]]
name = "Queen"
abbr = "Q"
betza = "Q"

[[piece]]
name = "Rook"
abbr = "R"
betza = "R"

[[piece]]
name = "Bishop"
abbr = "B"
betza = "B"

[[piece]]
name = "Knight"
abbr = "N"
betza = "N"

[[piece]]
name = "Lion"
abbr = "Li"
betza = "N"

[[piece]]
name = "Cannon"
abbr = "C"
betza = "R"

[[piece]]
name = "Pawn"
abbr = "P"
betza = "mfWcfF"
promotes = ["Q"]
initial_steps = 2
initial_ranks = [2]
"#;
    let v = game_from_toml(text).unwrap_or_else(|e| panic!("{e}"));
    assert!(!v.chess);
    // Twelve Pawns with one or two steps, two Knights and two Knight-leaping Lions with two
    // and one free squares each; the Rooks and Cannons are shut in.
    assert_eq!(perft(v, 1), 24 + 4 + 2);
}
