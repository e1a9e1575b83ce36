//! make / unmake for the 12x8 game. Its moves touch the board in many shapes (pairs dropped,
//! Golems born and moved, explosions, teleports, swaps with promotion), so `make` writes each
//! change it makes to a journal, and `unmake` replays the journal backwards and restores the
//! state: every kind of move is undone exactly by the same few lines.

use super::*;
use crate::moves::{Move, MoveKind};
use crate::position::make::VictimCells;
use crate::position::{Position, Undo};

/// One change to the board, as `unmake` must reverse it.
#[derive(Clone, Copy, Debug)]
pub enum Journal {
    Added(u16),
    Removed(u16, Code),
    Moved(u16, u16),
    Retyped(u16, Code),
}

impl Position {
    fn j_add(&mut self, sq: Square, code: Code) {
        self.chess.count(code, 1);
        self.add(sq.cell(), code);
        self.journal.push(Journal::Added(sq.cell() as u16));
    }
    fn j_remove(&mut self, sq: Square) -> Code {
        let code = self.remove(sq.cell());
        self.chess.count(code, -1);
        self.journal.push(Journal::Removed(sq.cell() as u16, code));
        code
    }
    fn j_move(&mut self, from: Square, to: Square) {
        self.relocate(from.cell(), to.cell());
        self.journal
            .push(Journal::Moved(from.cell() as u16, to.cell() as u16));
    }
    fn j_retype(&mut self, sq: Square, code: Code) {
        let old = self.board[sq.cell()];
        self.chess.count(old, -1);
        self.chess.count(code, 1);
        self.retype(sq.cell(), code);
        self.journal.push(Journal::Retyped(sq.cell() as u16, old));
    }

    /// Removes the piece on `sq` as captured by `captor`: a Golem loses its other part too, an
    /// enemy Assassin goes to the captor's hand.
    fn take(&mut self, sq: Square, captor: Color) {
        let c = self.board[sq.cell()];
        if !is_piece(c) {
            return; // already gone with its Golem partner
        }
        self.j_remove(sq);
        let (kind, color) = (kind_of(c), color_of(c));
        if is_golem(kind) {
            let (dx, dy) = golem_partner(kind);
            if let Some(p) = shifted(sq, dx, dy)
                && self.board[p.cell()] == code(golem_kind(-dx, -dy), color)
            {
                self.j_remove(p);
            }
        }
        if color != captor
            && let Some(drops) = self.layer_drops()
            && drops.captures_to_hand.contains(PieceKind(kind))
            && let Some(slot) = drops.slot(PieceKind(kind))
        {
            let n = &mut self.chess.hands[captor.index()][slot];
            *n = n.saturating_add(1);
        }
    }

    /// The squares whose pieces `m` removes, read before the move: its captures, and every
    /// non-royal piece a Thunder destroys (a Golem's second part is removed with the first by
    /// `make`, and listed here only if it stands among them).
    pub(crate) fn chess_victims(&self, m: Move) -> VictimCells {
        let mut out = VictimCells::new();
        let from_code = self.board[m.from.cell()];
        let us = self.side;
        match m.kind {
            MoveKind::Normal => {
                if is_piece(self.board[m.to.cell()]) && m.to != m.from {
                    out.push(m.to.cell());
                }
                let kind = kind_of(from_code);
                if is_halfling(kind) && !m.is_declining() {
                    self.halfling_victims(kind, m.from, m.to, &mut |s| out.push(s.cell()));
                }
                if m.promotion() == Some(PieceKind(THUNDER)) {
                    self.explosion_victims(Square(m.aux[0]), Some(m.from), &mut out);
                }
            }
            MoveKind::Igui => out.push(m.to.cell()),
            MoveKind::EnPassant => out.push(Square(m.aux[0]).cell()),
            MoveKind::ShootPassing
                if m.aux[0] != NO_SQUARE && is_piece(self.board[Square(m.aux[0]).cell()]) =>
            {
                out.push(Square(m.aux[0]).cell());
            }
            MoveKind::Golem => {
                for s in [m.to, Square(m.aux[1])] {
                    let c = self.board[s.cell()];
                    if is_piece(c) && color_of(c) != us {
                        out.push(s.cell());
                    }
                }
            }
            MoveKind::Drop if m.promotion() == Some(PieceKind(THUNDER)) => {
                self.explosion_victims(m.to, None, &mut out);
            }
            _ => {}
        }
        out
    }

    /// Every non-royal piece on `centre` and around it, but the exploding Pawn's own square.
    fn explosion_victims(&self, centre: Square, except: Option<Square>, out: &mut VictimCells) {
        for dy in -1..=1 {
            for dx in -1..=1 {
                if let Some(s) = shifted(centre, dx, dy) {
                    let c = self.board[s.cell()];
                    if is_piece(c) && kind_of(c) != KING && Some(s) != except {
                        out.push(s.cell());
                    }
                }
            }
        }
    }

    pub(crate) fn make_chess(&mut self, m: Move) {
        let before = self.chess;
        self.chess_undo.push((before, self.journal.len() as u32));
        let moved = self.board[m.from.cell()];
        self.undo.push(Undo {
            mv: m,
            null: false,
            moved,
            removed_start: self.removed.len() as u32,
            after_start: 0,
            mid_turn_before: 0,
            pushed: 0,
        });
        let us = self.side;
        let mover_kind = if m.kind == MoveKind::Drop {
            m.promotion().map_or(0, |k| k.0)
        } else {
            kind_of(moved)
        };
        let passed = if m.kind == MoveKind::Normal {
            self.passed_squares(m, mover_kind)
        } else {
            0
        };
        let victims = self.chess_victims(m);
        let mut reversible_captures = true;
        for &cell in victims.as_slice() {
            let sq = Square::from_cell(cell as usize);
            let c = self.board[cell as usize];
            // A type that changes hands when taken (the Assassin) may come back.
            let returns = |c| {
                color_of(c) != us
                    && (self.layer_drops())
                        .is_some_and(|d| d.captures_to_hand.contains(PieceKind(kind_of(c))))
            };
            if is_piece(c) && !returns(c) {
                reversible_captures = false;
            }
            self.take(sq, us);
        }
        let mut ep_target = m.to;
        match m.kind {
            MoveKind::Normal => match m.promotion().map(|k| k.0) {
                None => self.j_move(m.from, m.to),
                Some(ASSASSIN) => {
                    self.j_remove(m.from);
                    self.j_add(Square(m.aux[0]), code(ASSASSIN, us));
                    ep_target = Square(m.aux[0]);
                }
                Some(THUNDER) => {
                    if is_piece(self.board[m.from.cell()]) {
                        self.j_remove(m.from);
                    }
                    ep_target = Square(NO_SQUARE);
                }
                Some(part) if is_golem(part) => {
                    self.j_remove(m.from);
                    self.j_add(m.to, code(part, us));
                    let (dx, dy) = golem_partner(part);
                    self.j_add(m.from, code(golem_kind(-dx, -dy), us));
                }
                Some(kind) => {
                    self.j_move(m.from, m.to);
                    self.j_retype(m.to, code(kind, us));
                }
            },
            MoveKind::Swap => {
                let other = self.j_remove(m.to);
                self.j_move(m.from, m.to);
                self.j_add(m.from, other);
                if let Some(kind) = m.promotion() {
                    self.j_retype(m.from, code(kind.0, us.other()));
                }
            }
            MoveKind::EnPassant => self.j_move(m.from, m.to),
            MoveKind::Castle => {
                self.j_move(m.from, m.to);
                self.j_move(Square(m.aux[0]), Square(m.aux[1]));
            }
            MoveKind::Flip => {
                if let Some(kind) = m.promotion() {
                    self.j_retype(m.from, code(kind.0, us));
                }
            }
            MoveKind::Golem => {
                let (a0, b0, a, b) = (m.from, Square(m.aux[0]), m.to, Square(m.aux[1]));
                self.j_remove(a0);
                self.j_remove(b0);
                let (dx, dy) = (
                    b.file() as i8 - a.file() as i8,
                    b.rank() as i8 - a.rank() as i8,
                );
                self.j_add(a, code(golem_kind(dx, dy), us));
                self.j_add(b, code(golem_kind(-dx, -dy), us));
            }
            MoveKind::Drop => {
                let kind = mover_kind;
                if let Some(slot) = hand_slot(kind) {
                    let n = 1 + m.pair_square().is_some() as u8;
                    let h = &mut self.chess.hands[us.index()][slot];
                    *h = h.saturating_sub(n);
                }
                if kind != THUNDER {
                    self.j_add(m.to, code(kind, us));
                    if let Some(second) = m.pair_square() {
                        self.j_add(second, code(kind, us));
                    }
                }
            }
            _ => {} // shots and passes move nothing
        }
        let dropped_for_good = m.kind == MoveKind::Drop && mover_kind != ASSASSIN;
        // A shot resets the counter even when its target is gone (a Thunder that exploded).
        let resets = !victims.as_slice().is_empty()
            || mover_kind == PAWN && m.kind != MoveKind::Swap
            || matches!(m.kind, MoveKind::Drop | MoveKind::ShootPassing);
        self.chess.halfmove = if resets {
            0
        } else {
            self.chess.halfmove.saturating_add(1)
        };
        // Only a King's own move (castling included) or a swap moves a King.
        self.update_rights(mover_kind == KING || m.kind == MoveKind::Swap);
        self.side = us.other();
        self.set_en_passant(
            passed,
            ep_target,
            mover_kind == PAWN && m.promotion().is_none() && self.pawns_take_en_passant(),
        );
        self.hash ^= before.key_change(&self.chess) ^ self.variant.side_key();
        let s = &self.chess;
        let irreversible = !reversible_captures
            || m.promotion().is_some()
                && !matches!(m.kind, MoveKind::Flip | MoveKind::Drop)
                && !is_cannon(mover_kind)
            || dropped_for_good
            || s.castle != before.castle
            || s.kings_moved != before.kings_moved
            || s.drops_closed != before.drops_closed;
        self.push_history(irreversible);
    }

    /// Castling rights follow the pieces on their squares (looked at when the move changed one
    /// of those squares); the Kings' "has moved" and "has reached the eighth row" flags only
    /// ever switch on (looked at when a King may have moved).
    fn update_rights(&mut self, king_may_have_moved: bool) {
        if self.chess.castle != 0 {
            let start = self
                .chess_undo
                .last()
                .map_or(0, |&(_, start)| start as usize);
            let spoiled = |cell: u16| self.variant.castle_spoilers(cell as usize);
            let touched = (self.journal[start..].iter()).fold(0, |bits, j| {
                bits | match *j {
                    Journal::Added(c) | Journal::Removed(c, _) | Journal::Retyped(c, _) => {
                        spoiled(c)
                    }
                    Journal::Moved(a, b) => spoiled(a) | spoiled(b),
                }
            });
            if self.chess.castle & touched != 0 {
                self.chess.castle &= self.castlings_in_place();
            }
        }
        if !king_may_have_moved || self.chess.kings_moved == 3 && self.chess.drops_closed {
            return;
        }
        for color in Color::BOTH {
            if let Some(k) = self.king_square(color) {
                if k != self.variant.king_homes[color.index()] {
                    self.chess.kings_moved |= 1 << color.index();
                }
                if k.rank() == last_rank(color) {
                    self.chess.drops_closed = true;
                }
            }
        }
    }

    /// The squares the mover of `m` travels over (docs/rules/larger-board.md, "En passant
    /// shot"), read before the move, as bits by `Square.0`.
    fn passed_squares(&self, m: Move, kind: u8) -> u128 {
        if m.is_declining() {
            return 0; // a bewitched step
        }
        let between = |from: Square, to: Square| {
            let dx = (to.file() as i8 - from.file() as i8).signum();
            let dy = (to.rank() as i8 - from.rank() as i8).signum();
            let mut bits = 0u128;
            let mut s = from;
            loop {
                s = Square::new((s.file() as i8 + dx) as u8, (s.rank() as i8 + dy) as u8);
                if s == to {
                    return bits;
                }
                bits |= 1 << s.0;
            }
        };
        match kind {
            _ if is_table_type(kind) => self.ridden_squares(m),
            LEAPER | PINCER | ADVANCER | WITHDRAWER => between(m.from, m.to),
            CANNON_ROOK | CANNON_BISHOP => {
                let all = between(m.from, m.to);
                if self.board[m.to.cell()] == EMPTY {
                    all
                } else {
                    // A capture: only the squares before the screen.
                    let screen = (0..128)
                        .filter(|&i| all >> i & 1 == 1)
                        .map(|i| Square(i as u8))
                        .find(|s| self.board[s.cell()] != EMPTY);
                    screen.map_or(0, |s| between(m.from, s))
                }
            }
            PAWN => match m.promotion().map(|k| k.0) {
                Some(ASSASSIN | THUNDER) => 1 << m.to.0,
                _ if m.from.file() == m.to.file() => between(m.from, m.to),
                _ => 0,
            },
            _ => 0,
        }
    }

    /// The squares a type that moves by its Betza table passed on `m`: those before its
    /// destination along the ride that took it there (none for a leap or a one-step ride).
    fn ridden_squares(&self, m: Move) -> u128 {
        let cp = self.variant().compiled(self.board[m.from.cell()]);
        let diff = m.to.cell() as isize - m.from.cell() as isize;
        for ride in &cp.rides {
            let (step, n) = (ride.step, diff / ride.step);
            let reaches = diff % step == 0 && n >= (ride.min as isize).max(2);
            if !reaches || (ride.max != 0 && n > ride.max as isize) {
                continue; // not this ride, or a single step that passes nothing
            }
            let path = (1..n).map(|i| m.from.cell().wrapping_add_signed(step * i));
            if path.clone().all(|cell| self.board[cell] == EMPTY) {
                return path.fold(0, |bits, cell| bits | 1 << Square::from_cell(cell).0);
            }
        }
        0
    }

    /// Whether the Pawns take each other en passant (the file's `en_passant` on the Pawn).
    pub(super) fn pawns_take_en_passant(&self) -> bool {
        (self.variant.chess_piece(code(PAWN, Color::Blue)).pawn).is_some_and(|p| p.en_passant)
    }

    /// Records the squares the last mover passed if the side now to move can use them.
    fn set_en_passant(&mut self, passed: u128, target: Square, pawn_advance: bool) {
        self.chess.ep_passed = 0;
        self.chess.ep_target = NO_SQUARE;
        if passed == 0 {
            return;
        }
        let them = self.side;
        let squares = || SquareBits(passed);
        let assassin = code(ASSASSIN, them);
        let pawn = code(PAWN, them);
        let usable = squares().any(|s| {
            DIRECTIONS.iter().any(|&(dx, dy)| {
                shifted(s, dx, dy)
                    .is_some_and(|a| self.board[a.cell()] == assassin && !self.bewitched(a, them))
            }) || pawn_advance
                && [-1, 1].iter().any(|&dx| {
                    shifted(s, dx, -forward(them))
                        .is_some_and(|p| self.board[p.cell()] == pawn && !self.bewitched(p, them))
                })
        });
        if usable {
            self.chess.ep_passed = passed;
            self.chess.ep_target = target.0;
        }
    }

    pub(crate) fn unmake_chess(&mut self) {
        let Some(u) = self.undo.pop() else { return };
        self.history.pop();
        let (state, start) = self.chess_undo.pop().expect("pushed by make");
        if !u.null {
            while self.journal.len() > start as usize {
                match self.journal.pop().expect("journal entry") {
                    Journal::Added(cell) => {
                        self.remove(cell as usize);
                    }
                    Journal::Removed(cell, code) => self.add(cell as usize, code),
                    Journal::Moved(from, to) => self.relocate(to as usize, from as usize),
                    Journal::Retyped(cell, old) => self.retype(cell as usize, old),
                }
            }
        }
        self.chess = state;
        self.side = self.side.other();
        self.hash = self.history.last().expect("initial position").key;
    }

    /// The search's null move: the turn passes, en passant rights lapse.
    pub(crate) fn make_null_chess(&mut self) {
        let before = self.chess;
        self.chess_undo.push((before, self.journal.len() as u32));
        self.undo.push(Undo {
            mv: Move::normal(Square(0), Square(0)),
            null: true,
            moved: EMPTY,
            removed_start: self.removed.len() as u32,
            after_start: 0,
            mid_turn_before: 0,
            pushed: 0,
        });
        self.chess.ep_passed = 0;
        self.chess.ep_target = NO_SQUARE;
        self.side = self.side.other();
        self.hash ^= before.key_change(&self.chess) ^ self.variant.side_key();
        self.push_history(true);
    }
}

/// The squares of a bit set by `Square.0`, lowest first.
struct SquareBits(u128);

impl Iterator for SquareBits {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square(i as u8))
    }
}
