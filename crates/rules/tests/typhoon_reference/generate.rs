//! The reference's move generation: every legal move as (from-square, board after it).

use std::collections::BTreeSet;

use jovian_rules::{Color, Move, Position, WinReason};

use super::*;

/// One legal move: the square it is made from and the board it leaves (Tan to move after Blue).
pub type Effect = (Sq, Board);

fn enemy_of(b: &Board, sq: Sq, c: Color) -> bool {
    matches!(b.at(sq), Some((o, _)) if o != c)
}

fn friend_of(b: &Board, sq: Sq, c: Color) -> bool {
    matches!(b.at(sq), Some((o, _)) if o == c)
}

/// Next to an enemy Immobilizer: the piece may not move under its own power.
pub fn immobilized(b: &Board, sq: Sq) -> bool {
    let Some((c, _)) = b.at(sq) else {
        return false;
    };
    QUEEN_DIRS
        .iter()
        .any(|&d| matches!(b.at(add(sq, d)), Some((o, "Im")) if o != c))
}

struct Gen<'a> {
    b: &'a Board,
    c: Color,
    out: Vec<Effect>,
}

impl Gen<'_> {
    /// The board after the piece on `from` goes to `to` (they may be equal), `victims` removed.
    fn after(&self, from: Sq, to: Sq, victims: &[Sq], kind: &'static str) -> Board {
        let mut b = self.b.clone();
        for &v in victims {
            b.set(v, None);
        }
        b.set(from, None);
        b.set(to, Some((self.c, kind)));
        b.side = self.c.other();
        b
    }

    /// A move of the piece on `from` to `to` taking `victims`; with `may_promote`, the promoting
    /// twin too when it starts or ends in the zone.
    fn push(&mut self, from: Sq, to: Sq, victims: &[Sq], may_promote: bool) {
        let (_, t) = self.b.at(from).expect("a piece moves");
        let plain = self.after(from, to, victims, t);
        if may_promote
            && (in_zone(self.c, from) || in_zone(self.c, to))
            && let Some(mut promoted) = promotes_to(t)
        {
            if t == "K" {
                let emperor = plain
                    .squares()
                    .any(|s| matches!(plain.at(s), Some((_, "Em"))));
                promoted = if emperor { "EE" } else { "Em" };
            }
            self.out
                .push((from, self.after(from, to, victims, promoted)));
        }
        self.out.push((from, plain));
    }

    /// Plain rides and leaps of `t` standing on `from` (as if it stood there).
    fn plain_targets(&self, t: &str, from: Sq) -> Vec<(Sq, bool)> {
        let mut out = Vec::new();
        for pl in plain(t) {
            for &v in &pl.vectors {
                let d = turn(self.c, v);
                let mut s = from;
                for _ in 0..pl.range {
                    s = add(s, d);
                    if !on(s) {
                        break;
                    }
                    match self.b.at(s) {
                        None => {
                            if pl.mode != CaptureOnly {
                                out.push((s, false));
                            }
                        }
                        Some((o, _)) => {
                            if o != self.c && pl.mode != MoveOnly {
                                out.push((s, true));
                            }
                            break;
                        }
                    }
                }
            }
        }
        if t == "Wa" {
            // A Rook that may not stop on the adjacent square and is blocked there.
            for d in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if !on(add(from, d)) || self.b.at(add(from, d)).is_some() {
                    continue;
                }
                let mut s = add(from, d);
                loop {
                    s = add(s, d);
                    if !on(s) {
                        break;
                    }
                    match self.b.at(s) {
                        None => out.push((s, false)),
                        Some((o, _)) => {
                            if o != self.c {
                                out.push((s, true));
                            }
                            break;
                        }
                    }
                }
            }
        }
        out
    }

    fn piece(&mut self, from: Sq, t: &'static str) {
        let c = self.c;
        if immobilized(self.b, from) {
            // Self-capture is its only move of its own.
            let mut b = self.b.clone();
            b.set(from, None);
            b.side = c.other();
            self.out.push((from, b));
            return;
        }
        for (to, capture) in self.plain_targets(t, from) {
            let victims: &[Sq] = if capture { &[to] } else { &[] };
            self.push(from, to, victims, true);
        }
        self.hooks(from, t);
    }

    fn igui(&mut self, from: Sq, targets: &[Sq]) {
        for &d in targets {
            let s = add(from, turn(self.c, d));
            if enemy_of(self.b, s, self.c) {
                let (_, t) = self.b.at(from).unwrap();
                let b = self.after(from, from, &[s], t);
                self.out.push((from, b));
            }
        }
    }

    fn pass(&mut self, from: Sq) {
        let mut b = self.b.clone();
        b.side = self.c.other();
        self.out.push((from, b));
    }

    /// Over an adjacent enemy to the square beyond, which may be empty or hold a second enemy.
    fn double_hop(&mut self, from: Sq, dirs: &[Sq]) {
        for &d in dirs {
            let d = turn(self.c, d);
            let over = add(from, d);
            let to = add(over, d);
            if enemy_of(self.b, over, self.c) && on(to) && !friend_of(self.b, to, self.c) {
                let victims: Vec<Sq> = if self.b.at(to).is_some() {
                    vec![over, to]
                } else {
                    vec![over]
                };
                self.push(from, to, &victims, true);
            }
        }
    }

    /// Over an adjacent enemy to the empty square beyond (Overtaker, Zig, Zag).
    fn hop_capture(&mut self, from: Sq, dirs: &[Sq]) {
        for &d in dirs {
            let over = add(from, d);
            let to = add(over, d);
            if enemy_of(self.b, over, self.c) && on(to) && self.b.at(to).is_none() {
                self.push(from, to, &[over], true);
            }
        }
    }

    fn hooks(&mut self, from: Sq, t: &'static str) {
        const ORTHO: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        const DIAG: [Sq; 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
        let c = self.c;
        match t {
            "Ci" => {
                // Q3 that must hop one or two pieces (of either side) on the way.
                for d in QUEEN_DIRS {
                    let mut hopped = 0;
                    for k in 1..=3 {
                        let s = (from.0 + d.0 * k, from.1 + d.1 * k);
                        if !on(s) {
                            break;
                        }
                        if k >= 2 && hopped > 0 && !friend_of(self.b, s, c) {
                            let victims: Vec<Sq> = self.b.at(s).map(|_| s).into_iter().collect();
                            self.push(from, s, &victims, true);
                        }
                        if self.b.at(s).is_some() {
                            hopped += 1;
                        }
                    }
                }
            }
            "Sa" => {
                // Noncapturing Q4 (2-4 steps) landing next to a friend (not itself).
                for d in QUEEN_DIRS {
                    for k in 1..=4 {
                        let s = (from.0 + d.0 * k, from.1 + d.1 * k);
                        if !on(s) || self.b.at(s).is_some() {
                            break;
                        }
                        let next_to_friend = QUEEN_DIRS.iter().any(|&e| {
                            let n = add(s, e);
                            n != from && friend_of(self.b, n, c)
                        });
                        if k >= 2 && next_to_friend {
                            self.push(from, s, &[], true);
                        }
                    }
                }
            }
            "Ty" => {
                // Queen up to 3 steps, taking every enemy it passes; a friend stops it.
                for d in QUEEN_DIRS {
                    let mut victims = Vec::new();
                    for k in 1..=3 {
                        let s = (from.0 + d.0 * k, from.1 + d.1 * k);
                        if !on(s) || friend_of(self.b, s, c) {
                            break;
                        }
                        if self.b.at(s).is_some() {
                            victims.push(s);
                        }
                        self.push(from, s, &victims, true);
                    }
                }
            }
            "Ge" => self.igui(from, &QUEEN_DIRS),
            "HO" => {
                self.igui(from, &[(0, 1)]);
                self.double_hop(from, &[(0, 1)]);
                self.pass(from);
            }
            "DO" => {
                self.igui(from, &[(1, 1), (-1, 1)]);
                self.double_hop(from, &[(1, 1), (-1, 1)]);
                self.pass(from);
            }
            "Pa" | "Ra" => {
                let dirs = if t == "Pa" { ORTHO } else { DIAG };
                self.igui(from, &dirs);
                self.double_hop(from, &dirs);
                self.pass(from);
            }
            "EE" => {
                // Shooting: the first piece on each queen line, if an enemy, at any distance.
                for d in QUEEN_DIRS {
                    let mut s = add(from, d);
                    while on(s) && self.b.at(s).is_none() {
                        s = add(s, d);
                    }
                    if enemy_of(self.b, s, c) {
                        let b = self.after(from, from, &[s], t);
                        self.out.push((from, b));
                    }
                }
            }
            "Cu" => {
                for d in [(0, 1), (1, 0), (-1, 0), (0, -2)] {
                    let s = add(from, turn(c, d));
                    if let Some((o, kind)) = self.b.at(s).filter(|&(o, _)| o != c) {
                        let _ = o;
                        let mut b = self.b.clone();
                        b.set(s, Some((c, kind)));
                        b.side = c.other();
                        self.out.push((from, b));
                    }
                }
            }
            "Hu" => {
                for d in [(0, 1), (0, -1), (1, 0), (-1, 0), (0, 2), (0, -2)] {
                    let s = add(from, turn(c, d));
                    if let Some(other) = self.b.at(s) {
                        // The Hummingbird may promote; the piece it moves never does.
                        for kind in ["Hu", "Im"] {
                            if kind == "Im" && !(in_zone(c, from) || in_zone(c, s)) {
                                continue;
                            }
                            let mut b = self.b.clone();
                            b.set(s, Some((c, kind)));
                            b.set(from, Some(other));
                            b.side = c.other();
                            self.out.push((from, b));
                        }
                    }
                }
            }
            "Lo" => {
                for d in QUEEN_DIRS {
                    let mut victims = Vec::new();
                    let mut s = add(from, d);
                    while on(s) {
                        match self.b.at(s) {
                            None => {
                                if !victims.is_empty() {
                                    self.push(from, s, &victims, true);
                                }
                            }
                            Some((o, _)) if o != c => {
                                let beyond = add(s, d);
                                if !on(beyond) || self.b.at(beyond).is_some() {
                                    break;
                                }
                                victims.push(s);
                            }
                            Some(_) => break,
                        }
                        s = add(s, d);
                    }
                }
            }
            "Mi" | "So" => {
                for d in QUEEN_DIRS {
                    for k in 1..=2 {
                        let s = (from.0 + d.0 * k, from.1 + d.1 * k);
                        if !on(s) || self.b.at(s).is_some() {
                            break;
                        }
                        let beyond = add(s, d);
                        let enemy_beyond = enemy_of(self.b, beyond, c);
                        if t == "Mi" {
                            let mut b = self.after(from, s, &[], t);
                            if enemy_beyond {
                                let (_, kind) = self.b.at(beyond).unwrap();
                                b.set(beyond, Some((c, kind)));
                            }
                            self.out.push((from, b));
                        } else {
                            let mut victims = Vec::new();
                            let mut v = beyond;
                            while enemy_of(self.b, v, c) {
                                victims.push(v);
                                v = add(v, d);
                            }
                            self.push(from, s, &victims, true);
                        }
                    }
                }
            }
            "Un" => {
                for d in QUEEN_DIRS {
                    let to = add(from, d);
                    if !on(to) || self.b.at(to).is_some() {
                        continue;
                    }
                    let behind = (from.0 - d.0, from.1 - d.1);
                    let victims: Vec<Sq> = if enemy_of(self.b, behind, c) {
                        vec![behind]
                    } else {
                        vec![]
                    };
                    self.push(from, to, &victims, true);
                }
            }
            "Ov" => self.hop_capture(from, &QUEEN_DIRS),
            "Za" => self.hop_capture(from, &ORTHO),
            "Zi" => self.hop_capture(from, &DIAG),
            "Oc" | "Sp" => {
                let (firsts, thens) = if t == "Oc" {
                    (DIAG, ORTHO)
                } else {
                    (ORTHO, DIAG)
                };
                for f in firsts {
                    let first = add(from, f);
                    if !on(first) || self.b.at(first).is_some() {
                        continue;
                    }
                    self.push(from, first, &[], true);
                    for th in thens.iter().filter(|th| th.0 * f.0 + th.1 * f.1 > 0) {
                        let mut s = first;
                        loop {
                            s = add(s, *th);
                            if !on(s) || friend_of(self.b, s, c) {
                                break;
                            }
                            if self.b.at(s).is_some() {
                                self.push(from, s, &[s], true);
                                break;
                            }
                            self.push(from, s, &[], true);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// The piece on `from` can go to `to` by a move of its own (ending there, whatever else the
    /// move does): then a relayer's lending of that move is the piece's own move (T: "already has
    /// the movement capability in question").
    fn own_move_lands(&self, from: Sq, to: Sq) -> bool {
        let (_, t) = self.b.at(from).expect("a piece");
        let mut own = Gen {
            b: self.b,
            c: self.c,
            out: Vec::new(),
        };
        own.piece(from, t);
        own.out.iter().any(|(_, after)| {
            after.at(from).is_none() && matches!(after.at(to), Some((o, _)) if o == self.c)
        })
    }

    /// Moves lent by the Dervish or Harpy on `relayer` to friends; a move the friend can make by its
    /// own table powers (and it is free to) is its own, not lent.
    fn relays(&mut self, relayer: Sq, t: &str) {
        let c = self.c;
        let mut lends: Vec<(Sq, Sq)> = Vec::new();
        if t == "De" {
            // T's "that is": a neighbour leaps to the opposite side of the Dervish, or an orthogonal
            // neighbour steps diagonally round it (docs/rules/scirocco.md reads it the same way).
            for d in QUEEN_DIRS {
                let friend = add(relayer, d);
                if !friend_of(self.b, friend, c) {
                    continue;
                }
                lends.push((friend, (relayer.0 - d.0, relayer.1 - d.1)));
                if d.0 == 0 || d.1 == 0 {
                    for p in [(d.1, d.0), (-d.1, -d.0)] {
                        lends.push((friend, add(relayer, p)));
                    }
                }
            }
        } else {
            for d in QUEEN_DIRS {
                for k in 1..=3 {
                    let s = (relayer.0 + d.0 * k, relayer.1 + d.1 * k);
                    if !on(s) {
                        break;
                    }
                    if self.b.at(s).is_none() {
                        continue;
                    }
                    if friend_of(self.b, s, c) {
                        for n in sym(2, 1, all) {
                            lends.push((s, add(s, n)));
                        }
                    }
                    break;
                }
            }
        }
        for (friend, to) in lends {
            if !on(to) || friend_of(self.b, to, c) {
                continue;
            }
            let capture = self.b.at(to).is_some();
            if !immobilized(self.b, friend) && self.own_move_lands(friend, to) {
                continue;
            }
            let victims: Vec<Sq> = if capture { vec![to] } else { vec![] };
            self.push(friend, to, &victims, false);
        }
    }
}

/// Every move of the side to move by the pieces' powers, as effects (duplicates merged).
pub fn pseudo_moves(b: &Board) -> BTreeSet<Effect> {
    let mut g = Gen {
        b,
        c: b.side,
        out: Vec::new(),
    };
    for sq in b.squares() {
        if let Some((o, t)) = b.at(sq)
            && o == b.side
        {
            g.piece(sq, t);
            if matches!(t, "De" | "Ha") && !immobilized(b, sq) {
                g.relays(sq, t);
            }
        }
    }
    g.out.into_iter().collect()
}

/// The end decided by the pieces: the side to move is examined first.
pub fn material_outcome(b: &Board) -> Option<(Color, WinReason)> {
    for c in [b.side, b.side.other()] {
        let mine: Vec<&str> = b
            .squares()
            .filter_map(|s| b.at(s).filter(|p| p.0 == c).map(|p| p.1))
            .collect();
        if !mine.iter().any(|t| is_royal(t)) {
            return Some((c.other(), WinReason::RoyalCaptured));
        }
        if mine.len() == 1 {
            return Some((c.other(), WinReason::Bared));
        }
    }
    None
}

/// A game: the board and every position so far, for the repetition rule.
#[derive(Clone)]
pub struct RefGame {
    pub board: Board,
    pub history: Vec<Board>,
}

impl RefGame {
    pub fn new(board: Board) -> RefGame {
        RefGame {
            history: vec![board.clone()],
            board,
        }
    }
    /// The legal moves: none once the game is decided by the pieces; no move may make a position
    /// occur a third time.
    pub fn legal(&self) -> BTreeSet<Effect> {
        if material_outcome(&self.board).is_some() {
            return BTreeSet::new();
        }
        pseudo_moves(&self.board)
            .into_iter()
            .filter(|(_, after)| self.history.iter().filter(|h| *h == after).count() < 2)
            .collect()
    }
    pub fn play(&mut self, after: Board) {
        self.history.push(after.clone());
        self.board = after;
    }
}

/// The library's legal moves as effects, each with the move.
pub fn library_effects(pos: &mut Position) -> Vec<(Effect, Move)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            pos.make(m);
            let after = Board::from_position(pos);
            pos.unmake();
            (((m.from.file() as i8, m.from.rank() as i8), after), m)
        })
        .collect()
}
