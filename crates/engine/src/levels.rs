//! Playing levels 1-10: each a fixed search depth, so a level plays the same on a busy machine as
//! on an idle one and the strength ladder can be measured reproducibly. Levels 1-5 search 1 to 5
//! plies; levels 6-10 search 6, 8, 10, 12 and 14 plies, each with a time cap so that a level never
//! keeps a player waiting long in a wide position (the cap rarely binds below level 9).

use crate::limits::Limits;

pub const LEVELS: u32 = 10;
/// The level `jovian play` and the browser use unless told otherwise.
pub const DEFAULT_LEVEL: u32 = 7;

/// (depth, time cap in ms) of levels 6-10.
const DEEP: [(u32, u64); 5] = [
    (6, 2_000),
    (8, 5_000),
    (10, 10_000),
    (12, 20_000),
    (14, 40_000),
];

/// The search limits of a level (1 = weakest).
pub fn limits_for_level(level: u32) -> Limits {
    match level.clamp(1, LEVELS) {
        l @ 1..=5 => Limits::depth(l),
        l => {
            let (depth, cap) = DEEP[(l - 6) as usize];
            Limits {
                depth: Some(depth),
                ..Limits::movetime(cap)
            }
        }
    }
}

/// A line per level for help texts.
pub fn describe_level(level: u32) -> String {
    match level.clamp(1, LEVELS) {
        l @ 1..=5 => format!("level {l}: fixed depth {l}"),
        l => {
            let (depth, cap) = DEEP[(l - 6) as usize];
            format!(
                "level {l}: fixed depth {depth}, at most {} s per move",
                cap / 1000
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow() {
        assert_eq!(limits_for_level(1).depth, Some(1));
        assert_eq!(limits_for_level(5).depth, Some(5));
        assert_eq!(limits_for_level(6).depth, Some(6));
        assert_eq!(limits_for_level(6).movetime.unwrap().as_millis(), 2_000);
        assert_eq!(limits_for_level(10).depth, Some(14));
        assert_eq!(limits_for_level(0).depth, Some(1));
        assert_eq!(limits_for_level(99).depth, Some(14));
        let depths: Vec<u32> = (1..=LEVELS)
            .map(|l| limits_for_level(l).depth.unwrap())
            .collect();
        assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
        assert_eq!(
            describe_level(7),
            "level 7: fixed depth 8, at most 5 s per move"
        );
    }
}
