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
    /// Jumps from `from` over the enemy on `aux[0]`, capturing it, to the empty `to`.
    HopCapture = 3,
}

/// No promotion.
const NO_PROMOTION: u8 = u8::MAX;

/// A move. The common move (a step or capture) uses only `from` and `to`; other kinds keep their
/// extra squares in `aux`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
    promo: u8,
    pub aux: [u8; 4],
}

const _: () = assert!(std::mem::size_of::<Move>() == 8);

impl Move {
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
    /// The square the moving piece ends on (for igui, where it started).
    #[inline]
    pub const fn destination(self) -> Square {
        match self.kind {
            MoveKind::Igui => self.from,
            _ => self.to,
        }
    }
}
