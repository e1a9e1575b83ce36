//! The library's 12x8 move generator against the naive reference (tests/larger_board_reference,
//! written from docs/rules/larger-board.md and the text alone): on random reachable and composed
//! positions, the multiset of positions the legal moves lead to must be the same, written in the
//! text form; so must the game's end. `JOVIAN_LARGER_CASES` sets how many positions of each kind
//! (default 400).

mod larger_board_reference;

use jovian_rules::fen::{parse_position, write_position};
use jovian_rules::variants::larger_board;
use jovian_rules::{Position, WinReason};
use larger_board_reference as reference;

fn cases() -> u64 {
    std::env::var("JOVIAN_LARGER_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(400)
}

fn library(text: &str) -> Position {
    let v = larger_board::variant();
    let setup = parse_position(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The successors of the library's legal moves, sorted. Every move also keeps the incremental
/// hash equal to a fresh one and is undone exactly.
fn successors(pos: &mut Position) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let (before, hash) = (write_position(pos), pos.hash());
    let mut out: Vec<String> = moves
        .iter()
        .map(|&m| {
            pos.make(m);
            assert_eq!(pos.hash(), pos.compute_hash(), "{before}: {m:?}");
            let text = write_position(pos);
            // The position text names the position exactly: equal texts, equal hashes.
            assert_eq!(
                library(&text).hash(),
                pos.hash(),
                "{before}: {m:?} gives {text}"
            );
            pos.unmake();
            text
        })
        .collect();
    assert_eq!((write_position(pos), pos.hash()), (before, hash));
    out.sort();
    out
}

/// Compares one position; returns how many moves were compared.
fn compare(text: &str) -> usize {
    let rpos =
        reference::parse(text).unwrap_or_else(|e| panic!("reference cannot read {text}: {e}"));
    let mut pos = library(text);
    assert_eq!(write_position(&pos), text, "the text form round-trips");
    let ours = pos.outcome();
    let theirs = reference::outcome(&rpos);
    let drawn_by_rule = matches!(
        ours.map(|o| o.reason),
        Some(WinReason::FiftyMoves | WinReason::BareKings)
    );
    let reason = ours.map(|o| match o.reason {
        WinReason::Checkmate => {
            let who = if o.winner == Some(jovian_rules::Color::Blue) {
                "white"
            } else {
                "black"
            };
            format!("checkmate {who} wins")
        }
        WinReason::Stalemate => "stalemate".to_string(),
        WinReason::FiftyMoves => "fifty-move".to_string(),
        WinReason::BareKings => "bare kings".to_string(),
        other => format!("{other:?}"),
    });
    assert_eq!(reason, theirs, "{text}: the game's end");
    if drawn_by_rule {
        return 0;
    }
    let mut expected: Vec<String> = reference::legal_successors(&rpos)
        .into_iter()
        .map(|(_, p)| reference::write(&p))
        .collect();
    expected.sort();
    let got = successors(&mut pos);
    if got != expected {
        let missing: Vec<&String> = expected.iter().filter(|e| !got.contains(e)).collect();
        let extra: Vec<&String> = got.iter().filter(|g| !expected.contains(g)).collect();
        let described: Vec<String> = reference::legal_successors(&rpos)
            .into_iter()
            .filter(|(_, p)| missing.contains(&&reference::write(p)))
            .map(|(d, _)| d)
            .collect();
        panic!(
            "{text}\n{} moves here, {} in the reference\nmissing here ({}): {described:?}\n{missing:#?}\nextra here: {extra:#?}",
            got.len(),
            expected.len(),
            missing.len()
        );
    }
    got.len()
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut moves = 0;
    for seed in 0..cases() {
        let p = reference::random_position(seed);
        moves += compare(&reference::write(&p));
    }
    assert!(moves > 0);
    println!(
        "{} positions from random games, {moves} moves compared",
        cases()
    );
}

#[test]
fn composed_positions_agree_with_the_reference() {
    let mut moves = 0;
    for seed in 0..cases() {
        let p = reference::random_composed(seed);
        moves += compare(&reference::write(&p));
    }
    assert!(moves > 0);
    println!("{} composed positions, {moves} moves compared", cases());
}

/// The positions compared hold what the game is made of: pieces dropped and in hand, Golems,
/// en passant state, Assassins, promoted and flipped pieces, castling rights.
#[test]
fn the_compared_positions_cover_the_game() {
    let texts: Vec<String> = (0..cases().min(400))
        .flat_map(|seed| {
            [
                reference::write(&reference::random_position(seed)),
                reference::write(&reference::random_composed(seed)),
            ]
        })
        .collect();
    let count = |pred: &dyn Fn(&str) -> bool| texts.iter().filter(|t| pred(t)).count();
    let board = |t: &str| t.split(' ').next().unwrap_or("").to_string();
    let has = |token: &'static str| {
        move |t: &str| {
            board(t)
                .split(['/', ','])
                .any(|x| x.eq_ignore_ascii_case(token))
        }
    };
    let figures = [
        (
            "Golem parts",
            count(&|t| ["gne", "gnw", "gse", "gsw"].iter().any(|g| has(g)(t))),
        ),
        ("Wizards", count(&has("wz"))),
        ("Elephants", count(&has("el"))),
        ("Assassins", count(&has("as"))),
        (
            "Halflings",
            count(&|t| ["le", "pi", "ad", "wd"].iter().any(|g| has(g)(t))),
        ),
        ("Bishop-wise Can(n)ons", count(&has("v"))),
        ("en passant state", count(&|t| !t.contains("ep=-"))),
        ("drops closed", count(&|t| t.contains("drops=closed"))),
        ("castling rights", count(&|t| !t.contains("castle=-"))),
    ];
    for (what, n) in figures {
        println!("{what}: {n} of {} positions", texts.len());
        assert!(n > 0, "no position with {what}");
    }
}
