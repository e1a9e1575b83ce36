//! Whole turns: one move, or the two parts of a doubled turn (Jupiter's Doubler) written as the
//! Jupiter text writes them, "two consecutive moves after the same piece abbreviation":
//! `Rxa11-m11` (the Rook captures on a11, then moves on to m11).
//!
//! That form can read like one move: `Zixd4-e5` is also a hop capture. A text that is one legal
//! move is that move; the writer therefore uses the text's form only when it reads back as the
//! same two parts, and otherwise marks the split with `&`: `Zixd4&Zi-e5` (or `Zixd4&-e5`).

use super::{MoveParseError, Style, format_move, parse_move};
use crate::moves::Move;
use crate::position::Position;

/// The characters a second part may start with once its piece (and from-square) are left out:
/// `-m11`, `xm11`, `x!m11`, `!` (a pass), `<>n5` (a swap), `:Pd7-c6` (a pull).
const SECOND_PART_STARTS: [char; 5] = ['-', 'x', '!', '<', ':'];

/// Writes a turn: `moves` is one move, or the first part of a doubled turn (a continuing move)
/// followed by its second part, both legal in turn from `pos`. Any other slice is written move by
/// move, separated by spaces.
pub fn format_turn(pos: &mut Position, moves: &[Move], style: Style) -> String {
    let &[first, second] = moves else {
        return each_move(pos, moves, style);
    };
    if !first.is_continuing() {
        return each_move(pos, moves, style);
    }
    let marked = format_move(pos, first, style);
    pos.make(first);
    let later = format_move(pos, second, style);
    let bare = pos.piece_at(first.destination()).map(|p| {
        let abbr = pos.variant().pieces[p.kind.0 as usize].abbr;
        let from = pos.variant().square_name(second.from);
        let rest = later.strip_prefix(abbr).unwrap_or(&later);
        rest.strip_prefix(from.as_str()).unwrap_or(rest).to_string()
    });
    pos.unmake();
    let explicit = format!("{marked}{later}");
    if style == Style::Coordinate {
        return explicit;
    }
    match bare {
        Some(rest) if rest.starts_with(SECOND_PART_STARTS) => {
            let combined = format!("{}{rest}", marked.trim_end_matches('&'));
            if parse_turn(pos, &combined).as_deref() == Ok(&[first, second][..]) {
                combined
            } else {
                explicit
            }
        }
        _ => explicit,
    }
}

/// Reads a turn: one move in any style (as `parse_move`), or a doubled turn, either in the text's
/// form (`Rxa11-m11`, `Ra5xa11-m11`) or with its parts split by `&` (`Rxa11&R-m11`,
/// `Rxa11&-m11`, `a5a11&a11m11`). Returns the moves in order, each legal in turn from `pos`,
/// which is left as it was.
pub fn parse_turn(pos: &mut Position, text: &str) -> Result<Vec<Move>, MoveParseError> {
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some((left, right)) = cleaned.split_once('&')
        && !right.is_empty()
    {
        let first = parse_move(pos, &format!("{left}&"))?;
        return second_part(pos, first, right).map(|second| vec![first, second]);
    }
    let single = match parse_move(pos, &cleaned) {
        Ok(m) => return Ok(vec![m]),
        Err(e) => e,
    };
    if !may_double(pos) {
        return Err(single);
    }
    let mut found: Vec<[Move; 2]> = Vec::new();
    let mut second_error = None;
    for (i, c) in cleaned.char_indices().skip(1) {
        if !SECOND_PART_STARTS.contains(&c) {
            continue;
        }
        let Ok(first) = parse_move(pos, &format!("{}&", &cleaned[..i])) else {
            continue;
        };
        match second_part(pos, first, &cleaned[i..]) {
            Ok(second) if !found.contains(&[first, second]) => found.push([first, second]),
            Ok(_) => {}
            Err(e) => second_error = second_error.or(Some(e)),
        }
    }
    match found.as_slice() {
        // When the text reads as a legal first part, the second part is what went wrong.
        [] => Err(second_error.unwrap_or(single)),
        [pair] => Ok(pair.to_vec()),
        _ => Err(MoveParseError::Ambiguous(
            found
                .iter()
                .map(|pair| {
                    let first = format_move(pos, pair[0], Style::Short);
                    pos.make(pair[0]);
                    let second = format_move(pos, pair[1], Style::Short);
                    pos.unmake();
                    format!("{first}{second}")
                })
                .collect(),
        )),
    }
}

fn each_move(pos: &mut Position, moves: &[Move], style: Style) -> String {
    let mut texts = Vec::with_capacity(moves.len());
    for &m in moves {
        texts.push(format_move(pos, m, style));
        pos.make(m);
    }
    moves.iter().for_each(|_| pos.unmake());
    texts.join(" ")
}

/// True if some legal move of `pos` is the first part of a doubled turn.
fn may_double(pos: &mut Position) -> bool {
    if pos.variant().latent & crate::piece::latent::DOUBLER == 0 {
        return false;
    }
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    legal.iter().any(|m| m.is_continuing())
}

/// Reads `text` as the second part after `first`: in full (`R-m11`, `a11m11`), or with the piece
/// and from-square left out (`-m11`).
fn second_part(pos: &mut Position, first: Move, text: &str) -> Result<Move, MoveParseError> {
    pos.make(first);
    let result = match parse_move(pos, text) {
        Ok(m) => Ok(m),
        Err(e) => {
            let mover = pos.piece_at(first.destination());
            let abbr = mover.map_or("", |p| pos.variant().pieces[p.kind.0 as usize].abbr);
            let from = pos.variant().square_name(first.destination());
            let named = parse_move(pos, &format!("{abbr}{text}"));
            // `-m11` leaves the piece out: the error of the text with it says more.
            let error = match &named {
                Err(named_error) if text.starts_with(SECOND_PART_STARTS) => named_error.clone(),
                _ => e,
            };
            named
                .or_else(|_| parse_move(pos, &format!("{abbr}{from}{text}")))
                .map_err(|_| error)
        }
    };
    pos.unmake();
    // The first part's text only for the error: written in the position before it.
    result.map_err(|error| MoveParseError::SecondPart {
        first: format_move(pos, first, Style::Short),
        error: Box::new(error),
    })
}
