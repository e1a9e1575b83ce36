//! The parallel search (Lazy SMP): helper threads search the same position with their own move
//! ordering and share only the transposition table, so each finds the others' results there and
//! the main thread reaches deeper in the same time. The main thread alone decides the move and
//! the time; when it stops, the helpers stop.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use jovian_rules::Position;

use crate::limits::Limits;
use crate::search::{Engine, Info, SearchResult};

/// The most search threads an engine takes.
pub const MAX_THREADS: usize = 64;

impl Engine {
    /// Searches with `threads()` threads (one unless `set_threads` said more) within `limits`,
    /// calling `on_iteration` after each depth the main thread completes.
    pub fn search(
        &mut self,
        pos: &mut Position,
        limits: &Limits,
        on_iteration: impl FnMut(&Info),
    ) -> SearchResult {
        // A beginner's level (a random choice among good moves) stays on one thread, so that it
        // stays reproducible.
        if self.helpers.is_empty() || limits.skill_margin.is_some() {
            return self.search_alone(pos, limits, on_iteration);
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        for (h, n) in helpers.iter().zip(&self.helper_nodes) {
            h.stop.store(false, Ordering::Relaxed);
            n.store(0, Ordering::Relaxed);
        }
        // Helpers search to the main thread's depth limit with no clock of their own.
        let helper_limits = Limits {
            depth: limits.depth,
            ladder_pruning: limits.ladder_pruning,
            ..Limits::default()
        };
        let stops: Vec<_> = helpers.iter().map(|h| Arc::clone(&h.stop)).collect();
        let result = std::thread::scope(|scope| {
            for helper in helpers.iter_mut() {
                let mut position = pos.clone();
                let limits = &helper_limits;
                scope.spawn(move || {
                    helper.search_alone(&mut position, limits, |_| {});
                });
            }
            let result = self.search_alone(pos, limits, on_iteration);
            for stop in &stops {
                stop.store(true, Ordering::Relaxed);
            }
            result
        });
        // The count after the helpers joined: every node they searched.
        let nodes = self.nodes_after(&helpers);
        self.helpers = helpers;
        SearchResult { nodes, ..result }
    }

    fn nodes_after(&self, helpers: &[Engine]) -> u64 {
        let own = self.own_nodes();
        own + helpers.iter().map(Engine::own_nodes).sum::<u64>()
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// Searches with `threads` threads from now on (1 to `MAX_THREADS`): the helpers share this
    /// engine's table and its tunables.
    pub fn set_threads(&mut self, threads: usize) {
        let wanted = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(wanted);
        self.helper_nodes.truncate(wanted);
        while self.helpers.len() < wanted {
            let published = Arc::new(AtomicU64::new(0));
            let mut helper = Engine::sharing(
                self.variant,
                Arc::clone(&self.tt),
                self.eval.tunables.clone(),
                self.tunables.clone(),
            );
            helper.published = Some(Arc::clone(&published));
            // Every other helper starts a ply deeper: the threads spread over two depths.
            helper.depth_offset = self.helpers.len().is_multiple_of(2) as u32;
            self.helpers.push(helper);
            self.helper_nodes.push(published);
        }
    }
}
