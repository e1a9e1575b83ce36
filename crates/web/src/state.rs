//! The server's state: the store and the games in memory, rebuilt from the store at start.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use jovian_rules::notation::{self, Style};
use jovian_rules::{Color, Move, Variant, fen};

use crate::WebError;
use crate::game::{Ending, GameState, Humans};
use crate::store::{Store, StoredGame};

pub type SharedGame = Arc<Mutex<GameState>>;

#[derive(Clone)]
pub struct AppState {
    pub store: Arc<Store>,
    games: Arc<Mutex<BTreeMap<i64, SharedGame>>>,
}

/// Locks a game. A panic in another request cannot leave a game half-changed (every change is
/// made after its checks), so a poisoned lock is still usable.
pub fn lock(game: &SharedGame) -> MutexGuard<'_, GameState> {
    game.lock().unwrap_or_else(|e| e.into_inner())
}

impl AppState {
    /// Opens the store in `dir` and rebuilds every game in it. A game that no longer replays (a
    /// rules change since it was played) is reported on stderr and left out, never lost from disk.
    pub fn open(dir: &Path) -> Result<AppState, WebError> {
        let store = Arc::new(Store::open(dir)?);
        let mut games = BTreeMap::new();
        for id in store.ids()? {
            let Some(stored) = store.load(id)? else {
                continue;
            };
            match rebuild(&stored) {
                Ok(mut game) => {
                    give_seats(&store, &mut game)?;
                    games.insert(id, Arc::new(Mutex::new(game)));
                }
                Err(e) => eprintln!("jovian serve: game {id} is not resumed: {e}"),
            }
        }
        Ok(AppState {
            store,
            games: Arc::new(Mutex::new(games)),
        })
    }

    fn games(&self) -> MutexGuard<'_, BTreeMap<i64, SharedGame>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(&self, id: i64) -> Option<SharedGame> {
        self.games().get(&id).cloned()
    }

    pub fn all(&self) -> Vec<SharedGame> {
        self.games().values().cloned().collect()
    }

    /// Stores a new game (with the moves it already has, and a seat secret for each side people
    /// play) and keeps it in memory.
    pub fn insert(&self, mut game: GameState) -> Result<SharedGame, WebError> {
        game.created = Store::now();
        game.seats.fill(game.humans)?;
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
            moves: coordinates(&mut game),
        };
        game.id = self.store.create(&stored)?;
        let shared = Arc::new(Mutex::new(game));
        let id = lock(&shared).id;
        self.games().insert(id, shared.clone());
        Ok(shared)
    }
}

/// A game stored before seats existed gets them now, stored at once so that they stay the same
/// after a restart. Nobody holds them yet: the server's log tells the operator how to take the
/// game up again in a browser (the link form of docs/web.md).
fn give_seats(store: &Store, game: &mut GameState) -> Result<(), WebError> {
    if !game.seats.fill(game.humans)? {
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
                title = side.title(),
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

/// A stored game, replayed.
pub fn rebuild(stored: &StoredGame) -> Result<GameState, String> {
    let v = Variant::by_id(&stored.variant)
        .ok_or_else(|| format!("unknown variant {:?}", stored.variant))?;
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
    Ok(game)
}

/// Plays `m` (a legal move) in the game: written to the store first, then made and announced, so
/// an accepted move is never lost.
pub fn commit_move(store: &Store, game: &mut GameState, m: Move) -> Result<(), WebError> {
    let coord = notation::format_move(&mut game.position, m, Style::Coordinate);
    store.push_move(game.id, game.moves.len() + 1, &coord)?;
    game.position.make(m);
    game.moves.push(m);
    game.announce("state", game.moves.len().to_string());
    Ok(())
}
