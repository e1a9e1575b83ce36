//! The built-in games. Scirocco, Typhoon and both Jupiters are variant files (`games/*.toml`,
//! read by the same loader as a designer's file, `crate::file`); their modules hold what the files
//! name but do not contain: the arrays built from the author's pairs (`[setup] builtin`), the
//! board-dependent promotion rule, and the tests. The 12x8 game is still built here, its
//! International Chess layer being code (`position/larger`).

use crate::variant::SetupRule;

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
pub const BUILTIN_ARRAYS: [BuiltinArrays; 4] = [
    scirocco::ARRAYS,
    typhoon::ARRAYS,
    jupiter::ARRAYS,
    jupiter_1999::ARRAYS,
];

/// The arrays a file may name as `builtin = "ID"`.
pub fn builtin_arrays(id: &str) -> Option<&'static BuiltinArrays> {
    BUILTIN_ARRAYS.iter().find(|a| a.id == id)
}
