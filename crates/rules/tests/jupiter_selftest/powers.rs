//! The special powers of the 2009 table, each in a small position worked out by hand.

use super::*;

#[test]
fn grasshoppers_and_nightrider_hoppers() {
    // Hippogriff: N + grasshopper along queen lines (over the first piece to the square beyond).
    let b = kings(
        Blue,
        &[
            ("e4", Blue, "Hgr"),
            ("e6", Blue, "P"),
            ("g6", Tan, "N"),
            ("c4", Tan, "P"),
            ("h7", Tan, "R"),
        ],
    );
    // N: c3 c5 d2 d6 f2 f6 g3 g5; hops: over e6 to e7, over g6 onto h7 (capture), over c4 to b4.
    assert_eq!(dests(&b, "e4"), set("c3 c5 d2 d6 f2 f6 g3 g5 e7 h7 b4"));
    // Werewolf: W + F + the same along nightrider lines.
    let w = kings(
        Blue,
        &[
            ("e4", Blue, "Wwf"),
            ("g8", Tan, "P"),
            ("g5", Blue, "N"),
            ("c5", Blue, "N"),
        ],
    );
    // Over g8 (two knight steps up the (1,2) line) to h10; over g5 to i6; over c5 to a6.
    assert_eq!(dests(&w, "e4"), set("d3 d4 d5 e3 e5 f3 f4 f5 h10 i6 a6"));
}

#[test]
fn cannons_and_generals() {
    // Queen Cannon: over one screen onto the first piece beyond.
    let b = kings(
        Blue,
        &[
            ("c1", Blue, "QCn"),
            ("c3", Blue, "P"),
            ("c7", Tan, "R"),
            ("c9", Tan, "N"),
        ],
    );
    let d = dests(&b, "c1");
    assert!(d.contains("c2") && d.contains("c7") && !d.contains("c9") && !d.contains("c4"));
    // Bishop General: B, and hop-captures over any number of pieces, none of them royal or a
    // General, onto the first piece after them.
    let g = kings(
        Blue,
        &[
            ("b2", Blue, "BGn"),
            ("c3", Blue, "P"),
            ("d4", Tan, "N"),
            ("f6", Tan, "R"),
            ("h8", Tan, "K"),
        ],
    );
    let d = dests(&g, "b2");
    assert!(d.contains("d4") && d.contains("f6") && !d.contains("h8") && !d.contains("e5"));
    assert!(d.contains("a3") && d.contains("c1") && !d.contains("c3"));
    // The plain move captures a royal piece.
    let r = kings(
        Blue,
        &[("b2", Blue, "BGn"), ("d4", Tan, "K"), ("p15", Tan, "W")],
    );
    assert!(dests(&r, "b2").contains("d4"));
    // Rook General: a Bishop General on the line stops the hops.
    let rg = kings(
        Blue,
        &[
            ("a5", Blue, "RGn"),
            ("b5", Tan, "P"),
            ("c5", Tan, "BGn"),
            ("e5", Tan, "N"),
        ],
    );
    let d = dests(&rg, "a5");
    assert!(d.contains("b5") && !d.contains("c5") && !d.contains("e5"));
    // Blunderbuss: R4 moving; captures over exactly one piece within 4.
    let bl = kings(
        Blue,
        &[
            ("e4", Blue, "Bln"),
            ("e6", Blue, "P"),
            ("e8", Tan, "N"),
            ("g4", Tan, "R"),
        ],
    );
    let d = dests(&bl, "e4");
    assert!(d.contains("e5") && d.contains("e8") && !d.contains("e6") && !d.contains("e7"));
    assert!(d.contains("f4") && !d.contains("g4") && !d.contains("h4"));
    // Crossbow: B4 captures; moves without capturing over exactly one piece.
    let cb = kings(
        Blue,
        &[
            ("e4", Blue, "Cbo"),
            ("f5", Blue, "P"),
            ("d3", Tan, "N"),
            ("c6", Tan, "N"),
        ],
    );
    // (the Tan Knights are screens too: over d3 to c2 and b1, over c6 to b7 and a8)
    assert_eq!(dests(&cb, "e4"), set("g6 h7 i8 d3 c6 c2 b1 b7 a8"));
}

#[test]
fn longleaper_typhoon_sorcerer_lines() {
    // Longleaper: jumps enemies followed by an empty square, lands on any empty square beyond.
    let b = kings(
        Blue,
        &[
            ("c1", Blue, "Lo"),
            ("c3", Tan, "P"),
            ("c5", Tan, "N"),
            ("c6", Tan, "N"),
            ("c9", Tan, "R"),
        ],
    );
    // c2 plain; over c3 to c4; c5 cannot be jumped (c6 behind it): stop.
    let d = dests(&b, "c1");
    assert!(d.contains("c2") && d.contains("c4") && !d.contains("c3") && !d.contains("c7"));
    assert!(has(
        &b,
        "c1",
        &[("c1", None), ("c3", None), ("c4", blue("Lo"))]
    ));
    let mut two = b.clone();
    two.clear("c6");
    // Now over c3 and c5, landing on c6, c7 or c8 (c9 cannot be jumped: c10 is empty, it can).
    assert!(has(
        &two,
        "c1",
        &[("c1", None), ("c3", None), ("c5", None), ("c7", blue("Lo"))]
    ));
    assert!(has(
        &two,
        "c1",
        &[
            ("c1", None),
            ("c3", None),
            ("c5", None),
            ("c9", None),
            ("c12", blue("Lo"))
        ]
    ));
    // Typhoon: Q3, captures every enemy it passes, stops before a friend.
    let t = kings(
        Blue,
        &[
            ("h1", Blue, "Ty"),
            ("h2", Tan, "P"),
            ("h3", Tan, "N"),
            ("h5", Blue, "W"),
        ],
    );
    assert!(has(
        &t,
        "h1",
        &[("h1", None), ("h2", None), ("h3", None), ("h4", blue("Ty"))]
    ));
    assert!(has(
        &t,
        "h1",
        &[("h1", None), ("h2", None), ("h3", blue("Ty"))]
    ));
    assert!(!has(&t, "h1", &[("h1", None), ("h3", blue("Ty"))]));
}

#[test]
fn obligatory_captures_by_other_means_than_displacement() {
    // Withdrawer: moving straight away from an adjacent enemy captures it (always).
    let w = kings(Blue, &[("e4", Blue, "Wdr"), ("e5", Tan, "P")]);
    assert!(has(
        &w,
        "e4",
        &[("e4", None), ("e5", None), ("e2", blue("Wdr"))]
    ));
    assert!(!has(&w, "e4", &[("e4", None), ("e2", blue("Wdr"))]));
    assert!(has(&w, "e4", &[("e4", None), ("f4", blue("Wdr"))]));
    // Neartaker: a step toward an enemy one square beyond captures it.
    let n = kings(Blue, &[("e4", Blue, "Nrt"), ("e6", Tan, "P")]);
    assert!(has(
        &n,
        "e4",
        &[("e4", None), ("e6", None), ("e5", blue("Nrt"))]
    ));
    assert!(!has(&n, "e4", &[("e4", None), ("e5", blue("Nrt"))]));
    // Intertaker: every enemy next to its arrival square with a friend behind it.
    let i = kings(
        Blue,
        &[
            ("e4", Blue, "Int"),
            ("e6", Tan, "P"),
            ("e7", Blue, "W"),
            ("f6", Tan, "N"),
            ("d6", Tan, "N"),
            ("c7", Blue, "W"),
        ],
    );
    // To e5: e6 (e7 behind) and d6 (c7 behind) go; f6 (g7 empty) stays.
    assert!(has(
        &i,
        "e4",
        &[
            ("e4", None),
            ("e5", blue("Int")),
            ("e6", None),
            ("d6", None)
        ]
    ));
    // Coordinator: on its rank and a royal's file, on its file and a royal's rank.
    let c = Board::with(
        Blue,
        &[
            ("d4", Blue, "Coo"),
            ("h2", Blue, "K"),
            ("h6", Tan, "P"),
            ("d2", Tan, "N"),
            ("p16", Tan, "K"),
        ],
    );
    assert!(has(
        &c,
        "d4",
        &[
            ("d4", None),
            ("d6", blue("Coo")),
            ("h6", None),
            ("d2", None)
        ]
    ));
    assert!(!has(&c, "d4", &[("d4", None), ("d6", blue("Coo"))]));
    // Communist: every promoted piece next to its arrival square, friend or foe.
    let m = kings(
        Blue,
        &[
            ("e4", Blue, "Cst"),
            ("f6", Blue, "R"),
            ("d6", Tan, "B"),
            ("d5", Tan, "P"),
            ("p1", Tan, "Em"),
        ],
    );
    assert!(has(
        &m,
        "e4",
        &[
            ("e4", None),
            ("e5", blue("Cst")),
            ("f6", None),
            ("d6", None)
        ]
    ));
}

#[test]
fn bent_and_lion_captures() {
    // Toucan: captures as W, then a W step at right angles, onto an empty or enemy square.
    let t = kings(
        Blue,
        &[
            ("e4", Blue, "Tou"),
            ("e5", Tan, "P"),
            ("f5", Tan, "N"),
            ("d5", Blue, "W"),
        ],
    );
    assert!(has(
        &t,
        "e4",
        &[("e4", None), ("e5", None), ("f5", blue("Tou"))]
    ));
    assert!(!has(
        &t,
        "e4",
        &[("e4", None), ("e5", None), ("e6", blue("Tou"))]
    ));
    // Crow: captures as F, then an F step at right angles (a Dabbaba's distance from the start).
    let c = kings(Blue, &[("e4", Blue, "Cro"), ("f5", Tan, "P")]);
    assert!(has(
        &c,
        "e4",
        &[("e4", None), ("f5", None), ("g4", blue("Cro"))]
    ));
    assert!(has(
        &c,
        "e4",
        &[("e4", None), ("f5", None), ("e6", blue("Cro"))]
    ));
    // Tiger Horse: captures as N, then moves or captures as W.
    let h = kings(
        Blue,
        &[("e4", Blue, "TiH"), ("f6", Tan, "P"), ("f7", Tan, "N")],
    );
    assert!(has(
        &h,
        "e4",
        &[("e4", None), ("f6", None), ("f7", blue("TiH"))]
    ));
    assert!(has(
        &h,
        "e4",
        &[("e4", None), ("f6", None), ("g6", blue("TiH"))]
    ));
    // King Lion: captures as W/F, then steps again, back to its square too; passes.
    let l = kings(
        Blue,
        &[("e4", Blue, "KLi"), ("d5", Tan, "P"), ("c6", Tan, "N")],
    );
    assert!(has(&l, "e4", &[("d5", None)]));
    assert!(has(
        &l,
        "e4",
        &[("e4", None), ("d5", None), ("c6", blue("KLi"))]
    ));
    assert!(has(&l, "e4", &[]));
    // Parrot: igui, double hop, pass; Raven diagonally; Horned Owl forward only.
    let p = kings(
        Blue,
        &[
            ("e4", Blue, "Pa"),
            ("e5", Tan, "P"),
            ("e6", Tan, "N"),
            ("f5", Tan, "N"),
        ],
    );
    assert!(has(&p, "e4", &[("e5", None)]));
    assert!(has(
        &p,
        "e4",
        &[("e4", None), ("e5", None), ("e6", blue("Pa"))]
    ));
    assert!(has(&p, "e4", &[]));
    assert!(!has(&p, "e4", &[("f5", None)]));
    let o = kings(
        Blue,
        &[("e4", Blue, "HO"), ("e5", Tan, "P"), ("e3", Tan, "N")],
    );
    assert!(has(&o, "e4", &[("e5", None)]));
    assert!(!has(&o, "e4", &[("e3", None)]));
    let tan_owl = kings(
        Tan,
        &[("e4", Tan, "HO"), ("e3", Blue, "P"), ("e2", Blue, "N")],
    );
    assert!(has(
        &tan_owl,
        "e4",
        &[("e4", None), ("e3", None), ("e2", tan("HO"))]
    ));
    // Genie: igui on the 8 neighbours; Emperor of Emperors: shoots the first piece on a line.
    let g = kings(Blue, &[("e4", Blue, "Ge"), ("f5", Tan, "P")]);
    assert!(has(&g, "e4", &[("f5", None)]));
    let e = kings(
        Blue,
        &[
            ("e4", Blue, "EE"),
            ("e9", Tan, "P"),
            ("h4", Blue, "W"),
            ("k4", Tan, "N"),
        ],
    );
    assert!(has(&e, "e4", &[("e9", None)]));
    assert!(!has(&e, "e4", &[("k4", None)]));
    // Zag and Zig hop-capture over an adjacent enemy to the empty square beyond.
    let z = kings(
        Blue,
        &[
            ("e4", Blue, "Za"),
            ("e5", Tan, "P"),
            ("f4", Tan, "P"),
            ("g4", Tan, "N"),
        ],
    );
    assert!(has(
        &z,
        "e4",
        &[("e4", None), ("e5", None), ("e6", blue("Za"))]
    ));
    assert!(!dests(&z, "e4").contains("g4") && !dests(&z, "e4").contains("e5"));
}

#[test]
fn bent_riders_and_skip_riders() {
    // Eye: forward or back W, W, then a side step; blocked, stops on a capture.
    let e = kings(
        Blue,
        &[("e4", Blue, "Eye"), ("e6", Tan, "P"), ("e3", Blue, "W")],
    );
    assert_eq!(dests(&e, "e4"), set("e5 e6"));
    // Yew: a side step, then forward up to 3.
    let y = kings(
        Blue,
        &[("e4", Blue, "Yew"), ("f6", Tan, "P"), ("d4", Blue, "W")],
    );
    assert_eq!(dests(&y, "e4"), set("f4 f5 f6"));
    // Far Queen: not to the 2 nearest squares, blocked there; Talia: not to the adjacent one.
    let f = kings(
        Blue,
        &[("e4", Blue, "FaQ"), ("e6", Tan, "P"), ("f5", Blue, "W")],
    );
    let d = dests(&f, "e4");
    assert!(!d.contains("e5") && !d.contains("e6") && !d.contains("e7") && !d.contains("g6"));
    assert!(d.contains("e1") && !d.contains("e2") && d.contains("h4") && d.contains("b7"));
    assert!(!d.contains("f4"));
    // Capricorn: B, then if empty, B at right angles; Great Hook: R, then R3 at right angles.
    let c = kings(Blue, &[("e4", Blue, "Cap"), ("f5", Tan, "P")]);
    let d = dests(&c, "e4");
    assert!(d.contains("f5") && !d.contains("g6") && d.contains("g4") && d.contains("c4"));
    let g = kings(Blue, &[("e4", Blue, "GrH"), ("e6", Tan, "P")]);
    let d = dests(&g, "e4");
    assert!(d.contains("i5") && !d.contains("i8") && d.contains("d7") && !d.contains("d8"));
    assert!(d.contains("e6") && !d.contains("e7"));
    // Octopus: F (moving only), then R outward; Spider: W (moving only), then B outward.
    let o = kings(
        Blue,
        &[("e4", Blue, "Oc"), ("f5", Tan, "P"), ("d5", Blue, "W")],
    );
    let d = dests(&o, "e4");
    assert!(!d.contains("f5") && !d.contains("d5") && !d.contains("g5") && d.contains("d3"));
    assert!(d.contains("f3") && d.contains("p3") && d.contains("f1") && !d.contains("e3"));
    // Hooklet: R2, then R2 at right angles from an empty square; stops on a capture.
    let h = kings(
        Blue,
        &[("e4", Blue, "Hoo"), ("e5", Tan, "P"), ("f4", Blue, "W")],
    );
    assert_eq!(
        dests(&h, "e4"),
        set("e5 d4 c4 d5 d6 d3 d2 c5 c6 c3 c2 e3 e2 f3 g3 f2 g2")
    );
    // Hawklet: a step, then another from an empty square, not back to its start: e6 behind the
    // Pawn on e5 is still reached round it (by d5 or f5); walled in by friends, nothing beyond.
    let k = kings(Blue, &[("e4", Blue, "Haw"), ("e5", Tan, "P")]);
    let d = dests(&k, "e4");
    assert!(d.contains("e5") && d.contains("e6") && d.len() == 24);
    let mut walled = k.clone();
    for s in ["d3", "d4", "d5", "e3", "f3", "f4", "f5"] {
        walled.put(s, Blue, "W");
    }
    assert_eq!(dests(&walled, "e4"), set("e5"));
}

#[test]
fn relays_of_the_zoom_harpy_and_relay_firzan() {
    // Zoom: friends on its open queen lines move (not capture) as a Queen.
    let z = kings(
        Blue,
        &[("a3", Blue, "Zoo"), ("a6", Blue, "W"), ("p6", Tan, "N")],
    );
    let d = dests(&z, "a6");
    assert!(d.contains("h13") && d.contains("o6") && !d.contains("p6") && !d.contains("a3"));
    assert!(d.contains("a4") && !d.contains("a2"));
    // Harpy: friends on its queen lines within 3 squares move and capture as a Knight.
    let h = kings(
        Blue,
        &[
            ("d4", Blue, "Ha"),
            ("d7", Blue, "W"),
            ("e8", Blue, "Gu"),
            ("e9", Tan, "N"),
        ],
    );
    assert!(dests(&h, "d7").contains("e9"));
    assert!(!dests(&h, "e8").contains("f10")); // e8 is not on a line from d4
    // Relay Firzan: adjacent friends step and capture as F.
    let f = kings(
        Blue,
        &[("e4", Blue, "RlF"), ("e5", Blue, "W"), ("d6", Tan, "P")],
    );
    assert_eq!(dests(&f, "e5"), set("d5 f5 e6 d6 f6 d4 f4"));
    // A paralysed relayer relays nothing.
    let mut p = f.clone();
    p.put("f3", Tan, "Im");
    assert_eq!(dests(&p, "e5"), set("d5 f5 e6"));
}

#[test]
fn salamander_lands_next_to_a_friend() {
    let s = kings(
        Blue,
        &[("e4", Blue, "Sa"), ("h8", Blue, "W"), ("e5", Tan, "P")],
    );
    // Commoner moves (capturing e5) and the Q4 moves to h7 and i8, next to the Wazir, and to b1,
    // next to the Blue King on a1.
    assert_eq!(dests(&s, "e4"), set("d3 d4 d5 e3 e5 f3 f4 f5 h7 i8 b1"));
}
