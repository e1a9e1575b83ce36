//! The moves of the check rules' mechanisms (model: `chess_rules`): castling, the choice among
//! several promoted types, and the legal-move filter that keeps the mover's royal pieces out of
//! attack. (A pawn's advances, en passant and promotions are `movegen/pawns.rs`.)
//!
//! Legality is decided without playing the move where it cannot matter: when the mover is not in
//! check, a move of a non-royal piece that does not start on a line through a royal piece (along
//! which some enemy type rides) cannot expose it, provided every type attacks only by leaps and
//! straight rides (`Variant::plain_attacks`). In such a game a plain move or a drop that may
//! matter is tried on the board alone (`Position::test_on_board`); every other move is made and
//! the attack tested.

use super::at;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::{Code, EMPTY, OFFBOARD, Piece, code_color_index};
use crate::position::Position;
use crate::variant::CompiledPiece;

impl Position {
    /// The castlings of the royal piece on `from` (each side's `[[castling]]` entries whose
    /// King stands there): the right held, the King and Rook on their squares, the squares
    /// between each and its destination empty. Listed right after the King's own moves, by the
    /// general generator (`safe_castlings_from`) and the 12x8 layer alike (whose legal filter
    /// tests the King's way: `castling_path_safe`).
    #[inline]
    pub(crate) fn castlings_from(&self, from: usize, us: Color, out: &mut Vec<Move>) {
        let Some(rules) = &self.variant().chess_rules else {
            return;
        };
        let rights = self.state().castle;
        for (i, c) in rules.castlings.iter().enumerate() {
            if rights >> i & 1 == 1
                && c.color == us
                && c.king_from.cell() == from
                && self.castling_in_place(c)
            {
                out.push(
                    Move::new(MoveKind::Castle, c.king_from, c.king_to)
                        .with_aux(0, c.rook_from)
                        .with_aux(1, c.rook_to),
                );
            }
        }
    }

    /// `color`'s rank of `cell`, counted from its own side (0 = its first rank).
    pub(crate) fn relative_rank(&self, color: Color, cell: usize) -> u8 {
        let rank = Square::from_cell(cell).rank();
        match color {
            Color::Blue => rank,
            Color::Tan => self.variant().geometry.height - 1 - rank,
        }
    }

    /// `castlings_from`, less those whose King is in check or would pass or reach an attacked
    /// square (`castle_way_safe`): the castlings of the general check rules.
    pub(super) fn safe_castlings_from(&self, from: usize, us: Color, out: &mut Vec<Move>) {
        let start = out.len();
        self.castlings_from(from, us, out);
        let mut kept = start;
        for i in start..out.len() {
            if self.castle_way_safe(out[i]) {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether castling `c` may be played now as far as the pieces go, its right aside: the
    /// King and Rook stand on their squares and the squares between each and its destination
    /// are empty (but for the two).
    fn castling_in_place(&self, c: &crate::chess_rules::Castling) -> bool {
        let us = c.color;
        let (king, rook) = (self.cell(c.king_from.cell()), self.cell(c.rook_from.cell()));
        if king == EMPTY
            || king == OFFBOARD
            || rook == EMPTY
            || rook == OFFBOARD
            || code_color_index(king) != us.index()
            || code_color_index(rook) != us.index()
            || !self.variant().compiled(king).royal
        {
            return false;
        }
        c.must_be_empty().all(|sq| self.cell(sq.cell()) == EMPTY)
    }

    /// Whether no square of the castling King's way (`m.from` to `m.to` on its rank, both
    /// included) is attacked, the King still on its square.
    fn castle_way_safe(&self, m: Move) -> bool {
        let rank = m.from.rank();
        let (lo, hi) = (
            m.from.file().min(m.to.file()),
            m.from.file().max(m.to.file()),
        );
        let them = self.side_to_move().other();
        (lo..=hi).all(|f| !self.square_attacked(Square::new(f, rank).cell(), them))
    }

    /// The promotions under the check rules of the pieces that promote by their tables, settled
    /// once the side's moves are listed: a move of a piece with several promoted types is listed
    /// once per type it may become now (within the limits), and a move that does not promote but
    /// must is dropped. (Done here, over the list, so that the games without these rules pay
    /// nothing in the tables' hot loop. Pawns list their own: `movegen/pawns.rs`.)
    pub(super) fn settle_promotions(&self, us: Color, out: &mut Vec<Move>) {
        let v = self.variant();
        let Some(rules) = &v.chess_rules else { return };
        let mut extra = [Move::normal(Square(0), Square(0)); 128];
        let mut n = 0;
        let mut kept = 0;
        for i in 0..out.len() {
            let m = out[i];
            let code = self.cell(m.from.cell());
            let cp = v.compiled(code);
            if cp.promotes_to.is_some() && v.chess_piece(code).pawn.is_none() {
                let choices = &v.chess_piece(code).promotion_choices;
                let to = m.destination().cell();
                let zone = v.in_zone(us, m.from.cell()) || v.in_zone(us, to);
                if m.promotion().is_none()
                    && zone
                    && (!rules.promotion_optional || self.immobile(cp, to))
                {
                    continue; // must promote
                }
                if m.promotion().is_some() && !choices.is_empty() {
                    for &kind in choices {
                        let limit = rules.limit(kind);
                        if (limit == 0 || self.count_of(Piece::new(kind, us)) < limit as usize)
                            && n < extra.len()
                        {
                            extra[n] = m.with_promotion(kind);
                            n += 1;
                        }
                    }
                    continue;
                }
            }
            out[kept] = m;
            kept += 1;
        }
        out.truncate(kept);
        out.extend_from_slice(&extra[..n]);
    }

    /// Whether a piece of these powers standing on `cell` could never move again: none of its
    /// leaps or rides stays on the board (a pawn on its last rank).
    pub(super) fn immobile(&self, cp: &CompiledPiece, cell: usize) -> bool {
        let on_board = |c: usize| self.cell(c) != OFFBOARD;
        !cp.leaps.iter().any(|&(off, _)| on_board(at(cell, off)))
            && !cp.rides.iter().any(|r| on_board(at(cell, r.step)))
            && cp.bents.is_empty()
            && !cp.has_hooks
            && cp.jupiter.is_none()
    }

    /// How many pieces of this type and side stand on the board.
    pub(super) fn count_of(&self, piece: Piece) -> usize {
        let code = piece.code();
        (self.side_cells(piece.color).iter())
            .filter(|&&c| self.cell(c as usize) == code)
            .count()
    }

    /// Whether a piece of `by` attacks `target` (could capture a piece of the other side there).
    /// Table pieces are checked along the one line that could reach it; the others have their
    /// moves generated.
    pub(crate) fn square_attacked(&self, target: usize, by: Color) -> bool {
        let v = self.variant();
        if v.plain_attacks {
            return self.attacked_by_lines(target, by);
        }
        let mut scratch: Option<Vec<Move>> = None;
        for &cell in self.side_cells(by) {
            let cell = cell as usize;
            let cp = v.compiled(self.cell(cell));
            if super::attack::is_plain(cp) && cp.relay.is_none() {
                if self.plain_capture(cell, cp, target) {
                    return true;
                }
                continue;
            }
            let moves = scratch.get_or_insert_with(Vec::new);
            moves.clear();
            self.piece_moves_outlined(cell, by, moves);
            if cp.relay.is_some() {
                self.relayed_moves(cell, by, moves, 0);
            }
            if moves
                .iter()
                .any(|&m| self.victim_cells(m).as_slice().contains(&(target as u16)))
            {
                return true;
            }
        }
        false
    }

    /// `square_attacked` for a game whose types attack only by leaps and straight rides: looked
    /// up from the square along each line an attacker could use.
    #[inline]
    fn attacked_by_lines(&self, target: usize, by: Color) -> bool {
        let lines = self.variant().attack_lines(by);
        for (off, codes) in &lines.leaps {
            if codes.contains(self.cell(target.wrapping_add_signed(-off))) {
                return true;
            }
        }
        for (r, &(step, _, _)) in lines.rides.iter().enumerate() {
            let mut cell = target;
            let mut dist = 0u8;
            let code = loop {
                cell = cell.wrapping_add_signed(-step);
                dist += 1;
                let code = self.cell(cell);
                if code != EMPTY {
                    break code;
                }
            };
            if lines.rides_to(r, code, dist) {
                return true;
            }
        }
        false
    }

    /// Whether one of `color`'s royal pieces is attacked.
    pub(crate) fn royal_attacked(&self, color: Color) -> bool {
        let v = self.variant();
        (self.side_cells(color).iter()).any(|&c| {
            v.compiled(self.cell(c as usize)).royal
                && self.square_attacked(c as usize, color.other())
        })
    }

    /// What stands on `m.to` after `m` when the move changes the board there alone (and empties
    /// its start): in a game whose types all attack by plain leaps and rides, a plain move of
    /// one piece (promoting or not) or a drop of one. Its check test needs no full make.
    #[inline]
    fn plain_arrival(&self, m: Move) -> Option<Code> {
        let v = self.variant();
        if !v.plain_attacks || m.pair_square().is_some() {
            return None;
        }
        let promoted = m
            .promotion()
            .map(|k| Piece::new(k, self.side_to_move()).code());
        match m.kind {
            MoveKind::Normal if m.from != m.to => {
                Some(promoted.unwrap_or_else(|| self.cell(m.from.cell())))
            }
            MoveKind::Drop => promoted,
            _ => None,
        }
    }

    /// Removes the moves that leave one of the mover's royal pieces attacked.
    #[inline(never)]
    pub(crate) fn keep_safe_moves(&mut self, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        let them = us.other();
        let v = self.variant();
        // The royal squares, for the quick test and to find the King after a move.
        let mut royals = [0usize; 4];
        let mut royal_count = 0;
        for &c in self.side_cells(us) {
            if v.compiled(self.cell(c as usize)).royal {
                if royal_count == royals.len() {
                    royal_count += 1;
                    break;
                }
                royals[royal_count] = c as usize;
                royal_count += 1;
            }
        }
        let one_royal = royal_count == 1;
        let in_check = if one_royal {
            self.square_attacked(royals[0], them)
        } else {
            self.royal_attacked(us)
        };
        let quick = v.plain_attacks && !in_check && one_royal;
        let mut kept = 0;
        for i in 0..out.len() {
            let m = out[i];
            let from = m.from.cell();
            // A drop only adds a piece, which no leap or ride needs: it cannot expose the royal.
            let safe = if quick
                && (m.kind == MoveKind::Drop
                    || (m.kind == MoveKind::Normal
                        && from != royals[0]
                        && !v.maybe_on_line(from as isize - royals[0] as isize, them)))
            {
                true
            } else if one_royal && let Some(arriving) = self.plain_arrival(m) {
                // Only the board is read (`attacked_by_lines`): the move is tried on it alone.
                let king = if from == royals[0] {
                    m.to.cell()
                } else {
                    royals[0]
                };
                let from = (m.kind == MoveKind::Normal).then_some(from);
                self.test_on_board(from, m.to.cell(), arriving, |pos| {
                    !pos.square_attacked(king, them)
                })
            } else {
                self.make(m);
                let safe = if one_royal {
                    let king = if from == royals[0] {
                        m.to.cell()
                    } else {
                        royals[0]
                    };
                    !self.square_attacked(king, them)
                } else {
                    !self.royal_attacked(us)
                };
                self.unmake();
                safe
            };
            if safe {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}
