//! The games kept on disk: an embedded SQLite database under the data directory. Every accepted
//! move is written (in a transaction with the game's timestamp) before the server answers, so a
//! restarted server lists and resumes every game exactly.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{Connection, OptionalExtension, params};

use crate::WebError;

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
    /// The moves in coordinate notation, in order.
    pub moves: Vec<String>,
}

pub struct Store {
    conn: Mutex<Connection>,
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
    tan_seat TEXT
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
const ADDED_COLUMNS: [(&str, &str); 2] = [("blue_seat", "TEXT"), ("tan_seat", "TEXT")];

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

impl Store {
    /// Opens (creating if needed) `games.sqlite` in `dir`.
    pub fn open(dir: &Path) -> Result<Store, WebError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| WebError::Data(format!("cannot create {}: {e}", dir.display())))?;
        let path = dir.join("games.sqlite");
        let conn = Connection::open(&path)
            .map_err(|e| WebError::Data(format!("cannot open {}: {e}", path.display())))?;
        conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;")?;
        conn.execute_batch(SCHEMA)?;
        migrate(&conn)?;
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite half-written (transactions), so a
        // poisoned lock is still usable.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Creates a game with its first moves; returns its id.
    pub fn create(&self, game: &StoredGame) -> Result<i64, WebError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO games (variant, setup, start, humans, level, movetime_ms, agreed_end, \
             created, updated, blue_seat, tan_seat) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9, ?10)",
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
            ],
        )?;
        let id = tx.last_insert_rowid();
        for (i, coord) in game.moves.iter().enumerate() {
            tx.execute(
                "INSERT INTO moves (game, ply, coord) VALUES (?1, ?2, ?3)",
                params![id, i as i64 + 1, coord],
            )?;
        }
        tx.commit()?;
        Ok(id)
    }

    /// Appends the move of ply `ply` (1-based).
    pub fn push_move(&self, id: i64, ply: usize, coord: &str) -> Result<(), WebError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO moves (game, ply, coord) VALUES (?1, ?2, ?3)",
            params![id, ply as i64, coord],
        )?;
        tx.execute(
            "UPDATE games SET updated = ?2 WHERE id = ?1",
            params![id, now()],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Keeps only the first `plies` moves (a take-back) and clears an agreed end.
    pub fn truncate(&self, id: i64, plies: usize) -> Result<(), WebError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM moves WHERE game = ?1 AND ply > ?2",
            params![id, plies as i64],
        )?;
        tx.execute(
            "UPDATE games SET agreed_end = NULL, updated = ?2 WHERE id = ?1",
            params![id, now()],
        )?;
        tx.commit()?;
        Ok(())
    }

    pub fn set_agreed_end(&self, id: i64, end: Option<&str>) -> Result<(), WebError> {
        self.conn().execute(
            "UPDATE games SET agreed_end = ?2, updated = ?3 WHERE id = ?1",
            params![id, end, now()],
        )?;
        Ok(())
    }

    /// Stores the seat secrets of a game (made at load for a game stored before seats existed).
    pub fn set_seats(
        &self,
        id: i64,
        blue: Option<&str>,
        tan: Option<&str>,
    ) -> Result<(), WebError> {
        self.conn().execute(
            "UPDATE games SET blue_seat = ?2, tan_seat = ?3 WHERE id = ?1",
            params![id, blue, tan],
        )?;
        Ok(())
    }

    pub fn load(&self, id: i64) -> Result<Option<StoredGame>, WebError> {
        let conn = self.conn();
        let game = conn
            .query_row(
                "SELECT id, variant, setup, start, humans, level, movetime_ms, agreed_end, created, \
                 blue_seat, tan_seat FROM games WHERE id = ?1",
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
        // The same ply twice is refused, not overwritten.
        assert!(store.push_move(id, 2, "a1a2").is_err());
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
