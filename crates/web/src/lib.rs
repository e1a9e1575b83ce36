//! `jovian serve`: the board in the browser. An HTTP server on 127.0.0.1 with a JSON API, a
//! server-sent event stream per game (moves, the engine's thinking), the web app built into the
//! binary, and the games kept in SQLite under the data directory. The rules library decides every
//! question of legality; the engine plays the computer's side, from a pool of engines with a cap on
//! how many think at once. See docs/web.md.

mod analysis;
mod api;
mod assets;
mod catalogue;
pub mod clock;
mod commits;
mod connections;
pub mod diagram;
mod dir_lock;
mod editor;
mod engine_link;
mod engine_pool;
mod engine_task;
pub mod game;
mod guard;
mod lab;
mod lab_runs;
pub mod offers;
pub mod presence;
mod ratelimit;
mod reply;
mod rules_page;
mod seat_header;
pub mod seats;
mod security;
mod shared;
pub mod shutdown;
mod state;
pub mod store;
mod table;
mod variant_view;
mod words;

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use thiserror::Error;

pub use api::{router, router_with};
pub use catalogue::{Catalogue, FileGame};
pub use connections::{BODY_TIMEOUT, ConnectionLimits, HEAD_TIMEOUT};
pub use dir_lock::LOCK_FILE;
pub use engine_pool::{ANALYSIS_QUEUE, EngineOptions, EngineStatus, QueueView};
pub use ratelimit::{Rate, RateLimits};
pub use security::ClientAddr;
pub use security::{SecurityConfig, allowed_host};
pub use shutdown::Stop;
pub use state::AppState;

/// The largest request body the API accepts (a long record fits many times over).
pub const BODY_LIMIT: usize = 1 << 20;

#[derive(Debug, Error)]
pub enum WebError {
    #[error("data directory: {0}")]
    Data(String),
    /// The data directory's lock is held: another server keeps its games there.
    #[error(
        "another Jovian server is using the data directory {dir} ({holder}): stop it, or give \
         this one another --data directory"
    )]
    DataInUse { dir: String, holder: String },
    #[error("database: {0}")]
    Database(rusqlite::Error),
    /// Another program holds the database's write lock (the API's 503).
    #[error(
        "the database is busy (another program is writing to it); nothing was changed: try again \
         in a moment"
    )]
    Busy,
    /// The stored game is not where the server's copy is (the API's 409).
    #[error("{0}")]
    Conflict(String),
    /// The game is not in the database any more (deleted meanwhile; the API's 404).
    #[error("no game {0}")]
    NoGame(i64),
    /// The server is shutting down and takes no more writes (the API's 503).
    #[error("the server is stopping; nothing was changed")]
    Stopping,
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("server: {0}")]
    Serve(std::io::Error),
}

impl From<rusqlite::Error> for WebError {
    /// A busy or locked database is a state to wait out, not a failure: it gets its own kind.
    fn from(e: rusqlite::Error) -> WebError {
        match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
                WebError::Busy
            }
            _ => WebError::Database(e),
        }
    }
}

pub struct ServeOptions {
    pub port: u16,
    /// The address to listen on: 127.0.0.1 by default; 0.0.0.0 (or an address of the machine)
    /// for people on the network (see `SecurityConfig::network`).
    pub host: std::net::IpAddr,
    pub data: PathBuf,
    /// Names besides the loopback address the server answers to (`--allow-host`), checked by
    /// [`allowed_host`].
    pub allow_hosts: Vec<String>,
    /// How many engines think at once and the memory their tables share.
    pub engines: EngineOptions,
    /// The limits per client address (`--no-rate-limits` turns them off, for a load test).
    pub rate_limits: RateLimits,
    /// The caps on open connections (connections.rs).
    pub connections: ConnectionLimits,
    /// Where the Lab page finds runs (`--lab-dir`; default: the data directory's `lab/`).
    pub lab_dir: Option<PathBuf>,
    /// The `jovian` program that plays the runs started from the Lab page (none: not offered).
    pub lab_exe: Option<PathBuf>,
    /// The games offered: the built-in ones, and the variant files of `--variants DIR`
    /// ([`Catalogue::from_dir`], read before the server starts).
    pub variants: Catalogue,
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

/// A game unseen this long, with nobody watching and no engine due, is kept as a summary only.
const IDLE: Duration = Duration::from_secs(300);
const SWEEP_EVERY: Duration = Duration::from_secs(60);

/// How a server ended.
#[derive(Debug)]
pub struct Stopped {
    pub by: Stop,
    /// Searches that were under way (their games think again at the next start).
    pub engines_stopped: usize,
    /// Every request and search ended within the grace period.
    pub clean: bool,
}

/// Opens the store, resumes its games and serves until Ctrl-C or SIGTERM, then stops gracefully.
/// Builds its own runtime (two worker threads: the engine searches on threads of their own).
pub fn serve_blocking(options: ServeOptions) -> Result<Stopped, WebError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(WebError::Serve)?;
    runtime.block_on(serve(options))
}

pub async fn serve(options: ServeOptions) -> Result<Stopped, WebError> {
    serve_until(options, shutdown::signal()).await
}

/// Serves until `stop` resolves, then stops gracefully (crate::shutdown): no new connections,
/// event streams and engines end, requests under way finish (for up to 5 s), the data directory
/// is let go.
pub async fn serve_until(
    options: ServeOptions,
    stop: impl Future<Output = Stop> + Send + 'static,
) -> Result<Stopped, WebError> {
    let state = AppState::open_serving(&options.data, options.engines, options.variants)?
        .with_lab(options.lab_dir, options.lab_exe);
    api::warm_variants(state.catalogue.clone());
    let addr = SocketAddr::new(options.host, options.port);
    let listener = match tokio::net::TcpListener::bind(addr).await {
        Ok(listener) => listener,
        Err(source) => {
            state.shutdown(shutdown::GRACE);
            return Err(WebError::Bind { addr, source });
        }
    };
    let local = listener.local_addr().map_err(WebError::Serve)?;
    let security = SecurityConfig {
        port: Some(local.port()),
        allowed_hosts: options.allow_hosts,
        limits: options.rate_limits,
        network: !options.host.is_loopback(),
    };
    (options.on_listening)(local);
    let sweeper = tokio::spawn({
        let state = state.clone();
        async move {
            let mut every = tokio::time::interval(SWEEP_EVERY);
            loop {
                every.tick().await;
                state.sweep(IDLE);
            }
        }
    });
    let (fired, signalled) = tokio::sync::oneshot::channel();
    let begin = {
        let state = state.clone();
        async move {
            let by = stop.await;
            let stopped = state.begin_shutdown();
            let _ = fired.send((by, stopped));
        }
    };
    let mut server = tokio::spawn(connections::serve(
        listener,
        router_with(state.clone(), security),
        options.connections,
        begin,
    ));
    let (by, engines_stopped, mut clean) = tokio::select! {
        // The server ends only after the stop began, which tells first: looked at first.
        biased;
        Ok((by, stopped)) = signalled => (by, stopped, true),
        ended = &mut server => {
            // Only an error ends the server before a stop was asked for.
            sweeper.abort();
            state.shutdown(shutdown::GRACE);
            ended.map_err(|e| WebError::Serve(std::io::Error::other(e)))?;
            return Err(WebError::Serve(std::io::Error::other("the server ended by itself")));
        }
    };
    // The requests under way finish; one that does not within the grace period is cut off.
    match tokio::time::timeout(shutdown::GRACE, &mut server).await {
        Ok(Ok(())) => {}
        Ok(Err(_)) | Err(_) => {
            server.abort();
            clean = false;
        }
    }
    sweeper.abort();
    let finishing = state.clone();
    clean &= tokio::task::spawn_blocking(move || finishing.finish_shutdown(shutdown::GRACE))
        .await
        .unwrap_or(false);
    Ok(Stopped {
        by,
        engines_stopped,
        clean,
    })
}
