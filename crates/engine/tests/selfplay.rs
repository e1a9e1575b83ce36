//! The engine never returns an illegal move: thousands of self-play moves from varied arrays, each
//! checked against the rules library's legal move list. The games end by the rules (no draws).

use jovian_engine::{Engine, Limits};
use jovian_rules::variants::{scirocco, typhoon};
use jovian_rules::{Position, Setup, Variant};

#[test]
fn self_play_moves_are_always_legal() {
    self_play(scirocco::variant(), 12, 250, 2_000);
}

/// Typhoon's passes, conversions, swaps and multi-captures go through the same check.
#[test]
fn typhoon_self_play_moves_are_always_legal() {
    self_play(typhoon::variant(), 4, 700, 1_000);
}

fn self_play(v: &'static Variant, games: usize, max_plies: usize, at_least: usize) {
    let name_of = |game: usize| (v.setups.random)(game as u64 * 7919);
    let mut engine = Engine::new(v, 8);
    let mut checked = 0;
    let mut finished = 0;
    for game in 0..games {
        let name = &name_of(game);
        let mut pos = Position::from_setup(&Setup::named(v, name).unwrap()).unwrap();
        engine.clear();
        for _ in 0..max_plies {
            if pos.outcome().is_some() {
                finished += 1;
                break;
            }
            // Alternate small node budgets so different parts of the search run.
            let limits = Limits::nodes(if checked % 2 == 0 { 150 } else { 600 });
            let result = engine.search(&mut pos, &limits, |_| {});
            let best = result.best.expect("a side with legal moves gets a move");
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            assert!(
                legal.contains(&best),
                "illegal move {best:?} in game {game} ({name})"
            );
            assert_eq!(
                result.pv.first(),
                Some(&best),
                "the line starts with the move played"
            );
            pos.make(best);
            checked += 1;
        }
    }
    assert!(checked >= at_least, "only {checked} moves checked");
    assert!(finished > 0, "no game reached its end");
}
