//! Where a match's games start: an initial array drawn from the seed (the default), or a position
//! from a file of positions (`jovian match --positions FILE`), each played twice with colours
//! swapped. A file of positions tests one phase of the game directly: an engine's endgames, or
//! how it converts a lead, without playing the hundreds of plies that lead to them.

use std::path::Path;

use jovian_rules::{Position, Setup, Variant, fen};

use super::Job;
use super::players::{Rng, mix};

/// How a game begins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Start {
    /// An initial array, by name (a record's `Setup` tag).
    Array(String),
    /// A position in its canonical text (a record's `Position` tag).
    Position(String),
}

impl Start {
    /// The setup the game starts from.
    pub(crate) fn setup(&self, variant: &'static Variant) -> Result<Setup, String> {
        match self {
            Start::Array(name) => {
                Setup::named(variant, name).ok_or_else(|| format!("no array {name}"))
            }
            Start::Position(text) => fen::parse_position(variant, text).map_err(|e| e.to_string()),
        }
    }

    /// The name a record gives the start by: its `Setup` tag, or `None` for a `Position` tag.
    pub(crate) fn setup_name(&self) -> Option<String> {
        match self {
            Start::Array(name) => Some(name.clone()),
            Start::Position(_) => None,
        }
    }

    /// The record's tag that names this start, and its value.
    pub(crate) fn tag(&self) -> (&'static str, &str) {
        match self {
            Start::Array(name) => ("Setup", name),
            Start::Position(text) => ("Position", text),
        }
    }
}

/// The most positions a file may hold.
pub(crate) const MAX_POSITIONS: usize = 100_000;

/// Reads a file of positions: one position text a line (as `jovian play --position` takes it),
/// blank lines and lines starting with `#` skipped. Each must be a playable position of
/// `variant` whose game is not over; the first that is not is named with its line. Returns the
/// positions' canonical texts, in the file's order.
pub(crate) fn read_positions(
    variant: &'static Variant,
    path: &Path,
) -> Result<Vec<String>, String> {
    let text = crate::input::read_text(path)
        .map_err(|e| format!("cannot read the positions file {}: {e}", path.display()))?;
    parse_positions(variant, &text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The positions of a positions file's text (`read_positions`).
pub(crate) fn parse_positions(
    variant: &'static Variant,
    text: &str,
) -> Result<Vec<String>, String> {
    let mut positions = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let line_no = n + 1;
        if positions.len() == MAX_POSITIONS {
            return Err(format!(
                "line {line_no}: more than {MAX_POSITIONS} positions"
            ));
        }
        positions
            .push(canonical_position(variant, line).map_err(|e| format!("line {line_no}: {e}"))?);
    }
    if positions.is_empty() {
        return Err("no positions in it (one position text a line; # starts a comment)".into());
    }
    Ok(positions)
}

/// The canonical text of a playable position whose game is not over.
pub(crate) fn canonical_position(variant: &'static Variant, text: &str) -> Result<String, String> {
    let setup = fen::parse_position(variant, text).map_err(|e| e.to_string())?;
    let mut pos = Position::from_setup(&setup).map_err(|e| e.to_string())?;
    if let Some(outcome) = pos.outcome() {
        return Err(format!(
            "the game is already over there ({})",
            outcome.reason.describe()
        ));
    }
    Ok(fen::write_setup(&setup))
}

/// The distinct initial arrays of a variant, by their first (canonical) name; empty for a
/// variant with too many to list (Jupiter), whose arrays are drawn by `SetupRule::random`.
pub(crate) fn canonical_arrays(variant: &'static Variant) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let mut names = Vec::new();
    for name in variant.setup_names().unwrap_or_default() {
        let Some(mut pieces) = (variant.setups.build)(variant, &name) else {
            continue;
        };
        pieces.sort();
        if seen.insert(pieces) {
            names.push(name);
        }
    }
    names
}

/// What decides where a match's games start.
pub(crate) struct Starts<'a> {
    pub(crate) variant: &'static Variant,
    /// `canonical_arrays`, drawn from when there are no positions.
    pub(crate) arrays: &'a [String],
    /// The positions of `--positions`: pair k plays position k (k modulo their number).
    pub(crate) positions: &'a [String],
    pub(crate) seed: u64,
    pub(crate) random_plies: usize,
}

impl Starts<'_> {
    /// Game `index` (from 0) of a match: pair k (games 2k and 2k+1) plays one start, from the
    /// seed and k alone (or position k), with colours swapped, so that a longer match, a resumed
    /// one or a Ray worker (`worker.rs`) plays the same game.
    pub(crate) fn job(&self, index: usize) -> Job {
        let pair = (index / 2) as u64;
        let start = if !self.positions.is_empty() {
            Start::Position(self.positions[index / 2 % self.positions.len()].clone())
        } else if self.arrays.is_empty() {
            Start::Array((self.variant.setups.random)(mix(self.seed, pair)))
        } else {
            let drawn = Rng::new(mix(self.seed, pair)).below(self.arrays.len());
            Start::Array(self.arrays[drawn].clone())
        };
        Job {
            index,
            start,
            a_is_blue: index.is_multiple_of(2),
            seed: mix(self.seed ^ 0x5EED, index as u64),
            opening_plies: self.random_plies,
            opening_seed: mix(self.seed ^ 0x0BE5, pair),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tan has a King and a Rook; Blue a Queen and a King (the position of `opening.rs`'s test).
    const ENDGAME: &str = "8,k,1/10/10/10/10/r,9/10/10/10/Q,8,K b";

    #[test]
    fn a_positions_file_is_read_in_order_and_its_faults_are_named_by_line() {
        let v = Variant::by_id("scirocco").unwrap();
        let tan_to_move = ENDGAME.replace(" b", " t");
        let text = format!("# two endgames\n\n  {ENDGAME}  \n{tan_to_move}\n");
        let positions = parse_positions(v, &text).unwrap();
        assert_eq!(positions.len(), 2);
        assert!(positions[0].ends_with(" b") && positions[1].ends_with(" t"));
        // Canonical texts read back as themselves.
        for p in &positions {
            assert_eq!(&canonical_position(v, p).unwrap(), p);
        }
        let e = parse_positions(v, "# nothing\n\n").unwrap_err();
        assert!(e.contains("no positions"), "{e}");
        let e = parse_positions(v, &format!("{ENDGAME}\n10/10 b\n")).unwrap_err();
        assert!(e.starts_with("line 2: "), "{e}");
        let e = parse_positions(v, &ENDGAME.replace('Q', "?")).unwrap_err();
        assert!(e.starts_with("line 1: ") && e.contains('?'), "{e}");
        // No Tan royal piece: not a position at all.
        let e = parse_positions(v, "10/10/10/10/10/10/10/10/10/Q,8,K b").unwrap_err();
        assert!(e.starts_with("line 1: "), "{e}");
        // Tan is down to its King: Blue has already won, so there is no game to play.
        let e = parse_positions(v, "k,9/10/10/10/10/10/10/10/10/Q,8,K t").unwrap_err();
        assert!(
            e.contains("already over") && e.contains("single piece"),
            "{e}"
        );
    }

    #[test]
    fn pairs_play_positions_in_turn_with_colours_swapped() {
        let v = Variant::by_id("scirocco").unwrap();
        let positions = vec!["p".to_string(), "q".to_string()];
        let starts = Starts {
            variant: v,
            arrays: &[],
            positions: &positions,
            seed: 9,
            random_plies: 0,
        };
        let jobs: Vec<Job> = (0..6).map(|i| starts.job(i)).collect();
        let names: Vec<&str> = jobs.iter().map(|j| j.start.tag().1).collect();
        assert_eq!(names, ["p", "p", "q", "q", "p", "p"]);
        assert!(jobs.iter().all(|j| j.start.tag().0 == "Position"));
        assert_eq!(
            jobs.iter().map(|j| j.a_is_blue).collect::<Vec<_>>(),
            [true, false, true, false, true, false]
        );
        // Without positions, a pair's array comes from the seed and the pair alone.
        let arrays = canonical_arrays(v);
        let by_arrays = Starts {
            positions: &[],
            arrays: &arrays,
            ..starts
        };
        assert_eq!(by_arrays.job(4).start, by_arrays.job(5).start);
        assert!(matches!(by_arrays.job(4).start, Start::Array(_)));
    }
}
