//! The lead mode: knowledge for finishing a game that one side has clearly won, switched on at a
//! search's root once that side is ahead in material by `SearchTunables::lead_threshold`. Jupiter's
//! engine, ten Pawns ahead, still took about 260 plies to catch the enemy King (docs/engine.md,
//! "Winning won games"); a harder drive towards the royal pieces and the royal threat extension
//! shorten that, but between equal engines they cost strength. In the lead mode they are played
//! only where one side is far ahead. How far is far, between equals, is what the example
//! `lead_census` measures on game records: a 10-Pawn lead in Jupiter is reached in nearly every
//! equal game and lost in a quarter of them, a 30-Pawn lead seldom (docs/engine.md).
//!
//! The lead is the *settled* one: the material once the captures pending at the root are played
//! out. Counted on the board as it stands, a lead flickers during every exchange (a Queen taken
//! and about to be retaken reads as a Queen's lead for one ply), and in equal Jupiter games the
//! raw count crossed ten Pawns a median of about 230 plies before the settled one did.

use jovian_rules::{Color, Move, Position};

use crate::eval::Evaluator;

/// How many plies of captures the settled lead plays out at most.
pub const SETTLE_DEPTH: usize = 8;

/// How many positions the settled lead visits at most; past it every position counts as it
/// stands. Once per search, at the root: about what a few quiescence leaves cost.
pub const SETTLE_BUDGET: u32 = 4000;

/// Whether a search from `pos` plays the lead mode: one side's settled material (`settled_lead`)
/// exceeds the other's by at least `threshold` centipawns. Never with `threshold` 0 or less.
pub fn in_lead_mode(eval: &Evaluator, pos: &Position, threshold: i32) -> bool {
    threshold > 0 && settled_lead(eval, pos, SETTLE_DEPTH, SETTLE_BUDGET).abs() >= threshold
}

/// Blue's material lead (royal pieces left out, pieces in hand in: `Evaluator::material`) once
/// the captures pending at `pos` are played out: a minimax over the noisy moves (captures,
/// promotions) up to `depth` plies, where either side may instead stop, as a quiescence search
/// stands pat, and a game that has ended counts as it stands. Past `budget` positions, or at
/// `depth`, a position counts as it stands.
///
/// It plays on a copy: making and unmaking a capture may leave a position's piece lists in
/// another order, and so its moves listed in another order, which would make a search that
/// only asked for the lead search differently from one that did not.
pub fn settled_lead(eval: &Evaluator, pos: &Position, depth: usize, budget: u32) -> i32 {
    let mut pos = pos.clone();
    let mut settle = Settle {
        eval,
        buffers: (0..depth).map(|_| Vec::new()).collect(),
        nodes: 0,
        budget,
    };
    settle.lead(&mut pos, i32::MIN, i32::MAX, 0)
}

struct Settle<'a> {
    eval: &'a Evaluator,
    buffers: Vec<Vec<Move>>,
    nodes: u32,
    budget: u32,
}

impl Settle<'_> {
    /// Blue's settled lead within the window (`alpha`, `beta`), both in Blue's terms: Blue
    /// maximises, Tan minimises. The side to move is read at every node, since a doubled turn
    /// leaves it to move again.
    fn lead(&mut self, pos: &mut Position, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        let eval = self.eval;
        let standing = eval.material(pos, Color::Blue) - eval.material(pos, Color::Tan);
        self.nodes += 1;
        if ply == self.buffers.len()
            || self.nodes >= self.budget
            || pos.material_outcome().is_some()
        {
            return standing;
        }
        let blue = pos.side_to_move() == Color::Blue;
        if blue {
            if standing >= beta {
                return standing;
            }
            alpha = alpha.max(standing);
        } else {
            if standing <= alpha {
                return standing;
            }
            beta = beta.min(standing);
        }
        let mut best = standing;
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        pos.legal_noisy_moves(&mut moves);
        // The richest captures first, as a quiescence search orders them.
        moves.sort_unstable_by_key(|&m| std::cmp::Reverse(eval.capture_gain(pos, m)));
        for &m in &moves {
            pos.make(m);
            let score = self.lead(pos, alpha, beta, ply + 1);
            pos.unmake();
            if blue {
                best = best.max(score);
                alpha = alpha.max(score);
            } else {
                best = best.min(score);
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply] = moves;
        best
    }
}

#[cfg(test)]
mod tests {
    use jovian_rules::random::SplitMix64;
    use jovian_rules::variants::{jupiter, larger_board, scirocco, typhoon};
    use jovian_rules::{Color, Position, Variant};

    use super::{SETTLE_BUDGET, SETTLE_DEPTH, in_lead_mode, settled_lead};
    use crate::eval::Evaluator;
    use crate::tunables::EvalTunables;

    /// Blue's lead counted the slow way: every non-royal piece on the board from the game's
    /// table, and every piece in hand.
    fn standing(eval: &Evaluator, pos: &Position) -> i32 {
        let v = pos.variant();
        let side = |c: Color| -> i32 {
            (v.geometry.squares())
                .filter_map(|sq| pos.piece_at(sq))
                .filter(|p| p.color == c && !v.spec(p.kind).royal)
                .map(|p| eval.piece_value(p))
                .sum::<i32>()
                + eval.hand_value(pos, c)
        };
        side(Color::Blue) - side(Color::Tan)
    }

    /// The settled lead the slow way: a minimax without pruning over the legal moves that are
    /// noisy, each side free to stop.
    fn slow_settled(eval: &Evaluator, pos: &mut Position, depth: usize) -> i32 {
        let here = standing(eval, pos);
        if depth == 0 || pos.material_outcome().is_some() {
            return here;
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves.retain(|&m| pos.is_noisy(m));
        let blue = pos.side_to_move() == Color::Blue;
        let mut best = here;
        for m in moves {
            pos.make(m);
            let score = slow_settled(eval, pos, depth - 1);
            pos.unmake();
            best = if blue {
                best.max(score)
            } else {
                best.min(score)
            };
        }
        best
    }

    /// Positions along random games of `v`, every `every` plies.
    fn random_positions(
        v: &'static Variant,
        seed: u64,
        plies: usize,
        every: usize,
    ) -> Vec<Position> {
        let mut rng = SplitMix64::new(seed);
        let mut pos = Position::start(v);
        let mut moves = Vec::new();
        let mut found = Vec::new();
        for ply in 0..plies {
            pos.legal_moves(&mut moves);
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.make(moves[rng.below(moves.len())]);
            if ply % every == 0 {
                found.push(pos.clone());
            }
        }
        found
    }

    /// Two plies deep and with budget to spare, the pruned search finds the slow minimax's lead,
    /// in every game (the 12x8 game's hands and promotions among them).
    #[test]
    fn the_settled_lead_is_the_minimax_over_the_noisy_moves() {
        for v in [
            jupiter::variant(),
            scirocco::variant(),
            typhoon::variant(),
            larger_board::variant(),
        ] {
            let eval = Evaluator::new(v, EvalTunables::for_game(v.id));
            let (mut differs, mut total) = (0, 0);
            for seed in 0..3 {
                for mut pos in random_positions(v, seed, 150, 15) {
                    let settled = settled_lead(&eval, &pos, 2, u32::MAX);
                    assert_eq!(settled, slow_settled(&eval, &mut pos, 2), "{}", v.id);
                    assert_eq!(
                        settled_lead(&eval, &pos, 0, u32::MAX),
                        standing(&eval, &pos)
                    );
                    differs += (settled != standing(&eval, &pos)) as u32;
                    total += 1;
                }
            }
            assert!(
                total >= 20 && differs > 0,
                "{}: {differs} of {total} positions had captures that counted",
                v.id
            );
        }
    }

    /// Along random Jupiter games (full of pending captures), the mode follows the settled lead,
    /// not the standing one: some positions read a lead of the threshold on the board that their
    /// pending captures take back. In the mode, the evaluation is the one with the lead tropism
    /// as the tropism.
    #[test]
    fn the_lead_mode_is_on_where_the_settled_lead_reaches_the_threshold() {
        let v = jupiter::variant();
        let t = EvalTunables {
            lead_royal_tropism: 600,
            ..EvalTunables::for_game(v.id)
        };
        let mut eval = Evaluator::new(v, t.clone());
        let plain = Evaluator::new(
            v,
            EvalTunables {
                royal_tropism: 600,
                ..t.clone()
            },
        );
        let (mut on, mut off, mut flicker) = (0, 0, 0);
        for seed in 0..6 {
            for pos in random_positions(v, seed, 160, 1) {
                let settled = settled_lead(&eval, &pos, SETTLE_DEPTH, SETTLE_BUDGET);
                let expected = settled.abs() >= 500;
                assert_eq!(in_lead_mode(&eval, &pos, 500), expected);
                assert!(!in_lead_mode(&eval, &pos, 0), "0 is never");
                flicker += (standing(&eval, &pos).abs() >= 500 && !expected) as u32;
                eval.lead_mode = expected;
                let weight = if expected { 600 } else { t.royal_tropism };
                assert_eq!(eval.royal_tropism_weight(), weight);
                if expected {
                    assert_eq!(eval.evaluate(&pos), plain.evaluate(&pos));
                    on += 1;
                } else {
                    off += 1;
                }
            }
        }
        assert!(
            on > 20 && off > 20 && flicker > 0,
            "random play met each: {on} on, {off} off, {flicker} standing leads taken back"
        );
    }

    /// A lead mode that never fires (a threshold no lead reaches) searches exactly as no lead
    /// mode: the settled lead plays on a copy, so the root's moves keep their order. Positions
    /// from random Jupiter games, where captures are pending and the lead is counted at depth.
    #[test]
    fn asking_for_the_lead_leaves_the_search_as_it_was() {
        use crate::tunables::SearchTunables;
        use crate::{Engine, Limits};
        let v = jupiter::variant();
        let summary = |r: crate::SearchResult| (r.best, r.score, r.depth, r.nodes, r.pv);
        let engine = |threshold: i32| {
            let search = SearchTunables {
                lead_threshold: threshold,
                ..SearchTunables::for_game(v.id)
            };
            Engine::with_tunables(v, 1, EvalTunables::for_game(v.id), search)
        };
        let eval = Evaluator::new(v, EvalTunables::for_game(v.id));
        let mut pending = 0;
        for pos in random_positions(v, 11, 120, 6) {
            pending += (settled_lead(&eval, &pos, SETTLE_DEPTH, SETTLE_BUDGET)
                != standing(&eval, &pos)) as u32;
            let limits = Limits::nodes(4_000);
            let plain = summary(engine(0).search(&mut pos.clone(), &limits, |_| {}));
            let asked = summary(engine(i32::MAX).search(&mut pos.clone(), &limits, |_| {}));
            assert_eq!(plain, asked);
        }
        assert!(pending > 0, "some position had captures that counted");
    }
}
