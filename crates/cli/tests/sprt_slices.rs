//! An SPRT played in slices (`jovian match --sprt-pool DIR`, `--sprt-prior COUNTS`): the pooled
//! pairs are the slices' pairs added, counted from records or from counts alike, and a slice
//! that is not one of the same test is refused before anything is written.

mod common;

use common::{assert_fails, fresh_dir, jovian, run_ok, stdout};

/// The `SPRT ...` and `Pairs ...` lines of a match's output.
fn sprt_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("SPRT elo0") || l.starts_with("Pairs (A's points"))
        .map(str::to_string)
        .collect()
}

/// `Pairs (A's points 0 / 0.5 / 1 / 1.5 / 2): a / b / c / d / e` read as numbers.
fn pair_counts(text: &str) -> Vec<u64> {
    let line = text
        .lines()
        .find(|l| l.starts_with("Pairs (A's points"))
        .unwrap_or_else(|| panic!("no pairs line in:\n{text}"));
    let counts: Vec<u64> = line
        .rsplit(": ")
        .next()
        .unwrap()
        .split(" / ")
        .map(|n| n.trim().parse().unwrap())
        .collect();
    assert_eq!(counts.len(), 5, "{line}");
    counts
}

/// A slice of the test "random against random, bounds -50 and 50" (`a`: player A), written to
/// `out`, with `extra` options: no slice decides in three pairs, so each plays all its games.
fn slice_args<'a>(a: &'a str, out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let test = [
        "match",
        "--b",
        "random",
        "--games",
        "6",
        "--max-plies",
        "60",
        "--sprt=-50,50",
    ];
    let mut args = test.to_vec();
    args.extend(["--quiet", "--concurrency", "1", "--a", a, "--out", out]);
    args.extend_from_slice(extra);
    args
}

#[test]
fn an_sprt_in_slices_pools_their_pairs() {
    let dirs: Vec<String> = [
        "sprt-slice-1",
        "sprt-slice-2-alone",
        "sprt-slice-2",
        "sprt-slice-2-prior",
    ]
    .iter()
    .map(|name| fresh_dir(name).to_str().unwrap().to_string())
    .collect();
    let slice = |dir: &str, seed: &str, extra: &[&str]| {
        run_ok(&slice_args(
            "random",
            dir,
            &[&["--seed", seed], extra].concat(),
        ))
    };
    let first = slice(&dirs[0], "11", &[]);
    let first_counts = pair_counts(&first);
    assert_eq!(first_counts.iter().sum::<u64>(), 3, "{first}");
    let second_alone = slice(&dirs[1], "12", &[]);
    let second = slice(&dirs[2], "12", &["--sprt-pool", &dirs[0]]);
    assert!(
        second.contains("SPRT pooled over slices: 3 pairs of earlier slices and 3 of this match"),
        "{second}"
    );
    // The pooled counts are the two slices' counts added.
    let added: Vec<u64> = (0..5)
        .map(|k| first_counts[k] + pair_counts(&second_alone)[k])
        .collect();
    assert_eq!(pair_counts(&second), added, "{second}");
    // The same counts given as numbers (records gone) give the same test.
    let prior: Vec<String> = first_counts.iter().map(u64::to_string).collect();
    let by_counts = slice(&dirs[3], "12", &["--sprt-prior", &prior.join(",")]);
    assert_eq!(sprt_lines(&by_counts), sprt_lines(&second));
    // A resumed slice with nothing left to play reports the pooled test again.
    let again = run_ok(&slice_args(
        "random",
        &dirs[2],
        &["--resume", "--sprt-pool", &dirs[0]],
    ));
    assert_eq!(sprt_lines(&again), sprt_lines(&second));
    // A slice of another test, or with this match's own seed, is refused with one line, and
    // nothing is written.
    for (seed, a, needle) in [
        ("13", "depth:1", "that slice was played with --a \"random\""),
        ("11", "random", "a slice needs a seed of its own"),
    ] {
        let dir = fresh_dir("sprt-slice-refused");
        let out = dir.to_str().unwrap();
        let o = jovian(&slice_args(
            a,
            out,
            &["--seed", seed, "--sprt-pool", &dirs[0]],
        ));
        assert_fails(&o, needle);
        assert!(!dir.exists());
    }
    // Bad counts are refused before anything is written.
    for bad in ["1,2,3", "a,b,c,d,e"] {
        let dir = fresh_dir("sprt-slice-bad-prior");
        let o = jovian(&slice_args(
            "random",
            dir.to_str().unwrap(),
            &["--sprt-prior", bad],
        ));
        assert_fails(&o, "five pair counts");
        assert!(!dir.exists());
    }
}

#[test]
fn slices_from_positions_must_not_share_a_position() {
    // Scirocco endgames (as in the positions test above): Blue's Queen against Tan's Rook, and
    // the same with a Tan Pawn more.
    let (first, second) = (
        "8,k,1/10/10/10/10/r,9/10/10/10/Q,8,K b",
        "8,k,1/10/10/10/10/r,9/p,9/10/10/Q,8,K b",
    );
    let write = |name: &str, lines: &[&str]| {
        let file = fresh_dir(name).with_extension("txt");
        std::fs::write(&file, lines.join("\n")).unwrap();
        file.to_str().unwrap().to_string()
    };
    let (one, both) = (
        write("slice-pos-one", &[first]),
        write("slice-pos-both", &[first, second]),
    );
    let only_second = write("slice-pos-second", &[second]);
    let slice = |name: &str, seed: &str, extra: &[&str]| {
        let dir = fresh_dir(name);
        let mut args = vec![
            "match",
            "--a",
            "depth:1",
            "--b",
            "greedy",
            "--games",
            "2",
            "--max-plies",
            "30",
            "--seed",
            seed,
            "--random-plies",
            "0",
            "--sprt=-50,50",
            "--quiet",
            "--out",
        ];
        let d = dir.to_str().unwrap().to_string();
        args.push(&d);
        args.extend_from_slice(extra);
        (dir, jovian(&args))
    };
    let (first_dir, o) = slice("slice-pos-1", "1", &["--positions", &one]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let first_dir = first_dir.to_str().unwrap().to_string();
    let refusals = [
        (&both[..], "also played the position"),
        (
            "",
            "that slice was played from positions, this match from initial arrays",
        ),
    ];
    for (positions, needle) in refusals {
        let mut extra = vec!["--sprt-pool", &first_dir];
        if !positions.is_empty() {
            extra.extend(["--positions", positions]);
        }
        let (dir, o) = slice("slice-pos-refused", "2", &extra);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            !o.status.success() && err.contains(needle),
            "{needle:?} not in {err:?}"
        );
        assert!(!dir.exists(), "{err}");
    }
    // Positions of its own: pooled.
    let (_, o) = slice(
        "slice-pos-2",
        "2",
        &["--positions", &only_second, "--sprt-pool", &first_dir],
    );
    let text = stdout(&o);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        text.contains("1 pairs of earlier slices and 1 of this match"),
        "{text}"
    );
}
