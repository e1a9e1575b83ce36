//! The 1999 edition (`Edition::J1999`, docs/rules/jupiter.md, "Jupiter as first published (1999)"):
//! every difference from the 2009 revision in a small position counted by hand from the 1999 text
//! ("J"), each checked against the same position under the 2009 rules where that shows the
//! difference.

use super::*;

/// A piece placed on a named square.
type Placed = (&'static str, Color, &'static str);

/// `kings` (Kings on a1 and p16) played by the 1999 rules.
fn kings_1999(side: Color, pieces: &[(&str, Color, &'static str)]) -> Board {
    kings(side, pieces).with_edition(Edition::J1999)
}

/// The same board by the other edition's rules.
fn in_2009(b: &Board) -> Board {
    b.clone().with_edition(Edition::J2009)
}

/// The turns of the piece on `from`, with details.
fn details_of(b: &Board, from: &str) -> Vec<Detail> {
    turns_in_detail(b)
        .into_iter()
        .filter(|d| d.from == sq(from))
        .collect()
}

#[test]
fn every_turn_keeps_the_edition() {
    let b = kings_1999(Blue, &[("e4", Blue, "Dbl"), ("e6", Blue, "Hlm")]);
    let turns = pseudo_turns(&b);
    assert!(!turns.is_empty());
    assert!(turns.iter().all(|(_, a)| a.edition == Edition::J1999));
    assert!(
        pseudo_turns(&in_2009(&b))
            .iter()
            .all(|(_, a)| a.edition == Edition::J2009)
    );
}

#[test]
fn changed_types_alone_from_a_central_square() {
    // Blue on h8 and Tan on i9 on an empty board (as counts.rs for 2009), 1999 table.
    let counts = [
        ("Ci", 0, 8),   // must hop: nothing to hop (2009: the noncapturing Commoner step)
        ("Ty", 20, 24), // F 4 + A 4 + R3 12 (2009: Q3)
        ("Sa", 24, 8),  // Q3 moving (2009: W + F; its Q4 must land next to a friend)
        ("Ha", 59, 24), // Q moving: R 30 + B 29 (2009: Q3)
        ("Mi", 12, 16), // W 4 + B2 8 (2009: Q2)
        ("So", 12, 16), // W 4 + B2 8 (2009: Q2)
        ("Tlp", 59, 59),
        ("De", 8, 8),
        ("Kam", 16, 16),
        ("Roy", 12, 12), // F 4 + R2 8 (no royal to leap to)
        ("Hlm", 8, 8),
        ("OxT", 4, 4),
    ];
    for (t, want_1999, want_2009) in counts {
        for (s, c) in [("h8", Blue), ("i9", Tan)] {
            let b = Board::with(c, &[(s, c, t)]).with_edition(Edition::J1999);
            assert_eq!(dests(&b, s).len(), want_1999, "1999 {c:?} {t} on {s}");
            assert_eq!(
                dests(&in_2009(&b), s).len(),
                want_2009,
                "2009 {c:?} {t} on {s}"
            );
        }
    }
}

#[test]
fn cicada_example_1999() {
    // J: Blue Cicada b2, Tan Bishop b3, Blue Guard d4, Blue Knight c2, Tan Rook d2, Tan Spider e2:
    // hop the Bishop to b4 or b5, hop the Guard to e5, hop the Knight to capture d2, hop the
    // Knight and Rook to capture e2. Nothing else: every other line reaches only unhopped squares
    // (a2 a3 b1 c1 c3, a1 holds the Blue King).
    let b = kings_1999(
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
    assert_eq!(dests(&b, "b2"), set("b4 b5 e5 d2 e2"));
    assert_eq!(turns_of(&b, "b2").len(), 5);
    assert!(has(&b, "b2", &[("b2", None), ("e2", blue("Ci"))]));
    assert!(has(&b, "b2", &[("b2", None), ("d2", blue("Ci"))]));
    // 2009: the Commoner step to the five empty neighbours as well.
    assert_eq!(
        dests(&in_2009(&b), "b2"),
        set("b4 b5 e5 d2 e2 a2 a3 b1 c1 c3")
    );
}

#[test]
fn typhoon_runs_on_only_orthogonally() {
    // Blue Typhoon e4; Tan Pawn e5, Tan Knight e6, Blue Wazir e8 (north); Tan Rook f5 and Tan
    // Bishop g6 (north-east).
    let b = kings_1999(
        Blue,
        &[
            ("e4", Blue, "Ty"),
            ("e5", Tan, "P"),
            ("e6", Tan, "N"),
            ("e8", Blue, "W"),
            ("f5", Tan, "R"),
            ("g6", Tan, "B"),
        ],
    );
    // R3 north running on: e5 (x P), e6 (x P, N), e7 (x P, N); east f4 g4 h4, west d4 c4 b4,
    // south e3 e2 e1; F: f5 (x R) d5 d3 f3; A: g6 (x B, leaping f5) c6 c2 g2. 20 squares.
    assert_eq!(
        dests(&b, "e4"),
        set("e5 e6 e7 f4 g4 h4 d4 c4 b4 e3 e2 e1 f5 d5 d3 f3 g6 c6 c2 g2")
    );
    assert!(has(
        &b,
        "e4",
        &[("e4", None), ("e5", None), ("e6", None), ("e7", blue("Ty"))]
    ));
    assert!(has(
        &b,
        "e4",
        &[("e4", None), ("e5", None), ("e6", blue("Ty"))]
    ));
    assert!(has(&b, "e4", &[("e4", None), ("g6", blue("Ty"))]));
    // No diagonal run: f5 and g6 are never taken together.
    assert!(!has(
        &b,
        "e4",
        &[("e4", None), ("f5", None), ("g6", blue("Ty"))]
    ));
    assert!(!dests(&b, "e4").contains("h7"));
    // 2009: Q3 running on in every direction.
    assert!(has(
        &in_2009(&b),
        "e4",
        &[("e4", None), ("f5", None), ("g6", None), ("h7", blue("Ty"))]
    ));
}

#[test]
fn salamander_moves_as_q3_and_captures_as_a_commoner() {
    // Blue Salamander e4, Tan Pawn e6 (two away: no capture), Tan Knight f5 (adjacent).
    let b = kings_1999(
        Blue,
        &[("e4", Blue, "Sa"), ("e6", Tan, "P"), ("f5", Tan, "N")],
    );
    // N e5; NE f5 (x N); E f4 g4 h4; SE f3 g2 h1; S e3 e2 e1; SW d3 c2 b1; W d4 c4 b4;
    // NW d5 c6 b7: 20.
    let d = dests(&b, "e4");
    assert_eq!(d.len(), 20, "{d:?}");
    assert!(d.contains("f5") && d.contains("e5") && !d.contains("e6"));
    assert!(d.contains("h1") && d.contains("b7") && !d.contains("a8"));
}

#[test]
fn dervish_lends_only_the_leap_to_the_opposite_side() {
    // Blue Dervish e5; Blue Pawn d4 (south-west of it) and Blue Knight e4 (south); Tan Rook e6.
    let b = kings_1999(
        Blue,
        &[
            ("e5", Blue, "De"),
            ("d4", Blue, "P"),
            ("e4", Blue, "N"),
            ("e6", Tan, "R"),
        ],
    );
    // J: "may leap to the opposite side of the Dervish (to move or capture ...)": the Pawn to f6,
    // the Knight onto e6 (capturing the Rook).
    assert_eq!(dests(&b, "d4"), set("d5 f6"));
    assert_eq!(dests(&b, "e4"), set("c3 c5 d2 d6 f2 f6 g3 g5 e6"));
    assert!(has(&b, "e4", &[("e4", None), ("e6", blue("N"))]));
    // 2009: F, D or A landing next to the Dervish: d6 (D), f4 (D), f6 (A) as well.
    assert_eq!(dests(&in_2009(&b), "d4"), set("d5 d6 f4 f6"));
}

#[test]
fn harpy_moves_as_a_queen_and_lends_the_knight_a_knight_leap_away() {
    // Blue Harpy h8; Blue Wazir f7 (a Knight's leap away), Blue Wazir h9 (next to it, on its
    // line); Tan Pawn g5.
    let b = kings_1999(
        Blue,
        &[
            ("h8", Blue, "Ha"),
            ("f7", Blue, "W"),
            ("h9", Blue, "W"),
            ("g5", Tan, "P"),
        ],
    );
    // f7: W e7 g7 f6 f8; N g9 h6 g5 (x P) e5 d6 d8 e9 (h8 holds the Harpy): 11.
    assert_eq!(dests(&b, "f7"), set("e7 g7 f6 f8 g9 h6 g5 e5 d6 d8 e9"));
    assert!(has(&b, "f7", &[("f7", None), ("g5", blue("W"))]));
    // h9 is not a Knight's leap away: W only (h8 is the Harpy).
    assert_eq!(dests(&b, "h9"), set("g9 i9 h10"));
    // 2009: the Harpy lends to friends a Q3 reaches (h9), not to f7.
    assert_eq!(dests(&in_2009(&b), "f7"), set("e7 g7 f6 f8"));
    assert!(dests(&in_2009(&b), "h9").contains("g11"));
    // The Harpy itself: a Queen without range limit, never capturing.
    let d = dests(&b, "h8");
    assert!(d.contains("c3") && d.contains("h1") && d.contains("a8"));
    assert!(!d.contains("p16") && !d.contains("g5") && !d.contains("h10"));
}

#[test]
fn missionary_example_1999() {
    // J: Blue Missionary a3, Tan Pawn d6: to c5, converting the Pawn "(it may also leave the Tan
    // Pawn as a Tan Pawn)". Its turns: W a4 a2 b3, B2 b4 c5 b2 c1, and c5 converting: 8.
    let b = kings_1999(Blue, &[("a3", Blue, "Mi"), ("d6", Tan, "P")]);
    assert!(has(
        &b,
        "a3",
        &[("a3", None), ("c5", blue("Mi")), ("d6", blue("P"))]
    ));
    assert!(has(&b, "a3", &[("a3", None), ("c5", blue("Mi"))]));
    assert_eq!(dests(&b, "a3"), set("a4 a2 b3 b4 c5 b2 c1 d6"));
    assert_eq!(turns_of(&b, "a3").len(), 8);
    // No two-step orthogonal move (2009: Q2).
    assert!(!dests(&b, "a3").contains("a5"));
    assert!(dests(&in_2009(&b), "a3").contains("a5"));
}

#[test]
fn sorcerer_example_1999() {
    // J: Blue Sorcerer a3, Tan Pawn c3, Tan Camel d3, Tan Knight f3: to b3 capturing the Pawn and
    // Camel, or capturing nothing; never the Pawn alone, never the Knight (a gap). Its turns: W a4
    // a2 b3 (twice), B2 b4 c5 b2 c1: 8.
    let b = kings_1999(
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
    assert!(has(&b, "a3", &[("a3", None), ("b3", blue("So"))]));
    assert!(!has(
        &b,
        "a3",
        &[("a3", None), ("b3", blue("So")), ("c3", None)]
    ));
    assert!(turns_of(&b, "a3").iter().all(|a| a.get("f3").is_some()));
    assert_eq!(turns_of(&b, "a3").len(), 8);
    // 2009: obligatory, and Q2.
    assert!(!has(
        &in_2009(&b),
        "a3",
        &[("a3", None), ("b3", blue("So"))]
    ));
}

#[test]
fn other_captures_by_other_means_than_displacement_are_optional() {
    // Each move below captures in 2009 and may be made with or without its captures in 1999.
    let cases: [(&[Placed], &str, &str, &[&str]); 6] = [
        // Withdrawer: away from the adjacent enemy.
        (
            &[("e4", Blue, "Wdr"), ("e5", Tan, "P")],
            "e4",
            "e2",
            &["e5"],
        ),
        // Neartaker: a step toward the enemy one square beyond.
        (
            &[("e4", Blue, "Nrt"), ("e6", Tan, "P")],
            "e4",
            "e5",
            &["e6"],
        ),
        // Intertaker: the enemy between it and a friend.
        (
            &[("e4", Blue, "Int"), ("e6", Tan, "P"), ("e7", Blue, "W")],
            "e4",
            "e5",
            &["e6"],
        ),
        // Coordinator (royal piece a1): a5 on its rank and the King's file.
        (
            &[("c3", Blue, "Coo"), ("a5", Tan, "P")],
            "c3",
            "c5",
            &["a5"],
        ),
        // Communist: the adjacent promoted piece.
        (
            &[("e4", Blue, "Cst"), ("f6", Tan, "Q")],
            "e4",
            "e5",
            &["f6"],
        ),
        // Fiery Dragon: the enemies next to its arrival square.
        (
            &[("e4", Blue, "FiD"), ("g6", Tan, "P"), ("h6", Tan, "N")],
            "e4",
            "f5",
            &["g6"],
        ),
    ];
    for (pieces, from, to, victims) in cases {
        let b = kings_1999(Blue, pieces);
        let t = b.get(from).unwrap().1;
        let mut with: Vec<(&str, Cell)> = vec![(from, None), (to, blue(t))];
        with.extend(victims.iter().map(|&v| (v, None)));
        let plain = [(from, None), (to, blue(t))];
        assert!(has(&b, from, &with), "1999 {t} {from}-{to} capturing");
        assert!(has(&b, from, &plain), "1999 {t} {from}-{to} without");
        assert!(
            has(&in_2009(&b), from, &with),
            "2009 {t} {from}-{to} capturing"
        );
        assert!(
            !has(&in_2009(&b), from, &plain),
            "2009 {t} {from}-{to} without"
        );
    }
    // The Fiery Dragon landing on an enemy still captures it; only the neighbours are optional.
    let b = kings_1999(
        Blue,
        &[("e4", Blue, "FiD"), ("g6", Tan, "P"), ("h6", Tan, "N")],
    );
    assert!(has(
        &b,
        "e4",
        &[("e4", None), ("g6", blue("FiD")), ("h6", None)]
    ));
    assert!(has(&b, "e4", &[("e4", None), ("g6", blue("FiD"))]));
    assert_eq!(
        turns_of(&b, "e4")
            .iter()
            .filter(|a| a.get("g6") == blue("FiD"))
            .count(),
        2
    );
}

#[test]
fn teleporter_relays_between_itself_and_the_royal_pieces() {
    // Blue King h12 (the only Blue royal piece), Blue Teleporter e5. Next to the Teleporter: Pawn
    // d5 (offset -1,0), Guard e6 (0,+1), Kamikaze f4 (+1,-1). Next to the King: Knight i13
    // (+1,+1). Tan King p16, Tan Rook h13.
    let b = Board::with(
        Blue,
        &[
            ("h12", Blue, "K"),
            ("e5", Blue, "Tlp"),
            ("d5", Blue, "P"),
            ("e6", Blue, "Gu"),
            ("f4", Blue, "Kam"),
            ("i13", Blue, "N"),
            ("p16", Tan, "K"),
            ("h13", Tan, "R"),
        ],
    )
    .with_edition(Edition::J1999);
    // Pawn: d6, or g12 next to the King (relayed: no promotion to a Tadpole in the zone).
    assert_eq!(turns_of(&b, "d5").len(), 2);
    assert!(has(&b, "d5", &[("d5", None), ("g12", blue("P"))]));
    // Guard: its h13 is the Tan Rook (a teleport never captures): W moves e7 d6 f6 only.
    assert_eq!(dests(&b, "e6"), set("e7 d6 f6"));
    // Kamikaze: to i11.
    assert!(has(&b, "f4", &[("f4", None), ("i11", blue("Kam"))]));
    // Knight: its eight leaps, and f6 next to the Teleporter.
    assert_eq!(dests(&b, "i13"), set("g12 g14 h11 h15 j11 j15 k12 k14 f6"));
    let teleported: Vec<Detail> = details_of(&b, "i13")
        .into_iter()
        .filter(|d| d.after.get("f6") == blue("N"))
        .collect();
    assert_eq!(teleported.len(), 1);
    assert!(teleported[0].has(TAG_TELEPORT) && teleported[0].has(TAG_RELAYED));
    // The Teleporter itself: Queen moves, no exchange with a friend.
    assert!(details_of(&b, "e5").iter().all(|d| !d.has(TAG_SWAP)));
    assert!(
        turns_of(&b, "e5")
            .iter()
            .all(|a| a.get("e5").is_none() && a.get("d5") == blue("P"))
    );
    // 2009: none of the relays, and exchanges instead.
    let old = in_2009(&b);
    assert_eq!(dests(&old, "d5"), set("d6"));
    assert!(!dests(&old, "i13").contains("f6"));
    assert!(details_of(&old, "e5").iter().any(|d| d.has(TAG_SWAP)));

    // An immobilized friend still takes the relayed move (only that and its self-capture).
    let mut para = b.clone();
    para.put("c5", Tan, "Im");
    assert!(immobilized(&para, sq("d5")));
    assert_eq!(turns_of(&para, "d5").len(), 2);
    assert!(has(&para, "d5", &[("d5", None), ("g12", blue("P"))]));
    assert!(has(&para, "d5", &[("d5", None)]));
    // An immobilized Teleporter lends nothing.
    let lame = Board::with(
        Blue,
        &[
            ("h12", Blue, "K"),
            ("e5", Blue, "Tlp"),
            ("i13", Blue, "N"),
            ("e4", Tan, "Im"),
            ("p16", Tan, "K"),
        ],
    )
    .with_edition(Edition::J1999);
    assert!(immobilized(&lame, sq("e5")));
    assert_eq!(dests(&lame, "i13"), set("g12 g14 h11 h15 j11 j15 k12 k14"));
}

#[test]
fn tanks_push_friends_off_the_board() {
    // Blue Ox Tank e15, Blue Wazir e16: the Tank steps to e16 and the Wazir leaves the game; the
    // Tank started in the zone, so it may promote (to a Bishop General).
    let b = kings_1999(Blue, &[("e15", Blue, "OxT"), ("e16", Blue, "W")]);
    assert!(has(&b, "e15", &[("e15", None), ("e16", blue("OxT"))]));
    assert!(has(&b, "e15", &[("e15", None), ("e16", blue("BGn"))]));
    let off: Vec<Detail> = details_of(&b, "e15")
        .into_iter()
        .filter(|d| d.has(TAG_OFF_BOARD))
        .collect();
    assert_eq!(off.len(), 2);
    assert!(
        off.iter()
            .all(|d| d.irreversible && d.after.count(Blue) == 2)
    );
    // 2009: never off the board.
    assert!(!dests(&in_2009(&b), "e15").contains("e16"));

    // Two friends in a row: the farther one goes off the board.
    let two = kings_1999(
        Blue,
        &[("b14", Blue, "OxT"), ("b15", Blue, "N"), ("b16", Blue, "P")],
    );
    assert!(has(
        &two,
        "b14",
        &[("b14", None), ("b15", blue("OxT")), ("b16", blue("N"))]
    ));
    // A third friend blocks, as in 2009.
    let three = kings_1999(
        Blue,
        &[
            ("c13", Blue, "OxT"),
            ("c14", Blue, "N"),
            ("c15", Blue, "P"),
            ("c16", Blue, "W"),
        ],
    );
    assert!(!dests(&three, "c13").contains("c14"));
    // A Dragon Tank pushing diagonally off the edge: Dragon Tank o2, Blue Pawn p1.
    let dragon = kings_1999(Blue, &[("o2", Blue, "DrT"), ("p1", Blue, "P")]);
    assert!(has(&dragon, "o2", &[("o2", None), ("p1", blue("DrT"))]));
}

#[test]
fn kamikaze_dies_with_a_relayed_capture_too() {
    // Blue Kamikaze e3, Blue Harpy g4 (a Knight's leap away), Tan Pawn e4, Tan Knight f5.
    let b = kings_1999(
        Blue,
        &[
            ("g4", Blue, "Ha"),
            ("e3", Blue, "Kam"),
            ("e4", Tan, "P"),
            ("f5", Tan, "N"),
        ],
    );
    // Own capture: both gone.
    assert!(has(&b, "e3", &[("e3", None), ("e4", None)]));
    // The Harpy's Knight leap onto f5: both gone as well (2009: the Kamikaze survives).
    assert!(has(&b, "e3", &[("e3", None), ("f5", None)]));
    assert!(!has(&b, "e3", &[("e3", None), ("f5", blue("Kam"))]));
    let relayed: Vec<Detail> = details_of(&b, "e3")
        .into_iter()
        .filter(|d| d.has(TAG_RELAYED) && d.has(TAG_CAPTURE))
        .collect();
    assert_eq!(relayed.len(), 1);
    assert!(relayed[0].has(TAG_KAMIKAZE));
    // 2009, with a Harpy where the 2009 table lends (e1, on the Kamikaze's file within 3): the
    // Kamikaze survives its relayed capture.
    let mut old = in_2009(&b);
    old.clear("g4");
    old.put("e1", Blue, "Ha");
    assert!(has(&old, "e3", &[("e3", None), ("f5", blue("Kam"))]));
}

#[test]
fn royalist_passes_next_to_a_royal_piece() {
    // Blue Royalist e5 next to a Blue King e4 (the other Blue King on a1).
    let b = kings_1999(Blue, &[("e5", Blue, "Roy"), ("e4", Blue, "K")]);
    // F d4 d6 f4 f6; R2 e6 e7 d5 c5 f5 g5 (e4 is the King); next to e4 also d3 e3 f3; next to
    // a1 a2 b1 b2: 16 squares, and the pass (`Roy!`).
    assert_eq!(dests(&b, "e5").len(), 16);
    assert!(has(&b, "e5", &[]));
    assert_eq!(turns_of(&b, "e5").len(), 17);
    let pass: Vec<Detail> = details_of(&b, "e5")
        .into_iter()
        .filter(|d| d.has(TAG_PASS))
        .collect();
    assert_eq!(pass.len(), 1);
    assert!(pass[0].has(TAG_ROYALIST) && !pass[0].irreversible);
    // 2009: no pass.
    assert!(!has(&in_2009(&b), "e5", &[]));
    assert_eq!(turns_of(&in_2009(&b), "e5").len(), 16);
    // Not next to a royal piece: no pass.
    let far = kings_1999(Blue, &[("e5", Blue, "Roy"), ("e3", Blue, "K")]);
    assert!(!has(&far, "e5", &[]));
}

#[test]
fn doubled_halmopper_moves_twice_whatever_its_first_part() {
    // The 2009 test's position: Doubler d1, Halmopper d5, Wazirs d6 and d8.
    let b = kings_1999(
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
    // After the single noncapturing hop d5-d7, a step to e8.
    assert!(d.contains("e8"));
    assert!(has(&b, "d5", &[("d5", None), ("e8", blue("Hlm"))]));
    // After the chain d5-d7-d9, a step to d10 or e10 (nothing else reaches them).
    assert!(d.contains("d10") && d.contains("e10"));
    // 2009: none of these.
    let old = dests(&in_2009(&b), "d5");
    assert!(!old.contains("e8") && !old.contains("d10") && !old.contains("e10"));
}

/// Random games by the 1999 rules alone, on crowded boards full of the pieces the 1999 table
/// changes, pieces on the edges for the Tanks: every turn is made by a piece of the side to move,
/// hands the move over, keeps the edition, changes the board (or is a pass, a there-and-back
/// doubled turn, or a swap of identical pieces), and the naive generator stays quick.
#[test]
fn random_1999_games_keep_the_invariants() {
    let mut x: u64 = 1999;
    let mut next = move |n: usize| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((x >> 33) % n as u64) as usize
    };
    let changed = [
        "Ci", "Ty", "Sa", "De", "Ha", "Mi", "So", "OxT", "DrT", "Tlp", "Kam", "Roy", "Hlm", "Dbl",
        "Nrt", "Un", "Wdr", "Int", "Coo", "Cst", "FiD", "K", "Em",
    ];
    let mut tags_seen = 0u32;
    for _ in 0..8 {
        let mut b =
            Board::with(Blue, &[("a1", Blue, "K"), ("p16", Tan, "K")]).with_edition(Edition::J1999);
        // A 10x10 window touching an edge or a corner.
        let corner = ([0, 6][next(2)], [0, 6][next(2)]);
        for i in 0..60 {
            let s = (corner.0 + next(10) as i8, corner.1 + next(10) as i8);
            if b.at(s).is_none() {
                let t = if i < 2 {
                    "Dbl"
                } else if next(2) == 0 {
                    changed[next(changed.len())]
                } else {
                    ALL_TYPES[next(ALL_TYPES.len())]
                };
                b.set(s, Some((if next(2) == 0 { Blue } else { Tan }, t)));
            }
        }
        let mut g = RefGame::new(b.clone());
        for _ in 0..30 {
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
                assert_eq!(d.after.edition, Edition::J1999);
                assert!(matches!(b.at(d.from), Some((c, _)) if c == b.side));
                if d.after.cells == b.cells {
                    let null = TAG_PASS | TAG_DOUBLED | TAG_SWAP;
                    assert!(d.tags & null != 0, "{:?}", d.tag_names());
                }
                assert!(
                    d.tags & TAG_SWAP == 0 || !d.has(TAG_TELEPORT),
                    "no 1999 exchange"
                );
            }
            let pick = legal[next(legal.len())].after.clone();
            let irreversible = legal.iter().any(|d| d.after == pick && d.irreversible);
            g.play_known(pick, irreversible);
            b = g.board.clone();
        }
    }
    let names: Vec<&str> = (0..TAG_NAMES.len())
        .filter(|i| tags_seen & (1 << i) != 0)
        .map(|i| TAG_NAMES[i])
        .collect();
    eprintln!("1999 random games: {names:?}");
    for tag in [
        TAG_DOUBLED,
        TAG_RELAYED,
        TAG_TELEPORT,
        TAG_OFF_BOARD,
        TAG_ROYALIST,
        TAG_KAMIKAZE,
    ] {
        assert!(tags_seen & tag != 0, "{names:?}");
    }
}
