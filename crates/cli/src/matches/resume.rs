//! What lets a long match stop and go on: the match's settings in `match.txt`, records written
//! whole, and the saved games read back and checked so a resumed match counts them instead of
//! playing them again. See docs/match.md, "Long matches".

use std::path::{Path, PathBuf};

use jovian_rules::record::Record;
use jovian_rules::{Color, WinReason};

use super::stats::{Reason, Winner};

/// The settings file in a match directory.
pub const SETTINGS_FILE: &str = "match.txt";

/// Written records end so while they are being written; only whole ones are renamed to `.pgn`.
const PARTIAL_SUFFIX: &str = ".partial";

/// The settings that decide which games a match plays; a resumed match must not contradict them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub game: String,
    pub a: String,
    pub b: String,
    /// `--tc` as given, or empty.
    pub tc: String,
    pub cmd_limit: String,
    pub max_plies: usize,
    pub seed: u64,
    /// `--random-plies` (absent from the files of matches played before it existed: 0).
    pub random_plies: usize,
    /// The canonical texts of `--positions`, a `position:` line each; empty for initial arrays.
    pub positions: Vec<String>,
}

impl Settings {
    pub fn to_text(&self) -> String {
        let positions: String = (self.positions.iter())
            .map(|p| format!("position: {p}\n"))
            .collect();
        format!(
            "# jovian match: the settings of the games in this directory.\n\
             # `jovian match --out THIS_DIR --resume --a A --b B` continues the match.\n\
             game: {}\na: {}\nb: {}\ntc: {}\ncmd-limit: {}\nmax-plies: {}\nseed: {}\n\
             random-plies: {}\n{positions}",
            self.game,
            self.a,
            self.b,
            self.tc,
            self.cmd_limit,
            self.max_plies,
            self.seed,
            self.random_plies
        )
    }

    pub fn parse(text: &str) -> Result<Settings, String> {
        let mut fields = std::collections::HashMap::new();
        let mut positions = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line
                .split_once(':')
                .ok_or_else(|| format!("line {}: expected `key: value`, not {line:?}", n + 1))?;
            // The one setting given once a line, in order.
            if key.trim() == "position" {
                positions.push(value.trim().to_string());
                continue;
            }
            if fields
                .insert(key.trim().to_string(), value.trim().to_string())
                .is_some()
            {
                return Err(format!("line {}: {} is given twice", n + 1, key.trim()));
            }
        }
        let mut take = |key: &str| {
            fields
                .remove(key)
                .ok_or_else(|| format!("{key} is missing"))
        };
        let number = |key: &str, value: String| {
            value
                .parse::<u64>()
                .map_err(|_| format!("{key} must be a whole number, not {value:?}"))
        };
        let game = take("game")?;
        let a = take("a")?;
        let b = take("b")?;
        let tc = take("tc")?;
        let cmd_limit = take("cmd-limit")?;
        let max_plies = number("max-plies", take("max-plies")?)? as usize;
        let seed = number("seed", take("seed")?)?;
        let random_plies = match fields.remove("random-plies") {
            Some(value) => number("random-plies", value)? as usize,
            None => 0,
        };
        if let Some(key) = fields.keys().min() {
            return Err(format!("unknown setting {key:?}"));
        }
        Ok(Settings {
            game,
            a,
            b,
            tc,
            cmd_limit,
            max_plies,
            seed,
            random_plies,
            positions,
        })
    }

    /// The first option other than the seed and the positions on which `saved` differs from
    /// these settings: the option, its saved value and this one. Slices of one SPRT
    /// (`pool.rs`) agree on all of them; a resumed match also on the seed and the positions.
    pub fn first_difference(&self, saved: &Settings) -> Option<(&'static str, String, String)> {
        let options = [
            ("--game", &self.game, &saved.game),
            ("--a", &self.a, &saved.a),
            ("--b", &self.b, &saved.b),
            ("--tc", &self.tc, &saved.tc),
            ("--cmd-limit", &self.cmd_limit, &saved.cmd_limit),
            (
                "--max-plies",
                &self.max_plies.to_string(),
                &saved.max_plies.to_string(),
            ),
            (
                "--random-plies",
                &self.random_plies.to_string(),
                &saved.random_plies.to_string(),
            ),
        ];
        options
            .into_iter()
            .find(|(_, now, then)| now != then)
            .map(|(option, now, then)| (option, then.clone(), now.clone()))
    }

    /// Refuses a resumed match whose command line contradicts the saved settings, naming the
    /// option.
    pub fn check_same(&self, saved: &Settings, out: &Path) -> Result<(), String> {
        if self.positions != saved.positions {
            let played_from = match saved.positions.len() {
                0 => "initial arrays, not from --positions".to_string(),
                n => format!("{n} other positions (its match.txt); resume it without --positions"),
            };
            return Err(format!(
                "cannot resume: the match in {} was played from {played_from}",
                out.display()
            ));
        }
        let seed = ("--seed", saved.seed.to_string(), self.seed.to_string());
        let differs = self
            .first_difference(saved)
            .or_else(|| (saved.seed != self.seed).then_some(seed));
        match differs {
            Some((option, then, now)) => Err(format!(
                "cannot resume: the match in {} was played with {option} {then:?}, not {now:?}",
                out.display()
            )),
            None => Ok(()),
        }
    }
}

/// The saved settings of the match in `out`.
pub fn read_settings(out: &Path) -> Result<Settings, String> {
    let path = out.join(SETTINGS_FILE);
    let text = crate::input::read_text(&path).map_err(|e| {
        format!(
            "cannot resume: {} cannot be read ({e}); is {} a match directory?",
            path.display(),
            out.display()
        )
    })?;
    Settings::parse(&text).map_err(|e| format!("cannot resume: {}: {e}", path.display()))
}

/// Whether `out` already holds a match (its settings or any record).
pub fn holds_a_match(out: &Path) -> bool {
    if out.join(SETTINGS_FILE).exists() {
        return true;
    }
    std::fs::read_dir(out).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.path().extension().is_some_and(|x| x == "pgn"))
    })
}

/// Where game `index` (from 0) is saved, its number padded to `digits`.
pub fn record_path(out: &Path, index: usize, digits: usize) -> PathBuf {
    out.join(format!("game-{:0digits$}.pgn", index + 1))
}

/// The saved record of game `index`, whatever padding it was saved with (a match extended past
/// 999 games pads its new numbers wider than its old ones).
pub fn existing_record(out: &Path, index: usize) -> Option<PathBuf> {
    (1..=9)
        .map(|digits| record_path(out, index, digits))
        .find(|p| p.is_file())
}

/// Writes a file whole: to a temporary name first, then renamed, so that a match stopped at any
/// moment leaves either the whole record or none.
pub fn write_whole(path: &Path, text: &str) -> Result<(), String> {
    let mut partial = path.as_os_str().to_owned();
    partial.push(PARTIAL_SUFFIX);
    let partial = PathBuf::from(partial);
    std::fs::write(&partial, text)
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// What a resumed match must find in a saved record: the game of that number.
pub struct Expected<'a> {
    /// The `Round` tag: the game's number, from 1.
    pub round: usize,
    /// The tag that names its start (`Setup` or `Position`) and its value.
    pub start: (&'static str, &'a str),
    pub blue: &'a str,
    pub tan: &'a str,
    pub a_is_blue: bool,
}

/// A saved game as the tally counts it.
pub struct Finished {
    pub winner: Winner,
    pub reason: Reason,
    pub plies: usize,
}

/// Reads a saved record back, checks that it is the expected game and replays it (every move
/// legal, the claimed end the rules' end), and tells how it ended.
pub fn read_finished(path: &Path, expected: &Expected) -> Result<Finished, String> {
    let fail = |why: String| format!("cannot resume: {}: {why}", path.display());
    let text = crate::input::read_text(path).map_err(fail)?;
    check_finished(&text, expected).map_err(fail)
}

/// Checks that a record's text is the expected game and replays it (every move legal, the claimed
/// end the rules' end), and tells how it ended: for a saved record, and for one a Ray worker sent.
pub fn check_finished(text: &str, expected: &Expected) -> Result<Finished, String> {
    let fail = |why: String| why;
    let record = Record::parse(text).map_err(|e| fail(e.to_string()))?;
    let tag = |name: &str| record.tag(name).map(str::trim).unwrap_or("");
    let round = expected.round.to_string();
    for (name, want) in [
        ("Round", round.as_str()),
        expected.start,
        ("Blue", expected.blue),
        ("Tan", expected.tan),
    ] {
        if tag(name) != want {
            return Err(fail(format!(
                "its {name} tag is {:?}, but game {round} of this match has {want:?}",
                tag(name)
            )));
        }
    }
    let game = record.replay().map_err(|e| fail(e.to_string()))?;
    let termination = tag("Termination");
    let blue_won = record
        .finished_winner()
        .map_err(fail)?
        .map(|c| c == Color::Blue);
    let (winner, reason) = match blue_won {
        // A draw by the rules of the game ("draw: stalemate"), or by the move limit.
        None => match draw_reason_of(termination) {
            Some(reason) => {
                if game
                    .outcome
                    .is_none_or(|o| Reason::from_rules(o.reason) != reason)
                {
                    return Err(fail(format!(
                        "it claims {termination:?}, but its moves do not end so"
                    )));
                }
                (Winner::Draw, reason)
            }
            None => (Winner::Draw, Reason::MoveLimit),
        },
        Some(blue_won) => {
            let reason = reason_of(termination)
                .ok_or_else(|| fail(format!("unknown termination {termination:?}")))?;
            // A rules ending must be the one the replayed game reaches.
            let winner_color = if blue_won { Color::Blue } else { Color::Tan };
            let by_rules = [
                Reason::RoyalCaptured,
                Reason::Bared,
                Reason::NoLegalMove,
                Reason::Checkmate,
            ];
            if by_rules.contains(&reason)
                && game.outcome.and_then(|o| o.winner) != Some(winner_color)
            {
                return Err(fail(format!(
                    "it claims {termination:?}, but its moves do not end so"
                )));
            }
            let a_won = blue_won == expected.a_is_blue;
            (if a_won { Winner::A } else { Winner::B }, reason)
        }
    };
    Ok(Finished {
        winner,
        reason,
        plies: game.moves.len(),
    })
}

/// The reason in a `Termination` tag such as `Blue wins: royal piece captured`.
fn reason_of(termination: &str) -> Option<Reason> {
    let (_, detail) = termination.split_once("wins: ")?;
    if detail.starts_with("forfeit") {
        return Some(Reason::Forfeit);
    }
    if detail == "out of time" {
        return Some(Reason::Time);
    }
    [
        WinReason::RoyalCaptured,
        WinReason::Bared,
        WinReason::NoLegalMove,
        WinReason::Checkmate,
    ]
    .into_iter()
    .find(|rules| rules.describe() == detail)
    .map(Reason::from_rules)
}

/// The rules' draw a termination tag names (`draw: stalemate`), if any.
fn draw_reason_of(termination: &str) -> Option<Reason> {
    let detail = termination.strip_prefix("draw: ")?;
    [
        WinReason::Stalemate,
        WinReason::Repetition,
        WinReason::FiftyMoves,
        WinReason::BareKings,
    ]
    .into_iter()
    .find(|rules| rules.describe() == detail)
    .map(Reason::from_rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> Settings {
        Settings {
            game: "scirocco".into(),
            a: "level:7".into(),
            b: "level:6".into(),
            tc: String::new(),
            cmd_limit: "movetime:1000".into(),
            max_plies: 1000,
            seed: 706,
            random_plies: 4,
            positions: Vec::new(),
        }
    }

    #[test]
    fn settings_round_trip_and_bad_files_are_named() {
        let s = settings();
        assert_eq!(Settings::parse(&s.to_text()), Ok(s.clone()));
        let broken = s.to_text().replace("seed: 706", "seed: many");
        assert!(Settings::parse(&broken).unwrap_err().contains("seed"));
        let missing = s.to_text().replace("b: level:6\n", "");
        assert_eq!(Settings::parse(&missing), Err("b is missing".to_string()));
        let twice = format!("{}a: x\n", s.to_text());
        assert!(Settings::parse(&twice).unwrap_err().contains("twice"));
        let extra = format!("{}colour: red\n", s.to_text());
        assert!(Settings::parse(&extra).unwrap_err().contains("colour"));
        // A match saved before `--random-plies` existed was played without random plies.
        let older = s.to_text().replace("random-plies: 4\n", "");
        assert_eq!(Settings::parse(&older).map(|o| o.random_plies), Ok(0));
        // Positions are kept a line each, in order; texts may hold colons.
        let from_positions = Settings {
            positions: vec!["10/10 b".into(), "k:1/10 t".into(), "10/10 b".into()],
            ..settings()
        };
        let text = from_positions.to_text();
        assert_eq!(text.matches("position: ").count(), 3);
        assert_eq!(Settings::parse(&text), Ok(from_positions));
    }

    #[test]
    fn a_contradicting_setting_is_named() {
        let saved = settings();
        let mut now = settings();
        assert!(now.check_same(&saved, Path::new("d")).is_ok());
        now.max_plies = 200;
        let err = now.check_same(&saved, Path::new("d")).unwrap_err();
        assert!(err.contains("--max-plies \"1000\", not \"200\""), "{err}");
        let mut now = settings();
        now.random_plies = 0;
        let err = now.check_same(&saved, Path::new("d")).unwrap_err();
        assert!(err.contains("--random-plies \"4\", not \"0\""), "{err}");
        let mut now = settings();
        now.positions = vec!["10/10 b".into()];
        let err = now.check_same(&saved, Path::new("d")).unwrap_err();
        assert!(
            err.contains("initial arrays, not from --positions"),
            "{err}"
        );
        let err = saved.check_same(&now, Path::new("d")).unwrap_err();
        assert!(
            err.contains("1 other positions") && err.contains("--positions"),
            "{err}"
        );
    }

    #[test]
    fn terminations_are_read_back() {
        assert_eq!(
            reason_of("Blue wins: royal piece captured"),
            Some(Reason::RoyalCaptured)
        );
        assert_eq!(
            reason_of("Tan wins: reduced to a single piece"),
            Some(Reason::Bared)
        );
        assert_eq!(
            reason_of("Tan wins: forfeit: an illegal move"),
            Some(Reason::Forfeit)
        );
        assert_eq!(reason_of("Blue wins: out of time"), Some(Reason::Time));
        assert_eq!(reason_of("Blue wins: by magic"), None);
    }

    #[test]
    fn records_are_found_whatever_their_padding() {
        let dir = std::env::temp_dir().join(format!("jovian-resume-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = record_path(&dir, 6, 4);
        assert!(path.ends_with("game-0007.pgn"));
        write_whole(&path, "text").unwrap();
        assert_eq!(existing_record(&dir, 6), Some(path.clone()));
        assert_eq!(existing_record(&dir, 7), None);
        assert!(holds_a_match(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
