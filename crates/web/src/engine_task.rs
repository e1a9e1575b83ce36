//! The computer's moves. Whenever it is the engine's turn, the game asks the pool
//! (crate::engine_pool) for an engine and waits its turn if every one is busy. The search runs on
//! a thread of its own, which also makes the engine: the hash table is allocated and cleared
//! there, off the request path and outside the game's lock. Its iterations are streamed to the
//! browser and its move is committed like a person's. A take-back, resignation, draw or deletion
//! while it thinks or waits stops it or takes it out of the queue, and its move is then dropped.

use std::sync::Arc;
use std::time::Duration;

use jovian_engine::levels::{FULL_STRENGTH, limits_for_level, threads_for_level};
use jovian_engine::{Engine, Info, Limits, SearchResult, score_text};
use jovian_rules::notation::{self, Style};
use jovian_rules::{Position, Variant};

use crate::WebError;
use crate::commits::{commit_moves, flag_fall};
use crate::engine_link::QueuePlace;
use crate::engine_pool::{Admission, EnginePool, Permit, SearchControl};
use crate::game::{GameState, Thinking, ThinkingView};
use crate::shared::{SharedGame, lock};

/// The longest pause between two tries to write a move while the database is busy.
const RETRY_CAP: Duration = Duration::from_secs(5);

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

/// What a search takes from its game when it starts (under the game's lock).
struct Claim {
    variant: &'static Variant,
    position: Position,
    ply: usize,
    limits: Limits,
    /// The game's level: full strength searches with the free cores' threads.
    level: u32,
    generation: u64,
    control: Arc<SearchControl>,
}

/// Starts the engine, or queues the game for one, if the game waits for it and it is neither
/// thinking nor waiting already.
pub fn due(pool: &Arc<EnginePool>, shared: &SharedGame) {
    let mut game = lock(shared);
    if game.deleted || game.thinking.is_some() || game.queued.is_some() || !game.engine_to_move() {
        return;
    }
    match pool.admit(shared) {
        Admission::Start(permit) => {
            let claim = claim(&mut game, &permit);
            if let Err(permit) = spawn(shared.clone(), permit, Some(claim)) {
                game.thinking = None;
                game.announce("error", "the computer's engine could not start".to_string());
                permit.abandon();
            }
        }
        Admission::Wait(spot) => {
            let view = spot.view();
            game.queued = Some(Box::new(spot));
            if let Some(view) = view {
                game.announce("queued", serde_json::to_string(&view).unwrap_or_default());
            }
        }
        // The server is stopping: the game is resumed at the next start.
        Admission::Closed => {}
    }
}

/// Marks the game thinking and takes what its search needs.
fn claim(game: &mut GameState, permit: &Permit) -> Claim {
    let generation = game.generation;
    let control = permit.control().clone();
    game.thinking = Some(Thinking {
        control: control.clone(),
        generation,
    });
    game.last_info = None;
    game.announce("thinking", "start".to_string());
    Claim {
        variant: game.variant,
        position: game.position.clone(),
        ply: game.moves.len(),
        limits: Limits {
            // Full strength uses all of a clock's or a move time's budget too.
            all_time: game.level >= FULL_STRENGTH,
            ..match (
                game.clock
                    .as_ref()
                    .and_then(|c| c.limits(game.position.side_to_move())),
                game.movetime_ms,
            ) {
                (Some(limits), _) => limits,
                (None, Some(ms)) => Limits::movetime(ms),
                (None, None) => limits_for_level(game.level),
            }
        },
        level: game.level,
        generation,
        control,
    }
}

/// The pool's side: a slot came free for a game that waited. Its thread claims the game (or, if
/// the game no longer waits, hands the slot on).
pub fn spawn_queued(shared: SharedGame, permit: Permit) -> Result<(), Permit> {
    spawn(shared, permit, None)
}

/// A search thread for the game. The permit is handed over only once the thread exists, so that
/// a failure gives it back to the caller instead of dropping it (and starting another game's
/// search) where a game may be locked.
fn spawn(shared: SharedGame, permit: Permit, claim: Option<Claim>) -> Result<(), Permit> {
    let (give, take) = std::sync::mpsc::sync_channel::<Permit>(1);
    let spawned = std::thread::Builder::new()
        .name("jovian-engine".into())
        .spawn(move || {
            if let Ok(permit) = take.recv() {
                search(shared, permit, claim);
            }
        });
    match spawned {
        Ok(_) => give.send(permit).map_err(|e| e.0),
        Err(e) => {
            eprintln!("jovian serve: cannot start an engine thread: {e}");
            Err(permit)
        }
    }
}

/// The search thread: claims the game if it waited, makes the engine, searches, writes the move.
fn search(shared: SharedGame, permit: Permit, claimed: Option<Claim>) {
    let claim = match claimed {
        Some(claim) => claim,
        None => {
            let mut game = lock(&shared);
            let waiting = game.queued.as_ref().map(|q| q.ticket()) == Some(permit.ticket());
            if !waiting || game.deleted || game.thinking.is_some() || !game.engine_to_move() {
                return; // the game left the queue meanwhile: the permit's drop hands the slot on
            }
            game.queued = None;
            claim(&mut game, &permit)
        }
    };
    let Claim {
        variant,
        mut position,
        ply,
        limits,
        level,
        generation,
        control,
    } = claim;
    crate::engine_pool::lower_thread_priority();
    let mut engine = Engine::new(variant, permit.pool().hash_mb());
    // Full strength takes the cores no other search is using.
    let (engines, running) = (permit.pool().engines(), permit.pool().load().0);
    engine.set_threads(threads_for_level(level, engines.saturating_sub(running)));
    control.attach(engine.stop_handle());
    let result = (!control.is_cancelled()).then(|| {
        let root = position.clone();
        engine.search(&mut position, &limits, |info| {
            if control.is_requested() {
                control.move_now();
            }
            let v = view(&root, info);
            let data = serde_json::to_string(&v).unwrap_or_default();
            let mut game = lock(&shared);
            if game.generation == generation {
                game.last_info = Some(v);
                game.announce("info", data);
            }
        })
    });
    drop(engine); // the table goes before the slot does
    let played = finish(permit.pool(), &shared, &control, generation, ply, result);
    let pool = permit.pool().clone();
    drop(permit);
    if played {
        // After the first part of a doubled turn the engine moves again.
        due(&pool, &shared);
    }
}

/// Writes the search's move if the game still wants it; true if it was played. A database kept
/// busy by another program is waited out with the move kept, and the slot too (every other write
/// waits as well), until the move is written, the game no longer wants it, or the server stops.
fn finish(
    pool: &EnginePool,
    shared: &SharedGame,
    control: &SearchControl,
    generation: u64,
    ply: usize,
    result: Option<SearchResult>,
) -> bool {
    let mut pause = Duration::from_millis(100);
    loop {
        let mut game = lock(shared);
        let ours = game.thinking.as_ref().map(|t| t.generation) == Some(generation);
        let wanted = ours
            && !control.is_cancelled()
            && game.generation == generation
            && game.moves.len() == ply;
        let Some(result) = result.as_ref().filter(|_| wanted) else {
            if ours {
                game.thinking = None;
            }
            return false; // the game changed under the search: its move no longer applies
        };
        game.engine_score = Some(result.score);
        // The engine too loses on time (its move comes too late to count).
        if matches!(flag_fall(&pool.store, &mut game), Ok(true)) {
            game.thinking = None;
            return false;
        }
        let Some(m) = result.best else {
            game.thinking = None;
            game.announce("state", game.moves.len().to_string());
            return false;
        };
        match commit_moves(&pool.store, &mut game, &[m]) {
            Ok(()) => {
                game.thinking = None;
                return true;
            }
            Err(WebError::Busy) => {
                game.announce(
                    "error",
                    "the database is busy (another program is writing to it): the computer's \
                     move is written as soon as it can be"
                        .to_string(),
                );
            }
            Err(e) => {
                game.thinking = None;
                eprintln!("jovian serve: game {}: {e}", game.id);
                game.announce("error", e.to_string());
                return false;
            }
        }
        drop(game);
        std::thread::sleep(pause);
        pause = (pause * 2).min(RETRY_CAP);
    }
}

/// Stops the game's search, or takes it out of the queue, and makes sure its move is dropped.
pub fn cancel(game: &mut GameState) {
    if let Some(t) = game.thinking.take() {
        t.control.cancel();
    }
    if let Some(spot) = game.queued.take() {
        spot.leave();
    }
    game.generation += 1;
}
