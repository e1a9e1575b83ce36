//! The bounds of every number the command line and the CECP engine read: hash sizes, times,
//! depths, counts. Each reader refuses what is out of bounds with a message that names the bounds,
//! so that no absurd value reaches an allocation or a `Duration` (whose arithmetic panics on
//! overflow). The bounds are documented in docs/cli.md.

use std::time::Duration;

/// The largest transposition table, in MB (64 GB), on any machine. On this machine the bound is
/// `max_hash_mb()`: half its physical memory, when that is less.
pub const MAX_HASH_MB: usize = 65_536;
/// The longest time anything may be given: a day, in seconds. Per-move times, clocks and
/// increments beyond it are refused (a CECP clock reading beyond it is read as a day).
pub const MAX_SECONDS: u64 = 86_400;
/// The same in milliseconds, for the options counted in them.
pub const MAX_MILLIS: u64 = MAX_SECONDS * 1000;
/// The deepest search that may be asked for (the engine stops at 127 plies anyway).
pub const MAX_DEPTH: u32 = 100;
/// The deepest perft: 20 plies is already beyond any machine's patience, and each ply costs a
/// buffer.
pub const MAX_PERFT_DEPTH: u32 = 20;
/// The most games a match may have (each is a record file).
pub const MAX_GAMES: usize = 100_000;
/// The most games played at once (each is a thread, with its own engines).
pub const MAX_CONCURRENCY: usize = 256;
/// The longest game a match plays before adjudicating a draw.
pub const MAX_PLIES: usize = 100_000;
/// The largest record or position file read, in bytes: the longest real record is far below it,
/// and an endless input (`/dev/zero`, a pipe) stops here instead of filling the memory.
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;
/// The longest line read from a terminal or from a CECP GUI; longer lines are refused whole.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// A whole number in `min..=max`, or a message naming the bounds (`what` names the value:
/// "the hash size in MB").
pub fn whole<T>(text: &str, what: &str, min: T, max: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    match text.trim().parse::<T>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(format!("{what} must be a whole number from {min} to {max}")),
    }
}

/// Seconds, possibly fractional (`0.5`, `1e2`), from 0 to a day; `None` if the text is no such
/// number. Never builds a `Duration` from an out-of-range float.
pub fn seconds(text: &str) -> Option<Duration> {
    duration(text.trim().parse::<f64>().ok()?)
}

/// A number of seconds from 0 to a day as a `Duration`; `None` for anything else (NaN,
/// infinities, negatives and the absurd all end here, where `Duration::from_secs_f64` would
/// panic).
pub fn duration(secs: f64) -> Option<Duration> {
    if !(0.0..=MAX_SECONDS as f64).contains(&secs) {
        return None;
    }
    Duration::try_from_secs_f64(secs).ok()
}

/// The largest hash table on a machine of `physical` MB: half its memory (at least 1 MB), at most
/// `MAX_HASH_MB`; `MAX_HASH_MB` where the memory is not known. The table is only paid for as the
/// search fills it, but a long search fills all of it, and the system (which over-commits) would
/// rather end a process than refuse the memory then: half leaves room for the system, the GUI,
/// an opponent engine.
fn machine_bound(physical: Option<usize>) -> usize {
    physical.map_or(MAX_HASH_MB, |mb| (mb / 2).clamp(1, MAX_HASH_MB))
}

/// The largest hash table (or the engines' tables of `jovian serve` together) on this machine, in
/// MB.
pub fn max_hash_mb() -> usize {
    machine_bound(jovian_engine::tt::physical_memory_mb())
}

/// Why the hash sizes stop at `max_hash_mb()`: " (half of this machine's 24105 MB of memory)", or
/// nothing where the bound is `MAX_HASH_MB`.
pub fn hash_bound_reason() -> String {
    reason(jovian_engine::tt::physical_memory_mb())
}

fn reason(physical: Option<usize>) -> String {
    match physical {
        Some(mb) if machine_bound(physical) < MAX_HASH_MB => {
            format!(" (half of this machine's {mb} MB of memory)")
        }
        _ => String::new(),
    }
}

/// A size in MB from 1 to `max_hash_mb()`, or a message naming the bounds and why.
fn megabytes(text: &str, what: &str) -> Result<usize, String> {
    whole(text, what, 1, max_hash_mb()).map_err(|e| e + &hash_bound_reason())
}

// Readers for clap's `value_parser`: clap puts their message after "invalid value 'X' for
// '--option'", and `main` prints that as one line.

/// `--hash`: 1 to `max_hash_mb()`.
pub fn hash_mb(text: &str) -> Result<usize, String> {
    megabytes(text, "the hash size in MB")
}

/// `jovian serve --engine-memory`, the engines' tables together: 1 to `max_hash_mb()`.
pub fn engine_memory_mb(text: &str) -> Result<usize, String> {
    megabytes(text, "the engines' memory in MB")
}

/// `jovian serve --engines`: 1 to 256.
pub fn engines(text: &str) -> Result<usize, String> {
    whole(text, "the number of engines", 1, 256)
}

/// `jovian serve --port`: 0 (any free port) to 65535.
pub fn port(text: &str) -> Result<u16, String> {
    whole(text, "the port", 0, u16::MAX)
}

/// `--seed`: any 64-bit number.
pub fn seed(text: &str) -> Result<u64, String> {
    whole(text, "the seed", 0, u64::MAX)
}

/// `--movetime`: 1 ms to a day.
pub fn movetime_ms(text: &str) -> Result<u64, String> {
    whole(text, "the time in milliseconds", 1, MAX_MILLIS)
}

/// `--depth`: 1 to `MAX_DEPTH`.
pub fn depth(text: &str) -> Result<u32, String> {
    whole(text, "the depth", 1, MAX_DEPTH)
}

/// `--nodes`: at least 1.
pub fn nodes(text: &str) -> Result<u64, String> {
    whole(text, "the node count", 1, u64::MAX)
}

/// `perft`'s depth: 0 to `MAX_PERFT_DEPTH`.
pub fn perft_depth(text: &str) -> Result<u32, String> {
    whole(text, "the perft depth", 0, MAX_PERFT_DEPTH)
}

/// `--games`: 1 to `MAX_GAMES`.
pub fn games(text: &str) -> Result<usize, String> {
    whole(text, "the number of games", 1, MAX_GAMES)
}

/// `--concurrency`: 1 to `MAX_CONCURRENCY`.
pub fn concurrency(text: &str) -> Result<usize, String> {
    whole(text, "the number of games at once", 1, MAX_CONCURRENCY)
}

/// `--threads`: 1 to the engine's most.
pub fn threads(text: &str) -> Result<usize, String> {
    whole(
        text,
        "the number of threads",
        1,
        jovian_engine::smp::MAX_THREADS,
    )
}

/// `--max-plies`: 1 to `MAX_PLIES`.
pub fn max_plies(text: &str) -> Result<usize, String> {
    whole(text, "the ply limit", 1, MAX_PLIES)
}

/// Random opening plies (`jovian match` and `jovian lab`).
pub fn random_plies(text: &str) -> Result<usize, String> {
    whole(text, "the number of random opening plies", 0, 40)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_out_of_bounds_are_refused_with_the_bounds() {
        assert_eq!(hash_mb("64"), Ok(64));
        let max = max_hash_mb();
        assert_eq!(hash_mb(&max.to_string()), Ok(max));
        let beyond = (max + 1).to_string();
        for bad in [
            "0",
            "65537",
            &beyond,
            "4000000",
            "18446744073709551615",
            "-1",
            "x",
            "",
        ] {
            let e = hash_mb(bad).unwrap_err();
            let want = format!("from 1 to {max}{}", hash_bound_reason());
            assert!(e.ends_with(&want), "{e}");
            let e = engine_memory_mb(bad).unwrap_err();
            assert!(e.ends_with(&want), "{e}");
        }
        assert_eq!(perft_depth("0"), Ok(0));
        assert!(perft_depth("4000000000").is_err());
        assert_eq!(movetime_ms(" 86400000 "), Ok(MAX_MILLIS));
        assert!(movetime_ms("86400001").is_err());
        assert_eq!(nodes("18446744073709551615"), Ok(u64::MAX));
        assert!(nodes("18446744073709551616").is_err());
    }

    #[test]
    fn hash_sizes_stop_at_half_the_machine() {
        assert_eq!(machine_bound(Some(24_105)), 12_052);
        assert_eq!(machine_bound(Some(1_000_000)), MAX_HASH_MB);
        assert_eq!(machine_bound(Some(1)), 1);
        assert_eq!(machine_bound(None), MAX_HASH_MB);
        assert_eq!(
            reason(Some(24_105)),
            " (half of this machine's 24105 MB of memory)"
        );
        assert_eq!(reason(Some(1_000_000)), "");
        assert_eq!(reason(None), "");
        assert!(max_hash_mb() <= MAX_HASH_MB);
        if let Some(mb) = jovian_engine::tt::physical_memory_mb() {
            assert!(max_hash_mb() <= mb / 2 || max_hash_mb() == 1);
        }
    }

    #[test]
    fn seconds_never_panic_and_stop_at_a_day() {
        assert_eq!(seconds("1.5"), Some(Duration::from_millis(1500)));
        assert_eq!(seconds("86400"), Some(Duration::from_secs(86_400)));
        assert_eq!(seconds("0"), Some(Duration::ZERO));
        for bad in [
            "86400.001",
            "1e300",
            "1e19",
            "18446744073709551616",
            "inf",
            "NaN",
            "-0.5",
            "",
            "1:00",
        ] {
            assert_eq!(seconds(bad), None, "{bad}");
        }
    }
}
