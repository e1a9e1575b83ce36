//! Analysis: a position of any game (a game's start and the moves tried from it, on a branch the
//! page keeps) read by the rules and, on request, searched by the engine. Nothing is stored.
//!
//! Reading a branch is open to anyone, like watching a game. Asking the engine (a search, the
//! evaluation graph) is engine work: it needs a seat in the game named by `game` (the secret in
//! the seat header), unless the server runs with `--open-analysis`. The search takes a slot of
//! the engine pool, like a game's engine, through its queue: one analysis per client address at
//! a time (429 for a second) and at most `ANALYSIS_QUEUE` waiting (503 with `Retry-After`), each
//! capped in time, so that no page can queue work for everyone or starve the games' engines.

use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use jovian_engine::{Engine, Limits, score_text};
use jovian_rules::notation::{self, Style};
use jovian_rules::{Color, Position, fen};
use serde::{Deserialize, Serialize};

use crate::engine_pool::{ANALYSIS_QUEUE, AnalysisAdmission, AnalysisRefusal, Permit};
use crate::game::{BoardView, LegalView, board_view, legal_view};
use crate::reply::{ApiError, ApiJson};
use crate::seat_header::{HEADER, Seat};
use crate::security::ClientIp;
use crate::state::{AppState, lock};

/// The longest search one request may ask for.
const MAX_SEARCH_MS: u64 = 10_000;
/// The longest line read (plies from the start position): far beyond real games, and a bound on
/// the rules' work for one request.
const MAX_LINE_PLIES: usize = 5_000;
/// The most plies an evaluation graph covers, and the time it may take in all.
const MAX_EVAL_PLIES: usize = 1000;
const EVAL_BUDGET: Duration = Duration::from_secs(20);
/// The depth of each point of the evaluation graph.
const EVAL_DEPTH: u32 = 2;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisRequest {
    /// The game whose seat the request holds (needed to ask the engine, see above).
    #[serde(default)]
    game: Option<i64>,
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

pub async fn analyse(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    seat: Seat,
    ApiJson(req): ApiJson<AnalysisRequest>,
) -> Result<Response, ApiError> {
    let v = (state.catalogue.find(&req.variant))
        .ok_or_else(|| bad(format!("no game {:?}", req.variant)))?;
    if req.search_ms > MAX_SEARCH_MS {
        return Err(bad(format!(
            "search_ms is at most {MAX_SEARCH_MS} (10 seconds)"
        )));
    }
    if req.moves.len() > MAX_LINE_PLIES {
        return Err(bad(format!(
            "a line of at most {MAX_LINE_PLIES} moves is analysed"
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
        if !state.pool.open_analysis() {
            may_ask_the_engine(&state, &seat, req.game)?;
        }
        let (permit, _counted) = match state.pool.admit_analysis(client) {
            Ok(AnalysisAdmission::Start(permit, counted)) => (permit, counted),
            Ok(AnalysisAdmission::Wait(wait, counted)) => match wait.turn().await {
                Some(permit) => (permit, counted),
                None => return Err(stopping()),
            },
            Err(refusal) => return Err(refused(refusal)),
        };
        let search_ms = if view.result.is_none() {
            req.search_ms
        } else {
            0
        };
        let (search, evals) = tokio::task::spawn_blocking(move || {
            crate::engine_pool::lower_thread_priority();
            let mut engine = Engine::new(v, permit.pool().hash_mb());
            permit.control().attach(engine.stop_handle());
            let evals = req
                .evals
                .then(|| evaluate_line(&mut engine, &permit, &start, &req.moves));
            let search = (search_ms > 0 && !permit.control().is_cancelled())
                .then(|| search_position(&mut engine, &pos, search_ms));
            // The engine and its table go before the slot does (the pool's memory budget).
            drop(engine);
            drop(permit);
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

/// Asking the engine needs a seat in the game the request names.
fn may_ask_the_engine(state: &AppState, seat: &Seat, game: Option<i64>) -> Result<(), ApiError> {
    let Some(id) = game else {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "asking the engine needs a seat in a game: name it (\"game\") and send its seat \
                 secret in the {HEADER} header (or start the server with --open-analysis)"
            ),
        ));
    };
    let shared = state
        .get(id)?
        .ok_or_else(|| ApiError::not_found(format!("no game {id}")))?;
    let g = lock(&shared);
    seat.side(&g).map(|_| ())
}

fn stopping() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "the server is stopping; nothing was searched",
    )
}

/// The answer to an analysis the pool does not take: 429 for a client with one under way, 503
/// (with `Retry-After`) for a full queue or a stopping server.
fn refused(refusal: AnalysisRefusal) -> ApiError {
    match refusal {
        AnalysisRefusal::OnePerClient => ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "an analysis of yours is under way or waiting: one at a time",
        ),
        AnalysisRefusal::QueueFull => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the engines are busy and {ANALYSIS_QUEUE} analyses wait already: try again in a \
                 moment"
            ),
        ),
        AnalysisRefusal::Closed => stopping(),
    }
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

/// A short search of every position of the line; stops early when its time runs out or the
/// pool cancels the search (the server stops).
fn evaluate_line(
    engine: &mut Engine,
    permit: &Permit,
    start: &Position,
    moves: &[String],
) -> (Vec<i32>, bool) {
    let begun = Instant::now();
    let mut pos = start.clone();
    let mut points = Vec::with_capacity(moves.len() + 1);
    let limits = Limits::depth(EVAL_DEPTH);
    for i in 0..=moves.len().min(MAX_EVAL_PLIES) {
        if begun.elapsed() > EVAL_BUDGET || permit.control().is_cancelled() {
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
