//! The 12x8 game's hooks in the general `make` and `unmake` (`position/make.rs`): the pieces a
//! move removes (Halflings' captures, explosions, shots, a Golem's two squares, a Golem's
//! partner taken with it), the board changes of the layer's own shapes of move (a Pawn completed
//! as an Assassin, a Thunder or a Golem, a Golem's move, a swap that promotes, a Thunder's
//! drop) and their undoing, and the state they leave (castling rights lost however, the
//! counter, the squares an Assassin may shoot en passant, what is irreversible).

use super::*;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::position::victims::VictimCells;

impl Position {
    /// The squares whose pieces `m` removes, read before the move: its captures, every non-royal
    /// piece a Thunder destroys, and the partner of each Golem part among them, which goes with
    /// it (listed after the others).
    pub(crate) fn chess_victims(&self, m: Move) -> VictimCells {
        let mut out = self.direct_victims(m);
        if self.tallied(tally::GOLEM, Color::Blue) + self.tallied(tally::GOLEM, Color::Tan) > 0 {
            self.add_golem_partners(&mut out);
        }
        out
    }

    /// The partner of each Golem part in `out`, which is taken with it.
    #[inline(never)]
    fn add_golem_partners(&self, out: &mut VictimCells) {
        let kinds = self.layer_kinds();
        let mut i = 0;
        while i < out.as_slice().len() {
            let cell = out.as_slice()[i] as usize;
            let c = self.board[cell];
            if let Role::Golem(part) = kinds.role_of(c) {
                let (dx, dy) = part.toward_partner();
                if let Some(p) = self.geometry().shifted(Square::from_cell(cell), dx, dy)
                    && self.board[p.cell()] == code(golem_kind(kinds, -dx, -dy), color_of(c))
                {
                    out.push_unique(p.cell());
                }
            }
            i += 1;
        }
    }

    /// What `m` itself takes, before a Golem part's partner goes with it: the squares a
    /// Halfling's move names in its notation.
    pub(crate) fn direct_victims(&self, m: Move) -> VictimCells {
        let mut out = VictimCells::new();
        let from_code = self.board[m.from.cell()];
        let us = self.side;
        match m.kind {
            MoveKind::Normal => {
                if is_piece(self.board[m.to.cell()]) && m.to != m.from {
                    out.push(m.to.cell());
                }
                let kind = kind_of(from_code);
                if let Role::Halfling(capture) = self.layer_kinds().role(kind)
                    && !m.is_declining()
                {
                    let mut victim = |s: Square| out.push(s.cell());
                    self.halfling_victims(kind, capture, m.from, m.to, &mut victim);
                }
                if self.promotes_to_thunder(m) {
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
            MoveKind::Drop if self.promotes_to_thunder(m) => {
                self.explosion_victims(m.to, None, &mut out);
            }
            _ => {}
        }
        out
    }

    /// Whether `m` names a Thunder (a Pawn's promotion or a drop: it explodes).
    #[inline]
    fn promotes_to_thunder(&self, m: Move) -> bool {
        m.promotion()
            .is_some_and(|k| self.layer_kinds().role(k.0) == Role::Thunder)
    }

    /// Every non-royal piece on `centre` and around it, but the exploding Pawn's own square.
    fn explosion_victims(&self, centre: Square, except: Option<Square>, out: &mut VictimCells) {
        for dy in -1..=1 {
            for dx in -1..=1 {
                if let Some(s) = self.geometry().shifted(centre, dx, dy) {
                    let c = self.board[s.cell()];
                    if is_piece(c) && kind_of(c) != self.layer_kinds().king && Some(s) != except {
                        // The Pawn's own capture may stand among them.
                        out.push_unique(s.cell());
                    }
                }
            }
        }
    }

    /// Whether `m` may have one of the layer's own shapes (`layer_make_shape`): only a move that
    /// names a type (a promotion, a drop) or a Golem's, and only in the layer's game. The cheap
    /// gate in front of the shape hooks, which cost about 5% of perft when asked for every move.
    #[inline]
    pub(in crate::position) fn may_have_layer_shape(&self, m: Move) -> bool {
        self.variant.powers && (m.promotion().is_some() || m.kind == MoveKind::Golem)
    }

    /// The board changes of the layer's own shapes of move, after the victims are gone: a Pawn
    /// completed as an Assassin (on a square of its own), a Thunder (it explodes) or a Golem (by
    /// taking a Wizard), a Golem's move, a Wizard's swap that promotes the enemy Pawn, a
    /// Thunder's drop. False for every other move, which the general `make` plays.
    pub(crate) fn layer_make_shape(&mut self, m: Move) -> bool {
        let us = self.side;
        let kinds = self.layer_kinds();
        let (from, to) = (m.from.cell(), m.to.cell());
        // The type a move names, with its role.
        let named = m.promotion().map(|k| (k.0, kinds.role(k.0)));
        match (m.kind, named) {
            (MoveKind::Normal, Some((assassin, Role::Assassin))) => {
                self.remove(from);
                self.add(Square(m.aux[0]).cell(), code(assassin, us));
            }
            (MoveKind::Normal, Some((_, Role::Thunder))) => {
                self.remove(from);
            }
            (MoveKind::Normal, Some((part_kind, Role::Golem(part)))) => {
                self.remove(from);
                self.add(to, code(part_kind, us));
                let (dx, dy) = part.toward_partner();
                self.add(from, code(golem_kind(kinds, -dx, -dy), us));
            }
            (MoveKind::Swap, Some((kind, _))) => {
                self.exchange(from, to);
                self.retype(from, code(kind, us.other()));
            }
            (MoveKind::Golem, _) => {
                let (b0, b) = (Square(m.aux[0]), Square(m.aux[1]));
                self.remove(from);
                self.remove(b0.cell());
                let (dx, dy) = (
                    b.file() as i8 - m.to.file() as i8,
                    b.rank() as i8 - m.to.rank() as i8,
                );
                self.add(to, code(golem_kind(kinds, dx, dy), us));
                self.add(b.cell(), code(golem_kind(kinds, -dx, -dy), us));
            }
            (MoveKind::Drop, Some((_, Role::Thunder))) => {}
            _ => return false,
        }
        true
    }

    /// Takes back what `layer_make_shape` did for `m` (`moved`: the mover's code before it),
    /// before the victims return; false for the moves the general `unmake` takes back.
    pub(crate) fn layer_unmake_shape(&mut self, m: Move, moved: Code) -> bool {
        let us = self.side;
        let kinds = self.layer_kinds();
        let (from, to) = (m.from.cell(), m.to.cell());
        match (m.kind, m.promotion().map(|k| kinds.role(k.0))) {
            (MoveKind::Normal, Some(Role::Assassin)) => {
                self.remove(Square(m.aux[0]).cell());
                self.add(from, moved);
            }
            (MoveKind::Normal, Some(Role::Thunder)) => self.add(from, moved),
            (MoveKind::Normal, Some(Role::Golem(_))) => {
                self.remove(from);
                self.remove(to);
                self.add(from, moved);
            }
            (MoveKind::Swap, Some(_)) => {
                // Only an enemy Pawn is promoted by a swap (`wizard_moves`).
                self.retype(from, code(kinds.pawn, us.other()));
                let other = self.remove(from);
                self.relocate(to, from);
                self.add(to, other);
            }
            (MoveKind::Golem, _) => {
                self.remove(to);
                self.remove(Square(m.aux[1]).cell());
                self.add(from, moved);
                if let Role::Golem(part) = kinds.role_of(moved) {
                    let (dx, dy) = part.toward_partner();
                    self.add(
                        Square(m.aux[0]).cell(),
                        code(golem_kind(kinds, -dx, -dy), us),
                    );
                }
            }
            (MoveKind::Drop, Some(Role::Thunder)) => {}
            _ => return false,
        }
        true
    }

    /// The layer's part of the state after `m` (called by `update_chess_rights`): castling
    /// rights that lose their King or Rook however it went (a Halfling's capture, an
    /// explosion, a swap), the fifty-move counter (a drop and a shot also reset it), and the
    /// squares the mover passed where the side now to move can shoot or take en passant.
    pub(in crate::position) fn layer_rights(
        &mut self,
        m: Move,
        moved: Code,
        captured: bool,
        passed: SquareSet,
    ) {
        // A capture off the move's squares (a Halfling's, an explosion) may take a Rook at home:
        // the general update spoils only the rights whose squares the move left or reached.
        if captured && self.chess.castle != 0 {
            self.chess.castle &= self.castlings_in_place();
        }
        let kinds = self.layer_kinds();
        let mover_is_pawn = kinds.role_of(moved) == Role::Pawn;
        let resets = captured
            || mover_is_pawn && m.kind != MoveKind::Swap
            || matches!(m.kind, MoveKind::Drop | MoveKind::ShootPassing);
        self.chess.halfmove = if resets {
            0
        } else {
            self.chess.halfmove.saturating_add(1)
        };
        let target = match m.promotion().map(|k| kinds.role(k.0)) {
            Some(Role::Assassin) if m.kind == MoveKind::Normal => Square(m.aux[0]),
            Some(Role::Thunder) if m.kind == MoveKind::Normal => Square(NO_SQUARE),
            _ => m.to,
        };
        let pawn_advance = mover_is_pawn && m.promotion().is_none() && self.pawns_take_en_passant();
        self.set_en_passant(passed, target, pawn_advance, self.side.other());
    }

    /// Whether `m` (just played, the turn not yet passed; `before` the state before it, its
    /// removals from `removed_start`)
    /// changed the position for good, so that no earlier one can recur: a capture of a piece
    /// that never returns (an enemy Assassin changes hands), a promotion (not a Can(n)on's
    /// flip), a drop of a type that never returns to a hand, a lost castling right, a King's
    /// first move, drops closed. A Pawn's move is not: a Wizard's swap may put a Pawn back.
    pub(in crate::position) fn layer_irreversible(
        &self,
        m: Move,
        moved: Code,
        removed_start: usize,
        before: &ChessState,
    ) -> bool {
        let us = self.side; // the mover (`make` passes the turn after this)
        let returns =
            |k: u8| (self.layer_drops()).is_some_and(|d| d.captures_to_hand.contains(PieceKind(k)));
        let lost_for_good = self.removed[removed_start..]
            .iter()
            .any(|&(_, c)| color_of(c) == us || !returns(kind_of(c)));
        let s = &self.chess;
        lost_for_good
            || m.kind == MoveKind::Drop && !returns(kind_of(moved))
            || m.promotion().is_some()
                && !matches!(m.kind, MoveKind::Flip | MoveKind::Drop)
                && self.variant.compiled(moved).flip != m.promotion()
            || s.castle != before.castle
            || s.kings_moved != before.kings_moved
            || s.drops_closed != before.drops_closed
    }

    /// The squares the mover of `m` travels over (docs/rules/larger-board.md, "En passant
    /// shot"), read before the move.
    pub(crate) fn passed_squares(&self, m: Move, kind: u8) -> SquareSet {
        if m.is_declining() {
            return SquareSet::EMPTY; // a bewitched step
        }
        let between = |from: Square, to: Square| {
            let dx = (to.file() as i8 - from.file() as i8).signum();
            let dy = (to.rank() as i8 - from.rank() as i8).signum();
            let mut bits = SquareSet::EMPTY;
            let mut s = from;
            loop {
                s = Square::new((s.file() as i8 + dx) as u8, (s.rank() as i8 + dy) as u8);
                if s == to {
                    return bits;
                }
                bits.insert(s);
            }
        };
        let kinds = self.layer_kinds();
        match kinds.role(kind) {
            role if role.moves_by_file() => self.ridden_squares(m),
            Role::Halfling(_) => between(m.from, m.to),
            Role::Pawn => match m.promotion().map(|k| kinds.role(k.0)) {
                Some(Role::Assassin | Role::Thunder) => SquareSet::of(m.to),
                _ if m.from.file() == m.to.file() => between(m.from, m.to),
                _ => SquareSet::EMPTY,
            },
            _ => SquareSet::EMPTY,
        }
    }

    /// The squares a type that moves by its file passed on `m`: those before its destination
    /// along the ride that took it there (none for a leap or a one-step ride), or a cannon's
    /// capture (its `cannon` hook) those before the screen it hopped.
    fn ridden_squares(&self, m: Move) -> SquareSet {
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
                return squares_of(path);
            }
        }
        // A cannon's capture: along a queen line that one of its `cannon` hooks follows.
        let (fx, fy) = (
            m.to.file() as i8 - m.from.file() as i8,
            m.to.rank() as i8 - m.from.rank() as i8,
        );
        if fx != 0 && fy != 0 && fx.abs() != fy.abs() {
            return SquareSet::EMPTY;
        }
        let step = crate::geometry::offset(fx.signum(), fy.signum());
        let n = fx.abs().max(fy.abs()) as isize;
        if (cp.jupiter.iter().flat_map(|j| &j.cannons)).any(|&(s, _, _)| s == step) {
            let path = (1..n).map(|i| m.from.cell().wrapping_add_signed(step * i));
            let mut screens = path.clone().filter(|&cell| self.board[cell] != EMPTY);
            if let (Some(screen), None) = (screens.next(), screens.next()) {
                return squares_of(path.take_while(|&cell| cell != screen));
            }
        }
        SquareSet::EMPTY
    }

    /// Whether the Pawns take each other en passant (the file's `en_passant` on the Pawn).
    pub(super) fn pawns_take_en_passant(&self) -> bool {
        let pawn = code(self.layer_kinds().pawn, Color::Blue);
        (self.variant.chess_piece(pawn).pawn).is_some_and(|p| p.en_passant)
    }

    /// Records the squares the last mover passed if the side now to move can use them.
    fn set_en_passant(
        &mut self,
        passed: SquareSet,
        target: Square,
        pawn_advance: bool,
        them: Color,
    ) {
        self.chess.ep_passed = SquareSet::EMPTY;
        self.chess.ep_target = NO_SQUARE;
        if passed.is_empty() {
            return;
        }
        let squares = || passed.iter();
        let assassin = self.layer_kinds().assassin.map(|a| code(a, them));
        let pawn = code(self.layer_kinds().pawn, them);
        let usable = squares().any(|s| {
            DIRECTIONS.iter().any(|&(dx, dy)| {
                self.geometry().shifted(s, dx, dy).is_some_and(|a| {
                    Some(self.board[a.cell()]) == assassin && !self.bewitched(a, them)
                })
            }) || pawn_advance
                && [-1, 1].iter().any(|&dx| {
                    self.geometry()
                        .shifted(s, dx, -forward(them))
                        .is_some_and(|p| self.board[p.cell()] == pawn && !self.bewitched(p, them))
                })
        });
        if usable {
            self.chess.ep_passed = passed;
            self.chess.ep_target = target.0;
        }
    }
}

/// The squares of these cells.
fn squares_of(cells: impl Iterator<Item = usize>) -> SquareSet {
    cells.fold(SquareSet::EMPTY, |mut bits, cell| {
        bits.insert(Square::from_cell(cell));
        bits
    })
}
