//! Playing levels 1-10, the measured strength ladder (docs/engine.md has the match results).
//!
//! Each level is a fixed search depth, so it plays the same on a busy machine as on an idle one
//! and the ladder can be measured reproducibly. Levels 1 and 2 are for beginners: they search one
//! ply and then pick at random (seeded by the position) among the moves that lose at most 3.00
//! or 1.00 pawns against the best, so they miss tactics a person can exploit, yet never miss an
//! immediate win. Levels 3-10 search 1 to 8 plies. Every level also carries a time cap, so that no
//! level keeps a player waiting long on any legal position (Typhoon's middlegame, a wall of pawns
//! where every capture can be answered): in ordinary positions the cap is far above what the depth
//! takes, so the levels still play the same on a busy machine as on an idle one.
//!
//! The levels also keep the pruning they were measured with (`Limits::ladder_pruning`,
//! `SearchTunables::pin_ladder_pruning`): a change of the timed searches' defaults, adopted by
//! an SPRT at a time per move, leaves the ladder's figures true.
//!
//! Why the ladder stops at depth 8 (about a second a move on Scirocco): every level must be
//! measured stronger than the one below over 100 games, and Scirocco games between these levels
//! last about 240 plies; one more ply per level would multiply the cost of the top pair by about
//! three (days of machine time on two cores). Strength beyond level 10 is a matter of time:
//! `--movetime`, or the time per move in the browser.

use crate::limits::Limits;

/// The reproducible levels (the measured ladder): 1 to `LEVELS`.
pub const LEVELS: u32 = 10;
/// Full strength: a time per move used whole, on every core that is free. Not reproducible (time
/// and threads decide), and above the ladder.
pub const FULL_STRENGTH: u32 = 11;
/// The highest level.
pub const MAX_LEVEL: u32 = FULL_STRENGTH;
/// Full strength's time per move, in ms, when no clock or time per move is given.
pub const FULL_STRENGTH_MS: u64 = 5_000;
/// The level `jovian play` and the browser use unless told otherwise: strong, and quick.
pub const DEFAULT_LEVEL: u32 = 9;

/// How far below the best move a beginner's level may choose, in centipawns (levels 1 and 2).
const BEGINNER_MARGIN: [i32; 2] = [300, 100];

/// The time cap of levels 1 and 2, in ms.
const BEGINNER_CAP_MS: u64 = 2_000;

/// (depth, time cap in ms) of levels 3-10.
const LADDER: [(u32, u64); 8] = [
    (1, 2_000),
    (2, 2_000),
    (3, 2_000),
    (4, 2_000),
    (5, 2_000),
    (6, 2_000),
    (7, 3_000),
    (8, 5_000),
];

/// The search limits of a level (1 = weakest).
pub fn limits_for_level(level: u32) -> Limits {
    match level.clamp(1, MAX_LEVEL) {
        FULL_STRENGTH => Limits {
            all_time: true,
            ..Limits::movetime(FULL_STRENGTH_MS)
        },
        l @ 1..=2 => Limits {
            depth: Some(1),
            skill_margin: Some(BEGINNER_MARGIN[(l - 1) as usize]),
            ladder_pruning: true,
            ..Limits::movetime(BEGINNER_CAP_MS)
        },
        l => {
            let (depth, cap) = LADDER[(l - 3) as usize];
            Limits {
                depth: Some(depth),
                ladder_pruning: true,
                ..Limits::movetime(cap)
            }
        }
    }
}

/// The search threads a level uses when `spare_cores` cores are free besides the one it runs on:
/// full strength takes them all, the ladder's levels one (so they stay reproducible).
pub fn threads_for_level(level: u32, spare_cores: usize) -> usize {
    if level >= FULL_STRENGTH {
        1 + spare_cores
    } else {
        1
    }
}

/// A line per level for help texts.
pub fn describe_level(level: u32) -> String {
    match level.clamp(1, MAX_LEVEL) {
        FULL_STRENGTH => format!(
            "level {FULL_STRENGTH}: full strength, {} s per move used whole, on every free core",
            FULL_STRENGTH_MS / 1000
        ),
        l @ 1..=2 => format!(
            "level {l}: depth 1, then any move within {:.2} pawns of the best, at most {} s per move",
            BEGINNER_MARGIN[(l - 1) as usize] as f64 / 100.0,
            BEGINNER_CAP_MS / 1000
        ),
        l => {
            let (depth, cap) = LADDER[(l - 3) as usize];
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
        assert_eq!(limits_for_level(1).skill_margin, Some(300));
        assert_eq!(limits_for_level(2).skill_margin, Some(100));
        assert_eq!(limits_for_level(3).skill_margin, None);
        assert_eq!(limits_for_level(3).depth, Some(1));
        assert_eq!(limits_for_level(7).depth, Some(5));
        // Every level is bounded in time, the beginners' too.
        for level in 1..=MAX_LEVEL {
            let cap = limits_for_level(level).movetime;
            assert!(cap.is_some_and(|t| t.as_millis() <= 5_000), "level {level}");
        }
        assert_eq!(limits_for_level(8).depth, Some(6));
        assert_eq!(limits_for_level(8).movetime.unwrap().as_millis(), 2_000);
        assert_eq!(limits_for_level(10).depth, Some(8));
        assert_eq!(limits_for_level(0).skill_margin, Some(300));
        assert_eq!(limits_for_level(10).depth, Some(8));
        let full = limits_for_level(99);
        assert!(full.all_time && full.depth.is_none());
        assert_eq!(full.movetime.unwrap().as_millis(), FULL_STRENGTH_MS as u128);
        assert_eq!(threads_for_level(FULL_STRENGTH, 3), 4);
        assert_eq!(threads_for_level(LEVELS, 3), 1);
        let depths: Vec<u32> = (3..=LEVELS)
            .map(|l| limits_for_level(l).depth.unwrap())
            .collect();
        assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
        assert_eq!(
            describe_level(9),
            "level 9: fixed depth 7, at most 3 s per move"
        );
        assert_eq!(
            describe_level(1),
            "level 1: depth 1, then any move within 3.00 pawns of the best, at most 2 s per move"
        );
    }
}
