//! Shogi (variants/shogi.toml), the example of drops from hands as a file switches them on:
//! captured pieces change sides and come back as drops, unpromoted; no drop where the piece could
//! never move; no second unpromoted Pawn on a file; no Pawn drop that mates. Its perft counts are
//! the published ones and Fairy-Stockfish's (tests/data/shogi.perft; docs/rules/shogi.md).

use jovian_rules::fen::{parse_position, write_position};
use jovian_rules::file::{game_from_toml, game_to_toml};
use jovian_rules::notation::{Style, format_move, parse_move};
use jovian_rules::{Move, MoveKind, Position, Variant};

mod perft_data;

const SHOGI: &str = include_str!("../../../variants/shogi.toml");

fn shogi() -> &'static Variant {
    game_from_toml(SHOGI).unwrap_or_else(|e| panic!("{e}"))
}

fn position(fen: &str) -> Position {
    let setup = parse_position(shogi(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(pos: &mut Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

/// The legal drops, as `P@e5`.
fn drops(pos: &mut Position) -> Vec<String> {
    let moves = legal(pos);
    let mut out: Vec<String> = (moves.iter())
        .filter(|m| m.kind == MoveKind::Drop)
        .map(|&m| format_move(pos, m, Style::Coordinate))
        .collect();
    out.sort();
    out
}

#[test]
fn perft_equals_the_published_counts_and_fairy_stockfish() {
    let v = shogi();
    let mut start = Position::start(v);
    assert_eq!(
        (1..=3).map(|d| start.perft(d)).collect::<Vec<_>>(),
        [30, 900, 25470]
    );
    assert_eq!(perft_data::check(v, include_str!("data/shogi.perft")), 8);
}

#[test]
fn a_captured_piece_joins_the_captor_s_hand_unpromoted_and_is_dropped() {
    // Black's Rook takes White's Dragon (a promoted Rook) and its Tokin (a promoted Pawn).
    let mut pos = position("4,k,4/9/9/4,d,4/9/9/4,t,4/4,R,4/4,K,4 b");
    let take = |pos: &mut Position, text: &str| {
        let m = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(m);
    };
    take(&mut pos, "e2e3");
    take(&mut pos, "e9d9");
    take(&mut pos, "e3e6");
    assert_eq!(
        write_position(&pos),
        "3,k,5/9/9/4,R,4/9/9/9/9/4,K,4 w hand=P,R"
    );
    take(&mut pos, "d9c9");
    // The Rook comes back as a Rook (not a Dragon) and the Pawn as a Pawn.
    let d = drops(&mut pos);
    assert!(
        d.contains(&"R@a9".to_string()) && d.contains(&"P@a8".to_string()),
        "{d:?}"
    );
    let m = parse_move(&mut pos, "R*a9").unwrap();
    let before = pos.hash();
    pos.make(m);
    assert_eq!(pos.hash(), pos.compute_hash());
    assert_eq!(
        write_position(&pos),
        "R,1,k,6/9/9/4,R,4/9/9/9/9/4,K,4 w hand=P"
    );
    // The text form reads back into the same position and hash.
    let again = position(&write_position(&pos));
    assert_eq!(again.hash(), pos.hash());
    pos.unmake();
    assert_eq!(pos.hash(), before);
    assert_eq!(
        write_position(&pos),
        "2,k,6/9/9/4,R,4/9/9/9/9/4,K,4 b hand=P,R"
    );
}

#[test]
fn no_drop_where_the_piece_could_never_move_and_one_pawn_a_file() {
    // Black holds a Pawn, a Lance and a Knight; its Pawn stands on the e-file.
    let mut pos = position("k,8/9/9/9/9/4,P,4/9/9/8,K b hand=P,L,N");
    let d = drops(&mut pos);
    let on_rank = |piece: &str, rank: char| {
        d.iter()
            .filter(|t| t.starts_with(piece) && t.ends_with(rank))
            .count()
    };
    assert_eq!(on_rank("P@", '9'), 0, "a Pawn on the last rank never moves");
    assert_eq!(on_rank("L@", '9'), 0, "nor a Lance");
    assert_eq!(
        on_rank("N@", '9') + on_rank("N@", '8'),
        0,
        "nor a Knight on the last two"
    );
    assert_eq!(on_rank("N@", '7'), 9);
    assert!(
        !d.iter().any(|t| t.starts_with("P@e")),
        "a second Pawn on the e-file"
    );
    assert!(d.contains(&"P@d5".to_string()));
    // The Pawn's drops: files a-d and f-i, ranks 1-8, but i1 (Black's King).
    assert_eq!(d.iter().filter(|t| t.starts_with("P@")).count(), 8 * 8 - 1);
}

#[test]
fn a_pawn_drop_may_not_mate_but_may_check_and_other_drops_may_mate() {
    // White's King in the corner a9; Black's Gold on b7 guards a8 and b8, its Knight on c7 b9.
    let mate_net = "k,8/9/1,G,N,6/9/9/9/9/9/4,K,4 b hand=P,G";
    let mut pos = position(mate_net);
    let d = drops(&mut pos);
    assert!(
        !d.contains(&"P@a8".to_string()),
        "a Pawn drop that mates: {d:?}"
    );
    assert!(d.contains(&"P@a7".to_string()));
    assert!(d.contains(&"G@a8".to_string()), "a Gold drop may mate");
    // The move reader says why the Pawn drop is refused.
    let err = parse_move(&mut pos, "P@a8").unwrap_err();
    assert!(
        matches!(err, jovian_rules::notation::MoveParseError::DropMate(_)),
        "{err}"
    );
    assert!(err.to_string().contains("checkmate by a drop"), "{err}");
    let m = parse_move(&mut pos, "G@a8").unwrap();
    pos.make(m);
    assert!(legal(&mut pos).is_empty(), "checkmate");
    // Without the Knight the King escapes to b9: the Pawn drop checks and is legal.
    let mut pos = position("k,8/9/1,G,7/9/9/9/9/9/4,K,4 b hand=P,G");
    assert!(drops(&mut pos).contains(&"P@a8".to_string()));
}

#[test]
fn a_pawn_reaching_the_last_rank_must_promote_and_others_may_choose() {
    let mut pos = position("k,8/4,P,4/2,S,6/9/9/9/9/9/4,K,4 b");
    let v = pos.variant();
    let moves = legal(&mut pos);
    let between = |from: &str, to: &str| -> Vec<Move> {
        let (from, to) = (v.geometry.parse_square(from), v.geometry.parse_square(to));
        (moves.iter().copied())
            .filter(|m| Some(m.from) == from && Some(m.to) == to)
            .collect()
    };
    let pawn = between("e8", "e9");
    assert_eq!(pawn.len(), 1, "{pawn:?}: the Pawn must promote");
    assert_eq!(pawn[0].promotion().map(|k| v.abbr(k)), Some("T"));
    let silver = between("c7", "c8");
    assert_eq!(silver.len(), 2, "{silver:?}: the Silver may promote or not");
    // Out of the zone too: a Silver leaving it may promote.
    let mut pos = position("k,8/9/4,S,4/9/9/9/9/9/4,K,4 b");
    let moves = legal(&mut pos);
    let back: Vec<&Move> = (moves.iter())
        .filter(|m| v.geometry.square_name(m.to) == "d6")
        .collect();
    assert_eq!(back.len(), 2, "{back:?}");
}

#[test]
fn the_file_round_trips_and_every_move_reads_back() {
    let v = shogi();
    let written = game_to_toml(v).unwrap();
    let back = game_from_toml(&written).unwrap();
    assert_eq!(back.definition_hash(), v.definition_hash());
    assert_eq!(back.rules.drops, v.rules.drops);
    assert_eq!(game_to_toml(back).unwrap(), written);
    // Seeded random games: every legal move (drops included) reads back in every style; the
    // incremental hash equals a fresh one; the text form round-trips.
    let mut seed: u64 = 11;
    let mut dropped = 0;
    for _game in 0..4 {
        let mut pos = Position::start(v);
        for _ply in 0..120 {
            let moves = legal(&mut pos);
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                for style in [Style::Short, Style::Long, Style::Coordinate] {
                    let text = format_move(&mut pos, m, style);
                    let read = parse_move(&mut pos, &text)
                        .unwrap_or_else(|e| panic!("{text} in {}: {e}", write_position(&pos)));
                    assert_eq!(read, m, "{text} in {}", write_position(&pos));
                }
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = moves[(seed >> 33) as usize % moves.len()];
            dropped += (m.kind == MoveKind::Drop) as usize;
            pos.make(m);
            assert_eq!(pos.hash(), pos.compute_hash());
            let text = write_position(&pos);
            let again = position(&text);
            assert_eq!(write_position(&again), text);
            assert_eq!(again.hash(), pos.hash(), "{text}");
        }
    }
    assert!(dropped > 0, "the random games dropped nothing");
}

#[test]
fn bad_drop_rules_and_hands_are_one_clear_error() {
    let bad = |from: &str, to: &str, expect: &str| {
        let text = SHOGI.replacen(from, to, 1);
        let Err(e) = game_from_toml(&text) else {
            panic!("{from} -> {to} was read");
        };
        assert!(e.to_string().contains(expect), "{e}");
    };
    bad(
        "pieces = [\"P\", \"L\"",
        "pieces = [\"X\", \"L\"",
        "names \"X\", which no piece is",
    );
    bad(
        "pieces = [\"P\", \"L\"",
        "pieces = [\"K\", \"L\"",
        "a royal piece",
    );
    bad(
        "one_per_file = [\"P\"]",
        "one_per_file = [\"D\"]",
        "not among the hand's pieces",
    );
    bad(
        "captures_to_hand = true",
        "captures = true",
        "unknown field",
    );
    // The rule against mating drops needs mate, so the check rule.
    bad(
        "check = true\n",
        "royal_capture_loses = true\n",
        "no_drop_mate needs the check rule",
    );
    let v = shogi();
    for fen in [
        "k,8/9/9/9/9/9/9/9/8,K b hand=K",
        "k,8/9/9/9/9/9/9/9/8,K b hand=D",
        "k,8/9/9/9/9/9/9/9/8,K b hand=99P",
        "k,8/9/9/9/9/9/9/9/8,K b hand=Q",
    ] {
        assert!(parse_position(v, fen).is_err(), "{fen}");
    }
}

#[test]
fn minishogi_perft_equals_fairy_stockfish_s_published_count() {
    // variants/minishogi.toml: the same drops on 5x5, promotion on the farthest rank.
    let v = game_from_toml(include_str!("../../../variants/minishogi.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut start = Position::start(v);
    assert_eq!(
        (1..=5).map(|d| start.perft(d)).collect::<Vec<_>>(),
        [14, 181, 2512, 35401, 533203]
    );
    let written = game_to_toml(v).unwrap();
    assert_eq!(
        game_to_toml(game_from_toml(&written).unwrap()).unwrap(),
        written
    );
}

#[test]
fn a_position_is_written_as_fairy_stockfish_reads_it() {
    // The FEN Fairy-Stockfish gave for a line of tests/data/shogi.perft: promoted types as `+S`,
    // the hands in brackets, Black (the first side) as `w`.
    let pos = position(
        "7,s,1/l,2,g,1,k,3/n,3,s,r,1,p,l/p,P,1,p,2,g,1,p/r,1,p,2,P,1,n,1/1,n,4,K,P,P/\
         L,1,pS,1,P,1,p,1,L/P,p,1,S,2,P,2/1,B,B,1,G,G,1,N,1 b hand=P,3p",
    );
    let fen = jovian_rules::fen::write_chess_fen(&pos).unwrap();
    assert_eq!(
        fen,
        "7s1/l2g1k3/n3sr1pl/pP1p2g1p/r1p2P1n1/1n4KPP/L1+s1P1p1L/Pp1S2P2/1BB1GG1N1[Pppp] w - - 0 1"
    );
}
