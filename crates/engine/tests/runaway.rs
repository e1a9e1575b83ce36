//! Positions that once kept a depth-limited search busy for minutes (issue 17): a wall of pawns
//! facing pawns, where every capture can be answered by another, and two rows of Kings. The capture
//! search now turns to recaptures only after a few captures in a row, so depth 1 is cheap; and
//! every level carries a time cap that the search obeys on any position.
//!
//! Issue 31: crowded boards, nine squares in ten taken by random pieces with several royal ones
//! among them, where each side has dozens of captures and the four plies of every capture before
//! the recapture rule were millions of nodes (depth 1 of `CROWDED_SCIROCCO[0]` took 5.9 million
//! nodes and 45 s). Each quiescence search now has a node budget (`qsearch_node_budget`), past
//! which it searches only recaptures and winning captures, and then stands pat. `crowded_position`
//! draws such boards; `find_crowded_runaways` (ignored) searches many of them and prints the
//! costliest, to find more.
//!
//! The bounds are node counts (the same on any machine), except for the time cap, checked with a
//! wide margin.

use std::time::{Duration, Instant};

use jovian_engine::levels::limits_for_level;
use jovian_engine::search::MATE_BOUND;
use jovian_engine::{Engine, Limits};
use jovian_rules::random::SplitMix64;
use jovian_rules::variants::scirocco;
use jovian_rules::{Color, PieceKind, Position, Setup, Variant, fen};

const PAWN_WALL: &str = "k,9/10/10/p,p,p,p,p,p,p,p,p,p/p,p,p,p,p,p,p,p,p,p/\
                         P,P,P,P,P,P,P,P,P,P/P,P,P,P,P,P,P,P,P,P/10/10/K,9 b";
const KING_ROWS: &str = "10/10/10/10/k,k,k,k,k,k,k,k,k,k/K,K,K,K,K,K,K,K,K,K/10/10/10/10 b";

fn position(text: &str) -> Position {
    position_of(scirocco::variant(), text)
}

fn position_of(variant: &'static Variant, text: &str) -> Position {
    let setup = fen::parse_position(variant, text).expect("a legal position");
    Position::from_setup(&setup).expect("a legal position")
}

/// Searches `text` to `depth` with no time limit and returns the nodes it took.
fn nodes_to_depth(text: &str, depth: u32) -> u64 {
    nodes_of(&mut position(text), depth)
}

/// Searches `pos` to `depth` with a fresh engine, no time limit but a node limit far above every
/// bound below (so that a regression fails instead of hanging), and returns the nodes it took.
fn nodes_of(pos: &mut Position, depth: u32) -> u64 {
    let mut engine = Engine::new(pos.variant(), 8);
    let limits = Limits {
        nodes: Some(20_000_000),
        ..Limits::depth(depth)
    };
    let result = engine.search(pos, &limits, |_| {});
    let text = fen::write_position(pos);
    // A win or loss found early ends the search before `depth`.
    assert!(
        result.depth == depth || result.score.abs() >= MATE_BOUND,
        "{text}: the search must finish depth {depth} (it stopped after {} nodes)",
        result.nodes
    );
    assert!(result.best.is_some());
    result.nodes
}

#[test]
fn a_wall_of_pawns_is_searched_to_depth_two_in_bounded_nodes() {
    // Before the recapture rule depth 1 did not finish in 60 s (hundreds of millions of nodes);
    // with it, depth 1 took 40,804 nodes and depth 2 57,108; with the quiescence budget too
    // (issue 31), 278 and 6,054.
    let d1 = nodes_to_depth(PAWN_WALL, 1);
    let d2 = nodes_to_depth(PAWN_WALL, 2);
    assert!(d1 < 200_000, "depth 1 took {d1} nodes");
    assert!(d2 < 500_000, "depth 2 took {d2} nodes");
}

#[test]
fn two_rows_of_kings_are_searched_to_depth_two_in_bounded_nodes() {
    let d1 = nodes_to_depth(KING_ROWS, 1);
    let d2 = nodes_to_depth(KING_ROWS, 2);
    assert!(d1 < 100_000, "depth 1 took {d1} nodes");
    assert!(d2 < 500_000, "depth 2 took {d2} nodes");
}

#[test]
fn every_level_answers_within_its_time_cap_on_the_runaway_positions() {
    // Levels 1, 3 (shallow) and 10 (deepest): each must answer a move within its cap. The margin
    // covers a debug build on a busy machine: before the caps, level 3 here ran for minutes.
    for text in [PAWN_WALL, KING_ROWS] {
        for level in [1, 3, 10] {
            let limits = limits_for_level(level);
            let cap = limits.movetime.expect("every level has a time cap");
            let mut pos = position(text);
            let mut engine = Engine::new(scirocco::variant(), 8);
            let start = Instant::now();
            let result = engine.search(&mut pos, &limits, |_| {});
            let took = start.elapsed();
            assert!(result.best.is_some(), "level {level}: no move");
            assert!(
                took < cap + Duration::from_secs(3),
                "level {level} took {took:?} against a cap of {cap:?}"
            );
        }
    }
}

#[test]
fn a_fixed_depth_search_with_a_time_limit_stops_at_the_limit() {
    // Depth 12 on the pawn wall would take hours: the hard deadline must cut it.
    let mut pos = position(PAWN_WALL);
    let mut engine = Engine::new(scirocco::variant(), 8);
    let limits = Limits {
        depth: Some(12),
        ..Limits::movetime(300)
    };
    let start = Instant::now();
    let result = engine.search(&mut pos, &limits, |_| {});
    assert!(result.best.is_some());
    assert!(result.depth < 12);
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}

/// Crowded positions with several royal pieces, drawn by `crowded_position` (the seed in each
/// comment), with the nodes the search took before the quiescence budget: depth 1 went on for
/// millions of nodes (at about 130,000 nodes/s on these boards).
const CROWDED_SCIROCCO: [&str; 4] = [
    // Seed 37, Blue 2 royal pieces, Tan 6, 95 pieces: depth 1 took 5,888,622 nodes (44.7 s).
    "oc,zi,Wi,Em,a,vu,ch,Ma,em,R/1,du,De,du,wa,em,Za,1,St,K/R,za,Ge,q,sq,q,C,f,Ge,k/\
     B,sq,d,sq,Vu,oc,ch,ch,gu,sc/k,a,ha,1,Ab,li,za,Zi,N,de/Sq,Wi,A,du,ta,k,oc,Wi,n,k/\
     za,Q,ta,Sp,Za,oc,ch,St,Q,ha/r,Wa,Wa,Gu,Ch,ch,gu,N,wa,ma/Wa,Za,d,Gu,Du,pr,Zi,ha,R,1/\
     Ab,zi,d,Ge,Sq,F,1,ab,wi,ge b",
    // Seed 40, 2 + 4 royal pieces, 87 pieces: depth 1 did not finish in 3,000,000 nodes.
    "n,Vu,sc,k,1,du,n,co,Sc,W/Za,W,a,Em,ab,Zi,pr,Du,vu,Wa/em,w,Pr,Pr,p,d,1,em,1,b/\
     1,n,Du,Gu,ch,k,Go,Ge,sp,B/li,b,du,ch,N,R,Ab,ge,B,ma/Sc,1,Wi,za,de,ta,A,za,sp,Ch/\
     Wi,ge,1,Sq,Ge,Ab,R,ab,K,St/1,pr,1,Co,go,gu,b,p,Du,1/B,Ge,1,W,ab,W,2,sq,W/\
     Zi,d,Za,Ab,Sq,Gu,1,Ge,pr,b b",
    // Seed 0, 8 + 2 royal pieces, 91 pieces: depth 1 took 2,273,008 nodes.
    "De,n,De,z,ma,q,de,P,1,sc/A,wi,Go,f,1,K,w,Q,Q,du/K,Du,ha,Go,1,W,K,K,st,1/\
     C,Em,co,d,r,Wi,sq,k,De,D/Vu,Co,c,Ch,p,Du,li,za,go,St/Gu,Z,ab,Q,Wi,co,Em,w,Pr,sc/\
     ge,1,Vu,Za,Go,st,Z,B,gu,1/1,b,A,wa,Ta,D,li,Z,n,Ma/K,Ch,ha,em,ge,1,Ha,Z,Sq,1/\
     p,f,de,ab,co,Li,Go,Ge,Em,Go b",
    // Seed 11, 2 + 3 royal pieces, 86 pieces: depth 1 took 1,391,085 nodes.
    "co,n,Li,c,1,W,oc,B,Za,1/St,zi,A,ge,z,de,Gu,Sp,Ab,P/sq,K,Q,Go,k,Co,St,W,ma,ma/\
     w,sq,co,de,Ha,P,Z,1,B,St/Sp,De,li,Co,b,ab,P,d,1,sq/co,oc,Sq,Ch,wa,Ta,li,N,Du,Ch/\
     Oc,1,go,De,Ha,sq,Du,em,Em,ch/1,Z,p,1,Ch,Wa,Du,ge,1,D/Za,1,Z,em,sq,1,de,1,Sc,d/\
     za,sc,F,3,ha,q,li,ha b",
];

/// What a quiescence search may cost: `qsearch_node_budget` (256) nodes of every capture, as
/// many of recaptures and winning captures, then one node for each move still under way. So
/// depth 1 costs at most about 2 x 256 + a few nodes per root move: about 100,000 for the 190
/// moves of a crowded Scirocco board, in practice a third of that (the most of 100 boards drawn
/// by `find_crowded_runaways`: 29,229). The bound leaves room for small changes of the search,
/// and is 15 times below what the old search took on the easiest of these boards.
const CROWDED_DEPTH_1: u64 = 90_000;
/// Depth 2 on these boards: at most 176,404 nodes on the same 100 boards.
const CROWDED_DEPTH_2: u64 = 400_000;

#[test]
fn crowded_boards_with_several_royal_pieces_are_searched_in_bounded_nodes() {
    for text in CROWDED_SCIROCCO {
        let d1 = nodes_to_depth(text, 1);
        assert!(d1 < CROWDED_DEPTH_1, "{text}: depth 1 took {d1} nodes");
        let d2 = nodes_to_depth(text, 2);
        assert!(d2 < CROWDED_DEPTH_2, "{text}: depth 2 took {d2} nodes");
    }
}

#[test]
fn crowded_boards_drawn_by_the_generator_are_searched_to_depth_one_in_bounded_nodes() {
    // Typhoon's and Jupiter's boards are larger (Jupiter's crowded 16x16 board has 500 to 800
    // moves a side): the bound grows with the root moves, two budgets each.
    for (variant, seeds) in [
        (scirocco::variant(), 0..6),
        (jovian_rules::variants::typhoon::variant(), 0..3),
        (jovian_rules::variants::jupiter::variant(), 0..1),
    ] {
        for seed in seeds {
            let Some(mut pos) = crowded_position(variant, seed) else {
                continue;
            };
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let bound = (moves.len() as u64 * 512).max(CROWDED_DEPTH_1);
            let d1 = nodes_of(&mut pos, 1);
            assert!(
                d1 < bound,
                "{} seed {seed}: depth 1 took {d1} nodes (bound {bound})",
                variant.id
            );
        }
    }
}

/// A crowded board of `variant` drawn by `seed`: nine squares in ten hold a piece of a random
/// type and side, one in ten of them a royal type (King, Emperor, Prince...), Blue to move; `None`
/// when the draw is not a legal position or the game is already over. Several royal pieces a
/// side cannot come from play in Scirocco (its King is the one royal piece, and promotes to the
/// other), and seldom among crowds in the other games (random play in Typhoon and Jupiter meets
/// them after hundreds of plies, with the armies thinned), so the pieces are placed.
fn crowded_position(variant: &'static Variant, seed: u64) -> Option<Position> {
    let royal: Vec<usize> = (0..variant.pieces.len())
        .filter(|&k| variant.pieces[k].royal)
        .collect();
    let other: Vec<usize> = (0..variant.pieces.len())
        .filter(|&k| !variant.pieces[k].royal)
        .collect();
    let mut rng = SplitMix64::new(seed);
    let mut pieces = Vec::new();
    for sq in variant.geometry.squares() {
        if rng.uniform() >= 0.9 {
            continue;
        }
        let kinds = if rng.uniform() < 0.1 { &royal } else { &other };
        let kind = kinds[rng.below(kinds.len())];
        let color = if rng.below(2) == 0 {
            Color::Blue
        } else {
            Color::Tan
        };
        pieces.push((color, PieceKind(kind as u8), sq));
    }
    let setup = Setup {
        variant,
        pieces,
        to_move: Color::Blue,
        chess: None,
    };
    let pos = Position::from_setup(&setup).ok()?;
    pos.material_outcome().is_none().then_some(pos)
}

#[test]
#[ignore = "a search for more runaway positions: minutes"]
fn find_crowded_runaways() {
    // `cargo test --release -p jovian-engine --test runaway find -- --ignored --nocapture`, with
    // RUNAWAY_GAME (default scirocco) and RUNAWAY_SEEDS (default 100): the costliest boards
    // first, with their nodes to depth 1 and 2.
    let game = std::env::var("RUNAWAY_GAME").unwrap_or_else(|_| "scirocco".into());
    let variant = Variant::by_id(&game).expect("a game");
    let seeds: u64 = std::env::var("RUNAWAY_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let mut found = Vec::new();
    for seed in 0..seeds {
        let Some(mut pos) = crowded_position(variant, seed) else {
            continue;
        };
        let start = Instant::now();
        let d1 = nodes_of(&mut pos, 1);
        let d2 = nodes_of(&mut pos, 2);
        let royals = [Color::Blue, Color::Tan].map(|c| pos.royal_count(c));
        found.push((
            d1,
            d2,
            seed,
            royals,
            start.elapsed(),
            fen::write_position(&pos),
        ));
    }
    let deepest = found.iter().map(|f| f.1).max().unwrap_or(0);
    println!(
        "{} boards; the most nodes to depth 2: {deepest}",
        found.len()
    );
    found.sort_by(|a, b| b.cmp(a));
    for (d1, d2, seed, royals, took, text) in found.iter().take(10) {
        println!(
            "seed {seed}: royal pieces {royals:?}, depth 1 {d1} nodes, depth 2 {d2} ({took:?}): {text}"
        );
    }
}
