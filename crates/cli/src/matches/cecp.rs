//! The GUI side of CECP, for `cmd:` players: starts the engine, negotiates features, sets up each
//! game with `new` / `variant` / `force` / `setboard`, sends the opponent's moves with `usermove`,
//! the clocks with `time` / `otim`, and reads `move`. Moves are written in XBoard's square
//! convention (see `xboard::dialect`), as XBoard itself would.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use jovian_rules::notation;
use jovian_rules::{Move, Position, Variant, fen};

use super::players::{Clocks, Player};
use crate::bounds::MAX_MILLIS;
use crate::xboard::dialect::Dialect;
use crate::xboard::timing::MAX_NPS;

/// How long an engine may take to answer `protover` and `ping`.
const HANDSHAKE: Duration = Duration::from_secs(20);
/// Grace beyond the clock (or the move time) before an engine that does not move is given up.
const GRACE: Duration = Duration::from_secs(5);

/// The per-move limit sent to engines when the match has no clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CmdLimit {
    /// `sd N`.
    Depth(u32),
    /// `st SECONDS` for whole seconds; otherwise a one-move time control (`level 1 0:01 0`) whose
    /// clock is set to the time before each move (`time`, `otim`): `st` takes whole seconds.
    Movetime(u64),
    /// `st 1` and `nps N`: XBoard's node-count time, N nodes a move. An engine that honours it
    /// (Jovian does) searches the same whatever the load, as `nodes:N` does here, which is what
    /// a match between two builds of an engine needs.
    Nodes(u64),
}

impl CmdLimit {
    pub fn parse(text: &str) -> Result<CmdLimit, String> {
        let (kind, value) = text.split_once(':').unwrap_or((text, ""));
        let n = value.trim().parse::<u64>().ok().filter(|&n| n > 0);
        match (kind.trim(), n) {
            ("depth", Some(d)) => Ok(CmdLimit::Depth(d.min(100) as u32)),
            ("movetime", Some(ms)) if ms <= MAX_MILLIS => Ok(CmdLimit::Movetime(ms)),
            ("nodes", Some(n)) if n <= MAX_NPS => Ok(CmdLimit::Nodes(n)),
            _ => Err(format!(
                "--cmd-limit takes depth:N, movetime:MS (MS at most {MAX_MILLIS}, a day) or \
                 nodes:N (N at most {MAX_NPS}), not {text:?}"
            )),
        }
    }
}

pub struct CecpEngine {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    variant: &'static Variant,
    dialect: Dialect,
    limit: CmdLimit,
    /// Base and increment of the match clock.
    tc: Option<(Duration, Duration)>,
    usermove: bool,
    /// The engine has been told `go` this game (it is out of force mode).
    playing: bool,
    /// How many of the game's moves (from the array, `setboard`) the engine has: the rest are
    /// sent before it is asked for a move.
    known: usize,
    pings: u32,
}

impl CecpEngine {
    pub fn start(
        program: &str,
        args: &[String],
        variant: &'static Variant,
        limit: CmdLimit,
        tc: Option<(Duration, Duration)>,
    ) -> Result<CecpEngine, String> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {program}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = CecpEngine {
            name: program.to_string(),
            child,
            stdin,
            lines,
            variant,
            dialect: Dialect::new(variant),
            limit,
            tc,
            usermove: false,
            playing: false,
            known: 0,
            pings: 0,
        };
        engine.handshake()?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("{}: cannot write to the engine: {e}", self.name))
    }

    /// The next line before `deadline`.
    fn read(&mut self, deadline: Instant) -> Result<String, String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(wait).map_err(|e| match e {
            mpsc::RecvTimeoutError::Timeout => format!("{}: no answer in time", self.name),
            mpsc::RecvTimeoutError::Disconnected => format!("{}: the engine exited", self.name),
        })
    }

    fn handshake(&mut self) -> Result<(), String> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let deadline = Instant::now() + HANDSHAKE;
        let mut variants: Option<String> = None;
        let mut setboard = false;
        loop {
            let line = self.read(deadline)?;
            let Some(rest) = line.strip_prefix("feature ") else {
                continue;
            };
            let mut done = false;
            for (key, value) in parse_features(rest) {
                let known = match key.as_str() {
                    "myname" => {
                        self.name = value.clone();
                        true
                    }
                    "variants" => {
                        variants = Some(value.clone());
                        true
                    }
                    "usermove" => {
                        self.usermove = value == "1";
                        true
                    }
                    "setboard" => {
                        setboard = value == "1";
                        true
                    }
                    "san" => value == "0",
                    "done" => {
                        done = value == "1";
                        true
                    }
                    "ping" | "sigint" | "sigterm" | "reuse" | "colors" | "time" | "memory"
                    | "playother" | "analyze" | "draw" | "name" | "debug" | "pause" | "nps"
                    | "smp" | "ics" | "exclude" | "setscore" | "highlight" | "option" => true,
                    _ => false,
                };
                let verdict = if known { "accepted" } else { "rejected" };
                self.send(&format!("{verdict} {key}"))?;
            }
            if done {
                break;
            }
        }
        let id = self.variant.id;
        let plays = variants
            .as_deref()
            .is_some_and(|v| v.split(',').any(|x| x.trim().eq_ignore_ascii_case(id)));
        if !plays {
            return Err(format!(
                "{} does not announce the variant {id} (variants=\"{}\")",
                self.name,
                variants.unwrap_or_default()
            ));
        }
        if !setboard {
            return Err(format!("{} does not support setboard", self.name));
        }
        Ok(())
    }

    /// Sends the moves of `pos`'s game that the engine has not been sent yet, each written on
    /// the position before it.
    fn send_moves(&mut self, pos: &Position) -> Result<(), String> {
        let played: Vec<Move> = pos.moves_played().collect();
        if played.len() != pos.ply() {
            return Err("a game with a null move cannot be sent to an engine".to_string());
        }
        if self.known >= played.len() {
            return Ok(());
        }
        let mut before = pos.clone();
        for _ in self.known..played.len() {
            before.unmake();
        }
        for &m in &played[self.known..] {
            let text = self.dialect.move_to_gui(&mut before, m);
            before.make(m);
            let line = if self.usermove {
                format!("usermove {text}")
            } else {
                text
            };
            self.send(&line)?;
        }
        self.known = played.len();
        Ok(())
    }

    /// Sends `ping` and waits for its `pong`, skipping everything else.
    fn sync(&mut self) -> Result<(), String> {
        self.pings += 1;
        let n = self.pings;
        self.send(&format!("ping {n}"))?;
        let deadline = Instant::now() + HANDSHAKE;
        let want = format!("pong {n}");
        while self.read(deadline)?.trim() != want {}
        Ok(())
    }
}

/// `key=value` pairs of a `feature` line; values may be quoted.
fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            }
        } else {
            match after.find(char::is_whitespace) {
                Some(end) => (&after[..end], &after[end..]),
                None => (after, ""),
            }
        };
        out.push((key, value.to_string()));
        rest = next.trim_start();
    }
    out
}

/// Centiseconds, as `time` and `otim` count.
fn centiseconds(d: Duration) -> u128 {
    d.as_millis() / 10
}

impl Player for CecpEngine {
    fn new_game(&mut self, start: &Position, _seed: u64) -> Result<(), String> {
        self.send("new")?;
        self.send(&format!("variant {}", self.variant.id))?;
        self.send("force")?;
        self.send("easy")?;
        self.send("nopost")?;
        match self.tc {
            Some((base, inc)) => {
                let secs = base.as_secs().max(1);
                self.send(&format!(
                    "level 0 {}:{:02} {}",
                    secs / 60,
                    secs % 60,
                    inc.as_secs_f64()
                ))?;
            }
            None => match self.limit {
                CmdLimit::Depth(d) => self.send(&format!("sd {d}"))?,
                CmdLimit::Movetime(ms) if ms % 1000 == 0 => {
                    self.send(&format!("st {}", ms / 1000))?
                }
                // `st` takes whole seconds: a shorter time is a one-move time control, its
                // clock set before each move (`time`).
                CmdLimit::Movetime(_) => self.send("level 1 0:01 0")?,
                CmdLimit::Nodes(n) => {
                    self.send("st 1")?;
                    self.send(&format!("nps {n}"))?;
                }
            },
        }
        // The engine is set up as a GUI does it: the game's array, then the moves played since
        // (the match's opening plies) in force mode, so that it knows the game's history (for
        // the repetition rules).
        let mut array = start.clone();
        while array.ply() > 0 {
            array.unmake();
        }
        // A chess FEN for the engines of the chess variants where the game's letters allow. A
        // game whose letters do not (Shogi's, Crazyhouse's promoted types) starts from the
        // array the engine's own `variant` sets up, which is the game's.
        let board = fen::write_chess_fen(&array);
        let own_start = fen::write_position(&array);
        let at_the_start = own_start == fen::write_position(&Position::start(start.variant()));
        match board {
            Some(board) => self.send(&format!("setboard {board}"))?,
            None if at_the_start => {}
            None => self.send(&format!("setboard {own_start}"))?,
        }
        self.known = 0;
        self.send_moves(start)?;
        self.playing = false;
        self.sync()
    }

    fn choose(
        &mut self,
        pos: &mut Position,
        _last: Option<Move>,
        clocks: Option<&Clocks>,
    ) -> Result<Move, String> {
        let side = pos.side_to_move();
        if let Some(c) = clocks {
            self.send(&format!("time {}", centiseconds(c.remaining[side.index()])))?;
            self.send(&format!(
                "otim {}",
                centiseconds(c.remaining[side.other().index()])
            ))?;
        } else if let CmdLimit::Movetime(ms) = self.limit
            && ms % 1000 != 0
        {
            let cs = ms.div_ceil(10);
            self.send(&format!("time {cs}"))?;
            self.send(&format!("otim {cs}"))?;
        }
        // The opponent's move, and any other the engine has not seen (a wrapper such as the
        // lab's opening player may have chosen this side's first moves).
        self.send_moves(pos)?;
        if !self.playing {
            self.send("go")?;
            self.playing = true;
        }
        let budget = match (clocks, &self.limit) {
            (Some(c), _) => c.remaining[side.index()],
            (None, CmdLimit::Movetime(ms)) => Duration::from_millis(*ms) * 3,
            (None, CmdLimit::Depth(_) | CmdLimit::Nodes(_)) => Duration::from_secs(120),
        };
        let deadline = Instant::now() + budget + GRACE;
        loop {
            let line = self.read(deadline)?;
            let line = line.trim();
            let mut words = line.split_whitespace();
            match words.next() {
                Some("move") => {
                    let text = words.next().unwrap_or("");
                    let ours = self.dialect.move_from_gui(text);
                    let m = notation::parse_move(pos, &ours).map_err(|e| {
                        format!("{} played the illegal move {text}: {e}", self.name)
                    })?;
                    self.known += 1; // its own move
                    return Ok(m);
                }
                Some("resign") => return Err(format!("{} resigned", self.name)),
                Some("Illegal") => {
                    return Err(format!("{} rejected a move: {line}", self.name));
                }
                Some("1-0" | "0-1" | "1/2-1/2") => {
                    return Err(format!(
                        "{} claimed a result the rules do not give: {line}",
                        self.name
                    ));
                }
                _ => {} // thinking output, comments, errors about unsupported commands
            }
        }
    }

    fn game_over(&mut self, result: &str) {
        let _ = self.send(&format!("result {result}"));
        let _ = self.send("force");
    }
}

impl Drop for CecpEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_and_limits_parse() {
        let f = parse_features(r#"myname="Jovian 1" variants="scirocco,x" setboard=1 done=1"#);
        assert_eq!(f[0], ("myname".into(), "Jovian 1".into()));
        assert_eq!(f[1], ("variants".into(), "scirocco,x".into()));
        assert_eq!(f[3], ("done".into(), "1".into()));
        assert_eq!(CmdLimit::parse("depth:2"), Ok(CmdLimit::Depth(2)));
        assert_eq!(CmdLimit::parse("movetime:250"), Ok(CmdLimit::Movetime(250)));
        assert_eq!(CmdLimit::parse("nodes:5"), Ok(CmdLimit::Nodes(5)));
        for bad in [
            "nodes:0",
            "nodes:-1",
            "nodes:1000000001",
            "nodes",
            "speed:5",
        ] {
            assert!(CmdLimit::parse(bad).is_err(), "{bad}");
        }
    }
}
