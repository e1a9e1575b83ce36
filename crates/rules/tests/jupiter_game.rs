//! Jupiter as a whole game, both editions (`jupiter`, `jupiter-1999`): the perft regression numbers
//! of tests/data/jupiter.perft and jupiter_1999.perft, make/unmake
//! and incremental hashing along random games (from named arrays and from random positions crowded
//! with all 161 types, reaching every kind of move, doubled turns included), every move's text
//! read back in every style, and random text never making the parsers panic.

mod walk;

use std::collections::BTreeMap;

use jovian_rules::variants::{jupiter, jupiter_1999};
use jovian_rules::{
    Color, MoveKind, Position, Setup, Square, Variant, fen, json, notation, record,
};
use proptest::prelude::*;
use walk::{Lcg, legal, walk};

const DATA: &str = include_str!("data/jupiter.perft");
const DATA_1999: &str = include_str!("data/jupiter_1999.perft");

/// Both editions: every test here runs under each.
fn editions() -> [&'static Variant; 2] {
    [jupiter::variant(), jupiter_1999::variant()]
}

/// The data files' lines, both editions: (line, position, depth, nodes).
fn data_lines() -> Vec<(String, Position, u32, u64)> {
    let mut lines = walk::perft_data(jupiter::variant(), DATA);
    let old = walk::perft_data(jupiter_1999::variant(), DATA_1999);
    assert!(old.len() >= 4, "1999 data file lost lines");
    lines.extend(old);
    lines
}

#[test]
fn perft_matches_the_data_files() {
    let lines = data_lines();
    assert!(lines.len() >= 12, "data files lost lines");
    for (text, mut pos, depth, nodes) in lines {
        assert_eq!(pos.perft(depth), nodes, "{text}");
        if depth <= 2 {
            let divided: u64 = pos.perft_divide(depth).iter().map(|x| x.1).sum();
            assert_eq!(divided, nodes, "divide: {text}");
        }
    }
}

/// A random position: both Kings, then 10-40 pieces of random types (promoted ones included, the
/// latent-power pieces more often) bunched in a 9x9 window so that powers meet each other.
pub fn random_position(v: &'static Variant, seed: u64) -> Position {
    let mut rng = Lcg::new(seed ^ 0x9E37_79B9_7F4A_7C15);
    let kind = |a: &str| v.kind_by_abbr(a).expect("a type");
    let mut pieces = vec![
        (Color::Blue, kind("K"), Square::new(0, 0)),
        (Color::Tan, kind("K"), Square::new(15, 15)),
    ];
    let favourites = [
        "Dbl", "Psn", "FiD", "DNi", "Im", "Kam", "OxT", "DrT", "CmH", "GoA", "Trb", "Roy", "Tlp",
        "Hlm", "Cst", "Coo", "Int", "RlW", "RlF", "Zoo", "De", "Ha", "KLi", "TiH", "Hu", "Cu",
    ];
    let count = 10 + rng.below(31);
    let corner = (rng.below(8) as u8, rng.below(8) as u8);
    while pieces.len() < count + 2 {
        let s = Square::new(corner.0 + rng.below(9) as u8, corner.1 + rng.below(9) as u8);
        if pieces.iter().any(|p| p.2 == s) {
            continue;
        }
        let color = [Color::Blue, Color::Tan][rng.below(2)];
        let k = if rng.below(3) == 0 {
            kind(favourites[rng.below(favourites.len())])
        } else {
            v.kinds().nth(rng.below(v.pieces.len())).expect("a type")
        };
        pieces.push((color, k, s));
    }
    Position::from_setup(&Setup {
        variant: v,
        pieces,
        to_move: [Color::Blue, Color::Tan][rng.below(2)],
        chess: None,
    })
    .expect("two Kings make any such position valid")
}

/// The random positions reach every kind of move, so the walks cover them all: fixed seeds are
/// walked (every legal move made and unmade at each ply, hashes checked) and their kinds counted.
#[test]
fn random_positions_exercise_every_move_kind() {
    for v in editions() {
        let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
        for seed in 0..40 {
            let mut pos = random_position(v, seed);
            let mut rng = Lcg::new(seed);
            for _ in 0..16 {
                let moves = legal(&mut pos);
                if moves.is_empty() {
                    break;
                }
                for m in &moves {
                    *seen.entry(m.kind.name()).or_insert(0) += 1;
                    if m.is_continuing() {
                        *seen.entry("doubled").or_insert(0) += 1;
                    }
                    if m.promotion().is_some() {
                        *seen.entry("promotion").or_insert(0) += 1;
                    }
                }
                pos.make(moves[rng.below(moves.len())]);
            }
            walk(random_position(v, seed), seed, 12);
        }
        for kind in [
            MoveKind::Normal,
            MoveKind::Relayed,
            MoveKind::Igui,
            MoveKind::HopCapture,
            MoveKind::Pass,
            MoveKind::Convert,
            MoveKind::Swap,
            MoveKind::LineCapture,
            MoveKind::Suicide,
            MoveKind::Arrival,
            MoveKind::Pull,
            MoveKind::Repel,
            MoveKind::Push,
            MoveKind::Create,
        ] {
            assert!(
                seen.contains_key(kind.name()),
                "{kind:?} never came up: {seen:?}"
            );
        }
        assert!(
            seen.contains_key("doubled") && seen.contains_key("promotion"),
            "{seen:?}"
        );
    }
}

/// Every legal move, doubled parts included, written in each style reads back as itself, on
/// random crowded positions and along a few plies of each.
#[test]
fn every_move_reads_back_in_every_style() {
    for v in editions() {
        let mut kinds = BTreeMap::new();
        for seed in 100..112 {
            let mut pos = random_position(v, seed);
            let mut rng = Lcg::new(seed);
            for ply in 0..6 {
                let moves = legal(&mut pos);
                if moves.is_empty() {
                    break;
                }
                for &m in &moves {
                    *kinds.entry(m.kind.name()).or_insert(0) += 1;
                    for style in [
                        notation::Style::Short,
                        notation::Style::Long,
                        notation::Style::Coordinate,
                    ] {
                        let text = notation::format_move(&mut pos, m, style);
                        let back = notation::parse_move(&mut pos, &text)
                            .unwrap_or_else(|e| panic!("seed {seed} ply {ply}: {text}: {e}"));
                        assert_eq!(back, m, "seed {seed} ply {ply}: {text}");
                    }
                }
                pos.make(moves[rng.below(moves.len())]);
            }
        }
        assert!(kinds.len() >= 10, "{kinds:?}");
    }
}

/// Every doubled turn (each first part with each of its second parts), written in each style,
/// reads back as its two parts; most short texts take the Jupiter text's form (`Rxa11-m11`).
#[test]
fn every_doubled_turn_reads_back_in_every_style() {
    for v in editions() {
        let (mut turns, mut text_form) = (0, 0);
        for seed in 100..112 {
            let mut pos = random_position(v, seed);
            for first in legal(&mut pos).into_iter().filter(|m| m.is_continuing()) {
                pos.make(first);
                let seconds = legal(&mut pos);
                pos.unmake();
                for second in seconds {
                    turns += 1;
                    for style in [
                        notation::Style::Short,
                        notation::Style::Long,
                        notation::Style::Coordinate,
                    ] {
                        let text = notation::format_turn(&mut pos, &[first, second], style);
                        let back = notation::parse_turn(&mut pos, &text)
                            .unwrap_or_else(|e| panic!("seed {seed}: {text}: {e}"));
                        assert_eq!(back, [first, second], "seed {seed}: {text}");
                        text_form +=
                            (style == notation::Style::Short && !text.contains('&')) as usize;
                    }
                }
            }
        }
        assert!(turns > 100, "{turns} doubled turns");
        assert!(
            text_form * 10 > turns * 9,
            "{text_form} of {turns} in the text's form"
        );
    }
}

/// A game record of a random game (doubled turns and every kind included) reads back to the same
/// position.
#[test]
fn records_of_random_games_replay() {
    for v in editions() {
        for seed in 0..6 {
            let mut pos = random_position(v, seed);
            let start = pos.to_setup();
            let mut rng = Lcg::new(seed);
            let mut moves_played = Vec::new();
            for _ in 0..20 {
                let moves = legal(&mut pos);
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                moves_played.push(m);
                pos.make(m);
            }
            let game = record::Game {
                variant: v,
                start: start.clone(),
                setup_name: None,
                moves: moves_played.clone(),
                outcome: pos.outcome(),
                position: pos.clone(),
            };
            let text = record::Record::from_game(&game, Vec::new()).to_text();
            let replayed = record::Record::parse(&text)
                .and_then(|r| r.replay())
                .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            assert_eq!(
                replayed.position.to_setup(),
                pos.to_setup(),
                "seed {seed}\n{text}"
            );
            assert_eq!(replayed.position.hash(), pos.hash(), "seed {seed}");
            assert_eq!(replayed.moves, moves_played, "seed {seed}\n{text}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn random_games_from_named_arrays(seed in any::<u64>(), plies in 1usize..60) {
        let v = editions()[(seed % 2) as usize];
        let name = (v.setups.random)(seed);
        let start = Position::from_setup(&Setup::named(v, &name).expect("array")).expect("valid");
        let (setup, hash) = (start.to_setup(), start.hash());
        let back = walk(start, seed, plies);
        prop_assert_eq!(back.to_setup(), setup);
        prop_assert_eq!(back.hash(), hash);
    }

    #[test]
    fn random_games_from_random_positions(seed in any::<u64>(), plies in 1usize..24) {
        let start = random_position(editions()[(seed % 2) as usize], seed);
        let setup = start.to_setup();
        let back = walk(start, seed, plies);
        prop_assert_eq!(back.to_setup(), setup);
    }

    /// Random text never makes the readers panic: move texts, position texts, JSON, records.
    #[test]
    fn random_text_is_an_error_not_a_panic(text in "\\PC{0,40}", seed in 0u64..20) {
        let v = editions()[(seed % 2) as usize];
        let mut pos = random_position(v, seed);
        let _ = notation::parse_move(&mut pos, &text);
        let _ = fen::parse_position(v, &text);
        let _ = json::parse_json(&text);
        let _ = record::Record::parse(&text).and_then(|r| r.replay());
    }
}
