//! Drops from hands (model: `drop_rules`): each type in the side's hand onto every empty square
//! where it could ever move again, one to a file where the rules say so; and, with the check
//! rule, no drop of a `no_drop_mate` type that checkmates at once. Types dropped in pairs go onto
//! their pairs of squares or beside the royal piece; the placement hooks (`DropPlace`), the
//! royal pieces' conditions and the answering pair as `DropRules` names them.

use crate::drop_rules::{DropPlace, DropRules};
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::{EMPTY, Piece, PieceKind};
use crate::position::Position;

impl Position {
    /// Adds the side to move's drops. (Never inlined: the games without drops must not pay for
    /// it in their hottest function.)
    #[inline(never)]
    pub(crate) fn hand_drops(&self, drops: &DropRules, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        let powers = self.variant().powers;
        self.each_drop(drops, us, out, |slot, kind, out| {
            // The 12x8 game's powers read two placements their own way (`position/larger`).
            if !(powers && self.power_single_drops(drops, slot, kind, us, out)) {
                self.single_drops(drops, slot, kind, us, out)
            }
        });
    }

    /// What every game's drops share: nothing while the royal pieces' conditions close the
    /// drops; else, for each type `us` holds, its pair drops if it goes two at a time, or
    /// `single(slot, kind, out)`; and while `us` owes a pair, only that pair.
    pub(crate) fn each_drop(
        &self,
        drops: &DropRules,
        us: Color,
        out: &mut Vec<Move>,
        mut single: impl FnMut(usize, PieceKind, &mut Vec<Move>),
    ) {
        let state = self.state();
        if drops.after_royals_moved && state.kings_moved != 3
            || drops.until_royal_on_last_rank && state.drops_closed
        {
            return;
        }
        let hand = &state.hands[us.index()];
        let owed = self.owed_pairs(drops, us);
        for (slot, &kind) in drops.kinds().iter().enumerate() {
            // Owing a pair, a side may drop nothing else.
            if hand[slot] == 0 || owed != 0 && owed >> slot & 1 == 0 {
                continue;
            }
            if drops.in_pairs(slot) {
                if hand[slot] >= 2 {
                    self.pair_drops(drops, slot, kind, us, out);
                }
            } else {
                single(slot, kind, out);
            }
        }
    }

    /// A type dropped one at a time: onto every empty square of its ranks where it could move
    /// again, as its placement allows (and one a file where the rules say so).
    fn single_drops(
        &self,
        drops: &DropRules,
        slot: usize,
        kind: PieceKind,
        us: Color,
        out: &mut Vec<Move>,
    ) {
        let v = self.variant();
        let code = Piece::new(kind, us).code();
        let cp = v.compiled(code);
        let place = drops.place[slot];
        let enemy_royal = match place {
            DropPlace::GivingCheck => match self.lone_royal(us.other()) {
                Some(royal) => Some(royal.cell()),
                None => return,
            },
            DropPlace::WhileRoyalsFace if !self.royals_face() => return,
            _ => None,
        };
        // Files (a bit each) that already hold one of the side's pieces of this type.
        let mut closed_files = 0u32;
        if drops.one_per_file.contains(kind) {
            for &cell in self.side_cells(us) {
                if self.cell(cell as usize) == code {
                    closed_files |= 1 << Square::from_cell(cell as usize).file();
                }
            }
        }
        let ranks = drops.ranks[slot];
        // A type with one of the 12x8 game's powers moves by code: it can always act.
        let power = v.powers && v.layer_kinds.role(kind.0).is_power();
        for sq in v.geometry.squares() {
            let cell = sq.cell();
            if self.cell(cell) == EMPTY
                && closed_files >> sq.file() & 1 == 0
                && ranks >> self.relative_rank(us, cell) & 1 == 1
                && (power || !self.immobile(cp, cell))
                && enemy_royal.is_none_or(|royal| self.plain_capture(cell, cp, royal))
            {
                out.push(Move::drop(kind, sq, sq));
            }
        }
    }

    /// The drops of a type dropped two at a time: onto each of its pairs of squares (mirrored by
    /// rank for the second side), or beside the royal piece; both squares empty.
    pub(crate) fn pair_drops(
        &self,
        drops: &DropRules,
        slot: usize,
        kind: PieceKind,
        us: Color,
        out: &mut Vec<Move>,
    ) {
        let g = &self.variant().geometry;
        let empty = |s: Square| self.cell(s.cell()) == EMPTY;
        if drops.place[slot] == DropPlace::BesideRoyal {
            if let Some(royal) = self.lone_royal(us)
                && royal.file() > 0
                && royal.file() + 1 < g.width
            {
                let (a, b) = (
                    Square::new(royal.file() - 1, royal.rank()),
                    Square::new(royal.file() + 1, royal.rank()),
                );
                if empty(a) && empty(b) {
                    out.push(Move::drop(kind, a, b));
                }
            }
            return;
        }
        for &(a, b) in drops.pairs[slot].as_slice() {
            let (a, b) = match us {
                Color::Blue => (a, b),
                Color::Tan => (g.flip_ranks(a), g.flip_ranks(b)),
            };
            if empty(a) && empty(b) {
                out.push(Move::drop(kind, a, b));
            }
        }
    }

    /// The pair types (bits by slot) that `us` must answer: types of `DropRules::answer_pairs`
    /// that `us` still holds and the opponent holds no more of.
    pub(crate) fn owed_pairs(&self, drops: &DropRules, us: Color) -> u8 {
        if drops.answer_pairs.is_empty() {
            return 0;
        }
        let hands = &self.state().hands;
        let (mine, theirs) = (&hands[us.index()], &hands[us.other().index()]);
        (drops.kinds().iter().enumerate()).fold(0, |acc, (slot, &kind)| {
            let owed = drops.answer_pairs.contains(kind) && mine[slot] > 0 && theirs[slot] == 0;
            acc | (owed as u8) << slot
        })
    }

    /// Where the side to move owes a pair and can drop it, keeps only those drops among the
    /// legal moves `out`: the answer comes first.
    pub(crate) fn keep_owed_pairs(&self, out: &mut Vec<Move>) {
        let Some(drops) = &self.variant().rules.drops else {
            return;
        };
        let owed = self.owed_pairs(drops, self.side_to_move());
        if owed != 0 && out.iter().any(|&m| drops.is_owed_drop(m, owed)) {
            out.retain(|&m| drops.is_owed_drop(m, owed));
        }
    }

    /// Whether the two sides' royal pieces (one each) stand on one rank, file or diagonal with
    /// nothing between them.
    pub(crate) fn royals_face(&self) -> bool {
        let (Some(a), Some(b)) = (self.lone_royal(Color::Blue), self.lone_royal(Color::Tan)) else {
            return false;
        };
        crate::geometry::open_queen_line(a, b, |sq| self.cell(sq.cell()) == EMPTY)
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
            if !self.is_forbidden_drop_mate(m) {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether `m` is a drop of a `no_drop_mate` type that checkmates at once (with the check
    /// rule).
    pub(crate) fn is_forbidden_drop_mate(&mut self, m: Move) -> bool {
        let Some(drops) = self.variant().rules.drops else {
            return false;
        };
        self.variant().has_chess_rules
            && m.kind == MoveKind::Drop
            && m.promotion()
                .is_some_and(|k| drops.no_drop_mate.contains(k))
            && self.checkmates(m)
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
