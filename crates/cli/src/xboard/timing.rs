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
    /// Nodes per second (`nps`): the engine counts nodes instead of watching the clock, a
    /// second of time being this many nodes.
    pub nps: Option<u64>,
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
            nps: None,
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
pub const NPS_USAGE: &str = "nps takes nodes per second, from 1 to 1000000000 (0: the clock again)";
/// The most nodes per second `nps` takes: a day of it is still far inside a `u64`.
pub const MAX_NPS: u64 = 1_000_000_000;

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

    /// `nps N`: from now on, time is counted in nodes (XBoard's node-count time, which makes a
    /// search the same whatever the machine's load); `nps 0` goes back to the clock.
    pub fn nps(&mut self, arg: &str) -> Result<(), &'static str> {
        let n = bounds::whole(arg, "", 0, MAX_NPS).map_err(|_| NPS_USAGE)?;
        self.nps = (n > 0).then_some(n);
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
            match self.nps {
                Some(nps) => limits.nodes = Some(nodes_in(st, nps)),
                None => limits.movetime = Some(st),
            }
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
        let clock = Clock {
            remaining,
            increment: [self.inc; 2],
            moves_to_go: (self.mps > 0).then(|| self.mps - made % self.mps),
        };
        match self.nps {
            // The clock's share for this move, in nodes (the clock itself is the GUI's to keep).
            Some(nps) => limits.nodes = Some(nodes_in(clock.budget(side), nps)),
            None => limits.clock = Some(clock),
        }
        limits
    }
}

/// The nodes that `time` is worth at `nps` nodes a second (at least one).
fn nodes_in(time: Duration, nps: u64) -> u64 {
    let nodes = time.as_millis().saturating_mul(nps as u128) / 1000;
    nodes.clamp(1, u64::MAX as u128) as u64
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
    fn node_time_turns_the_time_per_move_and_the_clock_into_nodes() {
        let v = jovian_rules::Variant::by_id("scirocco").unwrap();
        let pos = Position::start(v);
        let side = pos.side_to_move();
        let mut tc = TimeControl::default();
        tc.st("1").unwrap();
        tc.nps("8000").unwrap();
        let limits = tc.limits(&pos, side);
        assert_eq!((limits.nodes, limits.movetime), (Some(8000), None));
        tc.st("0.25").unwrap();
        assert_eq!(tc.limits(&pos, side).nodes, Some(2000));
        // A clock: 40 moves in 5 minutes gives 7.5 s for the first move, 7.5 x 1000 nodes.
        tc.level("40 5 0").unwrap();
        tc.nps("1000").unwrap();
        let limits = tc.limits(&pos, side);
        assert_eq!((limits.nodes, limits.clock.is_none()), (Some(7500), true));
        // `nps 0` gives the clock back; a bad rate leaves the setting as it was.
        assert_eq!(tc.nps("-1"), Err(NPS_USAGE));
        assert_eq!(tc.nps("1000000001"), Err(NPS_USAGE));
        assert_eq!(tc.nps, Some(1000));
        tc.nps("0").unwrap();
        let limits = tc.limits(&pos, side);
        assert_eq!((limits.nodes, limits.clock.is_some()), (None, true));
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
