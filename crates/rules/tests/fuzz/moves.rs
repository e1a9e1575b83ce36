//! Move texts on real positions of every variant: the texts of legal moves and doubled turns in
//! every style, mutated, and random texts, read by `parse_move` and `parse_turn`.

use jovian_rules::notation::{Style, format_move, format_turn, parse_move, parse_turn};
use jovian_rules::{Move, MoveKind, Position};
use proptest::prelude::*;

use super::mutate::{self, NASTY, assert_one_line, op};
use super::some_position;

const STYLES: [Style; 3] = [Style::Short, Style::Long, Style::Coordinate];

/// A text for `pos`: the text of one of its legal moves (or of a whole doubled turn) in one of the
/// styles, changed by `ops`; or, when `random` is given, that text instead.
fn text_for(pos: &mut Position, pick: usize, ops: &[mutate::Op], random: Option<String>) -> String {
    if let Some(text) = random {
        return text;
    }
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    // Doubled turns and the kinds other than plain moves are rare among the legal moves, and
    // their notations the most intricate: where there are any, half the picks are one of them.
    let rare: [fn(&Move) -> bool; 2] = [|m| m.is_continuing(), |m| m.kind != MoveKind::Normal];
    let wanted = rare[pick / 2 % 2];
    if pick.is_multiple_of(2) && legal.iter().any(wanted) {
        legal.retain(wanted);
    }
    let pick = pick / 4;
    let Some(&m) = legal.get(pick % legal.len().max(1)) else {
        return mutate::apply(NASTY[pick % NASTY.len()], ops);
    };
    let style = STYLES[pick / 7 % 3];
    let text = if m.is_continuing() {
        // Both parts of a doubled turn, as records and `--moves` write them.
        pos.make(m);
        let mut second = Vec::new();
        pos.legal_moves(&mut second);
        pos.unmake();
        match second.get(pick / 3 % second.len().max(1)) {
            Some(&s) => format_turn(pos, &[m, s], style),
            None => format_move(pos, m, style),
        }
    } else {
        format_move(pos, m, style)
    };
    mutate::apply(&text, ops)
}

/// Asserts `turn` is legal move by move from `pos`, which is left as it was.
fn assert_legal(pos: &mut Position, turn: &[Move], text: &str) {
    for (i, &m) in turn.iter().enumerate() {
        assert!(pos.is_legal(m), "{text:?}: part {i} {m:?} is not legal");
        pos.make(m);
    }
    turn.iter().for_each(|_| pos.unmake());
}

proptest! {
    #![proptest_config(mutate::config(1000))]

    #[test]
    fn move_texts(
        game in any::<usize>(),
        ply in any::<usize>(),
        pick in any::<usize>(),
        ops in prop::collection::vec(op(), 0..4),
        random in prop::option::weighted(
            0.25,
            prop_oneof![
                "\\PC{0,24}",
                "[A-Za-z]{0,3}[a-p0-9]{0,4}[-x!=+,&:<>*]{0,2}[a-p0-9]{0,4}[-,=+!?#&*]{0,2}[A-Za-z0-9]{0,3}",
            ],
        ),
    ) {
        let mut pos = some_position(game, ply);
        let text = text_for(&mut pos, pick, &ops, random);
        let before = (pos.hash(), pos.ply(), pos.to_setup());
        match parse_move(&mut pos, &text) {
            Ok(m) => {
                assert_legal(&mut pos, &[m], &text);
                // A legal move's text in every style reads back as that move.
                for style in STYLES {
                    let written = format_move(&mut pos, m, style);
                    prop_assert_eq!(parse_move(&mut pos, &written), Ok(m), "{:?} from {:?}", written, text);
                }
            }
            Err(e) => assert_one_line(&e.to_string(), &text),
        }
        prop_assert_eq!(&(pos.hash(), pos.ply(), pos.to_setup()), &before);
        match parse_turn(&mut pos, &text) {
            Ok(turn) => {
                prop_assert!(matches!(turn.len(), 1 | 2), "{:?}", turn);
                assert_legal(&mut pos, &turn, &text);
                for style in STYLES {
                    let written = format_turn(&mut pos, &turn, style);
                    prop_assert_eq!(parse_turn(&mut pos, &written), Ok(turn.clone()), "{:?} from {:?}", written, text);
                }
            }
            Err(e) => assert_one_line(&e.to_string(), &text),
        }
        prop_assert_eq!(&(pos.hash(), pos.ply(), pos.to_setup()), &before);
    }
}

/// Every legal move of every position of every playout, written in each style, reads back as
/// itself, and no two legal moves share a short text. (The proptest above reads back the move a
/// text gave, which cannot see a writer that forgets to tell two moves apart when the reader then
/// picks one of them: a 12x8 record once said `Wz-i6` for two Wizards' moves.)
#[test]
fn every_legal_move_reads_back_as_itself() {
    let (mut legal, mut checked) = (Vec::new(), 0usize);
    for playout in super::playouts() {
        let mut pos = Position::from_setup(&playout.start).expect("checked when played");
        for ply in 0..=playout.moves.len() {
            pos.legal_moves(&mut legal);
            let mut shorts = std::collections::HashSet::new();
            for &m in &legal {
                for style in STYLES {
                    let text = format_move(&mut pos, m, style);
                    assert_eq!(parse_move(&mut pos, &text), Ok(m), "{text} ({style:?})");
                    let unique = style != Style::Short || shorts.insert(text.clone());
                    assert!(unique, "two legal moves are written {text}");
                }
                checked += 1;
            }
            if let Some(&m) = playout.moves.get(ply) {
                pos.make(m);
            }
        }
    }
    assert!(checked > 10_000, "{checked} moves checked");
}
