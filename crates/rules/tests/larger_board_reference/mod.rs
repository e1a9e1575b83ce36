//! A naive, independent REFERENCE move generator for "Chess on a Larger Board with not so few
//! Pieces Dropped" (12x8), used only by tests.
//!
//! Written from the source text (shared/seeds/004_*.txt), the 12x8 paragraph of
//! shared/seeds/README.md and docs/rules/larger-board.md (the spec), sharing nothing with the
//! library: the board is a plain `[[Option<(Color, Kind)>; 12]; 8]`, every piece's powers are
//! written out from the words in `pieces.rs`, and a move is represented only by the position it
//! leaves. Slow but plain: perft(3) from the start takes about a second, perft(4) about 20 s
//! (test profile, opt-level 2).
//!
//! Layout: `mod.rs` (types, the text position form, the public API), `pieces.rs` (what each piece
//! on a bare board may do, and check), `special.rs` (Pawns, promotions, Golems, Assassin and
//! Thunder squares), `moves.rs` (castling, en passant, drops, promotions'
//! state, legality, outcome, perft), `random.rs` (random reachable and composed positions).
//!
//! Choices made beyond the spec and the brief (each also stated where it is coded):
//! * An en passant shot at a piece that no longer exists (a promoted Thunder) removes nothing but
//!   is a shot: it resets the fifty-move counter.
//! * `ep=` is written when the side to move has an unbewitched Assassin adjacent to a passed
//!   square (taken literally from the brief, even if the travelled piece itself stands next to that
//!   Assassin, in which case the Assassin's use of it is its ordinary shot), or, after a Pawn's 2- or
//!   3-square advance, an unbewitched Pawn that could capture diagonally onto a passed square.
//!   Whether the last move was a Pawn's advance is read from the board: the target holds a Pawn of
//!   the side that just moved (no other travelling piece can be a Pawn there).
//! * Castling needs the King unbewitched; the Rook may be bewitched (the spec names only the King).
//! * A bewitched piece's single orthogonal step (King, Queen, ..., Wizard) goes to an EMPTY square
//!   only (non-capturing, no swap for a Wizard, no baroque capture for a Halfling).
//! * A Golem birth (a Pawn capturing a Wizard), a Golem capture, a shot and a baroque capture reset
//!   the fifty-move counter; a swap (even of a Pawn, even with a promotion), a flip, a commute and an
//!   Elephant's rotation in place do not.
//! * "Owes a pair": own hand holds >= 2 of a Halfling type and the opponent's hand holds 0 of it.
//!   While owing, no other drop of any kind; if an owed drop is legal, only owed drops are legal.
//! * "Bare kings": nothing but the two Kings on the board and nothing may ever be dropped again,
//!   i.e. drops are closed or both hands are empty.
//! * `outcome` order: no legal move (checkmate or stalemate) first, then fifty-move (halfmove >=
//!   100), then bare kings. Repetition is left out: it needs the game's history.
//! * `legal_successors` is pure move generation: it does not look at the fifty-move counter or bare
//!   kings. `perft` does: a finished position (checkmate, stalemate, fifty-move, bare kings) has no
//!   moves, so perft(finished, d >= 1) = 0.
//! * A Pawn's ep capture removes the travelled Pawn; it can never promote (passed squares are on
//!   ranks 2-3 or 6-7).
//! * The Elephant's ring is the square ring of radius r = Chebyshev distance to its own King; a move
//!   is r ring steps either way, every ring square stepped over (and the destination) on the board,
//!   the destination empty, squares in between ignored. The rotation in place needs the whole ring
//!   on the board and the 7 other pattern squares empty.
//! * A Pawn promoting to a Thunder: the Kings' sight is judged with the Pawn standing on the
//!   promotion square (after its capture); the explosion square is any square not holding a King,
//!   the promotion square included. A Pawn promoting to an Assassin: the check squares are judged
//!   on the board with the Pawn gone and its capture made. In both cases ep passed = [promotion
//!   square], target = the Assassin's square / none.
//! * The Assassin's check squares (drop and promotion) are collected once each: a square that both
//!   touches the King and screens a Can(n)on is one move.
//! * An Elephant drop needs both squares beside the King on the board (a King on the y or j file
//!   cannot have its Elephants dropped).
//! * A Thunder explosion removes a Golem entirely when either part is in the 3x3 area; enemy
//!   Assassins removed by it go to the striker's hand, its own are lost.
//! * Halfling hand counts are 0 or 2 (pairs); Wizards and Elephants need >= 2 in hand, an Assassin
//!   or Thunder >= 1.
//! * Descriptions are free form and only for debugging ("C z1xz7=V", "Le d6xd7-d8",
//!   "Wz c1<>d2 =Q", "P c7-c8=As@d6", "drop Th e4", "As c5 shoots e.p. b8", "O-O", ...).
#![allow(dead_code)]

mod moves;
mod pieces;
pub mod random;
mod special;

#[allow(unused_imports)]
pub use moves::{Mv, in_check, legal_moves, legal_successors, outcome, perft};
#[allow(unused_imports)]
pub use pieces::{Act, bewitched, king_attacked};
#[allow(unused_imports)]
pub use random::{Rng, pick, play_random, random_composed, random_position};

pub const W: i32 = 12;
pub const H: i32 = 8;
pub const FILES: &[u8; 12] = b"yzabcdefghij";

/// (file 0..12 = y..j, rank 0..8 = 1..8)
pub type Sq = (i32, i32);

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}
pub use Color::{Black, White};

impl Color {
    pub fn other(self) -> Color {
        match self {
            White => Black,
            Black => White,
        }
    }
    pub fn idx(self) -> usize {
        match self {
            White => 0,
            Black => 1,
        }
    }
    /// Pawn direction.
    pub fn fwd(self) -> i32 {
        match self {
            White => 1,
            Black => -1,
        }
    }
    /// The rank index of this side's first row (and its King's start rank).
    pub fn first(self) -> i32 {
        match self {
            White => 0,
            Black => 7,
        }
    }
    /// The rank index of this side's eighth row.
    pub fn last(self) -> i32 {
        7 - self.first()
    }
}

/// Direction from a Golem part to its partner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Dir {
    NE,
    NW,
    SE,
    SW,
}

impl Dir {
    pub fn delta(self) -> Sq {
        match self {
            Dir::NE => (1, 1),
            Dir::NW => (-1, 1),
            Dir::SE => (1, -1),
            Dir::SW => (-1, -1),
        }
    }
    pub fn from_delta(d: Sq) -> Dir {
        match d {
            (1, 1) => Dir::NE,
            (-1, 1) => Dir::NW,
            (1, -1) => Dir::SE,
            (-1, -1) => Dir::SW,
            _ => panic!("Golem parts not diagonally adjacent: {d:?}"),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    K,
    Q,
    R,
    B,
    N,
    P,
    Li,
    /// Can(n)on set Rook-wise (Pao).
    C,
    /// Can(n)on set Bishop-wise (Vao).
    V,
    Le,
    Pi,
    Ad,
    Wd,
    Wz,
    El,
    As,
    /// A Golem part, with the direction of its partner.
    G(Dir),
}

pub type Piece = (Color, Kind);
/// `board[rank][file]`
pub type Board = [[Option<Piece>; 12]; 8];

/// Hand slots, in the text form's order.
pub const HAND_NAMES: [&str; 8] = ["Le", "Pi", "Ad", "Wd", "Wz", "El", "As", "Th"];
pub const H_LE: usize = 0;
pub const H_PI: usize = 1;
pub const H_AD: usize = 2;
pub const H_WD: usize = 3;
pub const H_WZ: usize = 4;
pub const H_EL: usize = 5;
pub const H_AS: usize = 6;
pub const H_TH: usize = 7;

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Ep {
    /// Ascending: rank first, then file.
    pub passed: Vec<Sq>,
    /// Where the travelled piece stands now, or None if it no longer exists.
    pub target: Option<Sq>,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Pos {
    pub board: Board,
    pub side: Color,
    /// K, Q, k, q.
    pub castle: [bool; 4],
    /// White's King, Black's King has left its start square at least once.
    pub kings_moved: [bool; 2],
    pub drops_open: bool,
    /// `hand[color][slot]`, slots as in HAND_NAMES.
    pub hand: [[u8; 8]; 2],
    pub ep: Option<Ep>,
    pub halfmove: u32,
}

pub fn on(s: Sq) -> bool {
    (0..W).contains(&s.0) && (0..H).contains(&s.1)
}

pub fn add(a: Sq, b: Sq) -> Sq {
    (a.0 + b.0, a.1 + b.1)
}

pub fn at(b: &Board, s: Sq) -> Option<Piece> {
    if on(s) {
        b[s.1 as usize][s.0 as usize]
    } else {
        None
    }
}

pub fn set(b: &mut Board, s: Sq, p: Option<Piece>) {
    b[s.1 as usize][s.0 as usize] = p;
}

pub fn all_squares() -> Vec<Sq> {
    let mut v = Vec::new();
    for r in 0..H {
        for f in 0..W {
            v.push((f, r));
        }
    }
    v
}

pub fn sq_name(s: Sq) -> String {
    format!("{}{}", FILES[s.0 as usize] as char, s.1 + 1)
}

pub fn sq(name: &str) -> Sq {
    parse_sq(name).unwrap_or_else(|e| panic!("{e}"))
}

pub fn parse_sq(name: &str) -> Result<Sq, String> {
    let bytes = name.as_bytes();
    if bytes.len() != 2 {
        return Err(format!("bad square {name:?}"));
    }
    let f = FILES
        .iter()
        .position(|&c| c == bytes[0])
        .ok_or_else(|| format!("bad file in {name:?}"))?;
    let r = (bytes[1] as char)
        .to_digit(10)
        .filter(|&r| (1..=8).contains(&r))
        .ok_or_else(|| format!("bad rank in {name:?}"))?;
    Ok((f as i32, r as i32 - 1))
}

pub fn king_sq(b: &Board, c: Color) -> Option<Sq> {
    all_squares()
        .into_iter()
        .find(|&s| at(b, s) == Some((c, Kind::K)))
}

// ---------------------------------------------------------------------------------------------
// The text position form

const KIND_NAMES: [(Kind, &str); 20] = [
    (Kind::K, "K"),
    (Kind::Q, "Q"),
    (Kind::R, "R"),
    (Kind::B, "B"),
    (Kind::N, "N"),
    (Kind::P, "P"),
    (Kind::Li, "Li"),
    (Kind::C, "C"),
    (Kind::V, "V"),
    (Kind::Le, "Le"),
    (Kind::Pi, "Pi"),
    (Kind::Ad, "Ad"),
    (Kind::Wd, "Wd"),
    (Kind::Wz, "Wz"),
    (Kind::El, "El"),
    (Kind::As, "As"),
    (Kind::G(Dir::NE), "Gne"),
    (Kind::G(Dir::NW), "Gnw"),
    (Kind::G(Dir::SE), "Gse"),
    (Kind::G(Dir::SW), "Gsw"),
];

/// "Le" -> "le": the first letter lowercase.
fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    let first = c.next().unwrap().to_ascii_lowercase();
    std::iter::once(first).chain(c).collect()
}

pub fn piece_token(p: Piece) -> String {
    let name = KIND_NAMES.iter().find(|(k, _)| *k == p.1).unwrap().1;
    match p.0 {
        White => name.to_string(),
        Black => lower_first(name),
    }
}

pub fn parse_piece(tok: &str) -> Result<Piece, String> {
    for (k, name) in KIND_NAMES {
        if tok == name {
            return Ok((White, k));
        }
        if tok == lower_first(name) {
            return Ok((Black, k));
        }
    }
    Err(format!("unknown piece {tok:?}"))
}

pub fn write(pos: &Pos) -> String {
    let mut ranks = Vec::new();
    for r in (0..H).rev() {
        let mut toks: Vec<String> = Vec::new();
        let mut empty = 0;
        for f in 0..W {
            match at(&pos.board, (f, r)) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        toks.push(empty.to_string());
                        empty = 0;
                    }
                    toks.push(piece_token(p));
                }
            }
        }
        if empty > 0 {
            toks.push(empty.to_string());
        }
        ranks.push(toks.join(","));
    }
    let side = match pos.side {
        White => "w",
        Black => "b",
    };
    let castle: String = "KQkq"
        .chars()
        .zip(pos.castle)
        .filter(|(_, b)| *b)
        .map(|(c, _)| c)
        .collect();
    let castle = if castle.is_empty() {
        "-".to_string()
    } else {
        castle
    };
    let kings = match pos.kings_moved {
        [true, true] => "wb",
        [true, false] => "w",
        [false, true] => "b",
        [false, false] => "-",
    };
    let drops = if pos.drops_open { "open" } else { "closed" };
    let mut hand = Vec::new();
    for c in [White, Black] {
        for (i, name) in HAND_NAMES.iter().enumerate() {
            let n = pos.hand[c.idx()][i];
            if n == 0 {
                continue;
            }
            let name = if c == White {
                name.to_string()
            } else {
                lower_first(name)
            };
            hand.push(if n == 1 { name } else { format!("{n}{name}") });
        }
    }
    let hand = if hand.is_empty() {
        "-".to_string()
    } else {
        hand.join(",")
    };
    let ep = match &pos.ep {
        None => "-".to_string(),
        Some(ep) => format!(
            "{}:{}",
            ep.passed
                .iter()
                .map(|&s| sq_name(s))
                .collect::<Vec<_>>()
                .join(","),
            ep.target.map(sq_name).unwrap_or_else(|| "-".to_string())
        ),
    };
    format!(
        "{} {side} castle={castle} kings={kings} drops={drops} hand={hand} ep={ep} halfmove={}",
        ranks.join("/"),
        pos.halfmove
    )
}

fn field<'a>(f: &'a str, key: &str) -> Result<&'a str, String> {
    f.strip_prefix(key)
        .and_then(|r| r.strip_prefix('='))
        .ok_or_else(|| format!("expected {key}=..., got {f:?}"))
}

pub fn parse(text: &str) -> Result<Pos, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 8 {
        return Err(format!("expected 8 fields, got {}", fields.len()));
    }
    let mut board: Board = [[None; 12]; 8];
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err("expected 8 ranks".into());
    }
    for (i, rank) in ranks.iter().enumerate() {
        let r = 7 - i as i32;
        let mut f = 0;
        for tok in rank.split(',') {
            if let Ok(n) = tok.parse::<i32>() {
                if n <= 0 {
                    return Err(format!("bad count {tok:?}"));
                }
                f += n;
            } else {
                if f >= W {
                    return Err(format!("rank {} too long", r + 1));
                }
                set(&mut board, (f, r), Some(parse_piece(tok)?));
                f += 1;
            }
        }
        if f != W {
            return Err(format!("rank {} has {f} squares", r + 1));
        }
    }
    // Golem parts must come in pairs pointing at each other.
    for s in all_squares() {
        if let Some((c, Kind::G(d))) = at(&board, s) {
            let p = add(s, d.delta());
            let back = Dir::from_delta((-d.delta().0, -d.delta().1));
            if at(&board, p) != Some((c, Kind::G(back))) {
                return Err(format!("Golem part on {} has no partner", sq_name(s)));
            }
        }
    }
    for c in [White, Black] {
        let n = all_squares()
            .into_iter()
            .filter(|&s| at(&board, s) == Some((c, Kind::K)))
            .count();
        if n != 1 {
            return Err(format!("{c:?} has {n} Kings"));
        }
    }
    let side = match fields[1] {
        "w" => White,
        "b" => Black,
        s => return Err(format!("bad side {s:?}")),
    };
    let c = field(fields[2], "castle")?;
    let mut castle = [false; 4];
    if c != "-" {
        let mut last = None;
        for ch in c.chars() {
            let i = "KQkq".find(ch).ok_or_else(|| format!("bad castle {c:?}"))?;
            if last.is_some_and(|l| l >= i) {
                return Err(format!("castle not in order: {c:?}"));
            }
            last = Some(i);
            castle[i] = true;
        }
    }
    let kings_moved = match field(fields[3], "kings")? {
        "wb" => [true, true],
        "w" => [true, false],
        "b" => [false, true],
        "-" => [false, false],
        k => return Err(format!("bad kings {k:?}")),
    };
    let drops_open = match field(fields[4], "drops")? {
        "open" => true,
        "closed" => false,
        d => return Err(format!("bad drops {d:?}")),
    };
    let mut hand = [[0u8; 8]; 2];
    let h = field(fields[5], "hand")?;
    if h != "-" {
        for tok in h.split(',') {
            let digits: String = tok.chars().take_while(|c| c.is_ascii_digit()).collect();
            let name = &tok[digits.len()..];
            let n: u8 = if digits.is_empty() {
                1
            } else {
                digits.parse().map_err(|_| format!("bad count {tok:?}"))?
            };
            let mut found = false;
            for (i, hn) in HAND_NAMES.iter().enumerate() {
                if name == *hn {
                    hand[0][i] = n;
                    found = true;
                } else if name == lower_first(hn) {
                    hand[1][i] = n;
                    found = true;
                }
            }
            if !found {
                return Err(format!("bad hand token {tok:?}"));
            }
        }
    }
    let e = field(fields[6], "ep")?;
    let ep = if e == "-" {
        None
    } else {
        let (p, t) = e.split_once(':').ok_or_else(|| format!("bad ep {e:?}"))?;
        let passed = p.split(',').map(parse_sq).collect::<Result<Vec<_>, _>>()?;
        let target = if t == "-" { None } else { Some(parse_sq(t)?) };
        Some(Ep { passed, target })
    };
    let halfmove = field(fields[7], "halfmove")?
        .parse()
        .map_err(|_| "bad halfmove".to_string())?;
    Ok(Pos {
        board,
        side,
        castle,
        kings_moved,
        drops_open,
        hand,
        ep,
        halfmove,
    })
}

pub const START: &str = "li,c,r,n,b,q,k,b,n,r,c,li/p,p,p,p,p,p,p,p,p,p,p,p/12/12/12/12/P,P,P,P,P,P,P,P,P,P,P,P/Li,C,R,N,B,Q,K,B,N,R,C,Li w castle=KQkq kings=- drops=open hand=2Le,2Pi,2Ad,2Wd,2Wz,2El,As,Th,2le,2pi,2ad,2wd,2wz,2el,as,th ep=- halfmove=0";

pub fn start() -> Pos {
    parse(START).unwrap()
}

/// The same position with the colours exchanged and the board turned upside down (ranks
/// reversed, files kept): a symmetry of the rules.
pub fn color_flip(pos: &Pos) -> Pos {
    let mut board: Board = [[None; 12]; 8];
    for s in all_squares() {
        if let Some((c, k)) = at(&pos.board, s) {
            let k = match k {
                Kind::G(d) => Kind::G(match d {
                    Dir::NE => Dir::SE,
                    Dir::NW => Dir::SW,
                    Dir::SE => Dir::NE,
                    Dir::SW => Dir::NW,
                }),
                k => k,
            };
            set(&mut board, (s.0, 7 - s.1), Some((c.other(), k)));
        }
    }
    let ep = pos.ep.as_ref().map(|e| {
        let mut passed: Vec<Sq> = e.passed.iter().map(|s| (s.0, 7 - s.1)).collect();
        passed.sort_by_key(|s| (s.1, s.0));
        Ep {
            passed,
            target: e.target.map(|s| (s.0, 7 - s.1)),
        }
    });
    Pos {
        board,
        side: pos.side.other(),
        castle: [pos.castle[2], pos.castle[3], pos.castle[0], pos.castle[1]],
        kings_moved: [pos.kings_moved[1], pos.kings_moved[0]],
        drops_open: pos.drops_open,
        hand: [pos.hand[1], pos.hand[0]],
        ep,
        halfmove: pos.halfmove,
    }
}
