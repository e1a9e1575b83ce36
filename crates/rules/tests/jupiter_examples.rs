//! Jupiter's worked examples, from both texts (000: 1999, 003: 2009) and the decisions of
//! docs/rules/jupiter.md: each position is set up as the text describes it and the moves it lists
//! (or forbids) are checked. Examples on which the editions agree run under both `jupiter` and
//! `jupiter-1999` (`in_both_editions`); the others are the 2009 rules' (jupiter_1999_examples.rs
//! has the 1999 ones).

mod jupiter_board;

use std::collections::BTreeSet;

use jovian_rules::notation::{Style, format_move, format_turn, parse_move, parse_turn};

use jovian_rules::{Color, Move, MoveKind, Position, Setup};
use jupiter_board::*;

#[test]
fn boyscout_and_girlscout_trace_the_listed_zigzags() {
    in_both_editions(boyscout_and_girlscout_trace_the_listed_zigzags_in);
}

fn boyscout_and_girlscout_trace_the_listed_zigzags_in() {
    // 000: "A Boyscout at c4 can move along these lines: b5, c6, b7, c8, ...; d5, c6, d7, c8,
    // ...; d5, e4, f5, g4, ...; d3, e4, f3, g4, ...; d3, c2, d1; b3, c2, b1; b3, a4; b5, a4".
    let mut pos = board("Boy c4", "", Color::Blue);
    let mut expected = BTreeSet::new();
    for path in [
        "b5 c6 b7 c8 b9 c10 b11 c12 b13 c14 b15 c16",
        "d5 c6 d7 c8 d9 c10 d11 c12 d13 c14 d15 c16",
        "d5 e4 f5 g4 h5 i4 j5 k4 l5 m4 n5 o4 p5",
        "d3 e4 f3 g4 h3 i4 j3 k4 l3 m4 n3 o4 p3",
        "d3 c2 d1",
        "b3 c2 b1",
        "b3 a4",
        "b5 a4",
    ] {
        expected.extend(set(path));
    }
    expected.remove("p1"); // Blue's added King stands there
    assert_eq!(destinations(&mut pos, "c4"), expected);
    // 000's Girlscout at c4: "c5, d5, d6, e6, e7, ...; c5, b5, b6, a6, a7; d4, d3, e3, e2, f2,
    // f1, g1; d4, d5, e5, e6, f6, ...; c3, b3, b2, a2, a1; c3, d3, d2, e2, e1, f1; b4, b5, a5,
    // a6; b4, b3, a3, a2".
    let mut pos = board("Gir c4", "", Color::Blue);
    let mut expected = BTreeSet::new();
    for path in [
        "c5 d5 d6 e6 e7 f7 f8 g8 g9 h9 h10 i10 i11 j11 j12 k12 k13 l13 l14 m14 m15 n15 n16 o16",
        "c5 b5 b6 a6 a7",
        "d4 d3 e3 e2 f2 f1 g1",
        "d4 d5 e5 e6 f6 f7 g7 g8 h8 h9 i9 i10 j10 j11 k11 k12 l12 l13 m13 m14 n14 n15 o15 o16",
        "c3 b3 b2 a2 a1",
        "c3 d3 d2 e2 e1 f1",
        "b4 b5 a5 a6",
        "b4 b3 a3 a2",
    ] {
        expected.extend(set(path));
    }
    assert_eq!(destinations(&mut pos, "c4"), expected);
    // A piece in the way stops a zigzag there: a friend blocks it, an enemy is captured.
    let mut pos = board("Boy c4, P d5", "P b3", Color::Blue);
    let got = destinations(&mut pos, "c4");
    for reached in ["b3", "c2", "d1", "a4", "e4", "c6"] {
        assert!(got.contains(reached), "{reached}: {got:?}");
    }
    for cut in ["b1", "d5"] {
        assert!(!got.contains(cut), "{cut}: {got:?}");
    }
}

#[test]
fn cicada_hops_as_in_the_text() {
    in_both_editions(cicada_hops_as_in_the_text_in);
}

fn cicada_hops_as_in_the_text_in() {
    // 000: Blue Cicada b2, Tan Bishop b3, Blue Guard d4, Blue Knight c2, Tan Rook d2, Tan Spider
    // e2: hop the Bishop to b4 or on to b5, hop the Guard to e5, hop the Knight to capture the
    // Rook, hop Knight and Rook to capture the Spider.
    let mut pos = board("Ci b2, Gu d4, N c2", "B b3, R d2, Sp e2", Color::Blue);
    let got = texts_from(&mut pos, "b2");
    for m in ["Ci-b4", "Ci-b5", "Ci-e5", "Cixd2", "Cixe2"] {
        assert!(got.contains(m), "{m} missing from {got:?}");
    }
    assert!(
        !got.contains("Cixb3"),
        "the Cicada captures only after a hop"
    );
}

#[test]
fn hummingbird_cuckoo_overtaker_undertaker() {
    in_both_editions(hummingbird_cuckoo_overtaker_undertaker_in);
}

fn hummingbird_cuckoo_overtaker_undertaker_in() {
    // Hummingbird a4, Tan Pawn a5, Blue Otter a2, Tan Squirrel b4: swap with the Pawn, capture the
    // Squirrel, swap with Squirrel or Otter, leap to a3 or a6.
    let mut pos = board("Hu a4, Ot a2", "P a5, Sq b4", Color::Blue);
    let got = texts_from(&mut pos, "a4");
    for m in ["Hu<>a5", "Huxb4", "Hu<>b4", "Hu<>a2", "Hu-a3", "Hu-a6"] {
        assert!(got.contains(m), "{m} missing from {got:?}");
    }
    // Cuckoo a4, Tan Pawn a5: converts it without moving.
    let mut pos = board("Cu a4", "P a5", Color::Blue);
    play(&mut pos, "a5=Blue");
    assert_eq!(abbr_at(&pos, "a5"), Some((Color::Blue, "P")));
    assert_eq!(abbr_at(&pos, "a4"), Some((Color::Blue, "Cu")));
    // Overtaker a4, Tan Pawn a5: hops it to a6.
    let mut pos = board("Ov a4", "P a5", Color::Blue);
    play(&mut pos, "Ovxa5-a6");
    assert_eq!(abbr_at(&pos, "a5"), None);
    // Undertaker a4, Tan Pawn a5: withdraws to a3 capturing it, or (Jupiter: optional) not.
    let mut pos = board("Un a4", "P a5", Color::Blue);
    let got = texts_from(&mut pos, "a4");
    assert!(got.contains("Unxa5-a3") && got.contains("Un-a3"), "{got:?}");
}

#[test]
fn missionary_and_sorcerer_capture_obligatorily_in_2009() {
    // Missionary a3, Tan Pawn d6: to c5, converting the Pawn (obligatory in 2009).
    let mut pos = board("Mi a3", "P d6", Color::Blue);
    assert!(texts_from(&mut pos, "a3").contains("Mi-c5:d6=Blue"));
    assert!(
        parse_move(&mut pos, "Mi-c5").is_err(),
        "the conversion is obligatory"
    );
    // Sorcerer a3, Tan Pawn c3, Camel d3, Knight f3: to b3 takes Pawn and Camel, not the Knight.
    let mut pos = board("So a3", "P c3, C d3, N f3", Color::Blue);
    play(&mut pos, "So-b3xc3xd3");
    assert_eq!(abbr_at(&pos, "c3"), None);
    assert_eq!(abbr_at(&pos, "d3"), None);
    assert_eq!(abbr_at(&pos, "f3"), Some((Color::Tan, "N")));
}

#[test]
fn wagon_is_blocked_by_the_adjacent_piece() {
    in_both_editions(wagon_is_blocked_by_the_adjacent_piece_in);
}

fn wagon_is_blocked_by_the_adjacent_piece_in() {
    // 000: Blue Wagon a1, Tan pieces a2 and a3: it cannot move along the a-file.
    let mut pos = board("Wa a1", "P a2, P a3", Color::Blue);
    let got = destinations(&mut pos, "a1");
    assert!(
        got.iter().all(|s| s.starts_with(|c: char| c != 'a')),
        "{got:?}"
    );
    assert!(got.contains("c1") && !got.contains("b1"));
}

#[test]
fn immobilizer_trumps_doubler() {
    in_both_editions(immobilizer_trumps_doubler_in);
}

fn immobilizer_trumps_doubler_in() {
    // 000: Blue Immobilizer a2, Tan Doubler b2, Blue Guard b4, Tan Rook b1: the Doubler and the
    // Rook are immobilized; the Guard may make a double move (the Doubler still doubles).
    let mut pos = board("Im a2, Gu b4", "Dbl b2, R b1, K h10", Color::Tan);
    let tan: Vec<Move> = legal(&mut pos);
    for s in ["b2", "b1"] {
        let from: Vec<&Move> = tan.iter().filter(|m| m.from == sq(s)).collect();
        assert!(
            from.len() == 1 && from[0].kind == MoveKind::Suicide,
            "{s}: {from:?}"
        );
    }
    assert!(
        tan.iter().all(|m| !m.is_continuing()),
        "the Rook is not doubled"
    );
    let mut pos = board("Im a2, Gu b4", "Dbl b2, R b1, K h10", Color::Blue);
    let blue = legal(&mut pos);
    let guard: Vec<&Move> = blue.iter().filter(|m| m.from == sq("b4")).collect();
    assert!(
        guard.iter().any(|m| m.is_continuing()),
        "the Guard is doubled"
    );
    // Guard b4 -> b5 -> b6 in one turn.
    let first = **guard
        .iter()
        .find(|m| m.is_continuing() && m.to == sq("b5"))
        .unwrap();
    pos.make(first);
    assert_eq!(pos.side_to_move(), Color::Blue);
    assert_eq!(pos.mid_turn(), Some(sq("b5")));
    let second: Vec<Move> = legal(&mut pos);
    assert!(
        second
            .iter()
            .all(|m| m.from == sq("b5") && !m.is_continuing())
    );
    let to_b6 = *second.iter().find(|m| m.to == sq("b6")).unwrap();
    pos.make(to_b6);
    assert_eq!(pos.side_to_move(), Color::Tan);
    assert_eq!(pos.mid_turn(), None);
    assert_eq!(abbr_at(&pos, "b6"), Some((Color::Blue, "Gu")));
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.unmake();
    pos.unmake();
    assert_eq!(pos.hash(), pos.compute_hash());
    assert_eq!(abbr_at(&pos, "b4"), Some((Color::Blue, "Gu")));
}

#[test]
fn doubled_turns_are_written_as_the_text_writes_them() {
    in_both_editions(doubled_turns_are_written_as_the_text_writes_them_in);
}

fn doubled_turns_are_written_as_the_text_writes_them_in() {
    // 000, notation: "Doubled moves: These can be written as two consecutive moves after the same
    // piece abbreviation; e.g., Rxa11-m11". A Blue Rook a5 on the Doubler's diagonal (e1) takes
    // the Tan Pawn on a11, then goes on along rank 11 to m11.
    let mut pos = board("R a5, Dbl e1", "P a11, N a14", Color::Blue);
    let turn = parse_turn(&mut pos, "Rxa11-m11").expect("the text's doubled move");
    let [first, second] = turn[..] else {
        panic!("two parts: {turn:?}")
    };
    assert!(first.is_continuing() && !second.is_continuing());
    assert_eq!((first.to, second.to), (sq("a11"), sq("m11")));
    assert_eq!(format_turn(&mut pos, &turn, Style::Short), "Rxa11-m11");
    assert_eq!(format_turn(&mut pos, &turn, Style::Long), "Ra5xa11-m11");
    assert_eq!(
        format_turn(&mut pos, &turn, Style::Coordinate),
        "a5a11&a11m11"
    );
    for text in [
        "Ra5xa11-m11",
        "a5a11&a11m11",
        "Rxa11&R-m11",
        "Rxa11&-m11",
        "Rxa11 & R-m11",
    ] {
        assert_eq!(parse_turn(&mut pos, text).as_ref(), Ok(&turn), "{text}");
    }
    // The first part alone stops the turn: that is an ordinary move, not a doubled one.
    let alone = parse_turn(&mut pos, "Rxa11").unwrap();
    assert!(alone.len() == 1 && !alone[0].is_continuing());
    // A second part the Rook cannot make is an error naming it, and nothing is played.
    let before = pos.to_setup();
    let err = parse_turn(&mut pos, "Rxa11-b12").unwrap_err().to_string();
    assert!(err.starts_with("after Rxa11&: "), "{err}");
    let err = parse_turn(&mut pos, "Rxa11&R-c14").unwrap_err().to_string();
    assert!(err.contains("Rook"), "{err}");
    assert_eq!(parse_turn(&mut pos, "Rxa11xa14").unwrap()[1].to, sq("a14"));
    assert_eq!(pos.to_setup(), before);
}

#[test]
fn doubled_piece_may_promote_between_its_parts() {
    in_both_editions(doubled_piece_may_promote_between_its_parts_in);
}

fn doubled_piece_may_promote_between_its_parts_in() {
    // 2009: a doubled piece eligible to promote after its first part may promote and move again
    // as the promoted piece. Blue Pawn g10 on the Doubler's file: g10-g11 (zone), promote to
    // Tadpole, then move as a Tadpole.
    let mut pos = board("P g10, Dbl g4", "", Color::Blue);
    let moves = legal(&mut pos);
    let promote_and_go_on = *moves
        .iter()
        .find(|m| m.is_continuing() && m.promotion().is_some() && m.to == sq("g11"))
        .expect("promote on the first part, then continue");
    pos.make(promote_and_go_on);
    assert_eq!(abbr_at(&pos, "g11"), Some((Color::Blue, "Ta")));
    let seconds = legal(&mut pos);
    assert!(
        seconds.iter().any(|m| m.to == sq("g14")),
        "a Tadpole's (3,0) leap"
    );
    pos.unmake();
    // Moving out of the zone without promoting: no promotion on the second part unless it ends
    // in the zone. Blue Fu h11 (in the zone) doubled by a Doubler on h2... a Fu only moves
    // forward, so use a Commoner: Co c11 -> c10 (leaves the zone) -> c9 cannot promote.
    let mut pos = board("Co c11, Dbl c2", "", Color::Blue);
    let out_of_zone = *legal(&mut pos)
        .iter()
        .find(|m| m.is_continuing() && m.promotion().is_none() && m.to == sq("c10"))
        .unwrap();
    pos.make(out_of_zone);
    let seconds = legal(&mut pos);
    assert!(seconds.iter().any(|m| m.to == sq("c9")));
    assert!(
        seconds
            .iter()
            .filter(|m| m.to == sq("c9"))
            .all(|m| m.promotion().is_none())
    );
    assert!(
        seconds
            .iter()
            .any(|m| m.to == sq("c11") && m.promotion().is_some()),
        "back into the zone it may promote"
    );
}

#[test]
fn fiery_dragons_meeting_follow_the_2009_order() {
    in_both_editions(fiery_dragons_meeting_follow_the_2009_order_in);
}

fn fiery_dragons_meeting_follow_the_2009_order_in() {
    // 2009: a Blue FiD landing next to a Tan FiD captures it (and every Tan piece around) by
    // approach; then the poison laid by the Tan FiD at the turn's start removes the Blue FiD.
    let mut pos = board("FiD a1", "FiD e6, P d6, P f6", Color::Blue);
    let m = play(&mut pos, "FiD-e5x!d6,e6,f6*");
    assert_eq!(pos.piece_count(Color::Tan), 1, "only Tan's King is left");
    assert_eq!(m.kind, MoveKind::Arrival);
    for s in ["e5", "e6", "d6", "f6"] {
        assert_eq!(abbr_at(&pos, s), None, "{s}");
    }
    pos.unmake();
    // A Blue piece moving next to the Tan FiD is burnt at the end of its turn.
    let mut pos = board("N c4", "FiD e6", Color::Blue);
    play(&mut pos, "N-d6*");
    assert_eq!(abbr_at(&pos, "d6"), None);
}

#[test]
fn a_relayed_fiery_dragon_burns_only_after_the_opponents_turn() {
    // 2009: a Blue Harpy relays a Knight's move to the Blue FiD: adjacent Tan pieces are not
    // captured; they may move away on Tan's turn, and those still there at its end are removed.
    let mut pos = board("FiD c1, Ha c3", "P e4, Gu c4", Color::Blue);
    play(&mut pos, "FiD-d3");
    assert_eq!(
        abbr_at(&pos, "e4"),
        Some((Color::Tan, "P")),
        "no approach capture"
    );
    assert_eq!(abbr_at(&pos, "c4"), Some((Color::Tan, "Gu")));
    // Tan moves the Guard away to b4 (not next to d3); the Pawn stays.
    play(&mut pos, "Gu-b4");
    assert_eq!(abbr_at(&pos, "b4"), Some((Color::Tan, "Gu")), "escaped");
    assert_eq!(
        abbr_at(&pos, "e4"),
        None,
        "the Pawn stayed next to the FiD and burnt"
    );
}

#[test]
fn poison_through_a_hummingbird_swap() {
    in_both_editions(poison_through_a_hummingbird_swap_in);
}

fn poison_through_a_hummingbird_swap_in() {
    // 000: a Hummingbird that swaps with an opposing poisonous piece is captured; if the
    // Hummingbird is itself under a Poisoner's influence, both pieces are captured.
    let mut pos = board("Hu d4", "DNi d5", Color::Blue);
    play(&mut pos, "Hu<>d5*");
    assert_eq!(abbr_at(&pos, "d5"), None, "the Hummingbird is poisoned");
    assert_eq!(abbr_at(&pos, "d4"), Some((Color::Tan, "DNi")));
    let mut pos = board("Hu d4", "DNi d5, Psn d1", Color::Blue);
    play(&mut pos, "Hu<>d5*");
    assert_eq!(abbr_at(&pos, "d5"), None);
    assert_eq!(
        abbr_at(&pos, "d4"),
        None,
        "the Nightshade lands on the poisoned Hummingbird's square"
    );
    // A friendly swap poisons nobody.
    let mut pos = board("Hu d4, DNi d5", "", Color::Blue);
    play(&mut pos, "Hu<>d5");
    assert_eq!(abbr_at(&pos, "d4"), Some((Color::Blue, "DNi")));
}

#[test]
fn capturing_a_poisonous_piece_and_kamikaze() {
    in_both_editions(capturing_a_poisonous_piece_and_kamikaze_in);
}

fn capturing_a_poisonous_piece_and_kamikaze_in() {
    // "Bxn11*": the capturer of a poisonous piece ending its turn on its square is removed.
    let mut pos = board("B l9", "DNi n11", Color::Blue);
    let m = play(&mut pos, "Bxn11*");
    assert_eq!(abbr_at(&pos, "n11"), None);
    pos.unmake();
    assert_eq!(format_move(&mut pos, m, Style::Short), "Bxn11*");
    // A hop-capture of a poisonous piece does not poison (Overtaker).
    let mut pos = board("Ov d4", "DNi d5", Color::Blue);
    play(&mut pos, "Ovxd5-d6");
    assert_eq!(abbr_at(&pos, "d6"), Some((Color::Blue, "Ov")));
    // The Kamikaze dies with its capture under its own power.
    let mut pos = board("Kam d4", "P d6", Color::Blue);
    play(&mut pos, "Kamxd6*");
    assert_eq!(abbr_at(&pos, "d6"), None);
}

#[test]
fn a_kamikaze_survives_a_relayed_capture_in_2009() {
    // A Harpy on d6 lends the Kamikaze on d4 a Knight's leap: capturing with it, it survives.
    let mut pos = board("Kam d4, Ha d6", "P e6", Color::Blue);
    let m = play(&mut pos, "Kamxe6");
    assert_eq!(m.kind, MoveKind::Relayed);
    assert_eq!(abbr_at(&pos, "e6"), Some((Color::Blue, "Kam")));
}

#[test]
fn tanks_push_friends_and_an_immobilized_piece() {
    // 000's notation example: OxT-k4:A-k5,Goxk6.
    let mut pos = board("OxT k3, A k4, Go k5", "P k6", Color::Blue);
    let m = play(&mut pos, "OxT-k4:A-k5,Goxk6");
    assert_eq!(m.kind, MoveKind::Push);
    assert_eq!(abbr_at(&pos, "k4"), Some((Color::Blue, "OxT")));
    assert_eq!(abbr_at(&pos, "k5"), Some((Color::Blue, "A")));
    assert_eq!(abbr_at(&pos, "k6"), Some((Color::Blue, "Go")));
    pos.unmake();
    assert_eq!(abbr_at(&pos, "k6"), Some((Color::Tan, "P")));
    assert_eq!(pos.hash(), pos.compute_hash());
    // No more than two pushed, never off the board.
    let mut pos = board("OxT a1, N a2, B a3, R a4", "", Color::Blue);
    assert!(
        !texts_from(&mut pos, "a1")
            .iter()
            .any(|t| t.starts_with("OxT-a2"))
    );
    let mut pos = board("DrT b15, N c16", "", Color::Blue);
    assert!(
        !texts_from(&mut pos, "b15")
            .iter()
            .any(|t| t.contains("c16:"))
    );
    // 2009: a Tank may push an immobilized piece (the Blue Knight next to a Tan Immobilizer).
    let mut pos = board("OxT d3, N d4", "Im c5", Color::Blue);
    play(&mut pos, "OxT-d4:N-d5");
    assert_eq!(abbr_at(&pos, "d5"), Some((Color::Blue, "N")));
}

#[test]
fn pulls_pushes_and_births() {
    in_both_editions(pulls_pushes_and_births_in);
}

fn pulls_pushes_and_births_in() {
    // CmH:Pd7-c6 (a Come Here on b5 pulls the Pawn on d7 one step closer).
    let mut pos = board("CmH b5", "P d7", Color::Blue);
    play(&mut pos, "CmH:Pd7-c6");
    assert_eq!(abbr_at(&pos, "c6"), Some((Color::Tan, "P")));
    // Go Away: pushes one step farther, not off the board.
    let mut pos = board("GoA b5", "P d7, N b8", Color::Blue);
    let got = texts_from(&mut pos, "b5");
    assert!(
        got.contains("GoA:Pd7-e8") && got.contains("GoA:Nb8-b9"),
        "{got:?}"
    );
    let mut pos = board("GoA b14", "P b16", Color::Blue);
    assert!(!texts_from(&mut pos, "b14").iter().any(|t| t.contains(':')));
    // o11=Trb: a Tribble on m11 gives birth on o11.
    let mut pos = board("Trb m11", "", Color::Blue);
    let m = play(&mut pos, "o11=Trb");
    assert_eq!(m.kind, MoveKind::Create);
    assert_eq!(abbr_at(&pos, "o11"), Some((Color::Blue, "Trb")));
    assert_eq!(abbr_at(&pos, "m11"), Some((Color::Blue, "Trb")));
    assert_eq!(pos.piece_count(Color::Blue), 3);
}

#[test]
fn coordinator_communist_intertaker_and_royalist() {
    in_both_editions(coordinator_communist_intertaker_and_royalist_in);
}

fn coordinator_communist_intertaker_and_royalist_in() {
    // Coo-m9xe9xm3 with a royal piece on e3.
    let mut pos = board("Coo m13, K e3", "P e9, P m3", Color::Blue);
    play(&mut pos, "Coo-m9xe9xm3");
    assert_eq!(abbr_at(&pos, "e9"), None);
    assert_eq!(abbr_at(&pos, "m3"), None);
    // A Communist takes every promoted piece next to its arrival square, friend or foe.
    let mut pos = board("Cst d5, Q f7", "B e7, P d7", Color::Blue);
    play(&mut pos, "Cst-e6x!e7,f7");
    assert_eq!(
        abbr_at(&pos, "f7"),
        None,
        "the friendly Queen is promoted: taken"
    );
    assert_eq!(
        abbr_at(&pos, "d7"),
        Some((Color::Tan, "P")),
        "a Pawn is not promoted"
    );
    // Intertaker: custodian capture.
    let mut pos = board("Int d4, N f6", "P e5", Color::Blue);
    let moves = texts_from(&mut pos, "d4");
    assert!(moves.contains("Int-d5") && !moves.iter().any(|t| t.contains("xe5")));
    let mut pos = board("Int c4, N f6", "P e5", Color::Blue);
    play(&mut pos, "Int-d4xe5");
    assert_eq!(abbr_at(&pos, "e5"), None);
    // Royalist: leaps next to a friendly royal piece from anywhere, capturing a friend there.
    let mut pos = board("Roy a16, K h8, N h9", "", Color::Blue);
    let got = texts_from(&mut pos, "a16");
    assert!(got.contains("Roy-g7") && got.contains("Royxh9"), "{got:?}");
}

#[test]
fn dervish_relays_any_f_d_a_move_landing_next_to_it() {
    // Jupiter's wide Dervish: a diagonal neighbour may also leap as a Dabbaba to a square next to
    // the Dervish (e4 -> c4 with the Dervish on d5).
    let mut pos = board("De d5, N e4", "", Color::Blue);
    let got: BTreeSet<String> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.from == sq("e4") && m.kind == MoveKind::Relayed)
        .map(|m| v().square_name(m.to))
        .collect();
    assert_eq!(got, set("c4 c6 e6"));
}

#[test]
fn a_salamander_makes_its_long_move_itself_not_as_a_relayed_copy() {
    // Found in a lab game: a Salamander next to a Dervish was offered f9-h9 twice, its own slide
    // and the Dervish's lent Dabbaba leap, and the record's "Saf9-h9" read back as ambiguous. By
    // docs/rules/jupiter.md ("Pieces that already have a relayed power") it makes the move itself.
    let mut pos = board("Sa f9, De g10, Zoo a9", "", Color::Blue);
    let moves: Vec<Move> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.from == sq("f9"))
        .collect();
    let texts: Vec<String> = moves
        .iter()
        .map(|&m| format_move(&mut pos, m, Style::Long))
        .collect();
    let distinct: BTreeSet<&String> = texts.iter().collect();
    assert_eq!(distinct.len(), texts.len(), "{texts:?}");
    let kind_to = |s: &str| {
        moves
            .iter()
            .find(|m| m.to == sq(s) && m.promotion().is_none())
            .map(|m| m.kind)
    };
    // Its own slides to squares next to a friend: beside the Dervish, beside the Zoom.
    for own in ["h9", "f11", "b9"] {
        assert_eq!(kind_to(own), Some(MoveKind::Normal), "{own}");
    }
    // What it cannot do itself stays relayed: the Alfil leap over the Dervish, the Zoom's Queen
    // slide to a square next to no friend.
    for lent in ["h11", "c9"] {
        assert_eq!(kind_to(lent), Some(MoveKind::Relayed), "{lent}");
    }
}

#[test]
fn repetition_is_illegal_the_third_time() {
    in_both_editions(repetition_is_illegal_the_third_time_in);
}

fn repetition_is_illegal_the_third_time_in() {
    // The text's 2x3 example, on Jupiter's board outside both promotion zones (ranks 8-10), with
    // two more pieces each (the bare rule): K-b8 K-a10, K-a8 K-b10, K-b8 K-a10, K-a8, and then
    // K-b10 would repeat the first position a third time.
    let mut pos = board("K a8, Im p1, Im p2", "K b10, Im p16, Im p15", Color::Blue);
    for m in ["K-b8", "K-a10", "K-a8", "K-b10", "K-b8", "K-a10", "K-a8"] {
        play(&mut pos, m);
    }
    assert_eq!(
        pos.occurrences(),
        2,
        "{:?}",
        pos.moves_played().collect::<Vec<_>>()
    );
    assert!(parse_move(&mut pos, "K-b10").is_err());
    assert!(parse_move(&mut pos, "K-a9").is_ok());
}

/// Each type alone on an empty board, from h8 (Blue) and i9 (Tan, the same square turned round):
/// the library's destinations against the counts derived by hand from the 2009 table in the
/// reference generator's self-tests (`jupiter_selftest/counts.rs`, written from the texts alone).
/// The two Kings the library needs stand in the corners a16 and p1, which no straight line from
/// h8 or i9 reaches and beyond which nothing lies: each position is searched twice with the Kings
/// exchanged, so that the corner holding the mover's own King is reached, as a capture of the
/// enemy King, in the other.
#[test]
fn every_type_alone_reaches_the_hand_counted_squares() {
    let v = v();
    let counts: Vec<(&str, usize)> = include_str!("jupiter_selftest/counts.rs")
        .lines()
        .filter_map(|l| {
            let l = l.trim().strip_prefix("(\"")?;
            let (abbr, rest) = l.split_once("\", ")?;
            let n = rest.split(')').next()?.trim().parse().ok()?;
            Some((abbr, n))
        })
        .collect();
    assert_eq!(counts.len(), 161, "the hand counts cover every type");
    let king = v.kind_by_abbr("K").unwrap();
    for (abbr, want) in counts {
        // The Royalist's leap goes next to wherever the friendly King stands: see
        // coordinator_communist_intertaker_and_royalist.
        if abbr == "Roy" {
            continue;
        }
        let kind = v.kind_by_abbr(abbr).unwrap_or_else(|| panic!("{abbr}"));
        for (color, from) in [(Color::Blue, "h8"), (Color::Tan, "i9")] {
            let mut reached = BTreeSet::new();
            for (own, theirs) in [("p1", "a16"), ("a16", "p1")] {
                let pos = Position::from_setup(&Setup {
                    variant: v,
                    pieces: vec![
                        (color, kind, sq(from)),
                        (color, king, sq(own)),
                        (color.other(), king, sq(theirs)),
                    ],
                    to_move: color,
                    chess: None,
                })
                .expect("a valid position");
                let mut moves = Vec::new();
                pos.pseudo_legal_moves(&mut moves);
                for m in moves.iter().filter(|m| m.from == sq(from)) {
                    let leaves = !matches!(
                        m.kind,
                        MoveKind::Swap
                            | MoveKind::Create
                            | MoveKind::Pass
                            | MoveKind::Igui
                            | MoveKind::Pull
                            | MoveKind::Repel
                    ) && m.destination() != m.from;
                    if leaves {
                        reached.insert(v.square_name(m.destination()));
                    }
                }
            }
            assert_eq!(
                reached.len(),
                want,
                "{color:?} {abbr} on {from}: {reached:?}"
            );
        }
    }
}

/// A first part after which the doubled piece could make no second part is not offered, and the
/// reason a board gives for it says so; the same step as a whole turn is legal.
#[test]
fn a_first_part_without_a_second_is_barred_for_that_reason() {
    use jovian_rules::position::Barred;
    // Blue Pawn g10 on the Doubler's file: g10-g11 as a first part would leave it blocked by its
    // own Pawns on g12, f12 and h12 with nothing to capture.
    let mut pos = board("P g10, Dbl g4, P g12, P f12, P h12", "", Color::Blue);
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let first = *pseudo
        .iter()
        .find(|m| m.is_continuing() && m.from == sq("g10") && m.to == sq("g11"))
        .expect("the first part is listed by the pieces");
    assert!(!legal(&mut pos).contains(&first));
    assert_eq!(pos.why_barred(first), Some(Barred::NoSecondPart));
    let whole = legal(&mut pos)
        .into_iter()
        .find(|m| !m.is_continuing() && m.from == sq("g10") && m.to == sq("g11"));
    assert!(whole.is_some(), "the step alone is a turn");
}
