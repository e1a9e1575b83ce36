//! The move: 8 bytes, `Copy`, able to carry every kind of move of the four games.

use crate::geometry::Square;
use crate::piece::PieceKind;

/// What a move does beyond going from `from` to `to`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum MoveKind {
    /// The piece moves under its own power; captures whatever stands on `to`.
    Normal = 0,
    /// Like `Normal`, but with a power lent by a relaying piece (never promotes).
    Relayed = 1,
    /// Captures the enemy on `to` without moving; the piece stays on `from`.
    Igui = 2,
    /// Captures the enemy on `aux[0]` and goes from `from` to `to`; an enemy standing on `to` is
    /// captured too. Zig, Zag, Overtaker jump the victim to the empty square beyond; the Parrot and
    /// Raven may land on a second enemy; the Undertaker steps away from the victim behind it
    /// (capture by withdrawal): one shape, "capture there, land here", for all of them.
    HopCapture = 3,
    /// The piece on `from` passes the turn (`to == from`): the Parrot's and Raven's "pass a turn".
    Pass = 4,
    /// The piece goes from `from` to `to` (equal for the Cuckoo, which converts without moving),
    /// then the enemy on `aux[0]` changes owner (Cuckoo, Missionary). Captures nothing.
    Convert = 5,
    /// The piece on `from` and the piece on `to` (of either side) exchange squares (Hummingbird).
    Swap = 6,
    /// A slide along a queen line from `from` to `to` that captures every enemy on the squares
    /// after `from` up to and including `to`, then the `aux[0]` squares just beyond `to` (capture by
    /// approach). Victims are re-derived from the board in `make`, so a capture of up to 14 pieces
    /// fits in 8 bytes: the Longleaper (jumps, `to` empty), the Typhoon (passes through and may end on
    /// enemies), the Sorcerer (`to` empty, `aux[0]` contiguous enemies beyond).
    LineCapture = 7,
    /// The piece on `from` captures itself (`to == from`): an immobilized piece's only move.
    Suicide = 8,
    /// A move under the piece's own power with a capture-by-arrival power (Fiery Dragon,
    /// Intertaker, Coordinator, Communist): captures on `to`, then the pieces its `ArrivalKind`
    /// finds around `to` (re-derived from the board in `make`).
    Arrival = 9,
    /// The piece on `from` (Come Here) stays; the enemy on `to` moves one step toward it.
    Pull = 10,
    /// The piece on `from` (Go Away) stays; the enemy on `to` moves one step away from it.
    Repel = 11,
    /// A Tank steps from `from` to `to`, pushing the friend there (and a friend behind it) one step
    /// on; the last pushed piece captures an enemy on its new square.
    Push = 12,
    /// The piece on `from` (Tribble) creates a piece of its own type and side on the empty `to`.
    Create = 13,
    /// A piece from the hand (the type in `promotion()`) enters on `to`, and for a pair on
    /// `aux[0]` too (`aux[0] == to` for a single piece); `from == to`. A Thunder explodes on `to`.
    Drop = 14,
    /// The King goes `from` -> `to`; the Rook `aux[0]` -> `aux[1]`.
    Castle = 15,
    /// A Pawn goes `from` -> `to` (a square the enemy Pawn passed) and takes the enemy Pawn on
    /// `aux[0]`.
    EnPassant = 16,
    /// The Can(n)on on `from` turns into the type in `promotion()` without moving (`to == from`).
    Flip = 17,
    /// The Assassin on `from` shoots, across the passed square `to`, the piece that just passed
    /// there (wherever it now stands: `aux[0]`, or 255 if it is gone).
    ShootPassing = 18,
    /// Both parts of a Golem move: `from` -> `to` and `aux[0]` -> `aux[1]`; each captures what
    /// stands on its new square.
    Golem = 19,
}

impl MoveKind {
    /// Every kind, in discriminant order.
    const ALL: [MoveKind; 20] = [
        MoveKind::Normal,
        MoveKind::Relayed,
        MoveKind::Igui,
        MoveKind::HopCapture,
        MoveKind::Pass,
        MoveKind::Convert,
        MoveKind::Swap,
        MoveKind::LineCapture,
        MoveKind::Suicide,
        MoveKind::Arrival,
        MoveKind::Pull,
        MoveKind::Repel,
        MoveKind::Push,
        MoveKind::Create,
        MoveKind::Drop,
        MoveKind::Castle,
        MoveKind::EnPassant,
        MoveKind::Flip,
        MoveKind::ShootPassing,
        MoveKind::Golem,
    ];

    /// The kind whose discriminant is `n`.
    pub const fn from_u8(n: u8) -> Option<MoveKind> {
        if (n as usize) < Self::ALL.len() {
            Some(Self::ALL[n as usize])
        } else {
            None
        }
    }

    /// A short name for displays and statistics.
    pub const fn name(self) -> &'static str {
        match self {
            MoveKind::Normal => "normal",
            MoveKind::Relayed => "relayed",
            MoveKind::Igui => "igui",
            MoveKind::HopCapture => "hop",
            MoveKind::Pass => "pass",
            MoveKind::Convert => "convert",
            MoveKind::Swap => "swap",
            MoveKind::LineCapture => "line",
            MoveKind::Suicide => "suicide",
            MoveKind::Arrival => "arrival",
            MoveKind::Pull => "pull",
            MoveKind::Repel => "repel",
            MoveKind::Push => "push",
            MoveKind::Create => "create",
            MoveKind::Drop => "drop",
            MoveKind::Castle => "castle",
            MoveKind::EnPassant => "en passant",
            MoveKind::Flip => "flip",
            MoveKind::ShootPassing => "shot en passant",
            MoveKind::Golem => "golem",
        }
    }
}

/// The most pieces one move can remove: a Sorcerer on a 16-square line takes at most 14; a Fiery
/// Dragon 9, then poison and burning remove more at the end of the turn; a Coordinator takes two per
/// friendly royal piece. The undo record holds this many.
pub const MAX_CAPTURES: usize = 32;

/// No promotion.
const NO_PROMOTION: u8 = u8::MAX;

/// A move. The common move (a step or capture) uses only `from` and `to`; other kinds keep their
/// extra squares in `aux`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
    promo: u8,
    pub aux: [u8; 4],
}

const _: () = assert!(std::mem::size_of::<Move>() == 8);

impl Move {
    /// The move as 64 bits (for tables shared between threads, which store words).
    #[inline]
    pub const fn to_bits(self) -> u64 {
        u64::from_le_bytes([
            self.from.0,
            self.to.0,
            self.kind as u8,
            self.promo,
            self.aux[0],
            self.aux[1],
            self.aux[2],
            self.aux[3],
        ])
    }

    /// The move `to_bits` gave, or `None` for bits no move has (an unknown kind). Any move it
    /// returns is only a candidate: compare it with generated moves before playing it.
    #[inline]
    pub const fn from_bits(bits: u64) -> Option<Move> {
        let b = bits.to_le_bytes();
        match MoveKind::from_u8(b[2]) {
            Some(kind) => Some(Move {
                from: Square(b[0]),
                to: Square(b[1]),
                kind,
                promo: b[3],
                aux: [b[4], b[5], b[6], b[7]],
            }),
            None => None,
        }
    }

    #[inline]
    pub const fn new(kind: MoveKind, from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind,
            promo: NO_PROMOTION,
            aux: [0; 4],
        }
    }
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::new(MoveKind::Normal, from, to)
    }
    #[inline]
    pub const fn hop_capture(from: Square, over: Square, to: Square) -> Move {
        let mut m = Move::new(MoveKind::HopCapture, from, to);
        m.aux[0] = over.0;
        m
    }
    /// The same move, ending with promotion to `kind`.
    #[inline]
    pub const fn with_promotion(mut self, kind: PieceKind) -> Move {
        self.promo = kind.0;
        self
    }
    #[inline]
    pub const fn promotion(self) -> Option<PieceKind> {
        if self.promo == NO_PROMOTION {
            None
        } else {
            Some(PieceKind(self.promo))
        }
    }
    /// The square of the hopped victim of a `HopCapture`.
    #[inline]
    pub const fn hopped(self) -> Square {
        Square(self.aux[0])
    }
    /// A pass of the piece on `sq`.
    #[inline]
    pub const fn pass(sq: Square) -> Move {
        Move::new(MoveKind::Pass, sq, sq)
    }
    /// The self-capture of the piece on `sq`.
    #[inline]
    pub const fn suicide(sq: Square) -> Move {
        Move::new(MoveKind::Suicide, sq, sq)
    }
    /// The piece goes `from` -> `to` (or stays, if equal) and converts the enemy on `target`.
    #[inline]
    pub const fn convert(from: Square, to: Square, target: Square) -> Move {
        let mut m = Move::new(MoveKind::Convert, from, to);
        m.aux[0] = target.0;
        m
    }
    /// The piece on `from` and the one on `to` exchange squares.
    #[inline]
    pub const fn swap(from: Square, to: Square) -> Move {
        Move::new(MoveKind::Swap, from, to)
    }
    /// A line capture (see `MoveKind::LineCapture`); `beyond` = enemies taken past `to`.
    #[inline]
    pub const fn line_capture(from: Square, to: Square, beyond: u8) -> Move {
        let mut m = Move::new(MoveKind::LineCapture, from, to);
        m.aux[0] = beyond;
        m
    }
    /// The square of the converted piece of a `Convert`.
    #[inline]
    pub const fn converted(self) -> Square {
        Square(self.aux[0])
    }
    /// How many enemies a `LineCapture` takes beyond `to` (capture by approach).
    #[inline]
    pub const fn beyond(self) -> u8 {
        self.aux[0]
    }
    /// The square the moving piece ends on (for igui, pass, suicide, pulls, pushes and births,
    /// where it started).
    #[inline]
    pub const fn destination(self) -> Square {
        match self.kind {
            MoveKind::Igui
            | MoveKind::Pass
            | MoveKind::Suicide
            | MoveKind::Pull
            | MoveKind::Repel
            | MoveKind::Create
            | MoveKind::Flip
            | MoveKind::ShootPassing => self.from,
            _ => self.to,
        }
    }
    /// The same move as the first part of a doubled turn: the piece will make a second part
    /// (see `Position::mid_turn`).
    #[inline]
    pub const fn continuing(mut self) -> Move {
        self.aux[3] = 1;
        self
    }
    /// True for the first part of a doubled turn (a second part follows).
    #[inline]
    pub const fn is_continuing(self) -> bool {
        self.aux[3] != 0
    }
    /// The same plain move marked as declining the optional captures by arrival its piece could
    /// make there (a 1999 Fiery Dragon, Intertaker, Coordinator or Communist): it stays apart from
    /// the capturing `Arrival` move to the same square, also in coordinate form (`d4e5-`).
    #[inline]
    pub const fn declining(mut self) -> Move {
        self.aux[2] = 1;
        self
    }
    /// True for a plain move that declines captures by arrival (see `declining`).
    #[inline]
    pub const fn is_declining(self) -> bool {
        matches!(self.kind, MoveKind::Normal) && self.aux[2] != 0
    }
    /// A drop of `kind` on `to` (and, for a pair, on `second`; pass `to` again for one piece).
    #[inline]
    pub const fn drop(kind: PieceKind, to: Square, second: Square) -> Move {
        let mut m = Move::new(MoveKind::Drop, to, to).with_promotion(kind);
        m.aux[0] = second.0;
        m
    }
    /// The second square of a pair drop; `None` for a drop of one piece (or any other move).
    #[inline]
    pub fn pair_square(self) -> Option<Square> {
        let second = Square(self.aux[0]);
        (matches!(self.kind, MoveKind::Drop) && second != self.to).then_some(second)
    }
    /// A Golem's move: one part `from` -> `to`, the other `other_from` -> `other_to`.
    #[inline]
    pub const fn golem(from: Square, to: Square, other_from: Square, other_to: Square) -> Move {
        let mut m = Move::new(MoveKind::Golem, from, to);
        m.aux[0] = other_from.0;
        m.aux[1] = other_to.0;
        m
    }
    /// A move with a square argument in `aux[0]` (castling Rook, teleport or explosion square,
    /// en passant victim).
    #[inline]
    pub const fn with_aux(mut self, i: usize, sq: Square) -> Move {
        self.aux[i] = sq.0;
        self
    }
    /// The same move without the continuation mark.
    #[inline]
    pub const fn without_continuation(mut self) -> Move {
        self.aux[3] = 0;
        self
    }
}
