//! What each piece may do on a bare board (no castling, en passant, or drops: those need the
//! position's state and are in moves.rs), and check.

use super::special::*;
use super::*;

pub const ORTH: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const DIAG: [Sq; 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
pub const ALL8: [Sq; 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
pub const KNIGHT: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Promotion types without conditions (all non-royal officers but Golem, Assassin, Thunder).
pub const PROMO: [Kind; 13] = [
    Kind::Q,
    Kind::R,
    Kind::B,
    Kind::N,
    Kind::Li,
    Kind::C,
    Kind::V,
    Kind::Le,
    Kind::Pi,
    Kind::Ad,
    Kind::Wd,
    Kind::Wz,
    Kind::El,
];

// Tags, used only to bias random games.
pub const T_CAPTURE: u32 = 1;
pub const T_DROP: u32 = 2;
pub const T_SWAP: u32 = 4;
pub const T_PROMO: u32 = 8;
pub const T_CASTLE: u32 = 16;
pub const T_EP: u32 = 32;
pub const T_KING: u32 = 64;
pub const T_PAWN: u32 = 128;
pub const T_GOLEM_BIRTH: u32 = 256;
pub const T_ODD_PIECE: u32 = 512;
pub const T_OWED: u32 = 1024;
pub const T_THUNDER: u32 = 2048;

/// One pseudo-legal move's effect on the board, before the position's state is updated.
#[derive(Clone, Debug)]
pub struct Act {
    pub desc: String,
    pub board: Board,
    /// Enemy pieces removed by the move (a Golem's partner included).
    pub captured: Vec<Piece>,
    /// Squares travelled over, for en passant shots (unsorted).
    pub passed: Vec<Sq>,
    /// Where the travelled piece stands after the move (None: it no longer exists).
    pub target: Option<Sq>,
    /// Resets the fifty-move counter (besides captures, which always do).
    pub reset: bool,
    /// Hand slot and count taken from the mover's hand.
    pub drop: Option<(usize, u8)>,
    pub tag: u32,
}

impl Act {
    pub fn new(desc: String, board: Board) -> Act {
        Act {
            desc,
            board,
            captured: Vec::new(),
            passed: Vec::new(),
            target: None,
            reset: false,
            drop: None,
            tag: 0,
        }
    }
}

pub fn is_golem(k: Kind) -> bool {
    matches!(k, Kind::G(_))
}

/// Removes the piece on `s` (and its Golem partner), recording what was removed.
pub fn remove(b: &mut Board, s: Sq, out: &mut Vec<Piece>) {
    if let Some(p) = at(b, s) {
        set(b, s, None);
        out.push(p);
        if let Kind::G(d) = p.1 {
            let q = add(s, d.delta());
            if let Some(pp) = at(b, q) {
                set(b, q, None);
                out.push(pp);
            }
        }
    }
}

/// A piece orthogonally adjacent to an enemy Wizard is bewitched, except Elephants and Golems.
pub fn bewitched(b: &Board, s: Sq) -> bool {
    let Some((c, k)) = at(b, s) else {
        return false;
    };
    if k == Kind::El || is_golem(k) {
        return false;
    }
    ORTH.iter()
        .any(|&d| at(b, add(s, d)) == Some((c.other(), Kind::Wz)))
}

/// An enemy piece that a capture other than a King's, a Pawn's or a Thunder's may take.
pub fn takeable(b: &Board, s: Sq, mover: Color) -> bool {
    matches!(at(b, s), Some((c, k)) if c != mover && k != Kind::El)
}

/// Number of on-board squares beyond `s` in direction `d`.
pub fn beyond(s: Sq, d: Sq) -> i32 {
    let mut n = 0;
    while on((s.0 + (n + 1) * d.0, s.1 + (n + 1) * d.1)) {
        n += 1;
    }
    n
}

/// A Halfling's range in direction `d`: half the distance to the edge, rounded up.
pub fn halfling_range(s: Sq, d: Sq) -> i32 {
    (beyond(s, d) + 1) / 2
}

pub fn between(s: Sq, d: Sq, k: i32) -> Vec<Sq> {
    (1..k).map(|i| (s.0 + i * d.0, s.1 + i * d.1)).collect()
}

pub fn kname(k: Kind) -> String {
    piece_token((White, k))
}

/// A plain move or capture by replacement of the piece on `s` to `t`, ending as `after`.
pub fn replace(b: &Board, s: Sq, t: Sq, after: Piece) -> Act {
    let mut nb = *b;
    let mut caps = Vec::new();
    let x = if at(b, t).is_some() { "x" } else { "-" };
    remove(&mut nb, t, &mut caps);
    set(&mut nb, s, None);
    set(&mut nb, t, Some(after));
    let mut a = Act::new(
        format!(
            "{} {}{x}{}",
            kname(at(b, s).unwrap().1),
            sq_name(s),
            sq_name(t)
        ),
        nb,
    );
    if !caps.is_empty() {
        a.tag |= T_CAPTURE;
    }
    a.captured = caps;
    a.target = Some(t);
    a
}

/// Every pseudo-legal move of the piece on `s` that needs no position state. With `check_only`,
/// moves that are the same capture in other forms (promotion types, Can(n)on end states) are
/// listed once, flips are left out, and Wizards and Elephants (which never capture) do nothing.
pub fn piece_acts(b: &Board, s: Sq, check_only: bool, out: &mut Vec<Act>) {
    let Some((c, k)) = at(b, s) else {
        return;
    };
    if bewitched(b, s) {
        // Only a non-capturing one-square orthogonal step; a bewitched Pawn or Assassin nothing.
        if matches!(k, Kind::P | Kind::As) {
            return;
        }
        for d in ORTH {
            let t = add(s, d);
            if on(t) && at(b, t).is_none() {
                let mut a = replace(b, s, t, (c, k));
                a.desc.push_str(" (bewitched)");
                out.push(a);
            }
        }
        return;
    }
    match k {
        Kind::K => {
            for d in ALL8 {
                let t = add(s, d);
                // The King captures anything enemy, Elephants included.
                if on(t) && at(b, t).is_none_or(|p| p.0 != c) {
                    let mut a = replace(b, s, t, (c, k));
                    a.tag |= T_KING;
                    out.push(a);
                }
            }
        }
        Kind::Q | Kind::R | Kind::B => {
            let dirs: Vec<Sq> = match k {
                Kind::Q => ALL8.to_vec(),
                Kind::R => ORTH.to_vec(),
                _ => DIAG.to_vec(),
            };
            for d in dirs {
                let mut i = 1;
                loop {
                    let t = (s.0 + i * d.0, s.1 + i * d.1);
                    if !on(t) {
                        break;
                    }
                    match at(b, t) {
                        None => {
                            let mut a = replace(b, s, t, (c, k));
                            a.passed = between(s, d, i);
                            out.push(a);
                        }
                        Some(_) => {
                            if takeable(b, t, c) {
                                let mut a = replace(b, s, t, (c, k));
                                a.passed = between(s, d, i);
                                out.push(a);
                            }
                            break;
                        }
                    }
                    i += 1;
                }
            }
        }
        Kind::N => {
            for d in KNIGHT {
                let t = add(s, d);
                if on(t) && (at(b, t).is_none() || takeable(b, t, c)) {
                    out.push(replace(b, s, t, (c, k)));
                }
            }
        }
        Kind::Li => {
            // Leaps two squares (never blocked) to an empty square; captures one step away.
            for d in ALL8 {
                let t = (s.0 + 2 * d.0, s.1 + 2 * d.1);
                if on(t) && at(b, t).is_none() {
                    out.push(replace(b, s, t, (c, k)));
                }
                let t = add(s, d);
                if takeable(b, t, c) {
                    out.push(replace(b, s, t, (c, k)));
                }
            }
        }
        Kind::C | Kind::V => cannon_acts(b, s, check_only, out),
        Kind::Le => leaper_acts(b, s, out),
        Kind::Pi | Kind::Ad | Kind::Wd => baroque_acts(b, s, out),
        Kind::Wz => {
            if !check_only {
                wizard_acts(b, s, out)
            }
        }
        Kind::El => {
            if !check_only {
                elephant_acts(b, s, out)
            }
        }
        Kind::As => {
            for d in ALL8 {
                let t = add(s, d);
                if takeable(b, t, c) {
                    let mut nb = *b;
                    let mut caps = Vec::new();
                    remove(&mut nb, t, &mut caps);
                    let mut a = Act::new(format!("As {}x{}", sq_name(s), sq_name(t)), nb);
                    a.captured = caps;
                    a.reset = true;
                    a.tag |= T_CAPTURE | T_ODD_PIECE;
                    out.push(a);
                }
            }
        }
        Kind::P => pawn_acts(b, s, check_only, out),
        Kind::G(d) => {
            // The Golem moves as one piece: generate it from its southern part only.
            if d == Dir::NE || d == Dir::NW {
                golem_acts(b, s, out)
            }
        }
    }
}

fn cannon_acts(b: &Board, s: Sq, check_only: bool, out: &mut Vec<Act>) {
    let (c, k) = at(b, s).unwrap();
    let dirs = if k == Kind::C { ORTH } else { DIAG };
    let ends: &[Kind] = if check_only {
        &[Kind::C]
    } else {
        &[Kind::C, Kind::V]
    };
    for d in dirs {
        // Slides to empty squares.
        let mut i = 1;
        while on((s.0 + i * d.0, s.1 + i * d.1)) && at(b, (s.0 + i * d.0, s.1 + i * d.1)).is_none()
        {
            for &e in ends {
                let mut a = replace(b, s, (s.0 + i * d.0, s.1 + i * d.1), (c, e));
                a.desc.push_str(&format!("={}", kname(e)));
                a.passed = between(s, d, i);
                out.push(a);
            }
            i += 1;
        }
        // The screen: any piece but an enemy Elephant.
        let screen = (s.0 + i * d.0, s.1 + i * d.1);
        if !on(screen) || at(b, screen) == Some((c.other(), Kind::El)) {
            continue;
        }
        let mut j = i + 1;
        while on((s.0 + j * d.0, s.1 + j * d.1)) && at(b, (s.0 + j * d.0, s.1 + j * d.1)).is_none()
        {
            j += 1;
        }
        let t = (s.0 + j * d.0, s.1 + j * d.1);
        if takeable(b, t, c) {
            for &e in ends {
                let mut a = replace(b, s, t, (c, e));
                a.desc.push_str(&format!("={}", kname(e)));
                // Only the squares before the screen are travelled over.
                a.passed = between(s, d, i);
                out.push(a);
            }
        }
    }
    if !check_only {
        let e = if k == Kind::C { Kind::V } else { Kind::C };
        let mut nb = *b;
        set(&mut nb, s, Some((c, e)));
        out.push(Act::new(
            format!("{} {}={}", kname(k), sq_name(s), kname(e)),
            nb,
        ));
    }
}

/// The Leaper: Halfling Queen moves, and jumps over enemies along one line (see the spec).
fn leaper_acts(b: &Board, s: Sq, out: &mut Vec<Act>) {
    let (c, k) = at(b, s).unwrap();
    for d in ALL8 {
        let n = beyond(s, d);
        let range = (n + 1) / 2;
        let mut jumped: Vec<Sq> = Vec::new();
        let mut last_jump: Option<i32> = None;
        for i in 1..=n {
            let t = (s.0 + i * d.0, s.1 + i * d.1);
            match at(b, t) {
                None => {
                    let extra = n % 2 == 0 && i == n / 2 + 1 && last_jump == Some(i - 1);
                    if i <= range || extra {
                        let mut nb = *b;
                        let mut caps = Vec::new();
                        for &x in &jumped {
                            remove(&mut nb, x, &mut caps);
                        }
                        set(&mut nb, s, None);
                        set(&mut nb, t, Some((c, k)));
                        let jumps: Vec<String> = jumped.iter().map(|&x| sq_name(x)).collect();
                        let mut a = Act::new(
                            if jumped.is_empty() {
                                format!("Le {}-{}", sq_name(s), sq_name(t))
                            } else {
                                format!("Le {}x{}-{}", sq_name(s), jumps.join("x"), sq_name(t))
                            },
                            nb,
                        );
                        if !caps.is_empty() {
                            a.tag |= T_CAPTURE;
                        }
                        a.captured = caps;
                        a.passed = between(s, d, i);
                        a.target = Some(t);
                        a.tag |= T_ODD_PIECE;
                        out.push(a);
                    }
                }
                Some(_) => {
                    // An enemy (not an Elephant) directly before an empty square may be jumped.
                    let next = add(t, d);
                    if takeable(b, t, c) && on(next) && at(b, next).is_none() {
                        jumped.push(t);
                        last_jump = Some(i);
                    } else {
                        break;
                    }
                }
            }
        }
    }
}

/// Pincer, Advancer, Withdrawer: Halfling Queen moves with automatic baroque captures.
fn baroque_acts(b: &Board, s: Sq, out: &mut Vec<Act>) {
    let (c, k) = at(b, s).unwrap();
    for d in ALL8 {
        let range = halfling_range(s, d);
        for i in 1..=range {
            let t = (s.0 + i * d.0, s.1 + i * d.1);
            if at(b, t).is_some() {
                break;
            }
            let mut nb = *b;
            set(&mut nb, s, None);
            set(&mut nb, t, Some((c, k)));
            let mut victims: Vec<Sq> = Vec::new();
            match k {
                Kind::Pi => {
                    // Custodian, orthogonal: enemy next to the landing square, friend beyond it.
                    for e in ORTH {
                        let x = add(t, e);
                        let y = add(x, e);
                        if takeable(&nb, x, c) && matches!(at(&nb, y), Some((cc, _)) if cc == c) {
                            victims.push(x);
                        }
                    }
                }
                Kind::Ad => {
                    let x = add(t, d);
                    if takeable(&nb, x, c) {
                        victims.push(x);
                    }
                }
                _ => {
                    let x = (s.0 - d.0, s.1 - d.1);
                    if takeable(&nb, x, c) {
                        victims.push(x);
                    }
                }
            }
            let mut caps = Vec::new();
            for &x in &victims {
                remove(&mut nb, x, &mut caps);
            }
            let mut desc = format!("{} {}-{}", kname(k), sq_name(s), sq_name(t));
            for &x in &victims {
                desc.push_str(&format!(" x{}", sq_name(x)));
            }
            let mut a = Act::new(desc, nb);
            if !caps.is_empty() {
                a.tag |= T_CAPTURE;
            }
            a.captured = caps;
            a.passed = between(s, d, i);
            a.target = Some(t);
            a.tag |= T_ODD_PIECE;
            out.push(a);
        }
    }
}

pub fn mirror(s: Sq) -> Sq {
    (W - 1 - s.0, s.1)
}

fn wizard_acts(b: &Board, s: Sq, out: &mut Vec<Act>) {
    let (c, k) = at(b, s).unwrap();
    let mut dests: Vec<Sq> = Vec::new();
    for d in DIAG {
        dests.push(add(s, d));
    }
    for d in ORTH {
        dests.push(add(mirror(s), d));
    }
    let mut seen: Vec<Sq> = Vec::new();
    for t in dests {
        if !on(t) || seen.contains(&t) {
            continue;
        }
        seen.push(t);
        if t == s {
            // Commuting: d4 -> e4 -> d4.
            let mut a = Act::new(format!("Wz {} commutes", sq_name(s)), *b);
            a.tag |= T_ODD_PIECE;
            out.push(a);
            continue;
        }
        match at(b, t) {
            None => {
                let mut a = replace(b, s, t, (c, k));
                a.tag |= T_ODD_PIECE;
                out.push(a);
            }
            Some((oc, ok)) if oc != c && ok != Kind::El && !is_golem(ok) => {
                // Swap; an enemy Pawn swapped to its last rank promotes, the Wizard's owner
                // choosing its type (not Assassin or Thunder).
                let kinds: Vec<Kind> = if ok == Kind::P && s.1 == oc.last() {
                    PROMO.to_vec()
                } else {
                    vec![ok]
                };
                for nk in kinds {
                    let mut nb = *b;
                    set(&mut nb, t, Some((c, k)));
                    set(&mut nb, s, Some((oc, nk)));
                    let mut desc = format!("Wz {}<>{}", sq_name(s), sq_name(t));
                    if nk != ok {
                        desc.push_str(&format!(" ={}", kname(nk)));
                    }
                    let mut a = Act::new(desc, nb);
                    a.tag |= T_SWAP | T_ODD_PIECE;
                    if nk != ok {
                        a.tag |= T_PROMO;
                    }
                    out.push(a);
                }
            }
            _ => {}
        }
    }
}

/// The square ring of radius `r` round `k`, clockwise from its top-left corner (squares may be
/// off the board).
pub fn ring(k: Sq, r: i32) -> Vec<Sq> {
    let mut v = Vec::new();
    for f in -r..r {
        v.push((k.0 + f, k.1 + r)); // top edge, going east
    }
    for q in (-r + 1..=r).rev() {
        v.push((k.0 + r, k.1 + q)); // right edge, going south
    }
    for f in (-r + 1..=r).rev() {
        v.push((k.0 + f, k.1 - r)); // bottom edge, going west
    }
    for q in -r..r {
        v.push((k.0 - r, k.1 + q)); // left edge, going north
    }
    debug_assert_eq!(v.len() as i32, 8 * r);
    v
}

fn elephant_acts(b: &Board, s: Sq, out: &mut Vec<Act>) {
    let (c, k) = at(b, s).unwrap();
    let Some(ks) = king_sq(b, c) else {
        return;
    };
    let r = (s.0 - ks.0).abs().max((s.1 - ks.1).abs());
    if r == 0 {
        return;
    }
    let ring = ring(ks, r);
    let len = ring.len() as i32;
    let i = ring.iter().position(|&x| x == s).unwrap() as i32;
    let at_ring = |j: i32| ring[j.rem_euclid(len) as usize];
    for dir in [1, -1] {
        // Every ring square stepped over must be on the board; only the destination must be
        // empty.
        if !(1..=r).all(|j| on(at_ring(i + dir * j))) {
            continue;
        }
        let t = at_ring(i + dir * r);
        if at(b, t).is_none() {
            let mut a = replace(b, s, t, (c, k));
            a.tag |= T_ODD_PIECE;
            out.push(a);
        }
    }
    // Rotation in place: the whole ring on the board, the seven other pattern squares empty.
    if ring.iter().all(|&x| on(x)) && (1..8).all(|j| at(b, at_ring(i + j * r)).is_none()) {
        let mut a = Act::new(format!("El {} rotates", sq_name(s)), *b);
        a.tag |= T_ODD_PIECE;
        out.push(a);
    }
}

/// Whether some piece of `victim`'s enemy has a pseudo-legal capture of `victim`'s King.
/// Bewitched pieces, Wizards and Elephants never give check (piece_acts gives them no capture).
pub fn king_attacked(b: &Board, victim: Color) -> bool {
    let mut acts = Vec::new();
    for s in all_squares() {
        let Some((c, k)) = at(b, s) else {
            continue;
        };
        if c == victim || matches!(k, Kind::Wz | Kind::El) {
            continue;
        }
        acts.clear();
        piece_acts(b, s, true, &mut acts);
        if acts.iter().any(|a| a.captured.contains(&(victim, Kind::K))) {
            return true;
        }
    }
    false
}
