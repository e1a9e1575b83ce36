//! The transposition table: one entry per slot, replaced when the new search is deeper or newer.

use jovian_rules::Move;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Copy, Clone, Debug)]
pub struct Entry {
    pub key: u64,
    pub best: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    pub generation: u8,
}

pub struct TranspositionTable {
    slots: Vec<Option<Entry>>,
    generation: u8,
}

/// The memory one slot takes.
const SLOT_BYTES: usize = std::mem::size_of::<Option<Entry>>();
const MB: usize = 1024 * 1024;

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one slot). Memory that cannot be had makes the
    /// table smaller, halving until the allocation succeeds, instead of aborting the process: a
    /// smaller table only slows the search. `megabytes` says what was given.
    pub fn new(megabytes: usize) -> TranspositionTable {
        let wanted = (megabytes.saturating_mul(MB) / SLOT_BYTES).max(1);
        TranspositionTable {
            slots: allocate(wanted, |slots, n| slots.try_reserve_exact(n).is_ok()),
            generation: 0,
        }
    }

    /// The size of the table in MB, rounded to the nearest (0 for a table under half a MB).
    pub fn megabytes(&self) -> usize {
        (self.slots.len() * SLOT_BYTES + MB / 2) / MB
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
        self.generation = 0;
    }

    /// Marks the start of a new search, so older entries give way.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.index(key)].filter(|e| e.key == key)
    }

    pub fn store(&mut self, key: u64, best: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let i = self.index(key);
        let generation = self.generation;
        let replace = match &self.slots[i] {
            None => true,
            Some(e) => e.key == key || e.generation != generation || depth as i16 >= e.depth,
        };
        if replace {
            let best = best.or_else(|| self.slots[i].filter(|e| e.key == key).and_then(|e| e.best));
            self.slots[i] = Some(Entry {
                key,
                best,
                score,
                depth: depth as i16,
                bound,
                generation,
            });
        }
    }

    /// Permille of slots in use (for `info hashfull`).
    pub fn fill_permille(&self) -> usize {
        let sample = self.slots.len().min(1000);
        self.slots[..sample].iter().filter(|s| s.is_some()).count() * 1000 / sample.max(1)
    }
}

/// `count` empty slots, or as many as `reserve` (which reserves room for that many in the vector,
/// or says it cannot) lets have, halving from `count`. One slot is always given.
fn allocate(
    mut count: usize,
    reserve: impl Fn(&mut Vec<Option<Entry>>, usize) -> bool,
) -> Vec<Option<Entry>> {
    let mut slots = Vec::new();
    while count > 1 && !reserve(&mut slots, count) {
        count /= 2;
    }
    slots.resize(count.max(1), None);
    slots
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_those_asked_for_when_memory_allows() {
        let tt = TranspositionTable::new(2);
        assert_eq!(tt.megabytes(), 2);
        assert_eq!(TranspositionTable::new(0).slots.len(), 1);
    }

    #[test]
    fn a_failed_allocation_halves_the_table_instead_of_aborting() {
        // Memory for at most 1000 slots: 4096 asked, 512 given.
        let slots = allocate(4096, |v, n| n <= 1000 && v.try_reserve_exact(n).is_ok());
        assert_eq!(slots.len(), 512);
        // Nothing at all to be had: still the one slot the index arithmetic needs.
        assert_eq!(allocate(4096, |_, _| false).len(), 1);
        // An absurd request is computed without overflow, and `try_reserve_exact` refuses it
        // with an error (where `vec!` would abort), so the halving starts.
        let huge = usize::MAX.saturating_mul(MB) / SLOT_BYTES;
        let mut probe: Vec<Option<Entry>> = Vec::new();
        assert!(probe.try_reserve_exact(huge).is_err());
    }
}
