//! Progress: a lead that the search cannot turn into an irreversible gain (a capture, a
//! promotion, a birth) is worth a little less with every ply, so that of two lines the engine
//! prefers the one that makes something happen. Without it Jupiter's engine, far ahead, shuffled
//! its 90 pieces to the move limit (docs/engine.md, "Progress").

/// `score` shrunk towards 0 by `1/horizon` per ply without progress, to at most half
/// (`SearchTunables::progress_horizon`; 0 or less: unchanged). Its sign never changes, so a
/// winning side still sees itself winning.
#[inline]
pub fn progress_scaled(score: i32, plies_without_progress: u32, horizon: i32) -> i32 {
    if horizon <= 0 {
        return score;
    }
    let kept = horizon as i64 - (plies_without_progress as i64).min(horizon as i64 / 2);
    (score as i64 * kept / horizon as i64) as i32
}

#[cfg(test)]
mod tests {
    use super::progress_scaled;

    #[test]
    fn the_score_shrinks_by_one_horizonth_a_ply_to_at_most_half() {
        assert_eq!(progress_scaled(1_000, 0, 200), 1_000);
        assert_eq!(progress_scaled(1_000, 20, 200), 900);
        assert_eq!(progress_scaled(-1_000, 20, 200), -900);
        assert_eq!(progress_scaled(1_000, 100, 200), 500);
        assert_eq!(progress_scaled(1_000, 900, 200), 500);
        // Off: unchanged whatever the count.
        assert_eq!(progress_scaled(1_000, 900, 0), 1_000);
        // Never a change of sign, never growth, on a sweep of scores and counts.
        for score in [-30_000, -777, -1, 0, 1, 555, 29_000] {
            for plies in [0, 1, 7, 99, 100, 101, 5_000] {
                let s = progress_scaled(score, plies, 200);
                assert!(
                    s.signum() == score.signum() || s == 0,
                    "{score} {plies} {s}"
                );
                assert!(s.abs() <= score.abs() && s.abs() >= score.abs() / 2 - 1);
            }
        }
    }
}
