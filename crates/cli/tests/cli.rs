//! The command line as a user meets it: outputs of each command, and one clear error line with
//! exit status 2 for every kind of bad input.

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::{assert_fails, jovian, scratch, stderr, stdout};

#[test]
fn moves_lists_the_21_opening_moves_in_long_form() {
    let o = jovian(&["moves", "scirocco"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21, "{out}");
    for expected in [
        "Prb2-a4", "Prb2-d1", "Kd2-d1", "Cf1-e4", "Cf1-g4", "Mai2-j2", "Cha1-a2",
    ] {
        assert!(lines.contains(&expected), "{expected} missing from {out}");
    }
    assert!(lines.contains(&"Pd3-d4"));
    assert!(lines.contains(&"Guc3-c4"));
}

#[test]
fn perft_prints_counts_and_divide_adds_up() {
    let o = jovian(&["perft", "scirocco", "2"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).trim_end().lines().last(), Some("nodes 441"));
    assert!(stderr(&o).contains("nodes/s"));

    let o = jovian(&["perft", "scirocco", "2", "--divide"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.trim_end().lines().collect();
    assert_eq!(lines.len(), 22);
    let sum: u64 = lines[..21]
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 441);
    assert_eq!(lines[21], "nodes 441");
}

#[test]
fn the_legend_names_every_promotion_choice() {
    // The 12x8 Pawn chooses among thirteen types: the legend names them all, not the first.
    let o = jovian(&["show", "larger-board"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let pawn = (out.lines())
        .find(|l| l.trim_start().starts_with("P ") && l.contains("Pawn:"))
        .expect("the Pawn's legend line");
    assert!(
        pawn.contains("Promotes to Queen (Q), Rook (R), Bishop (B), Knight (N), Lion (Li)"),
        "{pawn}"
    );
    assert!(pawn.contains(", Wizard (Wz) or Elephant (El)."), "{pawn}");
}

#[test]
fn show_draws_the_board_and_a_legend() {
    let o = jovian(&["show", "scirocco"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("Scirocco - Blue to move"));
    let rank1 = out
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .expect("rank 1 line");
    for abbr in ["Ch", "A", "St", "N", "C", "De", "Go", "D", "Wa"] {
        assert!(
            rank1.split_whitespace().any(|t| t == abbr),
            "{abbr} not on rank 1: {rank1}"
        );
    }
    assert!(out.contains("Dervish"));
    assert!(out.contains("Promotes to Harpy (Ha)"));
    let legend: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("Legend"))
        .collect();
    assert_eq!(
        legend.len(),
        1 + 18,
        "one line per type on the board: {legend:?}"
    );
    assert!(
        !legend.iter().any(|l| l.trim_start().starts_with("Ge ")),
        "no Genie on the board"
    );
}

#[test]
fn setups_lists_all_arrays() {
    let o = jovian(&["setups", "scirocco"]);
    let names: Vec<String> = stdout(&o)
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect();
    assert_eq!(names.len(), 517);
    assert!(names.contains(&"rot-00111011".to_string()));
    let o = jovian(&["moves", "scirocco", "--setup", "2001-WaWa"]);
    assert!(o.status.success());
}

#[test]
fn json_positions_show_relayed_moves() {
    let path = scratch(
        "dervish.json",
        r#"{"variant":"scirocco","to_move":"blue","pieces":[["blue","De","g5"],["blue","P","f4"],["blue","P","h5"],["blue","K","a1"],["tan","K","j10"],["tan","P","a8"]]}"#,
    );
    let o = jovian(&["moves", "scirocco", "--json", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for m in ["Pf4-h6", "Pf4-f5", "Ph5-g6", "Ph5-g4", "Ph5-h6"] {
        assert!(out.lines().any(|l| l == m), "{m} missing: {out}");
    }
    assert!(!out.lines().any(|l| l == "Pf4-f6" || l == "Pf4-h4"));
}

#[test]
fn bad_input_gets_one_line_and_status_2() {
    assert_fails(&jovian(&["moves", "chess"]), "unknown game");
    assert_fails(
        &jovian(&["moves", "scirocco", "--position", "garbage"]),
        "bad position",
    );
    assert_fails(
        &jovian(&["moves", "scirocco", "--setup", "rot-2"]),
        "unknown Scirocco setup",
    );
    assert_fails(
        &jovian(&[
            "perft",
            "scirocco",
            "1",
            "--position",
            "Xq,9/10/10/10/10/10/10/10/10/K,8,k b",
        ]),
        "bad position",
    );
    // Two Kings missing: a position without royal pieces is rejected.
    assert_fails(
        &jovian(&[
            "show",
            "scirocco",
            "--position",
            "10/10/10/10/10/10/10/10/10/P,8,p b",
        ]),
        "royal",
    );
    assert_fails(
        &jovian(&["moves", "scirocco", "--json", "/nonexistent/file.json"]),
        "cannot read",
    );
    let bad_json = scratch(
        "bad.json",
        r#"{"variant":"scirocco","to_move":"blue","pieces":[["blue","Kx","a1"]]}"#,
    );
    assert_fails(
        &jovian(&["moves", "scirocco", "--json", bad_json.to_str().unwrap()]),
        "Kx",
    );
    let bad_square = scratch(
        "badsq.json",
        r#"{"variant":"scirocco","to_move":"blue","pieces":[["blue","K","k1"]]}"#,
    );
    assert_fails(
        &jovian(&["moves", "scirocco", "--json", bad_square.to_str().unwrap()]),
        "k1",
    );
}

#[test]
fn validate_accepts_a_legal_record_and_names_the_first_illegal_move() {
    let good = scratch(
        "good.pgn",
        "[Variant \"scirocco\"]\n[Setup \"default\"]\n[Blue \"A\"]\n[Tan \"B\"]\n[Result \"*\"]\n\n1. P-d4 P-g7 2. C-e4 C-f7 *\n",
    );
    let o = jovian(&["validate", good.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("2 moves (4 plies)"), "{}", stdout(&o));

    let bad = scratch(
        "bad.pgn",
        "[Variant \"scirocco\"]\n[Result \"*\"]\n\n1. P-d4 P-g7 2. Ch-a5 C-f7 *\n",
    );
    let o = jovian(&["validate", bad.to_str().unwrap()]);
    assert_fails(&o, "move 2");
    assert!(stderr(&o).contains("Ch-a5"));
    assert_fails(
        &jovian(&[
            "validate",
            scratch("novariant.pgn", "1. P-d4 *\n").to_str().unwrap(),
        ]),
        "Variant",
    );
}

#[test]
fn bench_reports_every_workload() {
    let o = jovian(&["bench", "--quick"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("scirocco default array"));
    // Depth 4 from the default array, one less than the real bench.
    assert!(
        out.lines()
            .any(|l| l.starts_with("scirocco default array") && l.contains(" 268223 ")),
        "{out}"
    );
    assert!(out.contains("total nodes"));
}

#[test]
fn play_in_the_terminal_against_the_engine() {
    use std::io::Write;
    let record = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("played.pgn");
    let _ = std::fs::remove_file(&record);
    let mut child = Command::new(env!("CARGO_BIN_EXE_jovian"))
        .args([
            "play",
            "scirocco",
            "--level",
            "1",
            "--as",
            "blue",
            "--record",
            record.to_str().unwrap(),
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("play starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"P-d4\nNo-such-move\nmoves\nundo\nC-e4\nresign\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(out.matches("Jovian plays").count(), 2, "{out}");
    assert!(out.contains("Blue resigns"));
    assert!(out.contains("Record saved"));
    let text = std::fs::read_to_string(&record).expect("record written");
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    assert!(
        text.contains("C-e4"),
        "the taken-back move is replaced: {text}"
    );
    assert!(!text.contains("P-d4"), "{text}");
    let o = jovian(&["validate", record.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// Jupiter in the terminal: the legend once at the start and on request, the board once a turn
/// (with the engine's reply), and a Tank push typed without its pushed pieces answered with the
/// whole form it accepts.
#[test]
fn play_shows_the_board_once_a_turn_and_names_the_whole_form_of_a_near_miss() {
    use std::io::Write;
    let record = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tank.pgn");
    let tank = "p,14,k/16/16/16/16/16/16/16/16/16/10,p,5/10,Go,5/10,A,5/10,OxT,5/16/15,K b";
    let mut child = Command::new(env!("CARGO_BIN_EXE_jovian"))
        .args(["play", "jupiter", "--position", tank, "--level", "1"])
        .args(["--record", record.to_str().unwrap()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("play starts");
    let typed = b"OxT-k4\nOxT-k4:A-k5,Goxk6\nlegend\nquit\n";
    child.stdin.take().unwrap().write_all(typed).unwrap();
    let o = child.wait_with_output().unwrap();
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        out.contains("Legal moves written so: OxT-k4:A-k5,Goxk6 (type one whole)"),
        "{out}"
    );
    assert!(out.contains("you played: OxT-k4:A-k5,Goxk6"), "{out}");
    assert_eq!(out.matches("Jovian plays").count(), 1, "{out}");
    // The board at the start and after the engine's reply: twice in all, not after the push too.
    assert_eq!(out.matches("Jupiter - ").count(), 2, "{out}");
    // The legend at the start and when asked.
    assert_eq!(out.matches("Legend:").count(), 2, "{out}");
    assert!(out.contains("OxT  Ox Tank"), "{out}");
}

#[test]
fn analyse_prints_iterations_and_a_best_move() {
    let o = jovian(&["analyse", "scirocco", "--depth", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for d in 1..=4 {
        assert!(
            out.lines().any(|l| l.starts_with(&format!("depth {d:>2}"))),
            "{out}"
        );
    }
    assert!(out.lines().last().unwrap().starts_with("bestmove "));
    assert!(out.contains("nps"));
}
