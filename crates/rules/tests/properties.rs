//! Properties of make/unmake, hashing and move lists along random games, from named arrays and from
//! random sparse positions with every piece type (proptest chooses the seeds and lengths).

mod reference;
mod walk;

use jovian_rules::variants::scirocco;
use jovian_rules::{Position, Setup};
use proptest::prelude::*;
use reference::random::{Lcg, random_sparse};
use walk::{legal, sorted, walk};

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_from_named_arrays(seed in any::<u64>(), array in 0usize..517, plies in 1usize..160) {
        let v = scirocco::variant();
        let names = v.setup_names().expect("a listable variant");
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
