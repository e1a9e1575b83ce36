//! How decisive is a material lead? For game records (PGN files from `jovian match --out` or
//! `jovian lab`), the first ply at which one side's settled lead (`lead::settled_lead`, as the
//! lead mode counts it) reaches each threshold, and how often that side went on to win. This is
//! the measure behind the lead mode's threshold (docs/engine.md, "The lead mode").
//!
//!     cargo run --release -p jovian-engine --example lead_census -- DIR/*.pgn
//!
//! With `--positions T FILE` first, it also writes FILE: for each game in which a settled lead
//! reached T, the position where it first did, after a comment line naming the game. `jovian
//! match --positions FILE` then plays them out (docs/match.md): a direct test of conversion.

#[path = "shared/median.rs"]
mod median;

use median::median;

use jovian_engine::eval::Evaluator;
use jovian_engine::lead::{SETTLE_BUDGET, SETTLE_DEPTH, settled_lead};
use jovian_engine::tunables::EvalTunables;
use jovian_rules::record::Record;
use jovian_rules::{Color, Position, fen};

const THRESHOLDS: [i32; 6] = [1000, 1500, 2000, 3000, 4000, 5000];

/// One game: its winner (`None` for a draw), Blue's settled lead after each ply while it goes on,
/// its length, and the text of the position where a settled lead first reached the threshold
/// asked for, if any.
struct Game {
    winner: Option<Color>,
    leads: Vec<i32>,
    first_at: Option<String>,
    plies: usize,
}

fn read(path: &str, write_at: Option<i32>) -> Result<Game, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let record = Record::parse(&text).map_err(|e| e.to_string())?;
    let winner = record.finished_winner()?;
    let game = record.replay().map_err(|e| e.to_string())?;
    let v = game.variant;
    let eval = Evaluator::new(v, EvalTunables::for_game(v.id));
    let mut pos = Position::from_setup(&game.start).map_err(|e| e.to_string())?;
    let mut leads = Vec::with_capacity(game.moves.len());
    let mut first_at = None;
    for &m in &game.moves {
        pos.make(m);
        // A position where the game has ended (the last, for a game won by the rules) has no
        // lead to convert.
        if pos.outcome().is_some() {
            break;
        }
        let lead = settled_lead(&eval, &pos, SETTLE_DEPTH, SETTLE_BUDGET);
        if first_at.is_none() && write_at.is_some_and(|t| lead.abs() >= t) {
            let ahead = if lead > 0 { "Blue" } else { "Tan" };
            let result = match winner {
                None => "drawn".to_string(),
                Some(w) => format!("won by {w:?}"),
            };
            first_at = Some(format!(
                "# {path}, after ply {}: {ahead} {} ahead; the game was {result}\n{}\n",
                leads.len() + 1,
                lead.abs(),
                fen::write_position(&pos)
            ));
        }
        leads.push(lead);
    }
    Ok(Game {
        winner,
        leads,
        first_at,
        plies: game.moves.len(),
    })
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut write: Option<(i32, String)> = None;
    if args.first().is_some_and(|a| a == "--positions") {
        let threshold = args
            .get(1)
            .and_then(|t| t.parse::<i32>().ok())
            .filter(|&t| t > 0);
        let (Some(threshold), Some(file)) = (threshold, args.get(2).cloned()) else {
            eprintln!("usage: lead_census [--positions THRESHOLD FILE] RECORD.pgn ...");
            std::process::exit(2);
        };
        write = Some((threshold, file));
        args.drain(..3);
    }
    let mut games = Vec::new();
    for path in &args {
        match read(path, write.as_ref().map(|w| w.0)) {
            Ok(g) => games.push(g),
            Err(why) => eprintln!("{path}: skipped: {why}"),
        }
    }
    println!("{} games", games.len());
    if let Some((threshold, file)) = &write {
        let texts: Vec<&str> = games.iter().filter_map(|g| g.first_at.as_deref()).collect();
        let header =
            format!("# Positions where a settled lead first reached {threshold} (lead_census)\n");
        if let Err(e) = std::fs::write(file, header + &texts.concat()) {
            eprintln!("cannot write {file}: {e}");
            std::process::exit(1);
        }
        println!("{} positions written to {file}", texts.len());
    }
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
            left.push(g.plies - i - 1);
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
