//! The library's Jupiter turns against the naive reference generator (`jupiter_reference/`), on
//! random playouts from named arrays, on random positions crowded with every piece type, and on
//! long sparse games where the repetition rule cuts. Every position compares the legal turns by
//! their effect (the acting piece's square and the board the whole turn leaves) and the game's
//! outcome.
//!
//! A library turn is one move, or, for a doubled piece, a first part (after which
//! `Position::mid_turn()` names the piece) followed by one of the legal second parts.
//!
//! The default run takes a few minutes in the test profile; `JUPITER_COMPARE_LONG=1` runs ten
//! times as many positions (`JUPITER_COMPARE_SCALE=n` for n times).
//!
//! The three comparisons take the edition and the library variant (`named_arrays_agree`,
//! `random_positions_agree`, `sparse_games_agree`), so the 1999 edition (`jupiter-1999`) runs the
//! same machinery; its tests wait at the end of the file for the library's variant.

mod jupiter_reference;
mod walk;

use std::collections::{BTreeMap, BTreeSet};

use jovian_rules::variants::jupiter;
use jovian_rules::{Color, Move, Outcome, Position, Setup, Square, Variant};
use jupiter_reference::{
    Board, Edition, Effect, RefGame, Sq, immobilized, material_outcome, name, turns_in_detail,
};
use walk::Lcg;

/// How many times the default amount of work.
fn scale() -> usize {
    if let Ok(n) = std::env::var("JUPITER_COMPARE_SCALE") {
        return n.parse().expect("JUPITER_COMPARE_SCALE is a number");
    }
    if std::env::var("JUPITER_COMPARE_LONG").is_ok_and(|v| v != "0") {
        10
    } else {
        1
    }
}

#[derive(Default, Debug)]
struct Stats {
    positions: u64,
    turns: u64,
    two_part_turns: u64,
    /// Turns of the reference by what they did (a turn counts once per tag).
    kinds: BTreeMap<&'static str, u64>,
    immobilized_positions: u64,
    repetition_cuts: u64,
    no_legal_move: u64,
    game_ends: u64,
    /// Two-part library turns that end like another turn (expected: there and back, two routes).
    same_effect_two_part: u64,
}

/// One library turn: its effect and the moves that make it.
type LibTurn = (Effect, Vec<Move>);

fn sq_of(s: Square) -> Sq {
    (s.file() as i8, s.rank() as i8)
}

/// The library's legal turns, each as its effect with its moves.
fn library_turns(pos: &mut Position, context: &str) -> Vec<LibTurn> {
    let mut out = Vec::new();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let side = pos.side_to_move();
    for m in moves {
        pos.make(m);
        match pos.mid_turn() {
            None => {
                assert_eq!(
                    pos.side_to_move(),
                    side.other(),
                    "{context}: side after a turn"
                );
                out.push(((sq_of(m.from), Board::from_position(pos)), vec![m]));
            }
            Some(at) => {
                assert_eq!(pos.side_to_move(), side, "{context}: side in mid-turn");
                let mut seconds = Vec::new();
                pos.legal_moves(&mut seconds);
                for m2 in seconds {
                    assert_eq!(m2.from, at, "{context}: a second part of another piece");
                    pos.make(m2);
                    assert!(pos.mid_turn().is_none(), "{context}: a third part");
                    out.push(((sq_of(m.from), Board::from_position(pos)), vec![m, m2]));
                    pos.unmake();
                }
            }
        }
        pos.unmake();
    }
    out
}

fn describe(pos: &Position, moves: &[Move]) -> String {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &m in moves {
        out.push(jovian_rules::notation::format_move(
            &mut p,
            m,
            jovian_rules::notation::Style::Long,
        ));
        p.make(m);
    }
    out.join(" then ")
}

/// A library turn the reference knows too, with whether it was irreversible (for the
/// repetition window).
type Checked = (LibTurn, bool);

/// Compares one position in full; returns the legal turns for the caller to pick from.
fn check(pos: &mut Position, game: &RefGame, context: &str, stats: &mut Stats) -> Vec<Checked> {
    assert_eq!(
        Board::from_position(pos),
        game.board,
        "{context}: boards differ"
    );
    // The reference's turns, each with what it did (all routes to the same effect together).
    let mut info: BTreeMap<Effect, (u32, bool)> = BTreeMap::new();
    if material_outcome(&game.board).is_none() {
        for d in turns_in_detail(&game.board) {
            let entry = info.entry((d.from, d.after)).or_default();
            entry.0 |= d.tags;
            entry.1 |= d.irreversible;
        }
    }
    let reference: BTreeSet<Effect> = info.keys().filter(|e| game.allows(&e.1)).cloned().collect();
    let library = library_turns(pos, context);
    // Single-move turns must all differ; two-part turns may meet (there and back, two routes).
    let mut seen: BTreeMap<&Effect, &Vec<Move>> = BTreeMap::new();
    let mut same = Vec::new();
    for (e, ms) in &library {
        if let Some(first) = seen.insert(e, ms) {
            // Two single moves that read the same are one move listed twice (or a relayed copy
            // of an own move); different moves may still meet on one board (a capture and a swap
            // whose partner is then poisoned).
            let (a, b) = (describe(pos, first), describe(pos, ms));
            if ms.len() == 1 && first.len() == 1 && (a == b || ms == first) {
                same.push(format!("{a} = {b}"));
            } else {
                stats.same_effect_two_part += 1;
            }
        }
    }
    assert!(
        same.is_empty(),
        "{context}: library moves with the same effect: {same:?}\n{}",
        game.board
    );
    let lib_set: BTreeSet<Effect> = library.iter().map(|(e, _)| e.clone()).collect();
    if lib_set != reference {
        let missing: Vec<String> = reference
            .difference(&lib_set)
            .map(|e| {
                let tags = info[e].0;
                let names: Vec<&str> = jupiter_reference::TAG_NAMES
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| tags & (1 << i) != 0)
                    .map(|(_, n)| *n)
                    .collect();
                format!("{} {names:?} ->\n{}", name(e.0), e.1)
            })
            .collect();
        let extra: Vec<String> = lib_set
            .difference(&reference)
            .map(|e| {
                let ms = &library.iter().find(|(x, _)| x == e).unwrap().1;
                format!("{} ({}) ->\n{}", name(e.0), describe(pos, ms), e.1)
            })
            .collect();
        panic!(
            "{context}: turn sets differ\n{}\nmissing from the library ({}):\n{}\nextra in the library ({}):\n{}",
            game.board,
            missing.len(),
            missing.join("\n"),
            extra.len(),
            extra.join("\n")
        );
    }
    let expected = material_outcome(&game.board)
        .or_else(|| {
            reference.is_empty().then_some((
                game.board.side.other(),
                jovian_rules::WinReason::NoLegalMove,
            ))
        })
        .map(|(winner, reason)| Outcome::win(winner, reason));
    assert_eq!(
        pos.outcome(),
        expected,
        "{context}: outcome\n{}",
        game.board
    );

    stats.positions += 1;
    stats.turns += lib_set.len() as u64;
    stats.two_part_turns += library.iter().filter(|(_, ms)| ms.len() == 2).count() as u64;
    stats.game_ends += expected.is_some() as u64;
    stats.no_legal_move +=
        expected.is_some_and(|o| o.reason == jovian_rules::WinReason::NoLegalMove) as u64;
    stats.repetition_cuts += (info.len() > reference.len()) as u64;
    for e in &reference {
        for (i, n) in jupiter_reference::TAG_NAMES.iter().enumerate() {
            if info[e].0 & (1 << i) != 0 {
                *stats.kinds.entry(n).or_default() += 1;
            }
        }
    }
    if Board::squares().any(|s| game.board.at(s).is_some() && immobilized(&game.board, s)) {
        stats.immobilized_positions += 1;
    }
    library
        .into_iter()
        .map(|t| {
            let irreversible = info[&t.0].1;
            (t, irreversible)
        })
        .collect()
}

/// Plays `plies` random turns from `pos`, comparing every position on the way.
fn playout(mut pos: Position, seed: u64, plies: usize, label: &str, stats: &mut Stats) {
    let mut game = RefGame::new(Board::from_position(&pos));
    let mut rng = Lcg::new(seed);
    for ply in 0..plies {
        let context = format!("{label} seed {seed} ply {ply}");
        let turns = check(&mut pos, &game, &context, stats);
        if turns.is_empty() {
            break;
        }
        let (((_, after), moves), irreversible) = turns[rng.below(turns.len())].clone();
        for m in moves {
            pos.make(m);
        }
        game.play_known(after, irreversible);
    }
}

fn report(what: &str, stats: &Stats) {
    eprintln!(
        "jupiter {what}: {} positions, {} turns ({} of two parts), {} game ends ({} no legal move), \
         {} positions with a paralysed piece, {} where repetition cut turns",
        stats.positions,
        stats.turns,
        stats.two_part_turns,
        stats.game_ends,
        stats.no_legal_move,
        stats.immobilized_positions,
        stats.repetition_cuts
    );
    eprintln!("jupiter {what}: turns by kind {:?}", stats.kinds);
}

fn seen(stats: &Stats, kind: &str) -> u64 {
    stats.kinds.get(kind).copied().unwrap_or(0)
}

fn color(rng: &mut Lcg) -> Color {
    if rng.below(2) == 0 {
        Color::Blue
    } else {
        Color::Tan
    }
}

/// The library variant is the edition's (its boards are read by that edition's rules).
fn check_edition(edition: Edition, v: &'static Variant) {
    assert_eq!(
        Edition::of_variant(v),
        edition,
        "variant {} for {edition:?}",
        v.id
    );
}

/// Both Kings, then 20-60 pieces of any type bunched in a 10x10 window, many of them the pieces
/// with latent or unusual powers, so that relays, paralysis, doubling, poison, burning, pushes,
/// pulls and births meet (in 1999 also the pieces the 1999 table gives other moves).
fn random_position(edition: Edition, v: &'static Variant, seed: u64) -> Position {
    let mut rng = Lcg::new(seed ^ 0x1A2B_3C4D_5E6F_7081);
    let kind = |a: &str| v.kind_by_abbr(a).unwrap_or_else(|| panic!("{a}"));
    let mut pieces = vec![
        (Color::Blue, kind("K"), Square::new(rng.below(16) as u8, 0)),
        (Color::Tan, kind("K"), Square::new(rng.below(16) as u8, 15)),
    ];
    let count = 20 + rng.below(41);
    let corner = (rng.below(7) as u8, rng.below(7) as u8);
    let mut favourites = vec![
        "Dbl", "Psn", "FiD", "Im", "DNi", "Hu", "Cu", "CmH", "GoA", "OxT", "DrT", "RlW", "RlF",
        "De", "Ha", "Zoo", "Trb", "Kam", "Roy", "Cst", "Coo", "Hlm", "Tlp", "Mi", "So", "Lo",
        "BGn", "RGn", "KLi", "Pa", "Ra", "EE", "Em", "K", "P", "GBt", "Int", "Nrt", "Wdr", "Un",
    ];
    if edition == Edition::J1999 {
        favourites.extend(["Ci", "Ty", "Sa"]);
    }
    while pieces.len() < count + 2 {
        let s = Square::new(
            corner.0 + rng.below(10) as u8,
            corner.1 + rng.below(10) as u8,
        );
        if pieces.iter().any(|p| p.2 == s) {
            continue;
        }
        let c = color(&mut rng);
        let k = if rng.below(2) == 0 {
            kind(favourites[rng.below(favourites.len())])
        } else {
            v.kinds().nth(rng.below(v.pieces.len())).unwrap()
        };
        pieces.push((c, k, s));
    }
    let to_move = color(&mut rng);
    Position::from_setup(&Setup {
        variant: v,
        pieces,
        to_move,
        chess: None,
    })
    .unwrap()
}

/// Random playouts from the default array and random named arrays (2009: `rot-` and `mir-`
/// alternately; 1999: `rot-` only, `mir-` refused).
fn named_arrays_agree(edition: Edition, v: &'static Variant) {
    check_edition(edition, v);
    let symmetries: &[&str] = match edition {
        Edition::J2009 => &["rot", "mir"],
        Edition::J1999 => {
            let mirror = format!("mir-{}", "0".repeat(38));
            assert!(
                Setup::named(v, &mirror).is_none(),
                "{}: mirror arrays are not allowed",
                v.id
            );
            &["rot"]
        }
    };
    let mut stats = Stats::default();
    let mut rng = Lcg::new(2009);
    let games = 4 * scale();
    for game in 0..games {
        let symmetry = symmetries[game % symmetries.len()];
        let bits: String = (0..38)
            .map(|_| if rng.below(2) == 0 { '0' } else { '1' })
            .collect();
        let name = if game == 0 {
            "default".to_string()
        } else {
            format!("{symmetry}-{bits}")
        };
        let setup = Setup::named(v, &name).unwrap_or_else(|| panic!("array {name}"));
        let pos = Position::from_setup(&setup).unwrap();
        playout(pos, game as u64, 100, &name, &mut stats);
    }
    report(&format!("{} playouts", v.id), &stats);
    assert!(stats.positions >= 300, "{stats:?}");
    assert!(seen(&stats, "capture") > 0, "{stats:?}");
}

/// Short playouts from random crowded positions with every type.
fn random_positions_agree(edition: Edition, v: &'static Variant) {
    check_edition(edition, v);
    let mut stats = Stats::default();
    for seed in 0..(40 * scale()) as u64 {
        let pos = random_position(edition, v, seed);
        playout(pos, seed, 16, "random", &mut stats);
    }
    report(&format!("{} random positions", v.id), &stats);
    for kind in [
        "capture",
        "promotion",
        "relayed",
        "doubled",
        "push",
        "pull",
        "birth",
        "poisoned",
        "burnt",
        "swap",
        "convert",
        "igui",
        "pass",
        "suicide",
    ] {
        assert!(seen(&stats, kind) > 0, "{kind} never came up: {stats:?}");
    }
    assert!(stats.immobilized_positions > 0, "{stats:?}");
}

/// Few pieces and long random games that go back to earlier positions whenever they can: the
/// repetition rule has to cut (both sides keep the whole history).
fn sparse_games_agree(edition: Edition, v: &'static Variant) {
    check_edition(edition, v);
    let mut stats = Stats::default();
    let pairs = [
        ("Pa", "W"),
        ("Hu", "Ra"),
        ("Co", "Hu"),
        ("W", "F"),
        ("Trb", "N"),
        ("Tlp", "KLi"),
    ];
    for (seed, (a, b)) in pairs.iter().enumerate() {
        let kind = |x: &str| v.kind_by_abbr(x).unwrap();
        let sq = |f: u8, r: u8| Square::new(f, r);
        let pieces = vec![
            (Color::Blue, kind("K"), sq(0, 0)),
            (Color::Blue, kind(a), sq(6, 6)),
            (Color::Blue, kind(b), sq(7, 6)),
            (Color::Tan, kind("K"), sq(15, 15)),
            (Color::Tan, kind(a), sq(9, 9)),
            (Color::Tan, kind(b), sq(8, 9)),
        ];
        let mut pos = Position::from_setup(&Setup {
            variant: v,
            pieces,
            to_move: Color::Blue,
            chess: None,
        })
        .unwrap();
        let mut game = RefGame::new(Board::from_position(&pos));
        let mut rng = Lcg::new(seed as u64);
        for ply in 0..150 * scale() {
            let context = format!("sparse {a} {b} ply {ply}");
            let turns = check(&mut pos, &game, &context, &mut stats);
            if turns.is_empty() {
                break;
            }
            let back: Vec<_> = turns
                .iter()
                .filter(|(((_, after), _), _)| game.history.contains(after))
                .collect();
            let (((_, after), moves), irreversible) = if !back.is_empty() && rng.below(4) != 0 {
                back[rng.below(back.len())].clone()
            } else {
                turns[rng.below(turns.len())].clone()
            };
            for m in moves {
                pos.make(m);
            }
            game.play_known(after, irreversible);
        }
    }
    report(&format!("{} sparse games", v.id), &stats);
    assert!(
        stats.repetition_cuts > 0,
        "the repetition rule never cut a turn: {stats:?}"
    );
}

#[test]
fn playouts_from_named_arrays_agree() {
    named_arrays_agree(Edition::J2009, jupiter::variant());
}

#[test]
fn random_positions_with_every_type_agree() {
    random_positions_agree(Edition::J2009, jupiter::variant());
}

#[test]
fn long_sparse_games_agree_on_repetition() {
    sparse_games_agree(Edition::J2009, jupiter::variant());
}

/// Jupiter as first published: `jupiter-1999` against the reference's `Edition::J1999`.
mod jupiter_1999_compare {
    use super::*;
    use jovian_rules::variants::jupiter_1999;

    #[test]
    fn playouts_from_named_arrays_agree_1999() {
        named_arrays_agree(Edition::J1999, jupiter_1999::variant());
    }

    #[test]
    fn random_positions_with_every_type_agree_1999() {
        random_positions_agree(Edition::J1999, jupiter_1999::variant());
    }

    #[test]
    fn long_sparse_games_agree_on_repetition_1999() {
        sparse_games_agree(Edition::J1999, jupiter_1999::variant());
    }
}
