//! The library's move generator against the naive reference generator (`reference/mod.rs`) on many
//! positions: random playouts from the named arrays, random sparse positions with every piece type,
//! and perft from a few arrays. Every position compares the full legal move lists (kind, squares,
//! captures, promotion), the game outcome, and the board after each legal move is made.

mod reference;

use jovian_rules::variants::scirocco;
use jovian_rules::{Color, Outcome, Position, Setup, WinReason};
use reference::random::{Lcg, random_sparse};
use reference::{Board, Canon, Kind, RefGame, apply, compare, pseudo_moves};

/// What a set of comparisons exercised; the tests assert that every mechanic came up.
#[derive(Default, Debug)]
struct Stats {
    positions: u64,
    moves: u64,
    relayed: u64,
    promotions: u64,
    hops: u64,
    iguis: u64,
    /// Positions where the repetition rule removed at least one move.
    repetition_cuts: u64,
    /// Games or positions that ended with no legal move (stalemate or repetition).
    no_legal_move: u64,
    /// Promoting moves actually played in playouts.
    promotions_played: u64,
}

/// Compares one position in depth: move lists, outcome, and for every legal move the board it
/// leaves and the exact restoration by `unmake`.
fn check_position(
    pos: &mut Position,
    game: &RefGame,
    context: &str,
    stats: &mut Stats,
) -> Vec<(Canon, jovian_rules::Move)> {
    assert_eq!(
        Board::from_position(pos),
        game.board,
        "{context}: boards differ"
    );
    let reference = game.legal();
    let moves = compare(pos, &reference, &game.board, context);
    let side = game.board.side;
    let expected = reference::material_outcome(&game.board)
        .or_else(|| {
            reference
                .is_empty()
                .then_some((side.other(), WinReason::NoLegalMove))
        })
        .map(|(winner, reason)| Outcome::win(winner, reason));
    assert_eq!(
        pos.outcome(),
        expected,
        "{context}: outcome\n{}",
        game.board
    );
    let hash = pos.hash();
    for (c, m) in &moves {
        pos.make(*m);
        assert_eq!(
            Board::from_position(pos),
            apply(&game.board, c),
            "{context}: board after {c}"
        );
        assert_eq!(pos.hash(), pos.compute_hash(), "{context}: hash after {c}");
        pos.unmake();
        assert_eq!(pos.hash(), hash, "{context}: hash after undoing {c}");
        stats.relayed += (c.kind == Kind::Relayed) as u64;
        stats.promotions += c.promo.is_some() as u64;
        stats.hops += (c.kind == Kind::Hop) as u64;
        stats.iguis += (c.kind == Kind::Igui) as u64;
    }
    assert_eq!(Board::from_position(pos), game.board, "{context}: unmake");
    stats.positions += 1;
    stats.moves += moves.len() as u64;
    if expected.is_some_and(|o| o.reason == WinReason::NoLegalMove) {
        stats.no_legal_move += 1;
    }
    // Only a situation seen twice can be made a third time; skip the extra work otherwise.
    if game.twice() > 0
        && reference::material_outcome(&game.board).is_none()
        && moves.len() < pseudo_moves(&game.board).len()
    {
        stats.repetition_cuts += 1;
    }
    moves
}

#[derive(Clone, Copy, Debug)]
enum Style {
    /// Uniformly random moves.
    Uniform,
    /// Pieces shuffle back and forth, so that the repetition rule comes into play.
    Shuffle,
    /// Promotions and forward moves first, so that promoted pieces appear.
    Advance,
}

fn choose(
    rng: &mut Lcg,
    moves: &[(Canon, jovian_rules::Move)],
    history: &[Canon],
    style: Style,
) -> usize {
    let quiet = |c: &Canon| c.captured.is_none() && c.promo.is_none();
    let pick = |rng: &mut Lcg, f: &dyn Fn(&Canon) -> bool| -> Option<usize> {
        let idx: Vec<usize> = (0..moves.len()).filter(|&i| f(&moves[i].0)).collect();
        (!idx.is_empty()).then(|| idx[rng.below(idx.len())])
    };
    let choice = match style {
        Style::Uniform => None,
        Style::Shuffle => {
            let back = history.len().checked_sub(2).map(|i| history[i]);
            let reverse = back.and_then(|b| {
                pick(rng, &|c: &Canon| {
                    quiet(c) && c.from == b.to && c.to == b.from
                })
            });
            match reverse {
                Some(i) if rng.chance(85) => Some(i),
                _ if rng.chance(80) => pick(rng, &|c: &Canon| quiet(c)),
                _ => None,
            }
        }
        Style::Advance => {
            // Blue moves on even plies: every named array starts with Blue to move.
            let blue = history.len().is_multiple_of(2);
            let forward = |c: &Canon| {
                let dy = c.dest().1 - c.from.1;
                dy != 0 && (dy > 0) == blue
            };
            match pick(rng, &|c: &Canon| c.promo.is_some()) {
                Some(i) if rng.chance(70) => Some(i),
                _ if rng.chance(60) => pick(rng, &forward),
                _ => None,
            }
        }
    };
    choice.unwrap_or_else(|| rng.below(moves.len()))
}

/// Plays `games` random games from random named arrays, comparing at every ply.
fn playouts(first_seed: u64, games: u64, max_plies: usize, style: Style) -> Stats {
    let v = scirocco::variant();
    let names = v.setup_names().expect("a listable variant");
    let mut stats = Stats::default();
    for seed in first_seed..first_seed + games {
        let mut rng = Lcg::new(seed);
        let name = &names[rng.below(names.len())];
        let mut pos = Position::from_setup(&Setup::named(v, name).expect("named array"))
            .expect("valid array");
        let mut game = RefGame::new(Board::from_position(&pos));
        let mut history = Vec::new();
        for ply in 0..max_plies {
            let context = format!("{style:?} seed {seed} ({name}) ply {ply}");
            let moves = check_position(&mut pos, &game, &context, &mut stats);
            if moves.is_empty() {
                break;
            }
            let (c, m) = moves[choose(&mut rng, &moves, &history, style)];
            pos.make(m);
            game.play(&c);
            history.push(c);
            stats.promotions_played += c.promo.is_some() as u64;
            assert_eq!(
                pos.occurrences(),
                game.occurrences(),
                "{context}: occurrences after {c}"
            );
        }
    }
    stats
}

#[test]
fn playouts_uniform() {
    let stats = playouts(1, 120, 150, Style::Uniform);
    println!("uniform playouts: {stats:?}");
    assert!(stats.positions > 5_000 && stats.relayed > 0 && stats.promotions > 0);
}

#[test]
fn playouts_shuffling_pieces_meet_the_repetition_rule() {
    let stats = playouts(1_000, 60, 150, Style::Shuffle);
    println!("shuffle playouts: {stats:?}");
    assert!(stats.repetition_cuts > 100, "{stats:?}");
}

#[test]
fn playouts_advancing_pieces_promote() {
    let stats = playouts(2_000, 120, 150, Style::Advance);
    println!("advance playouts: {stats:?}");
    assert!(
        stats.promotions_played > 100 && stats.hops > 0 && stats.iguis > 0,
        "{stats:?}"
    );
}

#[test]
fn random_sparse_positions() {
    let v = scirocco::variant();
    let mut stats = Stats::default();
    let mut rng = Lcg::new(77);
    for i in 0..12_000 {
        let board = random_sparse(&mut rng);
        let mut pos = board.to_position(v);
        let game = RefGame::new(board);
        check_position(&mut pos, &game, &format!("sparse position {i}"), &mut stats);
        // One random move further, so that positions with a move history are compared too.
        let moves = reference::lib_moves(&mut pos);
        if !moves.is_empty() {
            let (c, m) = moves[rng.below(moves.len())];
            let mut game = game;
            pos.make(m);
            game.play(&c);
            check_position(
                &mut pos,
                &game,
                &format!("sparse position {i} after {c}"),
                &mut stats,
            );
        }
    }
    println!("sparse positions: {stats:?}");
    assert!(
        stats.relayed > 10_000 && stats.hops > 100 && stats.iguis > 100,
        "{stats:?}"
    );
}

#[test]
fn reference_perft_matches_library_to_depth_3() {
    let v = scirocco::variant();
    let mut total = 0;
    for name in [
        "default",
        "2001-ChWa",
        "2001-WaCh",
        "2001-WaWa",
        "mir-10110010",
        "rot-01001101",
    ] {
        let setup = Setup::named(v, name).expect("named array");
        let mut pos = Position::from_setup(&setup).expect("valid");
        let mut game = RefGame::new(Board::from_position(&pos));
        for depth in 1..=3 {
            let expected = game.perft(depth);
            assert_eq!(pos.perft(depth), expected, "{name} perft {depth}");
            total += expected;
        }
    }
    println!("reference perft leaves compared: {total}");
}

/// The reference itself, against a count made by hand from the text's first array: 8 Pawn
/// steps, 2 Guard steps, Camel e4 g4, Chariot a2, Priest a4 c4 d1, Scirocco d1, King d1, Marquis
/// j2 h4 j4; everything else is boxed in, and the Dervish's neighbours have nowhere to go.
#[test]
fn reference_counts_the_first_array_by_hand() {
    let v = scirocco::variant();
    let game = RefGame::new(Board::from_position(&Position::start(v)));
    assert_eq!(game.legal().len(), 21);
    let mut tan = game.board.clone();
    tan.side = Color::Tan;
    // Rotational symmetry: Tan has the same 21 moves.
    assert_eq!(pseudo_moves(&tan).len(), 21);
}
