//! Two people at browsers of their own (`"humans": "remote"`): the creator's seat and the
//! invitation, each side moving only for itself, draw and take-back offers answered by the other
//! side, a move declining an offer, and an offer kept across a restart.

use std::path::PathBuf;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use jovian_web::{AppState, router};
use serde_json::{Value, json};
use tower::ServiceExt;

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jovian-remote-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

async fn call(state: &AppState, uri: &str, seat: Option<&str>, body: Value) -> (StatusCode, Value) {
    let mut req = Request::builder()
        .method("POST")
        .uri(uri)
        .header("content-type", "application/json");
    if let Some(seat) = seat {
        req = req.header("x-jovian-seat", seat);
    }
    let req = req.body(Body::from(body.to_string())).unwrap();
    let res = router(state.clone()).oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

async fn get(state: &AppState, uri: &str) -> Value {
    let req = Request::get(uri).body(Body::empty()).unwrap();
    let res = router(state.clone()).oneshot(req).await.unwrap();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    serde_json::from_slice(&bytes).unwrap()
}

#[tokio::test]
async fn two_browsers_play_and_agree_by_offers() {
    let dir = data_dir("offers");
    let (id, blue, tan) = {
        let state = AppState::open(&dir).unwrap();
        let (status, game) = call(
            &state,
            "/api/games",
            None,
            json!({"variant": "scirocco", "humans": "remote", "side": "tan"}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        assert_eq!(game["humans"], "remote");
        // The creator plays Tan: its seat only, and the invitation for Blue.
        assert!(game["seats"]["blue"].is_null(), "{}", game["seats"]);
        let tan = game["seats"]["tan"].as_str().unwrap().to_string();
        assert_eq!(game["invite"]["side"], "blue");
        let blue = game["invite"]["secret"].as_str().unwrap().to_string();
        assert_eq!(blue.len(), 32);
        let id = game["id"].as_i64().unwrap();
        let moves = format!("/api/games/{id}/moves");
        // Each side moves only for itself.
        let (status, _) = call(&state, &moves, Some(&tan), json!({"move": "P-d4"})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = call(&state, &moves, Some(&blue), json!({"move": "P-d4"})).await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = call(&state, &moves, Some(&tan), json!({"move": "P-d7"})).await;
        assert_eq!(status, StatusCode::OK);

        // A draw offered by Blue waits for Tan; Blue cannot answer it; Tan declines.
        let draw = format!("/api/games/{id}/draw");
        let answer = format!("/api/games/{id}/answer");
        let (status, r) = call(&state, &draw, Some(&blue), json!({})).await;
        assert_eq!(status, StatusCode::OK, "{r}");
        assert_eq!(
            (r["accepted"].clone(), r["offered"].clone()),
            (json!(false), json!(true))
        );
        assert_eq!(r["game"]["offer"], json!({"kind": "draw", "by": "blue"}));
        let (status, r) = call(&state, &answer, Some(&blue), json!({"accept": true})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{r}");
        let (status, r) = call(&state, &answer, None, json!({"accept": true})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{r}");
        let (status, r) = call(&state, &answer, Some(&tan), json!({"accept": false})).await;
        assert_eq!(status, StatusCode::OK, "{r}");
        assert!(r["game"]["offer"].is_null());
        assert!(r["game"]["result"].is_null());
        let (status, _) = call(&state, &answer, Some(&tan), json!({"accept": true})).await;
        assert_eq!(status, StatusCode::CONFLICT, "nothing to answer now");

        // A move declines a pending offer.
        call(&state, &draw, Some(&blue), json!({})).await;
        let (_, g) = call(&state, &moves, Some(&blue), json!({"move": "P-e4"})).await;
        assert!(g["offer"].is_null(), "{}", g["offer"]);

        // Tan asks to take back its move... it has none since Blue's last: P-d7 was before.
        let takeback = format!("/api/games/{id}/takeback");
        let (status, g) = call(&state, &takeback, Some(&blue), json!({})).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        assert_eq!(g["offer"], json!({"kind": "takeback", "by": "blue"}));
        assert_eq!(
            g["moves"].as_array().unwrap().len(),
            3,
            "nothing taken back yet"
        );
        (id, blue, tan)
    };
    // A restart keeps the pending offer; Tan accepts it: Blue's P-e4 is taken back.
    let state = AppState::open(&dir).unwrap();
    let g = get(&state, &format!("/api/games/{id}")).await;
    assert_eq!(g["offer"], json!({"kind": "takeback", "by": "blue"}));
    let (status, r) = call(
        &state,
        &format!("/api/games/{id}/answer"),
        Some(&tan),
        json!({"accept": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r["accepted"], true);
    assert_eq!(r["game"]["moves"].as_array().unwrap().len(), 2);
    assert_eq!(r["game"]["board"]["to_move"], "blue");
    // Offers crossing: Tan offers a draw, then Blue offers one too: agreed.
    let draw = format!("/api/games/{id}/draw");
    call(&state, &draw, Some(&tan), json!({})).await;
    let (_, r) = call(&state, &draw, Some(&blue), json!({})).await;
    assert_eq!(r["accepted"], true, "{r}");
    assert_eq!(r["game"]["result"]["result"], "1/2-1/2");
    // Malformed creations.
    for body in [
        json!({"variant": "scirocco", "humans": "remote", "side": "green"}),
        json!({"variant": "scirocco", "humans": "both", "side": "tan"}),
        json!({"variant": "scirocco", "humans": "friends"}),
    ] {
        let (status, r) = call(&state, "/api/games", None, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {r}");
        assert!(r["error"].is_string());
    }
}

/// Clocks: kept by the server for people and engine; a move after the time ran out is refused and
/// the game lost on time; a game read after the time ran out is lost too; malformed clocks are
/// refused; the clocks survive a restart and go into the record.
#[tokio::test]
async fn clocks_are_kept_and_enforced() {
    let dir = data_dir("clocks");
    let state = AppState::open(&dir).unwrap();
    for clock in [
        json!({}),
        json!({"per_move_s": 0}),
        json!({"per_move_s": 30, "base_s": 60}),
        json!({"base_s": -5}),
        json!({"base_s": 60, "increment_s": 1000}),
        json!({"base_s": "ten"}),
        json!({"minutes": 5}),
    ] {
        let (status, r) = call(
            &state,
            "/api/games",
            None,
            json!({"variant": "scirocco", "humans": "both", "clock": clock}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{clock}: {r}");
        assert!(r["error"].is_string());
    }
    let (status, r) = call(
        &state,
        "/api/games",
        None,
        json!({"variant": "scirocco", "humans": "both", "movetime_ms": 500,
               "clock": {"per_move_s": 5}}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{r}");

    // One second a move: Blue moves in time, Tan does not.
    let (_, game) = call(
        &state,
        "/api/games",
        None,
        json!({"variant": "scirocco", "humans": "both", "clock": {"per_move_s": 1}}),
    )
    .await;
    let id = game["id"].as_i64().unwrap();
    assert_eq!(game["clock"]["control"], "1/1");
    assert_eq!(game["clock"]["running"], "blue");
    let (blue, tan) = (
        game["seats"]["blue"].as_str().unwrap().to_string(),
        game["seats"]["tan"].as_str().unwrap().to_string(),
    );
    let moves = format!("/api/games/{id}/moves");
    let (status, g) = call(&state, &moves, Some(&blue), json!({"move": "P-d4"})).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(g["clock"]["running"], "tan");
    tokio::time::sleep(std::time::Duration::from_millis(1300)).await;
    let (status, r) = call(&state, &moves, Some(&tan), json!({"move": "P-d7"})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{r}");
    assert!(r["error"].as_str().unwrap().contains("time ran out"), "{r}");
    let g = get(&state, &format!("/api/games/{id}")).await;
    assert_eq!(g["result"]["reason"], "Tan lost on time");
    assert_eq!(g["result"]["result"], "1-0");
    assert_eq!(
        g["moves"].as_array().unwrap().len(),
        1,
        "the late move did not count"
    );

    // A game clock read after its time ran out is lost on time without a move.
    let (_, game) = call(
        &state,
        "/api/games",
        None,
        json!({"variant": "scirocco", "humans": "both", "clock": {"base_s": 1, "increment_s": 0}}),
    )
    .await;
    let quick = game["id"].as_i64().unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    let g = get(&state, &format!("/api/games/{quick}")).await;
    assert_eq!(g["result"]["reason"], "Blue lost on time", "{g}");

    // A restart keeps the clocks (as of the last move) and the record names the control.
    let (_, game) = call(
        &state,
        "/api/games",
        None,
        json!({"variant": "scirocco", "humans": "both", "clock": {"base_s": 600, "increment_s": 5}}),
    )
    .await;
    let kept = game["id"].as_i64().unwrap();
    let blue = game["seats"]["blue"].as_str().unwrap().to_string();
    call(
        &state,
        &format!("/api/games/{kept}/moves"),
        Some(&blue),
        json!({"move": "P-d4"}),
    )
    .await;
    drop(state);
    let state = AppState::open(&dir).unwrap();
    let g = get(&state, &format!("/api/games/{kept}")).await;
    let blue_ms = g["clock"]["blue_ms"].as_u64().unwrap();
    assert!(
        blue_ms > 600_000 && blue_ms <= 605_000,
        "the increment was added: {blue_ms}"
    );
    assert_eq!(g["clock"]["running"], "tan");
    assert!(
        g["clock"]["now_ms"].as_u64().unwrap() > 1_700_000_000_000,
        "the server's now: {}",
        g["clock"]
    );
    let req = Request::get(format!("/api/games/{kept}/record"))
        .body(Body::empty())
        .unwrap();
    let res = router(state.clone()).oneshot(req).await.unwrap();
    let record =
        String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    for tag in [
        "[TimeControl \"600+5\"]",
        &format!("[Event \"Jovian game {kept}\"]"),
        "[Site \"jovian serve\"]",
        "[Date \"",
    ] {
        assert!(record.contains(tag), "{tag} missing in {record}");
    }
}

/// The engine plays with the clock: a short game clock, and it answers within it.
#[tokio::test]
async fn the_engine_plays_on_the_clock() {
    let state = AppState::open(&data_dir("engine-clock")).unwrap();
    let (_, game) = call(
        &state,
        "/api/games",
        None,
        json!({"variant": "scirocco", "humans": "blue", "clock": {"base_s": 20, "increment_s": 0}}),
    )
    .await;
    let id = game["id"].as_i64().unwrap();
    let blue = game["seats"]["blue"].as_str().unwrap().to_string();
    call(
        &state,
        &format!("/api/games/{id}/moves"),
        Some(&blue),
        json!({"move": "P-d4"}),
    )
    .await;
    let mut g = Value::Null;
    for _ in 0..200 {
        g = get(&state, &format!("/api/games/{id}")).await;
        if g["moves"].as_array().unwrap().len() == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(
        g["moves"].as_array().unwrap().len(),
        2,
        "the engine answered: {g}"
    );
    assert!(g["result"].is_null(), "{}", g["result"]);
    assert!(
        g["clock"]["tan_ms"].as_u64().unwrap() < 20_000,
        "its time was charged"
    );
}

/// Loading is lenient: a bare move list with the game named beside it, a record without a Variant
/// tag, a position in the JSON form; and its errors say where.
#[tokio::test]
async fn bare_move_lists_and_json_positions_load() {
    let state = AppState::open(&data_dir("loading")).unwrap();
    let create = |body: Value| {
        let state = state.clone();
        async move { call(&state, "/api/games", None, body).await }
    };
    let (status, g) = create(json!({"variant": "scirocco", "humans": "both",
        "record": "1. P-d4 P-d7 2. P-e4"}))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{g}");
    assert_eq!(g["moves"].as_array().unwrap().len(), 3);
    let (status, g) = create(json!({"variant": "scirocco", "humans": "both",
        "record": "P-d4 P-d7"}))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{g}");
    assert_eq!(g["moves"].as_array().unwrap().len(), 2);
    let json_position = r#"{"variant":"scirocco","to_move":"blue","pieces":[["blue","K","a1"],["blue","P","e2"],["tan","K","j10"],["tan","P","e9"]]}"#;
    let (status, g) = create(json!({"variant": "scirocco", "humans": "both",
        "position": json_position}))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{g}");
    assert_eq!(g["board"]["pieces"].as_array().unwrap().len(), 4);
    let (status, r) = create(json!({"variant": "typhoon", "humans": "both",
        "position": json_position}))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{r}");
    assert!(r["error"].as_str().unwrap().contains("scirocco"), "{r}");
    // An illegal move says which one.
    let (status, r) = create(json!({"variant": "scirocco", "humans": "both",
        "record": "1. P-d4 P-d7 2. P-d9"}))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{r}");
    let message = r["error"].as_str().unwrap();
    assert!(message.contains("move 2 (Blue) \"P-d9\""), "{message}");
}

/// A timed game in play never goes to sleep (its clock would restart when woken); once over, it
/// may.
#[tokio::test]
async fn a_running_clock_keeps_its_game_awake() {
    let state = AppState::open(&data_dir("awake")).unwrap();
    let (_, game) = call(
        &state,
        "/api/games",
        None,
        json!({"variant": "scirocco", "humans": "both", "clock": {"base_s": 600}}),
    )
    .await;
    let id = game["id"].as_i64().unwrap();
    let blue = game["seats"]["blue"].as_str().unwrap().to_string();
    assert_eq!(state.sweep(std::time::Duration::ZERO), 0, "the clock runs");
    call(
        &state,
        &format!("/api/games/{id}/resign"),
        Some(&blue),
        json!({}),
    )
    .await;
    assert_eq!(
        state.sweep(std::time::Duration::ZERO),
        1,
        "over: it may sleep"
    );
}

/// A timed game whose players have both gone ends on time at the next sweep, so the list of
/// games does not show it in play for ever; reading it then says so, from the store too.
#[tokio::test]
async fn the_sweep_ends_a_timed_game_nobody_reads() {
    let dir = data_dir("unwatched-clock");
    let state = AppState::open(&dir).unwrap();
    let (_, game) = call(
        &state,
        "/api/games",
        None,
        json!({"variant": "scirocco", "humans": "both", "clock": {"base_s": 1, "increment_s": 0}}),
    )
    .await;
    let id = game["id"].as_i64().unwrap();
    let result = |state: &AppState| {
        let summaries = state.summaries();
        summaries.iter().find(|s| s.id == id).map(|s| s.result)
    };
    state.sweep(std::time::Duration::from_secs(3600));
    assert_eq!(result(&state), Some(None), "in play while time remains");
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    assert_eq!(result(&state), Some(None), "nobody has looked yet");
    state.sweep(std::time::Duration::from_secs(3600));
    assert_eq!(
        result(&state),
        Some(Some("0-1")),
        "lost on time by the sweep"
    );
    drop(state);
    let state = AppState::open(&dir).unwrap();
    let g = get(&state, &format!("/api/games/{id}")).await;
    assert_eq!(g["result"]["reason"], "Blue lost on time", "{g}");
}

/// The record names the players by the game's sides (White and Black in the 12x8 game), with the
/// seven PGN tags first in PGN's order.
#[tokio::test]
async fn records_name_the_players_by_the_game_s_sides() {
    let state = AppState::open(&data_dir("record-sides")).unwrap();
    let (status, game) = call(
        &state,
        "/api/games",
        None,
        json!({"variant": "larger-board", "humans": "blue", "level": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_i64().unwrap();
    let req = Request::get(format!("/api/games/{id}/record"))
        .body(Body::empty())
        .unwrap();
    let res = router(state.clone()).oneshot(req).await.unwrap();
    let text =
        String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    let record = jovian_rules::record::Record::parse(&text).unwrap();
    let names: Vec<&str> = record.tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names[..7],
        ["Event", "Site", "Date", "Round", "White", "Black", "Result"],
        "{text}"
    );
    assert_eq!(record.tag("White"), Some("human"));
    assert_eq!(record.tag("Black"), Some("Jovian level 1"));
    assert_eq!(record.tag("Blue"), None);
    let v = jovian_rules::Variant::by_id("larger-board").unwrap();
    assert_eq!(
        record.player(v, jovian_rules::Color::Tan),
        Some("Jovian level 1")
    );
}
