//! Quiescence: the search past the nominal depth, over captures (of every kind) and promotions
//! only, so that a leaf is scored where no piece hangs. Bounded by a node budget per leaf.

use jovian_rules::{Move, Position, Square};

use super::tt_scores::{bound_of, score_to_tt, tt_cutoff};
use super::{Engine, INFINITY, MAX_PLY};

impl Engine {
    /// Whether the running quiescence search has visited its budget of nodes
    /// (`qsearch_node_budget`): from then on it searches only recaptures and winning captures.
    #[inline]
    fn qsearch_over_budget(&self) -> bool {
        let budget = self.tunables.qsearch_node_budget;
        budget > 0 && self.qsearch_nodes >= budget
    }

    /// Whether it has visited twice its budget: from then on every node stands pat.
    #[inline]
    fn qsearch_spent(&self) -> bool {
        let budget = self.tunables.qsearch_node_budget;
        budget > 0 && self.qsearch_nodes >= budget.saturating_mul(2)
    }

    /// Whether delta pruning may trust `capture_gain`: the evaluation's lead terms are off, and
    /// so is the progress rule (a capture restores the whole evaluation, which the rule had
    /// shrunk by up to half). Where they are on, a capture can move the evaluation by several
    /// times its material, and pruning on its material alone cost Jupiter's engine over 300 Elo
    /// (docs/engine.md, "The depth bundle").
    #[inline]
    fn delta_pruning_sound(&self) -> bool {
        self.tunables.progress_horizon <= 0 && self.eval.capture_gain_bounds_captures()
    }

    /// Whether `m` (a move of quiescence) moves a piece worth more than all it wins: a capture
    /// that loses material if the piece is taken back. A first part of a doubled turn, whose
    /// second part may win more, never does; nor does a royal capture (it wins everything), nor a
    /// move whose piece stays where it was (an igui: it risks nothing it did not risk before).
    #[inline]
    fn loses_material(&self, pos: &Position, m: Move) -> bool {
        if m.is_continuing() || m.destination() == m.from {
            return false;
        }
        let Some(mover) = pos.piece_at(m.from) else {
            return false;
        };
        self.eval.capture_gain(pos, m) < self.eval.piece_value(mover)
    }

    /// Quiescence: captures (of every kind) and promotions only, standing pat on the static
    /// evaluation — except when the side to move's last royal piece is attacked, where every legal
    /// move is tried (as a chess engine does when in check). After `qsearch_recapture_depth`
    /// captures in a row, or once the search from this leaf has visited `qsearch_node_budget`
    /// nodes, only recaptures and captures that win at once are searched; after twice the budget
    /// every node stands pat. So one leaf costs at most about twice the budget.
    pub(super) fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: u32,
        landed: Option<Square>,
    ) -> i32 {
        self.pv_table[ply].clear();
        if qdepth == 0 {
            self.qsearch_nodes = 0;
        }
        if let Some(s) = Self::terminal_score(pos, ply) {
            return s;
        }
        self.nodes += 1;
        self.qsearch_nodes = self.qsearch_nodes.saturating_add(1);
        self.seldepth = self.seldepth.max(ply as u32);
        if self.check_abort() || ply >= MAX_PLY - 1 {
            return self.static_eval(pos);
        }
        // Captures commute (a wall of pawns reaches the same position by many orders), so the
        // table pays here too. A first capture-search node also answers a threat to the royal
        // piece: it trusts only entries as complete as itself (depth 0 or a full search's).
        let key = pos.hash();
        let entry = self.tt.probe(key);
        let own_depth = if qdepth == 0 { 0 } else { -1 };
        if let Some(e) = entry
            && e.depth as i32 >= own_depth
            && let Some(s) = tt_cutoff(&e, ply, alpha, beta)
        {
            return s;
        }
        // An evasion tries every move; otherwise only the noisy ones are listed, and whether
        // there is any move at all (no move loses) is asked apart, only where it matters.
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let evasion = qdepth == 0 && crate::threat::royal_threatened(pos);
        if evasion {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                self.buffers[ply] = moves;
                return Self::no_move_score(pos, ply);
            }
        }
        let stand_pat = self.static_eval(pos);
        let mut best = -INFINITY;
        if !evasion {
            if qdepth >= self.qsearch_cap || stand_pat >= beta || self.qsearch_spent() {
                let has_move = pos.has_legal_move(&mut moves);
                self.buffers[ply] = moves;
                return if has_move {
                    stand_pat
                } else {
                    Self::no_move_score(pos, ply)
                };
            }
            if !pos.legal_noisy_moves(&mut moves) {
                self.buffers[ply] = moves;
                return Self::no_move_score(pos, ply);
            }
            best = stand_pat;
            alpha = alpha.max(stand_pat);
        } else if qdepth >= self.qsearch_cap {
            self.buffers[ply] = moves;
            return stand_pat;
        }
        let original_alpha = alpha;
        let recaptures_only = !evasion && qdepth >= self.tunables.qsearch_recapture_depth;
        let mut best_move = None;
        let mut scored = std::mem::take(&mut self.scored[ply]);
        self.orderer.score(
            pos,
            &moves,
            None,
            None,
            [None; 2],
            ply,
            &self.eval,
            !evasion,
            &mut scored,
        );
        while let Some((m, order)) = scored.next_best() {
            if !evasion && order < crate::ordering::NOISY_FLOOR {
                break; // only noisy moves remain interesting, and they come first
            }
            // Past its budget a quiescence search turns to recaptures everywhere, in the nodes
            // already under way too (an evasion excepted: it must find its escape).
            if (recaptures_only || !evasion && self.qsearch_over_budget())
                && !recaptures_or_wins(pos, m, landed)
            {
                continue;
            }
            // Delta pruning: even winning everything this move takes leaves it below alpha.
            if !evasion
                && self.tunables.qsearch_delta_margin > 0
                && self.delta_pruning_sound()
                && stand_pat + self.eval.capture_gain(pos, m) + self.tunables.qsearch_delta_margin
                    <= alpha
            {
                continue;
            }
            let losing =
                !evasion && self.tunables.qsearch_skip_losing == 1 && self.loses_material(pos, m);
            pos.make(m);
            if losing && lands_where_taken(pos, m) {
                pos.unmake();
                continue;
            }
            let to = Some(m.destination());
            let score = if m.is_continuing() {
                self.quiesce(pos, alpha, beta, ply + 1, qdepth + 1, to)
            } else {
                -self.quiesce(pos, -beta, -alpha, ply + 1, qdepth + 1, to)
            };
            pos.unmake();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.scored[ply] = scored;
        self.buffers[ply] = moves;
        // A recaptures-only node's score depends on the path that led to it: not stored; nor is
        // one whose subtree the budget may have cut short, nor a position the table already
        // holds (its entry is at least as deep).
        if !self.aborted
            && !recaptures_only
            && !self.qsearch_over_budget()
            && entry.is_none()
            && best > -INFINITY
        {
            let bound = bound_of(best, original_alpha, beta);
            self.tt
                .store(key, best_move, score_to_tt(best, ply), own_depth, bound);
        }
        best
    }
}

/// Whether the piece `m` (just made, its turn over) moved lands where the opponent, now to
/// move, can take it: the rules library's attack test, asked with the turn passed back.
fn lands_where_taken(pos: &mut Position, m: Move) -> bool {
    let to = m.destination();
    let mover = pos.side_to_move().other();
    if pos.piece_at(to).is_none_or(|p| p.color != mover) {
        return false;
    }
    pos.make_null();
    let taken = crate::threat::capturable(pos, to);
    pos.unmake();
    taken
}

/// Whether `m` captures the piece that has just landed on `landed`, or wins the game at once (it
/// takes or converts the opponent's last royal piece): the moves a recaptures-only quiescence
/// node searches.
#[inline]
fn recaptures_or_wins(pos: &Position, m: Move, landed: Option<Square>) -> bool {
    let variant = pos.variant();
    let mut royals = 0;
    for (sq, p) in pos.victims(m) {
        if Some(sq) == landed {
            return true;
        }
        royals += variant.is_royal(p.code()) as usize;
    }
    crate::threat::wins_at_once(pos, m, royals)
}

#[cfg(test)]
mod tests {
    use jovian_rules::variants::scirocco;
    use jovian_rules::{Move, Position, fen};

    use crate::Engine;

    /// A Scirocco position: Blue's Rook on a1 can take the Pawn on a6, and Blue's Pawn on b5 the
    /// Tan Knight on c6; Tan's Rook on `tan_rook` (a10 or b10) guards a6 from a10.
    fn position(tan_rook: &str) -> Position {
        let rank10 = if tan_rook == "a10" {
            "r,8,k"
        } else {
            "1,r,7,k"
        };
        let text = format!("{rank10}/10/10/10/p,1,n,7/1,P,8/10/10/10/R,8,K b");
        let setup = fen::parse_position(scirocco::variant(), &text).expect("a Scirocco position");
        Position::from_setup(&setup).expect("a legal position")
    }

    fn find(pos: &Position, from: &str, to: &str) -> Move {
        let g = &pos.variant().geometry;
        let (from, to) = (g.parse_square(from).unwrap(), g.parse_square(to).unwrap());
        let mut moves = Vec::new();
        pos.clone().legal_moves(&mut moves);
        *moves
            .iter()
            .find(|m| m.from == from && m.destination() == to)
            .expect("the move is legal")
    }

    /// Whether quiescence with `qsearch_skip_losing` 1 skips the move `from`-`to`.
    fn skipped(pos: &mut Position, from: &str, to: &str) -> bool {
        let engine = Engine::new(pos.variant(), 1);
        let m = find(pos, from, to);
        if !engine.loses_material(pos, m) {
            return false;
        }
        pos.make(m);
        let taken = super::lands_where_taken(pos, m);
        pos.unmake();
        taken
    }

    #[test]
    fn a_losing_capture_is_skipped_only_where_the_piece_can_be_taken_back() {
        // The Rook takes a Pawn the Tan Rook on a10 guards: it loses material.
        let mut guarded = position("a10");
        assert!(skipped(&mut guarded, "a1", "a6"));
        // The Pawn unguarded: the Rook keeps it.
        let mut free = position("b10");
        assert!(!skipped(&mut free, "a1", "a6"));
        // A Pawn taking a Knight wins more than it risks, guarded or not.
        assert!(!skipped(&mut guarded, "b5", "c6"));
        // The position is as it was.
        assert_eq!(
            fen::write_position(&guarded),
            fen::write_position(&position("a10"))
        );
    }
}
