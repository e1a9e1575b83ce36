//! Positions: an unchecked `Setup`, validated into a `Position` that supports make/unmake,
//! incremental hashing and exact repetition bookkeeping.

use thiserror::Error;

use crate::geometry::{CELLS, Color, Square, offset};
use crate::moves::{MAX_CAPTURES, Move, MoveKind};
use crate::piece::{Code, EMPTY, OFFBOARD, Piece, PieceKind, code_color_index};
use crate::variant::{Placement, Variant};

/// A position as written down, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub variant: &'static Variant,
    pub pieces: Vec<Placement>,
    pub to_move: Color,
}

impl Setup {
    /// A named initial array of the variant (`None` for an unknown name).
    pub fn named(variant: &'static Variant, name: &str) -> Option<Setup> {
        let pieces = (variant.setups.build)(variant, name)?;
        Some(Setup {
            variant,
            pieces,
            to_move: Color::Blue,
        })
    }

    /// The variant's default array.
    pub fn default_for(variant: &'static Variant) -> Setup {
        Setup::named(variant, variant.setups.default)
            .expect("every variant builds its default array")
    }
}

/// Why a `Setup` is not a playable position.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PositionError {
    #[error("square {square} is not on the {width}x{height} board")]
    OffBoard {
        square: String,
        width: u8,
        height: u8,
    },
    #[error("two pieces on {0}")]
    Occupied(String),
    #[error("{} has no royal piece", .0.title())]
    NoRoyal(Color),
    #[error("unknown piece type index {0}")]
    UnknownKind(u8),
}

/// What `make` must remember to undo a move.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    /// A null move (the side to move passes; used by search, not a move of the game).
    null: bool,
    /// The moving piece's code before the move (promotion changes it).
    moved: Code,
    /// Every piece the move removed, in removal order: up to a Sorcerer's whole line.
    captured: [(u16, Code); MAX_CAPTURES],
    captured_len: u8,
}

/// The cells a move removes pieces from, read from the board before the move. Fixed capacity, so
/// `make`, `is_capture` and `victims` never allocate.
#[derive(Clone, Copy)]
pub(crate) struct VictimCells {
    cells: [u16; MAX_CAPTURES],
    len: u8,
}

impl VictimCells {
    const fn new() -> VictimCells {
        VictimCells {
            cells: [0; MAX_CAPTURES],
            len: 0,
        }
    }
    fn push(&mut self, cell: usize) {
        self.cells[self.len as usize] = cell as u16;
        self.len += 1;
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

/// One position of the game so far, for the repetition rule.
#[derive(Clone, Copy, Debug)]
struct RepetitionEntry {
    key: u64,
    /// First entry since the last irreversible move: no earlier position can recur.
    window_start: u32,
    /// How often `key` has occurred in the window, this time included.
    occurrences: u32,
    /// How many entries of the window (this one included) occurred at least twice.
    repeated_entries: u32,
}

/// A validated position with its game history.
#[derive(Clone)]
pub struct Position {
    variant: &'static Variant,
    board: [Code; CELLS],
    /// Cells of each side's pieces, in no particular order.
    list: [[u16; 256]; 2],
    count: [u16; 2],
    /// Index of the piece on a cell within its side's list.
    index: [u8; CELLS],
    royals: [u16; 2],
    hash: u64,
    side: Color,
    undo: Vec<Undo>,
    history: Vec<RepetitionEntry>,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Position({}, {:?} to move, {} pieces)",
            self.variant.id,
            self.side,
            self.pieces().count()
        )
    }
}

impl Position {
    /// Validates a setup.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let v = setup.variant;
        let mut board = [OFFBOARD; CELLS];
        for sq in v.geometry.squares() {
            board[sq.cell()] = EMPTY;
        }
        let mut pos = Position {
            variant: v,
            board,
            list: [[0; 256]; 2],
            count: [0; 2],
            index: [0; CELLS],
            royals: [0; 2],
            hash: 0,
            side: setup.to_move,
            undo: Vec::with_capacity(256),
            history: Vec::with_capacity(256),
        };
        for &(color, kind, sq) in &setup.pieces {
            if !v.geometry.is_on_board(sq) {
                return Err(PositionError::OffBoard {
                    square: format!("file {} rank {}", sq.file() + 1, sq.rank() + 1),
                    width: v.geometry.width,
                    height: v.geometry.height,
                });
            }
            if kind.0 as usize >= v.pieces.len() {
                return Err(PositionError::UnknownKind(kind.0));
            }
            if pos.board[sq.cell()] != EMPTY {
                return Err(PositionError::Occupied(v.square_name(sq)));
            }
            pos.add(sq.cell(), Piece::new(kind, color).code());
        }
        if v.rules.royal_capture_loses {
            for color in Color::BOTH {
                if pos.royals[color.index()] == 0 {
                    return Err(PositionError::NoRoyal(color));
                }
            }
        }
        if pos.side == Color::Tan {
            pos.hash ^= v.side_key();
        }
        pos.history.push(RepetitionEntry {
            key: pos.hash,
            window_start: 0,
            occurrences: 1,
            repeated_entries: 0,
        });
        Ok(pos)
    }

    /// The variant's default array, Blue to move.
    pub fn start(variant: &'static Variant) -> Position {
        Position::from_setup(&Setup::default_for(variant)).expect("default arrays are valid")
    }

    /// The pieces and side to move (the history is not part of a setup).
    pub fn to_setup(&self) -> Setup {
        Setup {
            variant: self.variant,
            pieces: self.pieces().collect(),
            to_move: self.side,
        }
    }

    #[inline]
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    /// The Zobrist hash of pieces and side to move: equal hashes mean the same game situation in the
    /// sense of the repetition rule.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if !self.variant.geometry.is_on_board(sq) {
            return None;
        }
        match self.board[sq.cell()] {
            EMPTY | OFFBOARD => None,
            code => Some(Piece::from_code(code)),
        }
    }

    /// Every piece as (owner, type, square), in board order.
    pub fn pieces(&self) -> impl Iterator<Item = Placement> + '_ {
        self.variant
            .geometry
            .squares()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (p.color, p.kind, sq)))
    }

    /// One side's pieces as (piece, square), straight from the piece list (no board scan; the order
    /// is arbitrary). For evaluation and other hot paths.
    #[inline]
    pub fn side_pieces(&self, color: Color) -> impl Iterator<Item = (Piece, Square)> + '_ {
        self.side_cells(color).iter().map(move |&cell| {
            (
                Piece::from_code(self.board[cell as usize]),
                Square::from_cell(cell as usize),
            )
        })
    }

    pub fn piece_count(&self, color: Color) -> usize {
        self.count[color.index()] as usize
    }
    pub fn royal_count(&self, color: Color) -> usize {
        self.royals[color.index()] as usize
    }
    /// Number of moves made since the position was set up.
    pub fn ply(&self) -> usize {
        self.undo.len()
    }
    /// The moves made since the position was set up, oldest first.
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.undo.iter().filter(|u| !u.null).map(|u| u.mv)
    }

    /// The hash recomputed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Color::Tan {
            self.variant.side_key()
        } else {
            0
        };
        for (color, kind, sq) in self.pieces() {
            h ^= self.variant.piece_key(Piece::new(kind, color).code(), sq);
        }
        h
    }

    // ---- raw board access for move generation (crate-internal) ----

    #[inline]
    pub(crate) fn cell(&self, cell: usize) -> Code {
        self.board[cell]
    }
    #[inline]
    pub(crate) fn side_cells(&self, color: Color) -> &[u16] {
        &self.list[color.index()][..self.count[color.index()] as usize]
    }

    // ---- piece list maintenance ----

    fn add(&mut self, cell: usize, code: Code) {
        let c = code_color_index(code);
        self.board[cell] = code;
        let i = self.count[c];
        self.list[c][i as usize] = cell as u16;
        self.index[cell] = i as u8;
        self.count[c] += 1;
        if self.variant.compiled(code).royal {
            self.royals[c] += 1;
        }
        self.hash ^= self.variant.piece_key(code, Square::from_cell(cell));
    }

    fn remove(&mut self, cell: usize) -> Code {
        let code = self.board[cell];
        let c = code_color_index(code);
        self.board[cell] = EMPTY;
        let i = self.index[cell] as usize;
        let last = self.count[c] as usize - 1;
        let moved = self.list[c][last];
        self.list[c][i] = moved;
        self.index[moved as usize] = i as u8;
        self.count[c] -= 1;
        if self.variant.compiled(code).royal {
            self.royals[c] -= 1;
        }
        self.hash ^= self.variant.piece_key(code, Square::from_cell(cell));
        code
    }

    fn relocate(&mut self, from: usize, to: usize) {
        let code = self.board[from];
        let c = code_color_index(code);
        self.board[from] = EMPTY;
        self.board[to] = code;
        let i = self.index[from];
        self.list[c][i as usize] = to as u16;
        self.index[to] = i;
        self.hash ^= self.variant.piece_key(code, Square::from_cell(from))
            ^ self.variant.piece_key(code, Square::from_cell(to));
    }

    /// Changes the type of the piece on `cell` (promotion), keeping its place in the list.
    fn retype(&mut self, cell: usize, code: Code) {
        let old = self.board[cell];
        let c = code_color_index(old);
        let sq = Square::from_cell(cell);
        self.royals[c] -= self.variant.compiled(old).royal as u16;
        self.royals[c] += self.variant.compiled(code).royal as u16;
        self.board[cell] = code;
        self.hash ^= self.variant.piece_key(old, sq) ^ self.variant.piece_key(code, sq);
    }

    // ---- make / unmake ----

    /// Plays a move generated for this position. The move is not checked: use `legal_moves` or
    /// the notation parser to obtain moves from outside.
    ///
    /// Every kind follows the same three steps, undone in reverse by `unmake`: remove the victims
    /// (derived from the board before the move), move the piece(s), then convert and promote.
    pub fn make(&mut self, m: Move) {
        let from = m.from.cell();
        let to = m.to.cell();
        let mut undo = Undo {
            mv: m,
            null: false,
            moved: self.board[from],
            captured: [(0, 0); MAX_CAPTURES],
            captured_len: 0,
        };
        let victims = self.victim_cells(m);
        for &cell in victims.as_slice() {
            let code = self.remove(cell as usize);
            undo.captured[undo.captured_len as usize] = (cell, code);
            undo.captured_len += 1;
        }
        match m.kind {
            MoveKind::Normal
            | MoveKind::Relayed
            | MoveKind::HopCapture
            | MoveKind::LineCapture
            | MoveKind::Convert => {
                if from != to {
                    self.relocate(from, to);
                }
            }
            MoveKind::Swap => self.exchange(from, to),
            MoveKind::Igui | MoveKind::Pass | MoveKind::Suicide => {}
        }
        if m.kind == MoveKind::Convert {
            self.flip_owner(m.converted().cell());
        }
        if let Some(kind) = m.promotion() {
            self.retype(m.destination().cell(), Piece::new(kind, self.side).code());
        }
        let irreversible = undo.captured_len > 0 || m.promotion().is_some();
        self.undo.push(undo);
        self.side = self.side.other();
        self.hash ^= self.variant.side_key();
        self.push_history(irreversible);
    }

    /// The cells whose pieces `m` removes, read before the move (for `Suicide`, the mover's own).
    pub(crate) fn victim_cells(&self, m: Move) -> VictimCells {
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
                if self.board[to] != EMPTY {
                    out.push(to);
                }
            }
            MoveKind::LineCapture => {
                let us = code_color_index(self.board[m.from.cell()]);
                let dx = (m.to.file() as i8 - m.from.file() as i8).signum();
                let dy = (m.to.rank() as i8 - m.from.rank() as i8).signum();
                let step = offset(dx, dy);
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
            MoveKind::Suicide => out.push(m.from.cell()),
            MoveKind::Pass | MoveKind::Convert | MoveKind::Swap => {}
        }
        out
    }

    /// The pieces on `a` (the mover) and `b` change places.
    fn exchange(&mut self, a: usize, b: usize) {
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
    /// `unmake`. The position after it starts a fresh repetition window.
    pub fn make_null(&mut self) {
        let m = Move::normal(Square(0), Square(0));
        self.undo.push(Undo {
            mv: m,
            null: true,
            moved: EMPTY,
            captured: [(0, 0); MAX_CAPTURES],
            captured_len: 0,
        });
        self.side = self.side.other();
        self.hash ^= self.variant.side_key();
        self.push_history(true);
    }

    /// Takes back the last move made. Does nothing if no move was made.
    pub fn unmake(&mut self) {
        let Some(u) = self.undo.pop() else { return };
        self.history.pop();
        self.side = self.side.other();
        if u.null {
            self.hash = self
                .history
                .last()
                .expect("history holds the initial position")
                .key;
            return;
        }
        let m = u.mv;
        let from = m.from.cell();
        let to = m.to.cell();
        if m.promotion().is_some() {
            self.retype(m.destination().cell(), u.moved);
        }
        if m.kind == MoveKind::Convert {
            self.flip_owner(m.converted().cell());
        }
        match m.kind {
            MoveKind::Normal
            | MoveKind::Relayed
            | MoveKind::HopCapture
            | MoveKind::LineCapture
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
            MoveKind::Igui | MoveKind::Pass | MoveKind::Suicide => {}
        }
        for &(cell, code) in u.captured[..u.captured_len as usize].iter().rev() {
            self.add(cell as usize, code);
        }
        self.hash = self
            .history
            .last()
            .expect("history holds the initial position")
            .key;
        debug_assert_eq!(self.hash, self.compute_hash());
    }

    // ---- repetition ----

    fn push_history(&mut self, irreversible: bool) {
        let len = self.history.len() as u32;
        let key = self.hash;
        let entry = if irreversible || !self.variant.rules.third_repetition_illegal {
            RepetitionEntry {
                key,
                window_start: len,
                occurrences: 1,
                repeated_entries: 0,
            }
        } else {
            let prev = *self
                .history
                .last()
                .expect("history holds the initial position");
            let window = &self.history[prev.window_start as usize..];
            let occurrences = 1 + window.iter().filter(|e| e.key == key).count() as u32;
            RepetitionEntry {
                key,
                window_start: prev.window_start,
                occurrences,
                repeated_entries: prev.repeated_entries + (occurrences >= 2) as u32,
            }
        };
        self.history.push(entry);
    }

    /// True if some position since the last irreversible move has occurred twice, so that a move
    /// could make a third occurrence.
    #[inline]
    pub(crate) fn repetition_possible(&self) -> bool {
        self.variant.rules.third_repetition_illegal
            && self.history.last().is_some_and(|e| e.repeated_entries > 0)
    }

    /// How often the current position has occurred since the last irreversible move.
    pub fn occurrences(&self) -> u32 {
        self.history.last().map_or(1, |e| e.occurrences)
    }

    /// True if playing `m` would make a position occur for the third time.
    pub(crate) fn would_repeat_thrice(&mut self, m: Move) -> bool {
        self.make(m);
        let thrice = self.occurrences() >= 3;
        self.unmake();
        thrice
    }

    /// The squares of the pieces a move removes, read before the move is made (for notation;
    /// a self-capture lists the mover's own square).
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
        match m.kind {
            MoveKind::Normal | MoveKind::Relayed => self.board[m.to.cell()] != EMPTY,
            MoveKind::Igui | MoveKind::HopCapture | MoveKind::Suicide => true,
            MoveKind::LineCapture => self.victim_cells(m).len > 0,
            MoveKind::Pass | MoveKind::Convert | MoveKind::Swap => false,
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

    /// The kind of the piece that makes `m`.
    pub fn mover(&self, m: Move) -> Option<Piece> {
        self.piece_at(m.from)
    }

    /// The type of the piece on `sq`.
    pub fn kind_at(&self, sq: Square) -> Option<PieceKind> {
        self.piece_at(sq).map(|p| p.kind)
    }
}
