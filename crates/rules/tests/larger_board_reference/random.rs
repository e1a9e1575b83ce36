//! Random reachable positions (random games from the start, biased towards the game's special
//! moves) and random composed positions (extra material added, kept legal).

use super::moves::*;
use super::pieces::*;
use super::*;

/// splitmix64.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }
}

/// Per-game preferences of a random game.
#[derive(Clone, Copy)]
pub struct Style {
    /// Push Pawns (towards promotions).
    pub pawn_push: bool,
    /// Walk the Kings forward (towards the eighth row, which closes drops).
    pub king_walk: bool,
    /// Develop the pieces between King and Rooks and castle rather than walk the King.
    pub castle: bool,
}

impl Style {
    pub fn random(rng: &mut Rng) -> Style {
        Style {
            pawn_push: rng.chance(1, 2),
            king_walk: rng.chance(1, 4),
            castle: rng.chance(1, 2),
        }
    }
}

/// How far the most advanced Pawn of the mover newly standing somewhere stands (0..7).
fn pawn_progress(pos: &Pos, m: &Mv) -> i32 {
    let c = pos.side;
    all_squares()
        .into_iter()
        .filter(|&s| at(&m.pos.board, s) == Some((c, Kind::P)) && at(&pos.board, s).is_none())
        .map(|s| (s.1 - c.first()).abs())
        .max()
        .unwrap_or(0)
}

/// A weight for a move in a random game: special moves are preferred.
fn weight(pos: &Pos, m: &Mv, ply: u32, style: Style) -> u64 {
    let t = m.tag;
    let c = pos.side;
    let mut w = 2;
    if pos.kings_moved != [true, true] {
        // Get both Kings moving: King moves, castling, the Pawns in front of them, and the
        // pieces between King and Rooks out of the way.
        let rights = pos.castle[2 * c.idx()] || pos.castle[2 * c.idx() + 1];
        if t & T_KING != 0 && !(style.castle && rights && ply < 30) {
            w += 60;
        }
        if t & T_PAWN != 0 && ply < 16 {
            w += 6;
        }
        let r = c.first();
        if [3, 4, 5, 7, 8]
            .iter()
            .any(|&f| at(&pos.board, (f, r)).is_some() && at(&m.pos.board, (f, r)).is_none())
        {
            w += if style.castle { 40 } else { 15 };
        }
    }
    if t & T_DROP != 0 {
        w += if t & T_THUNDER != 0 { 2 } else { 40 };
    }
    if t & T_CAPTURE != 0 {
        w += 12;
    }
    if t & T_SWAP != 0 {
        w += 25;
    }
    if t & T_PROMO != 0 {
        w += 200;
    }
    if t & T_CASTLE != 0 {
        w += 100;
    }
    if t & T_EP != 0 {
        w += 100;
    }
    if m.pos.ep.is_some() {
        w += 30;
    }
    if t & T_GOLEM_BIRTH != 0 {
        w += 80;
    }
    if t & T_ODD_PIECE != 0 {
        w += 6;
    }
    if t & T_PAWN != 0 {
        w += 4;
        if style.pawn_push {
            w += 4 * pawn_progress(pos, m) as u64;
        }
    }
    if style.king_walk && t & T_KING != 0 && ply > 20 {
        let before = king_sq(&pos.board, c).unwrap();
        let after = king_sq(&m.pos.board, c).unwrap();
        if (after.1 - before.1) * c.fwd() > 0 {
            w += 40;
        }
    }
    w
}

pub fn pick(rng: &mut Rng, pos: &Pos, moves: &[Mv], ply: u32, style: Style) -> usize {
    let ws: Vec<u64> = moves.iter().map(|m| weight(pos, m, ply, style)).collect();
    let total: u64 = ws.iter().sum();
    let mut x = rng.below(total);
    for (i, w) in ws.iter().enumerate() {
        if x < *w {
            return i;
        }
        x -= w;
    }
    moves.len() - 1
}

/// Plays up to `plies` random (biased) legal moves from `pos`; stops at the end of the game. The
/// last move, half the time, is one that leaves an en passant state if there is one.
pub fn play_random(rng: &mut Rng, mut pos: Pos, plies: u32) -> Pos {
    let style = Style::random(rng);
    for ply in 0..plies {
        if pos.halfmove >= 100 {
            break;
        }
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        if ply + 1 == plies && rng.chance(1, 2) {
            let ep: Vec<&Mv> = moves.iter().filter(|m| m.pos.ep.is_some()).collect();
            if !ep.is_empty() {
                pos = ep[rng.below(ep.len() as u64) as usize].pos.clone();
                break;
            }
        }
        let i = pick(rng, &pos, &moves, ply, style);
        pos = moves[i].pos.clone();
    }
    pos
}

/// A reachable position: 0..=120 random plies from the start.
pub fn random_position(seed: u64) -> Pos {
    let mut rng = Rng(seed ^ 0x5EED_0004);
    let plies = rng.below(121) as u32;
    play_random(&mut rng, start(), plies)
}

fn random_empty(rng: &mut Rng, b: &Board, ok: impl Fn(Sq) -> bool) -> Option<Sq> {
    let v: Vec<Sq> = all_squares()
        .into_iter()
        .filter(|&s| at(b, s).is_none() && ok(s))
        .collect();
    if v.is_empty() {
        None
    } else {
        Some(v[rng.below(v.len() as u64) as usize])
    }
}

/// Puts one random piece (or Golem) on `b`; returns false if it found no room.
fn add_random(rng: &mut Rng, b: &mut Board) -> bool {
    let c = if rng.chance(1, 2) { White } else { Black };
    let choice = rng.below(10);
    match choice {
        0 => {
            // A Golem: two diagonally adjacent empty squares.
            let Some(s) = random_empty(rng, b, |_| true) else {
                return false;
            };
            let d = DIAG[rng.below(4) as usize];
            let p = add(s, d);
            if !on(p) || at(b, p).is_some() {
                return false;
            }
            set(b, s, Some((c, Kind::G(Dir::from_delta(d)))));
            set(b, p, Some((c, Kind::G(Dir::from_delta((-d.0, -d.1))))));
            true
        }
        1 => {
            // A Wizard next to an enemy piece.
            let bb = *b;
            let s = random_empty(rng, b, |s| {
                ALL8.iter()
                    .any(|&d| matches!(at(&bb, add(s, d)), Some((oc, _)) if oc != c))
            });
            s.map(|s| set(b, s, Some((c, Kind::Wz)))).is_some()
        }
        2 => {
            // A Pawn on its first rank, or about to promote.
            let r = if rng.chance(1, 2) {
                c.first()
            } else {
                c.last() - c.fwd()
            };
            let s = random_empty(rng, b, |s| s.1 == r);
            s.map(|s| set(b, s, Some((c, Kind::P)))).is_some()
        }
        3 => {
            let k = if rng.chance(2, 3) { Kind::V } else { Kind::C };
            let s = random_empty(rng, b, |_| true);
            s.map(|s| set(b, s, Some((c, k)))).is_some()
        }
        4 => {
            // An Elephant on some ring of its King.
            let s = random_empty(rng, b, |_| true);
            s.map(|s| set(b, s, Some((c, Kind::El)))).is_some()
        }
        5 | 6 => {
            // A Halfling near an edge.
            let k = [Kind::Le, Kind::Pi, Kind::Ad, Kind::Wd][rng.below(4) as usize];
            let s = random_empty(rng, b, |s| {
                s.0 <= 1 || s.0 >= W - 2 || s.1 <= 1 || s.1 >= H - 2
            });
            s.map(|s| set(b, s, Some((c, k)))).is_some()
        }
        7 => {
            let s = random_empty(rng, b, |_| true);
            s.map(|s| set(b, s, Some((c, Kind::As)))).is_some()
        }
        _ => {
            let k = [
                Kind::Q,
                Kind::R,
                Kind::B,
                Kind::N,
                Kind::Li,
                Kind::C,
                Kind::Wz,
                Kind::Le,
                Kind::Pi,
                Kind::Ad,
                Kind::Wd,
                Kind::As,
            ][rng.below(12) as usize];
            let s = random_empty(rng, b, |s| s.1 != c.last() || k != Kind::P);
            s.map(|s| set(b, s, Some((c, k)))).is_some()
        }
    }
}

/// A composed position: a random game's position with random extra material, kept legal (the
/// side not to move is not in check); sometimes followed by one move chosen to leave an
/// en passant state, sometimes a high fifty-move counter.
pub fn random_composed(seed: u64) -> Pos {
    let mut rng = Rng(seed ^ 0xC0_4905ED);
    let plies = 10 + rng.below(70) as u32;
    let mut pos = play_random(&mut rng, start(), plies);
    pos.ep = None;
    let extra = 1 + rng.below(7);
    for _ in 0..extra {
        for _try in 0..10 {
            let mut b = pos.board;
            if add_random(&mut rng, &mut b) && !king_attacked(&b, pos.side.other()) {
                pos.board = b;
                break;
            }
        }
    }
    if rng.chance(1, 3) {
        pos.hand[rng.below(2) as usize][H_AS] = rng.below(3) as u8;
    }
    // Sometimes an en passant state: Assassins of the side not to move, then a move of the side
    // to move that travels past one of them.
    if rng.chance(1, 2) {
        let them = pos.side.other();
        for _ in 0..1 + rng.below(3) {
            let mut b = pos.board;
            if let Some(s) = random_empty(&mut rng, &b, |_| true) {
                set(&mut b, s, Some((them, Kind::As)));
                if !king_attacked(&b, them) {
                    pos.board = b;
                }
            }
        }
        let moves: Vec<Mv> = legal_moves(&pos)
            .into_iter()
            .filter(|m| m.pos.ep.is_some())
            .collect();
        if !moves.is_empty() {
            pos = moves[rng.below(moves.len() as u64) as usize].pos.clone();
        }
    }
    if rng.chance(1, 8) {
        pos.halfmove = 95 + rng.below(5) as u32;
    }
    pos
}
