//! The Pawn (moves, Golem birth, promotions), the Golem, and the squares where an Assassin
//! checks and a Thunder may strike.

use super::pieces::*;
use super::*;

/// Squares on which an Assassin of `c` would give check itself: empty, and adjacent to the enemy
/// King without being bewitched there, or the single screen between the enemy King and an
/// unbewitched Can(n)on of `c` set the matching way.
pub fn assassin_check_squares(b: &Board, c: Color) -> Vec<Sq> {
    let mut v: Vec<Sq> = Vec::new();
    let Some(ks) = king_sq(b, c.other()) else {
        return v;
    };
    for d in ALL8 {
        let x = add(ks, d);
        if on(x)
            && at(b, x).is_none()
            && !ORTH
                .iter()
                .any(|&e| at(b, add(x, e)) == Some((c.other(), Kind::Wz)))
        {
            v.push(x);
        }
    }
    for s in all_squares() {
        let Some((pc, pk)) = at(b, s) else {
            continue;
        };
        if pc != c || !matches!(pk, Kind::C | Kind::V) || bewitched(b, s) {
            continue;
        }
        let (df, dr) = (ks.0 - s.0, ks.1 - s.1);
        let rook_line = df == 0 || dr == 0;
        let bishop_line = df.abs() == dr.abs();
        if (pk == Kind::C && !rook_line) || (pk == Kind::V && !bishop_line) {
            continue;
        }
        let n = df.abs().max(dr.abs());
        let d = (df.signum(), dr.signum());
        let mid = between(s, d, n);
        if mid.iter().all(|&x| at(b, x).is_none()) {
            for x in mid {
                if !v.contains(&x) {
                    v.push(x);
                }
            }
        }
    }
    v
}

/// Both Kings on one rank, file or diagonal with every square between them empty.
pub fn kings_see(b: &Board) -> bool {
    let (Some(w), Some(k)) = (king_sq(b, White), king_sq(b, Black)) else {
        return false;
    };
    let (df, dr) = (k.0 - w.0, k.1 - w.1);
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return false;
    }
    let n = df.abs().max(dr.abs());
    between(w, (df.signum(), dr.signum()), n)
        .iter()
        .all(|&x| at(b, x).is_none())
}

/// A Thunder of `mover` exploding on `y`: removes every non-royal piece on `y` and around it
/// (a Golem entirely). Returns the enemy pieces removed.
pub fn explode(b: &mut Board, y: Sq, mover: Color) -> Vec<Piece> {
    let mut removed = Vec::new();
    for df in -1..=1 {
        for dr in -1..=1 {
            let x = (y.0 + df, y.1 + dr);
            if matches!(at(b, x), Some((_, k)) if k != Kind::K) {
                remove(b, x, &mut removed);
            }
        }
    }
    removed.into_iter().filter(|p| p.0 != mover).collect()
}

pub fn pawn_acts(b: &Board, s: Sq, check_only: bool, out: &mut Vec<Act>) {
    let (c, _) = at(b, s).unwrap();
    let f = c.fwd();
    // Forward: one square, two from the second rank, one two or three from the first rank.
    let max = if s.1 == c.first() {
        3
    } else if s.1 == c.first() + f {
        2
    } else {
        1
    };
    if !check_only {
        for n in 1..=max {
            let t = (s.0, s.1 + n * f);
            if !on(t) || at(b, t).is_some() {
                break;
            }
            if t.1 == c.last() {
                promotions(b, s, t, out);
            } else {
                let mut a = replace(b, s, t, (c, Kind::P));
                a.passed = between(s, (0, f), n);
                a.reset = true;
                a.tag |= T_PAWN;
                out.push(a);
            }
        }
    }
    for df in [-1, 1] {
        let t = (s.0 + df, s.1 + f);
        // A Pawn may take anything enemy, Elephants included.
        let Some((tc, tk)) = at(b, t) else {
            continue;
        };
        if tc == c {
            continue;
        }
        if tk == Kind::Wz {
            // Golem birth: parts on the Wizard's square and on the square the Pawn left.
            let mut nb = *b;
            let mut caps = Vec::new();
            remove(&mut nb, t, &mut caps);
            // Each part names the direction of its partner.
            set(&mut nb, s, Some((c, Kind::G(Dir::from_delta((df, f))))));
            set(&mut nb, t, Some((c, Kind::G(Dir::from_delta((-df, -f))))));
            let mut a = Act::new(format!("P {}x{} Golem", sq_name(s), sq_name(t)), nb);
            a.captured = caps;
            a.reset = true;
            a.tag |= T_CAPTURE | T_PAWN | T_GOLEM_BIRTH;
            out.push(a);
        } else if t.1 == c.last() && !check_only {
            promotions(b, s, t, out);
        } else {
            let mut a = replace(b, s, t, (c, Kind::P));
            a.reset = true;
            a.tag |= T_PAWN;
            out.push(a);
        }
    }
}

/// A Pawn moving or capturing from `s` onto its last rank at `t`.
fn promotions(b: &Board, s: Sq, t: Sq, out: &mut Vec<Act>) {
    let (c, _) = at(b, s).unwrap();
    // The board with the Pawn gone from `s` and whatever stood on `t` taken.
    let mut base = *b;
    let mut caps = Vec::new();
    remove(&mut base, t, &mut caps);
    set(&mut base, s, None);
    let x = if caps.is_empty() { "-" } else { "x" };
    let mv = format!("P {}{x}{}", sq_name(s), sq_name(t));
    let mk = |desc: String, board: Board, captured: Vec<Piece>| {
        let mut a = Act::new(desc, board);
        a.tag |= T_PAWN | T_PROMO;
        if !captured.is_empty() {
            a.tag |= T_CAPTURE;
        }
        a.captured = captured;
        a.reset = true;
        a
    };
    for k in PROMO {
        let mut nb = base;
        set(&mut nb, t, Some((c, k)));
        let mut a = mk(format!("{mv}={}", kname(k)), nb, caps.clone());
        a.target = Some(t);
        out.push(a);
    }
    // Assassin and Thunder: not next to an enemy Wizard.
    if ORTH
        .iter()
        .any(|&e| at(b, add(t, e)) == Some((c.other(), Kind::Wz)))
    {
        return;
    }
    // Assassin: teleports to a square where it gives check itself (the promotion square counts
    // as empty).
    for x in assassin_check_squares(&base, c) {
        let mut nb = base;
        set(&mut nb, x, Some((c, Kind::As)));
        let mut a = mk(format!("{mv}=As@{}", sq_name(x)), nb, caps.clone());
        a.passed = vec![t];
        a.target = Some(x);
        out.push(a);
    }
    // Thunder: the Kings must see each other with the Pawn on its last rank.
    let mut standing = base;
    set(&mut standing, t, Some((c, Kind::P)));
    if kings_see(&standing) {
        for y in all_squares() {
            if matches!(at(&base, y), Some((_, Kind::K))) {
                continue;
            }
            let mut nb = base;
            let mut captured = caps.clone();
            captured.extend(explode(&mut nb, y, c));
            let mut a = mk(format!("{mv}=Th@{}", sq_name(y)), nb, captured);
            a.passed = vec![t];
            a.target = None;
            a.tag |= T_THUNDER;
            out.push(a);
        }
    }
}

pub fn golem_acts(b: &Board, s: Sq, out: &mut Vec<Act>) {
    let (c, Kind::G(d)) = at(b, s).unwrap() else {
        unreachable!()
    };
    let p = add(s, d.delta());
    // Each part: to the mirror square on its rank, then one square diagonally.
    let lands = |x: Sq| -> Vec<Sq> {
        DIAG.iter()
            .map(|&e| add(mirror(x), e))
            .filter(|&y| on(y))
            .collect()
    };
    let mut vacated = *b;
    set(&mut vacated, s, None);
    set(&mut vacated, p, None);
    for a1 in lands(s) {
        for a2 in lands(p) {
            if (a1.0 - a2.0).abs() != 1 || (a1.1 - a2.1).abs() != 1 {
                continue;
            }
            // Each landing square empty or a takeable enemy (never an Elephant, never a friend).
            let ok = |y: Sq| at(&vacated, y).is_none() || takeable(&vacated, y, c);
            if !ok(a1) || !ok(a2) {
                continue;
            }
            let mut nb = vacated;
            let mut caps = Vec::new();
            remove(&mut nb, a1, &mut caps);
            remove(&mut nb, a2, &mut caps);
            set(
                &mut nb,
                a1,
                Some((c, Kind::G(Dir::from_delta((a2.0 - a1.0, a2.1 - a1.1))))),
            );
            set(
                &mut nb,
                a2,
                Some((c, Kind::G(Dir::from_delta((a1.0 - a2.0, a1.1 - a2.1))))),
            );
            let mut a = Act::new(
                format!(
                    "Go {}{}-{}{}",
                    sq_name(s),
                    sq_name(p),
                    sq_name(a1),
                    sq_name(a2)
                ),
                nb,
            );
            if !caps.is_empty() {
                a.tag |= T_CAPTURE;
                a.reset = true;
            }
            a.captured = caps;
            a.tag |= T_ODD_PIECE;
            out.push(a);
        }
    }
}
