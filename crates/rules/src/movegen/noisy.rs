//! The moves a capture search looks at, and whether any move exists at all, without listing
//! every quiet move: a quiescence search visits most of a search's nodes and looks only at the
//! moves that capture, promote or convert, so listing the quiet ones there was wasted work.

use crate::drop_rules::DropPlace;
use crate::moves::{Move, MoveKind};
use crate::piece::latent;
use crate::position::Position;

impl Position {
    /// Whether `m` captures (a piece leaves the board), promotes or converts: the moves
    /// `legal_noisy_moves` lists.
    #[inline]
    pub fn is_noisy(&self, m: Move) -> bool {
        // A drop names its type where a promotion would: it is quiet, but in a game with the
        // 12x8 game's powers, whose search has always looked at that game's drops (pairs, and
        // singles placed by a rule) among the noisy moves. A flip piece's change of state (the
        // Can(n)ons') is no promotion, in every game.
        (m.promotion().is_some()
            && !self.is_flip(m)
            && (m.kind != MoveKind::Drop || self.variant().powers && self.placed_drop(m)))
            || m.kind == MoveKind::Convert
            || self.is_capture(m)
    }

    /// Whether the drop `m` goes two at a time or by a placement rule (not `anywhere`).
    fn placed_drop(&self, m: Move) -> bool {
        let Some(drops) = self.variant().rules.drops else {
            return false;
        };
        m.pair_square().is_some()
            || (m.promotion().and_then(|kind| drops.slot(kind)))
                .is_some_and(|slot| drops.place[slot] != DropPlace::Anywhere)
    }

    /// Whether `m` (which names a type) is a flip piece's change of state.
    fn is_flip(&self, m: Move) -> bool {
        self.variant()
            .compiled(self.cell(m.from.cell()))
            .flip
            .is_some()
    }

    /// Exactly the moves of `legal_moves` that are `is_noisy`, in the same order, found without
    /// generating the quiet moves of the pieces that have only table moves. Returns whether
    /// `legal_moves` would list anything at all (asked only when no noisy move was found).
    pub fn legal_noisy_moves(&mut self, out: &mut Vec<Move>) -> bool {
        let v = self.variant();
        let answer_pairs = v.rules.drops.is_some_and(|d| !d.answer_pairs.is_empty());
        if answer_pairs && !v.powers {
            // An owed pair that can be dropped is the only legal move, which only the whole list
            // shows where drops are quiet (a rare rule: such games filter their whole list; with
            // the 12x8 game's powers pairs are noisy).
            self.legal_moves(out);
            let any = !out.is_empty();
            out.retain(|&m| self.is_noisy(m));
            return any;
        }
        out.clear();
        if self.mid_turn().is_none() && self.material_outcome().is_some() {
            return false;
        }
        let check = v.check_rule();
        if check && self.draw_by_rule().is_some() {
            return false;
        }
        self.pseudo_moves::<true>(out);
        if v.has_chess_rules {
            self.settle_promotions(self.side_to_move(), out);
        }
        self.settle_shogi_promotions(out);
        out.retain(|&m| self.is_noisy(m));
        if check {
            self.keep_safe_moves(out);
        }
        if answer_pairs {
            // A game with the 12x8 game's powers, whose pairs are noisy: the owed pair is among
            // them.
            self.keep_owed_pairs(out);
        }
        self.keep_lawful_lion_captures(out);
        // The same filters as `legal_moves`, each judging one move alone, so filtering fewer
        // moves keeps the same ones.
        if self.repetition_possible() {
            out.retain(|&m| self.is_irreversible(m) || !self.would_repeat_thrice(m));
        }
        if v.latent & latent::DOUBLER != 0 && out.iter().any(|m| m.is_continuing()) {
            self.drop_dead_ends(out);
        }
        if out.is_empty() {
            let any = self.has_legal_move(out);
            out.clear();
            return any;
        }
        true
    }

    /// Whether `legal_moves` would list anything, usually found from the first piece's moves.
    /// `scratch` is overwritten.
    pub fn has_legal_move(&mut self, scratch: &mut Vec<Move>) -> bool {
        let v = self.variant();
        if v.powers
            || v.has_chess_rules
            || v.rules.lion_trading.is_some()
            || self.mid_turn().is_some()
        {
            self.legal_moves(scratch);
            return !scratch.is_empty();
        }
        if self.material_outcome().is_some() {
            return false;
        }
        let us = self.side_to_move();
        let immobilizers = self.immobilizers_against(us);
        let repetition = self.repetition_possible();
        for i in 0..self.side_cells(us).len() {
            let cell = self.side_cells(us)[i] as usize;
            if immobilizers && self.is_immobilized(cell, us) {
                // Its move is to capture itself: irreversible, so never barred, never doubled.
                return true;
            }
            scratch.clear();
            self.piece_moves_outlined(cell, us, scratch);
            // A piece's own moves are never first parts of doubled turns (their continuing twins
            // are added apart), so only the repetition rule can bar them.
            for &m in scratch.iter() {
                if !repetition || self.is_irreversible(m) || !self.would_repeat_thrice(m) {
                    return true;
                }
            }
        }
        // Nothing of its own: perhaps a lent move, or a doubled turn's first part.
        self.legal_moves(scratch);
        !scratch.is_empty()
    }
}
