//! Playing levels 1-10: each a search limit. Levels 1-5 search a fixed depth (1 to 5 plies: quick,
//! weak, and reproducible); levels 6-10 think for a fixed time per move, doubling from 100 ms at
//! level 6 to 1.6 s at level 10.

use crate::limits::Limits;

pub const LEVELS: u32 = 10;
/// The level `jovian play` uses unless told otherwise.
pub const DEFAULT_LEVEL: u32 = 7;

/// The search limits of a level (1 = weakest).
pub fn limits_for_level(level: u32) -> Limits {
    match level.clamp(1, LEVELS) {
        l @ 1..=5 => Limits::depth(l),
        l => Limits::movetime(100 << (l - 6)),
    }
}

/// A line per level for help texts.
pub fn describe_level(level: u32) -> String {
    match level.clamp(1, LEVELS) {
        l @ 1..=5 => format!("level {l}: fixed depth {l}"),
        l => format!("level {l}: {} ms per move", 100u64 << (l - 6)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow() {
        assert_eq!(limits_for_level(1).depth, Some(1));
        assert_eq!(limits_for_level(5).depth, Some(5));
        assert_eq!(limits_for_level(6).movetime.unwrap().as_millis(), 100);
        assert_eq!(limits_for_level(10).movetime.unwrap().as_millis(), 1600);
        assert_eq!(limits_for_level(0).depth, Some(1));
        assert_eq!(limits_for_level(99).movetime.unwrap().as_millis(), 1600);
        assert!(describe_level(7).contains("200 ms"));
    }
}
