//! The games in memory. A game someone plays or watches is kept whole (`Live`: its position with
//! its undo stacks, some 18 KB). One left alone for a while, with no engine due and nobody
//! watching its event stream, shrinks to its summary (`Dormant`, about 200 bytes) and is rebuilt
//! from the store when it is asked for again; so are the games found at start, except those whose
//! engine is to move. Memory then grows with the games in play, not with every game ever played.
//!
//! Lock order: the table's lock is never held while waiting for a game's lock (the sweep only
//! tries them), and a game's lock may be held while the table is locked.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::game::{GameState, SummaryView};
use crate::shared::{SharedGame, lock};

/// What stays of a dormant game besides the store: its line in the list of games, and the
/// engine's last score (its answer to a draw offer depends on it).
pub struct Dormant {
    pub summary: SummaryView,
    pub engine_score: Option<i32>,
}

impl Dormant {
    pub fn of(game: &mut GameState) -> Dormant {
        Dormant {
            summary: game.summary(),
            engine_score: game.engine_score,
        }
    }
}

enum Entry {
    Live { game: SharedGame, seen: Instant },
    Dormant(Box<Dormant>),
}

pub enum Lookup {
    Live(SharedGame),
    Dormant,
    Missing,
}

#[derive(Default)]
pub struct GameTable {
    entries: Mutex<BTreeMap<i64, Entry>>,
}

impl GameTable {
    fn entries(&self) -> MutexGuard<'_, BTreeMap<i64, Entry>> {
        // Each change is one map operation: a panic elsewhere cannot leave it half-done.
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn insert_live(&self, id: i64, game: SharedGame) {
        let seen = Instant::now();
        self.entries().insert(id, Entry::Live { game, seen });
    }

    pub fn insert_dormant(&self, id: i64, dormant: Dormant) {
        self.entries().insert(id, Entry::Dormant(Box::new(dormant)));
    }

    /// Finds a game, marking a live one as just seen.
    pub fn lookup(&self, id: i64) -> Lookup {
        match self.entries().get_mut(&id) {
            Some(Entry::Live { game, seen }) => {
                *seen = Instant::now();
                Lookup::Live(game.clone())
            }
            Some(Entry::Dormant(_)) => Lookup::Dormant,
            None => Lookup::Missing,
        }
    }

    /// Makes a dormant game live again with `game`, rebuilt from the store. If another request
    /// woke it meanwhile, that copy is the one; if it was deleted meanwhile, there is none.
    pub fn wake(&self, id: i64, mut game: GameState) -> Option<SharedGame> {
        let mut entries = self.entries();
        let entry = entries.get_mut(&id)?;
        match entry {
            Entry::Live { game, seen } => {
                *seen = Instant::now();
                Some(game.clone())
            }
            Entry::Dormant(dormant) => {
                game.engine_score = dormant.engine_score;
                let shared = Arc::new(Mutex::new(game));
                *entry = Entry::Live {
                    game: shared.clone(),
                    seen: Instant::now(),
                };
                Some(shared)
            }
        }
    }

    pub fn remove(&self, id: i64) {
        let removed = self.entries().remove(&id);
        drop(removed); // outside the table's lock: it may be the game's last reference
    }

    /// Every game's summary, oldest first. Live games are locked one at a time, after the table
    /// is let go.
    pub fn summaries(&self) -> Vec<SummaryView> {
        enum Row {
            Live(SharedGame),
            Dormant(SummaryView),
        }
        let rows: Vec<Row> = self
            .entries()
            .values()
            .map(|entry| match entry {
                Entry::Live { game, .. } => Row::Live(game.clone()),
                Entry::Dormant(d) => Row::Dormant(d.summary.clone()),
            })
            .collect();
        rows.into_iter()
            .map(|row| match row {
                Row::Live(game) => lock(&game).summary(),
                Row::Dormant(summary) => summary,
            })
            .collect()
    }

    /// The games in memory that are awake.
    pub fn live(&self) -> Vec<SharedGame> {
        let entries = self.entries();
        let live = entries.values().filter_map(|entry| match entry {
            Entry::Live { game, .. } => Some(game.clone()),
            Entry::Dormant(_) => None,
        });
        live.collect()
    }

    /// Makes dormant every live game unseen for `idle` that nobody else holds or watches and whose
    /// engine is not due. Returns how many it put to sleep.
    pub fn sweep(&self, idle: Duration) -> usize {
        let mut entries = self.entries();
        let mut slept = 0;
        for entry in entries.values_mut() {
            let Entry::Live { game, seen } = entry else {
                continue;
            };
            // Only the table holds it: no request, search or queue is using it.
            if seen.elapsed() < idle || Arc::strong_count(game) > 1 {
                continue;
            }
            let Ok(mut g) = game.try_lock() else {
                continue;
            };
            // A running clock keeps a game awake: asleep, its turn would start again when woken.
            let timed = g.clock.is_some() && g.ending().is_none();
            let busy = g.thinking.is_some() || g.queued.is_some() || g.engine_to_move() || timed;
            if busy || g.events.receiver_count() > 0 {
                continue;
            }
            let dormant = Dormant::of(&mut g);
            drop(g);
            *entry = Entry::Dormant(Box::new(dormant));
            slept += 1;
        }
        slept
    }

    /// (live, dormant) games.
    pub fn counts(&self) -> (usize, usize) {
        let entries = self.entries();
        let live = entries
            .values()
            .filter(|e| matches!(e, Entry::Live { .. }))
            .count();
        (live, entries.len() - live)
    }
}
