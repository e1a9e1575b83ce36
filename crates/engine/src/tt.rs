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

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one slot).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let slot = std::mem::size_of::<Option<Entry>>();
        let count = (megabytes * 1024 * 1024 / slot).max(1);
        TranspositionTable {
            slots: vec![None; count],
            generation: 0,
        }
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
