//! `jovian variant pieces GAME`: a game's piece table as a variant file's `[[piece]]` entries,
//! which read back into the same table (docs/variants.md).

mod common;

use common::{assert_fails, jovian, scratch_dir, stdout};

#[test]
fn every_game_s_pieces_are_written_as_entries_that_read_back() {
    for game in [
        "scirocco",
        "typhoon",
        "jupiter",
        "jupiter-1999",
        "larger-board",
    ] {
        let o = jovian(&["variant", "pieces", game]);
        assert!(o.status.success(), "{game}");
        let text = stdout(&o);
        let v = jovian_rules::Variant::by_id(game).unwrap();
        assert_eq!(text.matches("[[piece]]").count(), v.pieces.len(), "{game}");
        let back = jovian_rules::file::pieces_from_toml(&text).unwrap();
        assert_eq!(back, v.pieces, "{game}");
    }
}

#[test]
fn an_unknown_game_is_one_line() {
    assert_fails(
        &jovian(&["variant", "pieces", "nosuch"]),
        "unknown game \"nosuch\"",
    );
}

/// The designer's path: export a game, change one piece, check the file, count its moves, play a
/// lab run on it and resume it.
#[test]
fn a_changed_game_is_checked_counted_and_played() {
    let dir = scratch_dir("variant-file-designer");
    let o = jovian(&["variant", "export", "scirocco"]);
    assert!(o.status.success());
    let exported = stdout(&o);
    let changed = exported
        .replace("id = \"scirocco\"", "id = \"wagon-knight\"")
        .replace("title = \"Scirocco\"", "title = \"Scirocco, Knight-Wagon\"")
        .replace("betza = \"jR\"", "betza = \"jRN\"");
    let file = dir.join("wagon-knight.toml");
    std::fs::write(&file, &changed).unwrap();
    let file = file.to_str().unwrap();
    let o = jovian(&["variant", "check", file]);
    let text = stdout(&o);
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert!(text.starts_with("Scirocco, Knight-Wagon (wagon-knight): 10x10 board, 36 piece types"));
    assert!(text.contains("Wagon (Wa):"), "{text}");
    // The changed Wagon leaps as a Knight too: more moves than Scirocco's at three plies.
    let count = |game: &str| {
        let o = jovian(&["perft", game, "3"]);
        assert!(o.status.success(), "{}", common::stderr(&o));
        stdout(&o)
            .trim()
            .trim_start_matches("nodes ")
            .parse::<u64>()
            .unwrap()
    };
    assert!(count(file) > count("scirocco"));
    let run = dir.join("run");
    let run = run.to_str().unwrap();
    let lab = |games: &str, resume: bool| {
        let mut args = vec![
            "lab",
            file,
            "--games",
            games,
            "--depth",
            "1",
            "--max-plies",
            "30",
            "--seed",
            "3",
            "--out",
            run,
            "-q",
        ];
        if resume {
            args.push("--resume");
        }
        let o = jovian(&args);
        assert!(o.status.success(), "{}", common::stderr(&o));
        stdout(&o)
    };
    assert!(lab("2", false).starts_with("Scirocco, Knight-Wagon lab: 2 games"));
    assert!(lab("3", true).contains("Resumed: 2 games read from the records, 1 played now"));
    // Its records name the game by id: `validate` needs the file to know it.
    let record = format!("{run}/game-001.pgn");
    assert_fails(&jovian(&["validate", &record]), "wagon-knight");
    let o = jovian(&["validate", &record, "--variant", file]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert!(
        stdout(&o).contains("valid Scirocco, Knight-Wagon record"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_bad_file_is_one_line_with_its_place() {
    let dir = scratch_dir("variant-file-bad");
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "[game]\nid = \"x\"\ntitle = \"X\"\nwings = 2\n").unwrap();
    let o = jovian(&["variant", "check", bad.to_str().unwrap()]);
    assert_fails(&o, "bad.toml: line 4, column 1: unknown field `wings`");
    // A file may not pass for a built-in game.
    let o = jovian(&["variant", "export", "typhoon"]);
    let same = dir.join("typhoon.toml");
    std::fs::write(&same, stdout(&o)).unwrap();
    let o = jovian(&["perft", same.to_str().unwrap(), "1"]);
    assert_fails(&o, "the id \"typhoon\" is a built-in game's");
    // The 12x8 game is a file whose exotic pieces name their powers: a copy with an id of its
    // own checks, one that keeps a built-in game's alias does not.
    let o = jovian(&["variant", "export", "larger-board"]);
    assert!(
        stdout(&o).contains("hooks = [\"wizard\"]"),
        "{}",
        stdout(&o)
    );
    let copy = stdout(&o).replace("id = \"larger-board\"", "id = \"my-12x8\"");
    let renamed = dir.join("my-12x8.toml");
    let own_aliases = copy.replace(
        "aliases = [\"larger\", \"fourriere\", \"12x8\"]",
        "aliases = [\"mine\"]",
    );
    std::fs::write(&renamed, own_aliases).unwrap();
    let o = jovian(&["variant", "check", renamed.to_str().unwrap()]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert!(
        stdout(&o).contains("Powers of the 12x8 game (code: docs/rules/larger-board.md): Leaper"),
        "{}",
        stdout(&o)
    );
    let keeps_alias = dir.join("keeps-alias.toml");
    std::fs::write(&keeps_alias, &copy).unwrap();
    assert_fails(
        &jovian(&["perft", keeps_alias.to_str().unwrap(), "1"]),
        "the name \"larger\" is a built-in game's",
    );
    assert_fails(
        &jovian(&["variant", "check", "/nonexistent/x.toml"]),
        "/nonexistent/x.toml",
    );
}

/// The hash `variant check` gives a file's game.
fn definition_hash(file: &str) -> String {
    let o = jovian(&["variant", "check", file]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let text = stdout(&o);
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("Definition hash: "))
        .unwrap_or_else(|| panic!("no definition hash in {text}"));
    line[..12].to_string()
}

/// A record names the definition of its game: it replays with the file it was made with (and with
/// that file written otherwise: comments and spacing are not the game), and is refused, with both
/// hashes named, once the file's game has changed.
#[test]
fn a_record_of_a_changed_file_game_is_refused() {
    let dir = scratch_dir("variant-file-hash");
    let game = stdout(&jovian(&["variant", "export", "scirocco"]))
        .replace("id = \"scirocco\"", "id = \"wagon-hash\"")
        .replace("betza = \"jR\"", "betza = \"jRN\"");
    let path = dir.join("wagon-hash.toml");
    std::fs::write(&path, &game).unwrap();
    let file = path.to_str().unwrap();
    let made_under = definition_hash(file);
    let run = dir.join("run");
    let o = jovian(&[
        "lab",
        file,
        "--games",
        "1",
        "--depth",
        "1",
        "--max-plies",
        "20",
        "--seed",
        "3",
        "--out",
        run.to_str().unwrap(),
        "-q",
    ]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let record = run.join("game-001.pgn");
    let record = record.to_str().unwrap();
    let text = std::fs::read_to_string(record).unwrap();
    assert!(
        text.contains(&format!(
            "[Variant \"wagon-hash\"]\n[VariantHash \"{made_under}\"]\n"
        )),
        "{text}"
    );
    let validate = || jovian(&["validate", record, "--variant", file]);
    let o = validate();
    assert!(o.status.success(), "{}", common::stderr(&o));

    let reworded = format!(
        "# The Knight-Wagon game.\n{}",
        game.replace(" = ", "   =   ")
    );
    std::fs::write(&path, &reworded).unwrap();
    assert_eq!(definition_hash(file), made_under);
    let o = validate();
    assert!(o.status.success(), "{}", common::stderr(&o));

    std::fs::write(&path, game.replace("betza = \"jRN\"", "betza = \"jRNA\"")).unwrap();
    let changed = definition_hash(file);
    assert_ne!(changed, made_under);
    let refusal = format!(
        "{record}: the record was made under definition {made_under} of wagon-hash, but \
         wagon-hash here is definition {changed}: the game changed since"
    );
    assert_fails(&validate(), &refusal);
    // The run is not resumed under the changed game either.
    let o = jovian(&[
        "lab",
        file,
        "--games",
        "2",
        "--out",
        run.to_str().unwrap(),
        "--resume",
        "-q",
    ]);
    assert_fails(&o, &format!("cannot resume: {refusal}"));
}

/// A designer's flip piece (the rules library's flip fixture, Pao and Vao): `variant check`
/// says what each flips into, and `moves` lists each move in both states and the flip in place.
#[test]
fn a_flip_piece_is_checked_and_its_moves_listed() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rules/tests/data/flippers.toml"
    );
    let o = jovian(&["variant", "check", file]);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert!(
        out.contains(
            "flips: into Can(n)on (Bishop-wise) (V) after any of its moves, or instead of moving"
        ),
        "{out}"
    );
    // The Pao's diagram: it moves along its lines (o), and from the second square on it also
    // captures by hopping the first (h, where it may move too); its hook is named as the file
    // writes it.
    let pao = out
        .split("\nCan(n)on (Rook-wise) (C)")
        .nth(1)
        .expect("the Pao's entry");
    let rows: Vec<&str> = pao.lines().skip(1).take(7).collect();
    assert_eq!(rows[3].trim(), "h h o @ o h h", "{pao}");
    assert_eq!(rows[0].trim(), ". . . h . . .", "{pao}");
    assert!(
        pao.contains("hooks: { cannon = { lines = \"orthogonal\", max = 0, mode = \"capture\" } }"),
        "{pao}"
    );
    // From the array: the Pao on a1 has a2-a7 and b1-d1 (the King on e1 screens nothing to
    // take), the Vao on h1 g2-b7 (Tan's Pao on a8 ends the diagonal, with nothing beyond it);
    // each also ending flipped, and each flip in place; the King on e1 has 5.
    let o = jovian(&["moves", file]);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), (9 + 9 + 1) + (6 + 6 + 1) + 5, "{out}");
    for text in ["Ca1-a7", "Ca1-a7=V", "Ca1=V", "Vh1-b7", "Vh1-b7=C", "Vh1=C"] {
        assert!(moves.contains(&text), "{text} in {out}");
    }
}

/// A piece only some types may capture: `variant check` names them, and `moves` leaves out the
/// other types' captures of it.
#[test]
fn a_guarded_piece_is_checked_and_played_from_a_file() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rules/tests/data/sentinels.toml"
    );
    let o = jovian(&["variant", "check", file]);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert!(
        out.contains("captured only by: King (K), Knight (N)"),
        "{out}"
    );
    // Blue's Rook d1 faces Tan's Sentinel d5 up an open file; its Knight b4 reaches it too.
    let position = "7,k/8/8/1,K,1,s,4/1,N,6/8/8/3,R,4 b";
    let o = jovian(&["moves", file, "--position", position]);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let moves: Vec<&str> = out.lines().collect();
    assert!(moves.contains(&"Nb4xd5"), "{out}");
    assert!(
        moves.contains(&"Rd1-d4") && !moves.iter().any(|m| m.starts_with("Rd1xd5")),
        "{out}"
    );
}
