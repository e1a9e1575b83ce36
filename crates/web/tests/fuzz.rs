//! Fuzzing of the API through its router (issue 17): random and mutated requests to every
//! endpoint — methods, paths and ids, headers (seats, origins, hosts, content types, lengths),
//! and bodies that start from valid ones and get fields removed, retyped, made huge or unknown,
//! or are cut short, deeply nested or not UTF-8 at all. Every answer must be below 500, carry the
//! security headers, and be `{"error": "..."}` when it is an error; a refused request must leave
//! its game as it was; the games must stay readable, their records must replay to the same moves,
//! and a server reopened on the same data must find every game exactly as it was.
//!
//! `cargo test -p jovian-web --test fuzz` runs 8000 cases (about ten seconds); a longer run:
//! `JOVIAN_FUZZ_CASES=200000 cargo test -p jovian-web --test fuzz -- --nocapture` (the count,
//! the time and the answers by status are printed).
//! The data is started afresh every 2000 requests (after checking it), so that the games made by
//! the fuzzer do not pile up over a long run.

use std::cell::RefCell;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderName, HeaderValue, Request};
use http_body_util::BodyExt;
use jovian_rules::record::Record;
use jovian_web::{AppState, RateLimits, SecurityConfig, router_with};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{Value, json};
use tower::ServiceExt;

const DEFAULT_CASES: u32 = 8000;
const CASES_PER_WORLD: usize = 2000;

// ---------------------------------------------------------------------------------------------
// What a case is

#[derive(Clone, Debug)]
enum Id {
    /// One of the games the harness keeps (two people, two people, against the engine).
    Kept(usize),
    /// Any text in the id's place.
    Text(String),
}

#[derive(Clone, Debug)]
enum SeatChoice {
    None,
    /// The secret of the side to move of the game in the path, or of the other side.
    ToMove,
    Other,
    /// A secret of another kept game.
    Foreign,
    Text(String),
}

#[derive(Clone, Debug)]
struct Case {
    method: String,
    id: Id,
    /// The path after `/api/games/{id}` (or a whole path when it starts with `!`).
    endpoint: String,
    query: Option<String>,
    seat: SeatChoice,
    headers: Vec<(String, Vec<u8>)>,
    body: Vec<u8>,
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        "[a-z0-9 +%-]{0,12}",
        any::<String>(),
        Just("x".repeat(5000)),
        Just("%FF%FE".to_string()),
        Just("\u{0}".to_string()),
    ]
}

fn id() -> impl Strategy<Value = Id> {
    prop_oneof![
        6 => (0usize..3).prop_map(Id::Kept),
        1 => prop::sample::select(vec![
            "0", "-1", "+1", "01", " 1", "1 ", "1.0", "1e0", "0x1", "99999999999999999999",
            "9223372036854775807", "%31", "%FF", "1%00", "\u{0661}", "",
        ]).prop_map(|s| Id::Text(s.to_string())),
        1 => text().prop_map(Id::Text),
    ]
}

/// In a move's body, replaced when the case is sent: a legal move of the game (the number after
/// it picks which) and the game's ply.
const LEGAL: &str = "$LEGAL";
const PLY: &str = "$PLY";

/// The endpoints, with the body each one takes and the method it is meant for.
fn endpoint() -> impl Strategy<Value = (String, Value, &'static str)> {
    let create = json!({"variant": "scirocco", "setup": "default", "humans": "both",
        "level": 1, "movetime_ms": 50});
    let post = |path: &str, body: Value| Just((path.to_string(), body, "POST"));
    let get = |path: String| (path, json!({}), "GET");
    prop_oneof![
        4 => (0u32..1000).prop_map(|k| ("/moves".to_string(),
            json!({"move": format!("{LEGAL}{k}"), "ply": PLY}), "POST")),
        1 => post("/moves", json!({"move": "P-d4", "ply": 0})),
        1 => post("/takeback", json!({})),
        1 => post("/resign", json!({"side": "blue"})),
        1 => post("/draw", json!({})),
        1 => post("/movenow", json!({})),
        1 => Just(get(String::new())),
        1 => (0usize..4).prop_map(move |p| get(format!("/positions/{p}"))),
        1 => text().prop_map(move |p| get(format!("/positions/{p}"))),
        1 => Just(get("/record".to_string())),
        1 => prop::sample::select(vec!["d3", "d8", "a1", "e5", "z9", "a11", ""])
            .prop_map(move |sq| get(format!("/reach/{sq}"))),
        1 => text().prop_map(move |sq| get(format!("/reach/{sq}"))),
        1 => post("!/api/analysis", json!({"variant": "scirocco",
            "position": "r,8,k/10/10/10/10/10/10/10/4,P,5/K,9 b", "moves": ["a1b1"]})),
        1 => post("/answer", json!({"accept": true})),
        1 => post("!/api/games", json!({"variant": "scirocco", "humans": "remote", "side": "tan",
            "clock": {"base_s": 60, "increment_s": 1}})),
        1 => post("!/api/games", json!({"variant": "scirocco", "humans": "both",
            "clock": {"per_move_s": 5}})),
        1 => post("!/api/positions", json!({"variant": "scirocco", "to_move": "blue",
            "pieces": [{"square": "a1", "color": "blue", "abbr": "K"}]})),
        1 => Just(get("/events".to_string())),
        2 => post("!/api/games", create),
        1 => prop::sample::select(vec!["!/api/variants", "!/", "!/app.js", "!/style.css",
            "!/board.js", "!/analysis.js",
            "!/api", "!/api/", "!/api/games", "!/api/games/", "!//api/games",
            "!/api/games/1/moves/x", "!/_jovian/refused/414", "!/_jovian/refused/7"])
            .prop_map(move |p| get(p.to_string())),
        1 => text().prop_map(move |p| get(format!("!/{p}"))),
    ]
}

/// A JSON value of any shape (for fields retyped by a mutation).
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::from)),
        text().prop_map(Value::from),
        prop::sample::select(vec![
            "P-d4",
            "d3d4",
            "P-e4",
            "P-d7",
            "Hu<>a3",
            "Rxa11-m11",
            "K-o16",
            "pass",
            "@@",
            "blue",
            "tan",
            "both",
            "BOTH",
            "scirocco",
            "typhoon",
            "jupiter",
            "jupiter-1999",
            "random",
            "default",
            "rot-00111011",
            "mir-11111111111111111",
            "p,8,k/10/10/3,P,6/10/10/10/10/10/K,9 b",
            "[Variant \"scirocco\"]\n\n1. P-d4 P-d7 *",
            "[Variant \"typhoon\"]\n\n1. P-d5 *",
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

#[derive(Clone, Debug)]
enum Mutation {
    Remove(usize),
    Set(usize, Value),
    Unknown(String, Value),
    Wrap,
}

const FIELDS: [&str; 10] = [
    "move",
    "ply",
    "side",
    "variant",
    "setup",
    "position",
    "record",
    "humans",
    "level",
    "movetime_ms",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        2 => (0usize..16).prop_map(Mutation::Remove),
        4 => (0usize..16, any_json()).prop_map(|(i, v)| Mutation::Set(i, v)),
        1 => ("[a-z]{1,6}", any_json()).prop_map(|(k, v)| Mutation::Unknown(k, v)),
        1 => Just(Mutation::Wrap),
    ]
}

fn apply(mut body: Value, mutations: &[Mutation]) -> Value {
    for m in mutations {
        let Some(obj) = body.as_object_mut() else {
            break;
        };
        let keys: Vec<String> = obj.keys().cloned().collect();
        match m {
            Mutation::Remove(i) if !keys.is_empty() => {
                obj.remove(&keys[i % keys.len()]);
            }
            Mutation::Set(i, v) => {
                // Mostly the body's own fields; sometimes another endpoint's.
                let key = if !keys.is_empty() && i % 3 != 0 {
                    keys[i % keys.len()].clone()
                } else {
                    FIELDS[i % FIELDS.len()].to_string()
                };
                obj.insert(key, v.clone());
            }
            Mutation::Unknown(k, v) => {
                obj.insert(k.clone(), v.clone());
            }
            Mutation::Wrap => body = json!([body]),
            Mutation::Remove(_) => {}
        }
    }
    body
}

/// A body for `base`: valid, mutated, mangled as text, or no JSON at all.
fn body(base: Value) -> impl Strategy<Value = Vec<u8>> {
    let valid = base.to_string().into_bytes();
    let mutated = prop::collection::vec(mutation(), 1..4)
        .prop_map(move |ms| apply(base.clone(), &ms).to_string().into_bytes());
    let cut_at = (Just(valid.clone()), any::<prop::sample::Index>())
        .prop_map(|(v, i)| v[..i.index(v.len() + 1)].to_vec());
    let huge = (Just(valid.clone()), 0usize..6).prop_map(|(v, which)| {
        let big = [
            "1e999",
            "18446744073709551616",
            "-9223372036854775809",
            "1.5",
            "-0",
            "123456789012345678901234567890",
        ][which];
        String::from_utf8_lossy(&v)
            .replacen('0', big, 1)
            .into_bytes()
    });
    prop_oneof![
        3 => Just(valid),
        8 => mutated,
        1 => cut_at,
        1 => huge,
        1 => prop::collection::vec(any::<u8>(), 0..64),
        1 => (1usize..20_000).prop_map(|d| format!("{}{}", "[".repeat(d), "]".repeat(d)).into_bytes()),
        1 => (1usize..20_000).prop_map(|d| format!("{}1{}", "{\"a\":".repeat(d), "}".repeat(d)).into_bytes()),
        1 => Just(b"{\"move\": \"P-d4\", \"move\": \"P-e4\"}".to_vec()),
        1 => Just(b"{\"move\": \"\xff\xfe\"}".to_vec()),
        1 => Just(Vec::new()),
    ]
}

fn header() -> impl Strategy<Value = (String, Vec<u8>)> {
    prop_oneof![
        3 => prop::sample::select(vec![
            ("content-type", "text/plain"), ("content-type", "application/json; charset=utf-8"),
            ("content-type", "APPLICATION/JSON"), ("content-type", "application/jsonx"),
            ("content-type", "multipart/form-data"), ("origin", "http://127.0.0.1:8080"),
            ("origin", "http://evil.example"), ("origin", "null"), ("origin", "https://board.example"),
            ("origin", "http://localhost:8080/x"), ("host", "127.0.0.1:8080"), ("host", "evil.example"),
            ("host", "board.example"), ("host", "localhost:80"), ("host", "[::1]:8080"),
            ("host", ":8080"), ("sec-fetch-site", "cross-site"), ("sec-fetch-site", "same-origin"),
            ("sec-fetch-site", "none"), ("content-length", "2000000"), ("content-length", "x"),
            ("content-length", "99999999999999999999999"), ("x-forwarded-for", "203.0.113.9"),
            ("x-forwarded-for", "not an address"), ("accept", "text/event-stream"),
        ])
        .prop_map(|(k, v)| (k.to_string(), v.as_bytes().to_vec())),
        1 => ("[a-z][a-z0-9-]{0,20}", prop::collection::vec(any::<u8>(), 0..40))
            .prop_map(|(k, v)| (k, v)),
    ]
}

fn case() -> impl Strategy<Value = Case> {
    // Mostly the endpoint's own method; else another.
    let method = prop_oneof![
        8 => Just(None),
        1 => prop::sample::select(vec!["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS",
            "TRACE"]).prop_map(|m| Some(m.to_string())),
        1 => "[A-Z]{1,10}".prop_map(Some),
    ];
    let seat = prop_oneof![
        1 => Just(SeatChoice::None),
        6 => Just(SeatChoice::ToMove),
        1 => Just(SeatChoice::Other),
        1 => Just(SeatChoice::Foreign),
        1 => text().prop_map(SeatChoice::Text),
    ];
    let query = prop::option::weighted(0.1, text());
    (
        method,
        id(),
        endpoint(),
        query,
        seat,
        prop::collection::vec(header(), 0..3),
    )
        .prop_flat_map(
            |(method, id, (endpoint, base, natural), query, seat, headers)| {
                let method = method.unwrap_or_else(|| natural.to_string());
                body(base).prop_map(move |body| Case {
                    method: method.clone(),
                    id: id.clone(),
                    endpoint: endpoint.clone(),
                    query: query.clone(),
                    seat: seat.clone(),
                    headers: headers.clone(),
                    body,
                })
            },
        )
}

// ---------------------------------------------------------------------------------------------
// The world the cases are sent to

#[derive(Default)]
struct Stats {
    requests: usize,
    skipped: usize,
    statuses: std::collections::BTreeMap<u16, usize>,
}

/// A game the harness keeps for the cases to act on, with its seats.
struct Kept {
    id: i64,
    blue: Option<String>,
    tan: Option<String>,
}

struct World {
    generation: usize,
    dir: PathBuf,
    state: AppState,
    app: Router,
    kept: Vec<Kept>,
    /// Games the fuzzer made, with their seats (to stop their engines at the end).
    made: Vec<Kept>,
    /// Requests sent to this world.
    requests: usize,
    stats: Stats,
}

struct Answer {
    status: u16,
    headers: axum::http::HeaderMap,
    body: Value,
}

fn fail(message: String) -> TestCaseError {
    TestCaseError::fail(message)
}

/// The kinds of kept games: two people in Scirocco and in Jupiter, a person against a quick
/// engine in Typhoon.
const KEPT: [&str; 3] = [
    r#"{"variant": "scirocco", "humans": "both"}"#,
    r#"{"variant": "jupiter", "setup": "random", "humans": "both"}"#,
    r#"{"variant": "typhoon", "humans": "blue", "movetime_ms": 50}"#,
];

impl World {
    async fn new(generation: usize, stats: Stats) -> World {
        let dir =
            std::env::temp_dir().join(format!("jovian-fuzz-{}-{generation}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let state = AppState::open(&dir).unwrap();
        let security = SecurityConfig {
            port: Some(8080),
            allowed_hosts: vec!["board.example".into()],
            limits: RateLimits::off(),
            network: false,
        };
        let app = router_with(state.clone(), security);
        let mut world = World {
            generation,
            dir,
            state,
            app,
            kept: Vec::new(),
            made: Vec::new(),
            requests: 0,
            stats,
        };
        for i in 0..KEPT.len() {
            let game = world.create(i).await;
            world.kept.push(game);
        }
        world
    }

    async fn create(&mut self, kind: usize) -> Kept {
        let body: Value = serde_json::from_str(KEPT[kind]).unwrap();
        let a = self.post("/api/games", None, body).await;
        assert_eq!(a.status, 201, "{}", a.body);
        kept(&a.body)
    }

    async fn send(&mut self, req: Request<Body>) -> Answer {
        self.requests += 1;
        self.stats.requests += 1;
        let res = self.app.clone().oneshot(req).await.unwrap();
        let status = res.status().as_u16();
        *self.stats.statuses.entry(status).or_default() += 1;
        let headers = res.headers().clone();
        // An event stream never ends: its answer is the status and the headers.
        let stream = headers
            .get("content-type")
            .is_some_and(|t| t.as_bytes().starts_with(b"text/event-stream"));
        let body = if stream {
            Value::Null
        } else {
            let bytes = res.into_body().collect().await.unwrap().to_bytes();
            serde_json::from_slice(&bytes)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()))
        };
        Answer {
            status,
            headers,
            body,
        }
    }

    async fn post(&mut self, path: &str, seat: Option<&str>, body: Value) -> Answer {
        let mut req = Request::post(path).header("content-type", "application/json");
        if let Some(seat) = seat {
            req = req.header("x-jovian-seat", seat);
        }
        self.send(req.body(Body::from(body.to_string())).unwrap())
            .await
    }

    async fn get(&mut self, path: &str) -> Answer {
        self.send(Request::get(path).body(Body::empty()).unwrap())
            .await
    }

    /// The moves and result of game `id` as the server holds them.
    fn snapshot(&self, id: i64) -> Option<(usize, bool)> {
        let game = self.state.get(id).ok().flatten()?;
        let mut g = game.lock().unwrap_or_else(|e| e.into_inner());
        Some((g.moves.len(), g.ending().is_some()))
    }

    fn side_to_move(&self, id: i64) -> &'static str {
        self.state.get(id).ok().flatten().map_or("blue", |g| {
            g.lock()
                .unwrap_or_else(|e| e.into_inner())
                .position
                .side_to_move()
                .name()
        })
    }

    /// Sends one case and checks the answer and the game it acted on.
    async fn send_case(&mut self, case: &Case) -> Result<(), TestCaseError> {
        let game = match case.id {
            Id::Kept(i) => i,
            Id::Text(_) => 0,
        };
        let kept_id = self.kept[game].id;
        let mut path = if let Some(whole) = case.endpoint.strip_prefix('!') {
            whole.to_string()
        } else {
            let id = match &case.id {
                Id::Kept(_) => kept_id.to_string(),
                Id::Text(t) => encode(t),
            };
            format!("/api/games/{id}{}", case.endpoint)
        };
        if let Some(q) = &case.query {
            path = format!("{path}?{}", encode(q));
        }
        let Ok(method) = axum::http::Method::from_bytes(case.method.as_bytes()) else {
            self.stats.skipped += 1;
            return Ok(());
        };
        let to_move = self.side_to_move(kept_id);
        let seat_of = |k: &Kept, side: &str| {
            if side == "blue" {
                k.blue.clone()
            } else {
                k.tan.clone()
            }
        };
        let other = if to_move == "blue" { "tan" } else { "blue" };
        let seat = match &case.seat {
            SeatChoice::None => None,
            SeatChoice::ToMove => seat_of(&self.kept[game], to_move),
            SeatChoice::Other => seat_of(&self.kept[game], other),
            SeatChoice::Foreign => self.kept[(game + 1) % self.kept.len()].blue.clone(),
            SeatChoice::Text(t) => Some(t.clone()),
        };
        let mut builder = Request::builder().method(method.clone()).uri(&path);
        let Some(headers) = builder.headers_mut() else {
            self.stats.skipped += 1; // not a URI at all
            return Ok(());
        };
        headers.insert("content-type", HeaderValue::from_static("application/json"));
        if let Some(seat) = seat.and_then(|s| HeaderValue::from_str(&s).ok()) {
            headers.insert("x-jovian-seat", seat);
        }
        for (name, value) in &case.headers {
            if let (Ok(n), Ok(v)) = (
                HeaderName::from_bytes(name.as_bytes()),
                HeaderValue::from_bytes(value),
            ) {
                headers.insert(n, v);
            }
        }
        let body = self.fill_in(kept_id, &case.body);
        let Ok(req) = builder.body(Body::from(body)) else {
            self.stats.skipped += 1;
            return Ok(());
        };
        let watched = matches!(case.id, Id::Kept(i) if i < 2) && !case.endpoint.starts_with('!');
        let before = self.snapshot(kept_id);
        let a = self.send(req).await;
        let shown = || format!("{} {path} -> {} {}", case.method, a.status, a.body);
        if a.status >= 500 {
            return Err(fail(format!("a server error: {}", shown())));
        }
        if a.headers
            .get("x-content-type-options")
            .map(|v| v.as_bytes())
            != Some(b"nosniff")
        {
            return Err(fail(format!("no security headers: {}", shown())));
        }
        if a.status >= 400 && method != axum::http::Method::HEAD {
            let ok = a.body.as_object().is_some_and(|o| {
                o.len() == 1 && o["error"].as_str().is_some_and(|e| !e.is_empty())
            });
            if !ok {
                return Err(fail(format!(
                    "an error that is not {{\"error\"}}: {}",
                    shown()
                )));
            }
            if watched && self.snapshot(kept_id) != before {
                return Err(fail(format!(
                    "a refused request changed the game: {}",
                    shown()
                )));
            }
        }
        if a.status == 201 {
            let made = kept(&a.body);
            if made.blue.is_none() && made.tan.is_none() {
                return Err(fail(format!("a new game without seats: {}", shown())));
            }
            // Its engine may be thinking at a high level: stopped at once.
            let seat = made.blue.clone().or(made.tan.clone());
            let movenow = format!("/api/games/{}/movenow", made.id);
            self.post(&movenow, seat.as_deref(), json!({})).await;
            self.made.push(made);
        }
        if watched && a.status < 300 && method == axum::http::Method::POST {
            self.check_game(kept_id).await?;
        }
        // A kept game that ended is replaced, so that the cases keep finding a game in play.
        for i in 0..self.kept.len() {
            if self.snapshot(self.kept[i].id).is_some_and(|(_, over)| over) {
                let fresh = self.create(i).await;
                self.kept[i] = fresh;
            }
        }
        Ok(())
    }

    /// `body` with a legal move of game `id` for `$LEGAL<k>` and its ply for `"$PLY"`.
    fn fill_in(&self, id: i64, body: &[u8]) -> Vec<u8> {
        let text = String::from_utf8_lossy(body);
        let Some(at) = text.find(LEGAL).filter(|_| body.is_ascii()) else {
            return body.to_vec();
        };
        let digits: String = (text[at + LEGAL.len()..].chars())
            .take_while(char::is_ascii_digit)
            .collect();
        let k: usize = digits.parse().unwrap_or(0);
        let (legal, ply) = self.state.get(id).ok().flatten().map_or((None, 0), |g| {
            let mut g = g.lock().unwrap_or_else(|e| e.into_inner());
            let view = g.view();
            let pick =
                (!view.legal.is_empty()).then(|| view.legal[k % view.legal.len()].coord.clone());
            (pick, view.moves.len())
        });
        let legal = legal.unwrap_or_else(|| "P-d4".to_string());
        text.replacen(&format!("{LEGAL}{digits}"), &legal, 1)
            .replacen(&format!("\"{PLY}\""), &ply.to_string(), 1)
            .into_bytes()
    }

    /// Game `id` reads, and its record replays to the moves it shows.
    async fn check_game(&mut self, id: i64) -> Result<(), TestCaseError> {
        let g = self.get(&format!("/api/games/{id}")).await;
        if g.status != 200 {
            return Err(fail(format!("game {id} no longer reads: {}", g.body)));
        }
        let shown = g.body["moves"].as_array().map_or(0, Vec::len);
        let r = self.get(&format!("/api/games/{id}/record")).await;
        let text = r.body.as_str().unwrap_or_default();
        let replayed = Record::parse(text)
            .map_err(|e| e.to_string())
            .and_then(|rec| rec.replay().map_err(|e| e.to_string()))
            .map_err(|e| {
                fail(format!(
                    "the record of game {id} does not replay: {e}\n{text}"
                ))
            })?;
        if replayed.moves.len() != shown {
            return Err(fail(format!(
                "game {id} shows {shown} moves, its record {}",
                replayed.moves.len()
            )));
        }
        Ok(())
    }

    /// At the end of a world: every engine stopped, every game reads and replays, and a server
    /// reopened on the same data finds every game as it was.
    async fn check_everything(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let ids: Vec<i64> = (self.made.iter().chain(&self.kept)).map(|k| k.id).collect();
            let thinking: Vec<i64> = (ids.into_iter())
                .filter_map(|id| self.state.get(id).ok().flatten())
                .filter_map(|g| {
                    let g = g.lock().unwrap_or_else(|e| e.into_inner());
                    g.thinking.is_some().then_some(g.id)
                })
                .collect();
            if thinking.is_empty() {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "engines still thinking: {thinking:?}"
            );
            for id in thinking {
                let seat = (self.made.iter().chain(&self.kept))
                    .find(|k| k.id == id)
                    .and_then(|k| k.blue.clone().or(k.tan.clone()));
                self.post(
                    &format!("/api/games/{id}/movenow"),
                    seat.as_deref(),
                    json!({}),
                )
                .await;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let list = self.get("/api/games").await;
        let ids: Vec<i64> = (list.body.as_array().expect("a list of games").iter())
            .map(|g| g["id"].as_i64().unwrap())
            .collect();
        assert!(ids.len() >= KEPT.len(), "{}", list.body);
        let mut views = Vec::new();
        for &id in &ids {
            self.check_game(id)
                .await
                .unwrap_or_else(|e| panic!("world {}: {e}", self.generation));
            views.push(self.get(&format!("/api/games/{id}")).await.body);
        }
        // One server per data directory: this one stops (as a server does) before the next opens.
        assert!(
            self.state.shutdown(Duration::from_secs(10)),
            "engines still running"
        );
        let reopened = router_with(
            AppState::open(&self.dir).unwrap(),
            SecurityConfig::default(),
        );
        for (id, before) in ids.iter().zip(&views) {
            let req = Request::get(format!("/api/games/{id}"))
                .body(Body::empty())
                .unwrap();
            let res = reopened.clone().oneshot(req).await.unwrap();
            let bytes = res.into_body().collect().await.unwrap().to_bytes();
            let after: Value = serde_json::from_slice(&bytes).unwrap();
            for field in ["moves", "board", "result", "humans", "start"] {
                assert_eq!(
                    before[field], after[field],
                    "game {id} after reopening: {field}"
                );
            }
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A created game's id and seats, from its create answer.
fn kept(created: &Value) -> Kept {
    let seat = |side: &str| created["seats"][side].as_str().map(str::to_string);
    Kept {
        id: created["id"].as_i64().unwrap(),
        blue: seat("blue"),
        tan: seat("tan"),
    }
}

/// Text for a path: bytes a URI cannot hold are percent-encoded; `%` is left as it is, so that
/// broken escapes reach the server too.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'%' | b'+' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[test]
fn every_endpoint_survives_random_and_mutated_requests() {
    let cases = std::env::var("JOVIAN_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(DEFAULT_CASES);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let world = RefCell::new(runtime.block_on(World::new(0, Stats::default())));
    let started = Instant::now();
    let mut runner = TestRunner::new(Config {
        cases,
        max_shrink_iters: 200,
        // The cases act on a server whose state they change: a failure is not replayed alone.
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(&case(), |case| {
        let mut w = world.borrow_mut();
        if w.requests >= CASES_PER_WORLD {
            runtime.block_on(w.check_everything());
            let (next, stats) = (w.generation + 1, std::mem::take(&mut w.stats));
            *w = runtime.block_on(World::new(next, stats));
        }
        runtime.block_on(w.send_case(&case))
    });
    let mut w = world.into_inner();
    runtime.block_on(w.check_everything());
    eprintln!(
        "fuzz: {cases} cases ({} not expressible as a request), {} requests in all with the \
         checks', {} worlds, {:.1} s; answers by status: {:?}",
        w.stats.skipped,
        w.stats.requests,
        w.generation + 1,
        started.elapsed().as_secs_f64(),
        w.stats.statuses
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}
