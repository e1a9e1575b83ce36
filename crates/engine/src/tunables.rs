//! Every number that shapes the engine's play, named in one place. Values in centipawns (a Pawn is
//! 100) unless noted.

/// Evaluation weights.
#[derive(Clone, Debug)]
pub struct EvalTunables {
    /// Share (in percent) of a piece's promotion gain credited while it stands in its promotion zone,
    /// one rank short of it, two ranks short. A piece inside the zone may promote on any move.
    pub promotion_share_in_zone: i32,
    pub promotion_share_one_rank: i32,
    pub promotion_share_two_ranks: i32,
    /// Percent of a piece's empty-board mobility difference from its average, per square (the
    /// piece-square term).
    pub mobility_weight: i32,
    /// Penalty per enemy piece within two squares of a side's last royal piece.
    pub royal_attacker_penalty: i32,
    /// Bonus per friendly piece adjacent to a side's last royal piece.
    pub royal_guard_bonus: i32,
    /// Penalty for a side with exactly two, three pieces (one more loss bares it).
    pub bare_danger_two: i32,
    pub bare_danger_three: i32,
    /// Bonus for the side to move.
    pub tempo: i32,
    /// Percent of its value a piece in hand counts for (the 12x8 game's drops).
    pub hand_share: i32,
}

impl Default for EvalTunables {
    fn default() -> Self {
        EvalTunables {
            promotion_share_in_zone: 60,
            promotion_share_one_rank: 25,
            promotion_share_two_ranks: 10,
            mobility_weight: 150,
            royal_attacker_penalty: 18,
            royal_guard_bonus: 6,
            bare_danger_two: 400,
            bare_danger_three: 120,
            tempo: 12,
            hand_share: 80,
        }
    }
}

/// Search parameters. Branching factors of 100-300 make chess-tuned reductions too timid: these were
/// chosen by self-play on Scirocco (see the engine's closing note for the matches).
#[derive(Clone, Debug)]
pub struct SearchTunables {
    /// Null-move reduction: `null_base + depth / null_divisor`.
    pub null_base: i32,
    pub null_divisor: i32,
    /// Minimum depth for null-move pruning.
    pub null_min_depth: i32,
    /// Late-move reductions: `ln(depth) * ln(move index) / lmr_divisor` (in hundredths).
    pub lmr_divisor_x100: i32,
    /// Moves searched at full depth before reductions start.
    pub lmr_full_moves: usize,
    /// Minimum depth for late-move reductions.
    pub lmr_min_depth: i32,
    /// Futility margin per ply at depths 1-2 for quiet moves.
    pub futility_margin: i32,
    /// Aspiration window half-width.
    pub aspiration: i32,
    /// Late-move pruning at depth d <= 4: quiet moves after `lmp_base + lmp_per_depth_sq * d * d`
    /// searched moves are skipped.
    pub lmp_base: usize,
    pub lmp_per_depth_sq: usize,
    /// Quiescence stops (standing pat) after this many captures in a row, on boards of at least
    /// `qsearch_cap_min_squares` squares. On a crowded 16x16 board, where each side may have fifty
    /// captures, an unbounded capture search explodes.
    pub qsearch_max_depth: u32,
    /// The smallest board the quiescence cap applies to. Jupiter's 256 squares: Scirocco and
    /// Typhoon search captures to the end as before, because the cap measured weaker in Scirocco
    /// (docs/engine.md: 48 wins, 67 losses, 1 draw in 116 games at 100 ms a move against the
    /// uncapped build, -57 Elo [-124, +5]).
    pub qsearch_cap_min_squares: u32,
    /// After this many captures in a row, quiescence searches only recaptures: captures of the
    /// piece that just landed. Without it a wall of pawns facing pawns (twenty captures a side,
    /// each answered by another) keeps even a depth-1 search busy for minutes; with it the tree
    /// past this depth is a chain of exchanges on one square.
    pub qsearch_recapture_depth: u32,
}

impl Default for SearchTunables {
    fn default() -> Self {
        SearchTunables {
            null_base: 2,
            null_divisor: 4,
            null_min_depth: 3,
            lmr_divisor_x100: 200,
            lmr_full_moves: 3,
            lmr_min_depth: 3,
            futility_margin: 150,
            aspiration: 40,
            lmp_base: 6,
            lmp_per_depth_sq: 3,
            qsearch_max_depth: 8,
            qsearch_cap_min_squares: 256,
            qsearch_recapture_depth: 4,
        }
    }
}
