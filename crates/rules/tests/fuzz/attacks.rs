//! `Position::capturable` (the quick test whether a piece could be taken, which the engine asks at
//! most nodes) against its definition, `capturable_by_generation`, for every piece of the side to
//! move in every position of every playout: named arrays and dense positions full of special
//! pieces, of every variant. And the check rule's test (`royal_in_check`) against its
//! definition in the games that have one.

use std::collections::BTreeMap;

use jovian_rules::Position;

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
