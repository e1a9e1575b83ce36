//! Crazyhouse (variants/crazyhouse.toml): International Chess with drops, the second example of
//! the `[drops]` a file switches on. A promoted piece returns to its captor's hand as a Pawn; a
//! Pawn is dropped only on ranks 2 to 7. Its perft counts are Fairy-Stockfish's published ones
//! (tests/data/crazyhouse.perft).

use jovian_rules::fen::{parse_position, write_position};
use jovian_rules::file::{game_from_toml, game_to_toml};
use jovian_rules::notation::parse_move;
use jovian_rules::{Move, MoveKind, Position, Variant};

mod perft_data;

const CRAZYHOUSE: &str = include_str!("../../../variants/crazyhouse.toml");

fn crazyhouse() -> &'static Variant {
    game_from_toml(CRAZYHOUSE).unwrap_or_else(|e| panic!("{e}"))
}

fn position(fen: &str) -> Position {
    let setup = parse_position(crazyhouse(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(pos: &mut Position, text: &str) {
    let m = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.make(m);
}

#[test]
fn perft_equals_fairy_stockfish_s_published_counts() {
    let checked = perft_data::check(crazyhouse(), include_str!("data/crazyhouse.perft"));
    assert_eq!(checked, 4);
}

#[test]
fn a_promoted_pawn_returns_as_a_pawn_and_pawns_drop_on_ranks_two_to_seven() {
    // White promotes on b8 to a Queen (PQ), Black's Rook takes it: Black holds a Pawn.
    let mut pos = position("r,3,k,3/1,P,6/8/8/8/8/8/4,K,3 w - - 0 1");
    play(&mut pos, "b7b8pq");
    assert!(
        write_position(&pos).starts_with("r,PQ,2,k,3/"),
        "{}",
        write_position(&pos)
    );
    play(&mut pos, "a8b8");
    assert!(
        write_position(&pos).ends_with(" hand=p"),
        "{}",
        write_position(&pos)
    );
    play(&mut pos, "e1e2");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let v = pos.variant();
    let pawn_drops: Vec<Move> = (moves.iter().copied())
        .filter(|m| m.kind == MoveKind::Drop && m.promotion().map(|k| v.abbr(k)) == Some("P"))
        .collect();
    // 64 squares less the three pieces, less ranks 1 and 8 (Black's own eighth and first).
    let ranks: Vec<u8> = pawn_drops.iter().map(|m| m.to.rank() + 1).collect();
    assert!(ranks.iter().all(|r| (2..=7).contains(r)), "{ranks:?}");
    assert_eq!(pawn_drops.len(), 6 * 8 - 1, "the e2 King stands on rank 2");
    assert!(
        !moves
            .iter()
            .any(|m| m.kind == MoveKind::Drop && m.promotion().map(|k| v.abbr(k)) == Some("PQ"))
    );
}

#[test]
fn the_file_round_trips() {
    let v = crazyhouse();
    let written = game_to_toml(v).unwrap();
    let back = game_from_toml(&written).unwrap();
    assert_eq!(back.definition_hash(), v.definition_hash());
    assert_eq!(back.rules.drops, v.rules.drops);
    assert_eq!(game_to_toml(back).unwrap(), written);
    assert!(
        written.contains("[drops.ranks]\nP = [2, 3, 4, 5, 6, 7]"),
        "{written}"
    );
    let bad = CRAZYHOUSE.replacen("P = [2, 3, 4, 5, 6, 7]", "P = [0, 9]", 1);
    let Err(e) = game_from_toml(&bad) else {
        panic!("rank 0 was read");
    };
    assert!(e.to_string().contains("not a rank of the board"), "{e}");
}

#[test]
fn a_record_set_up_with_black_to_move_is_numbered_from_black_s_move() {
    // `b` in the Position tag is Black, the second side here (in Scirocco it would be Blue).
    let v = crazyhouse();
    Variant::register(v).unwrap();
    let text = "[Variant \"crazyhouse\"]\n\
                [Position \"r,n,b,q,k,b,n,r/p,p,p,p,p,p,p,p/8/8/4,P,3/8/P,P,P,P,1,P,P,P/R,N,B,Q,K,B,N,R b\"]\n\
                1... e7e5 2. g1f3 b8c6 *\n";
    let record = jovian_rules::record::Record::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let game = record.replay().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.moves.len(), 3);
    let wrong = text.replace("1... e7e5 2.", "1. e7e5 2.");
    assert!(jovian_rules::record::Record::parse(&wrong).is_err());
}

#[test]
fn a_position_is_written_as_fairy_stockfish_reads_it() {
    // A promoted Queen as `Q~`, the hands in brackets.
    let pos = position("r,PQ,2,k,3/8/8/8/8/8/8/4,K,3 b - - 0 1 hand=N,p");
    assert_eq!(
        jovian_rules::fen::write_chess_fen(&pos).unwrap(),
        "rQ~2k3/8/8/8/8/8/8/4K3[Np] b - - 0 1"
    );
}
