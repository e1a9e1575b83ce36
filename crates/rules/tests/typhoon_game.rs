//! Typhoon as a whole game: the perft regression numbers of tests/data/typhoon.perft, the text's
//! Wagon example, the repetition rule with passes and swaps, and make/unmake and
//! hashing along random games from every kind of array and from random positions with all 75 types.

mod walk;

use jovian_rules::variants::typhoon;
use jovian_rules::{Color, MoveKind, Position, Setup, Square, notation};
use proptest::prelude::*;
use walk::{Lcg, legal, walk};

const DATA: &str = include_str!("data/typhoon.perft");

fn sq(name: &str) -> Square {
    typhoon::variant()
        .geometry
        .parse_square(name)
        .unwrap_or_else(|| panic!("bad square {name}"))
}

/// A position from "Abbr square, ..." lists.
fn board(blue: &str, tan: &str, to_move: Color) -> Position {
    let v = typhoon::variant();
    let mut pieces = Vec::new();
    for (color, list) in [(Color::Blue, blue), (Color::Tan, tan)] {
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (abbr, s) = item.split_once(' ').expect("abbreviation and square");
            let kind = v
                .kind_by_abbr_ignore_case(abbr)
                .unwrap_or_else(|| panic!("{abbr}"));
            pieces.push((color, kind, sq(s)));
        }
    }
    Position::from_setup(&Setup {
        variant: v,
        pieces,
        to_move,
        chess: None,
    })
    .expect("valid composed position")
}

fn play(pos: &mut Position, text: &str) {
    let m = notation::parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.make(m);
}

/// One line of the data file: the position, depth and count.
fn data_lines() -> Vec<(String, Position, u32, u64)> {
    walk::perft_data(typhoon::variant(), DATA)
}

#[test]
fn perft_matches_the_data_file() {
    let lines = data_lines();
    assert!(lines.len() >= 30, "data file lost lines");
    for (text, mut pos, depth, nodes) in lines {
        assert_eq!(pos.perft(depth), nodes, "{text}");
        if depth <= 2 {
            let divided: u64 = pos.perft_divide(depth).iter().map(|x| x.1).sum();
            assert_eq!(divided, nodes, "divide: {text}");
        }
    }
}

/// "If a Blue Wagon is located on a1, and Tan pieces are located on a2 and a3, then the Blue Wagon
/// cannot move along the a-file or capture either Tan piece."
#[test]
fn wagon_is_blocked_by_the_adjacent_piece() {
    let mut pos = board("Wa a1, K l1", "P a2, P a3, K l12", Color::Blue);
    let wagon: Vec<String> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.from == sq("a1"))
        .map(|m| typhoon::variant().square_name(m.to))
        .collect();
    assert_eq!(
        wagon,
        ["c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1", "k1"]
    );
    // With a2 empty the file opens from a3 (captured) on; a2 itself stays out of reach.
    let mut pos = board("Wa a1, K l1", "P a3, K l12", Color::Blue);
    let file: Vec<String> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.from == sq("a1") && m.to.file() == 0)
        .map(|m| notation::format_move(&mut pos.clone(), m, notation::Style::Short))
        .collect();
    assert_eq!(file, ["Waxa3"]);
}

/// Passing counts for the repetition rule: after both Parrots have passed once, Blue's second pass
/// brings back the position after its first (second occurrence), and Tan's second pass would bring
/// back the start a third time, so it is illegal while Tan's other moves stay legal. Hummingbird
/// swaps undone by swaps count the same way.
#[test]
fn passes_and_swaps_repeat_positions() {
    let mut pos = board("K a1, Pa e5", "K l12, Pa h8", Color::Blue);
    let can_pass = |pos: &mut Position| legal(pos).iter().any(|m| m.kind == MoveKind::Pass);
    play(&mut pos, "Pa!");
    play(&mut pos, "Pa!");
    assert_eq!(pos.occurrences(), 2, "the start again");
    play(&mut pos, "Pa!");
    assert_eq!(pos.occurrences(), 2);
    assert!(
        !can_pass(&mut pos),
        "a third occurrence by passing is illegal"
    );
    assert!(legal(&mut pos).len() > 10, "the other moves stay");

    let mut pos = board("K a1, Hu e5, N e6", "K l12, N h8", Color::Blue);
    let cycle = ["Hu<>e6", "N-g6", "Hu<>e5", "N-h8"];
    for text in cycle {
        play(&mut pos, text);
    }
    assert_eq!(pos.occurrences(), 2, "the start again");
    for text in &cycle[..3] {
        play(&mut pos, text);
    }
    let tan: Vec<String> = legal(&mut pos)
        .into_iter()
        .map(|m| notation::format_move(&mut pos.clone(), m, notation::Style::Long))
        .collect();
    assert!(!tan.contains(&"Ng6-h8".to_string()), "{tan:?}");
    assert!(tan.contains(&"Ng6-f8".to_string()), "{tan:?}");
    // A swap that does not exist is refused with one clear message.
    let err = notation::parse_move(&mut pos, "Hu<>e7").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Hu<>e7 is not a legal move in this position"
    );
}

/// Text round trip of every legal move along a game with every kind of move (the hooks position
/// of the data file, which has passes, iguis, double hops, conversions, swaps and line captures).
#[test]
fn every_move_reads_back_in_every_style() {
    let (_, mut pos, _, _) = data_lines()
        .into_iter()
        .find(|l| l.0.starts_with("position hooks"))
        .expect("the hooks position");
    let mut kinds = std::collections::BTreeSet::new();
    for ply in 0..12 {
        let moves = legal(&mut pos);
        for &m in &moves {
            kinds.insert(m.kind);
            for style in [
                notation::Style::Short,
                notation::Style::Long,
                notation::Style::Coordinate,
            ] {
                let text = notation::format_move(&mut pos, m, style);
                let back = notation::parse_move(&mut pos, &text)
                    .unwrap_or_else(|e| panic!("ply {ply}: {text}: {e}"));
                assert_eq!(back, m, "ply {ply}: {text}");
            }
        }
        // A varied game: the move with the most captures, else the first.
        let best = moves
            .iter()
            .copied()
            .max_by_key(|&m| pos.captures_of(m).len())
            .expect("a move");
        pos.make(best);
        if pos.outcome().is_some() {
            break;
        }
    }
    for kind in [
        MoveKind::Normal,
        MoveKind::Relayed,
        MoveKind::Igui,
        MoveKind::HopCapture,
        MoveKind::Pass,
        MoveKind::LineCapture,
    ] {
        assert!(kinds.contains(&kind), "{kind:?} came up");
    }
}

/// A random position: both Kings, then 6-20 pieces of random types (promoted ones included) on
/// random squares, bunched in an 8x8 window so that hooks meet each other.
fn random_position(seed: u64) -> Position {
    let v = typhoon::variant();
    let mut rng = Lcg::new(seed ^ 0x9E37_79B9_7F4A_7C15);
    let king = v.kind_by_abbr("K").expect("King");
    let mut pieces = vec![
        (Color::Blue, king, Square::new(0, 0)),
        (Color::Tan, king, Square::new(11, 11)),
    ];
    let count = 6 + rng.below(15);
    let corner = (rng.below(5) as u8, rng.below(5) as u8);
    while pieces.len() < count + 2 {
        let s = Square::new(corner.0 + rng.below(8) as u8, corner.1 + rng.below(8) as u8);
        if pieces.iter().any(|p| p.2 == s) {
            continue;
        }
        let color = if rng.below(2) == 0 {
            Color::Blue
        } else {
            Color::Tan
        };
        let kind = v.kinds().nth(rng.below(v.pieces.len())).expect("a type");
        pieces.push((color, kind, s));
    }
    let to_move = if rng.below(2) == 0 {
        Color::Blue
    } else {
        Color::Tan
    };
    Position::from_setup(&Setup {
        variant: v,
        pieces,
        to_move,
        chess: None,
    })
    .expect("two Kings make any such position valid")
}

/// The random positions reach every kind of move, so the properties below cover them all: 60 fixed
/// seeds are walked (every legal move made and unmade at each ply) and their move kinds counted.
#[test]
fn random_positions_exercise_every_move_kind() {
    let mut seen = std::collections::BTreeMap::new();
    for seed in 0..60 {
        let mut pos = random_position(seed);
        let mut rng = Lcg::new(seed);
        for _ in 0..20 {
            let moves = legal(&mut pos);
            if moves.is_empty() {
                break;
            }
            for m in &moves {
                *seen.entry(m.kind).or_insert(0u32) += 1;
            }
            pos.make(moves[rng.below(moves.len())]);
        }
        walk(random_position(seed), seed, 20);
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
    ] {
        assert!(seen.contains_key(&kind), "{kind:?} never came up: {seen:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_games_from_named_arrays(seed in any::<u64>(), symmetry in 0usize..2, bits in 0u32..1 << 17, plies in 1usize..120) {
        let v = typhoon::variant();
        let name = format!(
            "{}-{}",
            ["rot", "mir"][symmetry],
            (0..17).map(|i| if bits >> i & 1 == 1 { '1' } else { '0' }).collect::<String>()
        );
        let start = Position::from_setup(&Setup::named(v, &name).expect("array")).expect("valid");
        let (setup, hash) = (start.to_setup(), start.hash());
        let back = walk(start, seed, plies);
        prop_assert_eq!(back.to_setup(), setup);
        prop_assert_eq!(back.hash(), hash);
    }

    #[test]
    fn random_games_from_random_positions(seed in any::<u64>(), plies in 1usize..40) {
        let start = random_position(seed);
        let setup = start.to_setup();
        prop_assert_eq!(walk(start, seed, plies).to_setup(), setup);
    }
}

/// A Hummingbird may swap with an enemy frozen by an Immobilizer (docs/rules/typhoon.md, point 13);
/// a frozen Hummingbird may not swap at all.
#[test]
fn hummingbird_swaps_with_a_frozen_enemy_but_not_when_frozen() {
    let mut pos = board("K a1, Im e5, Hu d6", "K l12, P e6, N h8", Color::Blue);
    let swaps: Vec<String> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.kind == MoveKind::Swap)
        .map(|m| notation::format_move(&mut pos.clone(), m, notation::Style::Short))
        .collect();
    assert!(swaps.contains(&"Hu<>e6".to_string()), "{swaps:?}");
    play(&mut pos, "Hu<>e6");
    assert_eq!(
        pos.piece_at(sq("d6"))
            .map(|p| (p.color, typhoon::variant().abbr(p.kind))),
        Some((Color::Tan, "P"))
    );
    // Tan's Hummingbird next to Blue's Immobilizer is frozen: no swap, no step.
    let mut pos = board("K a1, Im e5, N b1", "K l12, Hu e6, P e7", Color::Tan);
    let hummingbird: Vec<_> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.from == sq("e6"))
        .map(|m| m.kind)
        .collect();
    assert_eq!(hummingbird, [MoveKind::Suicide]);
}

/// Promotion in Typhoon: optional on any move that starts or ends in the zone (ranks 9-12 for
/// Blue), offered for a Hummingbird's own swap but never for the piece it swaps, never on a
/// conversion by a Cuckoo, never on a relayed move.
#[test]
fn promotion_follows_the_mover_not_the_moved() {
    let promotions = |pos: &mut Position, from: &str, to: &str| -> Vec<Option<&'static str>> {
        let v = typhoon::variant();
        let mut found: Vec<_> = legal(pos)
            .into_iter()
            .filter(|m| m.from == sq(from) && m.to == sq(to))
            .map(|m| m.promotion().map(|k| v.abbr(k)))
            .collect();
        found.sort();
        found
    };
    // The Hummingbird ends in the zone: both; the Knight it moves never promotes.
    let mut pos = board("K a1, Hu e8, N e9", "K l12, P a12", Color::Blue);
    assert_eq!(promotions(&mut pos, "e8", "e9"), [None, Some("Im")]);
    // A Marquis leaving the zone may promote (start-or-end rule).
    let mut pos = board("K a1, Ma e9", "K l12, P a12", Color::Blue);
    assert_eq!(promotions(&mut pos, "e9", "e8"), [None, Some("Ab")]);
    // A Cuckoo converting in the zone does not promote.
    let mut pos = board("K a1, Cu e9", "K l12, P e10", Color::Blue);
    assert_eq!(promotions(&mut pos, "e9", "e9"), [None]);
    // A Pawn stepping around a Dervish into the zone moves by a relayed power: no promotion;
    // its own step forward into the zone may promote.
    let mut pos = board("K a1, Der e9, P e8, P c8", "K l12, P a12", Color::Blue);
    assert_eq!(promotions(&mut pos, "e8", "d9"), [None]);
    assert_eq!(promotions(&mut pos, "c8", "c9"), [None, Some("Ta")]);
}

/// Swaps and passes are read in any case, as ordinary moves are (`hu<>e6` as `Hu<>e6`).
#[test]
fn special_moves_are_read_in_any_case() {
    let mut pos = board("K a1, Hu e5, N e6, Pa c3", "K l12, N h8", Color::Blue);
    let exact = notation::parse_move(&mut pos, "Hu<>e6").unwrap();
    for text in ["hu<>e6", "HU<>E6", "hU<>e6"] {
        assert_eq!(
            notation::parse_move(&mut pos, text).unwrap(),
            exact,
            "{text}"
        );
    }
    let pass = notation::parse_move(&mut pos, "Pa!").unwrap();
    assert_eq!(notation::parse_move(&mut pos, "pa!").unwrap(), pass);
    assert!(notation::parse_move(&mut pos, "hu<>e7").is_err());
}
