//! The shogi-family rules of the model (`crate::shogi_rules`) carried out on the generated moves:
//! Chu Shogi's promotion moves, and its rules against trading Lions (docs/rules/chu-shogi.md).

use crate::geometry::Square;
use crate::moves::Move;
use crate::piece::{Piece, PieceKind};
use crate::position::Position;
use crate::shogi_rules::{LionTrading, PromotionMoves};

impl Position {
    /// Settles the promotions of `PromotionMoves::EntryOrCapture`: a move may promote only if it
    /// enters the zone or captures having started in it; where it may, and the piece could never
    /// move again unpromoted from its destination (a Pawn or Lance on the last rank), it must.
    /// (A Pawn stepping to the last rank inside the zone without a capture may not promote, and
    /// stays: HaChu's reading, docs/rules/chu-shogi.md.)
    pub(super) fn settle_shogi_promotions(&self, out: &mut Vec<Move>) {
        let v = self.variant();
        if v.rules.promotion_moves != PromotionMoves::EntryOrCapture {
            return;
        }
        let us = self.side_to_move();
        out.retain(|&m| {
            let from = m.from.cell();
            let cp = v.compiled(self.cell(from));
            if cp.promotes_to.is_none() {
                return true;
            }
            let to = m.destination().cell();
            let (from_zone, to_zone) = (v.in_zone(us, from), v.in_zone(us, to));
            let may_promote = (!from_zone && to_zone) || (from_zone && self.is_capture(m));
            match m.promotion() {
                Some(_) => may_promote,
                None => !(may_promote && self.immobile(cp, to)),
            }
        });
    }

    /// Drops the captures Chu Shogi's Lion-trading rules forbid (`LionTrading`).
    pub(crate) fn keep_lawful_lion_captures(&mut self, out: &mut Vec<Move>) {
        let Some(rules) = self.variant().rules.lion_trading else {
            return;
        };
        let counter_strike = self.lion_taken_by_non_lion(&rules);
        // The opponent's replies, generated only for a Lion that takes a distant Lion (rare).
        let mut scratch = Vec::new();
        let mut kept = 0;
        for i in 0..out.len() {
            let m = out[i];
            if self.lawful_lion_capture(m, &rules, counter_strike, &mut scratch) {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether the counter-strike rule binds the side to move: the game trades Lions by
    /// `LionTrading`'s rules and its last move took a Lion with a piece that is not one. Part of
    /// the position's hash (`Variant::counter_strike_key`).
    pub(crate) fn counter_strike(&self) -> bool {
        self.variant()
            .rules
            .lion_trading
            .is_some_and(|rules| self.lion_taken_by_non_lion(&rules))
    }

    /// Whether the last move of the game took a Lion with a piece that is not one (then the
    /// counter-strike rule binds the side to move).
    fn lion_taken_by_non_lion(&self, rules: &LionTrading) -> bool {
        let Some((mover, taken)) = self.last_move_captures() else {
            return false;
        };
        let is_lion = |code| rules.lions.contains(Piece::from_code(code).kind);
        !is_lion(mover) && taken.iter().any(|&(_, code)| is_lion(code))
    }

    /// Whether `m` breaks no Lion-trading rule: a move that takes no Lion always; one by a piece
    /// that is not a Lion only without the counter-strike rule; a Lion's only if every Lion it
    /// takes stood next to it, or it also takes a bridge, or the opponent could not take it back
    /// on its destination.
    fn lawful_lion_capture(
        &mut self,
        m: Move,
        rules: &LionTrading,
        counter_strike: bool,
        scratch: &mut Vec<Move>,
    ) -> bool {
        let is_lion = |kind: PieceKind| rules.lions.contains(kind);
        if !self.victims(m).any(|(_, p)| is_lion(p.kind)) {
            return true;
        }
        let Some(mover) = self.piece_at(m.from) else {
            return true;
        };
        if !is_lion(mover.kind) {
            return !counter_strike;
        }
        let from = m.from;
        let distant = |sq: Square| from.king_distance(sq) > 1;
        let takes_distant_lion = self
            .victims(m)
            .any(|(sq, p)| is_lion(p.kind) && distant(sq));
        let bridge = self
            .victims(m)
            .any(|(_, p)| !is_lion(p.kind) && !rules.no_bridge.contains(p.kind));
        !takes_distant_lion || bridge || !self.taken_back(m, scratch)
    }

    /// Whether, after `m`, the opponent has a move that takes the piece `m` moved, where it
    /// stands (pinned pieces and pieces behind it on a line included: the move is made). Asked
    /// as the attack test asks it (`capturable`, after a null move gives the turn back to the
    /// mover): the table pieces looked up along their lines, the others' moves generated into
    /// `scratch`.
    fn taken_back(&mut self, m: Move, scratch: &mut Vec<Move>) -> bool {
        let to = m.destination();
        self.make(m);
        self.make_null();
        let hit = self.capturable(to, scratch);
        self.unmake();
        self.unmake();
        hit
    }
}
