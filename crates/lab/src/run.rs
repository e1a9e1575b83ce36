//! A lab run on disk: a directory holding the run's settings (`lab.txt`) and every finished game
//! as a record (`game-001.pgn`, ...), read back and replayed by the rules. The command line writes
//! runs (`jovian lab`); the report and the web server read them.

use std::path::{Path, PathBuf};

use jovian_rules::record::Record;
use jovian_rules::{Color, Move, Setup, Variant, WinReason};
use thiserror::Error;

/// The settings file of a run directory.
pub const SETTINGS_FILE: &str = "lab.txt";
/// The report the command line writes beside the records.
pub const REPORT_FILE: &str = "report.html";
/// The raw figures of the report, beside it.
pub const FIGURES_FILE: &str = "figures.csv";

/// Why a run cannot be read at all (a single broken record does not stop it: see
/// [`Run::unreadable`]).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LabError {
    #[error("{dir} is not a lab run: {file} cannot be read ({why})")]
    NotARun {
        dir: String,
        file: String,
        why: String,
    },
    #[error("{file}: {why}")]
    BadSettings { file: String, why: String },
    #[error("{file}: unknown game {game:?} (known: {known})")]
    UnknownGame {
        file: String,
        game: String,
        known: String,
    },
    #[error("cannot list the records in {dir}: {why}")]
    Unlistable { dir: String, why: String },
}

/// The settings that decide which games a run plays; a resumed run must not contradict them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The game's identifier (`scirocco`).
    pub game: String,
    /// The engine's limit for both sides: `level:N`, `movetime:MS`, `depth:N` or `nodes:N`.
    pub player: String,
    /// `all`, `default`, or array names separated by spaces.
    pub setups: String,
    /// Plies played at random (among the moves a shallow search finds nearly best) at the start
    /// of each game, so that games from one array differ.
    pub random_plies: usize,
    /// A game reaching this many plies is adjudicated a draw.
    pub max_plies: usize,
    pub seed: u64,
}

impl Settings {
    pub fn to_text(&self) -> String {
        format!(
            "# jovian lab: the settings of the games in this directory.\n\
             # `jovian lab {} --out THIS_DIR --resume` continues the run.\n\
             game: {}\nplayer: {}\nsetups: {}\nrandom-plies: {}\nmax-plies: {}\nseed: {}\n",
            self.game,
            self.game,
            self.player,
            self.setups,
            self.random_plies,
            self.max_plies,
            self.seed
        )
    }

    /// Reads the text `to_text` writes; `#` lines and blank lines are skipped.
    pub fn parse(text: &str) -> Result<Settings, String> {
        let mut fields = std::collections::HashMap::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line
                .split_once(':')
                .ok_or_else(|| format!("line {}: expected `key: value`, not {line:?}", n + 1))?;
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
        let player = take("player")?;
        let setups = take("setups")?;
        let random_plies = number("random-plies", take("random-plies")?)? as usize;
        let max_plies = number("max-plies", take("max-plies")?)? as usize;
        let seed = number("seed", take("seed")?)?;
        if let Some(key) = fields.keys().min() {
            return Err(format!("unknown setting {key:?}"));
        }
        Ok(Settings {
            game,
            player,
            setups,
            random_plies,
            max_plies,
            seed,
        })
    }

    /// Refuses a resumed run whose command line contradicts the saved settings, naming the
    /// option.
    pub fn check_same(&self, saved: &Settings, dir: &Path) -> Result<(), String> {
        let pairs = [
            ("the game", self.game.clone(), saved.game.clone()),
            ("the player", self.player.clone(), saved.player.clone()),
            ("--setups", self.setups.clone(), saved.setups.clone()),
            (
                "--random-plies",
                self.random_plies.to_string(),
                saved.random_plies.to_string(),
            ),
            (
                "--max-plies",
                self.max_plies.to_string(),
                saved.max_plies.to_string(),
            ),
            ("--seed", self.seed.to_string(), saved.seed.to_string()),
        ];
        for (what, now, then) in pairs {
            if now != then {
                return Err(format!(
                    "cannot resume: the run in {} was played with {what} {then:?}, not {now:?}",
                    dir.display()
                ));
            }
        }
        Ok(())
    }
}

/// Reads the settings of the run in `dir`.
pub fn read_settings(dir: &Path) -> Result<Settings, LabError> {
    let path = dir.join(SETTINGS_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| LabError::NotARun {
        dir: dir.display().to_string(),
        file: SETTINGS_FILE.to_string(),
        why: e.to_string(),
    })?;
    Settings::parse(&text).map_err(|why| LabError::BadSettings {
        file: path.display().to_string(),
        why,
    })
}

/// Why a game ended, as the report counts it.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Reason {
    /// An end by the rules of the game (royal piece captured, bared, checkmate, a draw by rule).
    Rules(WinReason),
    /// The run's `max-plies` was reached: adjudicated a draw.
    MoveLimit,
    /// Another ending the record states (a forfeit, a clock): not by the rules of the game.
    Other,
}

/// The rules' reasons in the order the report lists them.
const WIN_REASONS: [WinReason; 8] = [
    WinReason::RoyalCaptured,
    WinReason::Bared,
    WinReason::NoLegalMove,
    WinReason::Checkmate,
    WinReason::Stalemate,
    WinReason::Repetition,
    WinReason::FiftyMoves,
    WinReason::BareKings,
];

impl Reason {
    /// The place of the reason in every table: the rules' reasons first, then the adjudicated.
    pub fn order(self) -> usize {
        match self {
            Reason::Rules(r) => WIN_REASONS.iter().position(|&w| w == r).unwrap_or(0),
            Reason::MoveLimit => WIN_REASONS.len(),
            Reason::Other => WIN_REASONS.len() + 1,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Reason::Rules(r) => r.describe(),
            Reason::MoveLimit => "move limit",
            Reason::Other => "other (forfeit, clock)",
        }
    }
}

/// A finished game of a run, replayed.
#[derive(Clone, Debug)]
pub struct LabGame {
    /// The record's file name (`game-007.pgn`).
    pub file: String,
    /// The array it started from (`None` for a game from a position given in full).
    pub setup: Option<String>,
    pub start: Setup,
    pub moves: Vec<Move>,
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl LabGame {
    /// Blue's points: 1 for a win, 1/2 for a draw, 0 for a loss.
    pub fn blue_points(&self) -> f64 {
        match self.winner {
            Some(Color::Blue) => 1.0,
            Some(Color::Tan) => 0.0,
            None => 0.5,
        }
    }

    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Reads a record's text: replays it by the rules and takes its result. A record without a
    /// result (`*`) is not a finished game.
    pub fn from_record(file: &str, text: &str) -> Result<LabGame, String> {
        let record = Record::parse(text).map_err(|e| e.to_string())?;
        let game = record.replay().map_err(|e| e.to_string())?;
        let winner = record.finished_winner()?;
        // The rules' end when the moves reach one (replay has checked that the result agrees);
        // otherwise what the record's Termination tag says.
        let termination = record.tag("Termination").unwrap_or("").to_ascii_lowercase();
        let reason = match game.outcome {
            Some(o) => Reason::Rules(o.reason),
            None if winner.is_none() && termination.contains("move limit") => Reason::MoveLimit,
            None => Reason::Other,
        };
        Ok(LabGame {
            file: file.to_string(),
            setup: game.setup_name.clone(),
            start: game.start,
            moves: game.moves,
            winner,
            reason,
        })
    }
}

/// The largest record read, as for `jovian validate`: far above any real game.
pub const MAX_RECORD_BYTES: u64 = 8 * 1024 * 1024;

fn read_record(path: &Path) -> Result<String, String> {
    let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    if size > MAX_RECORD_BYTES {
        return Err(format!(
            "longer than {} MB, the limit for a record",
            MAX_RECORD_BYTES >> 20
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "not UTF-8 text (from byte {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// A run read from its directory.
pub struct Run {
    pub dir: PathBuf,
    pub settings: Settings,
    pub variant: &'static Variant,
    /// The finished games, in the order of their file names.
    pub games: Vec<LabGame>,
    /// Records that could not be read (file name, why): left out of the figures, and named in
    /// the report.
    pub unreadable: Vec<(String, String)>,
}

impl Run {
    /// Reads the run in `dir`: its settings and every `*.pgn` record.
    pub fn load(dir: &Path) -> Result<Run, LabError> {
        let settings = read_settings(dir)?;
        // A built-in game's id, or the path of the variant file the run was played from.
        let variant = jovian_rules::file::variant_named(&settings.game)
            .ok()
            .ok_or_else(|| LabError::UnknownGame {
                file: dir.join(SETTINGS_FILE).display().to_string(),
                game: settings.game.clone(),
                known: Variant::all()
                    .iter()
                    .map(|v| v.id)
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| LabError::Unlistable {
                dir: dir.display().to_string(),
                why: e.to_string(),
            })?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "pgn") && p.is_file())
            .collect();
        files.sort();
        let mut games = Vec::new();
        let mut unreadable = Vec::new();
        for path in files {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let read = read_record(&path)
                .and_then(|text| LabGame::from_record(&name, &text))
                .and_then(|g| {
                    if g.start.variant == variant {
                        Ok(g)
                    } else {
                        Err(format!(
                            "a game of {}, not of {}",
                            g.start.variant.id, variant.id
                        ))
                    }
                });
            match read {
                Ok(g) => games.push(g),
                Err(why) => unreadable.push((name, why)),
            }
        }
        Ok(Run {
            dir: dir.to_path_buf(),
            settings,
            variant,
            games,
            unreadable,
        })
    }

    /// The directory's last component, which names the run.
    pub fn name(&self) -> String {
        self.dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| self.dir.display().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> Settings {
        Settings {
            game: "scirocco".into(),
            player: "level:3".into(),
            setups: "all".into(),
            random_plies: 4,
            max_plies: 1000,
            seed: 9,
        }
    }

    #[test]
    fn settings_round_trip_and_contradictions_are_named() {
        let s = settings();
        assert_eq!(Settings::parse(&s.to_text()), Ok(s.clone()));
        let broken = s.to_text().replace("seed: 9", "seed: nine");
        assert!(Settings::parse(&broken).unwrap_err().contains("seed"));
        let extra = format!("{}colour: red\n", s.to_text());
        assert!(Settings::parse(&extra).unwrap_err().contains("colour"));
        let mut now = settings();
        now.player = "level:4".into();
        let e = now.check_same(&s, Path::new("d")).unwrap_err();
        assert!(e.contains("player \"level:3\", not \"level:4\""), "{e}");
    }

    #[test]
    fn reasons_have_labels() {
        let r = Reason::Rules(WinReason::Bared);
        assert_eq!(r.label(), "reduced to a single piece");
        assert_eq!(Reason::MoveLimit.label(), "move limit");
        assert!(Reason::Rules(WinReason::BareKings).order() < Reason::MoveLimit.order());
    }

    #[test]
    fn a_directory_without_settings_is_one_clear_error() {
        let e = Run::load(Path::new("/nonexistent/run")).err().unwrap();
        assert!(e.to_string().contains("is not a lab run"), "{e}");
    }
}
