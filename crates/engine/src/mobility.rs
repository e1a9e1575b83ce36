//! How many moves a piece has on an empty board: the evaluation's placement tables and the value
//! estimate of a type no table knows (a designer's file) both start from it.

use jovian_rules::geometry::CELLS;
use jovian_rules::{Color, Piece, PieceKind, Square, Variant};

/// Which mailbox cells are on the game's board.
pub fn board_cells(variant: &Variant) -> [bool; CELLS] {
    let mut on_board = [false; CELLS];
    for sq in variant.geometry.squares() {
        on_board[sq.cell()] = true;
    }
    on_board
}

/// Number of moves a piece would have from `sq` on an otherwise empty board.
pub fn empty_board_mobility(
    variant: &Variant,
    code: u16,
    sq: Square,
    on_board: &[bool; CELLS],
) -> i32 {
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

/// A type's number of moves on the empty board, averaged over the board's squares (Blue's piece;
/// Tan's is its mirror image).
pub fn average_mobility(variant: &Variant, kind: PieceKind) -> f64 {
    let on_board = board_cells(variant);
    let code = Piece::new(kind, Color::Blue).code();
    let (sum, n) = variant
        .geometry
        .squares()
        .fold((0i64, 0i64), |(sum, n), sq: Square| {
            (
                sum + empty_board_mobility(variant, code, sq, &on_board) as i64,
                n + 1,
            )
        });
    sum as f64 / n.max(1) as f64
}
