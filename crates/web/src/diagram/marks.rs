//! The marks a diagram puts on a square, and the probes that find them.

use std::collections::{BTreeMap, BTreeSet};

use jovian_rules::{Color, Move, MoveKind, Square};

use super::probe::{Bench, offset};

/// What a piece does on or to a square of its diagram.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Mark {
    /// Moves there (on an empty board).
    Move = 0,
    /// Captures an enemy standing there by going there.
    Capture,
    /// Captures an enemy standing there without ending there (igui, a jump over it, approach,
    /// withdrawal, arrival, shooting, a line capture).
    Takes,
    /// Lands there only when a piece stands on its way or beside it (a hop, a jump capture's
    /// landing, a Lion's second step).
    Hop,
    /// A piece standing there, of either side, opens a move elsewhere (the hurdle of a hop).
    Hurdle,
    /// Converts an enemy standing there to its own side.
    Convert,
    /// Exchanges places with a piece standing there.
    Swap,
    /// Pulls an enemy standing there one step closer.
    Pull,
    /// Pushes an enemy standing there one step away.
    Repel,
    /// Pushes a friend standing there one step on (a Tank).
    Push,
    /// Creates a new piece there.
    Create,
    /// Lends a friend standing there moves of its own (a relay).
    Lends,
    /// A piece standing there may move twice (a Doubler's: of either side; shown with a friend).
    Doubles,
    /// An enemy standing there cannot move (but may capture itself).
    Freezes,
    /// An enemy standing there moves less than it could (bewitched).
    Restrains,
    /// Enemies that end a turn there burn (from the table: the Fiery Dragon).
    Burns,
}

const ALL: [Mark; 16] = [
    Mark::Move,
    Mark::Capture,
    Mark::Takes,
    Mark::Hop,
    Mark::Hurdle,
    Mark::Convert,
    Mark::Swap,
    Mark::Pull,
    Mark::Repel,
    Mark::Push,
    Mark::Create,
    Mark::Lends,
    Mark::Doubles,
    Mark::Freezes,
    Mark::Restrains,
    Mark::Burns,
];

impl Mark {
    pub const fn bit(self) -> u32 {
        1 << self as u32
    }
    /// The name used in the API and by the web app's drawing.
    pub const fn name(self) -> &'static str {
        match self {
            Mark::Move => "move",
            Mark::Capture => "capture",
            Mark::Takes => "takes",
            Mark::Hop => "hop",
            Mark::Hurdle => "hurdle",
            Mark::Convert => "convert",
            Mark::Swap => "swap",
            Mark::Pull => "pull",
            Mark::Repel => "repel",
            Mark::Push => "push",
            Mark::Create => "create",
            Mark::Lends => "lends",
            Mark::Doubles => "doubles",
            Mark::Freezes => "freezes",
            Mark::Restrains => "restrains",
            Mark::Burns => "burns",
        }
    }
    /// The names of the marks in `bits`, in a fixed order.
    pub fn names(bits: u32) -> Vec<&'static str> {
        ALL.iter()
            .filter(|m| bits & m.bit() != 0)
            .map(|m| m.name())
            .collect()
    }
}

/// The eight neighbours (and the square itself).
pub const NEIGHBOURS: [(i32, i32); 9] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (0, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// What probing found beyond the marks.
pub struct Found {
    pub pass: bool,
}

/// Probes every square of the window (`radius` around the piece) and records its marks.
pub fn probe_window(bench: &Bench, radius: i32, cells: &mut BTreeMap<(i32, i32), u32>) -> Found {
    let v = bench.variant;
    let at = bench.at;
    let mut mark = |sq: Square, m: Mark| {
        let (dx, dy) = offset(at, sq);
        if sq != at && dx.abs() <= radius && dy.abs() <= radius {
            *cells.entry((dx, dy)).or_default() |= m.bit();
        }
    };
    let Some((_, alone)) = bench.moves(&[]) else {
        return Found { pass: false };
    };
    let pass = alone.iter().any(|m| m.kind == MoveKind::Pass);
    // Where the piece goes with nothing around it: a landing elsewhere later needed a piece.
    let plain: BTreeSet<Square> = alone
        .iter()
        .map(|m| m.destination())
        .filter(|&d| d != at)
        .collect();
    for m in &alone {
        match m.kind {
            MoveKind::Create => mark(m.to, Mark::Create),
            MoveKind::Pass => {}
            _ if m.destination() != at => mark(m.destination(), Mark::Move),
            _ => {}
        }
    }
    for dy in -radius..=radius {
        for dx in -radius..=radius {
            let (f, r) = (at.file() as i32 + dx, at.rank() as i32 + dy);
            if (dx, dy) == (0, 0) || !v.geometry.contains(f, r) {
                continue;
            }
            let t = Square::new(f as u8, r as u8);
            if bench.occupied(t) {
                continue;
            }
            probe_enemy(bench, t, &plain, &mut mark);
            probe_hop_capture(bench, t, &mut mark);
            probe_friend(bench, t, &plain, &mut mark);
            if dx.abs() <= 2 && dy.abs() <= 2 {
                probe_neighbour(bench, t, &mut mark);
            }
        }
    }
    Found { pass }
}

/// An enemy on `t`: captured there, taken from afar, hopped, converted, pulled or pushed.
fn probe_enemy(
    bench: &Bench,
    t: Square,
    plain: &BTreeSet<Square>,
    mark: &mut impl FnMut(Square, Mark),
) {
    let Some((pos, moves)) = bench.moves(&[(Color::Tan, bench.target, t)]) else {
        return;
    };
    for &m in &moves {
        let dest = m.destination();
        let victims = pos.captures_of(m);
        if victims.contains(&t) {
            mark(
                t,
                if dest == t {
                    Mark::Capture
                } else {
                    Mark::Takes
                },
            );
        }
        landed_by_help(m, dest, bench.at, t, plain, mark);
        match m.kind {
            MoveKind::Convert if m.converted() == t => mark(t, Mark::Convert),
            MoveKind::Pull if m.to == t => mark(t, Mark::Pull),
            MoveKind::Repel if m.to == t => mark(t, Mark::Repel),
            MoveKind::Swap if m.to == t => mark(t, Mark::Swap),
            _ => {}
        }
    }
}

/// An enemy on `t` and a friend on the first square of the line toward it: captured by hopping
/// the friend (a cannon)? Lines are straight rides of any step up to three squares.
fn probe_hop_capture(bench: &Bench, t: Square, mark: &mut impl FnMut(Square, Mark)) {
    let at = bench.at;
    let (dx, dy) = offset(at, t);
    let k = gcd(dx.unsigned_abs(), dy.unsigned_abs()) as i32;
    let (sx, sy) = (dx / k.max(1), dy / k.max(1));
    if k < 2 || sx.abs().max(sy.abs()) > 3 {
        return;
    }
    let hurdle = Square::new((at.file() as i32 + sx) as u8, (at.rank() as i32 + sy) as u8);
    if bench.occupied(hurdle) {
        return;
    }
    let extra = [
        (Color::Tan, bench.target, t),
        (Color::Blue, bench.target, hurdle),
    ];
    let Some((pos, moves)) = bench.moves(&extra) else {
        return;
    };
    let captures = moves
        .iter()
        .any(|&m| m.destination() == t && pos.captures_of(m).contains(&t));
    // A hop only if the piece on the first square really is in the way: with `t` empty the
    // piece cannot go there (a piece with a bent route, a Hooklet or Hawklet, still can).
    let around = || {
        bench
            .moves(&extra[1..])
            .is_some_and(|(_, ms)| ms.iter().any(|m| m.destination() == t))
    };
    if captures && !around() {
        mark(t, Mark::Hop);
        mark(hurdle, Mark::Hurdle);
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// A landing the empty board does not offer: the piece on `t` made it possible.
fn landed_by_help(
    m: Move,
    dest: Square,
    at: Square,
    t: Square,
    plain: &BTreeSet<Square>,
    mark: &mut impl FnMut(Square, Mark),
) {
    let moved = !matches!(
        m.kind,
        MoveKind::Swap | MoveKind::Convert | MoveKind::Pull | MoveKind::Repel | MoveKind::Push
    );
    if moved && dest != at && dest != t && !plain.contains(&dest) {
        mark(dest, Mark::Hop);
        mark(t, Mark::Hurdle);
    }
}

/// A friend on `t`: hopped, swapped with, pushed, lent moves or doubled.
fn probe_friend(
    bench: &Bench,
    t: Square,
    plain: &BTreeSet<Square>,
    mark: &mut impl FnMut(Square, Mark),
) {
    let friend = [(Color::Blue, bench.target, t)];
    let Some(all) = bench.all_moves(&friend, Color::Blue) else {
        return;
    };
    let at = bench.at;
    let mut doubled = false;
    for &m in &all {
        if m.from == at {
            landed_by_help(m, m.destination(), at, t, plain, mark);
            match m.kind {
                MoveKind::Swap if m.to == t => mark(t, Mark::Swap),
                MoveKind::Push if m.to == t => mark(t, Mark::Push),
                _ => {}
            }
        } else if m.from == t {
            if m.kind == MoveKind::Relayed {
                mark(t, Mark::Lends);
            }
            doubled |= m.is_continuing();
        }
    }
    // Doubled: the friend moves twice with the piece there, not with a plain stand-in.
    if doubled && !continues(&bench.replaced(bench.target), &friend, t) {
        mark(t, Mark::Doubles);
    }
}

/// True if the piece on `t` has a move that goes on to a second part.
fn continues(bench: &Bench, extra: &[(Color, jovian_rules::PieceKind, Square)], t: Square) -> bool {
    bench
        .all_moves(extra, Color::Blue)
        .unwrap_or_default()
        .iter()
        .any(|m| m.from == t && m.is_continuing())
}

/// A piece of Tan's on `t`, Tan to move: does the probed piece freeze or restrain it? Compared
/// with a plain stand-in on the probed piece's square, which blocks the same lines.
fn probe_neighbour(bench: &Bench, t: Square, mark: &mut impl FnMut(Square, Mark)) {
    // Under the check rules a piece that pins the neighbour to its King limits it too: that is
    // its attack, drawn already. Only a power of its own (latent, or a hook) can freeze.
    let spec = bench.variant.spec(bench.kind);
    if bench.variant.has_chess_rules && spec.latent == 0 && spec.specials.is_empty() {
        return;
    }
    let enemy = [(Color::Tan, bench.mover, t)];
    let at = bench.at;
    let own = |b: &Bench| -> Option<BTreeSet<(u8, u8)>> {
        let mut pos = b.with(&enemy, Color::Tan)?;
        // Under the check rules a piece that checks Tan's King from afar limits every Tan move:
        // that is its capture, drawn already, not a power over its neighbour.
        if pos.in_check() == Some(true) && pos.variant().has_chess_rules {
            return None;
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        Some(
            moves
                .into_iter()
                .filter(|m| m.from == t && m.kind != MoveKind::Suicide)
                .filter(|&m| !pos.captures_of(m).contains(&at))
                .map(|m| (m.destination().0, m.kind as u8))
                .collect(),
        )
    };
    let (Some(with), Some(without)) = (own(bench), own(&bench.replaced(bench.target))) else {
        return;
    };
    if without.is_empty() || !with.is_subset(&without) || with.len() == without.len() {
        return;
    }
    mark(
        t,
        if with.is_empty() {
            Mark::Freezes
        } else {
            Mark::Restrains
        },
    );
}
