//! Games as data: the text format of variant files (TOML). This first part holds the piece
//! table — each type one `[[piece]]` entry: name, abbreviation, Betza movement, the named hooks
//! with their parameters, promotion, latent powers — written from and read back into the very
//! `PieceSpec`s the built-in games are made of (issue 32; docs/variants.md).

mod chess;
pub mod definition;
mod drops;
pub mod game;
pub mod piece;
mod powers;

pub use game::{game_from_toml, game_to_toml};
pub use piece::{FileError, PieceEntry, pieces_from_toml, pieces_to_toml};

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use crate::variant::Variant;

/// The largest variant file read (Jupiter's, the largest game, is about 40 KB).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Whether a game's name is a variant file's path rather than a built-in game's id.
/// A hook as a file writes it in `hooks = [...]`: `"wizard"`, `{ halfling = "leaper" }`.
pub fn hook_text(hook: &crate::piece::Special) -> String {
    toml::Value::try_from(hook).map_or_else(|_| format!("{hook:?}"), |value| value.to_string())
}

pub fn is_path(game: &str) -> bool {
    game.ends_with(".toml") || game.contains('/')
}

/// The games read from variant files in this process, by path, with the text each was read from.
static LOADED: Mutex<BTreeMap<PathBuf, (&'static Variant, String)>> = Mutex::new(BTreeMap::new());

/// How `LOADED` knows a path: its canonical form where the file exists here, else as given (a
/// Ray worker's copy of a file its node does not have, `load_text`).
fn key_of(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

/// The game of a variant file, read once per path in a process and registered
/// (`Variant::register`), so that its records replay and a run naming the path finds it again.
pub fn load(path: &Path) -> Result<&'static Variant, String> {
    let key = key_of(path);
    if let Some((v, _)) = loaded().get(&key) {
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
    load_text(path, text)
}

/// The game of a variant file's text read elsewhere (a Ray worker is sent the text its driver
/// read, so that its node needs no copy of the file), registered and remembered under `path` as
/// `load` remembers a file it reads: a run's settings that name the path then find this game.
pub fn load_text(path: &Path, text: String) -> Result<&'static Variant, String> {
    let key = key_of(path);
    let fail = |why: String| format!("{}: {why}", path.display());
    let mut loaded = loaded();
    if let Some((v, known)) = loaded.get(&key) {
        return if *known == text {
            Ok(v)
        } else {
            Err(fail(
                "another text of this variant file was already read in this process".to_string(),
            ))
        };
    }
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(fail(format!(
            "longer than {} KB, the limit for a variant file",
            MAX_FILE_BYTES / 1024
        )));
    }
    let v = game_from_toml(&text).map_err(|e| fail(e.to_string()))?;
    Variant::register(v).map_err(fail)?;
    loaded.insert(key, (v, text));
    Ok(v)
}

/// The text a game read from a variant file was read from (what a Ray run ships to its
/// workers); `None` for a built-in game.
pub fn source_text(variant: &'static Variant) -> Option<String> {
    loaded()
        .values()
        .find(|(v, _)| std::ptr::eq(*v, variant))
        .map(|(_, text)| text.clone())
}

fn loaded() -> MutexGuard<'static, BTreeMap<PathBuf, (&'static Variant, String)>> {
    LOADED.lock().unwrap_or_else(|e| e.into_inner())
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
