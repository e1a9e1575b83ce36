//! SplitMix64 (Steele, Lea and Flood's mixer): the small deterministic generator every part of
//! Jovian uses where it needs numbers that are the same on every run and every platform — Zobrist
//! keys, drawn arrays, test positions, the beginners' choices.

/// The step of SplitMix64's state: 2^64 divided by the golden ratio.
pub const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 finaliser of `x`: a well-mixed 64-bit value (a `const fn`, so key tables can be
/// built at compile time).
pub const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(GOLDEN);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator: its state advances by the golden-ratio constant, each output is `mix` of it.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        let out = mix(self.0);
        self.0 = self.0.wrapping_add(GOLDEN);
        out
    }

    /// Uniform in `0..n` (`n > 0`), by multiplication rather than remainder (no bias worth
    /// counting, no division).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// Uniform in `[0, 1)`.
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_is_splitmix64() {
        // The reference outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert!((0..1000).all(|_| r.below(7) < 7));
        assert!(
            (0..1000)
                .map(|_| r.uniform())
                .all(|u| (0.0..1.0).contains(&u))
        );
    }
}
