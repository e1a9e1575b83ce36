//! `jovian lab`: the designer's lab. The engine plays a game against itself many times, two games
//! at once on two cores (one thread each), every game saved as a record in a run directory; then
//! the run's report (crates/lab) is written beside the records as one HTML file and a CSV. The
//! games are played by the match runner (matches.rs) and a run stops and resumes like a match.
//! See docs/lab.md.

mod opening;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use clap::Args;
use jovian_lab::{REPORT_FILE, Settings};
use jovian_rules::variants::pairs;
use jovian_rules::{Setup, Variant};

use crate::bounds;
use crate::input::{self, CliError};
use crate::matches::cecp::CmdLimit;
use crate::matches::players::{self, Spec, mix};
use crate::matches::ray::RayArgs;
use crate::matches::resume;
use crate::matches::runner::Runner;
use crate::matches::start::Start;
use crate::matches::stats::Winner;
use crate::matches::{Config, Job};
use crate::progress;
use opening::OpeningPlayer;

/// The strength both sides play at unless told otherwise.
const DEFAULT_LEVEL: u32 = 4;

#[derive(Args)]
pub struct LabArgs {
    /// The game (`jovian variants` lists them).
    game: String,
    /// Number of games to play (a resumed run plays only those missing).
    #[arg(long, default_value_t = 100, allow_negative_numbers = true,
          value_parser = bounds::games)]
    games: usize,
    /// Both sides play at this level, 1-11, as in `jovian play` [default: 4].
    #[arg(long, group = "strength", allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(1..=10))]
    level: Option<u32>,
    /// Both sides think this many milliseconds a move.
    #[arg(long, group = "strength", value_name = "MS", allow_negative_numbers = true,
          value_parser = bounds::movetime_ms)]
    movetime: Option<u64>,
    /// Both sides search this many plies.
    #[arg(long, group = "strength", allow_negative_numbers = true,
          value_parser = bounds::depth)]
    depth: Option<u32>,
    /// Both sides search about this many nodes a move.
    #[arg(long, group = "strength", allow_negative_numbers = true,
          value_parser = bounds::nodes)]
    nodes: Option<u64>,
    /// The arrays: `all` (each game one drawn at random from every legal array), `default`, or
    /// names (`jovian setups GAME`), played in turn [default: all].
    #[arg(long, num_args = 1.., value_name = "all|default|NAME")]
    setups: Option<Vec<String>>,
    /// Plies at the start of each game chosen at random among the moves within half a Pawn of
    /// the best by a shallow search, so that games differ [default: 2 when the arrays are drawn
    /// from all, 4 otherwise (and for a game with one array)].
    #[arg(long, allow_negative_numbers = true, value_parser = bounds::random_plies)]
    random_plies: Option<usize>,
    /// A game reaching this many plies is adjudicated a draw [default: 1000].
    #[arg(long, allow_negative_numbers = true, value_parser = bounds::max_plies)]
    max_plies: Option<usize>,
    /// Seed for the arrays and the opening plies (default: from the clock; saved in the run).
    #[arg(long, allow_negative_numbers = true, value_parser = bounds::seed)]
    seed: Option<u64>,
    /// The run directory [default: DATA/lab/GAME-DATE-TIME, where `jovian serve` shows it].
    #[arg(long)]
    out: Option<PathBuf>,
    /// The data directory of `jovian serve` whose Lab page lists the run (default: as for
    /// `serve`).
    #[arg(long)]
    data: Option<PathBuf>,
    /// Continue the run in --out: the games already saved are counted, the rest played (a larger
    /// --games extends it). Settings not given are taken from the run's lab.txt; those given
    /// must agree with it.
    #[arg(long, requires = "out")]
    resume: bool,
    /// Games played at the same time, each engine on one thread (default: the number of cores).
    #[arg(long, allow_negative_numbers = true, value_parser = bounds::concurrency)]
    concurrency: Option<usize>,
    /// Also write the fitted values as a table the engine can play with (centipawns, with 95%
    /// intervals; `bash scripts/fit-values` writes every game's into crates/engine/fitted/).
    #[arg(long, value_name = "FILE")]
    values_out: Option<PathBuf>,
    /// Also fit the evaluation's weights beyond material (placement, promotion, royal safety,
    /// bare danger, hand, tempo) to the results and write them, with 95% intervals and as
    /// `jovian match` overrides to test by SPRT.
    #[arg(long, value_name = "FILE")]
    weights_out: Option<PathBuf>,
    /// Engine tunables both sides play with, NAME=VALUE,... (as `jovian match` players take them
    /// after `@`; e.g. `value_table=1` plays the estimated piece values). Jupiter 1999's runs
    /// also play `royal_tropism=1000` unless this names it (docs/lab.md).
    #[arg(long, value_name = "NAME=VALUE,...")]
    tune: Option<String>,
    /// Hash table of each engine, in MB (1 to 65536, and at most half the machine's memory).
    #[arg(long, default_value_t = 16, value_name = "MB", allow_negative_numbers = true,
          value_parser = bounds::hash_mb)]
    hash: usize,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    ray: RayArgs,
}

/// The player both sides are, as `jovian match` writes it.
fn player(args: &LabArgs) -> Option<String> {
    if let Some(l) = args.level {
        Some(format!("level:{l}"))
    } else if let Some(ms) = args.movetime {
        Some(format!("movetime:{ms}"))
    } else if let Some(d) = args.depth {
        Some(format!("depth:{d}"))
    } else {
        args.nodes.map(|n| format!("nodes:{n}"))
    }
}

/// What `--setups` asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Arrays {
    All,
    Names(Vec<String>),
}

impl Arrays {
    /// Reads `--setups` (or the saved text): `all`, `default`, or names, each checked and written
    /// in its canonical form where it has one (`default` is the variant's default array's name).
    pub(crate) fn parse(variant: &'static Variant, words: &[String]) -> Result<Arrays, CliError> {
        let words: Vec<&str> = words.iter().flat_map(|w| w.split_whitespace()).collect();
        if words.is_empty() {
            return Err(CliError(
                "--setups needs all, default or array names".into(),
            ));
        }
        if words.iter().any(|w| w.eq_ignore_ascii_case("all")) {
            if words.len() > 1 {
                return Err(CliError(
                    "--setups all stands alone (it already draws from every array)".into(),
                ));
            }
            // A game with one array (the 12x8 game): `all` is that array.
            if variant.setup_names().is_some_and(|names| names.len() == 1) {
                return Ok(Arrays::Names(vec![variant.setups.default.to_string()]));
            }
            return Ok(Arrays::All);
        }
        let table = variant.setups.pairs.len();
        let names = words
            .iter()
            .map(|&w| {
                let name = if w.eq_ignore_ascii_case("default") {
                    variant.setups.default
                } else {
                    w
                };
                if Setup::named(variant, name).is_none() {
                    return Err(CliError(format!(
                        "unknown array {w:?} for {}; arrays are named {}",
                        variant.title, variant.setups.help
                    )));
                }
                Ok(match pairs::parse_name(name, table).filter(|_| table > 0) {
                    Some((rotational, bits)) => pairs::name(rotational, bits, table),
                    None => name.to_string(),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Arrays::Names(names))
    }

    fn to_text(&self) -> String {
        match self {
            Arrays::All => "all".to_string(),
            Arrays::Names(names) => names.join(" "),
        }
    }

    /// The array of game `index` (from 0): drawn from the seed and the index alone, so that a
    /// longer run with the same seed begins with the same games.
    fn of_game(&self, variant: &'static Variant, seed: u64, index: usize) -> String {
        match self {
            Arrays::All => (variant.setups.random)(mix(seed, index as u64)),
            Arrays::Names(names) => names[index % names.len()].clone(),
        }
    }

    fn varied(&self) -> bool {
        match self {
            Arrays::All => true,
            Arrays::Names(names) => names.len() > 1,
        }
    }
}

/// Game `index` (from 0) of a run: its array and seeds come from the run's seed and the index
/// alone, so that a longer run, a resumed one or a Ray worker (`worker.rs`) plays the same game.
pub(crate) fn game_job(
    variant: &'static Variant,
    settings: &Settings,
    arrays: &Arrays,
    index: usize,
) -> Job {
    Job {
        index,
        start: Start::Array(arrays.of_game(variant, settings.seed, index)),
        a_is_blue: true,
        seed: mix(settings.seed ^ 0x5EED, index as u64),
        // The lab's players choose their own random plies, game by game (lab/opening.rs).
        opening_plies: 0,
        opening_seed: 0,
    }
}

/// What the game threads of a run need; `out: None` keeps the records in the reports.
pub(crate) fn run_config(
    variant: &'static Variant,
    settings: &Settings,
    out: Option<PathBuf>,
    games: usize,
) -> Config {
    Config {
        variant,
        names: [settings.player.clone(), settings.player.clone()],
        tc: None,
        max_plies: settings.max_plies,
        out,
        digits: games.to_string().len().max(3),
    }
}

/// One side of a run's games: the engine the settings name, playing the random opening plies.
pub(crate) fn make_player(
    spec: &Spec,
    variant: &'static Variant,
    hash_mb: usize,
    settings: &Settings,
) -> Result<Box<dyn players::Player + Send>, String> {
    // Engine players only: the CECP limit is never used.
    let cmd_limit = CmdLimit::parse("movetime:1000")?;
    let engine = players::create(spec, variant, hash_mb, &cmd_limit, None)?;
    Ok(Box::new(OpeningPlayer::new(
        engine,
        variant,
        settings.random_plies,
    )))
}

/// The run directory when `--out` is not given: under the data directory's `lab/`, where the
/// web server's Lab page finds it.
fn default_out(args: &LabArgs, variant: &Variant) -> PathBuf {
    args.data
        .clone()
        .unwrap_or_else(jovian_web::default_data_dir)
        .join("lab")
        .join(format!("{}-{}", variant.id, crate::clock::stamp()))
}

/// The settings of this run: those given on the command line, the rest from the saved run when
/// resuming, else the defaults.
fn settings(
    args: &LabArgs,
    variant: &'static Variant,
    saved: Option<&Settings>,
) -> Result<(Settings, Arrays), CliError> {
    let arrays = match (&args.setups, saved) {
        (Some(words), _) => Arrays::parse(variant, words)?,
        (None, Some(s)) => Arrays::parse(variant, std::slice::from_ref(&s.setups))?,
        (None, None) => Arrays::parse(variant, &["all".to_string()])?,
    };
    let given = player(args);
    // A saved player is taken as it was written; a new one gets the game's lab tunables.
    let from_saved = given.is_none() && args.tune.is_none() && saved.is_some();
    let mut player = given
        .or(saved.map(|s| s.player.clone()))
        .unwrap_or(format!("level:{DEFAULT_LEVEL}"));
    if let Some(tune) = &args.tune {
        let base = player.split_once('@').map_or(player.as_str(), |(b, _)| b);
        player = format!("{base}@{tune}");
    }
    if !from_saved {
        player = jovian_lab::with_lab_tunables(variant.engine_game(), &player);
    }
    Spec::parse(&player).map_err(CliError)?;
    let default_random = if arrays == Arrays::All { 2 } else { 4 };
    let seed = args.seed.or(saved.map(|s| s.seed)).unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let settings = Settings {
        game: input::game_name(&args.game, variant),
        player,
        setups: arrays.to_text(),
        random_plies: args
            .random_plies
            .or(saved.map(|s| s.random_plies))
            .unwrap_or(default_random),
        max_plies: args
            .max_plies
            .or(saved.map(|s| s.max_plies))
            .unwrap_or(1000),
        seed,
    };
    Ok((settings, arrays))
}

pub fn run(args: &LabArgs) -> Result<(), CliError> {
    let started = Instant::now();
    let variant = input::variant(&args.game)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| default_out(args, variant));
    let saved = if args.resume {
        Some(
            jovian_lab::run::read_settings(&out)
                .map_err(|e| CliError(format!("cannot resume: {e}")))?,
        )
    } else {
        if holds_a_run(&out) {
            return Err(CliError(format!(
                "{} already holds a run: continue it with --resume, or choose another --out",
                out.display()
            )));
        }
        None
    };
    let (settings, arrays) = settings(args, variant, saved.as_ref())?;
    match &saved {
        Some(saved) => settings.check_same(saved, &out).map_err(CliError)?,
        None => {
            std::fs::create_dir_all(&out)
                .map_err(|e| CliError(format!("cannot create {}: {e}", out.display())))?;
            let path = out.join(jovian_lab::SETTINGS_FILE);
            std::fs::write(&path, settings.to_text())
                .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
        }
    }
    let spec = Spec::parse(&settings.player).map_err(CliError)?;
    let jobs: Vec<Job> = (0..args.games)
        .map(|index| game_job(variant, &settings, &arrays, index))
        .collect();
    // Resumed: the games already saved are checked and kept; the rest are played.
    let mut points = [0.0f64; 2];
    let mut jobs_left = Vec::new();
    for job in jobs {
        let Some(path) = args
            .resume
            .then(|| resume::existing_record(&out, job.index))
            .flatten()
        else {
            jobs_left.push(job);
            continue;
        };
        let expected = job.expected(&settings.player, &settings.player);
        let finished = resume::read_finished(&path, &expected).map_err(CliError)?;
        add_points(&mut points, finished.winner);
    }
    let resumed = args.games - jobs_left.len();
    let concurrency = args
        .concurrency
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, jobs_left.len().max(1));
    let config = run_config(variant, &settings, Some(out.clone()), args.games);
    let make_player = |_who: usize| make_player(&spec, variant, args.hash, &settings);
    let runner = match args.ray.plan(
        "lab",
        settings.to_text(),
        args.hash,
        args.concurrency,
        Vec::new(),
    )? {
        Some(plan) => Runner::Ray(plan),
        None => Runner::Local { concurrency },
    };
    let busy = Arc::new(AtomicUsize::new(0));
    let bar = progress::games_bar(args.quiet, args.games, resumed, busy.clone());
    let (blue, tan) = (
        variant.side_title(jovian_rules::Color::Blue),
        variant.side_title(jovian_rules::Color::Tan),
    );
    let running = |p: &[f64; 2]| format!("{blue} {} - {tan} {}", p[0], p[1]);
    bar.set_message(running(&points));
    let abort = AtomicBool::new(false);
    let mut failure = None;
    let ray = runner.run(
        &config,
        &jobs_left,
        &abort,
        &busy,
        &make_player,
        |report| match report {
            Ok(r) => {
                add_points(&mut points, r.winner);
                bar.set_message(running(&points));
                bar.inc(1);
            }
            Err(e) => {
                abort.store(true, Ordering::SeqCst);
                failure.get_or_insert(e);
            }
        },
    );
    bar.finish_and_clear();
    let ray = ray.map_err(CliError)?;
    if let Some(e) = failure {
        return Err(CliError(e));
    }
    let played = started.elapsed();
    let report = jovian_lab::write_report(&out).map_err(CliError)?;
    outln!(
        "{} lab: {} games, both sides {}; arrays {}{}; {} random opening plies; seed {}",
        variant.title,
        report.games.len(),
        settings.player,
        settings.setups,
        if arrays.varied() { " (varied)" } else { "" },
        settings.random_plies,
        settings.seed
    );
    if args.resume {
        outln!(
            "Resumed: {resumed} games read from the records, {} played now",
            jobs_left.len()
        );
    }
    out!("{}", summary(&report));
    outln!("Report: {}", out.join(REPORT_FILE).display());
    if let Some(path) = &args.values_out {
        write_values(&report, &settings, path)?;
    }
    if let Some(path) = &args.weights_out {
        write_weights(&report, &settings, path)?;
    }
    if let Some(ray) = &ray {
        outln!("{}", ray.line());
    }
    if args.out.is_none() {
        outln!("Also on the Lab page of `jovian serve` (its data directory holds the run)");
    }
    outln!(
        "Games: {:.1} s; report: {:.1} s",
        played.as_secs_f64(),
        (started.elapsed() - played).as_secs_f64()
    );
    Ok(())
}

/// The command that played a run's games, for the files made from it.
fn made_by(report: &jovian_lab::Report, settings: &Settings) -> String {
    let (player, tune) = match settings.player.split_once('@') {
        Some((player, tune)) => (player, format!(" --tune {tune}")),
        None => (settings.player.as_str(), String::new()),
    };
    let strength = match player.split_once(':') {
        Some((kind, value)) => format!("--{kind} {value}{tune}"),
        None => format!("{player}{tune}"),
    };
    format!(
        "Games: jovian lab {} --games {} {strength} --setups {} --random-plies {} \
         --max-plies {} --seed {}",
        settings.game,
        report.games.len(),
        settings.setups,
        settings.random_plies,
        settings.max_plies,
        settings.seed
    )
}

/// Fits the evaluation's weights to the run and writes them (`--weights-out`).
fn write_weights(
    report: &jovian_lab::Report,
    settings: &Settings,
    path: &Path,
) -> Result<(), CliError> {
    let tunables = jovian_engine::tunables::EvalTunables::for_game(report.variant.id);
    let weights = jovian_lab::weights::fit(report.variant, &report.games, &tunables)
        .map_err(|e| CliError(format!("no weights to write to {}: {e}", path.display())))?;
    let text = weights.render(report.variant, &[made_by(report, settings)]);
    std::fs::write(path, text)
        .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
    outln!(
        "Evaluation weights: {} ({} of {} fitted); to test them: --a \"SPEC@{}\"",
        path.display(),
        weights.rows.iter().filter(|r| r.fitted.is_some()).count(),
        weights.rows.len(),
        weights.overrides()
    );
    Ok(())
}

/// Writes the run's fitted values as the engine's table (`--values-out`).
fn write_values(
    report: &jovian_lab::Report,
    settings: &Settings,
    path: &Path,
) -> Result<(), CliError> {
    let Some(values) = &report.values else {
        return Err(CliError(format!(
            "no values to write to {}: {}",
            path.display(),
            report.no_fit.as_deref().unwrap_or("nothing was fitted")
        )));
    };
    let table = jovian_lab::table::EngineTable::of(report.variant, values)
        .map_err(|e| CliError(format!("no values to write to {}: {e}", path.display())))?;
    let text = table.render(report.variant, values, &[made_by(report, settings)]);
    std::fs::write(path, text)
        .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
    outln!(
        "Values for the engine: {} ({} types fitted, {:.1} centipawns per log-odds)",
        path.display(),
        table.rows.iter().filter(|r| r.fitted.is_some()).count(),
        table.scale
    );
    Ok(())
}

/// Blue's and Tan's points (A is always Blue in the lab).
fn add_points(points: &mut [f64; 2], winner: Winner) {
    match winner {
        Winner::A => points[0] += 1.0,
        Winner::B => points[1] += 1.0,
        Winner::Draw => {
            points[0] += 0.5;
            points[1] += 0.5;
        }
    }
}

/// Whether `dir` already holds a run (its settings or any record).
fn holds_a_run(dir: &Path) -> bool {
    dir.join(jovian_lab::SETTINGS_FILE).exists() || resume::holds_a_match(dir)
}

/// The report's headline figures as text for the terminal.
fn summary(report: &jovian_lab::Report) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let v = report.variant;
    let blue = v.side_title(jovian_rules::Color::Blue);
    let o = &report.outcomes;
    if let Some(s) = o.all.blue_share() {
        let _ = writeln!(
            out,
            "{blue} (moving first): +{} ={} -{}, score {:.1}% (95% interval {:.1}% .. {:.1}%), \
             first-move advantage {:+.1} points, {} Elo",
            o.all.blue_wins,
            o.all.draws,
            o.all.tan_wins,
            100.0 * s.score,
            100.0 * s.low,
            100.0 * s.high,
            100.0 * (s.score - 0.5),
            jovian_lab::html::elo_text(jovian_lab::score::elo_from_score(s.score))
        );
    }
    let reasons: Vec<String> = o
        .reasons
        .iter()
        .map(|r| format!("{} {}", r.reason.label(), r.tally.games()))
        .collect();
    if !reasons.is_empty() {
        let _ = writeln!(out, "Ended by: {}", reasons.join(", "));
    }
    let l = &o.lengths;
    if let (Some(median), Some(mean)) = (l.median(), l.mean()) {
        let _ = writeln!(
            out,
            "Length: median {median} plies, mean {mean:.1} (shortest {}, longest {})",
            l.plies.first().copied().unwrap_or(0),
            l.plies.last().copied().unwrap_or(0)
        );
    }
    if let Some(values) = &report.values {
        let text = |f: &jovian_lab::values::FittedValue| {
            format!(
                "{} {:.2} ({:.2}..{:.2})",
                v.abbr(jovian_rules::PieceKind(f.kind)),
                f.value,
                f.low,
                f.high
            )
        };
        let n = values.values.len();
        let top: Vec<String> = values.values.iter().take(5).map(text).collect();
        let bottom: Vec<String> = values.values[n.saturating_sub(5)..]
            .iter()
            .rev()
            .map(text)
            .collect();
        let _ = writeln!(
            out,
            "Fitted values ({} quiet positions; unit: {}):\n  highest: {}\n  lowest: {}",
            values.fit.samples,
            match values.unit {
                jovian_lab::values::Unit::Pawn => "the fitted Pawn",
                jovian_lab::values::Unit::LogOdds => "log-odds",
            },
            top.join(", "),
            bottom.join(", ")
        );
    } else {
        let _ = writeln!(
            out,
            "Fitted values: none. {}",
            report.no_fit.as_deref().unwrap_or("")
        );
    }
    if !report.unreadable.is_empty() {
        let _ = writeln!(
            out,
            "Left out: {} records that could not be read (listed in the report)",
            report.unreadable.len()
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_are_checked_and_canonical() {
        let v = Variant::by_id("scirocco").unwrap();
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(Arrays::parse(v, &words(&["all"])).unwrap(), Arrays::All);
        assert_eq!(
            Arrays::parse(v, &words(&["default", "Rotational-00000000"])).unwrap(),
            Arrays::Names(vec!["rot-00111011".into(), "rot-00000000".into()])
        );
        let e = Arrays::parse(v, &words(&["rot-012"])).unwrap_err();
        assert!(e.0.contains("unknown array \"rot-012\""), "{}", e.0);
        assert!(Arrays::parse(v, &words(&["all", "default"])).is_err());
        // Names from the saved text (one string) read back the same.
        let names = Arrays::parse(v, &words(&["rot-00000000 mir-11111111"])).unwrap();
        assert_eq!(names.to_text(), "rot-00000000 mir-11111111");
        let lb = Variant::by_id("larger-board").unwrap();
        for setups in ["default", "all"] {
            assert_eq!(
                Arrays::parse(lb, &words(&[setups])).unwrap(),
                Arrays::Names(vec!["standard".into()])
            );
        }
        // The array of a game depends on the seed and its number only.
        assert_eq!(Arrays::All.of_game(v, 3, 17), Arrays::All.of_game(v, 3, 17));
    }
}
