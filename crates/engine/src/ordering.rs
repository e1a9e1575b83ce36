//! Move ordering: the hash move, then captures by victim and attacker value (with promotion gain),
//! promotions, killer moves, the counter-move (the quiet move that last refuted the opponent's
//! previous move), and a history table indexed by piece code and destination. The history rises
//! for a quiet move that causes a cut-off and falls for the quiet moves tried before it, with a
//! gravity term that keeps it within `HISTORY_LIMIT`; the search reads it to reduce late moves.

use jovian_rules::{Move, MoveKind, Position, Variant};

use crate::eval::Evaluator;
use crate::search::MAX_PLY;

/// Orders at or above this are captures or promotions: quiescence searches only these.
pub const NOISY_FLOOR: i32 = 1_000_000;
const HASH_MOVE: i32 = 4_000_000;
const KILLER: [i32; 2] = [900_000, 899_000];
const COUNTER: i32 = 898_000;
/// The history's bound: each update moves a value toward it by a share of the distance.
pub const HISTORY_LIMIT: i32 = 16_384;

/// A move list with its order scores, handed out best first.
#[derive(Default)]
pub struct ScoredMoves {
    items: Vec<(Move, i32)>,
    next: usize,
}

impl ScoredMoves {
    /// The best remaining move and its order score (selection: cheap when a cut comes early).
    pub fn next_best(&mut self) -> Option<(Move, i32)> {
        let rest = self.items.get(self.next..)?;
        let (offset, _) = rest.iter().enumerate().max_by_key(|(_, (_, s))| *s)?;
        self.items.swap(self.next, self.next + offset);
        self.next += 1;
        Some(self.items[self.next - 1])
    }
}

pub struct MoveOrderer {
    killers: Vec<[Option<Move>; 2]>,
    /// Indexed by piece code * 256 + destination square.
    history: Vec<i32>,
    /// The quiet reply that last refuted a move, indexed like the history by the refuted move's
    /// piece code and destination.
    counters: Vec<Option<Move>>,
}

/// What the search knows of the move just played before a node: its history index, for the
/// counter-move table (`None` at the root, after a null move, or mid-turn).
pub type PreviousMove = Option<usize>;

impl MoveOrderer {
    pub fn new(variant: &Variant) -> MoveOrderer {
        MoveOrderer {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; (1 + variant.pieces.len() * 2) * 256],
            counters: vec![None; (1 + variant.pieces.len() * 2) * 256],
        }
    }

    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.counters.iter_mut().for_each(|c| *c = None);
    }

    /// Ages the history between searches so old lessons fade.
    pub fn new_search(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    /// The history (and counter-move) index of `m` in `pos`, before it is made.
    pub fn history_index(pos: &Position, m: Move) -> Option<usize> {
        pos.piece_at(m.from)
            .map(|p| p.code() as usize * 256 + m.destination().0 as usize)
    }

    // The search calls this at every node with its own buffers; bundling the arguments into a
    // struct would only move them around.
    #[allow(clippy::too_many_arguments)]
    pub fn score(
        &self,
        pos: &Position,
        moves: &[Move],
        hash_move: Option<Move>,
        previous: PreviousMove,
        ply: usize,
        eval: &Evaluator,
        noisy_only: bool,
        out: &mut ScoredMoves,
    ) {
        out.items.clear();
        out.next = 0;
        let counter = previous.and_then(|i| self.counters[i]);
        for &m in moves {
            // Captures and gaining promotions are "noisy"; only they are searched in quiescence.
            let capture = pos.is_capture(m);
            let mover = if capture || m.promotion().is_some() {
                pos.piece_at(m.from)
            } else {
                None
            };
            let promotion = match (m.promotion(), mover) {
                (Some(_), Some(p)) => eval.promotion_gain(p),
                _ => 0,
            };
            // A conversion takes a piece from the opponent and gives it to the mover: it swings
            // twice the piece's value, so it is as noisy as a capture.
            let converted = match m.kind {
                MoveKind::Convert => pos
                    .piece_at(m.converted())
                    .map_or(0, |p| eval.piece_value(p)),
                _ => 0,
            };
            let noisy = capture || promotion > 0 || converted > 0;
            if noisy_only && !noisy {
                continue; // quiescence never looks at quiet moves: do not score them
            }
            let s = if Some(m) == hash_move {
                HASH_MOVE
            } else if noisy {
                let attacker = mover.map_or(0, |p| eval.piece_value(p));
                let victims: i32 = pos.victims(m).map(|(_, p)| eval.piece_value(p)).sum();
                NOISY_FLOOR + 10 * (victims + 2 * converted) - attacker / 10 + promotion
            } else if self.killers[ply][0] == Some(m) {
                KILLER[0]
            } else if self.killers[ply][1] == Some(m) {
                KILLER[1]
            } else if counter == Some(m) {
                COUNTER
            } else {
                Self::history_index(pos, m).map_or(0, |i| self.history_at(i))
            };
            out.items.push((m, s));
        }
    }

    /// The history score at a `history_index`.
    pub fn history_at(&self, index: usize) -> i32 {
        self.history[index]
    }

    /// A quiet move caused a beta cut-off at `depth` after the quiet moves `tried` failed there:
    /// remember it as a killer and as the counter to `previous`, raise its history and lower
    /// theirs.
    pub fn reward(
        &mut self,
        pos: &Position,
        m: Move,
        tried: &[Move],
        previous: PreviousMove,
        ply: usize,
        depth: i32,
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        if let Some(p) = previous {
            self.counters[p] = Some(m);
        }
        let bonus = (depth * depth * 16).min(1_600);
        if let Some(i) = Self::history_index(pos, m) {
            gravity(&mut self.history[i], bonus);
        }
        for &t in tried {
            if let Some(i) = Self::history_index(pos, t) {
                gravity(&mut self.history[i], -bonus);
            }
        }
    }
}

/// Moves a history value by `bonus`, less the share of it that would carry it past the limit.
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_LIMIT;
}
