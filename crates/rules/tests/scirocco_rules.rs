//! The rules text's worked examples and rules, one test each: the Dervish and Harpy relays,
//! promotion, the victory conditions and the repetition rule (with the text's 2x3 example game).

mod common;

use common::{find, label, legal_count, moves_from, position, set, sq, v};
use jovian_rules::geometry::Geometry;
use jovian_rules::piece::{Lines, PieceSpec, Special};
use jovian_rules::variant::{Placement, Rules, SetupRule};
use jovian_rules::{Color, Move, Outcome, Position, Setup, Variant, WinReason};

// ---- Dervish ------------------------------------------------------------------------------

/// "If you have a Dervish on g5 and Pawns on f4 and h5, the Pawn on f4 may leap to h6 (or make a
/// normal Pawn move), and the Pawn on h5 can move to g6 or g4 (or make a normal Pawn move to h6,
/// if empty)." The h5 Pawn may also leap to the opposite side, f5.
#[test]
fn dervish_example_from_the_text() {
    let mut pos = position("Kb1 Wc1 Deg5 Pf4 Ph5", "Ki10 Pa8", Color::Blue);
    let f4 = moves_from(&mut pos, "f4");
    assert_eq!(f4, set("f5 r:h6"));
    // A diagonal neighbour may not use the D move to f6 or h4, though both are next to g5.
    for no in ["f6", "h4", "r:f6", "r:h4"] {
        assert!(!f4.contains(&no.to_string()), "f4 may not go to {no}");
    }
    assert_eq!(moves_from(&mut pos, "h5"), set("h6 r:f5 r:g6 r:g4"));

    // With h6 taken the Pawn's own step is gone, and the relayed leap from f4 captures there.
    let mut pos = position("Kb1 Wc1 Deg5 Pf4 Ph5", "Ki10 Nh6", Color::Blue);
    assert_eq!(moves_from(&mut pos, "h5"), set("r:f5 r:g6 r:g4"));
    assert_eq!(moves_from(&mut pos, "f4"), set("f5 r:xh6"));

    // An enemy on g6: the Pawn captures there by its own power, listed once as its own move.
    let mut pos = position("Kb1 Wc1 Deg5 Pf4 Ph5", "Ki10 Ng6", Color::Blue);
    assert_eq!(moves_from(&mut pos, "h5"), set("h6 r:f5 xg6 r:g4"));
}

/// "...as in the case of a Goat leaping orthogonally over a Dervish, the piece is considered to be
/// moving under its own power, and may promote". Its diagonal steps around the Dervish are its
/// own too.
#[test]
fn goat_leaping_over_a_dervish_moves_by_its_own_power_and_may_promote() {
    let mut pos = position("Ka1 Dee8 Goe7", "Kj1 Pj4", Color::Blue);
    let expected = "d8 d8=Li f8 f8=Li d6 f6 e9 e9=Li e5 c7 g7";
    assert_eq!(moves_from(&mut pos, "e7"), set(expected));
}

#[test]
fn relayed_move_into_the_zone_offers_no_promotion() {
    let mut pos = position("Ka1 Deg8 Pf7", "Kj1 Pa4", Color::Blue);
    assert_eq!(moves_from(&mut pos, "f7"), set("f8 f8=Ta r:h9"));
    let mut pos = position("Ka1 Deg8 Pf7", "Kj1 Nh9", Color::Blue);
    assert_eq!(moves_from(&mut pos, "f7"), set("f8 f8=Ta r:xh9"));
}

/// "If a Dervish located within the promotion zone relays a move to another piece, the Dervish
/// does not thereby gain the right to promote on that turn." Nor does the relayee, even starting
/// in the zone.
#[test]
fn dervish_in_the_zone_gains_no_promotion_from_relaying() {
    let mut pos = position("Ka1 Dee9 We8", "Kj1 Pa4", Color::Blue);
    let wazir = "e7 e7=Za d8 d8=Za f8 f8=Za r:e10 r:d9 r:f9";
    assert_eq!(moves_from(&mut pos, "e8"), set(wazir));
    // The Dervish's own moves from the zone may promote; nothing else it is part of does.
    let dervish = "e7 e7=Ha c9 c9=Ha g9 g9=Ha c7 c7=Ha g7 g7=Ha";
    assert_eq!(moves_from(&mut pos, "e9"), set(dervish));
    let m = find(&mut pos, "e8", "r:e10");
    pos.make(m);
    assert_eq!(v().abbr(pos.kind_at(sq("e9")).unwrap()), "De");
    assert_eq!(v().abbr(pos.kind_at(sq("e10")).unwrap()), "W");
}

// ---- Harpy --------------------------------------------------------------------------------

/// Friends on open queen lines at most 3 squares from the Harpy move and capture as Knights:
/// e7 (2 up), h8 (3 diagonally), c5 (2 left). Not b5 (behind c5), not a1 (4 away), not e2 (behind
/// an enemy); the Knight on g5 is unaffected. The Harpy itself moves as Q3 but never captures.
#[test]
fn harpy_relays_knight_moves_along_open_lines_up_to_three_squares() {
    let mut pos = position(
        "Hae5 Pe7 Ph8 Wc5 Pb5 Ng5 Fa1 Pe2 Ki1",
        "Ka10 Pf9 Pe3",
        Color::Blue,
    );
    let e7 = "e8 e8=Ta r:d9 r:xf9 r:c8 r:g8 r:c6 r:g6 r:d5 r:f5";
    assert_eq!(moves_from(&mut pos, "e7"), set(e7));
    let h8 = "h9 h9=Ta r:g10 r:i10 r:xf9 r:j9 r:f7 r:j7 r:g6 r:i6";
    assert_eq!(moves_from(&mut pos, "h8"), set(h8));
    let c5 = "c6 c4 d5 r:b7 r:d7 r:a6 r:e6 r:a4 r:e4 r:b3 r:d3";
    assert_eq!(moves_from(&mut pos, "c5"), set(c5));
    assert_eq!(moves_from(&mut pos, "b5"), set("b6"));
    assert_eq!(moves_from(&mut pos, "g5"), set("f7 h7 e6 i6 e4 i4 f3 h3"));
    assert_eq!(moves_from(&mut pos, "a1"), set("b2"));
    assert_eq!(moves_from(&mut pos, "e2"), set(""));
    assert_eq!(moves_from(&mut pos, "i1"), set("h1 j1 h2 i2 j2"));
    let harpy = "e6 f6 g7 f5 f4 g3 h2 e4 d4 c3 b2 d5 d6 c7 b8";
    assert_eq!(moves_from(&mut pos, "e5"), set(harpy));
}

/// A relayed power is not relayed again: the Dervish gets the Harpy's Knight moves, but its
/// neighbour d8 gets only the Dervish's own relay (the A leap to f6), no Knight moves.
#[test]
fn relays_are_not_passed_on() {
    let mut pos = position("Ka1 Hae5 Dee7 Pd8", "Kj1 Pj4", Color::Blue);
    let dervish = "e9 e9=Ha c7 g7 c9 c9=Ha g9 g9=Ha c5 g5 r:d9 r:f9 r:c8 r:g8 r:c6 r:g6 r:d5 r:f5";
    assert_eq!(moves_from(&mut pos, "e7"), set(dervish));
    assert_eq!(moves_from(&mut pos, "d8"), set("d9 d9=Ta r:f6"));
}

/// Relays reach any friend, the King and other relayers included; a relayed step the piece can make
/// itself (the King's d5 and f5, the Harpy's f5) is its own move.
#[test]
fn relays_reach_the_king_and_other_relayers() {
    let mut pos = position("Ke4 Dee5 Pa2", "Kj10 Pj7", Color::Blue);
    assert_eq!(moves_from(&mut pos, "e4"), set("d3 e3 f3 d4 f4 d5 f5 r:e6"));
    // The Harpy cannot capture by itself, but with the Dervish's power it can (d5).
    let mut pos = position("Ka1 Dee5 Hae6", "Kj10 Pd5", Color::Blue);
    let harpy = "e7 e8 e9 f6 g6 h6 d6 c6 b6 f7 g8 h9 d7 c8 b9 f5 g4 h3 r:e4 r:xd5";
    assert_eq!(moves_from(&mut pos, "e6"), set(harpy));
}

/// The Octopus and Spider reach Knight squares only through an empty first square; with that
/// square blocked, the Harpy's Knight move to them is a relayed move (docs/rules/scirocco.md). The
/// other Knight squares stay the piece's own moves.
#[test]
fn blocked_octopus_and_spider_receive_the_harpy_knight_move() {
    let mut pos = position("Ka1 Hae3 Oce5 Pd6", "Kj10 Pa10", Color::Blue);
    let octopus = "f6 d4 f4 g6 h6 i6 j6 f7 f8 f9 f10 g4 h4 i4 j4 f3 f2 f1 c4 b4 a4 d3 d2 d1 \
                   r:d7 r:c6";
    assert_eq!(moves_from(&mut pos, "e5"), set(octopus));
    let mut pos = position("Ka1 Hae3 Spe5 Pe6", "Kj10 Pa10", Color::Blue);
    let spider = "e4 d5 f5 f3 g2 h1 d3 c2 b1 g6 h7 i8 j9 g4 h3 i2 j1 c6 b7 a8 c4 b3 a2 r:f7 r:d7";
    assert_eq!(moves_from(&mut pos, "e5"), set(spider));
}

/// Two relayers lending the same move list it once, however many relayers the side has. The
/// Harpies on e7 and e3 both lend the Wazir on e5 its Knight moves; e3 is the ninth relayer in the
/// piece list. Before the fix in `pseudo_legal_moves`, relayers after the eighth were checked for
/// duplicates only among themselves and each of these eight moves was listed twice.
#[test]
fn a_move_lent_by_two_of_many_relayers_is_listed_once() {
    let blue = "Ka1 We5 Hae7 Haa10 Hab10 Hac10 Had10 Haf10 Hag10 Hah10 Hae3";
    let mut pos = position(blue, "Kj1 Pj4", Color::Blue);
    let wazir = "e6 e4 d5 f5 r:d7 r:f7 r:c6 r:g6 r:c4 r:g4 r:d3 r:f3";
    assert_eq!(moves_from(&mut pos, "e5"), set(wazir));
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let n = moves.len();
    moves.sort_by_key(|m| (m.from, m.to, m.kind, m.promotion(), m.aux));
    moves.dedup();
    assert_eq!(moves.len(), n, "duplicate moves");
}

// ---- Promotion ----------------------------------------------------------------------------

#[test]
fn promotion_is_optional_when_a_move_starts_or_ends_in_the_zone() {
    // Ends in the zone (d8, f8) or neither: only the former are doubled.
    let mut pos = position("Ka1 Ne6", "Kj1 Pj4", Color::Blue);
    let expected = "d8 d8=R f8 f8=R c7 g7 c5 g5 d4 f4";
    assert_eq!(moves_from(&mut pos, "e6"), set(expected));
    // Starts in the zone: every move, leaving the zone included, may promote.
    let mut pos = position("Ka1 Ne8", "Kj1 Pj4", Color::Blue);
    let expected = "d10 d10=R f10 f10=R c9 c9=R g9 g9=R c7 c7=R g7 g7=R d6 d6=R f6 f6=R";
    assert_eq!(moves_from(&mut pos, "e8"), set(expected));
    // Tan's zone is ranks 1-3.
    let mut pos = position("Ka10 Pa7", "Kj10 Pe2 Pc4 Pg5", Color::Tan);
    assert_eq!(moves_from(&mut pos, "e2"), set("e1 e1=Ta"));
    assert_eq!(moves_from(&mut pos, "c4"), set("c3 c3=Ta"));
    assert_eq!(moves_from(&mut pos, "g5"), set("g4"));
}

/// "Even when you move a Pawn onto the 10th rank, you are within your rights ... not to promote."
/// It then stays a Pawn with no move.
#[test]
fn a_pawn_may_stay_unpromoted_on_the_last_rank() {
    let mut pos = position("Ka1 Pe9", "Kj1 Pj4", Color::Blue);
    assert_eq!(moves_from(&mut pos, "e9"), set("e10 e10=Ta"));
    let m = find(&mut pos, "e9", "e10");
    pos.make(m);
    let m = find(&mut pos, "j4", "j3");
    pos.make(m);
    assert_eq!(v().abbr(pos.kind_at(sq("e10")).unwrap()), "P");
    assert_eq!(moves_from(&mut pos, "e10"), set(""));
    assert_eq!(pos.outcome(), None, "the King still moves");
}

#[test]
fn promoted_types_never_promote_again() {
    let mut pos = position("Ka1 Tae9", "Kj1 Pj4", Color::Blue);
    assert_eq!(moves_from(&mut pos, "e9"), set("d10 f10 d8 f8 e6 b9 h9"));
}

/// Igui counts as starting and ending on the capturing piece's own square. No Scirocco igui piece
/// promotes, so a small variant gives one that does.
#[test]
fn igui_promotes_only_from_the_zone_whatever_the_victim_square() {
    fn array(_: &Variant, _: &str) -> Option<Vec<Placement>> {
        None
    }
    let pieces = vec![
        PieceSpec::new("King", "K", "K").royal(),
        PieceSpec::new("Gunner", "G", "")
            .with(Special::Igui(Lines::Queen))
            .promotes_to("X"),
        PieceSpec::new("Promoted", "X", "W").promoted(),
    ];
    let rules = Rules {
        royal_capture_loses: true,
        bare_piece_loses: true,
        third_repetition_illegal: true,
        ..Rules::default()
    };
    let setups = SetupRule {
        default: "none",
        pairs: &[],
        names: Some(Vec::new),
        random: |_| String::new(),
        build: array,
        help: "",
    };
    let g = Geometry::new(4, 4);
    let var = Variant::build("igui", "Igui", g, pieces, [&[3], &[0]], rules, setups).leak();
    let at = |s: &str| var.geometry.parse_square(s).unwrap();
    let kind = |a: &str| var.kind_by_abbr(a).unwrap();
    let igui_moves = |gunner: &str, victim: &str| {
        let pieces = vec![
            (Color::Blue, kind("K"), at("a1")),
            (Color::Blue, kind("G"), at(gunner)),
            (Color::Tan, kind("K"), at("d1")),
            (Color::Tan, kind("X"), at(victim)),
        ];
        let setup = Setup {
            variant: var,
            pieces,
            to_move: Color::Blue,
            chess: None,
        };
        let mut pos = Position::from_setup(&setup).unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut out: Vec<String> = moves
            .into_iter()
            .filter(|m| m.from == at(gunner))
            .map(|m| label(&pos, m))
            .collect();
        out.sort();
        out
    };
    // Victim in the zone (rank 4), Gunner outside: no promotion.
    assert_eq!(igui_moves("b3", "b4"), set("x!b4"));
    // Gunner in the zone, victim outside: may promote.
    assert_eq!(igui_moves("b4", "c3"), set("x!c3 x!c3=X"));
}

// ---- Victory conditions -------------------------------------------------------------------

fn outcome(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::win(winner, reason))
}

#[test]
fn capturing_the_king_wins_and_ends_the_game() {
    let mut pos = position("Ka1 Re1 Ph2", "Ke8 Pa7", Color::Blue);
    assert_eq!(pos.outcome(), None);
    let m = find(&mut pos, "e1", "xe8");
    pos.make(m);
    assert_eq!(
        pos.outcome(),
        outcome(Color::Blue, WinReason::RoyalCaptured)
    );
    assert_eq!(legal_count(&mut pos), 0, "a finished game has no moves");
    assert_eq!(pos.perft(2), 0);
}

/// "As soon as you are down to one piece, you lose, period": the Tan King next to b7 could take
/// the Rook back, but the game is already over.
#[test]
fn a_side_bared_to_one_piece_loses_at_once() {
    let mut pos = position("Ka1 Rb1 Ph2", "Ka8 Pb7", Color::Blue);
    let m = find(&mut pos, "b1", "xb7");
    pos.make(m);
    assert_eq!(pos.outcome(), outcome(Color::Blue, WinReason::Bared));
    assert_eq!(legal_count(&mut pos), 0);
    // A side to move that is already bare has lost too (a valid position, already decided); a
    // side without a royal piece is not a position at all.
    let none = Setup {
        variant: v(),
        pieces: common::placements(Color::Blue, "Ka1 Pa2"),
        to_move: Color::Blue,
        chess: None,
    };
    let err = Position::from_setup(&none).unwrap_err();
    assert_eq!(err, jovian_rules::PositionError::NoRoyal(Color::Tan));
    let mut pos = position("Ka1", "Kj10 Pj9", Color::Blue);
    assert_eq!(pos.outcome(), outcome(Color::Tan, WinReason::Bared));
    assert_eq!(legal_count(&mut pos), 0);
}

/// The King may step next to the enemy King if that captures the opponent's next-to-last piece:
/// the game is won before the recapture.
#[test]
fn king_may_take_the_next_to_last_piece_next_to_the_enemy_king() {
    let mut pos = position("Ke4 Pa2", "Kf6 Ne5", Color::Blue);
    let m = find(&mut pos, "e4", "xe5");
    pos.make(m);
    assert_eq!(pos.outcome(), outcome(Color::Blue, WinReason::Bared));
}

/// Stalemate is a loss for the stalemated side. Tan's King is walled in by its own Wagons, and
/// each Wagon's adjacent squares hold pieces it can neither stop on nor pass.
#[test]
fn stalemate_loses() {
    let blue = "Ka1 Wh10 Wh9 Wi8 Wj8";
    let tan = "Kj10 Wai10 Wai9 Waj9";
    let mut pos = position(blue, tan, Color::Tan);
    assert_eq!(legal_count(&mut pos), 0);
    assert_eq!(pos.outcome(), outcome(Color::Blue, WinReason::NoLegalMove));
    let mut pos = position(blue, tan, Color::Blue);
    assert_eq!(pos.outcome(), None);
}

/// "It is not, strictly speaking, illegal to move your King or Emperor into check."
#[test]
fn moving_into_attack_is_legal() {
    let mut pos = position("Ke5 Pa2", "Ka10 Qe7", Color::Blue);
    assert_eq!(moves_from(&mut pos, "e5"), set("e6 e4 d5 f5 d6 f6 d4 f4"));
    let m = find(&mut pos, "e5", "e6");
    pos.make(m);
    let m = find(&mut pos, "e7", "xe6");
    pos.make(m);
    assert_eq!(pos.outcome(), outcome(Color::Tan, WinReason::RoyalCaptured));
}

// ---- Repetition ---------------------------------------------------------------------------

/// A small variant with Scirocco's rules (royal capture loses, third repetition illegal).
fn small_variant(
    id: &'static str,
    size: (u8, u8),
    pieces: Vec<PieceSpec>,
    bare: bool,
    array: fn(&Variant, &str) -> Option<Vec<Placement>>,
) -> &'static Variant {
    let rules = Rules {
        royal_capture_loses: true,
        bare_piece_loses: bare,
        third_repetition_illegal: true,
        ..Rules::default()
    };
    let setups = SetupRule {
        default: "start",
        pairs: &[],
        names: Some(|| vec!["start".to_string()]),
        random: |_| "start".to_string(),
        build: array,
        help: "",
    };
    let g = Geometry::new(size.0, size.1);
    Variant::build(id, id, g, pieces, [&[], &[]], rules, setups).leak()
}

fn start(var: &'static Variant) -> Position {
    Position::from_setup(&Setup::named(var, "start").expect("array")).expect("valid")
}

/// The legal moves as `from-to`, sorted.
fn legal_names(pos: &mut Position) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let name = |m: Move| {
        let g = &pos.variant().geometry;
        format!("{}-{}", g.square_name(m.from), g.square_name(m.to))
    };
    let mut out: Vec<String> = moves.into_iter().map(name).collect();
    out.sort();
    out
}

fn play(pos: &mut Position, text: &str) {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let g = &pos.variant().geometry;
    let m = moves
        .into_iter()
        .find(|m| format!("{}-{}", g.square_name(m.from), g.square_name(m.to)) == text)
        .unwrap_or_else(|| panic!("{text} is not legal"));
    pos.make(m);
}

/// The text's example: on a 2x3 board, White King a1, Black King b3, no bare King rule. After
/// `1. K-b1 K-a3 2. K-a1 K-b3 3. K-b1 K-a3 4. K-a1`, K-b3 would make the initial position occur a
/// third time: illegal. Black must move into check, and White takes the King.
#[test]
fn repetition_example_from_the_text() {
    fn array(v: &Variant, _: &str) -> Option<Vec<Placement>> {
        let k = v.kind_by_abbr("K")?;
        let g = &v.geometry;
        Some(vec![
            (Color::Blue, k, g.parse_square("a1")?),
            (Color::Tan, k, g.parse_square("b3")?),
        ])
    }
    let king = vec![PieceSpec::new("King", "K", "K").royal()];
    let var = small_variant("tiny", (2, 3), king, false, array);
    let mut pos = start(var);
    assert_eq!(
        pos.outcome(),
        None,
        "no bare King rule: the game is not over"
    );
    let game = [
        ("a1-b1", 1),
        ("b3-a3", 1),
        ("b1-a1", 1),
        ("a3-b3", 2), // 2nd occurrence of the initial position
        ("a1-b1", 2),
        ("b3-a3", 2),
        ("b1-a1", 2),
    ];
    for (text, occurrences) in game {
        play(&mut pos, text);
        assert_eq!(pos.occurrences(), occurrences, "after {text}");
    }
    assert_eq!(legal_names(&mut pos), set("a3-a2 a3-b2"));
    play(&mut pos, "a3-a2");
    assert_eq!(pos.occurrences(), 1);
    play(&mut pos, "a1-a2");
    assert_eq!(
        pos.outcome(),
        outcome(Color::Blue, WinReason::RoyalCaptured)
    );
}

/// "When a player is to move but has no move that would not cause an illegal repetition, that
/// player loses the game." Each side has an immobile King and a piece that only steps sideways
/// without capturing, so every move is forced until Tan's only move would repeat a third time.
#[test]
fn a_side_whose_every_move_repeats_a_third_time_loses() {
    fn array(v: &Variant, _: &str) -> Option<Vec<Placement>> {
        let (k, s) = (v.kind_by_abbr("K")?, v.kind_by_abbr("S")?);
        let at = |n: &str| v.geometry.parse_square(n);
        Some(vec![
            (Color::Blue, k, at("a1")?),
            (Color::Blue, s, at("b1")?),
            (Color::Tan, k, at("a2")?),
            (Color::Tan, s, at("b2")?),
        ])
    }
    let pieces = vec![
        PieceSpec::new("King", "K", "").royal(),
        PieceSpec::new("Shuttle", "S", "msW"),
    ];
    let var = small_variant("shuttle", (3, 2), pieces, true, array);
    let mut pos = start(var);
    let forced = [
        "b1-c1", "b2-c2", "c1-b1", "c2-b2", "b1-c1", "b2-c2", "c1-b1",
    ];
    for text in forced {
        assert_eq!(legal_names(&mut pos), vec![text.to_string()], "forced move");
        play(&mut pos, text);
    }
    // c2-b2 would make the initial position occur a third time.
    assert_eq!(legal_names(&mut pos), Vec::<String>::new());
    assert_eq!(pos.outcome(), outcome(Color::Blue, WinReason::NoLegalMove));
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    assert_eq!(pseudo.len(), 1, "the move exists but is illegal");
}

/// The same in Scirocco: the Chariots shuttle a1-a2 and j10-j9 until Tan may not go back a third
/// time; Tan's other moves stay legal.
#[test]
fn repetition_in_scirocco_removes_only_the_repeating_move() {
    let mut pos = Position::start(v());
    for (from, to) in [("a1", "a2"), ("j10", "j9"), ("a2", "a1"), ("j9", "j10")] {
        let m = find(&mut pos, from, to);
        pos.make(m);
    }
    assert_eq!(pos.occurrences(), 2);
    for (from, to) in [("a1", "a2"), ("j10", "j9"), ("a2", "a1")] {
        let m = find(&mut pos, from, to);
        pos.make(m);
        assert_eq!(pos.occurrences(), 2);
    }
    assert!(!moves_from(&mut pos, "j9").contains(&"j10".to_string()));
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    assert_eq!(legal_count(&mut pos), pseudo.len() - 1);
    assert_eq!(pos.outcome(), None);
    // Any other move leaves the cycle.
    let m = find(&mut pos, "a8", "a7");
    pos.make(m);
    assert_eq!(pos.occurrences(), 1);
}

/// The count of plies without progress (the engine's progress rule reads it) starts again at
/// every move that removes a piece or promotes, grows by one at every other move, and unmaking
/// a move gives the count back. Random Scirocco games, where both happen often.
#[test]
fn plies_since_irreversible_restart_at_captures_and_promotions() {
    let (mut resets, mut grown) = (0, 0);
    for seed in 0..6 {
        let mut rng = jovian_rules::random::SplitMix64::new(seed);
        let mut pos = Position::start(v());
        let mut moves = Vec::new();
        assert_eq!(pos.plies_since_irreversible(), 0);
        for _ in 0..300 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let before = pos.plies_since_irreversible();
            let pieces = pos.piece_count(Color::Blue) + pos.piece_count(Color::Tan);
            pos.make(m);
            let after = pos.piece_count(Color::Blue) + pos.piece_count(Color::Tan);
            if after < pieces || m.promotion().is_some() {
                assert_eq!(pos.plies_since_irreversible(), 0);
                resets += 1;
            } else {
                assert_eq!(pos.plies_since_irreversible(), before + 1);
                grown += 1;
            }
            pos.unmake();
            assert_eq!(pos.plies_since_irreversible(), before);
            pos.make(m);
        }
    }
    assert!(resets > 50 && grown > 500, "{resets} {grown}");
}
