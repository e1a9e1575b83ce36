//! The server's engines: at most `engines` searches at once, each with an equal share of the
//! memory budget for its hash table. Games whose engine is due beyond that wait in a queue, first
//! come first served, and can tell how many games are ahead of them.
//!
//! A slot is a [`Permit`], held by the search's thread until its engine (and so its table) is gone
//! and its move is written: the budget is never exceeded, and no more than `engines` games ever
//! show `thinking`. A cancelled search (take-back, resignation, deletion, shutdown) gives its slot
//! back within milliseconds: the engine looks at its stop flag every 1024 nodes.
//!
//! Lock order: a game, then the pool. The pool never locks a game while it holds its own lock, and
//! nothing that hands a slot on (a permit's drop) runs while a game is locked.

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, Weak};
use std::time::Duration;

use serde::Serialize;

use crate::state::{SharedGame, lock};
use crate::store::Store;

/// How many engines think at once and the memory their tables share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Searches at once; more wait in the queue.
    pub engines: usize,
    /// Megabytes of hash table for all of them together (each gets an equal share, at least 1).
    pub memory_mb: usize,
}

impl Default for EngineOptions {
    /// Two searches of 32 MB each: one per core of a small machine, leaving the web server some
    /// room while both think.
    fn default() -> EngineOptions {
        EngineOptions {
            engines: 2,
            memory_mb: 64,
        }
    }
}

impl EngineOptions {
    /// Each engine's table, in MB.
    pub fn hash_mb(&self) -> usize {
        (self.memory_mb / self.engines.max(1)).max(1)
    }
}

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

/// The pool's settings and how busy it is (`GET /api/engines`).
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct EngineStatus {
    /// Searches allowed at once.
    pub engines: usize,
    /// Each search's hash table, in MB.
    pub hash_mb: usize,
    pub thinking: usize,
    pub waiting: usize,
}

pub enum Admission {
    /// A slot is free: the search may start at once.
    Start(Permit),
    /// Every slot is taken: the game waits its turn (the pool starts it when a slot comes free).
    Wait(QueueSpot),
    /// The server is stopping: no search starts (the game's engine thinks after the next start).
    Closed,
}

pub struct EnginePool {
    engines: usize,
    hash_mb: usize,
    pub store: Arc<Store>,
    inner: Mutex<Inner>,
    /// Signalled whenever a slot comes free (for the shutdown's wait).
    freed: Condvar,
}

struct Inner {
    /// The searches holding a slot, by ticket.
    running: BTreeMap<u64, Arc<SearchControl>>,
    /// The games waiting, oldest first.
    queue: VecDeque<(u64, SharedGame)>,
    next_ticket: u64,
    closed: bool,
}

/// Makes the calling thread (a search) yield to the web server: on Linux, nice +10 for this thread
/// only (CFS then gives a request's thread about ten times an engine's share while both want the
/// processor). A search loses time only when something else wants the processor; with `--engines`
/// at most the number of cores, that is the server answering requests.
pub fn lower_thread_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its arguments. On Linux, PRIO_PROCESS with 0 names the
    // calling thread, not the whole process (see setpriority(2), BUGS).
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}

/// Large blocks (hash tables) straight from the system and back to it when freed. Otherwise glibc
/// raises its mmap threshold after the first table is freed and keeps every later one in its heaps
/// when freed: the server's memory would stay at its busiest, not at what its engines use now.
fn give_tables_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        // SAFETY: mallopt takes plain integers; glibc serialises it with its allocator's lock.
        ONCE.call_once(|| unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
        });
    }
}

impl EnginePool {
    pub fn new(options: EngineOptions, store: Arc<Store>) -> Arc<EnginePool> {
        give_tables_back();
        Arc::new(EnginePool {
            engines: options.engines.max(1),
            hash_mb: options.hash_mb(),
            store,
            inner: Mutex::new(Inner {
                running: BTreeMap::new(),
                queue: VecDeque::new(),
                next_ticket: 1,
                closed: false,
            }),
            freed: Condvar::new(),
        })
    }

    fn inner(&self) -> MutexGuard<'_, Inner> {
        // Every change to `Inner` is a single step, so a panic elsewhere leaves it whole.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// The most searches at once (one core each).
    pub fn engines(&self) -> usize {
        self.engines
    }

    /// Searches running and games waiting.
    pub fn load(&self) -> (usize, usize) {
        let inner = self.inner();
        (inner.running.len(), inner.queue.len())
    }

    pub fn status(&self) -> EngineStatus {
        let (thinking, waiting) = self.load();
        EngineStatus {
            engines: self.engines,
            hash_mb: self.hash_mb,
            thinking,
            waiting,
        }
    }

    /// Asks for an engine for `game`, whose lock the caller holds (so the game cannot be started
    /// from the queue before the caller has marked it queued). A free slot goes to the game only
    /// when nobody waits: the queue is first come, first served.
    pub fn admit(self: &Arc<Self>, game: &SharedGame) -> Admission {
        let mut inner = self.inner();
        if inner.closed {
            return Admission::Closed;
        }
        let ticket = inner.next_ticket;
        inner.next_ticket += 1;
        if inner.running.len() < self.engines && inner.queue.is_empty() {
            Admission::Start(self.permit(&mut inner, ticket))
        } else {
            inner.queue.push_back((ticket, game.clone()));
            Admission::Wait(QueueSpot {
                ticket,
                pool: Arc::downgrade(self),
            })
        }
    }

    fn permit(self: &Arc<Self>, inner: &mut Inner, ticket: u64) -> Permit {
        let control = Arc::new(SearchControl::default());
        inner.running.insert(ticket, control.clone());
        Permit {
            pool: self.clone(),
            ticket,
            control,
            armed: true,
        }
    }

    /// The slot of `ticket` is free: it goes to the first game waiting, whose search thread then
    /// claims its game (or gives the slot on if the game no longer waits).
    fn release(self: &Arc<Self>, ticket: u64) {
        let next = {
            let mut inner = self.inner();
            inner.running.remove(&ticket);
            match inner.closed {
                true => None,
                false => inner
                    .queue
                    .pop_front()
                    .map(|(t, game)| (self.permit(&mut inner, t), game)),
            }
        };
        self.freed.notify_all();
        if let Some((permit, game)) = next {
            if let Err(permit) = crate::engine_task::spawn_queued(game, permit) {
                permit.abandon();
            }
            self.announce_positions();
        }
    }

    /// Tells every waiting game its new place (after the queue moved). Locks one game at a time,
    /// never while holding the pool.
    pub fn announce_positions(&self) {
        let waiting: Vec<SharedGame> = self.inner().queue.iter().map(|(_, g)| g.clone()).collect();
        for shared in waiting {
            let game = lock(&shared);
            if let Some(view) = game.queued.as_ref().and_then(QueueSpot::view) {
                game.announce("queued", serde_json::to_string(&view).unwrap_or_default());
            }
        }
    }

    fn position(&self, ticket: u64) -> Option<QueueView> {
        let inner = self.inner();
        let ahead = inner.queue.iter().position(|&(t, _)| t == ticket)?;
        Some(QueueView {
            position: ahead + 1,
            ahead,
        })
    }

    /// Takes a game out of the queue; true if games were waiting behind it.
    fn leave(&self, ticket: u64) -> bool {
        let mut inner = self.inner();
        let Some(at) = inner.queue.iter().position(|&(t, _)| t == ticket) else {
            return false;
        };
        let removed = inner.queue.remove(at);
        let behind = at < inner.queue.len();
        drop(inner);
        drop(removed); // outside the pool's lock: it may be the game's last reference
        behind
    }

    /// The start of a shutdown: no search starts any more, the waiting games leave the queue (they
    /// are resumed at the next start), and every running search is cancelled (its move is
    /// dropped). Returns how many searches were stopped.
    pub fn close(&self) -> usize {
        let mut inner = self.inner();
        inner.closed = true;
        for control in inner.running.values() {
            control.cancel();
        }
        let stopped = inner.running.len();
        let waiting = std::mem::take(&mut inner.queue);
        drop(inner);
        drop(waiting);
        stopped
    }

    /// Waits until no search holds a slot, or `timeout`; true if none does.
    pub fn wait_idle(&self, timeout: Duration) -> bool {
        let inner = self.inner();
        let (inner, _) = self
            .freed
            .wait_timeout_while(inner, timeout, |i| !i.running.is_empty())
            .unwrap_or_else(|e| e.into_inner());
        inner.running.is_empty()
    }
}

/// One engine slot, held by a search's thread. Dropping it hands the slot to the next game
/// waiting, so it must not be dropped while a game is locked (see [`Permit::abandon`]).
pub struct Permit {
    pool: Arc<EnginePool>,
    ticket: u64,
    control: Arc<SearchControl>,
    armed: bool,
}

impl Permit {
    pub fn ticket(&self) -> u64 {
        self.ticket
    }

    pub fn control(&self) -> &Arc<SearchControl> {
        &self.control
    }

    pub fn pool(&self) -> &Arc<EnginePool> {
        &self.pool
    }

    /// Gives the slot back without starting anyone (its thread could not be made): safe to call
    /// with a game locked.
    pub fn abandon(mut self) {
        self.armed = false;
        self.pool.inner().running.remove(&self.ticket);
        self.pool.freed.notify_all();
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        if self.armed {
            self.pool.release(self.ticket);
        }
    }
}

/// A game's place in the queue, kept in the game while it waits.
pub struct QueueSpot {
    ticket: u64,
    pool: Weak<EnginePool>,
}

impl QueueSpot {
    pub fn ticket(&self) -> u64 {
        self.ticket
    }

    /// Where the game stands; `None` once it is out of the queue (started, or the pool closed).
    pub fn view(&self) -> Option<QueueView> {
        self.pool.upgrade()?.position(self.ticket)
    }

    /// Takes the game out of the queue (its engine is no longer due). The games behind move up:
    /// they are told on a thread of its own, since the caller holds this game's lock.
    pub fn leave(self) {
        let Some(pool) = self.pool.upgrade() else {
            return;
        };
        if pool.leave(self.ticket) {
            let _ = std::thread::Builder::new()
                .name("engine-queue".into())
                .spawn(move || pool.announce_positions());
        }
    }
}
