//! Positions that once kept a depth-limited search busy for minutes (issue 17): a wall of pawns
//! facing pawns, where every capture can be answered by another, and two rows of Kings. The capture
//! search now turns to recaptures only after a few captures in a row, so depth 1 is cheap; and
//! every level carries a time cap that the search obeys on any position.
//!
//! The bounds are node counts (the same on any machine), except for the time cap, checked with a
//! wide margin.

use std::time::{Duration, Instant};

use jovian_engine::levels::limits_for_level;
use jovian_engine::{Engine, Limits};
use jovian_rules::variants::scirocco;
use jovian_rules::{Position, fen};

const PAWN_WALL: &str = "k,9/10/10/p,p,p,p,p,p,p,p,p,p/p,p,p,p,p,p,p,p,p,p/\
                         P,P,P,P,P,P,P,P,P,P/P,P,P,P,P,P,P,P,P,P/10/10/K,9 b";
const KING_ROWS: &str = "10/10/10/10/k,k,k,k,k,k,k,k,k,k/K,K,K,K,K,K,K,K,K,K/10/10/10/10 b";

fn position(text: &str) -> Position {
    let setup = fen::parse_position(scirocco::variant(), text).expect("a legal position");
    Position::from_setup(&setup).expect("a legal position")
}

/// Searches `text` to `depth` with no time limit and returns the nodes it took.
fn nodes_to_depth(text: &str, depth: u32) -> u64 {
    let mut pos = position(text);
    let mut engine = Engine::new(scirocco::variant(), 8);
    let result = engine.search(&mut pos, &Limits::depth(depth), |_| {});
    assert_eq!(
        result.depth, depth,
        "{text}: the search must finish depth {depth}"
    );
    assert!(result.best.is_some());
    result.nodes
}

#[test]
fn a_wall_of_pawns_is_searched_to_depth_two_in_bounded_nodes() {
    // Before the recapture rule depth 1 did not finish in 60 s (hundreds of millions of nodes);
    // now it takes about 41,000 nodes and depth 2 about 54,000.
    let d1 = nodes_to_depth(PAWN_WALL, 1);
    let d2 = nodes_to_depth(PAWN_WALL, 2);
    assert!(d1 < 200_000, "depth 1 took {d1} nodes");
    assert!(d2 < 500_000, "depth 2 took {d2} nodes");
}

#[test]
fn two_rows_of_kings_are_searched_to_depth_two_in_bounded_nodes() {
    let d1 = nodes_to_depth(KING_ROWS, 1);
    let d2 = nodes_to_depth(KING_ROWS, 2);
    assert!(d1 < 100_000, "depth 1 took {d1} nodes");
    assert!(d2 < 500_000, "depth 2 took {d2} nodes");
}

#[test]
fn every_level_answers_within_its_time_cap_on_the_runaway_positions() {
    // Levels 1, 3 (shallow) and 10 (deepest): each must answer a move within its cap. The margin
    // covers a debug build on a busy machine: before the caps, level 3 here ran for minutes.
    for text in [PAWN_WALL, KING_ROWS] {
        for level in [1, 3, 10] {
            let limits = limits_for_level(level);
            let cap = limits.movetime.expect("every level has a time cap");
            let mut pos = position(text);
            let mut engine = Engine::new(scirocco::variant(), 8);
            let start = Instant::now();
            let result = engine.search(&mut pos, &limits, |_| {});
            let took = start.elapsed();
            assert!(result.best.is_some(), "level {level}: no move");
            assert!(
                took < cap + Duration::from_secs(3),
                "level {level} took {took:?} against a cap of {cap:?}"
            );
        }
    }
}

#[test]
fn a_fixed_depth_search_with_a_time_limit_stops_at_the_limit() {
    // Depth 12 on the pawn wall would take hours: the hard deadline must cut it.
    let mut pos = position(PAWN_WALL);
    let mut engine = Engine::new(scirocco::variant(), 8);
    let limits = Limits {
        depth: Some(12),
        ..Limits::movetime(300)
    };
    let start = Instant::now();
    let result = engine.search(&mut pos, &limits, |_| {});
    assert!(result.best.is_some());
    assert!(result.depth < 12);
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}
