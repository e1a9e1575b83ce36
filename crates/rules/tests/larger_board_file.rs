//! The 12x8 game as a variant file (`games/larger-board.toml`): a copy that renames things plays
//! the same game, a copy that changes what its powers' code relies on is one clear error, and
//! the game's array serves a file without the powers.

use jovian_rules::fen::{parse_position, write_position};
use jovian_rules::file::game_from_toml;
use jovian_rules::{Color, MoveKind, Position, Setup, Variant, WinReason};

mod common;
mod walk;

const FILE: &str = include_str!("../games/larger-board.toml");

fn perft(v: &'static Variant, depth: u32) -> u64 {
    let setup = Setup::named(v, v.setups.default).unwrap();
    Position::from_setup(&setup).unwrap().perft(depth)
}

/// A copy of `FILE` under its own id, without the built-in game's aliases, and with `edits`
/// made as by `edited`.
fn copy_text(id: &str, edits: &[(&str, &str)]) -> String {
    let id_line = format!("id = \"{id}\"");
    let renamed = [
        ("id = \"larger-board\"", id_line.as_str()),
        (
            "aliases = [\"larger\", \"fourriere\", \"12x8\"]",
            "aliases = []",
        ),
    ];
    edited(&[&renamed[..], edits].concat())
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
        // The pairs' squares are named by the file letters.
        (r#"Le = [["b1", "g1"]]"#, r#"Le = [["d1", "i1"]]"#),
        (r#"Pi = [["a1", "h1"]]"#, r#"Pi = [["c1", "j1"]]"#),
        (r#"Ad = [["z1", "i1"]]"#, r#"Ad = [["b1", "k1"]]"#),
        (r#"Wd = [["y1", "j1"]]"#, r#"Wd = [["a1", "l1"]]"#),
        (
            r#"Wz = [["y2", "j2"], ["z2", "i2"], ["a2", "h2"], ["b2", "g2"]]"#,
            r#"Wz = [["a2", "l2"], ["b2", "k2"], ["c2", "j2"], ["d2", "i2"]]"#,
        ),
    ]);
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    let builtin = Variant::by_id("larger-board").unwrap();
    assert!(v.powers);
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

/// The layer finds its pieces by the powers their entries name, not by their place in the table:
/// a copy with the table reversed plays the same game, from the start and from a position with
/// a Golem, an Assassin and Elephants (the perft file's, in its text form, which names pieces by
/// their abbreviations).
#[test]
fn a_copy_may_put_the_pieces_in_any_order() {
    let (head, pieces) = FILE.split_once("[[piece]]").expect("the file has pieces");
    let mut entries: Vec<&str> = pieces.split("[[piece]]").collect();
    entries.reverse();
    let text = format!(
        "{head}[[piece]]{}",
        entries
            .iter()
            .map(|e| format!("{}\n", e.trim_end()))
            .collect::<Vec<_>>()
            .join("\n[[piece]]")
    )
    .replacen("id = \"larger-board\"", "id = \"reversed-12x8\"", 1)
    .replacen(
        "aliases = [\"larger\", \"fourriere\", \"12x8\"]",
        "aliases = []",
        1,
    );
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    let builtin = Variant::by_id("larger-board").unwrap();
    assert_eq!(v.abbr(jovian_rules::PieceKind(0)), "Gsw");
    assert_ne!(v.layer_kinds.king, builtin.layer_kinds.king);
    assert_eq!(perft(v, 3), perft(builtin, 3));
    let golems = "li,b,2,b,4,r,1,li/3,p,p,V,1,p,p,p,2/1,as,2,n,1,p,2,n,p,1/p,3,c,el,k,el,Gse,3/\
                  1,B,r,P,1,c,P,Q,P,Gnw,1,p/P,P,2,N,P,1,P,1,N,2/1,as,El,K,El,1,as,2,P,c,q/\
                  Li,4,R,1,B,1,R,C,Li b castle=- kings=wb drops=open \
                  hand=2Le,2Pi,2Ad,2Wd,2Wz,2As,Th,2le,2pi,2ad,2wd,2wz,th ep=e3:f4 halfmove=1";
    assert_eq!(position(v, golems).perft(3), 19380);
    assert_eq!(position(builtin, golems).perft(3), 19380);
}

/// The types without a power move by their file: a copy may drop some (here the Lion and the
/// Can(n)ons, Rooks and Knights in their places) and play on.
#[test]
fn a_copy_may_drop_the_types_that_move_by_their_file() {
    let mut text = FILE.to_string();
    for name in ["Lion", "Can(n)on (Rook-wise)", "Can(n)on (Bishop-wise)"] {
        text = common::without_piece(&text, name);
    }
    let pawns = "yzabcdefghij".chars().map(|f| format!("\"P {f}2\""));
    let back = [
        "R y1", "N z1", "R a1", "N b1", "B c1", "Q d1", "K e1", "B f1", "N g1", "R h1",
    ];
    let back = back
        .iter()
        .chain(&["N i1", "R j1"])
        .map(|i| format!("{i:?}"));
    let array = format!(
        "blue = [{}]\nsymmetry = \"mirror\"",
        back.chain(pawns).collect::<Vec<_>>().join(", ")
    );
    let text = text
        .replacen("id = \"larger-board\"", "id = \"no-lions\"", 1)
        .replacen(
            "aliases = [\"larger\", \"fourriere\", \"12x8\"]",
            "aliases = []",
            1,
        )
        .replacen("builtin = \"larger-board\"", &array, 1)
        .replacen("\"N\", \"Li\", \"C\", \"V\", \"Le\"", "\"N\", \"Le\"", 1);
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    assert!(v.powers);
    assert_eq!(v.pieces.len(), 18);
    assert!(v.kind_by_abbr("Li").is_none());
    // Twelve Pawns, one or two steps each, and eight Knight leaps (from z1, b1, g1 and i1); the
    // Rooks, Bishops, Queen and King are shut in, and no drop comes before the Kings move.
    assert_eq!(perft(v, 1), 12 * 2 + 8);
    // The exotic pieces, in other places of this table than the built-in game's, play as there:
    // a position with a Golem, Assassins, Elephants, Halflings and a Wizard in hand.
    let exotic = "r,b,2,b,4,r,1,r/3,p,p,2,p,p,p,2/1,as,2,n,1,p,2,n,p,1/p,3,n,el,k,el,Gse,3/\
                  1,B,r,P,1,n,P,Q,P,Gnw,1,p/P,P,2,N,P,1,P,1,N,2/1,as,El,K,El,1,as,2,P,n,q/\
                  R,4,R,1,B,1,R,N,R b castle=- kings=wb drops=open \
                  hand=2Le,2Pi,2Ad,2Wd,2Wz,2As,Th,2le,2pi,2ad,2wd,2wz,th ep=- halfmove=1";
    let builtin = Variant::by_id("larger-board").unwrap();
    assert_ne!(v.layer_kinds.wizard, builtin.layer_kinds.wizard);
    let count = position(v, exotic).perft(3);
    assert!(count > 2_000, "{count}");
    assert_eq!(count, position(builtin, exotic).perft(3));
}

#[test]
fn a_copy_may_not_change_what_the_powers_rely_on() {
    let with_archbishop = |edits: &[(&str, &str)]| {
        let mut text = FILE.to_string() + ARCHBISHOP;
        for (from, to) in edits {
            text = text.replacen(from, to, 1);
        }
        text
    };
    let cases: [(&[(&str, &str)], &str); 16] = [
        (
            &[(ARCHBISHOP, &format!("{ARCHBISHOP}royal = true\n"))],
            "King and Archbishop are both the 12x8 powers' King",
        ),
        (
            &[(ARCHBISHOP, &format!("{ARCHBISHOP}promoted = true\n"))],
            "only name, abbr, betza, hooks (cannon), flips, unhoppable, royal, aliases, value",
        ),
        (
            &[(
                ARCHBISHOP,
                &format!("{ARCHBISHOP}hooks = [{{ hop_capture = \"queen\" }}]\n"),
            )],
            "reads leaps, rides and cannon hooks",
        ),
        (
            &[(
                "betza = \"Q\"\n",
                "betza = \"Q\"\nhooks = [{ hop_capture = \"queen\" }]\n",
            )],
            "reads leaps, rides and cannon hooks",
        ),
        (
            &[("betza = \"mfWcfF\"", "betza = \"mfWcfFcbF\"")],
            "its moves are code",
        ),
        (
            &[(
                "\"Wz\", \"El\"]\ninitial",
                "\"Wz\", \"El\", \"As\"]\ninitial",
            )],
            "may promote to any type but the King",
        ),
        (
            &[("royal = true\n", "")],
            "the 12x8 game's powers need a King",
        ),
        (
            &[(
                "pieces = [\"Le\", \"Pi\", \"Ad\", \"Wd\", \"Wz\", \"El\", \"As\", \"Th\"]",
                "pieces = [\"Le\", \"Pi\", \"Ad\", \"Wd\", \"Wz\", \"El\", \"As\", \"Gne\"]",
            )],
            "Gne is a Golem part, which is never in hand",
        ),
        (
            &[(ARCHBISHOP, &format!("{ARCHBISHOP}hooks = [\"wizard\"]\n"))],
            "this piece is the 12x8 game's Wizard (its moves are code",
        ),
        (
            &[(
                "hooks = [\"assassin\"]\n",
                "hooks = [\"assassin\", \"thunder\"]\n",
            )],
            "this piece is the 12x8 game's Assassin",
        ),
        (
            &[(
                "check = true\n",
                "check = true\npromotion_moves = \"entry_or_capture\"\n",
            )],
            "its [rules] are the built-in 12x8 game's",
        ),
        (
            &[(
                "[[castling]]\n",
                "[[castling]]\nking = \"e1\"\nking_to = \"b1\"\nrook = \"b1\"\nrook_to = \"c1\"\n\n[[castling]]\n",
            )],
            "need the same King and Rook squares",
        ),
        (
            &[("ranks = 8", "ranks = 9")],
            "the first side's promotion_ranks need rank 9",
        ),
        (
            &[(
                "builtin = \"larger-board\"",
                "blue = [\"Q e1\"]\nsymmetry = \"mirror\"",
            )],
            "the array is no position of this game (with the 12x8 game's powers)",
        ),
        (
            &[("\nformer_hashes", "\nlayer = \"chess\"\nformer_hashes")],
            "not a rules layer",
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
        let e = game_from_toml(&with_archbishop(edits))
            .err()
            .unwrap_or_else(|| panic!("{edits:?} was accepted"))
            .to_string();
        assert!(e.contains(message), "{edits:?}: {e}");
        assert!(e.contains("line "), "{edits:?}: no line in {e}");
    }
}

/// A position of `v` (the 12x8 text form: ranks from the 8th, cells separated by commas).
fn position(v: &'static Variant, text: &str) -> Position {
    let setup = parse_position(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Where the piece on `from` may go, sorted.
fn targets(pos: &mut Position, from: &str) -> Vec<String> {
    let v = pos.variant();
    let from = v.geometry.parse_square(from).unwrap();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut names: Vec<String> = (moves.iter())
        .filter(|m| m.from == from && m.kind != MoveKind::Drop)
        .map(|m| v.square_name(m.to))
        .collect();
    names.sort();
    names.dedup();
    names
}

/// A copy's castlings and draws are its file's: here one long castling a side (the King to b1,
/// the Rook to c1), no fifty-move rule, and stalemate lost by the stalemated side.
#[test]
fn a_copy_may_change_its_castlings_and_draws() {
    let builtin = Variant::by_id("larger-board").unwrap();
    let kingside =
        "[[castling]]\nking = \"e1\"\nking_to = \"g1\"\nrook = \"h1\"\nrook_to = \"f1\"\n";
    let text = copy_text(
        "long-castling",
        &[
            (
                "check = true\n",
                "check = true\nfifty_move_plies = 0\nstalemate = \"loss\"\n",
            ),
            ("bare_royals_draw = true\n", "bare_royals_draw = false\n"),
            (kingside, ""),
            ("king_to = \"c1\"", "king_to = \"b1\""),
            ("rook_to = \"d1\"", "rook_to = \"c1\""),
        ],
    );
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    // White: Rooks a1 and h1, King e1; Black: King j8. Each game reads its own castling letters.
    let board = |castle: &str, halfmove: u16| {
        format!(
            "11,k/12/12/12/12/12/12/2,R,3,K,2,R,2 w castle={castle} kings=wb hand=- halfmove={halfmove}"
        )
    };
    let mut plain = position(builtin, &board("KQ", 0));
    assert_eq!(
        targets(&mut plain, "e1"),
        ["c1", "d1", "d2", "e2", "f1", "f2", "g1"]
    );
    assert!(
        position(builtin, &board("KQ", 100)).outcome().is_some(),
        "fifty moves draw it"
    );
    assert!(
        parse_position(v, &board("KQ", 0)).is_err(),
        "no K castling in the copy"
    );
    let mut long = position(v, &board("Q", 150));
    assert_eq!(
        targets(&mut long, "e1"),
        ["b1", "d1", "d2", "e2", "f1", "f2"]
    );
    assert_eq!(long.outcome(), None, "no fifty-move rule");
    let mut moves = Vec::new();
    long.legal_moves(&mut moves);
    let castle = *moves.iter().find(|m| m.kind == MoveKind::Castle).unwrap();
    long.make(castle);
    assert!(
        write_position(&long).contains("/3,K,R,4,R,2 b castle=- "),
        "{}",
        write_position(&long)
    );
    // Black's King y8 is stalemated by the Queen on z6: a draw in the game, a loss in the copy.
    let stalemate = "k,11/12/1,Q,10/12/12/12/12/11,K b castle=- kings=wb hand=-";
    let drawn = position(builtin, stalemate).outcome().unwrap();
    assert_eq!(drawn.winner, None);
    let lost = position(v, stalemate).outcome().unwrap();
    assert_eq!(lost.winner, Some(Color::Blue));
    // Bare Kings with empty hands: a draw in the game, play on in the copy.
    let bare = "k,11/12/12/12/12/12/12/11,K b castle=- kings=wb hand=-";
    assert_eq!(
        position(builtin, bare).outcome().map(|o| o.reason),
        Some(WinReason::BareKings)
    );
    assert_eq!(position(v, bare).outcome(), None);
}

/// A copy may give its King more castlings than two a side: here a second long one, the King
/// to b1 with the Rook to c1, beside the King to c1 with the Rook to d1. The castlings are
/// written by their King's destination (`O-O-O/b1`), the rights go together, and random games
/// from such a position make and unmake exactly.
#[test]
fn a_copy_may_give_its_king_two_long_castlings() {
    let second_long =
        "[[castling]]\nking = \"e1\"\nking_to = \"b1\"\nrook = \"a1\"\nrook_to = \"c1\"\n\n";
    let text = copy_text(
        "two-long-castlings",
        &[(
            "[[castling]]\nking = \"e1\"",
            &format!("{second_long}[[castling]]\nking = \"e1\""),
        )],
    );
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    let board = "11,k/12/12/12/12/12/12/2,R,3,K,2,R,2 w castle=QK kings=b hand=- halfmove=0";
    let mut pos = position(v, board);
    assert_eq!(
        targets(&mut pos, "e1"),
        ["b1", "c1", "d1", "d2", "e2", "f1", "f2", "g1"]
    );
    let texts: Vec<String> = (jovian_rules::notation::format_legal_moves(
        &mut pos,
        jovian_rules::notation::Style::Short,
    ))
    .into_iter()
    .filter(|(m, _)| m.kind == MoveKind::Castle)
    .map(|(_, t)| t)
    .collect();
    assert_eq!(texts, ["O-O-O/b1", "O-O", "O-O-O/c1"]);
    let m = jovian_rules::notation::parse_move(&mut pos, "O-O-O/b1").unwrap();
    pos.make(m);
    let after = write_position(&pos);
    // The King on b1, the Rook on c1; no castling left.
    assert!(after.contains("/3,K,R,4,R,2 b castle=- "), "{after}");
    assert_eq!(position(v, &after).hash(), pos.hash());
    for seed in 0..4 {
        walk::walk(position(v, board), seed, 30);
    }
}

/// A copy's Kings start where its array puts them: there they have not moved (drops wait until
/// both have), and the castlings are the copy's to give from there.
#[test]
fn a_copy_may_start_its_kings_elsewhere() {
    let builtin = Variant::by_id("larger-board").unwrap();
    let mut items: Vec<String> = [
        "Li y1", "C z1", "R a1", "N b1", "B c1", "Q d1", "B e1", "K f1", "N g1", "R h1", "C i1",
        "Li j1",
    ]
    .map(String::from)
    .to_vec();
    items.extend("yzabcdefghij".chars().map(|f| format!("P {f}2")));
    let quoted: Vec<String> = items.iter().map(|i| format!("{i:?}")).collect();
    let text = copy_text(
        "king-on-f1",
        &[
            (
                "builtin = \"larger-board\"",
                &format!("blue = [{}]\nsymmetry = \"mirror\"", quoted.join(", ")),
            ),
            ("king = \"e1\"", "king = \"f1\""),
            ("king = \"e1\"", "king = \"f1\""),
            ("king_to = \"c1\"", "king_to = \"d1\""),
            ("rook_to = \"d1\"", "rook_to = \"e1\""),
        ],
    );
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    let start = Position::from_setup(&Setup::named(v, v.setups.default).unwrap()).unwrap();
    assert!(write_position(&start).contains(" castle=KQkq kings=- "));
    // Kings on f1 and f8 have not moved in the copy; in the built-in game they have.
    let kings = "7,k,4/12/12/12/12/12/12/2,R,4,K,4 w castle=Q kings=- hand=-";
    let unmoved = "7,k,4/12/12/12/12/12/12/2,R,4,K,4 w castle=- kings=- hand=-";
    let refused = parse_position(builtin, unmoved).map(|s| Position::from_setup(&s).err());
    assert!(
        refused.is_ok_and(|e| e.is_some_and(|e| e.to_string().contains("has moved"))),
        "the built-in game's King starts on e1"
    );
    let mut pos = position(v, kings);
    assert_eq!(
        targets(&mut pos, "f1"),
        ["d1", "e1", "e2", "f2", "g1", "g2"]
    );
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let step = *moves.iter().find(|m| v.square_name(m.to) == "f2").unwrap();
    pos.make(step);
    assert!(
        write_position(&pos).contains(" castle=- kings=w "),
        "{}",
        write_position(&pos)
    );
}

/// The text's Lion steps one square only to capture (docs/rules/larger-board.md, "Lion"); a
/// copy may try the other reading, a Lion that also steps like a King, by its Betza string alone.
#[test]
fn a_copy_may_change_how_the_table_types_move() {
    let builtin = Variant::by_id("larger-board").unwrap();
    let text = copy_text(
        "stepping-lion",
        &[("betza = \"mDmAcWcF\"", "betza = \"mDmAK\"")],
    );
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    // White: King a1, Lion d4; Black: Knights e5 and d6, King j8.
    let board = "11,k/12/5,n,6/6,n,5/5,Li,6/12/12/2,K,9 w castle=- kings=wb hand=-";
    let leaps_and_capture = ["b2", "b4", "b6", "d2", "e5", "f2", "f4", "f6"];
    assert_eq!(
        targets(&mut position(builtin, board), "d4"),
        leaps_and_capture
    );
    let mut steps: Vec<&str> = leaps_and_capture.to_vec();
    steps.extend(["c3", "c4", "c5", "d3", "d5", "e3", "e4"]);
    steps.sort_unstable();
    assert_eq!(targets(&mut position(v, board), "d4"), steps);
}

/// The Pawn's advances are the file's `initial_steps`: a copy whose Pawns advance at most two
/// squares from their first rank too.
#[test]
fn a_copy_may_change_the_pawns_advances() {
    let builtin = Variant::by_id("larger-board").unwrap();
    let text = copy_text(
        "short-pawns",
        &[("initial_steps = [3, 2]", "initial_steps = 2")],
    );
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    // White: King a1, Pawn c1 (on its first rank); Black: King j8.
    let board = "11,k/12/12/12/12/12/12/2,K,1,P,7 w castle=- kings=wb hand=-";
    assert_eq!(
        targets(&mut position(builtin, board), "c1"),
        ["c2", "c3", "c4"]
    );
    assert_eq!(targets(&mut position(v, board), "c1"), ["c2", "c3"]);
}

/// The Pawn's `en_passant` is the file's: a copy without it takes no Pawn en passant.
#[test]
fn a_copy_may_take_en_passant_away() {
    let builtin = Variant::by_id("larger-board").unwrap();
    let v = game_from_toml(&copy_text("no-en-passant", &[("en_passant = true\n", "")]))
        .unwrap_or_else(|e| panic!("{e}"));
    // White: King a1, Pawn e5; Black: Pawn d7 (about to advance two squares), King j8.
    let board = "11,k/5,p,6/12/6,P,5/12/12/12/2,K,9 b castle=- kings=wb hand=-";
    let after_advance = |v: &'static Variant| {
        let mut pos = position(v, board);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let advance = *moves
            .iter()
            .find(|m| v.square_name(m.from) == "d7" && v.square_name(m.to) == "d5")
            .unwrap();
        pos.make(advance);
        targets(&mut pos, "e5")
    };
    assert_eq!(after_advance(builtin), ["d6", "e6"]);
    assert_eq!(after_advance(v), ["e6"]);
}

/// A table type's new powers give check: a Knight made a Nightrider attacks the King two leaps
/// away, over an empty square, and the King must answer it.
#[test]
fn a_changed_table_type_gives_check() {
    let builtin = Variant::by_id("larger-board").unwrap();
    let text = copy_text("nightriders", &[("betza = \"N\"\n", "betza = \"NN\"\n")]);
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    // White: King a1, Rook i2; Black: Knight c5 (two (1,2) leaps from a1, over b3), King j8.
    // The Rook can neither take on c5 nor block on b3: against the Nightrider only the King
    // moves; against a Knight, which does not reach a1, the Rook moves too.
    let board = "11,k/12/12/4,n,7/12/12/10,R,1/2,K,9 w castle=- kings=wb hand=-";
    let (mut plain, mut rider) = (position(builtin, board), position(v, board));
    assert!(!plain.royal_in_check(Color::Blue));
    assert!(rider.royal_in_check(Color::Blue));
    let mut moves = Vec::new();
    rider.legal_moves(&mut moves);
    assert!(!moves.is_empty());
    assert!(
        moves.iter().all(|m| v.square_name(m.from) == "a1"),
        "{moves:?}"
    );
    assert!(!moves.iter().any(|m| v.square_name(m.to) == "b3"));
    plain.legal_moves(&mut moves);
    assert!(moves.iter().any(|m| v.square_name(m.from) == "i2"));
}

/// The Can(n)ons move by their file's `cannon` hooks and the Elephant is `unhoppable`: a copy
/// may lift the Elephant's shield and shorten the Can(n)on's hop, and its moves and its check
/// test follow the file alike.
#[test]
fn a_copy_may_change_the_cannons_and_what_they_hop() {
    let builtin = Variant::by_id("larger-board").unwrap();
    let open = game_from_toml(&copy_text("open-elephants", &[("unhoppable = true\n", "")]))
        .unwrap_or_else(|e| panic!("{e}"));
    // White: King a1, Can(n)on c1; Black: Elephant c4, Knight c8, King j8. An enemy Elephant is
    // no screen in the built-in game; a friendly Knight is.
    let board = "4,n,6,k/12/12/12/4,el,7/12/12/2,K,1,C,7 w castle=- kings=wb hand=-";
    assert!(!targets(&mut position(builtin, board), "c1").contains(&"c8".to_string()));
    assert!(targets(&mut position(open, board), "c1").contains(&"c8".to_string()));
    let friend = board.replace("4,el,7", "4,N,7");
    assert!(targets(&mut position(builtin, &friend), "c1").contains(&"c8".to_string()));
    // Black's King on c8 in its place, Black to move: in check only where it may be hopped.
    let king = "4,k,7/12/12/12/4,el,7/12/12/2,K,1,C,7 b castle=- kings=wb hand=-";
    assert!(!position(builtin, king).royal_in_check(Color::Tan));
    assert!(position(open, king).royal_in_check(Color::Tan));

    // A Can(n)on that hops at most four squares: a King seven squares up the file beyond the
    // screen is safe, one four squares away is not.
    let short = copy_text(
        "short-cannons",
        &[(
            "lines = \"orthogonal\", max = 0,",
            "lines = \"orthogonal\", max = 4,",
        )],
    );
    let short = game_from_toml(&short).unwrap_or_else(|e| panic!("{e}"));
    let far = "4,k,7/12/12/12/12/12/4,p,7/2,K,1,C,7 b castle=- kings=wb hand=-";
    let near = "12/12/12/4,k,7/12/12/4,p,7/2,K,1,C,7 b castle=- kings=wb hand=-";
    assert!(position(builtin, far).royal_in_check(Color::Tan));
    assert!(!position(short, far).royal_in_check(Color::Tan));
    assert!(position(short, near).royal_in_check(Color::Tan));
    let white = far.replace(" b ", " w ").replace("4,k,7", "4,n,6,k");
    assert!(targets(&mut position(builtin, &white), "c1").contains(&"c8".to_string()));
    assert!(!targets(&mut position(short, &white), "c1").contains(&"c8".to_string()));
    // From the start, where no Elephant stands yet, the games are the same.
    assert_eq!(perft(open, 2), perft(builtin, 2));
}

/// A type added after the layer's own.
const ARCHBISHOP: &str = "
[[piece]]
name = \"Archbishop\"
abbr = \"Ar\"
betza = \"BN\"
";

/// A copy may add types, place them in its own array and promote to them (by naming them in the
/// Pawn's list); the castling rights an array starts with are those whose King and partner
/// stand ready.
#[test]
fn a_copy_may_add_types_and_place_them() {
    let builtin = Variant::by_id("larger-board").unwrap();
    let mut back_rank = [
        "Li y1", "C z1", "R a1", "N b1", "B c1", "Q d1", "K e1", "B f1", "N g1", "R h1", "C i1",
        "Ar j1",
    ]
    .map(String::from)
    .to_vec();
    let array = |back_rank: &[String]| {
        let pawns = "yzabcdefghij".chars().map(|f| format!("P {f}2"));
        let items: Vec<String> = (back_rank.iter().cloned().chain(pawns))
            .map(|item| format!("{item:?}"))
            .collect();
        format!("blue = [{}]\nsymmetry = \"mirror\"", items.join(", "))
    };
    let copy = |id: &str, back_rank: &[String]| {
        let text = copy_text(id, &[("builtin = \"larger-board\"", &array(back_rank))]) + ARCHBISHOP;
        game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"))
    };
    let v = copy("archbishops", &back_rank);
    // The Pawn's list names what it promotes to: without "Ar" there, no Archbishop.
    let mut pos = position(
        v,
        "11,k/2,P,9/12/12/12/12/12/2,K,9 w castle=- kings=wb hand=-",
    );
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let archbishop = v.kind_by_abbr("Ar").unwrap();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.promotion() != Some(archbishop)));
    let listed = |back_rank: &[String]| {
        let promotes = "\"Wz\", \"El\"]\ninitial";
        let text = copy_text(
            "archbishops-listed",
            &[
                ("builtin = \"larger-board\"", &array(back_rank)),
                (promotes, "\"Wz\", \"El\", \"Ar\"]\ninitial"),
            ],
        ) + ARCHBISHOP;
        game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"))
    };
    let v = listed(&back_rank);
    let start = Position::start(v);
    assert!(
        write_position(&start).contains("castle=KQkq"),
        "{}",
        write_position(&start)
    );
    // The Archbishop on j1 (in the Lion's place) has one move, a Knight's leap to i3; the Lion
    // there had two leaps (j3, h3).
    assert_eq!(perft(v, 1) + 1, perft(builtin, 1));
    // A Pawn on its seventh rank may become an Archbishop.
    let mut pos = position(
        v,
        "11,k/2,P,9/12/12/12/12/12/2,K,9 w castle=- kings=wb hand=-",
    );
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let archbishop = v.kind_by_abbr("Ar").unwrap();
    assert!(moves.iter().any(|m| m.promotion() == Some(archbishop)));
    // With nothing on a1 (the King's partner is what stands on the Rook's square, as under the
    // general rules), only the King's side castlings remain.
    back_rank.remove(2);
    let without = copy("archbishops-without", &back_rank);
    let text = write_position(&Position::start(without));
    assert!(text.contains("castle=Kk"), "{text}");
}

/// The pieces that name a power switch its code on: the built-in file has no other switch. An
/// older file's `layer = "larger-board"` is still read, and is the same game (the same
/// definition hash, so its records replay).
#[test]
fn the_powers_are_switched_on_by_their_pieces() {
    let builtin = Variant::by_id("larger-board").unwrap();
    assert!(!FILE.contains("layer ="));
    assert!(builtin.powers);
    let older = edited(&[(
        "\nformer_hashes",
        "\nlayer = \"larger-board\"\nformer_hashes",
    )]);
    let v = game_from_toml(&older).unwrap_or_else(|e| panic!("{e}"));
    assert!(v.powers);
    assert_eq!(v.definition_hash(), builtin.definition_hash());
}

/// The check rule's promotion limits hold for the powers' Pawn: with `{ Q = 1 }` and a Queen on
/// the board, a Pawn reaching its last rank may become anything else but no second Queen.
#[test]
fn promotion_limits_hold_with_the_powers() {
    let limited = copy_text(
        "limited-12x8",
        &[(
            "check = true\n",
            "check = true\npromotion_limits = { Q = 1 }\n",
        )],
    );
    let limited = game_from_toml(&limited).unwrap_or_else(|e| panic!("{e}"));
    let builtin = Variant::by_id("larger-board").unwrap();
    let text = "1,k,10/6,P,5/12/12/12/12/12/K,10,Q w castle=- kings=wb drops=closed hand=- ep=- \
                halfmove=0";
    let promotions = |v: &'static Variant| {
        let setup = parse_position(v, text).unwrap_or_else(|e| panic!("{e}"));
        let mut pos = Position::from_setup(&setup).unwrap();
        let queen = v.kind_by_abbr("Q").unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let from_e7 = moves
            .iter()
            .filter(|m| m.from == v.geometry.parse_square("e7").unwrap());
        let kinds: Vec<_> = from_e7.filter_map(|m| m.promotion()).collect();
        let queens = kinds.iter().filter(|&&k| k == queen).count();
        (kinds.len(), queens)
    };
    let (all, queens) = promotions(builtin);
    assert_eq!(queens, 1);
    assert!(
        all > 13,
        "the thirteen plain types and the Assassin's squares: {all}"
    );
    assert_eq!(promotions(limited), (all - 1, 0));
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
    assert!(!v.powers);
    // Twelve Pawns with one or two steps, two Knights and two Knight-leaping Lions with two
    // and one free squares each; the Rooks and Cannons are shut in.
    assert_eq!(perft(v, 1), 24 + 4 + 2);
}

/// A copy's hands and pairs are its file's: no Thunder, and the Leapers dropped on c1+f1.
#[test]
fn a_copy_may_hold_less_in_hand_and_move_the_pairs() {
    let text = copy_text(
        "no-thunder",
        &[
            ("\"As\", \"Th\"],\n", "\"As\"],\n"),
            ("\"As\", \"Th\"],\n", "\"As\"],\n"),
            (r#"Le = [["b1", "g1"]]"#, r#"Le = [["c1", "f1"]]"#),
        ],
    );
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    let start = Position::start(v);
    assert!(
        write_position(&start)
            .contains(" hand=2Le,2Pi,2Ad,2Wd,2Wz,2El,As,2le,2pi,2ad,2wd,2wz,2el,as "),
        "{}",
        write_position(&start)
    );
    // Both Kings have moved; the Kings face each other on the e-file, where the built-in game
    // could drop its Thunder. The Leapers go to c1+f1 once those are empty.
    let mut pos = position(
        v,
        "12/6,k,5/12/12/12/12/6,K,5/12 w castle=- kings=wb drops=open \
         hand=2Le,2Pi,2Ad,2Wd,2Wz,2El,As,2le,2pi,2ad,2wd,2wz,2el,as",
    );
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let drops: Vec<String> = (moves.iter().copied())
        .filter(|m| m.kind == MoveKind::Drop)
        .map(|m| {
            jovian_rules::notation::format_move(&mut pos, m, jovian_rules::notation::Style::Short)
        })
        .filter(|t| t.starts_with("Le@") || t.starts_with("Th@"))
        .collect();
    assert_eq!(drops, ["Le@c1,f1"]);
    // The layer's drops come once, in the pseudo-legal list too (which the attack test and the
    // move reader use).
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let mut unique = pseudo.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), pseudo.len());
    assert!(pseudo.iter().any(|m| m.kind == MoveKind::Drop));
    // The layer reads its drops from the file: a copy without them has no hands.
    let (start, end) = (
        text.find("[drops]\n").unwrap(),
        text.find("[setup]").unwrap(),
    );
    let without = format!("{}{}", &text[..start], &text[end..]);
    let v = game_from_toml(&without).unwrap_or_else(|e| panic!("{e}"));
    assert!(v.rules.drops.is_none());
    let mut pos = position(v, "k,11/12/12/12/12/12/5,P,6/6,K,5 w castle=- kings=wb");
    moves.clear();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.len(), 4 + 2); // the King to d1, f1, e2, f2; the Pawn to d3, d4
    assert!(moves.iter().all(|m| m.kind != MoveKind::Drop));
}

/// A game with the powers drops by the general mechanism: here a Queen in hand instead of the
/// Thunder, dropped on any empty square of its first four ranks, an Assassin placed anywhere, and
/// captured pieces joining the captor's hand (`captures_to_hand = true`). Such single drops are
/// quiet moves, as in any game with drops; the pairs and placed drops stay noisy.
#[test]
fn a_copy_drops_by_the_general_mechanism() {
    let text = copy_text(
        "queen-drops",
        &[
            (
                r#"pieces = ["Le", "Pi", "Ad", "Wd", "Wz", "El", "As", "Th"]"#,
                r#"pieces = ["Le", "Pi", "Ad", "Wd", "Wz", "El", "As", "Q"]"#,
            ),
            (r#"captures_to_hand = ["As"]"#, "captures_to_hand = true"),
            (
                "after_royals_moved = true\n",
                "after_royals_moved = true\nranks = { Q = [1, 2, 3, 4] }\n",
            ),
            ("\"As\", \"Th\"],\n", "\"As\", \"Q\"],\n"),
            ("\"As\", \"Th\"],\n", "\"As\", \"Q\"],\n"),
            (
                r#"place = { El = "beside-royal", As = "giving-check", Th = "while-royals-face" }"#,
                r#"place = { El = "beside-royal" }"#,
            ),
        ],
    );
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    assert!(v.powers);
    let mut pos = position(
        v,
        "12/6,k,5/12/12/12/12/6,K,5/12 w castle=- kings=wb drops=open hand=As,Q,as,q",
    );
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let dropped = |abbr: &str| {
        let kind = v.kind_by_abbr(abbr).unwrap();
        (moves.iter())
            .filter(|m| m.kind == MoveKind::Drop && m.promotion() == Some(kind))
            .collect::<Vec<_>>()
    };
    // Every empty square for the Assassin; the 47 empty squares of ranks 1 to 4 for the Queen.
    assert_eq!(dropped("As").len(), 96 - 2);
    assert_eq!(dropped("Q").len(), 48 - 1);
    assert!(dropped("Q").iter().all(|m| m.to.rank() < 4));
    assert!(
        moves
            .iter()
            .all(|&m| m.kind != MoveKind::Drop || !pos.is_noisy(m))
    );
    // A capture joins the captor's hand, as the type it was promoted from (the general rule:
    // a Queen, which a Pawn may become, would join it as a Pawn, which this hand does not hold):
    // the Rook takes the Assassin on e5.
    let mut pos = position(
        v,
        "11,k/12/12/6,as,5/12/12/12/K,5,R,5 w castle=- kings=wb drops=open hand=-",
    );
    let take = jovian_rules::notation::parse_move(&mut pos, "Re1xe5").unwrap();
    pos.make(take);
    let text = write_position(&pos);
    assert!(text.contains(" hand=As "), "{text}");
}

/// A copy's Pawn promotes as its file says: here to a Queen or a Knight only (the Assassin and
/// Thunder by the layer's own rules).
#[test]
fn a_copy_may_change_what_the_pawn_promotes_to() {
    let text = copy_text(
        "queen-or-knight",
        &[(
            "promotes = [\"Q\", \"R\", \"B\", \"N\", \"Li\", \"C\", \"V\", \"Le\", \"Pi\", \"Ad\", \"Wd\", \"Wz\", \"El\"]",
            "promotes = [\"Q\", \"N\"]",
        )],
    );
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    // White's Pawn on c7, Kings far apart and not facing: only the two types, and Assassins.
    let mut pos = position(
        v,
        "12/4,P,7/12/k,11/12/12/12/11,K w castle=- kings=wb drops=closed hand=-",
    );
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut promoted: Vec<String> = (moves.iter())
        .filter(|m| m.from == v.geometry.parse_square("c7").unwrap())
        .filter_map(|m| m.promotion())
        .map(|k| v.abbr(k).to_string())
        .collect();
    promoted.sort();
    promoted.dedup();
    assert_eq!(promoted, ["As", "N", "Q"]);
    let builtin = Variant::by_id("larger-board").unwrap();
    let mut pos = position(
        builtin,
        "12/4,P,7/12/k,11/12/12/12/11,K w castle=- kings=wb drops=closed hand=-",
    );
    pos.legal_moves(&mut moves);
    let choices = (moves.iter())
        .filter(|m| m.promotion().is_some_and(|k| builtin.abbr(k) != "As"))
        .count();
    assert_eq!(choices, 13);
}
