//! `jovian worker`: what a Ray task runs on a node (`matches/ray.rs`, `matches/ray/driver.py`). It reads one JSON
//! request on stdin — a lab run's or a match's settings, exactly as saved in its `lab.txt` or
//! `match.txt`, the numbers of the games to play, and for a variant file's game the file's text
//! (so that the node needs no copy of the file) — plays those games as a local run would
//! (the same game for the same number: `lab::game_job`, `matches::game_job`), and writes their
//! records to stdout as JSON. It writes no file: the driver's machine saves the records.

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize};

use jovian_rules::Variant;
use serde::{Deserialize, Serialize};

use crate::input::{self, CliError};
use crate::lab::{self, Arrays};
use crate::matches::cecp::CmdLimit;
use crate::matches::players::{self, Spec};
use crate::matches::ray::GameRecord;
use crate::matches::resume;
use crate::matches::start::{self, Starts};
use crate::matches::{self, Config, Job, MakePlayer, Report, play_jobs};

/// The games a worker is asked to play.
#[derive(Deserialize, Serialize)]
pub(crate) struct Request {
    /// `lab` or `match`.
    pub kind: String,
    /// The run's settings file, as text.
    pub settings: String,
    /// Each engine's hash table, in MB.
    pub hash: usize,
    /// Game numbers, from 0.
    pub indices: Vec<usize>,
    /// The programs of `cmd:` players as the settings name them, and where they are on this node
    /// (Ray's runtime environment unpacks them elsewhere than the driver's path).
    #[serde(default)]
    pub programs: HashMap<String, String>,
    /// A variant file's game: the file's text as the driver read it, so that the node needs no
    /// copy at the path the settings name, and its definition hash there.
    #[serde(default)]
    pub variant: Option<ShippedVariant>,
}

/// A variant file sent with the request (`RayPlan::play`).
#[derive(Deserialize, Serialize)]
pub(crate) struct ShippedVariant {
    pub text: String,
    /// `Variant::definition_hash` of the game on the driver's machine.
    pub hash: String,
}

#[derive(Deserialize, Serialize)]
pub(crate) struct Answer {
    pub version: String,
    pub records: Vec<GameRecord>,
}

/// The most games one request may ask for: a task is a game or a pair.
const MAX_GAMES: usize = 64;

/// The longest request read: the settings, and a variant file of up to its limit even with every
/// character escaped in JSON.
const MAX_REQUEST_BYTES: u64 = 8 * jovian_rules::file::MAX_FILE_BYTES;

pub fn run() -> Result<(), CliError> {
    let mut text = String::new();
    std::io::stdin()
        .take(MAX_REQUEST_BYTES)
        .read_to_string(&mut text)
        .map_err(|e| CliError(format!("cannot read the request: {e}")))?;
    let request: Request =
        serde_json::from_str(&text).map_err(|e| CliError(format!("not a worker request: {e}")))?;
    let answer = answer(&request)?;
    let json = serde_json::to_string(&answer).map_err(|e| CliError(e.to_string()))?;
    outln!("{json}");
    Ok(())
}

/// Plays the request's games, one after another on this thread.
pub(crate) fn answer(request: &Request) -> Result<Answer, CliError> {
    if request.indices.is_empty() || request.indices.len() > MAX_GAMES {
        return Err(CliError(format!(
            "a worker plays 1 to {MAX_GAMES} games a request, not {}",
            request.indices.len()
        )));
    }
    let last = *request.indices.iter().max().unwrap_or(&0);
    if last >= crate::bounds::MAX_GAMES {
        return Err(CliError(format!(
            "game {} is past the most a run plays ({})",
            last + 1,
            crate::bounds::MAX_GAMES
        )));
    }
    let reports = match request.kind.as_str() {
        "lab" => play_lab(request)?,
        "match" => play_match(request)?,
        other => {
            return Err(CliError(format!(
                "a worker plays lab or match games, not {other:?}"
            )));
        }
    };
    Ok(Answer {
        version: env!("CARGO_PKG_VERSION").to_string(),
        records: reports
            .into_iter()
            .map(|r| GameRecord {
                index: r.index,
                record: r.record,
            })
            .collect(),
    })
}

/// The run's game, as its settings name it: a variant file's from the text the request brings,
/// which must make the driver's very game here (its definition hash), or a built-in game.
fn game(request: &Request, name: &str) -> Result<&'static Variant, CliError> {
    let Some(shipped) = &request.variant else {
        return input::variant(name);
    };
    if !input::is_variant_file(name) {
        return Err(CliError(format!(
            "the request brings a variant file, but its settings name the built-in game {name:?}"
        )));
    }
    let variant =
        jovian_rules::file::load_text(Path::new(name), shipped.text.clone()).map_err(CliError)?;
    if variant.definition_hash() != shipped.hash {
        return Err(CliError(format!(
            "the variant file {name} sent to this node reads as definition {} here, but as {} on \
             the driver; refused, so that no results are mixed",
            variant.definition_hash(),
            shipped.hash
        )));
    }
    Ok(variant)
}

fn play_lab(request: &Request) -> Result<Vec<Report>, CliError> {
    let settings = jovian_lab::Settings::parse(&request.settings)
        .map_err(|e| CliError(format!("the request's settings are not a lab.txt: {e}")))?;
    let variant = game(request, &settings.game)?;
    let arrays = Arrays::parse(variant, std::slice::from_ref(&settings.setups))?;
    let spec = Spec::parse(&settings.player).map_err(CliError)?;
    let jobs: Vec<Job> = request
        .indices
        .iter()
        .map(|&i| lab::game_job(variant, &settings, &arrays, i))
        .collect();
    let config = lab::run_config(variant, &settings, None, 1);
    let make = |_who: usize| lab::make_player(&spec, variant, request.hash, &settings);
    play(&config, &jobs, &make)
}

fn play_match(request: &Request) -> Result<Vec<Report>, CliError> {
    let settings = resume::Settings::parse(&request.settings)
        .map_err(|e| CliError(format!("the request's settings are not a match.txt: {e}")))?;
    let variant = game(request, &settings.game)?;
    let arrays = start::canonical_arrays(variant);
    // A cmd: program where this node has it (shipped in Ray's runtime environment).
    let spec = |text: &str| match Spec::parse(text).map_err(CliError)? {
        Spec::Cmd { program, args } => Ok(Spec::Cmd {
            program: request.programs.get(&program).cloned().unwrap_or(program),
            args,
        }),
        other => Ok::<_, CliError>(other),
    };
    let specs = [spec(&settings.a)?, spec(&settings.b)?];
    let tc = (!settings.tc.is_empty())
        .then(|| matches::parse_tc(&settings.tc))
        .transpose()
        .map_err(CliError)?;
    let cmd_limit = CmdLimit::parse(&settings.cmd_limit).map_err(CliError)?;
    let starts = Starts {
        variant,
        arrays: &arrays,
        positions: &settings.positions,
        seed: settings.seed,
        random_plies: settings.random_plies,
    };
    let jobs: Vec<Job> = request.indices.iter().map(|&i| starts.job(i)).collect();
    let config = matches::match_config(variant, &settings, tc, None, 1);
    let make = |who: usize| players::create(&specs[who], variant, request.hash, &cmd_limit, tc);
    play(&config, &jobs, &make)
}

/// Plays the jobs on this thread; the first failure is the answer.
fn play(config: &Config, jobs: &[Job], make: &MakePlayer) -> Result<Vec<Report>, CliError> {
    let abort = AtomicBool::new(false);
    let busy = AtomicUsize::new(0);
    let mut reports = Vec::new();
    let mut failure = None;
    play_jobs(config, jobs, 1, &abort, &busy, make, |r| match r {
        Ok(report) => reports.push(report),
        Err(e) => {
            failure.get_or_insert(e);
        }
    });
    match failure {
        Some(e) => Err(CliError(e)),
        None => Ok(reports),
    }
}
