//! The board's questions to the rules library (`position/insight.rs`): moves the repetition rule
//! bars, a position as if the other side were to move, moves that lose at once, the royal piece
//! in danger.

use jovian_rules::variants::{larger_board, scirocco};
use jovian_rules::{Color, Position, WinReason, fen, notation};

fn position(v: &'static jovian_rules::Variant, text: &str) -> Position {
    Position::from_setup(&fen::parse_position(v, text).unwrap()).unwrap()
}

fn play(pos: &mut Position, text: &str) {
    let m = notation::parse_move(pos, text).unwrap();
    pos.make(m);
}

#[test]
fn a_hanging_king_and_the_moves_that_lose_it() {
    // Blue: King a1, Pawn e2; Tan: Rook a10 on the King's file, King j10.
    let mut pos = position(
        scirocco::variant(),
        "r,8,k/10/10/10/10/10/10/10/4,P,5/K,9 b",
    );
    let a1 = scirocco::variant().geometry.parse_square("a1").unwrap();
    assert_eq!(pos.royals_in_danger(), vec![a1]);
    let stays = notation::parse_move(&mut pos, "K-a2").unwrap();
    assert_eq!(pos.loss_after(stays), Some(WinReason::RoyalCaptured));
    let pawn = notation::parse_move(&mut pos, "P-e3").unwrap();
    assert_eq!(pos.loss_after(pawn), Some(WinReason::RoyalCaptured));
    let away = notation::parse_move(&mut pos, "K-b1").unwrap();
    assert_eq!(pos.loss_after(away), None);
    let before = pos.hash();
    let _ = pos.loss_after(stays);
    assert_eq!(pos.hash(), before, "asking changes nothing");
    // Moving away, the King is safe: nothing is marked for Tan's turn either.
    play(&mut pos, "K-b1");
    assert!(pos.royals_in_danger().is_empty());
}

#[test]
fn a_move_that_lets_the_opponent_bare_you() {
    // Blue: King a1 and a Pawn e5; Tan: King e7 and a Pawn a9. P-e6 walks into the King, which
    // takes it and leaves Blue a single piece.
    let mut pos = position(
        scirocco::variant(),
        "10/p,9/10/4,k,5/10/4,P,5/10/10/10/K,9 b",
    );
    let push = notation::parse_move(&mut pos, "P-e6").unwrap();
    assert_eq!(pos.loss_after(push), Some(WinReason::Bared));
    let king = notation::parse_move(&mut pos, "K-b1").unwrap();
    assert_eq!(pos.loss_after(king), None);
}

#[test]
fn moves_barred_by_repetition_are_listed() {
    let mut pos = position(
        scirocco::variant(),
        "9,k/4,p,5/10/10/10/10/10/10/4,P,5/K,9 b",
    );
    assert!(pos.barred_by_repetition().is_empty());
    for m in ["K-b1", "K-i10", "K-a1", "K-j10", "K-b1", "K-i10", "K-a1"] {
        play(&mut pos, m);
    }
    let barred = pos.barred_by_repetition();
    assert_eq!(barred.len(), 1);
    let text = notation::format_move(&mut pos, barred[0], notation::Style::Short);
    assert_eq!(text, "K-j10");
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(!legal.contains(&barred[0]));
}

#[test]
fn a_position_seen_from_the_other_side() {
    let pos = position(
        scirocco::variant(),
        "r,8,k/10/10/10/10/10/10/10/4,P,5/K,9 b",
    );
    let mut tan = pos.as_if_to_move(Color::Tan).unwrap();
    assert_eq!(tan.side_to_move(), Color::Tan);
    let mut moves = Vec::new();
    tan.legal_moves(&mut moves);
    assert!(!moves.is_empty());
    // The 12x8 game: once White gives check, White cannot be "to move" again (Black's King would
    // be capturable), while Black, in check, is.
    let v = larger_board::variant();
    let mut chess = position(
        v,
        "12/p,4,P,6/12/11,k/12/12/6,K,5/12 w castle=- kings=wb drops=open hand=As ep=- halfmove=0",
    );
    assert!(
        chess.as_if_to_move(Color::Tan).is_some(),
        "nobody in check yet"
    );
    play(&mut chess, "P-d8=As@i6");
    assert_eq!(chess.in_check(), Some(true));
    assert!(chess.as_if_to_move(Color::Blue).is_none());
    assert!(chess.as_if_to_move(Color::Tan).is_some());
}

#[test]
fn moves_round_trip_through_their_bits() {
    use jovian_rules::Move;
    // Every legal move of every game's start, and the moves after a few plies.
    for v in jovian_rules::Variant::all() {
        let mut pos = jovian_rules::Position::start(v);
        for _ in 0..4 {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            for &m in &moves {
                assert_eq!(Move::from_bits(m.to_bits()), Some(m), "{}: {m:?}", v.id);
            }
            let Some(&m) = moves.last() else { break };
            pos.make(m);
        }
    }
    // Bits no move has: an unknown kind.
    assert_eq!(Move::from_bits(u64::MAX), None);
    assert_eq!(Move::from_bits(0xff << 16), None);
}

/// A 12x8 move the rules refuse is refused for its real reason: an owed Halfling pair that can be
/// dropped now, a King left in check; and the move reader says so (not "a third time").
#[test]
fn a_refused_move_is_told_its_real_reason() {
    use jovian_rules::notation::MoveParseError;
    use jovian_rules::position::Barred;
    let v = larger_board::variant();
    let mut pos = Position::start(v);
    for m in [
        "e4", "e5", "Ke2", "Ke7", "Nc3", "Nc6", "Nf3", "Nf6", "Le@b1,g1",
    ] {
        play(&mut pos, m);
    }
    for text in ["Nb8", "Ke8", "Kd6", "Nxe4"] {
        let err = notation::parse_move(&mut pos, text).unwrap_err();
        assert!(
            matches!(&err, MoveParseError::OwedPair { owed, .. } if owed == "Le@b8,g8"),
            "{text}: {err}"
        );
        assert!(!err.to_string().contains("third time"), "{err}");
        assert!(err.to_string().contains("Le@b8,g8"), "{err}");
    }
    let owed = notation::parse_move(&mut pos, "Le@b8,g8").unwrap();
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let sq = |name| v.geometry.parse_square(name).unwrap();
    let knight = pseudo
        .iter()
        .copied()
        .find(|&m| m.from == sq("c6") && m.to == sq("b8"))
        .expect("the Knight's retreat is a move of the pieces");
    assert_eq!(pos.why_barred(knight), Some(Barred::OwedPair(owed)));
    assert_eq!(pos.why_barred(owed), None, "the owed drop itself is legal");

    // Over random games: every move of the pieces that is not legal has a reason, and a King
    // left in check really is in check after it.
    let mut rng = jovian_rules::random::SplitMix64::new(7);
    let mut reasons = std::collections::BTreeSet::new();
    for _ in 0..20 {
        let mut pos = Position::start(v);
        for _ in 0..60 {
            let (mut legal, mut pseudo) = (Vec::new(), Vec::new());
            pos.legal_moves(&mut legal);
            if legal.is_empty() {
                break;
            }
            pos.pseudo_legal_moves(&mut pseudo);
            let us = pos.side_to_move();
            for &m in &pseudo {
                let why = pos.why_barred(m);
                assert_eq!(why.is_none(), legal.contains(&m), "{m:?}");
                let plain = m.kind == jovian_rules::MoveKind::Normal && m.from != m.to;
                if why == Some(Barred::KingInCheck) && plain && m.promotion().is_none() {
                    let text = notation::format_move(&mut pos, m, notation::Style::Coordinate);
                    let err = notation::parse_move(&mut pos, &text).unwrap_err();
                    assert!(
                        matches!(err, MoveParseError::KingInCheck(_)),
                        "{text}: {err}"
                    );
                }
                if why == Some(Barred::KingInCheck) {
                    pos.make(m);
                    assert!(pos.royal_in_check(us));
                    pos.unmake();
                }
                if let Some(why) = why {
                    reasons.insert(format!("{why:?}").split('(').next().unwrap().to_string());
                }
            }
            let m = legal[(rng.next_u64() % legal.len() as u64) as usize];
            pos.make(m);
        }
    }
    assert!(reasons.contains("KingInCheck"), "{reasons:?}");
}

/// Why a type in hand cannot be dropped now (the 12x8 game): before both Kings have moved, while
/// its squares are taken, while a Halfling pair is owed; and no reason once it can be.
#[test]
fn a_piece_in_hand_tells_why_it_cannot_be_dropped() {
    use jovian_rules::position::NoDrop;
    let v = larger_board::variant();
    let kind = |abbr| v.kind_by_abbr(abbr).unwrap();
    let sq = |name| v.geometry.parse_square(name).unwrap();
    let mut pos = Position::start(v);
    let held: Vec<_> = pos.hand_pieces(Color::Blue).collect();
    assert!(!held.is_empty());
    for (k, _) in held {
        assert_eq!(
            pos.why_no_drop(k),
            Some(NoDrop::KingsNotMoved(vec![Color::Blue, Color::Tan]))
        );
    }
    for m in ["e4", "e5", "Ke2", "Ke7"] {
        play(&mut pos, m);
    }
    // The Leapers' squares b1 and g1 hold the Knights.
    assert_eq!(
        pos.why_no_drop(kind("Le")),
        Some(NoDrop::SquaresTaken(vec![(sq("b1"), sq("g1"))]))
    );
    for m in ["Nc3", "Nc6", "Nf3", "Nf6"] {
        play(&mut pos, m);
    }
    assert_eq!(pos.why_no_drop(kind("Le")), None, "b1 and g1 are empty now");
    play(&mut pos, "Le@b1,g1");
    let owed = notation::parse_move(&mut pos, "Le@b8,g8").unwrap();
    assert_eq!(pos.why_no_drop(kind("Le")), None);
    let others: Vec<_> = pos
        .hand_pieces(Color::Tan)
        .map(|(k, _)| k)
        .filter(|&k| k != kind("Le"))
        .collect();
    assert!(!others.is_empty());
    for k in others {
        assert_eq!(
            pos.why_no_drop(k),
            Some(NoDrop::OwesPair(owed)),
            "{}",
            v.abbr(k)
        );
    }
}
