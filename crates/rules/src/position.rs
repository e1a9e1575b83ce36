//! Positions: an unchecked `Setup`, validated into a `Position` that supports make/unmake,
//! incremental hashing and exact repetition bookkeeping.

use thiserror::Error;

use crate::geometry::{CELLS, Color, Square};
use crate::moves::Move;
use crate::piece::{Code, EMPTY, OFFBOARD, Piece, PieceKind, code_color_index};
use crate::variant::{Placement, Variant};

mod insight;
pub(crate) mod larger;
mod latent;
mod make;
mod rights;
mod victims;

pub use insight::Barred;
pub use larger::{ChessState, NO_SQUARE, NoDrop};

/// `ChessState::castle` of a set-up position whose text does not give it: every castling whose
/// pieces stand in place (`Position::from_setup` keeps only those).
pub const CASTLE_AS_PLACED: u8 = u8::MAX;

pub(crate) use crate::geometry::SquareSet;
pub(crate) use latent::PoisonMap;
pub use victims::Victims;

/// A position as written down, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub variant: &'static Variant,
    pub pieces: Vec<Placement>,
    pub to_move: Color,
    /// The 12x8 game's state beyond the board (hands, castling and en passant rights, ...);
    /// `None` for the other games, and for a 12x8 position means "as at the start of the game".
    pub chess: Option<ChessState>,
}

impl Setup {
    /// A named initial array of the variant (`None` for an unknown name).
    pub fn named(variant: &'static Variant, name: &str) -> Option<Setup> {
        let pieces = (variant.setups.build)(variant, name)?;
        Some(Setup {
            variant,
            pieces,
            to_move: Color::Blue,
            chess: None,
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
    /// A 12x8 position that breaks the game's rules (two Kings of a side, a lone Golem part, the
    /// side not to move in check, ...).
    #[error("{0}")]
    Illegal(String),
}

/// What `make` must remember to undo a move.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    /// A null move (the side to move passes; used by search, not a move of the game).
    null: bool,
    /// The moving piece's code before the move (promotion changes it).
    moved: Code,
    /// The pieces the move removed are `Position::removed[removed_start..]` up to the next
    /// record's start, in removal order: first the move's own captures (read from the board before
    /// the move), then from `after_start` on (an offset) those removed after the pieces moved (a
    /// Kamikaze's self-capture, poison, burning).
    removed_start: u32,
    after_start: u8,
    /// The mid-turn state before the move (see `Position::mid_turn`).
    mid_turn_before: u16,
    /// How many friends a Tank's push moved (1 or 2).
    pushed: u8,
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
    /// Pieces with each latent power bit, per side (`latent_count[side][bit]`): poison, burning and
    /// doubling are looked for only where some piece has them.
    latent_count: [[u16; 8]; 2],
    hash: u64,
    side: Color,
    /// The cell of the doubled piece that must make the second part of its turn, or 0 (see
    /// `mid_turn`).
    mid_turn: u16,
    /// For each turn in progress (one entry per first part on the undo stack): the poison laid at
    /// its start and the square a first-part conversion changed (never poisoned by itself).
    turn_starts: Vec<(PoisonMap, u16)>,
    undo: Vec<Undo>,
    /// Every piece removed by the moves on the undo stack, as (cell, code): a stack shared by all
    /// undo records, so a record stays small and `make` writes only what it removes.
    removed: Vec<(u16, Code)>,
    history: Vec<RepetitionEntry>,
    /// The state beyond the board of a game that keeps one (hands, castling rights, en passant,
    /// the fifty-move counter); empty otherwise.
    chess: ChessState,
    /// Per move made: the state before it (games that keep one).
    chess_undo: Vec<ChessState>,
    /// Pieces per side of the types `CompiledPiece::tally` counts (`[tally bit][side]`): the
    /// 12x8 game's check test looks for the Halflings' and Golems' rare captures only where
    /// they stand. Kept by `add`, `remove` and `retype`, so `unmake` restores it too.
    tally: [[u8; 2]; 2],
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
            latent_count: [[0; 8]; 2],
            hash: 0,
            side: setup.to_move,
            mid_turn: 0,
            turn_starts: Vec::with_capacity(8),
            undo: Vec::with_capacity(256),
            removed: Vec::with_capacity(256),
            history: Vec::with_capacity(256),
            chess: ChessState::empty(),
            chess_undo: Vec::new(),
            tally: [[0; 2]; 2],
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
        if v.powers {
            pos.chess = setup.chess.unwrap_or_else(|| {
                // An array starts with the castlings whose King and Rook stand ready.
                let mut state = ChessState::initial(v);
                state.castle &= pos.castlings_in_place();
                state
            });
            pos.hash ^= rights::rights_key(&pos.chess);
            pos.chess_undo.reserve(256);
            pos.validate_chess()?;
        } else if v.keeps_state {
            pos.chess = match setup.chess {
                Some(mut state) => {
                    if state.castle == CASTLE_AS_PLACED {
                        state.castle = pos.initial_rights().castle;
                    }
                    state
                }
                None => pos.initial_rights(),
            };
            if v.rules.drops.is_some_and(|d| d.watches_royals()) {
                // What the board shows: a royal piece off its square has moved, one on its last
                // rank has closed the drops (the text adds a royal piece that moved and came back).
                pos.watch_royals();
            }
            pos.validate_rights()?;
            pos.hash ^= rights::rights_key(&pos.chess);
            pos.chess_undo.reserve(256);
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
            chess: self.variant.keeps_state.then_some(self.chess),
        }
    }

    #[inline]
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The pieces `color` holds in hand, by type, with their numbers, in a game with drops
    /// (`drop_rules`: the 12x8 game's too, whose hand slots are its file's `[drops] pieces` in
    /// order); nothing in the other games.
    pub fn hand_pieces(&self, color: Color) -> impl Iterator<Item = (PieceKind, u8)> + '_ {
        let hand = &self.chess.hands[color.index()];
        let kinds = (self.variant.rules.drops.as_ref()).map_or(&[][..], |d| d.kinds());
        (kinds.iter().enumerate())
            .filter_map(move |(slot, &kind)| (hand[slot] > 0).then_some((kind, hand[slot])))
    }
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    /// During a doubled turn (Jupiter's Doubler), after its first part: the square of the piece
    /// that now makes the second part. The side to move has not changed, and the legal moves are
    /// exactly the second parts. `None` at every turn boundary.
    #[inline]
    pub fn mid_turn(&self) -> Option<Square> {
        (self.mid_turn != 0).then(|| Square::from_cell(self.mid_turn as usize))
    }
    /// How many pieces of `color` have the latent power `bit` (a `piece::latent` flag).
    #[inline]
    pub(crate) fn latent_count(&self, color: Color, bit: u8) -> u16 {
        self.latent_count[color.index()][bit.trailing_zeros() as usize]
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
        if self.variant.keeps_state {
            h ^= rights::rights_key(&self.chess);
        }
        if self.mid_turn != 0 {
            h ^= self
                .variant
                .mid_turn_key(Square::from_cell(self.mid_turn as usize));
        }
        if self.counter_strike() {
            h ^= self.variant.counter_strike_key();
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

    /// The cells of `color`'s royal pieces, in list order: the walk stops at the last one
    /// (on Jupiter's board the King is one of about ninety pieces). Only for a position as `make`
    /// leaves it, not within `test_on_board`, whose lists may disagree with the board.
    #[inline]
    pub(crate) fn royal_cells(&self, color: Color) -> impl Iterator<Item = usize> + '_ {
        let v = self.variant;
        (self.side_cells(color).iter())
            .map(|&cell| cell as usize)
            .filter(move |&cell| v.is_royal(self.board[cell]))
            .take(self.royal_count(color))
    }

    /// The squares of `color`'s royal pieces, in list order (`royal_cells`).
    #[inline]
    pub fn royal_squares(&self, color: Color) -> impl Iterator<Item = Square> + '_ {
        self.royal_cells(color).map(Square::from_cell)
    }

    // ---- piece list maintenance ----

    #[inline]
    fn add(&mut self, cell: usize, code: Code) {
        let c = code_color_index(code);
        self.board[cell] = code;
        let i = self.count[c];
        self.list[c][i as usize] = cell as u16;
        self.index[cell] = i as u8;
        self.count[c] += 1;
        let cp = self.variant.compiled(code);
        if cp.royal {
            self.royals[c] += 1;
        }
        if cp.latent != 0 {
            self.count_latent(c, cp.latent, 1);
        }
        if cp.tally != 0 {
            self.count_tally(c, cp.tally, 1);
        }
        self.hash ^= self.variant.piece_key(code, Square::from_cell(cell));
    }

    #[inline]
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
        let cp = self.variant.compiled(code);
        if cp.royal {
            self.royals[c] -= 1;
        }
        if cp.latent != 0 {
            self.count_latent(c, cp.latent, -1);
        }
        if cp.tally != 0 {
            self.count_tally(c, cp.tally, -1);
        }
        self.hash ^= self.variant.piece_key(code, Square::from_cell(cell));
        code
    }

    fn count_tally(&mut self, side: usize, bits: u8, delta: i8) {
        for (bit, counts) in self.tally.iter_mut().enumerate() {
            if bits >> bit & 1 == 1 {
                counts[side] = counts[side].wrapping_add_signed(delta);
            }
        }
    }

    /// How many pieces of `side` have the tally bit `bit` (`CompiledPiece::tally`).
    #[inline]
    pub(crate) fn tallied(&self, bit: u8, side: Color) -> u8 {
        self.tally[bit.trailing_zeros() as usize][side.index()]
    }

    fn count_latent(&mut self, side: usize, bits: u8, delta: i16) {
        for bit in 0..8 {
            if bits >> bit & 1 == 1 {
                let n = &mut self.latent_count[side][bit];
                *n = n.wrapping_add_signed(delta);
            }
        }
    }

    #[inline]
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

    /// Runs `test` on the board as a move leaves it that empties `from` (if any) and puts
    /// `arriving` on `to`, taking what stood there, then puts the board back: a check test
    /// without the full make and unmake (it keeps neither hash, lists nor history). A capture
    /// leaves the taken piece last in its side's list, the order a made and unmade capture
    /// leaves, so that moves are listed, and searched, in the order they always were.
    #[inline]
    pub(crate) fn test_on_board<T>(
        &mut self,
        from: Option<usize>,
        to: usize,
        arriving: Code,
        test: impl FnOnce(&Position) -> T,
    ) -> T {
        let left = from.map(|f| (f, std::mem::replace(&mut self.board[f], EMPTY)));
        let taken = std::mem::replace(&mut self.board[to], arriving);
        let answer = test(self);
        self.board[to] = taken;
        if let Some((f, code)) = left {
            self.board[f] = code;
        }
        if taken != EMPTY && from != Some(to) {
            self.send_to_back(to);
        }
        answer
    }

    /// Puts the piece on `cell` last in its side's list, and the last one in its place.
    fn send_to_back(&mut self, cell: usize) {
        let c = code_color_index(self.board[cell]);
        let i = self.index[cell] as usize;
        let last = self.count[c] as usize - 1;
        let moved = self.list[c][last];
        self.list[c][i] = moved;
        self.index[moved as usize] = i as u8;
        self.list[c][last] = cell as u16;
        self.index[cell] = last as u8;
    }

    /// Changes the type of the piece on `cell` (promotion), keeping its place in the list.
    #[inline]
    fn retype(&mut self, cell: usize, code: Code) {
        let old = self.board[cell];
        let c = code_color_index(old);
        let sq = Square::from_cell(cell);
        let (was, now) = (self.variant.compiled(old), self.variant.compiled(code));
        self.royals[c] -= was.royal as u16;
        self.royals[c] += now.royal as u16;
        if was.latent | now.latent != 0 {
            self.count_latent(c, was.latent, -1);
            self.count_latent(c, now.latent, 1);
        }
        if was.tally | now.tally != 0 {
            self.count_tally(c, was.tally, -1);
            self.count_tally(c, now.tally, 1);
        }
        self.board[cell] = code;
        self.hash ^= self.variant.piece_key(old, sq) ^ self.variant.piece_key(code, sq);
    }

    // ---- repetition ----

    #[inline]
    fn push_history(&mut self, irreversible: bool) {
        let len = self.history.len() as u32;
        let key = self.hash;
        // The games that forbid a third repetition, and the check games (the 12x8 game's
        // included), which draw by it.
        let counted =
            self.variant.rules.third_repetition_illegal || self.variant.chess_rules.is_some();
        let entry = if irreversible || !counted {
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

    /// Plies since the last irreversible move (a capture, a promotion, a birth; in the 12x8 game
    /// also a Pawn move or a drop) or since the position was set up: how long the game has gone
    /// without progress (the engine's `progress_horizon` reads it).
    pub fn plies_since_irreversible(&self) -> u32 {
        self.history
            .last()
            .map_or(0, |e| self.history.len() as u32 - 1 - e.window_start)
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

    /// The kind of the piece that makes `m`.
    pub fn mover(&self, m: Move) -> Option<Piece> {
        self.piece_at(m.from)
    }

    /// The type of the piece on `sq`.
    pub fn kind_at(&self, sq: Square) -> Option<PieceKind> {
        self.piece_at(sq).map(|p| p.kind)
    }
}
