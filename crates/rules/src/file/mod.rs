//! Games as data: the text format of variant files (TOML). This first part holds the piece
//! table — each type one `[[piece]]` entry: name, abbreviation, Betza movement, the named hooks
//! with their parameters, promotion, latent powers — written from and read back into the very
//! `PieceSpec`s the built-in games are made of (issue 32; docs/variants.md).

pub mod leak;
pub mod piece;

pub use piece::{FileError, PieceEntry, pieces_from_toml, pieces_to_toml};
