//! Perft of the 12x8 game from the start and from positions with hands, Golems and en passant,
//! and the properties every move must keep: make/unmake restore the position exactly, the
//! incremental hash equals a fresh one, the text form round-trips, no legal move leaves the
//! mover's King in check, and every move left out does.

mod larger_board_reference;

use jovian_rules::fen::{parse_position, write_position};
use jovian_rules::variants::larger_board;
use jovian_rules::{Move, MoveKind, Position};

fn start() -> Position {
    Position::start(larger_board::variant())
}

fn at(text: &str) -> Position {
    let v = larger_board::variant();
    let setup = parse_position(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn start_position_counts() {
    let mut pos = start();
    // 24 Pawn moves, 4 Knight and 4 Lion moves, and per Can(n)on: the capture of the enemy
    // Pawn on its file (staying Rook-wise or flipping) and the flip in place.
    assert_eq!(pos.perft(1), 38);
    assert_eq!(pos.perft(2), 38 * 38);
    assert_eq!(pos.perft(3), 59_164);
}

/// A tiny deterministic generator (SplitMix64).
struct Rng(jovian_rules::random::SplitMix64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }
}

/// Plays random games (preferring drops and captures now and then) and checks every move.
#[test]
fn random_games_keep_every_property() {
    let mut rng = Rng(jovian_rules::random::SplitMix64::new(7));
    let mut moves = Vec::new();
    let mut pseudo = Vec::new();
    let mut noisy = Vec::new();
    let mut checked = 0;
    let mut excluded = 0;
    for _game in 0..30 {
        let mut pos = start();
        for _ply in 0..160 {
            let before = pos.clone();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let text = write_position(&pos);
            let hash = pos.hash();
            assert_eq!(hash, pos.compute_hash(), "{text}");
            // The text form round-trips.
            assert_eq!(write_position(&at(&text)), text);
            let us = pos.side_to_move();
            for &m in &moves {
                pos.make(m);
                assert!(
                    !pos.royal_in_check(us),
                    "{text}: {m:?} leaves the King in check"
                );
                assert_eq!(pos.hash(), pos.compute_hash(), "{text}: {m:?}");
                pos.unmake();
                assert_eq!(pos.hash(), hash);
                checked += 1;
            }
            assert_eq!(write_position(&pos), text);
            // Nothing is left out: every other move of a piece on the board (castlings through
            // check and drops aside) leaves the King in check, as the full make shows. The legal
            // list finds most of these without making them. (An owed Halfling pair, when it can
            // be dropped, is the only legal move.)
            // The capture search's list: the noisy legal moves, in the same order (asked of two
            // copies: a list's order depends on the captures tested before).
            let (mut a, mut b) = (before.clone(), before.clone());
            let any = a.legal_noisy_moves(&mut noisy);
            b.legal_moves(&mut pseudo);
            pseudo.retain(|&m| b.is_noisy(m));
            assert_eq!(noisy, pseudo, "{text}");
            assert!(any, "{text}");
            let owed_pair = moves.iter().all(|m| m.kind == MoveKind::Drop);
            pos.pseudo_legal_moves(&mut pseudo);
            for &m in pseudo.iter().filter(|_| !owed_pair) {
                let other = matches!(m.kind, MoveKind::Castle | MoveKind::Drop);
                if other || moves.contains(&m) {
                    continue;
                }
                pos.make(m);
                assert!(
                    pos.royal_in_check(us),
                    "{text}: {m:?} is legal but left out"
                );
                pos.unmake();
                excluded += 1;
            }
            assert_eq!(write_position(&pos), text);
            let drops: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.kind == MoveKind::Drop)
                .collect();
            let m = if !drops.is_empty() && rng.below(3) == 0 {
                drops[rng.below(drops.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos.make(m);
        }
    }
    assert!(checked > 10_000, "{checked}");
    assert!(excluded > 100, "{excluded}");
}

/// The counts of tests/data/larger_board.perft (each agreed by the library and the reference
/// when it was written); the reference recounts each position at depth 2 here.
#[test]
fn perft_data_file() {
    let data = include_str!("data/larger_board.perft");
    let mut lines = 0;
    for line in data
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let (text, counts) = line.split_once(" ; ").expect("position ; depth nodes");
        let (depth, nodes) = counts.split_once(' ').expect("depth nodes");
        let (depth, nodes): (u32, u64) = (depth.parse().unwrap(), nodes.parse().unwrap());
        let mut pos = at(text);
        assert_eq!(pos.perft(depth), nodes, "{text}");
        let reference = larger_board_reference::parse(text).expect("the reference reads it");
        assert_eq!(
            larger_board_reference::perft(&reference, 2),
            pos.perft(2),
            "{text}: depth 2 against the reference"
        );
        lines += 1;
    }
    assert_eq!(lines, 12);
}
