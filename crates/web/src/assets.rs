//! The web app's files, built into the binary: the board works offline, with no build step.
//! The script is a set of ES modules, each served under its own name.

use axum::http::header;
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../assets/index.html");
const STYLE: &str = include_str!("../assets/style.css");

/// The modules, by the name the page imports them under (each served at `/{name}`).
pub const SCRIPTS: &[(&str, &str)] = &[
    ("app.js", include_str!("../assets/app.js")),
    ("state.js", include_str!("../assets/state.js")),
    ("board.js", include_str!("../assets/board.js")),
    ("analysis.js", include_str!("../assets/analysis.js")),
    ("editor.js", include_str!("../assets/editor.js")),
    ("online.js", include_str!("../assets/online.js")),
    ("clocks.js", include_str!("../assets/clocks.js")),
    ("diagram.js", include_str!("../assets/diagram.js")),
    ("panel.js", include_str!("../assets/panel.js")),
    ("sounds.js", include_str!("../assets/sounds.js")),
    ("annotations.js", include_str!("../assets/annotations.js")),
    ("rules.js", include_str!("../assets/rules.js")),
    ("games.js", include_str!("../assets/games.js")),
];

pub async fn index() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], INDEX)
}

pub async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}

/// One of the modules.
pub fn script(name: &'static str) -> Response {
    let text = SCRIPTS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("", |(_, text)| *text);
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        text,
    )
        .into_response()
}

const LAB_SCRIPT: &str = include_str!("../assets/lab.js");

/// The Lab page's script (starting a run, its progress): served apart from the board's modules.
pub async fn lab_script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        LAB_SCRIPT,
    )
}
