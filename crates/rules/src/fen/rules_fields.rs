//! The fields after the side to move of a game with `chess_rules` (docs/notation.md):
//! `castle=KQkq ep=e3 halfmove=0`, or a chess FEN's own `KQkq e3 0 1` (castling, the square a
//! pawn passed, the fifty-move count, the move number, which is not kept). A field left out keeps
//! its value at the start of a game: every castling whose pieces stand on their squares, no en
//! passant, a count of 0.

use super::FenError;
use crate::drop_rules::{HAND_SLOTS, MAX_IN_HAND};
use crate::geometry::{Color, Square};
use crate::position::{CASTLE_AS_PLACED, ChessState, NO_SQUARE};
use crate::variant::Variant;

/// The side to move by its letter or name (`w`, `White`).
pub(super) fn parse_side(v: &Variant, text: &str) -> Option<Color> {
    let lower = text.to_ascii_lowercase();
    Color::BOTH.into_iter().find(|c| {
        lower == v.side_letters[c.index()].to_string()
            || lower == v.side_titles[c.index()].to_ascii_lowercase()
    })
}

pub(super) fn parse<'a>(
    v: &'static Variant,
    to_move: Color,
    fields: impl Iterator<Item = &'a str>,
) -> Result<ChessState, FenError> {
    let mut state = ChessState::empty();
    state.castle = CASTLE_AS_PLACED;
    let mut seen: Vec<&str> = Vec::new();
    let mut positional = 0;
    for field in fields {
        let (key, value) = match field.split_once('=') {
            Some(kv) => kv,
            None => {
                // A chess FEN's fields, in their order.
                let key = ["castle", "ep", "halfmove", "fullmove"]
                    .get(positional)
                    .ok_or_else(|| FenError::BadField(field.to_string()))?;
                positional += 1;
                (*key, field)
            }
        };
        let key: &'static str = match key {
            "castle" => "castle",
            "ep" => "ep",
            "halfmove" => "halfmove",
            "fullmove" => "fullmove",
            "hand" if v.rules.drops.is_some() => "hand",
            "kings" if watches_royals(v) => "kings",
            "drops" if watches_royals(v) => "drops",
            _ => {
                return Err(FenError::UnknownField {
                    key: key.to_string(),
                    variant: v.title,
                });
            }
        };
        if seen.contains(&key) {
            return Err(FenError::RepeatedField(key.to_string()));
        }
        seen.push(key);
        let bad = |reason: String| FenError::BadValue {
            key,
            value: value.escape_debug().to_string(),
            reason,
        };
        match key {
            "castle" => state.castle = parse_castle(v, value).map_err(bad)?,
            "hand" => state.hands = parse_hand(v, value).map_err(bad)?,
            "kings" => state.kings_moved = parse_kings(v, value).map_err(bad)?,
            "drops" => {
                state.drops_closed = match value {
                    "open" => false,
                    "closed" => true,
                    _ => return Err(bad("expected open or closed".to_string())),
                }
            }
            "ep" => (state.ep_from, state.ep_target) = parse_ep(v, to_move, value).map_err(bad)?,
            "halfmove" => {
                state.halfmove = value
                    .parse()
                    .map_err(|_| bad("expected a number of plies".to_string()))?
            }
            _ => {
                value
                    .parse::<u32>()
                    .map_err(|_| bad("expected a move number".to_string()))?;
            }
        }
    }
    Ok(state)
}

/// Whether the game's drops wait on the royal pieces (`kings=` and `drops=` fields).
fn watches_royals(v: &Variant) -> bool {
    v.rules.drops.is_some_and(|d| d.watches_royals())
}

/// The sides whose royal piece has moved, by their letters (`wb`, `-`), as bits by side.
fn parse_kings(v: &Variant, value: &str) -> Result<u8, String> {
    if value == "-" {
        return Ok(0);
    }
    let mut bits = 0;
    for c in value.chars() {
        let side = Color::BOTH
            .into_iter()
            .find(|s| v.side_letters[s.index()] == c.to_ascii_lowercase())
            .ok_or_else(|| {
                format!(
                    "expected the letters of the sides whose royal piece has moved ({}{}), or -",
                    v.side_letters[0], v.side_letters[1]
                )
            })?;
        bits |= 1 << side.index();
    }
    Ok(bits)
}

/// The castling rights of the field's letters (`KQkq`, `-`): bit `i` for the game's castling
/// `i`, whose letter `Castling::letter` gives (several castlings may share one).
pub(super) fn parse_castle(v: &Variant, value: &str) -> Result<u8, String> {
    let castlings = v.chess_rules.as_ref().map_or(&[][..], |r| &r.castlings[..]);
    if value == "-" {
        return Ok(0);
    }
    let mut bits = 0;
    for letter in value.chars() {
        let found: Vec<usize> = (castlings.iter().enumerate())
            .filter(|(_, c)| c.letter() == letter)
            .map(|(i, _)| i)
            .collect();
        if found.is_empty() {
            let letters: String = castlings.iter().map(|c| c.letter()).collect();
            return Err(format!("expected letters from {letters:?}, or -"));
        }
        for i in found {
            bits |= 1 << i;
        }
    }
    Ok(bits)
}

/// The square the last advance passed (its first, for a longer one): the pawn that made it is
/// the first piece beyond, and it started one square before.
fn parse_ep(v: &Variant, to_move: Color, value: &str) -> Result<(u8, u8), String> {
    if value == "-" {
        return Ok((NO_SQUARE, NO_SQUARE));
    }
    let g = &v.geometry;
    let passed = g
        .parse_square(value)
        .ok_or_else(|| "not a square of the board".to_string())?;
    // The pawn's forward: the side that moved last.
    let forward: i8 = match to_move {
        Color::Blue => -1,
        Color::Tan => 1,
    };
    let rank = passed.rank() as i8;
    let from = rank - forward;
    if !(0..g.height as i8).contains(&from) {
        return Err("no square before it for the pawn to start from".to_string());
    }
    // The pawn stands on the first square beyond that the text does not say is passed: one
    // beyond for the first passed square of a two-step advance. Its square is checked against the
    // board by `Position::from_setup`.
    let target = rank + forward;
    if !(0..g.height as i8).contains(&target) {
        return Err("no square beyond it for the pawn to stand on".to_string());
    }
    Ok((
        Square::new(passed.file(), from as u8).0,
        Square::new(passed.file(), target as u8).0,
    ))
}

/// A hand field (`fen/hand_field.rs`), every type one the hand may hold.
pub(super) fn parse_hand(v: &Variant, value: &str) -> Result<[[u8; HAND_SLOTS]; 2], String> {
    let Some(drops) = &v.rules.drops else {
        return Err("this game has no hands".to_string());
    };
    super::hand_field::parse(value, MAX_IN_HAND, |abbr| {
        let (color, kind) = super::read_piece(v, abbr)
            .ok_or_else(|| format!("{abbr:?} is no piece of this game"))?;
        let slot = drops
            .slot(kind)
            .ok_or_else(|| format!("{abbr:?} is not a piece a hand may hold"))?;
        Ok((color, slot))
    })
}

/// The fields as the canonical text writes them: the check rules' (castling, en passant, the
/// fifty-move count) in a game with them, the hands in a game with drops.
pub(super) fn write(v: &Variant, s: &ChessState) -> String {
    let mut text = String::new();
    if v.has_chess_rules {
        text += &write_rights(v, s);
    }
    if let Some(drops) = &v.rules.drops {
        text += &format!(" hand={}", write_hand(v, &s.hands));
        if drops.watches_royals() {
            let kings: String = (Color::BOTH.into_iter())
                .filter(|c| s.kings_moved >> c.index() & 1 == 1)
                .map(|c| v.side_letters[c.index()])
                .collect();
            text += &format!(
                " kings={} drops={}",
                if kings.is_empty() { "-" } else { &kings },
                if s.drops_closed { "closed" } else { "open" }
            );
        }
    }
    text
}

/// The hands' field value (`2Le,...,th`, `-`), by the game's drop slots.
pub(super) fn write_hand(v: &Variant, hands: &[[u8; HAND_SLOTS]; 2]) -> String {
    let kinds = (v.rules.drops.as_ref()).map_or(&[][..], |d| d.kinds());
    super::hand_field::write(v, hands, |slot| kinds.get(slot).copied())
}

/// The castling rights (in a game with castlings), the en passant square (when there is one) and
/// the fifty-move count (in a game with that rule).
fn write_rights(v: &Variant, s: &ChessState) -> String {
    let castlings = v.chess_rules.as_ref().map_or(&[][..], |r| &r.castlings[..]);
    let castle = castle_letters(v, s.castle);
    let mut text = String::new();
    if !castlings.is_empty() {
        text += &format!(" castle={castle}");
    }
    if s.ep_target != NO_SQUARE && s.ep_from != NO_SQUARE {
        let (from, target) = (Square(s.ep_from), Square(s.ep_target));
        let first = if target.rank() > from.rank() {
            Square::new(from.file(), from.rank() + 1)
        } else {
            Square::new(from.file(), from.rank() - 1)
        };
        text += &format!(" ep={}", v.geometry.square_name(first));
    }
    if v.chess_rules
        .as_ref()
        .is_some_and(|r| r.fifty_move_plies.is_some())
    {
        text += &format!(" halfmove={}", s.halfmove);
    }
    text
}

/// The letters of castling rights `bits` (`KQkq`), `-` for none.
pub(super) fn castle_letters(v: &Variant, bits: u8) -> String {
    let castlings = v.chess_rules.as_ref().map_or(&[][..], |r| &r.castlings[..]);
    // Castlings towards one wing share their letter (and are lost together): written once.
    let mut letters = String::new();
    for (_, c) in (castlings.iter().enumerate()).filter(|&(i, _)| bits >> i & 1 == 1) {
        if !letters.contains(c.letter()) {
            letters.push(c.letter());
        }
    }
    if letters.is_empty() {
        "-".to_string()
    } else {
        letters
    }
}
