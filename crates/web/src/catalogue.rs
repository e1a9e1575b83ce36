//! The games a server offers: the built-in games, then the games of the variant files that
//! `jovian serve --variants DIR` was given (docs/variants.md, "In the browser"). Every part of the
//! server that lists or names a game asks the catalogue — the game list and its diagrams, the
//! rules page, new games and loaded records, stored games, analysis, the position editor, the Lab
//! page — so a file game is offered wherever a built-in one is, and a game this server does not
//! serve is unknown to all of them alike.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use axum::body::Bytes;
use jovian_rules::Variant;

/// A game read from a variant file.
pub struct FileGame {
    pub variant: &'static Variant,
    /// The file's canonical path: a Lab run started from the page names the game by it, so that
    /// its `jovian lab` process reads the same file.
    pub path: PathBuf,
    /// The file's name in the directory, which the browser shows (where the server keeps its
    /// files is no business of the page's).
    pub name: String,
}

/// The built-in games and the served files' games.
pub struct Catalogue {
    files: Vec<FileGame>,
    /// `GET /api/variants`, made once (crate::variant_view).
    json: OnceLock<Bytes>,
}

impl Catalogue {
    /// The built-in games alone.
    pub fn builtin() -> Catalogue {
        Catalogue {
            files: Vec::new(),
            json: OnceLock::new(),
        }
    }

    /// The built-in games and the game of every `*.toml` file in `dir` (in the order of their
    /// names; other files and subdirectories are not read). Every file is read and checked now:
    /// a server that started serves every file it was given. The first problem is the error, one
    /// line naming the file (and, for a file that does not read, the line and column): a broken
    /// file, a game whose id is a built-in game's or another file's, or a directory that is
    /// missing or holds no variant file.
    pub fn from_dir(dir: &Path) -> Result<Catalogue, String> {
        let shown = dir.display();
        if !dir.is_dir() {
            let what = if dir.exists() {
                "is not a directory"
            } else {
                "does not exist"
            };
            return Err(format!(
                "the variant directory {shown} {what} (--variants names a directory of variant \
                 files, *.toml)"
            ));
        }
        let entries = std::fs::read_dir(dir)
            .map_err(|e| format!("the variant directory {shown} cannot be read: {e}"))?;
        let mut paths: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml") && p.is_file())
            .collect();
        paths.sort();
        if paths.is_empty() {
            return Err(format!(
                "the variant directory {shown} holds no variant file (*.toml); write one with \
                 `jovian variant export GAME > {shown}/NAME.toml` (docs/variants.md)"
            ));
        }
        let mut files: Vec<FileGame> = Vec::new();
        for path in paths {
            let variant = jovian_rules::file::load(&path)
                .map_err(|e| Catalogue::clash(&files, &path).unwrap_or(e))?;
            // The same file under two names (a link) is read once, and would be listed twice.
            if let Some(first) = files.iter().find(|f| std::ptr::eq(f.variant, variant)) {
                return Err(same_id(&path, variant.id, first));
            }
            files.push(FileGame {
                variant,
                path: path.canonicalize().unwrap_or_else(|_| path.clone()),
                name: path
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            });
        }
        Ok(Catalogue {
            files,
            json: OnceLock::new(),
        })
    }

    /// Why a file that `load` refused clashes with a file read before it, naming both: the
    /// rules library refuses a second game of the same id (`Variant::register`) without knowing
    /// which file the first came from. `None` when that is not why it was refused.
    fn clash(files: &[FileGame], path: &Path) -> Option<String> {
        let text = std::fs::read_to_string(path).ok()?;
        let game = jovian_rules::file::game_from_toml(&text).ok()?;
        let first = files
            .iter()
            .find(|f| f.variant.id.eq_ignore_ascii_case(game.id))?;
        Some(same_id(path, game.id, first))
    }

    /// Every game served, the built-in ones first: what the browser's game lists show.
    pub fn games(&self) -> Vec<&'static Variant> {
        let mut games = Variant::all();
        games.extend(self.files.iter().map(|f| f.variant));
        games
    }

    /// The served files' games.
    pub fn files(&self) -> &[FileGame] {
        &self.files
    }

    /// The served game with this id or alias (case-insensitive), as `Variant::by_id` finds one
    /// but among this server's games only.
    pub fn find(&self, id: &str) -> Option<&'static Variant> {
        self.games().into_iter().find(|v| v.answers_to(id))
    }

    /// The file a served game was read from; `None` for a built-in game.
    pub fn file_of(&self, v: &Variant) -> Option<&FileGame> {
        self.files.iter().find(|f| std::ptr::eq(f.variant, v))
    }

    /// The game's title as the server's pages list it: a file game's says that it is a
    /// designer's file, and which.
    pub fn title(&self, v: &Variant) -> String {
        match self.file_of(v) {
            Some(file) => format!("{} (designer's file {})", v.title, file.name),
            None => v.title.to_string(),
        }
    }

    /// The ids of the games served, for an error that lists them.
    pub fn ids(&self) -> String {
        let ids: Vec<&str> = self.games().iter().map(|v| v.id).collect();
        ids.join(", ")
    }

    /// The answer to `GET /api/variants`: every served game with its pieces' diagrams, made by
    /// the first caller (a second or so of move generation for the built-in games, kept for the
    /// process: crate::variant_view).
    pub fn variants_json(&self) -> Bytes {
        self.json
            .get_or_init(|| {
                let infos: Vec<crate::variant_view::VariantInfo> = self
                    .games()
                    .into_iter()
                    .map(|v| crate::variant_view::info(v, self.file_of(v).map(|f| f.name.as_str())))
                    .collect();
                crate::variant_view::list_json(&infos)
            })
            .clone()
    }
}

/// The error for a file whose game has the id of a file read before it.
fn same_id(path: &Path, id: &str, first: &FileGame) -> String {
    format!(
        "{}: the id {id:?} is also the id of {}; each game needs an id of its own",
        path.display(),
        path.with_file_name(&first.name).display()
    )
}
