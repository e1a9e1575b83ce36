//! The API's defences through its router: requests from other sites and other host names, seat
//! secrets, rate limits, the security headers, and the small error cases (JSON bodies for every
//! error, plain ids, records with a variant, take-back after the game is over).

use std::path::PathBuf;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use jovian_web::store::{Store, StoredGame};
use jovian_web::{AppState, Rate, RateLimits, SecurityConfig, router, router_with};
use serde_json::{Value, json};
use tower::ServiceExt;

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jovian-sec-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: Value,
}

/// Sends `req` (headers as given, nothing added) and reads the answer.
async fn send(app: &Router, req: Request<Body>) -> Answer {
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let body = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    Answer {
        status,
        headers,
        body,
    }
}

/// A JSON POST with these extra headers.
fn post(uri: &str, headers: &[(&str, &str)], body: Value) -> Request<Body> {
    let mut req = Request::post(uri).header("content-type", "application/json");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    req.body(Body::from(body.to_string())).unwrap()
}

fn get(uri: &str, headers: &[(&str, &str)]) -> Request<Body> {
    let mut req = Request::get(uri);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    req.body(Body::empty()).unwrap()
}

/// An error answer: its status and its one sentence (the body must be exactly `{"error": ...}`).
fn refused(a: &Answer) -> (StatusCode, &str) {
    let obj = a
        .body
        .as_object()
        .unwrap_or_else(|| panic!("not JSON: {}", a.body));
    assert_eq!(obj.len(), 1, "{}", a.body);
    let message = obj["error"].as_str().expect("an error sentence");
    assert!(!message.is_empty());
    (a.status, message)
}

/// A new game for two people: its id and the secrets of Blue and Tan.
async fn two_people(app: &Router, variant: &str) -> (i64, String, String) {
    let a = send(
        app,
        post(
            "/api/games",
            &[],
            json!({"variant": variant, "humans": "both"}),
        ),
    )
    .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let seat = |side: &str| a.body["seats"][side].as_str().unwrap().to_string();
    (a.body["id"].as_i64().unwrap(), seat("blue"), seat("tan"))
}

async fn plies(app: &Router, id: i64) -> usize {
    let a = send(app, get(&format!("/api/games/{id}"), &[])).await;
    a.body["moves"].as_array().unwrap().len()
}

#[tokio::test]
async fn requests_from_other_sites_do_not_change_games() {
    let app = router(AppState::open(&data_dir("csrf")).unwrap());
    let (id, blue, _) = two_people(&app, "scirocco").await;
    let uri = format!("/api/games/{id}/moves");
    let mv = json!({"move": "P-d4"});
    for headers in [
        [("origin", "http://evil.example"), ("x-jovian-seat", &blue)],
        [("origin", "null"), ("x-jovian-seat", &blue)],
        [
            ("origin", "http://127.0.0.1.evil.example:8080"),
            ("x-jovian-seat", &blue),
        ],
        [("sec-fetch-site", "cross-site"), ("x-jovian-seat", &blue)],
        [("sec-fetch-site", "same-site"), ("x-jovian-seat", &blue)],
    ] {
        let a = send(&app, post(&uri, &headers, mv.clone())).await;
        assert_eq!(refused(&a).0, StatusCode::FORBIDDEN, "{headers:?}");
    }
    // What a browser sends for a form or a "simple" fetch, whichever site it comes from.
    for content_type in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        None,
    ] {
        let mut req = Request::post(&uri).header("x-jovian-seat", &blue);
        if let Some(t) = content_type {
            req = req.header("content-type", t);
        }
        let a = send(&app, req.body(Body::from(mv.to_string())).unwrap()).await;
        assert_eq!(refused(&a).0, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    }
    assert_eq!(plies(&app, id).await, 0, "nothing was played");
    // The server's own page, as a browser sends it.
    let own = [
        ("origin", "http://127.0.0.1:8080"),
        ("sec-fetch-site", "same-origin"),
        ("content-type", "application/json; charset=utf-8"),
        ("x-jovian-seat", &blue),
    ];
    let a = send(&app, post(&uri, &own, mv.clone())).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(plies(&app, id).await, 1);
}

#[tokio::test]
async fn only_this_servers_host_names_are_answered() {
    let dir = data_dir("host");
    let app = router(AppState::open(&dir).unwrap());
    for host in [
        "evil.example",
        "evil.example:8080",
        "127.0.0.1.nip.io:8080",
        "0.0.0.0:8080",
    ] {
        let a = send(&app, get("/api/games", &[("host", host)])).await;
        assert_eq!(refused(&a).0, StatusCode::MISDIRECTED_REQUEST, "{host}");
        let a = send(&app, get("/", &[("host", host)])).await;
        assert_eq!(
            a.status,
            StatusCode::MISDIRECTED_REQUEST,
            "the page too: {host}"
        );
    }
    for host in ["127.0.0.1:8080", "localhost:3000", "[::1]:8080"] {
        let a = send(&app, get("/api/games", &[("host", host)])).await;
        assert_eq!(a.status, StatusCode::OK, "{host}");
    }
    // A server that knows its port and a name it is put behind (`--allow-host`).
    let app = router_with(
        // Another data directory: the first server still holds its own.
        AppState::open(&dir.join("second")).unwrap(),
        SecurityConfig {
            port: Some(8080),
            allowed_hosts: vec!["board.example".into()],
            ..SecurityConfig::default()
        },
    );
    for (host, status) in [
        ("127.0.0.1:8080", StatusCode::OK),
        ("127.0.0.1:8081", StatusCode::MISDIRECTED_REQUEST),
        ("board.example", StatusCode::OK),
        ("board.example:443", StatusCode::OK),
        ("evil.example", StatusCode::MISDIRECTED_REQUEST),
    ] {
        let a = send(&app, get("/api/games", &[("host", host)])).await;
        assert_eq!(a.status, status, "{host}");
    }
    let behind = [
        ("host", "board.example"),
        ("origin", "https://board.example"),
    ];
    let a = send(
        &app,
        post("/api/games", &behind, json!({"variant": "scirocco"})),
    )
    .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
}

#[tokio::test]
async fn a_move_needs_the_secret_of_the_side_to_move() {
    let app = router(AppState::open(&data_dir("seats")).unwrap());
    let (id, blue, tan) = two_people(&app, "scirocco").await;
    let (other, _, _) = two_people(&app, "scirocco").await;
    let created = send(
        &app,
        post(
            "/api/games",
            &[],
            json!({"variant": "typhoon", "humans": "tan"}),
        ),
    )
    .await;
    let only_tan = &created.body["seats"];
    assert!(
        only_tan["blue"].is_null() && only_tan["tan"].is_string(),
        "{only_tan}"
    );
    let uri = format!("/api/games/{id}/moves");
    let mv = json!({"move": "P-d4"});
    for (seat, why) in [
        (None, "needs the secret"),
        (Some("0123456789abcdef0123456789abcdef"), "holds no secret"),
        (
            Some(tan.as_str()),
            "this seat is Tan's: it cannot move for Blue",
        ),
    ] {
        let headers: Vec<(&str, &str)> = seat.map(|s| ("x-jovian-seat", s)).into_iter().collect();
        let a = send(&app, post(&uri, &headers, mv.clone())).await;
        let (status, message) = refused(&a);
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert!(message.contains(why), "{message}");
    }
    // A seat of another game is no seat of this one.
    let other_seat = {
        let (_, b, _) = two_people(&app, "scirocco").await;
        b
    };
    let a = send(
        &app,
        post(&uri, &[("x-jovian-seat", &other_seat)], mv.clone()),
    )
    .await;
    assert_eq!(refused(&a).0, StatusCode::FORBIDDEN);
    assert_eq!(plies(&app, id).await, 0);
    let a = send(&app, post(&uri, &[("x-jovian-seat", &blue)], mv.clone())).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    // Now Tan's turn: Blue's secret no longer moves.
    let mv = json!({"move": "P-d7"});
    let a = send(&app, post(&uri, &[("x-jovian-seat", &blue)], mv.clone())).await;
    assert_eq!(refused(&a).0, StatusCode::FORBIDDEN);
    let a = send(&app, post(&uri, &[("x-jovian-seat", &tan)], mv)).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    // Reads never show a secret.
    for path in [format!("/api/games/{id}"), "/api/games".to_string()] {
        let a = send(&app, get(&path, &[])).await;
        let text = a.body.to_string();
        assert!(!text.contains(&blue) && !text.contains(&tan) && !text.contains("seats"));
    }
    // The other actions need a seat of the game, and resigning is for one's own side.
    for action in ["takeback", "draw", "movenow", "resign"] {
        let uri = format!("/api/games/{other}/{action}");
        let a = send(&app, post(&uri, &[("x-jovian-seat", &blue)], json!({}))).await;
        assert_eq!(refused(&a).0, StatusCode::FORBIDDEN, "{action}");
    }
    let resign = format!("/api/games/{id}/resign");
    let as_blue = [("x-jovian-seat", blue.as_str())];
    let a = send(&app, post(&resign, &as_blue, json!({"side": "tan"}))).await;
    let (status, message) = refused(&a);
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(message, "this seat is Blue's: it cannot resign for Tan");
    let a = send(&app, post(&resign, &[("x-jovian-seat", &tan)], json!({}))).await;
    assert_eq!(a.body["result"]["reason"], "Tan resigned", "{}", a.body);
}

#[tokio::test]
async fn a_game_stored_before_seats_gets_them_once() {
    let dir = data_dir("legacy");
    let store = Store::open(&dir).unwrap();
    let id = store
        .create(&StoredGame {
            id: 0,
            variant: "scirocco".into(),
            setup: None,
            start: "p,8,k/10/10/3,P,6/10/10/10/10/10/K,9 b".into(),
            humans: "blue".into(),
            level: 1,
            movetime_ms: None,
            agreed_end: None,
            created: 1,
            blue_seat: None,
            tan_seat: None,
            offer: None,
            clock: None,
            // Stored before seats, and before definition hashes.
            definition: None,
            moves: vec![],
        })
        .unwrap();
    drop(store);
    // One server per data directory: the stored seats are read through the server's own store.
    let state = AppState::open(&dir).unwrap();
    let first = state.store.load(id).unwrap().unwrap();
    let blue = first.blue_seat.clone().expect("made at load and stored");
    assert_eq!(first.tan_seat, None, "the engine's side has none");
    assert!(state.shutdown(Duration::from_secs(5)));
    drop(state);
    let state = AppState::open(&dir).unwrap();
    let again = state.store.load(id).unwrap().unwrap();
    let app = router(state);
    assert_eq!(
        again.blue_seat.as_deref(),
        Some(blue.as_str()),
        "not made anew"
    );
    let a = send(
        &app,
        post(
            &format!("/api/games/{id}/resign"),
            &[("x-jovian-seat", &blue)],
            json!({}),
        ),
    )
    .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
}

#[tokio::test]
async fn every_error_answer_is_json() {
    let app = router(AppState::open(&data_dir("errors")).unwrap());
    let (id, blue, _) = two_people(&app, "scirocco").await;
    // 405 (made by axum's method routing, not by a route).
    let a = send(
        &app,
        Request::put(format!("/api/games/{id}"))
            .header("content-type", "application/json")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(refused(&a).0, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(a.headers["allow"], "GET,HEAD,DELETE");
    let a = send(&app, get(&format!("/api/games/{id}/moves"), &[])).await;
    assert_eq!(refused(&a).0, StatusCode::METHOD_NOT_ALLOWED);
    // 414 and 431 (the connection guard holds these on a socket; the router holds them too).
    let long = format!("/api/games/{}", "1".repeat(9000));
    assert_eq!(
        refused(&send(&app, get(&long, &[])).await).0,
        StatusCode::URI_TOO_LONG
    );
    let names: Vec<String> = (0..101).map(|i| format!("x-field-{i}")).collect();
    let many: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), "1")).collect();
    let a = send(&app, get("/api/games", &many)).await;
    assert_eq!(refused(&a).0, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
    let big = "b".repeat(40_000);
    let a = send(&app, get("/api/games", &[("x-big", &big)])).await;
    assert_eq!(refused(&a).0, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
    // 413 from the declared length, before any of the body is read: this body never comes.
    let never = Body::from_stream(futures_util::stream::pending::<
        Result<Vec<u8>, std::io::Error>,
    >());
    let req = Request::post(format!("/api/games/{id}/moves"))
        .header("content-type", "application/json")
        .header("content-length", "2000000")
        .header("x-jovian-seat", &blue)
        .body(never)
        .unwrap();
    let a = tokio::time::timeout(Duration::from_secs(10), send(&app, req))
        .await
        .expect("answered without waiting for the body");
    assert_eq!(refused(&a).0, StatusCode::PAYLOAD_TOO_LARGE);
    // An id that is not plain digits, and axum's own rejection of a path.
    let a = send(&app, get("/api/games/%FF", &[])).await;
    assert_eq!(refused(&a).0, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused(&send(&app, get("/nowhere", &[])).await).0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn ids_and_plies_are_plain_decimal_numbers() {
    let app = router(AppState::open(&data_dir("ids")).unwrap());
    let (id, blue, _) = two_people(&app, "scirocco").await;
    assert_eq!(id, 1);
    assert_eq!(
        send(&app, get("/api/games/1", &[])).await.status,
        StatusCode::OK
    );
    for path in [
        "/api/games/+1",
        "/api/games/01",
        "/api/games/%201",
        "/api/games/1%20",
        "/api/games/-0",
        "/api/games/1/positions/+0",
        "/api/games/1/positions/00",
        "/api/games/99999999999999999999999",
    ] {
        let a = send(&app, get(path, &[])).await;
        assert_eq!(refused(&a).0, StatusCode::NOT_FOUND, "{path}");
    }
    let a = send(
        &app,
        post(
            "/api/games/+1/moves",
            &[("x-jovian-seat", &blue)],
            json!({"move": "P-d4"}),
        ),
    )
    .await;
    assert_eq!(refused(&a).0, StatusCode::NOT_FOUND);
    assert_eq!(
        send(&app, get("/api/games/1/positions/0", &[]))
            .await
            .status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_record_brings_its_own_variant_and_start() {
    let app = router(AppState::open(&data_dir("record")).unwrap());
    let record = "[Variant \"scirocco\"]\n[Setup \"default\"]\n\n1. P-d4 *\n";
    for (extra, why) in [
        (
            json!({"variant": "typhoon"}),
            "the record is a game of scirocco, not \"typhoon\"",
        ),
        (json!({"setup": "default"}), "a record brings its own start"),
        (
            json!({"position": "p,8,k/10/10/3,P,6/10/10/10/10/10/K,9 b"}),
            "a record brings its own start",
        ),
    ] {
        let mut body = json!({"record": record, "humans": "both"});
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let a = send(&app, post("/api/games", &[], body)).await;
        let (status, message) = refused(&a);
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(message.starts_with(why), "{message}");
    }
    let body = json!({"record": record, "variant": "scirocco", "humans": "both"});
    let a = send(&app, post("/api/games", &[], body)).await;
    assert_eq!(
        a.status,
        StatusCode::CREATED,
        "the same variant is fine: {}",
        a.body
    );
    let body = json!({"variant": "scirocco", "position": "p,8,k/10/10/3,P,6/10/10/10/10/10/K,9 b", "setup": "random"});
    let a = send(&app, post("/api/games", &[], body)).await;
    assert_eq!(refused(&a).0, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn nothing_is_taken_back_after_a_resignation_or_a_draw() {
    let app = router(AppState::open(&data_dir("over")).unwrap());
    for end in ["resign", "draw"] {
        let (id, blue, tan) = two_people(&app, "scirocco").await;
        let moves = format!("/api/games/{id}/moves");
        let a = send(
            &app,
            post(&moves, &[("x-jovian-seat", &blue)], json!({"move": "P-d4"})),
        )
        .await;
        assert_eq!(a.status, StatusCode::OK);
        let a = send(
            &app,
            post(
                &format!("/api/games/{id}/{end}"),
                &[("x-jovian-seat", &tan)],
                json!({}),
            ),
        )
        .await;
        assert!(
            a.body["result"].is_object() || a.body["game"]["result"].is_object(),
            "{}",
            a.body
        );
        let a = send(
            &app,
            post(
                &format!("/api/games/{id}/takeback"),
                &[("x-jovian-seat", &blue)],
                json!({}),
            ),
        )
        .await;
        let (status, message) = refused(&a);
        assert_eq!(status, StatusCode::CONFLICT, "{end}");
        assert!(message.starts_with("the game is over"), "{message}");
        let g = send(&app, get(&format!("/api/games/{id}"), &[])).await;
        assert_eq!(g.body["result"]["agreed"], true, "still over after {end}");
        assert_eq!(plies(&app, id).await, 1);
    }
    // A game lost by the rules (here Tan's King taken) can still be taken back.
    let body = json!({"variant": "scirocco", "humans": "both",
        "position": "p,7,K,k/10/10/10/10/10/10/10/10/P,9 b"});
    let a = send(&app, post("/api/games", &[], body)).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let id = a.body["id"].as_i64().unwrap();
    let blue = [("x-jovian-seat", a.body["seats"]["blue"].as_str().unwrap())];
    let moves = format!("/api/games/{id}/moves");
    let a = send(&app, post(&moves, &blue, json!({"move": "i10j10"}))).await;
    assert_eq!(a.body["result"]["agreed"], false, "{}", a.body);
    let takeback = format!("/api/games/{id}/takeback");
    let a = send(&app, post(&takeback, &blue, json!({}))).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(a.body["result"].is_null());
}

#[tokio::test]
async fn a_client_over_its_rate_is_told_to_wait() {
    // Slow refills (one a minute), so that a slow machine does not earn a token mid-test.
    let limits = RateLimits {
        writes: Some(Rate {
            burst: 5,
            per_minute: 1,
        }),
        creations: Some(Rate {
            burst: 2,
            per_minute: 1,
        }),
    };
    let app = router_with(
        AppState::open(&data_dir("rate")).unwrap(),
        SecurityConfig {
            limits,
            ..SecurityConfig::default()
        },
    );
    let one = [("x-forwarded-for", "192.0.2.1")];
    let create = || {
        post(
            "/api/games",
            &one,
            json!({"variant": "scirocco", "humans": "both"}),
        )
    };
    assert_eq!(send(&app, create()).await.status, StatusCode::CREATED);
    assert_eq!(send(&app, create()).await.status, StatusCode::CREATED);
    let a = send(&app, create()).await;
    let (status, message) = refused(&a);
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(message.starts_with("too many new games"), "{message}");
    let wait: u64 = a.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((50..=60).contains(&wait), "{wait}");
    // Other requests of that client have their own, larger bucket: three more, then no more.
    for _ in 0..3 {
        let a = send(&app, post("/api/games/1/draw", &one, json!({}))).await;
        assert_eq!(
            a.status,
            StatusCode::FORBIDDEN,
            "counted, and refused for want of a seat"
        );
    }
    let a = send(&app, post("/api/games/1/draw", &one, json!({}))).await;
    assert_eq!(refused(&a).0, StatusCode::TOO_MANY_REQUESTS);
    assert!(a.headers.contains_key("retry-after"));
    // Another client, and reads, are not held back.
    let two = [("x-forwarded-for", "192.0.2.2")];
    let a = send(
        &app,
        post("/api/games", &two, json!({"variant": "scirocco"})),
    )
    .await;
    assert_eq!(a.status, StatusCode::CREATED);
    assert_eq!(
        send(&app, get("/api/games", &one)).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let app = router(AppState::open(&data_dir("headers")).unwrap());
    for req in [
        get("/", &[]),
        get("/app.js", &[]),
        get("/api/variants", &[]),
        get("/api/games/9", &[]),
        get("/api/games", &[("host", "evil.example")]),
        post("/api/games", &[], json!({"variant": "nothing"})),
    ] {
        let uri = req.uri().to_string();
        let a = send(&app, req).await;
        let csp = a.headers["content-security-policy"].to_str().unwrap();
        for part in [
            "default-src 'self'",
            "script-src 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(part), "{uri}: {csp}");
        }
        assert!(!csp.contains("unsafe-inline"), "{csp}");
        assert_eq!(a.headers["x-content-type-options"], "nosniff", "{uri}");
        assert_eq!(a.headers["x-frame-options"], "DENY", "{uri}");
        assert_eq!(a.headers["referrer-policy"], "no-referrer", "{uri}");
        if uri.starts_with("/api/") {
            assert_eq!(a.headers["cache-control"], "no-store", "{uri}");
        }
    }
}

/// `--host 0.0.0.0`: browsers on the network address the server by its IP address, which is
/// then accepted with the server's port; a name still is not (DNS rebinding), nor another port.
#[tokio::test]
async fn a_server_on_the_network_answers_to_its_addresses() {
    let dir = std::env::temp_dir().join(format!("jovian-network-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let app = router_with(
        AppState::open(&dir).unwrap(),
        SecurityConfig {
            port: Some(8080),
            network: true,
            ..SecurityConfig::default()
        },
    );
    for (host, status) in [
        ("192.168.1.20:8080", StatusCode::OK),
        ("10.0.0.5:8080", StatusCode::OK),
        ("[fe80::1]:8080", StatusCode::OK),
        ("127.0.0.1:8080", StatusCode::OK),
        ("192.168.1.20:9999", StatusCode::MISDIRECTED_REQUEST),
        ("attacker.example:8080", StatusCode::MISDIRECTED_REQUEST),
        (
            "192.168.1.20.attacker.example:8080",
            StatusCode::MISDIRECTED_REQUEST,
        ),
    ] {
        let req = Request::get("/api/variants")
            .header("host", host)
            .body(Body::empty())
            .unwrap();
        let res = app.clone().oneshot(req).await.unwrap();
        assert_eq!(res.status(), status, "{host}");
    }
    // The same addresses are refused by a server on the loopback address only.
    let local = router_with(
        AppState::open(&dir.join("local")).unwrap(),
        SecurityConfig {
            port: Some(8080),
            ..SecurityConfig::default()
        },
    );
    let req = Request::get("/api/variants")
        .header("host", "192.168.1.20:8080")
        .body(Body::empty())
        .unwrap();
    assert_eq!(
        local.oneshot(req).await.unwrap().status(),
        StatusCode::MISDIRECTED_REQUEST
    );
}
