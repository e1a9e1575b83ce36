//! The worked examples of the texts (J: the 1999 text, R: the 2009 revision).

use super::*;

#[test]
fn boyscout_paths_from_c4_as_listed() {
    // J: "A Boyscout at c4 can move along these lines", each "..." continued to the board's edge.
    let paths = [
        "b5 c6 b7 c8 b9 c10 b11 c12 b13 c14 b15 c16",
        "d5 c6 d7 c8 d9 c10 d11 c12 d13 c14 d15 c16",
        "d5 e4 f5 g4 h5 i4 j5 k4 l5 m4 n5 o4 p5",
        "d3 e4 f3 g4 h3 i4 j3 k4 l3 m4 n3 o4 p3",
        "d3 c2 d1",
        "b3 c2 b1",
        "b3 a4",
        "b5 a4",
    ];
    let b = Board::with(Blue, &[("c4", Blue, "Boy")]);
    let want: BTreeSet<String> = paths.iter().flat_map(|p| set(p)).collect();
    assert_eq!(dests(&b, "c4"), want);
    // A friend on c6 cuts the two northern paths after it (b7, d7, ... are on no other path).
    let mut blocked = b.clone();
    blocked.put("c6", Blue, "W");
    let d = dests(&blocked, "c4");
    assert!(d.contains("b5") && d.contains("d5") && !d.contains("c6"));
    assert!(!d.contains("b7") && !d.contains("d7") && !d.contains("c16"));
    // An enemy there is captured, and the path stops.
    blocked.put("c6", Tan, "W");
    let d = dests(&blocked, "c4");
    assert!(d.contains("c6") && !d.contains("b7") && !d.contains("c8"));
}

#[test]
fn girlscout_paths_from_c4_as_listed() {
    let paths = [
        "c5 d5 d6 e6 e7 f7 f8 g8 g9 h9 h10 i10 i11 j11 j12 k12 k13 l13 l14 m14 m15 n15 n16 o16",
        "c5 b5 b6 a6 a7",
        "d4 d3 e3 e2 f2 f1 g1",
        "d4 d5 e5 e6 f6 f7 g7 g8 h8 h9 i9 i10 j10 j11 k11 k12 l12 l13 m13 m14 n14 n15 o15 o16 p16",
        "c3 b3 b2 a2 a1",
        "c3 d3 d2 e2 e1 f1",
        "b4 b5 a5 a6",
        "b4 b3 a3 a2",
    ];
    let b = Board::with(Blue, &[("c4", Blue, "Gir")]);
    let want: BTreeSet<String> = paths.iter().flat_map(|p| set(p)).collect();
    assert_eq!(dests(&b, "c4"), want);
    // Tan's Girlscout on c4 walks the same lines (it is symmetric).
    let t = Board::with(Tan, &[("c4", Tan, "Gir")]);
    assert_eq!(dests(&t, "c4"), want);
}

#[test]
fn cicada_example() {
    // J (and the 2009 Typhoon text): Blue Cicada b2, Tan Bishop b3, Blue Guard d4, Blue Knight c2,
    // Tan Rook d2, Tan Spider e2: hop the Bishop to b4 or b5, hop the Guard to e5, hop the Knight
    // to capture d2, hop the Knight and Rook to capture e2. R adds the noncapturing Commoner move
    // (to the empty neighbours a1 a2 a3 b1 c1 c3).
    let b = kings(
        Blue,
        &[
            ("b2", Blue, "Ci"),
            ("b3", Tan, "B"),
            ("d4", Blue, "Gu"),
            ("c2", Blue, "N"),
            ("d2", Tan, "R"),
            ("e2", Tan, "Sp"),
        ],
    );
    let mut b = b;
    b.clear("a1");
    b.put("p1", Blue, "K");
    assert_eq!(dests(&b, "b2"), set("b4 b5 e5 d2 e2 a1 a2 a3 b1 c1 c3"));
    assert!(has(&b, "b2", &[("b2", None), ("e2", blue("Ci"))]));
}

#[test]
fn hummingbird_example() {
    // J: Blue Hummingbird a4, Tan Pawn a5, Blue Otter a2, Tan Squirrel b4: it may swap with the
    // Pawn, capture the Squirrel, swap with the Squirrel or the Otter, or leap to a3 or a6.
    let b = Board::with(
        Blue,
        &[
            ("p1", Blue, "K"),
            ("p16", Tan, "K"),
            ("a4", Blue, "Hu"),
            ("a5", Tan, "P"),
            ("a2", Blue, "Ot"),
            ("b4", Tan, "Sq"),
        ],
    );
    let want: BTreeSet<Board> = [
        after(&b, &[("a4", tan("P")), ("a5", blue("Hu"))]),
        after(&b, &[("a4", None), ("b4", blue("Hu"))]),
        after(&b, &[("a4", tan("Sq")), ("b4", blue("Hu"))]),
        after(&b, &[("a4", blue("Ot")), ("a2", blue("Hu"))]),
        after(&b, &[("a4", None), ("a3", blue("Hu"))]),
        after(&b, &[("a4", None), ("a6", blue("Hu"))]),
    ]
    .into_iter()
    .collect();
    assert_eq!(
        turns_of(&b, "a4").into_iter().collect::<BTreeSet<_>>(),
        want
    );
}

#[test]
fn cuckoo_converts() {
    // J: "given a Blue Cuckoo on a4 and a Tan Pawn on a5, the Cuckoo may transform the Tan Pawn
    // into a Blue Pawn ... the transformed Blue Pawn moves northwards".
    let b = Board::with(
        Blue,
        &[
            ("p1", Blue, "K"),
            ("p16", Tan, "K"),
            ("a4", Blue, "Cu"),
            ("a5", Tan, "P"),
            ("h8", Tan, "W"),
        ],
    );
    let converted = after(&b, &[("a5", blue("P"))]);
    assert!(turns_of(&b, "a4").contains(&converted));
    // Tan plays a Wazir move; the Pawn now walks north.
    let next = after(&converted, &[("h8", None), ("h7", tan("W"))]);
    assert!(turns_of(&converted, "h8").contains(&next));
    assert!(has(&next, "a5", &[("a5", None), ("a6", blue("P"))]));
    // The square two straight back, ignoring the piece between; nothing converted in front of
    // a friend or two squares ahead.
    let b = kings(
        Blue,
        &[
            ("e5", Blue, "Cu"),
            ("e4", Blue, "W"),
            ("e3", Tan, "N"),
            ("e7", Tan, "N"),
        ],
    );
    assert!(has(&b, "e5", &[("e3", blue("N"))]));
    assert!(!has(&b, "e5", &[("e7", blue("N"))]));
    // Tan's Cuckoo converts on its own forward square (south).
    let t = kings(
        Tan,
        &[("e5", Tan, "Cu"), ("e4", Blue, "N"), ("e6", Blue, "N")],
    );
    assert!(has(&t, "e5", &[("e4", tan("N"))]));
    assert!(!has(&t, "e5", &[("e6", tan("N"))]));
}

#[test]
fn missionary_example() {
    // J: Blue Missionary a3, Tan Pawn d6: it may move to c5 and convert the Pawn. R: converting is
    // obligatory (docs/rules/jupiter.md), so c5 without converting is not a move.
    let b = kings(Blue, &[("a3", Blue, "Mi"), ("d6", Tan, "P")]);
    assert!(has(
        &b,
        "a3",
        &[("a3", None), ("c5", blue("Mi")), ("d6", blue("P"))]
    ));
    assert!(!has(&b, "a3", &[("a3", None), ("c5", blue("Mi"))]));
    assert!(has(&b, "a3", &[("a3", None), ("b4", blue("Mi"))]));
}

#[test]
fn sorcerer_example() {
    // J: Blue Sorcerer a3, Tan Pawn c3, Tan Camel d3, Tan Knight f3: to b3, capturing the Pawn and
    // Camel, not the Knight (a gap). Obligatory in R.
    let b = kings(
        Blue,
        &[
            ("a3", Blue, "So"),
            ("c3", Tan, "P"),
            ("d3", Tan, "C"),
            ("f3", Tan, "N"),
        ],
    );
    assert!(has(
        &b,
        "a3",
        &[("a3", None), ("b3", blue("So")), ("c3", None), ("d3", None)]
    ));
    assert!(!has(&b, "a3", &[("a3", None), ("b3", blue("So"))]));
    assert!(!dests(&b, "a3").contains("c3"));
}

#[test]
fn overtaker_and_undertaker_examples() {
    // J: Blue Overtaker a4, Tan Pawn a5: captures the Pawn by hopping it to a6.
    let b = kings(Blue, &[("a4", Blue, "Ov"), ("a5", Tan, "P")]);
    assert!(has(
        &b,
        "a4",
        &[("a4", None), ("a5", None), ("a6", blue("Ov"))]
    ));
    assert!(!dests(&b, "a4").contains("a5"));
    // Not over a friend.
    let f = kings(Blue, &[("a4", Blue, "Ov"), ("a5", Blue, "P")]);
    assert!(!dests(&f, "a4").contains("a6"));
    // J: Blue Undertaker a4, Tan Pawn a5: captures the Pawn by moving to a3; R: optional.
    let b = kings(
        Blue,
        &[("a4", Blue, "Un"), ("a5", Tan, "P"), ("p1", Blue, "W")],
    );
    assert!(has(
        &b,
        "a4",
        &[("a4", None), ("a5", None), ("a3", blue("Un"))]
    ));
    assert!(has(&b, "a4", &[("a4", None), ("a3", blue("Un"))]));
    assert!(!has(
        &b,
        "a4",
        &[("a4", None), ("a5", None), ("b4", blue("Un"))]
    ));
}

#[test]
fn wagon_example() {
    // J: "if a Blue Wagon is located on a1, and Tan pieces are located on a2 and a3, then the Blue
    // Wagon cannot move along the a-file or capture either Tan piece."
    let b = Board::with(
        Blue,
        &[
            ("a1", Blue, "Wa"),
            ("a2", Tan, "P"),
            ("a3", Tan, "N"),
            ("p8", Blue, "K"),
            ("p16", Tan, "K"),
        ],
    );
    assert_eq!(
        dests(&b, "a1"),
        set("c1 d1 e1 f1 g1 h1 i1 j1 k1 l1 m1 n1 o1 p1")
    );
}

#[test]
fn doubler_and_immobilizer_example() {
    // J: "given a Blue Immobilizer on a2, a Tan Doubler on b2, a Blue Guard on b4, and a Tan Rook on
    // b1, the Doubler and Rook are immobilized, but the Guard may make a double move".
    let b = Board::with(
        Blue,
        &[
            ("a2", Blue, "Im"),
            ("b2", Tan, "Dbl"),
            ("b4", Blue, "Gu"),
            ("b1", Tan, "R"),
            ("p8", Blue, "K"),
            ("p16", Tan, "K"),
        ],
    );
    assert!(immobilized(&b, sq("b2")) && immobilized(&b, sq("b1")));
    assert!(!immobilized(&b, sq("b4")) && doubled(&b, sq("b4")));
    assert!(has(&b, "b4", &[("b4", None), ("b6", blue("Gu"))]));
    assert!(has(&b, "b4", &[("b4", None), ("c5", blue("Gu"))]));
    // Tan's turn: the paralysed Doubler and Rook can only capture themselves.
    let mut t = b.clone();
    t.side = Tan;
    assert_eq!(turns_of(&t, "b2"), vec![after(&t, &[("b2", None)])]);
    assert_eq!(turns_of(&t, "b1"), vec![after(&t, &[("b1", None)])]);
}

#[test]
fn fiery_dragons_meeting_in_the_2009_order() {
    // R: a Blue FiD landing next to a Tan FiD captures it (and every Tan piece around) by
    // approach; then the poison the Tan FiD laid is activated and removes the Blue FiD; then poison
    // is recalculated and the squares around both are clean.
    let b = kings(
        Blue,
        &[
            ("b1", Blue, "FiD"),
            ("f5", Tan, "FiD"),
            ("d5", Tan, "P"),
            ("g6", Tan, "Gu"),
            ("a16", Blue, "W"),
        ],
    );
    let a = after(&b, &[("b1", None), ("f5", None), ("d5", None)]);
    assert!(turns_of(&b, "b1").contains(&a));
    assert!(burnt_squares(&a, Tan).is_empty() && burnt_squares(&a, Blue).is_empty());
    // Without the Tan Dragon the Blue one survives its approach.
    let mut c = b.clone();
    c.clear("f5");
    assert!(has(
        &c,
        "b1",
        &[("b1", None), ("e4", blue("FiD")), ("d5", None)]
    ));
}

#[test]
fn relayed_fiery_dragon_burns_a_turn_later() {
    // R: a Blue Harpy relays a Knight's move to a Blue FiD: adjacent Tan pieces are not captured;
    // Tan may move them away; at the end of Tan's turn the ones still there are removed.
    let b = kings(
        Blue,
        &[
            ("d1", Blue, "Ha"),
            ("d4", Blue, "FiD"),
            ("e7", Tan, "P"),
            ("f7", Tan, "W"),
            ("m12", Tan, "N"),
        ],
    );
    let moved = after(&b, &[("d4", None), ("e6", blue("FiD"))]);
    assert!(turns_of(&b, "d4").contains(&moved));
    // Tan's Wazir escapes to f8; the Pawn (blocked) burns.
    assert!(has(
        &moved,
        "f7",
        &[("f7", None), ("f8", tan("W")), ("e7", None)]
    ));
    // A Wazir move to f6 stays next to the Dragon: both burn.
    assert!(has(&moved, "f7", &[("f7", None), ("e7", None)]));
    // Any other Tan turn: both burn.
    assert!(has(
        &moved,
        "m12",
        &[("m12", None), ("l10", tan("N")), ("e7", None), ("f7", None)]
    ));
    // A relayed Dragon landing next to a Tan Dragon captures nothing and burns at once.
    let b = kings(
        Blue,
        &[
            ("d1", Blue, "Ha"),
            ("d4", Blue, "FiD"),
            ("g6", Tan, "FiD"),
            ("a16", Blue, "W"),
        ],
    );
    assert!(has(&b, "d4", &[("d4", None)]));
    assert!(!has(
        &b,
        "d4",
        &[("d4", None), ("f5", blue("FiD")), ("g6", None)]
    ));
    // Under its own power (B), it would capture the Tan Dragon and burn with it.
    let mut own = b.clone();
    own.clear("d4");
    own.put("c2", Blue, "FiD");
    assert!(has(&own, "c2", &[("c2", None), ("g6", None)]));
}

#[test]
fn poison_through_a_hummingbird_swap() {
    // J: "if a Hummingbird swaps places with an opposing poisonous piece, the Hummingbird is
    // captured. If the Hummingbird in question is also under the influence of a Poisoner, both
    // pieces are captured."
    let b = kings(
        Blue,
        &[("a4", Blue, "Hu"), ("a5", Tan, "DNi"), ("h8", Blue, "W")],
    );
    let mut b = b;
    b.clear("a1");
    b.put("p1", Blue, "K");
    assert!(has(&b, "a4", &[("a4", tan("DNi")), ("a5", None)]));
    let mut p = b.clone();
    p.put("a1", Tan, "Psn");
    assert!(poisonous_squares(&p).contains(&sq("a4")));
    assert!(has(&p, "a4", &[("a4", None), ("a5", None)]));
    // "a Hummingbird exchanging places with a friendly poisonous piece is not poisoned".
    let f = kings(Blue, &[("e4", Blue, "Hu"), ("e5", Blue, "DNi")]);
    assert!(has(&f, "e4", &[("e4", blue("DNi")), ("e5", blue("Hu"))]));
    // Capturing a Deadly Nightshade poisons the capturer; a hop-capture does not.
    let c = kings(
        Blue,
        &[
            ("e4", Blue, "W"),
            ("e5", Tan, "DNi"),
            ("h4", Blue, "Za"),
            ("h5", Tan, "DNi"),
        ],
    );
    assert!(has(&c, "e4", &[("e4", None), ("e5", None)]));
    assert!(has(
        &c,
        "h4",
        &[("h4", None), ("h5", None), ("h6", blue("Za"))]
    ));
}

#[test]
fn tank_notation_example() {
    // J: "OxT-k4:A-k5,Goxk6 (the Ox Tank moves to k4, pushing the Alfil to k5, which in turn pushes
    // the Goat into k6, which contains an opposing piece that is captured)".
    let b = kings(
        Blue,
        &[
            ("k3", Blue, "OxT"),
            ("k4", Blue, "A"),
            ("k5", Blue, "Go"),
            ("k6", Tan, "P"),
        ],
    );
    assert!(has(
        &b,
        "k3",
        &[
            ("k3", None),
            ("k4", blue("OxT")),
            ("k5", blue("A")),
            ("k6", blue("Go"))
        ]
    ));
    // No more than two pushed pieces; never off the board.
    let mut three = b.clone();
    three.put("k6", Blue, "P");
    assert!(!dests(&three, "k3").contains("k4"));
    let edge = kings(
        Blue,
        &[
            ("c14", Blue, "OxT"),
            ("c15", Blue, "A"),
            ("c16", Blue, "Go"),
        ],
    );
    assert!(!dests(&edge, "c14").contains("c15"));
    // R: tanks push friends only; the plain step captures an enemy.
    let e = kings(
        Blue,
        &[("k3", Blue, "OxT"), ("k4", Tan, "A"), ("k5", Tan, "Go")],
    );
    assert!(has(&e, "k3", &[("k3", None), ("k4", blue("OxT"))]));
    assert_eq!(turns_of(&e, "k3").len(), 4);
}

#[test]
fn repetition_example_adapted() {
    // J's 2x3 example, on the Jupiter board with a Wazir each (so that nobody is bared): the turn
    // that would make the starting position occur a third time is illegal.
    let start = Board::with(
        Blue,
        &[
            ("a1", Blue, "K"),
            ("b3", Tan, "K"),
            ("p1", Blue, "W"),
            ("p16", Tan, "W"),
        ],
    );
    let mut game = RefGame::new(start.clone());
    let step = |g: &mut RefGame, from: &str, to: &str| {
        let mut a = g.board.clone();
        let p = a.get(from);
        a.clear(from);
        a.set(sq(to), p);
        a.side = a.side.other();
        assert!(g.legal().contains(&(sq(from), a.clone())), "{from}-{to}");
        g.play(a);
    };
    step(&mut game, "a1", "b1");
    step(&mut game, "b3", "a3");
    step(&mut game, "b1", "a1");
    step(&mut game, "a3", "b3"); // second occurrence of the start
    step(&mut game, "a1", "b1");
    step(&mut game, "b3", "a3");
    step(&mut game, "b1", "a1");
    // K-b3 would be the third occurrence.
    assert!(!game.legal().contains(&(sq("a3"), start.clone())));
    assert!(legal_turns(&game.board).contains(&(sq("a3"), start.clone())));
    assert!(game.legal().len() + 1 == legal_turns(&game.board).len());
    // A capture resets nothing that could matter, a birth starts a new window: after a Tribble's
    // birth the old positions count again from zero.
    let b = Board::with(
        Blue,
        &[
            ("a1", Blue, "K"),
            ("e4", Blue, "Trb"),
            ("p16", Tan, "K"),
            ("p1", Tan, "W"),
        ],
    );
    let mut g = RefGame::new(b.clone());
    let born = after(&b, &[("e6", blue("Trb"))]);
    g.play(born);
    assert_eq!(g.history.len(), 1);
}

#[test]
fn victory_conditions() {
    // Last royal piece captured; reduced to one piece; no legal move on your turn.
    let b = Board::with(
        Blue,
        &[
            ("a1", Blue, "K"),
            ("a2", Blue, "W"),
            ("p16", Tan, "N"),
            ("p15", Tan, "N"),
        ],
    );
    assert_eq!(
        outcome(&b),
        Some((Blue, jovian_rules::WinReason::RoyalCaptured))
    );
    let b = Board::with(
        Tan,
        &[("a1", Blue, "K"), ("a2", Blue, "W"), ("p16", Tan, "K")],
    );
    assert_eq!(outcome(&b), Some((Blue, jovian_rules::WinReason::Bared)));
    assert!(legal_turns(&b).is_empty());
    // Blue's King boxed in by its own Fus on the last rank: no move at all.
    let b = Board::with(
        Blue,
        &[
            ("p16", Blue, "K"),
            ("o16", Blue, "Fu"),
            ("o15", Blue, "Fu"),
            ("p15", Blue, "Fu"),
            ("a1", Tan, "K"),
            ("b1", Tan, "W"),
        ],
    );
    assert_eq!(
        outcome(&b),
        Some((Tan, jovian_rules::WinReason::NoLegalMove))
    );
    // A turn that removes both sides' last royal pieces wins for the side that made it: the Blue
    // King captures the Tan King, which a Tan Poisoner had made poisonous.
    let b = Board::with(
        Blue,
        &[
            ("e4", Blue, "K"),
            ("a1", Blue, "W"),
            ("e5", Tan, "K"),
            ("e8", Tan, "Psn"),
        ],
    );
    let a = after(&b, &[("e4", None), ("e5", None)]);
    assert!(legal_turns(&b).contains(&(sq("e4"), a.clone())));
    assert_eq!(
        outcome(&a),
        Some((Blue, jovian_rules::WinReason::RoyalCaptured))
    );
}
