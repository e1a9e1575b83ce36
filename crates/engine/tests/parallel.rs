//! The parallel search: with helper threads the engine still answers with a legal move within its
//! limits, stops its helpers when it stops, and finds what one thread finds; a beginner's level
//! stays on one thread and so stays reproducible.

mod common;
use common::position_in;
use jovian_engine::levels::limits_for_level;
use jovian_engine::{Engine, Limits, MATE};
use jovian_rules::variants::{jupiter, scirocco};
use jovian_rules::{Color, Position};

fn start(v: &'static jovian_rules::Variant) -> Position {
    Position::start(v)
}

#[test]
fn two_threads_answer_legally_within_the_time_and_count_both_threads() {
    for v in [scirocco::variant(), jupiter::variant()] {
        let mut pos = start(v);
        let mut engine = Engine::new(v, 8);
        engine.set_threads(2);
        assert_eq!(engine.threads(), 2);
        // The helpers stop when the main thread does and are joined before `search` returns (a
        // helper that ran on would hang this test).
        let r = engine.search(&mut pos, &Limits::movetime(300), |_| {});
        let best = r.best.unwrap();
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        assert!(legal.contains(&best), "{}: {best:?}", v.id);
        assert!(r.depth >= 1 && r.nodes > 0);
        // A second search on the same engine works too (the helpers' stop flags were reset).
        let again = engine.search(&mut pos, &Limits::depth(3), |_| {});
        assert_eq!(again.depth, 3);
        assert!(legal.contains(&again.best.unwrap()));
        engine.set_threads(1);
        assert_eq!(engine.threads(), 1);
    }
}

#[test]
fn the_parallel_search_finds_the_royal_capture() {
    use Color::*;
    let v = scirocco::variant();
    let mut pos = position_in(
        v,
        &[
            (Blue, "Q", "a1"),
            (Blue, "K", "j1"),
            (Tan, "K", "a10"),
            (Tan, "P", "j7"),
            (Tan, "P", "e7"),
        ],
        Blue,
    );
    let mut engine = Engine::new(v, 8);
    engine.set_threads(2);
    let r = engine.search(&mut pos, &Limits::depth(4), |_| {});
    assert_eq!(r.score, MATE - 1);
    assert_eq!(r.best.unwrap().to, v.geometry.parse_square("a10").unwrap());
}

#[test]
fn a_beginner_level_stays_reproducible_with_threads() {
    let v = scirocco::variant();
    let mut pos = start(v);
    let mut answers = Vec::new();
    for _ in 0..2 {
        let mut engine = Engine::new(v, 4);
        engine.set_threads(2);
        answers.push(engine.search(&mut pos, &limits_for_level(1), |_| {}).best);
    }
    assert_eq!(answers[0], answers[1]);
}
