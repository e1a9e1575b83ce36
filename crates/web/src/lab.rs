//! The Lab pages: the runs of `jovian lab` kept under the data directory's `lab/` folder, and
//! each run's report rendered from its records (crates/lab), the same page as the run's
//! `report.html` but with its CSS served as a file (`/lab.css`), which the content security
//! policy (`style-src 'self'`) requires; the plots are inline SVG with presentation attributes
//! only, which that policy allows.
//!
//! * `GET /lab`: the runs, newest first;
//! * `GET /lab/{run}`: the report of a run (404 for a name that is no run here);
//! * `GET /lab/{run}/figures.csv`: its raw figures;
//! * `GET /lab.css`: the report's stylesheet.
//!
//! A report is computed on a blocking thread, one at a time (replaying a Jupiter run takes
//! seconds), and kept until a record or the settings of its run change.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use axum::Router;
use axum::extract::{Path as UrlPath, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use jovian_lab::html::{PageLinks, render};
use jovian_lab::svg::escape;
use jovian_lab::{REPORT_CSS, Report, Run, SETTINGS_FILE};

use crate::catalogue::Catalogue;
use crate::reply::{ApiError, ApiJson, ApiResult};
use crate::state::AppState;

/// The routes above, for the API's router.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/lab", get(list))
        .route("/lab.css", get(stylesheet))
        .route("/lab/{run}", get(report))
        .route("/lab/{run}/figures.csv", get(figures))
        .route("/lab/runs", axum::routing::post(start_run))
        .route("/lab/runs/current", get(current_run))
        .route("/lab/runs/current/cancel", axum::routing::post(cancel_run))
        .route("/lab.js", get(crate::assets::lab_script))
}

/// A rendered report and the state of the run it was made from.
struct Rendered {
    fingerprint: Vec<(String, u64, Option<SystemTime>)>,
    html: Arc<String>,
    csv: Arc<String>,
}

/// At most this many reports are kept.
const CACHED: usize = 16;

/// Reports by run name; the lock is also held while one is computed, so that two requests for
/// reports never replay runs at the same time.
static CACHE: Mutex<Option<HashMap<String, Rendered>>> = Mutex::new(None);

/// `POST /lab/runs` (crate::lab_runs).
async fn start_run(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<crate::lab_runs::StartRun>,
) -> ApiResult<Response> {
    let view = (state.lab_runs).start(&state.pool, &state.lab_dir, &state.catalogue, req)?;
    Ok((axum::http::StatusCode::CREATED, axum::Json(view)).into_response())
}

/// `GET /lab/runs/current`: `null` before any run (the page asks at every load; a 404 would be a
/// console error there).
async fn current_run(State(state): State<AppState>) -> Response {
    axum::Json(state.lab_runs.current()).into_response()
}

/// `POST /lab/runs/current/cancel`.
async fn cancel_run(State(state): State<AppState>) -> ApiResult<Response> {
    let name = state.lab_runs.cancel()?;
    Ok(axum::Json(serde_json::json!({ "cancelling": name })).into_response())
}

async fn stylesheet() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        REPORT_CSS,
    )
}

/// A run's directory, if `name` is a plain directory name (no path, no hidden name) of a run
/// under the lab folder.
fn run_dir(lab: &Path, name: &str) -> ApiResult<PathBuf> {
    let plain = !name.is_empty()
        && name.len() <= 200
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c));
    let dir = lab.join(name);
    if plain && dir.join(SETTINGS_FILE).is_file() {
        Ok(dir)
    } else {
        Err(ApiError::not_found(format!("no lab run {name:?}")))
    }
}

/// The names, sizes and times of the files a report depends on.
fn fingerprint(dir: &Path) -> Vec<(String, u64, Option<SystemTime>)> {
    let mut files: Vec<(String, u64, Option<SystemTime>)> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    let wanted = name.ends_with(".pgn") || name == SETTINGS_FILE;
                    let meta = e.metadata().ok()?;
                    wanted.then(|| (name, meta.len(), meta.modified().ok()))
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// The run's page and CSV, from the cache or computed now (on a blocking thread).
async fn rendered(state: &AppState, name: String) -> ApiResult<(Arc<String>, Arc<String>)> {
    let dir = run_dir(&state.lab_dir, &name)?;
    tokio::task::spawn_blocking(move || {
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        let cache = cache.get_or_insert_with(HashMap::new);
        let now = fingerprint(&dir);
        if let Some(r) = cache.get(&name).filter(|r| r.fingerprint == now) {
            return Ok((r.html.clone(), r.csv.clone()));
        }
        let run = Run::load(&dir)
            .map_err(|e| ApiError::not_found(format!("lab run {name:?} cannot be read: {e}")))?;
        let report = Report::of(run);
        let links = PageLinks {
            stylesheet: Some("/lab.css".to_string()),
            csv: format!("/lab/{name}/figures.csv"),
            back: Some("/lab".to_string()),
        };
        let html = Arc::new(render(&report, &links));
        let csv = Arc::new(jovian_lab::csv::render(&report));
        if cache.len() >= CACHED {
            cache.clear();
        }
        cache.insert(
            name,
            Rendered {
                fingerprint: now,
                html: html.clone(),
                csv: csv.clone(),
            },
        );
        Ok((html, csv))
    })
    .await
    .map_err(|_| {
        ApiError::new(
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            "the report could not be made now; try again",
        )
    })?
}

async fn report(
    State(state): State<AppState>,
    UrlPath(name): UrlPath<String>,
) -> ApiResult<Response> {
    let (html, _) = rendered(&state, name).await?;
    Ok((
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        html.as_str().to_string(),
    )
        .into_response())
}

async fn figures(
    State(state): State<AppState>,
    UrlPath(name): UrlPath<String>,
) -> ApiResult<Response> {
    let (_, csv) = rendered(&state, name).await?;
    Ok((
        [(header::CONTENT_TYPE, "text/csv; charset=utf-8")],
        csv.as_str().to_string(),
    )
        .into_response())
}

/// A run as the list shows it.
struct Listed {
    name: String,
    game: String,
    player: String,
    records: usize,
    modified: Option<SystemTime>,
}

/// The game a run's settings name, as the list shows it: a served variant file's game by its
/// title and file name, not by the path its run was given (the page never shows the server's
/// directories); any other game as the settings name it.
fn game_shown(catalogue: &Catalogue, game: &str) -> String {
    let path = Path::new(game);
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    match catalogue.files().iter().find(|f| f.path == path) {
        Some(file) => catalogue.title(file.variant),
        None => game.to_string(),
    }
}

fn runs(lab: &Path, catalogue: &Catalogue) -> Vec<Listed> {
    let Ok(entries) = std::fs::read_dir(lab) else {
        return Vec::new();
    };
    let mut runs: Vec<Listed> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let dir = run_dir(lab, &name).ok()?;
            let settings = jovian_lab::run::read_settings(&dir).ok();
            let files = fingerprint(&dir);
            Some(Listed {
                game: (settings.as_ref()).map_or("?".into(), |s| game_shown(catalogue, &s.game)),
                player: settings.map_or("?".into(), |s| s.player),
                records: files.iter().filter(|f| f.0.ends_with(".pgn")).count(),
                modified: files.iter().filter_map(|f| f.2).max(),
                name,
            })
        })
        .collect();
    runs.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.name.cmp(&b.name)));
    runs
}

/// The form that starts a run from the page (assets/lab.js sends it and shows the progress), with
/// every game the server offers.
fn start_form(catalogue: &Catalogue) -> String {
    let games: String = (catalogue.games().into_iter())
        .map(|v| {
            format!(
                "<option value=\"{}\">{}</option>",
                escape(v.id),
                escape(&catalogue.title(v))
            )
        })
        .collect();
    format!(
        "<section id=\"start-run\" class=\"headline\"><h2>Start a run</h2>\n\
    <form id=\"run-form\"><label>Game <select name=\"game\">{games}</select></label>\n\
    <label>Games <input name=\"games\" type=\"number\" min=\"1\" max=\"1000\" value=\"20\"></label>\n\
    <label>Level <input name=\"level\" type=\"number\" min=\"1\" max=\"10\" value=\"2\"></label>\n\
    <label>Arrays <select name=\"setups\"><option value=\"all\">drawn for each game</option>\
    <option value=\"default\">the default</option></select></label>\n\
    <button type=\"submit\">Start</button> <button type=\"button\" id=\"run-cancel\" hidden>Cancel</button></form>\n\
    <p id=\"run-state\" aria-live=\"polite\"></p>\n\
    <p class=\"settings\">A run plays its games one after another on one of the server's engines \
    (it waits for a free one), into this server's lab directory; a cancelled run can be continued \
    with <code>jovian lab --resume --out DIR</code>. Runs made with <code>jovian lab --out</code> \
    into the same directory are listed below too.</p></section>\n"
    )
}

async fn list(State(state): State<AppState>) -> Response {
    let lab = state.lab_dir.clone();
    let catalogue = state.catalogue.clone();
    let runs = tokio::task::spawn_blocking(move || runs(&lab, &catalogue))
        .await
        .unwrap_or_default();
    let mut page = String::from(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Jovian lab</title>\n<link rel=\"stylesheet\" href=\"/lab.css\">\n\
         <link rel=\"icon\" href=\"data:,\">\n</head>\n\
         <body class=\"lab-report\">\n<main>\n<p class=\"nav\"><a href=\"/\">Board</a></p>\n\
         <h1>The designer's lab</h1>\n",
    );
    page.push_str(&start_form(&state.catalogue));
    if runs.is_empty() {
        page.push_str(
            "<p>No lab runs yet. Make one with <code>jovian lab GAME</code> (for example \
             <code>jovian lab scirocco --games 40 --level 3</code>); its games and report go \
             to this server's data directory, under <code>lab/</code>, and show here.</p>\n",
        );
    } else {
        page.push_str("<ul class=\"runs\">\n");
        for r in &runs {
            page.push_str(&format!(
                "<li><a href=\"/lab/{0}\">{0}</a>: {1}, {2} records, both sides <code>{3}</code></li>\n",
                escape(&r.name),
                escape(&r.game),
                r.records,
                escape(&r.player)
            ));
        }
        page.push_str("</ul>\n");
    }
    page.push_str("</main>\n<script type=\"module\" src=\"/lab.js\"></script>\n</body>\n</html>\n");
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}
