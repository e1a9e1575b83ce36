//! Who is at the board in a game between two people at different computers: each player's page
//! says it is there every [`BEAT`] (`POST /api/games/{id}/presence` with its seat), and a side
//! heard from within [`WINDOW`] counts as present. A side has joined once it has been heard from
//! or has moved, so that the creator's page can put the invitation away. Kept in memory only:
//! after a restart a side is present again at its next beat, and has joined if it has moved.

use std::time::{Duration, Instant};

use jovian_rules::Color;
use serde::Serialize;

/// How often a player's page says it is there (the page's timer, for docs/web.md).
pub const BEAT: Duration = Duration::from_secs(15);
/// How long after its last beat a side still counts as present: three beats, so that one late
/// or lost beat does not make a player vanish.
pub const WINDOW: Duration = Duration::from_secs(45);

#[derive(Clone, Debug, Default)]
pub struct Presence {
    /// When each side (Blue, Tan) was last heard from.
    seen: [Option<Instant>; 2],
}

/// A yes or no for each side.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct Sides {
    pub blue: bool,
    pub tan: bool,
}

impl Sides {
    fn of(f: impl Fn(Color) -> bool) -> Sides {
        Sides {
            blue: f(Color::Blue),
            tan: f(Color::Tan),
        }
    }
}

/// `{"present": {"blue", "tan"}, "joined": {"blue", "tan"}}`.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct PresenceView {
    pub present: Sides,
    pub joined: Sides,
}

impl Presence {
    /// `side` is there now. True if it was not present a moment ago (the other page is told).
    pub fn beat(&mut self, side: Color, now: Instant) -> bool {
        let was = self.present(side, now);
        self.seen[side.index()] = Some(now);
        !was
    }

    fn present(&self, side: Color, now: Instant) -> bool {
        self.seen[side.index()].is_some_and(|t| now.saturating_duration_since(t) <= WINDOW)
    }

    /// The view at `now`; `moved(side)` tells whether a side has moved in the game.
    pub fn view(&self, now: Instant, moved: impl Fn(Color) -> bool) -> PresenceView {
        PresenceView {
            present: Sides::of(|c| self.present(c, now)),
            joined: Sides::of(|c| self.seen[c.index()].is_some() || moved(c)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_is_present_for_a_window_after_its_beat_and_joined_for_good() {
        let start = Instant::now();
        let mut p = Presence::default();
        let none = |_| false;
        let v = p.view(start, none);
        assert_eq!(
            v.present,
            Sides {
                blue: false,
                tan: false
            }
        );
        assert_eq!(
            v.joined,
            Sides {
                blue: false,
                tan: false
            }
        );
        assert!(
            p.beat(Color::Tan, start),
            "Tan arrives: the other page is told"
        );
        assert!(
            !p.beat(Color::Tan, start + BEAT),
            "still there: nothing to tell"
        );
        let v = p.view(start + BEAT + WINDOW, none);
        assert!(v.present.tan && !v.present.blue);
        let later = start + BEAT + WINDOW + Duration::from_secs(1);
        let v = p.view(later, none);
        assert!(!v.present.tan, "gone after the window");
        assert!(v.joined.tan, "but joined for good");
        assert!(p.beat(Color::Tan, later), "back: told again");
        assert!(
            p.view(later, |c| c == Color::Blue).joined.blue,
            "a side that moved has joined"
        );
    }
}
