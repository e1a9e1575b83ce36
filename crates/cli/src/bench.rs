//! `jovian bench`: fixed perft and search workloads of every game. The node counts are a signature of the move generator
//! (they change only when its behaviour changes); nodes per second is the speed measure. Run it in a
//! release build.

use std::time::Instant;

use clap::Args;
use jovian_engine::{Engine, Limits};
use jovian_rules::variants::{jupiter, jupiter_1999, larger_board, scirocco, typhoon};
use jovian_rules::{Move, Position, Setup, Variant};

use crate::input::CliError;

#[derive(Args)]
pub struct BenchArgs {
    /// One ply less on every workload (a quick smoke run; the numbers are not comparable).
    #[arg(long)]
    quick: bool,
    /// Only the perft workloads (move generation), not the search.
    #[arg(long)]
    perft_only: bool,
}

struct Workload {
    name: &'static str,
    depth: u32,
    position: fn() -> Position,
}

/// Plays `plies` moves chosen by a fixed linear congruential sequence, so the bench reaches the
/// same middlegame on every machine (never a finished game).
fn playout(v: &'static Variant, setup: &str, plies: usize) -> Position {
    let mut pos =
        Position::from_setup(&Setup::named(v, setup).expect("bench setups exist")).expect("valid");
    let mut state: u64 = 0x5EED;
    let mut moves: Vec<Move> = Vec::new();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        // The first move from the drawn one on that does not end the game: the bench needs a
        // position in play.
        let first = (state >> 33) as usize % moves.len();
        let keeps_playing = (0..moves.len())
            .map(|i| moves[(first + i) % moves.len()])
            .find(|&m| {
                pos.make(m);
                let over = pos.outcome().is_some();
                pos.unmake();
                !over
            });
        match keeps_playing {
            Some(m) => pos.make(m),
            None => break,
        }
    }
    // A fresh position: the bench measures generation, not the history of the playout.
    Position::from_setup(&pos.to_setup()).expect("a reached position is valid")
}

const WORKLOADS: [Workload; 11] = [
    Workload {
        name: "scirocco default array",
        depth: 5,
        position: || playout(scirocco::variant(), "default", 0),
    },
    Workload {
        name: "scirocco mir-11000100",
        depth: 5,
        position: || playout(scirocco::variant(), "mir-11000100", 0),
    },
    Workload {
        name: "scirocco middlegame (40 plies)",
        depth: 4,
        position: || playout(scirocco::variant(), "default", 40),
    },
    Workload {
        name: "scirocco endgame-ish (160 plies)",
        depth: 4,
        position: || playout(scirocco::variant(), "rot-01010101", 160),
    },
    Workload {
        name: "typhoon default array",
        depth: 4,
        position: || playout(typhoon::variant(), "default", 0),
    },
    Workload {
        name: "typhoon middlegame (60 plies)",
        depth: 4,
        position: || playout(typhoon::variant(), "mir-10110011100011010", 60),
    },
    Workload {
        name: "jupiter default array",
        depth: 4,
        position: || playout(jupiter::variant(), "default", 0),
    },
    Workload {
        name: "jupiter middlegame (80 plies)",
        depth: 3,
        position: || {
            playout(
                jupiter::variant(),
                "mir-01101001110001011010011100101100110101",
                80,
            )
        },
    },
    Workload {
        name: "jupiter-1999 default array",
        depth: 4,
        position: || playout(jupiter_1999::variant(), "default", 0),
    },
    Workload {
        name: "larger-board standard array",
        depth: 4,
        position: || playout(larger_board::variant(), "standard", 0),
    },
    Workload {
        name: "larger-board middlegame (60 plies)",
        depth: 3,
        position: || playout(larger_board::variant(), "standard", 60),
    },
];

/// Fixed-depth searches: the node total is the search's signature (it changes only when search
/// behaviour changes), nodes per second its speed.
const SEARCHES: [Workload; 10] = [
    Workload {
        name: "search: scirocco default array",
        depth: 9,
        position: || playout(scirocco::variant(), "default", 0),
    },
    Workload {
        name: "search: scirocco middlegame",
        depth: 8,
        position: || playout(scirocco::variant(), "default", 40),
    },
    Workload {
        name: "search: scirocco endgame-ish",
        depth: 8,
        position: || playout(scirocco::variant(), "rot-01010101", 160),
    },
    Workload {
        name: "search: typhoon default array",
        depth: 9,
        position: || playout(typhoon::variant(), "default", 0),
    },
    Workload {
        name: "search: typhoon middlegame",
        depth: 8,
        position: || playout(typhoon::variant(), "mir-10110011100011010", 60),
    },
    Workload {
        name: "search: jupiter default array",
        depth: 8,
        position: || playout(jupiter::variant(), "default", 0),
    },
    Workload {
        name: "search: jupiter middlegame",
        depth: 7,
        position: || {
            playout(
                jupiter::variant(),
                "mir-01101001110001011010011100101100110101",
                80,
            )
        },
    },
    Workload {
        name: "search: jupiter-1999 default array",
        depth: 8,
        position: || playout(jupiter_1999::variant(), "default", 0),
    },
    Workload {
        name: "search: larger-board standard array",
        depth: 7,
        position: || playout(larger_board::variant(), "standard", 0),
    },
    Workload {
        name: "search: larger-board middlegame",
        depth: 6,
        position: || playout(larger_board::variant(), "standard", 60),
    },
];

fn search_bench(quick: bool) {
    outln!(
        "{:<34} {:>5} {:>12} {:>9} {:>12}",
        "search workload",
        "depth",
        "nodes",
        "seconds",
        "nodes/s"
    );
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    for w in &SEARCHES {
        let mut pos = (w.position)();
        // A fresh engine each time, so the count does not depend on what ran before.
        let mut engine = Engine::new(pos.variant(), 16);
        let depth = if quick { 3 } else { w.depth };
        let start = Instant::now();
        let result = engine.search(&mut pos, &Limits::depth(depth), |_| {});
        let secs = start.elapsed().as_secs_f64();
        total_nodes += result.nodes;
        total_secs += secs;
        outln!(
            "{:<34} {:>5} {:>12} {:>9.3} {:>12.0}",
            w.name,
            depth,
            result.nodes,
            secs,
            result.nodes as f64 / secs.max(1e-9)
        );
    }
    outln!(
        "search signature {total_nodes} nodes, {total_secs:.3} s, {:.0} nodes/s",
        total_nodes as f64 / total_secs.max(1e-9)
    );
    // Time limits: how late the reply comes after its budget.
    let budget_ms = 100;
    let mut worst = 0f64;
    for w in &SEARCHES {
        let mut pos = (w.position)();
        let mut engine = Engine::new(pos.variant(), 16);
        let start = Instant::now();
        engine.search(&mut pos, &Limits::movetime(budget_ms), |_| {});
        worst = worst.max(start.elapsed().as_secs_f64() * 1000.0 - budget_ms as f64);
    }
    outln!("movetime {budget_ms} ms: latest reply {worst:+.1} ms after the budget");
}

pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    if cfg!(debug_assertions) {
        errln!("warning: debug build; speed figures need `cargo run --release -- bench`");
    }
    outln!(
        "{:<34} {:>5} {:>12} {:>9} {:>12}",
        "workload",
        "depth",
        "nodes",
        "seconds",
        "nodes/s"
    );
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    for w in &WORKLOADS {
        let mut pos = (w.position)();
        let depth = if args.quick { w.depth - 1 } else { w.depth };
        let start = Instant::now();
        let nodes = pos.perft(depth);
        let secs = start.elapsed().as_secs_f64();
        total_nodes += nodes;
        total_secs += secs;
        outln!(
            "{:<34} {:>5} {:>12} {:>9.3} {:>12.0}",
            w.name,
            depth,
            nodes,
            secs,
            nodes as f64 / secs.max(1e-9)
        );
    }
    outln!(
        "total nodes {total_nodes}, {total_secs:.3} s, {:.0} nodes/s",
        total_nodes as f64 / total_secs.max(1e-9)
    );
    if !args.perft_only {
        outln!();
        search_bench(args.quick);
    }
    Ok(())
}
