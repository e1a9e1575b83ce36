//! Jovian's engine: search and evaluation working through the rules library only, so every game the
//! library knows gets a computer opponent.

pub mod eval;
pub mod fitted;
pub mod lead;
pub mod levels;
pub mod limits;
pub mod mobility;
pub mod ordering;
pub mod progress;
pub mod search;
pub mod smp;
pub mod threat;
pub mod tt;
pub mod tunables;
pub mod values;
pub mod values_estimate;
mod values_jupiter;

pub use limits::{Clock, Limits};
pub use search::{Engine, Info, MATE, SearchResult, score_text};
