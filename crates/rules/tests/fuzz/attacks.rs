//! `Position::capturable` (the quick test whether a piece could be taken, which the engine asks at
//! most nodes) against its definition, `capturable_by_generation`, for every piece of the side to
//! move in every position of every playout: named arrays and dense positions full of special
//! pieces, of every variant.

use std::collections::BTreeMap;

use jovian_rules::Position;

use super::playouts;

#[test]
fn the_quick_attack_test_agrees_with_generating_every_move() {
    // Per variant: (pieces asked about, of them capturable).
    let mut counts: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut scratch = Vec::new();
    for p in playouts() {
        for ply in 0..=p.moves.len() {
            let mut pos: Position = p.position_after(ply);
            let us = pos.side_to_move();
            let squares: Vec<_> = pos.side_pieces(us).map(|(_, sq)| sq).collect();
            for sq in squares {
                let quick = pos.capturable(sq, &mut scratch);
                let slow = pos.capturable_by_generation(sq, &mut scratch);
                assert_eq!(
                    quick,
                    slow,
                    "{}: the piece on {} in {} (ply {ply} of a game from {:?})",
                    p.variant.id,
                    p.variant.geometry.square_name(sq),
                    jovian_rules::fen::write_position(&pos),
                    p.setup_name
                );
                let c = counts.entry(p.variant.id).or_default();
                c.0 += 1;
                c.1 += quick as usize;
            }
        }
    }
    // Not vacuous: every variant had pieces that could be taken and pieces that could not.
    for (name, (asked, taken)) in &counts {
        assert!(
            *taken > 20 && asked - taken > 20,
            "{name}: {taken} of {asked}"
        );
    }
    assert!(counts.len() >= 4, "{counts:?}");
}
