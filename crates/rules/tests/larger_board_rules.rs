//! One test per clause of the 12x8 game's text and of docs/rules/larger-board.md.

use jovian_rules::fen::{parse_position, write_position};
use jovian_rules::notation::{Style, format_move, parse_move};
use jovian_rules::variants::larger_board;
use jovian_rules::{Color, Move, MoveKind, Position, Setup, WinReason};

/// A position from a list of pieces (`Kc4 Elc3 kj8`: abbreviation, White's uppercase, then the
/// square), the side to move and the state fields (`kings=wb hand=-`).
fn at(pieces: &str, side: &str, fields: &str) -> Position {
    let v = larger_board::variant();
    let mut board = vec![vec![String::new(); 12]; 8];
    for token in pieces.split_whitespace() {
        let split = token.len() - 2;
        let sq = v.geometry.parse_square(&token[split..]).expect(token);
        board[sq.rank() as usize][sq.file() as usize] = token[..split].to_string();
    }
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|r| {
            let mut out = Vec::new();
            let mut empty = 0;
            for cell in &board[r] {
                if cell.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push(empty.to_string());
                        empty = 0;
                    }
                    out.push(cell.clone());
                }
            }
            if empty > 0 {
                out.push(empty.to_string());
            }
            out.join(",")
        })
        .collect();
    let text = format!("{} {side} {fields}", ranks.join("/"));
    let setup = parse_position(v, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(name: &str) -> jovian_rules::Square {
    larger_board::variant().geometry.parse_square(name).unwrap()
}

fn legal(pos: &mut Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

/// The destinations of the legal moves from `from`, as square names, sorted.
fn targets(pos: &mut Position, from: &str) -> Vec<String> {
    let v = larger_board::variant();
    let mut t: Vec<String> = legal(pos)
        .into_iter()
        .filter(|m| m.from == sq(from) && m.kind != MoveKind::Drop)
        .map(|m| v.square_name(m.to))
        .collect();
    t.sort();
    t.dedup();
    t
}

fn texts(pos: &mut Position) -> Vec<String> {
    legal(pos)
        .into_iter()
        .map(|m| format_move(pos, m, Style::Short))
        .collect()
}

fn play(pos: &mut Position, text: &str) {
    let m = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.make(m);
}

const MOVED: &str = "castle=- kings=wb hand=-";

#[test]
fn elephant_orbits_follow_the_texts_two_examples() {
    // King c4, Elephant c3: c3, d3, d4, d5, c5, b5, b4, b3 is its orbit.
    // (Its whole pattern is empty, so it may also turn round to its own square.)
    let mut pos = at("Kc4 Elc3 kj8", "w", MOVED);
    assert_eq!(targets(&mut pos, "c3"), ["b3", "c3", "d3"]);
    // Elephant b2, a Knight's move from the King: b2, a3, a5, b6, d6, e5, e3, d2.
    let mut pos = at("Kc4 Elb2 kj8", "w", MOVED);
    assert_eq!(targets(&mut pos, "b2"), ["a3", "b2", "d2"]);
    // Pieces between on the ring do not block; a piece on the destination does (it never
    // captures).
    let mut pos = at("Kc4 Elb2 Pa2 qe8 kj8 pd2", "w", MOVED);
    assert_eq!(targets(&mut pos, "b2"), ["a3"]);
}

#[test]
fn elephant_stops_at_the_board_edge_and_may_turn_round_when_its_pattern_is_empty() {
    // King on the y-file: counter-clockwise from y3 the orbit leaves the board.
    let mut pos = at("Ky4 Ely3 kj8", "w", MOVED);
    assert_eq!(targets(&mut pos, "y3"), ["z3"]);
    // An empty pattern on the board: the Elephant may rotate to its own square.
    let mut pos = at("Ke4 Ele3 kj8", "w", MOVED);
    assert!(targets(&mut pos, "e3").contains(&"e3".to_string()));
    let mut pos = at("Ke4 Ele3 Pf5 kj8", "w", MOVED);
    assert!(!targets(&mut pos, "e3").contains(&"e3".to_string()));
}

#[test]
fn only_king_pawn_or_thunder_take_an_elephant() {
    // A Rook, Knight or Queen attacking an Elephant cannot take it; a King can.
    let mut pos = at("Kc4 Ra5 Nb3 Qz7 ela7 kj8 Elc3", "w", MOVED);
    let v = larger_board::variant();
    for m in legal(&mut pos) {
        assert!(m.to != sq("a7"), "{}", v.square_name(m.from));
    }
    let mut pos = at("Kb6 ela7 kj8", "w", MOVED);
    assert!(targets(&mut pos, "b6").contains(&"a7".to_string()));
}

#[test]
fn leaper_extra_square_follows_the_d6_d5_example() {
    // From d6, d7 is exactly half-way to the edge (2 squares): it may land on d8.
    let mut pos = at("Ke1 Led6 nd7 kj2", "w", MOVED);
    let texts = texts(&mut pos);
    assert!(texts.contains(&"Lexd7-d8".to_string()), "{texts:?}");
    // From d5 (3 squares to the edge, range 2), d8 is out of reach even to take on d7.
    let mut pos = at("Ke1 Led5 nd7 kj2", "w", MOVED);
    assert!(!targets(&mut pos, "d5").contains(&"d8".to_string()));
    assert!(targets(&mut pos, "d5").contains(&"d6".to_string()));
}

#[test]
fn halflings_move_half_way_to_the_edge_rounded_up() {
    // Corner y1: 11 squares to the right (range 6), 7 up (range 4), 7 diagonally (range 4).
    let mut pos = at("Piy1 Ke2 kj8", "w", MOVED);
    assert_eq!(targets(&mut pos, "y1").len(), 6 + 4 + 4);
    // Advancer takes by approach, Withdrawer by withdrawal, Pincer custodially.
    let mut pos = at("Ke1 Add2 nd5 kj8", "w", MOVED);
    assert!(texts(&mut pos).contains(&"Ad-d4xd5".to_string()));
    let mut pos = at("Ke1 Wdd3 nd2 kj8", "w", MOVED);
    assert!(texts(&mut pos).contains(&"Wd-d5xd2".to_string()));
    let mut pos = at("Ke1 Pib3 nd4 Ne4 kj8", "w", MOVED);
    assert!(texts(&mut pos).contains(&"Pi-c4xd4".to_string()));
}

#[test]
fn drops_wait_until_both_kings_have_moved() {
    let mut pos = Position::start(larger_board::variant());
    assert!(!legal(&mut pos).iter().any(|m| m.kind == MoveKind::Drop));
    for text in ["P-e4", "P-e5", "K-e2"] {
        play(&mut pos, text);
    }
    assert!(!legal(&mut pos).iter().any(|m| m.kind == MoveKind::Drop));
    play(&mut pos, "K-e7");
    let texts = texts(&mut pos);
    // The Assassin where it checks the King on e7 (e6 is free); the Pawns still fill the
    // Wizards' squares, the Knights the Leapers', the Rooks the Pincers'.
    assert!(texts.contains(&"As@e6".to_string()), "{texts:?}");
    assert!(
        !texts
            .iter()
            .any(|t| t.starts_with("Le@") || t.starts_with("Wz@"))
    );
}

#[test]
fn a_dropped_halfling_pair_must_be_answered_when_its_squares_are_free() {
    // White has dropped its Leapers; Black's b8 and g8 are free: its only legal moves are the
    // answering drop.
    let fields = "castle=- kings=wb hand=2Pi,2le,2pi";
    let mut pos = at("Ke2 Leb1 Leg1 ke7 pa7", "b", fields);
    assert_eq!(texts(&mut pos), ["Le@b8,g8"]);
    // While b8 is taken it plays on, but drops nothing else.
    let mut pos = at("Ke2 Leb1 Leg1 ke7 nb8 pa7", "b", fields);
    let t = texts(&mut pos);
    assert!(t.iter().all(|t| !t.contains('@')), "{t:?}");
    assert!(!t.is_empty());
}

#[test]
fn a_pawn_taking_a_wizard_becomes_a_golem_and_dies_whole() {
    let mut pos = at("Ke1 Pe5 wzd6 kj8", "w", MOVED);
    play(&mut pos, "Pxd6=Go");
    let v = larger_board::variant();
    let golem = |p: &Position, s: &str| p.piece_at(sq(s)).map(|p| v.spec(p.kind).abbr);
    assert_eq!(golem(&pos, "d6"), Some("Gse"));
    assert_eq!(golem(&pos, "e5"), Some("Gnw"));
    // Taking one part removes both.
    let mut pos = at("Ke1 Gnwe5 Gsed6 kj8 bc7", "b", MOVED);
    play(&mut pos, "Bxd6");
    assert!(pos.piece_at(sq("e5")).is_none());
}

#[test]
fn golem_parts_move_together_as_mirror_ferzes() {
    // Parts e5 and d6: mirrors d5 and e6, then one step diagonally each, ending connected.
    let mut pos = at("Ke1 Gnwe5 Gsed6 kj8", "w", MOVED);
    let golem: Vec<Move> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.kind == MoveKind::Golem)
        .collect();
    assert_eq!(golem.len(), 9);
    for m in golem {
        let (a, b) = (m.to, jovian_rules::Square(m.aux[1]));
        assert_eq!((a.file() as i8 - b.file() as i8).abs(), 1);
        assert_eq!((a.rank() as i8 - b.rank() as i8).abs(), 1);
    }
}

#[test]
fn an_assassin_drop_can_mate() {
    let mut pos = at("Ka1 Nh6 kj8 pi7 pj7", "w", "castle=- kings=wb hand=As");
    play(&mut pos, "As@i8");
    assert!(pos.royal_in_check(Color::Tan));
    let o = pos.outcome().expect("mate");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Blue), WinReason::Checkmate)
    );
    // It may be dropped only where it checks.
    let mut pos = at("Ka1 Nh6 kj8 pi7 pj7", "w", "castle=- kings=wb hand=As");
    let drops: Vec<String> = texts(&mut pos)
        .into_iter()
        .filter(|t| t.starts_with("As@"))
        .collect();
    assert_eq!(drops, ["As@i8"]);
}

#[test]
fn thunder_strikes_only_when_the_kings_see_each_other() {
    let fields = "castle=- kings=wb hand=Th";
    let mut pos = at("Ke1 Pd2 ke8 pd7 nf7", "w", fields);
    let thunder = |p: &mut Position| {
        texts(p)
            .into_iter()
            .filter(|t| t.starts_with("Th@"))
            .count()
    };
    // e1 and e8 on one file with nothing between: it may strike anywhere but on a King.
    assert_eq!(thunder(&mut pos), 96 - 2);
    play(&mut pos, "Th@e7");
    // It destroyed d7, f7 (and would have spared the King e8).
    assert!(pos.piece_at(sq("d7")).is_none() && pos.piece_at(sq("f7")).is_none());
    assert!(pos.piece_at(sq("e8")).is_some());
    let mut pos = at("Ke1 Pe2 ke8", "w", fields);
    assert_eq!(thunder(&mut pos), 0);
}

#[test]
fn castling_as_in_chess_and_never_through_check() {
    let mut pos = at("Ra1 Ke1 Rh1 ke8 ra8 rh8", "w", "castle=KQkq kings=- hand=-");
    let t = texts(&mut pos);
    assert!(t.contains(&"O-O".to_string()) && t.contains(&"O-O-O".to_string()));
    play(&mut pos, "O-O");
    assert_eq!(pos.piece_at(sq("g1")).map(|p| p.kind.0), Some(0));
    assert!(pos.piece_at(sq("f1")).is_some());
    // A Black Rook on f8 watches f1: no kingside castling.
    let mut pos = at("Ra1 Ke1 Rh1 ke8 rf8", "w", "castle=KQ kings=- hand=-");
    let t = texts(&mut pos);
    assert!(!t.contains(&"O-O".to_string()) && t.contains(&"O-O-O".to_string()));
}

#[test]
fn pawns_on_their_first_rank_advance_three_and_extended_en_passant_follows() {
    let mut pos = at("Kd1 Pe1 pf4 ke8", "w", MOVED);
    assert_eq!(targets(&mut pos, "e1"), ["e2", "e3", "e4"]);
    play(&mut pos, "P-e4");
    // The Black Pawn on f4 takes en passant on e3 (a square the Pawn passed).
    let t = texts(&mut pos);
    assert!(t.contains(&"Pxe3".to_string()), "{t:?}");
    play(&mut pos, "Pxe3");
    assert!(pos.piece_at(sq("e4")).is_none());
}

#[test]
fn an_assassin_shoots_en_passant_a_slider_that_passed_beside_it() {
    let mut pos = at("Kj1 Ra1 ke8 asb4", "w", MOVED);
    play(&mut pos, "R-a6");
    let t = texts(&mut pos);
    assert!(t.contains(&"Asx!a3ep".to_string()), "{t:?}");
    play(&mut pos, "Asx!a3ep");
    assert!(pos.piece_at(sq("a6")).is_none());
    // A Can(n)on's capture passes only the squares before its screen.
    let mut pos = at("Kj1 Ca1 Pa3 ke8 na7 asb4", "w", MOVED);
    play(&mut pos, "Cxa7");
    assert!(!texts(&mut pos).iter().any(|t| t.ends_with("ep")));
    let mut pos = at("Kj1 Ca1 Pa6 ke8 na7 asb4", "w", MOVED);
    play(&mut pos, "Cxa7");
    assert!(texts(&mut pos).iter().any(|t| t.ends_with("ep")));
}

#[test]
fn promotion_to_assassin_teleports_to_a_checking_square_and_to_thunder_explodes() {
    let mut pos = at("Ka1 Pd7 kj5", "w", MOVED);
    let t = texts(&mut pos);
    // Squares adjacent to the Black King: i4 i5 i6 j4 j6.
    let assassins: Vec<&String> = t.iter().filter(|t| t.contains("=As@")).collect();
    assert_eq!(assassins.len(), 5, "{assassins:?}");
    assert!(t.contains(&"P-d8=As@i6".to_string()), "{t:?}");
    // The Kings do not see each other: no Thunder.
    assert!(!t.iter().any(|t| t.contains("=Th@")));
    let mut pos = at("Ke1 Pd7 ke6", "w", MOVED);
    let thunders = texts(&mut pos)
        .into_iter()
        .filter(|t| t.contains("=Th@"))
        .count();
    assert_eq!(thunders, 96 - 2);
    // Beside an enemy Wizard: neither.
    let mut pos = at("Ka1 Pd7 wzc8 kj5", "w", MOVED);
    let t = texts(&mut pos);
    assert!(!t.iter().any(|t| t.contains("=As@") || t.contains("=Th@")));
    assert!(t.contains(&"P-d8=Q".to_string()));
}

#[test]
fn a_wizard_swapping_a_pawn_to_its_last_rank_chooses_its_promotion() {
    let mut pos = at("Ke3 Wzc1 pd2 kj8", "w", MOVED);
    let swaps: Vec<String> = texts(&mut pos)
        .into_iter()
        .filter(|t| t.contains("<>"))
        .collect();
    // Thirteen types, but not the Bishop-wise Can(n)on: on c1 it would check the King on e3
    // over the Wizard.
    assert_eq!(swaps.len(), 12, "{swaps:?}");
    assert!(!swaps.contains(&"Wz<>d2=V".to_string()));
    play(&mut pos, "Wz<>d2=El");
    assert_eq!(
        pos.piece_at(sq("c1")).map(|p| (p.color, p.kind.0)),
        Some((Color::Tan, 14))
    );
}

#[test]
fn bewitched_pieces_only_step_and_give_no_check() {
    // The Black Queen beside the White Wizard may only step orthogonally, capturing nothing;
    // her line to the White King does not check.
    let mut pos = at("Ke1 Wze5 qe6 kj8 Pe7", "b", MOVED);
    assert!(!pos.royal_in_check(Color::Blue));
    assert_eq!(targets(&mut pos, "e6"), ["d6", "f6"]);
    // A bewitched Pawn or Assassin does not move or shoot at all.
    let mut pos = at("Ke1 Wze5 pe4 asd5 Pc5 kj8", "b", MOVED);
    assert!(targets(&mut pos, "e4").is_empty() && targets(&mut pos, "d5").is_empty());
}

#[test]
fn wizard_moves_swaps_and_commutes() {
    // From d4: Ferz c3 c5 e3 e5, mirror e4 then one step: e5 (again), e3 (again), f4, d4 (its
    // own square: commuting on a central file).
    let mut pos = at("Ka1 Wzd4 kj8", "w", MOVED);
    assert_eq!(
        targets(&mut pos, "d4"),
        ["c3", "c5", "d4", "e3", "e5", "f4"]
    );
    // It swaps with an enemy, but not with an Elephant or a Golem.
    let mut pos = at("Ka1 Wzd4 nc5 elc3 kj8", "w", MOVED);
    let t = texts(&mut pos);
    assert!(t.contains(&"Wz<>c5".to_string()));
    assert!(!t.contains(&"Wz<>c3".to_string()));
}

#[test]
fn cannons_flip_and_do_not_hop_over_enemy_elephants() {
    let mut pos = at("Ka1 Cd1 Pd3 nd6 kj8", "w", MOVED);
    let t = texts(&mut pos);
    for expected in ["Cxd6", "Cxd6=V", "Cd1=V", "C-e1", "C-e1=V"] {
        assert!(t.contains(&expected.to_string()), "{expected}: {t:?}");
    }
    let mut pos = at("Ka1 Cd1 eld3 nd6 kj8", "w", MOVED);
    assert!(!texts(&mut pos).iter().any(|t| t.starts_with("Cx")));
}

#[test]
fn drops_close_for_good_once_a_king_reaches_its_eighth_row() {
    let mut pos = at("Ka7 kj2 Pc2", "w", "castle=- kings=wb hand=As,as");
    play(&mut pos, "K-a8");
    assert!(write_position(&pos).contains("drops=closed"));
    assert!(!legal(&mut pos).iter().any(|m| m.kind == MoveKind::Drop));
}

#[test]
fn stalemate_fifty_moves_and_repetition_are_draws() {
    // Black King j8 stalemated by a White Queen on i6.
    let mut pos = at("Ka1 Qi6 kj8", "b", MOVED);
    assert_eq!(
        pos.outcome().map(|o| (o.winner, o.reason)),
        Some((None, WinReason::Stalemate))
    );
    let mut pos = at("Ka1 Qc6 kj8", "b", "castle=- kings=wb hand=- halfmove=100");
    assert_eq!(pos.outcome().map(|o| o.reason), Some(WinReason::FiftyMoves));
    let mut pos = at("Ka1 Qc6 kj8", "w", MOVED);
    for _ in 0..2 {
        for t in ["K-a2", "K-j7", "K-a1", "K-j8"] {
            play(&mut pos, t);
        }
    }
    assert_eq!(pos.outcome().map(|o| o.reason), Some(WinReason::Repetition));
    let mut pos = at("Ka1 kj8", "w", MOVED);
    assert_eq!(pos.outcome().map(|o| o.reason), Some(WinReason::BareKings));
}

#[test]
fn an_assassin_that_changes_hands_does_not_end_the_repetition_window() {
    // An Assassin taken goes to its captor's hand, so its drop and its capture may be undone:
    // White's comes back to White's hand after two captures, the Kings and the Rook go home,
    // and the first position stands a second time.
    let mut pos = at("Ry1 Ka1 kh8 rj7", "w", "castle=- kings=wb hand=As");
    let start = pos.hash();
    for t in [
        "As@g7", "Kh8xg7", "Ka1-a2", "As@b3", "Ka2xb3", "Kg7-h8", "Kb3-a2", "Rj7-j6", "Ka2-a1",
        "Rj6-j7",
    ] {
        play(&mut pos, t);
    }
    assert_eq!(pos.hash(), start);
    assert_eq!(pos.occurrences(), 2);
}

#[test]
fn broken_positions_are_refused_with_one_clear_error() {
    let v = larger_board::variant();
    let error = |text: &str| match parse_position(v, text) {
        Err(e) => e.to_string(),
        Ok(setup) => Position::from_setup(&setup).unwrap_err().to_string(),
    };
    let start = write_position(&Position::start(v));
    assert_eq!(
        error(&start.replace("hand=2Le,", "hand=3Le,")),
        "White holds 3 Leaper in hand; they are dropped in pairs (0 or 2)"
    );
    assert!(error(&start.replace("castle=KQkq", "castle=KX")).starts_with("castle=KX:"));
    assert!(error(&start.replace(" w ", " x ")).contains("\"x\""));
    assert!(error(&format!("{start} ep=e3:e4")).contains("twice"));
    let lone = "12/12/12/12/4,Gne,7/12/12/K,10,k w castle=- kings=wb hand=-";
    assert_eq!(
        error(lone),
        "White Golem (partner north-east) on c4: its other part is missing"
    );
    let check = "12/12/12/12/12/12/11,k/K,10,R w castle=- kings=wb hand=-";
    assert_eq!(error(check), "Black is in check with White to move");
    let _ = Setup::default_for(v);
}

#[test]
fn lion_leaps_two_squares_and_captures_only_one_step_away() {
    // Lion d4: eight two-square leaps to empty squares, no one-square step to an empty square,
    // a capture on e5; a leap onto an enemy (d6) is no capture.
    let mut pos = at("Ka1 Lid4 ne5 nd6 kj8", "w", MOVED);
    assert_eq!(
        targets(&mut pos, "d4"),
        ["b2", "b4", "b6", "d2", "e5", "f2", "f4", "f6"]
    );
}

#[test]
fn a_captured_assassin_changes_hands_and_can_be_dropped_by_its_captor() {
    let mut pos = at("Ka1 Nc4 asd6 kj8", "w", MOVED);
    play(&mut pos, "Nxd6");
    assert_eq!(pos.hand_pieces(Color::Blue).collect::<Vec<_>>().len(), 1);
    assert!(write_position(&pos).contains("hand=As "));
}
