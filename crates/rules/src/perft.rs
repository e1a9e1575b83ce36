//! Perft: counting the leaves of the legal-move tree, the standard check of a move generator.

use crate::moves::Move;
use crate::piece::latent;
use crate::position::Position;

impl Position {
    /// Number of legal sequences of `depth` turns. A turn is one move, or the two parts of a
    /// doubled turn (Jupiter's Doubler), counted once per pair of parts. The last turn is counted
    /// without making its moves (but a doubled turn's first part is made to count its seconds).
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut buffers: Vec<Vec<Move>> = (0..2 * depth).map(|_| Vec::with_capacity(512)).collect();
        self.perft_with(depth, &mut buffers)
    }

    /// Perft split by first move: (move, count) in generation order.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let mut buffers: Vec<Vec<Move>> = (0..2 * depth).map(|_| Vec::with_capacity(512)).collect();
        moves
            .into_iter()
            .map(|m| {
                self.make(m);
                let left = if m.is_continuing() { depth } else { depth - 1 };
                let n = self.perft_with(left, &mut buffers);
                self.unmake();
                (m, n)
            })
            .collect()
    }

    fn perft_with(&mut self, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
        self.legal_moves(moves);
        let doubled =
            self.variant().latent & latent::DOUBLER != 0 && moves.iter().any(|m| m.is_continuing());
        if depth == 1 && !doubled {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        for &m in moves.iter() {
            // The first part of a doubled turn leaves the turn unfinished: its second parts
            // complete it, at the same depth.
            let left = if m.is_continuing() { depth } else { depth - 1 };
            if left == 0 {
                nodes += 1;
                continue;
            }
            self.make(m);
            nodes += self.perft_with(left, rest);
            self.unmake();
        }
        nodes
    }
}
