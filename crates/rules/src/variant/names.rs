//! The names a variant answers to: its types by abbreviation, alias or name, the abbreviations a
//! position text writes for each side, squares, sides and arrays, and the game's own id.

use super::Variant;
use crate::geometry::{Color, Square};
use crate::piece::{PieceKind, PieceSpec};

impl Variant {
    pub fn spec(&self, kind: PieceKind) -> &PieceSpec {
        &self.pieces[kind.0 as usize]
    }

    pub fn kinds(&self) -> impl Iterator<Item = PieceKind> + '_ {
        (0..self.pieces.len()).map(|i| PieceKind(i as u8))
    }

    /// The type with this abbreviation, exactly as the text writes it.
    pub fn kind_by_abbr(&self, abbr: &str) -> Option<PieceKind> {
        self.pieces
            .iter()
            .position(|p| p.abbr == abbr)
            .map(|i| PieceKind(i as u8))
    }

    /// The type a text names, as a record or position may write it: the exact abbreviation
    /// (case-sensitive) first, then an exact alias (`DEl` for `DE`), then any spelling of an
    /// abbreviation or alias ignoring case, if exactly one type matches so.
    pub fn kind_by_abbr_ignore_case(&self, abbr: &str) -> Option<PieceKind> {
        if let Some(k) = self.kind_by_abbr(abbr) {
            return Some(k);
        }
        let kind = |i: usize| PieceKind(i as u8);
        if let Some(i) = self.pieces.iter().position(|p| p.aliases.contains(&abbr)) {
            return Some(kind(i));
        }
        let mut found = None;
        for (i, p) in self.pieces.iter().enumerate() {
            let matches = std::iter::once(p.abbr)
                .chain(p.aliases.iter().copied())
                .any(|a| a.eq_ignore_ascii_case(abbr));
            if matches {
                if found.is_some() {
                    return None;
                }
                found = Some(kind(i));
            }
        }
        found
    }

    /// The type with this name or abbreviation (names ignore case).
    pub fn kind_by_name(&self, name: &str) -> Option<PieceKind> {
        self.kind_by_abbr(name).or_else(|| {
            self.pieces
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case(name))
                .map(|i| PieceKind(i as u8))
        })
    }

    pub fn abbr(&self, kind: PieceKind) -> &'static str {
        self.pieces[kind.0 as usize].abbr
    }

    /// The abbreviation as a position text writes it for `color`: Blue's as the text writes it,
    /// Tan's with its first letter in lowercase (`dE` is Tan's Drunk Elephant, `de` Tan's Dervish).
    pub fn side_abbr(&self, kind: PieceKind, color: Color) -> String {
        let abbr = self.abbr(kind);
        match color {
            Color::Blue => abbr.to_string(),
            Color::Tan => {
                let mut chars = abbr.chars();
                chars
                    .next()
                    .map(|c| c.to_lowercase().chain(chars).collect())
                    .unwrap_or_default()
            }
        }
    }

    pub fn square_name(&self, sq: Square) -> String {
        self.geometry.square_name(sq)
    }

    pub fn side_name(&self, color: Color) -> &'static str {
        color.name()
    }

    /// The side's name for people: `Blue`/`Tan`, or `White`/`Black` in the 12x8 game.
    pub fn side_title(&self, color: Color) -> &'static str {
        self.side_titles[color.index()]
    }

    /// Every array name, for variants with few enough arrays to list (not Jupiter).
    pub fn setup_names(&self) -> Option<Vec<String>> {
        self.setups.names.map(|names| names())
    }

    /// Whether `name` names this game: its id or one of its aliases, in any case.
    pub fn answers_to(&self, name: &str) -> bool {
        self.id.eq_ignore_ascii_case(name)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }
}
