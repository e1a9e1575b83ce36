//! Rules of the shogi family that a variant file switches on (`[rules] promotion_moves` and
//! `lion_trading`, docs/variants.md): which moves may promote, and Chu Shogi's rules against
//! trading Lions. The model only: move generation carries them out (`movegen/shogi_rules.rs`).

use crate::piece::PieceKind;

/// Which moves of a type that promotes may promote. Promotion is a choice either way: the move
/// that does not promote is listed too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PromotionMoves {
    /// A move that starts or ends in the promotion zone (Adrian King's games, Shogi).
    #[default]
    StartOrEnd,
    /// Chu Shogi's: a move that enters the zone from outside it, or one that captures having
    /// started inside it, or one after which the piece could never move again unpromoted (a Pawn
    /// or Lance reaching the last rank). A move inside the zone without a capture may not.
    EntryOrCapture,
}

/// A set of piece types (up to 256, as `PieceKind` counts them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindSet([u64; 4]);

impl KindSet {
    pub fn insert(&mut self, kind: PieceKind) {
        self.0[kind.0 as usize >> 6] |= 1 << (kind.0 & 63);
    }

    #[inline(always)]
    pub fn contains(&self, kind: PieceKind) -> bool {
        self.0[kind.0 as usize >> 6] >> (kind.0 & 63) & 1 == 1
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The types in the set, in table order.
    pub fn kinds(&self) -> impl Iterator<Item = PieceKind> + '_ {
        (0..=255u8).map(PieceKind).filter(|&k| self.contains(k))
    }
}

/// Chu Shogi's rules against trading Lions (the Japanese Chu Shogi Association's, as HaChu plays
/// them; docs/rules/chu-shogi.md):
/// - a Lion may not take a Lion that is not next to it where the opponent could take it back at
///   once, unless the same move also takes a piece that is not in `no_bridge` (a "bridge");
/// - after a Lion was taken by a piece that is not a Lion, the next move may not take a Lion with
///   a piece that is not a Lion (the counter-strike rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LionTrading {
    /// The types these rules call Lions.
    pub lions: KindSet,
    /// The types whose capture does not make a bridge (Pawn, Go-Between).
    pub no_bridge: KindSet,
}
