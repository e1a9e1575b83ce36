//! What a move captures, read from the board before it is made: the cells `make` empties (every
//! kind of capture: displacement, hops, lines, arrival powers, the 12x8 layer's shots and
//! explosions), and the enemy pieces among them for search and notation. Allocation-free.

use super::Position;
use crate::geometry::{Color, QUEEN_STEPS, Square, unit_step};
use crate::moves::{MAX_CAPTURES, Move, MoveKind};
use crate::piece::{ArrivalKind, EMPTY, OFFBOARD, Piece, PieceKind, code_color_index};

/// The cells a move removes pieces from, read from the board before the move. Fixed capacity, so
/// `make`, `is_capture` and `victims` never allocate.
#[derive(Clone, Copy)]
pub(crate) struct VictimCells {
    cells: [u16; MAX_CAPTURES],
    len: u8,
}

impl VictimCells {
    pub(crate) const fn new() -> VictimCells {
        VictimCells {
            cells: [0; MAX_CAPTURES],
            len: 0,
        }
    }
    #[inline]
    pub(crate) fn push(&mut self, cell: usize) {
        if (self.len as usize) < MAX_CAPTURES {
            self.cells[self.len as usize] = cell as u16;
            self.len += 1;
        }
    }
    /// Pushes a cell not listed yet (a Coordinator may find one victim twice).
    pub(crate) fn push_unique(&mut self, cell: usize) {
        if !self.as_slice().contains(&(cell as u16)) {
            self.push(cell);
        }
    }
    pub(crate) fn as_slice(&self) -> &[u16] {
        &self.cells[..self.len as usize]
    }
}

/// The enemy pieces a move captures, with their squares (see `Position::victims`).
pub struct Victims {
    items: [(Square, Piece); MAX_CAPTURES],
    len: u8,
    next: u8,
}

impl Iterator for Victims {
    type Item = (Square, Piece);
    #[inline]
    fn next(&mut self) -> Option<(Square, Piece)> {
        if self.next < self.len {
            self.next += 1;
            Some(self.items[self.next as usize - 1])
        } else {
            None
        }
    }
}

impl Position {
    /// The squares of the pieces a move removes by its own power, read before the move is made
    /// (for notation; a self-capture lists the mover's own square). What poison, burning or a
    /// Kamikaze's self-capture remove after it is in `removals_after`.
    pub fn captures_of(&self, m: Move) -> Vec<Square> {
        let cells = self.victim_cells(m);
        cells
            .as_slice()
            .iter()
            .map(|&c| Square::from_cell(c as usize))
            .collect()
    }

    /// True if `m` removes a piece (allocation-free, for hot paths). A self-capture counts: like a
    /// capture it changes the pieces on the board for good (the repetition window restarts).
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        if self.variant.powers {
            return !self.chess_victims(m).as_slice().is_empty();
        }
        match m.kind {
            MoveKind::Normal | MoveKind::Relayed => self.board[m.to.cell()] != EMPTY,
            MoveKind::Igui | MoveKind::HopCapture | MoveKind::Suicide | MoveKind::EnPassant => true,
            MoveKind::LineCapture | MoveKind::Arrival | MoveKind::Push => {
                self.victim_cells(m).len > 0
            }
            MoveKind::Pass
            | MoveKind::Convert
            | MoveKind::Swap
            | MoveKind::Pull
            | MoveKind::Repel
            | MoveKind::Create
            | MoveKind::Drop
            | MoveKind::Castle
            | MoveKind::Flip
            | MoveKind::ShootPassing
            | MoveKind::Golem => false,
        }
    }

    /// The enemy pieces `m` would capture, with their squares, read before the move is made
    /// (a self-capture has none). Allocation-free, for search.
    #[inline]
    pub fn victims(&self, m: Move) -> Victims {
        let mut out = Victims {
            items: [(Square(0), Piece::new(PieceKind(0), Color::Blue)); MAX_CAPTURES],
            len: 0,
            next: 0,
        };
        let mover = self.piece_at(m.from).map(|p| p.color);
        for &cell in self.victim_cells(m).as_slice() {
            let sq = Square::from_cell(cell as usize);
            if let Some(p) = self.piece_at(sq).filter(|p| Some(p.color) != mover) {
                out.items[out.len as usize] = (sq, p);
                out.len += 1;
            }
        }
        out
    }
    /// The cells whose pieces `m` removes, read before the move (for `Suicide`, the mover's own;
    /// a Communist's may be friendly). Poison, burning and a Kamikaze's self-capture come later.
    #[inline]
    pub(crate) fn victim_cells(&self, m: Move) -> VictimCells {
        if self.variant.powers {
            return self.chess_victims(m);
        }
        let mut out = VictimCells::new();
        let to = m.to.cell();
        match m.kind {
            MoveKind::Normal | MoveKind::Relayed | MoveKind::Igui => {
                if self.board[to] != EMPTY {
                    out.push(to);
                }
            }
            MoveKind::HopCapture => {
                out.push(m.hopped().cell());
                if self.board[to] != EMPTY && to != m.from.cell() {
                    out.push(to);
                }
            }
            MoveKind::LineCapture => {
                let us = code_color_index(self.board[m.from.cell()]);
                let step = unit_step(m.from, m.to);
                let mut cell = m.from.cell();
                loop {
                    cell = cell.wrapping_add_signed(step);
                    let code = self.board[cell];
                    if code != EMPTY && code != OFFBOARD && code_color_index(code) != us {
                        out.push(cell);
                    }
                    if cell == to {
                        break;
                    }
                }
                for _ in 0..m.beyond() {
                    cell = cell.wrapping_add_signed(step);
                    out.push(cell);
                }
            }
            MoveKind::Arrival => {
                if self.board[to] != EMPTY {
                    out.push(to);
                }
                self.arrival_victims(m, &mut out);
            }
            MoveKind::Push => {
                // Follow the pushed friends: the last one captures an enemy on its destination,
                // or (1999) leaves the game if pushed off the board.
                let step = to as isize - m.from.cell() as isize;
                let us = code_color_index(self.board[m.from.cell()]);
                let mut pushed = to;
                for _ in 0..2 {
                    let cell = pushed.wrapping_add_signed(step);
                    let code = self.board[cell];
                    if code == EMPTY {
                        break;
                    }
                    if code == OFFBOARD {
                        out.push(pushed);
                        break;
                    }
                    if code_color_index(code) != us {
                        out.push(cell);
                        break;
                    }
                    pushed = cell;
                }
            }
            MoveKind::Suicide => out.push(m.from.cell()),
            MoveKind::EnPassant => out.push(Square(m.aux[0]).cell()),
            MoveKind::Pass
            | MoveKind::Convert
            | MoveKind::Swap
            | MoveKind::Pull
            | MoveKind::Repel
            | MoveKind::Create
            | MoveKind::Drop
            | MoveKind::Castle
            | MoveKind::Flip
            | MoveKind::ShootPassing
            | MoveKind::Golem => {}
        }
        out
    }

    /// True if the capture-by-arrival power of `m`'s piece takes something besides what stands on
    /// `m.to`.
    pub(crate) fn takes_on_arrival(&self, m: Move) -> bool {
        let mut victims = VictimCells::new();
        self.arrival_victims(m, &mut victims);
        victims
            .as_slice()
            .iter()
            .any(|&c| c as usize != m.to.cell())
    }

    /// The pieces a capture-by-arrival power takes when its piece lands on `m.to` (the start square
    /// counts as empty).
    fn arrival_victims(&self, m: Move, out: &mut VictimCells) {
        let (from, to) = (m.from.cell(), m.to.cell());
        let us = code_color_index(self.board[from]);
        let v = self.variant;
        let enemy = |cell: usize| {
            let code = self.board[cell];
            cell != from && code != EMPTY && code != OFFBOARD && code_color_index(code) != us
        };
        match v.compiled(self.board[from]).arrival {
            Some(ArrivalKind::Fiery) => {
                for &d in &QUEEN_STEPS {
                    let n = to.wrapping_add_signed(d);
                    if enemy(n) {
                        out.push(n);
                    }
                }
            }
            Some(ArrivalKind::Custodian) => {
                for &d in &QUEEN_STEPS {
                    let n = to.wrapping_add_signed(d);
                    let beyond = n.wrapping_add_signed(d);
                    let code = self.board[beyond];
                    let friend = beyond != from
                        && code != EMPTY
                        && code != OFFBOARD
                        && code_color_index(code) == us;
                    if enemy(n) && friend {
                        out.push(n);
                    }
                }
            }
            Some(ArrivalKind::Coordinator) => {
                let side = if us == 0 { Color::Blue } else { Color::Tan };
                for cell in self.royal_cells(side) {
                    let royal = Square::from_cell(cell);
                    for (file, rank) in [(m.to.file(), royal.rank()), (royal.file(), m.to.rank())] {
                        let c = Square::new(file, rank).cell();
                        if enemy(c) {
                            out.push_unique(c);
                        }
                    }
                }
            }
            Some(ArrivalKind::Communist) => {
                for &d in &QUEEN_STEPS {
                    let n = to.wrapping_add_signed(d);
                    let code = self.board[n];
                    if n != from && code != EMPTY && code != OFFBOARD && v.compiled(code).promoted {
                        out.push(n);
                    }
                }
            }
            None => {}
        }
    }
}
