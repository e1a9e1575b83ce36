//! make / unmake. Every kind of move follows the same steps, undone in reverse by `unmake`: remove
//! the victims (read from the board before the move), move the piece(s), convert and promote; then
//! the after-effects of Jupiter's latent powers (a Kamikaze's self-capture, poison and burning,
//! decided from the board as it stood at the turn's start); then end the turn, or, after the first
//! part of a doubled turn, enter the mid-turn state.

use super::{Position, Undo, larger};
use crate::geometry::SquareSet;
use crate::geometry::{Square, unit_step};
use crate::moves::{Move, MoveKind};
use crate::piece::{EMPTY, OFFBOARD, Piece, code_color_index, latent};
use crate::position::latent::PoisonMap;

/// What the end of a turn removes, decided before the pieces move: venom for the pieces that
/// arrive on a poisonous enemy's square, burning around Fiery Dragons, or (after a doubled turn)
/// the whole map laid at the turn's start.
#[derive(Default)]
struct AfterPlan {
    /// (cell, side) pairs: a piece of `side` standing there at the end is poisoned.
    venom: [(u16, u8); 4],
    venom_len: u8,
    burn: Option<[SquareSet; 2]>,
    /// A doubled turn's map, laid at its start.
    map: Option<PoisonMap>,
    /// Squares whose piece a conversion changed this turn (never poisoned by its own poison).
    exempt: [u16; 2],
    /// The mover (Kamikaze) is removed from its destination.
    kamikaze: bool,
}

const LATENT_AFTER: u8 = latent::POISONOUS | latent::POISONER | latent::BURNS | latent::KAMIKAZE;

impl Position {
    /// Plays a move generated for this position. The move is not checked: use `legal_moves` or
    /// the notation parser to obtain moves from outside.
    #[inline]
    pub fn make(&mut self, m: Move) {
        let from = m.from.cell();
        let to = m.to.cell();
        let moved = if m.kind == MoveKind::Drop {
            Piece::new(m.promotion().expect("a drop names its type"), self.side).code()
        } else {
            self.board[from]
        };
        // Chu Shogi's counter-strike rule reads the last move: its state before this one, asked
        // before this move's record hides the last.
        let lion_trading = self.variant.rules.lion_trading.is_some();
        let strike_before = lion_trading && self.counter_strike();
        // The undo record is written in place (no copy of it at the end).
        self.undo.push(Undo {
            mv: m,
            null: false,
            moved,
            removed_start: self.removed.len() as u32,
            after_start: 0,
            mid_turn_before: self.mid_turn,
            pushed: 0,
        });
        let u = self.undo.len() - 1;
        let removed_start = self.removed.len();
        let rules = self.variant.keeps_state;
        if rules {
            self.chess_undo.push(self.chess);
        }
        // A game with the 12x8 game's powers: the squares the mover passes (its Assassins shoot
        // there), read before the move.
        let layer = self.variant.powers;
        let passed = if layer && m.kind == MoveKind::Normal {
            self.passed_squares(m, larger::kind_of(moved))
        } else {
            SquareSet::EMPTY
        };
        let latent_game = self.variant.latent & (LATENT_AFTER | latent::DOUBLER) != 0;
        let mut plan = None;
        if latent_game {
            if m.is_continuing() {
                // The first part of a doubled turn: the turn's poison is laid now, activated after
                // the second part.
                let converted = if m.kind == MoveKind::Convert {
                    m.converted().cell() as u16
                } else {
                    0
                };
                self.turn_starts.push((self.poison_map(), converted));
            } else {
                plan = Some(self.plan_after(m));
            }
        }
        let victims = self.victim_cells(m);
        if let Some(plan) = &mut plan {
            // A Kamikaze dies only with a capture of an enemy.
            plan.kamikaze &= victims
                .as_slice()
                .iter()
                .any(|&c| code_color_index(self.board[c as usize]) != code_color_index(moved));
        }
        for &cell in victims.as_slice() {
            let code = self.remove(cell as usize);
            self.removed.push((cell, code));
        }
        if let Some(drops) = &self.variant.rules.drops {
            self.keep_hands(drops, m, removed_start);
        }
        let layer_shape = self.may_have_layer_shape(m) && self.layer_make_shape(m);
        match m.kind {
            _ if layer_shape => {}
            MoveKind::Normal
            | MoveKind::Relayed
            | MoveKind::HopCapture
            | MoveKind::LineCapture
            | MoveKind::Arrival
            | MoveKind::Convert => {
                if from != to {
                    self.relocate(from, to);
                }
            }
            MoveKind::Swap => self.exchange(from, to),
            MoveKind::Push => {
                // A friend pushed off the board (1999) is among the victims, already removed.
                let step = to as isize - from as isize;
                let first = to.wrapping_add_signed(step);
                if self.board[to] == EMPTY {
                    self.undo[u].pushed = 0;
                } else if self.board[first] != EMPTY {
                    // A second friend stood behind the first: it goes on first.
                    self.relocate(first, first.wrapping_add_signed(step));
                    self.undo[u].pushed = 2;
                } else {
                    self.undo[u].pushed = 1;
                }
                if self.undo[u].pushed > 0 {
                    self.relocate(to, first);
                }
                self.relocate(from, to);
            }
            MoveKind::Pull => self.relocate(to, to.wrapping_add_signed(-unit_step(m.from, m.to))),
            MoveKind::Repel => self.relocate(to, to.wrapping_add_signed(unit_step(m.from, m.to))),
            MoveKind::Create => self.add(to, moved),
            MoveKind::Drop => {
                self.add(to, moved);
                if let Some(second) = m.pair_square() {
                    self.add(second.cell(), moved);
                }
            }
            MoveKind::EnPassant => self.relocate(from, to),
            MoveKind::Castle => self.castle(m),
            MoveKind::Igui
            | MoveKind::Pass
            | MoveKind::Suicide
            | MoveKind::Flip
            | MoveKind::ShootPassing
            | MoveKind::Golem => {}
        }
        if m.kind == MoveKind::Convert {
            self.flip_owner(m.converted().cell());
        }
        if let Some(kind) = m.promotion()
            && m.kind != MoveKind::Drop
            && !layer_shape
        {
            self.retype(m.destination().cell(), Piece::new(kind, self.side).code());
        }
        self.undo[u].after_start = (self.removed.len() - removed_start) as u8;
        if lion_trading && strike_before != self.counter_strike() {
            self.hash ^= self.variant.counter_strike_key();
        }
        if let Some(plan) = &plan {
            self.apply_after(m, plan);
        }
        let mut irreversible = self.removed.len() > removed_start
            || self.promotes_for_good(m, moved)
            || m.kind == MoveKind::Create;
        if rules {
            // The state as this move found it (`make` recorded it above).
            let before = *self.chess_undo.last().expect("recorded by make");
            let captured = self.removed.len() > removed_start;
            self.update_chess_rights(m, moved, &before, captured, passed);
            if layer {
                irreversible = self.layer_irreversible(m, moved, removed_start, &before);
            } else {
                irreversible |= m.kind == MoveKind::Castle || self.chess.halfmove == 0;
                if let Some(drops) = &self.variant.rules.drops {
                    if drops.all_captures_to_hand() {
                        // Captured pieces return as drops: only a lost castling right never
                        // comes back.
                        irreversible = m.kind == MoveKind::Castle;
                    }
                    // A royal piece's first move, or drops closing, is for good.
                    irreversible |= drops.watches_royals()
                        && (before.kings_moved, before.drops_closed)
                            != (self.chess.kings_moved, self.chess.drops_closed);
                }
            }
        }
        if self.mid_turn != 0 {
            self.hash ^= self
                .variant
                .mid_turn_key(Square::from_cell(self.mid_turn as usize));
            self.mid_turn = 0;
        }
        if m.is_continuing() {
            self.mid_turn = m.destination().cell() as u16;
            self.hash ^= self.variant.mid_turn_key(m.destination());
        } else {
            self.side = self.side.other();
            self.hash ^= self.variant.side_key();
        }
        self.push_history(irreversible);
    }

    /// The after-effects of `m` (not a first part), decided from the board before it.
    fn plan_after(&self, m: Move) -> AfterPlan {
        let mut plan = AfterPlan::default();
        let mover = self.board[m.from.cell()];
        let cp = self.variant.compiled(mover);
        plan.kamikaze = cp.latent & latent::KAMIKAZE != 0
            && match m.kind {
                MoveKind::Normal
                | MoveKind::HopCapture
                | MoveKind::LineCapture
                | MoveKind::Arrival
                | MoveKind::Igui => true,
                MoveKind::Relayed => cp.latent & latent::KAMIKAZE_RELAYED != 0,
                _ => false,
            };
        if self.mid_turn != 0 {
            // The second part: the whole map laid at the turn's start.
            let &(map, converted) = self
                .turn_starts
                .last()
                .expect("a first part laid its turn's poison");
            plan.map = Some(map);
            plan.exempt[0] = converted;
            if m.kind == MoveKind::Convert {
                plan.exempt[1] = m.converted().cell() as u16;
            }
            return plan;
        }
        plan.burn = self.burn_map();
        if !self.any_latent(latent::POISONOUS | latent::POISONER) {
            return plan;
        }
        // Venom: a piece arriving where a poisonous piece of the other side stood.
        let mut arrive = |cell: usize, side: usize| {
            let code = self.board[cell];
            if code != EMPTY
                && code != OFFBOARD
                && code_color_index(code) != side
                && self.is_poisonous(cell)
                && (plan.venom_len as usize) < plan.venom.len()
            {
                plan.venom[plan.venom_len as usize] = (cell as u16, side as u8);
                plan.venom_len += 1;
            }
        };
        let us = code_color_index(mover);
        let (from, to) = (m.from.cell(), m.to.cell());
        match m.kind {
            MoveKind::Normal
            | MoveKind::Relayed
            | MoveKind::HopCapture
            | MoveKind::LineCapture
            | MoveKind::Arrival => arrive(to, us),
            MoveKind::Convert if from != to => arrive(to, us),
            MoveKind::Swap => {
                arrive(to, us);
                arrive(from, code_color_index(self.board[to]));
            }
            MoveKind::Push => {
                let step = to as isize - from as isize;
                arrive(to, us);
                // A friend pushed off the board (1999) arrives nowhere.
                let first = to.wrapping_add_signed(step);
                if self.board[first] != OFFBOARD {
                    arrive(first, us);
                    let second = first.wrapping_add_signed(step);
                    if self.board[first] != EMPTY
                        && code_color_index(self.board[first]) == us
                        && self.board[second] != OFFBOARD
                    {
                        arrive(second, us);
                    }
                }
            }
            _ => {}
        }
        plan
    }

    /// Removes what the plan says, recording each removal in `undo` after the move's own captures.
    fn apply_after(&mut self, m: Move, plan: &AfterPlan) {
        if plan.kamikaze {
            self.take_after(m.destination().cell());
        }
        for &(cell, side) in &plan.venom[..plan.venom_len as usize] {
            self.take_if_side(cell as usize, side as usize);
        }
        if let Some(map) = &plan.map {
            for side in 0..2 {
                for sq in map.venom[side].iter() {
                    let cell = sq.cell();
                    if !plan.exempt.contains(&(cell as u16)) {
                        self.take_if_side(cell, side);
                    }
                }
            }
        }
        let burn = plan.burn.as_ref().or(plan.map.as_ref().map(|m| &m.burn));
        if let Some(burn) = burn {
            for (side, squares) in burn.iter().enumerate() {
                for sq in squares.iter() {
                    self.take_if_side(sq.cell(), side);
                }
            }
        }
    }

    /// Removes the piece on `cell` if it belongs to `side`.
    fn take_if_side(&mut self, cell: usize, side: usize) {
        let code = self.board[cell];
        if code != EMPTY && code != OFFBOARD && code_color_index(code) == side {
            self.take_after(cell);
        }
    }

    /// Castling's King and Rook (out of line: rare, and `make` stays small). The Rook leaves
    /// first: it may land where the King stood.
    #[inline(never)]
    fn castle(&mut self, m: Move) {
        let rook = self.remove(Square(m.aux[0]).cell());
        self.relocate(m.from.cell(), m.to.cell());
        self.add(Square(m.aux[1]).cell(), rook);
    }

    #[inline(never)]
    fn uncastle(&mut self, m: Move) {
        let rook = self.remove(Square(m.aux[1]).cell());
        self.relocate(m.to.cell(), m.from.cell());
        self.add(Square(m.aux[0]).cell(), rook);
    }

    /// Removes the piece on `cell` after the move, recording it for `unmake`.
    fn take_after(&mut self, cell: usize) {
        if self.board[cell] != EMPTY {
            let code = self.remove(cell);
            self.removed.push((cell as u16, code));
        }
    }

    /// The pieces on `a` (the mover) and `b` change places.
    pub(super) fn exchange(&mut self, a: usize, b: usize) {
        let other = self.remove(b);
        self.relocate(a, b);
        self.add(a, other);
    }

    /// The piece on `cell` changes owner, keeping its type (royal counts follow it).
    fn flip_owner(&mut self, cell: usize) {
        let p = Piece::from_code(self.remove(cell));
        self.add(cell, Piece::new(p.kind, p.color.other()).code());
    }

    /// Passes the turn without moving: the search's null move. Not a move of any game; undone by
    /// `unmake`. The position after it starts a fresh repetition window. Not for the middle of a
    /// doubled turn.
    pub fn make_null(&mut self) {
        debug_assert_eq!(self.mid_turn, 0, "no null move in the middle of a turn");
        // A pass is no capture: the counter-strike rule no longer binds after it.
        if self.counter_strike() {
            self.hash ^= self.variant.counter_strike_key();
        }
        let m = Move::normal(Square(0), Square(0));
        self.undo.push(Undo {
            mv: m,
            null: true,
            moved: EMPTY,
            removed_start: self.removed.len() as u32,
            after_start: 0,
            mid_turn_before: self.mid_turn,
            pushed: 0,
        });
        if self.variant.keeps_state {
            self.chess_undo.push(self.chess);
            let before = super::rights::rights_key(&self.chess);
            self.chess.ep_target = super::NO_SQUARE;
            self.chess.ep_from = super::NO_SQUARE;
            self.chess.ep_passed = SquareSet::EMPTY;
            self.hash ^= before ^ super::rights::rights_key(&self.chess);
        }
        self.side = self.side.other();
        self.hash ^= self.variant.side_key();
        self.push_history(true);
    }

    /// The last move of the game or search path, if it was not a null move: the mover's code
    /// before it, and the pieces its own captures removed (cell, code), in removal order.
    pub(crate) fn last_move_captures(
        &self,
    ) -> Option<(crate::piece::Code, &[(u16, crate::piece::Code)])> {
        let u = self.undo.last().filter(|u| !u.null)?;
        let start = u.removed_start as usize;
        let own = (start + u.after_start as usize).min(self.removed.len());
        Some((u.moved, &self.removed[start..own]))
    }

    /// Takes back the last move made. Does nothing if no move was made.
    #[inline]
    pub fn unmake(&mut self) {
        let Some(u) = self.undo.pop() else { return };
        self.history.pop();
        if self.variant.keeps_state {
            self.chess = self.chess_undo.pop().expect("recorded by make");
        }
        if u.null {
            self.side = self.side.other();
            self.hash = self
                .history
                .last()
                .expect("history holds the initial position")
                .key;
            return;
        }
        let m = u.mv;
        if m.is_continuing() {
            self.turn_starts.pop();
        } else {
            self.side = self.side.other();
        }
        self.mid_turn = u.mid_turn_before;
        let from = m.from.cell();
        let to = m.to.cell();
        // Removals after the move first, in reverse.
        let start = u.removed_start as usize;
        let after = start + u.after_start as usize;
        while self.removed.len() > after {
            let (cell, code) = self.removed.pop().expect("recorded by make");
            self.add(cell as usize, code);
        }
        let layer_shape = self.may_have_layer_shape(m) && self.layer_unmake_shape(m, u.moved);
        if m.promotion().is_some() && m.kind != MoveKind::Drop && !layer_shape {
            self.retype(m.destination().cell(), u.moved);
        }
        if m.kind == MoveKind::Convert {
            self.flip_owner(m.converted().cell());
        }
        match m.kind {
            _ if layer_shape => {}
            MoveKind::Normal
            | MoveKind::Relayed
            | MoveKind::HopCapture
            | MoveKind::LineCapture
            | MoveKind::Arrival
            | MoveKind::Convert => {
                if from != to {
                    self.relocate(to, from);
                }
            }
            MoveKind::Swap => {
                // The mover is on `to`, the other piece on `from`.
                let other = self.remove(from);
                self.relocate(to, from);
                self.add(to, other);
            }
            MoveKind::Push => {
                let step = to as isize - from as isize;
                let first = to.wrapping_add_signed(step);
                self.relocate(to, from);
                if u.pushed > 0 {
                    self.relocate(first, to);
                }
                if u.pushed == 2 {
                    self.relocate(first.wrapping_add_signed(step), first);
                }
            }
            MoveKind::Pull => self.relocate(to.wrapping_add_signed(-unit_step(m.from, m.to)), to),
            MoveKind::Repel => self.relocate(to.wrapping_add_signed(unit_step(m.from, m.to)), to),
            MoveKind::Create => {
                self.remove(to);
            }
            MoveKind::Drop => {
                self.remove(to);
                if let Some(second) = m.pair_square() {
                    self.remove(second.cell());
                }
            }
            MoveKind::EnPassant => self.relocate(to, from),
            MoveKind::Castle => self.uncastle(m),
            MoveKind::Igui
            | MoveKind::Pass
            | MoveKind::Suicide
            | MoveKind::Flip
            | MoveKind::ShootPassing
            | MoveKind::Golem => {}
        }
        while self.removed.len() > start {
            let (cell, code) = self.removed.pop().expect("recorded by make");
            self.add(cell as usize, code);
        }
        self.hash = self
            .history
            .last()
            .expect("history holds the initial position")
            .key;
        debug_assert_eq!(self.hash, self.compute_hash());
    }

    /// After `make`: the squares of the pieces the last move removed after the pieces moved (a
    /// Kamikaze's self-capture, poison, burning), for notation.
    pub fn removals_after_last_move(&self) -> Vec<Square> {
        self.undo.last().map_or_else(Vec::new, |u| {
            self.removed[u.removed_start as usize + u.after_start as usize..]
                .iter()
                .map(|&(c, _)| Square::from_cell(c as usize))
                .collect()
        })
    }

    /// True if `m` changes the pieces for good, so that no earlier position can recur: a capture,
    /// a promotion or a birth.
    #[inline]
    pub fn is_irreversible(&self, m: Move) -> bool {
        let moved = self.board[m.from.cell()];
        (self.promotes_for_good(m, moved) || m.kind == MoveKind::Create || self.is_capture(m))
            // Where captured pieces come back as drops (and promoted ones unpromoted), any
            // position may recur. (Asked last: most moves are reversible, and this is hot.)
            && !self.variant.rules.drops.is_some_and(|d| d.all_captures_to_hand())
    }

    /// Whether `m` names a type that `moved` (the code on its from-square, or the dropped piece's)
    /// cannot come back from: a promotion or a drop, but not a flip piece's change of state,
    /// which flipping back undoes.
    #[inline]
    fn promotes_for_good(&self, m: Move, moved: crate::piece::Code) -> bool {
        m.promotion().is_some()
            && (m.kind == MoveKind::Drop || self.variant.compiled(moved).flip.is_none())
    }
}
