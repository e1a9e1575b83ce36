//! The 12x8 game's powers (`halfling`, `wizard`, `elephant`, `assassin`, `thunder`, `golem`) in
//! other games: each power is optional, and the powers play on any board up to 16x16.
//! `tests/data/wizard-capablanca.toml` is Capablanca Chess with the 12x8 game's Wizards; before
//! the first Wizard can be dropped it is Capablanca Chess, whose perft Fairy-Stockfish publishes.

mod common;
mod walk;

use jovian_rules::fen::parse_position;
use jovian_rules::file::game_from_toml;
use jovian_rules::notation::{Style, format_legal_moves};
use jovian_rules::{Move, Position, Setup, Variant};

const WIZARDS: &str = include_str!("data/wizard-capablanca.toml");
const POWERS: &str = include_str!("data/powers-capablanca.toml");
const WIZARD_GRAND: &str = include_str!("data/wizard-grand.toml");
const LARGER: &str = include_str!("../games/larger-board.toml");

fn start(v: &'static Variant) -> Position {
    Position::from_setup(&Setup::named(v, v.setups.default).unwrap()).unwrap()
}

fn position(v: &'static Variant, text: &str) -> Position {
    let setup = parse_position(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves from `from`, as text with the from-square, sorted.
fn moves_from(pos: &mut Position, from: &str) -> Vec<String> {
    let from = pos.variant().geometry.parse_square(from).unwrap();
    let mut texts: Vec<String> = format_legal_moves(pos, Style::Long)
        .into_iter()
        .filter(|(m, _): &(Move, String)| m.from == from)
        .map(|(_, text)| text)
        .collect();
    texts.sort();
    texts
}

/// Until a Wizard can be dropped (both Kings moved, then a pair of its squares empty: not in the
/// first four plies), the game is Capablanca Chess: `capablanca startpos 4 805128` in
/// Fairy-Stockfish's tests/perft.sh.
#[test]
fn wizards_on_ten_files_play_capablanca_until_they_come() {
    let v = game_from_toml(WIZARDS).unwrap_or_else(|e| panic!("{e}"));
    assert!(v.powers);
    assert_eq!((v.geometry.width, v.geometry.height), (10, 8));
    assert_eq!(v.layer_kinds.golem, None);
    assert_eq!(start(v).perft(4), 805_128);
}

/// The Wizard mirrors across ten files (b <-> i), bewitches the enemy beside it, and is taken by a
/// Pawn like any piece where the game has no Golem.
#[test]
fn a_wizard_mirrors_bewitches_and_is_taken_on_ten_files() {
    let v = game_from_toml(WIZARDS).unwrap_or_else(|e| panic!("{e}"));
    let mut pos = position(
        v,
        "5,k,4/10/10/2,p,7/1,Wz,r,7/2,R,7/3,P,6/5,K,4 w castle=- kings=wb drops=closed hand=- \
         ep=- halfmove=0",
    );
    // Ferz steps (c3 holds its own Rook; the enemy Pawn on c5 is swapped with), and a Wazir
    // step from the mirror square i4.
    assert_eq!(
        moves_from(&mut pos, "b4"),
        [
            "Wzb4-a3", "Wzb4-a5", "Wzb4-h4", "Wzb4-i3", "Wzb4-i5", "Wzb4-j4", "Wzb4<>c5"
        ]
        .map(String::from)
    );
    let mut pos = position(
        v,
        "5,k,4/10/10/2,p,7/1,Wz,r,7/2,R,7/3,P,6/5,K,4 b castle=- kings=wb drops=closed hand=- \
         ep=- halfmove=0",
    );
    // The bewitched Rook on c4 only steps orthogonally onto empty squares, capturing nothing.
    assert_eq!(moves_from(&mut pos, "c4"), ["Rc4-d4"].map(String::from));
    // The Pawn on c5 (its own Rook before it) takes the Wizard: a capture, no Golem (`=Go`).
    assert_eq!(moves_from(&mut pos, "c5"), ["Pc5xb4"].map(String::from));
}

/// The 12x8 game without its Thunder: no Thunder promotion, nothing to hold in hand, and the
/// layer asks the file for no more (a copy with three parts of the Golem is refused).
#[test]
fn each_power_is_optional_but_the_golem_comes_whole() {
    let text = LARGER
        .replacen("id = \"larger-board\"", "id = \"no-thunder\"", 1)
        .replacen(
            "aliases = [\"larger\", \"fourriere\", \"12x8\"]",
            "aliases = []",
            1,
        )
        .replacen(
            "\"Wz\", \"El\", \"As\", \"Th\"]",
            "\"Wz\", \"El\", \"As\"]",
            1,
        )
        .replace("\"As\", \"Th\"],\n", "\"As\"],\n")
        .replacen(", Th = \"while-royals-face\"", "", 1);
    let text = common::without_piece(&text, "Thunder");
    let v = game_from_toml(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v.layer_kinds.thunder, None);
    assert!(v.kind_by_abbr("Th").is_none());
    // A Pawn promoting while the Kings see each other: no Thunder among the choices.
    let mut pos = position(
        v,
        "11,k/2,P,9/12/12/12/12/12/11,K w castle=- kings=wb drops=open hand=- ep=- halfmove=0",
    );
    let promotions = moves_from(&mut pos, "a7");
    assert!(
        promotions.iter().any(|m| m.contains("=As@")),
        "{promotions:?}"
    );
    assert!(
        promotions.iter().all(|m| !m.contains("=Th")),
        "{promotions:?}"
    );
    // With the Thunder, the same position offers its explosion.
    let builtin = Variant::by_id("larger-board").unwrap();
    let mut pos = position(
        builtin,
        "11,k/2,P,9/12/12/12/12/12/11,K w castle=- kings=wb drops=open hand=- ep=- halfmove=0",
    );
    assert!(
        moves_from(&mut pos, "a7")
            .iter()
            .any(|m| m.contains("=Th@"))
    );
    // Three parts of a Golem make no Golem.
    let three = common::without_piece(&text, "Golem (partner north-east)");
    let e = game_from_toml(&three)
        .expect_err("three parts of a Golem")
        .to_string();
    assert!(e.contains("the Golem has four parts"), "{e}");
}

/// Capablanca Chess on ten ranks with Wizards and an Assassin: the powers play on a board of any
/// size (here the general rules' perft until the first drop), keeps the squares a mover passed
/// on every rank (a Rook's path along the ninth, squares 129 to 132, which an Assassin beside it
/// shoots en passant), and promotes its Pawns on the last rank only.
#[test]
fn the_powers_play_on_a_board_of_ten_ranks() {
    let assassin = "\n[[piece]]\nname = \"Assassin\"\nabbr = \"As\"\nhooks = [\"assassin\"]\n";
    let tall = WIZARDS
        .replacen("id = \"wizard-capablanca\"", "id = \"tall-wizards\"", 1)
        .replacen("ranks = 8", "ranks = 10", 1)
        .replacen(
            "promotion_ranks = [[8], [1]]",
            "promotion_ranks = [[10], [1]]",
            1,
        )
        // A table with the Assassin drops it as the 12x8 game does (none in hand here).
        .replacen(
            "pieces = [\"Wz\"]",
            "pieces = [\"Wz\", \"As\"]\ncaptures_to_hand = [\"As\"]\n\
             place = { As = \"giving-check\" }",
            1,
        )
        + assassin;
    let v = game_from_toml(&tall).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((v.geometry.width, v.geometry.height), (10, 10));
    // The same game without the powers: the general check rules.
    let (drops, setup) = (
        tall.find("[drops]").unwrap(),
        tall.find("[[piece]]").unwrap(),
    );
    let plain = format!("{}{}", &tall[..drops], &tall[setup..]).replacen(
        "id = \"tall-wizards\"",
        "id = \"tall-plain\"",
        1,
    );
    let plain = common::without_piece(&plain, "Wizard").replacen(assassin, "", 1);
    let general = game_from_toml(&plain).unwrap_or_else(|e| panic!("{e}"));
    assert!(!general.powers);
    let count = start(v).perft(3);
    assert!(count > 20_000, "{count}");
    assert_eq!(count, start(general).perft(3));
    // The Rook passes b9-e9 beside Black's Assassin on c10, which may then shoot it.
    let mut pos = position(
        v,
        "2,as,6,k/R,9/10/10/10/10/10/10/10/K,9 w castle=- kings=wb drops=closed hand=- ep=- \
         halfmove=0",
    );
    let rook = jovian_rules::notation::parse_move(&mut pos, "Ra9-f9").expect("a Rook move");
    pos.make(rook);
    let text = jovian_rules::fen::write_position(&pos);
    assert!(text.contains("ep=b9,c9,d9,e9:f9"), "{text}");
    let shots = |pos: &mut Position| {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves
            .into_iter()
            .filter(|m| m.kind == jovian_rules::MoveKind::ShootPassing)
            .count()
    };
    assert_eq!(shots(&mut pos), 1);
    // The text reads back into the same position, shot and hash.
    let mut back = position(v, &text);
    assert_eq!(jovian_rules::fen::write_position(&back), text);
    assert_eq!(back.hash(), pos.hash());
    assert_eq!(shots(&mut back), 1);
    // A promotion zone may be deeper than the last rank, but must hold it: a file whose zone
    // leaves it out is refused at [board].
    let early = WIZARDS.replacen(
        "promotion_ranks = [[8], [1]]",
        "promotion_ranks = [[6, 7], [1, 2]]",
        1,
    );
    let e = game_from_toml(&early)
        .expect_err("no last rank")
        .to_string();
    assert!(
        e.contains("the first side's promotion_ranks need rank 8"),
        "{e}"
    );
    let board_line = early[..early.find("[board]").unwrap()].lines().count() + 1;
    assert!(e.contains(&format!("line {board_line},")), "{e}");
}

/// `text`, a chess FEN of Grand Chess as Fairy-Stockfish writes it (no castling), in the
/// powers' text for `wizard-grand.toml` with no Wizard in hand and the drops closed.
fn grand_fen_as_powers_text(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let rows: Vec<String> = (fields[0].split('/'))
        .map(|row| {
            let mut tokens: Vec<String> = Vec::new();
            for c in row.chars() {
                match tokens.last_mut() {
                    Some(last)
                        if c.is_ascii_digit() && last.chars().all(|d| d.is_ascii_digit()) =>
                    {
                        last.push(c)
                    }
                    _ => tokens.push(c.to_string()),
                }
            }
            tokens.join(",")
        })
        .collect();
    assert_eq!(fields[2], "-", "Grand Chess has no castling");
    // Fairy-Stockfish names the square passed; the powers' text also names the Pawn's own
    // square, one rank further on from the side that moved.
    let ep = match fields[3] {
        "-" => "-".to_string(),
        passed => {
            let (file, rank) = passed.split_at(1);
            let rank: i32 = rank.parse().unwrap();
            let pawn = if fields[1] == "w" { rank - 1 } else { rank + 1 };
            format!("{passed}:{file}{pawn}")
        }
    };
    format!(
        "{} {} castle=- kings=wb drops=closed hand=- ep={ep} halfmove={}",
        rows.join("/"),
        fields[1],
        fields[4]
    )
}

/// Grand Chess with Wizards (`tests/data/wizard-grand.toml`), where the powers' Pawn promotes in
/// a zone of three ranks, optionally on the first two, under promotion limits: with no Wizard
/// about it is Grand Chess, and its perft equals Fairy-Stockfish's on every position of
/// `grand.perft` (the start, en passant, and late positions with promotions).
#[test]
fn the_powers_pawn_promotes_in_grand_chess_zone_as_fairy_stockfish_counts() {
    let v = game_from_toml(WIZARD_GRAND).unwrap_or_else(|e| panic!("{e}"));
    assert!(v.powers);
    let mut lines = 0;
    for line in include_str!("data/grand.perft").lines() {
        let Some((fen, count)) = line.split_once(" ; ").filter(|_| !line.starts_with('#')) else {
            continue;
        };
        let (depth, leaves) = count.split_once(' ').unwrap();
        let mut pos = position(v, &grand_fen_as_powers_text(fen));
        assert_eq!(
            pos.perft(depth.parse().unwrap()),
            leaves.parse::<u64>().unwrap(),
            "{fen}"
        );
        lines += 1;
    }
    assert!(lines >= 10, "{lines} positions");
}

/// In a deeper, optional zone the powers' Pawn may stay a Pawn where it could still move, and
/// so may an enemy Pawn that a Wizard swaps into its zone; on the last rank it must promote.
/// With the zone compulsory (no `promotion` key) it promotes wherever it enters.
#[test]
fn the_powers_pawn_may_stay_a_pawn_in_an_optional_zone() {
    let v = game_from_toml(WIZARD_GRAND).unwrap_or_else(|e| panic!("{e}"));
    // White: King j1, Pawns e7 and b9, a Wizard on d3 (rank 3, Black's zone) beside the Black
    // Pawn on e4; Black: King e10 and that Pawn.
    let text = "4,k,5/1,P,8/10/4,P,5/10/10/4,p,5/3,Wz,6/10/9,K w castle=- kings=wb \
                drops=closed hand=- ep=- halfmove=0";
    let mut pos = position(v, text);
    // e7 -> e8 enters the zone: e8 itself and a promotion to each type White may still have.
    let types = ["A", "B", "C", "N", "Q", "R"];
    let mut expected: Vec<String> = std::iter::once("Pe7-e8".to_string())
        .chain(types.iter().map(|t| format!("Pe7-e8={t}")))
        .collect();
    expected.sort();
    assert_eq!(moves_from(&mut pos, "e7"), expected);
    // b9 -> b10 is the last rank: promotions only.
    assert_eq!(moves_from(&mut pos, "b9").len(), types.len());
    // The Wizard on d3 swaps with the Pawn on e4, which lands on d3 in its zone: the plain swap
    // and one promotion per type (White, the Wizard's owner, chooses it).
    let swaps: Vec<String> = (moves_from(&mut pos, "d3").into_iter())
        .filter(|m| m.contains("e4"))
        .collect();
    assert_eq!(swaps.len(), 1 + types.len(), "{swaps:?}");
    for seed in 0..4 {
        walk::walk(position(v, text), seed, 40);
        walk::walk(start(v), seed, 60);
    }
    // Compulsory: entering the zone promotes.
    let compulsory = WIZARD_GRAND.replacen("promotion = \"optional\"\n", "", 1);
    let c = game_from_toml(&compulsory).unwrap_or_else(|e| panic!("{e}"));
    let mut pos = position(c, text);
    assert_eq!(moves_from(&mut pos, "e7").len(), types.len());
    let swaps = (moves_from(&mut pos, "d3").into_iter())
        .filter(|m| m.contains("e4"))
        .count();
    assert_eq!(swaps, types.len());
}

/// Every power on ten files (`tests/data/powers-capablanca.toml`: Capablanca Chess with the 12x8
/// game's whole hand). From a composed position with a Golem a side, the four Halflings, Wizards,
/// Elephants and an Assassin on the board and an Assassin and a Thunder in hand, each power's
/// moves are there; and random games from it and from the array (and the 12x8 game's) make and
/// unmake exactly, keep the hash and the counts (a Golem's partner among the captures), and list
/// each move once (`walk::walk`).
#[test]
fn every_power_plays_on_ten_files() {
    use jovian_rules::MoveKind;
    let v = game_from_toml(POWERS).unwrap_or_else(|e| panic!("{e}"));
    let kinds = &v.layer_kinds;
    assert!(v.powers);
    assert_eq!((v.geometry.width, v.geometry.height), (10, 8));
    assert!(kinds.golem.is_some() && kinds.elephant.is_some() && kinds.thunder.is_some());
    let text = "r,2,el,k,4,r/p,le,p,2,wz,1,pi,p,p/6,gse,3/1,as,5,gnw,2/3,Gsw,Ad,3,wd,1/\
                2,Gne,3,Wz,3/P,P,Pi,2,Wd,1,P,P,P/R,1,Le,1,El,K,3,R w castle=- kings=wb \
                drops=open hand=As,Th,th ep=- halfmove=0";
    let mut pos = position(v, text);
    let moves = walk::legal(&mut pos);
    let abbr = |m: &Move| pos.piece_at(m.from).map(|p| v.abbr(p.kind));
    let count = |f: &dyn Fn(&Move) -> bool| moves.iter().filter(|m| f(m)).count();
    // The Golem moves whole; the Wizards mirror (g3 <-> d3) and step; the Elephant turns round
    // its King; the Halflings move half-way to the edge; the Assassin is dropped where it gives
    // check, and the Thunder waits for the Kings to face each other.
    assert!(count(&|m| m.kind == MoveKind::Golem) > 0);
    let square = |name: &str| v.geometry.parse_square(name).unwrap();
    // The Wizard on g3: Ferz steps to f4 and h4 (f2 and h2 hold its own), and from its mirror
    // square d3 Wazir steps to d2 and e3 (d4 and c3 hold its own Golem).
    let mut wizard: Vec<String> = (moves.iter())
        .filter(|m| m.from == square("g3"))
        .map(|m| v.geometry.square_name(m.to))
        .collect();
    wizard.sort();
    assert_eq!(wizard, ["d2", "e3", "f4", "h4"]);
    assert!(count(&|m| abbr(m) == Some("El")) > 0);
    for halfling in ["Le", "Pi", "Ad", "Wd"] {
        assert!(count(&|m| abbr(m) == Some(halfling)) > 0, "{halfling}");
    }
    let dropped =
        |m: &Move, a: &str| m.kind == MoveKind::Drop && m.promotion().map(|k| v.abbr(k)) == Some(a);
    assert!(count(&|m| dropped(m, "As")) > 0);
    assert_eq!(count(&|m| dropped(m, "Th")), 0);
    let larger = Variant::by_id("larger-board").unwrap();
    for seed in 0..6 {
        walk::walk(position(v, text), seed, 30);
        walk::walk(start(v), seed, 30);
        walk::walk(start(larger), seed, 30);
    }
}

/// A game with the powers names its pieces as it likes: `powers-capablanca.toml` with the King
/// `Ki`, the Pawn `Pw`, the Wizard `Wi` and the Assassin `Sn` (the Elephant's captors and the
/// hands named so too) is the same game, to perft 3 from its array and from a position where
/// the renamed pieces act; its texts use the new names.
#[test]
fn the_powers_pieces_may_be_renamed() {
    let v = game_from_toml(POWERS).unwrap_or_else(|e| panic!("{e}"));
    let mut renamed = POWERS
        .replacen("id = \"powers-capablanca\"", "id = \"renamed-powers\"", 1)
        .replace("abbr = \"K\"", "abbr = \"Ki\"")
        .replace("\"K f1\"", "\"Ki f1\"")
        .replace("abbr = \"P\"", "abbr = \"Pw\"")
        .replace("[\"K\", \"P\"]", "[\"Ki\", \"Pw\"]")
        .replace("\"Wz\"", "\"Wi\"")
        .replace("Wz = [[", "Wi = [[")
        .replace("\"As\"", "\"Sn\"")
        .replace("As = \"giving-check\"", "Sn = \"giving-check\"");
    for file in "abcdefghij".chars() {
        renamed = renamed.replace(&format!("\"P {file}2\""), &format!("\"Pw {file}2\""));
    }
    let r = game_from_toml(&renamed).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.spec(r.kind_by_abbr("Sn").unwrap()).name, "Assassin");
    assert_eq!(start(r).perft(3), start(v).perft(3));
    let text = "r,2,el,k,4,r/p,le,p,2,wz,1,pi,p,p/6,gse,3/1,as,5,gnw,2/3,Gsw,Ad,3,wd,1/\
                2,Gne,3,Wz,3/P,P,Pi,2,Wd,1,P,P,P/R,1,Le,1,El,K,3,R w castle=- kings=wb \
                drops=open hand=As,Th,th ep=- halfmove=0";
    let renamed_text = "r,2,el,ki,4,r/pw,le,pw,2,wi,1,pi,pw,pw/6,gse,3/1,sn,5,gnw,2/\
                        3,Gsw,Ad,3,wd,1/2,Gne,3,Wi,3/Pw,Pw,Pi,2,Wd,1,Pw,Pw,Pw/R,1,Le,1,El,Ki,3,R w \
                        castle=- kings=wb drops=open hand=Sn,Th,th ep=- halfmove=0";
    let mut pos = position(r, renamed_text);
    assert_eq!(pos.perft(3), position(v, text).perft(3));
    let moves = format_legal_moves(&mut pos, Style::Long);
    assert!(moves.iter().any(|(_, t)| t.starts_with("Sn@")), "{moves:?}");
    assert!(
        moves.iter().any(|(_, t)| t.starts_with("Wig3")),
        "{moves:?}"
    );
}
