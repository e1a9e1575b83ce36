//! The 12x8 game's hooks in the general legal-move filter (`movegen/check.rs`): when its quick
//! tests hold for the exotic pieces, which moves change the board in one square alone, castling
//! through no attacked square (tested with the King standing there, as a Halfling's capture would
//! find it); and its own draw, bare Kings with nothing left to drop.

use super::*;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

impl Position {
    /// Whether the quick tests (`quick_safe`, `attack_opened`) may hold against `them`: no
    /// Golem (whose parts' moves are not along lines) and no Pincer (whose path to a square
    /// beside the King may run anywhere, so that any square a piece leaves may open it).
    #[inline]
    pub(crate) fn layer_quick_allowed(&self, them: Color) -> bool {
        self.tallied(tally::GOLEM, them) == 0
            && (self.tallied(tally::HALFLING, them) == 0
                || self.pincer().is_none_or(|pincer| {
                    let pincer = code(pincer, them);
                    !(self.side_cells(them).iter()).any(|&c| self.board[c as usize] == pincer)
                }))
    }

    /// Whether `m` moves a Wizard (whose bewitching reaches the squares beside it, off its
    /// lines).
    #[inline]
    pub(crate) fn moves_wizard(&self, m: Move) -> bool {
        self.layer_kinds().role_of(self.board[m.from.cell()]) == Role::Wizard
    }

    fn pincer(&self) -> Option<u8> {
        self.layer_kinds().halfling(HalflingCapture::Pincer)
    }

    /// Whether `m` surely leaves the King on `king` (not in check) unattacked without being made:
    /// a plain move (no promotion but a flip piece's choice of state) of a piece that takes
    /// nothing but what stands on its destination and changes no bewitching (a table type but
    /// the King, a Pawn or an Elephant; not a Wizard, a Halfling, an Assassin or a Golem), from
    /// and to squares on no line through the King: no queen line (cannons and their screens, the
    /// Leaper's, Advancer's and Withdrawer's paths, adjacency) and no line along which an enemy
    /// table type rides. Every other attack is a leap, which
    /// no move elsewhere opens, or the Pincer's or the Golem's (ruled out by
    /// `layer_quick_allowed`).
    #[inline]
    pub(crate) fn layer_quick_safe(&self, m: Move, king: Square) -> bool {
        if m.kind != MoveKind::Normal {
            return false;
        }
        let moved = self.board[m.from.cell()];
        let plain = matches!(
            self.layer_kinds().role_of(moved),
            Role::File | Role::Pawn | Role::Elephant
        );
        // A flip piece (a Can(n)on) may end in either state; any other promotion is a change of
        // type.
        let changes_type =
            m.promotion().is_some() && m.promotion() != self.variant.compiled(moved).flip;
        if !plain || changes_type {
            return false;
        }
        let them = self.side.other();
        let on_line = |sq: Square| {
            let (dx, dy) = (
                sq.file() as i32 - king.file() as i32,
                sq.rank() as i32 - king.rank() as i32,
            );
            dx == 0
                || dy == 0
                || dx.abs() == dy.abs()
                || (self.variant()).maybe_on_line(sq.cell() as isize - king.cell() as isize, them)
        };
        !on_line(m.from) && !on_line(m.to)
    }

    /// What stands on `m.to` after `m` when the move changes nothing on the board but that: a
    /// plain move (or a Can(n)on's or Pawn's change of type on arrival) of any piece but a
    /// Halfling (whose captures are elsewhere) or a Golem part, taking at most a piece on its
    /// destination that is not a Golem part (whose partner goes too). No hand, right or counter
    /// bears on check, so the board alone answers for such a move (`Position::test_on_board`).
    #[inline]
    pub(crate) fn simple_arrival(&self, m: Move) -> Option<Code> {
        if m.kind != MoveKind::Normal {
            return None;
        }
        let moved = self.board[m.from.cell()];
        let kinds = self.layer_kinds();
        let taken = self.board[m.to.cell()];
        if matches!(kinds.role_of(moved), Role::Halfling(_) | Role::Golem(_))
            || (is_piece(taken) && kinds.is_golem(kind_of(taken)))
        {
            return None;
        }
        match m.promotion() {
            None => Some(moved),
            Some(kind) => match kinds.role(kind.0) {
                Role::Assassin | Role::Thunder | Role::Golem(_) => None,
                _ => Some(code(kind.0, self.side)),
            },
        }
    }

    /// The King is not in check and does not pass an attacked square (its destination is
    /// checked with the other moves). Each square passed is tested with the King standing on
    /// it, as a Halfling's capture or a shot would find it there.
    pub(crate) fn castling_path_safe(&mut self, m: Move, us: Color) -> bool {
        if self.square_attacked(m.from.cell(), us.other()) {
            return false;
        }
        let (lo, hi) = (
            m.from.file().min(m.to.file()),
            m.from.file().max(m.to.file()),
        );
        let king = self.board[m.from.cell()];
        self.board[m.from.cell()] = EMPTY;
        let attacked = (lo + 1..hi).any(|f| {
            let passed = Square::new(f, m.from.rank()).cell();
            let before = std::mem::replace(&mut self.board[passed], king);
            let attacked = self.square_attacked(passed, us.other());
            self.board[passed] = before;
            attacked
        });
        self.board[m.from.cell()] = king;
        !attacked
    }
}
