//! `jovian play`: a game in the terminal against the engine. Moves are typed in the game's notation;
//! the board is drawn once a turn (after the engine's reply), the legend of the pieces once at the
//! start and on request (`legend`); the record is saved at the end.

use clap::Args;
use jovian_engine::levels::{
    DEFAULT_LEVEL, FULL_STRENGTH, MAX_LEVEL, describe_level, limits_for_level, threads_for_level,
};
use jovian_engine::{Engine, Limits, score_text};
use jovian_rules::notation::{self, Style};
use jovian_rules::record::{Game, Record};
use jovian_rules::{Color, Move, Position};

use crate::board_text;
use crate::input::{self, CliError, Line, PositionArgs};

#[derive(Args)]
pub struct PlayArgs {
    game: String,
    #[command(flatten)]
    position: PositionArgs,
    /// Engine strength, 1 (weakest) to 10 (the reproducible ladder), or 11: full strength (5 s a
    /// move used whole, every core).
    #[arg(long, conflicts_with = "movetime", allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(1..=MAX_LEVEL as i64))]
    level: Option<u32>,
    /// Engine thinking time per move in milliseconds (instead of a level; 1 to 86400000).
    #[arg(long, allow_negative_numbers = true, value_parser = crate::bounds::movetime_ms)]
    movetime: Option<u64>,
    /// The side you play.
    #[arg(long = "as", default_value = "blue")]
    side: String,
    /// Where to save the record (default: jovian-GAME-DATE-TIME.pgn in the current directory).
    #[arg(long)]
    record: Option<std::path::PathBuf>,
}

const HELP: &str = "Type a move in the game's notation (e.g. P-d4, Chxa5, P-a8=Ta, Gex!c6) or in \
coordinates (d3d4), in any case. Commands: moves (list legal moves), history (the moves so \
far), undo (take back your last move), board, legend (the pieces on the board), resign, quit, \
help.";

/// The moves so far, numbered by moves (a ply of each side) as records are: `1. P-d4 P-d7`.
fn history(texts: &[String], first: Color) -> String {
    if texts.is_empty() {
        return "no moves yet".to_string();
    }
    let mut out = String::new();
    // A game whose first mover is the second side starts with "1. ..".
    let offset = usize::from(first == Color::Tan);
    for (i, t) in texts.iter().enumerate() {
        let n = i + offset;
        if n % 2 == 0 {
            out.push_str(&format!(
                "{}{}. {t}",
                if i == 0 { "" } else { "  " },
                n / 2 + 1
            ));
        } else if i == 0 {
            out.push_str(&format!("1. .. {t}"));
        } else {
            out.push_str(&format!(" {t}"));
        }
    }
    out
}

pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    let human = Color::parse(&args.side)
        .ok_or_else(|| CliError(format!("--as must be blue or tan, not {:?}", args.side)))?;
    let mut pos = args.position.load(&args.game)?;
    let start = pos.to_setup();
    let variant = pos.variant();
    let (limits, strength) = match (args.level, args.movetime) {
        (_, Some(ms)) => (Limits::movetime(ms), format!("{ms} ms per move")),
        (level, None) => {
            let l = level.unwrap_or(DEFAULT_LEVEL);
            (limits_for_level(l), describe_level(l))
        }
    };
    let mut engine = Engine::new(variant, 64);
    if args.level == Some(FULL_STRENGTH) {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        engine.set_threads(threads_for_level(FULL_STRENGTH, cores - 1));
    }
    let mut moves: Vec<Move> = Vec::new();
    // The moves as written when they were played, for `history` and the last-move line.
    let mut texts: Vec<String> = Vec::new();
    let first = pos.side_to_move();
    let mut stdin = std::io::stdin().lock();
    outln!(
        "{} against Jovian ({strength}). You play {}. {HELP}\n",
        variant.title,
        variant.side_title(human)
    );
    out!("{}", board_text::render(&mut pos));
    let mut resigned: Option<Color> = None;
    loop {
        if let Some(o) = pos.outcome() {
            outln!("\n{}.", o.describe(pos.variant()));
            break;
        }
        let to_move = pos.side_to_move();
        if to_move != human {
            let root = pos.clone();
            let result = engine.search(&mut pos, &limits, |_| {});
            let Some(m) = result.best else { break };
            let text = notation::format_move(&mut pos, m, Style::Short);
            outln!(
                "\nJovian plays {text}   (depth {}, score {}, {} nodes, line {})",
                result.depth,
                score_text(result.score),
                result.nodes,
                crate::analyse::line_text(&root, &result.pv)
            );
            pos.make(m);
            moves.push(m);
            texts.push(text);
            out!("{}", board_text::diagram(&pos));
            outln!("last move: {}", last_move(&texts, variant, &pos));
            continue;
        }
        out!("\n{} to move> ", variant.side_title(to_move));
        crate::output::flush_out();
        let line = match input::read_line(&mut stdin) {
            Ok(Some(Line::Text(line))) => line,
            Ok(Some(Line::TooLong(start))) => {
                outln!("{start}...: too long a line (more than 64 KB); type help for help");
                continue;
            }
            Ok(None) | Err(_) => {
                outln!("\n(end of input: game left unfinished)");
                break;
            }
        };
        match line.trim() {
            "" => {}
            "help" | "?" => outln!("{HELP}"),
            "quit" | "exit" => break,
            "resign" => {
                resigned = Some(human);
                outln!("{} resigns.", variant.side_title(human));
                break;
            }
            "board" => out!("{}", board_text::board(&mut pos)),
            "legend" => out!("{}", board_text::legend(&pos)),
            "history" => outln!("{}", history(&texts, first)),
            "moves" => {
                let mut list = Vec::new();
                pos.legal_moves(&mut list);
                let texts: Vec<String> = list
                    .iter()
                    .map(|&m| notation::format_move(&mut pos, m, Style::Short))
                    .collect();
                outln!("{}", texts.join("  "));
            }
            "undo" => {
                // Take back the engine's reply and the human's move.
                let mut taken = 0;
                while let Some(_m) = moves.pop() {
                    pos.unmake();
                    texts.pop();
                    taken += 1;
                    if pos.side_to_move() == human && pos.mid_turn().is_none() {
                        break;
                    }
                }
                if taken == 0 {
                    outln!("nothing to take back");
                }
                out!("{}", board_text::diagram(&pos));
            }
            // A turn: one move, or both parts of a doubled one (`Rxa11-m11`).
            text => match notation::parse_turn(&mut pos, text) {
                Ok(turn) => {
                    for m in turn {
                        texts.push(notation::format_move(&mut pos, m, Style::Short));
                        pos.make(m);
                        moves.push(m);
                    }
                    // The board comes with the engine's reply (once a turn), or now if the
                    // game is over or the turn goes on (the second part of a doubled move).
                    if pos.outcome().is_some() || pos.side_to_move() == human {
                        out!("{}", board_text::diagram(&pos));
                    }
                    outln!("you played: {}", last_move(&texts, variant, &pos));
                }
                Err(e) => {
                    outln!("{e}");
                    let near = near_misses(&mut pos, text);
                    if !near.is_empty() {
                        outln!(
                            "Legal moves written so: {} (type one whole)",
                            near.join("  ")
                        );
                    }
                }
            },
        }
    }
    save_record(args, &start, &moves, resigned)
}

/// The most near misses named after a refused move.
const NEAR_MISSES: usize = 8;

/// The legal moves that a refused `text` may have meant: those whose written form starts with it
/// or whose first part (before `:` or `&`, the follow-ups of a Tank push, a relay or a doubled
/// move) is it, ignoring case. A Tank push typed as `OxT-d4` is answered with its whole form,
/// `OxT-d4:C-d5,Ch-d6`.
fn near_misses(pos: &mut Position, text: &str) -> Vec<String> {
    let typed = text.trim().to_ascii_lowercase();
    if typed.is_empty() {
        return Vec::new();
    }
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut near: Vec<String> = list
        .iter()
        .map(|&m| notation::format_move(pos, m, Style::Short))
        .filter(|t| {
            let lower = t.to_ascii_lowercase();
            let first = lower.split([':', '&']).next().unwrap_or("");
            lower.starts_with(&typed) || first == typed
        })
        .collect();
    near.sort();
    near.dedup();
    near.truncate(NEAR_MISSES);
    near
}

/// "P-d4 (Blue's move 1, ply 1)".
fn last_move(
    texts: &[String],
    variant: &jovian_rules::Variant,
    pos: &jovian_rules::Position,
) -> String {
    let Some(text) = texts.last() else {
        return "none".to_string();
    };
    let mover = pos.side_to_move().other();
    format!(
        "{text} ({}'s, ply {})",
        variant.side_title(mover),
        texts.len()
    )
}

fn save_record(
    args: &PlayArgs,
    start: &jovian_rules::Setup,
    moves: &[Move],
    resigned: Option<Color>,
) -> Result<(), CliError> {
    let mut pos = Position::from_setup(start).map_err(|e| CliError(e.to_string()))?;
    for &m in moves {
        pos.make(m);
    }
    let outcome = pos.outcome();
    let game = Game {
        variant: pos.variant(),
        start: start.clone(),
        setup_name: args.position.setup.clone().or_else(|| {
            (args.position.position.is_none() && args.position.json.is_none())
                .then(|| pos.variant().setups.default.to_string())
        }),
        moves: moves.to_vec(),
        position: pos,
        outcome,
    };
    let human = Color::parse(&args.side).unwrap_or(Color::Blue);
    let result = match (outcome, resigned) {
        (Some(o), _) => o.result_text().to_string(),
        (None, Some(Color::Blue)) => "0-1".to_string(),
        (None, Some(Color::Tan)) => "1-0".to_string(),
        (None, None) => "*".to_string(),
    };
    let (blue, tan) = if human == Color::Blue {
        ("Human", "Jovian")
    } else {
        ("Jovian", "Human")
    };
    let tags = vec![
        ("Blue".to_string(), blue.to_string()),
        ("Tan".to_string(), tan.to_string()),
        ("Date".to_string(), crate::clock::today()),
        ("Result".to_string(), result),
    ];
    let record = Record::from_game(&game, tags);
    let path = args.record.clone().unwrap_or_else(|| {
        format!("jovian-{}-{}.pgn", game.variant.id, crate::clock::stamp()).into()
    });
    std::fs::write(&path, record.to_text())
        .map_err(|e| CliError(format!("cannot save the record to {}: {e}", path.display())))?;
    outln!("Record saved to {}", path.display());
    Ok(())
}
