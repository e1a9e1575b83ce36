//! The search thread of `jovian xboard`: it owns the engine, runs one search at a time, and
//! reports each result as an event, so that the command loop keeps reading the GUI meanwhile.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread;
use std::time::Duration;

use jovian_engine::search::MATE_BOUND;
use jovian_engine::{Engine, Limits, MATE, SearchResult};
use jovian_rules::{Position, Variant};

use super::Out;
use super::dialect::Dialect;

/// What the command loop waits for: a line from the GUI, a finished search, the end of input.
pub enum Event {
    Line(String),
    /// A line over `bounds::MAX_LINE_BYTES`, skipped: its start.
    TooLong(String),
    Done {
        id: u64,
        result: SearchResult,
    },
    Eof,
}

pub struct Job {
    pub id: u64,
    pub pos: Position,
    pub limits: Limits,
    pub analysis: bool,
    pub dialect: Arc<Dialect>,
}

pub enum Task {
    Search(Box<Job>),
    /// Forget what was learnt (a new game).
    Clear,
    /// A new engine: another variant or another table size (in MB, already within bounds).
    Rebuild(&'static Variant, usize),
    /// Search with this many threads (already within bounds): the GUI's `cores`.
    Threads(usize),
}

/// Ceilings on the worker's searches and tables, whatever the GUI asks. A real session has none;
/// the in-process tests keep every search short and every table small, so that thousands of
/// random sessions run in seconds.
#[derive(Clone, Copy, Debug)]
pub struct Ceiling {
    pub nodes: u64,
    pub hash_mb: usize,
}

impl Ceiling {
    pub const NONE: Ceiling = Ceiling {
        nodes: u64::MAX,
        hash_mb: usize::MAX,
    };
}

/// The search thread and the handles to stop it.
pub struct Worker {
    tasks: mpsc::Sender<Task>,
    /// The running engine's stop flag (replaced when the engine is rebuilt).
    stop: Arc<Mutex<Arc<AtomicBool>>>,
    /// Searches with an id up to this one are to stop (checked again after each iteration, so a
    /// stop that arrives before the search has started is not lost).
    stop_upto: Arc<AtomicU64>,
}

/// An engine with a table of `hash` MB; says so on `out` when the memory could not be had.
fn build(variant: &'static Variant, hash: usize, out: &Out) -> Engine {
    let engine = Engine::new(variant, hash);
    let got = engine.hash_megabytes();
    if got < hash {
        out(&format!(
            "# hash table: {got} MB (not enough memory for the {hash} MB asked for)"
        ));
    }
    engine
}

impl Worker {
    pub fn spawn(
        variant: &'static Variant,
        hash: usize,
        events: mpsc::Sender<Event>,
        post: Arc<AtomicBool>,
        out: Out,
        ceiling: Ceiling,
    ) -> Worker {
        let (tasks, inbox) = mpsc::channel::<Task>();
        let mut size = (variant, hash.clamp(1, ceiling.hash_mb));
        let mut threads = 1;
        let mut engine = build(size.0, size.1, &out);
        let stop = Arc::new(Mutex::new(engine.stop_handle()));
        let stop_upto = Arc::new(AtomicU64::new(0));
        let (shared_stop, upto) = (stop.clone(), stop_upto.clone());
        thread::spawn(move || {
            for task in inbox {
                match task {
                    Task::Search(mut job) => {
                        let nodes = job.limits.nodes.unwrap_or(u64::MAX).min(ceiling.nodes);
                        job.limits.nodes = (nodes < u64::MAX).then_some(nodes);
                        let (id, root) = (job.id, job.pos.clone());
                        let run = || search(&mut engine, *job, &upto, &post, &out);
                        let result =
                            panic::catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|_| {
                                // Never leave the GUI waiting: a fresh engine, and any legal move.
                                out("# the search failed; playing the first legal move");
                                engine = build(size.0, size.1, &out);
                                engine.set_threads(threads);
                                *shared_stop.lock().unwrap_or_else(|e| e.into_inner()) =
                                    engine.stop_handle();
                                let mut moves = Vec::new();
                                root.clone().legal_moves(&mut moves);
                                SearchResult {
                                    best: moves.first().copied(),
                                    score: 0,
                                    depth: 0,
                                    nodes: 0,
                                    pv: Vec::new(),
                                    elapsed: Duration::ZERO,
                                }
                            });
                        if events.send(Event::Done { id, result }).is_err() {
                            break;
                        }
                    }
                    Task::Clear => engine.clear(),
                    Task::Rebuild(variant, hash) => {
                        size = (variant, hash.clamp(1, ceiling.hash_mb));
                        engine = build(size.0, size.1, &out);
                        engine.set_threads(threads);
                        *shared_stop.lock().unwrap_or_else(|e| e.into_inner()) =
                            engine.stop_handle();
                    }
                    Task::Threads(n) => {
                        threads = n;
                        engine.set_threads(n);
                    }
                }
            }
        });
        Worker {
            tasks,
            stop,
            stop_upto,
        }
    }

    pub fn stop(&self, id: u64) {
        self.stop_upto.fetch_max(id, Ordering::SeqCst);
        self.stop
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .store(true, Ordering::SeqCst);
    }

    pub fn send(&self, task: Task) {
        // The worker only ends when this sender is dropped.
        let _ = self.tasks.send(task);
    }
}

/// A score as XBoard shows it: centipawns, or 100000 + moves for a won game.
pub fn gui_score(score: i32) -> i32 {
    if score >= MATE_BOUND {
        100_000 + (MATE - score + 1) / 2
    } else if score <= -MATE_BOUND {
        -100_000 - (MATE + score + 1) / 2
    } else {
        score
    }
}

/// Runs one search, printing thinking output when asked to.
fn search(
    engine: &mut Engine,
    job: Job,
    upto: &AtomicU64,
    post: &AtomicBool,
    out: &Out,
) -> SearchResult {
    let mut limits = job.limits.clone();
    if upto.load(Ordering::SeqCst) >= job.id {
        limits.depth = Some(1); // told to move at once before it began
    }
    let flag = engine.stop_handle();
    let mut pos = job.pos;
    let root = pos.clone();
    engine.search(&mut pos, &limits, |info| {
        if upto.load(Ordering::SeqCst) >= job.id {
            flag.store(true, Ordering::SeqCst);
        }
        if job.analysis || post.load(Ordering::SeqCst) {
            let mut p = root.clone();
            let pv: Vec<String> = info
                .pv
                .iter()
                .map(|&m| job.dialect.move_to_gui(&mut p, m))
                .collect();
            out(&format!(
                "{} {} {} {} {}",
                info.depth,
                gui_score(info.score),
                info.elapsed.as_millis() / 10,
                info.nodes,
                pv.join(" ")
            ));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_as_xboard_shows_them() {
        assert_eq!(gui_score(MATE - 1), 100_001);
        assert_eq!(gui_score(-(MATE - 2)), -100_001);
        assert_eq!(gui_score(35), 35);
    }
}
