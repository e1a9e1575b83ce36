//! Movement diagrams generated from the rules library, not drawn by hand, in the spirit of H.G.
//! Muller's Interactive Diagrams: the piece stands in the middle of its own game's board and the
//! rules are asked, square by square, what it does there: on an empty board, with an enemy there,
//! with a friend there, and what becomes of a piece standing next to it when that piece's side is
//! to move. Lines it rides to the edge of the board get an arrow; its latent powers (poison,
//! burning, doubling, the Kamikaze's end) come from its table entry. See docs/web.md.

pub mod likeness;
mod marks;
mod paths;
mod probe;
mod rays;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use jovian_rules::piece::latent;
use jovian_rules::{PieceKind, Square, Variant};
use serde::Serialize;

pub use marks::Mark;
pub use paths::Path;
use probe::Bench;
pub use rays::Ray;

/// The largest window: 15x15 squares, Jupiter's board seen from its middle.
pub const MAX_RADIUS: i32 = 7;

#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The window shows `radius` squares in every direction from the piece.
    pub radius: i32,
    /// The piece is royal (its capture, or in the 12x8 game its checkmate, decides).
    pub royal: bool,
    /// The piece may pass its turn.
    pub pass: bool,
    /// Squares of the window with at least one mark, `dx`/`dy` from the piece, `dy > 0` forward
    /// (toward the opponent).
    pub cells: Vec<DiagramCell>,
    /// Lines along which the piece goes on beyond the window (to the board's edge, or `range`).
    pub rays: Vec<Ray>,
    /// The routes of its moves two squares away, where a piece on the way stops them.
    pub paths: Vec<Path>,
    /// Powers no square shows, in words (poisonous, removed after capturing, ...).
    pub notes: Vec<&'static str>,
}

#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct DiagramCell {
    pub dx: i32,
    pub dy: i32,
    /// What the piece does on or to this square (`Mark::name`s), at least one.
    pub marks: Vec<&'static str>,
}

impl Diagram {
    fn empty() -> Diagram {
        Diagram {
            radius: 0,
            royal: false,
            pass: false,
            cells: Vec::new(),
            rays: Vec::new(),
            paths: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The marks on the square `(dx, dy)` (empty if none).
    pub fn marks_at(&self, dx: i32, dy: i32) -> &[&'static str] {
        self.cells
            .iter()
            .find(|c| (c.dx, c.dy) == (dx, dy))
            .map_or(&[], |c| c.marks.as_slice())
    }
}

/// Where the piece stands (the middle of the board, the lower left of the four middle squares
/// on an even board) and how far the window reaches: as far as the board allows on every side.
pub fn centre(v: &Variant) -> (Square, i32) {
    let (w, h) = (v.geometry.width as i32, v.geometry.height as i32);
    let (f, r) = ((w - 1) / 2, (h - 1) / 2);
    let radius = f.min(r).min(w - 1 - f).min(h - 1 - r).min(MAX_RADIUS);
    (Square::new(f as u8, r as u8), radius)
}

/// The diagram of `kind` (as a Blue piece; a Tan piece's is the same turned round).
pub fn diagram(v: &'static Variant, kind: PieceKind) -> Diagram {
    let (at, radius) = centre(v);
    let Some(bench) = Bench::new(v, kind, at) else {
        return Diagram::empty();
    };
    let mut cells: BTreeMap<(i32, i32), u32> = BTreeMap::new();
    let found = marks::probe_window(&bench, radius, &mut cells);
    let spec = v.spec(kind);
    if spec.latent & latent::BURNS != 0 {
        for (dx, dy) in marks::NEIGHBOURS {
            if (dx, dy) != (0, 0) {
                *cells.entry((dx, dy)).or_default() |= Mark::Burns.bit();
            }
        }
    }
    let mut rays = rays::riding_lines(&bench, radius, &cells);
    for (bit, kind) in [
        (latent::POISONER, rays::RayKind::Poisons),
        (latent::DOUBLER, rays::RayKind::Doubles),
    ] {
        if spec.latent & bit != 0 {
            rays.extend(rays::queen_lines(kind));
        }
    }
    let mut notes = Vec::new();
    for (bit, note) in [
        (
            latent::POISONOUS,
            "poisonous: an enemy that captures it, or ends its turn where it stood, is removed",
        ),
        (latent::KAMIKAZE, "removed with its victim when it captures"),
        (
            latent::GENERAL,
            "cannot be jumped or taken by a General's jump",
        ),
        (
            latent::IMMOBILIZES,
            "freezes the enemies next to it (they may only capture themselves)",
        ),
        (
            latent::BURNS,
            "burns: enemies that end a turn next to it are removed; never frozen",
        ),
        (
            latent::POISONER,
            "every piece on its open queen lines is poisonous to its enemies",
        ),
        (
            latent::DOUBLER,
            "every piece on its open queen lines, of either side, may move twice in its turn",
        ),
    ] {
        if spec.latent & bit != 0 {
            notes.push(note);
        }
    }
    Diagram {
        radius,
        royal: spec.royal,
        pass: found.pass,
        cells: cells
            .into_iter()
            .filter(|&(_, bits)| bits != 0)
            .map(|((dx, dy), bits)| DiagramCell {
                dx,
                dy,
                marks: Mark::names(bits),
            })
            .collect(),
        rays,
        paths: paths::short_paths(&bench),
        notes,
    }
}
