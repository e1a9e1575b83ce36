//! The server's operations: games whose engine was to move when the server stopped think again
//! after a restart, one server per data directory, a busy database (503, nothing half-done), the
//! cap on engines thinking at once with its queue, deleting games, idle games kept small, and the
//! graceful stop of a real server.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use http_body_util::BodyExt;
use jovian_rules::{Setup, Variant, fen};
use jovian_web::store::{Store, StoredGame};
use jovian_web::{AppState, EngineOptions, ServeOptions, Stop, router};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jovian-ops-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The seat a request to `uri` acts for (docs/web.md, "Security"): the stored secret of the side
/// to move if a person plays it, else of the other side. These tests are about operations, not
/// seats (tests/security.rs has those), so every request carries a good one.
async fn seat_for(state: &AppState, uri: &str) -> Option<String> {
    let rest = uri.strip_prefix("/api/games/")?;
    let id: i64 = rest.split('/').next()?.parse().ok()?;
    let stored = state.store.load(id).ok()??;
    let req = Request::builder()
        .uri(format!("/api/games/{id}"))
        .body(Body::empty())
        .unwrap();
    let res = router(state.clone()).oneshot(req).await.unwrap();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let view: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    let (blue, tan) = (stored.blue_seat, stored.tan_seat);
    match view["board"]["to_move"].as_str() {
        Some("tan") => tan.or(blue),
        _ => blue.or(tan),
    }
}

async fn call(
    state: &AppState,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, HeaderMap, Value) {
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json");
    if method != "GET"
        && let Some(seat) = seat_for(state, uri).await
    {
        req = req.header("x-jovian-seat", seat);
    }
    let req = req
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    let res = router(state.clone()).oneshot(req).await.unwrap();
    let (status, headers) = (res.status(), res.headers().clone());
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, headers, value)
}

async fn post(state: &AppState, uri: &str, body: Value) -> (StatusCode, Value) {
    let (status, _, value) = call(state, "POST", uri, Some(body)).await;
    (status, value)
}

async fn get(state: &AppState, uri: &str) -> (StatusCode, Value) {
    let (status, _, value) = call(state, "GET", uri, None).await;
    (status, value)
}

async fn new_game(state: &AppState, body: Value) -> i64 {
    let (status, game) = post(state, "/api/games", body).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    game["id"].as_i64().unwrap()
}

async fn game(state: &AppState, id: i64) -> Value {
    let (status, g) = get(state, &format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    g
}

/// The event stream of game `id`, as a page reads it.
async fn subscribe(state: &AppState, id: i64) -> Body {
    let req = Request::builder()
        .uri(format!("/api/games/{id}/events"))
        .body(Body::empty())
        .unwrap();
    router(state.clone())
        .oneshot(req)
        .await
        .unwrap()
        .into_body()
}

fn plies(g: &Value) -> usize {
    g["moves"].as_array().unwrap().len()
}

/// Polls the game until `done` holds (the engine thinks on threads of its own).
async fn wait_for(state: &AppState, id: i64, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let g = game(state, id).await;
        if done(&g) {
            return g;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "waited too long: {g}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn stored_game(variant: &str, humans: &str, level: u32) -> StoredGame {
    let v = Variant::by_id(variant).unwrap();
    StoredGame {
        id: 0,
        variant: variant.into(),
        setup: Some(v.setups.default.into()),
        start: fen::write_setup(&Setup::named(v, v.setups.default).unwrap()),
        humans: humans.into(),
        level,
        movetime_ms: None,
        agreed_end: None,
        created: 1,
        moves: Vec::new(),
        // Given by the server when it opens the store (as for a game stored before seats).
        blue_seat: None,
        tan_seat: None,
        offer: None,
        clock: None,
        definition: Some(v.definition_hash().to_string()),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_engine_was_to_move_continues_after_a_restart() {
    // What `kill -9` leaves behind while the engine thinks: the game stored, the engine to move.
    let dir = data_dir("resume");
    let id = {
        let store = Store::open(&dir).unwrap();
        store.create(&stored_game("scirocco", "tan", 1)).unwrap()
    };
    let state = AppState::open(&dir).unwrap();
    let g = wait_for(&state, id, |g| plies(g) == 1).await;
    assert_eq!(g["engine_to_move"], false, "{g}");
    assert_eq!(g["board"]["to_move"], "tan");
    // The engine's move is stored like any other.
    assert_eq!(state.store.load(id).unwrap().unwrap().moves.len(), 1);
}

#[tokio::test]
async fn a_second_server_on_the_same_directory_is_refused() {
    let dir = data_dir("twice");
    let first = AppState::open(&dir).unwrap();
    let err = AppState::open(&dir).err().expect("the second server opens");
    let text = err.to_string();
    assert!(
        text.starts_with(&format!(
            "another Jovian server is using the data directory {}",
            dir.display()
        )),
        "{text}"
    );
    assert!(!text.contains('\n'), "one line: {text}");
    assert!(dir.join(jovian_web::LOCK_FILE).exists());
    // The first one goes on working; once it stops, the directory is free.
    new_game(&first, json!({"variant": "scirocco", "humans": "both"})).await;
    assert!(first.shutdown(Duration::from_secs(5)));
    drop(first);
    let again = AppState::open(&dir).unwrap();
    assert_eq!(
        get(&again, "/api/games").await.1.as_array().unwrap().len(),
        1
    );
}

/// Another program's write transaction on the database, as the `sqlite3` shell would hold it.
fn hold_write_lock(dir: &Path) -> rusqlite::Connection {
    let conn = rusqlite::Connection::open(dir.join("games.sqlite")).unwrap();
    conn.execute_batch("BEGIN IMMEDIATE; UPDATE games SET updated = updated;")
        .unwrap();
    conn
}

#[tokio::test]
async fn a_busy_database_answers_503_and_changes_nothing() {
    let dir = data_dir("busy");
    let state = AppState::open(&dir).unwrap();
    let id = new_game(&state, json!({"variant": "scirocco", "humans": "both"})).await;
    let moves = format!("/api/games/{id}/moves");
    assert_eq!(
        post(&state, &moves, json!({"move": "P-d4"})).await.0,
        StatusCode::OK
    );
    let before = game(&state, id).await;

    let other = hold_write_lock(&dir);
    let started = Instant::now();
    let (status, headers, e) = call(&state, "POST", &moves, Some(json!({"move": "P-d7"}))).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{e}");
    assert!(started.elapsed() < Duration::from_secs(4), "a short wait");
    assert!(headers.contains_key("retry-after"));
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .starts_with("the database is busy"),
        "{e}"
    );
    for (method, uri, body) in [
        ("POST", format!("/api/games/{id}/takeback"), None),
        ("POST", format!("/api/games/{id}/resign"), Some(json!({}))),
        ("POST", format!("/api/games/{id}/draw"), None),
        ("DELETE", format!("/api/games/{id}"), None),
        (
            "POST",
            "/api/games".to_string(),
            Some(json!({"variant": "typhoon", "humans": "both"})),
        ),
    ] {
        let (status, _, e) = call(&state, method, &uri, body).await;
        assert_eq!(
            status,
            StatusCode::SERVICE_UNAVAILABLE,
            "{method} {uri}: {e}"
        );
    }
    // Nothing of that changed the game, in memory or on disk.
    let during = game(&state, id).await;
    assert_eq!(during, before);
    assert_eq!(
        get(&state, "/api/games").await.1.as_array().unwrap().len(),
        1
    );

    drop(other); // its transaction rolls back
    let (status, after) = post(&state, &moves, json!({"move": "P-d7"})).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(plies(&after), 2);
    drop(state);
    let reopened = AppState::open(&dir).unwrap();
    assert_eq!(plies(&game(&reopened, id).await), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engines_move_waits_out_a_busy_database() {
    let dir = data_dir("busy-engine");
    let state = AppState::open(&dir).unwrap();
    let id = new_game(
        &state,
        json!({"variant": "scirocco", "humans": "tan", "movetime_ms": 60000}),
    )
    .await;
    wait_for(&state, id, |g| g["thinking"] == true).await;
    let other = hold_write_lock(&dir);
    let (status, _) = post(&state, &format!("/api/games/{id}/movenow"), json!({})).await;
    assert_eq!(status, StatusCode::OK);
    // The move cannot be written yet; it is not lost either.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let g = game(&state, id).await;
    assert_eq!((plies(&g), &g["engine_to_move"]), (0, &json!(true)), "{g}");
    drop(other);
    wait_for(&state, id, |g| plies(g) == 1 && g["thinking"] == false).await;
    assert_eq!(state.store.load(id).unwrap().unwrap().moves.len(), 1);
}

/// (searches thinking, games waiting), as `GET /api/engines` tells.
async fn engines(state: &AppState) -> (u64, u64) {
    let (status, e) = get(state, "/api/engines").await;
    assert_eq!(status, StatusCode::OK);
    (
        e["thinking"].as_u64().unwrap(),
        e["waiting"].as_u64().unwrap(),
    )
}

fn one_engine() -> EngineOptions {
    EngineOptions {
        engines: 1,
        memory_mb: 4,
        open_analysis: false,
    }
}

/// An analysis of Scirocco's start asked by the client at 10.0.0.`client` (as a proxy on this
/// machine tells it), with a short search.
async fn analyse(state: AppState, client: u8) -> (StatusCode, HeaderMap, Value) {
    let v = Variant::by_id("scirocco").unwrap();
    let start = fen::write_setup(&Setup::named(v, v.setups.default).unwrap());
    let body = json!({"variant": "scirocco", "position": start, "search_ms": 50});
    let req = Request::builder()
        .method("POST")
        .uri("/api/analysis")
        .header("content-type", "application/json")
        .header("x-forwarded-for", format!("10.0.0.{client}"))
        .body(Body::from(body.to_string()))
        .unwrap();
    let res = router(state).oneshot(req).await.unwrap();
    let (status, headers) = (res.status(), res.headers().clone());
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        headers,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// Analyses take the engines' slots in turn: a bounded queue (503 with Retry-After beyond it) and
/// one analysis per client at a time (429); when the slot comes free they are answered in turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyses_wait_for_an_engine_in_a_bounded_queue() {
    let options = EngineOptions {
        open_analysis: true,
        ..one_engine()
    };
    let state = AppState::open_with(&data_dir("analysis-queue"), options).unwrap();
    // The only engine thinks for a minute.
    let body = json!({"variant": "scirocco", "humans": "tan", "movetime_ms": 60000});
    let id = new_game(&state, body).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while engines(&state).await != (1, 0) {
        assert!(Instant::now() < deadline, "the engine did not start");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let clients = 1..=jovian_web::ANALYSIS_QUEUE as u8;
    let waiting: Vec<_> = clients
        .clone()
        .map(|c| tokio::spawn(analyse(state.clone(), c)))
        .collect();
    let queued = (1, jovian_web::ANALYSIS_QUEUE as u64);
    while engines(&state).await != queued {
        assert!(Instant::now() < deadline, "{:?}", engines(&state).await);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let (status, headers, v) = analyse(state.clone(), 99).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert!(headers.contains_key("retry-after"), "{headers:?}");
    assert!(v["error"].as_str().unwrap().contains("wait already"), "{v}");
    let (status, headers, v) = analyse(state.clone(), 1).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert!(headers.contains_key("retry-after"), "{headers:?}");
    assert_eq!(engines(&state).await, queued, "nothing more was queued");
    // The game ends: its engine stops and the analyses have the slot one after another.
    let (status, v) = post(&state, &format!("/api/games/{id}/resign"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    for task in waiting {
        let (status, _, v) = tokio::time::timeout(Duration::from_secs(20), task)
            .await
            .expect("each analysis is answered")
            .unwrap();
        assert_eq!(status, StatusCode::OK, "{v}");
        assert!(v["search"]["depth"].as_u64().unwrap() >= 1, "{v}");
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while engines(&state).await != (0, 0) {
        assert!(Instant::now() < deadline, "{:?}", engines(&state).await);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // A client whose analysis ended may ask again.
    assert_eq!(analyse(state.clone(), 1).await.0, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_one_engine_games_wait_their_turn_in_order() {
    let state = AppState::open_with(&data_dir("cap"), one_engine()).unwrap();
    let (_, e) = get(&state, "/api/engines").await;
    assert_eq!(
        e,
        json!({"engines": 1, "hash_mb": 4, "thinking": 0, "waiting": 0, "open_analysis": false})
    );
    let body = json!({"variant": "scirocco", "humans": "tan", "movetime_ms": 1000});
    let ids = [
        new_game(&state, body.clone()).await,
        new_game(&state, body.clone()).await,
        new_game(&state, body).await,
    ];
    // Subscribed while it waits: the third game hears its place change, then its engine start.
    let mut events = subscribe(&state, ids[2]).await;
    let (g1, g2, g3) = (
        game(&state, ids[0]).await,
        game(&state, ids[1]).await,
        game(&state, ids[2]).await,
    );
    assert_eq!(
        (&g1["thinking"], &g1["queued"]),
        (&json!(true), &Value::Null)
    );
    assert_eq!(g2["queued"], json!({"position": 1, "ahead": 0}), "{g2}");
    assert_eq!(g3["queued"], json!({"position": 2, "ahead": 1}), "{g3}");
    assert_eq!(g3["thinking"], false);
    // Never two thinking at once; each moves, first come first served.
    let mut moved_at = [None; 3];
    let start = Instant::now();
    while moved_at.iter().any(Option::is_none) {
        for (i, &id) in ids.iter().enumerate() {
            let g = game(&state, id).await;
            if plies(&g) == 1 && moved_at[i].is_none() {
                moved_at[i] = Some(start.elapsed());
            }
        }
        // The pool's own count, read at one moment (the games' views, read one after another,
        // may see one search end and the next begin between two reads).
        let (thinking, _) = engines(&state).await;
        assert!(thinking <= 1, "{thinking} engines think at once");
        assert!(start.elapsed() < Duration::from_secs(30), "{moved_at:?}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(
        moved_at[0] < moved_at[1] && moved_at[1] < moved_at[2],
        "{moved_at:?}"
    );
    // The last search's thread lets its slot go just after its move is written.
    let start = Instant::now();
    while engines(&state).await != (0, 0) {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            engines(&state).await
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mut seen = String::new();
    while !seen.contains("event: thinking") {
        let frame = tokio::time::timeout(Duration::from_secs(5), events.frame())
            .await
            .expect("an event")
            .unwrap()
            .unwrap();
        if let Ok(data) = frame.into_data() {
            seen.push_str(&String::from_utf8_lossy(&data));
        }
    }
    assert!(
        seen.contains("event: queued\ndata: {\"position\":1,\"ahead\":0}"),
        "{seen}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_waiting_game_can_resign_or_take_back_and_a_deleted_one_frees_its_engine() {
    let state = AppState::open_with(&data_dir("queue-leave"), one_engine()).unwrap();
    let long = json!({"variant": "scirocco", "humans": "tan", "movetime_ms": 60000});
    let thinker = new_game(&state, long.clone()).await;
    wait_for(&state, thinker, |g| g["thinking"] == true).await;
    let resigner = new_game(&state, long.clone()).await;
    // A person's move, then the engine's turn: waits behind the other two.
    let taker = new_game(
        &state,
        json!({"variant": "scirocco", "humans": "blue", "movetime_ms": 60000}),
    )
    .await;
    post(
        &state,
        &format!("/api/games/{taker}/moves"),
        json!({"move": "P-d4"}),
    )
    .await;
    assert_eq!(game(&state, taker).await["queued"]["ahead"], 1);
    let last = new_game(&state, long).await;
    assert_eq!(game(&state, last).await["queued"]["ahead"], 2);

    let (status, e) = post(&state, &format!("/api/games/{taker}/movenow"), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(e["error"].as_str().unwrap().contains("1 ahead"), "{e}");
    // Resigning and taking back take a game out of the queue; the ones behind move up.
    let (status, g) = post(&state, &format!("/api/games/{resigner}/resign"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(
        (&g["queued"], &g["result"]["result"]),
        (&Value::Null, &json!("1-0"))
    );
    let (status, g) = post(&state, &format!("/api/games/{taker}/takeback"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(
        (plies(&g), &g["queued"], &g["engine_to_move"]),
        (0, &Value::Null, &json!(false))
    );
    assert_eq!(game(&state, last).await["queued"]["ahead"], 0);
    assert_eq!(engines(&state).await, (1, 1));

    // Deleting the game that thinks (for a minute) gives its engine to the last one at once.
    let (status, _, _) = call(&state, "DELETE", &format!("/api/games/{thinker}"), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let started = Instant::now();
    wait_for(&state, last, |g| g["thinking"] == true).await;
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(engines(&state).await, (1, 0));
    assert!(state.shutdown(Duration::from_secs(5)), "the search stops");
}

#[tokio::test]
async fn a_deleted_game_leaves_memory_the_store_and_its_streams() {
    let dir = data_dir("delete");
    let state = AppState::open(&dir).unwrap();
    let keep = new_game(&state, json!({"variant": "scirocco", "humans": "both"})).await;
    let id = new_game(&state, json!({"variant": "typhoon", "humans": "both"})).await;
    let mut events = subscribe(&state, id).await;

    let (status, _, body) = call(&state, "DELETE", &format!("/api/games/{id}"), None).await;
    assert_eq!((status, body), (StatusCode::NO_CONTENT, json!("")));
    let (status, e) = get(&state, &format!("/api/games/{id}")).await;
    assert_eq!(
        (status, &e["error"]),
        (StatusCode::NOT_FOUND, &json!(format!("no game {id}")))
    );
    for uri in [
        format!("/api/games/{id}"),
        "/api/games/x".into(),
        "/api/games/99".into(),
    ] {
        assert_eq!(
            call(&state, "DELETE", &uri, None).await.0,
            StatusCode::NOT_FOUND
        );
    }
    // The stream tells, then ends.
    let mut seen = String::new();
    loop {
        let next = tokio::time::timeout(Duration::from_secs(5), events.frame())
            .await
            .expect("the stream ends");
        match next {
            Some(frame) => {
                if let Ok(data) = frame.unwrap().into_data() {
                    seen.push_str(&String::from_utf8_lossy(&data));
                }
            }
            None => break,
        }
    }
    assert!(seen.contains("event: deleted"), "{seen}");
    let list = get(&state, "/api/games").await.1;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["id"], keep);
    drop(state);
    let reopened = AppState::open(&dir).unwrap();
    assert_eq!(get(&reopened, "/api/games").await.1, list);
    assert!(reopened.store.load(id).unwrap().is_none());
}

#[tokio::test]
async fn idle_games_are_kept_small_and_come_back_unchanged() {
    let dir = data_dir("idle");
    let state = AppState::open(&dir).unwrap();
    let id = new_game(&state, json!({"variant": "jupiter", "humans": "both"})).await;
    let watched = new_game(&state, json!({"variant": "scirocco", "humans": "both"})).await;
    let uri = format!("/api/games/{id}/moves");
    let first_legal = |g: &Value| json!({"move": g["legal"][0]["coord"]});
    for _ in 0..2 {
        let g = game(&state, id).await;
        let (status, g) = post(&state, &uri, first_legal(&g)).await;
        assert_eq!(status, StatusCode::OK, "{g}");
    }
    let before = game(&state, id).await;
    let list = get(&state, "/api/games").await.1;
    let req = Request::builder()
        .uri(format!("/api/games/{watched}/events"))
        .body(Body::empty())
        .unwrap();
    let stream = router(state.clone()).oneshot(req).await.unwrap();
    // Left alone, the first game sleeps; the watched one stays.
    assert_eq!(state.game_counts(), (2, 0));
    assert_eq!(state.sweep(Duration::from_secs(3600)), 0, "seen just now");
    assert_eq!(state.sweep(Duration::ZERO), 1);
    assert_eq!(state.game_counts(), (1, 1));
    assert_eq!(get(&state, "/api/games").await.1, list);
    // Asked for, it is rebuilt from the store as it was, and plays on.
    assert_eq!(
        same_order(game(&state, id).await),
        same_order(before.clone())
    );
    assert_eq!(state.game_counts(), (2, 0));
    let (status, _) = post(&state, &uri, first_legal(&before)).await;
    assert_eq!(status, StatusCode::OK);
    drop(stream);
    assert_eq!(state.sweep(Duration::ZERO), 2);
    // After a restart every game starts asleep, unless its engine is to move.
    drop(state);
    let state = AppState::open(&dir).unwrap();
    assert_eq!(state.game_counts(), (0, 2));
    assert_eq!(plies(&game(&state, id).await), 3);
}

/// The view with its legal moves sorted: the rules library lists them in an order that depends on
/// the position's history of tried moves, not only on the position.
fn same_order(mut g: Value) -> Value {
    g["legal"]
        .as_array_mut()
        .unwrap()
        .sort_by_key(|m| m["coord"].as_str().unwrap().to_string());
    g
}

/// One HTTP/1.1 request on its own connection; the status and the body.
async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut conn = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    conn.write_all(req.as_bytes()).await.unwrap();
    let mut answer = String::new();
    conn.read_to_string(&mut answer).await.unwrap();
    let status = answer[9..12].parse().unwrap();
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, body.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_graceful_stop_ends_streams_and_engines_and_the_game_thinks_again_after() {
    let dir = data_dir("stop");
    let (listening, address) = std::sync::mpsc::channel();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(jovian_web::serve_until(
        ServeOptions {
            port: 0,
            host: std::net::Ipv4Addr::LOCALHOST.into(),
            data: dir.clone(),
            allow_hosts: vec![],
            engines: EngineOptions::default(),
            rate_limits: jovian_web::RateLimits::default(),
            connections: jovian_web::ConnectionLimits::default(),
            lab_dir: None,
            lab_exe: None,
            variants: jovian_web::Catalogue::builtin(),
            on_listening: Box::new(move |addr| listening.send(addr).unwrap()),
        },
        async move {
            let _ = stopped.await;
            Stop::Requested
        },
    ));
    let addr = address.recv_timeout(Duration::from_secs(10)).unwrap();
    let body = r#"{"variant": "typhoon", "humans": "tan", "movetime_ms": 60000}"#;
    let (status, created) = http(addr, "POST", "/api/games", body).await;
    assert_eq!(status, 201, "{created}");
    let id = serde_json::from_str::<Value>(&created).unwrap()["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/games/{id}");
    let deadline = Instant::now() + Duration::from_secs(10);
    while !http(addr, "GET", &path, "")
        .await
        .1
        .contains("\"thinking\":true")
    {
        assert!(Instant::now() < deadline, "the engine did not start");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // A browser watching: its stream must not hold up the stop.
    let mut watcher = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path}/events HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    watcher.write_all(req.as_bytes()).await.unwrap();
    let mut head = [0u8; 12];
    watcher.read_exact(&mut head).await.unwrap();
    assert_eq!(&head, b"HTTP/1.1 200");

    let asked = Instant::now();
    stop.send(()).unwrap();
    let ended = tokio::time::timeout(Duration::from_secs(10), server)
        .await
        .expect("the server stops")
        .unwrap()
        .unwrap();
    assert!(
        asked.elapsed() < Duration::from_secs(3),
        "{:?}",
        asked.elapsed()
    );
    assert_eq!(
        (ended.by, ended.engines_stopped, ended.clean),
        (Stop::Requested, 1, true)
    );
    let mut rest = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(2), watcher.read_to_end(&mut rest)).await;
    assert!(read.is_ok(), "the event stream was closed");
    assert!(
        tokio::net::TcpStream::connect(addr).await.is_err(),
        "no longer listening"
    );

    // The engine's move was dropped, not half-written; the next server thinks again at once.
    let state = AppState::open(&dir).unwrap();
    let g = game(&state, id).await;
    assert_eq!((plies(&g), &g["thinking"]), (0, &json!(true)), "{g}");
    assert!(state.shutdown(Duration::from_secs(5)));
}
