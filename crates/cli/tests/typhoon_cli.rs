//! Typhoon through the command line: the same commands as Scirocco, its moves in the game's own
//! notation, a record with every kind of Typhoon move validated, and its bench lines.

mod common;

use common::{assert_fails, jovian, scratch, stderr, stdout};

#[test]
fn typhoon_is_listed_with_its_arrays() {
    let out = stdout(&jovian(&["variants"]));
    assert!(
        out.contains("typhoon    Typhoon (12x12, 75 piece types)"),
        "{out}"
    );
    let o = jovian(&["setups", "typhoon"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let names: Vec<String> = stdout(&o).lines().skip(1).map(str::to_string).collect();
    assert_eq!(
        names.len(),
        2 * (1 << 17) + 1,
        "262144 arrays and `default`"
    );
    assert!(names.contains(&"mir-10110011100011010".to_string()));
}

#[test]
fn moves_perft_and_show_from_the_default_array() {
    let o = jovian(&["moves", "typhoon", "--style", "short"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 42, "{out}");
    // The Hummingbird's swaps, a Dervish move and a relayed move (the Wagon leaps by the Dervish).
    for m in ["Hu<>l3", "Hu<>l1", "Hu<>l4", "De-k5", "Wa-i2", "N-e5"] {
        assert!(moves.contains(&m), "{m} missing: {out}");
    }
    let perft = stdout(&jovian(&["perft", "typhoon", "3"]));
    assert!(perft.contains("nodes 75138"), "{perft}");
    let show = stdout(&jovian(&[
        "show",
        "typhoon",
        "--setup",
        "mir-00000000000000000",
    ]));
    assert!(show.starts_with("Typhoon - Blue to move"), "{show}");
    assert!(show.contains(
        "Blue (written as in the text): 46 pieces; Tan (first letter lowercase): 46 pieces"
    ));
    // Mirror symmetry: Tan's Fire Horse faces Blue's on a12.
    assert!(show.contains("12  fH "), "{show}");
    assert!(show.contains("FH  Fire Horse: Slides any distance straight forward"));
}

#[test]
fn moves_option_plays_into_a_position() {
    let o = jovian(&["show", "typhoon", "--moves", "P-e5 P-e8 Hu<>l3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Typhoon - Tan to move"), "{out}");
    assert!(
        out.contains(" 3  Ot  Ov  Ch  N   SG  DE  BT  CG  De  Wa  Un  Hu "),
        "{out}"
    );
    assert_fails(
        &jovian(&["show", "typhoon", "--moves", "P-e5 P-e4"]),
        "move 2 (P-e4)",
    );
    assert_fails(
        &jovian(&["moves", "typhoon", "--moves", "Hu<>k2"]),
        "Hu<>k2 is not a legal move in this position",
    );
}

/// A record using a pass, igui, a conversion and a double hop-capture, written in the game's own
/// notation, replays; the record's end is read as unfinished.
#[test]
fn validate_reads_a_typhoon_record_with_special_moves() {
    let position = "11,k/12/7,n,4/12/12/3,p,8/3,Pa,p,p,6/1,p,10/1,Cu,10/12/12/K,11 b";
    let record = format!(
        "[Variant \"typhoon\"]\n[Position \"{position}\"]\n[Result \"*\"]\n\n\
         1. Pa! K-k12 2. Pax!d7 K-l12 3. b5=Blue K-k12 4. Paxe6xf6 *\n"
    );
    let file = scratch("typhoon-special.pgn", &record);
    let o = jovian(&["validate", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("valid Typhoon record, 4 moves (7 plies), result *"),
        "{out}"
    );
    // The same record with a conversion the Cuckoo cannot make names the move.
    let bad = scratch("typhoon-bad.pgn", &record.replace("b5=Blue", "Cu:b6=Blue"));
    assert_fails(
        &jovian(&["validate", bad.to_str().unwrap()]),
        "move 3 (Blue) \"Cu:b6=Blue\": Cu:b6=Blue is not a legal move",
    );
}

#[test]
fn bench_has_typhoon_lines() {
    let o = jovian(&["bench", "--quick"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.lines()
            .any(|l| l.starts_with("typhoon default array") && l.contains(" 75138 ")),
        "{out}"
    );
    assert!(out.contains("search: typhoon middlegame"), "{out}");
}
