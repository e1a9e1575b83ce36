//! The own moves that are not plain leaps and rides: bent paths, hops, igui, passes, swaps,
//! conversions, pulls and pushes, births, and the pieces whose obligatory powers shape their move.

use super::moves::*;
use super::pieces::{is_royal, promotes_to, turn};
use super::{Edition, N, Sq, add, on};

fn mul(d: Sq, k: i8) -> Sq {
    (d.0 * k, d.1 * k)
}
fn neg(d: Sq) -> Sq {
    (-d.0, -d.1)
}
/// The two directions at right angles to `d` (of the same kind: orthogonal or diagonal).
fn perp(d: Sq) -> [Sq; 2] {
    [(-d.1, d.0), (d.1, -d.0)]
}

impl Gen<'_> {
    pub(super) fn special(&mut self) {
        let (a, c, w) = (self.a, self.c(), self.w);
        let fwd = turn(c, (0, 1));
        let j1999 = w.ed == Edition::J1999;
        match self.pc.t {
            "Hoo" => {
                for d in ORTH {
                    let mut firsts = Vec::new();
                    self.ride(a, d, 2, |s, _, empty| firsts.push((s, empty)));
                    for (s1, empty) in firsts {
                        self.to(s1);
                        if empty {
                            for e in perp(d) {
                                self.ride_to(s1, e, 2, 1);
                            }
                        }
                    }
                }
            }
            "Haw" => {
                for d in QUEEN {
                    let s1 = add(a, d);
                    if !on(s1) || w.friend(s1, c) {
                        continue;
                    }
                    self.to(s1);
                    if w.at(s1).is_none() {
                        for e in QUEEN {
                            let s2 = add(s1, e);
                            if on(s2) && s2 != a && !w.friend(s2, c) {
                                self.to(s2);
                            }
                        }
                    }
                }
            }
            "Boy" | "Gir" => {
                let dirs = if self.pc.t == "Boy" { DIAG } else { ORTH };
                for d1 in dirs {
                    for d2 in perp(d1) {
                        self.zigzag(d1, d2);
                    }
                }
            }
            "Ci" => {
                for d in QUEEN {
                    for k in 2..=3 {
                        let s = add(a, mul(d, k));
                        let hops = (1..k).any(|i| w.at(add(a, mul(d, i))).is_some());
                        if on(s) && hops && !w.friend(s, c) {
                            self.to(s);
                        }
                    }
                }
            }
            "Ty" => {
                // 2009: Q3, running on in all eight directions; 1999: R3 running on orthogonally
                // (its F and A are plain).
                let dirs: &[Sq] = if j1999 { &ORTH } else { &QUEEN };
                for &d in dirs {
                    let mut victims = Vec::new();
                    for k in 1..=3 {
                        let s = add(a, mul(d, k));
                        if !on(s) || w.friend(s, c) {
                            break;
                        }
                        let tags = if victims.is_empty() { 0 } else { LINE };
                        self.go(s, &victims.clone(), &[], true, true, tags);
                        if w.enemy(s, c) {
                            victims.push(s);
                        }
                    }
                }
            }
            // 2009 only: the noncapturing Q4 landing next to a friend (1999: plain Q3 moving).
            "Sa" if !j1999 => {
                for d in QUEEN {
                    let mut dests = Vec::new();
                    self.ride(a, d, 4, |s, k, empty| {
                        let next_to_friend = neighbours(s).any(|n| n != a && w.friend(n, c));
                        if empty && k >= 2 && next_to_friend {
                            dests.push(s);
                        }
                    });
                    for s in dests {
                        self.to(s);
                    }
                }
            }
            "Ge" => {
                for n in neighbours(a) {
                    if w.enemy(n, c) {
                        self.igui(n);
                    }
                }
            }
            "Tou" | "Cro" => {
                for d in if self.pc.t == "Tou" { ORTH } else { DIAG } {
                    let s1 = add(a, d);
                    if w.enemy(s1, c) {
                        for e in perp(d) {
                            let s2 = add(s1, e);
                            if on(s2) && !w.friend(s2, c) {
                                self.go(s2, &[s1], &[], true, true, HOP);
                            }
                        }
                    }
                }
            }
            "Cap" | "GrH" => {
                let (dirs, second) = if self.pc.t == "Cap" {
                    (DIAG, N)
                } else {
                    (ORTH, 3)
                };
                for d in dirs {
                    let mut firsts = Vec::new();
                    self.ride(a, d, N, |s, _, empty| firsts.push((s, empty)));
                    for (s1, empty) in firsts {
                        self.to(s1);
                        if empty {
                            for e in perp(d) {
                                self.ride_to(s1, e, second, 1);
                            }
                        }
                    }
                }
            }
            "HO" | "HFl" | "Pa" => {
                let dirs: Vec<Sq> = if self.pc.t == "Pa" {
                    ORTH.to_vec()
                } else {
                    vec![fwd]
                };
                self.double_hops(&dirs);
            }
            "DO" | "SEg" | "Ra" => {
                let dirs: Vec<Sq> = if self.pc.t == "Ra" {
                    DIAG.to_vec()
                } else {
                    vec![turn(c, (1, 1)), turn(c, (-1, 1))]
                };
                self.double_hops(&dirs);
            }
            "EE" => {
                for d in QUEEN {
                    let mut first = None;
                    self.ride(a, d, N, |s, _, empty| {
                        if !empty {
                            first = Some(s)
                        }
                    });
                    if let Some(s) = first {
                        self.igui(s);
                    }
                }
            }
            "Bln" | "Cbo" => {
                let (dirs, capture) = if self.pc.t == "Bln" {
                    (ORTH, true)
                } else {
                    (DIAG, false)
                };
                for d in dirs {
                    let mut screens = 0;
                    for k in 1..=4 {
                        let s = add(a, mul(d, k));
                        if !on(s) {
                            break;
                        }
                        let occupied = w.at(s).is_some();
                        if screens == 1 && (capture && w.enemy(s, c) || !capture && !occupied) {
                            self.go(s, &[], &[], true, true, HOP);
                        }
                        if occupied {
                            screens += 1;
                            if screens > 1 {
                                break;
                            }
                        }
                    }
                }
            }
            "Eye" => {
                for v in [(0, 1), (0, -1)] {
                    let s1 = add(a, v);
                    if !on(s1) || w.friend(s1, c) {
                        continue;
                    }
                    self.to(s1);
                    let s2 = add(s1, v);
                    if w.at(s1).is_some() || !on(s2) || w.friend(s2, c) {
                        continue;
                    }
                    self.to(s2);
                    if w.at(s2).is_some() {
                        continue;
                    }
                    for e in [(1, 0), (-1, 0)] {
                        let s3 = add(s2, e);
                        if on(s3) && !w.friend(s3, c) {
                            self.to(s3);
                        }
                    }
                }
            }
            "Yew" => {
                for e in [(1, 0), (-1, 0)] {
                    let s1 = add(a, e);
                    if !on(s1) || w.friend(s1, c) {
                        continue;
                    }
                    self.to(s1);
                    if w.at(s1).is_none() {
                        self.ride_to(s1, fwd, 3, 1);
                    }
                }
            }
            "FaQ" => QUEEN.iter().for_each(|&d| self.ride_to(a, d, N, 3)),
            "Tal" => DIAG.iter().for_each(|&d| self.ride_to(a, d, N, 2)),
            "Wa" => ORTH.iter().for_each(|&d| self.ride_to(a, d, N, 2)),
            "Wdr" | "Coo" | "Nrt" | "Int" | "Mi" | "So" | "Un" => self.obligatory_movers(),
            "TiH" => {
                for n in KNIGHT {
                    let s1 = add(a, n);
                    if w.enemy(s1, c) {
                        for e in ORTH {
                            let s2 = add(s1, e);
                            if on(s2) && !w.friend(s2, c) {
                                self.go(s2, &[s1], &[], true, true, HOP);
                            }
                        }
                    }
                }
            }
            // 2009 only: the exchange with any friend (1999: the relays in turns.rs).
            "Tlp" if !j1999 => {
                for s in super::Board::squares() {
                    if s != a && w.friend(s, c) {
                        let mut nb = w.clone();
                        nb.set(s, w.at(a));
                        nb.set(a, w.at(s));
                        self.part(nb, Some(s), None, false, TELEPORT | SWAP);
                    }
                }
            }
            "CmH" | "GoA" => self.magnets(),
            "Hgr" | "Wwf" => {
                for d in if self.pc.t == "Hgr" { QUEEN } else { KNIGHT } {
                    if let Some(l) = self.grasshop(a, d, 1) {
                        self.go(l, &[], &[], true, true, HOP);
                    }
                }
            }
            "OxT" | "DrT" => self.tank(),
            "BGn" | "RGn" => {
                for d in if self.pc.t == "BGn" { DIAG } else { ORTH } {
                    let mut hopped = 0;
                    for k in 1..N {
                        let s = add(a, mul(d, k));
                        let Some(p) = w.at(s) else {
                            if on(s) {
                                continue;
                            }
                            break;
                        };
                        if is_royal(p.t) || p.t == "BGn" || p.t == "RGn" {
                            break;
                        }
                        if hopped > 0 && p.c != c {
                            self.go(s, &[], &[], true, true, HOP);
                        }
                        hopped += 1;
                    }
                }
            }
            "Hlm" => self.halmopper(),
            "KLi" => {
                for d in QUEEN {
                    let s1 = add(a, d);
                    if !w.enemy(s1, c) {
                        continue;
                    }
                    for e in QUEEN {
                        let s2 = add(s1, e);
                        if on(s2) && (s2 == a || !w.friend(s2, c)) {
                            self.go(s2, &[s1], &[], true, true, HOP);
                        }
                    }
                }
                self.pass();
            }
            "QCn" => {
                for d in QUEEN {
                    let pieces: Vec<Sq> = (1..N)
                        .map(|k| add(a, mul(d, k)))
                        .take_while(|&s| on(s))
                        .filter(|&s| w.at(s).is_some())
                        .take(2)
                        .collect();
                    if pieces.len() == 2 && w.enemy(pieces[1], c) {
                        self.go(pieces[1], &[], &[], true, true, HOP);
                    }
                }
            }
            "Cu" => {
                for v in [(0, 1), (1, 0), (-1, 0), (0, -2)] {
                    let s = add(a, turn(c, v));
                    if w.enemy(s, c) {
                        let mut nb = w.clone();
                        nb.set(
                            s,
                            Some(Pc {
                                c,
                                ..w.at(s).unwrap()
                            }),
                        );
                        self.part(nb, Some(a), None, false, CONVERT);
                    }
                }
            }
            "Hu" => {
                for v in [(1, 0), (-1, 0), (0, 1), (0, -1), (0, 2), (0, -2)] {
                    let s = add(a, v);
                    if on(s) && w.at(s).is_some() {
                        self.swap_with(s);
                    }
                }
            }
            "Lo" => {
                for d in QUEEN {
                    let mut victims = Vec::new();
                    let mut s = a;
                    loop {
                        s = add(s, d);
                        if !on(s) {
                            break;
                        }
                        match w.at(s) {
                            None if !victims.is_empty() => {
                                self.go(s, &victims.clone(), &[], true, true, LINE)
                            }
                            None => {}
                            Some(p) if p.c != c && w.empty(add(s, d)) => victims.push(s),
                            Some(_) => break,
                        }
                    }
                }
            }
            "Roy" => {
                let mut may_pass = false;
                for r in super::Board::squares() {
                    if !matches!(w.at(r), Some(p) if p.c == c && is_royal(p.t)) {
                        continue;
                    }
                    for n in neighbours(r) {
                        if n != a {
                            let victims: Vec<Sq> =
                                w.friend(n, c).then_some(n).into_iter().collect();
                            self.go(n, &victims, &[], true, true, ROYALIST);
                        } else {
                            may_pass = true;
                        }
                    }
                }
                // 1999: "to any space adjacent to a friendly royal piece", its own included: a
                // pass (`Roy!`).
                if j1999 && may_pass {
                    self.pass();
                    self.out.last_mut().expect("the pass").tags |= ROYALIST;
                }
            }
            "Ov" => {
                for d in QUEEN {
                    let (s1, s2) = (add(a, d), add(a, mul(d, 2)));
                    if w.enemy(s1, c) && w.empty(s2) {
                        self.go(s2, &[s1], &[], true, true, HOP);
                    }
                }
            }
            "Za" | "Zi" => {
                for d in if self.pc.t == "Za" { ORTH } else { DIAG } {
                    let (s1, s2) = (add(a, d), add(a, mul(d, 2)));
                    if w.enemy(s1, c) && w.empty(s2) {
                        self.go(s2, &[s1], &[], true, true, HOP);
                    }
                }
            }
            "Oc" | "Sp" => {
                let oc = self.pc.t == "Oc";
                for d in if oc { DIAG } else { ORTH } {
                    let s1 = add(a, d);
                    if !w.empty(s1) {
                        continue;
                    }
                    self.to(s1);
                    let outward = if oc {
                        [(d.0, 0), (0, d.1)]
                    } else {
                        perp(d).map(|p| add(d, p))
                    };
                    for e in outward {
                        self.ride_to(s1, e, N, 1);
                    }
                }
            }
            "Trb" => {
                for v in [(2, 0), (-2, 0), (0, 2), (0, -2)] {
                    let s = add(a, v);
                    if w.empty(s) {
                        let mut nb = w.clone();
                        let id = 1000 + s.1 as u16 * 16 + s.0 as u16;
                        nb.set(s, Some(Pc { c, t: "Trb", id }));
                        self.part(nb, Some(a), None, true, BIRTH);
                    }
                }
            }
            _ => {}
        }
    }

    /// Parrot / Raven (and their forward halves on the Horned Owl, Horned Falcon, Diving Osprey,
    /// Soaring Eagle): igui on the adjacent square, hop-capture over it (the landing square may
    /// hold a second victim), pass.
    fn double_hops(&mut self, dirs: &[Sq]) {
        let (a, c) = (self.a, self.c());
        for &d in dirs {
            let s1 = add(a, d);
            if !self.w.enemy(s1, c) {
                continue;
            }
            self.igui(s1);
            let s2 = add(s1, d);
            if on(s2) && !self.w.friend(s2, c) {
                self.go(s2, &[s1], &[], true, true, HOP);
            }
        }
        self.pass();
    }

    fn swap_with(&mut self, s: Sq) {
        // The Hummingbird moves to `s` under its own power (it may promote); the other piece is
        // moved by it (never promotes).
        let (a, c, pc) = (self.a, self.c(), self.pc);
        let other = self.w.at(s);
        let mut nb = self.w.clone();
        nb.set(a, other);
        nb.set(s, Some(pc));
        if (in_zone(c, a) || in_zone(c, s))
            && let Some(t) = promotes_to(pc.t)
        {
            let mut pb = nb.clone();
            pb.set(s, Some(Pc { t, ..pc }));
            self.part(pb, Some(s), None, true, SWAP | PROMOTION);
        }
        self.part(nb, Some(s), None, false, SWAP);
    }

    /// One grasshopper hop from `s` along `d` over the first piece (`d` repeated, so a Knight
    /// vector makes the Werewolf's nightrider-hopper): returns the landing square if empty,
    /// emitting a capture if it holds an enemy. The square `self.a` counts as empty.
    fn grasshop(&mut self, s: Sq, d: Sq, depth: u32) -> Option<Sq> {
        let (a, c) = (self.a, self.c());
        let occupied = |x: Sq| x != a && self.w.at(x).is_some();
        let mut t = s;
        loop {
            t = add(t, d);
            if !on(t) {
                return None;
            }
            if occupied(t) {
                break;
            }
        }
        let l = add(t, d);
        if !on(l) {
            return None;
        }
        if !occupied(l) {
            return Some(l);
        }
        if self.w.enemy(l, c) {
            // 2009: a Halmopper may double only after a single capturing hop; 1999: after any
            // complete move.
            let cont = depth == 1 || self.w.ed == Edition::J1999;
            self.go(l, &[], &[], true, cont, HOP);
        }
        None
    }

    fn halmopper(&mut self) {
        let a = self.a;
        let mut seen = vec![a];
        let mut queue = std::collections::VecDeque::from([(a, 1)]);
        while let Some((s, depth)) = queue.pop_front() {
            for d in QUEEN {
                if let Some(l) = self.grasshop(s, d, depth)
                    && !seen.contains(&l)
                {
                    seen.push(l);
                    queue.push_back((l, depth + 1));
                    // Ending where it started would be a pass, which the Halmopper does not have.
                    // 2009: no second part after a noncapturing hop; 1999: any move may double.
                    let cont = self.w.ed == Edition::J1999;
                    self.go(l, &[], &[], true, cont, HOP);
                }
            }
        }
    }

    fn magnets(&mut self) {
        let (a, c, w) = (self.a, self.c(), self.w);
        let pull = self.pc.t == "CmH";
        for d in QUEEN {
            for k in 1..=4 {
                let s = add(a, mul(d, k));
                if !on(s) {
                    break;
                }
                let Some(p) = w.at(s) else { continue };
                if p.c != c {
                    let to = if pull {
                        add(a, mul(d, k - 1))
                    } else {
                        add(s, d)
                    };
                    let allowed = if pull { k >= 2 } else { k <= 3 && w.empty(to) };
                    if allowed {
                        let mut nb = w.clone();
                        nb.set(s, None);
                        nb.set(to, Some(p));
                        self.part(nb, Some(a), None, false, if pull { PULL } else { PUSH });
                    }
                }
                break;
            }
        }
    }

    /// 2009: at most two friends pushed, never off the board; 1999: the last pushed friend may
    /// be pushed off the board and leaves the game.
    fn tank(&mut self) {
        let (a, c, w, pc) = (self.a, self.c(), self.w, self.pc);
        let off_allowed = w.ed == Edition::J1999;
        for d in if pc.t == "OxT" { ORTH } else { DIAG } {
            let s1 = add(a, d);
            if !w.friend(s1, c) {
                continue; // plain step or capture
            }
            let s2 = add(s1, d);
            let mut nb = w.clone();
            let mut off = false;
            let victims = if !on(s2) {
                if !off_allowed {
                    continue;
                }
                off = true;
                false
            } else if w.friend(s2, c) {
                let s3 = add(s2, d);
                if on(s3) && w.friend(s3, c) || !on(s3) && !off_allowed {
                    continue;
                }
                if on(s3) {
                    nb.set(s3, w.at(s2));
                } else {
                    off = true;
                }
                w.at(s3).is_some()
            } else {
                w.at(s2).is_some()
            };
            if on(s2) {
                nb.set(s2, w.at(s1));
            }
            nb.set(s1, Some(pc));
            nb.set(a, None);
            let tags =
                PUSH | TANK | if victims { CAPTURE } else { 0 } | if off { OFF_BOARD } else { 0 };
            let victims = victims || off;
            if (in_zone(c, a) || in_zone(c, s1))
                && let Some(t) = promotes_to(pc.t)
            {
                let mut pb = nb.clone();
                pb.set(s1, Some(Pc { t, ..pc }));
                self.part(pb, Some(s1), None, true, tags | PROMOTION);
            }
            self.part(nb, Some(s1), None, victims, tags);
        }
    }

    /// Pieces whose move decides its own obligatory (or, for the Undertaker, optional) powers:
    /// Withdrawer, Coordinator (Q moving), Neartaker, Intertaker (W + F moving), Missionary,
    /// Sorcerer (Q2 moving; 1999: W + B2), Undertaker (W + F moving). In 1999 every one of these
    /// powers is optional: a move that would capture or convert is also made without.
    fn obligatory_movers(&mut self) {
        let (a, c, w) = (self.a, self.c(), self.w);
        let t = self.pc.t;
        let j1999 = w.ed == Edition::J1999;
        for d in QUEEN {
            let diagonal = d.0 != 0 && d.1 != 0;
            let range = match t {
                "Wdr" | "Coo" => N,
                "Mi" | "So" if j1999 && !diagonal => 1,
                "Mi" | "So" => 2,
                _ => 1,
            };
            for k in 1..=range {
                let s = add(a, mul(d, k));
                if !w.empty(s) {
                    break;
                }
                let mut after = w.clone();
                after.set(a, None);
                after.set(s, Some(self.pc));
                let mut victims = Vec::new();
                let mut converts = Vec::new();
                match t {
                    "Wdr" if w.enemy(add(a, neg(d)), c) => victims.push(add(a, neg(d))),
                    "Nrt" if w.enemy(add(s, d), c) => victims.push(add(s, d)),
                    "Mi" if w.enemy(add(s, d), c) => converts.push(add(s, d)),
                    "So" => {
                        let mut v = add(s, d);
                        while w.enemy(v, c) {
                            victims.push(v);
                            v = add(v, d);
                        }
                    }
                    "Int" => {
                        for e in QUEEN {
                            let (v, beyond) = (add(s, e), add(s, mul(e, 2)));
                            if after.enemy(v, c) && after.friend(beyond, c) {
                                victims.push(v);
                            }
                        }
                    }
                    "Coo" => {
                        for r in super::Board::squares() {
                            if matches!(after.at(r), Some(p) if p.c == c && is_royal(p.t)) {
                                for v in [(r.0, s.1), (s.0, r.1)] {
                                    if after.enemy(v, c) && !victims.contains(&v) {
                                        victims.push(v);
                                    }
                                }
                            }
                        }
                    }
                    "Un" if w.enemy(add(a, neg(d)), c) => {
                        // Capture by withdrawal is optional in Jupiter: both moves.
                        self.go(s, &[add(a, neg(d))], &[], true, true, 0);
                    }
                    _ => {}
                }
                let tags = if victims.is_empty() { 0 } else { LINE };
                self.go(s, &victims, &converts, true, true, tags);
                if j1999 && (!victims.is_empty() || !converts.is_empty()) {
                    self.go(s, &[], &[], true, true, 0);
                }
            }
        }
    }
}
