//! The command loop driven in-process: whole sessions of GUI lines in, the engine's lines out, no
//! process spawned. The fixed sessions are the hardening findings of issue 17; the fuzz target
//! sends random and mutated command lines and checks that the engine stays alive and that its
//! errors are CECP error lines.

use std::sync::Mutex;

use proptest::prelude::*;

use super::*;

#[path = "../../../rules/tests/fuzz/mutate.rs"]
mod mutate;

/// Searches and tables of the in-process sessions: small, so that a session takes milliseconds.
const SMALL: Ceiling = Ceiling {
    nodes: 2_000,
    hash_mb: 1,
};

/// Runs a whole session: `lines` as the GUI's input, then the end of input. Returns every line the
/// engine wrote.
fn session(lines: &[&str]) -> Vec<String> {
    let (tx, events) = mpsc::channel();
    for line in lines {
        tx.send(Event::Line(line.to_string())).unwrap();
    }
    tx.send(Event::Eof).unwrap();
    let said = Arc::new(Mutex::new(Vec::new()));
    let sink = said.clone();
    let out: Out = Arc::new(move |line: &str| sink.lock().unwrap().push(line.to_string()));
    // The worker holds the only sender left: should it die, the loop sees the channel close.
    let mut server = Server::new(1, tx, events, out, SMALL).unwrap();
    server.run();
    drop(server);
    said.lock().unwrap().clone()
}

fn has(said: &[String], line: &str) -> bool {
    said.iter().any(|l| l == line)
}

/// The engine answered the session's final `ping 4242` and no search failed on the way.
fn assert_alive(said: &[String]) {
    assert!(has(said, "pong 4242"), "no pong: {said:#?}");
    assert!(
        !said.iter().any(|l| l.contains("the search failed")),
        "{said:#?}"
    );
}

#[test]
fn absurd_times_are_refused_and_the_engine_keeps_answering() {
    let said = session(&[
        "xboard",
        "protover 2",
        "st 1e300",
        "level 0 1e300 0",
        "level 40 1e18 0",
        "st 1e19",
        "ping 7",
        "new",
        "force",
        "go",
        "ping 4242",
    ]);
    for refused in ["st 1e300", "st 1e19"] {
        let want = format!("Error (bad argument: {}): {refused}", timing::ST_USAGE);
        assert!(has(&said, &want), "{want} missing: {said:#?}");
    }
    for refused in ["level 0 1e300 0", "level 40 1e18 0"] {
        let want = format!("Error (bad argument: {}): {refused}", timing::LEVEL_USAGE);
        assert!(has(&said, &want), "{want} missing: {said:#?}");
    }
    assert!(has(&said, "pong 7"));
    // `st 1e19` was accepted before, and the search it started panicked.
    assert!(said.iter().any(|l| l.starts_with("move ")), "{said:#?}");
    assert_alive(&said);
}

#[test]
fn an_absurd_memory_size_is_refused_and_the_worker_lives_on() {
    let said = session(&[
        "memory 18446744073709551615",
        "memory 4000000",
        "memory 0",
        "memory 8",
        "new",
        "force",
        "go",
        "ping 4242",
    ]);
    let usage = "memory takes a size from 1 to 65536 MB";
    for refused in ["18446744073709551615", "4000000", "0"] {
        let want = format!("Error (bad argument: {usage}): memory {refused}");
        assert!(has(&said, &want), "{want} missing: {said:#?}");
    }
    assert!(said.iter().any(|l| l.starts_with("move ")), "{said:#?}");
    assert_alive(&said);
}

/// Issue 31: a `memory` within 65536 MB but beyond half the machine's memory is cut to that, said
/// in a comment line, and the engine plays on (the session's tables are 1 MB whatever is asked).
#[test]
fn a_memory_size_beyond_the_machine_is_cut_to_its_bound() {
    let max = bounds::max_hash_mb();
    let said = session(&[
        &format!("memory {max}"),
        "memory 65536",
        "new",
        "force",
        "go",
        "ping 4242",
    ]);
    let cut: Vec<&String> = said.iter().filter(|l| l.starts_with("# memory")).collect();
    if max < MAX_HASH_MB {
        let want = format!(
            "# memory 65536 MB is more than this machine allows: a table of {max} MB (half of \
             this machine's {} MB of memory)",
            jovian_engine::tt::physical_memory_mb().unwrap()
        );
        assert_eq!(cut, [&want], "{said:#?}");
    } else {
        assert!(cut.is_empty(), "{said:#?}");
    }
    assert!(!said.iter().any(|l| l.starts_with("Error")), "{said:#?}");
    assert!(said.iter().any(|l| l.starts_with("move ")), "{said:#?}");
    assert_alive(&said);
}

#[test]
fn clock_readings_and_depths_are_bounded() {
    let said = session(&[
        "time 99999999999999999999",
        "time 9223372036854775807",
        "otim -9223372036854775808",
        "sd 0",
        "sd 4294967296",
        "level 40 5 0",
        "new",
        "force",
        "time 9223372036854775807",
        "go",
        "ping 4242",
    ]);
    assert!(has(
        &said,
        "Error (bad argument: time takes a clock reading in centiseconds): time \
         99999999999999999999"
    ));
    assert!(has(
        &said,
        &format!("Error (bad argument: {}): sd 0", timing::SD_USAGE)
    ));
    assert!(has(
        &said,
        &format!("Error (bad argument: {}): sd 4294967296", timing::SD_USAGE)
    ));
    assert!(said.iter().any(|l| l.starts_with("move ")), "{said:#?}");
    assert_alive(&said);
}

#[test]
fn odd_squares_and_boards_are_illegal_not_fatal() {
    // Rank numbers past u32 overflowed when XBoard's ranks were turned into Jovian's.
    let said = session(&[
        "new",
        "force",
        "usermove a4294967295b3",
        "setboard 99999999999999999999999/10 w",
        "setboard 9999999999999999999999k/10/10/10/10/10/10/10/10/K9 w",
        "ping 4242",
    ]);
    assert!(has(&said, "Illegal move: a4294967295b3"), "{said:#?}");
    let refusals = said
        .iter()
        .filter(|l| l.starts_with("tellusererror Illegal position"))
        .count();
    assert_eq!(refusals, 2, "{said:#?}");
    assert_alive(&said);
}

#[test]
fn a_line_too_long_is_an_error_line() {
    let (tx, events) = mpsc::channel();
    tx.send(Event::TooLong("xxxx".into())).unwrap();
    tx.send(Event::Line("ping 4242".into())).unwrap();
    tx.send(Event::Eof).unwrap();
    let said = Arc::new(Mutex::new(Vec::new()));
    let sink = said.clone();
    let out: Out = Arc::new(move |line: &str| sink.lock().unwrap().push(line.to_string()));
    Server::new(1, tx, events, out, SMALL).unwrap().run();
    let said = said.lock().unwrap().clone();
    assert_eq!(
        said,
        [
            "Error (line too long, over 65536 bytes): xxxx...",
            "pong 4242"
        ]
    );
}

/// Command lines as XBoard sends them, the seeds of the mutations.
fn seeds() -> Vec<String> {
    let position = "9,k/10/10/10/10/10/10/10/p,9/Q,8,K b";
    let xfen = "k8q/10/10/10/10/10/10/10/P9/K9 b - - 0 1";
    [
        "xboard",
        "protover 2",
        "accepted setboard",
        "rejected san",
        "new",
        "variant scirocco",
        "variant typhoon",
        "force",
        "go",
        "playother",
        "usermove d2d3",
        "d2d3",
        "usermove e5e6,e6e5",
        "usermove a6a7q",
        "usermove c7c8+",
        "time 6000",
        "otim 6000",
        "time -50",
        "level 40 5 0",
        "level 0 2 12",
        "level 40 0:30 0",
        "st 1",
        "st 0.05",
        "sd 2",
        "ping 1",
        &format!("setboard {position}"),
        &format!("setboard {xfen}"),
        "undo",
        "remove",
        "result 1-0 {Blue wins}",
        "post",
        "nopost",
        "memory 1",
        "analyze",
        "exit",
        ".",
        "?",
        "hard",
        "easy",
        "computer",
        "name Someone",
        "rating 2000 1800",
        "random",
        "hint",
        "bk",
        "draw",
        "cores 2",
        "egtpath syzygy /tmp",
        "option Hash=16",
        "nps 1000",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// A line of a session: a seed as it is (so that sessions reach deep states: a game under way,
/// analysis, a search to interrupt) or mutated. Never a line break (lines are split on them
/// before they reach the loop) and never `quit`, which would end the session before its ping.
fn command_line() -> impl Strategy<Value = String> {
    let seeds = seeds();
    // The commands that move the session on (a search to start, interrupt or take back).
    const MOVING: &[&str] = &[
        "new",
        "go",
        "force",
        "usermove d2d3",
        "d2d3",
        "analyze",
        "exit",
        "?",
        "undo",
        "remove",
        "playother",
        "st 0.05",
        "sd 2",
        "post",
    ];
    prop_oneof![
        3 => proptest::sample::select(MOVING).prop_map(str::to_string),
        2 => proptest::sample::select(seeds.clone()),
        4 => mutate::mutated(seeds),
    ]
    .prop_map(|line| line.replace(['\n'], " "))
    .prop_filter("quit ends the session", |line| {
        line.split_whitespace().next() != Some("quit")
    })
}

proptest! {
    #![proptest_config(mutate::config(500))]

    /// Random sessions: no panic, every answer one line, every error in CECP's form, and a ping
    /// at the end is answered (the engine neither died nor went silent).
    #[test]
    fn random_sessions_keep_the_engine_answering(
        lines in prop::collection::vec(command_line(), 1..14)
    ) {
        let mut all: Vec<&str> = lines.iter().map(String::as_str).collect();
        all.push("ping 4242");
        let said = session(&all);
        for line in &said {
            prop_assert!(!line.is_empty() && !line.contains('\n'), "{line:?}");
            if line.starts_with("Error") {
                let (reason, command) = line
                    .strip_prefix("Error (")
                    .and_then(|rest| rest.split_once("): "))
                    .unwrap_or_else(|| panic!("not a CECP error line: {line:?}"));
                prop_assert!(!reason.is_empty() && !command.is_empty(), "{line:?}");
            }
        }
        assert_alive(&said);
    }
}
