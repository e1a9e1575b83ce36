//! The 12x8 game's fields after the side to move (docs/notation.md):
//! `castle=KQkq kings=wb drops=open hand=2Le,...,th ep=e3,e4:e5 halfmove=0`.
//! A field left out keeps its value at the start of the game.

use super::FenError;
use crate::geometry::{Color, Square, SquareSet};
use crate::position::{ChessState, NO_SQUARE};
use crate::variant::Variant;

pub(super) fn parse_side(text: &str) -> Option<Color> {
    match text.to_ascii_lowercase().as_str() {
        "w" | "white" => Some(Color::Blue),
        "b" | "black" => Some(Color::Tan),
        _ => None,
    }
}

const KEYS: [&str; 6] = ["castle", "kings", "drops", "hand", "ep", "halfmove"];

pub(super) fn parse<'a>(
    v: &'static Variant,
    fields: impl Iterator<Item = &'a str>,
) -> Result<ChessState, FenError> {
    let mut state = ChessState::initial(v);
    state.castle = v.chess_rules.as_ref().map_or(0, |r| r.all_castlings());
    let mut seen = [false; KEYS.len()];
    for field in fields {
        let Some((key, value)) = field.split_once('=') else {
            return Err(FenError::BadField(field.to_string()));
        };
        let Some(i) = KEYS.iter().position(|&k| k == key) else {
            return Err(FenError::UnknownField {
                key: key.to_string(),
                variant: v.title,
            });
        };
        if std::mem::replace(&mut seen[i], true) {
            return Err(FenError::RepeatedField(key.to_string()));
        }
        let bad = |reason: &str| FenError::BadValue {
            key: KEYS[i],
            value: value.escape_debug().to_string(),
            reason: reason.to_string(),
        };
        match KEYS[i] {
            "castle" => {
                state.castle =
                    super::rules_fields::parse_castle(v, value).map_err(|why| bad(&why))?;
            }
            "kings" => {
                state.kings_moved = 0;
                if value != "-" {
                    for c in value.chars() {
                        state.kings_moved |= match c {
                            'w' => 1,
                            'b' => 2,
                            _ => return Err(bad("expected w, b, wb or -")),
                        };
                    }
                }
            }
            "drops" => {
                state.drops_closed = match value {
                    "open" => false,
                    "closed" => true,
                    _ => return Err(bad("expected open or closed")),
                }
            }
            "hand" => {
                state.hands = super::rules_fields::parse_hand(v, value).map_err(|r| bad(&r))?
            }
            "ep" => (state.ep_passed, state.ep_target) = parse_ep(v, value).map_err(|r| bad(&r))?,
            _ => {
                // Up to the game's fifty-move count, where the game is drawn.
                let most = v.fifty_move_plies();
                state.halfmove = value
                    .parse::<u16>()
                    .ok()
                    .filter(|&n| most.is_none_or(|most| n <= most))
                    .ok_or_else(|| match most {
                        Some(most) => bad(&format!("expected a number of plies from 0 to {most}")),
                        None => bad("expected a number of plies"),
                    })?;
            }
        }
    }
    Ok(state)
}

fn parse_ep(v: &Variant, value: &str) -> Result<(SquareSet, u8), String> {
    if value == "-" {
        return Ok((SquareSet::EMPTY, NO_SQUARE));
    }
    let (squares, target) = value
        .split_once(':')
        .ok_or("expected the passed squares, a colon and the target square (or -)")?;
    let square = |t: &str| {
        v.geometry
            .parse_square(t)
            .ok_or_else(|| format!("no square {t:?} on the board"))
    };
    let mut passed = SquareSet::EMPTY;
    for t in squares.split(',') {
        passed.insert(square(t)?);
    }
    let target = if target == "-" {
        NO_SQUARE
    } else {
        square(target)?.0
    };
    Ok((passed, target))
}

pub(super) fn write(v: &Variant, s: &ChessState) -> String {
    let castle = super::rules_fields::castle_letters(v, s.castle);
    let kings = match s.kings_moved & 3 {
        0 => "-",
        1 => "w",
        2 => "b",
        _ => "wb",
    };
    let hand = super::rules_fields::write_hand(v, &s.hands);
    let ep = if s.ep_passed.is_empty() {
        "-".to_string()
    } else {
        let passed: Vec<String> = s.ep_passed.iter().map(|sq| v.square_name(sq)).collect();
        let target = if s.ep_target == NO_SQUARE {
            "-".to_string()
        } else {
            v.square_name(Square(s.ep_target))
        };
        format!("{}:{target}", passed.join(","))
    };
    format!(
        " castle={} kings={kings} drops={} hand={} ep={ep} halfmove={}",
        castle,
        if s.drops_closed { "closed" } else { "open" },
        hand,
        s.halfmove
    )
}
