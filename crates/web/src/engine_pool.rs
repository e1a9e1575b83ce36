//! The server's engines: at most `engines` searches at once, each with an equal share of the
//! memory budget for its hash table. Games whose engine is due beyond that wait in a queue, first
//! come first served, and can tell how many games are ahead of them.
//!
//! A slot is a [`Permit`], held by the search's thread until its engine (and so its table) is gone
//! and its move is written: the budget is never exceeded, and no more than `engines` games ever
//! show `thinking`. A cancelled search (take-back, resignation, deletion, shutdown) gives its slot
//! back within milliseconds: the engine looks at its stop flag every 1024 nodes.
//!
//! Analyses (crate::analysis) wait in the same queue: a search of the analysis board takes a slot
//! like a game's engine. At most [`ANALYSIS_QUEUE`] of them wait at once, and one client address
//! has at most one under way or waiting, so that no page can queue work for everyone.
//!
//! Lock order: a game, then the pool. The pool never locks a game while it holds its own lock, and
//! nothing that hands a slot on (a permit's drop) runs while a game is locked.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Weak};
use std::time::Duration;

use serde::Serialize;

use crate::engine_link::QueuePlace;
pub use crate::engine_link::{QueueView, SearchControl};
use crate::shared::{SharedGame, lock};
use crate::store::Store;

/// How many engines think at once and the memory their tables share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Searches at once; more wait in the queue.
    pub engines: usize,
    /// Megabytes of hash table for all of them together (each gets an equal share, at least 1).
    pub memory_mb: usize,
    /// Anyone may ask the engine about a position (`jovian serve --open-analysis`); otherwise
    /// only the holder of a seat in a game (crate::analysis).
    pub open_analysis: bool,
}

impl Default for EngineOptions {
    /// Two searches of 32 MB each: one per core of a small machine, leaving the web server some
    /// room while both think.
    fn default() -> EngineOptions {
        EngineOptions {
            engines: 2,
            memory_mb: 64,
            open_analysis: false,
        }
    }
}

impl EngineOptions {
    /// Each engine's table, in MB.
    pub fn hash_mb(&self) -> usize {
        (self.memory_mb / self.engines.max(1)).max(1)
    }
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
    /// Anyone may ask the engine on the analysis board, not only players.
    pub open_analysis: bool,
}

/// The most analyses waiting for an engine at once; one more is answered 503.
pub const ANALYSIS_QUEUE: usize = 4;

/// Why an analysis cannot have an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisRefusal {
    /// This client has an analysis under way or waiting already.
    OnePerClient,
    /// [`ANALYSIS_QUEUE`] analyses wait already.
    QueueFull,
    /// The server is stopping.
    Closed,
}

/// Who waits in the queue.
enum Waiter {
    /// A game whose engine is due: its search thread is started when a slot comes free.
    Game(SharedGame),
    /// An analysis request, handed its permit when a slot comes free.
    Analysis(tokio::sync::oneshot::Sender<Permit>),
}

pub enum Admission {
    /// A slot is free: the search may start at once.
    Start(Permit),
    /// Every slot is taken: the game waits its turn (the pool starts it when a slot comes free).
    Wait(QueueSpot),
    /// The server is stopping: no search starts (the game's engine thinks after the next start).
    Closed,
}

/// Starts the search of a game that waited (engine_task.rs, given by the state: the pool sits
/// below the engine's task, which uses it).
pub type StartQueued = fn(SharedGame, Permit) -> Result<(), Permit>;

pub struct EnginePool {
    engines: usize,
    start_queued: StartQueued,
    hash_mb: usize,
    open_analysis: bool,
    pub store: Arc<Store>,
    inner: Mutex<Inner>,
    /// Signalled whenever a slot comes free (for the shutdown's wait).
    freed: Condvar,
}

struct Inner {
    /// The searches holding a slot, by ticket.
    running: BTreeMap<u64, Arc<SearchControl>>,
    /// The games and analyses waiting, oldest first.
    queue: VecDeque<(u64, Waiter)>,
    /// Analyses under way or waiting, by client address.
    analysing: HashMap<IpAddr, usize>,
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
    pub fn new(
        options: EngineOptions,
        store: Arc<Store>,
        start_queued: StartQueued,
    ) -> Arc<EnginePool> {
        give_tables_back();
        Arc::new(EnginePool {
            engines: options.engines.max(1),
            start_queued,
            hash_mb: options.hash_mb(),
            open_analysis: options.open_analysis,
            store,
            inner: Mutex::new(Inner {
                running: BTreeMap::new(),
                queue: VecDeque::new(),
                analysing: HashMap::new(),
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
            open_analysis: self.open_analysis,
        }
    }

    /// Whether anyone may ask the engine on the analysis board.
    pub fn open_analysis(&self) -> bool {
        self.open_analysis
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
            inner.queue.push_back((ticket, Waiter::Game(game.clone())));
            Admission::Wait(QueueSpot {
                ticket,
                pool: Arc::downgrade(self),
            })
        }
    }

    /// A slot now if one is free and nobody waits (a lab run takes one for all its games); `None`
    /// otherwise: such work does not queue.
    pub fn try_permit(self: &Arc<Self>) -> Option<Permit> {
        let mut inner = self.inner();
        if inner.closed || inner.running.len() >= self.engines || !inner.queue.is_empty() {
            return None;
        }
        let ticket = inner.next_ticket;
        inner.next_ticket += 1;
        Some(self.permit(&mut inner, ticket))
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

    /// Asks for an engine for an analysis by `client`: a permit at once when a slot is free and
    /// nobody waits, else a place in the queue, unless the client has one already or the queue
    /// holds [`ANALYSIS_QUEUE`] analyses.
    pub fn admit_analysis(
        self: &Arc<Self>,
        client: IpAddr,
    ) -> Result<AnalysisAdmission, AnalysisRefusal> {
        let mut inner = self.inner();
        if inner.closed {
            return Err(AnalysisRefusal::Closed);
        }
        if inner.analysing.get(&client).is_some_and(|&n| n > 0) {
            return Err(AnalysisRefusal::OnePerClient);
        }
        let waiting = (inner.queue.iter())
            .filter(|(_, w)| matches!(w, Waiter::Analysis(_)))
            .count();
        let free = inner.running.len() < self.engines && inner.queue.is_empty();
        if !free && waiting >= ANALYSIS_QUEUE {
            return Err(AnalysisRefusal::QueueFull);
        }
        *inner.analysing.entry(client).or_insert(0) += 1;
        let client = AnalysisClient {
            pool: self.clone(),
            client,
        };
        let ticket = inner.next_ticket;
        inner.next_ticket += 1;
        if free {
            return Ok(AnalysisAdmission::Start(
                self.permit(&mut inner, ticket),
                client,
            ));
        }
        let (send, receive) = tokio::sync::oneshot::channel();
        inner.queue.push_back((ticket, Waiter::Analysis(send)));
        Ok(AnalysisAdmission::Wait(
            AnalysisWait {
                ticket,
                pool: self.clone(),
                receive,
            },
            client,
        ))
    }

    /// The slot of `ticket` is free: it goes to the first waiting, a game (whose search thread then
    /// claims its game, or gives the slot on if the game no longer waits) or an analysis.
    fn release(self: &Arc<Self>, ticket: u64) {
        let next = {
            let mut inner = self.inner();
            inner.running.remove(&ticket);
            match inner.closed {
                true => None,
                false => inner
                    .queue
                    .pop_front()
                    .map(|(t, waiter)| (self.permit(&mut inner, t), waiter)),
            }
        };
        self.freed.notify_all();
        match next {
            Some((permit, Waiter::Game(game))) => {
                if let Err(permit) = (self.start_queued)(game, permit) {
                    permit.abandon();
                }
            }
            // An analysis whose request is gone gives the slot on at once (the permit's drop).
            Some((permit, Waiter::Analysis(send))) => drop(send.send(permit)),
            None => return,
        }
        self.announce_positions();
    }

    /// Tells every waiting game its new place (after the queue moved). Locks one game at a time,
    /// never while holding the pool.
    pub fn announce_positions(&self) {
        let waiting: Vec<SharedGame> = (self.inner().queue.iter())
            .filter_map(|(_, w)| match w {
                Waiter::Game(g) => Some(g.clone()),
                Waiter::Analysis(_) => None,
            })
            .collect();
        for shared in waiting {
            let game = lock(&shared);
            if let Some(view) = game.queued.as_ref().and_then(|q| q.view()) {
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

    /// Takes `ticket` out of the queue; the games behind it, which move up, are told on a thread
    /// of its own (the caller may hold a game's lock).
    fn leave_queue(pool: Arc<EnginePool>, ticket: u64) {
        if pool.leave(ticket) {
            let _ = std::thread::Builder::new()
                .name("engine-queue".into())
                .spawn(move || pool.announce_positions());
        }
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

/// An analysis's turn: an engine now, or a place in the queue; with the client's count, given back
/// when the analysis ends.
pub enum AnalysisAdmission {
    Start(Permit, AnalysisClient),
    Wait(AnalysisWait, AnalysisClient),
}

/// An analysis counted against its client address until dropped.
pub struct AnalysisClient {
    pool: Arc<EnginePool>,
    client: IpAddr,
}

impl Drop for AnalysisClient {
    fn drop(&mut self) {
        let mut inner = self.pool.inner();
        if let Some(n) = inner.analysing.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                inner.analysing.remove(&self.client);
            }
        }
    }
}

/// An analysis waiting in the queue. Dropped before its turn (the request was abandoned), it
/// leaves the queue.
pub struct AnalysisWait {
    ticket: u64,
    pool: Arc<EnginePool>,
    receive: tokio::sync::oneshot::Receiver<Permit>,
}

impl AnalysisWait {
    /// The permit, when a slot comes to this analysis; `None` if the server stopped meanwhile.
    pub async fn turn(mut self) -> Option<Permit> {
        (&mut self.receive).await.ok()
    }
}

impl Drop for AnalysisWait {
    fn drop(&mut self) {
        EnginePool::leave_queue(self.pool.clone(), self.ticket);
    }
}

/// A game's place in the queue, kept in the game while it waits.
pub struct QueueSpot {
    ticket: u64,
    pool: Weak<EnginePool>,
}

impl QueuePlace for QueueSpot {
    fn ticket(&self) -> u64 {
        self.ticket
    }

    /// Where the game stands; `None` once it is out of the queue (started, or the pool closed).
    fn view(&self) -> Option<QueueView> {
        self.pool.upgrade()?.position(self.ticket)
    }

    /// Takes the game out of the queue (its engine is no longer due). The games behind move up:
    /// they are told on a thread of its own, since the caller holds this game's lock.
    fn leave(self: Box<Self>) {
        if let Some(pool) = self.pool.upgrade() {
            EnginePool::leave_queue(pool, self.ticket);
        }
    }
}
