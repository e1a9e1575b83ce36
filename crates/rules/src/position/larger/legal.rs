//! Legal moves (no move leaves the mover's King in check; castling neither out of nor through
//! check; the answering Halfling pair when it can be dropped) and the end of the game:
//! checkmate, stalemate, repetition, the fifty-move rule, bare Kings.

use super::*;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

/// How a 12x8 game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChessEnd {
    /// The side to move is checkmated.
    Checkmate,
    Stalemate,
    /// The position has occurred for the third time (this covers perpetual check).
    Repetition,
    /// 100 plies (the file's `fifty_move_plies`) without a capture, a Pawn move or a drop.
    FiftyMoves,
    /// Only the Kings are left, and neither side may drop anything.
    BareKings,
}

impl Position {
    /// The moves that leave the mover's King safe, before the game-ending rules are applied.
    /// A move is kept at once where `quick_safe` shows it cannot matter; a simple one (one
    /// piece from one square to another) is tried on the board alone, and only along the lines
    /// it changes where the quick test's conditions hold; any other is made and the King's
    /// square tested.
    fn chess_safe_moves(&mut self, out: &mut Vec<Move>) {
        self.pseudo_legal_moves(out);
        let us = self.side;
        let quick_king = self.quick_test_king(us);
        // The quick test found the King already.
        let king = quick_king.or_else(|| self.king_square(us));
        let mut kept = 0;
        for i in 0..out.len() {
            let m = out[i];
            if m.kind == MoveKind::Castle && !self.castling_path_safe(m, us) {
                continue;
            }
            if let Some(king) = quick_king
                && self.quick_safe(m, king)
            {
                out[kept] = m;
                kept += 1;
                continue;
            }
            let safe = match (king, self.simple_arrival(m)) {
                (Some(king), Some(arriving)) => {
                    // With the quick test's conditions, a move of neither the King nor a
                    // Wizard can open an attack only along the lines it changes.
                    let lines_only = quick_king.is_some()
                        && m.from != king
                        && kind_of(self.board[m.from.cell()]) != WIZARD;
                    let target = if m.from == king { m.to } else { king };
                    self.safe_after_simple(m, arriving, target, us, lines_only)
                }
                _ => {
                    self.make_chess(m);
                    let safe = !self.chess_in_check(us);
                    self.unmake_chess();
                    safe
                }
            };
            if safe {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
        self.keep_owed_pairs(out);
    }

    /// `us`'s King's square when the quick test applies: the King is not in check, and the enemy
    /// has no Pincer (whose path to a square beside the King may run anywhere, so that any square
    /// a piece leaves may open it) and no Golem (whose parts' moves are not along lines).
    fn quick_test_king(&self, us: Color) -> Option<Square> {
        let them = us.other();
        // A table type that bends or hops could attack off the lines `quick_safe` looks along.
        if !self.variant().plain_attacks
            || self.chess.golem_parts[them.index()] > 0
            || (self.chess.halflings[them.index()] > 0
                && (self.side_cells(them).iter())
                    .any(|&c| self.board[c as usize] == code(PINCER, them)))
        {
            return None;
        }
        let king = self.king_square(us)?;
        (!self.attacked_by(king, them)).then_some(king)
    }

    /// Whether `m` surely leaves the King on `king` (not in check) unattacked without being made:
    /// a plain move (no promotion but a Can(n)on's choice of state) of a piece that takes nothing
    /// but what stands on its destination and changes no bewitching (not the King, a Wizard, a
    /// Halfling or a Golem), from and to squares on no line through the King: no queen line
    /// (Can(n)ons and their screens, the Leaper's, Advancer's and Withdrawer's paths, adjacency)
    /// and no line along which an enemy table type rides. Every other attack is a leap, which
    /// no move elsewhere opens, or the Pincer's or the Golem's (ruled out by `quick_test_king`).
    #[inline]
    fn quick_safe(&self, m: Move, king: Square) -> bool {
        if m.kind != MoveKind::Normal {
            return false;
        }
        let kind = kind_of(self.board[m.from.cell()]);
        let cannon = kind == CANNON_ROOK || kind == CANNON_BISHOP;
        let plain = matches!(
            kind,
            QUEEN | ROOK | BISHOP | KNIGHT | PAWN | LION | ELEPHANT
        ) || is_added(kind);
        // A Can(n)on may end in either state; any other promotion is a change of type.
        if !cannon && (!plain || m.promotion().is_some()) {
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
    /// bears on check, so the board alone answers for such a move (`safe_after_simple`).
    #[inline]
    fn simple_arrival(&self, m: Move) -> Option<Code> {
        if m.kind != MoveKind::Normal {
            return None;
        }
        let moved = self.board[m.from.cell()];
        let kind = kind_of(moved);
        let taken = self.board[m.to.cell()];
        if is_halfling(kind) || is_golem(kind) || (is_piece(taken) && is_golem(kind_of(taken))) {
            return None;
        }
        match m.promotion().map(|k| k.0) {
            None => Some(moved),
            Some(ASSASSIN | THUNDER) => None,
            Some(part) if is_golem(part) => None,
            Some(kind) => Some(code(kind, self.side)),
        }
    }

    /// Whether the King on `king` (its square after `m`) is safe once `m`, a move that
    /// `simple_arrival` allows, has put `arriving` on `m.to`: tested on the board alone, which
    /// is put back at once (`Position::test_on_board`).
    #[inline]
    fn safe_after_simple(
        &mut self,
        m: Move,
        arriving: Code,
        king: Square,
        us: Color,
        lines_only: bool,
    ) -> bool {
        self.test_on_board(Some(m.from.cell()), m.to.cell(), arriving, |pos| {
            if lines_only {
                !pos.attack_opened(m, king, us.other())
            } else {
                !pos.attacked_by(king, us.other())
            }
        })
    }

    /// Whether `by` attacks the King on `king` (which it did not attack before `m`, now made on
    /// the board) along a line through `m`'s squares: a queen line is looked along (both ways),
    /// and a square on another line an enemy type rides (a Nightrider's) asks the full test.
    fn attack_opened(&self, m: Move, king: Square, by: Color) -> bool {
        let mut looked = None;
        for sq in [m.from, m.to] {
            let (dx, dy) = (
                sq.file() as i8 - king.file() as i8,
                sq.rank() as i8 - king.rank() as i8,
            );
            if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
                let line = (dx.signum(), dy.signum());
                // One line for both squares when the move runs along it, either way.
                let (lx, ly) = line;
                if looked == Some(line) || looked == Some((-lx, -ly)) {
                    continue;
                }
                looked = Some(line);
                if self.attacked_along_line(king, by, lx, ly) {
                    return true;
                }
            } else if (self.variant()).maybe_on_line(sq.cell() as isize - king.cell() as isize, by)
            {
                return self.attacked_by(king, by);
            }
        }
        false
    }

    /// The King is not in check and does not pass an attacked square (its destination is
    /// checked with the other moves). Each square passed is tested with the King standing on
    /// it, as a Halfling's capture or a shot would find it there.
    pub(in crate::position) fn castling_path_safe(&mut self, m: Move, us: Color) -> bool {
        if self.attacked_by(m.from, us.other()) {
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
            let attacked = self.attacked_by(Square::from_cell(passed), us.other());
            self.board[passed] = before;
            attacked
        });
        self.board[m.from.cell()] = king;
        !attacked
    }

    pub(crate) fn chess_legal_moves(&mut self, out: &mut Vec<Move>) {
        out.clear();
        if self.chess_draw_by_rule().is_some() {
            return;
        }
        self.chess_safe_moves(out);
    }

    /// A draw that no move can avoid: repetition and fifty moves (the check rules' draws, as
    /// the game's file has them: `draw_by_rule`), bare Kings.
    pub(crate) fn chess_draw_by_rule(&self) -> Option<ChessEnd> {
        match self.draw_by_rule() {
            Some(crate::WinReason::Repetition) => return Some(ChessEnd::Repetition),
            Some(_) => return Some(ChessEnd::FiftyMoves),
            None => {}
        }
        let bare = Color::BOTH.iter().all(|&c| self.piece_count(c) == 1);
        // Nothing may ever be dropped again (drops that only wait for a King's first move still
        // count).
        let nothing_to_drop =
            self.chess.drops_closed || self.chess.hands.iter().all(|h| h.iter().all(|&n| n == 0));
        (bare && nothing_to_drop).then_some(ChessEnd::BareKings)
    }

    /// The game's end, if it is over. Checkmate and stalemate come first: a move that mates on
    /// the hundredth ply wins.
    pub fn chess_end(&mut self) -> Option<ChessEnd> {
        let mut moves = Vec::new();
        self.chess_safe_moves(&mut moves);
        if moves.is_empty() {
            return Some(if self.chess_in_check(self.side) {
                ChessEnd::Checkmate
            } else {
                ChessEnd::Stalemate
            });
        }
        self.chess_draw_by_rule()
    }
}
