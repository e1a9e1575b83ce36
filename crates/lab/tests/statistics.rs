//! The lab's statistics on a small fixed run (tests/data/small-run: four short Scirocco games
//! written by hand, and one broken record) equal the figures counted by hand.
//!
//! The games (each from a position given in full):
//! 1. `Qxa5 P-a7 Qxa7`: Blue takes a Rook and a Pawn, Tan is bared. 1-0 in 3 plies.
//! 2. `P-b3 Qxa1`: Tan's Queen takes Blue's King. 0-1 in 2 plies.
//! 3. `K-b1 K-i10 K-c1 K-h10`: drawn by the move limit. 4 plies.
//! 4. `Qxa6 Nxa6 P-e8=Ta N-b8 Taxb8`: Queen for Rook, a promotion, Tan is bared. 1-0 in 5 plies.
//! 5. an illegal move: left out, and named.

use std::path::PathBuf;

use jovian_engine::values::piece_values;
use jovian_lab::html::PageLinks;
use jovian_lab::run::Reason;
use jovian_lab::score::{Tally, Z95};
use jovian_lab::{PLOT_IDS, Report, Run, csv, html};
use jovian_rules::WinReason;

fn small_run() -> Report {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/small-run");
    Report::of(Run::load(&dir).expect("the test run reads"))
}

#[test]
fn score_reasons_and_lengths_are_the_hand_counted_ones() {
    let r = small_run();
    assert_eq!(r.games.len(), 4);
    assert_eq!(r.unreadable.len(), 1);
    assert_eq!(r.unreadable[0].0, "game-005.pgn");
    assert!(r.unreadable[0].1.contains("K-c3"), "{:?}", r.unreadable);
    let o = &r.outcomes;
    assert_eq!(
        o.all,
        Tally {
            blue_wins: 2,
            draws: 1,
            tan_wins: 1
        }
    );
    // Blue's score 2.5/4; the trinomial variance 0.5 (0.375)² + 0.25 (0.125)² + 0.25 (0.625)²
    // = 0.171875, its standard error sqrt(0.171875 / 4).
    let share = o.all.blue_share().unwrap();
    assert_eq!(share.score, 0.625);
    let se = (0.171875f64 / 4.0).sqrt();
    assert!((share.low - (0.625 - Z95 * se)).abs() < 1e-12, "{share:?}");
    assert_eq!(share.high, 1.0);
    let reasons: Vec<(Reason, usize, usize, usize)> = o
        .reasons
        .iter()
        .map(|r| (r.reason, r.tally.blue_wins, r.tally.tan_wins, r.tally.draws))
        .collect();
    assert_eq!(
        reasons,
        vec![
            (Reason::Rules(WinReason::RoyalCaptured), 0, 1, 0),
            (Reason::Rules(WinReason::Bared), 2, 0, 0),
            (Reason::MoveLimit, 0, 0, 1),
        ]
    );
    assert_eq!(o.lengths.plies, vec![2, 3, 4, 5]);
    assert_eq!(o.lengths.median(), Some(3.5));
    assert_eq!(o.lengths.quantile(0.25), Some(2.75));
    assert_eq!(o.lengths.mean(), Some(3.5));
    // Positions given in full: one group, and no choices of arrays' names.
    assert_eq!(o.arrays.len(), 1);
    assert_eq!(o.arrays[0].tally.games(), 4);
    assert!(o.choices.is_empty());
}

#[test]
fn piece_fates_and_trades_are_the_hand_counted_ones() {
    let r = small_run();
    let v = r.variant;
    let fate = |abbr: &str| r.fates[v.kind_by_abbr(abbr).unwrap().0 as usize].clone();
    // (at start, gained, promoted, captured, lost on own move, survived)
    let counts = |abbr: &str| {
        let f = fate(abbr);
        (
            f.at_start, f.gained, f.promoted, f.captured, f.lost_own, f.survived,
        )
    };
    assert_eq!(counts("K"), (8, 0, 0, 1, 0, 7));
    assert_eq!(counts("Q"), (3, 0, 0, 1, 0, 2));
    assert_eq!(counts("R"), (2, 0, 0, 2, 0, 0));
    assert_eq!(counts("P"), (5, 0, 1, 1, 0, 3));
    assert_eq!(counts("N"), (1, 0, 0, 1, 0, 0));
    assert_eq!(counts("Ta"), (0, 1, 0, 0, 0, 1));
    assert_eq!(counts("Ch"), (0, 0, 0, 0, 0, 0));
    // A Rook was lost for nothing in game 1 and for the Queen (recaptured next ply) in game 4.
    let rook = fate("R");
    assert_eq!(rook.for_nothing(), 1);
    let queen = v.kind_by_abbr("Q").unwrap().0;
    assert_eq!(rook.usual_trades(3), vec![(queen, 1)]);
    let queen_value = piece_values(v)[queen as usize] as f64 / 100.0;
    assert!((rook.value_back - queen_value).abs() < 1e-12);
    // Everything else lost got nothing back: the Queen (Tan took nothing next), the King, the
    // Pawn, the Knight.
    for abbr in ["Q", "K", "P", "N"] {
        let f = fate(abbr);
        assert_eq!(f.for_nothing(), f.losses(), "{abbr}");
        assert_eq!(f.value_back, 0.0, "{abbr}");
    }
    assert_eq!(fate("P").share(fate("P").promoted), 0.2);
}

#[test]
fn no_fit_from_games_too_short_to_sample_and_every_plot_is_there() {
    let r = small_run();
    // Every game is shorter than the plies skipped before sampling.
    assert_eq!(r.samples, 0);
    assert!(r.values.is_none());
    assert!(r.no_fit.as_deref().unwrap().contains("No quiet position"));
    // The evaluation curve: game 1 (3 plies) is as near the median (3.5) as game 3, and first.
    let curve = r.example.as_ref().unwrap();
    assert_eq!(curve.file, "game-001.pgn");
    assert_eq!(curve.engine.len(), 4);
    assert!(curve.fitted.is_none());
    let page = html::render(
        &r,
        &PageLinks {
            stylesheet: None,
            csv: "figures.csv".into(),
            back: None,
        },
    );
    for id in PLOT_IDS {
        assert!(
            page.contains(&format!("<svg id=\"{id}\"")),
            "{id} is missing"
        );
    }
    assert!(page.contains("game-005.pgn"), "the broken record is named");
    assert!(page.contains("<style>"));
    let csv = csv::render(&r);
    assert!(csv.starts_with("section,name,metric,value,low,high\n"));
    assert!(csv.contains("score,all,blue_wins,2,,\n"), "{csv}");
    assert!(csv.contains("length,plies,median,3.5,,\n"), "{csv}");
    assert!(csv.contains("piece,Rook (R),captured,2,,\n"), "{csv}");
    assert!(csv.contains("piece_trade,Rook (R),for Q,1,,\n"), "{csv}");
}
