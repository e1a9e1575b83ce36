//! What quiescence's delta pruning reads: the most a move can win in material.

use jovian_engine::eval::Evaluator;
use jovian_engine::tunables::EvalTunables;
use jovian_rules::variants::{scirocco, typhoon};
use jovian_rules::{Color, Move, MoveKind, Position};

mod common;
use common::position_in;

fn moves(pos: &Position) -> Vec<Move> {
    let mut list = Vec::new();
    pos.clone().legal_moves(&mut list);
    list
}

fn square(pos: &Position, name: &str) -> jovian_rules::Square {
    pos.variant().geometry.parse_square(name).unwrap()
}

#[test]
fn a_capture_gains_its_victims_and_a_quiet_move_nothing() {
    use Color::*;
    let v = scirocco::variant();
    let pos = position_in(
        v,
        &[
            (Blue, "R", "a1"),
            (Blue, "K", "j1"),
            (Tan, "B", "a6"),
            (Tan, "K", "j10"),
        ],
        Blue,
    );
    let eval = Evaluator::new(v, EvalTunables::default());
    let bishop = pos.piece_at(square(&pos, "a6")).unwrap();
    let all = moves(&pos);
    let take = all
        .iter()
        .find(|m| m.from == square(&pos, "a1") && m.destination() == square(&pos, "a6"))
        .expect("the Rook takes the Bishop");
    assert_eq!(eval.capture_gain(&pos, *take), eval.piece_value(bishop));
    assert!(eval.piece_value(bishop) > 0);
    let quiet = all
        .iter()
        .find(|m| m.from == square(&pos, "a1") && m.destination() == square(&pos, "a3"))
        .unwrap();
    assert_eq!(eval.capture_gain(&pos, *quiet), 0);
}

#[test]
fn taking_or_converting_the_royal_piece_gains_everything() {
    use Color::*;
    let v = scirocco::variant();
    let pos = position_in(
        v,
        &[
            (Blue, "R", "a1"),
            (Blue, "K", "j1"),
            (Tan, "K", "a10"),
            (Tan, "P", "j9"),
        ],
        Blue,
    );
    let eval = Evaluator::new(v, EvalTunables::default());
    let take = moves(&pos)
        .into_iter()
        .find(|m| m.destination() == square(&pos, "a10"))
        .unwrap();
    assert!(eval.capture_gain(&pos, take) >= 1_000_000);

    // Typhoon's Cuckoo converts the King next to it (as in the tactics test).
    let v = typhoon::variant();
    let pos = position_in(
        v,
        &[
            (Blue, "Cu", "e4"),
            (Blue, "K", "a1"),
            (Tan, "K", "e5"),
            (Tan, "Q", "h4"),
            (Tan, "R", "b8"),
        ],
        Blue,
    );
    let eval = Evaluator::new(v, EvalTunables::default());
    let converts: Vec<Move> = moves(&pos)
        .into_iter()
        .filter(|m| m.kind == MoveKind::Convert)
        .collect();
    let royal = converts
        .iter()
        .find(|m| m.converted() == square(&pos, "e5"))
        .expect("the Cuckoo converts the King");
    assert!(eval.capture_gain(&pos, *royal) >= 1_000_000);
}

#[test]
fn converting_a_piece_gains_it_twice() {
    use Color::*;
    // The piece changes sides: the opponent loses it and the mover gains it.
    let v = typhoon::variant();
    let pos = position_in(
        v,
        &[
            (Blue, "Cu", "e4"),
            (Blue, "K", "a1"),
            (Tan, "R", "e5"),
            (Tan, "K", "l9"),
        ],
        Blue,
    );
    let eval = Evaluator::new(v, EvalTunables::default());
    let rook = pos.piece_at(square(&pos, "e5")).unwrap();
    let convert = moves(&pos)
        .into_iter()
        .find(|m| m.kind == MoveKind::Convert && m.converted() == square(&pos, "e5"))
        .expect("the Cuckoo converts the Rook");
    assert_eq!(eval.capture_gain(&pos, convert), 2 * eval.piece_value(rook));
}
