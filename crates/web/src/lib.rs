//! `jovian serve`: the board in the browser. An HTTP server on 127.0.0.1 with a JSON API, a
//! server-sent event stream per game (moves, the engine's thinking), the web app built into the
//! binary, and the games kept in SQLite under the data directory. The rules library decides every
//! question of legality; the engine plays the computer's side. See docs/web.md.

mod api;
mod assets;
pub mod diagram;
mod engine_task;
pub mod game;
mod guard;
mod ratelimit;
pub mod seats;
mod security;
mod state;
pub mod store;

use std::net::SocketAddr;
use std::path::PathBuf;

use thiserror::Error;

pub use api::{router, router_with};
pub use guard::ClientAddr;
pub use ratelimit::{Rate, RateLimits};
pub use security::{SecurityConfig, allowed_host};
pub use state::AppState;

/// The largest request body the API accepts (a long record fits many times over).
pub const BODY_LIMIT: usize = 1 << 20;

#[derive(Debug, Error)]
pub enum WebError {
    #[error("data directory: {0}")]
    Data(String),
    #[error("database: {0}")]
    Database(#[from] rusqlite::Error),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("server: {0}")]
    Serve(std::io::Error),
}

pub struct ServeOptions {
    pub port: u16,
    pub data: PathBuf,
    /// Names besides the loopback address the server answers to (`--allow-host`), checked by
    /// [`allowed_host`].
    pub allow_hosts: Vec<String>,
    /// Called with the address once the server listens (the CLI prints it and opens a browser).
    pub on_listening: Box<dyn FnOnce(SocketAddr) + Send>,
}

/// The default data directory: `$XDG_DATA_HOME/jovian`, else `~/.local/share/jovian`, else
/// `./jovian-data`.
pub fn default_data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir).join("jovian");
    }
    if let Some(home) = std::env::var_os("HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(home).join(".local/share/jovian");
    }
    PathBuf::from("jovian-data")
}

/// Opens the store, resumes its games and serves until the process ends. Builds its own runtime
/// (two worker threads: the engine searches on threads of its own).
pub fn serve_blocking(options: ServeOptions) -> Result<(), WebError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(WebError::Serve)?;
    runtime.block_on(serve(options))
}

pub async fn serve(options: ServeOptions) -> Result<(), WebError> {
    let state = AppState::open(&options.data)?;
    let addr = SocketAddr::from(([127, 0, 0, 1], options.port));
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| WebError::Bind { addr, source })?;
    let local = listener.local_addr().map_err(WebError::Serve)?;
    let security = SecurityConfig {
        port: Some(local.port()),
        allowed_hosts: options.allow_hosts,
        limits: RateLimits::default(),
    };
    (options.on_listening)(local);
    let app = router_with(state, security).into_make_service_with_connect_info::<ClientAddr>();
    axum::serve(guard::GuardedListener::new(listener), app)
        .await
        .map_err(WebError::Serve)
}
