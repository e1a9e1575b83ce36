//! Whole turns: relayed powers, immobilization, doubling, and the poison/burning phases
//! (docs/rules/jupiter.md, "Latent powers").

use std::collections::BTreeSet;

use jovian_rules::Color;

use super::moves::*;
use super::pieces::{is_royal, turn};
use super::{Board, Edition, Effect, N, Sq, add, on};

/// One turn as the reference made it: the acting piece's square, the board after the whole
/// turn, whether it was irreversible (a removal, a promotion, a birth), and what it did (`TAG_NAMES`).
#[derive(Clone, Debug)]
pub struct Detail {
    pub from: Sq,
    pub after: Board,
    pub irreversible: bool,
    pub tags: u32,
}

impl Detail {
    pub fn has(&self, tag: u32) -> bool {
        self.tags & tag != 0
    }
    pub fn tag_names(&self) -> Vec<&'static str> {
        (0..TAG_NAMES.len())
            .filter(|i| self.tags & (1 << i) != 0)
            .map(|i| TAG_NAMES[i])
            .collect()
    }
}

fn working(b: &Board) -> Wb {
    let mut w = Wb {
        cells: [[None; 16]; 16],
        ed: b.edition,
    };
    for s in Board::squares() {
        if let Some((c, t)) = b.at(s) {
            let id = s.1 as u16 * 16 + s.0 as u16;
            w.set(s, Some(Pc { c, t, id }));
        }
    }
    w
}

/// The first piece from `s` along `d` (not counting `s`), within `max` steps.
fn first_piece(w: &Wb, s: Sq, d: Sq, max: i8) -> Option<Sq> {
    let mut t = s;
    for _ in 0..max {
        t = add(t, d);
        if !on(t) {
            return None;
        }
        if w.at(t).is_some() {
            return Some(t);
        }
    }
    None
}

/// Next to an enemy Immobilizer (a Fiery Dragon never is).
fn paralysed(w: &Wb, s: Sq) -> bool {
    let Some(p) = w.at(s) else { return false };
    p.t != "FiD" && neighbours(s).any(|n| matches!(w.at(n), Some(q) if q.c != p.c && q.t == "Im"))
}

/// On an unobstructed queen line from a Doubler (of either side; not from itself), and not
/// paralysed.
fn is_doubled(w: &Wb, s: Sq) -> bool {
    w.at(s).is_some()
        && !paralysed(w, s)
        && QUEEN
            .iter()
            .any(|&d| matches!(first_piece(w, s, d, N), Some(x) if w.at(x).unwrap().t == "Dbl"))
}

pub fn immobilized(b: &Board, s: Sq) -> bool {
    paralysed(&working(b), s)
}

pub fn doubled(b: &Board, s: Sq) -> bool {
    is_doubled(&working(b), s)
}

/// The squares whose piece is poisonous (to the other side) at the start of the turn: Deadly
/// Nightshades, and the first piece on each queen line from a Poisoner of either side.
fn poison_map(w: &Wb) -> [[bool; 16]; 16] {
    let mut m = [[false; 16]; 16];
    for s in Board::squares() {
        match w.at(s) {
            Some(p) if p.t == "DNi" => m[s.1 as usize][s.0 as usize] = true,
            Some(p) if p.t == "Psn" => {
                for d in QUEEN {
                    if let Some(x) = first_piece(w, s, d, N) {
                        m[x.1 as usize][x.0 as usize] = true;
                    }
                }
            }
            _ => {}
        }
    }
    m
}

/// The squares burnt against each side (index 0: against Blue, 1: against Tan): every square next
/// to a Fiery Dragon, against the Dragon's enemies.
fn burn_map(w: &Wb) -> [[[bool; 16]; 16]; 2] {
    let mut m = [[[false; 16]; 16]; 2];
    for s in Board::squares() {
        if let Some(p) = w.at(s)
            && p.t == "FiD"
        {
            for n in neighbours(s) {
                m[color_index(p.c.other())][n.1 as usize][n.0 as usize] = true;
            }
        }
    }
    m
}

fn color_index(c: Color) -> usize {
    match c {
        Color::Blue => 0,
        Color::Tan => 1,
    }
}

pub fn poisonous_squares(b: &Board) -> Vec<Sq> {
    let m = poison_map(&working(b));
    Board::squares()
        .filter(|s| m[s.1 as usize][s.0 as usize])
        .collect()
}

/// The squares burnt against `c` before this turn.
pub fn burnt_squares(b: &Board, c: Color) -> Vec<Sq> {
    let w = working(b);
    let mut out = Vec::new();
    for s in Board::squares() {
        if let Some(p) = w.at(s)
            && p.t == "FiD"
            && p.c != c
        {
            for n in neighbours(s) {
                if !out.contains(&n) {
                    out.push(n);
                }
            }
        }
    }
    out
}

/// A friendly relaying piece of `c` on `s` that is not paralysed (it lends its powers).
fn lender(w: &Wb, s: Sq, c: Color, t: &str) -> bool {
    matches!(w.at(s), Some(p) if p.c == c && p.t == t) && !paralysed(w, s)
}

/// The 1999 Teleporter's relays to the piece on `r` (docs/rules/jupiter.md): next to a
/// Teleporter, to the same offset from a friendly royal piece; next to a friendly royal piece, to
/// the same offset from a Teleporter. Empty squares only (`may capture` is false).
fn teleports(w: &Wb, r: Sq, c: Color) -> Vec<(Sq, bool, u32)> {
    let mut out = Vec::new();
    let friendly = |t: fn(&str) -> bool| -> Vec<Sq> {
        Board::squares()
            .filter(|&s| s != r && matches!(w.at(s), Some(p) if p.c == c && t(p.t)))
            .collect()
    };
    let royals = friendly(is_royal);
    let teleporters: Vec<Sq> = friendly(|t| t == "Tlp")
        .into_iter()
        .filter(|&s| !paralysed(w, s))
        .collect();
    let next = |x: Sq, y: Sq| x != y && (x.0 - y.0).abs() <= 1 && (x.1 - y.1).abs() <= 1;
    for &t in &teleporters {
        for &k in &royals {
            if next(r, t) {
                out.push((add(k, (r.0 - t.0, r.1 - t.1)), false, TELEPORT));
            }
            if next(r, k) {
                out.push((add(t, (r.0 - k.0, r.1 - k.1)), false, TELEPORT));
            }
        }
    }
    out
}

/// The moves relayed to the piece on `r` that it cannot make by its own powers (`own`: the
/// destinations of its own moves, with whether they capture there).
fn relayed(w: &Wb, r: Sq, own: &[(Sq, bool)]) -> Vec<Part> {
    let c = w.at(r).unwrap().c;
    let j1999 = w.ed == Edition::J1999;
    // (destination, may capture, tags)
    let mut cands: Vec<(Sq, bool, u32)> = Vec::new();
    for n in neighbours(r) {
        let Some(p) = w.at(n) else { continue };
        if p.c != c || paralysed(w, n) {
            continue;
        }
        match p.t {
            "RlW" => cands.extend(ORTH.iter().map(|&d| (add(r, d), true, 0))),
            "RlF" => cands.extend(DIAG.iter().map(|&d| (add(r, d), true, 0))),
            // 1999: "may leap to the opposite side of the Dervish (to move or capture ...)".
            "De" if j1999 => cands.push((add(n, (n.0 - r.0, n.1 - r.1)), true, 0)),
            "De" => {
                // F, D or A landing next to the Dervish (docs/rules/jupiter.md: the wide reading).
                for d in QUEEN {
                    for k in [1, 2] {
                        if k == 1 && d.0 != 0 && d.1 != 0 || k == 2 {
                            let t = add(r, (d.0 * k, d.1 * k));
                            let next = (t.0 - n.0).abs().max((t.1 - n.1).abs()) == 1;
                            if next {
                                cands.push((t, true, 0));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    // 1999 Harpy: to friends a Knight's leap away, "move and capture like a Knight".
    if j1999 && KNIGHT.iter().any(|&v| lender(w, add(r, v), c, "Ha")) {
        cands.extend(KNIGHT.iter().map(|&v| (add(r, v), true, 0)));
    }
    if j1999 {
        cands.extend(teleports(w, r, c));
    }
    for d in QUEEN {
        // Zoom: any distance; Harpy: within 3 (the first piece on the line).
        if let Some(x) = first_piece(w, r, d, N) {
            let p = w.at(x).unwrap();
            if p.c != c || paralysed(w, x) {
                continue;
            }
            let dist = (x.0 - r.0).abs().max((x.1 - r.1).abs());
            if p.t == "Zoo" {
                for e in QUEEN {
                    let mut t = r;
                    loop {
                        t = add(t, e);
                        if !w.empty(t) {
                            break;
                        }
                        cands.push((t, false, 0));
                    }
                }
            }
            // 2009 Harpy: to friends a Q3 can reach.
            if p.t == "Ha" && dist <= 3 && !j1999 {
                cands.extend(KNIGHT.iter().map(|&v| (add(r, v), true, 0)));
            }
        }
    }
    let mut seen = Vec::new();
    let mut g = Gen::new(w, r);
    for (t, may_capture, tags) in cands {
        if !on(t) || w.friend(t, c) || w.enemy(t, c) && !may_capture {
            continue;
        }
        let captures = w.enemy(t, c);
        if own.contains(&(t, captures)) || seen.contains(&t) {
            continue;
        }
        seen.push(t);
        g.go(t, &[], &[], false, true, tags);
    }
    g.out
}

/// Every part the piece on `a` may make now: its own moves (only self-capture when paralysed),
/// and the relayed moves it does not already have.
fn parts_for(w: &Wb, a: Sq, paralysed_now: bool) -> Vec<Part> {
    let mut parts = if paralysed_now {
        let mut nb = w.clone();
        nb.set(a, None);
        vec![Part {
            board: nb,
            at: None,
            disp: None,
            cont: false,
            irreversible: true,
            tags: SUICIDE | CAPTURE,
        }]
    } else {
        Gen::new(w, a).own()
    };
    let own: Vec<(Sq, bool)> = if paralysed_now {
        Vec::new()
    } else {
        parts.iter().filter_map(|p| p.disp).collect()
    };
    parts.extend(relayed(w, a, &own));
    parts
}

/// Activation (phase 3): removes every piece on a square burnt against its side, or on a square
/// that held, at the turn's start, a different poisonous piece of the other side; returns the
/// plain board (`side` to move) and the removals' tags.
fn activate(
    start: &Wb,
    poison: &[[bool; 16]; 16],
    burn: &[[[bool; 16]; 16]; 2],
    end: &Wb,
    side: Color,
) -> (Board, u32) {
    let mut out = Board::empty(side).with_edition(start.ed);
    let mut tags = 0;
    for s in Board::squares() {
        let Some(p) = end.at(s) else { continue };
        let (x, y) = (s.0 as usize, s.1 as usize);
        if burn[color_index(p.c)][y][x] {
            tags |= BURNT;
        } else if poison[y][x]
            && let Some(q) = start.at(s)
            && q.id != p.id
            && q.c != p.c
        {
            tags |= POISONED;
        } else {
            out.set(s, Some((p.c, p.t)));
        }
    }
    (out, tags)
}

/// Every turn of the side to move, with details (duplicates included; no repetition rule, no
/// game-end test).
pub fn turns_in_detail(b: &Board) -> Vec<Detail> {
    let w0 = working(b);
    let poison = poison_map(&w0);
    let burn = burn_map(&w0);
    let side = b.side;
    let mut out = Vec::new();
    let mut finish = |from: Sq, p: &Part, extra: u32| {
        let (after, removed) = activate(&w0, &poison, &burn, &p.board, side.other());
        out.push(Detail {
            from,
            after,
            irreversible: p.irreversible || removed != 0,
            tags: p.tags | extra | removed,
        });
    };
    for a in Board::squares() {
        if !w0.friend(a, side) {
            continue;
        }
        let para = paralysed(&w0, a);
        let twice = !para && is_doubled(&w0, a);
        for p in parts_for(&w0, a, para) {
            finish(a, &p, 0);
            if !twice || p.tags & PASS != 0 || !p.cont {
                continue;
            }
            let Some(at) = p.at else { continue };
            for q in parts_for(&p.board, at, false) {
                if q.tags & PASS == 0 {
                    let mut q = q;
                    q.irreversible |= p.irreversible;
                    q.tags |= p.tags;
                    finish(a, &q, DOUBLED);
                }
            }
        }
    }
    out
}

/// Every turn of the side to move as its effect (no repetition rule, no game-end test).
pub fn pseudo_turns(b: &Board) -> BTreeSet<Effect> {
    turns_in_detail(b)
        .into_iter()
        .map(|d| (d.from, d.after))
        .collect()
}

/// Used by the self-tests: the forward direction of a side.
pub fn forward(c: Color) -> Sq {
    turn(c, (0, 1))
}
