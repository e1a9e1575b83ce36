//! What becomes of each piece type: how often it promotes, is captured, is lost on its own side's
//! move, survives to the end, and what its side gets back when it is lost (the opponent's pieces
//! removed in the same ply or the next one).
//!
//! Everything is read from the census before and after each move (census.rs), so a capture by
//! igui, a burning, an explosion or a conversion counts like any other capture.

use std::collections::BTreeMap;

use jovian_engine::values::piece_values;
use jovian_rules::{Color, MoveKind, PieceKind, Position, Variant};

use crate::census::Census;
use crate::run::LabGame;

/// The fates of one piece type over all the games of a run (both sides together).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PieceFate {
    pub kind: u8,
    /// Pieces of the type in the initial arrays (and hands).
    pub at_start: u32,
    /// Pieces that came into being during the games: by promotion into the type, a birth, a
    /// conversion to the other side, a flip into this state.
    pub gained: u32,
    /// Promotions of a piece of this type (it then counts as gained by the promoted type).
    pub promoted: u32,
    /// Flips into the piece's other state (the 12x8 game's Can(n)on).
    pub changed: u32,
    /// Removed by an opponent's move.
    pub captured: u32,
    /// Removed by a move of its own side (a self-capture, an explosion, poison or burning met
    /// on its own move, a Pawn turned into a Golem, a Thunder dropped).
    pub lost_own: u32,
    /// On the board or in hand at the end of the game.
    pub survived: u32,
    /// For every piece of this type lost: the opponent's piece types removed in the same ply or
    /// the next one, counted (`None`: nothing was removed, the piece was lost for nothing).
    pub traded_for: BTreeMap<Option<u8>, u32>,
    /// The engine's value (in pawns) of all the material those losses got back.
    pub value_back: f64,
}

impl PieceFate {
    /// Every piece of the type that existed: at the start or gained.
    pub fn pieces(&self) -> u32 {
        self.at_start + self.gained
    }

    pub fn losses(&self) -> u32 {
        self.captured + self.lost_own
    }

    /// The share of the type's pieces that `count` is, 0 without pieces.
    pub fn share(&self, count: u32) -> f64 {
        if self.pieces() == 0 {
            0.0
        } else {
            count as f64 / self.pieces() as f64
        }
    }

    /// Losses that got nothing back.
    pub fn for_nothing(&self) -> u32 {
        self.traded_for.get(&None).copied().unwrap_or(0)
    }

    /// The opponent types most often taken back for a loss of this type, most frequent first.
    pub fn usual_trades(&self, n: usize) -> Vec<(u8, u32)> {
        let mut trades: Vec<(u8, u32)> = self
            .traded_for
            .iter()
            .filter_map(|(k, &c)| k.map(|k| (k, c)))
            .collect();
        trades.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        trades.truncate(n);
        trades
    }
}

/// Types whose promotion field says what a piece becomes (drops and flips use it otherwise).
fn is_promotion(kind: MoveKind) -> bool {
    !matches!(kind, MoveKind::Drop | MoveKind::Flip)
}

/// The fate of every type of `variant` over `games`, indexed by kind. Types that never appeared
/// have zero counts.
pub fn piece_fates(variant: &'static Variant, games: &[LabGame]) -> Vec<PieceFate> {
    let values: Vec<f64> = piece_values(variant)
        .into_iter()
        .map(|v| v as f64 / 100.0)
        .collect();
    let mut fates: Vec<PieceFate> = variant
        .kinds()
        .map(|k| PieceFate {
            kind: k.0,
            ..PieceFate::default()
        })
        .collect();
    for game in games {
        let Ok(mut pos) = Position::from_setup(&game.start) else {
            continue;
        };
        let mut before = Census::of(&pos);
        for (kind, total) in before.totals().into_iter().enumerate() {
            fates[kind].at_start += total as u32;
        }
        // Per ply, per side: the pieces lost, as (type, count).
        let mut losses: Vec<[Vec<(u8, u32)>; 2]> = Vec::with_capacity(game.moves.len());
        for &m in &game.moves {
            let mover = pos.side_to_move();
            let mover_kind = pos.mover(m).map(|p| p.kind);
            pos.make(m);
            let after = Census::of(&pos);
            let mut change = before.change_to(&after);
            if let Some(k) = mover_kind {
                let k = k.0 as usize;
                // The piece that promoted or flipped is not lost: it became another type, which
                // counts as gained.
                if m.promotion().is_some() && is_promotion(m.kind) {
                    change[k][mover.index()] += 1;
                    fates[k].promoted += 1;
                } else if m.kind == MoveKind::Flip {
                    change[k][mover.index()] += 1;
                    fates[k].changed += 1;
                }
            }
            let mut lost: [Vec<(u8, u32)>; 2] = [Vec::new(), Vec::new()];
            for (kind, sides) in change.iter().enumerate() {
                for side in Color::BOTH {
                    let d = sides[side.index()];
                    if d > 0 {
                        fates[kind].gained += d as u32;
                    } else if d < 0 {
                        let n = (-d) as u32;
                        if side == mover {
                            fates[kind].lost_own += n;
                        } else {
                            fates[kind].captured += n;
                        }
                        lost[side.index()].push((kind as u8, n));
                    }
                }
            }
            losses.push(lost);
            before = after;
        }
        for (kind, total) in before.totals().into_iter().enumerate() {
            fates[kind].survived += total as u32;
        }
        for (ply, lost) in losses.iter().enumerate() {
            for side in Color::BOTH {
                let other = side.other().index();
                let back: Vec<(u8, u32)> = lost[other]
                    .iter()
                    .chain(losses.get(ply + 1).map_or(&[][..], |l| &l[other][..]))
                    .copied()
                    .collect();
                for &(kind, n) in &lost[side.index()] {
                    let fate = &mut fates[kind as usize];
                    if back.is_empty() {
                        *fate.traded_for.entry(None).or_default() += n;
                    }
                    for &(u, c) in &back {
                        *fate.traded_for.entry(Some(u)).or_default() += n * c;
                        fate.value_back += (n * c) as f64 * values[u as usize];
                    }
                }
            }
        }
    }
    fates
}

/// The type's name for tables: `Chariot (Ch)`.
pub fn type_label(variant: &Variant, kind: u8) -> String {
    let spec = variant.spec(PieceKind(kind));
    format!("{} ({})", spec.name, spec.abbr)
}
