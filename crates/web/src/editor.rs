//! The position editor's one question to the server: is this arrangement a position of the game,
//! and what are its text and JSON forms? The page keeps the pieces; the rules library decides.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use jovian_rules::{Color, Position, Setup, Variant, fen, json};
use serde::{Deserialize, Serialize};

use crate::game::{BoardView, board_view};
use crate::reply::{ApiError, ApiJson};
use crate::state::AppState;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditedPiece {
    square: String,
    color: String,
    abbr: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditedPosition {
    variant: String,
    pieces: Vec<EditedPiece>,
    /// `blue` or `tan` (`white`/`black` are read too).
    to_move: String,
}

/// The answer: the forms of a valid position, or why the rules refuse the arrangement (a 200
/// either way: the question was well put; a malformed one gets a 400).
#[derive(Serialize)]
struct EditedView {
    valid: bool,
    error: Option<String>,
    text: Option<String>,
    json: Option<String>,
    board: Option<BoardView>,
}

fn bad(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, message)
}

fn color(v: &Variant, name: &str) -> Option<Color> {
    Color::BOTH
        .into_iter()
        .find(|&c| c.name() == name || v.side_title(c).eq_ignore_ascii_case(name))
}

pub async fn check_position(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<EditedPosition>,
) -> Result<Response, ApiError> {
    let v = (state.catalogue.find(&req.variant))
        .ok_or_else(|| bad(format!("no game {:?}", req.variant)))?;
    let to_move = color(v, &req.to_move)
        .ok_or_else(|| bad(format!("no side {:?} (blue or tan)", req.to_move)))?;
    let mut pieces = Vec::with_capacity(req.pieces.len());
    for p in &req.pieces {
        let sq = v
            .geometry
            .parse_square(&p.square)
            .ok_or_else(|| bad(format!("no square {:?} on this board", p.square)))?;
        let c = color(v, &p.color)
            .ok_or_else(|| bad(format!("{}: no side {:?}", p.square, p.color)))?;
        let kind = v.kind_by_abbr(&p.abbr).ok_or_else(|| {
            bad(format!(
                "{}: no piece {:?} in {}",
                p.square, p.abbr, v.title
            ))
        })?;
        if pieces.iter().any(|&(_, _, s)| s == sq) {
            return Err(bad(format!("two pieces on {}", p.square)));
        }
        pieces.push((c, kind, sq));
    }
    let setup = Setup {
        variant: v,
        pieces,
        to_move,
        chess: None,
    };
    let view = match Position::from_setup(&setup) {
        Ok(pos) => EditedView {
            valid: true,
            error: None,
            text: Some(fen::write_position(&pos)),
            json: Some(json::write_json(&pos)),
            board: Some(board_view(&pos)),
        },
        Err(e) => EditedView {
            valid: false,
            error: Some(e.to_string()),
            text: None,
            json: None,
            board: None,
        },
    };
    Ok(axum::Json(view).into_response())
}
