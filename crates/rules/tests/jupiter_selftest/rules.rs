//! Further rules of the texts and docs/rules/jupiter.md: promotion, doubling, relays, births, pushes and pulls, paralysis.

use super::*;

#[test]
fn king_promotes_to_emperor_or_emperor_of_emperors() {
    let b = kings(Blue, &[("h10", Blue, "K"), ("p8", Tan, "W")]);
    let mut b = b;
    b.clear("a1");
    assert!(has(&b, "h10", &[("h10", None), ("h11", blue("Em"))]));
    assert!(has(&b, "h10", &[("h10", None), ("h11", blue("K"))]));
    let mut e = b.clone();
    e.put("p1", Tan, "Em");
    assert!(has(&e, "h10", &[("h10", None), ("h11", blue("EE"))]));
    assert!(!has(&e, "h10", &[("h10", None), ("h11", blue("Em"))]));
    // Capturing the last Emperor while promoting: an Emperor again.
    let mut c = b.clone();
    c.put("h11", Tan, "Em");
    assert!(has(&c, "h10", &[("h10", None), ("h11", blue("Em"))]));
    // Tan promotes on ranks 1-6.
    let t = kings(Tan, &[("h7", Tan, "P"), ("a16", Blue, "W")]);
    assert!(has(&t, "h7", &[("h7", None), ("h6", tan("Ta"))]));
    assert!(has(&t, "h7", &[("h7", None), ("h6", tan("P"))]));
}

#[test]
fn doubled_piece_promotes_between_parts() {
    // R, "Doubler and promotion": a Pawn on e10 doubled by a Doubler on e3 steps to e11, promotes
    // to a Tadpole and leaps three squares on as a Tadpole; unpromoted it steps twice; it may also
    // promote on its second step, which starts in the zone.
    let b = kings(Blue, &[("e3", Tan, "Dbl"), ("e10", Blue, "P")]);
    assert!(doubled(&b, sq("e10")));
    assert!(has(&b, "e10", &[("e10", None), ("e14", blue("Ta"))]));
    assert!(has(&b, "e10", &[("e10", None), ("e12", blue("P"))]));
    assert!(has(&b, "e10", &[("e10", None), ("e12", blue("Ta"))]));
    // A Go-Between leaving the zone unpromoted (c11-c10) cannot promote on a second step that
    // ends outside it (c10-c9); stepping back in (c12-c11) it may.
    let g = kings(Blue, &[("c3", Blue, "Dbl"), ("c11", Blue, "GBt")]);
    assert!(doubled(&g, sq("c11")));
    assert!(has(&g, "c11", &[("c11", None), ("c9", blue("GBt"))]));
    assert!(!has(&g, "c11", &[("c11", None), ("c9", blue("Trb"))]));
    assert!(has(&g, "c11", &[("c11", None), ("c10", blue("Trb"))]));
    assert!(has(&g, "c11", &[("c11", blue("Trb"))]));
}

#[test]
fn halmopper_doubles_only_after_a_step_or_a_capturing_hop() {
    // R: doubling has an effect only after a nonhopping first step or a capturing single hop.
    let b = kings(
        Blue,
        &[
            ("d1", Blue, "Dbl"),
            ("d5", Blue, "Hlm"),
            ("d6", Blue, "W"),
            ("d8", Blue, "W"),
        ],
    );
    assert!(doubled(&b, sq("d5")));
    let d = dests(&b, "d5");
    // Hops: d5-d7 (over d6), d7-d9 (over d8); a second part after the single hop to d7 would be
    // a W/F step (e.g. to e8) which is not a hop destination: not allowed.
    assert!(d.contains("d7") && d.contains("d9"));
    assert!(!d.contains("e8"));
    // After a W step (d5-e5) a second W step (e5-f5) is allowed.
    assert!(d.contains("f5"));
}

#[test]
fn kamikaze_dies_under_its_own_power_only() {
    let b = kings(
        Blue,
        &[
            ("e1", Blue, "Ha"),
            ("e3", Blue, "Kam"),
            ("e4", Tan, "P"),
            ("f5", Tan, "N"),
        ],
    );
    // Own capture: both gone.
    assert!(has(&b, "e3", &[("e3", None), ("e4", None)]));
    assert!(!has(&b, "e3", &[("e3", None), ("e4", blue("Kam"))]));
    // The Harpy's Knight move: the Kamikaze survives.
    assert!(has(&b, "e3", &[("e3", None), ("f5", blue("Kam"))]));
}

#[test]
fn tribble_births() {
    let b = kings(Blue, &[("e4", Blue, "Trb")]);
    let t = turns_of(&b, "e4");
    assert_eq!(t.len(), 8);
    assert!(t.contains(&after(&b, &[("e6", blue("Trb"))])));
    assert!(t.contains(&after(&b, &[("e4", None), ("e6", blue("Trb"))])));
}

#[test]
fn royalist_leaps_next_to_a_royal_even_onto_a_friend() {
    let b = kings(
        Blue,
        &[
            ("p1", Blue, "Roy"),
            ("e8", Blue, "K"),
            ("e9", Blue, "P"),
            ("f9", Tan, "N"),
        ],
    );
    let d = dests(&b, "p1");
    // Next to either King (a1 and e8): b1 b2 a2 and the 8 around e8 (e9 with its Pawn captured).
    assert_eq!(d.len(), 3 + 8 + 5, "{d:?}");
    assert!(has(&b, "p1", &[("p1", None), ("e9", blue("Roy"))]));
    assert!(has(&b, "p1", &[("p1", None), ("f9", blue("Roy"))]));
}

#[test]
fn come_here_pulls_and_go_away_pushes() {
    let b = kings(
        Blue,
        &[
            ("e4", Blue, "CmH"),
            ("e7", Tan, "R"),
            ("h7", Tan, "K"),
            ("a8", Tan, "P"),
        ],
    );
    // e7 is 3 away up the file: pulled to e6. h7 (3 away diagonally): to g6. a8 (4 away): to b7.
    assert!(has(&b, "e4", &[("e7", None), ("e6", tan("R"))]));
    assert!(has(&b, "e4", &[("h7", None), ("g6", tan("K"))]));
    assert!(has(&b, "e4", &[("a8", None), ("b7", tan("P"))]));
    let g = kings(
        Blue,
        &[
            ("e4", Blue, "GoA"),
            ("e6", Tan, "R"),
            ("f5", Tan, "N"),
            ("e8", Blue, "W"),
        ],
    );
    assert!(has(&g, "e4", &[("f5", None), ("g6", tan("N"))]));
    assert!(has(&g, "e4", &[("e6", None), ("e7", tan("R"))]));
    // Not through a piece, not off the board, not into an occupied square.
    let h = kings(
        Blue,
        &[
            ("e4", Blue, "GoA"),
            ("e6", Tan, "R"),
            ("e7", Blue, "W"),
            ("a8", Tan, "N"),
        ],
    );
    assert_eq!(turns_of(&h, "e4").len(), 8);
}

#[test]
fn immobilized_piece_captures_itself_or_takes_relayed_moves() {
    let b = kings(
        Blue,
        &[
            ("e5", Tan, "Im"),
            ("e4", Blue, "N"),
            ("f3", Blue, "RlW"),
            ("d5", Blue, "RlF"),
        ],
    );
    assert!(immobilized(&b, sq("e4")) && immobilized(&b, sq("d5")) && !immobilized(&b, sq("f3")));
    let want: BTreeSet<Board> = [
        after(&b, &[("e4", None)]),
        after(&b, &[("e4", None), ("e3", blue("N"))]),
        after(&b, &[("e4", None), ("d4", blue("N"))]),
        after(&b, &[("e4", None), ("f4", blue("N"))]),
        after(&b, &[("e4", None), ("e5", blue("N"))]),
    ]
    .into_iter()
    .collect();
    assert_eq!(
        turns_of(&b, "e4").into_iter().collect::<BTreeSet<_>>(),
        want
    );
    // A Fiery Dragon is never immobilized, and the Immobilizer next to it burns at turn's end.
    let f = kings(
        Blue,
        &[("e5", Tan, "Im"), ("e4", Blue, "FiD"), ("a16", Blue, "W")],
    );
    assert!(!immobilized(&f, sq("e4")));
    assert!(has(
        &f,
        "e4",
        &[("e4", None), ("d3", blue("FiD")), ("e5", None)]
    ));
}

#[test]
fn relayed_moves_never_promote_but_own_moves_do() {
    // docs/rules/jupiter.md: a friend that can make the displacement by its own powers makes it as
    // its own move. The Goat next to a Dervish: the Dervish's F and D are the Goat's own.
    let b = kings(
        Blue,
        &[("e10", Blue, "Go"), ("e11", Blue, "De"), ("d10", Blue, "P")],
    );
    assert!(has(&b, "e10", &[("e10", None), ("d11", blue("Li"))]));
    assert!(has(&b, "e10", &[("e10", None), ("e12", blue("Li"))]));
    // The Pawn on d10 gets D to f10 and d12, A to f12, from the Dervish: relayed, so d12 (in the
    // zone) is reached unpromoted only; its own step to d11 may promote.
    assert!(has(&b, "d10", &[("d10", None), ("d12", blue("P"))]));
    assert!(!has(&b, "d10", &[("d10", None), ("d12", blue("Ta"))]));
    assert!(has(&b, "d10", &[("d10", None), ("f12", blue("P"))]));
    assert!(has(&b, "d10", &[("d10", None), ("d11", blue("Ta"))]));
    // The wide Dervish: a diagonal neighbour leaps as a Dabbaba round it.
    let w = kings(Blue, &[("e5", Blue, "De"), ("d4", Blue, "W")]);
    assert_eq!(dests(&w, "d4"), set("c4 d3 d5 e4 f4 d6 f6"));
}

#[test]
fn doubling_meets_poison_paralysis_and_the_rest() {
    // J: a doubled piece "may land on a poisonous opposing piece at the end of its first move,
    // but does not suffer poisoning if it moves to a nonpoisonous location by the end of the turn".
    let b = kings(
        Blue,
        &[("e1", Blue, "Dbl"), ("e4", Blue, "W"), ("e5", Tan, "DNi")],
    );
    assert!(doubled(&b, sq("e4")));
    assert!(has(
        &b,
        "e4",
        &[("e4", None), ("e5", None), ("e6", blue("W"))]
    ));
    assert!(has(&b, "e4", &[("e4", None), ("e5", None)])); // stopping there: poisoned
    assert!(!has(&b, "e4", &[("e4", None), ("e5", blue("W"))]));
    // Going there and back is a turn that leaves the board as it was (docs: any two moves).
    assert!(has(&b, "e4", &[]));
    // R: "Doubled piece unaffected by immobilization ... at end of 1st move": through e5, next to
    // a Tan Immobilizer, on to e6.
    let p = kings(
        Blue,
        &[("e1", Blue, "Dbl"), ("e4", Blue, "W"), ("f6", Tan, "Im")],
    );
    assert!(has(&p, "e4", &[("e4", None), ("e6", blue("W"))]));
    // A doubled Cuckoo converts twice.
    let c = kings(
        Blue,
        &[
            ("e1", Blue, "Dbl"),
            ("e4", Blue, "Cu"),
            ("d4", Tan, "N"),
            ("f4", Tan, "N"),
        ],
    );
    assert!(has(&c, "e4", &[("d4", blue("N")), ("f4", blue("N"))]));
    // A doubled Kamikaze that captures on its first part has no second.
    let k = kings(
        Blue,
        &[("e1", Blue, "Dbl"), ("e3", Blue, "Kam"), ("e4", Tan, "P")],
    );
    for a in turns_of(&k, "e3") {
        if a.get("e4").is_none() {
            assert!(
                Board::squares().all(|s| a.at(s) != Some((Blue, "Kam"))),
                "{a}"
            );
        }
    }
    assert!(has(&k, "e3", &[("e3", None), ("e4", None)]));
    // A doubled Halmopper: a capturing single hop, then a step.
    let h = kings(
        Blue,
        &[
            ("d1", Blue, "Dbl"),
            ("d5", Blue, "Hlm"),
            ("d6", Blue, "W"),
            ("d7", Tan, "P"),
        ],
    );
    assert!(has(
        &h,
        "d5",
        &[("d5", None), ("d7", None), ("e8", blue("Hlm"))]
    ));
    // An Ox Tank pushes a paralysed friend.
    let t = kings(
        Blue,
        &[("e3", Blue, "OxT"), ("e4", Blue, "W"), ("f5", Tan, "Im")],
    );
    assert!(immobilized(&t, sq("e4")));
    assert!(has(
        &t,
        "e3",
        &[("e3", None), ("e4", blue("OxT")), ("e5", blue("W"))]
    ));
    // A Tan Doubler doubles Blue pieces too; an immobilized piece is not doubled.
    let i = kings(
        Blue,
        &[("e1", Tan, "Dbl"), ("e4", Blue, "W"), ("f5", Tan, "Im")],
    );
    assert!(!doubled(&i, sq("e4")));
}
