//! Random games with every legal move made and unmade at each ply: the make/unmake, hashing and
//! move-list properties shared by the property tests of every game; and the perft data files.
#![allow(dead_code)]

use jovian_rules::{Color, Move, MoveKind, Piece, Position, Setup, Variant, fen};

/// A small deterministic generator (Knuth's MMIX constants); the property tests choose the seeds.
pub struct Lcg(u64);

impl Lcg {
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }
    /// Uniform in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

pub fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_key(|m| (m.from, m.to, m.kind, m.promotion(), m.aux));
    moves
}

pub fn legal(pos: &mut Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

/// The counters a position keeps agree with its pieces, and every piece is on the board.
pub fn check_consistent(pos: &Position, context: &str) {
    let v = pos.variant();
    let pieces: Vec<_> = pos.pieces().collect();
    for color in Color::BOTH {
        let mine = pieces.iter().filter(|p| p.0 == color);
        assert_eq!(
            pos.piece_count(color),
            mine.clone().count(),
            "{context}: {color} count"
        );
        let royals = mine.filter(|p| v.spec(p.1).royal).count();
        assert_eq!(pos.royal_count(color), royals, "{context}: {color} royals");
    }
    for p in &pos.to_setup().pieces {
        assert!(
            v.geometry.is_on_board(p.2),
            "{context}: piece off the board"
        );
        assert!((p.1.0 as usize) < v.pieces.len(), "{context}: unknown type");
    }
    assert_eq!(
        pos.hash(),
        pos.compute_hash(),
        "{context}: incremental hash"
    );
}

/// Plays up to `plies` random moves from `pos`, checking at every ply that the move list has no
/// duplicates and that every legal move, made and unmade, behaves; then unmakes the whole game and
/// returns the position.
pub fn walk(mut pos: Position, seed: u64, plies: usize) -> Position {
    let mut rng = Lcg::new(seed);
    for ply in 0..plies {
        let context = format!("seed {seed} ply {ply}");
        check_consistent(&pos, &context);
        let moves = legal(&mut pos);
        let list = sorted(moves.clone());
        let mut distinct = list.clone();
        distinct.dedup();
        assert_eq!(distinct.len(), list.len(), "{context}: duplicate moves");
        if moves.is_empty() {
            assert!(pos.outcome().is_some(), "{context}: no move but not over");
            break;
        }
        let before = pos.to_setup();
        let hash = pos.hash();
        let total: usize = Color::BOTH.iter().map(|&c| pos.piece_count(c)).sum();
        for &m in &moves {
            // A Wizard's swap (the 12x8 game's powers) sends the other piece to the Wizard's
            // square, where it may promote (Jupiter's swaps promote the mover).
            let swapped =
                (pos.piece_at(m.to)).filter(|_| m.kind == MoveKind::Swap && pos.variant().powers);
            // A drop's piece comes from the hand (two, for a pair).
            let dropped = m.promotion().filter(|_| m.kind == MoveKind::Drop);
            let mover = match dropped {
                Some(kind) => Piece::new(kind, pos.side_to_move()),
                None => pos.piece_at(m.from).expect("a piece moves"),
            };
            // A Thunder (the 12x8 game's powers) explodes where it appears, and is gone too.
            let thunder = (m.promotion()).is_some_and(|k| {
                pos.variant().powers && pos.variant().layer_kinds.thunder == Some(k.0)
            });
            let victims = pos.captures_of(m);
            pos.make(m);
            let context = format!("{context} after {m:?}");
            check_consistent(&pos, &context);
            // Pieces removed after the move (poison, burning, a Kamikaze's capture) and births
            // (Jupiter's Tribble) count too.
            let after = pos.removals_after_last_move();
            // A Pawn that takes a Wizard becomes a Golem, whose second part is born beside it.
            let golem_birth = m.kind == MoveKind::Normal
                && pos.variant().powers
                && (m.promotion()).is_some_and(|k| pos.variant().layer_kinds.is_golem(k.0));
            let born = usize::from(m.kind == MoveKind::Create || golem_birth)
                + dropped.map_or(0, |_| 1 + usize::from(m.pair_square().is_some()));
            let now: usize = Color::BOTH.iter().map(|&c| pos.piece_count(c)).sum();
            assert_eq!(
                now + victims.len() + after.len() + usize::from(thunder),
                total + born,
                "{context}: pieces add up"
            );
            // A self-capture leaves nothing behind, nor does a mover removed after its move;
            // every other move leaves the mover on its destination (for igui, passes, pulls,
            // births and in-place conversions, its own square).
            if m.kind != MoveKind::Suicide && !after.contains(&m.destination()) && !thunder {
                let moved = pos.piece_at(m.destination()).expect("the mover arrives");
                assert_eq!(moved.color, mover.color, "{context}: mover's colour");
                // A Golem's parts are typed by where the other stands, which its move may change
                // (the 12x8 game's powers): any part may arrive.
                let golem = |kind| pos.variant().powers && pos.variant().layer_kinds.is_golem(kind);
                if m.kind == MoveKind::Golem {
                    assert!(golem(moved.kind.0), "{context}: a Golem part");
                } else if let Some(other) = swapped {
                    // The swap's promotion is the other piece's (an enemy Pawn swapped into its
                    // zone); the mover keeps its type.
                    assert_eq!(moved.kind, mover.kind, "{context}: the swapper's type");
                    let back = pos.piece_at(m.from).expect("the swapped piece arrives");
                    assert_eq!(
                        (back.color, back.kind),
                        (other.color, m.promotion().unwrap_or(other.kind)),
                        "{context}: the swapped piece"
                    );
                } else {
                    assert_eq!(
                        moved.kind,
                        m.promotion().unwrap_or(mover.kind),
                        "{context}: type"
                    );
                }
            }
            // The turn passes, except after the first part of a doubled turn (Jupiter).
            let next = if m.is_continuing() {
                mover.color
            } else {
                mover.color.other()
            };
            assert_eq!(pos.side_to_move(), next, "{context}: turn passes");
            assert_eq!(
                pos.mid_turn().is_some(),
                m.is_continuing(),
                "{context}: mid-turn"
            );
            pos.unmake();
            assert_eq!(
                pos.to_setup(),
                before,
                "{context}: unmake restores the pieces"
            );
            assert_eq!(pos.hash(), hash, "{context}: unmake restores the hash");
            assert_eq!(pos.compute_hash(), hash, "{context}: recomputed hash");
        }
        assert_eq!(
            sorted(legal(&mut pos)),
            list,
            "{context}: same moves after unmakes"
        );
        pos.make(moves[rng.below(moves.len())]);
    }
    // Unmaking the whole game returns to the start exactly.
    let end = pos.ply();
    for _ in 0..end {
        pos.unmake();
        assert_eq!(
            pos.hash(),
            pos.compute_hash(),
            "seed {seed}: hash while unwinding"
        );
    }
    assert_eq!(pos.ply(), 0);
    pos
}

/// The lines of a perft data file (tests/data/*.perft): `setup <name> <depth> <nodes>` or
/// `position <label> <text form> <side> <depth> <nodes>`; blank lines and `#` comments are skipped.
/// Returns (line, position, depth, nodes).
pub fn perft_data(v: &'static Variant, data: &str) -> Vec<(String, Position, u32, u64)> {
    let mut out = Vec::new();
    for text in data.lines().map(str::trim) {
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = text.split_whitespace().collect();
        let (position, rest) = match f[0] {
            "setup" => {
                let setup = Setup::named(v, f[1]).unwrap_or_else(|| panic!("{text}: no array"));
                (Position::from_setup(&setup).expect("valid"), &f[2..])
            }
            "position" => {
                let setup = fen::parse_position(v, &format!("{} {}", f[2], f[3]))
                    .unwrap_or_else(|e| panic!("{text}: {e}"));
                (Position::from_setup(&setup).expect("valid"), &f[4..])
            }
            other => panic!("{text}: unknown line kind {other}"),
        };
        assert_eq!(rest.len(), 2, "{text}: expected <depth> <nodes>");
        out.push((
            text.to_string(),
            position,
            rest[0].parse().expect("depth"),
            rest[1].parse().expect("nodes"),
        ));
    }
    out
}
