//! The state a game with `chess_rules` keeps beyond the board, in `ChessState`: the castling
//! rights (bit `i` for the variant's castling `i`), the last multi-step advance that may be taken
//! en passant (`ep_from` -> `ep_target`), and the plies since the last capture or pawn move.
//! Kept by `make`, undone by `unmake`, hashed with its own keys.

use super::{ChessState, NO_SQUARE, Position, PositionError};
use crate::drop_rules::{DropRules, MAX_IN_HAND};
use crate::geometry::{Color, Square, SquareSet};
use crate::moves::{Move, MoveKind};
use crate::piece::{Code, EMPTY, OFFBOARD, Piece, code_color_index};

/// Where each part of the state finds its keys in `KEYS`.
const CASTLE: usize = 0;
const EP_TARGET: usize = 8;
const EP_FROM: usize = EP_TARGET + 256;
/// A key per (side, hand slot, count): counts up to `MAX_IN_HAND`.
const HAND: usize = EP_FROM + 256;
const HAND_COUNTS: usize = crate::drop_rules::MAX_IN_HAND as usize + 1;
/// A key per side whose royal piece has moved, and one for drops closed (`DropRules::watches_royals`).
const KINGS_MOVED: usize = HAND + 2 * crate::drop_rules::HAND_SLOTS * HAND_COUNTS;
const DROPS_CLOSED: usize = KINGS_MOVED + 2;
/// A key per square (`Square.0`) the last mover passed, in the 12x8 layer's game (`ep_passed`):
/// the last part of `KEYS`, so that its second 128 keys (for boards of more than eight ranks)
/// changed no other key.
const PASSED: usize = DROPS_CLOSED + 1;
const LEN: usize = PASSED + 256;

/// The state's Zobrist keys, from a fixed seed (SplitMix64), distinct from the piece keys.
static KEYS: [u64; LEN] = {
    let mut keys = [0u64; LEN];
    let mut state: u64 = 0x5269_6768_7473_u64; // "Rights"
    let mut i = 0;
    while i < LEN {
        keys[i] = crate::random::mix(state);
        state = state.wrapping_add(crate::random::GOLDEN);
        i += 1;
    }
    keys
};

/// The hash of the rights in `state`.
pub(super) fn rights_key(state: &ChessState) -> u64 {
    let mut h = 0;
    for bit in 0..8 {
        if state.castle >> bit & 1 == 1 {
            h ^= KEYS[CASTLE + bit];
        }
    }
    if state.ep_target != NO_SQUARE {
        h ^= KEYS[EP_TARGET + state.ep_target as usize] ^ KEYS[EP_FROM + state.ep_from as usize];
    }
    for sq in state.ep_passed.iter() {
        h ^= KEYS[PASSED + sq.0 as usize];
    }
    for (side, hand) in state.hands.iter().enumerate() {
        for (slot, &n) in hand.iter().enumerate() {
            if n > 0 {
                let n = (n as usize).min(HAND_COUNTS - 1);
                h ^= KEYS[HAND + (side * crate::drop_rules::HAND_SLOTS + slot) * HAND_COUNTS + n];
            }
        }
    }
    for side in 0..2 {
        if state.kings_moved >> side & 1 == 1 {
            h ^= KEYS[KINGS_MOVED + side];
        }
    }
    if state.drops_closed {
        h ^= KEYS[DROPS_CLOSED];
    }
    h
}

impl Position {
    /// The state beyond the board (rights, en passant, counters) of a game with `chess_rules` or
    /// the 12x8 game; empty otherwise.
    #[inline]
    pub(crate) fn state(&self) -> &ChessState {
        &self.chess
    }

    /// The rights at the start of a game: each castling whose King and Rook stand on their
    /// squares.
    pub(super) fn initial_rights(&self) -> ChessState {
        let mut state = ChessState::empty();
        state.castle = self.possible_castle_bits();
        if let Some(drops) = &self.variant.rules.drops {
            state.hands = drops.initial;
        }
        state
    }

    /// The castlings whose King and Rook stand on their starting squares.
    fn possible_castle_bits(&self) -> u8 {
        let Some(rules) = &self.variant.chess_rules else {
            return 0;
        };
        let mut bits = 0;
        for (i, c) in rules.castlings.iter().enumerate() {
            let own = |sq: Square| {
                let code = self.board[sq.cell()];
                code != EMPTY && code != OFFBOARD && code_color_index(code) == c.color.index()
            };
            if own(c.king_from)
                && self.variant.is_royal(self.board[c.king_from.cell()])
                && own(c.rook_from)
            {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// Checks a set-up state against the board: each castling right needs its King and Rook in
    /// place; an en passant pawn must stand where its advance ended, past empty squares.
    pub(super) fn validate_rights(&self) -> Result<(), PositionError> {
        let extra = self.chess.castle & !self.possible_castle_bits();
        if extra != 0 {
            return Err(PositionError::Illegal(
                "a castling right whose King or Rook is not on its square".to_string(),
            ));
        }
        if self.chess.ep_target != NO_SQUARE {
            let target = Square(self.chess.ep_target);
            let from = Square(self.chess.ep_from);
            let geometry = &self.variant.geometry;
            let code = self.board[target.cell()];
            let ok = geometry.is_on_board(target)
                && geometry.is_on_board(from)
                && code != EMPTY
                && code != OFFBOARD
                && code_color_index(code) != self.side.index()
                && self
                    .variant
                    .chess_piece(code)
                    .pawn
                    .is_some_and(|p| p.en_passant)
                && self.board[from.cell()] == EMPTY
                && from.file() == target.file()
                && from.rank().abs_diff(target.rank()) >= 2;
            if !ok {
                return Err(PositionError::Illegal(
                    "the en passant square is not one an enemy pawn has just passed".to_string(),
                ));
            }
        }
        Ok(())
    }

    /// After `m`'s pieces have moved (`moved` is the mover's code before the move, `before` the
    /// state as the move found it (its hands may have changed since), `captured` whether it
    /// removed anything, `passed` the squares it travelled over in the 12x8 layer's
    /// game): the new rights, with the hash updated.
    #[inline(never)]
    pub(super) fn update_chess_rights(
        &mut self,
        m: Move,
        moved: Code,
        before: &ChessState,
        captured: bool,
        passed: SquareSet,
    ) {
        let v = self.variant;
        let cp = v.chess_piece(moved);
        self.chess.castle &= !(v.castle_spoilers(m.from.cell()) | v.castle_spoilers(m.to.cell()));
        self.chess.ep_target = NO_SQUARE;
        self.chess.ep_from = NO_SQUARE;
        if v.powers {
            // The layer's en passant (its Assassins shoot any mover on the squares it passed)
            // and counter.
            self.layer_rights(m, moved, captured, passed);
        } else if let Some(pawn) = cp.pawn
            && pawn.en_passant
            && m.kind == MoveKind::Normal
            && m.from.file() == m.to.file()
            && m.from.rank().abs_diff(m.to.rank()) >= 2
            && self.en_passant_threat(m)
        {
            self.chess.ep_target = m.to.0;
            self.chess.ep_from = m.from.0;
        }
        if !v.powers {
            self.chess.halfmove = if captured || cp.pawn.is_some() {
                0
            } else {
                self.chess.halfmove.saturating_add(1)
            };
        }
        // A royal piece moves by its own move or by another's that moves two pieces.
        let royal_may_have_moved = v.is_royal(moved)
            || matches!(
                m.kind,
                MoveKind::Swap | MoveKind::Push | MoveKind::Pull | MoveKind::Repel
            );
        if let Some(drops) = &v.rules.drops
            && drops.watches_royals()
            && royal_may_have_moved
        {
            self.watch_royals();
        }
        let s = &self.chess;
        if (before.castle, before.ep_target, before.hands) != (s.castle, s.ep_target, s.hands)
            || before.ep_passed != s.ep_passed
            || (before.kings_moved, before.drops_closed) != (s.kings_moved, s.drops_closed)
        {
            self.hash ^= rights_key(before) ^ rights_key(&self.chess);
        }
    }

    /// For drops that wait on the royal pieces: notes each side whose royal piece has left its
    /// starting square, and closes drops when one stands on its last rank (both only ever switch
    /// on).
    pub(super) fn watch_royals(&mut self) {
        if self.chess.kings_moved == 3 && self.chess.drops_closed {
            return; // nothing left to switch on
        }
        let last = self.variant.geometry.height - 1;
        for color in Color::BOTH {
            if let Some(royal) = self.lone_royal(color) {
                if royal != self.variant.king_homes[color.index()] {
                    self.chess.kings_moved |= 1 << color.index();
                }
                if self.relative_rank(color, royal.cell()) == last {
                    self.chess.drops_closed = true;
                }
            }
        }
    }

    /// The square of `color`'s royal piece, when it has exactly one.
    pub(crate) fn lone_royal(&self, color: Color) -> Option<Square> {
        let mut found = None;
        for &cell in self.side_cells(color) {
            if self.variant.is_royal(self.board[cell as usize]) {
                if found.is_some() {
                    return None;
                }
                found = Some(Square::from_cell(cell as usize));
            }
        }
        found
    }

    /// Keeps the hands of a game with drops, in `make` after `m`'s victims were removed (recorded
    /// in `removed` from `removed_start`): a drop leaves its hand, and where captured pieces join
    /// the captor's hand, each enemy piece removed does so as the type it was promoted from.
    /// (The hash follows in `update_chess_rights`.)
    #[inline(never)]
    pub(super) fn keep_hands(&mut self, drops: &DropRules, m: Move, removed_start: usize) {
        let us = self.side.index();
        if m.kind == MoveKind::Drop
            && let Some(slot) = m.promotion().and_then(|k| drops.slot(k))
        {
            let dropped = 1 + m.pair_square().is_some() as u8;
            let n = &mut self.chess.hands[us][slot];
            *n = n.saturating_sub(dropped);
        }
        if !drops.captures_to_hand.is_empty() {
            for i in removed_start..self.removed.len() {
                let code = self.removed[i].1;
                if code_color_index(code) == us {
                    continue;
                }
                let kind = self.variant.unpromoted(Piece::from_code(code).kind);
                if !drops.captures_to_hand.contains(kind) {
                    continue;
                }
                if let Some(slot) = drops.slot(kind) {
                    let n = &mut self.chess.hands[us][slot];
                    *n = (*n + 1).min(MAX_IN_HAND);
                }
            }
        }
    }

    /// Whether, after the multi-step advance `m`, an enemy pawn could take it en passant: one
    /// that captures onto a passed square (so that a position's identity changes only when the
    /// right is real, as the repetition rule wants).
    fn en_passant_threat(&self, m: Move) -> bool {
        let them = self.side.other();
        let step = crate::geometry::unit_step(m.from, m.to);
        let mut passed = m.from.cell().wrapping_add_signed(step);
        while passed != m.to.cell() {
            for &cell in &self.list[them.index()][..self.count[them.index()] as usize] {
                if self.takes_en_passant_onto(cell as usize, passed) {
                    return true;
                }
            }
            passed = passed.wrapping_add_signed(step);
        }
        false
    }

    /// Whether the piece on `cell` is a pawn that takes en passant and has a capturing leap onto
    /// `passed`: the right's test (the capture itself is listed by `movegen/pawns.rs`).
    #[inline]
    fn takes_en_passant_onto(&self, cell: usize, passed: usize) -> bool {
        let code = self.board[cell];
        self.variant
            .chess_piece(code)
            .pawn
            .is_some_and(|p| p.en_passant)
            && (self.variant.compiled(code).leaps.iter())
                .any(|&(off, mode)| mode.can_capture() && cell.wrapping_add_signed(off) == passed)
    }

    /// A draw that no move can avoid in a game with `chess_rules`: the third occurrence of a
    /// position, the fifty-move count reached, and where the game says so (the 12x8 game) bare
    /// royal pieces with nothing left to drop. `None` otherwise.
    #[inline(never)]
    pub fn draw_by_rule(&self) -> Option<crate::WinReason> {
        let rules = self.variant.chess_rules.as_ref()?;
        if rules.repetition_draws && self.occurrences() >= 3 {
            return Some(crate::WinReason::Repetition);
        }
        if rules
            .fifty_move_plies
            .is_some_and(|n| self.chess.halfmove >= n)
        {
            return Some(crate::WinReason::FiftyMoves);
        }
        if rules.bare_royals_draw && self.bare_royals() {
            return Some(crate::WinReason::BareKings);
        }
        None
    }

    /// One piece a side, and nothing may ever be dropped again (drops that only wait for a royal
    /// piece's first move still count): `ChessRules::bare_royals_draw`'s position. The check
    /// rule keeps each side's royal piece on the board, so the one piece is it.
    fn bare_royals(&self) -> bool {
        let bare = Color::BOTH.iter().all(|&c| self.piece_count(c) == 1);
        bare && (self.chess.drops_closed
            || self.chess.hands.iter().all(|h| h.iter().all(|&n| n == 0)))
    }

    /// Whether `color` has a royal piece under attack, in a game with a check rule.
    pub fn royal_in_check(&self, color: Color) -> bool {
        self.royal_attacked(color)
    }
}
