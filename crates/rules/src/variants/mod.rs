//! One file per game: its piece table, zones, rules and setups.

pub mod jupiter;
pub mod jupiter_1999;
mod jupiter_pieces;
pub mod larger_board;
pub mod pairs;
pub mod scirocco;
pub mod typhoon;
