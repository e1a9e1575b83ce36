//! A game shared between the requests and its engine's thread, and how it is locked.

use std::sync::{Arc, Mutex, MutexGuard, TryLockError};

use crate::game::GameState;

pub type SharedGame = Arc<Mutex<GameState>>;

/// Locks a game. A panic in another request cannot leave a game half-changed (every change is
/// made after its checks), so a poisoned lock is still usable. A game held by someone else (a
/// search or a request writing a move) is waited for as blocking work: a runtime worker waiting
/// for it hands its other requests to another thread meanwhile, so one busy game cannot stall
/// the server.
pub fn lock(game: &SharedGame) -> MutexGuard<'_, GameState> {
    match game.try_lock() {
        Ok(guard) => guard,
        Err(TryLockError::Poisoned(e)) => e.into_inner(),
        Err(TryLockError::WouldBlock) => {
            crate::store::blocking(|| game.lock().unwrap_or_else(|e| e.into_inner()))
        }
    }
}
