//! The GUI's time control (`level`, `st`, `sd`, `time`, `otim`) and the engine limits it gives.
//! Every field is read within bounds (`crate::bounds`): a time beyond a day is refused, a clock
//! reading beyond a day reads as a day, so no `Duration` arithmetic in the engine can overflow.

use std::time::Duration;

use jovian_engine::{Clock, Limits};
use jovian_rules::{Color, Position};

use crate::bounds::{self, MAX_DEPTH, MAX_SECONDS};

#[derive(Clone, Debug)]
pub struct TimeControl {
    /// Moves per session (0: the whole game).
    pub mps: u32,
    pub base: Duration,
    pub inc: Duration,
    /// Exact time per move (`st`), instead of the clock.
    pub st: Option<Duration>,
    /// Depth limit (`sd`).
    pub sd: Option<u32>,
    /// The engine's and the opponent's clocks (`time`, `otim`).
    pub time: Option<Duration>,
    pub otim: Option<Duration>,
}

impl Default for TimeControl {
    /// XBoard's own default: 40 moves in 5 minutes.
    fn default() -> TimeControl {
        TimeControl {
            mps: 40,
            base: Duration::from_secs(300),
            inc: Duration::ZERO,
            st: None,
            sd: None,
            time: None,
            otim: None,
        }
    }
}

/// Seconds, possibly fractional, or `MIN:SEC` (when `minutes`, a plain number is minutes): at most
/// a day.
pub fn parse_seconds(text: &str, minutes: bool) -> Option<Duration> {
    let part = |t: &str| t.parse::<f64>().ok().filter(|x| *x >= 0.0);
    let secs = match text.split_once(':') {
        Some((m, s)) => part(m)? * 60.0 + part(s)?,
        None if minutes => part(text)? * 60.0,
        None => part(text)?,
    };
    bounds::duration(secs)
}

/// What each command takes, for its `Error (bad argument: ...)` line.
pub const ST_USAGE: &str = "st takes seconds, more than 0 and at most 86400";
pub const SD_USAGE: &str = "sd takes a depth from 1 to 100";
pub const LEVEL_USAGE: &str =
    "level takes MPS BASE INC: moves per session, minutes or MIN:SEC, seconds; at most a day";
pub const CLOCK_USAGE: &str = "takes a clock reading in centiseconds";

impl TimeControl {
    /// `level MPS BASE INC`; the message says what is wrong.
    pub fn level(&mut self, arg: &str) -> Result<(), &'static str> {
        let parts: Vec<&str> = arg.split_whitespace().collect();
        let [mps, base, inc] = parts.as_slice() else {
            return Err(LEVEL_USAGE);
        };
        let mps = mps.parse::<u32>().map_err(|_| LEVEL_USAGE)?;
        let base = parse_seconds(base, true).ok_or(LEVEL_USAGE)?;
        let inc = parse_seconds(inc, false).ok_or(LEVEL_USAGE)?;
        self.mps = mps;
        self.base = base;
        self.inc = inc;
        self.st = None;
        Ok(())
    }

    /// `st SECONDS`.
    pub fn st(&mut self, arg: &str) -> Result<(), &'static str> {
        match parse_seconds(arg, false) {
            Some(d) if !d.is_zero() => {
                self.st = Some(d);
                Ok(())
            }
            _ => Err(ST_USAGE),
        }
    }

    /// `sd DEPTH`.
    pub fn sd(&mut self, arg: &str) -> Result<(), &'static str> {
        self.sd = Some(bounds::whole(arg, "", 1, MAX_DEPTH).map_err(|_| SD_USAGE)?);
        Ok(())
    }

    /// `time N` (ours) or `otim N` (theirs), in centiseconds. A clock that has run out may be
    /// sent negative (read as 0); one beyond a day is read as a day.
    pub fn clock(&mut self, ours: bool, arg: &str) -> Result<(), &'static str> {
        let cs = arg.trim().parse::<i64>().map_err(|_| CLOCK_USAGE)?;
        let cs = cs.clamp(0, MAX_SECONDS as i64 * 100) as u64;
        let d = Some(Duration::from_millis(cs * 10));
        if ours {
            self.time = d;
        } else {
            self.otim = d;
        }
        Ok(())
    }

    /// The engine's limits for a move of `pos`, in a game that started with `start_side` to move.
    pub fn limits(&self, pos: &Position, start_side: Color) -> Limits {
        let mut limits = Limits {
            depth: self.sd,
            ..Limits::default()
        };
        if let Some(st) = self.st {
            limits.movetime = Some(st);
            return limits;
        }
        let side = pos.side_to_move();
        let ours = self.time.unwrap_or(self.base);
        let theirs = self.otim.unwrap_or(ours);
        let mut remaining = [Duration::ZERO; 2];
        remaining[side.index()] = ours;
        remaining[side.other().index()] = theirs;
        let ply = pos.ply() as u32;
        let made = if side == start_side {
            ply.div_ceil(2)
        } else {
            ply / 2
        };
        limits.clock = Some(Clock {
            remaining,
            increment: [self.inc; 2],
            moves_to_go: (self.mps > 0).then(|| self.mps - made % self.mps),
        });
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_minutes_and_their_bounds() {
        assert_eq!(parse_seconds("5", true), Some(Duration::from_secs(300)));
        assert_eq!(parse_seconds("0:30", true), Some(Duration::from_secs(30)));
        assert_eq!(
            parse_seconds("1.5", false),
            Some(Duration::from_millis(1500))
        );
        assert_eq!(
            parse_seconds("1440", true),
            Some(Duration::from_secs(86_400))
        );
        for bad in [
            "x", "-1", "1e300", "1e19", "1441", "1:-30", "inf", "NaN", "1e18",
        ] {
            assert_eq!(parse_seconds(bad, true), None, "{bad}");
        }
    }

    #[test]
    fn absurd_fields_are_refused_and_leave_the_control_as_it_was() {
        let mut tc = TimeControl::default();
        assert_eq!(tc.st("1e300"), Err(ST_USAGE));
        assert_eq!(tc.st("1e19"), Err(ST_USAGE));
        assert_eq!(tc.st("0"), Err(ST_USAGE));
        assert_eq!(tc.level("0 1e300 0"), Err(LEVEL_USAGE));
        assert_eq!(tc.level("40 1e18 0"), Err(LEVEL_USAGE));
        assert_eq!(tc.level("40 5 1e300"), Err(LEVEL_USAGE));
        assert_eq!(tc.level("40 5"), Err(LEVEL_USAGE));
        assert_eq!(tc.sd("0"), Err(SD_USAGE));
        assert_eq!(tc.sd("101"), Err(SD_USAGE));
        assert_eq!(tc.clock(true, "1e5"), Err(CLOCK_USAGE));
        assert_eq!(
            (tc.st, tc.sd, tc.base),
            (None, None, Duration::from_secs(300))
        );
        // Clock readings are facts: out of range, they are clamped.
        tc.clock(true, "9223372036854775807").unwrap();
        assert_eq!(tc.time, Some(Duration::from_secs(86_400)));
        tc.clock(false, "-500").unwrap();
        assert_eq!(tc.otim, Some(Duration::ZERO));
        tc.level("0 1440 86400").unwrap();
        assert_eq!(
            (tc.base, tc.inc),
            (Duration::from_secs(86_400), Duration::from_secs(86_400))
        );
    }
}
