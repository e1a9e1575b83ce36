//! The beginners' levels: they keep the wins, play legal moves only, answer the same position the
//! same way, and do choose moves other than the best one (which is what makes them beatable).

mod common;
use common::position_in;
use jovian_engine::levels::limits_for_level;
use jovian_engine::{Engine, Limits};
use jovian_rules::variants::scirocco;
use jovian_rules::{Color, Position, Setup};

#[test]
fn a_beginner_level_never_misses_the_royal_capture() {
    use Color::*;
    let v = scirocco::variant();
    let mut pos = position_in(
        v,
        &[
            (Blue, "R", "a1"),
            (Blue, "K", "j1"),
            (Blue, "P", "e3"),
            (Tan, "K", "a10"),
            (Tan, "P", "j7"),
            (Tan, "Q", "c2"),
        ],
        Blue,
    );
    for level in [1, 2] {
        let mut engine = Engine::new(v, 4);
        let r = engine.search(&mut pos, &limits_for_level(level), |_| {});
        let best = r.best.unwrap();
        assert_eq!(v.square_name(best.to), "a10", "level {level}");
    }
}

#[test]
fn beginners_choose_legal_varied_and_repeatable_moves() {
    let v = scirocco::variant();
    let names = v.setup_names().expect("a listable variant");
    for level in [1u32, 2] {
        let limits = limits_for_level(level);
        let mut engine = Engine::new(v, 4);
        let mut best_engine = Engine::new(v, 4);
        let (mut moves, mut not_best) = (0, 0);
        for game in 0..4 {
            let name = &names[(game * 131) % names.len()];
            let mut pos = Position::from_setup(&Setup::named(v, name).unwrap()).unwrap();
            for _ in 0..40 {
                if pos.outcome().is_some() {
                    break;
                }
                let chosen = engine.search(&mut pos, &limits, |_| {}).best.unwrap();
                let again = engine.search(&mut pos, &limits, |_| {}).best.unwrap();
                assert_eq!(chosen, again, "level {level} answers a position one way");
                let mut legal = Vec::new();
                pos.legal_moves(&mut legal);
                assert!(legal.contains(&chosen));
                let best = best_engine
                    .search(&mut pos, &Limits::depth(1), |_| {})
                    .best
                    .unwrap();
                not_best += (chosen != best) as usize;
                moves += 1;
                pos.make(chosen);
            }
        }
        assert!(moves >= 100, "level {level}: {moves} moves");
        // A margin of one or three pawns leaves several candidates in most positions.
        assert!(
            not_best * 4 >= moves,
            "level {level} chose the depth-1 best move in {} of {moves} positions",
            moves - not_best
        );
    }
}

/// Levels 1-10 search with the pruning the ladder was measured with, whatever the defaults: a
/// level's search is node for node an engine's whose tunables are pinned to the ladder's, and
/// where the defaults differ from the ladder's, a search without the pin is a different tree.
#[test]
fn the_levels_search_with_the_ladder_s_pruning() {
    use jovian_engine::tunables::{EvalTunables, SearchTunables};
    let v = scirocco::variant();
    let level = 8;
    let level_limits = limits_for_level(level);
    let mut pinned = SearchTunables::for_game(v.id);
    pinned.pin_ladder_pruning();
    let pins_change_defaults =
        format!("{pinned:?}") != format!("{:?}", SearchTunables::for_game(v.id));
    // Scirocco's defaults are the depth bundle's, which the pins undo.
    assert!(pins_change_defaults);
    // Each search from a fresh position: making and unmaking moves may reorder the piece lists,
    // and with them the order of equally scored moves.
    let nodes = |mut engine: Engine, limits: &Limits| {
        let mut pos = Position::from_setup(&Setup::named(v, "default").unwrap()).unwrap();
        engine.search(&mut pos, limits, |_| {}).nodes
    };
    let unpinned = Limits {
        ladder_pruning: false,
        ..level_limits.clone()
    };
    let by_level = nodes(Engine::new(v, 4), &level_limits);
    let by_pins = nodes(
        Engine::with_tunables(v, 4, EvalTunables::default(), pinned),
        &unpinned,
    );
    let by_defaults = nodes(Engine::new(v, 4), &unpinned);
    assert_eq!(by_level, by_pins);
    assert!(by_level > 1_000, "{by_level}");
    assert_eq!(
        by_defaults != by_level,
        pins_change_defaults,
        "{by_defaults} {by_level}"
    );
}

/// Jupiter's timed searches skip losing captures in quiescence; its levels search every capture,
/// as when the ladder was measured.
#[test]
fn the_levels_search_every_capture() {
    use jovian_engine::tunables::SearchTunables;
    let mut tunables = SearchTunables::for_game("jupiter");
    assert_eq!(tunables.qsearch_skip_losing, 1);
    tunables.pin_ladder_pruning();
    assert_eq!(tunables.qsearch_skip_losing, 0);
    assert_eq!(SearchTunables::for_game("scirocco").qsearch_skip_losing, 0);
}
