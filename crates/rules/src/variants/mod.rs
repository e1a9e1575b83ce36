//! The built-in games. Scirocco, Typhoon and both Jupiters are variant files (`games/*.toml`,
//! read by the same loader as a designer's file, `crate::file`); their modules hold what the files
//! name but do not contain: the arrays built from the author's pairs (`[setup] builtin`), the
//! board-dependent promotion rule, and the tests. The 12x8 game is a file too, naming its rules
//! layer (`position/larger`, code).

use crate::variant::{SetupRule, Variant};

/// The games read from variant files in this process (`Variant::register`).
static LOADED: std::sync::Mutex<Vec<&'static Variant>> = std::sync::Mutex::new(Vec::new());

pub mod jupiter;
pub mod jupiter_1999;
pub mod larger_board;
pub mod pairs;
pub mod scirocco;
pub mod typhoon;

/// A built-in game's arrays, which a variant file names by the game's id (`[setup] builtin =
/// "GAME"`): known without building the game, whose own file names them too.
#[derive(Clone, Copy)]
pub struct BuiltinArrays {
    pub id: &'static str,
    /// The board they are made for.
    pub files: u8,
    pub ranks: u8,
    pub rule: SetupRule,
    /// Every type an array places, by abbreviation (a table must have them all).
    pub places: fn() -> Vec<&'static str>,
}

/// The arrays of every game a file may name, in the order of `Variant::all`.
pub const BUILTIN_ARRAYS: [BuiltinArrays; 5] = [
    scirocco::ARRAYS,
    typhoon::ARRAYS,
    jupiter::ARRAYS,
    jupiter_1999::ARRAYS,
    larger_board::ARRAYS,
];

/// The arrays a file may name as `builtin = "ID"`.
pub fn builtin_arrays(id: &str) -> Option<&'static BuiltinArrays> {
    BUILTIN_ARRAYS.iter().find(|a| a.id == id)
}

/// The registry of games: the built-in ones and those read from files in this process. It lives
/// here, above the model (`crate::variant`), which knows no particular game.
impl Variant {
    /// All variants of this build.
    pub fn all() -> Vec<&'static Variant> {
        vec![
            scirocco::variant(),
            typhoon::variant(),
            jupiter::variant(),
            jupiter_1999::variant(),
            larger_board::variant(),
        ]
    }

    /// The variant with this identifier (case-insensitive): a built-in game, or one read from a
    /// variant file and registered in this process (`Variant::register`).
    pub fn by_id(id: &str) -> Option<&'static Variant> {
        let named = |v: &&'static Variant| v.answers_to(id);
        Variant::all().into_iter().find(named).or_else(|| {
            let loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
            loaded.iter().copied().find(named)
        })
    }

    /// Makes a game read from a file known by its id to this process, so that its records replay
    /// (`by_id`). Refused for a built-in game's id, or one a different game already has.
    pub fn register(variant: &'static Variant) -> Result<(), String> {
        if Variant::all()
            .iter()
            .any(|v| v.id.eq_ignore_ascii_case(variant.id))
        {
            return Err(format!(
                "the id {:?} is a built-in game's; give the variant an id of its own",
                variant.id
            ));
        }
        // The id as another game's alias, or an alias as another game's id or alias.
        let names = || std::iter::once(&variant.id).chain(variant.aliases);
        if let Some(taken) = names().find(|name| Variant::all().iter().any(|v| v.answers_to(name)))
        {
            return Err(format!(
                "the name {taken:?} is a built-in game's; give the variant names of its own"
            ));
        }
        let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
        match loaded
            .iter()
            .find(|v| v.id.eq_ignore_ascii_case(variant.id))
        {
            Some(v) if std::ptr::eq(*v, variant) => Ok(()),
            Some(_) => Err(format!(
                "a different game with the id {:?} is already loaded",
                variant.id
            )),
            None => {
                loaded.push(variant);
                Ok(())
            }
        }
    }
}
