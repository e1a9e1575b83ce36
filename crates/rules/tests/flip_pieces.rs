//! A flip piece (`flips = "V"` in a variant file): after any of its own moves, or instead of
//! moving, it may turn into the other type, as the 12x8 game's Can(n)on turns between Rook-wise
//! and Bishop-wise. Its moves, their records, the capture search's view of them, make and unmake,
//! the repetition rule (a flip is undone by flipping back), and the loader's refusals.

use jovian_rules::file::{game_from_toml, game_to_toml};
use jovian_rules::notation::{self, Style};
use jovian_rules::{Move, MoveKind, Position, Variant, fen};

/// An 8x8 game of Kings and the two Can(n)ons, Pao and Vao, each flipping into the other.
const FLIPPERS: &str = include_str!("data/flippers.toml");

fn flippers() -> &'static Variant {
    game_from_toml(FLIPPERS).unwrap_or_else(|e| panic!("{e}"))
}

fn position(v: &'static Variant, text: &str) -> Position {
    Position::from_setup(&fen::parse_position(v, text).unwrap()).unwrap()
}

fn legal(pos: &mut Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

/// Blue's Pao on a1 with its King on e1; Tan's Vaos on a4 (a screen) and a7 (a target).
const POSITION: &str = "7,k/v,7/8/8/v,7/8/8/C,3,K,3 b";

#[test]
fn a_flip_piece_has_each_move_twice_and_the_flip_in_place() {
    let v = flippers();
    let mut pos = position(v, POSITION);
    let a1 = v.geometry.parse_square("a1").unwrap();
    let moves = legal(&mut pos);
    let pao: Vec<Move> = moves.iter().copied().filter(|m| m.from == a1).collect();
    // By hand: a2, a3, b1, c1, d1 and the capture on a7 over a4 (the King on e1 screens
    // nothing to capture); each again ending as a Vao; and the flip in place.
    let plain: Vec<String> = (pao.iter().filter(|m| m.promotion().is_none()))
        .map(|m| v.square_name(m.to))
        .collect();
    assert_eq!(plain.len(), 6, "{plain:?}");
    for sq in ["a2", "a3", "a7", "b1", "c1", "d1"] {
        assert!(plain.contains(&sq.to_string()), "{sq} in {plain:?}");
    }
    let vao = v.kind_by_abbr("V").unwrap();
    let twins = pao.iter().filter(|m| m.promotion() == Some(vao)).count();
    assert_eq!(twins, 6 + 1);
    let flip: Vec<&Move> = pao.iter().filter(|m| m.kind == MoveKind::Flip).collect();
    assert_eq!(flip.len(), 1);
    assert_eq!((flip[0].from, flip[0].to), (a1, a1));
    // The same game without the key: the six moves alone.
    let plain_game = game_from_toml(
        &FLIPPERS
            .replace("flips = \"V\"\n", "")
            .replace("flips = \"C\"\n", "")
            .replace("id = \"flippers\"", "id = \"no-flippers\""),
    )
    .unwrap();
    let mut unflipped = position(plain_game, POSITION);
    let count = legal(&mut unflipped)
        .iter()
        .filter(|m| m.from == a1)
        .count();
    assert_eq!((count, pao.len()), (6, 2 * 6 + 1));
}

#[test]
fn flips_are_made_unmade_and_written_back() {
    let v = flippers();
    let mut pos = position(v, POSITION);
    let before = fen::write_position(&pos);
    let (hash, moves) = (pos.hash(), legal(&mut pos));
    for &m in &moves {
        // Every move's text reads back as the move, in each style.
        for style in [Style::Short, Style::Long, Style::Coordinate] {
            let text = notation::format_move(&mut pos, m, style);
            assert_eq!(notation::parse_move(&mut pos, &text), Ok(m), "{text}");
        }
        pos.make(m);
        assert_eq!(pos.hash(), pos.compute_hash(), "{m:?}");
        if let Some(kind) = m.promotion() {
            let piece = pos.piece_at(m.destination()).unwrap();
            assert_eq!(piece.kind, kind, "{m:?}");
        }
        pos.unmake();
        assert_eq!(
            (pos.hash(), fen::write_position(&pos)),
            (hash, before.clone())
        );
    }
    let a1 = v.geometry.parse_square("a1").unwrap();
    let flip = moves.iter().find(|m| m.kind == MoveKind::Flip).unwrap();
    assert_eq!(
        notation::format_move(&mut pos, *flip, Style::Short),
        "Ca1=V"
    );
    pos.make(*flip);
    assert_eq!(v.abbr(pos.piece_at(a1).unwrap().kind), "V");
    // The capture on a7, ending as a Vao.
    let capture = (moves.iter())
        .find(|m| v.square_name(m.to) == "a7" && m.promotion().is_some())
        .unwrap();
    pos.unmake();
    assert_eq!(
        notation::format_move(&mut pos, *capture, Style::Short),
        "Cxa7=V"
    );
    // The file writes the key back.
    let written = game_to_toml(v).unwrap();
    assert!(written.contains("flips = \"V\""), "{written}");
    assert_eq!(
        game_to_toml(game_from_toml(&written).unwrap()).unwrap(),
        written
    );
}

/// A flip is not a promotion for the capture search: only the capture and its twin are noisy.
#[test]
fn only_captures_of_a_flip_piece_are_noisy() {
    let v = flippers();
    let mut pos = position(v, POSITION);
    let moves = legal(&mut pos);
    let noisy: Vec<Move> = moves.iter().copied().filter(|&m| pos.is_noisy(m)).collect();
    assert_eq!(noisy.len(), 2, "{noisy:?}");
    assert!(noisy.iter().all(|m| v.square_name(m.to) == "a7"));
    let mut listed = Vec::new();
    pos.legal_noisy_moves(&mut listed);
    assert_eq!(listed, noisy);
}

/// Flipping back and forth repeats the position: under Scirocco's rule the move that would make
/// it occur a third time is illegal, which it could not be if a flip were irreversible.
#[test]
fn flipping_back_and_forth_repeats_the_position() {
    let v = flippers();
    let mut pos = Position::start(v);
    let flip_of = |pos: &mut Position, square: &str| {
        let sq = v.geometry.parse_square(square).unwrap();
        legal(pos)
            .into_iter()
            .find(|m| m.kind == MoveKind::Flip && m.from == sq)
    };
    // Blue's a1 and Tan's a8 flip twice each: the start position is back (its second time).
    for square in ["a1", "a8", "a1", "a8"] {
        let m = flip_of(&mut pos, square).unwrap();
        assert!(!pos.is_irreversible(m));
        pos.make(m);
    }
    assert_eq!(
        fen::write_position(&pos),
        fen::write_position(&Position::start(v))
    );
    for square in ["a1", "a8", "a1"] {
        let m = flip_of(&mut pos, square).unwrap();
        pos.make(m);
    }
    // Tan's flip back would make the start position occur a third time.
    assert_eq!(flip_of(&mut pos, "a8"), None);
}

#[test]
fn a_flip_the_rules_cannot_hold_is_refused_with_its_place() {
    for (from, to, message) in [
        (
            "flips = \"V\"",
            "flips = \"X\"",
            "flips to \"X\", which no piece is",
        ),
        ("flips = \"V\"", "flips = \"C\"", "flips to itself"),
        (
            "flips = \"V\"",
            "flips = \"K\"",
            "a royal piece cannot flip",
        ),
        (
            "flips = \"V\"",
            "flips = \"V\"\npromotes = \"V\"",
            "both promotes and flips",
        ),
    ] {
        let text = FLIPPERS.replacen(from, to, 1);
        let e = game_from_toml(&text).err().unwrap().to_string();
        assert!(e.contains(message), "{to}: {e}");
        // The Pao's entry.
        assert!(e.starts_with("line 28, column 1"), "{to}: {e}");
    }
}

/// `unhoppable = true` (the 12x8 game's Elephant): no enemy cannon may hop the piece, a friend's
/// may. The key is written back and is part of the definition.
#[test]
fn an_unhoppable_piece_is_no_screen_for_an_enemy_cannon() {
    let text = FLIPPERS
        .replace("flips = \"C\"\n", "flips = \"C\"\nunhoppable = true\n")
        .replace("id = \"flippers\"", "id = \"shielded-flippers\"");
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    let a1 = v.geometry.parse_square("a1").unwrap();
    let reaches = |v: &'static Variant, text: &str, to: &str| {
        let to = v.geometry.parse_square(to).unwrap();
        legal(&mut position(v, text))
            .iter()
            .any(|m| m.from == a1 && m.to == to)
    };
    // Tan's Vao on a4 screens the Vao on a7 from Blue's Pao only where it may be hopped.
    assert!(reaches(flippers(), POSITION, "a7"));
    assert!(!reaches(v, POSITION, "a7"));
    // Blue's own Vao on a4 is a screen for its Pao.
    let friend = POSITION.replace("/v,7/8/8/C", "/V,7/8/8/C");
    assert!(reaches(v, &friend, "a7"));
    let back = game_to_toml(v).unwrap_or_else(|e| panic!("{e}"));
    assert!(back.contains("unhoppable = true"), "{back}");
    assert_eq!(
        game_from_toml(&back).map(|b| b.definition_hash()),
        Ok(v.definition_hash())
    );
    assert_ne!(v.definition_hash(), flippers().definition_hash());
}
