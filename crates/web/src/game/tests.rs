//! The game's views against ones built from scratch: the cache (`ViewCache`) never shows a
//! stale view.
use super::*;
use serde_json::Value;

/// The view with nothing kept: a game state with an empty cache on a copy of the position
/// (which lists the 12x8 game's legal moves in the same order: see `comparable`).
fn fresh_view(g: &GameState) -> Value {
    let mut fresh = GameState::new(g.id, g.start.clone(), g.setup_name.clone()).unwrap();
    fresh.position = g.position.clone();
    fresh.moves = g.moves.clone();
    fresh.humans = g.humans;
    fresh.agreed_end = g.agreed_end;
    serde_json::to_value(fresh.view()).unwrap()
}

/// The view of the game rebuilt from its start and moves, as after a reload from the store.
fn replayed_view(g: &GameState) -> Value {
    let mut fresh = GameState::new(g.id, g.start.clone(), g.setup_name.clone()).unwrap();
    for &m in &g.moves {
        fresh.position.make(m);
        fresh.moves.push(m);
    }
    fresh.humans = g.humans;
    fresh.agreed_end = g.agreed_end;
    serde_json::to_value(fresh.view()).unwrap()
}

/// The 12x8 game lists its legal moves in the order of its piece lists, which a take-back
/// made on the position permutes (a game reloaded from the store lists them in another order,
/// as it always did): the legal moves are compared as a set.
fn comparable(mut view: Value) -> Value {
    if let Some(Value::Array(legal)) = view.get_mut("legal") {
        legal.sort_by_key(|m| m.to_string());
    }
    view
}

/// A move, a take-back of one to three plies, or several moves unseen, in every game, and
/// after each the kept view equals one made from scratch (the same position object, and the
/// game replayed from its start).
#[test]
fn the_kept_view_equals_a_fresh_one_after_moves_and_take_backs() {
    let mut seed = 5u64;
    let mut below = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) % n as u64) as usize
    };
    for v in Variant::all() {
        let start = Setup::named(v, v.setups.default).unwrap();
        let mut g = GameState::new(1, start, Some("default".into())).unwrap();
        g.humans = Humans::Both;
        let mut legal = Vec::new();
        for step in 0..60 {
            let roll = below(10);
            let plies = if roll < 2 && !g.moves.is_empty() {
                // A take-back, as the API makes it.
                for _ in 0..(1 + below(3)).min(g.moves.len()) {
                    g.position.unmake();
                    g.moves.pop();
                }
                0
            } else if roll < 3 {
                10 + below(3) // more than the move list takes back to write
            } else {
                1
            };
            for _ in 0..plies {
                if g.ending().is_some() {
                    break;
                }
                g.position.legal_moves(&mut legal);
                let quiet: Vec<Move> = (legal.iter().copied())
                    .filter(|&m| !g.position.is_capture(m))
                    .collect();
                let pool = if quiet.is_empty() { &legal } else { &quiet };
                let m = pool[below(pool.len())];
                g.position.make(m);
                g.moves.push(m);
            }
            let kept = serde_json::to_value(g.view()).unwrap();
            let again = serde_json::to_value(g.view()).unwrap();
            assert_eq!(kept, again, "{} step {step}: read twice", v.id);
            assert_eq!(
                comparable(kept.clone()),
                comparable(fresh_view(&g)),
                "{} step {step}",
                v.id
            );
            if step % 10 == 9 {
                assert_eq!(
                    comparable(kept),
                    comparable(replayed_view(&g)),
                    "{} step {step}: replayed",
                    v.id
                );
            }
        }
        assert!(g.moves.len() > 20, "{}: {} moves", v.id, g.moves.len());
    }
}

#[test]
fn record_dates() {
    assert_eq!(super::record_date(0), "????.??.??");
    assert_eq!(super::record_date(86_400), "1970.01.02");
    assert_eq!(super::record_date(1_795_478_400), "2026.11.24");
    assert_eq!(super::record_date(951_782_400), "2000.02.29");
}
