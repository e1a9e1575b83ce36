//! What a game knows of its engine, without knowing the scheduler (engine_pool.rs), which sits
//! above the games: the flags that steer its search from outside the search's thread, and its
//! place in the queue of games waiting for an engine.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use serde::Serialize;

/// How a game's search is steered from outside its thread.
#[derive(Default)]
pub struct SearchControl {
    /// "Move now": stop and play the best move so far. The engine clears its own flag when a
    /// search begins, so a request that comes before is kept here and passed on after the next
    /// iteration.
    requested: AtomicBool,
    /// The game no longer wants this search's move (take-back, resignation, deletion, shutdown).
    cancelled: AtomicBool,
    /// The engine's stop flag, once its thread has made the engine.
    engine_stop: OnceLock<Arc<AtomicBool>>,
}

impl SearchControl {
    pub fn move_now(&self) {
        self.requested.store(true, Ordering::SeqCst);
        if let Some(stop) = self.engine_stop.get() {
            stop.store(true, Ordering::SeqCst);
        }
    }

    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
        self.move_now();
    }

    pub fn is_requested(&self) -> bool {
        self.requested.load(Ordering::SeqCst)
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst)
    }

    pub fn attach(&self, stop: Arc<AtomicBool>) {
        let _ = self.engine_stop.set(stop);
    }
}

/// A game's place in the queue, as the game view and the `queued` event show it.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct QueueView {
    /// 1 = the next game to get an engine.
    pub position: usize,
    /// Games waiting before this one.
    pub ahead: usize,
}

/// A game's place in the queue of games waiting for an engine (the scheduler's `QueueSpot`).
pub trait QueuePlace: Send + Sync {
    /// The place's ticket (the order of the queue).
    fn ticket(&self) -> u64;
    /// Where the game stands; `None` once it is out of the queue.
    fn view(&self) -> Option<QueueView>;
    /// Takes the game out of the queue.
    fn leave(self: Box<Self>);
}
