//! Lab runs started from the Lab page: `jovian lab` played by this server's own binary as a
//! child process into the lab directory, one run at a time, holding one of the engine pool's
//! slots for all its games (it plays them one after another, on one core), so that it waits its
//! turn like a game's engine and a shutdown stops it. Progress is the run's records counted on
//! the disk; a cancelled run stays there, to be continued with `jovian lab --resume --out DIR`.
//!
//! * `POST /lab/runs` `{"game", "games", "level", "setups"}`: starts one (409 while another
//!   runs, 503 while every engine is busy);
//! * `GET /lab/runs/current`: the latest run's state and progress (`null` before any);
//! * `POST /lab/runs/current/cancel`: stops it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use crate::catalogue::Catalogue;
use crate::engine_pool::{EnginePool, Permit};
use crate::reply::{ApiError, ApiResult};

/// The most games a run started from the page may have.
pub const MAX_GAMES: usize = 1000;
/// How often the watcher looks at the child (and at a cancel).
const WATCH: Duration = Duration::from_millis(200);
/// The file in the run directory that keeps what `jovian lab` printed.
const LOG: &str = "jovian-lab.log";

#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Phase {
    Running,
    Finished,
    Failed,
    Cancelled,
}

/// What the page shows of the latest run.
#[derive(Clone, Debug, Serialize)]
pub struct RunView {
    name: String,
    game: String,
    games: usize,
    /// Games saved so far (records in the run directory).
    done: usize,
    state: Phase,
    /// Why it failed (the end of what `jovian lab` printed).
    error: Option<String>,
}

/// The latest run, and the program that plays runs.
pub struct LabRuns {
    exe: Option<PathBuf>,
    latest: Mutex<Option<Latest>>,
}

struct Latest {
    view: RunView,
    dir: PathBuf,
    /// Set by a cancel; the watcher then stops the child.
    cancel: Arc<std::sync::atomic::AtomicBool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRun {
    game: String,
    games: usize,
    #[serde(default = "default_level")]
    level: u32,
    /// `all` (an array drawn for each game) or `default`.
    #[serde(default = "default_setups")]
    setups: String,
}

fn default_level() -> u32 {
    4
}

fn default_setups() -> String {
    "all".to_string()
}

/// The records saved in `dir`.
fn records(dir: &Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |entries| {
        entries
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "pgn"))
            .count()
    })
}

/// The last lines of the run's log, for a failure.
fn log_tail(dir: &Path) -> String {
    let text = std::fs::read_to_string(dir.join(LOG)).unwrap_or_default();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    lines[lines.len().saturating_sub(3)..].join(" / ")
}

impl LabRuns {
    /// Runs are played by `exe` (the `jovian` binary; `None` where there is none, as in the
    /// library's own tests: starting one is then refused).
    pub fn new(exe: Option<PathBuf>) -> LabRuns {
        LabRuns {
            exe,
            latest: Mutex::new(None),
        }
    }

    fn latest(&self) -> std::sync::MutexGuard<'_, Option<Latest>> {
        self.latest.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts a run of one of `catalogue`'s games into `lab_dir` with a slot of `pool` (the
    /// routes are in lab.rs).
    pub fn start(
        self: &Arc<Self>,
        pool: &Arc<EnginePool>,
        lab_dir: &Path,
        catalogue: &Catalogue,
        req: StartRun,
    ) -> ApiResult<RunView> {
        let v = (catalogue.find(&req.game))
            .ok_or_else(|| ApiError::bad(format!("no game {:?}", req.game)))?;
        // `jovian lab` is another process: a file game is named by its file, which it reads.
        let game: OsString = match catalogue.file_of(v) {
            Some(file) => file.path.clone().into_os_string(),
            None => v.id.into(),
        };
        if !(1..=MAX_GAMES).contains(&req.games) {
            return Err(ApiError::bad(format!("games must be 1 to {MAX_GAMES}")));
        }
        if !(1..=10).contains(&req.level) {
            return Err(ApiError::bad("level must be 1 to 10"));
        }
        if !matches!(req.setups.as_str(), "all" | "default") {
            return Err(ApiError::bad("setups must be \"all\" or \"default\""));
        }
        let runs = self.clone();
        let exe = runs.exe.clone().ok_or_else(|| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "this server cannot start lab runs (no jovian program to play them)",
            )
        })?;
        let mut latest = runs.latest();
        if let Some(l) = latest.as_ref().filter(|l| l.view.state == Phase::Running) {
            return Err(ApiError::conflict(format!(
                "the run {} is under way: one at a time",
                l.view.name
            )));
        }
        let permit = pool.try_permit().ok_or_else(|| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "every engine is busy with games: start the run when one is free",
            )
        })?;
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let name = format!("{}-web-{stamp}", v.id);
        let dir = lab_dir.join(&name);
        let log = std::fs::create_dir_all(&dir)
            .and_then(|()| std::fs::File::create(dir.join(LOG)))
            .map_err(|e| {
                ApiError::from(crate::WebError::Data(format!("the lab directory: {e}")))
            })?;
        let child = Command::new(&exe)
            .arg("lab")
            .arg(&game)
            .args(["--quiet", "--concurrency", "1"])
            .args(["--games", &req.games.to_string()])
            .args(["--level", &req.level.to_string()])
            .args(["--setups", &req.setups])
            .arg("--out")
            .arg(&dir)
            .stdin(Stdio::null())
            .stdout(log.try_clone().map_or(Stdio::null(), Stdio::from))
            .stderr(Stdio::from(log))
            .spawn()
            .map_err(|e| {
                ApiError::from(crate::WebError::Data(format!(
                    "cannot start {}: {e}",
                    exe.display()
                )))
            })?;
        let view = RunView {
            name,
            game: v.id.to_string(),
            games: req.games,
            done: 0,
            state: Phase::Running,
            error: None,
        };
        let cancel = Arc::new(std::sync::atomic::AtomicBool::new(false));
        *latest = Some(Latest {
            view: view.clone(),
            dir: dir.clone(),
            cancel: cancel.clone(),
        });
        drop(latest);
        let watcher = runs.clone();
        let _ = std::thread::Builder::new()
            .name("lab-run".into())
            .spawn(move || watch(watcher, child, permit, cancel, dir));
        Ok(view)
    }

    /// The latest run's state and progress; `None` before any.
    pub fn current(&self) -> Option<RunView> {
        let latest = self.latest();
        let l = latest.as_ref()?;
        let mut view = l.view.clone();
        if view.state == Phase::Running {
            view.done = records(&l.dir);
        }
        Some(view)
    }

    /// Stops the run under way; its name, or a 409.
    pub fn cancel(&self) -> ApiResult<String> {
        let latest = self.latest();
        match latest.as_ref() {
            Some(l) if l.view.state == Phase::Running => {
                l.cancel.store(true, std::sync::atomic::Ordering::SeqCst);
                Ok(l.view.name.clone())
            }
            _ => Err(ApiError::conflict("no run is under way")),
        }
    }
}

/// Waits for the child, stopping it on a cancel or when the server stops (the pool cancels
/// every slot), then gives the slot back and records how the run ended.
fn watch(
    runs: Arc<LabRuns>,
    mut child: Child,
    permit: Permit,
    cancel: Arc<std::sync::atomic::AtomicBool>,
    dir: PathBuf,
) {
    let cancelled =
        || cancel.load(std::sync::atomic::Ordering::SeqCst) || permit.control().is_cancelled();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if cancelled() => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(WATCH),
            Err(_) => break None,
        }
    };
    let (phase, error) = match status {
        Some(s) if s.success() => (Phase::Finished, None),
        Some(_) => (Phase::Failed, Some(log_tail(&dir))),
        None => (Phase::Cancelled, None),
    };
    if let Some(l) = runs.latest().as_mut().filter(|l| l.dir == dir) {
        l.view.state = phase;
        l.view.error = error;
        l.view.done = records(&dir);
    }
    drop(permit);
}
