//! How a game ends: the texts' victory conditions.

use crate::geometry::Color;
use crate::position::Position;

/// Why a side lost.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum WinReason {
    /// The loser's last royal piece was captured.
    RoyalCaptured,
    /// The loser was reduced to a single piece.
    Bared,
    /// The loser had no legal move on its turn (stalemate, or every move would repeat a position a
    /// third time).
    NoLegalMove,
}

impl WinReason {
    pub fn describe(self) -> &'static str {
        match self {
            WinReason::RoyalCaptured => "royal piece captured",
            WinReason::Bared => "reduced to a single piece",
            WinReason::NoLegalMove => "no legal move",
        }
    }
}

/// A finished game.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Outcome {
    pub winner: Color,
    pub reason: WinReason,
}

impl Outcome {
    pub fn loser(self) -> Color {
        self.winner.other()
    }
    /// The PGN-style result: `1-0` when Blue wins, `0-1` when Tan wins.
    pub fn result_text(self) -> &'static str {
        match self.winner {
            Color::Blue => "1-0",
            Color::Tan => "0-1",
        }
    }
}

impl Position {
    /// The game end decided by the pieces on the board alone: a side without royal pieces or
    /// reduced to one piece has lost. The side to move is examined first: if a move left both sides
    /// lost, the side that made it wins (it completed its capture first; see docs/rules).
    pub fn material_outcome(&self) -> Option<Outcome> {
        let rules = self.variant().rules;
        let to_move = self.side_to_move();
        for loser in [to_move, to_move.other()] {
            if rules.royal_capture_loses && self.royal_count(loser) == 0 {
                return Some(Outcome {
                    winner: loser.other(),
                    reason: WinReason::RoyalCaptured,
                });
            }
            if rules.bare_piece_loses && self.piece_count(loser) <= 1 {
                return Some(Outcome {
                    winner: loser.other(),
                    reason: WinReason::Bared,
                });
            }
        }
        None
    }

    /// The game's result if it is over, `None` while the side to move has a legal move.
    pub fn outcome(&mut self) -> Option<Outcome> {
        if let Some(o) = self.material_outcome() {
            return Some(o);
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            return Some(Outcome {
                winner: self.side_to_move().other(),
                reason: WinReason::NoLegalMove,
            });
        }
        None
    }
}
