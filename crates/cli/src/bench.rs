//! `jovian bench`: fixed perft workloads. The node counts are a signature of the move generator
//! (they change only when its behaviour changes); nodes per second is the speed measure. Run it in a
//! release build.

use std::time::Instant;

use clap::Args;
use jovian_rules::variants::scirocco;
use jovian_rules::{Move, Position, Setup};

use crate::input::CliError;

#[derive(Args)]
pub struct BenchArgs {
    /// One ply less on every workload (a quick smoke run; the numbers are not comparable).
    #[arg(long)]
    quick: bool,
}

struct Workload {
    name: &'static str,
    depth: u32,
    position: fn() -> Position,
}

/// Plays `plies` moves chosen by a fixed linear congruential sequence, so the bench reaches the
/// same middlegame on every machine.
fn playout(setup: &str, plies: usize) -> Position {
    let v = scirocco::variant();
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
        pos.make(moves[(state >> 33) as usize % moves.len()]);
    }
    // A fresh position: the bench measures generation, not the history of the playout.
    Position::from_setup(&pos.to_setup()).expect("a reached position is valid")
}

const WORKLOADS: [Workload; 4] = [
    Workload {
        name: "scirocco default array",
        depth: 4,
        position: || playout("default", 0),
    },
    Workload {
        name: "scirocco mir-11000100",
        depth: 4,
        position: || playout("mir-11000100", 0),
    },
    Workload {
        name: "scirocco middlegame (40 plies)",
        depth: 3,
        position: || playout("default", 40),
    },
    Workload {
        name: "scirocco endgame-ish (160 plies)",
        depth: 3,
        position: || playout("rot-01010101", 160),
    },
];

pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    if cfg!(debug_assertions) {
        eprintln!("warning: debug build; speed figures need `cargo run --release -- bench`");
    }
    println!(
        "{:<34} {:>5} {:>12} {:>9} {:>12}",
        "workload", "depth", "nodes", "seconds", "nodes/s"
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
        println!(
            "{:<34} {:>5} {:>12} {:>9.3} {:>12.0}",
            w.name,
            depth,
            nodes,
            secs,
            nodes as f64 / secs.max(1e-9)
        );
    }
    println!(
        "total nodes {total_nodes}, {total_secs:.3} s, {:.0} nodes/s",
        total_nodes as f64 / total_secs.max(1e-9)
    );
    Ok(())
}
