//! A chess pawn's moves: a piece with pawn powers (a file's `initial_steps`, `initial_ranks`,
//! `en_passant`: `PawnPowers`), whose table is a non-capturing step straight forward and leaps
//! that only capture (the loader holds it to that shape). Listed in the order a player reads them:
//! the advance, one square or, from an initial rank, as many as `steps_from` allows over empty
//! squares; then the captures from the lower file to the higher (`ChessPiece::captures`), each
//! onto an enemy or, en passant, onto a square an enemy pawn has just passed; a move into the
//! promotion zone once per type the pawn may become there. The 12x8 layer's Pawn is such a pawn,
//! with two hooks of its game: taking a Wizard it becomes a Golem, and it may also promote to an
//! Assassin or a Thunder, each completed on a square of its own (`position/larger`).

use super::at;
use crate::geometry::{Color, Square, unit_step};
use crate::moves::{Move, MoveKind};
use crate::piece::{EMPTY, OFFBOARD, Piece, code_color_index};
use crate::position::{NO_SQUARE, Position};

impl Position {
    /// The moves of the pawn on `from` of `us`: a piece with pawn powers, or the 12x8 layer's
    /// Pawn, which a copy of its file may leave without them (one step, no en passant).
    #[inline]
    pub(crate) fn pawn_moves(&self, from: usize, us: Color, out: &mut Vec<Move>) {
        let v = self.variant();
        let code = self.cell(from);
        let chess = v.chess_piece(code);
        let powers = chess.pawn.unwrap_or_default();
        let from_sq = Square::from_cell(from);
        let mut to = from;
        for _ in 0..powers.steps_from(self.relative_rank(us, from)) {
            to = at(to, chess.forward);
            if self.cell(to) != EMPTY {
                break;
            }
            self.push_pawn_move(Move::normal(from_sq, Square::from_cell(to)), us, out);
        }
        let kind = Piece::from_code(code).kind;
        for &off in &chess.captures {
            let to = at(from, off);
            let target = self.cell(to);
            let to_sq = Square::from_cell(to);
            if target == EMPTY {
                if powers.en_passant
                    && let Some(victim) = self.en_passant_victim(to, us)
                {
                    let m = Move::new(MoveKind::EnPassant, from_sq, to_sq).with_aux(0, victim);
                    self.push_pawn_move(m, us, out);
                }
            } else if target != OFFBOARD
                && code_color_index(target) != us.index()
                && v.may_capture(kind, target)
            {
                if v.powers
                    && let Some(birth) = self.golem_birth(from_sq, to_sq, target, us)
                {
                    out.push(birth);
                } else {
                    self.push_pawn_move(Move::normal(from_sq, to_sq), us, out);
                }
            }
        }
    }

    /// Pushes a pawn's move, or, into the promotion zone, its promotions (`push_promotions`).
    #[inline(always)]
    fn push_pawn_move(&self, m: Move, us: Color, out: &mut Vec<Move>) {
        let v = self.variant();
        if v.in_zone(us, m.to.cell()) || v.in_zone(us, m.from.cell()) {
            self.push_promotions(m, us, out);
        } else {
            out.push(m);
        }
    }

    /// Pushes a pawn's move into the promotion zone once per type it may become (with the
    /// game's limits), and the move itself too where promotion is optional there.
    #[inline(never)]
    fn push_promotions(&self, m: Move, us: Color, out: &mut Vec<Move>) {
        let v = self.variant();
        let code = self.cell(m.from.cell());
        let (cp, chess) = (v.compiled(code), v.chess_piece(code));
        let may_decline = || self.may_decline_promotion(cp, m.to.cell());
        if v.powers {
            if may_decline() {
                out.push(m);
            }
            return self.layer_pawn_promotions(m, us, out);
        }
        let Some(promoted) = cp.promotes_to else {
            out.push(m);
            return;
        };
        if may_decline() {
            out.push(m);
        }
        if chess.promotion_choices.is_empty() {
            out.push(m.with_promotion(promoted));
            return;
        }
        for &kind in &chess.promotion_choices {
            if self.promotion_allowed(kind, us) {
                out.push(m.with_promotion(kind));
            }
        }
    }

    /// The enemy pawn a capture onto the empty `to` takes en passant, if `to` is a square it has
    /// just passed: between its start and its square (`ep_from`, `ep_target`), or, in the 12x8
    /// layer's game, among the squares its last mover passed (`ep_passed`) when that was a pawn.
    #[inline(always)]
    fn en_passant_victim(&self, to: usize, us: Color) -> Option<Square> {
        if self.state().ep_target == NO_SQUARE {
            return None;
        }
        self.passed_by_enemy_pawn(to, us)
    }

    #[inline(never)]
    fn passed_by_enemy_pawn(&self, to: usize, us: Color) -> Option<Square> {
        let s = self.state();
        let victim = Square(s.ep_target);
        if !s.ep_passed.is_empty() {
            let pawn = self.cell(victim.cell());
            let enemy_pawn = pawn != EMPTY
                && code_color_index(pawn) != us.index()
                && self.variant().chess_piece(pawn).pawn.is_some();
            let passed = s.ep_passed.contains(Square::from_cell(to));
            return (enemy_pawn && passed).then_some(victim);
        }
        if s.ep_from == NO_SQUARE {
            return None;
        }
        let step = unit_step(Square(s.ep_from), victim);
        let mut passed = at(Square(s.ep_from).cell(), step);
        while passed != victim.cell() {
            if passed == to {
                return Some(victim);
            }
            passed = at(passed, step);
        }
        None
    }
}
