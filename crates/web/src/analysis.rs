//! Analysis: a position of any game (a game's start and the moves tried from it, on a branch the
//! page keeps) read by the rules and, on request, searched by the engine. Nothing is stored and
//! no seat is needed: it changes no game. One search at a time on the whole server (the others
//! wait), each capped in time, so that analysis cannot starve the games' engines for long.

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use jovian_engine::{Engine, Limits, score_text};
use jovian_rules::notation::{self, Style};
use jovian_rules::{Color, Position, Variant, fen};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;

use crate::game::{BoardView, LegalView, board_view, legal_view};
use crate::reply::{ApiError, ApiJson};

/// The longest search one request may ask for.
const MAX_SEARCH_MS: u64 = 10_000;
/// The most plies an evaluation graph covers, and the time it may take in all.
const MAX_EVAL_PLIES: usize = 1000;
const EVAL_BUDGET: Duration = Duration::from_secs(20);
/// The depth of each point of the evaluation graph.
const EVAL_DEPTH: u32 = 2;
const HASH_MB: usize = 16;

static SEARCHES: Semaphore = Semaphore::const_new(1);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisRequest {
    variant: String,
    /// The start position in the text form.
    position: String,
    /// Moves from it, in any notation the game reads (coordinates are safest).
    #[serde(default)]
    moves: Vec<String>,
    /// Search the last position for this long (ms, at most 10 s); none if absent or 0.
    #[serde(default)]
    search_ms: u64,
    /// Also score every position of the line (a short search each), for a graph.
    #[serde(default)]
    evals: bool,
}

#[derive(Serialize)]
struct PlyView {
    ply: usize,
    text: String,
    coord: String,
}

#[derive(Serialize)]
struct SearchView {
    /// The best move in the game's notation and in coordinates.
    best: Option<String>,
    best_coord: Option<String>,
    /// The score from Blue's side (White's in the 12x8 game): `+0.35`, `win in 3`.
    score: String,
    /// The same in centipawns from Blue's side, for a graph (mates as +-100.00).
    centipawns: i32,
    depth: u32,
    nodes: u64,
    nps: u64,
    pv: Vec<String>,
}

#[derive(Serialize)]
struct AnalysisView {
    board: BoardView,
    moves: Vec<PlyView>,
    legal: Vec<LegalView>,
    /// The game's end in this position, if it is over.
    result: Option<String>,
    search: Option<SearchView>,
    /// Centipawns from Blue's side after each ply (index 0 = the start), when asked.
    evals: Option<Vec<i32>>,
    /// False when the evaluation graph stopped early (its time ran out).
    evals_complete: bool,
}

fn bad(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, message)
}

/// Centipawns from Blue's side, mates clamped for a graph.
fn blue_centipawns(score: i32, to_move: Color) -> i32 {
    let s = if to_move == Color::Blue {
        score
    } else {
        -score
    };
    s.clamp(-10_000, 10_000)
}

pub async fn analyse(ApiJson(req): ApiJson<AnalysisRequest>) -> Result<Response, ApiError> {
    let v =
        Variant::by_id(&req.variant).ok_or_else(|| bad(format!("no game {:?}", req.variant)))?;
    if req.search_ms > MAX_SEARCH_MS {
        return Err(bad(format!(
            "search_ms is at most {MAX_SEARCH_MS} (10 seconds)"
        )));
    }
    let setup =
        fen::parse_position(v, &req.position).map_err(|e| bad(format!("the position: {e}")))?;
    let start = Position::from_setup(&setup).map_err(|e| bad(format!("the position: {e}")))?;
    let mut pos = start.clone();
    let mut line = Vec::with_capacity(req.moves.len());
    for (i, text) in req.moves.iter().enumerate() {
        if pos.outcome().is_some() {
            return Err(bad(format!(
                "move {} ({text}): the game is already over",
                i + 1
            )));
        }
        let m = notation::parse_move(&mut pos, text).map_err(|e| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("move {} ({text}): {e}", i + 1),
            )
        })?;
        line.push(PlyView {
            ply: i + 1,
            text: notation::format_move(&mut pos, m, Style::Short),
            coord: notation::format_move(&mut pos, m, Style::Coordinate),
        });
        pos.make(m);
    }
    let result = pos.outcome().map(|o| o.describe(v));
    let mut legal = Vec::new();
    if result.is_none() {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        legal = moves
            .into_iter()
            .map(|m| legal_view(&mut pos, m, true))
            .collect();
    }
    let mut view = AnalysisView {
        board: board_view(&pos),
        moves: line,
        legal,
        result,
        search: None,
        evals: None,
        evals_complete: true,
    };
    if (req.search_ms > 0 && view.result.is_none()) || req.evals {
        // One search at a time: a second request waits for the first.
        let _permit = SEARCHES.acquire().await.map_err(|_| {
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping")
        })?;
        let search_ms = if view.result.is_none() {
            req.search_ms
        } else {
            0
        };
        let (search, evals) = tokio::task::spawn_blocking(move || {
            crate::engine_pool::lower_thread_priority();
            let mut engine = Engine::new(v, HASH_MB);
            let evals = req
                .evals
                .then(|| evaluate_line(&mut engine, &start, &req.moves));
            let search = (search_ms > 0).then(|| search_position(&mut engine, &pos, search_ms));
            (search, evals)
        })
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the search failed; try again",
            )
        })?;
        view.search = search;
        if let Some((points, complete)) = evals {
            view.evals = Some(points);
            view.evals_complete = complete;
        }
    }
    Ok(axum::Json(view).into_response())
}

fn search_position(engine: &mut Engine, pos: &Position, ms: u64) -> SearchView {
    let mut root = pos.clone();
    let to_move = pos.side_to_move();
    let result = engine.search(&mut root, &Limits::movetime(ms), |_| {});
    let mut line = pos.clone();
    let mut pv = Vec::with_capacity(result.pv.len());
    for &m in &result.pv {
        pv.push(notation::format_move(&mut line, m, Style::Short));
        line.make(m);
    }
    let mut at = pos.clone();
    let blue = if to_move == Color::Blue {
        result.score
    } else {
        -result.score
    };
    SearchView {
        best: result
            .best
            .map(|m| notation::format_move(&mut at, m, Style::Short)),
        best_coord: result
            .best
            .map(|m| notation::format_move(&mut at, m, Style::Coordinate)),
        score: score_text(blue),
        centipawns: blue_centipawns(result.score, to_move),
        depth: result.depth,
        nodes: result.nodes,
        nps: (result.nodes as f64 / result.elapsed.as_secs_f64().max(1e-6)) as u64,
        pv,
    }
}

/// A short search of every position of the line; stops early when its time runs out.
fn evaluate_line(engine: &mut Engine, start: &Position, moves: &[String]) -> (Vec<i32>, bool) {
    let begun = Instant::now();
    let mut pos = start.clone();
    let mut points = Vec::with_capacity(moves.len() + 1);
    let limits = Limits::depth(EVAL_DEPTH);
    for i in 0..=moves.len().min(MAX_EVAL_PLIES) {
        if begun.elapsed() > EVAL_BUDGET {
            return (points, false);
        }
        let to_move = pos.side_to_move();
        let score = match pos.outcome() {
            Some(o) => match o.winner {
                Some(Color::Blue) => 10_000,
                Some(Color::Tan) => -10_000,
                None => 0,
            },
            None => {
                let mut root = pos.clone();
                blue_centipawns(engine.search(&mut root, &limits, |_| {}).score, to_move)
            }
        };
        points.push(score);
        let Some(text) = moves.get(i) else { break };
        match notation::parse_move(&mut pos, text) {
            Ok(m) => pos.make(m),
            Err(_) => break,
        }
    }
    (points, moves.len() <= MAX_EVAL_PLIES)
}
