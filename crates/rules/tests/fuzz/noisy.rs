//! `Position::legal_noisy_moves` (the capture search's move list) and `has_legal_move` against
//! their definitions from `legal_moves`, in every position of every playout: named arrays and
//! dense positions full of special pieces, of every variant.

use std::collections::BTreeMap;

use jovian_rules::Position;

use super::playouts;

#[test]
fn the_noisy_moves_are_the_legal_moves_that_capture_promote_or_convert() {
    // Per variant: (positions, with a noisy move, with moves but none noisy, with no move).
    let mut counts: BTreeMap<&str, [usize; 4]> = BTreeMap::new();
    let (mut all, mut noisy, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
    for p in playouts() {
        for ply in 0..=p.moves.len() {
            // Each question on its own copy: making and unmaking moves (the repetition test) may
            // reorder a side's piece list, and with it the order moves are listed in.
            let pos: Position = p.position_after(ply);
            pos.clone().legal_moves(&mut all);
            let expected: Vec<_> = all.iter().copied().filter(|&m| pos.is_noisy(m)).collect();
            let any = pos.clone().legal_noisy_moves(&mut noisy);
            let context = format!(
                "{}: {} (ply {ply} of a game from {:?})",
                p.variant.id,
                jovian_rules::fen::write_position(&pos),
                p.setup_name
            );
            assert_eq!(noisy, expected, "{context}");
            assert_eq!(any, !all.is_empty(), "{context}");
            assert_eq!(
                pos.clone().has_legal_move(&mut scratch),
                !all.is_empty(),
                "{context}"
            );
            let c = counts.entry(p.variant.id).or_default();
            c[0] += 1;
            c[if all.is_empty() {
                3
            } else if noisy.is_empty() {
                2
            } else {
                1
            }] += 1;
        }
    }
    // Not vacuous: every variant had positions with captures and positions with moves but no
    // capture, and some game reached a position without a move (today: jupiter [514, 392, 122,
    // 0], jupiter-1999 [514, 488, 26, 0], larger-board [364, 361, 3, 0], scirocco [493, 444, 48,
    // 1], typhoon [514, 425, 89, 0]).
    for (name, c) in &counts {
        assert!(c[1] > 20 && c[2] > 0, "{name}: {c:?}");
    }
    assert!(counts.values().any(|c| c[3] > 0), "{counts:?}");
    assert!(counts.len() >= 4, "{counts:?}");
}
