//! The continuation history: a quiet move's standing after a given earlier move, kept apart from
//! its standing after other moves, and read by the search only when `continuation_plies` asks.

use jovian_engine::Engine;
use jovian_engine::Limits;
use jovian_engine::eval::Evaluator;
use jovian_engine::ordering::{MoveOrderer, ScoredMoves};
use jovian_engine::tunables::{EvalTunables, Overrides};
use jovian_rules::variants::scirocco;
use jovian_rules::{Move, Position};

fn quiet_moves(pos: &Position) -> Vec<Move> {
    let mut list = Vec::new();
    pos.clone().legal_moves(&mut list);
    list.retain(|&m| !pos.is_capture(m) && m.promotion().is_none());
    list
}

// Two history indices of earlier moves (piece code * 256 + square): any two distinct ones serve.
const EARLIER: usize = 3 * 256 + 40;
const OTHER_EARLIER: usize = 5 * 256 + 77;

#[test]
fn a_cut_off_raises_the_move_after_its_own_earlier_move_only() {
    let v = scirocco::variant();
    let pos = Position::start(v);
    let quiet = quiet_moves(&pos);
    let (good, bad) = (quiet[0], quiet[1]);
    let (gi, bi) = (
        MoveOrderer::history_index(&pos, good).unwrap(),
        MoveOrderer::history_index(&pos, bad).unwrap(),
    );
    assert_ne!(gi, bi, "two moves of different pieces or squares");
    let context = [Some(EARLIER), None];
    let elsewhere = [Some(OTHER_EARLIER), None];

    let mut on = MoveOrderer::new(v, true);
    on.reward(&pos, good, &[bad], None, context, 0, 4);
    // The plain history moved by the same amount in both contexts; the continuation only in
    // its own.
    let plain = on.quiet_score(gi, [None, None]);
    assert!(plain > 0);
    assert_eq!(on.quiet_score(gi, elsewhere), plain);
    assert!(on.quiet_score(gi, context) > plain);
    assert_eq!(
        on.quiet_score(gi, context) - plain,
        plain,
        "the continuation entry took the same bonus as the history"
    );
    assert!(on.quiet_score(bi, context) < on.quiet_score(bi, elsewhere));
    // Both earlier moves count when both are given.
    assert_eq!(
        on.quiet_score(gi, [Some(EARLIER), Some(EARLIER)]) - plain,
        2 * plain
    );

    // Without a continuation history the context changes nothing.
    let mut off = MoveOrderer::new(v, false);
    off.reward(&pos, good, &[bad], None, context, 0, 4);
    assert_eq!(off.quiet_score(gi, context), plain);
    assert_eq!(off.quiet_score(gi, elsewhere), plain);

    // Aging halves both tables.
    on.new_search();
    assert_eq!(on.quiet_score(gi, context), plain);
    on.clear();
    assert_eq!(on.quiet_score(gi, context), 0);
}

#[test]
fn the_order_follows_the_continuation_in_its_context() {
    let v = scirocco::variant();
    let pos = Position::start(v);
    let quiet = quiet_moves(&pos);
    let eval = Evaluator::new(v, EvalTunables::default());
    let mut orderer = MoveOrderer::new(v, true);
    // A move late in the list refutes after EARLIER; the move before it failed there.
    let late = quiet[quiet.len() - 1];
    let tried = [quiet[quiet.len() - 2]];
    orderer.reward(&pos, late, &tried, None, [Some(EARLIER), None], 1, 5);
    orderer.new_search(); // forget the killer: only the histories remain (halved)
    let first = |context| {
        let mut scored = ScoredMoves::default();
        orderer.score(
            &pos,
            &quiet,
            None,
            None,
            context,
            1,
            &eval,
            false,
            &mut scored,
        );
        scored.next_best().unwrap()
    };
    let (best, score) = first([Some(EARLIER), None]);
    assert_eq!(best, late);
    let (_, score_elsewhere) = first([Some(OTHER_EARLIER), None]);
    assert!(score > score_elsewhere, "{score} > {score_elsewhere}");
}

#[test]
fn the_search_reads_it_only_when_asked() {
    let v = scirocco::variant();
    let search = |overrides: &str| {
        let mut engine = Engine::tuned(v, 16, &Overrides::parse(overrides).unwrap()).unwrap();
        let mut pos = Position::start(v);
        let result = engine.search(&mut pos, &Limits::depth(8), |_| {});
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        assert!(legal.contains(&result.best.unwrap()));
        result.nodes
    };
    let off = search("");
    assert_eq!(off, search("continuation_plies=0"));
    // Each setting changes which moves are searched first, so the tree changes.
    let one = search("continuation_plies=1");
    let two = search("continuation_plies=2");
    assert_ne!(off, one);
    assert_ne!(one, two);
}
