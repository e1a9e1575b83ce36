//! The transposition table: one entry per slot, replaced when the new search is deeper or newer,
//! shared without locks by the threads of a parallel search.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU8, AtomicU64};

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

/// A slot: three words written without locks by any thread. `check` is the key XOR the other two,
/// so a slot torn by two threads writing at once fails the check and reads as empty (the lockless
/// table of Hyatt and Mann, as Lazy SMP engines use).
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    best: AtomicU64,
    data: AtomicU64,
}

/// A table shared by the search threads (`&self` everywhere).
pub struct TranspositionTable {
    slots: Vec<Slot>,
    generation: AtomicU8,
}

/// The memory one slot takes.
const SLOT_BYTES: usize = std::mem::size_of::<Slot>();
const MB: usize = 1024 * 1024;
/// The `best` word of an entry without a move (no move has kind 255).
const NO_MOVE: u64 = u64::MAX;

impl Entry {
    fn data_bits(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        (self.score as u32 as u64)
            | (self.depth as u16 as u64) << 32
            | bound << 48
            | (self.generation as u64) << 56
    }

    fn from_bits(key: u64, best: u64, data: u64) -> Option<Entry> {
        let bound = match (data >> 48) & 0xff {
            0 => Bound::Exact,
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            key,
            best: if best == NO_MOVE {
                None
            } else {
                Move::from_bits(best)
            },
            score: data as u32 as i32,
            depth: (data >> 32) as u16 as i16,
            bound,
            generation: (data >> 56) as u8,
        })
    }
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one slot). Memory that cannot be had makes the
    /// table smaller, halving until the allocation succeeds, instead of aborting the process: a
    /// smaller table only slows the search. `megabytes` says what was given.
    pub fn new(megabytes: usize) -> TranspositionTable {
        let wanted = (megabytes.saturating_mul(MB) / SLOT_BYTES).max(1);
        TranspositionTable {
            slots: allocate(wanted, |slots, n| slots.try_reserve_exact(n).is_ok()),
            generation: AtomicU8::new(0),
        }
    }

    /// The size of the table in MB, rounded to the nearest (0 for a table under half a MB).
    pub fn megabytes(&self) -> usize {
        (self.slots.len() * SLOT_BYTES + MB / 2) / MB
    }

    pub fn clear(&self) {
        for slot in &self.slots {
            slot.check.store(0, Relaxed);
            slot.best.store(0, Relaxed);
            slot.data.store(0, Relaxed);
        }
        self.generation.store(0, Relaxed);
    }

    /// Marks the start of a new search, so older entries give way.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    #[inline]
    fn read(&self, i: usize) -> Option<Entry> {
        let slot = &self.slots[i];
        let (check, best, data) = (
            slot.check.load(Relaxed),
            slot.best.load(Relaxed),
            slot.data.load(Relaxed),
        );
        // An empty slot is all zeros; a real entry always has a non-zero data or check word.
        if check == 0 && best == 0 && data == 0 {
            return None;
        }
        Entry::from_bits(check ^ best ^ data, best, data)
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.read(self.index(key)).filter(|e| e.key == key)
    }

    pub fn store(&self, key: u64, best: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let i = self.index(key);
        let generation = self.generation.load(Relaxed);
        let old = self.read(i);
        let replace = match &old {
            None => true,
            Some(e) => e.key == key || e.generation != generation || depth as i16 >= e.depth,
        };
        if replace {
            let best = best.or_else(|| old.filter(|e| e.key == key).and_then(|e| e.best));
            let entry = Entry {
                key,
                best,
                score,
                depth: depth as i16,
                bound,
                generation,
            };
            let best = best.map_or(NO_MOVE, Move::to_bits);
            let data = entry.data_bits();
            let slot = &self.slots[i];
            slot.check.store(key ^ best ^ data, Relaxed);
            slot.best.store(best, Relaxed);
            slot.data.store(data, Relaxed);
        }
    }

    /// Permille of slots in use (for `info hashfull`).
    pub fn fill_permille(&self) -> usize {
        let sample = self.slots.len().min(1000);
        (0..sample).filter(|&i| self.read(i).is_some()).count() * 1000 / sample.max(1)
    }
}

/// `count` empty slots, or as many as `reserve` (which reserves room for that many in the vector,
/// or says it cannot) lets have, halving from `count`. One slot is always given.
fn allocate(mut count: usize, reserve: impl Fn(&mut Vec<Slot>, usize) -> bool) -> Vec<Slot> {
    let mut slots = Vec::new();
    while count > 1 && !reserve(&mut slots, count) {
        count /= 2;
    }
    slots.resize_with(count.max(1), Slot::default);
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
    fn entries_round_trip_and_torn_slots_read_empty() {
        let tt = TranspositionTable::new(1);
        let m = Move::normal(jovian_rules::Square(17), jovian_rules::Square(200));
        for (key, best, score, depth, bound) in [
            (0x1234_5678_9abc_def0u64, Some(m), -29_950, 12, Bound::Lower),
            (7, None, 31, -1, Bound::Upper),
            (u64::MAX, Some(m), 0, 0, Bound::Exact),
        ] {
            tt.store(key, best, score, depth, bound);
            let e = tt.probe(key).unwrap();
            assert_eq!(
                (e.best, e.score, e.depth, e.bound),
                (best, score, depth as i16, bound)
            );
        }
        // A slot whose words come from two different writes fails its check.
        let i = tt.index(7);
        tt.slots[i].data.fetch_xor(1 << 33, Relaxed);
        assert!(tt.probe(7).is_none());
        tt.clear();
        assert!(tt.probe(u64::MAX).is_none());
        assert_eq!(tt.fill_permille(), 0);
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
        let mut probe: Vec<Slot> = Vec::new();
        assert!(probe.try_reserve_exact(huge).is_err());
    }
}
