//! The Lab pages through the router: the runs under the data directory's `lab/`, a run's report
//! with every plot and its stylesheet as a file (the content security policy forbids inline
//! style), its CSV, and 404 for every name that is not a run here.

use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use jovian_web::{AppState, router};
use tower::ServiceExt;

/// A data directory with the lab crate's small test run copied into `lab/small-run`.
fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jovian-web-lab-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = dir.join("lab/small-run");
    std::fs::create_dir_all(&run).unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../lab/tests/data/small-run");
    for entry in std::fs::read_dir(source).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, run.join(path.file_name().unwrap())).unwrap();
    }
    // Not runs: a folder without settings, and a hidden one.
    std::fs::create_dir_all(dir.join("lab/empty")).unwrap();
    dir
}

/// Status, content type and body of a GET.
async fn get(state: &AppState, uri: &str) -> (StatusCode, String, String) {
    let req = Request::builder().uri(uri).body(Body::empty()).unwrap();
    let res = router(state.clone()).oneshot(req).await.unwrap();
    let status = res.status();
    let csp = res
        .headers()
        .get("content-security-policy")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    assert!(csp.contains("style-src 'self'"), "{uri}: {csp}");
    let kind = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, kind, String::from_utf8_lossy(&bytes).into_owned())
}

#[tokio::test]
async fn the_lab_lists_runs_and_renders_a_report_with_every_plot() {
    let dir = data_dir("report");
    let state = AppState::open(&dir).unwrap();
    let (status, kind, page) = get(&state, "/lab").await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/html"), "{kind}");
    assert!(page.contains("href=\"/lab/small-run\""), "{page}");
    assert!(
        !page.contains("/lab/empty"),
        "a folder without lab.txt is no run"
    );
    let (status, kind, page) = get(&state, "/lab/small-run").await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(kind.starts_with("text/html"));
    for id in jovian_lab::PLOT_IDS {
        assert!(page.contains(&format!("<svg id=\"{id}\"")), "{id} missing");
    }
    // The style is a file: nothing inline that the policy would block.
    assert!(page.contains("<link rel=\"stylesheet\" href=\"/lab.css\">"));
    assert!(!page.contains("<style") && !page.contains("style=\""));
    assert!(!page.contains("<script"));
    let (status, kind, css) = get(&state, "/lab.css").await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/css"));
    assert!(css.contains("svg.plot"));
    let (status, kind, csv) = get(&state, "/lab/small-run/figures.csv").await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/csv"));
    assert!(csv.contains("score,all,blue_wins,2,,"), "{csv}");
    // A second request is served from the cache; a new record makes a new report.
    let (_, _, again) = get(&state, "/lab/small-run").await;
    assert_eq!(again, page);
    std::fs::remove_file(dir.join("lab/small-run/game-004.pgn")).unwrap();
    let (_, _, fewer) = get(&state, "/lab/small-run").await;
    assert!(
        fewer.contains("3 games of self-play"),
        "the report follows its records"
    );
    state.shutdown(std::time::Duration::from_secs(5));
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn names_that_are_no_run_here_are_404() {
    let dir = data_dir("missing");
    let state = AppState::open(&dir).unwrap();
    for uri in [
        "/lab/nothing",
        "/lab/empty",
        "/lab/..",
        "/lab/%2e%2e",
        "/lab/..%2F..%2Fetc",
        "/lab/.hidden",
        "/lab/small-run%00",
        "/lab/nothing/figures.csv",
    ] {
        let (status, kind, body) = get(&state, uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {body}");
        assert!(kind.starts_with("application/json"), "{uri}: {kind}");
        assert!(body.contains("\"error\""), "{uri}: {body}");
    }
    // A run whose settings name an unknown game: still a 404 with the reason, never a 5xx.
    let broken = dir.join("lab/broken");
    std::fs::create_dir_all(&broken).unwrap();
    std::fs::write(
        broken.join("lab.txt"),
        "game: chess\nplayer: depth:1\nsetups: all\nrandom-plies: 0\nmax-plies: 4\nseed: 1\n",
    )
    .unwrap();
    let (status, _, body) = get(&state, "/lab/broken").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("unknown game"), "{body}");
    // Without a lab folder at all, the list says how to make a run.
    let bare = std::env::temp_dir().join(format!("jovian-web-lab-{}-bare", std::process::id()));
    let _ = std::fs::remove_dir_all(&bare);
    let state2 = AppState::open(&bare).unwrap();
    let (status, _, page) = get(&state2, "/lab").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("No lab runs yet"));
    state.shutdown(std::time::Duration::from_secs(5));
    state2.shutdown(std::time::Duration::from_secs(5));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&bare);
}

/// A POST of JSON to the Lab's run endpoints: status and body.
async fn post(state: &AppState, uri: &str, body: &str) -> (StatusCode, String) {
    let req = Request::builder()
        .method("POST")
        .uri(uri)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let res = router(state.clone()).oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

/// Starting a run from the page: bad requests get one clear error; a server without a `jovian`
/// program to play runs says so (503); nothing to show or cancel before a run. (Runs played for
/// real: the browser test and crates/cli/tests/lab.rs.)
#[tokio::test]
async fn run_requests_are_checked_before_anything_starts() {
    let state = AppState::open(&data_dir("start")).unwrap();
    for (body, status, needle) in [
        (r#"{"game": "chess", "games": 2}"#, 400, "no game"),
        (r#"{"game": "scirocco", "games": 0}"#, 400, "games must be"),
        (
            r#"{"game": "scirocco", "games": 2, "level": 11}"#,
            400,
            "level must be",
        ),
        (
            r#"{"game": "scirocco", "games": 2, "setups": "x"}"#,
            400,
            "setups must be",
        ),
        (
            r#"{"game": "scirocco", "games": 2, "x": 1}"#,
            400,
            "unknown field",
        ),
        (
            r#"{"game": "scirocco", "games": 2}"#,
            503,
            "cannot start lab runs",
        ),
    ] {
        let (got, answer) = post(&state, "/lab/runs", body).await;
        assert_eq!(got.as_u16(), status, "{body}: {answer}");
        assert!(answer.contains(needle), "{body}: {answer}");
    }
    let (status, _, body) = get(&state, "/lab/runs/current").await;
    assert_eq!((status, body.as_str()), (StatusCode::OK, "null"));
    let (status, body) = post(&state, "/lab/runs/current/cancel", "{}").await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // The list page carries the form and its script.
    let (status, _, page) = get(&state, "/lab").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("id=\"run-form\"") && page.contains("src=\"/lab.js\""),
        "{page}"
    );
    let (status, kind, script) = get(&state, "/lab.js").await;
    assert_eq!(
        (status, kind.as_str()),
        (StatusCode::OK, "text/javascript; charset=utf-8")
    );
    assert!(script.contains("/lab/runs/current"));
}
