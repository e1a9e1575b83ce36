//! Clocks: a time per move, or a game clock with an increment, for people and engine alike,
//! kept by the server. A move that arrives after its side's time ran out is refused and the game
//! is lost on time; a game is also found lost on time whenever it is read after the time ran out
//! (the page reads it again when its clock shows zero). The clocks are stored after every move;
//! the time a server is down does not count (the side to move's clock starts again, from what it
//! had left, when the server has restarted), except in a correspondence game (days per move),
//! whose turn runs on the calendar: its start is stored, and a restart gives no time back.
//!
//! `JOVIAN_CLOCK_OFFSET_S` (seconds, for tests) moves the calendar that correspondence clocks read
//! forward, so that a test can reopen a game "a day later".

use std::time::Instant;

use jovian_engine::Limits;
use jovian_rules::Color;
use serde::{Deserialize, Serialize};

/// How a game is timed.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TimeControl {
    /// Each move within this many milliseconds.
    PerMove { ms: u64 },
    /// A game clock: `base_ms` for the game, `increment_ms` added after each move.
    Game { base_ms: u64, increment_ms: u64 },
    /// Correspondence: each move within this many days, on the calendar.
    Days { days: u64 },
}

/// The longest correspondence time per move, in days.
pub const MAX_DAYS: u64 = 14;
const DAY_MS: u64 = 86_400_000;

/// The calendar correspondence clocks read: ms since 1970, moved forward by
/// `JOVIAN_CLOCK_OFFSET_S` (tests only; read once).
fn calendar_ms() -> u64 {
    static OFFSET_MS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let offset = *OFFSET_MS.get_or_init(|| {
        std::env::var("JOVIAN_CLOCK_OFFSET_S")
            .ok()
            .and_then(|s| s.trim().parse::<u64>().ok())
            .map_or(0, |s| s.saturating_mul(1000))
    });
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    now.saturating_add(offset)
}

/// The clock as a request gives it: `{"per_move_s": 30}` or `{"base_s": 300, "increment_s": 5}`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ClockRequest {
    per_move_s: Option<f64>,
    base_s: Option<f64>,
    increment_s: Option<f64>,
    /// Correspondence: days per move (1 to 14).
    days_per_move: Option<f64>,
}

/// Seconds within `lo..=hi`, as milliseconds.
fn seconds(value: f64, lo: f64, hi: f64, what: &str) -> Result<u64, String> {
    if !value.is_finite() || value < lo || value > hi {
        return Err(format!("the clock's {what} must be {lo} to {hi} seconds"));
    }
    Ok((value * 1000.0).round() as u64)
}

impl TimeControl {
    /// The control a request asks for, or why it is refused in a sentence (the API's 400).
    pub fn from_request(req: &ClockRequest) -> Result<TimeControl, String> {
        if let Some(days) = req.days_per_move {
            let whole = days.fract() == 0.0 && (1.0..=MAX_DAYS as f64).contains(&days);
            if !whole
                || req.per_move_s.is_some()
                || req.base_s.is_some()
                || req.increment_s.is_some()
            {
                return Err(format!(
                    "a correspondence clock is {{\"days_per_move\": D}} alone, D a whole number \
                     from 1 to {MAX_DAYS}"
                ));
            }
            return Ok(TimeControl::Days { days: days as u64 });
        }
        match (req.per_move_s, req.base_s) {
            (Some(s), None) if req.increment_s.is_none() => Ok(TimeControl::PerMove {
                ms: seconds(s, 1.0, 3600.0, "time per move")?,
            }),
            (None, Some(base)) => Ok(TimeControl::Game {
                base_ms: seconds(base, 1.0, 36_000.0, "base time")?,
                increment_ms: seconds(req.increment_s.unwrap_or(0.0), 0.0, 600.0, "increment")?,
            }),
            _ => Err(
                "a clock is {\"per_move_s\": S}, {\"base_s\": S, \"increment_s\": S} or \
                 {\"days_per_move\": D}"
                    .to_string(),
            ),
        }
    }

    /// The record's `TimeControl` tag, as PGN writes it: `300+5` (seconds), or `1/30` (one move
    /// in 30 seconds).
    pub fn tag(self) -> String {
        let s = |ms: u64| {
            if ms.is_multiple_of(1000) {
                (ms / 1000).to_string()
            } else {
                format!("{:.1}", ms as f64 / 1000.0)
            }
        };
        match self {
            TimeControl::PerMove { ms } => format!("1/{}", s(ms)),
            TimeControl::Days { days } => format!("1/{}", s(days * DAY_MS)),
            TimeControl::Game {
                base_ms,
                increment_ms,
            } => format!("{}+{}", s(base_ms), s(increment_ms)),
        }
    }

    /// The stored form of the control: the record's tag, or `d2` for two days a move.
    fn stored_tag(self) -> String {
        match self {
            TimeControl::Days { days } => format!("d{days}"),
            _ => self.tag(),
        }
    }

    /// Reads a tag written by [`TimeControl::tag`] or a stored one (`d2`).
    pub fn from_tag(tag: &str) -> Option<TimeControl> {
        if let Some(days) = tag.strip_prefix('d') {
            let days: u64 = days.parse().ok()?;
            return (1..=MAX_DAYS)
                .contains(&days)
                .then_some(TimeControl::Days { days });
        }
        let ms = |t: &str| -> Option<u64> {
            let v: f64 = t.parse().ok()?;
            (v.is_finite() && v >= 0.0).then(|| (v * 1000.0).round() as u64)
        };
        if let Some(per) = tag.strip_prefix("1/") {
            return Some(TimeControl::PerMove { ms: ms(per)? });
        }
        let (base, inc) = tag.split_once('+')?;
        Some(TimeControl::Game {
            base_ms: ms(base)?,
            increment_ms: ms(inc)?,
        })
    }

    fn start_ms(self) -> u64 {
        match self {
            TimeControl::PerMove { ms } => ms,
            TimeControl::Game { base_ms, .. } => base_ms,
            TimeControl::Days { days } => days * DAY_MS,
        }
    }
}

/// A running clock: what each side had left when its turn began, and when the turn began.
#[derive(Clone, Debug)]
pub struct Clock {
    pub control: TimeControl,
    left_ms: [u64; 2],
    turn_began: Instant,
    /// The calendar when the turn began ([`calendar_ms`]): what a correspondence turn counts from.
    turn_began_ms: u64,
}

#[derive(Serialize, Clone, Debug)]
pub struct ClockView {
    /// The record's form (`300+5`, `1/30`).
    pub control: String,
    /// What each side has left now (the side to move's counted down to this moment).
    pub blue_ms: u64,
    pub tan_ms: u64,
    /// The side whose clock runs (`null` when the game is over).
    pub running: Option<&'static str>,
    /// The server's wall clock when it read the times (ms since 1970): a page may count down
    /// from it, or from when it received the view.
    pub now_ms: u64,
    /// A correspondence game's days per move (else absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days: Option<u64>,
}

fn index(c: Color) -> usize {
    match c {
        Color::Blue => 0,
        Color::Tan => 1,
    }
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left_ms: [control.start_ms(); 2],
            turn_began: Instant::now(),
            turn_began_ms: calendar_ms(),
        }
    }

    /// How long the turn under way has run: on the calendar for correspondence, else by the
    /// server's monotonic clock.
    fn spent_ms(&self) -> u64 {
        match self.control {
            TimeControl::Days { .. } => calendar_ms().saturating_sub(self.turn_began_ms),
            _ => self.turn_began.elapsed().as_millis() as u64,
        }
    }

    /// What `side` has left now, `side_to_move`'s turn running since it began.
    pub fn left_now(&self, side: Color, side_to_move: Color) -> u64 {
        let left = self.left_ms[index(side)];
        if side == side_to_move {
            left.saturating_sub(self.spent_ms())
        } else {
            left
        }
    }

    /// True when the side to move has no time left.
    pub fn flagged(&self, side_to_move: Color) -> bool {
        self.left_now(side_to_move, side_to_move) == 0
    }

    /// After `mover` moved: its time is charged (plus the increment, or a fresh time per move),
    /// and the other side's turn begins.
    pub fn moved(&mut self, mover: Color) {
        let left = self.left_now(mover, mover);
        self.left_ms[index(mover)] = match self.control {
            TimeControl::PerMove { ms } => ms,
            TimeControl::Days { days } => days * DAY_MS,
            TimeControl::Game { increment_ms, .. } => left.saturating_add(increment_ms),
        };
        self.restart_turn();
    }

    /// A take-back: the turn of the side now to move begins again (no time is given back).
    pub fn restart_turn(&mut self) {
        self.turn_began = Instant::now();
        self.turn_began_ms = calendar_ms();
    }

    /// The clocks as shown: running ones as of now; in a finished game, the time each side had
    /// left when it ended, nothing for a side that `lost_on_time`.
    pub fn view(&self, side_to_move: Color, over: bool, lost_on_time: Option<Color>) -> ClockView {
        let now = |side| {
            if lost_on_time == Some(side) {
                0
            } else if over {
                self.left_ms[index(side)]
            } else {
                self.left_now(side, side_to_move)
            }
        };
        ClockView {
            control: self.control.tag(),
            blue_ms: now(Color::Blue),
            tan_ms: now(Color::Tan),
            running: (!over).then(|| side_to_move.name()),
            days: match self.control {
                TimeControl::Days { days } => Some(days),
                _ => None,
            },
            now_ms: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as u64),
        }
    }

    /// The stored form: the control's tag and each side's time left when its turn began
    /// (`300+5 281400 299000`); a correspondence clock adds when the turn began on the calendar
    /// (`d2 172800000 172800000 1764100000000`).
    pub fn stored(&self) -> String {
        let mut text = format!(
            "{} {} {}",
            self.control.stored_tag(),
            self.left_ms[0],
            self.left_ms[1]
        );
        if let TimeControl::Days { .. } = self.control {
            text.push_str(&format!(" {}", self.turn_began_ms));
        }
        text
    }

    /// Reads the stored form; the turn begins now (downtime does not count), or, for a
    /// correspondence clock, when it began on the calendar.
    pub fn from_stored(text: &str) -> Option<Clock> {
        let mut parts = text.split_whitespace();
        let control = TimeControl::from_tag(parts.next()?)?;
        let blue = parts.next()?.parse().ok()?;
        let tan = parts.next()?.parse().ok()?;
        let began = match control {
            TimeControl::Days { .. } => parts.next()?.parse().ok()?,
            _ => calendar_ms(),
        };
        Some(Clock {
            control,
            left_ms: [blue, tan],
            turn_began: Instant::now(),
            turn_began_ms: began,
        })
    }

    /// The engine's limits for `side`'s move: the time per move less a margin for the answer to
    /// arrive, or the game clock with its increment.
    pub fn limits(&self, side: Color) -> Option<Limits> {
        Some(match self.control {
            // Days to think are not used: the engine plays its level.
            TimeControl::Days { .. } => return None,
            TimeControl::PerMove { ms } => Limits::movetime(ms.saturating_sub(ms / 10).max(50)),
            TimeControl::Game { increment_ms, .. } => {
                let inc = std::time::Duration::from_millis(increment_ms);
                Limits {
                    clock: Some(jovian_engine::limits::Clock {
                        remaining: [Color::Blue, Color::Tan]
                            .map(|c| std::time::Duration::from_millis(self.left_now(c, side))),
                        increment: [inc, inc],
                        moves_to_go: None,
                    }),
                    ..Limits::default()
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_round_trip_and_requests_are_checked() {
        for tag in ["300+5", "1/30", "0.5+0", "90+0.5"] {
            assert_eq!(TimeControl::from_tag(tag).unwrap().tag(), tag);
        }
        let req = |p: Option<f64>, b: Option<f64>, i: Option<f64>| ClockRequest {
            per_move_s: p,
            base_s: b,
            increment_s: i,
            days_per_move: None,
        };
        assert_eq!(
            TimeControl::from_request(&req(None, Some(300.0), Some(5.0))).unwrap(),
            TimeControl::Game {
                base_ms: 300_000,
                increment_ms: 5000
            }
        );
        for bad in [
            req(None, None, None),
            req(Some(30.0), Some(300.0), None),
            req(Some(30.0), None, Some(1.0)),
            req(Some(0.0), None, None),
            req(None, Some(f64::NAN), None),
            req(None, Some(300.0), Some(-1.0)),
            req(None, Some(1e12), None),
        ] {
            assert!(TimeControl::from_request(&bad).is_err(), "{bad:?}");
        }
        let mut clock = Clock::new(TimeControl::Game {
            base_ms: 1000,
            increment_ms: 500,
        });
        clock.moved(Color::Blue);
        assert!(
            clock.left_ms[0] > 1400 && clock.left_ms[0] <= 1500,
            "{:?}",
            clock.left_ms
        );
        let again = Clock::from_stored(&clock.stored()).unwrap();
        assert_eq!(again.left_ms, clock.left_ms);
        assert_eq!(again.control, clock.control);
    }

    /// Correspondence: days per move on the calendar. A restart (the stored form read again)
    /// gives no time back, unlike the other clocks.
    #[test]
    fn correspondence_turns_run_on_the_calendar_through_restarts() {
        let days = |d: f64| ClockRequest {
            per_move_s: None,
            base_s: None,
            increment_s: None,
            days_per_move: Some(d),
        };
        assert_eq!(
            TimeControl::from_request(&days(2.0)).unwrap(),
            TimeControl::Days { days: 2 }
        );
        for bad in [0.0, 1.5, 15.0, f64::NAN] {
            assert!(TimeControl::from_request(&days(bad)).is_err(), "{bad}");
        }
        let mut both = days(2.0);
        both.per_move_s = Some(30.0);
        assert!(TimeControl::from_request(&both).is_err());
        let mut clock = Clock::new(TimeControl::Days { days: 2 });
        assert_eq!(clock.control.tag(), "1/172800", "the record's PGN form");
        // Tan's turn began three hours ago.
        clock.moved(Color::Blue);
        clock.turn_began_ms -= 3 * 3_600_000;
        let stored = clock.stored();
        assert!(stored.starts_with("d2 172800000 172800000 "), "{stored}");
        let again = Clock::from_stored(&stored).unwrap();
        let left = again.left_now(Color::Tan, Color::Tan);
        let expected = 2 * DAY_MS - 3 * 3_600_000;
        assert!(left <= expected && left + 5_000 > expected, "{left}");
        assert_eq!(again.view(Color::Tan, false, None).days, Some(2));
        assert!(
            again.limits(Color::Tan).is_none(),
            "the engine plays its level"
        );
        // A timed game's restart starts the turn again (its downtime does not count).
        let mut game = Clock::new(TimeControl::PerMove { ms: 30_000 });
        game.turn_began_ms -= 3 * 3_600_000;
        let again = Clock::from_stored(&game.stored()).unwrap();
        assert!(again.left_now(Color::Blue, Color::Blue) > 29_000);
    }
}
