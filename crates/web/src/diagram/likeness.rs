//! Which piece types of a game move exactly alike: each type is put on the same square of the
//! same crowded positions and its moves (and what the other pieces may then do) are compared.
//! The piece panel says "moves like ..." with it, and the diagram tests use it to prove that two
//! types with the same diagram really move the same.

use jovian_rules::random::SplitMix64;
use std::collections::BTreeMap;

use jovian_rules::{Color, Move, MoveKind, PieceKind, Square, Variant};

use super::probe::{self, Pieces};

/// One move, every square relative to the probed piece's: whether the probed piece makes it, its
/// kind, from, destination and victims.
type Seen = (bool, u8, (i32, i32), (i32, i32), Vec<(i32, i32)>);

/// The same positions on every run (SplitMix64).
struct Rng(SplitMix64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }
}

/// How many crowded positions each type is tried in.
const SAMPLES: usize = 24;

/// A fingerprint of how `kind` moves: equal fingerprints, equal behaviour in every sample.
pub type Fingerprint = Vec<Option<(Vec<Seen>, Vec<Seen>)>>;

/// The fingerprint of every type of `v`, in table order.
pub fn fingerprints(v: &'static Variant) -> Vec<Fingerprint> {
    let kinds: Vec<PieceKind> = v.kinds().collect();
    let Some(king) = probe::royal_kind(v) else {
        return vec![Vec::new(); kinds.len()];
    };
    let plain: Vec<PieceKind> = kinds
        .iter()
        .copied()
        .filter(|&k| !v.spec(k).royal)
        .collect();
    let (w, h) = (v.geometry.width as usize, v.geometry.height as usize);
    let mut rng = Rng(SplitMix64::new(0x6a6f_7669_616e ^ v.id.len() as u64));
    let mut samples: Vec<(Square, Pieces)> = Vec::new();
    for _ in 0..SAMPLES {
        // The probed square in the middle half of the board; the others anywhere.
        let at = Square::new(
            (w / 4 + rng.below(w / 2)) as u8,
            (h / 4 + rng.below(h / 2)) as u8,
        );
        let mut taken = vec![at];
        let mut square = |rng: &mut Rng| loop {
            let sq = Square::new(rng.below(w) as u8, rng.below(h) as u8);
            if !taken.contains(&sq) {
                taken.push(sq);
                return sq;
            }
        };
        let mut pieces: Pieces = vec![
            (Color::Blue, king, square(&mut rng)),
            (Color::Tan, king, square(&mut rng)),
        ];
        for i in 0..(w * h / 16).max(6) {
            let color = if i % 2 == 0 { Color::Blue } else { Color::Tan };
            let k = plain[rng.below(plain.len())];
            // A Golem's part or an Elephant cannot stand without its companion.
            if probe::needs_companions(v, k) {
                continue;
            }
            pieces.push((color, k, square(&mut rng)));
        }
        samples.push((at, pieces));
    }
    kinds
        .iter()
        .map(|&k| {
            samples
                .iter()
                .map(|(at, others)| behaviour(v, k, *at, others))
                .collect()
        })
        .collect()
}

/// What `kind` on `at` may do among `others`, Blue to move, and what Tan may then do with Blue
/// to move passed over (Tan to move in the same position): its effect on the other pieces.
fn behaviour(
    v: &'static Variant,
    kind: PieceKind,
    at: Square,
    others: &Pieces,
) -> Option<(Vec<Seen>, Vec<Seen>)> {
    let mut pieces = vec![(Color::Blue, kind, at)];
    pieces.extend_from_slice(others);
    let seen = |to_move: Color| -> Option<Vec<Seen>> {
        let mut pos = probe::position(v, pieces.clone(), to_move)?;
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut out: Vec<Seen> = moves
            .into_iter()
            .map(|m: Move| {
                let rel = |sq: Square| probe::offset(at, sq);
                let mut victims: Vec<(i32, i32)> =
                    pos.captures_of(m).into_iter().map(rel).collect();
                victims.sort_unstable();
                let from_here = m.from == at || (m.kind == MoveKind::Golem && m.aux[0] == at.0);
                (
                    from_here,
                    m.kind as u8,
                    rel(m.from),
                    rel(m.destination()),
                    victims,
                )
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        Some(out)
    };
    Some((seen(Color::Blue)?, seen(Color::Tan).unwrap_or_default()))
}

/// For each type, the other types that move exactly like it: the same fingerprint, and the same
/// powers that no move list shows (royalty, and the latent ones: poison, doubling, burning, ...),
/// so that a Doubler is never said to move like a Poisoner.
pub fn alike(v: &'static Variant) -> Vec<Vec<&'static str>> {
    let prints = fingerprints(v);
    let powers = |k: PieceKind| (v.spec(k).latent, v.spec(k).royal);
    let mut groups: BTreeMap<(&Fingerprint, _), Vec<&'static str>> = BTreeMap::new();
    for (k, print) in v.kinds().zip(&prints) {
        groups
            .entry((print, powers(k)))
            .or_default()
            .push(v.abbr(k));
    }
    v.kinds()
        .zip(&prints)
        .map(|(k, print)| {
            // Nothing is claimed of a type no sample could hold (a Golem part alone).
            if print.iter().all(Option::is_none) {
                return Vec::new();
            }
            groups[&(print, powers(k))]
                .iter()
                .copied()
                .filter(|&a| a != v.abbr(k))
                .collect()
        })
        .collect()
}
