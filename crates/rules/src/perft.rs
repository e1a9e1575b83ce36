//! Perft: counting the leaves of the legal-move tree, the standard check of a move generator.

use crate::moves::Move;
use crate::position::Position;

impl Position {
    /// Number of legal move sequences of length `depth`. The last ply is counted without making
    /// its moves.
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(512)).collect();
        self.perft_with(depth, &mut buffers)
    }

    /// Perft split by first move: (move, count) in generation order.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(512)).collect();
        moves
            .into_iter()
            .map(|m| {
                self.make(m);
                let n = self.perft_with(depth - 1, &mut buffers);
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
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        for &m in moves.iter() {
            self.make(m);
            nodes += self.perft_with(depth - 1, rest);
            self.unmake();
        }
        nodes
    }
}
