//! The HTTP interface: the JSON API under `/api`, the event streams, and the web app's files.
//! Every error is `{"error": "..."}` with a 4xx status, or 503 (with `Retry-After`) while the
//! database is busy or the server stops; nothing here panics on input.

use std::convert::Infallible;
use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::stream::{self, Stream, StreamExt};
use jovian_engine::levels::{DEFAULT_LEVEL, MAX_LEVEL};
use jovian_rules::notation;
use jovian_rules::record::Record;
use jovian_rules::{Color, MoveKind, Position, Setup, Variant, fen};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::assets;
use crate::catalogue::Catalogue;
use crate::engine_task::{cancel, due};
use crate::game::{Ending, GameState, GameView, Humans, board_view};
use crate::offers::OfferKind;
use crate::reply::{ApiError, ApiJson, ApiResult};
use crate::seat_header::Seat;
use crate::seats::Seats;
use crate::security::SecurityConfig;
use crate::state::{AppState, SharedGame, commit_moves, flag_fall, lock};

/// The routes with the default [`SecurityConfig`]: loopback host names on any port, no other
/// names, the default rate limits.
pub fn router(state: AppState) -> Router {
    router_with(state, SecurityConfig::default())
}

pub fn router_with(state: AppState, security: SecurityConfig) -> Router {
    let mut routes = Router::new();
    for &(name, _) in assets::SCRIPTS {
        routes = routes.route(
            &format!("/{name}"),
            get(move || async move { assets::script(name) }),
        );
    }
    let routes = routes
        .route("/", get(assets::index))
        .route("/style.css", get(assets::style))
        .route("/api/variants", get(variants))
        .route("/api/variants/{id}/rules", get(crate::rules_page::rules))
        .route("/api/engines", get(engines))
        .route("/api/analysis", post(crate::analysis::analyse))
        .route("/api/positions", post(crate::editor::check_position))
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(get_game).delete(delete_game))
        .route("/api/games/{id}/moves", post(play_move))
        .route("/api/games/{id}/takeback", post(take_back))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(offer_draw))
        .route("/api/games/{id}/answer", post(answer_offer))
        .route("/api/games/{id}/movenow", post(move_now))
        .route("/api/games/{id}/presence", post(presence))
        .route("/api/games/{id}/positions/{ply}", get(position_at))
        .route("/api/games/{id}/reach/{square}", get(reach))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/events", get(events))
        .merge(crate::lab::routes())
        .fallback(|| async { ApiError::not_found("no such page or API endpoint") })
        .layer(DefaultBodyLimit::max(crate::BODY_LIMIT))
        .with_state(state);
    crate::security::protect(routes, security)
}

// ---------------------------------------------------------------------------------------------
// Variants

/// Starts making the game list's answer ([`Catalogue::variants_json`]) on a thread of its own,
/// so that the first page need not wait for it.
pub fn warm_variants(catalogue: Arc<Catalogue>) {
    let _ = std::thread::Builder::new()
        .name("jovian-diagrams".into())
        .spawn(move || {
            crate::engine_pool::lower_thread_priority();
            catalogue.variants_json();
        });
}

/// `GET /api/variants`: every game this server offers (crate::catalogue).
async fn variants(State(state): State<AppState>) -> Response {
    let catalogue = state.catalogue.clone();
    // Off the async workers: the first call computes (or waits for) the diagrams.
    let body = tokio::task::spawn_blocking(move || catalogue.variants_json())
        .await
        .unwrap_or_else(|_| axum::body::Bytes::from_static(b"[]"));
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// The engine pool: its cap and memory, and how busy it is now.
async fn engines(State(state): State<AppState>) -> Response {
    axum::Json(state.engine_status()).into_response()
}

// ---------------------------------------------------------------------------------------------
// Games

/// A 409 once the game has ended.
fn in_play(g: &mut GameState) -> ApiResult<()> {
    match g.ending() {
        Some(end) => Err(ApiError::conflict(format!(
            "the game is over ({})",
            end.reason(g.variant)
        ))),
        None => Ok(()),
    }
}

/// A number as the server writes it: decimal digits without a sign or a leading zero (so that
/// `+1`, `01` and ` 1` are not other names of game 1).
fn plain_number<T: std::str::FromStr>(text: &str) -> Option<T> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    (digits && (text == "0" || !text.starts_with('0')))
        .then(|| text.parse().ok())
        .flatten()
}

fn game(state: &AppState, id: &str) -> ApiResult<SharedGame> {
    let found = match plain_number::<i64>(id) {
        Some(n) => state.get(n)?,
        None => None,
    };
    found.ok_or_else(|| ApiError::not_found(format!("no game {id}")))
}

async fn list_games(State(state): State<AppState>) -> impl IntoResponse {
    axum::Json(state.summaries())
}

async fn get_game(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let shared = game(&state, &id)?;
    let mut g = lock(&shared);
    // A timed game read after its time ran out is lost on time now.
    if flag_fall(&state.store, &mut g)? {
        cancel(&mut g);
    }
    Ok(axum::Json(g.view()).into_response())
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NewGame {
    variant: Option<String>,
    /// `default`, `random`, or a setup name.
    setup: Option<String>,
    /// A position in the text form.
    position: Option<String>,
    /// A whole game record to continue (its own variant and start: `variant`, if given, must
    /// agree; `setup` and `position` may not be given).
    record: Option<String>,
    /// Which sides people play: `blue` (default), `tan`, `both` (two people at this board) or
    /// `remote` (two people at browsers of their own).
    humans: Option<String>,
    /// In a remote game, the creator's side (`blue`, the default, or `tan`): the create answer
    /// gives that seat, and an invitation with the other.
    side: Option<String>,
    level: Option<u32>,
    movetime_ms: Option<u64>,
    /// A clock for both sides: `{"per_move_s": 30}` or `{"base_s": 300, "increment_s": 5}`.
    clock: Option<crate::clock::ClockRequest>,
}

/// A setup name drawn from the clock (any legal array).
fn random_setup(v: &Variant) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() as u64 ^ d.as_secs());
    (v.setups.random)(nanos)
}

fn start_of(req: &NewGame, catalogue: &Catalogue) -> ApiResult<GameState> {
    if let Some(text) = &req.record {
        // A bare move list (or a record without a Variant tag) is a game of the `variant` given.
        let has_variant = text
            .lines()
            .any(|l| l.trim_start().to_ascii_lowercase().starts_with("[variant "));
        let tagged;
        let text = match req.variant.as_deref() {
            Some(v) if !has_variant => {
                tagged = format!("[Variant \"{v}\"]\n\n{text}");
                &tagged
            }
            _ => text,
        };
        let record = Record::parse(text).map_err(|e| ApiError::bad(format!("record: {e}")))?;
        let replayed = record
            .replay()
            .map_err(|e| ApiError::bad(format!("record: {e}")))?;
        if req.setup.is_some() || req.position.is_some() {
            return Err(ApiError::bad(
                "a record brings its own start: give no \"setup\" or \"position\" with it",
            ));
        }
        // The rules library knows every game read from a file in this process; a server plays
        // only those it offers.
        let game_of = replayed.start.variant;
        if catalogue.find(game_of.id).is_none_or(|v| v != game_of) {
            return Err(ApiError::bad(format!(
                "the record is a game of {:?}, which this server does not offer; known games: {}",
                game_of.id,
                catalogue.ids()
            )));
        }
        if let Some(v) = req.variant.as_deref()
            && v != replayed.start.variant.id
        {
            return Err(ApiError::bad(format!(
                "the record is a game of {}, not {v:?}",
                replayed.start.variant.id
            )));
        }
        let mut game =
            GameState::new(0, replayed.start, replayed.setup_name).map_err(ApiError::bad)?;
        for m in replayed.moves {
            game.position.make(m);
            game.moves.push(m);
        }
        return Ok(game);
    }
    let id = req
        .variant
        .as_deref()
        .ok_or_else(|| ApiError::bad("say which game: \"variant\" is missing"))?;
    let v = catalogue.find(id).ok_or_else(|| {
        ApiError::bad(format!(
            "unknown game {id:?}; known games: {}",
            catalogue.ids()
        ))
    })?;
    if let Some(text) = &req.position {
        if req.setup.is_some() {
            return Err(ApiError::bad(
                "a position is its own start: give no \"setup\" with it",
            ));
        }
        // The JSON form names its own game, which must be this one.
        let setup = if text.trim_start().starts_with('{') {
            let setup = jovian_rules::json::parse_json(text)
                .map_err(|e| ApiError::bad(format!("bad position: {e}")))?;
            if setup.variant.id != v.id {
                return Err(ApiError::bad(format!(
                    "the position is one of {}, not {id:?}",
                    setup.variant.id
                )));
            }
            setup
        } else {
            fen::parse_position(v, text).map_err(|e| ApiError::bad(format!("bad position: {e}")))?
        };
        return GameState::new(0, setup, None).map_err(ApiError::bad);
    }
    let name = match req.setup.as_deref() {
        None | Some("") | Some("default") => v.setups.default.to_string(),
        Some("random") => random_setup(v),
        Some(name) => name.to_string(),
    };
    let setup = Setup::named(v, &name).ok_or_else(|| {
        ApiError::bad(format!(
            "unknown {} setup {name:?}; {}",
            v.title, v.setups.help
        ))
    })?;
    GameState::new(0, setup, Some(name)).map_err(ApiError::bad)
}

async fn create_game(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<NewGame>,
) -> ApiResult<Response> {
    let mut game = start_of(&req, &state.catalogue)?;
    game.humans = match req.humans.as_deref() {
        None => Humans::Blue,
        Some(h) => Humans::parse(h).ok_or_else(|| {
            ApiError::bad(format!(
                "humans must be blue, tan, both or remote, not {h:?}"
            ))
        })?,
    };
    let creator = match req.side.as_deref() {
        None => Color::Blue,
        Some(s) if game.humans == Humans::Remote => Color::parse(s)
            .ok_or_else(|| ApiError::bad(format!("side must be blue or tan, not {s:?}")))?,
        Some(_) => {
            return Err(ApiError::bad(
                "side is given only with \"humans\": \"remote\"",
            ));
        }
    };
    game.level = req.level.unwrap_or(DEFAULT_LEVEL);
    if !(1..=MAX_LEVEL).contains(&game.level) {
        return Err(ApiError::bad(format!("level must be 1 to {MAX_LEVEL}")));
    }
    if let Some(ms) = req.movetime_ms
        && !(50..=600_000).contains(&ms)
    {
        return Err(ApiError::bad("movetime_ms must be 50 to 600000"));
    }
    game.movetime_ms = req.movetime_ms;
    if let Some(c) = &req.clock {
        if req.movetime_ms.is_some() {
            return Err(ApiError::bad(
                "give either movetime_ms or a clock, not both",
            ));
        }
        game.clock = Some(crate::clock::Clock::new(
            crate::clock::TimeControl::from_request(c).map_err(ApiError::bad)?,
        ));
    }
    let shared = state.insert(game)?;
    due(&state.pool, &shared);
    // The only answer that shows seat secrets: those of the sides the creator plays.
    #[derive(Serialize)]
    struct Invite {
        side: &'static str,
        secret: String,
    }
    #[derive(Serialize)]
    struct Created {
        #[serde(flatten)]
        game: GameView,
        seats: Seats,
        /// A remote game's other seat, for the link the creator sends.
        invite: Option<Invite>,
    }
    let created = {
        let mut g = lock(&shared);
        let mut seats = g.seats.clone();
        let invite = (g.humans == Humans::Remote).then(|| {
            let other = creator.other();
            let secret = seats.get(other).unwrap_or_default().to_string();
            match other {
                Color::Blue => seats.blue = None,
                Color::Tan => seats.tan = None,
            }
            Invite {
                side: other.name(),
                secret,
            }
        });
        Created {
            game: g.view(),
            seats,
            invite,
        }
    };
    Ok((StatusCode::CREATED, axum::Json(created)).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayMove {
    /// The move in any notation the game reads.
    #[serde(rename = "move")]
    text: String,
    /// The ply the client believes the game is at (moves played so far): a stale client is told
    /// so instead of moving in a position it has not seen.
    ply: Option<usize>,
}

async fn play_move(
    State(state): State<AppState>,
    Path(id): Path<String>,
    seat: Seat,
    ApiJson(req): ApiJson<PlayMove>,
) -> ApiResult<Response> {
    let shared = game(&state, &id)?;
    {
        let mut g = lock(&shared);
        seat.side(&g)?;
        in_play(&mut g)?;
        if g.engine_to_move() {
            return Err(ApiError::conflict(
                "it is the engine's turn: wait for its move (or ask it to move now)",
            ));
        }
        if let Some(ply) = req.ply
            && ply != g.moves.len()
        {
            return Err(ApiError::conflict(format!(
                "out of turn: the game is at ply {}, not {ply}",
                g.moves.len()
            )));
        }
        let to_move = g.position.side_to_move();
        seat.must_be(&g, to_move, "move")?;
        // A move after its side's time ran out does not count: the game is lost on time.
        if flag_fall(&state.store, &mut g)? {
            return Err(ApiError::conflict(format!(
                "too late: {}'s time ran out, and the game is lost on time",
                g.variant.side_title(to_move)
            )));
        }
        // A turn: one move, or both parts of a doubled one (`Rxa11-m11`).
        let turn = notation::parse_turn(&mut g.position, &req.text)
            .map_err(|e| ApiError(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
        commit_moves(&state.store, &mut g, &turn)?;
    }
    due(&state.pool, &shared);
    let view = lock(&shared).view();
    Ok(axum::Json(view).into_response())
}

async fn take_back(
    State(state): State<AppState>,
    Path(id): Path<String>,
    seat: Seat,
) -> ApiResult<Response> {
    let shared = game(&state, &id)?;
    {
        let mut g = lock(&shared);
        let side = seat.side(&g)?;
        // A resignation or an agreed draw ends the game for good; a loss by the rules can be
        // taken back like any move.
        if let Some(end) = g.agreed_end {
            return Err(ApiError::conflict(format!(
                "the game is over ({}): nothing can be taken back",
                end.reason(g.variant)
            )));
        }
        if g.moves.is_empty() {
            return Err(ApiError::conflict("there is no move to take back"));
        }
        // Between two browsers a take-back is asked for, and made when the other side agrees.
        if g.humans == Humans::Remote {
            crate::commits::offer(&state.store, &mut g, side, OfferKind::TakeBack)?;
            return Ok(axum::Json(g.view()).into_response());
        }
        // Against the engine, back to the start of the person's last turn: their move and the
        // engine's reply, each of one or two parts (a doubled turn keeps the side to move).
        let mut probe = g.position.clone();
        probe.unmake();
        let mut keep = g.moves.len() - 1;
        while keep > 0 && (!g.humans.plays(probe.side_to_move()) || probe.mid_turn().is_some()) {
            probe.unmake();
            keep -= 1;
        }
        // The store first: a busy database leaves the game, and its engine, as they were.
        state.store.truncate(g.id, keep)?;
        cancel(&mut g);
        while g.moves.len() > keep {
            g.position.unmake();
            g.moves.pop();
        }
        g.last_info = None;
        if let Some(c) = g.clock.as_mut() {
            c.restart_turn();
        }
        g.announce("state", g.moves.len().to_string());
    }
    due(&state.pool, &shared);
    let view = lock(&shared).view();
    Ok(axum::Json(view).into_response())
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Resign {
    side: Option<String>,
}

/// The body of a presence beat: nothing but `{}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Beat {}

/// A player's page is at the board (crate::presence): answers who is there and who has joined;
/// the other page hears of an arrival.
async fn presence(
    State(state): State<AppState>,
    Path(id): Path<String>,
    seat: Seat,
    ApiJson(Beat {}): ApiJson<Beat>,
) -> ApiResult<Response> {
    let shared = game(&state, &id)?;
    let mut g = lock(&shared);
    let side = seat.side(&g)?;
    if g.presence.beat(side, std::time::Instant::now()) {
        g.announce("presence", side.name().to_string());
    }
    Ok(axum::Json(g.presence_view()).into_response())
}

async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    seat: Seat,
    ApiJson(req): ApiJson<Resign>,
) -> ApiResult<Response> {
    let shared = game(&state, &id)?;
    let mut g = lock(&shared);
    // The seat's side resigns; a `side` given as well must be that one.
    let side = seat.side(&g)?;
    if let Some(s) = req.side.as_deref() {
        let named = Color::parse(s).ok_or_else(|| ApiError::bad(format!("no side {s:?}")))?;
        seat.must_be(&g, named, "resign")?;
    }
    in_play(&mut g)?;
    let end = Ending::Resigned(side);
    state.store.set_agreed_end(g.id, end.stored().as_deref())?;
    cancel(&mut g);
    g.agreed_end = Some(end);
    g.announce("state", g.moves.len().to_string());
    Ok(axum::Json(g.view()).into_response())
}

/// Below this score (centipawns, its own point of view) the engine accepts a draw offer.
const ENGINE_ACCEPTS_DRAW_BELOW: i32 = -150;

async fn offer_draw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    seat: Seat,
) -> ApiResult<Response> {
    let shared = game(&state, &id)?;
    let mut g = lock(&shared);
    let side = seat.side(&g)?;
    in_play(&mut g)?;
    if g.humans == Humans::Remote {
        let agreed = crate::commits::offer(&state.store, &mut g, side, OfferKind::Draw)?;
        return Ok(
            axum::Json(json!({ "accepted": agreed, "offered": !agreed, "game": g.view() }))
                .into_response(),
        );
    }
    // Two people at one board agree by offering; the engine agrees only when it stands worse.
    let accepted = g.humans == Humans::Both
        || g.engine_score
            .is_some_and(|s| s < ENGINE_ACCEPTS_DRAW_BELOW);
    if accepted {
        state
            .store
            .set_agreed_end(g.id, Ending::Draw.stored().as_deref())?;
        cancel(&mut g);
        g.agreed_end = Some(Ending::Draw);
        g.announce("state", g.moves.len().to_string());
    }
    Ok(axum::Json(json!({ "accepted": accepted, "game": g.view() })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Answer {
    accept: bool,
}

/// The other side's answer to a remote game's pending draw or take-back offer.
async fn answer_offer(
    State(state): State<AppState>,
    Path(id): Path<String>,
    seat: Seat,
    ApiJson(req): ApiJson<Answer>,
) -> ApiResult<Response> {
    let shared = game(&state, &id)?;
    let mut g = lock(&shared);
    let side = seat.side(&g)?;
    let accepted = crate::commits::answer(&state.store, &mut g, side, req.accept)?;
    Ok(axum::Json(json!({ "accepted": accepted, "game": g.view() })).into_response())
}

/// Deletes a game for good (the page asks for a confirmation first): 204, or 404. Only a player
/// of the game (a seat's secret) deletes it.
async fn delete_game(
    State(state): State<AppState>,
    Path(id): Path<String>,
    seat: Seat,
) -> ApiResult<StatusCode> {
    let shared = game(&state, &id)?;
    let n = {
        let g = lock(&shared);
        seat.side(&g)?;
        g.id
    };
    match state.delete(n)? {
        true => Ok(StatusCode::NO_CONTENT),
        false => Err(ApiError::not_found(format!("no game {id}"))),
    }
}

async fn move_now(
    State(state): State<AppState>,
    Path(id): Path<String>,
    seat: Seat,
) -> ApiResult<Response> {
    let shared = game(&state, &id)?;
    let g = lock(&shared);
    seat.side(&g)?;
    let Some(t) = &g.thinking else {
        if let Some(q) = g.queued.as_ref().and_then(|q| q.view()) {
            return Err(ApiError::conflict(format!(
                "the engine is not thinking yet: the game waits for a free engine ({} ahead)",
                q.ahead
            )));
        }
        return Err(ApiError::conflict("the engine is not thinking"));
    };
    t.stop_now();
    Ok(axum::Json(json!({ "stopping": true })).into_response())
}

async fn position_at(
    State(state): State<AppState>,
    Path((id, ply)): Path<(String, String)>,
) -> ApiResult<Response> {
    let shared = game(&state, &id)?;
    let (start, moves) = {
        let g = lock(&shared);
        (g.start.clone(), g.moves.clone())
    };
    let ply: usize = plain_number(&ply)
        .filter(|&p| p <= moves.len())
        .ok_or_else(|| {
            ApiError::not_found(format!("no ply {ply}: the game has {}", moves.len()))
        })?;
    let mut pos = Position::from_setup(&start).map_err(|e| ApiError::bad(e.to_string()))?;
    for &m in &moves[..ply] {
        pos.make(m);
    }
    Ok(axum::Json(board_view(&pos)).into_response())
}

/// What the piece on a square could do now if its side were to move: the board shows an
/// opponent's piece's moves with it (and one's own while the other side is to move).
#[derive(Serialize)]
struct ReachView {
    square: String,
    color: &'static str,
    abbr: &'static str,
    /// False when the position cannot be seen with that side to move (in the 12x8 game, the
    /// other side would be in check): `moves` is then empty.
    available: bool,
    moves: Vec<crate::game::LegalView>,
}

async fn reach(
    State(state): State<AppState>,
    Path((id, square)): Path<(String, String)>,
) -> ApiResult<Response> {
    let shared = game(&state, &id)?;
    let position = lock(&shared).position.clone();
    let v = position.variant();
    let sq = v
        .geometry
        .parse_square(&square)
        .ok_or_else(|| ApiError::bad(format!("no square {square:?} on this board")))?;
    let piece = position
        .piece_at(sq)
        .ok_or_else(|| ApiError::bad(format!("no piece on {}", v.square_name(sq))))?;
    let mut view = ReachView {
        square: v.square_name(sq),
        color: piece.color.name(),
        abbr: v.abbr(piece.kind),
        available: false,
        moves: Vec::new(),
    };
    if let Some(mut pos) = position.as_if_to_move(piece.color) {
        view.available = true;
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for m in moves {
            let from_here = m.from == sq || (m.kind == MoveKind::Golem && m.aux[0] == sq.0);
            if from_here {
                view.moves.push(crate::game::legal_view(&mut pos, m, false));
            }
        }
    }
    Ok(axum::Json(view).into_response())
}

async fn record(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let shared = game(&state, &id)?;
    let mut g = lock(&shared);
    let text = g.record().to_text();
    let file = format!(
        "attachment; filename=\"jovian-{}-{}.pgn\"",
        g.variant.id, g.id
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, file),
        ],
        text,
    )
        .into_response())
}

async fn events(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>> {
    let shared = game(&state, &id)?;
    let receiver = lock(&shared).events.subscribe();
    drop(shared); // a stream must not keep its game in memory
    let stream = stream::unfold(receiver, |mut rx| async move {
        loop {
            match rx.recv().await {
                Ok(e) => {
                    return Some((Ok(SseEvent::default().event(e.kind).data(e.data)), rx));
                }
                // A slow reader missed events: it reads the whole game on the next one anyway.
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    // Every stream ends when the server begins to stop, so that its graceful shutdown (which
    // waits for the answers under way) is not held up by a browser that stays open.
    let stream = stream.take_until(state.stopping());
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}
