//! Drops from hands (model: `drop_rules`): each type in the side's hand onto every empty square
//! where it could ever move again, one to a file where the rules say so; and, with the check
//! rule, no drop of a `no_drop_mate` type that checkmates at once.

use crate::drop_rules::DropRules;
use crate::moves::{Move, MoveKind};
use crate::piece::{EMPTY, Piece};
use crate::position::Position;

impl Position {
    /// Adds the side to move's drops. (Never inlined: the games without drops must not pay for
    /// it in their hottest function.)
    #[inline(never)]
    pub(super) fn hand_drops(&self, drops: &DropRules, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        let hand = &self.state().hands[us.index()];
        let v = self.variant();
        for (slot, &kind) in drops.kinds().iter().enumerate() {
            if hand[slot] == 0 {
                continue;
            }
            let code = Piece::new(kind, us).code();
            let cp = v.compiled(code);
            // Files (a bit each) that already hold one of the side's pieces of this type.
            let mut closed_files = 0u32;
            if drops.one_per_file.contains(kind) {
                for &cell in self.side_cells(us) {
                    if self.cell(cell as usize) == code {
                        closed_files |=
                            1 << crate::geometry::Square::from_cell(cell as usize).file();
                    }
                }
            }
            let ranks = drops.ranks[slot];
            for sq in v.geometry.squares() {
                let cell = sq.cell();
                if self.cell(cell) == EMPTY
                    && closed_files >> sq.file() & 1 == 0
                    && ranks >> self.relative_rank(us, cell) & 1 == 1
                    && !self.immobile(cp, cell)
                {
                    out.push(Move::drop(kind, sq, sq));
                }
            }
        }
    }

    /// Removes the drops of `no_drop_mate` types that checkmate at once (with the check rule).
    #[inline(never)]
    pub(crate) fn keep_lawful_drops(&mut self, out: &mut Vec<Move>) {
        let Some(drops) = self.variant().rules.drops else {
            return;
        };
        if drops.no_drop_mate.is_empty() || !self.variant().has_chess_rules {
            return;
        }
        let mut kept = 0;
        for i in 0..out.len() {
            let m = out[i];
            let barred = m.kind == MoveKind::Drop
                && m.promotion()
                    .is_some_and(|k| drops.no_drop_mate.contains(k))
                && self.checkmates(m);
            if !barred {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether the legal move `m` leaves the opponent in check without a legal move.
    fn checkmates(&mut self, m: Move) -> bool {
        self.make(m);
        let them = self.side_to_move();
        let mate = self.royal_attacked(them) && {
            // Rare (a drop that checks): the replies are listed in full.
            let mut replies = Vec::new();
            self.pseudo_legal_moves(&mut replies);
            self.keep_safe_moves(&mut replies);
            self.keep_lawful_drops(&mut replies);
            replies.is_empty()
        };
        self.unmake();
        mate
    }
}
