//! The drop rules the 12x8 game's file names, as any variant file may use them (docs/variants.md,
//! "Drops"): pairs onto fixed squares, the pair beside the royal piece, drops that give check,
//! drops while the royal pieces face each other, the answering pair, captures that return for
//! some types only, and drops that open once both royal pieces have moved and close when one
//! reaches its last rank. A small game of its own, checked against counts worked out by hand.

use jovian_rules::fen::{parse_position, write_position};
use jovian_rules::file::definition::hash;
use jovian_rules::file::{game_from_toml, game_to_toml};
use jovian_rules::notation::{Style, format_move, parse_move};
use jovian_rules::{Move, MoveKind, Position, Variant};

const GAME: &str = r#"
[game]
id = "drop-placements"
title = "Drop placements"
sides = ["White", "Black"]

[board]
files = 8
ranks = 8

[rules]
check = true

[setup]
blue = ["K e1", "R a1", "R h1"]
symmetry = "mirror"

[drops]
pieces = ["N", "B", "R", "F", "W"]
captures_to_hand = ["R"]
after_royals_moved = true
until_royal_on_last_rank = true
answer_pairs = ["N"]
in_hand = [["N", "N", "B", "B", "R", "F", "W"], ["N", "N", "B", "B", "R", "F", "W"]]
place = { B = "beside-royal", R = "giving-check", F = "while-royals-face" }
pairs = { N = [["b1", "g1"]] }

[[piece]]
name = "King"
abbr = "K"
betza = "K"
royal = true

[[piece]]
name = "Rook"
abbr = "R"
betza = "R"

[[piece]]
name = "Knight"
abbr = "N"
betza = "N"

[[piece]]
name = "Bishop"
abbr = "B"
betza = "B"

[[piece]]
name = "Ferz"
abbr = "F"
betza = "F"

[[piece]]
name = "Wazir"
abbr = "W"
betza = "W"
"#;

fn game() -> &'static Variant {
    game_from_toml(GAME).unwrap_or_else(|e| panic!("{e}"))
}

fn position(text: &str) -> Position {
    let setup = parse_position(game(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(pos: &mut Position, text: &str) {
    let m = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.make(m);
    assert_eq!(pos.hash(), pos.compute_hash(), "after {text}");
}

/// The legal drops of type `abbr`, as text.
fn drops(pos: &mut Position, abbr: &str) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let v = pos.variant();
    let mine: Vec<Move> = (moves.into_iter())
        .filter(|m| m.kind == MoveKind::Drop && m.promotion().map(|k| v.abbr(k)) == Some(abbr))
        .collect();
    let mut texts: Vec<String> = mine
        .into_iter()
        .map(|m| format_move(pos, m, Style::Short))
        .collect();
    texts.sort();
    texts
}

#[test]
fn drops_open_once_both_royal_pieces_have_moved() {
    let mut pos = Position::start(game());
    for abbr in ["N", "B", "R", "F", "W"] {
        assert!(
            drops(&mut pos, abbr).is_empty(),
            "{abbr} before any King moved"
        );
    }
    play(&mut pos, "e1e2");
    assert!(
        drops(&mut pos, "W").is_empty(),
        "only White's King has moved"
    );
    assert!(
        write_position(&pos).ends_with(" kings=w drops=open"),
        "{}",
        write_position(&pos)
    );
    play(&mut pos, "e8e7");
    // The Kings on e2 and e7 face each other up the e-file.
    assert_eq!(drops(&mut pos, "N"), ["N@b1,g1"]);
    assert_eq!(drops(&mut pos, "B"), ["B@d2,f2"]);
    // Where a Rook attacks e7: e3-e6 below it, the rest of rank 7, e8 above it.
    let rook = drops(&mut pos, "R");
    assert_eq!(rook.len(), 4 + 7 + 1, "{rook:?}");
    assert!(rook.contains(&"R@e8".to_string()) && rook.contains(&"R@a7".to_string()));
    // 64 squares less the six pieces, for the Ferz (Kings facing) and the Wazir (anywhere).
    assert_eq!(drops(&mut pos, "F").len(), 58);
    assert_eq!(drops(&mut pos, "W").len(), 58);
    // The Ferz only while the Kings face each other.
    play(&mut pos, "e2d2");
    play(&mut pos, "a8b8");
    assert!(drops(&mut pos, "F").is_empty());
    assert_eq!(drops(&mut pos, "W").len(), 58);
}

#[test]
fn a_pair_is_answered_at_once_and_leaves_the_hand_two_at_a_time() {
    let mut pos = Position::start(game());
    play(&mut pos, "e1e2");
    play(&mut pos, "e8e7");
    play(&mut pos, "N@b1,g1");
    assert_eq!(
        pos.piece_at(jovian_rules::Square::new(1, 0))
            .map(|p| p.kind),
        game().kind_by_abbr("N")
    );
    assert!(
        write_position(&pos).contains(" hand=2B,R,F,W,2n,2b,r,f,w "),
        "{}",
        write_position(&pos)
    );
    // Black owes the pair and can drop it: it is Black's only legal move.
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let texts: Vec<String> = (moves.iter())
        .map(|&m| format_move(&mut pos, m, Style::Short))
        .collect();
    assert_eq!(texts, ["N@b8,g8"]);
    // So the capture search sees no capture (the Rook's a8xa1 waits), and a move exists.
    let mut noisy = Vec::new();
    assert!(pos.legal_noisy_moves(&mut noisy));
    assert!(noisy.is_empty(), "{noisy:?} {}", write_position(&pos));
    play(&mut pos, "N@b8,g8");
    assert!(
        write_position(&pos).contains(" hand=2B,R,F,W,2b,r,f,w "),
        "{}",
        write_position(&pos)
    );
    // Unmade, the pairs go back to the hands.
    pos.unmake();
    pos.unmake();
    assert!(
        write_position(&pos).contains(" hand=2N,2B,R,F,W,2n,2b,r,f,w "),
        "{}",
        write_position(&pos)
    );
    assert_eq!(pos.hash(), pos.compute_hash());
}

#[test]
fn an_owed_pair_whose_squares_are_taken_bars_other_drops_but_not_moves() {
    // Black has dropped its Knights; White's b1 is taken, so White owes the pair but cannot
    // drop it: until it can, it drops nothing else, and moves as it likes.
    let mut pos =
        position("1,n,2,r,1,n,1/4,k,3/8/8/8/8/4,K,3/1,R,6 w hand=2N,2B,R,F,W,2b,r,f,w kings=wb");
    for abbr in ["N", "B", "R", "F", "W"] {
        assert!(drops(&mut pos, abbr).is_empty(), "{abbr}");
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    // The King's eight steps and the Rook's fourteen.
    assert_eq!(moves.len(), 8 + 14);
    // With b1 free, the pair is the only legal move.
    play(&mut pos, "b1b2");
    play(&mut pos, "b8c6");
    moves.clear();
    pos.legal_moves(&mut moves);
    let texts: Vec<String> = (moves.iter())
        .map(|&m| format_move(&mut pos, m, Style::Short))
        .collect();
    assert_eq!(texts, ["N@b1,g1"]);
}

#[test]
fn only_the_named_types_change_hands_when_taken() {
    let mut pos = position("4,r,k,2/8/8/8/8/8/8/K,3,R,W,2 w hand=- kings=wb");
    play(&mut pos, "e1e8");
    assert!(
        write_position(&pos).contains(" hand=R "),
        "{}",
        write_position(&pos)
    );
    // The King takes the Rook back: Black's hand gains it; the Wazir taken returns to no one.
    play(&mut pos, "f8e8");
    assert!(
        write_position(&pos).contains(" hand=R,r "),
        "{}",
        write_position(&pos)
    );
    let mut pos = position("5,r,1,k/8/8/8/8/8/8/K,4,W,2 b hand=- kings=wb");
    play(&mut pos, "f8f1");
    assert!(
        write_position(&pos).contains(" hand=- "),
        "{}",
        write_position(&pos)
    );
}

#[test]
fn a_royal_piece_on_its_last_rank_closes_the_drops_for_good() {
    let mut pos = position("8/3,K,4/8/8/8/8/k,7/8 w hand=W,w kings=wb");
    assert_eq!(drops(&mut pos, "W").len(), 62);
    play(&mut pos, "d7d8");
    assert!(
        write_position(&pos).ends_with(" drops=closed"),
        "{}",
        write_position(&pos)
    );
    assert!(drops(&mut pos, "W").is_empty());
    play(&mut pos, "a2a3");
    play(&mut pos, "d8d7");
    assert!(drops(&mut pos, "W").is_empty(), "closed for good");
    // The same board with drops open hashes differently.
    let open = position(&write_position(&pos).replace("closed", "open"));
    assert!(write_position(&open).ends_with(" drops=open"));
    assert_ne!(pos.hash(), open.hash());
    // The board shows what it can: a King off its square has moved, one on its last rank has
    // closed the drops.
    let shown = position("3,K,4/8/8/8/8/8/8/4,k,3 w hand=W,w");
    assert!(
        write_position(&shown).ends_with(" kings=wb drops=closed"),
        "{}",
        write_position(&shown)
    );
}

#[test]
fn the_game_and_its_positions_round_trip() {
    let v = game();
    let text = game_to_toml(v).unwrap_or_else(|e| panic!("{e}"));
    let back = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(hash(v), hash(back));
    assert_eq!(back.rules.drops, v.rules.drops);
    for (text, fields) in [
        (
            "1,n,2,r,1,n,1/4,k,3/8/8/8/8/4,K,3/1,R,6 w hand=2N,2B,R,F,W,2b,r,f,w kings=wb",
            " w halfmove=0 hand=2N,2B,R,F,W,2b,r,f,w kings=wb drops=open",
        ),
        (
            "4,k,3/8/8/8/8/8/8/4,K,3 b hand=W,w kings=b drops=closed",
            " b halfmove=0 hand=W,w kings=b drops=closed",
        ),
    ] {
        let written = write_position(&position(text));
        assert!(written.ends_with(fields), "{written}");
        assert_eq!(write_position(&position(&written)), written);
    }
}

#[test]
fn placements_that_do_not_read_are_one_error_with_their_place() {
    let bad = |from: &str, to: &str| {
        let text = GAME.replace(from, to);
        assert_ne!(text, GAME, "{from}");
        let e = game_from_toml(&text).unwrap_err();
        assert!(e.line >= 1 && e.column >= 1);
        e.to_string()
    };
    let e = bad(r#"B = "beside-royal""#, r#"B = "beside-king""#);
    assert!(
        e.contains("which is no placement (anywhere, beside-royal"),
        "{e}"
    );
    let e = bad(r#"["b1", "g1"]"#, r#"["b1", "g9"]"#);
    assert!(e.contains("the square \"g9\", not one of the board"), "{e}");
    let e = bad(r#"["b1", "g1"]"#, r#"["b1", "b1"]"#);
    assert!(e.contains("a pair names one square twice"), "{e}");
    let e = bad(r#"answer_pairs = ["N"]"#, r#"answer_pairs = ["W"]"#);
    assert!(
        e.contains("answer_pairs names W, which is not dropped in pairs"),
        "{e}"
    );
    let e = bad(r#"captures_to_hand = ["R"]"#, r#"captures_to_hand = ["K"]"#);
    assert!(
        e.contains("captures_to_hand names \"K\", which is not among the hand's pieces"),
        "{e}"
    );
    let e = bad(
        r#"pairs = { N = [["b1", "g1"]] }"#,
        r#"pairs = { B = [["b1", "g1"]] }"#,
    );
    assert!(
        e.contains("B has both pairs and place = \"beside-royal\""),
        "{e}"
    );
    let e = bad(r#"blue = ["K e1","#, r#"blue = ["K e1", "K d1","#);
    assert!(
        e.contains("watch one royal piece a side; the array gives White 2"),
        "{e}"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(150))]
    /// A damaged `[drops]` is one error with its place, or a game that plays its drops: never a
    /// panic.
    #[test]
    fn a_damaged_drops_section_is_an_error_or_a_game(
        cut in 0usize..1000,
        len in 0usize..30,
        junk in "[\\[\\]{}=\",a-zA-Z0-9 \n-]{0,12}",
    ) {
        let (start, end) = (GAME.find("[drops]").unwrap(), GAME.find("[[piece]]").unwrap());
        let at = start + cut % (end - start);
        let damaged = format!("{}{junk}{}", &GAME[..at], &GAME[(at + len).min(end)..]);
        match game_from_toml(&damaged) {
            Err(e) => proptest::prop_assert!(e.line >= 1 && e.column >= 1, "{e}"),
            Ok(v) => {
                // Both Kings moved, whatever the hands hold: the drops are generated and played.
                if let Ok(setup) = parse_position(v, "r,3,k,2,r/8/8/8/8/8/8/R,2,K,3,R w kings=wb")
                    && let Ok(mut pos) = Position::from_setup(&setup)
                {
                    pos.perft(2);
                    proptest::prop_assert_eq!(pos.hash(), pos.compute_hash());
                }
            }
        }
    }
}
