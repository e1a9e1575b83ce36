//! The material of a position: how many pieces of each type each side has, on the board and in
//! hand. Comparing the census before and after a move tells what the move removed, created or
//! changed, whatever the mechanics (igui, burning, explosions, conversions, drops), so the piece
//! statistics and the fitted values need no knowledge of any game's special moves.

use jovian_rules::{Color, Position};

/// Pieces per type (indexed by kind), per side (`[Blue, Tan]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census(pub Vec<[i32; 2]>);

impl Census {
    pub fn of(pos: &Position) -> Census {
        let mut counts = vec![[0i32; 2]; pos.variant().pieces.len()];
        for color in Color::BOTH {
            for (piece, _) in pos.side_pieces(color) {
                counts[piece.kind.0 as usize][color.index()] += 1;
            }
            for (kind, n) in pos.hand_pieces(color) {
                counts[kind.0 as usize][color.index()] += n as i32;
            }
        }
        Census(counts)
    }

    /// Blue's count minus Tan's, per type: the features of the fitted values.
    pub fn difference(&self) -> Vec<f64> {
        self.0.iter().map(|c| (c[0] - c[1]) as f64).collect()
    }

    /// Per type and side: `after - self`.
    pub fn change_to(&self, after: &Census) -> Vec<[i32; 2]> {
        self.0
            .iter()
            .zip(&after.0)
            .map(|(b, a)| [a[0] - b[0], a[1] - b[1]])
            .collect()
    }

    /// Both sides' pieces of each type together.
    pub fn totals(&self) -> Vec<i32> {
        self.0.iter().map(|c| c[0] + c[1]).collect()
    }
}
