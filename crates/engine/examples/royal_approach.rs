//! Where a won game's plies go: for game records (PGN files from `jovian match --out` or `jovian
//! lab`), how near the winner's pieces came to the loser's royal piece and when, and how many
//! plies captured something. This is the measure behind "Where a won game's plies go" in
//! docs/engine.md: in Jupiter the winner's pieces stay more than four squares from the enemy
//! King until the last few plies, so a won game is as long as its war of attrition.
//!
//!     cargo run --release -p jovian-engine --example royal_approach -- DIR/*.pgn
//!
//! Per won game: its length; the first ply after which a winner's piece stood within 4 (and 2)
//! king steps of the loser's royal piece (the first, where it has several); the last ply after
//! which every winner's piece stood farther than 4; the loser's pieces when the game ended; and
//! the plies that removed a piece. Then the medians. Drawn and unfinished games are left out.

#[path = "shared/median.rs"]
mod median;

use median::median;

use jovian_rules::record::Record;
use jovian_rules::{Color, Position};

/// One won game's figures, in plies (None: never).
struct Approach {
    plies: usize,
    first_within_4: Option<usize>,
    first_within_2: Option<usize>,
    last_all_beyond_4: usize,
    loser_pieces_at_end: usize,
    capturing_plies: usize,
}

fn read(path: &str) -> Result<Option<Approach>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let record = Record::parse(&text).map_err(|e| e.to_string())?;
    // A draw, or a game left unfinished (a match stopped midway), has no winner to measure.
    let Ok(Some(winner)) = record.finished_winner() else {
        return Ok(None);
    };
    let game = record.replay().map_err(|e| e.to_string())?;
    let loser = winner.other();
    let mut pos = Position::from_setup(&game.start).map_err(|e| e.to_string())?;
    let count = |pos: &Position| pos.piece_count(Color::Blue) + pos.piece_count(Color::Tan);
    let mut a = Approach {
        plies: game.moves.len(),
        first_within_4: None,
        first_within_2: None,
        last_all_beyond_4: 0,
        loser_pieces_at_end: 0,
        capturing_plies: 0,
    };
    for (i, &m) in game.moves.iter().enumerate() {
        let before = count(&pos);
        pos.make(m);
        a.capturing_plies += (count(&pos) < before) as usize;
        // The last position, where the royal piece has gone, has nothing to measure.
        let Some(royal) = pos.royal_squares(loser).next() else {
            continue;
        };
        let nearest = (pos.side_pieces(winner))
            .map(|(_, sq)| sq.king_distance(royal))
            .min()
            .unwrap_or(u8::MAX);
        let ply = i + 1;
        if nearest <= 4 {
            a.first_within_4.get_or_insert(ply);
        } else {
            a.last_all_beyond_4 = ply;
        }
        if nearest <= 2 {
            a.first_within_2.get_or_insert(ply);
        }
    }
    a.loser_pieces_at_end = pos.piece_count(loser);
    Ok(Some(a))
}

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: royal_approach FILE.pgn...");
        std::process::exit(2);
    }
    let show = |x: Option<usize>| x.map_or("never".to_string(), |p| p.to_string());
    let mut won = Vec::new();
    println!(
        "| game | plies | first within 4 | first within 2 | last all beyond 4 | loser's pieces at the end | capturing plies |"
    );
    println!("|---|---|---|---|---|---|---|");
    for path in &paths {
        match read(path) {
            Ok(Some(a)) => {
                println!(
                    "| {path} | {} | {} | {} | {} | {} | {} |",
                    a.plies,
                    show(a.first_within_4),
                    show(a.first_within_2),
                    a.last_all_beyond_4,
                    a.loser_pieces_at_end,
                    a.capturing_plies
                );
                won.push(a);
            }
            Ok(None) => {}
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(1);
            }
        }
    }
    let field = |f: fn(&Approach) -> usize| median(won.iter().map(f).collect());
    println!(
        "{} won games; medians: {} plies, every winner's piece beyond 4 squares until ply {}, \
         the loser keeping {} pieces, {} capturing plies",
        won.len(),
        field(|a| a.plies),
        field(|a| a.last_all_beyond_4),
        field(|a| a.loser_pieces_at_end),
        field(|a| a.capturing_plies)
    );
}
