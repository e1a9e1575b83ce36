//! `jovian xboard`: the engine side of the Chess Engine Communication Protocol v2 (CECP, the
//! XBoard/WinBoard protocol). Commands are read from stdin by their own thread; the search runs on a
//! worker thread, so `?`, `force`, `quit` and the rest are read while the engine thinks. Every
//! answer is one line on stdout, flushed at once. See docs/xboard.md.
//!
//! The command loop (`Server`) takes its input as events from a channel and writes through an
//! `Out`, so that the tests (`xboard/tests.rs`) drive whole sessions in-process. Every number a
//! command carries is read within the bounds of `crate::bounds`; a refused one gets CECP's
//! `Error (bad argument: ...): COMMAND` and changes nothing.

pub mod dialect;
pub(crate) mod timing;
mod worker;

use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;

use clap::Args;
use jovian_engine::{Limits, SearchResult};
use jovian_rules::notation;
use jovian_rules::{Color, Outcome, Position, Setup, Variant, fen};

use crate::bounds::{self, MAX_HASH_MB};
use crate::input::{self, CliError, Line};
use dialect::Dialect;
use timing::TimeControl;
use worker::{Ceiling, Event, Job, Task, Worker};

#[derive(Args)]
pub struct XboardArgs {
    /// Transposition table size in MB, 1 to 65536 and at most half the machine's memory (the GUI's
    /// `memory` command changes it).
    #[arg(long, default_value_t = 64, value_name = "MB", allow_negative_numbers = true,
          value_parser = crate::bounds::hash_mb)]
    hash: usize,
}

/// Where the engine's lines go: stdout in a real session, a list in the in-process tests. Called
/// by the command loop and by the search thread.
pub type Out = Arc<dyn Fn(&str) + Send + Sync>;

/// Writes one line to stdout and flushes it. A GUI that went away is noticed on stdin.
fn send(line: &str) {
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
    match o.winner {
        Some(w) => format!(
            "{} {{{} wins: {}}}",
            o.result_text(),
            side_title(w),
            o.reason.describe()
        ),
        None => format!("{} {{Draw: {}}}", o.result_text(), o.reason.describe()),
    }
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
    /// Lines read but not yet handled (received while waiting for an aborted search): only
    /// `Event::Line` and `Event::TooLong`.
    pending: VecDeque<Event>,
    /// `ping` and `memory` received while thinking: answered after the move.
    deferred: Vec<String>,
    /// The game is over (a result was sent or received): the engine does not move.
    game_over: bool,
    eof: bool,
    hash: usize,
    worker: Worker,
    events: mpsc::Receiver<Event>,
    out: Out,
}

pub fn run(args: &XboardArgs) -> Result<(), CliError> {
    let (tx, events) = mpsc::channel();
    let input = tx.clone();
    thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        // A read error ends the input like its end does.
        while let Ok(Some(line)) = input::read_line(&mut stdin) {
            let event = match line {
                Line::Text(text) => Event::Line(text),
                Line::TooLong(start) => Event::TooLong(start),
            };
            if input.send(event).is_err() {
                return;
            }
        }
        let _ = input.send(Event::Eof);
    });
    let out: Out = Arc::new(send);
    let mut server = Server::new(args.hash, tx, events, out, Ceiling::NONE)?;
    server.run();
    Ok(())
}

/// Commands that do not touch the game, handled even while the engine thinks.
const HARMLESS: [&str; 23] = [
    "xboard", "protover", "accepted", "rejected", "post", "nopost", "time", "otim", "level", "st",
    "sd", "nps", "easy", "hard", "computer", "name", "rating", "ics", "random", "hint", "bk",
    "draw", ".",
];

impl Server {
    /// A server for a new session, with its search thread. `events` brings the GUI's lines (sent
    /// through `tx` by the caller) and the search results (sent by the worker through `tx`).
    fn new(
        hash: usize,
        tx: mpsc::Sender<Event>,
        events: mpsc::Receiver<Event>,
        out: Out,
        ceiling: Ceiling,
    ) -> Result<Server, CliError> {
        let variant = *Variant::all()
            .first()
            .ok_or_else(|| CliError("this build knows no game".to_string()))?;
        let post = Arc::new(AtomicBool::new(false));
        let worker = Worker::spawn(variant, hash, tx, post.clone(), out.clone(), ceiling);
        Ok(Server {
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
            hash,
            worker,
            events,
            out,
        })
    }

    fn say(&self, line: &str) {
        (self.out)(line);
    }

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
                Some(event) => event,
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
                Event::TooLong(start) => self.say(&format!(
                    "Error (line too long, over {} bytes): {start}...",
                    bounds::MAX_LINE_BYTES
                )),
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
            | "black" | "egtpath" | "option" => {}
            "cores" => match bounds::threads(arg) {
                Ok(n) => self.worker.send(Task::Threads(n)),
                Err(_) => self.check(
                    Err(format!(
                        "cores takes a number from 1 to {}",
                        jovian_engine::smp::MAX_THREADS
                    )),
                    line,
                ),
            },
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
            "time" | "otim" => {
                let read = self.tc.clock(cmd == "time", arg);
                self.check(read.map_err(|usage| format!("{cmd} {usage}")), line);
            }
            "level" => {
                let read = self.tc.level(arg);
                self.check(read.map_err(str::to_string), line);
            }
            "st" => {
                let read = self.tc.st(arg);
                self.check(read.map_err(str::to_string), line);
            }
            "nps" => {
                let read = self.tc.nps(arg);
                self.check(read.map_err(str::to_string), line);
            }
            "sd" => {
                let read = self.tc.sd(arg);
                self.check(read.map_err(str::to_string), line);
            }
            "ping" => self.say(&format!("pong {arg}")),
            "setboard" => self.set_board(arg),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "result" => {
                self.engine_side = None;
                self.game_over = true;
            }
            "post" => self.post.store(true, Ordering::SeqCst),
            "nopost" => self.post.store(false, Ordering::SeqCst),
            // A size this machine cannot give (GUIs send their setting unasked) is cut to the
            // machine's bound, and said so; only a size beyond any machine's is an error.
            "memory" => match bounds::whole(arg, "memory", 1, MAX_HASH_MB) {
                Ok(asked) => {
                    let mb = asked.min(bounds::max_hash_mb());
                    if mb < asked {
                        self.say(&format!(
                            "# memory {asked} MB is more than this machine allows: a table of \
                             {mb} MB{}",
                            bounds::hash_bound_reason()
                        ));
                    }
                    self.hash = mb;
                    self.worker.send(Task::Rebuild(self.variant, mb));
                }
                Err(_) => self.check(
                    Err(format!("memory takes a size from 1 to {MAX_HASH_MB} MB")),
                    line,
                ),
            },
            "analyze" => {
                self.analyzing = true;
                self.analysis_stale = true;
                self.engine_side = None;
            }
            "exit" => self.analyzing = false,
            _ if self.looks_like_move(cmd) => self.user_move(line),
            _ => self.say(&format!("Error (unknown command): {line}")),
        }
        self.maybe_start();
        true
    }

    /// Answers a refused argument with CECP's error line, saying what the command takes.
    fn check(&self, read: Result<(), String>, line: &str) {
        if let Err(usage) = read {
            self.say(&format!("Error (bad argument: {usage}): {line}"));
        }
    }

    fn features(&self) {
        let ids: Vec<&str> = playable_variants().iter().map(|v| v.id).collect();
        self.say(&format!(
            "feature myname=\"Jovian\" variants=\"{}\" setboard=1 usermove=1 ping=1 playother=1 \
             colors=0 time=1 memory=1 smp=1 sigint=0 sigterm=0 reuse=1 analyze=1 draw=0 san=0 name=0",
            ids.join(",")
        ));
        self.say("feature done=1");
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
            self.say(&format!("Error (unsupported variant): {line}"));
            return;
        };
        if !playable_variants().contains(&v) {
            self.say(&format!(
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
            self.say(&comment);
        }
        self.say(&self.dialect.setup_command(&setup));
    }

    fn set_board(&mut self, text: &str) {
        let setup = fen::parse_position(self.variant, text)
            .map_err(|e| e.to_string())
            .or_else(|ours| self.dialect.parse_fen(text).map_err(|_| ours));
        match setup.and_then(|s| Position::from_setup(&s).map_err(|e| e.to_string())) {
            Ok(pos) => self.reset(pos),
            Err(e) => self.say(&format!("tellusererror Illegal position: {e}")),
        }
    }

    fn take_back(&mut self, plies: usize) {
        for _ in 0..plies.min(self.pos.ply()) {
            self.pos.unmake();
        }
        self.game_over = false;
        self.analysis_stale = true;
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
                self.say(&format!("# {e}"));
                self.say(&format!("Illegal move: {text}"));
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
            self.say(&result_line(o));
        }
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
            self.tc.limits(&self.pos, self.start_side)
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
                    self.say(&format!("move {text}"));
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
            self.pending.push_front(Event::Line(line));
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
                Ok(e @ (Event::Line(_) | Event::TooLong(_))) => self.pending.push_back(e),
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

/// The variants XBoard can show completely: every piece type gets a symbol. Typhoon's 75 types do
/// not fit XBoard's letters, so it is neither offered nor accepted (a board with pieces missing
/// would mislead the user).
fn playable_variants() -> Vec<&'static Variant> {
    // The 12x8 game's drops, Golem moves and shots have no CECP move form here yet.
    Variant::all()
        .into_iter()
        .filter(|&v| Dialect::new(v).unrepresentable().is_empty())
        .collect()
}

#[cfg(test)]
mod tests;
