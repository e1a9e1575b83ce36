//! Latent powers as the board shows them (docs/rules/jupiter.md, "Latent powers"): paralysis by an
//! Immobilizer, the poison and burning laid at a turn's start, and which pieces a Doubler doubles.
//! All are read from the board, so a position needs no state for them beyond its pieces.

use super::Position;
use crate::geometry::{Color, QUEEN_STEPS, Square, SquareSet};
use crate::piece::{Code, EMPTY, OFFBOARD, code_color_index, latent};

/// The poison laid at the start of a turn, by the side it works against: `burn[c]` are the squares
/// next to a Fiery Dragon of c's opponent; `venom[c]` the squares held by a poisonous piece of c's
/// opponent (a Deadly Nightshade, or a piece on an open queen line from a Poisoner).
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct PoisonMap {
    pub(crate) burn: [SquareSet; 2],
    pub(crate) venom: [SquareSet; 2],
}

const POISON_SOURCES: u8 = latent::POISONOUS | latent::POISONER | latent::BURNS;

impl Position {
    #[inline]
    fn latent_bits(&self, code: Code) -> u8 {
        self.variant().latent_of(code)
    }

    /// Pieces of either side with any of the latent power `bits`.
    #[inline]
    pub(crate) fn any_latent(&self, bits: u8) -> bool {
        (0..8).any(|b| {
            bits >> b & 1 == 1
                && Color::BOTH
                    .iter()
                    .any(|&c| self.latent_count(c, 1 << b) > 0)
        })
    }

    /// The first piece from `cell` along `step` (its cell), or `None` at the board's edge.
    #[inline]
    pub(crate) fn first_piece(&self, cell: usize, step: isize) -> Option<usize> {
        let mut c = cell.wrapping_add_signed(step);
        loop {
            match self.cell(c) {
                EMPTY => c = c.wrapping_add_signed(step),
                OFFBOARD => return None,
                _ => return Some(c),
            }
        }
    }

    /// True if some piece of `us` may be paralysed: an enemy Immobilizer is on the board (a cheap
    /// test before `is_immobilized` is asked for every piece).
    #[inline]
    pub(crate) fn immobilizers_against(&self, us: Color) -> bool {
        self.variant().has_immobilizer && self.latent_count(us.other(), latent::IMMOBILIZES) > 0
    }

    /// True if the piece of side `us` on `cell` stands next to an enemy Immobilizer (a Fiery Dragon
    /// is never immobilized: Fiery Dragon trumps Immobilizer).
    #[inline]
    pub(crate) fn is_immobilized(&self, cell: usize, us: Color) -> bool {
        let v = self.variant();
        if v.latent & latent::BURNS != 0 && self.latent_bits(self.cell(cell)) & latent::BURNS != 0 {
            return false;
        }
        QUEEN_STEPS.iter().any(|&d| {
            let code = self.cell(cell.wrapping_add_signed(d));
            code != EMPTY
                && code != OFFBOARD
                && code_color_index(code) != us.index()
                && v.immobilizes(code)
        })
    }

    /// True if the piece on `cell` is poisonous to the other side now: a Deadly Nightshade, or a
    /// piece on an open queen line from a Poisoner of either side.
    pub(crate) fn is_poisonous(&self, cell: usize) -> bool {
        let code = self.cell(cell);
        if code == EMPTY || code == OFFBOARD {
            return false;
        }
        if self.latent_bits(code) & latent::POISONOUS != 0 {
            return true;
        }
        self.any_latent(latent::POISONER)
            && QUEEN_STEPS.iter().any(|&d| {
                self.first_piece(cell, d)
                    .is_some_and(|c| self.latent_bits(self.cell(c)) & latent::POISONER != 0)
            })
    }

    /// The poison laid from the board as it stands (the start of a turn).
    pub(crate) fn poison_map(&self) -> PoisonMap {
        let mut map = PoisonMap::default();
        if !self.any_latent(POISON_SOURCES) {
            return map;
        }
        for color in Color::BOTH {
            let them = color.other().index();
            for &cell in self.side_cells(color) {
                let cell = cell as usize;
                let bits = self.latent_bits(self.cell(cell));
                if bits & POISON_SOURCES == 0 {
                    continue;
                }
                if bits & latent::POISONOUS != 0 {
                    map.venom[them].insert(Square::from_cell(cell));
                }
                if bits & latent::BURNS != 0 {
                    for &d in &QUEEN_STEPS {
                        let n = cell.wrapping_add_signed(d);
                        if self.cell(n) != OFFBOARD {
                            map.burn[them].insert(Square::from_cell(n));
                        }
                    }
                }
                if bits & latent::POISONER != 0 {
                    for &d in &QUEEN_STEPS {
                        if let Some(c) = self.first_piece(cell, d) {
                            let victim_side = code_color_index(self.cell(c));
                            map.venom[1 - victim_side].insert(Square::from_cell(c));
                        }
                    }
                }
            }
        }
        map
    }

    /// The squares burnt against each side now (next to an enemy Fiery Dragon).
    pub(crate) fn burn_map(&self) -> Option<[SquareSet; 2]> {
        if !self.any_latent(latent::BURNS) {
            return None;
        }
        let mut burn = [SquareSet::default(); 2];
        for color in Color::BOTH {
            for &cell in self.side_cells(color) {
                let cell = cell as usize;
                if self.latent_bits(self.cell(cell)) & latent::BURNS != 0 {
                    for &d in &QUEEN_STEPS {
                        let n = cell.wrapping_add_signed(d);
                        if self.cell(n) != OFFBOARD {
                            burn[color.other().index()].insert(Square::from_cell(n));
                        }
                    }
                }
            }
        }
        Some(burn)
    }

    /// The pieces of the side to move that a Doubler doubles this turn (on an open queen line from
    /// a Doubler of either side, and not immobilized: Immobilizer trumps Doubler).
    pub(crate) fn doubled(&self) -> SquareSet {
        let mut set = SquareSet::default();
        if !self.any_latent(latent::DOUBLER) {
            return set;
        }
        let us = self.side_to_move();
        for color in Color::BOTH {
            for &cell in self.side_cells(color) {
                let cell = cell as usize;
                if self.latent_bits(self.cell(cell)) & latent::DOUBLER == 0 {
                    continue;
                }
                for &d in &QUEEN_STEPS {
                    if let Some(c) = self.first_piece(cell, d)
                        && code_color_index(self.cell(c)) == us.index()
                        && !(self.immobilizers_against(us) && self.is_immobilized(c, us))
                    {
                        set.insert(Square::from_cell(c));
                    }
                }
            }
        }
        set
    }
}
