//! How long the engine may think: fixed depth, fixed nodes, time per move, or a clock with
//! increment. A deadline has a soft part (do not start another iteration) and a hard part (stop now).

use std::time::{Duration, Instant};

use jovian_rules::Color;

/// The time each side has left, and what it gains per move.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clock {
    pub remaining: [Duration; 2],
    pub increment: [Duration; 2],
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// The time this move should take on average: an equal share of what `side` has left (over
    /// the moves to go, or 30), plus three quarters of its increment.
    pub fn budget(&self, side: Color) -> Duration {
        let left = self.remaining[side.index()];
        let inc = self.increment[side.index()];
        let moves = self.moves_to_go.unwrap_or(30).max(1);
        (left / moves).saturating_add(inc / 4 * 3)
    }
}

#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    /// Weakens the engine for beginners: after the search, any root move whose quiescence score
    /// is at most this many centipawns below the best may be played (chosen by the position's
    /// hash, so the same position always gets the same answer). `None` plays the best move.
    pub skill_margin: Option<i32>,
    /// Use the whole time: new iterations start until the hard deadline (an interrupted one still
    /// gives its best move). Full strength's way; otherwise the soft deadline stops early.
    pub all_time: bool,
    /// Search with the pruning the level ladder was measured with
    /// (`SearchTunables::pin_ladder_pruning`). Levels 1-10 set it, so that they keep the strength
    /// docs/engine.md states for them whatever the timed searches' defaults become.
    pub ladder_pruning: bool,
}

/// Time the engine keeps in hand for answering after its hard deadline.
const SAFETY: Duration = Duration::from_millis(5);

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }

    pub fn is_timed(&self) -> bool {
        self.movetime.is_some() || self.clock.is_some()
    }

    pub fn deadline(&self, start: Instant, side: Color) -> Deadline {
        self.deadline_with(start, side, 55)
    }

    /// The deadline when no new iteration should start after `soft_percent` of the move's time
    /// (a time per move, or the budget the clock gives this move).
    pub fn deadline_with(&self, start: Instant, side: Color, soft_percent: u32) -> Deadline {
        let soft_percent = if self.all_time {
            100
        } else {
            soft_percent.clamp(1, 100)
        };
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        // Every product is saturating and every sum checked: a library caller may pass any
        // duration, and a deadline beyond what `Instant` holds is no deadline.
        if let Some(t) = self.movetime {
            hard = Some(t.saturating_sub(SAFETY));
            soft = Some((t / 100).saturating_mul(soft_percent));
        }
        if let Some(c) = self.clock {
            let left = c.remaining[side.index()];
            let budget = c.budget(side);
            let cap = (left / 5 * 2).saturating_sub(SAFETY);
            let h = budget.saturating_mul(3).min(cap);
            hard = Some(hard.map_or(h, |x| x.min(h)));
            let s = (budget / 100).saturating_mul(soft_percent + 5).min(h);
            soft = Some(soft.map_or(s, |x| x.min(s)));
        }
        Deadline {
            soft: soft.and_then(|d| start.checked_add(d)),
            hard: hard.and_then(|d| start.checked_add(d)),
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    soft: Option<Instant>,
    hard: Option<Instant>,
}

impl Deadline {
    pub fn none() -> Deadline {
        Deadline {
            soft: None,
            hard: None,
        }
    }
    pub fn soft_expired(&self) -> bool {
        self.soft.is_some_and(|t| Instant::now() >= t)
    }
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|t| Instant::now() >= t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_is_a_fraction_of_the_time_left() {
        let start = Instant::now();
        let clock = Clock {
            remaining: [Duration::from_secs(60), Duration::from_secs(1)],
            increment: [Duration::from_secs(1), Duration::ZERO],
            moves_to_go: None,
        };
        let limits = Limits {
            clock: Some(clock),
            ..Limits::default()
        };
        let blue = limits.deadline(start, Color::Blue);
        let hard = blue.hard.unwrap() - start;
        // 60 s / 30 + 0.75 s = 2.75 s budget, three times that as the hard limit.
        assert!(
            hard > Duration::from_secs(8) && hard < Duration::from_secs(9),
            "{hard:?}"
        );
        let tan = limits.deadline(start, Color::Tan);
        // Never more than 40% of what is left.
        assert!(tan.hard.unwrap() - start <= Duration::from_millis(400));
        let fixed = Limits::movetime(100).deadline(start, Color::Blue);
        assert_eq!(fixed.hard.unwrap() - start, Duration::from_millis(95));
        assert!(Deadline::none().hard.is_none());
    }

    #[test]
    fn absurd_times_do_not_panic() {
        let start = Instant::now();
        let forever = Duration::MAX;
        let clock = Clock {
            remaining: [forever; 2],
            increment: [forever; 2],
            moves_to_go: Some(1),
        };
        let limits = Limits {
            movetime: Some(forever),
            clock: Some(clock),
            ..Limits::default()
        };
        // Beyond what an Instant holds: no deadline rather than a panic.
        let d = limits.deadline(start, Color::Blue);
        assert!(!d.hard_expired() && !d.soft_expired());
    }
}
