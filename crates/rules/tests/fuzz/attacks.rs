//! `Position::capturable` (the quick test whether a piece could be taken, which the engine asks at
//! most nodes) against its definition, `capturable_by_generation`, for every piece of the side to
//! move in every position of every playout: named arrays and dense positions full of special
//! pieces, of every variant. And the check rule's test (`royal_in_check`) against its
//! definition in the games that have one.

use std::collections::BTreeMap;

use jovian_rules::variant::capture_reach::UNBOUNDED;
use jovian_rules::{MoveKind, Position};

use super::playouts;

#[test]
fn the_quick_attack_test_agrees_with_generating_every_move() {
    // Per variant: (pieces asked about, of them capturable).
    let mut counts: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut scratch = Vec::new();
    for p in playouts() {
        for ply in 0..=p.moves.len() {
            let mut pos: Position = p.position_after(ply);
            let us = pos.side_to_move();
            let squares: Vec<_> = pos.side_pieces(us).map(|(_, sq)| sq).collect();
            for sq in squares {
                let quick = pos.capturable(sq, &mut scratch);
                let slow = pos.capturable_by_generation(sq, &mut scratch);
                assert_eq!(
                    quick,
                    slow,
                    "{}: the piece on {} in {} (ply {ply} of a game from {:?})",
                    p.variant.id,
                    p.variant.geometry.square_name(sq),
                    jovian_rules::fen::write_position(&pos),
                    p.setup_name
                );
                let c = counts.entry(p.variant.id).or_default();
                c.0 += 1;
                c.1 += quick as usize;
            }
        }
    }
    // Not vacuous: every variant had pieces that could be taken and pieces that could not.
    for (name, (asked, taken)) in &counts {
        assert!(
            *taken > 20 && asked - taken > 20,
            "{name}: {taken} of {asked}"
        );
    }
    assert!(counts.len() >= 4, "{counts:?}");
}

/// The check rule's test (`royal_in_check`, read backwards along lines, with the 12x8 layer's
/// hooks for its exotic pieces) against its definition: some move of the opponent's pieces,
/// generated in full after a passed turn, would take the royal piece. In every position of the
/// 12x8 game's playouts (its dense ones crowd Halflings, Wizards, Can(n)ons, Assassins and Golems
/// round the Kings) and of random games of the example files with the check rule (and of the
/// 12x8 game's powers in Capablanca and Grand Chess).
#[test]
fn the_check_test_agrees_with_generating_every_move() {
    const FILES: [&str; 7] = [
        include_str!("../../../../variants/capablanca.toml"),
        include_str!("../../../../variants/grand.toml"),
        include_str!("../../../../variants/crazyhouse.toml"),
        include_str!("../../../../variants/shogi.toml"),
        // The 12x8 game's powers on ten files: Wizards alone, and all of them.
        include_str!("../data/wizard-capablanca.toml"),
        include_str!("../data/powers-capablanca.toml"),
        // Wizards in Grand Chess, whose Pawns may promote on three ranks.
        include_str!("../data/wizard-grand.toml"),
    ];
    let mut positions: Vec<Position> = Vec::new();
    for p in playouts().iter().filter(|p| p.variant.check_rule()) {
        positions.extend((0..=p.moves.len()).map(|ply| p.position_after(ply)));
    }
    let mut rng = jovian_rules::random::SplitMix64::new(11);
    let files = FILES
        .iter()
        .map(|text| jovian_rules::file::game_from_toml(text).unwrap_or_else(|e| panic!("{e}")));
    let built_in = jovian_rules::Variant::all().into_iter();
    for v in built_in.filter(|v| v.check_rule()).chain(files) {
        for _ in 0..8 {
            let mut pos = Position::start(v);
            let mut legal = Vec::new();
            for _ in 0..150 {
                positions.push(pos.clone());
                pos.legal_moves(&mut legal);
                if legal.is_empty() {
                    break;
                }
                pos.make(legal[(rng.next_u64() % legal.len() as u64) as usize]);
            }
        }
    }
    // Per variant: (positions, of them in check).
    let mut counts: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut scratch = Vec::new();
    for mut pos in positions {
        let us = pos.side_to_move();
        let royals: Vec<_> = (pos.side_pieces(us))
            .filter(|(piece, _)| pos.variant().compiled(piece.code()).royal)
            .map(|(_, sq)| sq)
            .collect();
        let generated = royals
            .iter()
            .any(|&sq| pos.capturable_by_generation(sq, &mut scratch));
        let read = pos.royal_in_check(us);
        assert_eq!(
            read,
            generated,
            "{}: {}",
            pos.variant().id,
            jovian_rules::fen::write_position(&pos)
        );
        let c = counts.entry(pos.variant().id).or_default();
        c.0 += 1;
        c.1 += read as usize;
    }
    // Not vacuous: every game was met in check and out of it.
    for (name, (asked, checks)) in &counts {
        assert!(
            *checks > 10 && asked - checks > 100,
            "{name}: {checks} of {asked}"
        );
    }
    assert!(counts.len() >= 5, "{counts:?}");
}

/// `Position::royal_squares` (a walk of the piece list that stops at the last royal piece, which
/// the Coordinator's captures, the royal leap, the 1999 Teleporter and the engine's royal-threat
/// test read) against the side's pieces filtered by their compiled royal flag, in list order, for
/// both sides in every position of every playout.
#[test]
fn the_royal_squares_are_the_royal_pieces_in_list_order() {
    let mut sides_with_royals = 0;
    for p in playouts() {
        for ply in 0..=p.moves.len() {
            let pos: Position = p.position_after(ply);
            for color in jovian_rules::Color::BOTH {
                let expected: Vec<_> = (pos.side_pieces(color))
                    .filter(|(piece, _)| pos.variant().compiled(piece.code()).royal)
                    .map(|(_, sq)| sq)
                    .collect();
                let walked: Vec<_> = pos.royal_squares(color).collect();
                assert_eq!(
                    walked,
                    expected,
                    "{}",
                    jovian_rules::fen::write_position(&pos)
                );
                sides_with_royals += !expected.is_empty() as usize;
            }
        }
    }
    // Not vacuous: the royal pieces were found.
    assert!(sides_with_royals > 1000, "{sides_with_royals}");
}

/// `Variant::capture_reach`, the bound by which `capturable` skips the pieces that stand too far
/// from its target to touch it: every pseudo-legal move in every position of every playout
/// removes or converts only pieces within its piece's reach (in king steps from its start), and a
/// lent move only pieces within the reach of a friendly relaying piece. (Not in games with the
/// 12x8 layer's powers, whose captures the layer's code makes and where `capturable` generates
/// every move.)
#[test]
fn every_capture_lies_within_its_pieces_reach() {
    // Per variant: pieces removed or converted by a move of a piece with powers beyond its
    // tables (hooks, lines, arrival, relays), whose reach is bounded.
    let mut hooked: BTreeMap<&str, usize> = BTreeMap::new();
    let mut moves = Vec::new();
    for p in playouts() {
        let v = p.variant;
        if v.powers {
            continue;
        }
        for ply in 0..=p.moves.len() {
            let pos: Position = p.position_after(ply);
            let us = pos.side_to_move();
            let relayers: Vec<_> = (pos.side_pieces(us))
                .filter(|(piece, _)| v.compiled(piece.code()).relay.is_some())
                .map(|(piece, sq)| (sq, v.capture_reach(piece.code())))
                .collect();
            pos.pseudo_legal_moves(&mut moves);
            for &m in &moves {
                let mover = pos.piece_at(m.from).expect("a move starts on a piece");
                let reach = v.capture_reach(mover.code());
                let mut touched = pos.captures_of(m);
                if m.kind == MoveKind::Convert {
                    touched.push(m.converted());
                }
                for sq in touched.into_iter().filter(|&sq| sq != m.from) {
                    let within = if m.kind == MoveKind::Relayed {
                        (relayers.iter()).any(|&(r, reach)| r.king_distance(sq) <= reach)
                    } else {
                        m.from.king_distance(sq) <= reach
                    };
                    assert!(
                        within,
                        "{}: {m:?} takes on {} beyond its reach {reach} in {}",
                        v.id,
                        v.geometry.square_name(sq),
                        jovian_rules::fen::write_position(&pos)
                    );
                    let cp = v.compiled(mover.code());
                    let special = cp.jupiter.is_some()
                        || cp.has_hooks
                        || cp.arrival.is_some()
                        || m.kind == MoveKind::Relayed;
                    if special && reach < UNBOUNDED {
                        *hooked.entry(v.id).or_default() += 1;
                    }
                }
            }
        }
    }
    // Not vacuous: the bounded powers of Typhoon and both Jupiters took pieces.
    for id in ["typhoon", "jupiter", "jupiter-1999"] {
        let n = hooked.get(id).copied().unwrap_or(0);
        assert!(n > 50, "{id}: {hooked:?}");
    }
}
