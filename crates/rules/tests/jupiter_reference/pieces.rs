//! The 2009 table, piece by piece: the plain powers as vector lists, promotions, royalty.
//!
//! Vectors are in Blue's frame: forward = +rank, right = +file (Blue's right hand, looking up the
//! board). Tan's vectors are these turned by 180 degrees (`turn`). "Plain" powers are leaps
//! (range 1) and rides (range > 1) that move and/or capture on the square they reach; everything
//! else (hops, bent paths, relays, latent powers, ...) is spelled out in `moves.rs`.

use std::collections::HashMap;
use std::sync::OnceLock;

use jovian_rules::Color;

use super::{Edition, Sq};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Mode {
    Both,
    Move,
    Capture,
}
use Mode::*;

/// A plain power: vectors, range (1 = leap; more = ride of at most that many steps), mode.
#[derive(Clone, Debug)]
pub struct Atom {
    pub v: Vec<Sq>,
    pub range: i8,
    pub mode: Mode,
}

/// Every type of the 2009 table: the unpromoted types, then the promoted ones.
pub const ALL_TYPES: [&str; 161] = [
    "FH", "GW", "Hoo", "Haw", "Ma", "Pr", "St", "Go", "Ci", "Sa", "Tou", "Cro", "GG", "FL", "K",
    "Co", "Bln", "Cbo", "Eye", "Yew", "Thi", "Tha", "DrP", "DrD", "RtG", "LfG", "VtM", "SdM",
    "BlG", "WhF", "RlW", "RlF", "CmH", "GoA", "OxT", "DrT", "Nrt", "Int", "FlD", "VOx", "Kyl",
    "Phx", "Kam", "DNi", "Cu", "Hu", "Rrd", "Frd", "C", "BD", "RtN", "LfN", "A", "D", "W", "F",
    "Ot", "Be", "EBa", "WBa", "Ov", "Un", "Ch", "Wa", "N", "De", "Twi", "Tgo", "SG", "CG", "DE",
    "BT", "Fu", "Ber", "P", "Gu", "GBt", "GAl", "La", "Ba", // 80 unpromoted
    "FO", "FB", "Boy", "Gir", "Ab", "Du", "Q", "Li", "Ty", "Ge", "Cap", "GrH", "HO", "DO", "Em",
    "EE", "Wi", "Car", "Mar", "FaQ", "Tal", "WWi", "EWi", "Wdr", "Coo", "Whl", "WhH", "TiH", "Zoo",
    "Box", "Fsq", "SEg", "HFl", "Hgr", "Wwf", "BGn", "RGn", "Tlp", "Hlm", "Dbl", "Psn", "KLi",
    "QCn", "AEm", "Frg", "Lo", "Im", "FiD", "WBf", "Sq", "Ce", "GBd", "GDr", "Sc", "DK", "Za",
    "Zi", "Mi", "So", "Cst", "Roy", "Nr", "Da", "Oc", "Sp", "R", "Ha", "MdH", "MrH", "Vu", "Ib",
    "EP", "TP", "Z", "MkT", "Ta", "B", "Trb", "Sul", "Pa", "Ra", // 81 promoted
];

/// "Promotes to" of the table (the King's Emperor; `moves.rs` turns it into an Emperor of
/// Emperors when an Emperor is on the board).
pub fn promotes_to(t: &str) -> Option<&'static str> {
    let i = ALL_TYPES[..80].iter().position(|&x| x == t)?;
    Some(if t == "K" {
        "Em"
    } else {
        ALL_TYPES[80 + i + (i > 14) as usize]
    })
}

/// Of a promoted type (the table's second column; the Emperor of Emperors too).
pub fn is_promoted(t: &str) -> bool {
    ALL_TYPES[80..].contains(&t)
}

/// The royal pieces of the 1999 victory conditions.
pub fn is_royal(t: &str) -> bool {
    matches!(t, "K" | "Em" | "EE" | "EP" | "TP" | "AEm" | "Sul")
}

/// A vector of Blue's frame turned for `c`.
pub fn turn(c: Color, v: Sq) -> Sq {
    match c {
        Color::Blue => v,
        Color::Tan => (-v.0, -v.1),
    }
}

/// All sign and order variants of (a, b) that `keep` accepts.
pub fn sym(a: i8, b: i8, keep: fn(Sq) -> bool) -> Vec<Sq> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let w = (x * sx, y * sy);
            if keep(w) && !out.contains(&w) {
                out.push(w);
            }
        }
    }
    out
}
pub fn all(_: Sq) -> bool {
    true
}
pub fn fwd(v: Sq) -> bool {
    v.1 > 0
}
pub fn back(v: Sq) -> bool {
    v.1 < 0
}
pub fn side(v: Sq) -> bool {
    v.1 == 0
}
pub fn vert(v: Sq) -> bool {
    v.0 == 0
}
pub fn right(v: Sq) -> bool {
    v.0 > 0
}
pub fn left(v: Sq) -> bool {
    v.0 < 0
}
/// The knight moves whose longer leg is vertical / horizontal.
pub fn tall(v: Sq) -> bool {
    v.1.abs() > v.0.abs()
}
pub fn wide(v: Sq) -> bool {
    v.0.abs() > v.1.abs()
}

/// Unlimited range.
pub const INF: i8 = 16;

fn p(a: i8, b: i8, keep: fn(Sq) -> bool, range: i8, mode: Mode) -> Atom {
    Atom {
        v: sym(a, b, keep),
        range,
        mode,
    }
}
/// Given vectors.
fn g(v: &[Sq], range: i8, mode: Mode) -> Atom {
    Atom {
        v: v.to_vec(),
        range,
        mode,
    }
}
fn w(r: i8) -> Atom {
    p(1, 0, all, r, Both)
}
fn f(r: i8) -> Atom {
    p(1, 1, all, r, Both)
}
fn leap(a: i8, b: i8) -> Atom {
    p(a, b, all, 1, Both)
}

/// The plain powers of type `t` (moves.rs adds the rest).
pub fn plain(t: &str) -> &'static [Atom] {
    static TABLE: OnceLock<HashMap<&'static str, Vec<Atom>>> = OnceLock::new();
    TABLE
        .get_or_init(|| ALL_TYPES.iter().map(|&t| (t, build(t))).collect())
        .get(t)
        .unwrap_or_else(|| panic!("{t} is not a Jupiter piece"))
}

/// The plain powers of type `t` in `edition`: the 1999 table's where its entry differs from the
/// 2009 one (docs/rules/jupiter.md, "Differences between `jupiter` (2009) and `jupiter-1999`").
pub fn plain_in(t: &str, edition: Edition) -> &'static [Atom] {
    static TABLE_1999: OnceLock<HashMap<&'static str, Vec<Atom>>> = OnceLock::new();
    if edition == Edition::J1999
        && let Some(v) = TABLE_1999
            .get_or_init(|| CHANGED_1999.iter().map(|&t| (t, build_1999(t))).collect())
            .get(t)
    {
        return v;
    }
    plain(t)
}

/// The types whose plain powers the 1999 table gives otherwise (the Missionary and Sorcerer move
/// in `special.rs` in both editions, the Dervish, Harpy and Teleporter relay in `turns.rs`).
const CHANGED_1999: [&str; 4] = ["Ci", "Ty", "Sa", "Ha"];

fn build_1999(t: &str) -> Vec<Atom> {
    match t {
        // "like Q3, but must hop at least one piece": the hop only (moves.rs), no plain step.
        "Ci" => vec![],
        // "F + A + R3; need not stop when it makes a capture orthogonally": F and A plain, the
        // running R3 in special.rs.
        "Ty" => vec![f(1), leap(2, 2)],
        // "Q3 (moving); W + F (capturing)".
        "Sa" => vec![
            p(1, 0, all, 3, Move),
            p(1, 1, all, 3, Move),
            p(1, 0, all, 1, Capture),
            p(1, 1, all, 1, Capture),
        ],
        // "Q (moving); cannot capture" (the Knight relay in turns.rs).
        "Ha" => vec![p(1, 0, all, INF, Move), p(1, 1, all, INF, Move)],
        other => panic!("{other}: the 1999 table does not change it"),
    }
}

fn build(t: &str) -> Vec<Atom> {
    let mut v = match t {
        // Lance pair
        "FH" => vec![p(0, 1, fwd, INF, Both), p(2, 1, back, 1, Both)],
        "FO" => vec![f(INF), p(0, 1, vert, INF, Both)],
        "GW" => vec![p(0, 1, fwd, INF, Both), p(1, 1, back, 1, Both)],
        "FB" => vec![f(INF), p(1, 0, side, INF, Both)],
        // Hook pair: Hooklet, Hawklet, Boyscout, Girlscout are walks (moves.rs)
        "Hoo" | "Haw" | "Boy" | "Gir" => vec![],
        // Fat pair
        "Ma" => vec![w(1), leap(2, 1)],
        "Ab" => vec![leap(2, 1), f(4)],
        "Pr" => vec![f(1), leap(2, 1)],
        "Du" => vec![leap(2, 1), w(4)],
        // Animal pair
        "St" => vec![p(1, 0, all, 1, Capture), leap(2, 2)],
        "Q" => vec![w(INF), f(INF)],
        "Go" => vec![p(1, 1, all, 1, Move), leap(2, 0)],
        "Li" => vec![w(1), f(1), leap(2, 0), leap(2, 1), leap(2, 2)],
        // Queenlet pair: the Cicada's hop, the Typhoon's Q3 and the Salamander's Q4 in moves.rs
        "Ci" => vec![p(1, 0, all, 1, Move), p(1, 1, all, 1, Move)],
        "Ty" => vec![],
        "Sa" => vec![w(1), f(1)],
        "Ge" => vec![w(3), f(3)],
        // Bent pair: the second steps in moves.rs
        "Tou" => vec![w(1), f(1)],
        "Cro" => vec![f(1), leap(2, 0)],
        "Cap" | "GrH" => vec![],
        // Guardian pair
        "GG" => vec![w(1), p(1, 1, fwd, 1, Both)],
        // forward Parrot: fW and fD are plain; igui, hop and pass in moves.rs
        "HO" => vec![f(4), leap(2, 0), p(0, 1, fwd, 1, Both)],
        "FL" => vec![f(1), p(0, 1, vert, 1, Both)],
        // forward Raven: fF and fA plain
        "DO" => vec![
            w(4),
            p(2, 2, back, 1, Both),
            p(1, 1, fwd, 1, Both),
            p(2, 2, fwd, 1, Both),
        ],
        // Regal pair
        "K" | "Co" => vec![w(1), f(1)],
        "Em" => vec![w(2), f(2), leap(2, 1)],
        "EE" => vec![
            leap(1, 0),
            leap(1, 1),
            leap(2, 0),
            leap(2, 1),
            leap(2, 2),
            leap(3, 0),
            leap(3, 1),
            leap(3, 2),
            leap(3, 3),
        ],
        "Wi" => vec![leap(2, 1), leap(3, 1)],
        // Artillery pair: the hopping halves in moves.rs
        "Bln" => vec![p(1, 0, all, 4, Move)],
        "Car" => vec![leap(2, 1), f(INF)],
        "Cbo" => vec![p(1, 1, all, 4, Capture)],
        "Mar" => vec![leap(2, 1), w(INF)],
        // Letter pair: Eye, Yew, Far Queen, Talia in moves.rs
        "Eye" | "Yew" | "FaQ" | "Tal" => vec![],
        // Skipping pair
        "Thi" => vec![
            leap(2, 2),
            p(0, 1, vert, 1, Both),
            p(2, 0, side, 1, Both),
            p(2, 1, wide, 1, Both),
        ],
        "WWi" => vec![
            p(0, 1, vert, 3, Both),
            g(&[(1, 0)], INF, Both),
            g(&[(1, 1), (1, -1)], INF, Both),
            p(2, 1, left, 1, Both),
        ],
        "Tha" => vec![
            leap(2, 2),
            p(1, 0, side, 1, Both),
            p(0, 2, vert, 1, Both),
            p(2, 1, tall, 1, Both),
        ],
        "EWi" => vec![
            p(0, 1, vert, 3, Both),
            g(&[(-1, 0)], INF, Both),
            g(&[(-1, 1), (-1, -1)], INF, Both),
            g(&[(1, 0)], 1, Both),
            p(3, 1, right, 1, Both),
        ],
        // Dragonlet pair: the Withdrawer and Coordinator in moves.rs
        "DrP" => vec![w(1), f(3)],
        "DrD" => vec![f(1), w(3)],
        "Wdr" | "Coo" => vec![],
        // Directional pair (Left General: "right R" read as right W, docs/rules/jupiter.md)
        "RtG" => vec![f(1), p(0, 1, vert, 1, Both), g(&[(-1, 0)], 1, Both)],
        "LfG" => vec![f(1), p(0, 1, vert, 1, Both), g(&[(1, 0)], 1, Both)],
        "Whl" => vec![p(0, 1, vert, INF, Both), p(1, 1, back, INF, Both)],
        "WhH" => vec![p(0, 1, vert, INF, Both), p(1, 1, fwd, INF, Both)],
        // Mover pair
        "VtM" => vec![p(1, 0, side, 1, Both), p(0, 1, vert, INF, Both)],
        "TiH" => vec![f(1), leap(2, 0), leap(2, 1), leap(2, 2), leap(3, 1)],
        "SdM" => vec![p(0, 1, vert, 1, Both), p(1, 0, side, INF, Both)],
        "Zoo" => vec![p(1, 0, all, INF, Move), p(1, 1, all, INF, Move)],
        // Scattered pair
        "BlG" => vec![
            g(&[(0, 1)], 1, Both),
            g(&[(1, 1)], 4, Both),
            g(&[(1, -1)], 1, Both),
            g(&[(0, -1)], 2, Both),
            g(&[(-1, 0)], 2, Both),
            g(&[(-1, 1)], 1, Both),
        ],
        "Box" => vec![w(1), f(1), leap(3, 0), leap(3, 1), leap(3, 2), leap(3, 3)],
        "WhF" => vec![
            g(&[(0, 1)], 2, Both),
            g(&[(1, 0)], 1, Both),
            g(&[(1, -1)], 4, Both),
            g(&[(-1, -1)], 1, Both),
            g(&[(-1, 0)], 2, Both),
            g(&[(-1, 1)], 1, Both),
        ],
        "Fsq" => vec![f(1), leap(2, 1), leap(3, 1), leap(3, 2), leap(3, 3)],
        // Relay pair: relays in turns.rs; forward Raven / Parrot halves in moves.rs
        "RlW" => vec![w(1)],
        "RlF" => vec![f(1)],
        "SEg" => vec![
            w(INF),
            p(1, 1, back, INF, Both),
            p(1, 1, fwd, 1, Both),
            p(2, 2, fwd, 1, Both),
        ],
        "HFl" => vec![
            f(INF),
            p(0, 1, back, INF, Both),
            p(1, 0, side, INF, Both),
            p(0, 1, fwd, 1, Both),
            p(0, 2, fwd, 1, Both),
        ],
        // Magnetic pair: pulls, pushes, grasshoppers in moves.rs
        "CmH" | "GoA" => vec![p(1, 0, all, 1, Move), p(1, 1, all, 1, Move)],
        "Hgr" => vec![leap(2, 1)],
        "Wwf" => vec![w(1), f(1)],
        // Tank pair: the W/F step to an empty square or onto an enemy is plain; pushes in moves.rs
        "OxT" => vec![w(1)],
        "DrT" => vec![f(1)],
        "BGn" => vec![f(INF)],
        "RGn" => vec![w(INF)],
        // Odder pair
        "Nrt" | "Int" => vec![],
        "Tlp" => vec![p(1, 0, all, INF, Move), p(1, 1, all, INF, Move)],
        "Hlm" => vec![w(1), f(1)],
        // Pretentious pair
        "FlD" => vec![f(2)],
        "VOx" => vec![w(2)],
        "Dbl" | "Psn" => vec![p(1, 0, all, INF, Move), p(1, 1, all, INF, Move)],
        // Chu pair
        "Kyl" => vec![f(1), leap(2, 0)],
        "KLi" => vec![w(1), f(1), leap(2, 0), leap(2, 1), leap(2, 2)],
        "Phx" => vec![w(1), leap(2, 2)],
        "QCn" => vec![w(INF), f(INF)],
        // Poison pair (the Kamikaze's death in moves.rs)
        "Kam" => vec![w(2), f(2)],
        "AEm" => vec![w(1), leap(2, 0), leap(2, 2)],
        "DNi" => vec![w(1), f(1)],
        "Frg" => vec![w(1), f(1), leap(3, 0), leap(3, 3)],
        // Dagger pair
        "Cu" | "Hu" => vec![
            p(1, 0, side, 1, Both),
            p(0, 1, back, 1, Both),
            p(0, 2, fwd, 1, Both),
        ],
        "Lo" | "Im" => vec![p(1, 0, all, INF, Move), p(1, 1, all, INF, Move)],
        // Linear pair
        "Rrd" => vec![p(1, 0, side, INF, Both)],
        "FiD" => vec![f(INF)],
        "Frd" => vec![p(0, 1, vert, INF, Both)],
        "WBf" => vec![f(INF), p(0, 1, vert, 2, Both), p(1, 0, side, INF, Both)],
        // Colorbound pair
        "C" => vec![leap(3, 1)],
        "Sq" => vec![leap(2, 0), leap(2, 1), leap(2, 2)],
        "BD" => vec![f(3)],
        "Ce" => vec![w(1), f(1), leap(2, 1)],
        // Fifth pair
        "RtN" => vec![g(&[(1, 2), (2, -1), (-1, -2), (-2, 1)], 1, Both)],
        "LfN" => vec![g(&[(-1, 2), (2, 1), (1, -2), (-2, -1)], 1, Both)],
        "GBd" => vec![f(3), p(1, 0, side, 2, Both), p(0, 1, vert, INF, Both)],
        "GDr" => vec![f(3), p(1, 0, side, INF, Both), p(0, 1, vert, 2, Both)],
        // Ancient pair
        "A" => vec![leap(2, 2)],
        "Sc" => vec![w(1), f(INF)],
        "D" => vec![leap(2, 0)],
        "DK" => vec![f(1), w(INF)],
        // Short pair (hop captures in moves.rs)
        "W" => vec![w(1)],
        "Za" => vec![f(1), leap(2, 2)],
        "F" => vec![f(1)],
        "Zi" => vec![w(1), leap(2, 0)],
        // Side pair
        "Ot" => vec![f(1), p(1, 0, side, 4, Both), p(0, 1, fwd, 1, Both)],
        "Be" => vec![
            p(1, 0, side, 4, Both),
            p(0, 1, back, INF, Both),
            p(1, 1, fwd, 1, Both),
            p(0, 1, fwd, 1, Both),
        ],
        "Mi" | "So" => vec![],
        // Barbarian pair (the Communist's capture and the Royalist's leap in moves.rs)
        "EBa" => vec![
            p(0, 1, vert, 2, Both),
            p(1, 1, fwd, 1, Both),
            p(1, 0, side, 1, Both),
        ],
        "Cst" => vec![w(1), f(2)],
        "WBa" => vec![
            p(1, 0, side, 2, Both),
            p(0, 1, vert, 1, Both),
            p(1, 1, fwd, 1, Both),
        ],
        "Roy" => vec![f(1), w(2)],
        // Odd pair
        "Ov" | "Un" => vec![p(1, 0, all, 1, Move), p(1, 1, all, 1, Move)],
        "Nr" => vec![p(2, 1, all, INF, Both)],
        "Da" => vec![
            p(1, 0, all, 1, Move),
            p(1, 1, all, 1, Move),
            p(2, 0, all, INF, Both),
            p(2, 2, all, INF, Both),
        ],
        // Square pair (Wagon, Octopus, Spider in moves.rs)
        "Ch" => vec![w(4)],
        "Wa" | "Oc" | "Sp" => vec![],
        // Horse pair (relays in turns.rs)
        "N" => vec![leap(2, 1)],
        "R" => vec![w(INF)],
        "De" => vec![leap(2, 0), leap(2, 2)],
        "Ha" => vec![p(1, 0, all, 3, Move), p(1, 1, all, 3, Move)],
        // Skewed pair
        "Twi" => vec![w(1), g(&[(1, 1), (2, 1), (-1, -1), (-2, -1)], 1, Both)],
        "Tgo" => vec![w(1), g(&[(-1, 2), (-1, 1), (1, -1), (1, -2)], 1, Both)],
        "MdH" => vec![
            p(1, 0, all, INF, Move),
            p(1, 1, all, INF, Move),
            p(2, 1, all, 1, Capture),
        ],
        "MrH" => vec![
            p(2, 1, all, 1, Move),
            p(1, 0, all, INF, Capture),
            p(1, 1, all, INF, Capture),
        ],
        // Metal pair
        "SG" => vec![f(1), p(0, 1, fwd, 1, Both)],
        "Vu" => vec![
            p(1, 1, all, INF, Move),
            p(1, 0, all, INF, Capture),
            w(1),
            f(1),
        ],
        "CG" => vec![p(1, 1, fwd, 1, Both), p(0, 1, vert, 1, Both)],
        "Ib" => vec![
            p(1, 0, all, INF, Move),
            p(1, 1, all, INF, Capture),
            w(1),
            f(1),
        ],
        // Princely pair
        "DE" => vec![f(1), p(0, 1, fwd, 1, Both), p(1, 0, side, 1, Both)],
        "EP" => vec![
            p(1, 0, all, 1, Move),
            p(1, 1, all, 1, Move),
            p(2, 1, all, 1, Capture),
            p(2, 2, all, 1, Capture),
        ],
        "BT" => vec![f(1), p(1, 0, side, 1, Both), p(0, 1, back, 1, Both)],
        "TP" => vec![
            p(1, 0, all, 1, Move),
            p(1, 1, all, 1, Move),
            p(2, 0, all, 1, Capture),
            p(2, 1, all, 1, Capture),
        ],
        // Fu, Berolina, Pawn, Guard
        "Fu" => vec![p(0, 1, fwd, 1, Both)],
        "Z" => vec![leap(3, 2)],
        "Ber" => vec![p(1, 1, fwd, 1, Move), p(0, 1, fwd, 1, Capture)],
        "MkT" => vec![p(2, 2, all, 1, Move), p(1, 0, all, 4, Capture)],
        "P" => vec![p(0, 1, fwd, 1, Move), p(1, 1, fwd, 1, Capture)],
        "Ta" => vec![f(1), leap(3, 0), p(1, 0, all, 1, Capture)],
        "Gu" => vec![p(1, 0, all, 1, Move), p(1, 1, all, 1, Capture)],
        "B" => vec![f(INF)],
        // Went-Between pair (births in moves.rs)
        "GBt" => vec![p(0, 1, vert, 1, Both)],
        "Trb" => vec![leap(2, 0)],
        "GAl" => vec![p(1, 0, side, 1, Both)],
        "Sul" => vec![f(1), leap(3, 1)],
        // Go-Between pair (igui, hop, pass in moves.rs)
        "La" => vec![p(1, 1, fwd, 1, Both)],
        "Pa" => vec![w(1), leap(2, 0)],
        "Ba" => vec![p(0, 1, fwd, 1, Both), p(1, 0, side, 1, Both)],
        "Ra" => vec![f(1), leap(2, 2)],
        other => panic!("{other} is not a Jupiter piece"),
    };
    v.retain(|a| !a.v.is_empty());
    v
}
