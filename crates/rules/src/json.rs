//! The JSON form of a position, for tools:
//!
//! `{"variant":"scirocco","to_move":"blue","pieces":[["blue","De","g5"],["tan","P","f6"]]}`
//!
//! Abbreviations are exactly the texts' (case-sensitive), colours `"blue"` / `"tan"`. An optional
//! `"state"` object is reserved for the extra state of later games (hands, castling rights); no
//! variant of this build has any, so it must be empty. The document is read into a
//! `serde_json::Value` and checked by hand rather than derived, so that every error can name the
//! entry at fault (`pieces[3]`) in the project's own words.

use serde_json::{Map, Value};
use thiserror::Error;

use crate::geometry::Color;
use crate::position::{Position, Setup};
use crate::variant::Variant;

/// Why a JSON text is not a position.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum JsonPositionError {
    /// serde_json's message, which gives the line and column.
    #[error("malformed JSON: {0}")]
    Malformed(String),
    #[error("a position must be a JSON object with the fields variant, to_move and pieces")]
    NotAnObject,
    #[error("missing field {0:?}")]
    MissingField(&'static str),
    #[error("field {field:?} must be {expected}")]
    WrongType {
        field: &'static str,
        expected: &'static str,
    },
    #[error("unknown field {0:?} (the fields are variant, to_move, pieces and state)")]
    UnknownField(String),
    #[error("unknown state field {field:?}: {variant} positions have no extra state")]
    UnknownStateField {
        field: String,
        variant: &'static str,
    },
    #[error("unknown variant {name:?} (known: {known})")]
    UnknownVariant { name: String, known: String },
    #[error("to_move: unknown colour {0:?} (expected \"blue\" or \"tan\")")]
    BadSide(String),
    #[error("pieces[{index}] must be an array of three strings: [colour, abbreviation, square]")]
    BadEntry { index: usize },
    #[error("pieces[{index}]: unknown colour {colour:?} (expected \"blue\" or \"tan\")")]
    BadColour { index: usize, colour: String },
    /// `hint` is empty or "; did you mean "De"?".
    #[error("pieces[{index}]: unknown piece {abbr:?}{hint}")]
    UnknownPiece {
        index: usize,
        abbr: String,
        hint: String,
    },
    #[error("pieces[{index}]: no square {square:?} on the {width}x{height} board")]
    BadSquare {
        index: usize,
        square: String,
        width: u8,
        height: u8,
    },
    /// A 12x8 state field with a bad value: the text form's message.
    #[error("state: {0}")]
    BadState(String),
    #[error("pieces[{first}] and pieces[{second}] are both on {square}")]
    Occupied {
        square: String,
        first: usize,
        second: usize,
    },
}

/// Reads a JSON position. Like `fen::parse_position`, it checks the form and the names; whether
/// the position is playable is `Position::from_setup`'s business.
pub fn parse_json(text: &str) -> Result<Setup, JsonPositionError> {
    // A file saved with a byte order mark is read without it.
    let text = text.strip_prefix(crate::record::BOM).unwrap_or(text);
    let value: Value =
        serde_json::from_str(text).map_err(|e| JsonPositionError::Malformed(e.to_string()))?;
    let object = value.as_object().ok_or(JsonPositionError::NotAnObject)?;
    if let Some(key) = object
        .keys()
        .find(|k| !matches!(k.as_str(), "variant" | "to_move" | "pieces" | "state"))
    {
        return Err(JsonPositionError::UnknownField(key.clone()));
    }
    let name = string_field(object, "variant")?;
    let variant = Variant::by_id(name).ok_or_else(|| JsonPositionError::UnknownVariant {
        name: name.to_string(),
        known: known_variants(),
    })?;
    let mut chess = None;
    // A game with the check rules reads its state once the side to move is known (its en
    // passant square depends on it).
    let mut rules_fields: Option<Vec<String>> = None;
    if let Some(state) = object.get("state") {
        let state = state.as_object().ok_or(JsonPositionError::WrongType {
            field: "state",
            expected: "an object",
        })?;
        if variant.keeps_state {
            // The text form's fields, as strings (the fifty-move counter may be a number).
            let mut fields = Vec::new();
            for (key, value) in state {
                let value = match value {
                    Value::String(s) => s.clone(),
                    Value::Number(n) => n.to_string(),
                    _ => {
                        return Err(JsonPositionError::BadState(format!(
                            "{key} must be a string"
                        )));
                    }
                };
                fields.push(format!("{key}={value}"));
            }
            if !variant.powers {
                rules_fields = Some(fields);
            } else {
                let parsed =
                    crate::fen::chess_state_from_fields(variant, fields.iter().map(|s| s.as_str()))
                        .map_err(|e| JsonPositionError::BadState(e.to_string()))?;
                chess = Some(parsed);
            }
        } else if let Some(field) = state.keys().next() {
            // Only the games with chess rules keep state beyond the board.
            return Err(JsonPositionError::UnknownStateField {
                field: field.clone(),
                variant: variant.title,
            });
        }
    }
    let side = string_field(object, "to_move")?;
    let to_move = parse_colour(side).ok_or_else(|| JsonPositionError::BadSide(side.to_string()))?;
    if let Some(fields) = rules_fields {
        let parsed = crate::fen::rules_state_from_fields(
            variant,
            to_move,
            fields.iter().map(|s| s.as_str()),
        )
        .map_err(|e| JsonPositionError::BadState(e.to_string()))?;
        chess = Some(parsed);
    }
    let entries = object
        .get("pieces")
        .ok_or(JsonPositionError::MissingField("pieces"))?
        .as_array()
        .ok_or(JsonPositionError::WrongType {
            field: "pieces",
            expected: "an array",
        })?;
    let mut pieces = Vec::with_capacity(entries.len());
    // Index of the entry on each square, to name both entries of a clash.
    let mut placed: Vec<Option<usize>> = vec![None; 256];
    for (index, entry) in entries.iter().enumerate() {
        let strings: Option<Vec<&str>> = entry
            .as_array()
            .filter(|a| a.len() == 3)
            .and_then(|a| a.iter().map(Value::as_str).collect());
        let Some([colour, abbr, square]) = strings.as_deref().map(|s| [s[0], s[1], s[2]]) else {
            return Err(JsonPositionError::BadEntry { index });
        };
        let color = parse_colour(colour).ok_or_else(|| JsonPositionError::BadColour {
            index,
            colour: colour.to_string(),
        })?;
        // The exact abbreviation first, then the texts' alternatives and other spellings where
        // they name one type only; an ambiguous spelling names the candidates.
        let kind = variant.kind_by_abbr_ignore_case(abbr).ok_or_else(|| {
            let candidates: Vec<String> = variant
                .pieces
                .iter()
                .filter(|p| p.abbr.eq_ignore_ascii_case(abbr))
                .map(|p| format!("{:?}", p.abbr))
                .collect();
            JsonPositionError::UnknownPiece {
                index,
                abbr: abbr.to_string(),
                hint: if candidates.is_empty() {
                    String::new()
                } else {
                    format!("; did you mean {}?", candidates.join(" or "))
                },
            }
        })?;
        let sq =
            variant
                .geometry
                .parse_square(square)
                .ok_or_else(|| JsonPositionError::BadSquare {
                    index,
                    square: square.to_string(),
                    width: variant.geometry.width,
                    height: variant.geometry.height,
                })?;
        if let Some(first) = placed[sq.0 as usize] {
            return Err(JsonPositionError::Occupied {
                square: variant.square_name(sq),
                first,
                second: index,
            });
        }
        placed[sq.0 as usize] = Some(index);
        pieces.push((color, kind, sq));
    }
    Ok(Setup {
        variant,
        pieces,
        to_move,
        chess,
    })
}

fn string_field<'a>(
    object: &'a Map<String, Value>,
    field: &'static str,
) -> Result<&'a str, JsonPositionError> {
    object
        .get(field)
        .ok_or(JsonPositionError::MissingField(field))?
        .as_str()
        .ok_or(JsonPositionError::WrongType {
            field,
            expected: "a string",
        })
}

/// Only the two canonical names: JSON is for tools, and tools can spell.
fn parse_colour(text: &str) -> Option<Color> {
    match text {
        "blue" => Some(Color::Blue),
        "tan" => Some(Color::Tan),
        _ => None,
    }
}

fn known_variants() -> String {
    let ids: Vec<&str> = Variant::all().iter().map(|v| v.id).collect();
    ids.join(", ")
}

/// The JSON text of a position: pieces in board order from a1, compact, fields in the documented
/// order. Written by hand because `serde_json`'s maps would sort the keys.
pub fn write_json(pos: &Position) -> String {
    let v = pos.variant();
    let quote = |s: &str| Value::from(s).to_string();
    let pieces: Vec<String> = pos
        .pieces()
        .map(|(color, kind, sq)| {
            format!(
                "[{},{},{}]",
                quote(color.name()),
                quote(v.abbr(kind)),
                quote(&v.square_name(sq))
            )
        })
        .collect();
    // The state beyond the board, for the games that keep one (the 12x8 game's, chess rules').
    let pairs = (pos.to_setup().chess).map(|state| crate::fen::state_pairs(v, &state));
    let state = match pairs {
        Some(pairs) => {
            let fields: Vec<String> = pairs
                .iter()
                .map(|(k, val)| format!("{}:{}", quote(k), quote(val)))
                .collect();
            format!(",\"state\":{{{}}}", fields.join(","))
        }
        None => String::new(),
    };
    format!(
        "{{\"variant\":{},\"to_move\":{},\"pieces\":[{}]{state}}}",
        quote(v.id),
        quote(pos.side_to_move().name()),
        pieces.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::scirocco;

    fn err(text: &str) -> String {
        parse_json(text).unwrap_err().to_string()
    }

    #[test]
    fn round_trip_of_the_start_position() {
        let v = scirocco::variant();
        let start = Position::start(v);
        let text = write_json(&start);
        assert!(text.starts_with(
            r#"{"variant":"scirocco","to_move":"blue","pieces":[["blue","Ch","a1"],["blue","A","b1"]"#
        ));
        let setup = parse_json(&text).unwrap();
        let pos = Position::from_setup(&setup).unwrap();
        assert_eq!(pos.hash(), start.hash());
        assert_eq!(write_json(&pos), text);
    }

    /// A state value or key with a line break (JSON can carry one; the text form cannot) is
    /// named escaped, so that the error stays one line (found by the fuzz target).
    #[test]
    fn a_line_break_in_a_state_field_is_one_line_of_error() {
        let start = write_json(&Position::start(crate::variants::larger_board::variant()));
        for (from, to) in [
            (r#""drops":"open""#, r#""drops":"ope\n""#),
            (r#""drops":"#, r#""dro\nps":"#),
        ] {
            assert!(start.contains(from), "{start}");
            let e = err(&start.replacen(from, to, 1));
            assert!(!e.contains('\n') && e.contains("\\n"), "{e}");
        }
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        let text = write_json(&Position::start(scirocco::variant()));
        let setup = parse_json(&format!("\u{feff}{text}")).unwrap();
        assert_eq!(
            Position::from_setup(&setup).unwrap().hash(),
            Position::start(scirocco::variant()).hash()
        );
    }

    #[test]
    fn the_documented_example() {
        let text = r#"{"variant":"scirocco","to_move":"tan",
                       "pieces":[["blue","De","g5"],["tan","P","f6"],["blue","K","a1"],["tan","K","j10"]],
                       "state":{}}"#;
        let pos = Position::from_setup(&parse_json(text).unwrap()).unwrap();
        assert_eq!(pos.side_to_move(), Color::Tan);
        assert_eq!(
            write_json(&pos),
            r#"{"variant":"scirocco","to_move":"tan","pieces":[["blue","K","a1"],["blue","De","g5"],["tan","P","f6"],["tan","K","j10"]]}"#
        );
    }

    #[test]
    fn errors_say_what_and_where() {
        let ok_head = r#"{"variant":"scirocco","to_move":"blue","pieces":"#;
        let with = |pieces: &str| err(&format!("{ok_head}{pieces}}}"));
        assert_eq!(
            err("{\"variant\": \"scirocco\",\n \"to_move\" \"blue\"}"),
            "malformed JSON: expected `:` at line 2 column 12"
        );
        assert_eq!(
            err("[1,2]"),
            "a position must be a JSON object with the fields variant, to_move and pieces"
        );
        assert_eq!(
            err(r#"{"variant":"chess","to_move":"blue","pieces":[]}"#),
            "unknown variant \"chess\" (known: scirocco, typhoon, jupiter, jupiter-1999, larger-board)"
        );
        assert_eq!(
            err(r#"{"variant":"scirocco","pieces":[]}"#),
            "missing field \"to_move\""
        );
        assert_eq!(
            err(r#"{"variant":"scirocco","to_move":"blue","pieces":[],"hands":[]}"#),
            "unknown field \"hands\" (the fields are variant, to_move, pieces and state)"
        );
        assert_eq!(
            err(r#"{"variant":"scirocco","to_move":"blue","pieces":[],"state":{"hands":[]}}"#),
            "unknown state field \"hands\": Scirocco positions have no extra state"
        );
        assert_eq!(
            err(r#"{"variant":"scirocco","to_move":"white","pieces":[]}"#),
            "to_move: unknown colour \"white\" (expected \"blue\" or \"tan\")"
        );
        assert_eq!(
            err(r#"{"variant":7,"to_move":"blue","pieces":[]}"#),
            "field \"variant\" must be a string"
        );
        assert_eq!(with("{}"), "field \"pieces\" must be an array");
        assert_eq!(
            with(r#"[["blue","De"]]"#),
            "pieces[0] must be an array of three strings: [colour, abbreviation, square]"
        );
        assert_eq!(
            with(r#"[["blue","K","a1"],["red","De","g5"]]"#),
            "pieces[1]: unknown colour \"red\" (expected \"blue\" or \"tan\")"
        );
        // Scirocco has one De: any spelling reads. Typhoon has DE and De: "de" is ambiguous.
        let lower = format!(
            "{ok_head}{}}}",
            r#"[["blue","de","g5"],["blue","K","a1"],["tan","K","j10"]]"#
        );
        assert!(parse_json(&lower).is_ok());
        assert_eq!(
            err(r#"{"variant":"typhoon","to_move":"blue","pieces":[["blue","de","g5"]]}"#),
            "pieces[0]: unknown piece \"de\"; did you mean \"De\" or \"DE\"?"
        );
        assert_eq!(
            with(r#"[["blue","Xq","g5"]]"#),
            "pieces[0]: unknown piece \"Xq\""
        );
        assert_eq!(
            with(r#"[["blue","De","k1"]]"#),
            "pieces[0]: no square \"k1\" on the 10x10 board"
        );
        assert_eq!(
            with(r#"[["blue","De","g5"],["blue","K","a1"],["tan","P","g5"]]"#),
            "pieces[0] and pieces[2] are both on g5"
        );
        // The form is fine; the missing royal piece is the position's complaint.
        let setup = parse_json(&format!("{ok_head}[[\"blue\",\"K\",\"a1\"]]}}")).unwrap();
        assert_eq!(
            Position::from_setup(&setup).unwrap_err().to_string(),
            "Tan has no royal piece"
        );
    }

    proptest::proptest! {
        #[test]
        fn parse_never_panics(text in "\\PC{0,120}") {
            let _ = parse_json(&text);
        }

        #[test]
        fn parse_never_panics_on_near_misses(
            side in "(blue|tan|Blue|x)",
            entries in proptest::collection::vec(("(blue|tan|red)", "[A-Za-z]{1,3}", "[a-l][0-9]{1,2}"), 0..6),
        ) {
            let pieces: Vec<String> =
                entries.iter().map(|(c, a, s)| format!("[\"{c}\",\"{a}\",\"{s}\"]")).collect();
            let text = format!(
                "{{\"variant\":\"scirocco\",\"to_move\":\"{side}\",\"pieces\":[{}]}}",
                pieces.join(",")
            );
            if let Ok(setup) = parse_json(&text) {
                proptest::prop_assert_eq!(setup.pieces.len(), entries.len());
            }
        }
    }
}
