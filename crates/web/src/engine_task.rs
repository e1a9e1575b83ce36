//! The computer's moves: a search on a thread of its own whenever it is the engine's turn, its
//! iterations streamed to the browser, its move committed like a person's. A take-back,
//! resignation or draw while it thinks stops it, and its move is then dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use jovian_engine::levels::limits_for_level;
use jovian_engine::{Engine, Info, Limits, score_text};
use jovian_rules::Position;
use jovian_rules::notation::{self, Style};

use crate::game::{Thinking, ThinkingView};
use crate::state::{AppState, SharedGame, commit_move, lock};

/// Hash table of each search, in MB (a fresh table per move: games are independent).
const HASH_MB: usize = 16;

fn view(root: &Position, info: &Info) -> ThinkingView {
    let mut pos = root.clone();
    let mut pv = Vec::with_capacity(info.pv.len());
    for &m in &info.pv {
        pv.push(notation::format_move(&mut pos, m, Style::Short));
        pos.make(m);
    }
    ThinkingView {
        depth: info.depth,
        score: score_text(info.score),
        nodes: info.nodes,
        nps: info.nodes_per_second(),
        pv,
    }
}

/// Starts the engine if the game waits for it and it is not already thinking.
pub fn start_if_due(app: &AppState, shared: &SharedGame) {
    let mut game = lock(shared);
    if game.thinking.is_some() || !game.engine_to_move() {
        return;
    }
    let mut engine = Engine::new(game.variant, HASH_MB);
    let generation = game.generation;
    let ply = game.moves.len();
    let limits = match game.movetime_ms {
        Some(ms) => Limits::movetime(ms),
        None => limits_for_level(game.level),
    };
    let stop = engine.stop_handle();
    let requested = Arc::new(AtomicBool::new(false));
    game.thinking = Some(Thinking {
        stop: stop.clone(),
        requested: requested.clone(),
        generation,
    });
    game.last_info = None;
    game.announce("thinking", "start".to_string());
    let mut pos = game.position.clone();
    drop(game);
    let (app, shared) = (app.clone(), shared.clone());
    std::thread::spawn(move || {
        let root = pos.clone();
        let result = engine.search(&mut pos, &limits, |info| {
            if requested.load(Ordering::Relaxed) {
                stop.store(true, Ordering::Relaxed);
            }
            let v = view(&root, info);
            let data = serde_json::to_string(&v).unwrap_or_default();
            let mut game = lock(&shared);
            game.last_info = Some(v);
            game.announce("info", data);
        });
        let mut game = lock(&shared);
        if game.thinking.as_ref().map(|t| t.generation) == Some(generation) {
            game.thinking = None;
        }
        if game.generation != generation || game.moves.len() != ply {
            return; // the game changed under the search: its move no longer applies
        }
        game.engine_score = Some(result.score);
        match result.best {
            Some(m) => {
                if let Err(e) = commit_move(&app.store, &mut game, m) {
                    eprintln!("jovian serve: game {}: {e}", game.id);
                    game.announce("error", e.to_string());
                }
            }
            None => game.announce("state", game.moves.len().to_string()),
        }
    });
}

/// Stops the game's search, if any, and makes sure its move is dropped.
pub fn cancel(game: &mut crate::game::GameState) {
    if let Some(t) = game.thinking.take() {
        t.stop_now();
    }
    game.generation += 1;
}
