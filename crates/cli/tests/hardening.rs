//! Issue 17, hardening: every number out of bounds, every broken pipe, every endless or odd input
//! ends with one clear line (status 2) or quietly, never with a panic or an abort.

mod common;

use std::io::Read;
use std::process::{Command, Stdio};

use common::{assert_fails, jovian, scratch, stderr, stdout};

/// The largest hash size on this machine, as `bounds::max_hash_mb` has it (half the physical
/// memory, at most 65536 MB), and the bounds message's end.
fn machine_hash_bound() -> (usize, String) {
    match jovian_engine::tt::physical_memory_mb() {
        Some(mb) if mb / 2 < 65_536 => (
            (mb / 2).max(1),
            format!(
                "from 1 to {} (half of this machine's {mb} MB of memory)",
                (mb / 2).max(1)
            ),
        ),
        _ => (65_536, "from 1 to 65536".to_string()),
    }
}

#[test]
fn hash_sizes_out_of_bounds_are_refused_not_allocated() {
    let (_, bounds) = machine_hash_bound();
    for size in ["18446744073709551615", "4000000", "0", "65537", "1.5", "-1"] {
        for command in [
            &["analyse", "scirocco", "--depth", "1", "--hash", size][..],
            &["xboard", "--hash", size],
            &["match", "--a", "random", "--b", "random", "--hash", size],
        ] {
            let o = jovian(command);
            assert_fails(&o, &bounds);
            assert!(stderr(&o).contains("--hash"), "{}", stderr(&o));
        }
    }
}

/// Issue 31: a hash size within 65536 MB but beyond half the machine's memory was accepted, and
/// its table (cleared before the search) took the machine. It is refused with the machine's
/// bound, everywhere a hash size is read.
#[test]
fn hash_sizes_beyond_the_machine_are_refused_with_its_bound() {
    let (max, bounds) = machine_hash_bound();
    let beyond = (max + 1).to_string();
    for command in [
        &["analyse", "scirocco", "--depth", "1", "--hash", &beyond][..],
        &["xboard", "--hash", &beyond],
        &["match", "--a", "random", "--b", "random", "--hash", &beyond],
        &["lab", "scirocco", "--hash", &beyond],
        &["serve", "--no-open", "--engine-memory", &beyond],
    ] {
        let o = jovian(command);
        assert_fails(&o, &bounds);
        assert!(stderr(&o).contains("memory in MB") || stderr(&o).contains("hash size"));
    }
    // The bound itself is a size like any other: the table costs nothing until searched.
    let o = jovian(&[
        "analyse",
        "scirocco",
        "--depth",
        "1",
        "--hash",
        &max.to_string(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("bestmove"), "{}", stdout(&o));
}

/// Issue 31: `--level -1` was "unexpected argument '-1' found"; a negative number is a number out
/// of bounds wherever one is read.
#[test]
fn negative_numbers_get_the_bounds_message() {
    for (args, needle) in [
        (
            &["play", "scirocco", "--level", "-1"][..],
            "-1 is not in 1..=11",
        ),
        (
            &["play", "scirocco", "--movetime", "-100"],
            "from 1 to 86400000",
        ),
        (&["analyse", "scirocco", "--depth", "-5"], "from 1 to 100"),
        (&["analyse", "scirocco", "--nodes", "-1"], "the node count"),
        (
            &["analyse", "scirocco", "--threads", "-2"],
            "the number of threads",
        ),
        (&["perft", "scirocco", "-1"], "the perft depth must be"),
        (
            &["match", "--a", "random", "--b", "random", "--games", "-2"],
            "the number of games must be",
        ),
        (
            &["match", "--a", "random", "--b", "random", "--seed", "-1"],
            "the seed must be a whole number from 0",
        ),
        (
            &["match", "--a", "random", "--b", "random", "--tc", "-1+0"],
            "--tc",
        ),
        (&["lab", "scirocco", "--level", "-3"], "-3 is not in 1..=10"),
        (&["lab", "scirocco", "--concurrency", "-1"], "games at once"),
        (&["serve", "--port", "-1"], "the port must be"),
        (
            &["serve", "--engines", "-4"],
            "the number of engines must be",
        ),
    ] {
        let o = jovian(args);
        assert_fails(&o, needle);
        assert!(!stderr(&o).contains("unexpected argument"), "{args:?}");
    }
    let o = jovian(&[
        "match",
        "--a",
        "random",
        "--b",
        "random",
        "--sprt",
        "0,10",
        "--sprt-alpha",
        "-0.05",
    ]);
    assert_fails(&o, "--sprt-alpha must be above 0 and below 0.5, not -0.05");
}

#[test]
fn match_times_out_of_bounds_are_refused() {
    for tc in [
        "1e300+0",
        "10+1e300",
        "18446744073709551616",
        "86401+0",
        "NaN",
    ] {
        let o = jovian(&["match", "--a", "random", "--b", "random", "--tc", tc]);
        assert_fails(&o, "at most 86400 (a day)");
    }
    assert_fails(
        &jovian(&["match", "--a", "movetime:100000000000", "--b", "random"]),
        "movetime:MS takes at most 86400000 ms",
    );
    assert_fails(
        &jovian(&[
            "match",
            "--a",
            "random",
            "--b",
            "random",
            "--cmd-limit",
            "movetime:18446744073709551615",
        ]),
        "--cmd-limit",
    );
    for (option, value) in [
        ("--games", "18446744073709551615"),
        ("--games", "0"),
        ("--concurrency", "100000"),
        ("--max-plies", "0"),
    ] {
        let o = jovian(&["match", "--a", "random", "--b", "random", option, value]);
        assert_fails(&o, option);
    }
}

#[test]
fn other_numbers_are_bounded_too() {
    assert_fails(
        &jovian(&["perft", "scirocco", "4000000000"]),
        "the perft depth must be a whole number from 0 to 20",
    );
    assert_fails(
        &jovian(&["analyse", "scirocco", "--movetime", "18446744073709551615"]),
        "from 1 to 86400000",
    );
    assert_fails(
        &jovian(&["analyse", "scirocco", "--depth", "1000"]),
        "from 1 to 100",
    );
    assert_fails(
        &jovian(&["play", "scirocco", "--movetime", "0"]),
        "from 1 to 86400000",
    );
    assert_fails(&jovian(&["play", "scirocco", "--level", "12"]), "--level");
}

#[test]
fn usage_errors_are_one_line_with_where_to_find_help() {
    let o = jovian(&["match", "--a", "random"]);
    assert_fails(&o, "--b <SPEC>");
    assert!(stderr(&o).contains("jovian match --help"), "{}", stderr(&o));
    assert_fails(&jovian(&["frobnicate"]), "unrecognized subcommand");
    assert_fails(&jovian(&["moves", "scirocco", "--sideways"]), "--sideways");
    // Help and the version are not errors.
    let o = jovian(&["--version"]);
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("jovian "));
}

#[test]
fn an_argument_that_is_not_utf8_is_one_line() {
    use std::os::unix::ffi::OsStrExt;
    let o = Command::new(env!("CARGO_BIN_EXE_jovian"))
        .arg("show")
        .arg("scirocco")
        .arg("--setup")
        .arg(std::ffi::OsStr::from_bytes(b"rot-\xff"))
        .output()
        .expect("the binary runs");
    assert_fails(&o, "invalid UTF-8");
    // A file name need not be UTF-8: it is only a name that is not there.
    let o = Command::new(env!("CARGO_BIN_EXE_jovian"))
        .arg("validate")
        .arg(std::ffi::OsStr::from_bytes(b"/nonexistent/\xff.pgn"))
        .output()
        .expect("the binary runs");
    assert_fails(&o, "cannot read /nonexistent/");
}

/// Runs `args` with stdout a pipe whose reader has gone after `keep` bytes.
fn into_closed_pipe(args: &[&str], keep: usize) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jovian"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdout = child.stdout.take().unwrap();
    let mut start = vec![0; keep];
    stdout.read_exact(&mut start).expect("some output first");
    drop(stdout);
    child.wait_with_output().expect("the binary ends")
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    // `setups typhoon` writes 5.7 MB, `perft --divide` a line per move: both outlast the pipe.
    for (args, keep) in [
        (&["setups", "typhoon"][..], 100),
        (&["setups", "typhoon"], 0),
        (&["perft", "typhoon", "2", "--divide"], 10),
    ] {
        let o = into_closed_pipe(args, keep);
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.contains("Broken pipe"), "{args:?}: {err}");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
    }
}

#[test]
fn a_full_disk_is_one_line() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full on Linux");
    let o = Command::new(env!("CARGO_BIN_EXE_jovian"))
        .args(["setups", "scirocco"])
        .stdout(full)
        .output()
        .expect("the binary runs");
    assert_fails(&o, "cannot write the output");
}

#[test]
fn endless_or_huge_inputs_stop_at_the_limit() {
    assert_fails(
        &jovian(&["validate", "/dev/zero"]),
        "longer than 8 MB, the limit for a record or a position",
    );
    assert_fails(
        &jovian(&["show", "scirocco", "--json", "/dev/zero"]),
        "longer than 8 MB",
    );
    // A pipe that never closes: `validate /dev/stdin` fed by an endless writer.
    let mut child = Command::new(env!("CARGO_BIN_EXE_jovian"))
        .args(["validate", "/dev/stdin"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let block = vec![b'x'; 1 << 16];
        while stdin.write_all(&block).is_ok() {}
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_fails(&o, "cannot read /dev/stdin: longer than 8 MB");
    let binary = scratch("binary.pgn", "");
    std::fs::write(&binary, b"[Variant \"scirocco\"]\n1. P-d4 \xff\xfe *\n").unwrap();
    assert_fails(
        &jovian(&["validate", binary.to_str().unwrap()]),
        "not UTF-8 text (byte 29)",
    );
}

#[test]
fn play_survives_an_endless_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jovian"))
        .args(["play", "scirocco", "--level", "1", "--record", "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        // A megabyte without a line end, then a command on its own line.
        stdin.write_all(&vec![b'y'; 1 << 20]).unwrap();
        stdin.write_all(b"\nquit\n").unwrap();
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("too long a line (more than 64 KB)"), "{out}");
    assert!(out.contains("Record saved to /dev/null"), "{out}");
}

#[test]
fn records_and_positions_with_a_byte_order_mark_read() {
    let record = scratch(
        "bom.pgn",
        "\u{feff}[Variant \"scirocco\"]\n[Result \"*\"]\n\n1. P-d4 P-g7 *\n",
    );
    let o = jovian(&["validate", record.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("1 move (2 plies)"), "{}", stdout(&o));
    let json = scratch(
        "bom.json",
        "\u{feff}{\"variant\":\"scirocco\",\"to_move\":\"blue\",\
         \"pieces\":[[\"blue\",\"K\",\"a1\"],[\"blue\",\"P\",\"e4\"],[\"tan\",\"K\",\"j10\"],\
         [\"tan\",\"P\",\"e8\"]]}",
    );
    let o = jovian(&["moves", "scirocco", "--json", json.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).lines().any(|l| l == "Ka1-a2"), "{}", stdout(&o));
}

#[test]
fn move_numbers_are_checked() {
    let record =
        |name: &str, moves: &str| scratch(name, &format!("[Variant \"scirocco\"]\n\n{moves} *\n"));
    let zero = record("zero.pgn", "0. P-d4 P-g7");
    assert_fails(
        &jovian(&["validate", zero.to_str().unwrap()]),
        "line 3: move number \"0.\" should be \"1.\"",
    );
    let skipped = record("skipped.pgn", "1. P-d4 P-g7 3. C-e4");
    assert_fails(
        &jovian(&["validate", skipped.to_str().unwrap()]),
        "move number \"3.\" should be \"2.\"",
    );
    let tan = record("tan.pgn", "1. P-d4 2. P-g7");
    assert_fails(
        &jovian(&["validate", tan.to_str().unwrap()]),
        "move number \"2.\" should be \"1...\"",
    );
    let fine = record("fine.pgn", "1. P-d4 {a comment} 1... P-g7 2. C-e4");
    let o = jovian(&["validate", fine.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn a_bare_equals_sign_needs_a_promotion_to_decline() {
    // P-d4 cannot promote: `=` is refused like `+` (it was accepted, while `+` was refused).
    for text in ["P-d4=", "P-d4+"] {
        let o = jovian(&["show", "scirocco", "--moves", text]);
        assert_fails(&o, "neither starts nor ends in Blue's promotion zone");
    }
    assert_fails(
        &jovian(&["show", "scirocco", "--moves", "P-d4="]),
        "no promotion to decline",
    );
    let o = jovian(&["show", "scirocco", "--moves", "P-d4"]);
    assert!(o.status.success(), "{}", stderr(&o));
}
