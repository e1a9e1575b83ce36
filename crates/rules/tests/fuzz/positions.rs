//! Position texts (`fen`) and JSON positions (`json`) of every variant: mutated from the texts of
//! real positions, read as their own variant or as another, and random.

use jovian_rules::{Position, Setup, Variant, fen, json};
use proptest::prelude::*;

use super::mutate::{self, assert_one_line, op};
use super::{playouts, some_position};

/// The texts of every tenth position of every playout, with their variant.
fn seeds(write: fn(&Position) -> String) -> Vec<(&'static Variant, String)> {
    let mut out = Vec::new();
    for p in playouts() {
        for ply in (0..=p.moves.len()).step_by(10) {
            out.push((p.variant, write(&p.position_after(ply))));
        }
    }
    out
}

fn sorted(mut s: Setup) -> Setup {
    s.pieces.sort_by_key(|p| (p.2, p.0));
    s
}

/// A text with the variant to read it as: a mutated seed (usually read as its own variant), or
/// random text.
fn input(write: fn(&Position) -> String) -> impl Strategy<Value = (&'static Variant, String)> {
    let seeds = seeds(write);
    let variants = Variant::all();
    prop_oneof![
        8 => (any::<usize>(), prop::collection::vec(op(), 0..5), 0usize..8).prop_map(
            move |(which, ops, other)| {
                let (v, text) = &seeds[which % seeds.len()];
                // One read in eight is as another variant.
                let v = if other == 0 { variants[which / 7 % variants.len()] } else { *v };
                (v, mutate::apply(text, &ops))
            }
        ),
        1 => (0usize..16, "\\PC{0,80}").prop_map(|(i, t)| pick(i, t)),
        1 => (0usize..16, "([a-zA-Z]{1,3}|[0-9]{1,2})(,([a-zA-Z]{1,3}|[0-9]{1,2})){0,15}(/([a-zA-Z]{1,3}|[0-9]{1,2})(,([a-zA-Z]{1,3}|[0-9]{1,2})){0,15}){0,15}( [a-z=]{0,6}){0,3}")
            .prop_map(|(i, t)| pick(i, t)),
    ]
}

/// Random text to read as the `i`-th variant (of them all).
fn pick(i: usize, text: String) -> (&'static Variant, String) {
    let all = Variant::all();
    (all[i % all.len()], text)
}

/// A playable position behaves: it has its moves, and making and unmaking a few of them restores
/// it (the position came from outside, so it may be far from any real game).
fn exercise(pos: &mut Position) {
    let (hash, setup) = (pos.hash(), pos.to_setup());
    let _ = pos.outcome();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    for &m in legal.iter().step_by(legal.len() / 3 + 1) {
        pos.make(m);
        let _ = pos.outcome();
        pos.unmake();
    }
    assert_eq!((pos.hash(), pos.to_setup()), (hash, setup));
}

proptest! {
    #![proptest_config(mutate::config(1000))]

    #[test]
    fn position_texts((v, text) in input(fen::write_position)) {
        let setup = match fen::parse_position(v, &text) {
            Ok(setup) => setup,
            Err(e) => {
                assert_one_line(&e.to_string(), &text);
                return Ok(());
            }
        };
        // What is read writes to a canonical text that reads back the same.
        let written = fen::write_setup(&setup);
        let again = fen::parse_position(v, &written).expect("a written text reads back");
        prop_assert_eq!(fen::write_setup(&again), written.clone());
        prop_assert_eq!(sorted(again), sorted(setup.clone()));
        match Position::from_setup(&setup) {
            Ok(mut pos) => {
                let text = fen::write_position(&pos);
                let back = fen::parse_position(v, &text).expect("a written position reads back");
                let back = Position::from_setup(&back).expect("and is playable");
                prop_assert_eq!(back.hash(), pos.hash());
                exercise(&mut pos);
            }
            Err(e) => assert_one_line(&e.to_string(), &written),
        }
    }

    #[test]
    fn json_positions((_, text) in input(json::write_json)) {
        let setup = match json::parse_json(&text) {
            Ok(setup) => setup,
            Err(e) => {
                assert_one_line(&e.to_string(), &text);
                return Ok(());
            }
        };
        match Position::from_setup(&setup) {
            Ok(mut pos) => {
                let written = json::write_json(&pos);
                let back = json::parse_json(&written).expect("written JSON reads back");
                let back = Position::from_setup(&back).expect("and is playable");
                prop_assert_eq!(back.hash(), pos.hash());
                prop_assert_eq!(json::write_json(&back), written);
                // The two forms agree.
                let text = fen::write_position(&pos);
                let via_text = fen::parse_position(pos.variant(), &text).expect("text form");
                prop_assert_eq!(sorted(via_text), sorted(setup));
                exercise(&mut pos);
            }
            Err(e) => assert_one_line(&e.to_string(), &text),
        }
    }

    /// Real positions, not mutated: every one reads back through both forms.
    #[test]
    fn real_positions_round_trip(game in any::<usize>(), ply in any::<usize>()) {
        let mut pos = some_position(game, ply);
        if pos.outcome().is_some() {
            // A royal piece may be gone: such a position is no start of a game.
            return Ok(());
        }
        let v = pos.variant();
        let text = fen::write_position(&pos);
        // (A position in the middle of a doubled turn loses that state: the forms hold the board
        // and the side to move only.)
        let back = Position::from_setup(&fen::parse_position(v, &text).expect("text")).unwrap();
        prop_assert_eq!(sorted(back.to_setup()), sorted(pos.to_setup()));
        let json = json::write_json(&pos);
        let back = Position::from_setup(&json::parse_json(&json).expect("json")).unwrap();
        prop_assert_eq!(fen::write_position(&back), text);
    }
}
