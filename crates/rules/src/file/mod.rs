//! Games as data: the text format of variant files (TOML). This first part holds the piece
//! table — each type one `[[piece]]` entry: name, abbreviation, Betza movement, the named hooks
//! with their parameters, promotion, latent powers — written from and read back into the very
//! `PieceSpec`s the built-in games are made of (issue 32; docs/variants.md).

pub mod game;
pub mod leak;
pub mod piece;

pub use game::{game_from_toml, game_to_toml};
pub use piece::{FileError, PieceEntry, pieces_from_toml, pieces_to_toml};

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::variant::Variant;

/// The largest variant file read (Jupiter's, the largest game, is about 40 KB).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Whether a game's name is a variant file's path rather than a built-in game's id.
pub fn is_path(game: &str) -> bool {
    game.ends_with(".toml") || game.contains('/')
}

/// The game of a variant file, read once per path in a process and registered
/// (`Variant::register`), so that its records replay and a run naming the path finds it again.
pub fn load(path: &Path) -> Result<&'static Variant, String> {
    static LOADED: Mutex<Option<HashMap<PathBuf, &'static Variant>>> = Mutex::new(None);
    let key = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(v) = loaded.get_or_insert_with(HashMap::new).get(&key) {
        return Ok(v);
    }
    let fail = |why: String| format!("{}: {why}", path.display());
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| fail(e.to_string()))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(fail(format!(
            "longer than {} KB, the limit for a variant file",
            MAX_FILE_BYTES / 1024
        )));
    }
    let text = String::from_utf8(bytes).map_err(|_| fail("not UTF-8 text".to_string()))?;
    let v = game_from_toml(&text).map_err(|e| fail(e.to_string()))?;
    Variant::register(v).map_err(fail)?;
    loaded.get_or_insert_with(HashMap::new).insert(key, v);
    Ok(v)
}

/// A game by a built-in id, a registered file game's id, or a variant file's path.
pub fn variant_named(game: &str) -> Result<&'static Variant, String> {
    if is_path(game) {
        return load(Path::new(game));
    }
    Variant::by_id(game).ok_or_else(|| format!("unknown game {game:?}"))
}

/// `text` with `len` bytes from `cut` replaced by `junk` (at character boundaries): the damaged
/// files of the property tests.
#[cfg(test)]
pub(crate) fn damaged(text: &str, cut: usize, len: usize, junk: &str) -> String {
    let mut start = cut.min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + len).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}{junk}{}", &text[..start], &text[end..])
}
