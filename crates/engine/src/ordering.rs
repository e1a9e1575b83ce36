//! Move ordering: the hash move, then captures by victim and attacker value (with promotion gain),
//! promotions, killer moves, the counter-move (the quiet move that last refuted the opponent's
//! previous move), and a history table indexed by piece code and destination. The history rises
//! for a quiet move that causes a cut-off and falls for the quiet moves tried before it, with a
//! gravity term that keeps it within `HISTORY_LIMIT`; the search reads it to reduce late moves.
//! The continuation history (off unless `continuation_plies` is set) does the same for a quiet
//! move in the context of the move one or two plies before it.

use jovian_rules::{Move, MoveKind, Position, Variant};

use crate::eval::Evaluator;
use crate::search::MAX_PLY;

/// Orders at or above this are captures or promotions: quiescence searches only these.
pub const NOISY_FLOOR: i32 = 1_000_000;
const HASH_MOVE: i32 = 4_000_000;
/// A move that takes the opponent's last royal piece: it wins at once, so it comes first (after
/// the hash move, which it usually is).
const WINS_AT_ONCE: i32 = 3_000_000;
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
    /// The continuation history: a quiet move's history after a given earlier move, at a slot
    /// hashed from the two moves' history indices (an exact table would be piece codes squared
    /// times squares squared: billions of entries on Jupiter). Empty when it is off.
    /// Stored in 16 bits (the gravity keeps it within `HISTORY_LIMIT`) to halve its cache load.
    continuation: Vec<i16>,
}

/// The continuation history's size: 2^20 slots (2 MB), so collisions are rare enough for an
/// ordering hint on every board.
const CONTINUATION_BITS: u32 = 20;

/// The history indices of the moves one and two plies before a node (`None` where there was no
/// such move: the root, a null move, the first part of a doubled turn), read by the
/// continuation history.
pub type Continuations = [PreviousMove; 2];

/// The continuation history slot of the quiet move at `index` after the move at `earlier`.
fn continuation_slot(earlier: usize, index: usize) -> usize {
    let key = ((earlier as u64) << 32) | index as u64;
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CONTINUATION_BITS)) as usize
}

/// What the search knows of the move just played before a node: its history index, for the
/// counter-move table (`None` at the root, after a null move, or mid-turn).
pub type PreviousMove = Option<usize>;

impl MoveOrderer {
    /// An orderer for `variant`, with a continuation history when `continuation` is set.
    pub fn new(variant: &Variant, continuation: bool) -> MoveOrderer {
        MoveOrderer {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; (1 + variant.pieces.len() * 2) * 256],
            counters: vec![None; (1 + variant.pieces.len() * 2) * 256],
            continuation: if continuation {
                vec![0; 1 << CONTINUATION_BITS]
            } else {
                Vec::new()
            },
        }
    }

    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.counters.iter_mut().for_each(|c| *c = None);
        self.continuation.iter_mut().for_each(|h| *h = 0);
    }

    /// Ages the history between searches so old lessons fade.
    pub fn new_search(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.continuation.iter_mut().for_each(|h| *h /= 2);
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
        continuations: Continuations,
        ply: usize,
        eval: &Evaluator,
        noisy_only: bool,
        out: &mut ScoredMoves,
    ) {
        out.items.clear();
        out.next = 0;
        let counter = previous.and_then(|i| self.counters[i]);
        let variant = pos.variant();
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
                let (mut victims, mut royals) = (0, 0);
                for (_, p) in pos.victims(m) {
                    victims += eval.piece_value(p);
                    royals += variant.is_royal(p.code()) as usize;
                }
                if crate::threat::wins_at_once(pos, m, royals) {
                    WINS_AT_ONCE
                } else {
                    NOISY_FLOOR + 10 * (victims + 2 * converted) - attacker / 10 + promotion
                }
            } else if self.killers[ply][0] == Some(m) {
                KILLER[0]
            } else if self.killers[ply][1] == Some(m) {
                KILLER[1]
            } else if counter == Some(m) {
                COUNTER
            } else {
                Self::history_index(pos, m).map_or(0, |i| self.quiet_score(i, continuations))
            };
            out.items.push((m, s));
        }
    }

    /// A quiet move's order score and the history its late-move reduction reads: its history
    /// plus its continuation history after each of `continuations` (without one, the history).
    pub fn quiet_score(&self, index: usize, continuations: Continuations) -> i32 {
        let mut score = self.history[index];
        if !self.continuation.is_empty() {
            for earlier in continuations.into_iter().flatten() {
                score += self.continuation[continuation_slot(earlier, index)] as i32;
            }
        }
        score
    }

    /// A quiet move caused a beta cut-off at `depth` after the quiet moves `tried` failed there:
    /// remember it as a killer and as the counter to `previous`, raise its history (and its
    /// continuation history after `continuations`) and lower theirs.
    // As `score`: the search's own buffers, passed at every cut-off.
    #[allow(clippy::too_many_arguments)]
    pub fn reward(
        &mut self,
        pos: &Position,
        m: Move,
        tried: &[Move],
        previous: PreviousMove,
        continuations: Continuations,
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
            self.update(i, continuations, bonus);
        }
        for &t in tried {
            if let Some(i) = Self::history_index(pos, t) {
                self.update(i, continuations, -bonus);
            }
        }
    }

    /// Moves the history at `index` and its continuation entries by `bonus`.
    fn update(&mut self, index: usize, continuations: Continuations, bonus: i32) {
        gravity(&mut self.history[index], bonus);
        if !self.continuation.is_empty() {
            for earlier in continuations.into_iter().flatten() {
                let entry = &mut self.continuation[continuation_slot(earlier, index)];
                let mut value = *entry as i32;
                gravity(&mut value, bonus);
                *entry = value as i16;
            }
        }
    }
}

/// Moves a history value by `bonus`, less the share of it that would carry it past the limit.
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_LIMIT;
}
