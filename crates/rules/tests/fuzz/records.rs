//! Game records: the records of random games of every variant (whole, or cut short), mutated,
//! and random texts, read by `Record::parse` and replayed.

use jovian_rules::record::Record;
use proptest::prelude::*;

use super::mutate::{self, assert_one_line};
use super::playouts;

/// The records of every playout, whole and at a few points along it, with a tag or two more.
fn seeds() -> Vec<String> {
    let mut out = Vec::new();
    for p in playouts() {
        for plies in [p.moves.len(), p.moves.len() / 2, 3] {
            let tags = vec![
                ("Blue".to_string(), "Fuzz \"A\" \\ B".to_string()),
                ("Event".to_string(), format!("{:?} {plies}", p.setup_name)),
            ];
            out.push(Record::from_game(&p.game(plies), tags).to_text());
        }
    }
    out
}

proptest! {
    #![proptest_config(mutate::config(1000))]

    #[test]
    fn records(text in mutate::mutated(seeds())) {
        let record = match Record::parse(&text) {
            Ok(record) => record,
            Err(e) => {
                assert_one_line(&e.to_string(), &text);
                return Ok(());
            }
        };
        // What is read prints to a text that reads back with the same moves (and so with move
        // numbers the reader accepts). Not quite when a tag value holds a control character:
        // `to_text` writes a space for it, which may split a Position tag into other fields.
        let controls = record.tags.iter().any(|(_, v)| v.contains(char::is_control));
        if !controls {
            let printed = record.to_text();
            let again = Record::parse(&printed).unwrap_or_else(|e| panic!("{printed:?}: {e}"));
            prop_assert_eq!(&again.moves, &record.moves);
        }
        let game = match record.replay() {
            Ok(game) => game,
            Err(e) => {
                assert_one_line(&e.to_string(), &text);
                return Ok(());
            }
        };
        // A game replayed is written as a record that replays to the same game.
        let written = Record::from_game(&game, record.tags.clone()).to_text();
        let back = Record::parse(&written)
            .and_then(|r| r.replay())
            .unwrap_or_else(|e| panic!("{written:?}: {e}"));
        prop_assert_eq!(&back.moves, &game.moves);
        prop_assert_eq!(back.position.hash(), game.position.hash());
        prop_assert_eq!(back.outcome, game.outcome);
    }

    /// Random records around a few moves of many kinds, beyond the mutations of real ones.
    #[test]
    fn record_shapes(
        tags in prop::collection::vec(("[A-Za-z_]{1,8}", "\\PC{0,12}"), 0..4),
        moves in prop::collection::vec(
            prop_oneof![
                Just("P-e4".to_string()),
                Just("P-f7".to_string()),
                "[0-9]{1,3}\\.{1,3}",
                "[A-Za-z]{1,3}[-x]?[a-p][0-9]{1,2}[=+&*]?",
                Just("{c}".to_string()),
                Just("(1. P-d4)".to_string()),
                Just("$1".to_string()),
                Just("...".to_string()),
                Just("*".to_string()),
            ],
            0..10,
        ),
        variant in 0usize..6,
    ) {
        let mut text = String::new();
        if let Some(v) = ["scirocco", "typhoon", "jupiter", "jupiter-1999", "larger-board"].get(variant) {
            text += &format!("[Variant \"{v}\"]\n");
        }
        for (name, value) in &tags {
            text += &format!("[{name} \"{}\"]\n", value.replace(['"', '\\', '\n'], " "));
        }
        text += &moves.join(" ");
        match Record::parse(&text) {
            Ok(record) => {
                if !record.tags.iter().any(|(_, v)| v.contains(char::is_control)) {
                    let again = Record::parse(&record.to_text());
                    prop_assert!(again.is_ok(), "{:?}", again);
                }
                if let Err(e) = record.replay() {
                    assert_one_line(&e.to_string(), &text);
                }
            }
            Err(e) => assert_one_line(&e.to_string(), &text),
        }
    }
}
