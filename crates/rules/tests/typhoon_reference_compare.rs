//! The library's Typhoon moves against the naive reference generator (`typhoon_reference/`), on
//! random playouts from named arrays, on random positions crowded with every piece type, and by
//! perft. Every position compares the legal moves by their effect (from-square and the board each
//! leaves), the game's outcome, and that no two library moves do the same thing.

mod typhoon_reference;
mod walk;

use std::collections::{BTreeMap, BTreeSet};

use jovian_rules::variants::typhoon;
use jovian_rules::{Color, MoveKind, Outcome, Position, Setup, Square, WinReason};
use typhoon_reference::{
    Board, RefGame, immobilized, library_effects, material_outcome, pseudo_moves,
};
use walk::Lcg;

#[derive(Default, Debug)]
struct Stats {
    positions: u64,
    moves: u64,
    kinds: BTreeMap<&'static str, u64>,
    promotions: u64,
    to_emperor_of_emperors: u64,
    immobilized_positions: u64,
    repetition_cuts: u64,
    no_legal_move: u64,
}

fn kind_name(k: MoveKind) -> &'static str {
    k.name()
}

/// Compares one position in full; returns the legal effects for the caller to pick from.
fn check(
    pos: &mut Position,
    game: &RefGame,
    context: &str,
    stats: &mut Stats,
) -> Vec<(Board, jovian_rules::Move)> {
    assert_eq!(
        Board::from_position(pos),
        game.board,
        "{context}: boards differ"
    );
    let reference = game.legal();
    let library = library_effects(pos);
    let lib_set: BTreeSet<_> = library.iter().map(|(e, _)| e.clone()).collect();
    if lib_set.len() != library.len() {
        let mut seen = BTreeMap::new();
        let mut same = Vec::new();
        for (e, m) in &library {
            if let Some(first) = seen.insert(e.clone(), *m) {
                let text = |m| {
                    jovian_rules::notation::format_move(
                        &mut pos.clone(),
                        m,
                        jovian_rules::notation::Style::Long,
                    )
                };
                same.push(format!("{} = {}", text(first), text(*m)));
            }
        }
        panic!(
            "{context}: library moves with the same effect: {same:?}\n{}",
            game.board
        );
    }
    if lib_set != reference {
        let name = |e: &typhoon_reference::Effect| typhoon_reference::name(e.0);
        let missing: Vec<String> = reference
            .difference(&lib_set)
            .map(|e| format!("{} ->\n{}", name(e), e.1))
            .collect();
        let extra: Vec<String> = lib_set
            .difference(&reference)
            .map(|e| format!("{} ->\n{}", name(e), e.1))
            .collect();
        panic!(
            "{context}: move sets differ\n{}\nmissing from the library ({}):\n{}\nextra in the library ({}):\n{}",
            game.board,
            missing.len(),
            missing.join("\n"),
            extra.len(),
            extra.join("\n")
        );
    }
    let expected = material_outcome(&game.board)
        .or_else(|| {
            reference
                .is_empty()
                .then_some((game.board.side.other(), WinReason::NoLegalMove))
        })
        .map(|(winner, reason)| Outcome::win(winner, reason));
    assert_eq!(
        pos.outcome(),
        expected,
        "{context}: outcome\n{}",
        game.board
    );
    stats.positions += 1;
    stats.moves += library.len() as u64;
    let v = pos.variant();
    for (_, m) in &library {
        *stats.kinds.entry(kind_name(m.kind)).or_default() += 1;
        if let Some(k) = m.promotion() {
            stats.promotions += 1;
            stats.to_emperor_of_emperors += (v.abbr(k) == "EE") as u64;
        }
    }
    if game.board.cells.iter().enumerate().any(|(r, row)| {
        row.iter()
            .enumerate()
            .any(|(f, c)| c.is_some() && immobilized(&game.board, (f as i8, r as i8)))
    }) {
        stats.immobilized_positions += 1;
    }
    if material_outcome(&game.board).is_none() && pseudo_moves(&game.board).len() > reference.len()
    {
        stats.repetition_cuts += 1;
    }
    stats.no_legal_move += (expected.is_some_and(|o| o.reason == WinReason::NoLegalMove)) as u64;
    library.into_iter().map(|((_, b), m)| (b, m)).collect()
}

/// Plays `plies` random moves from `pos`, comparing every position on the way.
fn playout(mut pos: Position, seed: u64, plies: usize, label: &str, stats: &mut Stats) {
    let mut game = RefGame::new(Board::from_position(&pos));
    let mut rng = Lcg::new(seed);
    for ply in 0..plies {
        let context = format!("{label} seed {seed} ply {ply}");
        let moves = check(&mut pos, &game, &context, stats);
        if moves.is_empty() {
            break;
        }
        let (after, m) = moves[rng.below(moves.len())].clone();
        pos.make(m);
        game.play(after);
    }
}

/// Both Kings, then 8-24 pieces of any type bunched in an 8x8 window, some Immobilizers, Dervishes
/// and Harpies among them so that relays and paralysis meet.
fn random_position(seed: u64) -> Position {
    let v = typhoon::variant();
    let mut rng = Lcg::new(seed ^ 0x51CE_0FF1_CE00_D00D);
    let king = v.kind_by_abbr("K").unwrap();
    let mut pieces = vec![
        (Color::Blue, king, Square::new(rng.below(12) as u8, 0)),
        (Color::Tan, king, Square::new(rng.below(12) as u8, 11)),
    ];
    let count = 8 + rng.below(17);
    let corner = (rng.below(5) as u8, rng.below(5) as u8);
    let favourites = [
        "Im", "De", "Ha", "Hu", "Cu", "Lo", "So", "Mi", "Ty", "EE", "Em", "K", "P",
    ];
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
        let kind = if rng.below(3) == 0 {
            v.kind_by_abbr(favourites[rng.below(favourites.len())])
                .unwrap()
        } else {
            v.kinds().nth(rng.below(v.pieces.len())).unwrap()
        };
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
    .unwrap()
}

#[test]
fn playouts_from_named_arrays_agree() {
    let v = typhoon::variant();
    let mut stats = Stats::default();
    let mut rng = Lcg::new(2026);
    for game in 0..10 {
        let symmetry = ["rot", "mir"][game % 2];
        let bits: String = (0..17)
            .map(|_| if rng.below(2) == 0 { '0' } else { '1' })
            .collect();
        let name = if game == 0 {
            "default".to_string()
        } else {
            format!("{symmetry}-{bits}")
        };
        let pos = Position::from_setup(&Setup::named(v, &name).unwrap()).unwrap();
        playout(pos, game as u64, 160, &name, &mut stats);
    }
    eprintln!("typhoon playouts: {stats:?}");
    assert!(stats.positions >= 800, "{stats:?}");
    for kind in ["normal", "relayed", "swap", "promotion"] {
        let seen = if kind == "promotion" {
            stats.promotions
        } else {
            stats.kinds.get(kind).copied().unwrap_or(0)
        };
        assert!(seen > 0, "{kind} never came up: {stats:?}");
    }
}

#[test]
fn random_positions_with_every_type_agree() {
    let mut stats = Stats::default();
    for seed in 0..400 {
        playout(random_position(seed), seed, 24, "random", &mut stats);
    }
    eprintln!("typhoon random positions: {stats:?}");
    for kind in [
        "normal", "relayed", "igui", "hop", "pass", "convert", "swap", "line", "suicide",
    ] {
        assert!(
            stats.kinds.get(kind).copied().unwrap_or(0) > 0,
            "{kind} never came up: {stats:?}"
        );
    }
    assert!(
        stats.promotions > 0 && stats.to_emperor_of_emperors > 0,
        "{stats:?}"
    );
    assert!(stats.immobilized_positions > 0, "{stats:?}");
}

/// Few pieces and long random games: positions recur, so the repetition rule cuts moves (both
/// generators keep the whole history), and passes and swaps, which change nothing else, recur too.
#[test]
fn long_sparse_games_agree_on_repetition() {
    let v = typhoon::variant();
    let mut stats = Stats::default();
    let pairs = [
        ("Pa", "W"),
        ("Hu", "Ra"),
        ("Co", "Hu"),
        ("W", "F"),
        ("Pa", "Ra"),
    ];
    for (seed, (a, b)) in pairs.iter().enumerate() {
        let kind = |x: &str| v.kind_by_abbr(x).unwrap();
        let sq = |f: u8, r: u8| Square::new(f, r);
        let pieces = vec![
            (Color::Blue, kind("K"), sq(0, 0)),
            (Color::Blue, kind(a), sq(4, 4)),
            (Color::Blue, kind(b), sq(5, 4)),
            (Color::Tan, kind("K"), sq(11, 11)),
            (Color::Tan, kind(a), sq(7, 7)),
            (Color::Tan, kind(b), sq(6, 7)),
        ];
        let mut pos = Position::from_setup(&Setup {
            variant: v,
            pieces,
            to_move: Color::Blue,
            chess: None,
        })
        .unwrap();
        // Random moves, but going back to a position seen before whenever one can: the games
        // circle, and the rule has to cut.
        let mut game = RefGame::new(Board::from_position(&pos));
        let mut rng = Lcg::new(seed as u64);
        for ply in 0..200 {
            let context = format!("sparse {a} {b} ply {ply}");
            let moves = check(&mut pos, &game, &context, &mut stats);
            if moves.is_empty() {
                break;
            }
            let back: Vec<_> = moves
                .iter()
                .filter(|(after, _)| game.history.contains(after))
                .collect();
            let (after, m) = if !back.is_empty() && rng.below(4) != 0 {
                back[rng.below(back.len())].clone()
            } else {
                moves[rng.below(moves.len())].clone()
            };
            pos.make(m);
            game.play(after);
        }
    }
    eprintln!("typhoon sparse games: {stats:?}");
    assert!(
        stats.repetition_cuts > 0,
        "the repetition rule never cut a move: {stats:?}"
    );
}

/// The reference counts the default array's tree like the library (perft 1-3) and repeats the
/// cheap lines of the data file.
#[test]
fn perft_by_the_reference() {
    fn perft(game: &RefGame, depth: u32) -> u64 {
        let moves = game.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|(_, after)| {
                let mut next = game.clone();
                next.play(after);
                perft(&next, depth - 1)
            })
            .sum()
    }
    let v = typhoon::variant();
    let start = RefGame::new(Board::from_position(&Position::start(v)));
    assert_eq!(perft(&start, 1), 42);
    assert_eq!(perft(&start, 2), 1764);
    assert_eq!(perft(&start, 3), 75138);
    let data = include_str!("data/typhoon.perft");
    let mut checked = 0;
    for line in data.lines().filter(|l| l.starts_with("position ")) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (depth, nodes): (u32, u64) = (f[4].parse().unwrap(), f[5].parse().unwrap());
        // Lines the reference redoes in seconds (its boards are slow to copy).
        if depth > 3 || (depth == 3 && nodes > 500_000) {
            continue;
        }
        let setup = jovian_rules::fen::parse_position(v, &format!("{} {}", f[2], f[3])).unwrap();
        let game = RefGame::new(Board::from_position(&Position::from_setup(&setup).unwrap()));
        assert_eq!(perft(&game, depth), nodes, "{line}");
        checked += 1;
    }
    assert!(checked >= 16, "{checked} data lines");
}
