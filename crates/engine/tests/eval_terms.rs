//! The evaluation taken apart into terms (what the lab fits its weights to) adds up to the
//! evaluation itself, on positions from random play in every game.

use jovian_engine::eval::{EvalTerms, Evaluator};
use jovian_engine::tunables::EvalTunables;
use jovian_rules::random::SplitMix64;
use jovian_rules::variants::{jupiter, larger_board, scirocco, typhoon};
use jovian_rules::{Color, Position, Variant};

/// `evaluate` from Blue's side, rebuilt from the terms and the weights `t`, in hundredths of a
/// centipawn (the percentages are not divided, so nothing is rounded here).
fn rebuilt_x100(terms: &EvalTerms, t: &EvalTunables) -> i64 {
    let material = terms.material as i64 * 100;
    let weighted: f64 = EvalTerms::WEIGHTS
        .iter()
        .map(|w| (w.term)(terms) as f64 * (w.current)(t) as f64 / w.units_per_centipawn * 100.0)
        .sum();
    material + weighted.round() as i64
}

/// Positions along random games from the start: every ply, up to `plies` per game.
fn positions(v: &'static Variant, games: u64, plies: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = SplitMix64::new(seed);
        let mut pos = Position::start(v);
        let mut moves = Vec::new();
        for _ in 0..plies {
            pos.legal_moves(&mut moves);
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.make(moves[rng.below(moves.len())]);
            out.push(pos.clone());
        }
    }
    out
}

/// The four games, one of each kind of board and rules.
fn games() -> [&'static Variant; 4] {
    [
        scirocco::variant(),
        typhoon::variant(),
        jupiter::variant(),
        larger_board::variant(),
    ]
}

fn blue_eval(eval: &Evaluator, pos: &Position) -> i32 {
    let e = eval.evaluate(pos);
    if pos.side_to_move() == Color::Blue {
        e
    } else {
        -e
    }
}

/// With every percentage at 100 nothing is rounded per piece: the terms add up exactly.
#[test]
fn the_terms_add_up_to_the_evaluation() {
    let unit = EvalTunables {
        mobility_weight: 100,
        promotion_share_in_zone: 100,
        promotion_share_one_rank: 100,
        promotion_share_two_ranks: 100,
        hand_share: 100,
        royal_tropism: 100,
        trade_down: 100,
        royal_hunt: 100,
        royal_zone_attack: 7,
        ..EvalTunables::default()
    };
    let mut seen = 0;
    for v in games() {
        let eval = Evaluator::new(v, unit.clone());
        for pos in positions(v, 4, 120) {
            let terms = eval.terms(&pos);
            assert_eq!(
                blue_eval(&eval, &pos) as i64 * 100,
                rebuilt_x100(&terms, &unit),
                "{}: {terms:?}",
                v.id
            );
            seen += 1;
        }
    }
    assert!(seen > 1_000, "{seen} positions");
}

/// With the default weights each piece's share is rounded down: the sum is within a centipawn a
/// piece of the evaluation.
#[test]
fn with_the_default_weights_the_terms_add_up_within_rounding() {
    let t = EvalTunables::default();
    for v in [
        scirocco::variant(),
        typhoon::variant(),
        larger_board::variant(),
    ] {
        let eval = Evaluator::new(v, t.clone());
        let mut varied = std::collections::HashSet::new();
        for pos in positions(v, 3, 150) {
            let terms = eval.terms(&pos);
            varied.insert(terms.zone);
            let pieces = Color::BOTH
                .iter()
                .map(|&c| pos.piece_count(c))
                .sum::<usize>() as i64;
            let diff = blue_eval(&eval, &pos) as i64 * 100 - rebuilt_x100(&terms, &t);
            assert!(
                diff.abs() <= pieces * 100 + 100,
                "{}: off by {diff}/100",
                v.id
            );
        }
        // The random games move pieces toward promotion: the zone terms are not all zero (the
        // 12x8 game's Pawns choose their promotion, so it has no fixed gain to count).
        if !v.powers {
            assert!(varied.len() > 3, "{}: {varied:?}", v.id);
        }
    }
}

/// The royal neighbourhood (read from the 5x5 window around the royal piece) counts what walking
/// both armies counts: friends next to a side's last royal piece, enemies within two squares.
#[test]
fn the_royal_neighbourhood_counts_what_walking_the_armies_counts() {
    let (mut with_guards, mut with_attackers) = (0, 0);
    for v in games() {
        let eval = Evaluator::new(v, EvalTunables::default());
        for pos in positions(v, 4, 160) {
            let (mut guards, mut attackers) = (0, 0);
            for color in Color::BOTH {
                let sign = if color == Color::Blue { 1 } else { -1 };
                let royal = pos
                    .side_pieces(color)
                    .find(|(p, _)| v.spec(p.kind).royal)
                    .map(|(_, sq)| sq);
                let Some(k) = royal.filter(|_| pos.royal_count(color) == 1) else {
                    continue;
                };
                let ring = |sq: jovian_rules::Square| {
                    sq.file()
                        .abs_diff(k.file())
                        .max(sq.rank().abs_diff(k.rank()))
                };
                guards += sign
                    * pos
                        .side_pieces(color)
                        .filter(|&(_, sq)| ring(sq) == 1)
                        .count() as i32;
                attackers += sign
                    * pos
                        .side_pieces(color.other())
                        .filter(|&(_, sq)| ring(sq) <= 2)
                        .count() as i32;
            }
            let terms = eval.terms(&pos);
            assert_eq!(
                (terms.royal_guards, terms.royal_attackers),
                (guards, attackers)
            );
            with_guards += (guards != 0) as usize;
            with_attackers += (attackers != 0) as usize;
        }
    }
    assert!(
        with_guards > 100 && with_attackers > 100,
        "{with_guards} {with_attackers}"
    );
}

/// The royal tropism term, counted here from the board scan: per non-royal piece, the longer side
/// less one less its king-wise distance to the enemy's last royal piece, Blue's minus Tan's. The
/// random games move pieces, so the term is not always 0.
#[test]
fn the_royal_tropism_counts_each_piece_by_its_distance_to_the_enemy_royal() {
    let mut nonzero = 0;
    for v in [scirocco::variant(), jupiter::variant()] {
        let eval = Evaluator::new(v, EvalTunables::default());
        for pos in positions(v, 3, 160) {
            let expected = Color::BOTH
                .iter()
                .map(|&color| {
                    let sign = if color == Color::Blue { 1 } else { -1 };
                    sign * scanned_tropism(&pos, color)
                })
                .sum::<i64>() as i32;
            assert_eq!(eval.terms(&pos).royal_tropism, expected, "{}", v.id);
            nonzero += (expected != 0) as usize;
        }
    }
    assert!(nonzero > 100, "{nonzero}");
}

/// `color`'s royal tropism counted from the board scan: per non-royal piece, the longer side less
/// one less its king-wise distance to the enemy's last royal piece; 0 unless the enemy has exactly
/// one royal piece.
fn scanned_tropism(pos: &Position, color: Color) -> i64 {
    let v = pos.variant();
    let reach = v.geometry.width.max(v.geometry.height) as i64 - 1;
    let royals: Vec<_> = pos
        .pieces()
        .filter(|&(c, kind, _)| c != color && v.spec(kind).royal)
        .map(|(_, _, sq)| sq)
        .collect();
    let [k] = royals[..] else {
        return 0;
    };
    pos.pieces()
        .filter(|&(c, kind, _)| c == color && !v.spec(kind).royal)
        .map(|(_, _, sq)| {
            let d = sq
                .file()
                .abs_diff(k.file())
                .max(sq.rank().abs_diff(k.rank()));
            reach - d as i64
        })
        .sum()
}

/// Non-royal material of `color` counted from the board scan and the hand, as the trade-down term
/// must see it.
fn scanned_material(eval: &Evaluator, pos: &Position, color: Color) -> i64 {
    let v = pos.variant();
    let board: i64 = pos
        .pieces()
        .filter(|&(c, kind, _)| c == color && !v.spec(kind).royal)
        .map(|(c, kind, _)| eval.piece_value(jovian_rules::Piece::new(kind, c)) as i64)
        .sum();
    let hand: i64 = pos
        .hand_pieces(color)
        .map(|(kind, n)| eval.piece_value(jovian_rules::Piece::new(kind, color)) as i64 * n as i64)
        .sum();
    board + hand
}

/// The trade-down term, counted here from the board scan: Blue's lead in non-royal material
/// times the share of the starting material (both sides, the start position's) no longer there.
/// Random games trade pieces off unevenly, so the term is not always 0.
#[test]
fn the_trade_down_term_is_the_lead_times_the_material_traded_off() {
    let mut nonzero = 0;
    for v in games() {
        let eval = Evaluator::new(v, EvalTunables::default());
        let start = Position::start(v);
        let start_material = scanned_material(&eval, &start, Color::Blue)
            + scanned_material(&eval, &start, Color::Tan);
        assert!(start_material > 0, "{}", v.id);
        for pos in positions(v, 3, 200) {
            let (blue, tan) = (
                scanned_material(&eval, &pos, Color::Blue),
                scanned_material(&eval, &pos, Color::Tan),
            );
            let gone = (start_material - blue - tan).max(0);
            let expected = ((blue - tan) * gone / start_material) as i32;
            assert_eq!(eval.terms(&pos).trade_down, expected, "{}", v.id);
            nonzero += (expected != 0) as usize;
        }
    }
    assert!(nonzero > 100, "{nonzero}");
}

/// The royal hunt, counted here from the board scan: the side ahead in non-royal material counts
/// each non-royal piece's nearness to the enemy's last royal piece (the longer side less one less
/// the king-wise distance), scaled by its lead up to `HUNT_FULL_LEAD`; the side behind counts
/// nothing.
#[test]
fn the_royal_hunt_is_the_leaders_tropism_scaled_by_its_lead() {
    use jovian_engine::eval::HUNT_FULL_LEAD;
    let (mut blue_hunts, mut tan_hunts) = (0, 0);
    for v in games() {
        let eval = Evaluator::new(v, EvalTunables::default());
        for pos in positions(v, 3, 200) {
            let lead = scanned_material(&eval, &pos, Color::Blue)
                - scanned_material(&eval, &pos, Color::Tan);
            let hunter = if lead > 0 { Color::Blue } else { Color::Tan };
            let sign = if lead > 0 { 1 } else { -1 };
            let share = lead.abs().min(HUNT_FULL_LEAD as i64);
            let expected = sign * (scanned_tropism(&pos, hunter) * share / HUNT_FULL_LEAD as i64);
            assert_eq!(eval.terms(&pos).royal_hunt as i64, expected, "{}", v.id);
            blue_hunts += (expected > 0) as usize;
            tan_hunts += (expected < 0) as usize;
        }
    }
    assert!(
        blue_hunts > 50 && tan_hunts > 50,
        "{blue_hunts} {tan_hunts}"
    );
}

/// The cells a piece on `from` attacks with its table moves, found by walking each of them
/// square by square over the board (`on_board`), as a slow reference for
/// `Position::table_attacks`, which tests each target along the one line that could reach it.
fn walked_attacks(pos: &Position, from: jovian_rules::Square, on_board: &[bool]) -> Vec<usize> {
    use jovian_rules::Square;
    let cp = pos.variant().compiled(pos.piece_at(from).unwrap().code());
    let start = from.cell();
    // Offsets from the edge may leave the mailbox: such a cell is off the board too.
    let on = |cell: usize| on_board.get(cell).copied().unwrap_or(false);
    let empty = |cell: usize| on(cell) && pos.piece_at(Square::from_cell(cell)).is_none();
    let mut out = Vec::new();
    let walk =
        |out: &mut Vec<usize>, origin: usize, step: isize, min: u8, max: u8, captures: bool| {
            let mut cell = origin;
            for n in 1.. {
                cell = cell.wrapping_add_signed(step);
                if !on(cell) || (max != 0 && n > max) {
                    break;
                }
                if captures && n >= min {
                    out.push(cell);
                }
                if !empty(cell) {
                    break;
                }
            }
        };
    for &(off, mode) in &cp.leaps {
        let cell = start.wrapping_add_signed(off);
        if mode.can_capture() && on(cell) {
            out.push(cell);
        }
    }
    for r in &cp.rides {
        walk(&mut out, start, r.step, r.min, r.max, r.mode.can_capture());
    }
    for b in &cp.bents {
        let corner = start.wrapping_add_signed(b.first);
        if empty(corner) {
            for &step in &b.then[..b.then_len as usize] {
                walk(&mut out, corner, step, 1, 0, true);
            }
        }
    }
    for &off in &cp.hop_captures {
        let (victim, landing) = (
            start.wrapping_add_signed(off),
            start.wrapping_add_signed(2 * off),
        );
        if on(victim) && empty(landing) {
            out.push(victim);
        }
    }
    for &off in &cp.iguis {
        let cell = start.wrapping_add_signed(off);
        if on(cell) {
            out.push(cell);
        }
    }
    out
}

/// The pressure on the squares next to each side's last royal piece, counted by walking every
/// enemy piece's table moves over the board: the enemies within three squares of the royal piece
/// that attack any of its neighbours, times how many neighbours they attack together, Blue's
/// minus Tan's. Random games bring enemies near the royal pieces, so the term is not always 0.
#[test]
fn the_royal_zone_pressure_counts_what_walking_the_attackers_moves_counts() {
    let mut pressed = 0;
    for v in games() {
        let eval = Evaluator::new(v, EvalTunables::default());
        let on_board = jovian_engine::mobility::board_cells(v);
        for pos in positions(v, 4, 300) {
            let mut expected = 0;
            for color in Color::BOTH {
                let sign = if color == Color::Blue { 1 } else { -1 };
                let royals: Vec<_> = pos
                    .side_pieces(color)
                    .filter(|(p, _)| v.spec(p.kind).royal)
                    .map(|(_, sq)| sq)
                    .collect();
                let [k] = royals[..] else {
                    continue;
                };
                let distance = |sq: jovian_rules::Square| {
                    sq.file()
                        .abs_diff(k.file())
                        .max(sq.rank().abs_diff(k.rank()))
                };
                let mut attacked = std::collections::HashSet::new();
                let mut attackers = 0;
                for (_, sq) in pos.side_pieces(color.other()) {
                    if distance(sq) > jovian_engine::eval::ZONE_REACH {
                        continue;
                    }
                    let near: Vec<usize> = walked_attacks(&pos, sq, &on_board)
                        .into_iter()
                        .filter(|&cell| distance(jovian_rules::Square::from_cell(cell)) == 1)
                        .collect();
                    attackers += !near.is_empty() as i32;
                    attacked.extend(near);
                }
                expected += sign * attackers * attacked.len() as i32;
            }
            assert_eq!(eval.terms(&pos).royal_zone_pressure, expected, "{}", v.id);
            pressed += (expected != 0) as usize;
        }
    }
    assert!(pressed > 100, "{pressed}");
}
