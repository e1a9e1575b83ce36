//! The web API through its router, as the browser uses it: games created every way, moves,
//! errors with their status codes, the engine's reply, take-back, resignation, draws, records,
//! and games surviving a restart.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use jovian_rules::record::Record;
use jovian_web::{AppState, router};
use serde_json::{Value, json};
use tower::ServiceExt;

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jovian-web-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A request as the web app sends it: JSON, and the seat secret of the side it acts for if any.
async fn call(
    state: &AppState,
    method: &str,
    uri: &str,
    seat: Option<&str>,
    body: Option<String>,
) -> (StatusCode, Value) {
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json");
    if let Some(seat) = seat {
        req = req.header("x-jovian-seat", seat);
    }
    let req = req.body(body.map_or_else(Body::empty, Body::from)).unwrap();
    let res = router(state.clone()).oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

async fn post(state: &AppState, uri: &str, body: Value) -> (StatusCode, Value) {
    call(state, "POST", uri, None, Some(body.to_string())).await
}

/// A POST for the side whose seat secret is `seat`.
async fn post_as(state: &AppState, uri: &str, seat: &str, body: Value) -> (StatusCode, Value) {
    call(state, "POST", uri, Some(seat), Some(body.to_string())).await
}

async fn get(state: &AppState, uri: &str) -> (StatusCode, Value) {
    call(state, "GET", uri, None, None).await
}

/// The seat secret of `side` that the create answer of `game` gave.
fn seat(game: &Value, side: &str) -> String {
    game["seats"][side]
        .as_str()
        .unwrap_or_else(|| panic!("no {side} seat in {}", game["seats"]))
        .to_string()
}

async fn new_game(state: &AppState, body: Value) -> Value {
    let (status, game) = post(state, "/api/games", body).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    game
}

fn error(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {v}"))
}

#[tokio::test]
async fn variants_list_every_game_with_pieces_and_diagrams() {
    let state = AppState::open(&data_dir("variants")).unwrap();
    let (status, list) = get(&state, "/api/variants").await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "scirocco",
            "typhoon",
            "jupiter",
            "jupiter-1999",
            "larger-board"
        ]
    );
    let jupiter = &list[2];
    assert_eq!(jupiter["pieces"].as_array().unwrap().len(), 161);
    assert_eq!(jupiter["pairs"].as_array().unwrap().len(), 38);
    assert_eq!(
        (jupiter["width"].as_u64(), jupiter["height"].as_u64()),
        (Some(16), Some(16))
    );
    let typhoon = &list[1];
    assert_eq!(typhoon["pieces"].as_array().unwrap().len(), 75);
    assert_eq!(typhoon["pairs"].as_array().unwrap().len(), 17);
    assert_eq!(
        typhoon["pairs"][0],
        json!({"first": "FH", "second": "GW", "left": "a1", "right": "l1"})
    );
    let knight = typhoon["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["abbr"] == "N")
        .unwrap();
    assert_eq!(knight["diagram"]["cells"].as_array().unwrap().len(), 8);
    assert_eq!(knight["promotes_to"], "R");
}

#[tokio::test]
async fn two_people_play_and_bad_moves_are_refused() {
    let state = AppState::open(&data_dir("moves")).unwrap();
    let game = new_game(&state, json!({"variant": "scirocco", "humans": "both"})).await;
    let id = game["id"].as_i64().unwrap();
    assert_eq!(game["legal"].as_array().unwrap().len(), 21);
    assert_eq!(game["setup"], "rot-00111011");
    let (blue, tan) = (seat(&game, "blue"), seat(&game, "tan"));
    let uri = format!("/api/games/{id}/moves");
    let (status, after) = post_as(&state, &uri, &blue, json!({"move": "P-d4", "ply": 0})).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["moves"][0]["text"], "P-d4");
    assert_eq!(after["board"]["to_move"], "tan");
    assert!(
        after.get("seats").is_none(),
        "only the create answer shows seats"
    );
    // An illegal move, a stale client, an unreadable body, an unknown field.
    let (status, e) = post_as(&state, &uri, &tan, json!({"move": "P-d4"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error(&e), "no Pawn can move to d4");
    let (status, e) = post_as(&state, &uri, &tan, json!({"move": "P-d7", "ply": 0})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error(&e), "out of turn: the game is at ply 1, not 0");
    let (status, e) = call(&state, "POST", &uri, Some(&tan), Some("{\"move\": ".into())).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&e).starts_with("malformed JSON"), "{e}");
    let body = json!({"move": "P-d7", "promote": true});
    let (status, _) = post_as(&state, &uri, &tan, body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Nothing of that changed the game.
    let (_, now) = get(&state, &format!("/api/games/{id}")).await;
    assert_eq!(now["moves"].as_array().unwrap().len(), 1);
    // Unknown game, unknown page, oversize body.
    let (status, e) = get(&state, "/api/games/999").await;
    assert_eq!((status, error(&e)), (StatusCode::NOT_FOUND, "no game 999"));
    let (status, _) = get(&state, "/api/nothing").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let huge = json!({"move": "x".repeat(2 << 20)}).to_string();
    let (status, e) = call(&state, "POST", &uri, Some(&tan), Some(huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{e}");
}

#[tokio::test]
async fn a_doubled_turn_is_played_at_once_and_taken_back_whole() {
    // Jupiter's notation writes both parts of a doubled turn as one: `Rxa11-m11`.
    let state = AppState::open(&data_dir("doubled")).unwrap();
    let position = "15,k/16/n,15/16/16/p,15/16/16/16/16/16/R,15/16/16/16/4,Dbl,10,K b";
    let game = new_game(
        &state,
        json!({"variant": "jupiter", "humans": "both", "position": position}),
    )
    .await;
    let id = game["id"].as_i64().unwrap();
    let (blue, tan) = (seat(&game, "blue"), seat(&game, "tan"));
    let uri = format!("/api/games/{id}/moves");
    let body = json!({"move": "Rxa11-m11", "ply": 0});
    let (status, after) = post_as(&state, &uri, &blue, body).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    let texts: Vec<&str> = (after["moves"].as_array().unwrap().iter())
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["Rxa11&", "R-m11"]);
    assert_eq!(after["board"]["to_move"], "tan");
    let (_, record) = get(&state, &format!("/api/games/{id}/record")).await;
    assert!(
        record.as_str().unwrap().contains("1. Rxa11-m11 *"),
        "{record}"
    );
    // Tan answers with one move; each take-back then removes one whole turn.
    let (status, _) = post_as(&state, &uri, &tan, json!({"move": "K-o16"})).await;
    assert_eq!(status, StatusCode::OK);
    let takeback = format!("/api/games/{id}/takeback");
    let (_, back) = post_as(&state, &takeback, &tan, json!({})).await;
    assert_eq!(back["moves"].as_array().unwrap().len(), 2);
    let (_, back) = post_as(&state, &takeback, &blue, json!({})).await;
    assert_eq!(back["moves"].as_array().unwrap().len(), 0, "{back}");
    // A second part that cannot be made is refused, and the first is not played either.
    let (status, e) = post_as(&state, &uri, &blue, json!({"move": "Rxa11-b12"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error(&e), "after Rxa11&: no Rook can move to b12");
    let (_, now) = get(&state, &format!("/api/games/{id}")).await;
    assert_eq!(now["moves"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn games_are_created_from_setups_positions_and_records() {
    let state = AppState::open(&data_dir("create")).unwrap();
    let (status, e) = post(&state, "/api/games", json!({"variant": "chess"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        error(&e),
        "unknown game \"chess\"; known games: scirocco, typhoon, jupiter, jupiter-1999, larger-board"
    );
    let (status, e) = post(
        &state,
        "/api/games",
        json!({"variant": "scirocco", "position": "1,2,3 b"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&e).starts_with("bad position"), "{e}");
    let (status, e) = post(
        &state,
        "/api/games",
        json!({"variant": "typhoon", "setup": "rot-1"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error(&e).starts_with("unknown Typhoon setup \"rot-1\""),
        "{e}"
    );
    let (status, _) = post(
        &state,
        "/api/games",
        json!({"variant": "scirocco", "level": 12}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Level 11 is full strength (the whole time, every free core).
    let (status, full) = post(
        &state,
        "/api/games",
        json!({"variant": "scirocco", "level": 11, "humans": "both"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(full["level"], 11);

    let random = new_game(
        &state,
        json!({"variant": "typhoon", "setup": "random", "humans": "both"}),
    )
    .await;
    assert!(
        random["setup"].as_str().unwrap().len() == 21,
        "{}",
        random["setup"]
    );
    let chosen = new_game(
        &state,
        json!({"variant": "typhoon", "setup": "mir-11111111111111111", "humans": "both"}),
    )
    .await;
    let at = |g: &Value, sq: &str| {
        g["board"]["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["square"] == sq)
            .cloned()
    };
    assert_eq!(at(&chosen, "a1").unwrap()["abbr"], "GW");
    assert_eq!(at(&chosen, "a12").unwrap()["abbr"], "GW", "mirror symmetry");
    // A Typhoon swap is played like any move.
    let id = chosen["id"].as_i64().unwrap();
    let (status, g) = post_as(
        &state,
        &format!("/api/games/{id}/moves"),
        &seat(&chosen, "blue"),
        json!({"move": "Hu<>a3"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(g["moves"][0]["coord"], "a2<>a3");

    let position = new_game(&state, json!({"variant": "scirocco", "position": "p,8,k/10/10/3,P,6/10/10/10/10/10/K,9 b", "humans": "both"})).await;
    let promotions: Vec<&Value> = position["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["to"] == "d8")
        .collect();
    assert_eq!(promotions.len(), 2, "with and without promotion");

    let record = "[Variant \"scirocco\"]\n[Setup \"default\"]\n\n1. P-d4 P-d7 2. P-e4 *\n";
    let loaded = new_game(&state, json!({"record": record, "humans": "both"})).await;
    let texts: Vec<&str> = loaded["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["P-d4", "P-d7", "P-e4"]);
    let (status, e) = post(
        &state,
        "/api/games",
        json!({"record": "[Variant \"scirocco\"]\n\n1. P-d5 *"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&e).contains("move 1 (Blue) \"P-d5\""), "{e}");
}

/// Polls the game until `done` holds (the engine thinks on its own thread).
async fn wait_for(state: &AppState, id: i64, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let (_, g) = get(state, &format!("/api/games/{id}")).await;
        if done(&g) {
            return g;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "waited too long: {g}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_answers_and_take_back_resign_and_draw_work() {
    let state = AppState::open(&data_dir("engine")).unwrap();
    let game = new_game(
        &state,
        json!({"variant": "scirocco", "humans": "blue", "level": 2}),
    )
    .await;
    let id = game["id"].as_i64().unwrap();
    let blue = seat(&game, "blue");
    assert!(
        game["seats"].get("tan").is_none(),
        "the engine's side has no seat"
    );
    let uri = format!("/api/games/{id}/moves");
    post_as(&state, &uri, &blue, json!({"move": "P-d4"})).await;
    let g = wait_for(&state, id, |g| {
        g["moves"].as_array().unwrap().len() == 2 && !g["thinking"].as_bool().unwrap()
    })
    .await;
    assert!(
        g["info"]["depth"].as_u64().unwrap() >= 1,
        "the engine's thinking is reported: {g}"
    );
    // While it is the engine's turn a move is refused; here it is Blue's turn again.
    assert_eq!(g["engine_to_move"], false);
    // The record replays: the engine's move was legal.
    let (status, text) = get(&state, &format!("/api/games/{id}/record")).await;
    assert_eq!(status, StatusCode::OK);
    let replayed = Record::parse(text.as_str().unwrap())
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(replayed.moves.len(), 2);
    // The position after ply 1 is what it was.
    let (_, p1) = get(&state, &format!("/api/games/{id}/positions/1")).await;
    assert_eq!(p1["to_move"], "tan");
    let (status, _) = get(&state, &format!("/api/games/{id}/positions/9")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Take-back against the engine goes back to the person's turn: both moves.
    let takeback = format!("/api/games/{id}/takeback");
    let (status, back) = post_as(&state, &takeback, &blue, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["moves"].as_array().unwrap().len(), 0);
    // The engine declines a draw when it has no reason to take it; resigning ends the game.
    let (_, draw) = post_as(&state, &format!("/api/games/{id}/draw"), &blue, json!({})).await;
    assert_eq!(draw["accepted"], false);
    let resign = format!("/api/games/{id}/resign");
    let (status, over) = post_as(&state, &resign, &blue, json!({})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(over["result"]["result"], "0-1");
    assert_eq!(over["result"]["reason"], "Blue resigned");
    let (status, e) = post_as(&state, &uri, &blue, json!({"move": "P-d4"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error(&e), "the game is over (Blue resigned)");
    let movenow = format!("/api/games/{id}/movenow");
    let (status, _) = post_as(&state, &movenow, &blue, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "nothing to stop");

    // Two people agree a draw at once.
    let both = new_game(&state, json!({"variant": "typhoon", "humans": "both"})).await;
    let bid = both["id"].as_i64().unwrap();
    let draw = format!("/api/games/{bid}/draw");
    let (_, draw) = post_as(&state, &draw, &seat(&both, "tan"), json!({})).await;
    assert_eq!(draw["accepted"], true);
    assert_eq!(draw["game"]["result"]["result"], "1/2-1/2");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_moves_first_when_it_plays_blue_and_move_now_stops_it() {
    let state = AppState::open(&data_dir("first")).unwrap();
    let game = new_game(
        &state,
        json!({"variant": "typhoon", "humans": "tan", "movetime_ms": 30000}),
    )
    .await;
    let id = game["id"].as_i64().unwrap();
    let tan = seat(&game, "tan");
    let start = Instant::now();
    wait_for(&state, id, |g| g["thinking"] == true).await;
    let moves = format!("/api/games/{id}/moves");
    let (status, e) = post_as(&state, &moves, &tan, json!({"move": "P-e8"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(error(&e).starts_with("it is the engine's turn"), "{e}");
    let movenow = format!("/api/games/{id}/movenow");
    let (status, _) = post_as(&state, &movenow, &tan, json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let g = wait_for(&state, id, |g| g["moves"].as_array().unwrap().len() == 1).await;
    assert!(
        start.elapsed() < Duration::from_secs(25),
        "move now cut the 30 s search short"
    );
    assert_eq!(g["board"]["to_move"], "tan");
}

#[tokio::test]
async fn games_survive_a_restart() {
    let dir = data_dir("restart");
    let (id, board, moves, blue) = {
        let state = AppState::open(&dir).unwrap();
        let game = new_game(
            &state,
            json!({"variant": "typhoon", "setup": "rot-01001110001101101", "humans": "both"}),
        )
        .await;
        let id = game["id"].as_i64().unwrap();
        let (blue, tan) = (seat(&game, "blue"), seat(&game, "tan"));
        for (m, side) in [("P-e5", &blue), ("P-e8", &tan), ("Hu<>a3", &blue)] {
            let moves = format!("/api/games/{id}/moves");
            let (status, g) = post_as(&state, &moves, side, json!({"move": m})).await;
            assert_eq!(status, StatusCode::OK, "{m}: {g}");
        }
        let resign = format!("/api/games/{id}/resign");
        let (_, g) = post_as(&state, &resign, &tan, json!({"side": "tan"})).await;
        (id, g["board"].clone(), g["moves"].clone(), blue)
    };
    let state = AppState::open(&dir).unwrap();
    let (status, list) = get(&state, "/api/games").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list.as_array().unwrap().len(), 1);
    let (_, g) = get(&state, &format!("/api/games/{id}")).await;
    assert_eq!(g["board"], board);
    assert_eq!(g["moves"], moves);
    assert_eq!(g["setup"], "rot-01001110001101101");
    assert_eq!(g["result"]["reason"], "Tan resigned");
    // The seats were kept with the game: Blue's secret still acts for Blue.
    let (status, e) = post_as(&state, &format!("/api/games/{id}/draw"), &blue, json!({})).await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "accepted as Blue's, the game is over: {e}"
    );
}

#[tokio::test]
async fn the_app_is_served() {
    let state = AppState::open(&data_dir("app")).unwrap();
    for (uri, needle) in [
        ("/", "<svg id=\"board\""),
        ("/app.js", "EventSource"),
        ("/diagram.js", "export function drawDiagram"),
        ("/panel.js", "export function showPanel"),
        ("/style.css", ".piece-body"),
    ] {
        let (status, body) = get(&state, uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert!(body.as_str().unwrap().contains(needle), "{uri}");
    }
}

/// What the board asks besides the legal moves: a piece's moves as if its side were to move, the
/// moves in words, the moves that lose at once, the royal piece in danger, the moves the
/// repetition rule bars; and the errors of `/reach`.
#[tokio::test]
async fn the_board_learns_pieces_and_warns() {
    let state = AppState::open(&data_dir("insight")).unwrap();
    // Blue: King a1, Pawn e2; Tan: Rook a10 (attacking the King), King j10.
    let game = new_game(
        &state,
        json!({"variant": "scirocco", "humans": "both",
               "position": "r,8,k/10/10/10/10/10/10/10/4,P,5/K,9 b"}),
    )
    .await;
    let id = game["id"].as_i64().unwrap();
    assert_eq!(game["board"]["danger"], json!(["a1"]));
    let legal = game["legal"].as_array().unwrap();
    let by_text = |t: &str| {
        legal
            .iter()
            .find(|m| m["text"] == t)
            .unwrap_or_else(|| panic!("{t}"))
    };
    assert_eq!(
        by_text("K-a2")["loses"],
        "the opponent can then capture your last royal piece"
    );
    assert_eq!(by_text("K-b1")["loses"], Value::Null);
    assert_eq!(by_text("K-b1")["words"], "King on a1 to b1");
    // The Tan Rook's moves, as if Tan were to move: up to a1, capturing there.
    let (status, reach) = get(&state, &format!("/api/games/{id}/reach/a10")).await;
    assert_eq!(status, StatusCode::OK, "{reach}");
    assert_eq!(reach["color"], "tan");
    assert_eq!(reach["available"], true);
    let rook: Vec<&str> = reach["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["target"].as_str().unwrap())
        .collect();
    assert!(rook.contains(&"a1") && rook.contains(&"i10"), "{rook:?}");
    assert!(!rook.contains(&"j10"), "not onto its own King");
    // The side to move's own piece: its legal moves.
    let (_, own) = get(&state, &format!("/api/games/{id}/reach/e2")).await;
    assert_eq!(own["color"], "blue");
    for (uri, status) in [
        (format!("/api/games/{id}/reach/e5"), StatusCode::BAD_REQUEST),
        (format!("/api/games/{id}/reach/z9"), StatusCode::BAD_REQUEST),
        (
            format!("/api/games/{id}/reach/a11"),
            StatusCode::BAD_REQUEST,
        ),
        ("/api/games/999/reach/a1".to_string(), StatusCode::NOT_FOUND),
    ] {
        let (got, body) = get(&state, &uri).await;
        assert_eq!(got, status, "{uri}: {body}");
        assert!(!error(&body).is_empty());
    }

    // Kings walking to and fro: the eighth ply would repeat the start a third time.
    let game = new_game(
        &state,
        json!({"variant": "scirocco", "humans": "both",
               "position": "9,k/4,p,5/10/10/10/10/10/10/4,P,5/K,9 b"}),
    )
    .await;
    let id = game["id"].as_i64().unwrap();
    let (blue, tan) = (seat(&game, "blue"), seat(&game, "tan"));
    let mut view = game;
    for (i, mv) in ["K-b1", "K-i10", "K-a1", "K-j10", "K-b1", "K-i10", "K-a1"]
        .iter()
        .enumerate()
    {
        let who = if i % 2 == 0 { &blue } else { &tan };
        let (status, v) = post_as(
            &state,
            &format!("/api/games/{id}/moves"),
            who,
            json!({ "move": mv }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{mv}: {v}");
        view = v;
    }
    let barred = view["barred"].as_array().unwrap();
    assert_eq!(barred.len(), 1, "{barred:?}");
    assert_eq!(barred[0]["from"], "i10");
    assert_eq!(barred[0]["target"], "j10");
    assert!(
        view["legal"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["target"] != "j10" || m["from"] != "i10")
    );
}

/// Analysis reads any branch and searches on request; bad requests get one clear error.
#[tokio::test]
async fn analysis_reads_branches_and_searches() {
    let state = AppState::open(&data_dir("analysis")).unwrap();
    let start = "r,8,k/10/10/10/10/10/10/10/4,P,5/K,9 b";
    let game = new_game(&state, json!({"variant": "scirocco", "humans": "both"})).await;
    let (status, a) = post_as(
        &state,
        "/api/analysis",
        &seat(&game, "tan"),
        json!({"game": game["id"], "variant": "scirocco", "position": start,
               "moves": ["a1b1", "a10a9"], "search_ms": 200, "evals": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(a["moves"][0]["text"], "K-b1");
    assert_eq!(a["board"]["to_move"], "blue");
    assert!(!a["legal"].as_array().unwrap().is_empty());
    let search = &a["search"];
    assert!(search["depth"].as_u64().unwrap() >= 1, "{search}");
    assert!(search["best"].is_string());
    // Three positions scored: the start and after each ply.
    assert_eq!(a["evals"].as_array().unwrap().len(), 3);
    assert_eq!(a["evals_complete"], true);
    for (body, status, needle) in [
        (
            json!({"variant": "chess", "position": start}),
            StatusCode::BAD_REQUEST,
            "no game",
        ),
        (
            json!({"variant": "scirocco", "position": "x"}),
            StatusCode::BAD_REQUEST,
            "position",
        ),
        (
            json!({"variant": "scirocco", "position": start, "moves": ["a1a5"]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "move 1",
        ),
        (
            json!({"variant": "scirocco", "position": start, "search_ms": 60000}),
            StatusCode::BAD_REQUEST,
            "at most",
        ),
        (
            json!({"variant": "scirocco", "position": start, "depth": 3}),
            StatusCode::BAD_REQUEST,
            "unknown field",
        ),
    ] {
        let (got, answer) = post(&state, "/api/analysis", body.clone()).await;
        assert_eq!(got, status, "{body}: {answer}");
        assert!(error(&answer).contains(needle), "{body}: {answer}");
    }
}

/// Reading a branch is open; asking the engine needs a seat in the game named, unless the server
/// is an open analysis board.
#[tokio::test]
async fn asking_the_engine_needs_a_seat() {
    let state = AppState::open(&data_dir("analysis-seat")).unwrap();
    let game = new_game(&state, json!({"variant": "scirocco", "humans": "both"})).await;
    let start = game["start"].as_str().unwrap().to_string();
    let read = json!({"variant": "scirocco", "position": start});
    let (status, a) = post(&state, "/api/analysis", read).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    let ask = |game: Value| json!({"game": game, "variant": "scirocco", "position": start, "search_ms": 50});
    for (body, seat, status, needle) in [
        (
            ask(Value::Null),
            None,
            StatusCode::FORBIDDEN,
            "needs a seat",
        ),
        (
            ask(game["id"].clone()),
            None,
            StatusCode::FORBIDDEN,
            "secret",
        ),
        (
            ask(game["id"].clone()),
            Some("00ff"),
            StatusCode::FORBIDDEN,
            "no secret",
        ),
        (
            ask(json!(999_999)),
            Some("00ff"),
            StatusCode::NOT_FOUND,
            "no game",
        ),
        (
            json!({"variant": "scirocco", "position": start, "evals": true}),
            None,
            StatusCode::FORBIDDEN,
            "needs a seat",
        ),
    ] {
        let (got, answer) = call(
            &state,
            "POST",
            "/api/analysis",
            seat,
            Some(body.to_string()),
        )
        .await;
        assert_eq!(got, status, "{body}: {answer}");
        assert!(error(&answer).contains(needle), "{body}: {answer}");
    }
    let blue = seat(&game, "blue");
    let (status, a) = post_as(&state, "/api/analysis", &blue, ask(game["id"].clone())).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert!(a["search"]["depth"].as_u64().unwrap() >= 1, "{a}");

    let open = AppState::open_with(
        &data_dir("analysis-open"),
        jovian_web::EngineOptions {
            open_analysis: true,
            ..Default::default()
        },
    )
    .unwrap();
    let (status, a) = post(&open, "/api/analysis", ask(Value::Null)).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert!(a["search"]["best"].is_string(), "{a}");
    let (_, engines) = get(&open, "/api/engines").await;
    assert_eq!(engines["open_analysis"], true, "{engines}");
}

/// The editor's check: the forms of a valid arrangement, the rules' refusal of an invalid one,
/// and a 400 for a malformed question.
#[tokio::test]
async fn edited_positions_are_checked() {
    let state = AppState::open(&data_dir("editor")).unwrap();
    let piece = |sq: &str, c: &str, a: &str| json!({"square": sq, "color": c, "abbr": a});
    let mut pieces = vec![
        piece("a1", "blue", "K"),
        piece("e2", "blue", "P"),
        piece("e9", "tan", "P"),
    ];
    let ask =
        |pieces: Vec<Value>| json!({"variant": "scirocco", "to_move": "blue", "pieces": pieces});
    let (status, v) = post(&state, "/api/positions", ask(pieces.clone())).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["valid"], false);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("Tan has no royal piece"),
        "{v}"
    );
    pieces.push(piece("j10", "tan", "K"));
    let (status, v) = post(&state, "/api/positions", ask(pieces.clone())).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["valid"], true);
    assert_eq!(v["text"], "9,k/4,p,5/10/10/10/10/10/10/4,P,5/K,9 b");
    // The text form starts a game.
    new_game(
        &state,
        json!({"variant": "scirocco", "humans": "both", "position": v["text"]}),
    )
    .await;
    for (bad, needle) in [
        (vec![piece("a1", "blue", "Zz")], "no piece"),
        (vec![piece("k1", "blue", "K")], "no square"),
        (vec![piece("a1", "green", "K")], "no side"),
        (
            vec![piece("a1", "blue", "K"), piece("a1", "tan", "K")],
            "two pieces on a1",
        ),
    ] {
        let (status, v) = post(&state, "/api/positions", ask(bad)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
        assert!(error(&v).contains(needle), "{v}");
    }
}

/// A remote game's presence: a player's beat (with its seat) makes its side present and joined;
/// the view shows both; no seat, no beat.
#[tokio::test]
async fn presence_beats_need_a_seat_and_show_in_the_view() {
    let state = AppState::open(&data_dir("presence")).unwrap();
    let g = new_game(
        &state,
        json!({"variant": "scirocco", "humans": "remote", "side": "blue"}),
    )
    .await;
    let id = g["id"].as_i64().unwrap();
    let uri = format!("/api/games/{id}/presence");
    let (status, v) = post(&state, &uri, json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{v}");
    let (status, v) = post_as(&state, &uri, &seat(&g, "blue"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(
        v,
        json!({"present": {"blue": true, "tan": false}, "joined": {"blue": true, "tan": false}})
    );
    let (_, view) = get(&state, &format!("/api/games/{id}")).await;
    assert_eq!(view["presence"], v);
    let (status, v) = post_as(&state, &uri, &seat(&g, "blue"), json!({"x": 1})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    // Only remote games have it.
    let both = new_game(&state, json!({"variant": "scirocco", "humans": "both"})).await;
    assert!(both["presence"].is_null(), "{both}");
}
