//! Static evaluation: material, promotion potential, piece placement by empty-board mobility, royal
//! safety, the bare-piece danger and tempo. Every weight is in `tunables::EvalTunables`.

use jovian_rules::geometry::CELLS;
use jovian_rules::{Color, Piece, Position, Square, Variant};

use crate::tunables::EvalTunables;
use crate::values::{ValueTable, values_from};

/// Precomputed tables for one variant.
pub struct Evaluator {
    pub tunables: EvalTunables,
    /// Material value by piece code.
    value: Vec<i32>,
    /// What promotion would add (0 if it would not gain), by piece code.
    promotion_gain: Vec<i32>,
    /// Placement bonus by piece code and square.
    placement: Vec<[i16; 256]>,
    /// Ranks short of the promotion zone, by colour and square (0 inside the zone).
    zone_distance: [[u8; 256]; 2],
}

/// Number of moves a piece would have from `sq` on an otherwise empty board.
fn empty_board_mobility(variant: &Variant, code: u16, sq: Square, on_board: &[bool; CELLS]) -> i32 {
    let cp = variant.compiled(code);
    let from = sq.cell();
    let at = |cell: usize, off: isize| cell.wrapping_add_signed(off);
    let mut n = cp
        .leaps
        .iter()
        .filter(|&&(off, _)| on_board[at(from, off)])
        .count() as i32;
    for r in &cp.rides {
        let (mut cell, mut dist) = (from, 0u8);
        loop {
            cell = at(cell, r.step);
            dist += 1;
            if !on_board[cell] {
                break;
            }
            if dist >= r.min {
                n += 1;
            }
            if dist == r.max {
                break;
            }
        }
    }
    for b in &cp.bents {
        let corner = at(from, b.first);
        if !on_board[corner] {
            continue;
        }
        n += 1;
        for &step in &b.then[..b.then_len as usize] {
            let mut cell = corner;
            loop {
                cell = at(cell, step);
                if !on_board[cell] {
                    break;
                }
                n += 1;
            }
        }
    }
    n + cp.iguis.len() as i32 / 2
}

impl Evaluator {
    pub fn new(variant: &'static Variant, tunables: EvalTunables) -> Evaluator {
        let kinds = variant.pieces.len();
        let values = values_from(variant, ValueTable::from_tunable(tunables.value_table));
        let mut on_board = [false; CELLS];
        for sq in variant.geometry.squares() {
            on_board[sq.cell()] = true;
        }
        let codes = 1 + kinds * 2;
        let mut value = vec![0; codes];
        let mut promotion_gain = vec![0; codes];
        let mut placement = vec![[0i16; 256]; codes];
        for kind in variant.kinds() {
            for color in Color::BOTH {
                let code = Piece::new(kind, color).code();
                let c = code as usize;
                value[c] = values[kind.0 as usize];
                if let Some(p) = variant.compiled(code).promotes_to {
                    promotion_gain[c] = (values[p.0 as usize] - value[c]).max(0);
                }
                let mobility: Vec<(Square, i32)> = variant
                    .geometry
                    .squares()
                    .map(|sq| (sq, empty_board_mobility(variant, code, sq, &on_board)))
                    .collect();
                let average =
                    mobility.iter().map(|m| m.1).sum::<i32>() as f64 / mobility.len() as f64;
                for (sq, m) in mobility {
                    let bonus =
                        (m as f64 - average) * 4.0 * tunables.mobility_weight as f64 / 100.0;
                    placement[c][sq.0 as usize] = bonus.round() as i16;
                }
            }
        }
        let mut zone_distance = [[0u8; 256]; 2];
        for color in Color::BOTH {
            let zone_ranks: Vec<u8> = (0..variant.geometry.height)
                .filter(|&r| variant.in_zone(color, Square::new(0, r).cell()))
                .collect();
            for sq in variant.geometry.squares() {
                let d = zone_ranks
                    .iter()
                    .map(|&r| (r as i32 - sq.rank() as i32).unsigned_abs())
                    .min();
                zone_distance[color.index()][sq.0 as usize] = d.unwrap_or(u32::MAX).min(255) as u8;
            }
        }
        Evaluator {
            tunables,
            value,
            promotion_gain,
            placement,
            zone_distance,
        }
    }

    /// Material value of a piece.
    #[inline]
    pub fn piece_value(&self, piece: Piece) -> i32 {
        self.value[piece.code() as usize]
    }

    /// What promoting this piece would add.
    #[inline]
    pub fn promotion_gain(&self, piece: Piece) -> i32 {
        self.promotion_gain[piece.code() as usize]
    }

    /// The score from the side to move's point of view.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let t = &self.tunables;
        let variant = pos.variant();
        let mut score = [0i32; 2];
        let mut royal_square = [None::<Square>; 2];
        for color in Color::BOTH {
            let ci = color.index();
            for (piece, sq) in pos.side_pieces(color) {
                let c = piece.code() as usize;
                let mut s = self.value[c] + self.placement[c][sq.0 as usize] as i32;
                let gain = self.promotion_gain[c];
                if gain > 0 {
                    let share = match self.zone_distance[ci][sq.0 as usize] {
                        0 => t.promotion_share_in_zone,
                        1 => t.promotion_share_one_rank,
                        2 => t.promotion_share_two_ranks,
                        _ => 0,
                    };
                    s += gain * share / 100;
                }
                score[ci] += s;
                if variant.compiled(piece.code()).royal {
                    royal_square[ci] = Some(sq);
                }
            }
        }
        for color in Color::BOTH {
            let ci = color.index();
            if pos.royal_count(color) == 1
                && let Some(k) = royal_square[ci]
            {
                let near = |sq: Square| {
                    (sq.file() as i32 - k.file() as i32)
                        .abs()
                        .max((sq.rank() as i32 - k.rank() as i32).abs())
                };
                let attackers = pos
                    .side_pieces(color.other())
                    .filter(|&(_, sq)| near(sq) <= 2)
                    .count() as i32;
                let guards = pos
                    .side_pieces(color)
                    .filter(|&(_, sq)| near(sq) == 1)
                    .count() as i32;
                score[ci] += guards * t.royal_guard_bonus - attackers * t.royal_attacker_penalty;
            }
            // The danger of being bared, in the games where a lone piece loses.
            if !variant.chess {
                score[ci] -= match pos.piece_count(color) {
                    2 => t.bare_danger_two,
                    3 => t.bare_danger_three,
                    _ => 0,
                };
            }
        }
        // Pieces in hand (the 12x8 game) count for most of their value: they still have to find
        // a square, and drops wait until both Kings have moved.
        if let Some(state) = pos.chess_state() {
            for color in Color::BOTH {
                for (kind, n) in state.hand_pieces(color) {
                    let v = self.value[Piece::new(kind, Color::Blue).code() as usize];
                    score[color.index()] += v * n as i32 * t.hand_share / 100;
                }
            }
        }
        let us = pos.side_to_move().index();
        score[us] - score[1 - us] + t.tempo
    }
}
