//! `jovian xboard`: the engine side of the Chess Engine Communication Protocol v2 (CECP, the
//! XBoard/WinBoard protocol). Commands are read from stdin by their own thread; the search runs on a
//! worker thread, so `?`, `force`, `quit` and the rest are read while the engine thinks. Every
//! answer is one line on stdout, flushed at once. See docs/xboard.md.

pub mod dialect;

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread;
use std::time::Duration;

use clap::Args;
use jovian_engine::search::MATE_BOUND;
use jovian_engine::{Clock, Engine, Limits, MATE, SearchResult};
use jovian_rules::notation;
use jovian_rules::{Color, Outcome, Position, Setup, Variant, fen};

use crate::input::CliError;
use dialect::Dialect;

#[derive(Args)]
pub struct XboardArgs {
    /// Transposition table size in MB (the GUI's `memory` command changes it).
    #[arg(long, default_value_t = 64)]
    hash: usize,
}

/// Writes one line to stdout and flushes it. A GUI that went away is noticed on stdin.
pub fn send(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// "Blue", "Tan".
pub fn side_title(color: Color) -> String {
    let name = color.name();
    name[..1].to_uppercase() + &name[1..]
}

/// The CECP result line of a finished game: `1-0 {Blue wins: royal piece captured}`.
pub fn result_line(o: Outcome) -> String {
    format!(
        "{} {{{} wins: {}}}",
        o.result_text(),
        side_title(o.winner),
        o.reason.describe()
    )
}

/// A score as XBoard shows it: centipawns, or 100000 + moves for a won game.
fn gui_score(score: i32) -> i32 {
    if score >= MATE_BOUND {
        100_000 + (MATE - score + 1) / 2
    } else if score <= -MATE_BOUND {
        -100_000 - (MATE + score + 1) / 2
    } else {
        score
    }
}

enum Event {
    Line(String),
    Done { id: u64, result: SearchResult },
    Eof,
}

struct Job {
    id: u64,
    pos: Position,
    limits: Limits,
    analysis: bool,
    dialect: Arc<Dialect>,
}

enum Task {
    Search(Box<Job>),
    /// Forget what was learnt (a new game).
    Clear,
    /// A new engine: another variant or another table size.
    Rebuild(&'static Variant, usize),
}

/// The search thread and the handles to stop it.
struct Worker {
    tasks: mpsc::Sender<Task>,
    /// The running engine's stop flag (replaced when the engine is rebuilt).
    stop: Arc<Mutex<Arc<AtomicBool>>>,
    /// Searches with an id up to this one are to stop (checked again after each iteration, so a
    /// stop that arrives before the search has started is not lost).
    stop_upto: Arc<AtomicU64>,
}

impl Worker {
    fn spawn(
        variant: &'static Variant,
        hash: usize,
        events: mpsc::Sender<Event>,
        post: Arc<AtomicBool>,
    ) -> Worker {
        let (tasks, inbox) = mpsc::channel::<Task>();
        let mut engine = Engine::new(variant, hash.max(1));
        let stop = Arc::new(Mutex::new(engine.stop_handle()));
        let stop_upto = Arc::new(AtomicU64::new(0));
        let (shared_stop, upto) = (stop.clone(), stop_upto.clone());
        thread::spawn(move || {
            let mut size = (variant, hash.max(1));
            for task in inbox {
                match task {
                    Task::Search(job) => {
                        let (id, root) = (job.id, job.pos.clone());
                        let run = || search(&mut engine, *job, &upto, &post);
                        let result =
                            panic::catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|_| {
                                // Never leave the GUI waiting: a fresh engine, and any legal move.
                                send("# the search failed; playing the first legal move");
                                engine = Engine::new(size.0, size.1);
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
                        size = (variant, hash.max(1));
                        engine = Engine::new(size.0, size.1);
                        *shared_stop.lock().unwrap_or_else(|e| e.into_inner()) =
                            engine.stop_handle();
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

    fn stop(&self, id: u64) {
        self.stop_upto.fetch_max(id, Ordering::SeqCst);
        self.stop
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .store(true, Ordering::SeqCst);
    }

    fn send(&self, task: Task) {
        // The worker only ends when this sender is dropped.
        let _ = self.tasks.send(task);
    }
}

/// Runs one search, printing thinking output when asked to.
fn search(engine: &mut Engine, job: Job, upto: &AtomicU64, post: &AtomicBool) -> SearchResult {
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
            send(&format!(
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

/// The GUI's time control.
#[derive(Clone, Debug)]
struct TimeControl {
    /// Moves per session (0: the whole game).
    mps: u32,
    base: Duration,
    inc: Duration,
    /// Exact time per move (`st`), instead of the clock.
    st: Option<Duration>,
    /// Depth limit (`sd`).
    sd: Option<u32>,
    /// The engine's and the opponent's clocks (`time`, `otim`).
    time: Option<Duration>,
    otim: Option<Duration>,
}

impl Default for TimeControl {
    /// XBoard's own default: 40 moves in 5 minutes.
    fn default() -> TimeControl {
        TimeControl {
            mps: 40,
            base: Duration::from_secs(300),
            inc: Duration::ZERO,
            st: None,
            sd: None,
            time: None,
            otim: None,
        }
    }
}

/// Seconds, possibly fractional, or `MIN:SEC`.
fn parse_seconds(text: &str, minutes: bool) -> Option<Duration> {
    let secs = match text.split_once(':') {
        Some((m, s)) => m.parse::<f64>().ok()? * 60.0 + s.parse::<f64>().ok()?,
        None if minutes => text.parse::<f64>().ok()? * 60.0,
        None => text.parse::<f64>().ok()?,
    };
    (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs))
}

struct Running {
    id: u64,
    analysis: bool,
}

struct Server {
    variant: &'static Variant,
    dialect: Arc<Dialect>,
    pos: Position,
    start_side: Color,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Color>,
    tc: TimeControl,
    post: Arc<AtomicBool>,
    analyzing: bool,
    /// The analysis must (re)start: the position changed or the search was interrupted.
    analysis_stale: bool,
    running: Option<Running>,
    next_id: u64,
    /// Lines read but not yet handled (received while waiting for an aborted search).
    pending: VecDeque<String>,
    /// `ping` and `memory` received while thinking: answered after the move.
    deferred: Vec<String>,
    /// The game is over (a result was sent or received): the engine does not move.
    game_over: bool,
    eof: bool,
    hash: usize,
    worker: Worker,
    events: mpsc::Receiver<Event>,
}

pub fn run(args: &XboardArgs) -> Result<(), CliError> {
    let variant = *Variant::all()
        .first()
        .ok_or_else(|| CliError("this build knows no game".to_string()))?;
    let (tx, events) = mpsc::channel();
    let input = tx.clone();
    thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if input.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = input.send(Event::Eof);
    });
    let post = Arc::new(AtomicBool::new(false));
    let worker = Worker::spawn(variant, args.hash, tx, post.clone());
    let mut server = Server {
        variant,
        dialect: Arc::new(Dialect::new(variant)),
        pos: Position::start(variant),
        start_side: Color::Blue,
        engine_side: Some(Color::Tan),
        tc: TimeControl::default(),
        post,
        analyzing: false,
        analysis_stale: false,
        running: None,
        next_id: 1,
        pending: VecDeque::new(),
        deferred: Vec::new(),
        game_over: false,
        eof: false,
        hash: args.hash,
        worker,
        events,
    };
    server.run();
    Ok(())
}

/// Commands that do not touch the game, handled even while the engine thinks.
const HARMLESS: [&str; 22] = [
    "xboard", "protover", "accepted", "rejected", "post", "nopost", "time", "otim", "level", "st",
    "sd", "easy", "hard", "computer", "name", "rating", "ics", "random", "hint", "bk", "draw", ".",
];

impl Server {
    fn run(&mut self) {
        loop {
            if self.eof && self.pending.is_empty() {
                // Input has ended: a game search still delivers its move (piped input may end
                // while the engine thinks); an analysis has nobody left to read it.
                match &self.running {
                    None => break,
                    Some(r) if r.analysis => {
                        self.abort();
                        continue;
                    }
                    Some(_) => {}
                }
            }
            let event = match self.pending.pop_front() {
                Some(line) => Event::Line(line),
                None => match self.events.recv() {
                    Ok(e) => e,
                    Err(_) => break,
                },
            };
            match event {
                Event::Line(line) => {
                    if !self.command(&line) {
                        self.abort();
                        return;
                    }
                }
                Event::Done { id, result } => self.finished(id, result),
                Event::Eof => self.eof = true,
            }
        }
    }

    /// Handles one line; false means quit.
    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        if line.is_empty() {
            return true;
        }
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        if cmd == "quit" {
            return false;
        }
        if let Some(r) = &self.running {
            let harmless = HARMLESS.contains(&cmd);
            if r.analysis {
                if !harmless && !matches!(cmd, "ping" | "?") {
                    self.abort();
                }
            } else if cmd == "?" {
                self.worker.stop(r.id);
                return true;
            } else if matches!(cmd, "ping" | "memory") {
                self.deferred.push(line.to_string());
                return true;
            } else if !harmless {
                self.abort();
            }
        }
        match cmd {
            "xboard" | "accepted" | "rejected" | "easy" | "hard" | "computer" | "name"
            | "rating" | "ics" | "random" | "hint" | "bk" | "draw" | "." | "?" | "white"
            | "black" | "cores" | "egtpath" | "option" | "nps" => {}
            "protover" => self.features(),
            "new" => self.new_game(),
            "variant" => self.set_variant(arg, line),
            "force" => self.engine_side = None,
            "go" => {
                self.engine_side = Some(self.pos.side_to_move());
                self.game_over = self.game_over && self.pos.outcome().is_some();
            }
            "playother" => self.engine_side = Some(self.pos.side_to_move().other()),
            "usermove" => self.user_move(arg),
            // A clock that has run out may be sent negative.
            "time" | "otim" => match arg.parse::<i64>() {
                Ok(cs) => {
                    let d = Some(Duration::from_millis(cs.max(0) as u64 * 10));
                    if cmd == "time" {
                        self.tc.time = d;
                    } else {
                        self.tc.otim = d;
                    }
                }
                Err(_) => bad_argument(line),
            },
            "level" => self.level(arg, line),
            "st" => match parse_seconds(arg, false) {
                Some(d) if !d.is_zero() => self.tc.st = Some(d),
                _ => bad_argument(line),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) if d > 0 => self.tc.sd = Some(d),
                _ => bad_argument(line),
            },
            "ping" => send(&format!("pong {arg}")),
            "setboard" => self.set_board(arg),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "result" => {
                self.engine_side = None;
                self.game_over = true;
            }
            "post" => self.post.store(true, Ordering::SeqCst),
            "nopost" => self.post.store(false, Ordering::SeqCst),
            "memory" => match arg.parse::<usize>() {
                Ok(mb) if mb > 0 => {
                    self.hash = mb;
                    self.worker.send(Task::Rebuild(self.variant, mb));
                }
                _ => bad_argument(line),
            },
            "analyze" => {
                self.analyzing = true;
                self.analysis_stale = true;
                self.engine_side = None;
            }
            "exit" => self.analyzing = false,
            _ if self.looks_like_move(cmd) => self.user_move(line),
            _ => send(&format!("Error (unknown command): {line}")),
        }
        self.maybe_start();
        true
    }

    fn features(&self) {
        let ids: Vec<&str> = playable_variants().iter().map(|v| v.id).collect();
        send(&format!(
            "feature myname=\"Jovian\" variants=\"{}\" setboard=1 usermove=1 ping=1 playother=1 \
             colors=0 time=1 memory=1 sigint=0 sigterm=0 reuse=1 analyze=1 draw=0 san=0 name=0",
            ids.join(",")
        ));
        send("feature done=1");
    }

    fn looks_like_move(&self, text: &str) -> bool {
        let mut chars = text.chars();
        chars
            .next()
            .is_some_and(|c| self.variant.geometry.file_letters.contains(&c))
            && chars.next().is_some_and(|c| c.is_ascii_digit())
    }

    /// A fresh game position (the start of a game, a `setboard`).
    fn reset(&mut self, pos: Position) {
        self.start_side = pos.side_to_move();
        self.pos = pos;
        self.game_over = false;
        self.analysis_stale = true;
    }

    fn new_game(&mut self) {
        let default = Variant::all()[0];
        if default != self.variant {
            self.switch_variant(default);
        } else {
            self.worker.send(Task::Clear);
        }
        self.reset(Position::start(self.variant));
        self.engine_side = Some(Color::Tan);
        self.tc.sd = None;
        self.tc.time = None;
        self.tc.otim = None;
    }

    fn switch_variant(&mut self, v: &'static Variant) {
        self.variant = v;
        self.dialect = Arc::new(Dialect::new(v));
        self.worker.send(Task::Rebuild(v, self.hash));
    }

    fn set_variant(&mut self, name: &str, line: &str) {
        let Some(v) = Variant::by_id(name) else {
            send(&format!("Error (unsupported variant): {line}"));
            return;
        };
        if !playable_variants().contains(&v) {
            send(&format!(
                "Error (unsupported variant): {line} (XBoard's piece set cannot show its {} piece \
                 types)",
                v.pieces.len()
            ));
            return;
        }
        if v != self.variant {
            self.switch_variant(v);
        }
        let setup = Setup::default_for(v);
        self.reset(Position::start(v));
        for comment in self.dialect.legend() {
            send(&comment);
        }
        send(&self.dialect.setup_command(&setup));
    }

    fn set_board(&mut self, text: &str) {
        let setup = fen::parse_position(self.variant, text)
            .map_err(|e| e.to_string())
            .or_else(|ours| self.dialect.parse_fen(text).map_err(|_| ours));
        match setup.and_then(|s| Position::from_setup(&s).map_err(|e| e.to_string())) {
            Ok(pos) => self.reset(pos),
            Err(e) => send(&format!("tellusererror Illegal position: {e}")),
        }
    }

    fn take_back(&mut self, plies: usize) {
        for _ in 0..plies.min(self.pos.ply()) {
            self.pos.unmake();
        }
        self.game_over = false;
        self.analysis_stale = true;
    }

    fn level(&mut self, arg: &str, line: &str) {
        let parts: Vec<&str> = arg.split_whitespace().collect();
        let parsed = match parts.as_slice() {
            [mps, base, inc] => mps
                .parse::<u32>()
                .ok()
                .zip(parse_seconds(base, true).zip(parse_seconds(inc, false))),
            _ => None,
        };
        match parsed {
            Some((mps, (base, inc))) => {
                self.tc.mps = mps;
                self.tc.base = base;
                self.tc.inc = inc;
                self.tc.st = None;
            }
            None => bad_argument(line),
        }
    }

    fn user_move(&mut self, text: &str) {
        let ours = self.dialect.move_from_gui(text);
        match notation::parse_move(&mut self.pos, &ours) {
            Ok(m) => {
                self.pos.make(m);
                self.analysis_stale = true;
                self.check_end();
            }
            Err(e) => {
                send(&format!("# {e}"));
                send(&format!("Illegal move: {text}"));
            }
        }
    }

    /// Claims the result when the game has ended by the rules in a game the engine plays.
    fn check_end(&mut self) {
        if self.game_over || self.analyzing || self.engine_side.is_none() {
            return;
        }
        if let Some(o) = self.pos.outcome() {
            self.game_over = true;
            send(&result_line(o));
        }
    }

    fn limits(&self) -> Limits {
        let tc = &self.tc;
        let mut limits = Limits {
            depth: tc.sd,
            ..Limits::default()
        };
        if let Some(st) = tc.st {
            limits.movetime = Some(st);
            return limits;
        }
        let side = self.pos.side_to_move();
        let ours = tc.time.unwrap_or(tc.base);
        let theirs = tc.otim.unwrap_or(ours);
        let mut remaining = [Duration::ZERO; 2];
        remaining[side.index()] = ours;
        remaining[side.other().index()] = theirs;
        let ply = self.pos.ply() as u32;
        let made = if side == self.start_side {
            ply.div_ceil(2)
        } else {
            ply / 2
        };
        limits.clock = Some(Clock {
            remaining,
            increment: [tc.inc; 2],
            moves_to_go: (tc.mps > 0).then(|| tc.mps - made % tc.mps),
        });
        limits
    }

    /// Starts a search when one is due: the engine is on move, or analysis needs a new start.
    fn maybe_start(&mut self) {
        if self.running.is_some() {
            return;
        }
        let analysis = if self.analyzing {
            if !self.analysis_stale || self.pos.outcome().is_some() {
                return;
            }
            self.analysis_stale = false;
            true
        } else {
            if self.game_over || self.engine_side != Some(self.pos.side_to_move()) {
                return;
            }
            if self.pos.outcome().is_some() {
                self.check_end();
                return;
            }
            false
        };
        let id = self.next_id;
        self.next_id += 1;
        let limits = if analysis {
            Limits::default()
        } else {
            self.limits()
        };
        self.worker.send(Task::Search(Box::new(Job {
            id,
            pos: self.pos.clone(),
            limits,
            analysis,
            dialect: self.dialect.clone(),
        })));
        self.running = Some(Running { id, analysis });
    }

    /// A search ended: play its move if the engine is still on move.
    fn finished(&mut self, id: u64, result: SearchResult) {
        let Some(r) = self.running.take_if(|r| r.id == id) else {
            return; // an aborted search
        };
        if !r.analysis {
            match result.best {
                Some(m) if self.engine_side == Some(self.pos.side_to_move()) => {
                    let text = self.dialect.move_to_gui(&mut self.pos, m);
                    self.pos.make(m);
                    send(&format!("move {text}"));
                    self.check_end();
                }
                _ => self.check_end(),
            }
        }
        self.release_deferred();
        self.maybe_start();
    }

    fn release_deferred(&mut self) {
        for line in self.deferred.drain(..).rev() {
            self.pending.push_front(line);
        }
    }

    /// Stops the running search and drops its result.
    fn abort(&mut self) {
        let Some(r) = self.running.take() else { return };
        self.worker.stop(r.id);
        loop {
            match self.events.recv() {
                Ok(Event::Done { id, .. }) if id == r.id => break,
                Ok(Event::Done { .. }) => {}
                Ok(Event::Line(line)) => self.pending.push_back(line),
                Ok(Event::Eof) => self.eof = true,
                Err(_) => break,
            }
        }
        if r.analysis {
            self.analysis_stale = true;
        }
        self.release_deferred();
    }
}

fn bad_argument(line: &str) {
    send(&format!("Error (bad argument): {line}"));
}

/// The variants XBoard can show completely: every piece type gets a symbol. Typhoon's 75 types do
/// not fit XBoard's letters, so it is neither offered nor accepted (a board with pieces missing
/// would mislead the user).
fn playable_variants() -> Vec<&'static Variant> {
    Variant::all()
        .into_iter()
        .filter(|&v| Dialect::new(v).unrepresentable().is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_and_scores() {
        assert_eq!(parse_seconds("5", true), Some(Duration::from_secs(300)));
        assert_eq!(parse_seconds("0:30", true), Some(Duration::from_secs(30)));
        assert_eq!(
            parse_seconds("1.5", false),
            Some(Duration::from_millis(1500))
        );
        assert_eq!(parse_seconds("x", false), None);
        assert_eq!(parse_seconds("-1", false), None);
        assert_eq!(gui_score(MATE - 1), 100_001);
        assert_eq!(gui_score(-(MATE - 2)), -100_001);
        assert_eq!(gui_score(35), 35);
    }
}
