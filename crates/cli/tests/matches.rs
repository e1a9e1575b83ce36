//! `jovian match` end to end: the table, the records, reproducibility, and a `cmd:` player that
//! is Jovian's own CECP engine.

mod common;

use std::path::PathBuf;

use common::{fresh_dir, jovian, run_ok, stdout};

/// The game records in a match directory, in order (not its `match.txt`).
fn records(dir: &PathBuf) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the out directory exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    files
}

/// Runs a match and checks that it finished with a table.
fn run_match(args: &[&str]) -> String {
    let text = run_ok(args);
    for part in [
        "result",
        "royal captured",
        "bared",
        "no legal move",
        "move limit",
        "total",
        "Average length",
        "Score of A",
        "Elo difference A - B",
        "Wall time",
    ] {
        assert!(text.contains(part), "{part:?} missing from:\n{text}");
    }
    text
}

/// A's score in percent, from the `Score of A: x/n = p%` line.
fn score_percent(text: &str) -> f64 {
    let line = text.lines().find(|l| l.starts_with("Score of A")).unwrap();
    let p = line.rsplit(' ').next().unwrap().trim_end_matches('%');
    p.parse().unwrap()
}

#[test]
fn small_match_writes_valid_records() {
    let dir = fresh_dir("match-small");
    let text = run_match(&[
        "match",
        "--games",
        "4",
        "--a",
        "depth:1",
        "--b",
        "random",
        "--max-plies",
        "200",
        "--concurrency",
        "2",
        "--seed",
        "11",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(text.contains("4 games"), "{text}");
    let files = records(&dir);
    assert_eq!(files.len(), 4, "{files:?}");
    for f in &files {
        let o = jovian(&["validate", f.to_str().unwrap()]);
        assert!(
            o.status.success(),
            "{}: {}",
            f.display(),
            String::from_utf8_lossy(&o.stderr)
        );
        let record = std::fs::read_to_string(f).unwrap();
        for tag in ["[Blue ", "[Tan ", "[Date ", "[Result ", "[Setup \""] {
            assert!(record.contains(tag), "{tag} missing from {record}");
        }
    }
    // Each array is played twice, colours swapped.
    let setup = |i: usize| {
        let r = std::fs::read_to_string(&files[i]).unwrap();
        r.lines()
            .find(|l| l.starts_with("[Setup"))
            .unwrap()
            .to_string()
    };
    assert_eq!(setup(0), setup(1));
    assert_eq!(setup(2), setup(3));
    let first = std::fs::read_to_string(&files[0]).unwrap();
    assert!(first.contains("[Blue \"depth:1\"]") && first.contains("[Tan \"random\"]"));
    let second = std::fs::read_to_string(&files[1]).unwrap();
    assert!(second.contains("[Blue \"random\"]") && second.contains("[Tan \"depth:1\"]"));
}

#[test]
fn the_engine_outscores_random_and_the_match_replays_exactly() {
    let run = |name: &str, concurrency: &str| {
        let dir = fresh_dir(name);
        let text = run_match(&[
            "match",
            "--games",
            "10",
            "--a",
            "depth:1",
            "--b",
            "random",
            "--max-plies",
            "200",
            "--concurrency",
            concurrency,
            "--seed",
            "2024",
            "--out",
            dir.to_str().unwrap(),
            "--quiet",
        ]);
        (text, dir)
    };
    let (text, dir_a) = run("match-replay-a", "2");
    assert!(score_percent(&text) > 50.0, "{text}");
    let (again, dir_b) = run("match-replay-b", "1");
    assert_eq!(score_percent(&text), score_percent(&again));
    let (a, b) = (records(&dir_a), records(&dir_b));
    assert_eq!(a.len(), 10);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(
            std::fs::read_to_string(x).unwrap(),
            std::fs::read_to_string(y).unwrap(),
            "{} differs",
            x.display()
        );
    }
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// The `Score of A` line and the lines of the results table, which a resumed match must
/// reproduce exactly.
fn table_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| {
            !l.starts_with("Wall time") && !l.starts_with("Records") && !l.starts_with("Resumed")
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn a_resumed_match_plays_its_own_game_unless_told() {
    let dir = fresh_dir("match-resume-game");
    let d = dir.to_str().unwrap();
    let base = [
        "match",
        "--a",
        "depth:1",
        "--b",
        "greedy",
        "--max-plies",
        "12",
        "--out",
        d,
        "-q",
    ];
    run_match(
        &[
            &base[..],
            &["--game", "typhoon", "--games", "2", "--seed", "7"],
        ]
        .concat(),
    );
    // Without --game the saved one is played (not the default, Scirocco).
    let text = run_match(&[&base[..], &["--games", "4", "--resume"]].concat());
    assert!(
        text.contains("Resumed: 2 games read from the records, 2 played now"),
        "{text}"
    );
    for record in records(&dir) {
        let pgn = std::fs::read_to_string(&record).unwrap();
        assert!(pgn.contains("[Variant \"typhoon\"]"), "{pgn}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stopped_match_resumes_and_extends_to_the_same_games() {
    let args = |dir: &PathBuf, games: &'static str| {
        vec![
            "match".to_string(),
            "--games".into(),
            games.into(),
            "--a".into(),
            "depth:1".into(),
            "--b".into(),
            "greedy".into(),
            "--max-plies".into(),
            "200".into(),
            "--concurrency".into(),
            "2".into(),
            "--out".into(),
            dir.to_str().unwrap().into(),
            "--quiet".into(),
        ]
    };
    // The whole match at once.
    let whole = fresh_dir("match-resume-whole");
    let mut full = args(&whole, "6");
    full.extend(["--seed".into(), "99".into()]);
    let whole_text = run_match(&strs(&full));

    // The same match in parts: 4 games, one record lost, then resumed to 6 without the seed.
    let parts = fresh_dir("match-resume-parts");
    let mut first = args(&parts, "4");
    first.extend(["--seed".into(), "99".into()]);
    run_match(&strs(&first));
    let settings = std::fs::read_to_string(parts.join("match.txt")).unwrap();
    assert!(settings.contains("seed: 99"), "{settings}");
    std::fs::remove_file(parts.join("game-002.pgn")).unwrap();
    let mut again = args(&parts, "6");
    again.push("--resume".into());
    let resumed_text = run_match(&strs(&again));
    assert!(
        resumed_text.contains("Resumed: 3 games read from the records, 3 played now"),
        "{resumed_text}"
    );
    assert_eq!(table_lines(&resumed_text), table_lines(&whole_text));
    let (a, b) = (records(&whole), records(&parts));
    assert_eq!(a.len(), 6);
    assert_eq!(b.len(), 6);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(
            std::fs::read_to_string(x).unwrap(),
            std::fs::read_to_string(y).unwrap(),
            "{} differs",
            y.display()
        );
    }

    // A new match may not mix its games into an old one, and a resumed one keeps its settings.
    for (extra, needle) in [
        (vec![], "already holds a match"),
        (vec!["--resume", "--seed", "5"], "--seed"),
        (vec!["--resume", "--game", "typhoon"], "--game"),
    ] {
        let base = args(&parts, "6");
        let mut bad = strs(&base);
        bad.extend(extra);
        let o = common::jovian(&bad);
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(needle), "{needle:?} not in {err:?}");
    }
    let base = args(&parts, "6");
    let mut other_player = strs(&base);
    other_player[6] = "random";
    other_player.push("--resume");
    let o = common::jovian(&other_player);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(err.contains("--b \"greedy\", not \"random\""), "{err}");
    let missing = fresh_dir("match-resume-missing");
    let base = args(&missing, "2");
    let mut nothing = strs(&base);
    nothing.push("--resume");
    let o = common::jovian(&nothing);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot resume"));
}

#[test]
fn a_cmd_player_is_driven_over_cecp() {
    let dir = fresh_dir("match-cmd");
    let engine = format!("cmd:{} xboard --hash 4", env!("CARGO_BIN_EXE_jovian"));
    let text = run_match(&[
        "match",
        "--games",
        "2",
        "--a",
        &engine,
        "--b",
        "random",
        "--cmd-limit",
        "depth:1",
        "--max-plies",
        "150",
        "--seed",
        "5",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let files = records(&dir);
    assert_eq!(files.len(), 2);
    for f in &files {
        let o = jovian(&["validate", f.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    // Jovian at depth 1 does not lose to random moves; a forfeit would mean a protocol failure.
    assert!(!text.contains("forfeit"), "{text}");
    assert!(score_percent(&text) >= 50.0, "{text}");
}

/// The move lines of a record (its tags, with the date and players, left out).
fn moves_of(record: &PathBuf) -> String {
    let text = std::fs::read_to_string(record).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('[')).collect();
    lines.join("\n")
}

/// Two Jovian engines over CECP at a fixed node count (`--cmd-limit nodes:N`, XBoard's `nps`)
/// play the 12x8 game, in Jovian's own move texts (pair drops, Golem moves and shots
/// included), with the match's opening plies sent as moves: a second run plays the very same
/// games, which is what a match between two builds needs.
#[test]
fn two_engines_over_cecp_at_fixed_nodes_replay_the_same_12x8_games() {
    let engine = format!("cmd:{} xboard --hash 4", env!("CARGO_BIN_EXE_jovian"));
    let mut runs = Vec::new();
    for (run, nodes) in ["nodes:300", "nodes:300", "nodes:3000"]
        .into_iter()
        .enumerate()
    {
        let dir = fresh_dir(&format!("match-cmd-nodes-{run}"));
        let text = run_match(&[
            "match",
            "--game",
            "larger-board",
            "--games",
            "2",
            "--a",
            &engine,
            "--b",
            &engine,
            "--cmd-limit",
            nodes,
            "--max-plies",
            "80",
            "--concurrency",
            "2",
            "--seed",
            "3",
            "--out",
            dir.to_str().unwrap(),
        ]);
        // A forfeit would mean an engine missed a move (the opening plies) or misread one.
        assert!(!text.contains("forfeit"), "{text}");
        let files = records(&dir);
        assert_eq!(files.len(), 2);
        for f in &files {
            let o = jovian(&["validate", f.to_str().unwrap()]);
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        }
        runs.push(files.iter().map(moves_of).collect::<Vec<_>>());
    }
    assert_eq!(runs[0], runs[1]);
    // The node count is what the engines searched: ten times more plays other games.
    assert_ne!(runs[0], runs[2]);
}

#[test]
fn bad_match_arguments_get_one_line() {
    for (args, needle) in [
        (vec!["--a", "nonsense", "--b", "random"], "unknown player"),
        (vec!["--a", "clock", "--b", "random"], "--tc"),
        (
            vec!["--a", "random", "--b", "random", "--tc", "fast"],
            "--tc takes",
        ),
        (
            vec!["--a", "random", "--b", "random", "--cmd-limit", "nodes:0"],
            "nodes:N",
        ),
        (
            vec![
                "--a",
                "cmd:/no/such/engine",
                "--b",
                "random",
                "--games",
                "2",
            ],
            "cannot start",
        ),
    ] {
        let dir = fresh_dir("match-bad");
        let mut full = vec!["match", "--out", dir.to_str().unwrap()];
        full.extend(args);
        let o = jovian(&full);
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(2), "{full:?}: {err}");
        assert!(err.contains(needle), "{needle:?} not in {err:?}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn an_sprt_stops_as_soon_as_it_decides() {
    // depth:1 against the random mover wins every pair: H1 of "at least 100 Elo better" is
    // accepted long before the 60 games run out. The games under way when it decides are finished
    // and counted: a game thread may have taken the next game before the verdict.
    let dir = fresh_dir("match-sprt");
    let text = run_match(&[
        "match",
        "--games",
        "60",
        "--a",
        "depth:1",
        "--b",
        "random",
        "--max-plies",
        "200",
        "--concurrency",
        "1",
        "--seed",
        "5",
        "--sprt",
        "0,100",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(text.contains("H1 accepted"), "{text}");
    let played = records(&dir).len();
    assert!(played < 60, "{played} games\n{text}");
    // Without a terminal, the LLR is shown after each pair as it goes.
    let llr_lines = text.lines().filter(|l| l.starts_with("LLR ")).count();
    assert_eq!(llr_lines, played / 2, "{text}");
    assert!(llr_lines > 1, "one pair is not proof\n{text}");
    // The same player pair against a bound it cannot reach: H0.
    let dir = fresh_dir("match-sprt-h0");
    let text = run_match(&[
        "match",
        "--games",
        "40",
        "--a",
        "random",
        "--b",
        "random",
        "--max-plies",
        "60",
        "--seed",
        "5",
        "--sprt",
        "300,400",
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(text.contains("H0 accepted"), "{text}");
    let o = jovian(&["match", "--a", "random", "--b", "random", "--sprt", "5,0"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("ELO0 < ELO1"), "{err}");
    // Negative bounds (a non-regression test) are read as bounds, not as an unknown option.
    let o = jovian(&[
        "match", "--a", "random", "--b", "random", "--sprt", "-10,-20",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("ELO0 < ELO1"), "{err}");
}

/// The movetext of a record (the lines after the tags).
fn movetext(path: &PathBuf) -> Vec<String> {
    let record = std::fs::read_to_string(path).unwrap();
    let text: Vec<&str> = record.lines().skip_while(|l| !l.is_empty()).collect();
    text.join(" ")
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// A game with one array (the 12x8 game) begins each pair with random plies by default, the same
/// for both games of the pair: without them a deterministic player replays one pair of games.
#[test]
fn a_game_with_one_array_begins_each_pair_with_random_plies() {
    let play = |name: &str, extra: &[&str]| {
        let dir = fresh_dir(name);
        let mut args = vec![
            "match",
            "--game",
            "larger-board",
            "--games",
            "4",
            "--a",
            "depth:1",
            "--b",
            "depth:1",
            "--max-plies",
            "24",
            "--concurrency",
            "2",
            "--seed",
            "5",
            "--quiet",
            "--out",
        ];
        args.push(dir.to_str().unwrap());
        args.extend_from_slice(extra);
        let text = run_match(&args);
        let games: Vec<Vec<String>> = records(&dir).iter().map(movetext).collect();
        assert_eq!(games.len(), 4);
        for f in records(&dir) {
            let o = jovian(&["validate", f.to_str().unwrap()]);
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        }
        (text, games)
    };
    // The first plies of a game: "1." and two moves, "2." and two moves.
    let opening = |g: &Vec<String>| g[..6].to_vec();
    let (text, games) = play("match-random-plies", &[]);
    assert!(text.contains("and 4 random plies"), "{text}");
    assert_eq!(
        opening(&games[0]),
        opening(&games[1]),
        "one pair, one opening"
    );
    assert_eq!(opening(&games[2]), opening(&games[3]));
    assert_ne!(opening(&games[0]), opening(&games[2]), "pairs differ");
    let (text, games) = play("match-no-random-plies", &["--random-plies", "0"]);
    assert!(!text.contains("random plies"), "{text}");
    assert_eq!(games[0], games[2], "without them the pairs repeat");
}

/// The `Position` tag of a record.
fn position_tag(record: &PathBuf) -> String {
    let pgn = std::fs::read_to_string(record).unwrap();
    let line = pgn
        .lines()
        .find(|l| l.starts_with("[Position \""))
        .unwrap_or_else(|| {
            panic!("no Position tag in {pgn}");
        });
    line["[Position \"".len()..line.len() - 2].to_string()
}

#[test]
fn a_match_from_positions_plays_each_twice_and_resumes_without_the_file() {
    let dir = fresh_dir("match-positions");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.with_extension("txt");
    // Two Scirocco endgames: Blue's Queen against Tan's Rook, Blue or Tan to move.
    let (first, second) = (
        "8,k,1/10/10/10/10/r,9/10/10/10/Q,8,K b",
        "8,k,1/10/10/10/10/r,9/10/10/10/Q,8,K t",
    );
    std::fs::write(&file, format!("# endgames\n\n{first}\n  {second}\n")).unwrap();
    let d = dir.to_str().unwrap();
    let f = file.to_str().unwrap();
    let base = [
        "match",
        "--a",
        "depth:2",
        "--b",
        "greedy",
        "--max-plies",
        "30",
        "--out",
        d,
        "-q",
    ];
    let text = run_match(
        &[
            &base[..],
            &["--positions", f, "--games", "4", "--seed", "3"],
        ]
        .concat(),
    );
    assert!(text.contains("from 2 positions"), "{text}");
    let starts: Vec<String> = records(&dir).iter().map(position_tag).collect();
    assert_eq!(starts, [first, first, second, second]);
    for record in records(&dir) {
        assert!(
            !std::fs::read_to_string(&record)
                .unwrap()
                .contains("[Setup ")
        );
    }
    // The positions are kept in match.txt: the resumed match needs no file, and plays the first
    // position again in its third pair.
    std::fs::remove_file(&file).unwrap();
    let o = jovian(&[&base[..], &["--games", "6", "--resume"]].concat());
    let (out, err) = (stdout(&o), String::from_utf8_lossy(&o.stderr).into_owned());
    assert!(o.status.success(), "{out}{err}");
    assert!(
        out.contains("Resumed: 4 games read from the records, 2 played now"),
        "{out}"
    );
    let starts: Vec<String> = records(&dir).iter().map(position_tag).collect();
    assert_eq!(starts[4..], [first, first]);
    // Other positions contradict the saved ones; a broken file is refused by line.
    std::fs::write(&file, format!("{second}\n")).unwrap();
    let o = jovian(&[&base[..], &["--games", "6", "--resume", "--positions", f]].concat());
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--positions"), "{err}");
    std::fs::write(&file, format!("{first}\n# next\n10/10/10 b\n")).unwrap();
    let fresh = fresh_dir("match-positions-bad");
    let o = jovian(&[
        "match",
        "--a",
        "random",
        "--b",
        "random",
        "--positions",
        f,
        "--out",
        fresh.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("line 3: ") && !err.contains("panicked"),
        "{err}"
    );
    assert!(
        !fresh.join("match.txt").exists(),
        "nothing is written for a refused match"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&file);
}
