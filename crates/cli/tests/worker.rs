//! `jovian worker`, what a Ray task runs (docs/cluster.md): asked for games of a lab run or a
//! match by number, it plays exactly the games a local run plays under those numbers, and a bad
//! request is one clear error. The Ray paths themselves are tested in tests/ray (Python).

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::{assert_fails, fresh_dir, jovian, stdout};

fn worker(request: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jovian"))
        .arg("worker")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(request.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn without_date(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("[Date")).collect();
    lines.join("\n")
}

/// The worker's records by game number.
fn answer_records(o: &Output) -> Vec<(usize, String)> {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let answer: serde_json::Value = serde_json::from_str(&stdout(o)).expect("JSON");
    assert_eq!(answer["version"], env!("CARGO_PKG_VERSION"));
    answer["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["index"].as_u64().unwrap() as usize,
                without_date(r["record"].as_str().unwrap()),
            )
        })
        .collect()
}

#[test]
fn a_worker_plays_the_lab_games_of_their_numbers() {
    let out = fresh_dir("worker-lab");
    let o = jovian(&[
        "lab",
        "scirocco",
        "--games",
        "4",
        "--depth",
        "1",
        "--max-plies",
        "30",
        "--seed",
        "9",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let settings = std::fs::read_to_string(out.join("lab.txt")).unwrap();
    let request = serde_json::json!({
        "kind": "lab", "settings": settings, "hash": 1, "indices": [3, 1],
    });
    let got = answer_records(&worker(&request.to_string()));
    assert_eq!(got.len(), 2);
    for (index, record) in got {
        let local = std::fs::read_to_string(out.join(format!("game-{:03}.pgn", index + 1)));
        assert_eq!(record, without_date(&local.unwrap()), "game {}", index + 1);
    }
}

/// Plays a 4-game match (depth 1 against greedy, 30 plies, seed 4, and `extra`) into `out`,
/// calls `before_request` (which may take away what the node should not need), then asks a
/// worker for the second pair, as a Ray task does, and checks that it plays the local records'
/// games. Returns the worker's records.
fn second_pair_from_a_worker(
    out: &Path,
    extra: &[&str],
    before_request: impl FnOnce(),
) -> Vec<(usize, String)> {
    let base = [
        "match",
        "--a",
        "depth:1",
        "--b",
        "greedy",
        "--games",
        "4",
        "--max-plies",
        "30",
        "--seed",
        "4",
        "-q",
        "--out",
    ];
    let o = jovian(&[&base[..], &[out.to_str().unwrap()], extra].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    before_request();
    let settings = std::fs::read_to_string(out.join("match.txt")).unwrap();
    // A pair, as a Ray task asks for it: colours swapped, one start.
    let request = serde_json::json!({
        "kind": "match", "settings": settings, "hash": 1, "indices": [2, 3],
    });
    let got = answer_records(&worker(&request.to_string()));
    assert_eq!(got.iter().map(|g| g.0).collect::<Vec<_>>(), [2, 3]);
    for (index, record) in &got {
        let local = std::fs::read_to_string(out.join(format!("game-{:03}.pgn", index + 1)));
        assert_eq!(record, &without_date(&local.unwrap()), "game {}", index + 1);
    }
    got
}

#[test]
fn a_worker_plays_the_match_games_of_their_numbers() {
    let out = fresh_dir("worker-match");
    let extra = ["--game", "typhoon", "--random-plies", "2"];
    second_pair_from_a_worker(&out, &extra, || {});
}

/// A match from `--positions`: the positions travel in the settings, so a node needs no file.
#[test]
fn a_worker_plays_a_match_from_positions_without_the_file() {
    let out = fresh_dir("worker-positions");
    let file = out.with_extension("txt");
    let endgame = "8,k,1/10/10/10/10/r,9/10/10/10/Q,8,K";
    std::fs::write(&file, format!("{endgame} b\n{endgame} t\n")).unwrap();
    let extra = ["--positions", file.to_str().unwrap()];
    let got = second_pair_from_a_worker(&out, &extra, || std::fs::remove_file(&file).unwrap());
    for (_, record) in got {
        let tag = format!("[Position \"{endgame} t\"]");
        assert!(record.contains(&tag), "{record}");
    }
}

/// A variant file's game: the worker is sent the file's text and plays from it, on a node where
/// the file is not at the path the settings name, the same games as the local run; a text that
/// makes another game than the driver's (its definition hash) is refused.
#[test]
fn a_worker_plays_a_variant_file_s_games_from_the_text_it_is_sent() {
    let out = fresh_dir("worker-file-game");
    let files = fresh_dir("worker-file-game-files");
    std::fs::create_dir_all(&files).unwrap();
    let text = stdout(&jovian(&["variant", "export", "scirocco"]))
        .replace("id = \"scirocco\"", "id = \"worker-wagon\"")
        .replace("betza = \"jR\"", "betza = \"jRN\"");
    let file = files.join("worker-wagon.toml");
    std::fs::write(&file, &text).unwrap();
    let o = jovian(&[
        "lab",
        file.to_str().unwrap(),
        "--games",
        "3",
        "--depth",
        "1",
        "--max-plies",
        "30",
        "--seed",
        "9",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let settings = std::fs::read_to_string(out.join("lab.txt")).unwrap();
    assert!(settings.contains("worker-wagon.toml"), "{settings}");
    // The node has no such file.
    std::fs::remove_dir_all(&files).unwrap();
    let hash = jovian_rules::file::game_from_toml(&text)
        .unwrap()
        .definition_hash()
        .to_string();
    let request = |text: &str, hash: &str| {
        serde_json::json!({
            "kind": "lab", "settings": settings, "hash": 1, "indices": [2, 0],
            "variant": {"text": text, "hash": hash},
        })
        .to_string()
    };
    let got = answer_records(&worker(&request(&text, &hash)));
    assert_eq!(got.len(), 2);
    for (index, record) in got {
        let local = std::fs::read_to_string(out.join(format!("game-{:03}.pgn", index + 1)));
        assert_eq!(record, without_date(&local.unwrap()), "game {}", index + 1);
    }
    let changed = text.replace("betza = \"jRN\"", "betza = \"jRA\"");
    let other = jovian_rules::file::game_from_toml(&changed)
        .unwrap()
        .definition_hash()
        .to_string();
    assert_fails(
        &worker(&request(&changed, &hash)),
        &format!(
            "worker-wagon.toml sent to this node reads as definition {other} here, but as {hash} \
             on the driver; refused, so that no results are mixed"
        ),
    );
    // Without the text, the file is looked for where the settings say, and is not there.
    let bare = serde_json::json!({
        "kind": "lab", "settings": settings, "hash": 1, "indices": [0],
    });
    assert_fails(&worker(&bare.to_string()), "worker-wagon.toml");
}

#[test]
fn a_bad_request_is_one_clear_error() {
    let lab = "game: scirocco\nplayer: depth:1\nsetups: all\nrandom-plies: 2\nmax-plies: 20\n\
               seed: 1\n";
    let request = |kind: &str, settings: &str, indices: &str| {
        format!(r#"{{"kind":{kind:?},"settings":{settings:?},"hash":1,"indices":{indices}}}"#)
    };
    for (text, needle) in [
        ("not json".to_string(), "not a worker request"),
        (
            request("lab", lab, "[]"),
            "a worker plays 1 to 64 games a request, not 0",
        ),
        (
            request("chess", lab, "[0]"),
            "a worker plays lab or match games, not \"chess\"",
        ),
        (request("lab", lab, "[100000]"), "100001"),
        (
            request("lab", "game: nosuch\n", "[0]"),
            "the request's settings are not a lab.txt",
        ),
        (
            request("lab", &lab.replace("scirocco", "nosuch"), "[0]"),
            "nosuch",
        ),
        (request("match", lab, "[0]"), "match.txt"),
    ] {
        assert_fails(&worker(&text), needle);
    }
}

#[test]
fn ray_without_its_python_is_one_clear_error() {
    let out = fresh_dir("worker-ray-python");
    let o = jovian(&[
        "lab",
        "scirocco",
        "--games",
        "2",
        "--depth",
        "1",
        "--out",
        out.to_str().unwrap(),
        "--ray",
        "--ray-python",
        "/nonexistent/python",
    ]);
    assert_fails(&o, "--ray: no Python at /nonexistent/python");
    let o = jovian(&["lab", "scirocco", "--ray-python", "/x/python"]);
    assert_eq!(o.status.code(), Some(2), "--ray-python needs --ray");
}
