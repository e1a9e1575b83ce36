//! Iterative deepening principal-variation search with a transposition table, quiescence over every
//! kind of capture and promotion, reverse futility and null-move pruning, internal iterative
//! reductions, and late-move reductions scaled by history. Each of these is a named tunable
//! (`tunables.rs`) that an SPRT switched on and off (docs/engine.md has the matches).
//!
//! The game's own ends are the search's terminals: a side without royal pieces or reduced to one
//! piece has lost, and a side without a legal move has lost. The repetition rule is exact, because
//! `Position::legal_moves` sees the game history and the search path alike.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use jovian_rules::{Color, Move, Position, Variant};

use crate::eval::Evaluator;
use crate::limits::{Deadline, Limits};
use crate::ordering::{Continuations, MoveOrderer, PreviousMove, ScoredMoves};
use crate::tt::TranspositionTable;
use crate::tunables::{EvalTunables, SearchTunables};

mod quiesce;
mod tt_scores;

use tt_scores::{bound_of, score_to_tt, tt_cutoff};

/// A won game found at `ply` plies from the root scores `MATE - ply`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INFINITY: i32 = MATE + 1;
pub const MAX_PLY: usize = 128;

/// What the search reports after each completed iteration.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
}

impl Info {
    pub fn nodes_per_second(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-6)) as u64
    }
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// `None` only when the side to move has no legal move (the game is over).
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
    pub elapsed: Duration,
}

/// Describes a score for people: `+1.25` or `win in 3` / `loss in 2` (moves of the side to move).
pub fn score_text(score: i32) -> String {
    if score >= MATE_BOUND {
        format!("win in {}", (MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        format!("loss in {}", (MATE + score + 1) / 2)
    } else {
        format!("{:+.2}", score as f64 / 100.0)
    }
}

/// A computer player for one variant. Keeps its transposition table between searches.
pub struct Engine {
    pub eval: Evaluator,
    pub tunables: SearchTunables,
    pub(crate) variant: &'static Variant,
    pub(crate) tt: Arc<TranspositionTable>,
    orderer: MoveOrderer,
    pub(crate) stop: Arc<AtomicBool>,
    /// The helper threads' engines of a parallel search (`smp.rs`), sharing the table.
    pub(crate) helpers: Vec<Engine>,
    /// The nodes each helper has searched so far in the running search, as it publishes them.
    pub(crate) helper_nodes: Vec<Arc<AtomicU64>>,
    /// A helper's own published node count; `None` for the main engine.
    pub(crate) published: Option<Arc<AtomicU64>>,
    /// A helper starts its iterations this many plies deeper, so the threads spread over depths.
    pub(crate) depth_offset: u32,
    nodes: u64,
    seldepth: u32,
    deadline: Deadline,
    node_limit: u64,
    aborted: bool,
    /// `tunables.qsearch_max_depth` on boards it applies to (see there), else unbounded.
    qsearch_cap: u32,
    /// The nodes the running quiescence search (from one leaf of the main search) has visited,
    /// for its budget (`qsearch_node_budget`).
    qsearch_nodes: u32,
    buffers: Vec<Vec<Move>>,
    scored: Vec<ScoredMoves>,
    pv_table: Vec<Vec<Move>>,
    lmr: Vec<[u8; 64]>,
    /// The tunables and reduction table of the level ladder's searches (`Limits::ladder_pruning`),
    /// swapped with the engine's own for the time of such a search.
    ladder: (SearchTunables, Vec<[u8; 64]>),
    /// Per ply: the move that led there (for the counter-move table), the side to move and static
    /// evaluation (for "improving"), and the quiet moves tried so far (lowered in the history when
    /// a later one cuts off).
    previous: Vec<PreviousMove>,
    evals: Vec<Option<(Color, i32)>>,
    tried: Vec<Vec<Move>>,
}

impl Engine {
    pub fn new(variant: &'static Variant, hash_megabytes: usize) -> Engine {
        Engine::with_tunables(
            variant,
            hash_megabytes,
            EvalTunables::for_game(variant.engine_game()),
            SearchTunables::for_game(variant.engine_game()),
        )
    }

    /// An engine whose tunables differ from the defaults by `overrides` (A/B tests).
    pub fn tuned(
        variant: &'static Variant,
        hash_megabytes: usize,
        overrides: &crate::tunables::Overrides,
    ) -> Result<Engine, String> {
        let (mut eval, mut search) = (
            EvalTunables::for_game(variant.engine_game()),
            SearchTunables::for_game(variant.engine_game()),
        );
        overrides.apply(&mut eval, &mut search)?;
        Ok(Engine::with_tunables(variant, hash_megabytes, eval, search))
    }

    pub fn with_tunables(
        variant: &'static Variant,
        hash_megabytes: usize,
        eval: EvalTunables,
        tunables: SearchTunables,
    ) -> Engine {
        Engine::sharing(
            variant,
            Arc::new(TranspositionTable::new(hash_megabytes)),
            eval,
            tunables,
        )
    }

    /// An engine using the table `tt` (a helper thread's, or a new engine's own).
    pub(crate) fn sharing(
        variant: &'static Variant,
        tt: Arc<TranspositionTable>,
        eval: EvalTunables,
        tunables: SearchTunables,
    ) -> Engine {
        let lmr = lmr_table(tunables.lmr_divisor_x100);
        let mut ladder = tunables.clone();
        ladder.pin_ladder_pruning();
        let ladder_lmr = lmr_table(ladder.lmr_divisor_x100);
        let orderer = MoveOrderer::new(variant, tunables.continuation_plies > 0);
        Engine {
            eval: Evaluator::new(variant, eval),
            tunables,
            variant,
            tt,
            orderer,
            stop: Arc::new(AtomicBool::new(false)),
            helpers: Vec::new(),
            helper_nodes: Vec::new(),
            published: None,
            depth_offset: 0,
            nodes: 0,
            seldepth: 0,
            deadline: Deadline::none(),
            node_limit: u64::MAX,
            aborted: false,
            qsearch_cap: u32::MAX,
            qsearch_nodes: 0,
            buffers: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(256)).collect(),
            scored: (0..MAX_PLY + 1).map(|_| ScoredMoves::default()).collect(),
            pv_table: (0..MAX_PLY + 1)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            lmr,
            ladder: (ladder, ladder_lmr),
            previous: vec![None; MAX_PLY + 2],
            evals: vec![None; MAX_PLY + 2],
            tried: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(256)).collect(),
        }
    }

    /// A flag that stops the running search when set (from another thread).
    pub fn stop_handle(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.orderer.clear();
        for h in &mut self.helpers {
            h.orderer.clear();
        }
    }

    pub fn hash_fill_permille(&self) -> usize {
        self.tt.fill_permille()
    }

    /// The transposition table's size in MB: less than asked for when memory was short.
    pub fn hash_megabytes(&self) -> usize {
        self.tt.megabytes()
    }

    /// The nodes this thread searched in its last (or running) search.
    pub(crate) fn own_nodes(&self) -> u64 {
        self.nodes
    }

    /// All nodes searched so far in the running search, the helpers' included.
    fn total_nodes(&self) -> u64 {
        self.nodes
            + self
                .helper_nodes
                .iter()
                .map(|n| n.load(Ordering::Relaxed))
                .sum::<u64>()
    }

    /// Searches `pos` within `limits` on this thread, calling `on_iteration` after each completed
    /// depth (`smp.rs` runs it on every thread of a parallel search).
    pub(crate) fn search_alone(
        &mut self,
        pos: &mut Position,
        limits: &Limits,
        on_iteration: impl FnMut(&Info),
    ) -> SearchResult {
        if !limits.ladder_pruning {
            return self.search_with_own_tunables(pos, limits, on_iteration);
        }
        self.swap_ladder();
        let result = self.search_with_own_tunables(pos, limits, on_iteration);
        self.swap_ladder();
        result
    }

    /// Exchanges the engine's tunables and reduction table with the ladder's (no allocation).
    fn swap_ladder(&mut self) {
        std::mem::swap(&mut self.tunables, &mut self.ladder.0);
        std::mem::swap(&mut self.lmr, &mut self.ladder.1);
    }

    fn search_with_own_tunables(
        &mut self,
        pos: &mut Position,
        limits: &Limits,
        mut on_iteration: impl FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        // A helper's stop flag is cleared by the main thread before it starts: clearing it here
        // could undo a stop that came first.
        if self.published.is_none() {
            self.stop.store(false, Ordering::Relaxed);
            self.tt.new_search();
        }
        self.nodes = 0;
        self.aborted = false;
        self.deadline =
            limits.deadline_with(start, pos.side_to_move(), self.tunables.soft_time_percent);
        self.previous[0] = None;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.orderer.new_search();
        self.eval.lead_mode =
            crate::lead::in_lead_mode(&self.eval, pos, self.tunables.lead_threshold);
        let g = &pos.variant().geometry;
        self.qsearch_cap =
            if g.width as u32 * g.height as u32 >= self.tunables.qsearch_cap_min_squares {
                self.tunables.qsearch_max_depth
            } else {
                u32::MAX
            };

        let mut root_moves = Vec::new();
        pos.legal_moves(&mut root_moves);
        let mut result = SearchResult {
            best: root_moves.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: root_moves.first().copied().into_iter().collect(),
            elapsed: Duration::ZERO,
        };
        if root_moves.is_empty() {
            result.score = -MATE;
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let mut previous = 0;
        for depth in (1 + self.depth_offset).min(max_depth)..=max_depth {
            self.seldepth = 0;
            let score = self.aspiration(pos, depth as i32, previous);
            let pv = self.pv_table[0].clone();
            // An interrupted iteration is trusted only if it had found a line (depth 1 always
            // keeps the first legal move otherwise). With partial iterations, a line found before
            // the interruption gives the move: its first move was searched in full to this depth
            // and beat the window the previous iteration set.
            if self.aborted && (depth > 1 || pv.is_empty()) {
                if self.tunables.partial_iterations == 1 && depth > 1 && !pv.is_empty() {
                    result.best = Some(pv[0]);
                    result.pv = pv;
                }
                break;
            }
            previous = score;
            if let Some(&best) = pv.first() {
                result.best = Some(best);
            }
            result.score = score;
            result.depth = depth;
            result.pv = pv.clone();
            let info = Info {
                depth,
                seldepth: self.seldepth.max(depth),
                score,
                nodes: self.total_nodes(),
                elapsed: start.elapsed(),
                pv,
            };
            on_iteration(&info);
            if self.aborted || score.abs() >= MATE_BOUND && depth as i32 >= MATE - score.abs() {
                break;
            }
            if root_moves.len() == 1 && limits.is_timed() {
                break; // the only move: no need to think
            }
            if self.deadline.soft_expired() || self.nodes >= self.node_limit {
                break;
            }
        }
        if let Some(margin) = limits.skill_margin
            && let Some((m, score)) = self.beginner_choice(pos, &root_moves, margin)
            && result.best != Some(m)
        {
            result.best = Some(m);
            result.score = score;
            result.pv = vec![m];
        }
        result.nodes = self.total_nodes();
        result.elapsed = start.elapsed();
        result
    }

    /// A beginner's move (levels 1 and 2): every root move is scored by a quiescence search, and
    /// one of those at most `margin` below the best is picked by the position's hash. A winning
    /// move is always among the best, so an immediate win is never missed.
    fn beginner_choice(
        &mut self,
        pos: &mut Position,
        root_moves: &[Move],
        margin: i32,
    ) -> Option<(Move, i32)> {
        // The search's deadline still holds: a level's time cap bounds this choice too. Out of
        // time, the searched best move is played.
        if self.aborted || self.deadline.hard_expired() {
            return None;
        }
        // The choice must answer a position the same way every time, and a quiescence budget
        // would make the scores depend on what the table already holds (a hit saves nodes, so
        // the budget runs out elsewhere): these searches go without it, bounded by the time cap.
        let budget = std::mem::replace(&mut self.tunables.qsearch_node_budget, 0);
        let mut scored = Vec::with_capacity(root_moves.len());
        for &m in root_moves {
            pos.make(m);
            // A first part of a doubled turn leaves the same side to move: no negation.
            let sign = if m.is_continuing() { 1 } else { -1 };
            let score = match Self::terminal_score(pos, 1) {
                Some(s) => sign * s,
                None => sign * self.quiesce(pos, -INFINITY, INFINITY, 1, 0, None),
            };
            pos.unmake();
            if self.aborted {
                break;
            }
            scored.push((m, score));
        }
        self.tunables.qsearch_node_budget = budget;
        if self.aborted {
            return None;
        }
        let best = scored.iter().map(|&(_, s)| s).max()?;
        let floor = if best >= MATE_BOUND {
            best
        } else {
            best - margin
        };
        let mut candidates: Vec<(Move, i32)> =
            scored.into_iter().filter(|&(_, s)| s >= floor).collect();
        // The move generator's order follows the piece lists, which make/unmake reshuffle: sort,
        // so that the choice depends on the position alone.
        candidates.sort_unstable();
        // SplitMix64 of the position's hash: varied across positions, fixed for each.
        let z = jovian_rules::random::mix(pos.hash());
        candidates
            .get((z % candidates.len() as u64) as usize)
            .copied()
    }

    fn aspiration(&mut self, pos: &mut Position, depth: i32, previous: i32) -> i32 {
        if depth < 4 || previous.abs() >= MATE_BOUND {
            return self.negamax(pos, depth, -INFINITY, INFINITY, 0, true);
        }
        let mut window = self.tunables.aspiration;
        loop {
            let (alpha, beta) = (
                (previous - window).max(-INFINITY),
                (previous + window).min(INFINITY),
            );
            let score = self.negamax(pos, depth, alpha, beta, 0, true);
            if self.aborted || (score > alpha && score < beta) {
                return score;
            }
            window *= 4;
            if window > 2_000 {
                return self.negamax(pos, depth, -INFINITY, INFINITY, 0, true);
            }
        }
    }

    /// The evaluation as the search sees it: scaled for the lack of progress
    /// (`progress_horizon`).
    #[inline]
    fn static_eval(&self, pos: &Position) -> i32 {
        crate::progress::progress_scaled(
            self.eval.evaluate(pos),
            pos.plies_since_irreversible(),
            self.tunables.progress_horizon,
        )
    }

    #[inline]
    fn check_abort(&mut self) -> bool {
        if self.nodes & 1023 == 0 {
            if let Some(published) = &self.published {
                published.store(self.nodes, Ordering::Relaxed);
            }
            if self.stop.load(Ordering::Relaxed)
                || self.deadline.hard_expired()
                || self.nodes >= self.node_limit
            {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The score of a finished game for the side to move, if the pieces alone decide it.
    #[inline]
    fn terminal_score(pos: &Position, ply: usize) -> Option<i32> {
        pos.material_outcome().map(|o| match o.winner {
            Some(w) if w == pos.side_to_move() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
            None => 0,
        })
    }

    /// The score of a position without legal moves: a loss in the Adrian King games, checkmate
    /// or a draw (stalemate, repetition, fifty moves) in the 12x8 game.
    fn no_move_score(pos: &Position, ply: usize) -> i32 {
        match pos.outcome_without_moves().winner {
            None => 0,
            Some(w) if w == pos.side_to_move() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    /// The score of the position after `m` (already made) from the mover's side, searched with
    /// the mover's window (`alpha`, `beta`): negated for a move that ends the turn, taken as it is
    /// after the first part of a doubled turn, when the same side moves again.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        pos: &mut Position,
        m: Move,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        if m.is_continuing() {
            self.negamax(pos, depth, alpha, beta, ply + 1, pv_node)
        } else {
            -self.negamax(pos, depth, -beta, -alpha, ply + 1, pv_node)
        }
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        self.pv_table[ply].clear();
        if let Some(s) = Self::terminal_score(pos, ply) {
            return s;
        }
        // Check extension (the 12x8 game): a King in check is searched one ply deeper, so that
        // mates and escapes are seen to the end.
        let mut depth = if pos.in_check() == Some(true) && ply < MAX_PLY / 2 {
            depth + 1
        } else {
            depth
        };
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, alpha, beta, ply, 0, None);
        }
        self.nodes += 1;
        if ply > 0 && self.check_abort() {
            return 0;
        }
        let key = pos.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry
            && !pv_node
            && e.depth as i32 >= depth
            && let Some(s) = tt_cutoff(&e, ply, alpha, beta)
        {
            return s;
        }

        let mut moves = std::mem::take(&mut self.buffers[ply]);
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return Self::no_move_score(pos, ply);
        }
        let static_eval = self.static_eval(pos);
        let us = pos.side_to_move();
        self.evals[ply] = Some((us, static_eval));
        // Improving: better than at the side's own previous turn.
        let improving = ply >= 2
            && matches!(self.evals[ply - 2], Some((side, e)) if side == us && static_eval > e);
        // Whether our last royal piece hangs: a full generation of the opponent's moves, so it is
        // computed only where a pruning decision needs it.
        let mut threat: Option<bool> = None;
        let mut threatened = |pos: &mut Position| {
            *threat.get_or_insert_with(|| crate::threat::royal_threatened(pos))
        };
        let t = &self.tunables;
        // The last royal piece attacked: one ply more, as a chess engine extends a check.
        let extend_threats =
            t.royal_threat_extension == 1 || (self.eval.lead_mode && t.lead_threat_extension == 1);
        if extend_threats && ply < MAX_PLY / 2 && threatened(pos) {
            depth += 1;
        }
        // Reverse futility: so far above beta that a quiet move will not bring it back.
        if !pv_node
            && depth <= t.rfp_max_depth
            && beta.abs() < MATE_BOUND
            && static_eval - t.rfp_margin * (depth - improving as i32) >= beta
            && pos.mid_turn().is_none()
            && !threatened(pos)
        {
            self.buffers[ply] = moves;
            return static_eval;
        }
        let tt_move = entry.and_then(|e| e.best);
        // Internal iterative reduction: without a move to try first this node is searched
        // shallower; the next iteration finds it in the table with a move.
        if t.iir_min_depth > 0 && depth >= t.iir_min_depth && tt_move.is_none() {
            depth -= 1;
        }

        // Null move: if passing still beats beta, a real move surely does.
        if !pv_node
            && depth >= self.tunables.null_min_depth
            && static_eval >= beta
            && pos.piece_count(us) > 3
            && beta.abs() < MATE_BOUND
            && pos.mid_turn().is_none()
            && !threatened(pos)
        {
            let t = &self.tunables;
            let mut r = t.null_base + depth / t.null_divisor;
            if t.null_eval_divisor > 0 {
                r += ((static_eval - beta) / t.null_eval_divisor).min(3);
            }
            self.previous[ply + 1] = None;
            pos.make_null();
            let score = -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
            pos.unmake();
            if self.aborted {
                self.buffers[ply] = moves;
                return 0;
            }
            if score >= beta {
                self.buffers[ply] = moves;
                return if score >= MATE_BOUND { beta } else { score };
            }
        }

        let previous = if self.tunables.counter_moves == 1 {
            self.previous[ply]
        } else {
            None
        };
        // The moves one and two plies back, for the continuation history.
        let continuations: Continuations = match self.tunables.continuation_plies {
            0 => [None; 2],
            1 => [self.previous[ply], None],
            _ => [
                self.previous[ply],
                ply.checked_sub(1).and_then(|p| self.previous[p]),
            ],
        };
        let mut scored = std::mem::take(&mut self.scored[ply]);
        self.orderer.score(
            pos,
            &moves,
            tt_move,
            previous,
            continuations,
            ply,
            &self.eval,
            false,
            &mut scored,
        );
        self.tried[ply].clear();
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let original_alpha = alpha;
        let mut searched = 0usize;
        while let Some((m, order)) = scored.next_best() {
            let noisy = order >= crate::ordering::NOISY_FLOOR;
            // Futility: a quiet move at the frontier cannot lift a hopeless position.
            let t = &self.tunables;
            if !pv_node
                && depth <= t.futility_max_depth
                && searched > 0
                && !noisy
                && static_eval + t.futility_margin * depth <= alpha
                && !threatened(pos)
            {
                continue;
            }
            // Late-move pruning: near the leaves, quiet moves far down the ordered list are
            // skipped (with 50-150 moves a side, most of them are).
            if !pv_node
                && depth <= t.lmp_max_depth
                && !noisy
                && searched >= lmp_limit(t, depth, improving)
                && best_score > -MATE_BOUND
            {
                continue;
            }
            let history_index = MoveOrderer::history_index(pos, m);
            let history = match history_index {
                Some(i) if !noisy => self.orderer.quiet_score(i, continuations),
                _ => 0,
            };
            self.previous[ply + 1] = if m.is_continuing() {
                None
            } else {
                history_index
            };
            pos.make(m);
            // The first part of a doubled turn does not finish the turn: its second part gets
            // the depth.
            let new_depth = if m.is_continuing() { depth } else { depth - 1 };
            let mut score;
            if searched == 0 {
                score = self.child(pos, m, new_depth, alpha, beta, ply, pv_node);
            } else {
                let mut reduction = 0;
                if depth >= self.tunables.lmr_min_depth
                    && searched >= self.tunables.lmr_full_moves
                    && !noisy
                {
                    reduction = self.lmr[(depth as usize).min(63)][searched.min(63)] as i32;
                    if pv_node {
                        reduction -= 1;
                    } else if self.tunables.lmr_not_improving == 1 && !improving {
                        reduction += 1;
                    }
                    if self.tunables.lmr_history_divisor > 0 {
                        reduction -= history / self.tunables.lmr_history_divisor;
                    }
                    reduction = reduction.min(new_depth - 1).max(0);
                }
                score = self.child(pos, m, new_depth - reduction, alpha, alpha + 1, ply, false);
                if score > alpha && reduction > 0 {
                    score = self.child(pos, m, new_depth, alpha, alpha + 1, ply, false);
                }
                if score > alpha && score < beta {
                    score = self.child(pos, m, new_depth, alpha, beta, ply, true);
                }
            }
            pos.unmake();
            searched += 1;
            if self.aborted {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv_table.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend_from_slice(&tail[0]);
                    if score >= beta {
                        if !noisy {
                            self.orderer.reward(
                                pos,
                                m,
                                &self.tried[ply],
                                previous,
                                continuations,
                                ply,
                                depth,
                            );
                        }
                        break;
                    }
                }
            }
            if !noisy && self.tried[ply].len() < 64 {
                self.tried[ply].push(m);
            }
        }
        self.scored[ply] = scored;
        self.buffers[ply] = moves;
        if self.aborted {
            return best_score.max(-INFINITY + 1);
        }
        if best_move.is_none() {
            // Every move was pruned by futility: the position is at best the static estimate.
            return alpha;
        }
        let bound = bound_of(best_score, original_alpha, beta);
        self.tt
            .store(key, best_move, score_to_tt(best_score, ply), depth, bound);
        best_score
    }
}

/// Late-move reductions by depth and move index: `ln(depth) x ln(index) / (divisor / 100)`.
fn lmr_table(divisor_x100: i32) -> Vec<[u8; 64]> {
    (0..64)
        .map(|d| {
            let mut row = [0u8; 64];
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                if d > 0 {
                    let x = (d as f64).ln() * (i as f64).ln() * 100.0 / divisor_x100 as f64;
                    *r = x.max(0.0) as u8;
                }
            }
            row
        })
        .collect()
}

/// How many moves late-move pruning lets a node of `depth` search before it skips quiet ones.
#[inline]
fn lmp_limit(t: &SearchTunables, depth: i32, improving: bool) -> usize {
    let limit = t.lmp_base + t.lmp_per_depth_sq * (depth * depth) as usize;
    if t.lmp_improving == 1 && !improving {
        limit / 2
    } else {
        limit
    }
}
