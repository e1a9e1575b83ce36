//! `jovian lab` end to end: a tiny run (depth-1 games cut at 40 plies) writes its records and its
//! report, resumes and extends to the same games a run in one go plays, and refuses bad input
//! with one line.

mod common;

use std::path::Path;

use common::{assert_fails, fresh_dir, jovian, run_ok};

/// The records' texts by file name, without the Date tag (a run may cross midnight).
fn records(dir: &Path) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let text: Vec<&str> = text.lines().filter(|l| !l.starts_with("[Date")).collect();
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                text.join("\n"),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_small_run_writes_records_and_a_report_and_resumes_to_the_same_games() {
    let dir = fresh_dir("lab-small");
    let d = dir.to_str().unwrap();
    let common = [
        "--depth",
        "1",
        "--max-plies",
        "40",
        "--seed",
        "5",
        "--quiet",
    ];
    let mut args = vec!["lab", "scirocco", "--games", "3", "--out", d];
    args.extend(common);
    let text = run_ok(&args);
    assert!(
        text.contains("Scirocco lab: 3 games, both sides depth:1"),
        "{text}"
    );
    assert!(text.contains("2 random opening plies"), "{text}");
    assert!(text.contains("Length: median"), "{text}");
    for file in ["lab.txt", "report.html", "figures.csv"] {
        assert!(dir.join(file).is_file(), "{file}");
    }
    let first = records(&dir);
    assert_eq!(first.len(), 3);
    let report = std::fs::read_to_string(dir.join("report.html")).unwrap();
    for id in ["plot-lengths", "plot-arrays", "plot-values", "plot-eval"] {
        assert!(report.contains(&format!("<svg id=\"{id}\"")), "{id}");
    }
    // Every game is cut at 40 plies or ends before.
    let csv = std::fs::read_to_string(dir.join("figures.csv")).unwrap();
    assert!(csv.contains("setups,all"), "{csv}");

    // Resumed and extended: the three games are read back, one more is played.
    let text = run_ok(&[
        "lab", "scirocco", "--games", "4", "--out", d, "--resume", "-q",
    ]);
    assert!(
        text.contains("Resumed: 3 games read from the records, 1 played now"),
        "{text}"
    );
    let extended = records(&dir);
    assert_eq!(extended.len(), 4);
    assert_eq!(&extended[..3], &first[..]);

    // The same four games in one go, on one thread.
    let again = fresh_dir("lab-small-again");
    let mut args = vec!["lab", "scirocco", "--games", "4", "--concurrency", "1"];
    args.extend(["--out", again.to_str().unwrap()]);
    args.extend(common);
    run_ok(&args);
    assert_eq!(records(&again), extended);

    // A setting that contradicts the run is named.
    let o = jovian(&["lab", "scirocco", "--out", d, "--resume", "--depth", "2"]);
    assert_fails(
        &o,
        "was played with the player \"depth:1\", not \"depth:2\"",
    );
    // Four short games fit no values: asked for the engine's table, the command says why and
    // writes no file (the records stay).
    let finished_run_writing = |option: &str, file: &Path| {
        jovian(&[
            "lab",
            "scirocco",
            "--games",
            "4",
            "--out",
            d,
            "--resume",
            "-q",
            option,
            file.to_str().unwrap(),
        ])
    };
    let table = dir.join("values.tsv");
    let o = finished_run_writing("--values-out", &table);
    assert_fails(&o, "no values to write to");
    assert!(!table.exists());
    // Nor weights: with no quiet position past the opening there is nothing to fit.
    let weights = dir.join("weights.tsv");
    let o = finished_run_writing("--weights-out", &weights);
    assert_fails(&o, "no weights to write to");
    assert!(!weights.exists());
    assert_eq!(records(&dir), extended);
    // A directory that holds a run is not overwritten.
    let o = jovian(&["lab", "scirocco", "--out", d, "--depth", "1"]);
    assert_fails(&o, "already holds a run");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&again);
}

#[test]
fn a_game_with_one_array_plays_it_with_four_random_plies() {
    let dir = fresh_dir("lab-one-array");
    let d = dir.to_str().unwrap();
    let text = run_ok(&[
        "lab",
        "larger-board",
        "--games",
        "1",
        "--depth",
        "1",
        "--max-plies",
        "12",
        "--out",
        d,
        "-q",
    ]);
    assert!(
        text.contains("arrays standard; 4 random opening plies"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn jupiter_1999_runs_play_the_royal_tropism_unless_told_otherwise() {
    let dir = fresh_dir("lab-jupiter-1999");
    let d = dir.to_str().unwrap();
    let short = ["--games", "1", "--depth", "1", "--max-plies", "6", "-q"];
    let text = run_ok(&[&["lab", "jupiter-1999", "--out", d], &short[..]].concat());
    assert!(
        text.contains("both sides depth:1@royal_tropism=1000;"),
        "{text}"
    );
    let saved = std::fs::read_to_string(dir.join("lab.txt")).unwrap();
    assert!(saved.contains("depth:1@royal_tropism=1000"), "{saved}");
    // Resumed without a player, the saved one is played as it was written.
    let resumed = run_ok(&["lab", "jupiter-1999", "--out", d, "--resume", "-q"]);
    assert!(resumed.contains("depth:1@royal_tropism=1000;"), "{resumed}");
    let _ = std::fs::remove_dir_all(&dir);
    // A --tune that names it decides; one that does not keeps it.
    let off = run_ok(
        &[
            &[
                "lab",
                "jupiter-1999",
                "--out",
                d,
                "--tune",
                "royal_tropism=0",
            ],
            &short[..],
        ]
        .concat(),
    );
    assert!(off.contains("both sides depth:1@royal_tropism=0;"), "{off}");
    let _ = std::fs::remove_dir_all(&dir);
    let kept = run_ok(
        &[
            &["lab", "jupiter-1999", "--out", d, "--tune", "value_table=1"],
            &short[..],
        ]
        .concat(),
    );
    assert!(
        kept.contains("both sides depth:1@royal_tropism=1000,value_table=1;"),
        "{kept}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    // Other games get none: Jupiter's own engine plays the tropism (its conversion bundle).
    for game in ["scirocco", "jupiter"] {
        let text = run_ok(&[&["lab", game, "--out", d], &short[..]].concat());
        assert!(text.contains("both sides depth:1;"), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_one_line() {
    let dir = fresh_dir("lab-bad");
    let d = dir.to_str().unwrap();
    assert_fails(
        &jovian(&["lab", "chess", "--out", d]),
        "unknown game \"chess\"",
    );
    assert_fails(
        &jovian(&["lab", "scirocco", "--setups", "rot-0101", "--out", d]),
        "unknown array \"rot-0101\"",
    );
    assert_fails(
        &jovian(&["lab", "scirocco", "--setups", "all", "default", "--out", d]),
        "--setups all stands alone",
    );
    assert_fails(
        &jovian(&["lab", "scirocco", "--level", "3", "--depth", "2"]),
        "cannot be used with",
    );
    assert_fails(&jovian(&["lab", "scirocco", "--level", "11"]), "--level");
    assert_fails(
        &jovian(&["lab", "scirocco", "--random-plies", "99"]),
        "random opening plies",
    );
    assert_fails(
        &jovian(&["lab", "scirocco", "--out", d, "--resume"]),
        "cannot resume",
    );
    assert!(!dir.exists(), "nothing is written for refused input");
}
