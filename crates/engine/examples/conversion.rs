//! How fast does each player turn a lead into a win? For the records of a match played from
//! positions (`jovian match --positions FILE --out DIR`), each game's side ahead at its start (the
//! settled lead, `lead::settled_lead`, as the lead mode and `lead_census` count it), and for each
//! player its results and plies to win as the side ahead and as the side behind.
//!
//!     cargo run --release -p jovian-engine --example conversion -- DIR [BASELINE_DIR]
//!
//! With BASELINE_DIR, a second match from the same positions with the same seed and game count
//! (say, the defaults where DIR played a candidate), it also compares the two matches' first
//! players (A, Blue in the first game), game by game: in the games where A was the side ahead and
//! won in both, the plies DIR's A needed minus BASELINE_DIR's, with a 95% interval. A match from
//! positions gives game k of both matches the same start and colours, so the pairs are exact.
//! This is the measure behind "Conversion against the weaker copy" in docs/engine.md.

use std::collections::BTreeMap;

use jovian_engine::eval::Evaluator;
use jovian_engine::lead::{SETTLE_BUDGET, SETTLE_DEPTH, settled_lead};
use jovian_engine::tunables::EvalTunables;
use jovian_rules::record::Record;
use jovian_rules::{Color, Position};

/// One game of a match from positions.
struct Game {
    /// The player ahead at the start, and the other.
    ahead: String,
    behind: String,
    /// `Some(true)` if the side ahead won, `Some(false)` if it lost, `None` for a draw.
    ahead_won: Option<bool>,
    plies: usize,
    /// The Blue player, as `Record::player` names it.
    blue: String,
}

fn read(path: &std::path::Path) -> Result<Game, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let record = Record::parse(&text).map_err(|e| e.to_string())?;
    let winner = record.finished_winner()?;
    let game = record.replay().map_err(|e| e.to_string())?;
    let v = game.variant;
    let player = |color: Color| {
        record
            .player(v, color)
            .map(str::to_string)
            .ok_or_else(|| format!("no {color:?} player tag"))
    };
    let (blue, tan) = (player(Color::Blue)?, player(Color::Tan)?);
    let eval = Evaluator::new(v, EvalTunables::for_game(v.id));
    let start = Position::from_setup(&game.start).map_err(|e| e.to_string())?;
    let lead = settled_lead(&eval, &start, SETTLE_DEPTH, SETTLE_BUDGET);
    let (ahead_color, ahead, behind) = match lead {
        0 => return Err("no side ahead at the start".to_string()),
        l if l > 0 => (Color::Blue, blue.clone(), tan),
        _ => (Color::Tan, tan, blue.clone()),
    };
    Ok(Game {
        ahead,
        behind,
        ahead_won: winner.map(|w| w == ahead_color),
        plies: game.moves.len(),
        blue,
    })
}

/// The games of a match directory, by file name (`game-001.pgn` ...), in order.
fn read_dir(dir: &str) -> BTreeMap<String, Game> {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| {
        eprintln!("cannot read {dir}: {e}");
        std::process::exit(1);
    });
    let mut games = BTreeMap::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !(name.starts_with("game-") && name.ends_with(".pgn")) {
            continue;
        }
        match read(&entry.path()) {
            Ok(g) => {
                games.insert(name, g);
            }
            Err(why) => eprintln!("{dir}/{name}: skipped: {why}"),
        }
    }
    games
}

fn median(mut xs: Vec<usize>) -> String {
    xs.sort_unstable();
    match xs.len() {
        0 => "-".to_string(),
        n if n % 2 == 1 => xs[n / 2].to_string(),
        n => format!("{}", (xs[n / 2 - 1] + xs[n / 2]) as f64 / 2.0),
    }
}

/// One table row: `player`'s results in the games where it was the side ahead (`as_ahead`) or
/// behind.
fn row(games: &BTreeMap<String, Game>, player: &str, as_ahead: bool) -> String {
    let mine: Vec<&Game> = games
        .values()
        .filter(|g| (if as_ahead { &g.ahead } else { &g.behind }) == player)
        .collect();
    let won_by_player = |g: &Game| g.ahead_won.map(|w| w == as_ahead);
    let won: Vec<usize> = mine
        .iter()
        .filter(|g| won_by_player(g) == Some(true))
        .map(|g| g.plies)
        .collect();
    let lost = mine
        .iter()
        .filter(|g| won_by_player(g) == Some(false))
        .count();
    let drawn = mine.iter().filter(|g| g.ahead_won.is_none()).count();
    format!(
        "| {player} | {} | {} | {} | {} | {} | {drawn} | {lost} |",
        if as_ahead { "ahead" } else { "behind" },
        mine.len(),
        won.len(),
        median(won.clone()),
        if won.is_empty() {
            "-".to_string()
        } else {
            format!("{:.1}", won.iter().sum::<usize>() as f64 / won.len() as f64)
        }
    )
}

fn print_table(dir: &str, games: &BTreeMap<String, Game>) {
    println!("{dir}: {} games", games.len());
    println!(
        "| player | as the side | games | won | median plies to win | average | drawn | lost |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let mut players: Vec<&String> = games.values().flat_map(|g| [&g.ahead, &g.behind]).collect();
    players.sort();
    players.dedup();
    for p in players {
        for as_ahead in [true, false] {
            println!("{}", row(games, p, as_ahead));
        }
    }
}

/// The first player of a match: Blue in its first game (the match alternates colours from there).
fn first_player(games: &BTreeMap<String, Game>) -> Option<String> {
    games.get("game-001.pgn").map(|g| g.blue.clone())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.len() > 2 {
        eprintln!("usage: conversion DIR [BASELINE_DIR]");
        std::process::exit(2);
    }
    let games = read_dir(&args[0]);
    print_table(&args[0], &games);
    let Some(baseline_dir) = args.get(1) else {
        return;
    };
    let baseline = read_dir(baseline_dir);
    print_table(baseline_dir, &baseline);
    let (Some(a), Some(a0)) = (first_player(&games), first_player(&baseline)) else {
        eprintln!("a match directory has no readable game-001.pgn to name its first player");
        std::process::exit(1);
    };
    let diffs: Vec<f64> = games
        .iter()
        .filter_map(|(name, g)| {
            let b = baseline.get(name)?;
            let both_won = g.ahead == a
                && b.ahead == a0
                && g.ahead_won == Some(true)
                && b.ahead_won == Some(true);
            both_won.then_some(g.plies as f64 - b.plies as f64)
        })
        .collect();
    if diffs.len() < 2 {
        println!("fewer than two games where both first players won as the side ahead");
        return;
    }
    let n = diffs.len() as f64;
    let mean = diffs.iter().sum::<f64>() / n;
    let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "{a} minus {a0}, plies to win as the side ahead, over the {} games both won: {mean:+.1} (95% {:+.1} .. {:+.1})",
        diffs.len(),
        mean - half,
        mean + half
    );
}
