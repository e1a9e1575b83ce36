//! The games kept on disk: an embedded SQLite database under the data directory. Every accepted
//! move is written (in a transaction with the game's timestamp) before the server answers, so a
//! restarted server lists and resumes every game exactly.
//!
//! The directory is locked for the store's lifetime (crate::dir_lock): one server per database.
//! Another program may still write to it (the `sqlite3` shell, a backup): a write that finds the
//! database busy waits up to [`BUSY_TIMEOUT`] (SQLite's busy handler, with backoff) and then fails
//! with [`WebError::Busy`], which the API answers with 503 and `Retry-After`. Each write is one
//! transaction, begun `IMMEDIATE` so that it either takes the write lock at once or waits for it
//! (a deferred one could meet a busy database only at its first write and then not wait), and it
//! checks inside the transaction that the game is where the server believes it is.

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, Transaction, TransactionBehavior, params};

use crate::WebError;
use crate::dir_lock::DirLock;

/// How long a write waits for another program's write lock before the API answers 503.
pub const BUSY_TIMEOUT: Duration = Duration::from_millis(1500);

/// One game as stored: everything needed to rebuild it by replaying its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    pub id: i64,
    pub variant: String,
    pub setup: Option<String>,
    /// The start position in the text form of docs/notation.md.
    pub start: String,
    pub humans: String,
    pub level: u32,
    pub movetime_ms: Option<u64>,
    /// Resignation or draw (`resigned:blue`, `draw`); endings by the rules are not stored.
    pub agreed_end: Option<String>,
    pub created: i64,
    /// The secrets of the sides people play (crate::seats); `None` for the engine's side, and in
    /// games stored before seats existed.
    pub blue_seat: Option<String>,
    pub tan_seat: Option<String>,
    /// A remote game's pending draw or take-back offer (`draw:blue`; crate::offers).
    pub offer: Option<String>,
    /// A timed game's clocks (crate::clock::Clock's stored form), as of the last move.
    pub clock: Option<String>,
    /// The definition hash of its game when it was created (`Variant::definition_hash`), so that
    /// a game of a variant file that changed since is not replayed under other rules; `None` in
    /// games stored before the hash existed.
    pub definition: Option<String>,
    /// The moves in coordinate notation, in order.
    pub moves: Vec<String>,
}

pub struct Store {
    conn: Mutex<Connection>,
    /// Held until [`Store::close`] or the store's end.
    lock: Mutex<Option<DirLock>>,
    closed: AtomicBool,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    variant TEXT NOT NULL,
    setup TEXT,
    start TEXT NOT NULL,
    humans TEXT NOT NULL,
    level INTEGER NOT NULL,
    movetime_ms INTEGER,
    agreed_end TEXT,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    blue_seat TEXT,
    tan_seat TEXT,
    offer TEXT,
    clock TEXT,
    definition TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply INTEGER NOT NULL,
    coord TEXT NOT NULL,
    PRIMARY KEY (game, ply)
);
";

/// Columns added since the first version, each with its type: a database made by an older
/// version gains them (its rows read NULL there) when it is opened.
const ADDED_COLUMNS: [(&str, &str); 5] = [
    ("blue_seat", "TEXT"),
    ("tan_seat", "TEXT"),
    ("offer", "TEXT"),
    ("clock", "TEXT"),
    ("definition", "TEXT"),
];

fn migrate(conn: &Connection) -> Result<(), WebError> {
    let mut stmt = conn.prepare("SELECT name FROM pragma_table_info('games')")?;
    let have: Vec<String> = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for (name, kind) in ADDED_COLUMNS {
        if !have.iter().any(|h| h == name) {
            conn.execute_batch(&format!("ALTER TABLE games ADD COLUMN {name} {kind}"))?;
        }
    }
    Ok(())
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// Runs `f` where it may block for a while (a write waiting for the disk or for another program's
/// lock, a game held by a search): on a worker of a multi-threaded Tokio runtime the worker's other requests move to
/// another thread meanwhile; elsewhere (an engine's thread, a single-threaded test) it just runs.
pub(crate) fn blocking<T>(f: impl FnOnce() -> T) -> T {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current() {
        Ok(h) if h.runtime_flavor() == RuntimeFlavor::MultiThread => tokio::task::block_in_place(f),
        _ => f(),
    }
}

impl Store {
    /// Opens (creating if needed) `games.sqlite` in `dir`, after locking the directory: a second
    /// server on the same directory fails here with [`WebError::DataInUse`].
    pub fn open(dir: &Path) -> Result<Store, WebError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| WebError::Data(format!("cannot create {}: {e}", dir.display())))?;
        let lock = DirLock::acquire(dir)?;
        let path = dir.join("games.sqlite");
        let conn = Connection::open(&path)
            .map_err(|e| WebError::Data(format!("cannot open {}: {e}", path.display())))?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        // WAL with synchronous NORMAL: a commit is in the log (the operating system's) before the
        // server answers, so no accepted move is lost when the server crashes or is killed, but
        // it is not flushed to the disk each time (checkpoints are): a flush per move stalled
        // every request behind it by hundreds of milliseconds on a busy disk. A power failure may
        // lose the last moves, never the database's consistency.
        conn.execute_batch(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
        )?;
        conn.execute_batch(SCHEMA)?;
        migrate(&conn)?;
        Ok(Store {
            conn: Mutex::new(conn),
            lock: Mutex::new(Some(lock)),
            closed: AtomicBool::new(false),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite half-written (transactions), so a
        // poisoned lock is still usable.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// One write: `f` in an immediate transaction, committed if it succeeds, rolled back (by the
    /// transaction's drop) if it fails.
    fn write<T>(&self, f: impl FnOnce(&Transaction) -> Result<T, WebError>) -> Result<T, WebError> {
        if self.closed.load(Ordering::SeqCst) {
            return Err(WebError::Stopping);
        }
        blocking(|| {
            let mut conn = self.conn();
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let value = f(&tx)?;
            tx.commit()?;
            Ok(value)
        })
    }

    /// Stops writing and lets the data directory go (the end of a graceful shutdown): a server
    /// started next may open the directory even while this process is still finishing.
    pub fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        let conn = self.conn();
        // Folds the write-ahead log into the database, so the directory is one file at rest.
        let _ = conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);");
        self.lock.lock().unwrap_or_else(|e| e.into_inner()).take();
    }

    /// Creates a game with its first moves; returns its id.
    pub fn create(&self, game: &StoredGame) -> Result<i64, WebError> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO games (variant, setup, start, humans, level, movetime_ms, \
                 agreed_end, created, updated, blue_seat, tan_seat, offer, clock, definition) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9, ?10, ?11, ?12, ?13)",
                params![
                    game.variant,
                    game.setup,
                    game.start,
                    game.humans,
                    game.level,
                    game.movetime_ms.map(|m| m as i64),
                    game.agreed_end,
                    game.created,
                    game.blue_seat,
                    game.tan_seat,
                    game.offer,
                    game.clock,
                    game.definition,
                ],
            )?;
            let id = tx.last_insert_rowid();
            for (i, coord) in game.moves.iter().enumerate() {
                tx.execute(
                    "INSERT INTO moves (game, ply, coord) VALUES (?1, ?2, ?3)",
                    params![id, i as i64 + 1, coord],
                )?;
            }
            Ok(id)
        })
    }

    /// Appends the move of ply `ply` (1-based).
    pub fn push_move(&self, id: i64, ply: usize, coord: &str) -> Result<(), WebError> {
        self.push_moves(id, ply, &[coord.to_string()])
    }

    /// Appends moves from ply `first` (1-based) on, all or none: both parts of a doubled turn are
    /// one write. The stored game must have exactly `first - 1` moves, so the table never has a
    /// gap or a second move for one ply, whoever else writes to it.
    pub fn push_moves(&self, id: i64, first: usize, coords: &[String]) -> Result<(), WebError> {
        self.push_moves_timed(id, first, coords, None)
    }

    /// [`Store::push_moves`], with a timed game's clocks after the moves in the same write.
    pub fn push_moves_timed(
        &self,
        id: i64,
        first: usize,
        coords: &[String],
        clock: Option<&str>,
    ) -> Result<(), WebError> {
        self.write(|tx| {
            touch(tx, id)?;
            let stored = stored_plies(tx, id)?;
            if stored + 1 != first {
                return Err(WebError::Conflict(format!(
                    "game {id} has {stored} moves in the database, not {}: it was changed \
                     elsewhere; reload it",
                    first - 1
                )));
            }
            // The move path's statements are prepared once per connection (cached), not parsed
            // again for every move.
            let mut insert =
                tx.prepare_cached("INSERT INTO moves (game, ply, coord) VALUES (?1, ?2, ?3)")?;
            for (i, coord) in coords.iter().enumerate() {
                insert.execute(params![id, (first + i) as i64, coord])?;
            }
            // A move declines a pending offer.
            tx.prepare_cached("UPDATE games SET offer = NULL WHERE id = ?1")?
                .execute(params![id])?;
            if let Some(clock) = clock {
                tx.prepare_cached("UPDATE games SET clock = ?2 WHERE id = ?1")?
                    .execute(params![id, clock])?;
            }
            Ok(())
        })
    }

    /// Keeps only the first `plies` moves (a take-back) and clears an agreed end.
    pub fn truncate(&self, id: i64, plies: usize) -> Result<(), WebError> {
        self.write(|tx| {
            touch(tx, id)?;
            tx.execute(
                "DELETE FROM moves WHERE game = ?1 AND ply > ?2",
                params![id, plies as i64],
            )?;
            tx.execute(
                "UPDATE games SET agreed_end = NULL, offer = NULL WHERE id = ?1",
                params![id],
            )?;
            Ok(())
        })
    }

    pub fn set_agreed_end(&self, id: i64, end: Option<&str>) -> Result<(), WebError> {
        self.write(|tx| {
            touch(tx, id)?;
            tx.execute(
                "UPDATE games SET agreed_end = ?2 WHERE id = ?1",
                params![id, end],
            )?;
            Ok(())
        })
    }

    /// Sets or clears a remote game's pending offer.
    pub fn set_offer(&self, id: i64, offer: Option<&str>) -> Result<(), WebError> {
        self.write(|tx| {
            touch(tx, id)?;
            tx.execute(
                "UPDATE games SET offer = ?2 WHERE id = ?1",
                params![id, offer],
            )?;
            Ok(())
        })
    }

    /// Deletes a game and its moves; false if there was no such game.
    pub fn delete(&self, id: i64) -> Result<bool, WebError> {
        self.write(|tx| {
            tx.execute("DELETE FROM moves WHERE game = ?1", params![id])?;
            Ok(tx.execute("DELETE FROM games WHERE id = ?1", params![id])? > 0)
        })
    }

    /// Stores the seat secrets of a game (made at load for a game stored before seats existed).
    pub fn set_seats(
        &self,
        id: i64,
        blue: Option<&str>,
        tan: Option<&str>,
    ) -> Result<(), WebError> {
        self.write(|tx| {
            tx.execute(
                "UPDATE games SET blue_seat = ?2, tan_seat = ?3 WHERE id = ?1",
                params![id, blue, tan],
            )?;
            Ok(())
        })
    }

    pub fn load(&self, id: i64) -> Result<Option<StoredGame>, WebError> {
        // A read waits only for this server's own writes (WAL), which may wait for a busy lock.
        blocking(|| self.read_game(id))
    }

    fn read_game(&self, id: i64) -> Result<Option<StoredGame>, WebError> {
        let conn = self.conn();
        let game = conn
            .query_row(
                "SELECT id, variant, setup, start, humans, level, movetime_ms, agreed_end, created, \
                 blue_seat, tan_seat, offer, clock, definition FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok(StoredGame {
                        id: r.get(0)?,
                        variant: r.get(1)?,
                        setup: r.get(2)?,
                        start: r.get(3)?,
                        humans: r.get(4)?,
                        level: r.get(5)?,
                        movetime_ms: r.get::<_, Option<i64>>(6)?.map(|m| m.max(0) as u64),
                        agreed_end: r.get(7)?,
                        created: r.get(8)?,
                        blue_seat: r.get(9)?,
                        tan_seat: r.get(10)?,
                        offer: r.get(11)?,
                        clock: r.get(12)?,
                        definition: r.get(13)?,
                        moves: Vec::new(),
                    })
                },
            )
            .optional()?;
        let Some(mut game) = game else {
            return Ok(None);
        };
        let mut stmt = conn.prepare("SELECT coord FROM moves WHERE game = ?1 ORDER BY ply")?;
        game.moves = stmt
            .query_map(params![id], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        Ok(Some(game))
    }

    /// Every game id, oldest first.
    pub fn ids(&self) -> Result<Vec<i64>, WebError> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT id FROM games ORDER BY id")?;
        let ids = stmt
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        Ok(ids)
    }

    pub fn now() -> i64 {
        now()
    }
}

/// Marks the game changed now; [`WebError::NoGame`] if it is not in the database (deleted).
fn touch(tx: &Transaction, id: i64) -> Result<(), WebError> {
    let changed = tx
        .prepare_cached("UPDATE games SET updated = ?2 WHERE id = ?1")?
        .execute(params![id, now()])?;
    if changed == 0 {
        return Err(WebError::NoGame(id));
    }
    Ok(())
}

/// How many moves the game has stored; a conflict if they are not plies 1 to n (a database
/// written by two servers at once before the directory lock existed).
fn stored_plies(tx: &Transaction, id: i64) -> Result<usize, WebError> {
    let (count, last): (i64, i64) = tx
        .prepare_cached("SELECT COUNT(*), COALESCE(MAX(ply), 0) FROM moves WHERE game = ?1")?
        .query_row(params![id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    if count != last {
        return Err(WebError::Conflict(format!(
            "game {id} has a gap in its stored moves ({count} moves up to ply {last})"
        )));
    }
    Ok(count.max(0) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_and_moves_survive_reopening() {
        let dir = std::env::temp_dir().join(format!("jovian-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let game = StoredGame {
            id: 0,
            variant: "scirocco".into(),
            setup: Some("default".into()),
            start: "text".into(),
            humans: "blue".into(),
            level: 3,
            movetime_ms: Some(500),
            agreed_end: None,
            created: 7,
            blue_seat: Some("b1".into()),
            tan_seat: None,
            offer: None,
            clock: None,
            definition: Some("7491ce879bc2".into()),
            moves: vec!["d3d4".into()],
        };
        let id = {
            let store = Store::open(&dir).unwrap();
            let id = store.create(&game).unwrap();
            store.push_move(id, 2, "d8d7").unwrap();
            store.push_move(id, 3, "e3e4").unwrap();
            store.truncate(id, 2).unwrap();
            store.set_agreed_end(id, Some("draw")).unwrap();
            id
        };
        let store = Store::open(&dir).unwrap();
        let back = store.load(id).unwrap().unwrap();
        assert_eq!(back.moves, ["d3d4", "d8d7"]);
        assert_eq!(back.agreed_end.as_deref(), Some("draw"));
        assert_eq!(
            (back.level, back.movetime_ms, back.created),
            (3, Some(500), 7)
        );
        assert_eq!(
            (back.blue_seat.as_deref(), back.tan_seat.as_deref()),
            (Some("b1"), None)
        );
        assert_eq!(store.ids().unwrap(), [id]);
        assert!(store.load(id + 1).unwrap().is_none());
        // The same ply twice is refused, not overwritten, and so is a gap.
        assert!(matches!(
            store.push_move(id, 2, "a1a2"),
            Err(WebError::Conflict(_))
        ));
        assert!(matches!(
            store.push_move(id, 4, "a1a2"),
            Err(WebError::Conflict(_))
        ));
        // Both parts of a doubled turn, or neither.
        let parts = ["e3e4".to_string(), "e4e5".to_string()];
        assert!(store.push_moves(id, 2, &parts).is_err());
        store.push_moves(id, 3, &parts).unwrap();
        assert_eq!(store.load(id).unwrap().unwrap().moves.len(), 4);
        // A deleted game takes no more writes.
        assert!(store.delete(id).unwrap());
        assert!(!store.delete(id).unwrap());
        assert!(store.load(id).unwrap().is_none());
        assert!(matches!(
            store.push_move(id, 5, "a1a2"),
            Err(WebError::NoGame(_))
        ));
        assert!(matches!(store.truncate(id, 0), Err(WebError::NoGame(_))));
        assert!(matches!(
            store.set_agreed_end(id, None),
            Err(WebError::NoGame(_))
        ));
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_database_of_the_first_version_gains_the_seat_columns() {
        let dir = std::env::temp_dir().join(format!("jovian-store-old-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        {
            // The first version's schema, with one game in it.
            let conn = Connection::open(dir.join("games.sqlite")).unwrap();
            conn.execute_batch(
                "CREATE TABLE games (id INTEGER PRIMARY KEY, variant TEXT NOT NULL, setup TEXT, \
                 start TEXT NOT NULL, humans TEXT NOT NULL, level INTEGER NOT NULL, \
                 movetime_ms INTEGER, agreed_end TEXT, created INTEGER NOT NULL, \
                 updated INTEGER NOT NULL);
                 CREATE TABLE moves (game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE, \
                 ply INTEGER NOT NULL, coord TEXT NOT NULL, PRIMARY KEY (game, ply));
                 INSERT INTO games VALUES (1, 'scirocco', NULL, 'text', 'both', 9, NULL, NULL, 5, 5);
                 INSERT INTO moves VALUES (1, 1, 'd3d4');",
            )
            .unwrap();
        }
        let store = Store::open(&dir).unwrap();
        let old = store.load(1).unwrap().unwrap();
        assert_eq!(
            (old.blue_seat, old.tan_seat, old.moves.len()),
            (None, None, 1)
        );
        store.set_seats(1, Some("b"), Some("t")).unwrap();
        drop(store);
        // Opening again finds the columns there and keeps what was stored.
        let store = Store::open(&dir).unwrap();
        let back = store.load(1).unwrap().unwrap();
        assert_eq!(
            (back.blue_seat.as_deref(), back.tan_seat.as_deref()),
            (Some("b"), Some("t"))
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
