//! What makes a 12x8 position playable beyond its squares: one King a side, whole Golems, no
//! Pawn on its last rank, no Thunder on the board, hands of whole pairs, state that agrees with
//! the board, and the side that has just moved not in check.

use super::*;
use crate::position::{Position, PositionError};

impl Position {
    pub(crate) fn validate_chess(&self) -> Result<(), PositionError> {
        let v = self.variant;
        let fail = |text: String| Err(PositionError::Illegal(text));
        for color in Color::BOTH {
            let kings = self
                .side_pieces(color)
                .filter(|(p, _)| p.kind.0 == self.layer_kinds().king)
                .count();
            if kings != 1 {
                return fail(format!(
                    "{} has {kings} Kings; the game needs exactly one each",
                    v.side_title(color)
                ));
            }
        }
        for (color, kind, sq) in self.pieces() {
            let name = || {
                format!(
                    "{} {} on {}",
                    v.side_title(color),
                    v.spec(kind).name,
                    v.square_name(sq)
                )
            };
            let kinds = self.layer_kinds();
            match kinds.role(kind.0) {
                Role::Thunder => {
                    return fail(format!("{}: a Thunder never stands on the board", name()));
                }
                Role::Pawn if sq.rank() == last_rank(self.geometry(), color) => {
                    return fail(format!("{}: a Pawn on its last rank has promoted", name()));
                }
                Role::Golem(part) => {
                    let (dx, dy) = part.toward_partner();
                    let partner = code(golem_kind(kinds, -dx, -dy), color);
                    if self
                        .geometry()
                        .shifted(sq, dx, dy)
                        .is_none_or(|p| self.board[p.cell()] != partner)
                    {
                        return fail(format!("{}: its other part is missing", name()));
                    }
                }
                _ => {}
            }
        }
        let s = &self.chess;
        for color in Color::BOTH {
            let hand = &s.hands[color.index()];
            let drops = v.rules.drops.as_ref();
            for (slot, kind) in drops.map_or(&[][..], |d| d.kinds()).iter().enumerate() {
                let pairs = drops.is_some_and(|d| d.in_pairs(slot));
                let n = hand[slot];
                if pairs && n != 0 && n != 2 {
                    return fail(format!(
                        "{} holds {} {} in hand; they are dropped in pairs (0 or 2)",
                        v.side_title(color),
                        n,
                        v.spec(*kind).name
                    ));
                }
                if Some(kind.0) == self.layer_kinds().thunder && n > 1 {
                    return fail(format!(
                        "{} holds {n} Thunders; there is one",
                        v.side_title(color),
                    ));
                }
            }
            let king = self
                .king_square(color)
                .expect("one King each, checked above");
            let home = v.king_homes[color.index()];
            if king != home && !s.king_moved(color) {
                return fail(format!(
                    "the {} King is not on its starting square, so it has moved (kings=)",
                    v.side_title(color)
                ));
            }
            if king.rank() == last_rank(self.geometry(), color) && !s.drops_closed {
                return fail(format!(
                    "the {} King stands on its eighth row, so drops are closed (drops=closed)",
                    v.side_title(color)
                ));
            }
        }
        let missing = s.castle & !self.castlings_in_place();
        if missing != 0 {
            return fail(format!(
                "castling right {} needs the King and Rook on their squares",
                (v.chess_rules.as_ref())
                    .and_then(|r| r.castlings.get(missing.trailing_zeros() as usize))
                    .map_or('?', |c| c.letter())
            ));
        }
        if !s.ep_passed.is_empty() {
            let off = s.ep_passed.iter().any(|sq| !v.geometry.is_on_board(sq));
            let target_ok = s.ep_target == NO_SQUARE || {
                let t = Square(s.ep_target);
                v.geometry.is_on_board(t)
                    && is_piece(self.board[t.cell()])
                    && color_of(self.board[t.cell()]) != self.side
            };
            if off || !target_ok {
                return fail("en passant: the passed squares must be on the board and the target a piece of the side that has just moved".to_string());
            }
        }
        if let Some(most) = v.fifty_move_plies()
            && s.halfmove > most
        {
            return fail(format!(
                "halfmove {} is past the fifty-move draw ({most})",
                s.halfmove
            ));
        }
        if self.royal_in_check(self.side.other()) {
            return fail(format!(
                "{} is in check with {} to move",
                v.side_title(self.side.other()),
                v.side_title(self.side)
            ));
        }
        Ok(())
    }

    /// The castling rights (bit `i` for the file's castling `i`) whose King stands on its square
    /// with a piece of its side on the Rook's (the general rule's partner: `position/rights.rs`):
    /// those a game starts with from an array, and those that survive a move, whatever took the
    /// King or the Rook away (a swap, a baroque capture, an explosion).
    pub(in crate::position) fn castlings_in_place(&self) -> u8 {
        let Some(rules) = &self.variant.chess_rules else {
            return 0;
        };
        let at = |sq: Square| self.board[sq.cell()];
        let king = self.layer_kinds().king;
        (rules.castlings.iter().enumerate())
            .filter(|(_, c)| {
                let partner = at(c.rook_from);
                at(c.king_from) == code(king, c.color)
                    && is_piece(partner)
                    && color_of(partner) == c.color
            })
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }
}
