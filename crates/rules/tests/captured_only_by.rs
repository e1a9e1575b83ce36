//! A piece only some types may capture (`captured_only_by = ["K", "N"]` in a variant file), as
//! the 12x8 game's Elephant falls only to a King or a Pawn: the other types' captures of it are
//! no moves, whatever their shape (a ride's, a hop's); the engine's "could it be taken?" test
//! agrees with the moves; the key is written back and hashed; and the loader's refusals.

use jovian_rules::file::{game_from_toml, game_to_toml};
use jovian_rules::{Move, Position, Square, Variant, fen};

const SENTINELS: &str = include_str!("data/sentinels.toml");

fn game(text: &str) -> &'static Variant {
    game_from_toml(text).unwrap_or_else(|e| panic!("{e}"))
}

/// The same game with the key left out: anything may take a Sentinel.
fn unguarded() -> &'static Variant {
    game(
        &SENTINELS
            .replace("captured_only_by = [\"K\", \"N\"]\n", "")
            .replace("id = \"sentinels\"", "id = \"unguarded\""),
    )
}

fn position(v: &'static Variant, text: &str) -> Position {
    Position::from_setup(&fen::parse_position(v, text).unwrap()).unwrap()
}

/// Blue: King b5 (the Pao's screen), Pao a5, Knight b4, Rook d1; Tan: Sentinel d5, King h8. The
/// Rook (up the d-file), the Knight and the Pao (over b5) all reach d5.
const POSITION: &str = "7,k/8/8/C,K,1,s,4/1,N,6/8/8/3,R,4";

fn captures_of(v: &'static Variant, to_move: &str, victim: &str) -> Vec<String> {
    let mut pos = position(v, &format!("{POSITION} {to_move}"));
    let target = v.geometry.parse_square(victim).unwrap();
    let mut moves: Vec<Move> = Vec::new();
    pos.legal_moves(&mut moves);
    let mut takers: Vec<String> = (moves.iter())
        .filter(|&&m| pos.captures_of(m).contains(&target))
        .map(|m| v.square_name(m.from))
        .collect();
    takers.sort();
    takers
}

#[test]
fn only_the_named_types_take_the_piece() {
    assert_eq!(captures_of(game(SENTINELS), "b", "d5"), ["b4"]);
    assert_eq!(captures_of(unguarded(), "b", "d5"), ["a5", "b4", "d1"]);
}

#[test]
fn a_piece_that_may_not_take_it_still_stops_on_the_square_before() {
    let v = game(SENTINELS);
    let mut pos = position(v, &format!("{POSITION} b"));
    let (d1, d4, d5) = (sq(v, "d1"), sq(v, "d4"), sq(v, "d5"));
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let rook: Vec<Square> = (moves.iter().filter(|m| m.from == d1))
        .map(|m| m.to)
        .collect();
    assert!(rook.contains(&d4) && !rook.contains(&d5), "{rook:?}");
}

fn sq(v: &Variant, name: &str) -> Square {
    v.geometry.parse_square(name).unwrap()
}

/// The engine asks whether a piece of the side to move could be taken; for a guarded piece the
/// answer is the moves' own (`capturable_by_generation`, the definition).
#[test]
fn the_could_it_be_taken_test_follows_the_key() {
    let cases = [
        (SENTINELS, POSITION, true),
        // Without the Knight only the Rook and the Pao reach d5, and neither may take it.
        (SENTINELS, "7,k/8/8/C,K,1,s,4/8/8/8/3,R,4", false),
    ];
    for (text, board, expected) in cases {
        for v in [game(text), unguarded()] {
            let mut pos = position(v, &format!("{board} t"));
            let d5 = sq(v, "d5");
            let mut scratch = Vec::new();
            let quick = pos.capturable(d5, &mut scratch);
            let slow = pos.capturable_by_generation(d5, &mut scratch);
            assert_eq!(quick, slow, "{} {board}", v.id);
            let guarded = v.id == "sentinels";
            assert_eq!(quick, expected || !guarded, "{} {board}", v.id);
        }
    }
}

#[test]
fn the_key_is_written_back_and_changes_the_hash() {
    let v = game(SENTINELS);
    let text = game_to_toml(v).unwrap();
    assert!(text.contains("captured_only_by = [\"K\", \"N\"]"), "{text}");
    let back = game(&text.replace("id = \"sentinels\"", "id = \"sentinels-back\""));
    let s = back.kind_by_abbr("S").unwrap();
    assert_eq!(back.spec(s).captured_only_by, ["K", "N"]);
    let other = game(&SENTINELS.replace("id = \"sentinels\"", "id = \"sentinels-back\""));
    assert_eq!(back.definition_hash(), other.definition_hash());
    let without = game(
        &SENTINELS
            .replace("captured_only_by = [\"K\", \"N\"]\n", "")
            .replace("id = \"sentinels\"", "id = \"sentinels-back\""),
    );
    assert_ne!(without.definition_hash(), other.definition_hash());
}

#[test]
fn the_loader_refuses_an_unknown_captor_and_a_royal_piece_with_the_key() {
    let unknown = SENTINELS.replace("[\"K\", \"N\"]", "[\"K\", \"Q\"]");
    let e = game_from_toml(&unknown).unwrap_err();
    assert!(
        e.message
            .contains("captured only by \"Q\", which no piece is"),
        "{e}"
    );
    assert_eq!(e.line, 44, "{e}");
    let royal = SENTINELS.replace(
        "royal = true\n",
        "royal = true\ncaptured_only_by = [\"N\"]\n",
    );
    let e = game_from_toml(&royal).unwrap_err();
    assert!(e.message.contains("is royal: captured_only_by"), "{e}");
    assert_eq!(e.line, 22, "{e}");
}

/// Seeded random games of the game, under its own rules and under the check rule: no listed
/// move takes a Sentinel but a King's or a Knight's, and make and unmake keep the hash equal to
/// the one computed afresh and give back the position.
#[test]
fn random_games_never_take_a_guarded_piece_by_another_type() {
    let checked = SENTINELS
        .replace(
            "royal_capture_loses = true\nbare_piece_loses = false\nthird_repetition_illegal = true\n",
            "check = true\n",
        )
        .replace("id = \"sentinels\"", "id = \"sentinels-check\"");
    assert!(game(&checked).chess_rules.is_some());
    let (mut seed, mut guarded_captures) = (11u64, 0usize);
    for v in [game(SENTINELS), game(&checked)] {
        let sentinel = v.kind_by_abbr("S").unwrap();
        let captors = [v.kind_by_abbr("K").unwrap(), v.kind_by_abbr("N").unwrap()];
        for _game in 0..8 {
            let mut pos = Position::start(v);
            let mut moves = Vec::new();
            for _ply in 0..150 {
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let (text, hash) = (fen::write_position(&pos), pos.hash());
                for &m in &moves {
                    let mover = pos.piece_at(m.from).unwrap().kind;
                    for victim in pos.captures_of(m) {
                        if pos.piece_at(victim).unwrap().kind == sentinel {
                            assert!(captors.contains(&mover), "{text}: {m:?}");
                            guarded_captures += 1;
                        }
                    }
                    pos.make(m);
                    assert_eq!(pos.hash(), pos.compute_hash(), "{text}: {m:?}");
                    pos.unmake();
                    assert_eq!(pos.hash(), hash, "{text}: {m:?}");
                }
                assert_eq!(fen::write_position(&pos), text);
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos.make(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
    }
    assert!(
        guarded_captures > 20,
        "{guarded_captures} captures of a Sentinel"
    );
}
