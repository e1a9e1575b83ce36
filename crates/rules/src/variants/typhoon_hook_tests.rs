//! Typhoon's hooks and the move kinds they make (pass, conversion, swap, line capture, double hop,
//! withdrawal, shooting, self-capture), with the texts' own examples; each move is made and unmade
//! with the hash checked.

use std::collections::BTreeSet;

use super::tests::board;
use super::*;
use crate::geometry::Color;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::notation::{Style, format_move, parse_move};
use crate::position::Position;

fn sq(name: &str) -> Square {
    variant().geometry.parse_square(name).unwrap()
}

fn legal(pos: &mut Position) -> Vec<Move> {
    let mut all = Vec::new();
    pos.legal_moves(&mut all);
    all
}

/// The unique legal move of `kind` from `from` to `to` (without promotion).
fn find(pos: &mut Position, kind: MoveKind, from: &str, to: &str) -> Move {
    let found: Vec<Move> = legal(pos)
        .into_iter()
        .filter(|m| {
            m.kind == kind && m.from == sq(from) && m.to == sq(to) && m.promotion().is_none()
        })
        .collect();
    assert_eq!(found.len(), 1, "{kind:?} {from}-{to}: {found:?}");
    found[0]
}

/// Makes `m`, checks the hash and the pieces removed, unmakes it and checks the position is back.
/// Returns the pieces after the move as "Abbr square colour" strings.
fn make_and_unmake(pos: &mut Position, m: Move, removed: usize) -> BTreeSet<String> {
    let before = pos.to_setup();
    let hash = pos.hash();
    let count = |p: &Position| p.piece_count(Color::Blue) + p.piece_count(Color::Tan);
    let n = count(pos);
    assert_eq!(pos.captures_of(m).len(), removed, "{m:?}");
    pos.make(m);
    assert_eq!(pos.hash(), pos.compute_hash(), "{m:?}: hash after make");
    assert_eq!(count(pos) + removed, n, "{m:?}: pieces removed");
    let after = pos
        .pieces()
        .map(|(c, k, s)| format!("{} {} {c:?}", variant().abbr(k), variant().square_name(s)))
        .collect();
    pos.unmake();
    assert_eq!(pos.to_setup(), before, "{m:?}: unmake restores");
    assert_eq!(pos.hash(), hash);
    after
}

fn has(after: &BTreeSet<String>, item: &str) -> bool {
    after.contains(item)
}

/// The move's short text, and the parser reading it back.
fn round_trip(pos: &mut Position, m: Move, text: &str) {
    assert_eq!(format_move(pos, m, Style::Short), text);
    assert_eq!(parse_move(pos, text), Ok(m), "{text}");
    let long = format_move(pos, m, Style::Long);
    assert_eq!(parse_move(pos, &long), Ok(m), "{long}");
    let coordinate = format_move(pos, m, Style::Coordinate);
    assert_eq!(parse_move(pos, &coordinate), Ok(m), "{coordinate}");
}

#[test]
fn cicada_hops_as_in_the_jupiter_example() {
    let mut pos = board("K l1, Ci b2, Gu d4, N c2", "K l12, B b3, R d2, Sp e2");
    let dests: BTreeSet<String> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.from == sq("b2"))
        .map(|m| variant().square_name(m.to))
        .collect();
    let expected = [
        "a1", "a2", "a3", "b1", "c1", "c3", "b4", "b5", "d2", "e2", "e5",
    ];
    assert_eq!(dests, expected.iter().map(|s| s.to_string()).collect());
    let m = find(&mut pos, MoveKind::Normal, "b2", "e2");
    make_and_unmake(&mut pos, m, 1);
}

#[test]
fn typhoon_continues_past_captures() {
    let mut pos = board(
        "K a1, Ty d4, N b4",
        "K l12, P d5, P d6, N e5, N f6, B g7, P c4",
    );
    find(&mut pos, MoveKind::Normal, "d4", "d5");
    let m = find(&mut pos, MoveKind::LineCapture, "d4", "d7");
    let after = make_and_unmake(&mut pos, m, 2);
    assert!(has(&after, "Ty d7 Blue") && !has(&after, "P d5 Tan"));
    round_trip(&mut pos, m, "Tyxd5xd6-d7");
    // Three captures along the diagonal, ending on the third.
    let m = find(&mut pos, MoveKind::LineCapture, "d4", "g7");
    assert_eq!(pos.victims(m).count(), 3);
    make_and_unmake(&mut pos, m, 3);
    round_trip(&mut pos, m, "Tyxe5xf6xg7");
    // A friend stops it: after taking c4 it cannot go on through b4.
    find(&mut pos, MoveKind::Normal, "d4", "c4");
    assert!(
        legal(&mut pos)
            .iter()
            .all(|m| m.from != sq("d4") || m.to.file() >= 2 || m.to.rank() != 3)
    );
}

#[test]
fn longleaper_jumps_enemies_each_followed_by_an_empty_square() {
    let mut pos = board("K a1, Lo d1", "K l12, P d3, P d5, N d9, N d10");
    let lands: BTreeSet<String> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.kind == MoveKind::LineCapture && m.to.file() == 3)
        .map(|m| variant().square_name(m.to))
        .collect();
    assert_eq!(
        lands,
        ["d4", "d6", "d7", "d8"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    );
    let m = find(&mut pos, MoveKind::LineCapture, "d1", "d8");
    make_and_unmake(&mut pos, m, 2);
    round_trip(&mut pos, m, "Loxd3xd5-d8");
    // It never captures by landing on a piece.
    assert!(
        legal(&mut pos)
            .iter()
            .all(|m| pos.piece_at(m.to).is_none() || m.from != sq("d1"))
    );
}

#[test]
fn sorcerer_captures_the_contiguous_enemies_beyond_its_destination() {
    // The text's example: a3 to b3 takes c3 and d3, not f3 (gap at e3).
    let mut pos = board("K a1, So a3", "K l12, P c3, C d3, N f3");
    let m = find(&mut pos, MoveKind::LineCapture, "a3", "b3");
    assert!(
        legal(&mut pos)
            .iter()
            .all(|o| o.kind != MoveKind::Normal || o.to != sq("b3"))
    );
    let after = make_and_unmake(&mut pos, m, 2);
    assert!(has(&after, "N f3 Tan") && !has(&after, "C d3 Tan"));
    round_trip(&mut pos, m, "So-b3xc3xd3");
}

#[test]
fn missionary_converts_on_arrival_and_cuckoo_without_moving() {
    // The text's example: Missionary a3 to c5 converts the Pawn on d6.
    let mut pos = board("K a1, Mi a3", "K l12, P d6");
    let m = find(&mut pos, MoveKind::Convert, "a3", "c5");
    let after = make_and_unmake(&mut pos, m, 0);
    assert!(has(&after, "P d6 Blue") && has(&after, "Mi c5 Blue"));
    round_trip(&mut pos, m, "Mi-c5:d6=Blue");

    let mut pos = board("K a1, Cu a4", "K l12, P a5, EP h8");
    let m = find(&mut pos, MoveKind::Convert, "a4", "a4");
    let after = make_and_unmake(&mut pos, m, 0);
    assert!(has(&after, "P a5 Blue") && has(&after, "Cu a4 Blue"));
    round_trip(&mut pos, m, "a5=Blue");
    assert_eq!(
        parse_move(&mut pos, "Cu:a5=Blue"),
        Ok(m),
        "the form naming the Cuckoo"
    );
    // A converted King counts as a royal piece of its new owner.
    let mut pos = board("K a1, Cu e4", "K e5, EP h8");
    let m = find(&mut pos, MoveKind::Convert, "e4", "e4");
    pos.make(m);
    assert_eq!(
        (pos.royal_count(Color::Blue), pos.royal_count(Color::Tan)),
        (2, 1)
    );
    pos.unmake();
    assert_eq!(
        (pos.royal_count(Color::Blue), pos.royal_count(Color::Tan)),
        (1, 2)
    );
}

#[test]
fn hummingbird_swaps_as_in_the_text() {
    let mut pos = board("K l1, Hu a4, Ot a2", "K l12, P a5, Sq b4");
    let m = find(&mut pos, MoveKind::Swap, "a4", "a5");
    let after = make_and_unmake(&mut pos, m, 0);
    assert!(has(&after, "Hu a5 Blue") && has(&after, "P a4 Tan"));
    round_trip(&mut pos, m, "Hu<>a5");
    find(&mut pos, MoveKind::Swap, "a4", "b4");
    find(&mut pos, MoveKind::Swap, "a4", "a2");
    find(&mut pos, MoveKind::Normal, "a4", "b4");
    find(&mut pos, MoveKind::Normal, "a4", "a6");
    find(&mut pos, MoveKind::Normal, "a4", "a3");
}

#[test]
fn overtaker_and_undertaker_examples() {
    let mut pos = board("K l1, Ov a4", "K l12, P a5");
    let m = find(&mut pos, MoveKind::HopCapture, "a4", "a6");
    make_and_unmake(&mut pos, m, 1);
    let mut pos = board("K l1, Un a4", "K l12, P a5");
    let m = find(&mut pos, MoveKind::HopCapture, "a4", "a3");
    assert_eq!(m.hopped(), sq("a5"));
    assert!(
        legal(&mut pos)
            .iter()
            .all(|o| o.kind != MoveKind::Normal || o.to != sq("a3"))
    );
    make_and_unmake(&mut pos, m, 1);
}

#[test]
fn parrot_and_raven_igui_double_hop_and_pass() {
    let mut pos = board("K l1, Pa d4, Ra h4", "K l12, P d5, N d6, P i5, N j6");
    let m = find(&mut pos, MoveKind::HopCapture, "d4", "d6");
    make_and_unmake(&mut pos, m, 2);
    round_trip(&mut pos, m, "Paxd5xd6");
    let m = find(&mut pos, MoveKind::HopCapture, "h4", "j6");
    make_and_unmake(&mut pos, m, 2);
    find(&mut pos, MoveKind::Igui, "d4", "d5");
    let pass = find(&mut pos, MoveKind::Pass, "d4", "d4");
    let after = make_and_unmake(&mut pos, pass, 0);
    assert!(has(&after, "Pa d4 Blue"));
    round_trip(&mut pos, pass, "Pa!");
    pos.make(pass);
    assert_eq!(pos.side_to_move(), Color::Tan);
    pos.unmake();
    // The Horned Owl's Parrot powers work forward only.
    let mut pos = board("K l1, HO d4", "K l12, P d5, N d3");
    find(&mut pos, MoveKind::Igui, "d4", "d5");
    assert!(
        legal(&mut pos)
            .iter()
            .all(|m| m.kind != MoveKind::Igui || m.to != sq("d3"))
    );
}

#[test]
fn emperor_of_emperors_shoots_along_open_lines() {
    let mut pos = board("K l1, EE d4, N d7", "K l12, R d11, B a7, Q h8");
    let m = find(&mut pos, MoveKind::Igui, "d4", "a7");
    make_and_unmake(&mut pos, m, 1);
    find(&mut pos, MoveKind::Igui, "d4", "h8");
    // Blocked by its own Knight on d7.
    assert!(legal(&mut pos).iter().all(|m| m.to != sq("d11")));
}

#[test]
fn king_promotes_to_emperor_or_emperor_of_emperors() {
    let promos = |pos: &mut Position, to: &str| -> BTreeSet<&'static str> {
        legal(pos)
            .into_iter()
            .filter(|m| m.from == sq("e8") && m.to == sq(to))
            .filter_map(|m| m.promotion().map(|k| variant().abbr(k)))
            .collect()
    };
    let mut pos = board("K e8, N a1", "K l12, P a12");
    assert_eq!(promos(&mut pos, "e9"), ["Em"].into());
    let mut pos = board("K e8, N a1", "K l12, Em a12");
    assert_eq!(promos(&mut pos, "e9"), ["EE"].into());
    // Capturing the only Emperor while promoting: none is left, so Emperor.
    let mut pos = board("K e8, N a1", "K l12, Em e9");
    assert_eq!(promos(&mut pos, "e9"), ["Em"].into());
    let m = legal(&mut pos)
        .into_iter()
        .find(|m| m.to == sq("e9") && m.promotion().is_some())
        .unwrap();
    make_and_unmake(&mut pos, m, 1);
}

#[test]
fn immobilized_pieces_may_only_capture_themselves() {
    let mut pos = board("K a1, N d4, R h1", "K l12, Im e5, P a12");
    let own: Vec<Move> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.from == sq("d4"))
        .collect();
    assert_eq!(own, [Move::suicide(sq("d4"))]);
    let m = own[0];
    assert_eq!(pos.victims(m).count(), 0);
    let after = make_and_unmake(&mut pos, m, 1);
    assert!(!after.iter().any(|s| s.starts_with("N d4")));
    round_trip(&mut pos, m, "Nd4*");
    // The Immobilizer itself captures nothing.
    pos.make(Move::normal(sq("h1"), sq("h2")));
    assert!(
        legal(&mut pos)
            .iter()
            .all(|m| m.from != sq("e5") || pos.piece_at(m.to).is_none())
    );
}

#[test]
fn a_relay_still_moves_an_immobilized_piece() {
    // The Knight on d4 is next to the Immobilizer on e3, the Dervish on d5 is not: the Knight may
    // leap over the Dervish to d6 (a lent D move), but make none of its own moves.
    let mut pos = board("K a1, N d4, Der d5", "K l12, Im e3, P a12");
    let from_d4: Vec<Move> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.from == sq("d4"))
        .collect();
    assert!(from_d4.contains(&Move::suicide(sq("d4"))));
    assert!(from_d4.contains(&Move::new(MoveKind::Relayed, sq("d4"), sq("d6"))));
    assert!(from_d4.iter().all(|m| m.kind != MoveKind::Normal));
}

/// Random games from random positions holding every type: each legal move is made and unmade
/// (position and hash restored, incremental hash equal to the recomputed one), then one is played.
#[test]
fn every_move_of_random_games_makes_and_unmakes_exactly() {
    let v = variant();
    let mut seed = 0x5EED_u64;
    let mut next = move |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n
    };
    for game in 0..6 {
        let mut pieces = Vec::new();
        let mut free: Vec<Square> = v.geometry.squares().collect();
        for (i, kind) in v.kinds().enumerate() {
            let color = if (i + game) % 2 == 0 {
                Color::Blue
            } else {
                Color::Tan
            };
            let s = free.swap_remove(next(free.len()));
            pieces.push((color, kind, s));
        }
        for color in Color::BOTH {
            let s = free.swap_remove(next(free.len()));
            pieces.push((color, v.kind_by_abbr("K").unwrap(), s));
        }
        let setup = crate::position::Setup {
            variant: v,
            pieces,
            to_move: Color::Blue,
            chess: None,
        };
        let mut pos = Position::from_setup(&setup).unwrap();
        for ply in 0..60 {
            let moves = legal(&mut pos);
            if moves.is_empty() {
                break;
            }
            let before = pos.to_setup();
            let hash = pos.hash();
            for &m in &moves {
                pos.make(m);
                assert_eq!(pos.hash(), pos.compute_hash(), "{m:?}");
                pos.unmake();
                assert_eq!(pos.to_setup(), before, "{m:?}");
                assert_eq!(pos.hash(), hash, "{m:?}");
                if ply < 6 {
                    for style in [Style::Short, Style::Long, Style::Coordinate] {
                        let text = format_move(&mut pos, m, style);
                        assert_eq!(parse_move(&mut pos, &text), Ok(m), "{text}");
                    }
                }
            }
            pos.make(moves[next(moves.len())]);
        }
    }
}
