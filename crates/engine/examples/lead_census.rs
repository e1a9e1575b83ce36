//! How decisive is a material lead? For game records (PGN files from `jovian match --out` or
//! `jovian lab`), the first ply at which one side's settled lead (`lead::settled_lead`, as the
//! lead mode counts it) reaches each threshold, and how often that side went on to win. This is
//! the measure behind the lead mode's threshold (docs/engine.md, "The lead mode").
//!
//!     cargo run --release -p jovian-engine --example lead_census -- DIR/*.pgn

use jovian_engine::eval::Evaluator;
use jovian_engine::lead::{SETTLE_BUDGET, SETTLE_DEPTH, settled_lead};
use jovian_engine::tunables::EvalTunables;
use jovian_rules::record::Record;
use jovian_rules::{Color, Position};

const THRESHOLDS: [i32; 6] = [1000, 1500, 2000, 3000, 4000, 5000];

/// One game: its winner (`None` for a draw) and Blue's settled lead after each ply.
struct Game {
    winner: Option<Color>,
    leads: Vec<i32>,
}

fn read(path: &str) -> Result<Game, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let record = Record::parse(&text).map_err(|e| e.to_string())?;
    let winner = record.finished_winner()?;
    let game = record.replay().map_err(|e| e.to_string())?;
    let v = game.variant;
    let eval = Evaluator::new(v, EvalTunables::for_game(v.id));
    let mut pos = Position::from_setup(&game.start).map_err(|e| e.to_string())?;
    let mut leads = Vec::with_capacity(game.moves.len());
    for &m in &game.moves {
        pos.make(m);
        leads.push(settled_lead(&eval, &pos, SETTLE_DEPTH, SETTLE_BUDGET));
    }
    Ok(Game { winner, leads })
}

fn median(mut xs: Vec<usize>) -> f64 {
    xs.sort_unstable();
    match xs.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => xs[n / 2] as f64,
        n => (xs[n / 2 - 1] + xs[n / 2]) as f64 / 2.0,
    }
}

fn main() {
    let mut games = Vec::new();
    for path in std::env::args().skip(1) {
        match read(&path) {
            Ok(g) => games.push(g),
            Err(why) => eprintln!("{path}: skipped: {why}"),
        }
    }
    println!("{} games", games.len());
    println!(
        "| settled lead | games where it is reached | the side ahead then won | lost | drawn | median ply reached | median plies left |"
    );
    println!("|---|---|---|---|---|---|---|");
    for threshold in THRESHOLDS {
        let (mut won, mut lost, mut drawn) = (0, 0, 0);
        let (mut plies, mut left) = (Vec::new(), Vec::new());
        for g in &games {
            let Some(i) = g.leads.iter().position(|l| l.abs() >= threshold) else {
                continue;
            };
            let ahead = if g.leads[i] > 0 {
                Color::Blue
            } else {
                Color::Tan
            };
            match g.winner {
                None => drawn += 1,
                Some(w) if w == ahead => won += 1,
                Some(_) => lost += 1,
            }
            plies.push(i + 1);
            left.push(g.leads.len() - i - 1);
        }
        let reached = won + lost + drawn;
        let share = if reached > 0 {
            100.0 * won as f64 / reached as f64
        } else {
            0.0
        };
        println!(
            "| {threshold} | {reached} | {won} ({share:.0}%) | {lost} | {drawn} | {} | {} |",
            median(plies),
            median(left)
        );
    }
}
