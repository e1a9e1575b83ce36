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
    /// Bonus, in hundredths of a centipawn, per non-royal piece and per square it stands closer
    /// (king-wise distance) to the enemy's last royal piece than the far side of the board: a
    /// drive towards the royal piece, for the big boards where a shallow search sees no plan and
    /// games between engines shuffle to the move limit (Jupiter).
    pub royal_tropism: i32,
    /// Percent of the trade-down term counted: the side ahead in material (royal pieces left
    /// out) gains its lead times the share of the starting material already traded off, so it
    /// seeks equal trades and the side behind avoids them.
    pub trade_down: i32,
    /// Like `royal_tropism` (hundredths of a centipawn per square), for the side ahead in
    /// material alone and in proportion to its lead up to 10 Pawns (`eval::HUNT_FULL_LEAD`): the
    /// side that should win goes after the royal piece, the other keeps its pieces home.
    pub royal_hunt: i32,
    /// The royal tropism (hundredths of a centipawn per square, as `royal_tropism`) in place of
    /// `royal_tropism` while the search plays its lead mode (`SearchTunables::lead_threshold`);
    /// 0: `royal_tropism` in both. Once one side is clearly ahead, both sides' pieces are drawn
    /// harder towards the enemy royal piece, so the armies meet and the game is decided sooner;
    /// between equals it changes nothing.
    pub lead_royal_tropism: i32,
    /// Penalty per unit of pressure on the squares next to a side's last royal piece: the enemy
    /// pieces within `eval::ZONE_REACH` squares of it that attack those squares with their real
    /// (table) moves, times the number of those squares attacked (`royal_window` in eval.rs).
    /// The product grows as an attack gathers: one piece eyeing one square is nothing, four
    /// pieces covering its escape squares is a royal piece about to fall.
    pub royal_zone_attack: i32,
    /// Which material values: 0 the game's own choice (its fitted table where that won its
    /// SPRT, else the estimates), 1 the estimates, 2 the fitted table (values.rs).
    pub value_table: i32,
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
            royal_tropism: 0,
            trade_down: 0,
            royal_hunt: 0,
            lead_royal_tropism: 0,
            royal_zone_attack: 0,
            value_table: 0,
        }
    }
}

/// The games whose engines play the conversion bundle (`EvalTunables::use_conversion_bundle`,
/// `SearchTunables::progress_horizon`): knowledge that turns a lead into a won game. Each after
/// an SPRT accepted it there, or a non-regression SPRT found it no weaker (docs/engine.md,
/// "Winning won games").
pub const CONVERSION_GAMES: &[&str] = &["jupiter"];

/// The conversion bundle's weights: the evaluation's share of `trade_down` and `royal_hunt`, its
/// `royal_tropism` (both sides drawn towards the enemy King, so that equal engines meet and finish
/// too, not only the side ahead), and the search's `progress_horizon`.
pub const CONVERSION_TRADE_DOWN: i32 = 100;
pub const CONVERSION_ROYAL_HUNT: i32 = 1_000;
pub const CONVERSION_ROYAL_TROPISM: i32 = 300;
pub const CONVERSION_PROGRESS_HORIZON: i32 = 200;

impl EvalTunables {
    /// The defaults for a game: `default()`, with the conversion bundle where it won its SPRT.
    pub fn for_game(variant_id: &str) -> EvalTunables {
        let mut t = EvalTunables::default();
        if CONVERSION_GAMES.contains(&variant_id) {
            t.use_conversion_bundle();
        }
        t
    }

    /// The evaluation's part of the conversion bundle: trading down, the royal hunt and the
    /// royal tropism.
    pub fn use_conversion_bundle(&mut self) {
        self.trade_down = CONVERSION_TRADE_DOWN;
        self.royal_hunt = CONVERSION_ROYAL_HUNT;
        self.royal_tropism = CONVERSION_ROYAL_TROPISM;
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
    /// Futility margin per ply for quiet moves at depths 1 to `futility_max_depth`.
    pub futility_margin: i32,
    pub futility_max_depth: i32,
    /// Aspiration window half-width.
    pub aspiration: i32,
    /// Late-move pruning at depth d <= `lmp_max_depth`: quiet moves after `lmp_base +
    /// lmp_per_depth_sq * d * d` searched moves are skipped; with `lmp_improving` 1, half as many
    /// are searched where the side's evaluation is not improving.
    pub lmp_base: usize,
    pub lmp_per_depth_sq: usize,
    pub lmp_max_depth: i32,
    pub lmp_improving: i32,
    /// 1: a late quiet move in a node off the principal variation whose evaluation is not
    /// improving is reduced one ply more.
    pub lmr_not_improving: i32,
    /// Null move: the reduction grows by (static evaluation - beta) / this, at most 3 plies more
    /// (0: not at all). Far above beta, a pass is tested more cheaply.
    pub null_eval_divisor: i32,
    /// Quiescence delta pruning: a capture whose gain (victims, conversion, promotion) and this
    /// margin cannot lift the standing evaluation to alpha is not searched (0: never pruned; nor
    /// where the evaluation's lead terms or the progress rule are on, which move the evaluation
    /// by more than a capture's material: `Evaluator::capture_gain_bounds_captures`).
    pub qsearch_delta_margin: i32,
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
    /// A quiescence search (from one leaf of the main search) that has visited this many nodes
    /// searches only recaptures and winning captures from then on, in the nodes already under
    /// way too, and stands pat everywhere once it has visited twice as many (0: no budget). The
    /// recapture rule bounds the plies; this bounds the width: on a crowded board where each
    /// side has fifty captures, the four plies of every capture before the recapture rule were
    /// millions of nodes for one leaf. In ordinary positions fewer than one leaf in 50,000
    /// needs more than 256 nodes (docs/engine.md).
    pub qsearch_node_budget: u32,
    /// 1: quiescence skips a losing capture, one whose piece is worth more than all it wins
    /// (`Evaluator::capture_gain`) and lands where the opponent can take it; the exchange's value
    /// is then at best what a recapture leaves, and such captures were a quarter to a half of
    /// those Jupiter's capture search made (docs/engine.md, "Losing captures"). 0: every capture
    /// is searched.
    pub qsearch_skip_losing: i32,
    /// Reverse futility pruning (static null move): at depth up to `rfp_max_depth` (0: never), a
    /// node whose static evaluation beats beta by `rfp_margin` per ply of depth (one ply less when
    /// the side's evaluation is improving on its last turn) returns without searching.
    pub rfp_max_depth: i32,
    pub rfp_margin: i32,
    /// Internal iterative reduction: a node of at least this depth without a table move is
    /// searched one ply shallower (0: never). Its search mostly serves to find a move to order.
    pub iir_min_depth: i32,
    /// Late-move reductions scaled by history: the reduction shrinks by history / this (a move
    /// that often refutes is reduced less, one that often fails more); 0 ignores the history.
    pub lmr_history_divisor: i32,
    /// 1: the counter-move (the quiet move that last refuted the opponent's previous move) is
    /// tried right after the killers; 0: it is not.
    pub counter_moves: i32,
    /// Continuation history: quiet moves are ordered (and their reductions scaled) by how they
    /// did after the move 1 ply before (1), or after the moves 1 and 2 plies before (2); 0: off.
    pub continuation_plies: i32,
    /// 1: a node where the side to move's last royal piece is attacked is searched one ply deeper
    /// (the check extension of games without check); 0: it is not.
    pub royal_threat_extension: i32,
    /// The lead mode (centipawns; 0: never): a search whose root position has one side ahead in
    /// settled material (royal pieces left out, pieces in hand in, the captures pending at the
    /// root played out: `lead::settled_lead`) by at least this plays
    /// `lead_threat_extension` and the evaluation's `lead_royal_tropism`. Knowledge for
    /// finishing a won game that equal games, where neither side is far ahead, never switch on.
    pub lead_threshold: i32,
    /// 1: in the lead mode, the royal threat extension is on (as `royal_threat_extension` 1).
    pub lead_threat_extension: i32,
    /// Progress (plies; 0: off): the static evaluation shrinks towards equality by 1/this per
    /// ply since the last irreversible move (capture, promotion, birth), to at most half. A side
    /// ahead then prefers the line that captures over the one that shuffles, and the longer
    /// nothing happens the more it pays to make something happen. Signs never change, and won
    /// games found by the search (royal captures, barings) are not scaled, so no win is given up.
    pub progress_horizon: i32,
    /// When a time limit applies, no new iteration starts after this percent of the move's budget.
    pub soft_time_percent: u32,
    /// 1: an iteration the clock interrupts still gives its best move when a root move searched in
    /// full beat the previous best; 0: an interrupted iteration is thrown away.
    pub partial_iterations: i32,
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
            futility_max_depth: 2,
            aspiration: 40,
            lmp_base: 6,
            lmp_per_depth_sq: 3,
            lmp_max_depth: 4,
            lmp_improving: 0,
            lmr_not_improving: 0,
            null_eval_divisor: 0,
            qsearch_delta_margin: 0,
            qsearch_max_depth: 8,
            qsearch_cap_min_squares: 256,
            qsearch_recapture_depth: 4,
            qsearch_node_budget: 256,
            qsearch_skip_losing: 0,
            // Off: no better than without (docs/engine.md, "Every change by SPRT"). With them on,
            // 6 and 4.
            rfp_max_depth: 0,
            rfp_margin: 110,
            iir_min_depth: 0,
            lmr_history_divisor: 8_192,
            counter_moves: 1,
            continuation_plies: 0,
            royal_threat_extension: 0,
            lead_threshold: 0,
            lead_threat_extension: 0,
            progress_horizon: 0,
            soft_time_percent: 55,
            partial_iterations: 1,
        }
    }
}

/// The games whose searches use the depth bundle (`SearchTunables::use_depth_bundle`), each
/// after an SPRT at equal time accepted it there (docs/engine.md): Scirocco +67 Elo in 306 games
/// and the 12x8 game +86 in 194, both at 100 ms a move. Typhoon's rejected it (-75 Elo in 213
/// games at 50 ms a move); Jupiter's at 8,000 nodes (-329 Elo in 111 games: its delta pruning,
/// which now stays off where the conversion terms are on); its 1999 edition has had none.
pub const DEPTH_BUNDLE_GAMES: &[&str] = &["scirocco", "larger-board"];

/// The games whose capture search skips losing captures (`SearchTunables::qsearch_skip_losing`),
/// each after its SPRTs at equal nodes and at equal time (docs/engine.md, "Losing captures").
pub const SKIP_LOSING_GAMES: &[&str] = &["jupiter"];

impl SearchTunables {
    /// The defaults for a game: `default()`, with the depth bundle, the conversion bundle's
    /// progress rule and the skipping of losing captures where each won its SPRT.
    pub fn for_game(variant_id: &str) -> SearchTunables {
        let mut t = SearchTunables::default();
        if DEPTH_BUNDLE_GAMES.contains(&variant_id) {
            t.use_depth_bundle();
        }
        if CONVERSION_GAMES.contains(&variant_id) {
            t.progress_horizon = CONVERSION_PROGRESS_HORIZON;
        }
        if SKIP_LOSING_GAMES.contains(&variant_id) {
            t.qsearch_skip_losing = 1;
        }
        t
    }

    /// The depth bundle: deeper late-move and futility pruning, both halved or deepened where
    /// the side's evaluation is not improving, null-move reductions growing with the margin
    /// above beta, quiescence delta pruning, and larger late-move reductions.
    pub fn use_depth_bundle(&mut self) {
        self.set_pruning(&DEPTH_BUNDLE);
    }

    /// The pruning the level ladder was measured with (2026-11-24, docs/engine.md): the fields
    /// the depth bundle changes, set back to their values before it, and every capture searched.
    /// Levels 1-10 search with these, so that a level keeps its measured strength when the
    /// defaults change.
    pub fn pin_ladder_pruning(&mut self) {
        self.set_pruning(&LADDER_PRUNING);
        self.qsearch_skip_losing = 0;
    }

    fn set_pruning(&mut self, p: &Pruning) {
        self.lmr_divisor_x100 = p.lmr_divisor_x100;
        self.lmp_max_depth = p.lmp_max_depth;
        self.lmp_improving = p.lmp_improving;
        self.lmr_not_improving = p.lmr_not_improving;
        self.futility_max_depth = p.futility_max_depth;
        self.null_eval_divisor = p.null_eval_divisor;
        self.qsearch_delta_margin = p.qsearch_delta_margin;
    }
}

/// The search fields in which the depth bundle and the ladder's pruning differ.
struct Pruning {
    lmr_divisor_x100: i32,
    lmp_max_depth: i32,
    lmp_improving: i32,
    lmr_not_improving: i32,
    futility_max_depth: i32,
    null_eval_divisor: i32,
    qsearch_delta_margin: i32,
}

const DEPTH_BUNDLE: Pruning = Pruning {
    lmr_divisor_x100: 150,
    lmp_max_depth: 6,
    lmp_improving: 1,
    lmr_not_improving: 1,
    futility_max_depth: 6,
    null_eval_divisor: 200,
    qsearch_delta_margin: 200,
};

const LADDER_PRUNING: Pruning = Pruning {
    lmr_divisor_x100: 200,
    lmp_max_depth: 4,
    lmp_improving: 0,
    lmr_not_improving: 0,
    futility_max_depth: 2,
    null_eval_divisor: 0,
    qsearch_delta_margin: 0,
};

/// Changes to the tunables by name, as `jovian match` takes them for A/B tests of one binary
/// (`movetime:50@rfp_max_depth=6,iir_min_depth=4`): every search or evaluation change is a named
/// tunable, so the change and the build without it can meet in an SPRT.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overrides(Vec<(String, i64)>);

/// Every tunable's name, for messages.
pub const NAMES: &[&str] = &[
    "promotion_share_in_zone",
    "promotion_share_one_rank",
    "promotion_share_two_ranks",
    "mobility_weight",
    "royal_attacker_penalty",
    "royal_guard_bonus",
    "bare_danger_two",
    "bare_danger_three",
    "tempo",
    "hand_share",
    "royal_tropism",
    "trade_down",
    "royal_hunt",
    "lead_royal_tropism",
    "royal_zone_attack",
    "value_table",
    "null_base",
    "null_divisor",
    "null_min_depth",
    "lmr_divisor_x100",
    "lmr_full_moves",
    "lmr_min_depth",
    "futility_margin",
    "futility_max_depth",
    "aspiration",
    "lmp_base",
    "lmp_per_depth_sq",
    "lmp_max_depth",
    "lmp_improving",
    "lmr_not_improving",
    "null_eval_divisor",
    "qsearch_delta_margin",
    "qsearch_max_depth",
    "qsearch_cap_min_squares",
    "qsearch_recapture_depth",
    "qsearch_node_budget",
    "qsearch_skip_losing",
    "rfp_max_depth",
    "rfp_margin",
    "iir_min_depth",
    "lmr_history_divisor",
    "counter_moves",
    "continuation_plies",
    "royal_threat_extension",
    "lead_threshold",
    "lead_threat_extension",
    "progress_horizon",
    "soft_time_percent",
    "partial_iterations",
];

impl Overrides {
    /// Reads `name=value,name=value`; an unknown name or a value out of its field's range is an
    /// error naming it.
    pub fn parse(text: &str) -> Result<Overrides, String> {
        let mut list = Vec::new();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("a tunable is NAME=VALUE, not {item:?}"))?;
            let (name, value) = (name.trim(), value.trim());
            let value: i64 = value
                .parse()
                .map_err(|_| format!("{name} needs a whole number, not {value:?}"))?;
            let mut list_one = Overrides(vec![(name.to_string(), value)]);
            list_one.apply(&mut EvalTunables::default(), &mut SearchTunables::default())?;
            list.append(&mut list_one.0);
        }
        Ok(Overrides(list))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Sets the named tunables.
    pub fn apply(&self, e: &mut EvalTunables, s: &mut SearchTunables) -> Result<(), String> {
        for (name, value) in &self.0 {
            let v = *value;
            let int = |lo: i64, hi: i64| -> Result<i32, String> {
                if (lo..=hi).contains(&v) {
                    Ok(v as i32)
                } else {
                    Err(format!("{name} takes {lo} to {hi}, not {v}"))
                }
            };
            match name.as_str() {
                "promotion_share_in_zone" => e.promotion_share_in_zone = int(0, 100)?,
                "promotion_share_one_rank" => e.promotion_share_one_rank = int(0, 100)?,
                "promotion_share_two_ranks" => e.promotion_share_two_ranks = int(0, 100)?,
                "mobility_weight" => e.mobility_weight = int(0, 1_000)?,
                "royal_attacker_penalty" => e.royal_attacker_penalty = int(0, 1_000)?,
                "royal_guard_bonus" => e.royal_guard_bonus = int(0, 1_000)?,
                "bare_danger_two" => e.bare_danger_two = int(0, 5_000)?,
                "bare_danger_three" => e.bare_danger_three = int(0, 5_000)?,
                "tempo" => e.tempo = int(0, 200)?,
                "hand_share" => e.hand_share = int(0, 100)?,
                "royal_tropism" => e.royal_tropism = int(0, 10_000)?,
                "trade_down" => e.trade_down = int(0, 10_000)?,
                "royal_hunt" => e.royal_hunt = int(0, 10_000)?,
                "lead_royal_tropism" => e.lead_royal_tropism = int(0, 10_000)?,
                "royal_zone_attack" => e.royal_zone_attack = int(0, 1_000)?,
                "value_table" => e.value_table = int(0, 2)?,
                "null_base" => s.null_base = int(0, 10)?,
                "null_divisor" => s.null_divisor = int(1, 20)?,
                "null_min_depth" => s.null_min_depth = int(1, 100)?,
                "lmr_divisor_x100" => s.lmr_divisor_x100 = int(10, 10_000)?,
                "lmr_full_moves" => s.lmr_full_moves = int(1, 64)? as usize,
                "lmr_min_depth" => s.lmr_min_depth = int(1, 100)?,
                "futility_margin" => s.futility_margin = int(0, 5_000)?,
                "futility_max_depth" => s.futility_max_depth = int(0, 100)?,
                "aspiration" => s.aspiration = int(1, 2_000)?,
                "lmp_base" => s.lmp_base = int(0, 1_000)? as usize,
                "lmp_per_depth_sq" => s.lmp_per_depth_sq = int(0, 1_000)? as usize,
                "lmp_max_depth" => s.lmp_max_depth = int(0, 100)?,
                "lmp_improving" => s.lmp_improving = int(0, 1)?,
                "lmr_not_improving" => s.lmr_not_improving = int(0, 1)?,
                "null_eval_divisor" => s.null_eval_divisor = int(0, 10_000)?,
                "qsearch_delta_margin" => s.qsearch_delta_margin = int(0, 10_000)?,
                "qsearch_max_depth" => s.qsearch_max_depth = int(0, 1_000)? as u32,
                "qsearch_cap_min_squares" => s.qsearch_cap_min_squares = int(0, 100_000)? as u32,
                "qsearch_recapture_depth" => s.qsearch_recapture_depth = int(0, 1_000)? as u32,
                "qsearch_node_budget" => s.qsearch_node_budget = int(0, 1_000_000_000)? as u32,
                "qsearch_skip_losing" => s.qsearch_skip_losing = int(0, 1)?,
                "rfp_max_depth" => s.rfp_max_depth = int(0, 100)?,
                "rfp_margin" => s.rfp_margin = int(0, 5_000)?,
                "iir_min_depth" => s.iir_min_depth = int(0, 100)?,
                "lmr_history_divisor" => s.lmr_history_divisor = int(0, 1_000_000)?,
                "counter_moves" => s.counter_moves = int(0, 1)?,
                "continuation_plies" => s.continuation_plies = int(0, 2)?,
                "royal_threat_extension" => s.royal_threat_extension = int(0, 1)?,
                "lead_threshold" => s.lead_threshold = int(0, 1_000_000)?,
                "lead_threat_extension" => s.lead_threat_extension = int(0, 1)?,
                "progress_horizon" => s.progress_horizon = int(0, 100_000)?,
                "soft_time_percent" => s.soft_time_percent = int(10, 100)? as u32,
                "partial_iterations" => s.partial_iterations = int(0, 1)?,
                _ => {
                    return Err(format!(
                        "unknown tunable {name:?}; the tunables are: {}",
                        NAMES.join(", ")
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_conversion_bundle_is_played_where_it_was_accepted_and_nowhere_else() {
        // The bundle's four weights as one game's engine plays them.
        let bundle = |e: &EvalTunables, s: &SearchTunables| {
            (
                e.trade_down,
                e.royal_hunt,
                e.royal_tropism,
                s.progress_horizon,
            )
        };
        let (e, s) = (
            EvalTunables::for_game("jupiter"),
            SearchTunables::for_game("jupiter"),
        );
        assert_eq!(
            bundle(&e, &s),
            (
                CONVERSION_TRADE_DOWN,
                CONVERSION_ROYAL_HUNT,
                CONVERSION_ROYAL_TROPISM,
                CONVERSION_PROGRESS_HORIZON
            )
        );
        for game in ["scirocco", "typhoon", "larger-board", "jupiter-1999"] {
            if CONVERSION_GAMES.contains(&game) {
                continue;
            }
            let (e, s) = (EvalTunables::for_game(game), SearchTunables::for_game(game));
            assert_eq!(bundle(&e, &s), (0, 0, 0, 0));
        }
        // An override still decides: the A/B tests against the build without the bundle.
        let mut s = SearchTunables::for_game("jupiter");
        let mut e = EvalTunables::for_game("jupiter");
        Overrides::parse("trade_down=0,royal_hunt=0,royal_tropism=0,progress_horizon=0")
            .unwrap()
            .apply(&mut e, &mut s)
            .unwrap();
        assert_eq!(bundle(&e, &s), (0, 0, 0, 0));
    }

    #[test]
    fn overrides_set_fields_and_name_their_errors() {
        let o = Overrides::parse("rfp_max_depth=5, tempo=20").unwrap();
        let (mut e, mut s) = (EvalTunables::default(), SearchTunables::default());
        o.apply(&mut e, &mut s).unwrap();
        assert_eq!((s.rfp_max_depth, e.tempo), (5, 20));
        assert!(Overrides::parse("").unwrap().is_empty());
        let unknown = Overrides::parse("speed=3").unwrap_err();
        assert!(unknown.contains("unknown tunable \"speed\""), "{unknown}");
        assert_eq!(
            Overrides::parse("counter_moves=2").unwrap_err(),
            "counter_moves takes 0 to 1, not 2"
        );
        assert!(Overrides::parse("tempo").is_err());
        assert!(Overrides::parse("tempo=x").is_err());
        // Every listed name is accepted (with some value in its range).
        for name in NAMES {
            let ok = [0, 1, 10, 100]
                .iter()
                .any(|v| Overrides::parse(&format!("{name}={v}")).is_ok());
            assert!(ok, "{name}");
        }
    }
}
