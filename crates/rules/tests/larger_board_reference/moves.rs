//! Whole-position moves: castling, en passant, drops, the state after a move, legality,
//! outcome and perft.

use super::pieces::*;
use super::special::*;
use super::*;

/// A legal move: a description (free form), the position it leaves, tags for random games.
#[derive(Clone, Debug)]
pub struct Mv {
    pub desc: String,
    pub pos: Pos,
    pub tag: u32,
}

pub fn in_check(pos: &Pos) -> bool {
    king_attacked(&pos.board, pos.side)
}

/// Halfling pairs: hand slot, and the two files of their squares on the own first rank.
const HALFLING_PAIRS: [(usize, i32, i32); 4] =
    [(H_LE, 3, 8), (H_PI, 2, 9), (H_AD, 1, 10), (H_WD, 0, 11)];
/// Wizard pairs: files on the own second rank.
const WIZARD_PAIRS: [(i32, i32); 4] = [(0, 11), (1, 10), (2, 9), (3, 8)];

/// Halfling slots `c` owes: the opponent dropped that pair and `c` has not.
pub fn owed(pos: &Pos, c: Color) -> Vec<usize> {
    HALFLING_PAIRS
        .iter()
        .map(|p| p.0)
        .filter(|&i| pos.hand[c.idx()][i] >= 2 && pos.hand[c.other().idx()][i] == 0)
        .collect()
}

pub fn drops_allowed(pos: &Pos) -> bool {
    pos.kings_moved == [true, true] && pos.drops_open
}

fn drop_acts(pos: &Pos, out: &mut Vec<Act>) {
    if !drops_allowed(pos) {
        return;
    }
    let c = pos.side;
    let hand = pos.hand[c.idx()];
    let b = &pos.board;
    let first = c.first();
    let name = |i: usize| piece_token((c, halfling_kind(i)));
    let owes = owed(pos, c);
    for (slot, f1, f2) in HALFLING_PAIRS {
        if hand[slot] < 2 || (!owes.is_empty() && !owes.contains(&slot)) {
            continue;
        }
        let (s1, s2) = ((f1, first), (f2, first));
        if at(b, s1).is_none() && at(b, s2).is_none() {
            let mut nb = *b;
            set(&mut nb, s1, Some((c, halfling_kind(slot))));
            set(&mut nb, s2, Some((c, halfling_kind(slot))));
            let mut a = Act::new(
                format!("drop {} {}+{}", name(slot), sq_name(s1), sq_name(s2)),
                nb,
            );
            a.drop = Some((slot, 2));
            a.reset = true;
            a.tag |= T_DROP;
            if owes.contains(&slot) {
                a.tag |= T_OWED;
            }
            out.push(a);
        }
    }
    // While a pair is owed, no other drop.
    if !owes.is_empty() {
        return;
    }
    let single = |desc: String, nb: Board, slot: usize, n: u8, tag: u32, out: &mut Vec<Act>| {
        let mut a = Act::new(desc, nb);
        a.drop = Some((slot, n));
        a.reset = true;
        a.tag |= T_DROP | tag;
        out.push(a);
    };
    if hand[H_WZ] >= 2 {
        let r = first + c.fwd();
        for (f1, f2) in WIZARD_PAIRS {
            let (s1, s2) = ((f1, r), (f2, r));
            if at(b, s1).is_none() && at(b, s2).is_none() {
                let mut nb = *b;
                set(&mut nb, s1, Some((c, Kind::Wz)));
                set(&mut nb, s2, Some((c, Kind::Wz)));
                let d = format!("drop Wz {}+{}", sq_name(s1), sq_name(s2));
                single(d, nb, H_WZ, 2, 0, out);
            }
        }
    }
    if hand[H_EL] >= 2 {
        let k = king_sq(b, c).unwrap();
        let (s1, s2) = ((k.0 - 1, k.1), (k.0 + 1, k.1));
        if on(s1) && on(s2) && at(b, s1).is_none() && at(b, s2).is_none() {
            let mut nb = *b;
            set(&mut nb, s1, Some((c, Kind::El)));
            set(&mut nb, s2, Some((c, Kind::El)));
            let d = format!("drop El {}+{}", sq_name(s1), sq_name(s2));
            single(d, nb, H_EL, 2, 0, out);
        }
    }
    if hand[H_AS] >= 1 {
        for x in assassin_check_squares(b, c) {
            let mut nb = *b;
            set(&mut nb, x, Some((c, Kind::As)));
            single(format!("drop As {}", sq_name(x)), nb, H_AS, 1, 0, out);
        }
    }
    if hand[H_TH] >= 1 && kings_see(b) {
        for y in all_squares() {
            if matches!(at(b, y), Some((_, Kind::K))) {
                continue;
            }
            let mut nb = *b;
            let caps = explode(&mut nb, y, c);
            let mut a = Act::new(format!("drop Th {}", sq_name(y)), nb);
            a.captured = caps;
            a.drop = Some((H_TH, 1));
            a.reset = true;
            a.tag |= T_DROP | T_THUNDER;
            out.push(a);
        }
    }
}

fn halfling_kind(slot: usize) -> Kind {
    [Kind::Le, Kind::Pi, Kind::Ad, Kind::Wd][slot]
}

fn castle_acts(pos: &Pos, out: &mut Vec<Act>) {
    let c = pos.side;
    let b = &pos.board;
    let r = c.first();
    let e = (6, r);
    if at(b, e) != Some((c, Kind::K)) || bewitched(b, e) || king_attacked(b, c) {
        return;
    }
    // (right index, rook file, squares that must be empty, square passed, King to, Rook to)
    let base = if c == White { 0 } else { 2 };
    let kingside = (base, 9, &[7, 8][..], 7, 8, 7, "O-O");
    let queenside = (base + 1, 2, &[3, 4, 5][..], 5, 4, 5, "O-O-O");
    for (right, rf, empty, pass, kto, rto, name) in [kingside, queenside] {
        if !pos.castle[right] || at(b, (rf, r)) != Some((c, Kind::R)) {
            continue;
        }
        if empty.iter().any(|&f| at(b, (f, r)).is_some()) {
            continue;
        }
        let mut through = *b;
        set(&mut through, e, None);
        set(&mut through, (pass, r), Some((c, Kind::K)));
        if king_attacked(&through, c) {
            continue;
        }
        let mut nb = *b;
        set(&mut nb, e, None);
        set(&mut nb, (rf, r), None);
        set(&mut nb, (kto, r), Some((c, Kind::K)));
        set(&mut nb, (rto, r), Some((c, Kind::R)));
        let mut a = Act::new(name.to_string(), nb);
        a.tag |= T_CASTLE | T_KING;
        out.push(a);
    }
}

/// Whether the last move's Ep is a Pawn's 2- or 3-square advance: the target holds a Pawn of the
/// side that just moved.
fn pawn_advance(pos: &Pos, ep: &Ep) -> bool {
    ep.target
        .is_some_and(|t| at(&pos.board, t) == Some((pos.side.other(), Kind::P)))
}

/// Unbewitched Assassins of the side to move adjacent to a passed square.
fn ep_assassins(pos: &Pos, ep: &Ep) -> Vec<Sq> {
    let c = pos.side;
    all_squares()
        .into_iter()
        .filter(|&a| {
            at(&pos.board, a) == Some((c, Kind::As))
                && !bewitched(&pos.board, a)
                && ep
                    .passed
                    .iter()
                    .any(|&p| (p.0 - a.0).abs() <= 1 && (p.1 - a.1).abs() <= 1)
        })
        .collect()
}

/// (pawn square, passed square it captures onto) for the side to move.
fn ep_pawns(pos: &Pos, ep: &Ep) -> Vec<(Sq, Sq)> {
    let mut v = Vec::new();
    if !pawn_advance(pos, ep) {
        return v;
    }
    let c = pos.side;
    for &p in &ep.passed {
        for df in [-1, 1] {
            let s = (p.0 + df, p.1 - c.fwd());
            if at(&pos.board, s) == Some((c, Kind::P)) && !bewitched(&pos.board, s) {
                v.push((s, p));
            }
        }
    }
    v
}

/// Whether the side to move has a pseudo-legal use of `ep` (otherwise it is not written).
pub fn ep_useful(pos: &Pos, ep: &Ep) -> bool {
    !ep_assassins(pos, ep).is_empty() || !ep_pawns(pos, ep).is_empty()
}

fn ep_acts(pos: &Pos, out: &mut Vec<Act>) {
    let Some(ep) = &pos.ep else {
        return;
    };
    let c = pos.side;
    // Shots, once per Assassin, only at a target out of its ordinary reach (or gone).
    for a in ep_assassins(pos, ep) {
        let reach = ep
            .target
            .is_some_and(|t| (t.0 - a.0).abs() <= 1 && (t.1 - a.1).abs() <= 1);
        if reach {
            continue;
        }
        let mut nb = pos.board;
        let mut caps = Vec::new();
        if let Some(t) = ep.target {
            remove(&mut nb, t, &mut caps);
        }
        let t = ep.target.map(sq_name).unwrap_or_else(|| "-".into());
        let mut act = Act::new(format!("As {} shoots e.p. {t}", sq_name(a)), nb);
        act.captured = caps;
        // Choice: a shot resets the counter even when it removes nothing.
        act.reset = true;
        act.tag |= T_EP | T_CAPTURE;
        out.push(act);
    }
    for (s, p) in ep_pawns(pos, ep) {
        let t = ep.target.unwrap();
        let mut nb = pos.board;
        let mut caps = Vec::new();
        remove(&mut nb, t, &mut caps);
        set(&mut nb, s, None);
        set(&mut nb, p, Some((c, Kind::P)));
        let mut act = Act::new(
            format!("P {}x{} e.p. ({})", sq_name(s), sq_name(p), sq_name(t)),
            nb,
        );
        act.captured = caps;
        act.reset = true;
        act.tag |= T_EP | T_CAPTURE | T_PAWN;
        out.push(act);
    }
}

/// Every pseudo-legal move of the side to move.
pub fn pseudo_acts(pos: &Pos) -> Vec<Act> {
    let mut out = Vec::new();
    for s in all_squares() {
        if matches!(at(&pos.board, s), Some((c, _)) if c == pos.side) {
            piece_acts(&pos.board, s, false, &mut out);
        }
    }
    castle_acts(pos, &mut out);
    ep_acts(pos, &mut out);
    drop_acts(pos, &mut out);
    out
}

/// The position an act leaves.
pub fn finish(pos: &Pos, act: &Act) -> Pos {
    let mover = pos.side;
    let b = act.board;
    let mut n = pos.clone();
    n.board = b;
    n.side = mover.other();
    if let Some((slot, k)) = act.drop {
        n.hand[mover.idx()][slot] -= k;
    }
    // Enemy Assassins captured in any way join the mover's hand.
    let assassins = act
        .captured
        .iter()
        .filter(|p| **p == (mover.other(), Kind::As))
        .count() as u8;
    n.hand[mover.idx()][H_AS] += assassins;
    // Castling rights: lost once the King or the Rook is not (or no longer) on its square.
    let has = |s: Sq, p: Piece| at(&b, s) == Some(p);
    n.castle[0] &= has((6, 0), (White, Kind::K)) && has((9, 0), (White, Kind::R));
    n.castle[1] &= has((6, 0), (White, Kind::K)) && has((2, 0), (White, Kind::R));
    n.castle[2] &= has((6, 7), (Black, Kind::K)) && has((9, 7), (Black, Kind::R));
    n.castle[3] &= has((6, 7), (Black, Kind::K)) && has((2, 7), (Black, Kind::R));
    n.kings_moved[0] |= !has((6, 0), (White, Kind::K));
    n.kings_moved[1] |= !has((6, 7), (Black, Kind::K));
    // Drops close for ever once a King stands on its eighth row.
    for c in [White, Black] {
        if king_sq(&b, c).is_some_and(|k| k.1 == c.last()) {
            n.drops_open = false;
        }
    }
    n.halfmove = if act.reset || !act.captured.is_empty() {
        0
    } else {
        pos.halfmove + 1
    };
    n.ep = None;
    if !act.passed.is_empty() {
        let mut passed = act.passed.clone();
        passed.sort_by_key(|s| (s.1, s.0));
        passed.dedup();
        let ep = Ep {
            passed,
            target: act.target,
        };
        if ep_useful(&n, &ep) {
            n.ep = Some(ep);
        }
    }
    n
}

/// Every legal move, with tags.
pub fn legal_moves(pos: &Pos) -> Vec<Mv> {
    let mut v: Vec<Mv> = pseudo_acts(pos)
        .into_iter()
        .filter_map(|a| {
            let n = finish(pos, &a);
            if king_attacked(&n.board, pos.side) {
                None
            } else {
                Some(Mv {
                    desc: a.desc,
                    pos: n,
                    tag: a.tag,
                })
            }
        })
        .collect();
    // An owed Halfling pair that can be legally dropped must be dropped.
    if v.iter().any(|m| m.tag & T_OWED != 0) {
        v.retain(|m| m.tag & T_OWED != 0);
    }
    v
}

/// Every legal move: (description, resulting position). Pure move generation: the fifty-move
/// counter and bare kings are not looked at (see `outcome`).
pub fn legal_successors(pos: &Pos) -> Vec<(String, Pos)> {
    legal_moves(pos)
        .into_iter()
        .map(|m| (m.desc, m.pos))
        .collect()
}

fn bare_kings(pos: &Pos) -> bool {
    let only_kings = all_squares()
        .into_iter()
        .all(|s| matches!(at(&pos.board, s), None | Some((_, Kind::K))));
    let nothing_to_drop = !pos.drops_open || pos.hand.iter().all(|h| h.iter().all(|&n| n == 0));
    only_kings && nothing_to_drop
}

/// The end of the game, if it has ended (repetition left out: it needs the game's history).
pub fn outcome(pos: &Pos) -> Option<String> {
    if legal_moves(pos).is_empty() {
        return Some(if in_check(pos) {
            match pos.side {
                White => "checkmate black wins",
                Black => "checkmate white wins",
            }
            .to_string()
        } else {
            "stalemate".to_string()
        });
    }
    if pos.halfmove >= 100 {
        return Some("fifty-move".into());
    }
    if bare_kings(pos) {
        return Some("bare kings".into());
    }
    None
}

/// Leaf count; a finished position (checkmate, stalemate, fifty-move, bare kings) has no moves.
pub fn perft(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.halfmove >= 100 || bare_kings(pos) {
        return 0;
    }
    let moves = legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&m.pos, depth - 1)).sum()
}
