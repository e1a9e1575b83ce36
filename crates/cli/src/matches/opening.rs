//! Opening variety: an engine at a fixed depth or node count plays the same game every time from
//! the same array, so games may begin with a few plies chosen at random among the moves a
//! shallow search finds nearly as good as the best: different games, but no gift of material
//! that would bias a match or the lab's figures. `jovian match --random-plies` plays them once
//! per pair of games (both colours then start from the same position); the lab's players choose
//! them game by game (lab/opening.rs).

use jovian_engine::{Engine, Limits};
use jovian_rules::{Move, Position, Variant};

use super::players::Rng;

/// How far below the best move a random opening move may be, in centipawns.
pub const MARGIN: i32 = 50;

/// Makes `plies` opening plies on `pos` (fewer if the game ends), each drawn with an `Rng` seeded
/// by `seed` among the nearly best moves, and appends them to `moves`. The same variant,
/// position, plies and seed give the same moves.
pub fn play_random_plies(
    variant: &'static Variant,
    pos: &mut Position,
    plies: usize,
    seed: u64,
    moves: &mut Vec<Move>,
) {
    if plies == 0 {
        return;
    }
    let mut probe = Engine::new(variant, 1);
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        if pos.outcome().is_some() {
            break;
        }
        let candidates = nearly_best(&mut probe, pos, MARGIN);
        if candidates.is_empty() {
            break;
        }
        let m = candidates[rng.below(candidates.len())];
        pos.make(m);
        moves.push(m);
    }
}

/// The legal moves of `pos` whose score (the reply searched to depth 1, from the mover's side)
/// is at most `margin` below the best one's, in the order the rules list them.
pub fn nearly_best(probe: &mut Engine, pos: &mut Position, margin: i32) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let limits = Limits::depth(1);
    let scores: Vec<i32> = moves
        .iter()
        .map(|&m| {
            pos.make(m);
            let reply = probe.search(pos, &limits, |_| {}).score;
            pos.unmake();
            // The first part of a doubled turn leaves the same side to move: its score is ours.
            if m.is_continuing() { reply } else { -reply }
        })
        .collect();
    let Some(&best) = scores.iter().max() else {
        return Vec::new();
    };
    moves
        .into_iter()
        .zip(scores)
        .filter(|&(_, s)| s >= best.saturating_sub(margin))
        .map(|(m, _)| m)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use jovian_rules::fen;

    #[test]
    fn random_plies_are_reproducible_and_differ_by_seed() {
        let v = Variant::by_id("larger-board").unwrap();
        let opening = |seed: u64| {
            let mut pos = Position::start(v);
            let mut moves = Vec::new();
            play_random_plies(v, &mut pos, 4, seed, &mut moves);
            assert_eq!(pos.ply(), 4);
            moves
        };
        assert_eq!(opening(7), opening(7));
        let distinct: std::collections::HashSet<Vec<Move>> = (0..8).map(opening).collect();
        assert!(distinct.len() > 4, "{} openings of 8", distinct.len());
        let mut start = Position::start(v);
        let mut none = Vec::new();
        play_random_plies(v, &mut start, 0, 7, &mut none);
        assert!(none.is_empty() && start.ply() == 0);
    }

    #[test]
    fn a_move_that_gives_away_material_is_never_among_the_nearly_best() {
        let v = Variant::by_id("scirocco").unwrap();
        let mut probe = Engine::new(v, 1);
        // Blue's Queen on a1 can take the undefended Tan Rook on a5: every other move is worse
        // by far more than the margin, so the capture is the only candidate.
        let text = "8,k,1/10/10/10/10/r,9/10/10/10/Q,8,K b";
        let mut pos = Position::from_setup(&fen::parse_position(v, text).unwrap()).unwrap();
        let best = nearly_best(&mut probe, &mut pos, MARGIN);
        assert_eq!(best.len(), 1, "{best:?}");
        assert_eq!(v.square_name(best[0].to), "a5");
        // From the initial array many moves are nearly equal.
        let mut start = Position::start(v);
        assert!(nearly_best(&mut probe, &mut start, MARGIN).len() > 5);
    }
}
