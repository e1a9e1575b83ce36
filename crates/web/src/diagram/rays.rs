//! Lines a piece rides: found where the piece reaches every square of a line to the window's
//! edge, then tried from the far end of the board, with the Kings out of the way, to tell a ride
//! to the edge (an arrow) from a long but limited one (its range, when the window is too small to
//! show it).

use std::collections::BTreeMap;

use jovian_rules::piece::Lines;
use jovian_rules::{Color, PieceKind, Square, Variant};
use serde::Serialize;

use super::marks::Mark;
use super::probe::{self, Bench, Pieces};

#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Ray {
    /// One step of the line (`(1, 0)`, `(1, 1)`, `(1, 2)`...), forward = `dy > 0`.
    pub dx: i32,
    pub dy: i32,
    /// `move`, `capture` or `both` for a ride; `poisons` or `doubles` for a Poisoner's or
    /// Doubler's lines.
    pub kind: &'static str,
    /// How many steps the ride goes at most, when that reaches the window's edge or beyond;
    /// `None` = to the board's edge.
    pub range: Option<u8>,
}

#[derive(Copy, Clone)]
pub enum RayKind {
    Poisons,
    Doubles,
}

/// The eight queen lines, for the latent powers that act along them.
pub fn queen_lines(kind: RayKind) -> Vec<Ray> {
    let name = match kind {
        RayKind::Poisons => "poisons",
        RayKind::Doubles => "doubles",
    };
    Lines::Queen
        .vectors()
        .iter()
        .map(|&(dx, dy)| Ray {
            dx: dx.into(),
            dy: dy.into(),
            kind: name,
            range: None,
        })
        .collect()
}

/// Every line direction a rider can have: steps up to 3 squares either way, coprime.
fn directions() -> impl Iterator<Item = (i32, i32)> {
    (-3i32..=3)
        .flat_map(|dx| (-3i32..=3).map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| (dx, dy) != (0, 0) && gcd(dx.unsigned_abs(), dy.unsigned_abs()) == 1)
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The lines the piece rides beyond the window.
pub fn riding_lines(bench: &Bench, radius: i32, cells: &BTreeMap<(i32, i32), u32>) -> Vec<Ray> {
    let v = bench.variant;
    // A piece with companions (a Golem's other part, an Elephant's King) rides nowhere.
    if probe::needs_companions(v, bench.kind) {
        return Vec::new();
    }
    let base = Mark::Move.bit() | Mark::Capture.bit();
    let mut rays = Vec::new();
    for (dx, dy) in directions() {
        let steps = radius / dx.abs().max(dy.abs());
        if steps < 2 {
            continue;
        }
        let line: Vec<u32> = (1..=steps)
            .map(|k| cells.get(&(k * dx, k * dy)).copied().unwrap_or(0) & base)
            .collect();
        // A ride may begin after a gap (the Wagon never stops on the first square), then must
        // reach every square to the window's edge, two at least.
        let Some(first) = line.iter().position(|&b| b != 0) else {
            continue;
        };
        let along = &line[first..];
        if along.len() < 2 || along.contains(&0) {
            continue;
        }
        let both = along.iter().all(|&b| b == base);
        let kind = if both {
            "both"
        } else if along[along.len() - 1] == Mark::Move.bit() {
            "move"
        } else {
            "capture"
        };
        let capture_only = along.iter().all(|&b| b == Mark::Capture.bit());
        match run_from_the_edge(v, bench.kind, (dx, dy), first, capture_only) {
            Some(Run::ToTheEdge) => rays.push(Ray {
                dx,
                dy,
                kind,
                range: None,
            }),
            // A ride that stops at the window's edge or beyond: its range is said, so that it is
            // not taken for one that goes on (a Chariot's four squares on a 9x9 window).
            Some(Run::Limited(n)) if n as i32 >= steps => rays.push(Ray {
                dx,
                dy,
                kind,
                range: Some(n),
            }),
            _ => {}
        }
    }
    rays
}

enum Run {
    ToTheEdge,
    Limited(u8),
}

/// The piece on the board's far side from direction `d`, riding toward the other side: how far
/// it gets on an empty board (with an enemy on each square in turn, for a capture-only line).
fn run_from_the_edge(
    v: &'static Variant,
    kind: PieceKind,
    d: (i32, i32),
    first: usize,
    capture_only: bool,
) -> Option<Run> {
    let (w, h) = (v.geometry.width as i32, v.geometry.height as i32);
    let (c, _) = super::centre(v);
    let start = |step: i32, size: i32, middle: i32| match step.signum() {
        1 => 0,
        -1 => size - 1,
        _ => middle,
    };
    let s = (
        start(d.0, w, c.file() as i32),
        start(d.1, h, c.rank() as i32),
    );
    let line: Vec<Square> = (1..)
        .map(|k| (s.0 + k * d.0, s.1 + k * d.1))
        .take_while(|&(f, r)| v.geometry.contains(f, r))
        .map(|(f, r)| Square::new(f as u8, r as u8))
        .collect();
    let from = Square::new(s.0 as u8, s.1 as u8);
    let bench = bench_off_line(v, kind, from, &line)?;
    let (_, alone) = bench.moves(&[])?;
    for (run, &sq) in (first as u8..).zip(&line[first.min(line.len())..]) {
        let reached = if capture_only {
            bench
                .moves(&[(Color::Tan, bench.target, sq)])
                .is_some_and(|(_, ms)| ms.iter().any(|m| m.destination() == sq))
        } else {
            alone.iter().any(|m| m.destination() == sq)
        };
        if !reached {
            return Some(Run::Limited(run));
        }
    }
    Some(Run::ToTheEdge)
}

/// A bench with the piece on `at` and the Kings and Tan's spare piece off `line` and away from
/// the piece, on squares where the rules accept the position.
fn bench_off_line(
    v: &'static Variant,
    kind: PieceKind,
    at: Square,
    line: &[Square],
) -> Option<Bench> {
    let king = probe::royal_kind(v)?;
    let target = probe::target_kind(v)?;
    let (w, h) = (v.geometry.width, v.geometry.height);
    let far = |sq: Square| {
        let df = (sq.file() as i32 - at.file() as i32).abs();
        let dr = (sq.rank() as i32 - at.rank() as i32).abs();
        // Not on any line through the piece (so nothing it rides is blocked or attacked).
        let on_a_line = df == 0 || dr == 0 || df == dr || df == 2 * dr || dr == 2 * df;
        sq != at && !line.contains(&sq) && !on_a_line && df.max(dr) > 1
    };
    let free: Vec<Square> = (0..h)
        .flat_map(|r| (0..w).map(move |f| Square::new(f, r)))
        .filter(|&sq| far(sq))
        .collect();
    for (i, &blue_king) in free.iter().enumerate() {
        for (j, &tan_king) in free.iter().enumerate().rev() {
            let Some(&spare) = free.iter().find(|&&s| s != blue_king && s != tan_king) else {
                continue;
            };
            if i == j {
                continue;
            }
            let pieces: Pieces = vec![
                (Color::Blue, kind, at),
                (Color::Blue, king, blue_king),
                (Color::Tan, king, tan_king),
                (Color::Tan, target, spare),
            ];
            if probe::position(v, pieces.clone(), Color::Blue).is_some() {
                return Some(Bench::from_pieces(v, kind, at, pieces));
            }
        }
    }
    None
}
