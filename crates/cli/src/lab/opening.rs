//! Opening variety for self-play. An engine at a fixed depth plays the same game every time from
//! the same array, so the first plies of each lab game are chosen at random among the moves a
//! shallow search finds nearly as good as the best: different games, but no gift of material
//! that would bias the figures.
//!
//! Each side chooses its own plies with its own generator, game by game. `jovian match` plays its
//! random plies once per pair instead (matches/opening.rs, whose choice of nearly best moves this
//! shares); the lab keeps its own drawing so that the runs behind the fitted tables
//! (`scripts/fit-values`) still give the same games.

use jovian_engine::Engine;
use jovian_rules::{Move, Position, Variant};

use crate::matches::opening::{MARGIN, nearly_best};
use crate::matches::players::{Clocks, Player, Rng};

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
