//! `--ray`: a match's or a lab run's games played as tasks on a Ray cluster. This process stays
//! the run's owner: it starts the Python driver (`ray/driver.py`, embedded here) with the
//! settings and the game numbers, the driver hands each game (a lab run's) or pair (a match's) to
//! a Ray task that runs `jovian worker` on some node, and the records come back here. Each one is
//! checked — the game of its number, every move legal, the claimed end the rules' end — before it
//! is saved exactly where a local run saves it, so resuming, the report and the SPRT are the same
//! code as on one machine. A variant file's game is sent as the file's text with the settings
//! (`worker::ShippedVariant`), so the nodes need no copy of the file. See docs/cluster.md.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use clap::Args;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::resume;
use super::{Config, Job, Report};
use crate::input::CliError;
use crate::worker::ShippedVariant;

/// The driver, written to a temporary file for the run (the binary needs no repository).
const DRIVER: &str = include_str!("ray/driver.py");

/// The virtual environment `scripts/ray-setup` makes, looked for in the working directory and
/// above the binary (a `target/release/jovian` of a clone finds the clone's).
const VENV_PYTHON: &str = ".venv-ray/bin/python";

#[derive(Args, Clone, Debug, Default)]
pub struct RayArgs {
    /// Play the games as tasks on a Ray cluster: at ADDRESS (HOST:PORT of its head, or `auto` for
    /// RAY_ADDRESS), or, with no address, on a local cluster of --concurrency CPUs started for
    /// this run. Needs `bash scripts/ray-setup` once (docs/cluster.md).
    #[arg(long, value_name = "ADDRESS", num_args = 0..=1, default_missing_value = "local")]
    ray: Option<String>,
    /// The Python that has Ray [default: JOVIAN_RAY_PYTHON, else .venv-ray/bin/python here or
    /// above the binary].
    #[arg(long, value_name = "PATH", requires = "ray")]
    ray_python: Option<PathBuf>,
    /// Every node has the binaries at the same path (a shared file system): run them there,
    /// each checked to be the same build as here, instead of shipping them in Ray's runtime
    /// environment.
    #[arg(long, requires = "ray")]
    ray_shared: bool,
}

/// What the driver needs to play a run's games on Ray.
pub(crate) struct RayPlan {
    address: String,
    python: PathBuf,
    shared: bool,
    /// CPUs of a local cluster, or at most this many tasks at once on a remote one.
    concurrency: Option<usize>,
    /// `lab` or `match`: the worker request's kind.
    kind: &'static str,
    /// The run's settings file as text.
    settings: String,
    hash_mb: usize,
    /// The programs of `cmd:` players, as the settings name them: shipped with the binary.
    programs: Vec<String>,
    /// A match's two games of a pair go to one task (both or neither is played).
    by_pairs: bool,
}

/// What the cluster did, for the closing lines.
#[derive(Default)]
pub(crate) struct RaySummary {
    /// Games played by each node (a short node id).
    pub nodes: BTreeMap<String, usize>,
    /// The cluster's CPUs when the run started.
    pub cpus: usize,
    /// Tasks cancelled when the run stopped (an SPRT decided).
    pub cancelled: usize,
    /// Records that came twice (a task retried after its result was sent); the first is kept.
    pub duplicates: usize,
}

impl RaySummary {
    pub fn line(&self) -> String {
        let games: usize = self.nodes.values().sum();
        let nodes: Vec<String> = self.nodes.iter().map(|(n, g)| format!("{n} {g}")).collect();
        let mut line = format!(
            "Ray: {games} games on {} node{} ({}), {} CPUs",
            self.nodes.len(),
            if self.nodes.len() == 1 { "" } else { "s" },
            nodes.join(", "),
            self.cpus
        );
        if self.cancelled > 0 {
            let s = if self.cancelled == 1 { "" } else { "s" };
            line += &format!("; {} task{s} under way cancelled", self.cancelled);
        }
        if self.duplicates > 0 {
            line += &format!("; {} records came twice (kept once)", self.duplicates);
        }
        line
    }
}

impl RayArgs {
    /// The plan for a run, or `None` without `--ray`.
    pub(crate) fn plan(
        &self,
        kind: &'static str,
        settings: String,
        hash_mb: usize,
        concurrency: Option<usize>,
        programs: Vec<String>,
    ) -> Result<Option<RayPlan>, CliError> {
        let Some(address) = &self.ray else {
            return Ok(None);
        };
        let address = address.trim();
        if address.is_empty() || address.chars().any(char::is_whitespace) {
            return Err(CliError(format!(
                "--ray takes HOST:PORT, auto, or nothing (a local cluster), not {address:?}"
            )));
        }
        Ok(Some(RayPlan {
            address: address.to_string(),
            python: find_python(self.ray_python.as_deref())?,
            shared: self.ray_shared,
            concurrency,
            kind,
            settings,
            hash_mb,
            programs,
            by_pairs: kind == "match",
        }))
    }
}

/// The Python with Ray: given, from JOVIAN_RAY_PYTHON, or the repository's virtual environment.
fn find_python(given: Option<&Path>) -> Result<PathBuf, CliError> {
    let given = given
        .map(Path::to_path_buf)
        .or_else(|| std::env::var_os("JOVIAN_RAY_PYTHON").map(PathBuf::from));
    if let Some(path) = given {
        return if path.is_file() {
            Ok(path)
        } else {
            Err(CliError(format!(
                "--ray: no Python at {} (make one with `bash scripts/ray-setup`)",
                path.display()
            )))
        };
    }
    let mut places: Vec<PathBuf> = std::env::current_dir().into_iter().collect();
    if let Ok(exe) = std::env::current_exe() {
        places.extend(exe.ancestors().skip(1).map(Path::to_path_buf));
    }
    places
        .iter()
        .map(|dir| dir.join(VENV_PYTHON))
        .find(|p| p.is_file())
        .ok_or_else(|| {
            CliError(
                "--ray needs Python with Ray: run `bash scripts/ray-setup` in the repository (it \
                 makes .venv-ray), or name one with --ray-python or JOVIAN_RAY_PYTHON"
                    .to_string(),
            )
        })
}

/// A game's record as a worker sends it (`jovian worker`'s answer, the driver's `result`).
#[derive(Deserialize, Serialize)]
pub(crate) struct GameRecord {
    pub index: usize,
    pub record: String,
}

/// One line the driver writes.
#[derive(Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
enum Event {
    /// Connected: the cluster's CPUs.
    Ready {
        cpus: usize,
    },
    /// Tasks running now.
    Busy {
        busy: usize,
    },
    /// A task's games.
    Result {
        node: String,
        records: Vec<GameRecord>,
    },
    /// Stopped on request: tasks under way cancelled.
    Stopped {
        cancelled: usize,
    },
    /// The run cannot go on (a worker of another build, a game that failed on every try).
    Fatal {
        error: String,
    },
    Done,
}

impl RayPlan {
    /// Plays `jobs` on the cluster; each record is checked, saved in `config.out` and reported as
    /// a local game is. Once `abort` is set no task starts and those under way are cancelled.
    pub(crate) fn play(
        &self,
        config: &Config,
        jobs: &[Job],
        abort: &AtomicBool,
        busy: &AtomicUsize,
        mut on_report: impl FnMut(Result<Report, String>),
    ) -> Result<RaySummary, String> {
        let out = config
            .out
            .as_ref()
            .ok_or("a Ray run needs a run directory")?;
        let mut summary = RaySummary::default();
        if jobs.is_empty() || abort.load(Ordering::SeqCst) {
            return Ok(summary);
        }
        let by_index: HashMap<usize, &Job> = jobs.iter().map(|j| (j.index, j)).collect();
        let tasks = self.tasks(jobs);
        let binary = std::env::current_exe()
            .and_then(|p| p.canonicalize())
            .map_err(|e| format!("--ray: cannot find this binary: {e}"))?;
        // A variant file's game travels as the text this process read, with its definition hash:
        // the nodes need no copy of the file (nor the same path), and each checks that the text
        // makes the same game there.
        let variant = jovian_rules::file::source_text(config.variant).map(|text| ShippedVariant {
            text,
            hash: config.variant.definition_hash().to_string(),
        });
        let request = json!({
            "address": self.address,
            "concurrency": self.concurrency,
            "shared": self.shared,
            "binary": binary,
            "programs": self.programs,
            "version": env!("CARGO_PKG_VERSION"),
            "worker": {
                "kind": self.kind,
                "settings": self.settings,
                "hash": self.hash_mb,
                "variant": variant,
            },
            "tasks": tasks,
        });
        let driver = std::env::temp_dir().join(format!("jovian-ray-{}.py", std::process::id()));
        std::fs::write(&driver, DRIVER)
            .map_err(|e| format!("cannot write {}: {e}", driver.display()))?;
        let log_path = out.join("ray.log");
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log_path)
            .map_err(|e| format!("cannot write {}: {e}", log_path.display()))?;
        let spawned = Command::new(&self.python)
            .arg(&driver)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn();
        let mut child = match spawned {
            Ok(child) => child,
            Err(e) => {
                let _ = std::fs::remove_file(&driver);
                return Err(format!("--ray: cannot run {}: {e}", self.python.display()));
            }
        };
        let mut stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = mpsc::channel::<String>();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut failure: Option<String> = None;
        let mut finished = false;
        if writeln!(stdin, "{request}").is_err() {
            failure = Some("--ray: the driver did not start (see ray.log)".to_string());
        }
        let mut saved: HashSet<usize> = HashSet::new();
        let mut stop_sent = false;
        // Until the driver is done (after a stop or a failure too, so that it cancels and exits).
        loop {
            if abort.load(Ordering::SeqCst) && !stop_sent {
                let _ = writeln!(stdin, "stop");
                stop_sent = true;
            }
            let line = match rx.recv_timeout(Duration::from_millis(200)) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            };
            let event: Event = match serde_json::from_str(&line) {
                Ok(e) => e,
                Err(_) => continue, // not an event (a library's stray print): ignored
            };
            match event {
                Event::Ready { cpus } => summary.cpus = cpus,
                Event::Busy { busy: n } => busy.store(n, Ordering::Relaxed),
                Event::Result { node, records } => {
                    for game in records {
                        if stop_sent {
                            break;
                        }
                        if !saved.insert(game.index) {
                            summary.duplicates += 1;
                            continue;
                        }
                        match save_checked(config, out, &by_index, game) {
                            Ok(report) => {
                                *summary.nodes.entry(node.clone()).or_default() += 1;
                                on_report(Ok(report));
                            }
                            Err(e) => {
                                failure.get_or_insert(format!("node {node}: {e}"));
                                abort.store(true, Ordering::SeqCst);
                            }
                        }
                    }
                }
                Event::Stopped { cancelled } => summary.cancelled = cancelled,
                Event::Fatal { error } => {
                    failure.get_or_insert(error);
                    abort.store(true, Ordering::SeqCst);
                }
                Event::Done => {
                    finished = true;
                    break;
                }
            }
        }
        busy.store(0, Ordering::Relaxed);
        drop(stdin);
        let status = child.wait();
        let _ = reader.join();
        let _ = std::fs::remove_file(&driver);
        if let Some(e) = failure {
            return Err(e);
        }
        if !finished {
            let code = status.map_or("unknown".to_string(), |s| s.to_string());
            return Err(format!(
                "the Ray driver stopped ({code}) before the games were played: {}",
                log_tail(&log_path)
            ));
        }
        Ok(summary)
    }

    /// The jobs grouped into tasks: a game each, or a match's pair.
    fn tasks(&self, jobs: &[Job]) -> Vec<Vec<usize>> {
        let mut tasks: Vec<Vec<usize>> = Vec::new();
        for job in jobs {
            match tasks.last_mut() {
                Some(last) if self.by_pairs && last.len() == 1 && last[0] / 2 == job.index / 2 => {
                    last.push(job.index)
                }
                _ => tasks.push(vec![job.index]),
            }
        }
        tasks
    }
}

/// Checks a record a worker sent against the game of its number and saves it.
fn save_checked(
    config: &Config,
    out: &Path,
    by_index: &HashMap<usize, &Job>,
    game: GameRecord,
) -> Result<Report, String> {
    let job = by_index.get(&game.index).ok_or_else(|| {
        format!(
            "sent game {}, which this run did not ask for",
            game.index + 1
        )
    })?;
    let expected = job.expected(&config.names[0], &config.names[1]);
    let finished = resume::check_finished(&game.record, &expected)
        .map_err(|e| format!("game {} came back wrong: {e}", job.index + 1))?;
    resume::write_whole(
        &resume::record_path(out, job.index, config.digits),
        &game.record,
    )?;
    Ok(Report {
        index: job.index,
        a_is_blue: job.a_is_blue,
        winner: finished.winner,
        reason: finished.reason,
        plies: finished.plies,
        record: game.record,
    })
}

/// The last lines of the driver's log, for an error message.
fn log_tail(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let tail = lines[lines.len().saturating_sub(6)..].join("\n");
    format!("{}:\n{tail}", path.display())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(by_pairs: bool) -> RayPlan {
        RayPlan {
            address: "local".into(),
            python: PathBuf::from("python3"),
            shared: false,
            concurrency: None,
            kind: if by_pairs { "match" } else { "lab" },
            settings: String::new(),
            hash_mb: 16,
            programs: Vec::new(),
            by_pairs,
        }
    }

    fn jobs(indices: &[usize]) -> Vec<Job> {
        indices
            .iter()
            .map(|&index| Job {
                index,
                start: crate::matches::start::Start::Array(String::new()),
                a_is_blue: index.is_multiple_of(2),
                seed: 0,
                opening_plies: 0,
                opening_seed: 0,
            })
            .collect()
    }

    #[test]
    fn a_match_task_is_a_pair_and_a_lab_task_a_game() {
        // Games 1 and 4 were resumed from their records: their partners go alone.
        let left = jobs(&[0, 2, 3, 5, 6, 7]);
        assert_eq!(
            plan(true).tasks(&left),
            vec![vec![0], vec![2, 3], vec![5], vec![6, 7]]
        );
        assert_eq!(plan(false).tasks(&left).len(), 6);
    }

    #[test]
    fn the_summary_names_the_nodes() {
        let mut s = RaySummary {
            cpus: 3,
            cancelled: 1,
            ..RaySummary::default()
        };
        s.nodes.insert("ab12cd34".into(), 5);
        s.nodes.insert("ef56ab78".into(), 3);
        assert_eq!(
            s.line(),
            "Ray: 8 games on 2 nodes (ab12cd34 5, ef56ab78 3), 3 CPUs; 1 task under way cancelled"
        );
    }

    #[test]
    fn a_bad_address_is_refused() {
        let args = RayArgs {
            ray: Some("host 1".into()),
            ray_python: Some(PathBuf::from("/bin/sh")),
            ray_shared: false,
        };
        let e = args
            .plan("lab", String::new(), 16, None, Vec::new())
            .err()
            .unwrap();
        assert!(e.0.contains("--ray takes HOST:PORT"), "{}", e.0);
    }
}
