//! How far a capture moves the evaluation beyond what `Evaluator::capture_gain` says it wins: the
//! measure behind delta pruning's guard (`Evaluator::capture_gain_bounds_captures`,
//! docs/engine.md, "The depth bundle"). For game records (PGN files from `jovian match --out` or
//! `jovian lab`), every seventh position is taken; each of its noisy moves that takes no royal
//! piece is played, and the evaluation after it (the game's default weights, from the mover's
//! side) is compared with the evaluation before plus the move's `capture_gain`.
//!
//!     cargo run --release -p jovian-engine --example capture_swing -- DIR/*.pgn
//!
//! It prints how many moves exceed that by more than 200 centipawns (the depth bundle's delta
//! margin) and the five largest excesses, each with the evaluation's terms before and after.

use jovian_engine::eval::Evaluator;
use jovian_engine::tunables::EvalTunables;
use jovian_rules::Position;
use jovian_rules::notation::{self, Style};
use jovian_rules::record::Record;

const MARGIN: i32 = 200;
const EVERY: usize = 7;

struct Swing {
    excess: i32,
    text: String,
}

fn read(path: &str, swings: &mut Vec<Swing>) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let record = Record::parse(&text).map_err(|e| e.to_string())?;
    let game = record.replay().map_err(|e| e.to_string())?;
    let v = game.variant;
    let eval = Evaluator::new(v, EvalTunables::for_game(v.engine_game()));
    let mut pos = Position::from_setup(&game.start).map_err(|e| e.to_string())?;
    let mut noisy = Vec::new();
    for (ply, &played) in game.moves.iter().enumerate() {
        if ply % EVERY == 0 && pos.outcome().is_none() {
            let before = eval.evaluate(&pos);
            let terms_before = eval.terms(&pos);
            pos.legal_noisy_moves(&mut noisy);
            for &m in &noisy {
                let gain = eval.capture_gain(&pos, m);
                if gain >= 1_000_000 {
                    continue; // a royal capture: never pruned
                }
                let name = notation::format_move(&mut pos, m, Style::Long);
                pos.make(m);
                let after = if m.is_continuing() {
                    eval.evaluate(&pos)
                } else {
                    -eval.evaluate(&pos)
                };
                let terms_after = eval.terms(&pos);
                pos.unmake();
                swings.push(Swing {
                    excess: after - before - gain,
                    text: format!(
                        "{path}, ply {ply}, {name}: gain {gain}, evaluation {before} -> {after}\n  \
                         before {terms_before:?}\n  after  {terms_after:?}"
                    ),
                });
            }
        }
        pos.make(played);
    }
    Ok(())
}

fn main() {
    let mut swings = Vec::new();
    for path in std::env::args().skip(1) {
        if let Err(e) = read(&path, &mut swings) {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    }
    let over = swings.iter().filter(|s| s.excess > MARGIN).count();
    println!(
        "{} noisy moves; {over} raise the evaluation by more than their capture_gain + {MARGIN}",
        swings.len()
    );
    swings.sort_by_key(|s| -s.excess);
    for s in swings.iter().take(5) {
        println!("excess {}: {}", s.excess, s.text);
    }
}
