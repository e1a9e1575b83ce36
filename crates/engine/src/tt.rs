//! The transposition table: one entry per slot, replaced when the new search is deeper or newer,
//! shared without locks by the threads of a parallel search.
//!
//! The table costs nothing before it is used: its memory comes zeroed from the system (`calloc`,
//! which maps fresh pages for a large block), so a page is only paid for when a search first
//! writes to it, and a table of gigabytes is made in microseconds. Clearing it writes no slot
//! either: the entries written before a clear read as empty after it (see `clears`).

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
    slots: Box<[Slot]>,
    generation: AtomicU8,
    /// How many times the table was cleared. An entry is written with the low bits of this count
    /// in its data word (its tag, `TAG_BITS` bits) and with its check word salted by the whole
    /// count (`salt`): after a clear, an older entry has another tag and reads as empty, and one
    /// written a multiple of 64 clears before (the same tag) fails the key comparison of a probe
    /// as a torn slot does, and is of an older generation, so the first store replaces it.
    clears: AtomicU64,
}

/// The memory one slot takes.
const SLOT_BYTES: usize = std::mem::size_of::<Slot>();
const MB: usize = 1024 * 1024;
/// The `best` word of an entry without a move (no move has kind 255).
const NO_MOVE: u64 = u64::MAX;
/// The data word: score in bits 0-31, depth 32-47, bound 48-49, tag 50-55, generation 56-63.
const TAG_SHIFT: u32 = 50;
const TAG_BITS: u32 = 6;
const TAG_MASK: u64 = (1 << TAG_BITS) - 1;

/// The tag of the entries written after `clears` clears.
#[inline]
fn tag(clears: u64) -> u64 {
    clears & TAG_MASK
}

/// What the check words of the entries written after `clears` clears are XORed with: 0 for a
/// table never cleared, and different for every count (an odd multiplier is a bijection).
#[inline]
fn salt(clears: u64) -> u64 {
    clears.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

impl Entry {
    fn data_bits(&self, tag: u64) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        (self.score as u32 as u64)
            | (self.depth as u16 as u64) << 32
            | bound << 48
            | tag << TAG_SHIFT
            | (self.generation as u64) << 56
    }

    fn from_bits(key: u64, best: u64, data: u64) -> Option<Entry> {
        let bound = match (data >> 48) & 3 {
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
    /// smaller table only slows the search. `megabytes` says what was given. No slot is written:
    /// the memory is the system's zero pages until a search stores into it.
    pub fn new(megabytes: usize) -> TranspositionTable {
        let wanted = (megabytes.saturating_mul(MB) / SLOT_BYTES).max(1);
        TranspositionTable {
            slots: allocate(wanted, zeroed_slots),
            generation: AtomicU8::new(0),
            clears: AtomicU64::new(0),
        }
    }

    /// The size of the table in MB, rounded to the nearest (0 for a table under half a MB).
    pub fn megabytes(&self) -> usize {
        (self.slots.len() * SLOT_BYTES + MB / 2) / MB
    }

    /// Empties the table at once, whatever its size: every entry written before reads as empty
    /// (see `clears`), and no page is touched. Not to be called while a search runs (the engine
    /// clears between searches, when its helper threads are gone).
    pub fn clear(&self) {
        self.clears.fetch_add(1, Relaxed);
        // A new generation too, so that the entries a probe can no longer see give way at once.
        self.generation.fetch_add(1, Relaxed);
    }

    /// Marks the start of a new search, so older entries give way.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry in slot `i`, if any, in a table cleared `clears` times.
    #[inline]
    fn read(&self, i: usize, clears: u64) -> Option<Entry> {
        let slot = &self.slots[i];
        let (check, best, data) = (
            slot.check.load(Relaxed),
            slot.best.load(Relaxed),
            slot.data.load(Relaxed),
        );
        // An empty slot is all zeros; a real entry always has a non-zero data or check word. An
        // entry written before the last clear has another tag.
        if (check == 0 && best == 0 && data == 0) || (data >> TAG_SHIFT) & TAG_MASK != tag(clears) {
            return None;
        }
        Entry::from_bits(check ^ best ^ data ^ salt(clears), best, data)
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.read(self.index(key), self.clears.load(Relaxed))
            .filter(|e| e.key == key)
    }

    pub fn store(&self, key: u64, best: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let i = self.index(key);
        let generation = self.generation.load(Relaxed);
        let clears = self.clears.load(Relaxed);
        let old = self.read(i, clears);
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
            let data = entry.data_bits(tag(clears));
            let slot = &self.slots[i];
            slot.check.store(key ^ best ^ data ^ salt(clears), Relaxed);
            slot.best.store(best, Relaxed);
            slot.data.store(data, Relaxed);
        }
    }

    /// Permille of slots in use (for `info hashfull`).
    pub fn fill_permille(&self) -> usize {
        let sample = self.slots.len().min(1000);
        let clears = self.clears.load(Relaxed);
        (0..sample)
            .filter(|&i| self.read(i, clears).is_some())
            .count()
            * 1000
            / sample.max(1)
    }
}

/// The machine's physical memory in MB, or `None` where it cannot be read (the bound on hash
/// sizes is a share of it: see the command line's `bounds`).
pub fn physical_memory_mb() -> Option<usize> {
    #[cfg(any(
        target_os = "linux",
        target_os = "android",
        target_os = "macos",
        target_os = "freebsd"
    ))]
    {
        // SAFETY: sysconf only reads its argument.
        let (pages, page_bytes) = unsafe {
            (
                libc::sysconf(libc::_SC_PHYS_PAGES),
                libc::sysconf(libc::_SC_PAGESIZE),
            )
        };
        if pages > 0 && page_bytes > 0 {
            let mb = pages as u128 * page_bytes as u128 / MB as u128;
            return Some(usize::try_from(mb).unwrap_or(usize::MAX));
        }
    }
    None
}

/// `count` empty slots, or as many as `get` (which gives that many slots, or `None` when the
/// memory cannot be had) lets have, halving from `count`. One slot is always given.
fn allocate(mut count: usize, get: impl Fn(usize) -> Option<Box<[Slot]>>) -> Box<[Slot]> {
    loop {
        if let Some(slots) = get(count) {
            return slots;
        }
        if count <= 1 {
            // Not even one slot (24 bytes): the process is out of memory anyway.
            std::alloc::handle_alloc_error(std::alloc::Layout::new::<Slot>());
        }
        count /= 2;
    }
}

/// `count` (at least 1) empty slots as zeroed memory from the allocator, without writing to it, or
/// `None` when the memory cannot be had or `count` slots overflow the address space.
fn zeroed_slots(count: usize) -> Option<Box<[Slot]>> {
    let layout = std::alloc::Layout::array::<Slot>(count.max(1)).ok()?;
    // SAFETY: the layout's size is not zero (at least one slot of 24 bytes). `alloc_zeroed`
    // returns null or memory for `count` slots, aligned for `Slot` and all zero bytes, and a
    // `Slot` of zero bytes is a valid value (three atomics holding 0): the box owns `count`
    // initialised slots, and frees them with this same layout (`Layout::for_value` of the slice).
    // With the system allocator and a `Slot`'s alignment (8), `alloc_zeroed` is `calloc`, which
    // maps fresh zero pages for a large block instead of writing zeros to it.
    unsafe {
        let memory = std::alloc::alloc_zeroed(layout).cast::<Slot>();
        if memory.is_null() {
            return None;
        }
        let count = layout.size() / SLOT_BYTES;
        Some(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
            memory, count,
        )))
    }
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
        let slots = allocate(4096, |n| if n <= 1000 { zeroed_slots(n) } else { None });
        assert_eq!(slots.len(), 512);
        // Nothing but one slot to be had: still the one slot the index arithmetic needs.
        assert_eq!(
            allocate(4096, |n| zeroed_slots(n).filter(|_| n == 1)).len(),
            1
        );
        // An absurd request is computed without overflow, and refused with `None` (where `vec!`
        // would abort), so the halving starts.
        let huge = usize::MAX.saturating_mul(MB) / SLOT_BYTES;
        assert!(zeroed_slots(huge).is_none());
        assert!(zeroed_slots(usize::MAX).is_none());
    }

    /// Every slot of `tt` reads as empty.
    fn assert_empty(tt: &TranspositionTable) {
        let clears = tt.clears.load(Relaxed);
        assert!((0..tt.slots.len()).all(|i| tt.read(i, clears).is_none()));
        assert_eq!(tt.fill_permille(), 0);
    }

    #[test]
    fn new_and_cleared_tables_read_as_empty() {
        let tt = TranspositionTable::new(1);
        assert_empty(&tt);
        let keys: Vec<u64> = (1..=5_000u64)
            .map(|k| k.wrapping_mul(0x2545_f491_4f6c_dd1d))
            .collect();
        let m = Move::normal(jovian_rules::Square(3), jovian_rules::Square(40));
        // Over 64 clears, so that the tags come round again (and the salt must do the work).
        for round in 0..130 {
            tt.new_search();
            for (n, &key) in keys.iter().enumerate() {
                tt.store(key, Some(m), n as i32, 20 + n as i32 % 7, Bound::Exact);
            }
            assert!(tt.fill_permille() > 0);
            let found = keys.iter().filter(|&&k| tt.probe(k).is_some()).count();
            assert!(found > keys.len() / 2, "round {round}: {found}");
            tt.clear();
            assert_empty(&tt);
            for &key in &keys {
                assert!(tt.probe(key).is_none(), "round {round}");
            }
            // What is stored after a clear is found again, shallow as it may be: no older entry
            // holds its slot.
            tt.store(keys[round], None, 5, 1, Bound::Upper);
            let e = tt.probe(keys[round]).unwrap();
            assert_eq!(
                (e.best, e.score, e.depth, e.bound),
                (None, 5, 1, Bound::Upper)
            );
            tt.clear();
            assert_empty(&tt);
        }
        // Entries written 64 clears ago have the tag of the present ones: the salted check word
        // hides them from a probe all the same, and, of an older generation, they give way.
        let tt = TranspositionTable::new(1);
        for &key in &keys {
            tt.store(key, Some(m), 9, 30, Bound::Lower);
        }
        for _ in 0..64 {
            tt.clear();
        }
        assert!(keys.iter().all(|&k| tt.probe(k).is_none()));
        for &key in &keys[..100] {
            tt.store(key, None, -3, 1, Bound::Upper);
            let e = tt.probe(key).unwrap();
            assert_eq!((e.best, e.score, e.depth), (None, -3, 1));
        }
    }

    #[test]
    fn a_cleared_engine_searches_as_a_new_one() {
        use jovian_rules::Position;
        use jovian_rules::variants::scirocco;
        let v = scirocco::variant();
        let start = Position::start(v);
        let mut moves = Vec::new();
        start.clone().legal_moves(&mut moves);
        let mut after = start.clone();
        after.make(moves[moves.len() / 2]);
        let limits = crate::Limits::nodes(3_000);
        let summary = |r: crate::SearchResult| (r.best, r.score, r.depth, r.nodes, r.pv);
        let fresh = summary(crate::Engine::new(v, 1).search(&mut after.clone(), &limits, |_| {}));
        let mut used = crate::Engine::new(v, 1);
        // Past 64 clears, where the entries' tags come round again.
        for round in 0..70 {
            used.search(&mut start.clone(), &limits, |_| {});
            used.clear();
            let again = summary(used.search(&mut after.clone(), &limits, |_| {}));
            assert_eq!(again, fresh, "round {round}");
            used.clear();
        }
    }

    /// The memory the process holds in RAM, in bytes (Linux).
    #[cfg(target_os = "linux")]
    fn resident_bytes() -> usize {
        let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
        let pages: usize = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
        pages * 4096
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_large_table_takes_no_memory_until_searched_nor_when_cleared() {
        let before = resident_bytes();
        let tt = TranspositionTable::new(2048);
        assert_eq!(tt.megabytes(), 2048);
        tt.clear();
        tt.store(42, None, 1, 1, Bound::Exact);
        assert!(tt.probe(42).is_some());
        tt.clear();
        assert!(tt.probe(42).is_none());
        let grown = resident_bytes().saturating_sub(before);
        // Other tests of this process run meanwhile: far below the table's 2 GB all the same.
        assert!(grown < 256 * MB, "{} MB resident", grown / MB);
    }

    #[test]
    fn the_physical_memory_is_known_on_the_usual_systems() {
        let mb = physical_memory_mb();
        if cfg!(any(target_os = "linux", target_os = "macos")) {
            assert!(mb.is_some_and(|mb| mb >= 64), "{mb:?}");
        }
        #[cfg(target_os = "linux")]
        {
            let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap();
            let kb: usize = meminfo
                .lines()
                .find_map(|l| l.strip_prefix("MemTotal:"))
                .and_then(|l| l.trim().strip_suffix("kB"))
                .and_then(|n| n.trim().parse().ok())
                .unwrap();
            assert_eq!(mb, Some(kb / 1024));
        }
    }
}
