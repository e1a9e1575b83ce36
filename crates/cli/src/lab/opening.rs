//! Opening variety for self-play. An engine at a fixed depth plays the same game every time from
//! the same array, so the first plies of each lab game are chosen at random among the moves a
//! shallow search finds nearly as good as the best: different games, but no gift of material
//! that would bias the figures.

use jovian_engine::{Engine, Limits};
use jovian_rules::{Move, Position, Variant};

use crate::matches::players::{Clocks, Player, Rng};

/// How far below the best move a random opening move may be, in centipawns.
pub const MARGIN: i32 = 50;

/// A player that makes the game's first `random_plies` plies (both sides' together) at random
/// among the nearly best moves, then lets `inner` play.
pub struct OpeningPlayer {
    inner: Box<dyn Player + Send>,
    random_plies: usize,
    /// Scores the candidate moves: each move's reply searched to depth 1 (with the capture
    /// search), a small table of its own cleared every game.
    probe: Engine,
    rng: Rng,
}

impl OpeningPlayer {
    pub fn new(
        inner: Box<dyn Player + Send>,
        variant: &'static Variant,
        random_plies: usize,
    ) -> OpeningPlayer {
        OpeningPlayer {
            inner,
            random_plies,
            probe: Engine::new(variant, 1),
            rng: Rng::new(0),
        }
    }
}

impl Player for OpeningPlayer {
    fn new_game(&mut self, start: &Position, seed: u64) -> Result<(), String> {
        self.rng = Rng::new(seed);
        // A fresh table, so that a game does not depend on the games its thread played before.
        self.probe.clear();
        self.inner.new_game(start, seed)
    }

    fn choose(
        &mut self,
        pos: &mut Position,
        last: Option<Move>,
        clocks: Option<&Clocks>,
    ) -> Result<Move, String> {
        if pos.ply() >= self.random_plies {
            return self.inner.choose(pos, last, clocks);
        }
        let candidates = nearly_best(&mut self.probe, pos, MARGIN);
        if candidates.is_empty() {
            return Err("no legal move".to_string());
        }
        Ok(candidates[self.rng.below(candidates.len())])
    }

    fn game_over(&mut self, result: &str) {
        self.inner.game_over(result);
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
