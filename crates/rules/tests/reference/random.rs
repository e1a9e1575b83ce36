//! Deterministic randomness for the comparisons: a small LCG and random sparse positions.

use jovian_rules::Color;

use super::{Board, DIAG, ORTHO, Sq, TYPES, on_board};

/// A deterministic linear congruential generator (Knuth's MMIX constants).
pub struct Lcg(pub u64);

impl Lcg {
    pub fn new(seed: u64) -> Lcg {
        let mut l = Lcg(seed ^ 0x5DEE_CE66_D1CE_4E5B);
        l.next();
        l
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    /// Uniform in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    pub fn color(&mut self) -> Color {
        if self.chance(50) {
            Color::Blue
        } else {
            Color::Tan
        }
    }
}

fn random_empty(rng: &mut Lcg, b: &Board, zones: bool) -> Sq {
    loop {
        // Half the time near a promotion zone edge (ranks 2-4 and 7-9), where twins appear.
        let rank = if zones && rng.chance(50) {
            [1, 2, 3, 6, 7, 8][rng.below(6)]
        } else {
            rng.below(10) as i8
        };
        let sq = (rng.below(10) as i8, rank);
        if b.at(sq).is_none() {
            return sq;
        }
    }
}

/// A random sparse position: a royal piece per side, random types of all 36 (both colours),
/// often a cluster of friends and enemies around a Dervish or Harpy, sometimes a swarm of more
/// relayers than the library keeps in its fixed buffer.
pub fn random_sparse(rng: &mut Lcg) -> Board {
    let mut b = Board::empty(rng.color());
    for color in Color::BOTH {
        let royal = if rng.chance(20) { "Em" } else { "K" };
        let sq = random_empty(rng, &b, false);
        b.set(sq, Some((color, royal)));
        if rng.chance(5) {
            let sq = random_empty(rng, &b, false);
            b.set(sq, Some((color, "K")));
        }
    }
    for _ in 0..2 + rng.below(14) {
        let sq = random_empty(rng, &b, true);
        b.set(sq, Some((rng.color(), TYPES[rng.below(36)])));
    }
    if rng.chance(60) {
        let color = rng.color();
        let centre = random_empty(rng, &b, true);
        let relayer = if rng.chance(50) { "De" } else { "Ha" };
        b.set(centre, Some((color, relayer)));
        let reach = if relayer == "De" { 1 } else { 3 };
        for e in ORTHO.iter().chain(DIAG.iter()) {
            for k in 1..=reach {
                let sq = (centre.0 + e.0 * k, centre.1 + e.1 * k);
                if on_board(sq) && b.at(sq).is_none() && rng.chance(35) {
                    let owner = if rng.chance(70) { color } else { color.other() };
                    b.set(sq, Some((owner, TYPES[rng.below(36)])));
                }
            }
        }
    }
    if rng.chance(4) {
        let color = rng.color();
        for _ in 0..9 + rng.below(4) {
            let sq = random_empty(rng, &b, false);
            b.set(sq, Some((color, if rng.chance(50) { "De" } else { "Ha" })));
        }
        for _ in 0..6 {
            let sq = random_empty(rng, &b, false);
            b.set(sq, Some((color, TYPES[rng.below(36)])));
        }
    }
    b
}
