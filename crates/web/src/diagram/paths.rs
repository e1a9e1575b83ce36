//! The paths of short moves: which neighbouring squares, when occupied, stop the piece from
//! reaching a square two steps away. A leap has none; a step-by-step move (a Rook's second
//! square, a Hooklet's turn, a Hawklet's two King steps) has its path drawn through them, so that
//! pieces reaching the same squares by different routes draw different diagrams.

use std::collections::BTreeSet;

use jovian_rules::{Color, MoveKind, Square};
use serde::Serialize;

use super::marks::NEIGHBOURS;
use super::probe::{Bench, offset};

#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Path {
    pub dx: i32,
    pub dy: i32,
    /// Each list is a set of neighbouring squares that together stop the move (one square: the
    /// move passes there; two: it has two routes, one through each).
    pub via: Vec<Vec<(i32, i32)>>,
}

/// The displacement destinations of the piece with friends on `blockers`.
fn reach(bench: &Bench, blockers: &[Square]) -> Option<BTreeSet<Square>> {
    let extra: Vec<_> = blockers
        .iter()
        .map(|&b| (Color::Blue, bench.target, b))
        .collect();
    let (_, moves) = bench.moves(&extra)?;
    Some(
        moves
            .iter()
            .filter(|m| !matches!(m.kind, MoveKind::Swap | MoveKind::Pass))
            .map(|m| m.destination())
            .collect(),
    )
}

/// The paths of the piece's moves to squares two steps away (and one step, for a step that can
/// be blocked by two pieces, which never happens on the boards of these games but costs nothing).
pub fn short_paths(bench: &Bench) -> Vec<Path> {
    let v = bench.variant;
    let at = bench.at;
    let Some(free) = reach(bench, &[]) else {
        return Vec::new();
    };
    let square = |dx: i32, dy: i32| {
        let (f, r) = (at.file() as i32 + dx, at.rank() as i32 + dy);
        v.geometry
            .contains(f, r)
            .then(|| Square::new(f as u8, r as u8))
    };
    let neighbours: Vec<Square> = NEIGHBOURS
        .iter()
        .filter(|&&d| d != (0, 0))
        .filter_map(|&(dx, dy)| square(dx, dy))
        .filter(|&sq| !bench.occupied(sq))
        .collect();
    let near: Vec<Square> = free
        .iter()
        .copied()
        .filter(|&d| {
            let (dx, dy) = offset(at, d);
            dx.abs().max(dy.abs()) == 2
        })
        .collect();
    if near.is_empty() {
        return Vec::new();
    }
    let singles: Vec<(Square, BTreeSet<Square>)> = neighbours
        .iter()
        .filter_map(|&b| Some((b, reach(bench, &[b])?)))
        .collect();
    let mut paths = Vec::new();
    for &dest in &near {
        let mut via: Vec<Vec<(i32, i32)>> = Vec::new();
        let blocked_alone: Vec<Square> = singles
            .iter()
            .filter(|(_, r)| !r.contains(&dest))
            .map(|&(b, _)| b)
            .collect();
        for &b in &blocked_alone {
            via.push(vec![offset(at, b)]);
        }
        for (i, &(a, ref ra)) in singles.iter().enumerate() {
            for &(b, ref rb) in &singles[i + 1..] {
                if blocked_alone.contains(&a) || blocked_alone.contains(&b) {
                    continue;
                }
                // Only pairs that each leave a route open alone are worth asking about.
                if !ra.contains(&dest) || !rb.contains(&dest) {
                    continue;
                }
                if reach(bench, &[a, b]).is_some_and(|r| !r.contains(&dest)) {
                    via.push(vec![offset(at, a), offset(at, b)]);
                }
            }
        }
        if !via.is_empty() {
            let (dx, dy) = offset(at, dest);
            paths.push(Path { dx, dy, via });
        }
    }
    paths
}
