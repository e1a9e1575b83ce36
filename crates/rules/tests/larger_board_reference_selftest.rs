//! The Larger Board reference generator (`larger_board_reference/`) checked against the text's
//! own examples (shared/seeds/004_*.txt) and the decisions of docs/rules/larger-board.md, and for
//! internal consistency (text round trips, the colour symmetry of the rules).

mod larger_board_reference;

use std::collections::BTreeSet;

use larger_board_reference::*;

// ---------------------------------------------------------------------------------------------
// Helpers

/// A position with the given pieces, both Kings moved, drops open, empty hands, no castling.
fn build(side: Color, pieces: &[(&str, &str)]) -> Pos {
    let mut board: Board = [[None; 12]; 8];
    for &(s, t) in pieces {
        assert!(at(&board, sq(s)).is_none(), "{s} twice");
        set(&mut board, sq(s), Some(parse_piece(t).unwrap()));
    }
    let pos = Pos {
        board,
        side,
        castle: [false; 4],
        kings_moved: [true, true],
        drops_open: true,
        hand: [[0; 8]; 2],
        ep: None,
        halfmove: 0,
    };
    // Every test position goes through the text form.
    let text = write(&pos);
    assert_eq!(parse(&text).unwrap(), pos, "{text}");
    pos
}

fn succ(pos: &Pos) -> Vec<(String, Pos)> {
    legal_successors(pos)
}

/// The squares where the piece standing on `from` ends its moves (moves after which `from` no
/// longer holds it; its new square is the one where that piece newly appears).
fn dests(pos: &Pos, from: &str) -> BTreeSet<String> {
    let p = at(&pos.board, sq(from)).unwrap();
    let mut out = BTreeSet::new();
    for (_, n) in succ(pos) {
        if at(&n.board, sq(from)) == Some(p) {
            continue;
        }
        for s in all_squares() {
            if at(&n.board, s) == Some(p) && at(&pos.board, s) != Some(p) {
                out.insert(sq_name(s));
            }
        }
    }
    out
}

fn set_of(v: &[&str]) -> BTreeSet<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn descs(pos: &Pos) -> Vec<String> {
    succ(pos).into_iter().map(|(d, _)| d).collect()
}

fn count_prefix(pos: &Pos, prefix: &str) -> usize {
    descs(pos).iter().filter(|d| d.starts_with(prefix)).count()
}

fn find(pos: &Pos, desc: &str) -> Pos {
    let all = succ(pos);
    let found: Vec<&Pos> = all
        .iter()
        .filter(|(d, _)| d == desc)
        .map(|(_, p)| p)
        .collect();
    assert_eq!(
        found.len(),
        1,
        "{desc:?} in {:?}",
        all.iter().map(|(d, _)| d).collect::<Vec<_>>()
    );
    found[0].clone()
}

fn has(pos: &Pos, desc: &str) -> bool {
    descs(pos).iter().any(|d| d == desc)
}

fn piece(pos: &Pos, s: &str) -> Option<String> {
    at(&pos.board, sq(s)).map(piece_token)
}

// ---------------------------------------------------------------------------------------------
// Start position, text form, perft

#[test]
fn start_position_text_and_perft() {
    let p = start();
    assert_eq!(write(&p), START);
    assert_eq!(piece(&p, "e1").as_deref(), Some("K"));
    assert_eq!(piece(&p, "y8").as_deref(), Some("li"));
    assert_eq!(piece(&p, "i1").as_deref(), Some("C"));
    // perft(1) by hand: 12 Pawns x 2, Knights b1, g1 to a3, c3, f3, h3 (4), Lions y1 -> y3, a3
    // and j1 -> j3, h3 (4), each Can(n)on: takes the Pawn on its file of rank 7 over its own Pawn
    // ending C or V, or flips in place (2 x 3 = 6). 24 + 4 + 4 + 6 = 38.
    assert_eq!(perft(&p, 1), 38);
    // perft(2) by hand: Black's start count is 38 and none of White's 38 moves changes it: after
    // a quiet White move Black's moves are untouched (a Can(n)on of Black still takes the Pawn of
    // its file, wherever it went); after Cz1xz7 (C or V) Black loses the z7 Pawn's 2 moves but gains
    // Li y8xz7 and N b8xz7, and the z8 Can(n)on still takes z2 over z7 (and the same on the i file).
    assert_eq!(perft(&p, 2), 38 * 38);
    let t = std::time::Instant::now();
    let p3 = perft(&p, 3);
    println!(
        "perft 1..3 from the start: 38, 1444, {p3} ({:?} for perft 3)",
        t.elapsed()
    );
    // Computed by this reference (not counted by hand); kept to notice changes.
    assert_eq!(p3, 59164);
    // Black's view of the start is the same array with Black to move.
    let b = color_flip(&p);
    assert_eq!(write(&b), START.replace(" w ", " b "));
    assert_eq!(color_flip(&b), p);
    assert_eq!(perft(&b, 2), 1444);
}

#[test]
fn after_e4_e5_white_has_50_moves() {
    let p = start();
    let p = find(&p, "P e2-e4");
    assert_eq!(p.ep, None, "no black Pawn can use it");
    let p = find(&p, "P e7-e5");
    // 11 Pawns x 2, Knights a3 c3 e2 f3 h3, Lions 4, Can(n)ons 6, King e2, Queen e2 f3 g4 h5 i6
    // xj7, Bishop f1: e2 d3 c4 b5 a6 xz7.
    assert_eq!(perft(&p, 1), 22 + 5 + 4 + 6 + 1 + 6 + 6);
    assert_eq!(
        write(&p),
        "li,c,r,n,b,q,k,b,n,r,c,li/p,p,p,p,p,p,1,p,p,p,p,p/12/6,p,5/6,P,5/12/P,P,P,P,P,P,1,P,P,P,P,P/Li,C,R,N,B,Q,K,B,N,R,C,Li w castle=KQkq kings=- drops=open hand=2Le,2Pi,2Ad,2Wd,2Wz,2El,As,Th,2le,2pi,2ad,2wd,2wz,2el,as,th ep=- halfmove=0"
    );
}

#[test]
fn text_form_round_trips_and_rejects() {
    let t = "12/12/3,gse,8/4,gnw,7/12/2,k,9/12/K,As,10 b castle=- kings=wb drops=closed hand=2Le,th ep=b4,c4:d4 halfmove=17";
    let p = parse(t).unwrap();
    assert_eq!(write(&p), t);
    assert_eq!(p.hand[0][H_LE], 2);
    assert_eq!(p.hand[1][H_TH], 1);
    assert_eq!(p.ep.as_ref().unwrap().passed, vec![sq("b4"), sq("c4")]);
    // Unmerged empties are read, and written merged.
    let u = t.replace("12/12/3,", "6,6/12/1,2,");
    assert_eq!(write(&parse(&u).unwrap()), t);
    // A Golem part without its partner, a missing King, a bad token.
    assert!(parse(&t.replace("gse,8", "1,8")).is_err());
    assert!(parse(&t.replace("2,k,9", "12")).is_err());
    assert!(parse(&t.replace("As", "Th")).is_err());
}

// ---------------------------------------------------------------------------------------------
// Lion and Can(n)on

#[test]
fn lion_leaps_two_and_takes_one() {
    let p = build(
        White,
        &[
            ("e4", "Li"),
            ("e5", "p"),
            ("e6", "p"),
            ("f5", "P"),
            ("a1", "K"),
            ("j8", "k"),
        ],
    );
    // Leaps to the empty squares two away (over anything), takes only next to it.
    assert_eq!(
        dests(&p, "e4"),
        set_of(&["c2", "c4", "c6", "e2", "g2", "g4", "g6", "e5"])
    );
}

#[test]
fn cannon_moves_flips_and_not_over_an_enemy_elephant() {
    let p = build(
        White,
        &[
            ("c1", "C"),
            ("c4", "P"),
            ("c7", "p"),
            ("a1", "K"),
            ("j8", "k"),
        ],
    );
    let d = descs(&p);
    assert!(d.contains(&"C c1xc7=C".to_string()) && d.contains(&"C c1xc7=V".to_string()));
    assert!(d.contains(&"C c1=V".to_string()));
    // Rook-wise slides c2 c3, b1, d1..j1, each ending C or V; two captures; one flip.
    let cannon = d.iter().filter(|s| s.starts_with("C c1")).count();
    assert_eq!(cannon, 2 * (2 + 1 + 7) + 2 + 1);
    // An enemy Elephant is no screen; its own is.
    let mut q = p.clone();
    set(&mut q.board, sq("c4"), Some((Black, Kind::El)));
    assert!(!has(&q, "C c1xc7=C"));
    set(&mut q.board, sq("c4"), Some((White, Kind::El)));
    assert!(has(&q, "C c1xc7=C"));
    // Set Bishop-wise it checks along diagonals over a screen.
    let v = build(Black, &[("c1", "V"), ("d2", "p"), ("g5", "k"), ("a1", "K")]);
    assert!(in_check(&v));
}

// ---------------------------------------------------------------------------------------------
// Halflings

#[test]
fn halfling_ranges() {
    // e4: 4 squares above (range 2), 3 below (2), 5 right (3), 6 left (3), diagonals 4, 4, 3, 3
    // (2 each): 18.
    let p = build(White, &[("e4", "Pi"), ("j1", "K"), ("j8", "k")]);
    assert_eq!(dests(&p, "e4").len(), 18);
    assert!(dests(&p, "e4").contains("e6") && !dests(&p, "e4").contains("e7"));
    assert!(dests(&p, "e4").contains("b4") && !dests(&p, "e4").contains("a4"));
    // y1: 7 up (4), 11 right (6), 7 diagonally (4).
    let p = build(White, &[("y1", "Wd"), ("j1", "K"), ("j8", "k")]);
    assert_eq!(dests(&p, "y1").len(), 14);
    // A Halfling never lands on an occupied square nor passes one (the Leaper aside).
    let p = build(
        White,
        &[("e4", "Ad"), ("e5", "P"), ("j1", "K"), ("j8", "k")],
    );
    assert!(!dests(&p, "e4").iter().any(|s| s == "e5" || s == "e6"));
}

#[test]
fn leaper_d6_d5_example() {
    // "a Leaper on d6 may go to d8 to capture on d7"
    let p = build(
        White,
        &[("d6", "Le"), ("d7", "r"), ("j1", "K"), ("j8", "k")],
    );
    let q = find(&p, "Le d6xd7-d8");
    assert_eq!(piece(&q, "d7"), None);
    assert_eq!(piece(&q, "d8").as_deref(), Some("Le"));
    // "but a Leaper on d5 cannot go to d8, even to capture on d7"
    let p = build(
        White,
        &[("d5", "Le"), ("d7", "r"), ("j1", "K"), ("j8", "k")],
    );
    assert!(!dests(&p, "d5").contains("d8"));
    assert!(dests(&p, "d5").contains("d6"));
    // From d5 it may take on d6 landing on d7 (within its range of 2).
    let p = build(
        White,
        &[("d5", "Le"), ("d6", "r"), ("j1", "K"), ("j8", "k")],
    );
    assert!(has(&p, "Le d5xd6-d7"));
    // Several enemies on one line; never an Elephant, never two in a row.
    let p = build(
        White,
        &[
            ("y1", "Le"),
            ("z1", "n"),
            ("b1", "b"),
            ("j1", "K"),
            ("j8", "k"),
        ],
    );
    assert!(has(&p, "Le y1xz1xb1-c1"));
    assert!(has(&p, "Le y1xz1-a1"));
    let p = build(
        White,
        &[("y1", "Le"), ("z1", "el"), ("j1", "K"), ("j8", "k")],
    );
    assert!(dests(&p, "y1").iter().all(|s| !s.ends_with('1')));
    let p = build(
        White,
        &[
            ("y1", "Le"),
            ("z1", "n"),
            ("a1", "n"),
            ("j1", "K"),
            ("j8", "k"),
        ],
    );
    assert!(dests(&p, "y1").iter().all(|s| !s.ends_with('1')));
}

#[test]
fn baroque_captures() {
    // Pincer: custodian, orthogonal, any friendly partner; never an Elephant.
    let p = build(
        White,
        &[
            ("c3", "Pi"),
            ("d5", "n"),
            ("d6", "K"),
            ("e4", "el"),
            ("f4", "P"),
            ("j8", "k"),
        ],
    );
    let q = find(&p, "Pi c3-d4 xd5");
    assert_eq!(piece(&q, "d5"), None);
    assert_eq!(piece(&q, "e4").as_deref(), Some("el"));
    // Advancer: the enemy directly beyond its landing square, in its direction.
    let p = build(
        White,
        &[("c3", "Ad"), ("c6", "q"), ("j1", "K"), ("j8", "k")],
    );
    assert!(has(&p, "Ad c3-c5 xc6"));
    assert!(has(&p, "Ad c3-c4"));
    // Withdrawer: the enemy directly behind its start, moving away.
    let p = build(
        White,
        &[("c3", "Wd"), ("c2", "q"), ("j1", "K"), ("j8", "k")],
    );
    assert!(has(&p, "Wd c3-c5 xc2"));
    assert!(has(&p, "Wd c3-c4 xc2"));
    assert!(has(&p, "Wd c3-d3"));
    // They check the King that way.
    let p = build(Black, &[("c3", "Wd"), ("c2", "k"), ("j1", "K")]);
    assert!(in_check(&p));
}

// ---------------------------------------------------------------------------------------------
// Wizard, bewitching, swaps

#[test]
fn wizard_moves_and_commutes() {
    // d4: Ferz c3 e3 c5 e5; mirror e4 then f4, d4 (commute), e5, e3: six moves.
    let p = build(White, &[("d4", "Wz"), ("j1", "K"), ("j8", "k")]);
    let d = descs(&p);
    assert_eq!(d.iter().filter(|s| s.starts_with("Wz")).count(), 6);
    assert!(d.contains(&"Wz d4 commutes".to_string()));
    assert_eq!(dests(&p, "d4"), set_of(&["c3", "e3", "c5", "e5", "f4"]));
    // b2: Ferz a1 c1 a3 c3; mirror g2 then f2 h2 g1 g3.
    let p = build(White, &[("b2", "Wz"), ("j1", "K"), ("j8", "k")]);
    assert_eq!(
        dests(&p, "b2"),
        set_of(&["a1", "c1", "a3", "c3", "f2", "h2", "g1", "g3"])
    );
    // Never captures, swaps with enemies but Elephants and Golems, not with friends.
    let p = build(
        White,
        &[
            ("b2", "Wz"),
            ("a1", "r"),
            ("c1", "el"),
            ("a3", "P"),
            ("g1", "gne"),
            ("h2", "gsw"),
            ("f2", "k"),
            ("j1", "K"),
        ],
    );
    let q = find(&p, "Wz b2<>a1");
    assert_eq!(piece(&q, "b2").as_deref(), Some("r"));
    assert_eq!(piece(&q, "a1").as_deref(), Some("Wz"));
    // The King may be swapped; it then counts as moved.
    let mut p2 = p.clone();
    p2.kings_moved = [true, false];
    let q = find(&p2, "Wz b2<>f2");
    assert_eq!(piece(&q, "b2").as_deref(), Some("k"));
    assert_eq!(q.kings_moved, [true, true]);
    assert_eq!(
        dests(&p, "b2"),
        set_of(&["a1", "c3", "f2", "g3"]),
        "a1 and f2 swaps, a3 friend, c1 Elephant, g1 h2 Golem"
    );
}

#[test]
fn bewitching() {
    // A Rook next to an enemy Wizard only steps orthogonally to an empty square.
    let p = build(
        White,
        &[("e4", "R"), ("e5", "wz"), ("j1", "K"), ("j8", "k")],
    );
    assert_eq!(dests(&p, "e4"), set_of(&["d4", "f4", "e3"]));
    // A bewitched piece gives no check.
    let p = build(
        Black,
        &[("e4", "R"), ("d4", "wz"), ("j1", "K"), ("e8", "k")],
    );
    assert!(!in_check(&p));
    let mut q = p.clone();
    set(&mut q.board, sq("d4"), None);
    assert!(in_check(&q));
    // A bewitched Pawn or Assassin does nothing; a bewitched Can(n)on steps but never flips.
    let p = build(
        White,
        &[
            ("e2", "P"),
            ("e3", "wz"),
            ("g5", "As"),
            ("g6", "wz"),
            ("h5", "p"),
            ("c4", "C"),
            ("c5", "wz"),
            ("j1", "K"),
            ("j8", "k"),
        ],
    );
    assert!(dests(&p, "e2").is_empty());
    assert!(!descs(&p).iter().any(|d| d.starts_with("As")));
    assert_eq!(dests(&p, "c4"), set_of(&["b4", "d4", "c3"]));
    assert!(!descs(&p).iter().any(|d| d.contains("c4=")));
    assert!(
        succ(&p)
            .iter()
            .all(|(_, n)| piece(n, "c3") != Some("V".into()))
    );
    // Elephants and Golems are immune.
    let p = build(
        White,
        &[("e1", "K"), ("e2", "El"), ("f2", "wz"), ("j8", "k")],
    );
    // Ring round e1: d2 e2 f2 f1 (off) (off) (off) d1; f2 is taken, so only d2 (bewitched, it
    // would also step to e3).
    assert_eq!(dests(&p, "e2"), set_of(&["d2"]));
}

#[test]
fn swap_promotion_is_chosen_by_the_wizards_owner() {
    // White's Wizard c1 swaps with Black's Pawn d2: the Pawn lands on its last rank and White
    // chooses its new type among the 13 unconditional ones (no Assassin, no Thunder).
    let p = build(
        White,
        &[("c1", "Wz"), ("d2", "p"), ("j6", "K"), ("y8", "k")],
    );
    let swaps: Vec<(String, Pos)> = succ(&p)
        .into_iter()
        .filter(|(d, _)| d.starts_with("Wz c1<>d2"))
        .collect();
    assert_eq!(swaps.len(), 13);
    let types: BTreeSet<String> = swaps.iter().map(|(_, n)| piece(n, "c1").unwrap()).collect();
    assert_eq!(
        types,
        set_of(&[
            "q", "r", "b", "n", "li", "c", "v", "le", "pi", "ad", "wd", "wz", "el"
        ])
    );
    // A swap resets nothing.
    assert!(swaps.iter().all(|(_, n)| n.halfmove == 1));
}

// ---------------------------------------------------------------------------------------------
// Elephant

#[test]
fn elephant_orbits() {
    // "If an Elephant in c3 is adjacent to its King in c4 ... c3, d3, ... or c3, b3, ..."
    let p = build(White, &[("c4", "K"), ("c3", "El"), ("j8", "k")]);
    assert_eq!(dests(&p, "c3"), set_of(&["d3", "b3"]));
    // "If the Elephant is in b2 ... the pattern is b2, a3, a5, b6, d6, e5, e3, d2"
    let p = build(White, &[("c4", "K"), ("b2", "El"), ("j8", "k")]);
    assert_eq!(dests(&p, "b2"), set_of(&["a3", "d2"]));
    // Pieces on the ring in between do not block; an occupied destination does.
    let p = build(
        White,
        &[
            ("c4", "K"),
            ("b2", "El"),
            ("a2", "p"),
            ("d2", "P"),
            ("j8", "k"),
        ],
    );
    assert_eq!(dests(&p, "b2"), set_of(&["a3"]));
    // The edge does: King y4, Elephant y3 may only go to z3.
    let p = build(White, &[("y4", "K"), ("y3", "El"), ("j8", "k")]);
    assert_eq!(dests(&p, "y3"), set_of(&["z3"]));
    // Rotation in place when the pattern is on the board and empty.
    let p = build(White, &[("e4", "K"), ("e3", "El"), ("j8", "k")]);
    assert!(has(&p, "El e3 rotates"));
    let r = find(&p, "El e3 rotates");
    assert_eq!(r.board, p.board);
    assert_eq!(r.side, Black);
    let p = build(
        White,
        &[("e4", "K"), ("e3", "El"), ("f5", "N"), ("j8", "k")],
    );
    assert!(!has(&p, "El e3 rotates"));
    // Only a King, a Pawn (or a Thunder) takes it.
    let p = build(
        Black,
        &[
            ("c4", "K"),
            ("c5", "el"),
            ("c6", "r"),
            ("d6", "p"),
            ("b6", "n"),
            ("j8", "k"),
        ],
    );
    let elephants = |n: &Pos| {
        all_squares()
            .into_iter()
            .filter(|&s| at(&n.board, s) == Some((Black, Kind::El)))
            .count()
    };
    let takers: Vec<String> = succ(&p)
        .into_iter()
        .filter(|(_, n)| elephants(n) == 0)
        .map(|(d, _)| d)
        .collect();
    assert!(takers.is_empty(), "{takers:?}");
    let p = build(
        White,
        &[("c4", "K"), ("c5", "el"), ("b4", "P"), ("j8", "k")],
    );
    assert!(has(&p, "K c4xc5"));
    assert!(has(&p, "P b4xc5"));
}

// ---------------------------------------------------------------------------------------------
// Golem

#[test]
fn golem_birth_moves_and_death() {
    let p = build(
        White,
        &[("e5", "P"), ("d6", "wz"), ("y3", "K"), ("j8", "k")],
    );
    let q = find(&p, "P e5xd6 Golem");
    assert_eq!(piece(&q, "d6").as_deref(), Some("Gse"));
    assert_eq!(piece(&q, "e5").as_deref(), Some("Gnw"));
    assert_eq!(q.halfmove, 0);
    // It moves as one piece, both parts by a mirror Ferz move, in nine ways.
    let mut g = q.clone();
    g.side = White;
    let moves: Vec<String> = descs(&g)
        .into_iter()
        .filter(|d| d.starts_with("Go"))
        .collect();
    assert_eq!(moves.len(), 9, "{moves:?}");
    // e5 -> d5 -> c4/e4/c6/e6; d6 -> e6 -> d5/f5/d7/f7.
    assert!(moves.contains(&"Go e5d6-c4d5".to_string()));
    assert!(moves.contains(&"Go e5d6-e6f7".to_string()));
    // Either part captured: both go.
    let mut d = q.clone();
    set(&mut d.board, sq("d1"), Some((Black, Kind::R)));
    let r = find(&d, "R d1xd6");
    assert_eq!(piece(&r, "e5"), None);
    assert_eq!(piece(&r, "d6").as_deref(), Some("r"));
    // A Pawn capturing a Wizard on its last rank becomes a Golem and does not promote.
    let p = build(
        White,
        &[("e7", "P"), ("d8", "wz"), ("y1", "K"), ("j6", "k")],
    );
    assert_eq!(
        descs(&p)
            .iter()
            .filter(|d| d.starts_with("P e7xd8"))
            .count(),
        1
    );
    // A Golem gives check (e5 -> d5 -> c4, with d6 -> e6 -> d5).
    let mut c = q.clone();
    set(&mut c.board, sq("j8"), None);
    set(&mut c.board, sq("c4"), Some((Black, Kind::K)));
    assert!(in_check(&c));
}

// ---------------------------------------------------------------------------------------------
// Drops

fn full_hands(p: &mut Pos) {
    p.hand = [[2, 2, 2, 2, 2, 2, 1, 1]; 2];
}

#[test]
fn drops_only_after_both_kings_moved_and_before_the_eighth_row() {
    let mut p = start();
    assert_eq!(count_prefix(&p, "drop"), 0);
    p.kings_moved = [true, false];
    assert_eq!(count_prefix(&p, "drop"), 0);
    p.kings_moved = [true, true];
    // Everything but the Halflings (their squares are full), Wizards (rank 2 is full) and
    // Elephants (the King's neighbours are full), Assassins (no check) and Thunders (Kings don't
    // see each other).
    assert_eq!(count_prefix(&p, "drop"), 0);
    let p = build(White, &[("e2", "K"), ("e7", "k"), ("e5", "P")]);
    let mut p = p;
    full_hands(&mut p);
    // Halflings 4 pairs, Wizards 4 pairs, Elephants 1 pair, Assassin 8 squares round e7.
    assert_eq!(count_prefix(&p, "drop Le"), 1);
    assert_eq!(count_prefix(&p, "drop Wz"), 4);
    assert_eq!(count_prefix(&p, "drop El"), 1);
    assert_eq!(count_prefix(&p, "drop As"), 8);
    assert_eq!(count_prefix(&p, "drop Th"), 0);
    assert_eq!(count_prefix(&p, "drop"), 4 + 4 + 1 + 8);
    let q = find(&p, "drop Le b1+g1");
    assert_eq!(q.hand[0][H_LE], 0);
    assert!(write(&q).contains("hand=2Pi,2Ad,2Wd,2Wz,2El,As,Th,2le,"));
    let mut c = p.clone();
    c.drops_open = false;
    assert_eq!(count_prefix(&c, "drop"), 0);
    // A King reaching its eighth row closes drops for ever.
    let p = build(White, &[("e7", "K"), ("j3", "k")]);
    assert!(p.drops_open);
    let q = find(&p, "K e7-e8");
    assert!(!q.drops_open);
    let q = find(&q, "K j3-j2");
    let q = find(&q, "K e8-e7");
    assert!(!q.drops_open);
}

#[test]
fn a_pair_drop_obliges_the_answer() {
    let mut p = build(White, &[("e2", "K"), ("e7", "k"), ("e5", "P")]);
    full_hands(&mut p);
    let q = find(&p, "drop Le b1+g1");
    // Black must answer with its Leapers on b8 and g8.
    let d = descs(&q);
    assert_eq!(d, vec!["drop le b8+g8".to_string()]);
    let r = find(&q, "drop le b8+g8");
    assert_eq!(r.hand[1][H_LE], 0);
    assert!(count_prefix(&r, "drop") > 0);
    // If a square is taken, Black plays on freely but may make no other drop.
    let mut q2 = q.clone();
    set(&mut q2.board, sq("g8"), Some((Black, Kind::N)));
    let d = descs(&q2);
    assert!(!d.is_empty());
    assert!(!d.iter().any(|s| s.starts_with("drop")), "{d:?}");
    // A drop that would leave the King in check is not owed.
    let mut q3 = q.clone();
    set(&mut q3.board, sq("e7"), None);
    set(&mut q3.board, sq("f8"), Some((Black, Kind::K)));
    set(&mut q3.board, sq("f1"), Some((White, Kind::R)));
    // Black is in check from f1; b8 + g8 do not cover f8, so that drop is not legal, nothing
    // forces it, and no other drop is allowed.
    assert!(in_check(&q3));
    let d = descs(&q3);
    assert!(!d.iter().any(|s| s.starts_with("drop")), "{d:?}");
}

#[test]
fn elephants_drop_beside_their_king() {
    let mut p = build(White, &[("y2", "K"), ("e7", "k")]);
    full_hands(&mut p);
    assert_eq!(count_prefix(&p, "drop El"), 0, "y2 has no left neighbour");
    let mut p = build(White, &[("d3", "K"), ("e7", "k")]);
    full_hands(&mut p);
    let q = find(&p, "drop El c3+e3");
    assert_eq!(piece(&q, "c3").as_deref(), Some("El"));
    assert_eq!(piece(&q, "e3").as_deref(), Some("El"));
}

#[test]
fn assassin_drop_gives_mate() {
    let mut p = build(
        White,
        &[
            ("e1", "K"),
            ("a6", "N"),
            ("y8", "k"),
            ("y7", "p"),
            ("z7", "p"),
        ],
    );
    p.hand[0][H_AS] = 1;
    // Only z8 is empty next to the King; no Can(n)on to cover.
    assert_eq!(count_prefix(&p, "drop As"), 1);
    let q = find(&p, "drop As z8");
    assert!(in_check(&q));
    assert_eq!(outcome(&q).as_deref(), Some("checkmate white wins"));
    assert_eq!(q.hand[0][H_AS], 0);
    // Without the Knight the King takes it, and the Assassin goes to Black's hand.
    let mut p2 = p.clone();
    set(&mut p2.board, sq("a6"), None);
    let q = find(&p2, "drop As z8");
    assert_eq!(outcome(&q), None);
    let r = find(&q, "K y8xz8");
    assert_eq!(r.hand[1][H_AS], 1);
    // A square next to the King where an enemy Wizard would bewitch it does not count; the
    // single screen before a friendly Can(n)on does.
    let mut p = build(
        White,
        &[
            ("e1", "K"),
            ("e5", "k"),
            ("d4", "wz"),
            ("y5", "C"),
            ("a3", "V"),
        ],
    );
    p.hand[0][H_AS] = 1;
    let squares: BTreeSet<String> = succ(&p)
        .into_iter()
        .filter(|(d, _)| d.starts_with("drop As"))
        .map(|(d, _)| d[8..].to_string())
        .collect();
    // Round e5: d5 e4 are bewitched by d4 (and d4 is taken); screens on rank 5 between y5 and e5:
    // z5..d5 (d5 counts as a screen); the V a3 covers nothing (e5 is not on its diagonals).
    assert_eq!(
        squares,
        set_of(&["d6", "e6", "f6", "f5", "f4", "z5", "a5", "b5", "c5", "d5"])
    );
}

#[test]
fn thunder_needs_the_kings_to_see_each_other() {
    let mut p = build(
        White,
        &[
            ("e1", "K"),
            ("e8", "k"),
            ("c3", "As"),
            ("d4", "as"),
            ("c6", "gse"),
            ("d5", "gnw"),
            ("f5", "el"),
        ],
    );
    p.hand[0][H_TH] = 1;
    // They see each other on the e file: any square but the Kings'.
    assert_eq!(count_prefix(&p, "drop Th"), 94);
    // e4 blows d3..f5: the Black Assassin d4 goes to White's hand; the Golem goes entirely (its
    // c6 part too); the Elephant too; c3 stays.
    let q = find(&p, "drop Th e4");
    for s in ["d4", "d5", "c6", "f5"] {
        assert_eq!(piece(&q, s), None, "{s}");
    }
    assert_eq!(piece(&q, "c3").as_deref(), Some("As"));
    assert_eq!(q.hand[0][H_AS], 1);
    assert_eq!(q.hand[0][H_TH], 0);
    assert_eq!(q.halfmove, 0);
    // White's own Assassin destroyed by its own Thunder is lost.
    let q = find(&p, "drop Th c4");
    assert_eq!(piece(&q, "c3"), None);
    assert_eq!(piece(&q, "d4"), None);
    assert_eq!(q.hand[0][H_AS], 1);
    let q = find(&p, "drop Th b2");
    assert_eq!(piece(&q, "c3"), None);
    assert_eq!(q.hand[0][H_AS], 0);
    // The Kings do not see each other through a piece.
    let mut b = p.clone();
    set(&mut b.board, sq("e3"), Some((White, Kind::N)));
    assert_eq!(count_prefix(&b, "drop Th"), 0);
    // Diagonal sight.
    let mut d = build(White, &[("c1", "K"), ("h6", "k")]);
    d.hand[0][H_TH] = 1;
    assert_eq!(count_prefix(&d, "drop Th"), 94);
}

// ---------------------------------------------------------------------------------------------
// Castling, Pawns, en passant

#[test]
fn castling() {
    let mut p = build(
        White,
        &[
            ("e1", "K"),
            ("a1", "R"),
            ("h1", "R"),
            ("e8", "k"),
            ("y2", "P"),
        ],
    );
    p.castle = [true, true, false, false];
    p.kings_moved = [false, true];
    let q = find(&p, "O-O");
    assert_eq!(piece(&q, "g1").as_deref(), Some("K"));
    assert_eq!(piece(&q, "f1").as_deref(), Some("R"));
    assert_eq!(q.castle, [false; 4]);
    assert_eq!(q.kings_moved, [true, true]);
    let q = find(&p, "O-O-O");
    assert_eq!(piece(&q, "c1").as_deref(), Some("K"));
    assert_eq!(piece(&q, "d1").as_deref(), Some("R"));
    // A Rook move loses that side's right only.
    let q = find(&p, "R h1-h2");
    assert_eq!(q.castle, [false, true, false, false]);
    // Not through an attacked square: a Black Rook on f8 forbids O-O, one on b8 does not forbid
    // O-O-O.
    let mut a = p.clone();
    set(&mut a.board, sq("f8"), Some((Black, Kind::R)));
    assert!(!has(&a, "O-O") && has(&a, "O-O-O"));
    let mut a = p.clone();
    set(&mut a.board, sq("b8"), Some((Black, Kind::R)));
    assert!(has(&a, "O-O") && has(&a, "O-O-O"));
    // Not out of check, not when bewitched.
    let mut a = p.clone();
    set(&mut a.board, sq("e7"), Some((Black, Kind::R)));
    assert!(!has(&a, "O-O") && !has(&a, "O-O-O"));
    let mut a = p.clone();
    set(&mut a.board, sq("e2"), Some((Black, Kind::Wz)));
    assert!(!has(&a, "O-O") && !has(&a, "O-O-O"));
    // Black's, and the text form.
    let b = color_flip(&p);
    assert_eq!(
        write(&b),
        "2,r,3,k,2,r,2/p,11/12/12/12/12/12/6,K,5 b castle=kq kings=w drops=open hand=- ep=- halfmove=0"
    );
    assert!(has(&b, "O-O") && has(&b, "O-O-O"));
    assert_eq!(piece(&find(&b, "O-O-O"), "c8").as_deref(), Some("k"));
}

#[test]
fn pawns_and_extended_en_passant() {
    // A White Pawn swapped to its first rank may go 1, 2 or 3 squares; after a 3-square
    // advance a Black Pawn may take it as if it had stopped on either square passed.
    let p = build(
        White,
        &[
            ("c1", "P"),
            ("d3", "p"),
            ("b4", "p"),
            ("j1", "K"),
            ("j8", "k"),
        ],
    );
    assert_eq!(dests(&p, "c1"), set_of(&["c2", "c3", "c4"]));
    let q = find(&p, "P c1-c4");
    assert_eq!(
        write(&q),
        "11,k/12/12/12/3,p,P,7/5,p,6/12/11,K b castle=- kings=wb drops=open hand=- ep=c2,c3:c4 halfmove=0"
    );
    let r = find(&q, "P d3xc2 e.p. (c4)");
    assert_eq!(piece(&r, "c4"), None);
    assert_eq!(piece(&r, "c2").as_deref(), Some("p"));
    let r = find(&q, "P b4xc3 e.p. (c4)");
    assert_eq!(piece(&r, "c4"), None);
    // Without a Pawn (or Assassin) to use it, ep is not written.
    let q = find(&p, "P c1-c3");
    assert_eq!(
        q.ep.as_ref().map(|e| e.passed.clone()),
        Some(vec![sq("c2")])
    );
    let mut p2 = p.clone();
    set(&mut p2.board, sq("d3"), None);
    set(&mut p2.board, sq("b4"), None);
    assert_eq!(find(&p2, "P c1-c4").ep, None);
    // A Pawn on its second rank: one or two squares; never through a piece.
    let p = build(White, &[("c2", "P"), ("c4", "n"), ("j1", "K"), ("j8", "k")]);
    assert_eq!(dests(&p, "c2"), set_of(&["c3"]));
}

#[test]
fn assassin_shots_and_en_passant_shots() {
    // Ordinary shots at adjacent enemies (not an Elephant).
    let p = build(
        Black,
        &[
            ("c5", "as"),
            ("d5", "N"),
            ("b4", "El"),
            ("j1", "K"),
            ("j8", "k"),
        ],
    );
    let d: Vec<String> = descs(&p)
        .into_iter()
        .filter(|d| d.starts_with("As"))
        .collect();
    assert_eq!(d, vec!["As c5xd5".to_string()]);
    // A Rook b1-b8 travels past c5's neighbours b4 b5 b6: shot e.p. wherever it lands.
    let p = build(
        White,
        &[("b1", "R"), ("c5", "as"), ("j1", "K"), ("j8", "k")],
    );
    let q = find(&p, "R b1-b8");
    assert_eq!(
        q.ep,
        Some(Ep {
            passed: ["b2", "b3", "b4", "b5", "b6", "b7"]
                .iter()
                .map(|s| sq(s))
                .collect(),
            target: Some(sq("b8"))
        })
    );
    let r = find(&q, "As c5 shoots e.p. b8");
    assert_eq!(piece(&r, "b8"), None);
    assert_eq!(r.halfmove, 0);
    // Stopping next to the Assassin: the ordinary shot, no e.p. shot.
    let q = find(&p, "R b1-b6");
    assert!(has(&q, "As c5xb6"));
    assert!(!descs(&q).iter().any(|d| d.contains("e.p.")));
    // A move that passes no neighbour of an Assassin leaves ep=-.
    let q = find(&p, "R b1-b2");
    assert_eq!(q.ep, None);
    // A Can(n)on's capture travels only the squares before its screen.
    let p = build(
        White,
        &[
            ("b1", "C"),
            ("b5", "N"),
            ("b8", "r"),
            ("a6", "as"),
            ("j1", "K"),
            ("j8", "k"),
        ],
    );
    let q = find(&p, "C b1xb8=C");
    assert_eq!(
        q.ep, None,
        "a6 touches only the screen b5 and the hopped b6 b7"
    );
    let mut p2 = p.clone();
    set(&mut p2.board, sq("a6"), None);
    set(&mut p2.board, sq("a4"), Some((Black, Kind::As)));
    let q = find(&p2, "C b1xb8=V");
    assert_eq!(
        q.ep.as_ref().unwrap().passed,
        vec![sq("b2"), sq("b3"), sq("b4")]
    );
    let r = find(&q, "As a4 shoots e.p. b8");
    assert_eq!(piece(&r, "b8"), None);
    // A Halfling as if a Halfling Queen: the square a Leaper jumped counts.
    let p = build(
        White,
        &[
            ("b2", "Le"),
            ("b3", "n"),
            ("c3", "as"),
            ("j1", "K"),
            ("j8", "k"),
        ],
    );
    let q = find(&p, "Le b2xb3-b5");
    assert!(has(&q, "As c3 shoots e.p. b5"));
    // A bewitched Assassin shoots nothing.
    let mut b = q.clone();
    set(&mut b.board, sq("d3"), Some((White, Kind::Wz)));
    assert!(!descs(&b).iter().any(|d| d.starts_with("As")));
    // A shot Assassin changes hands.
    let p = build(
        White,
        &[("c3", "As"), ("d4", "as"), ("j1", "K"), ("j8", "k")],
    );
    let q = find(&p, "As c3xd4");
    assert_eq!(q.hand[0][H_AS], 1);
}

#[test]
fn promotion_to_assassin_and_thunder() {
    // Kings e1 and e5 see each other on the e file; c7-c8 may promote to the 13 plain types,
    // to an Assassin teleported next to e5 (8 squares), or to a Thunder exploding anywhere but on
    // a King (94 squares).
    let p = build(
        White,
        &[
            ("c7", "P"),
            ("e1", "K"),
            ("e5", "k"),
            ("b7", "as"),
            ("j8", "wz"),
        ],
    );
    assert_eq!(count_prefix(&p, "P c7-c8"), 13 + 8 + 94);
    let q = find(&p, "P c7-c8=As@d6");
    assert_eq!(piece(&q, "d6").as_deref(), Some("As"));
    assert_eq!(piece(&q, "c8"), None);
    assert!(in_check(&q));
    // The new Assassin passed over c8, next to b7: Black shoots it e.p. and owns it.
    assert_eq!(
        q.ep,
        Some(Ep {
            passed: vec![sq("c8")],
            target: Some(sq("d6"))
        })
    );
    let r = find(&q, "As b7 shoots e.p. d6");
    assert_eq!(piece(&r, "d6"), None);
    assert_eq!(r.hand[1][H_AS], 1);
    // Thunder: explodes where the move says; the exploded Thunder may still be shot e.p.
    let q = find(&p, "P c7-c8=Th@j7");
    assert_eq!(piece(&q, "j8"), None, "the Black Wizard is blown up");
    assert_eq!(
        q.ep,
        Some(Ep {
            passed: vec![sq("c8")],
            target: None
        })
    );
    assert!(write(&q).contains(" ep=c8:- "));
    let r = find(&q, "As b7 shoots e.p. -");
    assert_eq!(r.board, q.board);
    // Without sight no Thunder; next to an enemy Wizard neither Assassin nor Thunder.
    let mut a = p.clone();
    set(&mut a.board, sq("e3"), Some((White, Kind::N)));
    assert_eq!(count_prefix(&a, "P c7-c8"), 13 + 8);
    let mut w = p.clone();
    set(&mut w.board, sq("d8"), Some((Black, Kind::Wz)));
    assert_eq!(count_prefix(&w, "P c7-c8"), 13);
    // A discovered check does not count: the Assassin must check by itself. c7-c8 uncovers the
    // y7 Rook on j7, whose neighbours are taken but i7, where the i8 Wizard would bewitch it.
    let p = build(
        White,
        &[
            ("c7", "P"),
            ("y7", "R"),
            ("y1", "K"),
            ("j7", "k"),
            ("i6", "n"),
            ("j6", "n"),
            ("i8", "wz"),
            ("j8", "n"),
        ],
    );
    assert!(in_check(&find(&p, "P c7-c8=Q")));
    assert_eq!(count_prefix(&p, "P c7-c8"), 13);
    // Without the Wizard, i7 is a contact square.
    let mut q = p.clone();
    set(&mut q.board, sq("i8"), Some((Black, Kind::N)));
    assert!(has(&q, "P c7-c8=As@i7"));
    assert_eq!(count_prefix(&q, "P c7-c8"), 14);
}

// ---------------------------------------------------------------------------------------------
// State updates

#[test]
fn fifty_move_counter_castling_rights_and_closing_drops() {
    let mut p = build(
        White,
        &[
            ("e1", "K"),
            ("a1", "R"),
            ("h1", "R"),
            ("c3", "Wz"),
            ("d4", "n"),
            ("y4", "C"),
            ("y7", "Wd"),
            ("y8", "q"),
            ("d6", "Gse"),
            ("e5", "Gnw"),
            ("c4", "n"),
            ("d5", "n"),
            ("g4", "El"),
            ("j8", "k"),
            ("f3", "b"),
        ],
    );
    p.castle = [true, true, false, false];
    p.kings_moved = [false, true];
    p.halfmove = 10;
    assert_eq!(parse(&write(&p)).unwrap(), p);
    // A swap, a flip, a quiet Golem move, an Elephant move: no reset.
    assert_eq!(find(&p, "Wz c3<>d4").halfmove, 11);
    assert_eq!(find(&p, "C y4=V").halfmove, 11);
    assert_eq!(find(&p, "Go e5d6-e6f7").halfmove, 11);
    // A baroque capture, a Golem capture (two pieces at once): reset.
    assert_eq!(find(&p, "Wd y7-y6 xy8").halfmove, 0);
    let g = find(&p, "Go e5d6-c4d5");
    assert_eq!(g.halfmove, 0);
    assert_eq!(piece(&g, "c4").as_deref(), Some("Gne"));
    assert_eq!(piece(&g, "d5").as_deref(), Some("Gsw"));
    // A captured Rook takes its castling right with it.
    let mut b = p.clone();
    b.side = Black;
    let q = find(&b, "B f3xh1");
    assert_eq!(q.castle, [false, true, false, false]);
    assert_eq!(q.halfmove, 0);
    // A King swapped onto its eighth row closes drops.
    let p = build(White, &[("d1", "Wz"), ("e2", "k"), ("j5", "K")]);
    let q = find(&p, "Wz d1<>e2");
    assert_eq!(piece(&q, "d1").as_deref(), Some("k"));
    assert!(!q.drops_open);
    assert!(write(&q).contains(" drops=closed "));
}

#[test]
fn wizards_bewitch_each_other_and_bewitched_assassins_do_not_shoot() {
    let p = build(
        White,
        &[("d4", "Wz"), ("d5", "wz"), ("j1", "K"), ("j8", "k")],
    );
    assert_eq!(dests(&p, "d4"), set_of(&["c4", "e4", "d3"]));
    assert!(!has(&p, "Wz d4 commutes"));
    // A Rook passing a bewitched Assassin leaves no en passant state.
    let p = build(
        White,
        &[
            ("b1", "R"),
            ("c5", "as"),
            ("c4", "Wz"),
            ("j1", "K"),
            ("j8", "k"),
        ],
    );
    assert_eq!(find(&p, "R b1-b8").ep, None);
    let mut q = p.clone();
    set(&mut q.board, sq("c4"), None);
    assert!(find(&q, "R b1-b8").ep.is_some());
}

// ---------------------------------------------------------------------------------------------
// Outcome

#[test]
fn outcomes() {
    assert_eq!(outcome(&start()), None);
    // Stalemate: the a7 Queen covers y7 and z8 (and z7), not y8.
    let p = build(Black, &[("y8", "k"), ("a7", "Q"), ("j1", "K")]);
    assert_eq!(outcome(&p).as_deref(), Some("stalemate"));
    // Mate: the z7 Queen, guarded by the b5 Bishop.
    let p = build(Black, &[("y8", "k"), ("z7", "Q"), ("b5", "B"), ("j1", "K")]);
    assert_eq!(outcome(&p).as_deref(), Some("checkmate white wins"));
    assert_eq!(
        outcome(&color_flip(&p)).as_deref(),
        Some("checkmate black wins")
    );
    // Bare kings: nothing but Kings and nothing left to drop (empty hands, or drops closed).
    let p = build(White, &[("e1", "K"), ("e3", "k")]);
    assert_eq!(outcome(&p).as_deref(), Some("bare kings"));
    let mut p = build(White, &[("e1", "K"), ("e3", "k")]);
    p.hand[1][H_AS] = 1;
    assert_eq!(outcome(&p), None);
    let mut c = p.clone();
    c.drops_open = false;
    assert_eq!(outcome(&c).as_deref(), Some("bare kings"));
    assert_eq!(perft(&c, 1), 0);
    p.halfmove = 100;
    assert_eq!(outcome(&p).as_deref(), Some("fifty-move"));
    assert_eq!(perft(&p, 1), 0);
}

// ---------------------------------------------------------------------------------------------
// Random positions: round trips, symmetry, variety

fn check_symmetry(pos: &Pos) {
    let mut a: Vec<String> = legal_successors(pos)
        .iter()
        .map(|(_, n)| write(&color_flip(n)))
        .collect();
    let mut b: Vec<String> = legal_successors(&color_flip(pos))
        .iter()
        .map(|(_, n)| write(n))
        .collect();
    a.sort();
    b.sort();
    assert_eq!(a, b, "colour symmetry fails at {}", write(pos));
}

#[test]
fn random_positions_round_trip_and_are_symmetric() {
    for seed in 0..24u64 {
        for pos in [random_position(seed), random_composed(seed)] {
            let text = write(&pos);
            assert_eq!(parse(&text).unwrap(), pos, "{text}");
            assert!(!king_attacked(&pos.board, pos.side.other()), "{text}");
            check_symmetry(&pos);
            for (d, n) in legal_successors(&pos) {
                let t = write(&n);
                assert_eq!(parse(&t).unwrap(), n, "{d}: {t}");
                assert!(!king_attacked(&n.board, pos.side), "{d}: {t}");
            }
        }
    }
}

#[test]
fn random_positions_have_variety() {
    let mut seen: std::collections::BTreeMap<String, usize> = Default::default();
    let n = 60u64;
    for seed in 0..n {
        let pos = random_position(seed);
        let mut kinds: BTreeSet<String> = BTreeSet::new();
        for s in all_squares() {
            if let Some((_, k)) = at(&pos.board, s) {
                let name = match k {
                    Kind::G(_) => "Golem".to_string(),
                    Kind::V => "C".to_string(),
                    k => piece_token((White, k)),
                };
                kinds.insert(name);
            }
        }
        if pos.kings_moved == [true, true] {
            kinds.insert("kings moved".into());
        }
        if !pos.drops_open {
            kinds.insert("drops closed".into());
        }
        if pos.ep.is_some() {
            kinds.insert("ep".into());
        }
        if pos.hand[0][H_TH] + pos.hand[1][H_TH] < 2 {
            kinds.insert("Thunder used".into());
        }
        for k in kinds {
            *seen.entry(k).or_default() += 1;
        }
    }
    println!("random positions ({n}) show: {seen:?}");
    for need in ["Wz", "El", "As", "Le", "Pi", "kings moved"] {
        assert!(seen.contains_key(need), "{need} never seen: {seen:?}");
    }
}

/// perft(4) from the start; slow (run with `--ignored`, preferably `--release`).
#[test]
#[ignore]
fn start_perft_4() {
    let t = std::time::Instant::now();
    let n = perft(&start(), 4);
    println!("perft 4 from the start: {n} ({:?})", t.elapsed());
    // Computed by this reference (not counted by hand); kept to notice changes.
    assert_eq!(n, 2_421_553);
}
