//! The rules of Adrian King's large chess variants: boards up to 16x16, declarative piece tables,
//! positions with make/unmake and hashing, legal move generation, game status, and the games' own
//! notation. Knows nothing of search, terminals or the web (see docs/architecture.md).

pub mod betza;
pub mod chess_rules;
pub mod drop_rules;
pub mod fen;
pub mod file;
pub mod geometry;
pub mod json;
pub mod layer_kinds;
pub mod leak;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
pub mod random;
pub mod record;
pub mod shogi_rules;
pub mod status;
pub mod variant;
pub mod variants;

pub use geometry::{Color, Geometry, Square};
pub use moves::{Move, MoveKind};
pub use piece::{Piece, PieceKind};
pub use position::{Position, PositionError, Setup};
pub use status::{Outcome, WinReason};
pub use variant::Variant;
