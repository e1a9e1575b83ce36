//! The compact text form of a position, in the spirit of chess FEN but with comma-separated
//! entries, because abbreviations are up to three letters long and numbers of empty squares reach
//! 16:
//!
//! `wa,d,go,de,c,n,1,st,a,ch/.../Ch,A,St,1,N,C,De,Go,D,Wa b`
//!
//! Ranks run from the highest down to rank 1; a Blue piece is its abbreviation as the text writes it
//! (first letter uppercase), a Tan piece the same with its first letter in lowercase (`dE` is Tan's
//! Drunk Elephant, `de` Tan's Dervish); then the side to move, then optional
//! `key=value` fields for the state of later games. See docs/notation.md.

use thiserror::Error;

use crate::geometry::{Color, Square};
use crate::piece::PieceKind;
use crate::position::{ChessState, Position, Setup};

#[path = "fen/chess_fields.rs"]
mod chess_fields;
#[path = "fen/hand_field.rs"]
mod hand_field;
#[path = "fen/rules_fields.rs"]
mod rules_fields;
pub use crate::position::CASTLE_AS_PLACED;
use crate::variant::Variant;

/// Why a text is not a position of the variant.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum FenError {
    #[error("empty position text")]
    Empty,
    #[error("expected {expected} ranks, found {found}")]
    RankCount { expected: usize, found: usize },
    #[error("rank {rank} has {found} squares, the board has {width}")]
    RankWidth { rank: usize, found: u64, width: u8 },
    #[error("rank {rank} has an empty entry (two commas in a row, or a comma at an end)")]
    EmptyEntry { rank: usize },
    #[error("rank {rank}: {token:?} is not a number of empty squares")]
    BadCount { rank: usize, token: String },
    #[error("unknown piece {token:?} on rank {rank}")]
    UnknownPiece { rank: usize, token: String },
    #[error("missing side to move (b for Blue or t for Tan) after the board")]
    MissingSide,
    #[error("unknown side to move {0:?} (expected b for Blue or t for Tan)")]
    BadSide(String),
    #[error("unknown field {key:?}: {variant} positions have no fields after the side to move")]
    UnknownField { key: String, variant: &'static str },
    #[error("unexpected {0:?} after the side to move (further fields are written key=value)")]
    BadField(String),
    #[error("{key}={value}: {reason}")]
    BadValue {
        key: &'static str,
        value: String,
        reason: String,
    },
    #[error("field {0} appears twice")]
    RepeatedField(String),
}

/// Reads a position. Only the syntax and the piece names are checked here; whether the position
/// is playable (royal pieces present, ...) is `Position::from_setup`'s business.
pub fn parse_position(variant: &'static Variant, text: &str) -> Result<Setup, FenError> {
    // A file saved with a byte order mark is read without it.
    let text = text.strip_prefix(crate::record::BOM).unwrap_or(text);
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or(FenError::Empty)?;
    let ranks: Vec<&str> = board.split('/').collect();
    let height = variant.geometry.height as usize;
    let width = variant.geometry.width;
    if ranks.len() != height {
        return Err(FenError::RankCount {
            expected: height,
            found: ranks.len(),
        });
    }
    let mut pieces = Vec::new();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = height - i; // as printed: the first rank written is the highest
        let mut file: u64 = 0;
        for token in rank_tokens(variant, rank_text) {
            let token = token.as_str();
            if token.is_empty() {
                return Err(FenError::EmptyEntry { rank });
            }
            if token.starts_with(|c: char| c.is_ascii_digit()) {
                let count = token
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| FenError::BadCount {
                        rank,
                        token: token.to_string(),
                    })?;
                file = file.saturating_add(count);
                continue;
            }
            let (color, kind) =
                read_piece(variant, token).ok_or_else(|| FenError::UnknownPiece {
                    rank,
                    token: token.to_string(),
                })?;
            if file < width as u64 {
                pieces.push((color, kind, Square::new(file as u8, (rank - 1) as u8)));
            }
            // Saturating like the counts: `18446744073709551615,k` is a rank too wide, not an
            // overflow (found by the fuzz tests).
            file = file.saturating_add(1);
        }
        if file != width as u64 {
            return Err(FenError::RankWidth {
                rank,
                found: file,
                width,
            });
        }
    }
    let side = fields.next().ok_or(FenError::MissingSide)?;
    if variant.powers {
        let to_move =
            chess_fields::parse_side(side).ok_or_else(|| FenError::BadSide(side.to_string()))?;
        let chess = chess_fields::parse(variant, fields)?;
        return Ok(Setup {
            variant,
            pieces,
            to_move,
            chess: Some(chess),
        });
    }
    if variant.keeps_state {
        let to_move = rules_fields::parse_side(variant, side)
            .ok_or_else(|| FenError::BadSide(side.to_string()))?;
        let chess = rules_fields::parse(variant, to_move, fields)?;
        return Ok(Setup {
            variant,
            pieces,
            to_move,
            chess: Some(chess),
        });
    }
    let to_move = side_of(variant, side).ok_or_else(|| FenError::BadSide(side.to_string()))?;
    if let Some(field) = fields.next() {
        // No variant of this build keeps state beyond the board and the side to move; later games
        // (hands, castling rights) will accept their keys here.
        return Err(match field.split_once('=') {
            Some((key, _)) => FenError::UnknownField {
                key: key.to_string(),
                variant: variant.title,
            },
            None => FenError::BadField(field.to_string()),
        });
    }
    Ok(Setup {
        variant,
        pieces,
        to_move,
        chess: None,
    })
}

/// The side a position's text names to move, as the game reads it: the game's own side letters
/// and names first (a file may name its sides: Shogi's `b` is Black, its first side; the 12x8
/// game's `b` is Black, its second); the built-in names (`blue`, `w`, ...) only for the games that
/// keep Blue and Tan, where they cannot contradict the game's own.
pub fn side_of(variant: &Variant, text: &str) -> Option<Color> {
    if variant.powers {
        return chess_fields::parse_side(text);
    }
    rules_fields::parse_side(variant, text).or_else(|| {
        (variant.side_titles == ["Blue", "Tan"])
            .then(|| Color::parse(text))
            .flatten()
    })
}

/// The 12x8 game's state from `key=value` fields (the text form's fields; JSON's `state`).
pub(crate) fn chess_state_from_fields<'a>(
    variant: &'static Variant,
    fields: impl Iterator<Item = &'a str>,
) -> Result<ChessState, FenError> {
    chess_fields::parse(variant, fields)
}

/// The state of a game with `chess_rules` from `key=value` fields (JSON's `state`).
pub(crate) fn rules_state_from_fields<'a>(
    variant: &'static Variant,
    to_move: Color,
    fields: impl Iterator<Item = &'a str>,
) -> Result<ChessState, FenError> {
    rules_fields::parse(variant, to_move, fields)
}

/// The state beyond the board, the 12x8 game's or a game's with `chess_rules`, as `(key, value)`
/// pairs in the text form's order.
pub(crate) fn state_pairs(variant: &Variant, state: &ChessState) -> Vec<(String, String)> {
    let text = if variant.powers {
        chess_fields::write(variant, state)
    } else {
        rules_fields::write(variant, state)
    };
    text.split_whitespace()
        .filter_map(|f| f.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// A rank's entries: split at commas, or for a game whose abbreviations are all single letters
/// also a chess FEN's rank without commas (`r8r`: a piece, eight empty squares, a piece).
fn rank_tokens(variant: &Variant, rank_text: &str) -> Vec<String> {
    let single_letters = variant.pieces.iter().all(|p| {
        p.abbr.len() == 1 && p.abbr.chars().all(|c| c.is_ascii_alphabetic()) && p.aliases.is_empty()
    });
    if !single_letters || rank_text.contains(',') {
        return rank_text.split(',').map(str::to_string).collect();
    }
    let mut tokens: Vec<String> = Vec::new();
    for c in rank_text.chars() {
        let digit_run = c.is_ascii_digit()
            && tokens
                .last()
                .is_some_and(|t| t.chars().all(|d| d.is_ascii_digit()));
        match tokens.last_mut() {
            Some(t) if digit_run => t.push(c),
            _ => tokens.push(c.to_string()),
        }
    }
    if tokens.is_empty() {
        tokens.push(String::new());
    }
    tokens
}

/// The colour comes from the case of the first letter; the type from the token with its first
/// letter uppercased, exactly, or else from any spelling that names one type only (`fh` for Tan's
/// Fire Horse, as older texts wrote it).
pub(super) fn read_piece(variant: &Variant, token: &str) -> Option<(Color, PieceKind)> {
    let first = token.chars().next()?;
    let color = if first.is_uppercase() {
        Color::Blue
    } else if first.is_lowercase() {
        Color::Tan
    } else {
        return None;
    };
    let upper: String = first.to_uppercase().chain(token.chars().skip(1)).collect();
    Some((color, variant.kind_by_abbr_ignore_case(&upper)?))
}

/// A position as a chess FEN (`rnabqkbcnr/... w KQkq - 0 1`), for the other engines of games
/// with `chess_rules` whose types a FEN can name: each by a single letter, or a promoted type as
/// Fairy-Stockfish writes it, `+S` for the one type its origin promotes to (Shogi's), `Q~` for a
/// type of its own that moves as an unpromoted one (Crazyhouse's promoted Queen); the hands, in a
/// game with drops, in brackets after the board (`[Pp]`). `None` for other games. The move
/// number is counted from the moves made since the position was set up.
pub fn write_chess_fen(pos: &Position) -> Option<String> {
    let v = pos.variant();
    if !v.has_chess_rules {
        return None;
    }
    let mut letters: Vec<String> = Vec::with_capacity(v.pieces.len());
    for (i, p) in v.pieces.iter().enumerate() {
        if p.abbr.len() == 1 {
            letters.push(p.abbr.to_string());
            continue;
        }
        let origin = v.spec(v.unpromoted(PieceKind(i as u8)));
        if !p.promoted || origin.abbr.len() != 1 {
            return None;
        }
        if origin.also_promotes_to.is_empty() {
            letters.push(format!("+{}", origin.abbr));
        } else {
            let twin = v.pieces.iter().find(|q| {
                !q.promoted && q.abbr.len() == 1 && q.betza == p.betza && q.abbr != origin.abbr
            })?;
            letters.push(format!("{}~", twin.abbr));
        }
    }
    let letter = |kind: PieceKind, color: Color| {
        let text = &letters[kind.0 as usize];
        match color {
            Color::Blue => text.clone(),
            Color::Tan => text.to_lowercase(),
        }
    };
    let g = &v.geometry;
    let mut ranks = Vec::with_capacity(g.height as usize);
    for rank in (0..g.height).rev() {
        let (mut text, mut empty) = (String::new(), 0);
        for file in 0..g.width {
            match pos.piece_at(Square::new(file, rank)) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    text += &letter(p.kind, p.color);
                }
            }
        }
        if empty > 0 {
            text += &empty.to_string();
        }
        ranks.push(text);
    }
    let mut board = ranks.join("/");
    if v.rules.drops.is_some() {
        board.push('[');
        for color in Color::BOTH {
            for (kind, n) in pos.hand_pieces(color) {
                for _ in 0..n {
                    board += &letter(kind, color);
                }
            }
        }
        board.push(']');
    }
    let (mut castle, mut ep, mut halfmove) = ("-".to_string(), "-".to_string(), "0".to_string());
    for (key, value) in state_pairs(v, &pos.to_setup().chess?) {
        match key.as_str() {
            "castle" => castle = value,
            "ep" => ep = value,
            "halfmove" => halfmove = value,
            _ => {}
        }
    }
    let side = if pos.side_to_move() == Color::Blue {
        "w"
    } else {
        "b"
    };
    let fullmove = 1 + pos.ply() / 2;
    Some(format!(
        "{board} {side} {castle} {ep} {halfmove} {fullmove}"
    ))
}

/// The canonical text of a position (pieces and side to move; the game history is not part of
/// it).
pub fn write_position(pos: &Position) -> String {
    write_setup(&pos.to_setup())
}

/// The canonical text of a setup. A setup is unchecked: pieces off the board or of unknown types
/// cannot be written and are left out, and of two pieces on one square the first is written.
pub fn write_setup(setup: &Setup) -> String {
    let v = setup.variant;
    let (width, height) = (v.geometry.width as usize, v.geometry.height as usize);
    let mut grid: Vec<Option<(Color, PieceKind)>> = vec![None; width * height];
    for &(color, kind, sq) in &setup.pieces {
        let cell = sq.rank() as usize * width + sq.file() as usize;
        if v.geometry.is_on_board(sq) && (kind.0 as usize) < v.pieces.len() && grid[cell].is_none()
        {
            grid[cell] = Some((color, kind));
        }
    }
    let mut ranks = Vec::with_capacity(height);
    for rank in (0..height).rev() {
        let mut tokens: Vec<String> = Vec::new();
        let mut empty = 0;
        for cell in &grid[rank * width..(rank + 1) * width] {
            let Some((color, kind)) = *cell else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                tokens.push(empty.to_string());
                empty = 0;
            }
            tokens.push(v.side_abbr(kind, color));
        }
        if empty > 0 {
            tokens.push(empty.to_string());
        }
        ranks.push(tokens.join(","));
    }
    let side = v.side_letters[setup.to_move.index()];
    let mut text = format!("{} {side}", ranks.join("/"));
    if v.powers {
        let state = setup.chess.unwrap_or_else(|| ChessState::initial(v));
        text += &chess_fields::write(v, &state);
    } else if v.keeps_state
        && let Some(state) = &setup.chess
    {
        text += &rules_fields::write(v, state);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::scirocco;

    const DEFAULT: &str = "wa,d,go,de,c,n,1,st,a,ch/1,ma,sc,co,f,w,k,sc,pr,1/p,p,gu,p,p,p,p,gu,p,p/\
                           10/10/10/10/P,P,Gu,P,P,P,P,Gu,P,P/1,Pr,Sc,K,W,F,Co,Sc,Ma,1/\
                           Ch,A,St,1,N,C,De,Go,D,Wa b";

    fn sorted(mut s: Setup) -> Setup {
        s.pieces.sort_by_key(|p| (p.2, p.0));
        s
    }

    #[test]
    fn default_array_text() {
        let v = scirocco::variant();
        assert_eq!(write_position(&Position::start(v)), DEFAULT);
        let parsed = parse_position(v, DEFAULT).unwrap();
        assert_eq!(sorted(parsed), sorted(Setup::default_for(v)));
    }

    #[test]
    fn every_named_array_round_trips() {
        let v = scirocco::variant();
        for name in v.setup_names().expect("a listable variant") {
            let setup = Setup::named(v, &name).unwrap();
            let text = write_setup(&setup);
            let back = parse_position(v, &text).unwrap();
            assert_eq!(sorted(back.clone()), sorted(setup), "{name}");
            assert_eq!(write_setup(&back), text);
        }
    }

    #[test]
    fn forgiving_input_gives_canonical_output() {
        let v = scirocco::variant();
        // Split runs of empty squares, odd case after the first letter, a long side name.
        let text = "k,4,1,4/10/10/10/10/10/10/10/10/FH?,9 tan";
        assert_eq!(
            parse_position(v, text).unwrap_err().to_string(),
            "unknown piece \"FH?\" on rank 1"
        );
        let text = "k,4,1,4/10/10/10/10/10/10/10/3,gE,6/EM,Ge,8   Tan";
        let setup = parse_position(v, text).unwrap();
        assert_eq!(setup.to_move, Color::Tan);
        let ge = v.kind_by_abbr("Ge").unwrap();
        assert!(
            setup
                .pieces
                .contains(&(Color::Tan, ge, v.geometry.parse_square("d2").unwrap()))
        );
        assert_eq!(
            write_setup(&setup),
            "k,9/10/10/10/10/10/10/10/3,ge,6/Em,Ge,8 t"
        );
        for side in ["b", "blue", "w", "white", "B"] {
            let s = parse_position(v, &format!("k,9/10/10/10/10/10/10/10/10/K,9 {side}"));
            assert_eq!(s.unwrap().to_move, Color::Blue);
        }
        assert_eq!(
            parse_position(v, "k,9/10/10/10/10/10/10/10/10/K,9 black")
                .unwrap()
                .to_move,
            Color::Tan
        );
    }

    #[test]
    fn errors_name_the_rank_and_the_problem() {
        let v = scirocco::variant();
        let err = |t: &str| parse_position(v, t).unwrap_err().to_string();
        let rank7 = DEFAULT.replacen("10/10/10/10", "11/10/10/10", 1);
        assert_eq!(err(&rank7), "rank 7 has 11 squares, the board has 10");
        let short = DEFAULT.replacen("1,ma", "ma", 1);
        assert_eq!(err(&short), "rank 9 has 9 squares, the board has 10");
        let bad = DEFAULT.replacen("p,p,gu", "p,xq,gu", 1);
        assert_eq!(err(&bad), "unknown piece \"xq\" on rank 8");
        let nine = DEFAULT.replacen("10/", "", 1);
        assert_eq!(err(&nine), "expected 10 ranks, found 9");
        assert_eq!(
            err(DEFAULT.trim_end_matches(" b")),
            "missing side to move (b for Blue or t for Tan) after the board"
        );
        assert_eq!(
            err(&format!("{DEFAULT} hand=Pp")),
            "unknown field \"hand\": Scirocco positions have no fields after the side to move"
        );
        assert_eq!(
            err(&format!("{DEFAULT} 12")),
            "unexpected \"12\" after the side to move (further fields are written key=value)"
        );
        assert_eq!(
            err(&DEFAULT.replace(" b", " x")),
            "unknown side to move \"x\" (expected b for Blue or t for Tan)"
        );
        assert_eq!(
            err(&DEFAULT.replacen("/10/", "/4,0,6/", 1)),
            "rank 7: \"0\" is not a number of empty squares"
        );
        assert_eq!(
            err(&DEFAULT.replacen("/10/", "/99999999999999999999999/", 1)),
            "rank 7: \"99999999999999999999999\" is not a number of empty squares"
        );
        assert_eq!(
            err(&DEFAULT.replacen("/10/", "/18446744073709551615,k/", 1)),
            "rank 7 has 18446744073709551615 squares, the board has 10"
        );
        assert_eq!(
            err(&DEFAULT.replacen("/10/", "/5,,5/", 1)),
            "rank 7 has an empty entry (two commas in a row, or a comma at an end)"
        );
        assert_eq!(err("  "), "empty position text");
        assert!(parse_position(v, &format!("\u{feff}{DEFAULT}")).is_ok());
        assert_eq!(err("\u{feff} "), "empty position text");
        // Syntax is fine, playability is checked by the position: both messages read well.
        let setup = parse_position(v, "10/10/10/10/10/10/10/10/10/K,9 b").unwrap();
        let e = Position::from_setup(&setup).unwrap_err().to_string();
        assert_eq!(e, "Tan has no royal piece");
    }

    #[test]
    fn unchecked_setups_are_written_without_panicking() {
        let v = scirocco::variant();
        let k = v.kind_by_abbr("K").unwrap();
        let setup = Setup {
            variant: v,
            pieces: vec![
                (Color::Blue, k, Square::new(0, 0)),
                (Color::Tan, k, Square::new(0, 0)),
                (Color::Tan, k, Square::new(12, 3)),
                (Color::Tan, PieceKind(200), Square::new(1, 0)),
            ],
            to_move: Color::Tan,
            chess: None,
        };
        assert_eq!(write_setup(&setup), "10/10/10/10/10/10/10/10/10/K,9 t");
    }

    proptest::proptest! {
        #[test]
        fn parse_never_panics(text in "\\PC{0,80}") {
            let _ = parse_position(scirocco::variant(), &text);
        }

        #[test]
        fn parse_never_panics_on_near_misses(text in "([a-zA-Z]{1,3}|[0-9]{1,2})(,([a-zA-Z]{1,3}|[0-9]{1,2})){0,11}(/([a-zA-Z]{1,3}|[0-9]{1,2})(,([a-zA-Z]{1,3}|[0-9]{1,2})){0,11}){0,11}( [a-z=]{0,6}){0,3}") {
            let v = scirocco::variant();
            if let Ok(setup) = parse_position(v, &text) {
                // Whatever parses writes back to a text that parses to the same setup.
                let again = parse_position(v, &write_setup(&setup)).unwrap();
                proptest::prop_assert_eq!(sorted(again), sorted(setup));
            }
        }
    }
}
