//! Variant files (`jovian_rules::file`, docs/variants.md): the built-in games written as files and
//! a small game written by hand, mutated, and random text, read by `game_from_toml`. Nothing may
//! panic; an error is one line that says where (line and column from 1); a game that reads is
//! written back to a text that reads again and writes the same, and its start position has its
//! moves, made and unmade.

use jovian_rules::file::{game_from_toml, game_to_toml};
use jovian_rules::{Position, Variant};
use proptest::prelude::*;

use super::mutate::{self, assert_one_line};

/// A 6x6 game with a hook, a latent power, an alias and a promotion.
const SMALL: &str = include_str!("../data/pilgrims.toml");
/// A game with the chess rules: check, castling, en passant, promotion choices.
const CAPABLANCA: &str = include_str!("../../../../variants/capablanca.toml");
/// A game with the shogi rules: Chu's promotion moves and Lion trading, `pass_via`.
const CHU: &str = include_str!("../../../../variants/chu-shogi.toml");

/// The texts mutated: the small game most often (it reads quickly and its mutants often still
/// read), Capablanca Chess, Chu Shogi, the smaller built-in games, and Jupiter now and then
/// (33 KB, 161 types).
fn seeds() -> Vec<String> {
    let file = |id: &str| game_to_toml(Variant::by_id(id).unwrap()).unwrap();
    let mut out = vec![SMALL.to_string(); 6];
    out.extend([
        CAPABLANCA.to_string(),
        CAPABLANCA.to_string(),
        CHU.to_string(),
    ]);
    out.extend([file("scirocco"), file("scirocco"), file("typhoon")]);
    out.push(file("jupiter"));
    out
}

/// A start position that reads behaves: its moves are made and unmade, a few of them.
fn exercise(v: &'static Variant) {
    let mut pos = Position::start(v);
    let hash = pos.hash();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    for &m in legal.iter().step_by(legal.len() / 4 + 1) {
        pos.make(m);
        let _ = pos.outcome();
        pos.unmake();
        assert_eq!(pos.hash(), hash, "{}: make/unmake of {m:?}", v.id);
    }
}

proptest! {
    #![proptest_config(mutate::config(300))]

    #[test]
    fn variant_files(text in mutate::mutated(seeds())) {
        let v = match game_from_toml(&text) {
            Ok(v) => v,
            Err(e) => {
                assert_one_line(&e.to_string(), &text);
                prop_assert!(e.line >= 1 && e.column >= 1, "{e}");
                return Ok(());
            }
        };
        let written = game_to_toml(v).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let again = game_from_toml(&written)
            .unwrap_or_else(|e| panic!("a game that read does not read back: {e}\n{written}"));
        prop_assert_eq!(game_to_toml(again).unwrap(), written);
        exercise(v);
    }
}
