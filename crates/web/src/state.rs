//! The server's state: the store, the games in memory (rebuilt from the store at start, see
//! crate::table), the engine pool, and the shutdown signal.

use std::future::Future;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use jovian_rules::notation::{self, Style};
use jovian_rules::{Color, Move, fen};
use tokio::sync::{broadcast, watch};

use crate::WebError;
use crate::catalogue::Catalogue;
use crate::engine_pool::{EngineOptions, EnginePool, EngineStatus};
use crate::engine_task::{cancel, due};
use crate::game::{Ending, GameState, Humans, SummaryView};
use crate::store::{Store, StoredGame};
use crate::table::{Dormant, GameTable, Lookup};

pub use crate::commits::{commit_moves, flag_fall};
pub use crate::shared::{SharedGame, lock};

#[derive(Clone)]
pub struct AppState {
    pub store: Arc<Store>,
    pub(crate) pool: Arc<EnginePool>,
    games: Arc<GameTable>,
    /// Becomes true when the server begins to stop: event streams end on it.
    stopping: Arc<watch::Sender<bool>>,
    /// Where `jovian lab` keeps its runs: the data directory's `lab/`, or `--lab-dir` (crate::lab).
    pub(crate) lab_dir: Arc<std::path::PathBuf>,
    /// The runs started from the Lab page (crate::lab_runs).
    pub(crate) lab_runs: Arc<crate::lab_runs::LabRuns>,
    /// The games this server offers: the built-in ones and `--variants DIR`'s (crate::catalogue).
    pub(crate) catalogue: Arc<Catalogue>,
}

impl AppState {
    /// [`AppState::open_with`] the default engines.
    pub fn open(dir: &Path) -> Result<AppState, WebError> {
        AppState::open_with(dir, EngineOptions::default())
    }

    /// [`AppState::open_serving`] the built-in games only.
    pub fn open_with(dir: &Path, engines: EngineOptions) -> Result<AppState, WebError> {
        AppState::open_serving(dir, engines, Catalogue::builtin())
    }

    /// Opens the store in `dir` (locking the directory: see crate::dir_lock) and rebuilds every
    /// game in it. A game that no longer replays (a rules change since it was played) is reported
    /// on stderr and left out, never lost from disk. Games whose engine is to move stay in memory
    /// and their engines start again, in the order the games were created; the others are kept
    /// as summaries until they are asked for. A game of a variant file that `catalogue` does not
    /// serve (a server started without that file) is not resumed either, and is kept on disk.
    pub fn open_serving(
        dir: &Path,
        engines: EngineOptions,
        catalogue: Catalogue,
    ) -> Result<AppState, WebError> {
        let store = Arc::new(Store::open(dir)?);
        let games = Arc::new(GameTable::default());
        let mut due_games = Vec::new();
        for id in store.ids()? {
            let Some(stored) = store.load(id)? else {
                continue;
            };
            match rebuild(&stored, &catalogue) {
                Ok(mut game) => {
                    give_seats(&store, &mut game)?;
                    if game.engine_to_move() {
                        let shared = Arc::new(Mutex::new(game));
                        games.insert_live(id, shared.clone());
                        due_games.push(shared);
                    } else {
                        games.insert_dormant(id, Dormant::of(&mut game));
                    }
                }
                Err(e) => eprintln!("jovian serve: game {id} is not resumed: {e}"),
            }
        }
        let state = AppState {
            pool: EnginePool::new(engines, store.clone(), crate::engine_task::spawn_queued),
            store,
            games,
            stopping: Arc::new(watch::channel(false).0),
            lab_dir: Arc::new(dir.join("lab")),
            lab_runs: Arc::new(crate::lab_runs::LabRuns::new(None)),
            catalogue: Arc::new(catalogue),
        };
        for shared in &due_games {
            due(&state.pool, shared);
        }
        Ok(state)
    }

    /// The Lab page's runs: kept in `dir` (instead of the data directory's `lab/`) when given,
    /// and played by `exe` (the `jovian` program) when given, else not started from the page.
    pub fn with_lab(
        mut self,
        dir: Option<std::path::PathBuf>,
        exe: Option<std::path::PathBuf>,
    ) -> AppState {
        if let Some(dir) = dir {
            self.lab_dir = Arc::new(dir);
        }
        self.lab_runs = Arc::new(crate::lab_runs::LabRuns::new(exe));
        self
    }

    /// The game `id`, rebuilt from the store if it was dormant.
    pub fn get(&self, id: i64) -> Result<Option<SharedGame>, WebError> {
        match self.games.lookup(id) {
            Lookup::Live(game) => Ok(Some(game)),
            Lookup::Missing => Ok(None),
            Lookup::Dormant => {
                let Some(stored) = self.store.load(id)? else {
                    return Ok(None);
                };
                let game = rebuild(&stored, &self.catalogue)
                    .map_err(|e| WebError::Data(format!("game {id} no longer replays: {e}")))?;
                Ok(self.games.wake(id, game))
            }
        }
    }

    /// Every game's summary, oldest first.
    pub fn summaries(&self) -> Vec<SummaryView> {
        self.games.summaries()
    }

    /// Stores a new game (with the moves it already has, and a seat secret for each side people
    /// play) and keeps it in memory.
    pub fn insert(&self, mut game: GameState) -> Result<SharedGame, WebError> {
        game.created = Store::now();
        game.seats.fill(|c| game.humans.plays(c))?;
        let stored = StoredGame {
            id: 0,
            variant: game.variant.id.to_string(),
            setup: game.setup_name.clone(),
            start: game.start_text(),
            humans: game.humans.name().to_string(),
            level: game.level,
            movetime_ms: game.movetime_ms,
            agreed_end: None,
            created: game.created,
            blue_seat: game.seats.blue.clone(),
            tan_seat: game.seats.tan.clone(),
            offer: game.offer.map(|o| o.stored()),
            clock: game.clock.as_ref().map(|c| c.stored()),
            definition: Some(game.variant.definition_hash().to_string()),
            moves: coordinates(&mut game),
        };
        game.id = self.store.create(&stored)?;
        let id = game.id;
        let shared = Arc::new(Mutex::new(game));
        self.games.insert_live(id, shared.clone());
        Ok(shared)
    }

    /// Deletes a game from the store and from memory: its engine stops (or leaves the queue) and
    /// its event streams end, after a `deleted` event. False if there is no such game. A busy
    /// database leaves the game as it was.
    pub fn delete(&self, id: i64) -> Result<bool, WebError> {
        match self.games.lookup(id) {
            Lookup::Missing => Ok(false),
            Lookup::Dormant => {
                let existed = self.store.delete(id)?;
                self.games.remove(id);
                Ok(existed)
            }
            Lookup::Live(shared) => {
                let mut game = lock(&shared);
                if game.deleted {
                    return Ok(false); // a concurrent delete got there first
                }
                self.store.delete(id)?;
                game.deleted = true;
                cancel(&mut game);
                game.announce("deleted", id.to_string());
                // The streams end once they have read what was sent: they hold receivers of
                // this sender only.
                game.events = broadcast::channel(1).0;
                drop(game);
                self.games.remove(id);
                Ok(true)
            }
        }
    }

    /// Ends the timed games whose side to move has run out of time, then puts to sleep the
    /// games unseen for `idle` (see crate::table); returns how many slept. Without the first step
    /// a timed game nobody reads (both players gone) would stay in play in the list for ever: a
    /// clock is otherwise checked only when a game is read or a move arrives.
    pub fn sweep(&self, idle: Duration) -> usize {
        for shared in self.games.live() {
            // A game in use is checked by its user (a request or the engine's own task).
            let Ok(mut game) = shared.try_lock() else {
                continue;
            };
            if matches!(flag_fall(&self.store, &mut game), Ok(true)) {
                cancel(&mut game);
            }
        }
        self.games.sweep(idle)
    }

    /// (live, dormant) games in memory.
    pub fn game_counts(&self) -> (usize, usize) {
        self.games.counts()
    }

    /// The engine pool as `GET /api/engines` shows it.
    pub fn engine_status(&self) -> EngineStatus {
        self.pool.status()
    }

    /// The first half of a graceful stop: event streams end, no engine starts any more, and the
    /// running searches are cancelled (their moves are dropped; the games are resumed at the next
    /// start). Requests still under way finish normally. Returns how many searches it stopped.
    pub fn begin_shutdown(&self) -> usize {
        self.stopping.send_replace(true);
        self.pool.close()
    }

    /// The second half, once no request is under way: waits up to `timeout` for the search
    /// threads to end, then lets the data directory go. True if every search ended in time.
    pub fn finish_shutdown(&self, timeout: Duration) -> bool {
        let idle = self.pool.wait_idle(timeout);
        self.store.close();
        idle
    }

    /// Both halves at once (a server without requests under way, or a test).
    pub fn shutdown(&self, timeout: Duration) -> bool {
        self.begin_shutdown();
        self.finish_shutdown(timeout)
    }

    /// Resolves when the server begins to stop.
    pub fn stopping(&self) -> impl Future<Output = ()> + Send + 'static + use<> {
        let mut rx = self.stopping.subscribe();
        async move {
            let _ = rx.wait_for(|&stopping| stopping).await;
        }
    }
}

/// A game stored before seats existed gets them now, stored at once so that they stay the same
/// after a restart. Nobody holds them yet: the server's log tells the operator how to take the
/// game up again in a browser (the link form of docs/web.md).
fn give_seats(store: &Store, game: &mut GameState) -> Result<(), WebError> {
    if !game.seats.fill(|c| game.humans.plays(c))? {
        return Ok(());
    }
    store.set_seats(
        game.id,
        game.seats.blue.as_deref(),
        game.seats.tan.as_deref(),
    )?;
    for side in [Color::Blue, Color::Tan] {
        if let Some(secret) = game.seats.get(side) {
            eprintln!(
                "jovian serve: game {id} was stored before seat secrets and was given new ones; \
                 to play {title} in a browser, open the server's address followed by \
                 /#seat={id}-{name}-{secret}",
                id = game.id,
                title = game.variant.side_title(side),
                name = side.name(),
            );
        }
    }
    Ok(())
}

fn coordinates(game: &mut GameState) -> Vec<String> {
    let moves: Vec<Move> = game.moves.clone();
    moves
        .into_iter()
        .map(|m| notation::format_move(&mut game.position, m, Style::Coordinate))
        .collect()
}

/// A stored game, replayed: a game of one of the games `catalogue` serves.
pub fn rebuild(stored: &StoredGame, catalogue: &Catalogue) -> Result<GameState, String> {
    let v = catalogue.find(&stored.variant).ok_or_else(|| {
        format!(
            "this server does not offer the game {:?} (a variant file's game is offered by \
             `jovian serve --variants DIR` with its file in DIR)",
            stored.variant
        )
    })?;
    // A variant file that changed since the game began: its moves may still be legal, but the
    // game would go on under other rules (the records' VariantHash rule, docs/variants.md).
    if let Some(made) = &stored.definition
        && !v.plays_definition(made)
    {
        return Err(format!(
            "the game was made under definition {made} of {}, but {} here is definition {}: \
             the game changed since, and the game is not replayed under other rules",
            v.id,
            v.id,
            v.definition_hash()
        ));
    }
    let start = fen::parse_position(v, &stored.start).map_err(|e| e.to_string())?;
    let mut game = GameState::new(stored.id, start, stored.setup.clone())?;
    game.humans = Humans::parse(&stored.humans).unwrap_or(Humans::Both);
    game.level = stored.level;
    game.movetime_ms = stored.movetime_ms;
    game.created = stored.created;
    game.seats.blue = stored.blue_seat.clone();
    game.seats.tan = stored.tan_seat.clone();
    for (i, text) in stored.moves.iter().enumerate() {
        let m = notation::parse_move(&mut game.position, text)
            .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        game.position.make(m);
        game.moves.push(m);
    }
    game.agreed_end = stored.agreed_end.as_deref().and_then(Ending::from_stored);
    game.offer = stored
        .offer
        .as_deref()
        .and_then(crate::offers::Offer::from_stored);
    game.clock = stored
        .clock
        .as_deref()
        .and_then(crate::clock::Clock::from_stored);
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stored Scirocco game of one move, made under `definition`.
    fn stored(definition: Option<&str>) -> StoredGame {
        let v = jovian_rules::Variant::by_id("scirocco").unwrap();
        StoredGame {
            id: 1,
            variant: v.id.to_string(),
            setup: Some("default".into()),
            start: fen::write_setup(&jovian_rules::Setup::named(v, "default").unwrap()),
            humans: "both".into(),
            level: 1,
            movetime_ms: None,
            agreed_end: None,
            created: 0,
            blue_seat: None,
            tan_seat: None,
            offer: None,
            clock: None,
            definition: definition.map(str::to_string),
            moves: vec!["d3d4".into()],
        }
    }

    #[test]
    fn a_stored_game_replays_only_under_its_own_definition() {
        let catalogue = Catalogue::builtin();
        let scirocco = jovian_rules::Variant::by_id("scirocco").unwrap();
        let game = rebuild(&stored(Some(scirocco.definition_hash())), &catalogue).unwrap();
        assert_eq!(game.moves.len(), 1);
        // Stored before the hash existed: replayed as before.
        assert!(rebuild(&stored(None), &catalogue).is_ok());
        let e = rebuild(&stored(Some("000000000000")), &catalogue)
            .err()
            .unwrap();
        assert!(
            e.starts_with("the game was made under definition 000000000000 of scirocco"),
            "{e}"
        );
    }
}
