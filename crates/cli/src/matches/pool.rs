//! An SPRT played in slices: a test stopped on one machine goes on elsewhere as a new match (with
//! its own seed), and the slices' pairs are pooled, so that the LLR, the verdict and the Elo are
//! those of all the pairs played, computed as for one run. Earlier slices are named by their
//! match directories (`--sprt-pool`), whose records are read back and checked as a resumed
//! match's are, or, where their records are gone, by their pair counts (`--sprt-prior`).
//! See docs/match.md, "SPRT".

use std::path::Path;

use jovian_rules::Variant;

use super::Pairs;
use super::resume::{self, Settings};
use super::sprt::Pentanomial;
use super::start::{self, Starts};

/// Pair counts as `jovian match` prints them (A's points 0 / 0.5 / 1 / 1.5 / 2), written
/// `N0,N1,N2,N3,N4` (or with `/` between them).
pub fn parse_prior(text: &str) -> Result<Pentanomial, String> {
    let parts: Vec<&str> = text.split([',', '/']).map(str::trim).collect();
    let bad = || {
        format!(
            "--sprt-prior {text:?}: expected five pair counts N0,N1,N2,N3,N4 (pairs in which A \
             scored 0, 0.5, 1, 1.5 and 2 points)"
        )
    };
    if parts.len() != 5 {
        return Err(bad());
    }
    let mut counts = [0u64; 5];
    for (count, part) in counts.iter_mut().zip(parts) {
        *count = part.parse().map_err(|_| bad())?;
        // Far more pairs than any test plays; the bound keeps sums of counts from overflowing.
        if *count > 1_000_000_000 {
            return Err(bad());
        }
    }
    Ok(Pentanomial { counts })
}

/// The finished pairs of the match in `dir`, another slice of the test this match plays
/// (`this`): the same game, players, clock and limits, but another seed (the same seed would
/// count the same games twice). A game whose partner is not yet played is left out, as it is
/// from the running test.
pub fn read_slice(
    dir: &Path,
    this: &Settings,
    variant: &'static Variant,
) -> Result<Pentanomial, String> {
    let fail = |why: String| format!("--sprt-pool {}: {why}", dir.display());
    let settings_path = dir.join(resume::SETTINGS_FILE);
    let saved = crate::input::read_text(&settings_path)
        .and_then(|text| Settings::parse(&text))
        .map_err(|e| fail(format!("{}: {e}", settings_path.display())))?;
    if let Some((option, then, now)) = this.first_difference(&saved) {
        return Err(fail(format!(
            "that slice was played with {option} {then:?}, this match with {now:?}"
        )));
    }
    let from = |s: &Settings| {
        if s.positions.is_empty() {
            "initial arrays"
        } else {
            "positions"
        }
    };
    if saved.positions.is_empty() != this.positions.is_empty() {
        return Err(fail(format!(
            "that slice was played from {}, this match from {}",
            from(&saved),
            from(this)
        )));
    }
    // Without random plies, a position's pair does not depend on the seed: two slices playing
    // one position would repeat each other's games.
    let shared = saved.positions.iter().find(|p| this.positions.contains(p));
    if let Some(shared) = shared.filter(|_| this.random_plies == 0) {
        return Err(fail(format!(
            "that slice also played the position {shared:?}, so its games would repeat this \
             match's; slices from positions without random plies need positions of their own"
        )));
    }
    if saved.seed == this.seed {
        return Err(fail(format!(
            "that slice has this match's seed ({}), so its games are this match's own; a slice \
             needs a seed of its own",
            this.seed
        )));
    }
    let arrays = start::canonical_arrays(variant);
    let starts = Starts {
        variant,
        arrays: &arrays,
        positions: &saved.positions,
        seed: saved.seed,
        random_plies: saved.random_plies,
    };
    let mut pairs = Pairs::default();
    for index in 0..=last_record(dir) {
        let Some(path) = resume::existing_record(dir, index) else {
            continue;
        };
        let job = starts.job(index);
        let expected = job.expected(&saved.a, &saved.b);
        let finished = crate::input::read_text(&path)
            .and_then(|text| resume::check_finished(&text, &expected))
            .map_err(|e| fail(format!("{}: {e}", path.display())))?;
        pairs.add(index, finished.winner);
    }
    Ok(pairs.done)
}

/// The index (from 0) of the highest-numbered record in `dir`, or 0.
fn last_record(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let number = name.strip_prefix("game-")?.strip_suffix(".pgn")?;
            number.parse::<usize>().ok()
        })
        .max()
        .map_or(0, |n| n.saturating_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prior_counts_are_read_as_printed_and_faults_are_named() {
        let p = parse_prior("246,64,474,46,240").unwrap();
        assert_eq!(p.counts, [246, 64, 474, 46, 240]);
        assert_eq!(
            parse_prior(" 1 / 2 / 3 / 4 / 5 ").unwrap().counts,
            [1, 2, 3, 4, 5]
        );
        for bad in [
            "",
            "1,2,3,4",
            "1,2,3,4,5,6",
            "1,2,x,4,5",
            "-1,2,3,4,5",
            "1,2,3,4,1e99",
        ] {
            let e = parse_prior(bad).unwrap_err();
            assert!(e.contains("five pair counts"), "{bad:?}: {e}");
        }
        let q = p + parse_prior("1,2,3,4,5").unwrap();
        assert_eq!(q.counts, [247, 66, 477, 50, 245]);
        assert_eq!(q.pairs(), p.pairs() + 15);
    }
}
