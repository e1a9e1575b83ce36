//! Chu Shogi from its variant file (variants/chu-shogi.toml), a game beyond Fairy-Stockfish's
//! reach: the Lion's and the Horned Falcon's and Soaring Eagle's double moves, igui and passes,
//! Chu's promotion moves, and the rules against trading Lions (docs/rules/chu-shogi.md). The
//! expected moves are counted by hand from the rules, square by square.

use jovian_rules::fen::{parse_position, write_position};
use jovian_rules::file::game_from_toml;
use jovian_rules::notation::{Style, format_move, parse_move};
use jovian_rules::piece::PieceKind;
use jovian_rules::position::Setup;
use jovian_rules::{Color, Move, MoveKind, Position, Square, Variant};

const CHU: &str = include_str!("../../../variants/chu-shogi.toml");

fn chu() -> &'static Variant {
    static CHU_VARIANT: std::sync::OnceLock<&'static Variant> = std::sync::OnceLock::new();
    CHU_VARIANT.get_or_init(|| game_from_toml(CHU).unwrap_or_else(|e| panic!("{e}")))
}

fn sq(name: &str) -> Square {
    chu().geometry.parse_square(name).expect("a square")
}

/// A position from "ABBR square" lists; Black (the first side) to move unless `white` is.
fn position(black: &[&str], white: &[&str], white_to_move: bool) -> Position {
    let v = chu();
    let mut pieces = Vec::new();
    for (color, list) in [(Color::Blue, black), (Color::Tan, white)] {
        for item in list {
            let (abbr, square) = item.split_once(' ').expect("ABBR square");
            let kind: PieceKind = v.kind_by_abbr(abbr).unwrap_or_else(|| panic!("{abbr}"));
            pieces.push((color, kind, sq(square)));
        }
    }
    let setup = Setup {
        variant: v,
        pieces,
        to_move: if white_to_move {
            Color::Tan
        } else {
            Color::Blue
        },
        chess: None,
    };
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{e}"))
}

fn legal(pos: &mut Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

/// The legal moves of the piece on `from`, written as the game writes them, sorted.
fn moves_from(pos: &mut Position, from: &str) -> Vec<String> {
    let moves: Vec<Move> = legal(pos)
        .into_iter()
        .filter(|m| m.from == sq(from))
        .collect();
    let mut names: Vec<String> = moves
        .into_iter()
        .map(|m| format_move(pos, m, Style::Long))
        .collect();
    names.sort();
    names
}

#[test]
fn the_start_position_and_its_first_moves() {
    let mut pos = Position::start(chu());
    // Counted by hand: ten Pawns and two Go-Betweens step forward; the Lion leaps to d2 and
    // e5-h5; nineteen single steps of other pieces to the empty squares of ranks 2 (b2, d2, i2,
    // k2); no Lion pass (every neighbour is occupied).
    assert_eq!(legal(&mut pos).len(), 36);
    assert_eq!(pos.perft(2), 36 * 36);
}

#[test]
fn perft_equals_hachu() {
    let mut lines = 0;
    for line in include_str!("data/chu-shogi.perft")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (text, count) = line.split_once(" ; ").expect("TEXT ; depth nodes");
        let (depth, nodes) = count.split_once(' ').expect("depth nodes");
        let setup = parse_position(chu(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut pos = Position::from_setup(&setup).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            pos.perft(depth.parse().unwrap()),
            nodes.parse::<u64>().unwrap(),
            "{text}"
        );
        lines += 1;
    }
    assert_eq!(lines, 6);
}

#[test]
fn positions_read_back_with_the_side_to_move_the_file_names() {
    // The sides are Black (first, `b`) and White (`w`): a position with White to move, written
    // and read back, keeps White to move (the reader once took `w` for the first side).
    let mut pos = Position::start(chu());
    let first = legal(&mut pos)[0];
    pos.make(first);
    let text = write_position(&pos);
    assert!(text.ends_with(" w"), "{text}");
    let back = Position::from_setup(&parse_position(chu(), &text).unwrap()).unwrap();
    assert_eq!(back.side_to_move(), Color::Tan);
    assert_eq!(write_position(&back), text);
    assert!(
        parse_position(chu(), &text.replace(" w", " t")).is_err(),
        "Tan is not a side here"
    );
}

#[test]
fn the_lion_leaps_steps_captures_twice_takes_without_moving_and_passes() {
    // A Black Lion on f6, a White Pawn on f7, the Kings far away.
    let mut pos = position(&["K a1", "Ln f6"], &["K l12", "P f7"], false);
    let lion = moves_from(&mut pos, "f6");
    // 24 squares within two (one of them the capture of f7), 8 captures of f7 followed by a
    // King step from f7 (back to f6 is igui), and a pass: 33.
    assert_eq!(lion.len(), 33, "{lion:?}");
    let kinds: Vec<MoveKind> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.from == sq("f6"))
        .map(|m| m.kind)
        .collect();
    assert_eq!(kinds.iter().filter(|&&k| k == MoveKind::Igui).count(), 1);
    assert_eq!(kinds.iter().filter(|&&k| k == MoveKind::Pass).count(), 1);
    assert_eq!(
        kinds.iter().filter(|&&k| k == MoveKind::HopCapture).count(),
        7
    );
    // A Lion whose neighbours are all occupied may not pass (jitto needs an empty square).
    let mut boxed = position(
        &["K l1", "Ln a1", "G a2", "G b1", "G b2"],
        &["K l12"],
        false,
    );
    assert!(
        !legal(&mut boxed)
            .iter()
            .any(|m| m.from == sq("a1") && m.kind == MoveKind::Pass)
    );
    // Its leaps: a3, b3, c1, c2, c3.
    assert_eq!(moves_from(&mut boxed, "a1").len(), 5);
}

#[test]
fn the_horned_falcon_and_the_soaring_eagle_have_the_lion_power_forward() {
    // A Horned Falcon on f6, a White Pawn on f7: forward it takes f7, leaps to f8, takes f7 and
    // goes on to f8, or takes f7 without moving; it cannot pass (f7 is occupied).
    let mut pos = position(&["K a1", "HF f6"], &["K l12", "P f7"], false);
    let kinds: Vec<MoveKind> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.from == sq("f6") && m.to.file() == 5 && m.to.rank() > 5)
        .map(|m| m.kind)
        .collect();
    let moves = moves_from(&mut pos, "f6");
    // Forward: f7 (capture), f8 (leap), f7+f8 (double), igui f7 = 4; back f5..f1 = 5; sideways
    // a6..e6 and g6..l6 = 11; diagonals: from f6 up-left e7 d8 c9 b10 a11 (5), up-right g7 h8 i9
    // j10 k11 l12 (6, the last a capture of the White King), down-left e5 d4 c3 b2 (a1 is
    // Black's King: 4), down-right g5 h4 i3 j2 k1 (5). Total 4 + 5 + 11 + 20 = 40.
    assert_eq!(moves.len(), 40, "{moves:?}");
    assert_eq!(kinds.iter().filter(|&&k| k == MoveKind::Igui).count(), 1);
    assert_eq!(
        kinds.iter().filter(|&&k| k == MoveKind::HopCapture).count(),
        1
    );
    // With f7 empty it may pass, stepping there and back.
    let mut open = position(&["K a1", "HF f6"], &["K l12"], false);
    assert!(
        legal(&mut open)
            .iter()
            .any(|m| m.from == sq("f6") && m.kind == MoveKind::Pass)
    );
    // The Soaring Eagle, the same along both forward diagonals.
    let mut eagle = position(&["K a1", "SE f6"], &["K l12", "P e7", "P g7"], false);
    let igui = legal(&mut eagle)
        .into_iter()
        .filter(|m| m.from == sq("f6") && m.kind == MoveKind::Igui)
        .count();
    assert_eq!(igui, 2);
}

/// Whether the piece on `from` may move to `to` without promoting, and with.
fn promotion_choices(pos: &mut Position, from: &str, to: &str) -> (bool, bool) {
    let moves: Vec<Move> = legal(pos)
        .into_iter()
        .filter(|m| m.from == sq(from) && m.destination() == sq(to))
        .collect();
    (
        moves.iter().any(|m| m.promotion().is_none()),
        moves.iter().any(|m| m.promotion().is_some()),
    )
}

#[test]
fn a_piece_promotes_on_entering_the_zone_or_capturing_in_it() {
    // Black's zone is ranks 9-12. A Silver entering it may promote or not.
    let mut entering = position(&["K a1", "S e8"], &["K l12"], false);
    assert_eq!(promotion_choices(&mut entering, "e8", "e9"), (true, true));
    // Moving inside the zone without a capture, it may not promote; capturing there, it may.
    let mut inside = position(&["K a1", "S e9"], &["K l12", "P d10"], false);
    assert_eq!(promotion_choices(&mut inside, "e9", "e10"), (true, false));
    assert_eq!(promotion_choices(&mut inside, "e9", "d10"), (true, true));
    // Leaving the zone: only with a capture.
    let mut leaving = position(&["K a1", "S e9"], &["K l12", "P f8"], false);
    assert_eq!(promotion_choices(&mut leaving, "e9", "d8"), (true, false));
    assert_eq!(promotion_choices(&mut leaving, "e9", "f8"), (true, true));
    // A Pawn stepping to the last rank inside the zone without a capture may not promote, and
    // stays there (HaChu's reading); capturing there it may, and must (it could never move
    // again unpromoted). A Lance entering the zone at the last rank must promote too.
    let mut pawn = position(
        &["K a1", "P e11", "P f11", "L a6"],
        &["K l12", "G f12"],
        false,
    );
    assert_eq!(promotion_choices(&mut pawn, "e11", "e12"), (true, false));
    assert_eq!(promotion_choices(&mut pawn, "f11", "f12"), (false, true));
    assert_eq!(promotion_choices(&mut pawn, "a6", "a12"), (false, true));
    assert_eq!(promotion_choices(&mut pawn, "a6", "a11"), (true, true));
    // Outside the zone nothing promotes, capture or not.
    let mut outside = position(&["K a1", "S e5"], &["K l12", "P e6"], false);
    assert_eq!(promotion_choices(&mut outside, "e5", "e6"), (true, false));
}

fn lion_takes(pos: &mut Position, from: &str, lion: &str) -> Vec<MoveKind> {
    legal(pos)
        .into_iter()
        .filter(|m| m.from == sq(from) && pos.victims(*m).any(|(s, _)| s == sq(lion)))
        .map(|m| m.kind)
        .collect()
}

#[test]
fn a_lion_may_not_take_a_protected_lion_from_afar_without_a_bridge() {
    // Black's Lion on f6, White's on f8 guarded by a White Gold on f9 (it steps back to f8).
    let mut guarded = position(&["K a1", "Ln f6"], &["K l12", "Ln f8", "G f9"], false);
    assert!(lion_takes(&mut guarded, "f6", "f8").is_empty());
    // The leap is a move of the pieces that the rules bar, and the board and the move reader
    // say so.
    let mut pseudo = Vec::new();
    guarded.pseudo_legal_moves(&mut pseudo);
    let leap = (pseudo.iter().copied())
        .find(|m| m.from == sq("f6") && m.to == sq("f8") && m.kind == MoveKind::Normal)
        .expect("the Lion's leap onto f8 is a move of the pieces");
    assert_eq!(
        guarded.why_barred(leap),
        Some(jovian_rules::position::Barred::LionTrade)
    );
    let text = format_move(&mut guarded, leap, Style::Coordinate);
    let err = parse_move(&mut guarded, &text).unwrap_err();
    assert!(
        matches!(err, jovian_rules::notation::MoveParseError::LionTrade(_)),
        "{text}: {err}"
    );
    // Unguarded, the leap takes it.
    let mut free = position(&["K a1", "Ln f6"], &["K l12", "Ln f8"], false);
    assert_eq!(lion_takes(&mut free, "f6", "f8"), [MoveKind::Normal]);
    // Next to it, a guarded Lion may be taken: by the step, by igui, and by taking it and
    // stepping on (nine ways in all: the step, igui, six onward steps to empty squares and one
    // onto the Gold on f8, taking it too).
    let mut adjacent = position(&["K a1", "Ln f6"], &["K l12", "Ln f7", "G f8"], false);
    assert_eq!(lion_takes(&mut adjacent, "f6", "f7").len(), 9);
    // A bridge: taking a Silver on f7 first, the Lion may go on to take the guarded Lion on
    // f8; the plain leap to f8 stays forbidden.
    let mut bridge = position(
        &["K a1", "Ln f6"],
        &["K l12", "S f7", "Ln f8", "G f9"],
        false,
    );
    assert_eq!(lion_takes(&mut bridge, "f6", "f8"), [MoveKind::HopCapture]);
    // A Pawn is no bridge.
    let mut pawn = position(
        &["K a1", "Ln f6"],
        &["K l12", "P f7", "Ln f8", "G f9"],
        false,
    );
    assert!(lion_takes(&mut pawn, "f6", "f8").is_empty());
    // A guard hidden behind the taking Lion guards all the same: the White Rook on f3 reaches
    // f8 once the Black Lion has left f6 (protection is judged after the move).
    let mut hidden = position(&["K a1", "Ln f6"], &["K l12", "Ln f8", "R f3"], false);
    assert!(lion_takes(&mut hidden, "f6", "f8").is_empty());
}

/// White's Rook has just taken Black's Lion on e5; Black's Gold on h7 could take White's Lion on
/// h8 (guarded by a Gold on h9), and Black's Pawn on a5 may wait.
fn after_the_rook_takes_the_lion() -> Position {
    let mut pos = position(
        &["K a1", "Ln e5", "G h7", "P a5"],
        &["K l12", "R e9", "Ln h8", "G h9"],
        true,
    );
    let take = legal(&mut pos)
        .into_iter()
        .find(|m| m.from == sq("e9") && m.destination() == sq("e5"))
        .expect("the Rook takes the Lion");
    pos.make(take);
    pos
}

#[test]
fn after_a_lion_is_taken_by_another_piece_no_lion_is_taken_but_by_a_lion() {
    // White's Rook takes Black's Lion on e5; Black's Gold could then take White's Lion on h8
    // (guarded by a Gold on h9), but the counter-strike rule forbids it for one move.
    let mut pos = after_the_rook_takes_the_lion();
    assert!(lion_takes(&mut pos, "h7", "h8").is_empty());
    // Any other move is allowed, and a move later the Lion may be taken.
    let wait = legal(&mut pos)
        .into_iter()
        .find(|m| m.from == sq("a5"))
        .expect("the Pawn steps");
    pos.make(wait);
    let reply = legal(&mut pos)
        .into_iter()
        .find(|m| m.from == sq("l12"))
        .expect("the King steps");
    pos.make(reply);
    assert_eq!(lion_takes(&mut pos, "h7", "h8").len(), 1);
}

#[test]
fn the_counter_strike_rule_is_part_of_the_positions_hash() {
    // The position after the Rook took the Lion differs from the same board set up from text
    // (which starts without the rule): its legal moves differ, so must its hash, or a search
    // would share the two positions' table entries and a repetition count would confuse them.
    let mut pos = after_the_rook_takes_the_lion();
    assert_eq!(pos.hash(), pos.compute_hash());
    let text = write_position(&pos);
    let mut fresh = Position::from_setup(&parse_position(chu(), &text).unwrap()).unwrap();
    assert_eq!(write_position(&fresh), text, "the same board");
    assert_ne!(pos.hash(), fresh.hash());
    assert!(lion_takes(&mut pos, "h7", "h8").is_empty());
    assert_eq!(lion_takes(&mut fresh, "h7", "h8").len(), 1);
    // A pass (the search's null move) lifts the rule; taking it back restores it.
    let bound = pos.hash();
    pos.make_null();
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.unmake();
    assert_eq!(pos.hash(), bound);
    // A move that takes no Lion lifts it too: after Black's and White's quiet moves the hash is
    // the fresh position's after the same two moves.
    for from in ["a5", "l12"] {
        let m = legal(&mut pos)
            .into_iter()
            .find(|m| m.from == sq(from) && !pos.is_capture(*m))
            .expect("a quiet move");
        pos.make(m);
        fresh.make(m);
        assert_eq!(pos.hash(), pos.compute_hash());
    }
    assert_eq!(pos.hash(), fresh.hash());
}
