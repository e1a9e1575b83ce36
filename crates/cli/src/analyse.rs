//! `jovian analyse`: search a position and print each iteration (depth, score, nodes, speed, line).

use clap::Args;
use jovian_engine::{Engine, Limits, score_text};
use jovian_rules::notation::{self, Style};
use jovian_rules::{Move, Position};

use crate::bounds;
use crate::input::{CliError, PositionArgs};

#[derive(Args)]
pub struct AnalyseArgs {
    game: String,
    #[command(flatten)]
    position: PositionArgs,
    /// Think for this many milliseconds (1 to 86400000, a day).
    #[arg(long, conflicts_with_all = ["depth", "nodes"], allow_negative_numbers = true,
          value_parser = bounds::movetime_ms)]
    movetime: Option<u64>,
    /// Search to this depth (1 to 100).
    #[arg(long, conflicts_with = "nodes", allow_negative_numbers = true,
          value_parser = bounds::depth)]
    depth: Option<u32>,
    /// Search this many nodes.
    #[arg(long, allow_negative_numbers = true, value_parser = bounds::nodes)]
    nodes: Option<u64>,
    /// Transposition table size in MB (1 to 65536, and at most half the machine's memory).
    #[arg(long, default_value_t = 64, value_name = "MB", allow_negative_numbers = true,
          value_parser = bounds::hash_mb)]
    hash: usize,
    /// Tunables changed from their defaults, NAME=VALUE,... (crates/engine/src/tunables.rs names
    /// them), to see what a change does to the search.
    #[arg(long, value_name = "NAME=VALUE,...", default_value = "")]
    tune: String,
    /// Search threads (1 to 64): more than one runs the parallel search.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true,
          value_parser = bounds::threads)]
    threads: usize,
}

/// A line of moves in the game's short notation, played out on a copy of the position.
pub fn line_text(pos: &Position, line: &[Move]) -> String {
    let mut copy = pos.clone();
    let mut words = Vec::with_capacity(line.len());
    for &m in line {
        if !copy.is_legal(m) {
            break;
        }
        words.push(notation::format_move(&mut copy, m, Style::Short));
        copy.make(m);
    }
    words.join(" ")
}

pub fn run(args: &AnalyseArgs) -> Result<(), CliError> {
    let mut pos = args.position.load(&args.game)?;
    let limits = match (args.movetime, args.depth, args.nodes) {
        (_, Some(d), _) => Limits::depth(d),
        (_, _, Some(n)) => Limits::nodes(n),
        // Analysis thinks for the whole time it is given: deeper iterations keep starting until
        // it is up.
        (ms, _, _) => Limits {
            all_time: true,
            ..Limits::movetime(ms.unwrap_or(5_000))
        },
    };
    if let Some(o) = pos.outcome() {
        outln!("game over: {}", o.describe(pos.variant()));
        return Ok(());
    }
    let overrides = jovian_engine::tunables::Overrides::parse(&args.tune).map_err(CliError)?;
    let mut engine = Engine::tuned(pos.variant(), args.hash, &overrides).map_err(CliError)?;
    engine.set_threads(args.threads);
    let root = pos.clone();
    let result = engine.search(&mut pos, &limits, |info| {
        outln!(
            "depth {:>2} seldepth {:>2} score {:>9} nodes {:>10} nps {:>8} time {:>6} ms  {}",
            info.depth,
            info.seldepth,
            score_text(info.score),
            info.nodes,
            info.nodes_per_second(),
            info.elapsed.as_millis(),
            line_text(&root, &info.pv)
        );
    });
    if let Some(best) = result.best {
        let mut p = root.clone();
        outln!(
            "bestmove {} ({})",
            notation::format_move(&mut p, best, Style::Short),
            notation::format_move(&mut p, best, Style::Coordinate)
        );
    }
    Ok(())
}
