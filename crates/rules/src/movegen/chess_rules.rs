//! The moves of the check rules' mechanisms (model: `chess_rules`): castling and the choice among
//! several promoted types. (A pawn's advances, en passant and promotions are `movegen/pawns.rs`;
//! the check test and the legal-move filter `movegen/check.rs`.)

use super::at;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::{EMPTY, OFFBOARD, Piece, PieceKind, code_color_index};
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
            || !self.variant().is_royal(king)
        {
            return false;
        }
        c.must_be_empty().all(|sq| self.cell(sq.cell()) == EMPTY)
    }

    /// Whether no square of the castling King's way (`m.from` to `m.to` on its rank, both
    /// included) is attacked, the King still on its square.
    pub(crate) fn castle_way_safe(&self, m: Move) -> bool {
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

    /// Whether a piece of these powers arriving on `cell` of its zone may decline to promote:
    /// promotion is optional in this game and the piece could still move from there.
    pub(crate) fn may_decline_promotion(&self, cp: &CompiledPiece, cell: usize) -> bool {
        (self.variant().chess_rules.as_ref()).is_some_and(|r| r.promotion_optional)
            && !self.immobile(cp, cell)
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

    /// Whether the game's promotion limits (`[rules] promotion_limits`) let `side` promote a
    /// piece to `kind`: no limit for it, or fewer of `side`'s pieces of that type on the board.
    pub(crate) fn promotion_allowed(&self, kind: PieceKind, side: Color) -> bool {
        let limit = (self.variant().chess_rules.as_ref()).map_or(0, |r| r.limit(kind));
        limit == 0 || self.count_of(Piece::new(kind, side)) < limit as usize
    }

    /// How many pieces of this type and side stand on the board.
    fn count_of(&self, piece: Piece) -> usize {
        let code = piece.code();
        (self.side_cells(piece.color).iter())
            .filter(|&&c| self.cell(c as usize) == code)
            .count()
    }
}
