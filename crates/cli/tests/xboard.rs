//! `jovian xboard` driven as XBoard would drive it: lines on stdin, answers read back as they come.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use jovian_rules::notation::parse_move;
use jovian_rules::{Position, Variant, fen};

/// A running `jovian xboard` and its output lines.
struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_jovian"))
            .args(["xboard", "--hash", "4"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the binary runs");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, text: &str) {
        for line in text.lines() {
            writeln!(self.stdin, "{}", line.trim()).unwrap();
        }
        self.stdin.flush().unwrap();
    }

    /// The first line (from now on) satisfying `want`; panics after 20 s.
    fn expect(&mut self, what: &str, want: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if want(&line) {
                        return line;
                    }
                }
                Err(e) => panic!("no {what} ({e:?}); output so far: {:#?}", self.seen),
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "exit status {status}");
                return;
            }
            assert!(Instant::now() < deadline, "quit did not end the engine");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

fn scirocco() -> &'static Variant {
    Variant::by_id("scirocco").unwrap()
}

/// XBoard counts the ranks of a 10-rank board from 0: `a0a9` is Jovian's `a1a10`.
fn from_xboard(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c.is_ascii_lowercase()
            && let Some(d) = chars.peek().and_then(|d| d.to_digit(10))
        {
            chars.next();
            out += &(d + 1).to_string();
        }
    }
    out
}

#[test]
fn handshake_ping_errors_and_illegal_moves() {
    let mut s = Session::start();
    s.send("xboard\nprotover 2");
    let features = s.expect("feature done=1", |l| l.contains("done=1"));
    assert!(features.starts_with("feature"));
    let all = s.seen.join("\n");
    for f in [
        "myname=\"Jovian\"",
        "variants=\"scirocco,larger-board\"",
        "setboard=1",
        "usermove=1",
        "ping=1",
        "sigint=0",
    ] {
        assert!(all.contains(f), "{f} missing: {all}");
    }
    s.send("ping 17");
    s.expect("pong 17", |l| l == "pong 17");
    s.send("foo bar");
    s.expect("an error line", |l| l == "Error (unknown command): foo bar");
    s.send("new\nvariant scirocco\nforce");
    let setup = s.expect("the setup command", |l| l.starts_with("setup ("));
    assert!(setup.contains(") 10x10+0_fairy "), "{setup}");
    // a1a10 is not a Chariot move at the start; nor is nonsense a move.
    s.send("usermove a0a9\nusermove zz99");
    s.expect("illegal a0a9", |l| l == "Illegal move: a0a9");
    s.expect("illegal zz99", |l| l == "Illegal move: zz99");
    s.send("variant chess\nsd x");
    s.expect("unsupported variant", |l| {
        l.starts_with("Error (unsupported variant)")
    });
    s.expect("bad argument", |l| {
        l == "Error (bad argument: sd takes a depth from 1 to 100): sd x"
    });
    // Typhoon's 75 types do not fit XBoard's letters: not offered, and refused by name.
    s.send("variant typhoon");
    s.expect("typhoon refused", |l| {
        l == "Error (unsupported variant): variant typhoon (XBoard's piece set cannot show its 75 \
              piece types)"
    });
    s.send("ping 18");
    s.expect("pong 18", |l| l == "pong 18");
    s.quit();
}

#[test]
fn answers_a_user_move_with_a_legal_move() {
    let mut s = Session::start();
    s.send("xboard\nprotover 2\nnew\nvariant scirocco\nsd 2\npost\ntime 6000\notim 6000");
    s.expect("the setup command", |l| l.starts_with("setup"));
    // Blue's Pawn d3-d4, in XBoard's numbering.
    s.send("usermove d2d3");
    let reply = s.expect("the engine's move", |l| l.starts_with("move "));
    let thinking = s.seen.iter().filter(|l| {
        let w: Vec<&str> = l.split_whitespace().collect();
        w.len() >= 5 && w[..4].iter().all(|x| x.parse::<i64>().is_ok())
    });
    assert!(thinking.count() >= 1, "no thinking output: {:#?}", s.seen);
    let mut pos = Position::start(scirocco());
    let first = parse_move(&mut pos, "d3d4").unwrap();
    pos.make(first);
    let text = from_xboard(reply.trim_start_matches("move "));
    let answer = parse_move(&mut pos, &text);
    assert!(answer.is_ok(), "{reply} is not legal: {answer:?}");
    // The engine plays Tan; after Blue's next move it answers again.
    pos.make(answer.unwrap());
    s.send("usermove d3d4\nping 5");
    let second = s.expect("a second move", |l| l.starts_with("move "));
    s.expect("pong after the move", |l| l == "pong 5");
    let mut p2 = pos.clone();
    let m = parse_move(&mut p2, "d4d5").unwrap();
    p2.make(m);
    let text = from_xboard(second.trim_start_matches("move "));
    assert!(parse_move(&mut p2, &text).is_ok(), "{second}");
    s.quit();
}

#[test]
fn setboard_then_go_takes_the_king() {
    let mut s = Session::start();
    // Blue's Queen on a1 sees the Tan King on j10 along the long diagonal.
    let position = "9,k/10/10/10/10/10/10/10/p,9/Q,8,K b";
    assert!(fen::parse_position(scirocco(), position).is_ok());
    s.send(&format!(
        "xboard\nprotover 2\nnew\nforce\nsetboard {position}\nsd 3\ngo"
    ));
    s.expect("the capture", |l| l == "move a0j9");
    s.expect("the result", |l| {
        l == "1-0 {Blue wins: royal piece captured}"
    });
    // A position XBoard would send, in its own letters, is read too.
    // (q is Tan's Queen on j10.)
    s.send("new\nforce\nsetboard k8q/10/10/10/10/10/10/10/P9/K9 b - - 0 1\nsd 3\ngo");
    s.expect("Tan's capture", |l| l == "move j9a0");
    s.expect("Tan's result", |l| l.starts_with("0-1 {Tan wins"));
    s.send("setboard nonsense");
    s.expect("a refusal", |l| {
        l.starts_with("tellusererror Illegal position")
    });
    s.quit();
}

#[test]
fn move_now_interrupts_a_long_think() {
    let mut s = Session::start();
    s.send("xboard\nprotover 2\nnew\nforce\nst 60\ngo");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    s.send("?");
    s.expect("a move", |l| l.starts_with("move "));
    assert!(asked.elapsed() < Duration::from_secs(5));
    // Undo and analysis keep the engine responsive too.
    s.send("force\nundo\nanalyze");
    s.expect("analysis output", |l| {
        l.split_whitespace().count() >= 5 && l.starts_with(char::is_numeric)
    });
    s.send("exit\nping 9");
    s.expect("pong", |l| l == "pong 9");
    s.quit();
}

/// Issue 17: numbers that panicked the engine or silenced it are CECP errors, and the engine goes
/// on answering (the in-process tests of `xboard::tests` cover every field; this is the process).
#[test]
fn absurd_numbers_are_errors_and_the_engine_keeps_answering() {
    let mut s = Session::start();
    s.send("xboard\nprotover 2\nst 1e300\nping 7");
    s.expect("st refused", |l| {
        l.starts_with("Error (bad argument: st takes seconds") && l.ends_with("): st 1e300")
    });
    s.expect("pong 7", |l| l == "pong 7");
    s.send("level 40 1e18 0\nlevel 0 1e300 0\nmemory 18446744073709551615\nst 1e19\nping 8");
    for command in [
        "level 40 1e18 0",
        "level 0 1e300 0",
        "memory 18446744073709551615",
        "st 1e19",
    ] {
        s.expect(command, |l| {
            l.starts_with("Error (bad argument") && l.ends_with(&format!("): {command}"))
        });
    }
    s.expect("pong 8", |l| l == "pong 8");
    // The engine still plays: a search under the last good settings.
    s.send("new\nforce\nsd 2\ngo\nping 9");
    s.expect("a move", |l| l.starts_with("move "));
    s.expect("pong 9", |l| l == "pong 9");
    assert!(
        !s.seen.iter().any(|l| l.contains("the search failed")),
        "{:#?}",
        s.seen
    );
    s.quit();
}
