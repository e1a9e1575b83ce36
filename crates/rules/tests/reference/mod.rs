//! A naive second move generator for Scirocco, used only by tests.
//!
//! It shares nothing with the library's move generation: its board is a plain 10x10 array of
//! `Option<(Color, abbreviation)>`, and each piece's powers are written out from the rules text as a
//! predicate on the vector to a target square (`reach`), tried against every square of the board,
//! instead of the library's compiled Betza offsets and rays. Relays, promotion, game end and the
//! repetition rule are written out again as well. Only the piece *names* come from the library, to
//! convert its moves and positions into the canonical form compared here (`Canon`).
//!
//! Each test binary uses a different subset of these helpers.
#![allow(dead_code)]

use std::collections::HashMap;
use std::fmt;

use jovian_rules::{Color, Move, MoveKind, Position, Setup, Square, Variant, WinReason};

pub mod random;

pub const SIZE: i8 = 10;

/// (file, rank), both from 0: a1 is (0, 0), j10 is (9, 9).
pub type Sq = (i8, i8);

/// The 36 types in the text's table order (18 unpromoted, then the promoted ones).
pub const TYPES: [&str; 36] = [
    "P", "Gu", "Pr", "Sc", "K", "W", "F", "Co", "Ma", "Ch", "A", "St", "N", "C", "De", "Go", "D",
    "Wa", "Ta", "Z", "Du", "Vu", "Em", "Za", "Zi", "Wi", "Ab", "Oc", "B", "Q", "R", "Sq", "Ha",
    "Li", "Ge", "Sp",
];

/// "Promotes to" column of the text's table. Promoted types never promote again.
pub fn promotes_to(t: &str) -> Option<&'static str> {
    Some(match t {
        "P" => "Ta",
        "Gu" => "Z",
        "Pr" => "Du",
        "Sc" => "Vu",
        "K" => "Em",
        "W" => "Za",
        "F" => "Zi",
        "Co" => "Wi",
        "Ma" => "Ab",
        "Ch" => "Oc",
        "A" => "B",
        "St" => "Q",
        "N" => "R",
        "C" => "Sq",
        "De" => "Ha",
        "Go" => "Li",
        "D" => "Ge",
        "Wa" => "Sp",
        _ => return None,
    })
}

pub fn is_royal(t: &str) -> bool {
    t == "K" || t == "Em"
}

/// Blue's zone is ranks 8-10, Tan's ranks 1-3.
pub fn in_zone(color: Color, sq: Sq) -> bool {
    match color {
        Color::Blue => sq.1 >= 7,
        Color::Tan => sq.1 <= 2,
    }
}

/// The reference's own copy of an abbreviation (panics on a name the text does not have).
pub fn type_name(abbr: &str) -> &'static str {
    TYPES
        .iter()
        .find(|&&t| t == abbr)
        .copied()
        .unwrap_or_else(|| panic!("{abbr} is not a Scirocco piece"))
}

pub fn on_board(sq: Sq) -> bool {
    (0..SIZE).contains(&sq.0) && (0..SIZE).contains(&sq.1)
}

pub fn name(sq: Sq) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
}

pub fn parse_sq(text: &str) -> Sq {
    let file = text.as_bytes()[0] as i8 - b'a' as i8;
    let rank: i8 = text[1..].parse().expect("square name");
    let sq = (file, rank - 1);
    assert!(on_board(sq), "{text} is not on the board");
    sq
}

pub fn from_lib(s: Square) -> Sq {
    (s.file() as i8, s.rank() as i8)
}

pub fn to_lib(sq: Sq) -> Square {
    Square::new(sq.0 as u8, sq.1 as u8)
}

pub fn all_squares() -> impl Iterator<Item = Sq> {
    (0..SIZE).flat_map(|r| (0..SIZE).map(move |f| (f, r)))
}

fn add(a: Sq, b: Sq) -> Sq {
    (a.0 + b.0, a.1 + b.1)
}

// ---------------------------------------------------------------------------------------------
// Board

pub type Cell = Option<(Color, &'static str)>;

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    /// `cells[rank][file]`.
    pub cells: [[Cell; 10]; 10],
    pub side: Color,
}

impl Board {
    pub fn empty(side: Color) -> Board {
        Board {
            cells: [[None; 10]; 10],
            side,
        }
    }

    pub fn at(&self, sq: Sq) -> Cell {
        self.cells[sq.1 as usize][sq.0 as usize]
    }

    pub fn set(&mut self, sq: Sq, cell: Cell) {
        self.cells[sq.1 as usize][sq.0 as usize] = cell;
    }

    /// Places pieces written as `"Ke1 Deg5 Pf4"` for `color`.
    pub fn put(&mut self, color: Color, list: &str) -> &mut Board {
        for token in list.split_whitespace() {
            let (abbr, sq) = split_token(token);
            assert!(self.at(sq).is_none(), "{token}: square taken");
            self.set(sq, Some((color, type_name(abbr))));
        }
        self
    }

    pub fn pieces(&self) -> impl Iterator<Item = (Sq, Color, &'static str)> + '_ {
        all_squares().filter_map(|sq| self.at(sq).map(|(c, t)| (sq, c, t)))
    }

    pub fn count(&self, color: Color) -> usize {
        self.pieces().filter(|p| p.1 == color).count()
    }

    pub fn royals(&self, color: Color) -> usize {
        self.pieces()
            .filter(|p| p.1 == color && is_royal(p.2))
            .count()
    }

    pub fn from_position(pos: &Position) -> Board {
        let v = pos.variant();
        let mut b = Board::empty(pos.side_to_move());
        for (color, kind, sq) in pos.pieces() {
            b.set(from_lib(sq), Some((color, type_name(v.abbr(kind)))));
        }
        b
    }

    pub fn to_setup(&self, variant: &'static Variant) -> Setup {
        let pieces = self
            .pieces()
            .map(|(sq, c, t)| {
                (
                    c,
                    variant.kind_by_abbr(t).expect("library type"),
                    to_lib(sq),
                )
            })
            .collect();
        Setup {
            variant,
            pieces,
            to_move: self.side,
            chess: None,
        }
    }

    pub fn to_position(&self, variant: &'static Variant) -> Position {
        Position::from_setup(&self.to_setup(variant)).expect("valid composed position")
    }
}

/// Splits `Deg5` into ("De", g5): the square is the last lowercase letter and its digits.
pub fn split_token(token: &str) -> (&str, Sq) {
    let digits = token.trim_end_matches(|c: char| c.is_ascii_digit());
    let cut = digits.len() - 1;
    (&token[..cut], parse_sq(&token[cut..]))
}

impl fmt::Display for Board {
    /// A diagram (rank 10 at the top; Blue upper case, Tan lower case) and the side to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in (0..SIZE).rev() {
            write!(f, "{:>2} ", r + 1)?;
            for file in 0..SIZE {
                match self.at((file, r)) {
                    None => write!(f, " . ")?,
                    Some((Color::Blue, t)) => write!(f, "{:<3}", t.to_uppercase())?,
                    Some((Color::Tan, t)) => write!(f, "{:<3}", t.to_lowercase())?,
                }
            }
            writeln!(f)?;
        }
        writeln!(
            f,
            "    a  b  c  d  e  f  g  h  i  j    {} to move",
            self.side
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Canonical moves

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Kind {
    Normal,
    Relayed,
    Igui,
    Hop,
}

/// A move in comparable form. For an igui capture `to` is the victim's square (the piece stays).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Canon {
    pub from: Sq,
    pub to: Sq,
    pub kind: Kind,
    pub captured: Option<Sq>,
    pub promo: Option<&'static str>,
}

impl Canon {
    /// Where the moving piece ends.
    pub fn dest(&self) -> Sq {
        if self.kind == Kind::Igui {
            self.from
        } else {
            self.to
        }
    }
}

impl fmt::Display for Canon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            Kind::Normal => "",
            Kind::Relayed => "relayed ",
            Kind::Igui => "igui ",
            Kind::Hop => "hop ",
        };
        write!(f, "{kind}{}-{}", name(self.from), name(self.to))?;
        if let Some(c) = self.captured {
            write!(f, " x{}", name(c))?;
        }
        if let Some(p) = self.promo {
            write!(f, " ={p}")?;
        }
        Ok(())
    }
}

/// The library's move in canonical form. Captures are read from the board, not from the library.
pub fn lib_canon(pos: &Position, m: Move) -> Canon {
    let (kind, captured) = match m.kind {
        MoveKind::Normal => (Kind::Normal, pos.piece_at(m.to).map(|_| from_lib(m.to))),
        MoveKind::Relayed => (Kind::Relayed, pos.piece_at(m.to).map(|_| from_lib(m.to))),
        MoveKind::Igui => (Kind::Igui, Some(from_lib(m.to))),
        MoveKind::HopCapture => (Kind::Hop, Some(from_lib(m.hopped()))),
        // Kinds only Typhoon generates; the reference generator is Scirocco's.
        other => panic!("Scirocco has no {other:?} move"),
    };
    Canon {
        from: from_lib(m.from),
        to: from_lib(m.to),
        kind,
        captured,
        promo: m.promotion().map(|k| type_name(pos.variant().abbr(k))),
    }
}

/// The library's legal moves, canonical and sorted (duplicates kept, so that they show).
pub fn lib_moves(pos: &mut Position) -> Vec<(Canon, Move)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<(Canon, Move)> = moves.into_iter().map(|m| (lib_canon(pos, m), m)).collect();
    out.sort_by_key(|a| a.0);
    out
}

/// The position after a move (the reference's own make).
pub fn apply(b: &Board, m: &Canon) -> Board {
    let mut n = b.clone();
    let piece = b.at(m.from).expect("a piece moves");
    if let Some(c) = m.captured {
        n.set(c, None);
    }
    if m.kind != Kind::Igui {
        n.set(m.from, None);
        n.set(m.to, Some(piece));
    }
    if let Some(p) = m.promo {
        n.set(m.dest(), Some((piece.0, p)));
    }
    n.side = b.side.other();
    n
}

// ---------------------------------------------------------------------------------------------
// The pieces' own powers

fn between_empty(b: &Board, from: Sq, to: Sq) -> bool {
    let step = ((to.0 - from.0).signum(), (to.1 - from.1).signum());
    let mut s = add(from, step);
    while s != to {
        if b.at(s).is_some() {
            return false;
        }
        s = add(s, step);
    }
    true
}

/// Octopus: F step (may stop there, never captures there), then rook outward. A target one file
/// and at least two ranks away is reached through the corner (dx, sign dy) and up that file.
fn octopus(b: &Board, from: Sq, dx: i8, dy: i8) -> (bool, bool) {
    let (ax, ay) = (dx.abs(), dy.abs());
    if ax == 1 && ay == 1 {
        return (true, false);
    }
    let path: Vec<Sq> = if ax == 1 && ay >= 2 {
        (1..ay)
            .map(|k| (from.0 + dx, from.1 + dy.signum() * k))
            .collect()
    } else if ay == 1 && ax >= 2 {
        (1..ax)
            .map(|k| (from.0 + dx.signum() * k, from.1 + dy))
            .collect()
    } else {
        return (false, false);
    };
    let ok = path.iter().all(|&s| b.at(s).is_none());
    (ok, ok)
}

/// Spider: W step (may stop there, never captures there), then bishop outward: targets
/// (±k, 1+k) around each orthogonal direction, through the squares (±j, 1+j), j < k.
fn spider(b: &Board, from: Sq, dx: i8, dy: i8) -> (bool, bool) {
    let (ax, ay) = (dx.abs(), dy.abs());
    if ax + ay == 1 {
        return (true, false);
    }
    let (sx, sy) = (dx.signum(), dy.signum());
    let path: Vec<Sq> = if ay == ax + 1 && ax >= 1 {
        (0..ax)
            .map(|j| (from.0 + sx * j, from.1 + sy * (j + 1)))
            .collect()
    } else if ax == ay + 1 && ay >= 1 {
        (0..ay)
            .map(|j| (from.0 + sx * (j + 1), from.1 + sy * j))
            .collect()
    } else {
        return (false, false);
    };
    let ok = path.iter().all(|&s| b.at(s).is_none());
    (ok, ok)
}

/// Whether a piece of type `t` and colour `color` on `from` may (move to an empty `to`, capture an
/// enemy on `to`), written from the text's piece descriptions.
pub fn reach(b: &Board, t: &str, color: Color, from: Sq, to: Sq) -> (bool, bool) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let forward = if color == Color::Blue { dy } else { -dy };
    let (ax, ay) = (dx.abs(), dy.abs());
    let leap = |p: i8, q: i8| (ax == p && ay == q) || (ax == q && ay == p);
    let dist = ax.max(ay);
    let orth = ax == 0 || ay == 0;
    let diag = ax == ay;
    let clear = || between_empty(b, from, to);
    let rook = |range: i8| orth && dist <= range && clear();
    let bishop = |range: i8| diag && dist <= range && clear();
    let queen = |range: i8| (orth || diag) && dist <= range && clear();
    let both = |x: bool| (x, x);
    const ANY: i8 = SIZE;
    match t {
        "P" => (dx == 0 && forward == 1, ax == 1 && forward == 1),
        "Gu" => (leap(1, 0), leap(1, 1)),
        "Pr" => both(leap(1, 1) || leap(2, 1)),
        "Sc" => both(leap(1, 0) || bishop(ANY)),
        "K" | "Co" => both(dist == 1),
        "W" => both(leap(1, 0)),
        "F" => both(leap(1, 1)),
        "Ma" => both(leap(1, 0) || leap(2, 1)),
        "Ch" => both(rook(4)),
        "A" => both(leap(2, 2)),
        "St" => (leap(2, 2), leap(2, 2) || leap(1, 0)),
        "N" => both(leap(2, 1)),
        "C" => both(leap(3, 1)),
        "De" => both(leap(2, 0) || leap(2, 2)),
        "Go" => (leap(1, 1) || leap(2, 0), leap(2, 0)),
        "D" => both(leap(2, 0)),
        // A rook that cannot end on the adjacent square; `clear` makes it blocked there.
        "Wa" => both(dist >= 2 && rook(ANY)),
        "Ta" => (
            leap(1, 1) || leap(3, 0),
            leap(1, 1) || leap(3, 0) || leap(1, 0),
        ),
        "Z" => both(leap(3, 2)),
        "Du" => both(leap(2, 1) || rook(4)),
        "Vu" => (bishop(ANY) || leap(1, 0), rook(ANY) || leap(1, 1)),
        "Em" => both(leap(1, 0) || leap(2, 0) || leap(2, 2)),
        "Za" => both(leap(1, 1) || leap(2, 2)),
        "Zi" => both(leap(1, 0) || leap(2, 0)),
        "Wi" => both(leap(2, 1) || leap(3, 1)),
        "Ab" => both(leap(2, 1) || bishop(4)),
        "Oc" => octopus(b, from, dx, dy),
        "B" => both(bishop(ANY)),
        "Q" => both(queen(ANY)),
        "R" => both(rook(ANY)),
        "Sq" => both(leap(2, 0) || leap(2, 1) || leap(2, 2)),
        "Ha" => (queen(3), false),
        "Li" => both(dist <= 2),
        "Ge" => both(queen(3)),
        "Sp" => spider(b, from, dx, dy),
        _ => panic!("unknown type {t}"),
    }
}

pub const ORTHO: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const DIAG: [Sq; 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// The piece's own moves (no promotion twins yet): plain moves tried against every square, then
/// hop captures and igui.
pub fn own_moves(b: &Board, from: Sq) -> Vec<Canon> {
    let (color, t) = b.at(from).expect("a piece");
    let mut out = Vec::new();
    let plain = |to: Sq, captured| Canon {
        from,
        to,
        kind: Kind::Normal,
        captured,
        promo: None,
    };
    for to in all_squares().filter(|&to| to != from) {
        let (mv, cap) = reach(b, t, color, from, to);
        match b.at(to) {
            None if mv => out.push(plain(to, None)),
            Some((c, _)) if c != color && cap => out.push(plain(to, Some(to))),
            _ => {}
        }
    }
    let enemy = |sq: Sq| on_board(sq) && b.at(sq).is_some_and(|(c, _)| c != color);
    // Zig over diagonal neighbours, Zag over orthogonal ones, to the empty square beyond.
    let hop_dirs: &[Sq] = match t {
        "Zi" => &DIAG,
        "Za" => &ORTHO,
        _ => &[],
    };
    for &d in hop_dirs {
        let (over, land) = (add(from, d), add(add(from, d), d));
        if enemy(over) && on_board(land) && b.at(land).is_none() {
            out.push(Canon {
                from,
                to: land,
                kind: Kind::Hop,
                captured: Some(over),
                promo: None,
            });
        }
    }
    if t == "Ge" {
        for d in ORTHO.iter().chain(DIAG.iter()) {
            let victim = add(from, *d);
            if enemy(victim) {
                out.push(Canon {
                    from,
                    to: victim,
                    kind: Kind::Igui,
                    captured: Some(victim),
                    promo: None,
                });
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Relays

/// The text's own words allow a diagonal neighbour of the Dervish a D move to another square
/// adjacent to it; the project reads the text's "that is" sentence as the whole rule and excludes
/// it. Kept as a switch so the reading is visible.
pub const DIAGONAL_NEIGHBOUR_MAY_USE_D: bool = false;

/// (from, to) pairs that the relayer on `at` lends to friends (targets may hold anything).
pub fn relay_grants(b: &Board, at: Sq) -> Vec<(Sq, Sq)> {
    let (color, t) = b.at(at).expect("a relayer");
    let friend = |sq: Sq| on_board(sq) && b.at(sq).is_some_and(|(c, _)| c == color);
    let mut out = Vec::new();
    match t {
        "De" => {
            // Any friend on the 8 neighbours, as F, D or A, landing on another neighbour.
            let f: Vec<Sq> = DIAG.to_vec();
            let d: Vec<Sq> = ORTHO.iter().map(|v| (2 * v.0, 2 * v.1)).collect();
            let a: Vec<Sq> = DIAG.iter().map(|v| (2 * v.0, 2 * v.1)).collect();
            for n in ORTHO.iter().chain(DIAG.iter()).map(|&e| add(at, e)) {
                if !friend(n) {
                    continue;
                }
                let diagonal_neighbour = n.0 != at.0 && n.1 != at.1;
                let vectors = f
                    .iter()
                    .map(|v| (v, false))
                    .chain(d.iter().map(|v| (v, true)));
                for (v, is_d) in vectors.chain(a.iter().map(|v| (v, false))) {
                    let to = add(n, *v);
                    let adjacent = (to.0 - at.0).abs().max((to.1 - at.1).abs()) == 1;
                    if !on_board(to) || !adjacent {
                        continue;
                    }
                    if is_d && diagonal_neighbour && !DIAGONAL_NEIGHBOUR_MAY_USE_D {
                        continue;
                    }
                    out.push((n, to));
                }
            }
        }
        "Ha" => {
            // Friends on open queen lines 1-3 squares away move or capture as a Knight.
            for e in ORTHO.iter().chain(DIAG.iter()) {
                for k in 1..=3 {
                    let s = (at.0 + e.0 * k, at.1 + e.1 * k);
                    if !on_board(s) {
                        break;
                    }
                    if b.at(s).is_none() {
                        continue;
                    }
                    if friend(s) {
                        for to in all_squares() {
                            let (ax, ay) = ((to.0 - s.0).abs(), (to.1 - s.1).abs());
                            if ax * ay == 2 {
                                out.push((s, to));
                            }
                        }
                    }
                    break;
                }
            }
        }
        _ => {}
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Move lists, game end, repetition

/// Every move of the side to move, ignoring repetition and game end; a set (sorted, no repeats).
pub fn pseudo_moves(b: &Board) -> Vec<Canon> {
    let us = b.side;
    let mut out = Vec::new();
    // Each friend's own moves, kept to recognise relayed powers the friend has of its own.
    let mut own: HashMap<Sq, Vec<Canon>> = HashMap::new();
    for (sq, color, t) in b.pieces() {
        if color != us {
            continue;
        }
        let moves = own_moves(b, sq);
        for &m in &moves {
            out.push(m);
            // Promotion is optional, at the end of a move that starts or ends in the zone.
            if let Some(p) = promotes_to(t)
                && (in_zone(us, m.from) || in_zone(us, m.dest()))
            {
                out.push(Canon {
                    promo: Some(p),
                    ..m
                });
            }
        }
        own.insert(sq, moves);
    }
    for (sq, color, _) in b.pieces() {
        if color != us {
            continue;
        }
        for (from, to) in relay_grants(b, sq) {
            let captured = match b.at(to) {
                Some((c, _)) if c == us => continue,
                Some(_) => Some(to),
                None => None,
            };
            // A power the piece has of its own is its own move (listed above, may promote).
            if own[&from]
                .iter()
                .any(|m| m.kind == Kind::Normal && m.to == to)
            {
                continue;
            }
            out.push(Canon {
                from,
                to,
                kind: Kind::Relayed,
                captured,
                promo: None,
            });
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Loss by material, checking the side to move first: no royal piece, or one piece or fewer.
pub fn material_outcome(b: &Board) -> Option<(Color, WinReason)> {
    for loser in [b.side, b.side.other()] {
        if b.royals(loser) == 0 {
            return Some((loser.other(), WinReason::RoyalCaptured));
        }
        if b.count(loser) <= 1 {
            return Some((loser.other(), WinReason::Bared));
        }
    }
    None
}

/// A game: the board and how often each situation (pieces + side to move) has occurred.
pub struct RefGame {
    pub board: Board,
    stack: Vec<Board>,
    counts: HashMap<Board, u32>,
    /// Situations seen at least twice; while zero, no move can make a third occurrence.
    twice: usize,
}

impl RefGame {
    pub fn new(board: Board) -> RefGame {
        let mut counts = HashMap::new();
        counts.insert(board.clone(), 1);
        RefGame {
            board,
            stack: Vec::new(),
            counts,
            twice: 0,
        }
    }

    pub fn occurrences(&self) -> u32 {
        self.counts[&self.board]
    }

    /// How many situations of the game so far have occurred at least twice.
    pub fn twice(&self) -> usize {
        self.twice
    }

    pub fn play(&mut self, m: &Canon) {
        let next = apply(&self.board, m);
        let c = self.counts.entry(next.clone()).or_insert(0);
        *c += 1;
        if *c == 2 {
            self.twice += 1;
        }
        self.stack.push(std::mem::replace(&mut self.board, next));
    }

    pub fn undo(&mut self) {
        let prev = self.stack.pop().expect("a move to undo");
        let c = self.counts.get_mut(&self.board).expect("counted");
        if *c == 2 {
            self.twice -= 1;
        }
        *c -= 1;
        if *c == 0 {
            self.counts.remove(&self.board);
        }
        self.board = prev;
    }

    /// Legal moves: none once the game is decided by material; none that make a situation occur
    /// for the third time.
    pub fn legal(&self) -> Vec<Canon> {
        if material_outcome(&self.board).is_some() {
            return Vec::new();
        }
        let mut moves = pseudo_moves(&self.board);
        if self.twice > 0 {
            moves.retain(|m| {
                self.counts
                    .get(&apply(&self.board, m))
                    .is_none_or(|&n| n < 2)
            });
        }
        moves
    }

    pub fn outcome(&self) -> Option<(Color, WinReason)> {
        material_outcome(&self.board).or_else(|| {
            self.legal()
                .is_empty()
                .then(|| (self.board.side.other(), WinReason::NoLegalMove))
        })
    }

    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut n = 0;
        for m in &moves {
            self.play(m);
            n += self.perft(depth - 1);
            self.undo();
        }
        n
    }
}

// ---------------------------------------------------------------------------------------------
// Comparison

/// Compares the library's legal moves with the reference's list for the same position; on a
/// difference, a full report. Returns the library's moves in canonical order.
pub fn compare(
    pos: &mut Position,
    reference: &[Canon],
    board: &Board,
    context: &str,
) -> Vec<(Canon, Move)> {
    let lib = lib_moves(pos);
    let lib_canons: Vec<Canon> = lib.iter().map(|x| x.0).collect();
    if lib_canons != reference {
        let missing: Vec<String> = reference
            .iter()
            .filter(|m| !lib_canons.contains(m))
            .map(|m| m.to_string())
            .collect();
        let extra: Vec<String> = lib_canons
            .iter()
            .filter(|m| !reference.contains(m))
            .map(|m| m.to_string())
            .collect();
        let mut distinct = lib_canons.clone();
        distinct.dedup();
        panic!(
            "{context}: move lists differ\n{board}library lacks: {missing:?}\n\
             library adds: {extra:?}\nlibrary duplicates: {}",
            lib_canons.len() - distinct.len()
        );
    }
    lib
}
