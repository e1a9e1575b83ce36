//! Properties of make/unmake, hashing and move lists along random games, from named arrays and from
//! random sparse positions with every piece type (proptest chooses the seeds and lengths).

mod reference;

use jovian_rules::variants::scirocco;
use jovian_rules::{Color, Move, Position, Setup};
use proptest::prelude::*;
use reference::random::{Lcg, random_sparse};

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_key(|m| (m.from, m.to, m.kind, m.promotion(), m.aux));
    moves
}

fn legal(pos: &mut Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

/// The counters a position keeps agree with its pieces, and every piece is on the board.
fn check_consistent(pos: &Position, context: &str) {
    let v = pos.variant();
    let pieces: Vec<_> = pos.pieces().collect();
    for color in Color::BOTH {
        let mine = pieces.iter().filter(|p| p.0 == color);
        assert_eq!(
            pos.piece_count(color),
            mine.clone().count(),
            "{context}: {color} count"
        );
        let royals = mine.filter(|p| v.spec(p.1).royal).count();
        assert_eq!(pos.royal_count(color), royals, "{context}: {color} royals");
    }
    for p in &pos.to_setup().pieces {
        assert!(
            v.geometry.is_on_board(p.2),
            "{context}: piece off the board"
        );
        assert!((p.1.0 as usize) < v.pieces.len(), "{context}: unknown type");
    }
    assert_eq!(
        pos.hash(),
        pos.compute_hash(),
        "{context}: incremental hash"
    );
}

/// Plays up to `plies` random moves from `pos`, checking at every ply that the move list has no
/// duplicates and that every legal move, made and unmade, behaves; then unmakes the whole game and
/// returns the position.
fn walk(mut pos: Position, seed: u64, plies: usize) -> Position {
    let mut rng = Lcg::new(seed);
    for ply in 0..plies {
        let context = format!("seed {seed} ply {ply}");
        check_consistent(&pos, &context);
        let moves = legal(&mut pos);
        let list = sorted(moves.clone());
        let mut distinct = list.clone();
        distinct.dedup();
        assert_eq!(distinct.len(), list.len(), "{context}: duplicate moves");
        if moves.is_empty() {
            assert!(pos.outcome().is_some(), "{context}: no move but not over");
            break;
        }
        let before = pos.to_setup();
        let hash = pos.hash();
        let total: usize = Color::BOTH.iter().map(|&c| pos.piece_count(c)).sum();
        for &m in &moves {
            let mover = pos.piece_at(m.from).expect("a piece moves");
            let victims = pos.captures_of(m);
            pos.make(m);
            let context = format!("{context} after {m:?}");
            check_consistent(&pos, &context);
            let now: usize = Color::BOTH.iter().map(|&c| pos.piece_count(c)).sum();
            assert_eq!(now + victims.len(), total, "{context}: pieces add up");
            let moved = pos.piece_at(m.destination()).expect("the mover arrives");
            assert_eq!(moved.color, mover.color, "{context}: mover's colour");
            assert_eq!(
                moved.kind,
                m.promotion().unwrap_or(mover.kind),
                "{context}: type"
            );
            assert_eq!(
                pos.side_to_move(),
                mover.color.other(),
                "{context}: turn passes"
            );
            pos.unmake();
            assert_eq!(
                pos.to_setup(),
                before,
                "{context}: unmake restores the pieces"
            );
            assert_eq!(pos.hash(), hash, "{context}: unmake restores the hash");
            assert_eq!(pos.compute_hash(), hash, "{context}: recomputed hash");
        }
        assert_eq!(
            sorted(legal(&mut pos)),
            list,
            "{context}: same moves after unmakes"
        );
        pos.make(moves[rng.below(moves.len())]);
    }
    // Unmaking the whole game returns to the start exactly.
    let end = pos.ply();
    for _ in 0..end {
        pos.unmake();
        assert_eq!(
            pos.hash(),
            pos.compute_hash(),
            "seed {seed}: hash while unwinding"
        );
    }
    assert_eq!(pos.ply(), 0);
    pos
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_from_named_arrays(seed in any::<u64>(), array in 0usize..517, plies in 1usize..160) {
        let v = scirocco::variant();
        let names = (v.setups.names)();
        let name = &names[array % names.len()];
        let start = Position::from_setup(&Setup::named(v, name).expect("array")).expect("valid");
        let (setup, hash) = (start.to_setup(), start.hash());
        let back = walk(start, seed, plies);
        prop_assert_eq!(back.to_setup(), setup);
        prop_assert_eq!(back.hash(), hash);
    }

    #[test]
    fn random_games_from_sparse_positions(seed in any::<u64>(), plies in 1usize..60) {
        let mut rng = Lcg::new(seed);
        let board = random_sparse(&mut rng);
        let pos = board.to_position(scirocco::variant());
        let setup = pos.to_setup();
        prop_assert_eq!(walk(pos, seed, plies).to_setup(), setup);
    }
}

/// Unwinding a long game restores the starting position exactly (pieces, side, hash, moves).
#[test]
fn unwinding_a_game_restores_the_start() {
    let v = scirocco::variant();
    let mut pos = Position::start(v);
    let start = pos.to_setup();
    let start_moves = sorted(legal(&mut pos));
    let mut rng = Lcg::new(99);
    for _ in 0..200 {
        let moves = legal(&mut pos);
        if moves.is_empty() {
            break;
        }
        pos.make(moves[rng.below(moves.len())]);
    }
    assert!(pos.ply() > 20, "the game lasted");
    while pos.ply() > 0 {
        pos.unmake();
    }
    assert_eq!(pos.to_setup(), start);
    assert_eq!(pos.hash(), Position::start(v).hash());
    assert_eq!(sorted(legal(&mut pos)), start_moves);
}
