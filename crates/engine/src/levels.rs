//! Playing levels 1-10: each a search limit. Low levels search a fixed depth (instant, weak); higher
//! levels think for a fixed time per move, doubling from level to level.

use crate::limits::Limits;

pub const LEVELS: u32 = 10;
/// The level `jovian play` uses unless told otherwise.
pub const DEFAULT_LEVEL: u32 = 6;

/// The search limits of a level (1 = weakest).
pub fn limits_for_level(level: u32) -> Limits {
    match level.clamp(1, LEVELS) {
        1 => Limits::depth(1),
        2 => Limits::depth(2),
        3 => Limits::depth(3),
        l => Limits::movetime(50 << (l - 4)),
    }
}

/// A line per level for help texts.
pub fn describe_level(level: u32) -> String {
    match level.clamp(1, LEVELS) {
        l @ 1..=3 => format!("level {l}: fixed depth {l}"),
        l => format!("level {l}: {} ms per move", 50u64 << (l - 4)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow() {
        assert_eq!(limits_for_level(1).depth, Some(1));
        assert_eq!(limits_for_level(4).movetime.unwrap().as_millis(), 50);
        assert_eq!(limits_for_level(10).movetime.unwrap().as_millis(), 3200);
        assert_eq!(limits_for_level(0).depth, Some(1));
        assert_eq!(limits_for_level(99).movetime.unwrap().as_millis(), 3200);
        assert!(describe_level(7).contains("400 ms"));
    }
}
