//! `jovian serve --variants DIR` through the router: a designer's file game (the 6x6 Pilgrims in
//! `tests/data/variants/`, with a piece no built-in game has) listed beside the built-in games
//! with its pieces' diagrams, its rules page saying it is a designer's file, a game against the
//! engine (a move and its reply), analysis, the editor, its record loaded again, the Lab page's
//! chooser, a restart with and without the file; and every way a directory of files is refused.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use jovian_web::{AppState, Catalogue, EngineOptions, router};
use serde_json::{Value, json};
use tower::ServiceExt;

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jovian-web-files-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The directory of the tests' variant files (one path for the whole process: the rules library
/// registers a file game by its id once).
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/variants")
}

fn serving(data: &Path) -> AppState {
    let catalogue = Catalogue::from_dir(&fixtures()).unwrap();
    AppState::open_serving(data, EngineOptions::default(), catalogue).unwrap()
}

async fn call(
    state: &AppState,
    method: &str,
    uri: &str,
    seat: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json");
    if let Some(seat) = seat {
        req = req.header("x-jovian-seat", seat);
    }
    let body = body.map_or_else(Body::empty, |b| Body::from(b.to_string()));
    let res = router(state.clone())
        .oneshot(req.body(body).unwrap())
        .await
        .unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

async fn get(state: &AppState, uri: &str) -> (StatusCode, Value) {
    call(state, "GET", uri, None, None).await
}

async fn post(state: &AppState, uri: &str, seat: Option<&str>, body: Value) -> (StatusCode, Value) {
    call(state, "POST", uri, seat, Some(body)).await
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

#[tokio::test]
async fn a_file_game_is_listed_with_its_diagrams_and_rules() {
    let state = serving(&data_dir("list"));
    let (status, list) = get(&state, "/api/variants").await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = (list.as_array().unwrap().iter())
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "scirocco",
            "typhoon",
            "jupiter",
            "jupiter-1999",
            "larger-board",
            "pilgrims"
        ]
    );
    assert_eq!(list[0]["file"], Value::Null, "a built-in game is no file");
    let pilgrims = &list[5];
    assert_eq!(pilgrims["title"], "Pilgrims");
    assert_eq!(
        pilgrims["file"], "pilgrims.toml",
        "the file's name, not its path"
    );
    assert_eq!(
        (pilgrims["width"].as_u64(), pilgrims["height"].as_u64()),
        (Some(6), Some(6))
    );
    assert_eq!(pilgrims["files"], json!(["a", "b", "c", "d", "e", "f"]));
    let abbrs: Vec<&str> = (pilgrims["pieces"].as_array().unwrap().iter())
        .map(|p| p["abbr"].as_str().unwrap())
        .collect();
    assert_eq!(abbrs, ["K", "Pi", "P"]);
    // The new piece's diagram, generated from the file's Betza "FD": the four diagonal steps and
    // the four straight leaps of two, moving or capturing; nothing else.
    let pilgrim = &pilgrims["pieces"][1];
    assert_eq!(pilgrim["name"], "Pilgrim");
    let mut cells: Vec<(i64, i64, Value)> = (pilgrim["diagram"]["cells"].as_array().unwrap())
        .iter()
        .map(|c| {
            (
                c["dx"].as_i64().unwrap(),
                c["dy"].as_i64().unwrap(),
                c["marks"].clone(),
            )
        })
        .collect();
    cells.sort_by_key(|c| (c.0, c.1));
    let both = json!(["move", "capture"]);
    let expected: Vec<(i64, i64, Value)> = [
        (-2, 0),
        (-1, -1),
        (-1, 1),
        (0, -2),
        (0, 2),
        (1, -1),
        (1, 1),
        (2, 0),
    ]
    .into_iter()
    .map(|(dx, dy)| (dx, dy, both.clone()))
    .collect();
    assert_eq!(cells, expected);
    assert_eq!(pilgrim["diagram"]["rays"], json!([]));
    assert_eq!(pilgrims["pieces"][0]["royal"], true);

    // The rules page: the file's own data, and where its rules come from, not a published text.
    let (status, rules) = get(&state, "/api/variants/pilgrims/rules").await;
    assert_eq!(status, StatusCode::OK, "{rules}");
    assert_eq!(rules["file"], "pilgrims.toml");
    assert_eq!(rules["board"], "6 x 6");
    assert_eq!(rules["royal"], json!(["King"]));
    let readings = rules["readings"].as_str().unwrap();
    assert!(
        readings.starts_with("# Pilgrims: a designer's file"),
        "{readings}"
    );
    assert!(
        readings.contains("variant file `pilgrims.toml`"),
        "{readings}"
    );
    assert!(
        rules["notation"]
            .as_str()
            .unwrap()
            .starts_with("### The three styles")
    );
    let (_, scirocco) = get(&state, "/api/variants/scirocco/rules").await;
    assert_eq!(scirocco["file"], Value::Null);

    // The Lab page offers it for a run, marked as a file.
    let (status, lab) = get(&state, "/lab").await;
    assert_eq!(status, StatusCode::OK);
    let page = lab.as_str().unwrap();
    assert!(
        page.contains(
            "<option value=\"pilgrims\">Pilgrims (designer&#39;s file pilgrims.toml)</option>"
        ),
        "{page}"
    );
    assert!(page.contains("<option value=\"scirocco\">Scirocco</option>"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_game_is_played_against_the_engine_and_survives_a_restart() {
    let dir = data_dir("play");
    let state = serving(&dir);
    let (status, game) = post(
        &state,
        "/api/games",
        None,
        json!({"variant": "pilgrims", "humans": "blue", "level": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_i64().unwrap();
    let blue = game["seats"]["blue"].as_str().unwrap().to_string();
    assert_eq!(game["title"], "Pilgrims");
    assert_eq!(game["setup"], "default");
    assert_eq!(game["board"]["pieces"].as_array().unwrap().len(), 14);
    // The Pilgrim on d1 leaps over its Pawn to d3.
    let leap = (game["legal"].as_array().unwrap().iter())
        .find(|m| m["from"] == "d1" && m["target"] == "d3")
        .unwrap_or_else(|| panic!("no Pilgrim leap d1-d3 in {}", game["legal"]));
    assert_eq!(leap["text"], "Pi-d3");
    let (status, g) = post(
        &state,
        &format!("/api/games/{id}/moves"),
        Some(&blue),
        json!({"move": "Pi-d3", "ply": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{g}");
    let g = wait_for(&state, id, |g| g["moves"].as_array().unwrap().len() == 2).await;
    assert_eq!(g["board"]["to_move"], "blue", "the engine answered");
    let reply = g["moves"][1]["coord"].as_str().unwrap().to_string();

    // Analysis (the engine's too, for a player) and the editor take the file game.
    let (status, a) = post(
        &state,
        "/api/analysis",
        Some(&blue),
        json!({"game": id, "variant": "pilgrims", "position": g["start"],
               "moves": ["d1d3", reply], "search_ms": 100}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert!(!a["legal"].as_array().unwrap().is_empty());
    assert!(a["search"]["best"].is_string(), "{a}");
    let (status, edited) = post(
        &state,
        "/api/positions",
        None,
        json!({"variant": "pilgrims", "to_move": "blue", "pieces": [
            {"square": "c1", "color": "blue", "abbr": "K"},
            {"square": "c6", "color": "tan", "abbr": "K"},
            {"square": "d4", "color": "blue", "abbr": "Pi"}]}),
    )
    .await;
    assert_eq!(
        (status, edited["valid"].clone()),
        (StatusCode::OK, json!(true)),
        "{edited}"
    );

    // Its record names the file's game and starts a game again.
    let (status, record) = get(&state, &format!("/api/games/{id}/record")).await;
    assert_eq!(status, StatusCode::OK);
    let record = record.as_str().unwrap().to_string();
    assert!(record.contains("[Variant \"pilgrims\"]"), "{record}");
    let (status, loaded) = post(&state, "/api/games", None, json!({"record": record})).await;
    assert_eq!(status, StatusCode::CREATED, "{loaded}");
    assert_eq!(loaded["moves"].as_array().unwrap().len(), 2);
    assert!(state.shutdown(Duration::from_secs(10)));

    // A server without the file does not offer the game, nor resume its games (kept on disk).
    let plain = AppState::open(&dir).unwrap();
    let (_, list) = get(&plain, "/api/games").await;
    assert_eq!(list, json!([]), "no game of an unserved file is listed");
    let (status, _) = get(&plain, &format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, e) = post(&plain, "/api/games", None, json!({"variant": "pilgrims"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
    let (status, _) = get(&plain, "/api/variants/pilgrims/rules").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(plain.shutdown(Duration::from_secs(10)));

    // Served again, the game comes back as it was.
    let again = serving(&dir);
    let (_, g) = get(&again, &format!("/api/games/{id}")).await;
    assert_eq!(g["moves"].as_array().unwrap().len(), 2, "{g}");
    assert_eq!(g["moves"][1]["coord"], reply.as_str());
    assert!(again.shutdown(Duration::from_secs(10)));
}

#[tokio::test]
async fn bad_requests_about_file_games_are_4xx() {
    let state = serving(&data_dir("bad"));
    let (status, e) = post(&state, "/api/games", None, json!({"variant": "nope"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .ends_with("larger-board, pilgrims"),
        "{e}"
    );
    let (status, _) = get(&state, "/api/variants/nope/rules").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, e) = post(
        &state,
        "/api/games",
        None,
        json!({"variant": "pilgrims", "setup": "random"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "the file's one array: {e}");
    let (status, e) = post(
        &state,
        "/api/games",
        None,
        json!({"variant": "pilgrims", "setup": "mir-0101"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
    let (status, e) = post(
        &state,
        "/api/games",
        None,
        json!({"variant": "pilgrims", "position": "not a position"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
    let (status, e) = post(
        &state,
        "/api/positions",
        None,
        json!({"variant": "pilgrims", "to_move": "blue", "pieces": [
            {"square": "g7", "color": "blue", "abbr": "K"}]}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "off the 6x6 board: {e}");
    let (status, e) = post(
        &state,
        "/lab/runs",
        None,
        json!({"game": "pilgrims", "games": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
}

/// A scratch directory holding these files.
fn dir_with(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = data_dir(name);
    std::fs::create_dir_all(&dir).unwrap();
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

#[test]
fn a_directory_that_cannot_be_served_is_one_clear_error() {
    let pilgrims = std::fs::read_to_string(fixtures().join("pilgrims.toml")).unwrap();
    let error = |dir: &Path| match Catalogue::from_dir(dir) {
        Ok(_) => panic!("{} was served", dir.display()),
        Err(e) => {
            assert!(!e.contains('\n'), "one line: {e}");
            e
        }
    };

    // Every scratch file has an id of its own: the rules library keeps one game per id for the
    // process, and the fixtures' "pilgrims" is the fixture file's.
    let with_id = |id: &str| pilgrims.replace("id = \"pilgrims\"", &format!("id = \"{id}\""));

    // A broken file: its path, line and column.
    let broken = with_id("broken-pilgrims").replace("[rules]", "[rulez]");
    let good = with_id("good-pilgrims");
    let dir = dir_with(
        "broken",
        &[("a-good.toml", &good), ("broken.toml", &broken)],
    );
    let e = error(&dir);
    let at = format!("{}: line 14, column 2:", dir.join("broken.toml").display());
    assert!(e.starts_with(&at), "{e}");

    // Two files with one id, each naming the other.
    let twin = with_id("twin-pilgrims");
    let dir = dir_with("twins", &[("one.toml", &twin), ("two.toml", &twin)]);
    let e = error(&dir);
    assert!(
        e.starts_with(&format!("{}:", dir.join("two.toml").display())),
        "{e}"
    );
    assert!(
        e.contains("the id \"twin-pilgrims\" is also the id of"),
        "{e}"
    );
    assert!(e.contains("one.toml"), "{e}");

    // One file under two names (a link), which would otherwise be listed twice.
    #[cfg(unix)]
    {
        let dir = dir_with("linked", &[("first.toml", &with_id("linked-pilgrims"))]);
        std::os::unix::fs::symlink(dir.join("first.toml"), dir.join("second.toml")).unwrap();
        let e = error(&dir);
        assert!(
            e.contains("second.toml: the id \"linked-pilgrims\" is also the id of"),
            "{e}"
        );
    }

    // A built-in game's id.
    let taken = with_id("scirocco");
    let dir = dir_with("builtin-id", &[("mine.toml", &taken)]);
    let e = error(&dir);
    assert!(e.contains("mine.toml"), "{e}");
    assert!(e.contains("built-in"), "{e}");

    // No directory, a file in its place, a directory without variant files.
    let e = error(&data_dir("missing"));
    assert!(e.contains("does not exist"), "{e}");
    let dir = dir_with("a-file", &[("x.toml", &pilgrims)]);
    let e = error(&dir.join("x.toml"));
    assert!(e.contains("is not a directory"), "{e}");
    let dir = dir_with("empty", &[("README.md", "not a game")]);
    let e = error(&dir);
    assert!(e.contains("holds no variant file (*.toml)"), "{e}");
}

/// A copy of the 12x8 game on its rules layer with a piece added (an Archbishop in the j1
/// Lion's place): offered with hands, played against the engine.
#[tokio::test]
async fn a_file_on_the_12x8_layer_with_an_added_piece_is_played() {
    let builtin = jovian_rules::Variant::by_id("larger-board").unwrap();
    let mut text = jovian_rules::file::game_to_toml(builtin)
        .unwrap()
        .replacen("id = \"larger-board\"", "id = \"archbishops-web\"", 1)
        .replacen(
            "aliases = [\"larger\", \"fourriere\", \"12x8\"]",
            "aliases = []",
            1,
        );
    let mut items: Vec<String> = [
        "Li y1", "C z1", "R a1", "N b1", "B c1", "Q d1", "K e1", "B f1",
    ]
    .into_iter()
    .chain(["N g1", "R h1", "C i1", "Ar j1"])
    .map(|item| format!("{item:?}"))
    .collect();
    items.extend("yzabcdefghij".chars().map(|f| format!("\"P {f}2\"")));
    let array = format!("blue = [{}]\nsymmetry = \"mirror\"", items.join(", "));
    text = text.replacen("builtin = \"larger-board\"", &array, 1);
    text += "\n[[piece]]\nname = \"Archbishop\"\nabbr = \"Ar\"\nbetza = \"BN\"\n";
    let files = data_dir("layer-files");
    std::fs::create_dir_all(&files).unwrap();
    std::fs::write(files.join("archbishops.toml"), text).unwrap();
    let catalogue = Catalogue::from_dir(&files).unwrap();
    let state =
        AppState::open_serving(&data_dir("layer"), EngineOptions::default(), catalogue).unwrap();

    let (_, list) = get(&state, "/api/variants").await;
    let listed = (list.as_array().unwrap().iter())
        .find(|v| v["id"] == "archbishops-web")
        .unwrap_or_else(|| panic!("not listed: {list}"));
    assert_eq!(listed["hands"], true);
    assert!(
        listed["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["abbr"] == "Ar")
    );

    let (status, game) = post(
        &state,
        "/api/games",
        None,
        json!({"variant": "archbishops-web", "humans": "blue", "level": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_i64().unwrap();
    let blue = game["seats"]["blue"].as_str().unwrap().to_string();
    // The Archbishop's one move from the array: a Knight's leap to i3.
    let from_j1: Vec<&Value> = (game["legal"].as_array().unwrap().iter())
        .filter(|m| m["from"] == "j1")
        .collect();
    assert_eq!(from_j1.len(), 1, "{from_j1:?}");
    assert_eq!(from_j1[0]["target"], "i3");
    let (status, g) = post(
        &state,
        &format!("/api/games/{id}/moves"),
        Some(&blue),
        json!({"move": from_j1[0]["text"], "ply": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{g}");
    let g = wait_for(&state, id, |g| g["moves"].as_array().unwrap().len() == 2).await;
    assert_eq!(g["board"]["to_move"], "blue", "the engine answered");
}
