//! Whole boards: speed on crowded boards, the default array counted by hand, random games.

use super::*;

#[test]
fn a_crowded_board_is_quick() {
    // 200 pieces of every type (Doublers, Poisoners, Dragons, relayers among them), side to move
    // Blue: the naive generator must stay well under a second.
    let mut b = Board::empty(Blue);
    let mut x: u64 = 12345;
    let mut next = |n: u64| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 33) % n
    };
    let mut placed = 0;
    while placed < 200 {
        let s = (next(16) as i8, next(16) as i8);
        if b.at(s).is_some() {
            continue;
        }
        let t = ALL_TYPES[next(ALL_TYPES.len() as u64) as usize];
        let c = if next(2) == 0 { Blue } else { Tan };
        b.set(s, Some((c, t)));
        placed += 1;
    }
    for (s, t) in [("a1", "Dbl"), ("p16", "Dbl"), ("h8", "Dbl"), ("i9", "Psn")] {
        b.put(s, Blue, t);
    }
    let start = std::time::Instant::now();
    let turns = legal_turns(&b);
    let took = start.elapsed();
    eprintln!("{} turns in {took:?}", turns.len());
    assert!(!turns.is_empty());
}

/// The default array of docs/rules/jupiter.md: the first piece the 2009 table names in each pair
/// on the first square it lists for Blue, Tan by rotation.
fn default_array() -> Board {
    let rows: [(&str, &str, &str); 38] = [
        ("FH", "GW", "a1 p1"),
        ("Hoo", "Haw", "b1 o1"),
        ("Ma", "Pr", "c1 n1"),
        ("St", "Go", "d1 m1"),
        ("Ci", "Sa", "e1 l1"),
        ("Tou", "Cro", "f1 k1"),
        ("GG", "FL", "g1 j1"),
        ("K", "Co", "h1 i1"),
        ("Bln", "Cbo", "a2 p2"),
        ("Eye", "Yew", "b2 o2"),
        ("Thi", "Tha", "d2 m2"),
        ("DrP", "DrD", "f2 k2"),
        ("RtG", "LfG", "g2 j2"),
        ("VtM", "SdM", "h2 i2"),
        ("BlG", "WhF", "a3 p3"),
        ("RlW", "RlF", "b3 o3"),
        ("CmH", "GoA", "c3 n3"),
        ("OxT", "DrT", "d3 m3"),
        ("Nrt", "Int", "e3 l3"),
        ("FlD", "VOx", "f3 k3"),
        ("Kyl", "Phx", "g3 j3"),
        ("Kam", "DNi", "h3 i3"),
        ("Cu", "Hu", "a4 p4"),
        ("Rrd", "Frd", "b4 o4"),
        ("C", "BD", "d4 m4"),
        ("RtN", "LfN", "f4 k4"),
        ("A", "D", "g4 j4"),
        ("W", "F", "h4 i4"),
        ("Ot", "Be", "a5 p5"),
        ("EBa", "WBa", "b5 o5"),
        ("Ov", "Un", "c5 n5"),
        ("Ch", "Wa", "d5 m5"),
        ("N", "De", "e5 l5"),
        ("Twi", "Tgo", "f5 k5"),
        ("SG", "CG", "g5 j5"),
        ("DE", "BT", "h5 i5"),
        ("GBt", "GAl", "c7 n7"),
        ("La", "Ba", "f7 k7"),
    ];
    let mut b = Board::empty(Blue);
    let mut put = |s: &str, t: &'static str| {
        let (f, r) = sq(s);
        b.set((f, r), Some((Blue, t)));
        b.set((15 - f, 15 - r), Some((Tan, t)));
    };
    for (x, y, squares) in rows {
        let s: Vec<&str> = squares.split(' ').collect();
        put(s[0], x);
        put(s[1], y);
    }
    for (s, t) in [
        ("a6", "Fu"),
        ("p6", "Fu"),
        ("b6", "Ber"),
        ("c6", "Ber"),
        ("n6", "Ber"),
        ("o6", "Ber"),
        ("f6", "Gu"),
        ("k6", "Gu"),
    ] {
        put(s, t);
    }
    for s in ["d6", "e6", "g6", "h6", "i6", "j6", "l6", "m6"] {
        put(s, "P");
    }
    b
}

#[test]
fn the_default_array_is_quick_and_sane() {
    let b = default_array();
    assert_eq!(b.count(Blue), 92);
    assert_eq!(b.count(Tan), 92);
    let start = std::time::Instant::now();
    let turns = legal_turns(&b);
    let took = start.elapsed();
    eprintln!("default array: {} turns in {took:?}", turns.len());
    // Counted by hand, piece by piece: rank 7: GBt 1, La 2, Ba 3, GAl 2 (8); rank 6: Fu 1+1,
    // Berolinas 1+2+2+1, Pawns 8, Guards 0 (16); rank 5: Ov c4, N d7 c4, Twi e4, Tgo j7 l4, De l7
    // j7, Un n4 (9) and the Dervish's relays Wa m5-l4 (F) and P l6-l4 (D) (2); rank 4: Rrd c4,
    // C e7, RtN e2, A e2, D l4, LfN l2 (6) and the Hummingbird's 5 swaps; rank 3: CmH 2, Nrt 2,
    // FlD 2, Int 2, DrT 4, GoA 2, RlF 2 (16) and the Relay Wazir's Eye b2-c2 (1; the Ox Tank
    // would push three); rank 2: DrP e2, DrD l2, Tha l2 n2 l4 n4, Yew n2, Cbo n4 over o3 (8);
    // rank 1: Ma c2 e2, Ci e2 e4 (over e3), Tou e2, Cro l2, Sa l2, Go l2 n2, Pr l2, Haw n2 (11).
    assert_eq!(turns.len(), 8 + 16 + 11 + 11 + 17 + 8 + 11);
    // Nothing is doubled, poisoned or burnt at the start; the Tan array mirrors Blue's.
    assert!(Board::squares().all(|s| !doubled(&b, s) && !immobilized(&b, s)));
    assert!(
        poisonous_squares(&b)
            .iter()
            .all(|&s| matches!(b.at(s), Some((_, "DNi"))))
    );
    let mut t = b.clone();
    t.side = Tan;
    assert_eq!(legal_turns(&t).len(), turns.len());
}

/// Random games by the reference alone: every turn is made by a piece of the side to move, hands
/// the move over, and changes the board (or is a pass, a there-and-back doubled turn, or a swap of
/// identical pieces); the game's end is consistent.
#[test]
fn random_games_keep_the_invariants() {
    let mut x: u64 = 2009;
    let mut next = move |n: usize| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((x >> 33) % n as u64) as usize
    };
    let mut tags_seen = 0u32;
    for game in 0..8 {
        let mut b = if game % 4 == 0 {
            default_array()
        } else {
            let mut b = Board::with(Blue, &[("a1", Blue, "K"), ("p16", Tan, "K")]);
            let corner = (next(7) as i8, next(7) as i8);
            for i in 0..40 {
                let s = (corner.0 + next(10) as i8, corner.1 + next(10) as i8);
                if b.at(s).is_none() {
                    let t = if i < 2 {
                        "Dbl"
                    } else {
                        ALL_TYPES[next(ALL_TYPES.len())]
                    };
                    b.set(s, Some((if next(2) == 0 { Blue } else { Tan }, t)));
                }
            }
            b
        };
        let mut g = RefGame::new(b.clone());
        for _ in 0..40 {
            if material_outcome(&g.board).is_some() {
                break;
            }
            let details = turns_in_detail(&g.board);
            let legal: Vec<&Detail> = details.iter().filter(|d| g.allows(&d.after)).collect();
            if legal.is_empty() {
                assert!(g.outcome().is_some());
                break;
            }
            for d in &details {
                tags_seen |= d.tags;
                assert_eq!(d.after.side, b.side.other());
                assert!(matches!(b.at(d.from), Some((c, _)) if c == b.side));
                if d.after.cells == b.cells {
                    // A pass, a doubled piece's there-and-back, or an exchange of two identical
                    // friends (a Teleporter or Hummingbird swapping with its own kind).
                    let null = TAG_PASS | TAG_DOUBLED | TAG_SWAP;
                    assert!(d.tags & null != 0, "{:?}", d.tag_names());
                }
            }
            let pick = legal[next(legal.len())].after.clone();
            let irreversible = legal.iter().any(|d| d.after == pick && d.irreversible);
            g.play_known(pick, irreversible);
            b = g.board.clone();
        }
    }
    assert!(tags_seen & TAG_DOUBLED != 0 && tags_seen & TAG_PROMOTION != 0);
}
