//! `jovian match`: two players meet over many games, in parallel, from initial arrays drawn at
//! random (each played twice with colours swapped); every game is saved as a record, and the end
//! shows a results table with the Elo difference. See docs/match.md.

pub(crate) mod cecp;
pub(crate) mod opening;
pub(crate) mod players;
mod pool;
pub(crate) mod ray;
pub(crate) mod resume;
pub(crate) mod runner;
mod sprt;
pub(crate) mod start;
pub(crate) mod stats;

use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use clap::Args;
use jovian_rules::record::{Game, Record};
use jovian_rules::{Color, Move, Position, Setup, Variant};

use crate::bounds;
use crate::input::{self, CliError};
use cecp::CmdLimit;
use players::{Clocks, Player, Spec, mix};
use ray::RayArgs;
use resume::{Expected, Settings};
use runner::Runner;
use sprt::{Pentanomial, SprtBounds, Verdict};
use start::{Start, Starts};
use stats::{Reason, Tally, Winner};

#[derive(Args)]
pub struct MatchArgs {
    /// The game to play [default: scirocco; with --resume, the match's own].
    #[arg(long)]
    game: Option<String>,
    /// Number of games; each drawn array is played twice with colours swapped, so an even number.
    #[arg(long, default_value_t = 100, allow_negative_numbers = true,
          value_parser = bounds::games)]
    games: usize,
    /// Player A: level:N, depth:N, nodes:N, movetime:MS, clock (needs --tc), random, greedy, or
    /// "cmd:PATH [ARGS]" (an engine speaking CECP, e.g. "cmd:jovian xboard"). An engine spec may
    /// change tunables for an A/B test, or search with threads: SPEC@NAME=VALUE,... (e.g.
    /// movetime:50@rfp_max_depth=6, movetime:100@threads=2).
    #[arg(long = "a", value_name = "SPEC")]
    a: String,
    /// Player B, as for --a.
    #[arg(long = "b", value_name = "SPEC")]
    b: String,
    /// A chess clock for both sides, BASE+INC in seconds (e.g. 10+0.1); a side whose time runs
    /// out loses. Engine players also search within their own spec's limit.
    #[arg(long, value_name = "BASE+INC", allow_hyphen_values = true)]
    tc: Option<String>,
    /// Games played at the same time (default: the number of cores; at most 256).
    #[arg(long, allow_negative_numbers = true, value_parser = bounds::concurrency)]
    concurrency: Option<usize>,
    /// A game reaching this many plies is adjudicated a draw (1 to 100000).
    #[arg(long, default_value_t = 1000, allow_negative_numbers = true,
          value_parser = bounds::max_plies)]
    max_plies: usize,
    /// Seed for the choice of arrays and the random players (default: from the clock; printed).
    #[arg(long, allow_negative_numbers = true, value_parser = bounds::seed)]
    seed: Option<u64>,
    /// Plies each pair of games begins with, chosen at random (from the seed and the pair) among
    /// the moves a depth-1 search finds within 0.5 Pawn of the best; both games of the pair start
    /// from the same position. Default: 4 for a game with one array (the 12x8 game), where
    /// otherwise every pair would replay the same two games, else 0 (0 to 40).
    #[arg(long, allow_negative_numbers = true, value_parser = bounds::random_plies)]
    random_plies: Option<usize>,
    /// Start from the positions of FILE instead of initial arrays: one position text a line (as
    /// `jovian play --position` takes it; # starts a comment), pair k playing the k-th (from
    /// the first again once all are played), both colours. The positions are kept in the
    /// match's match.txt, so a resumed match needs no file.
    #[arg(long, value_name = "FILE")]
    positions: Option<PathBuf>,
    /// Directory for the game records (default: matches/DATE-TIME/).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue the match in --out: the games already saved there are counted, not replayed,
    /// and the rest are played (a larger --games extends the match). The seed and the other
    /// settings come from the match's own match.txt and must not be contradicted.
    #[arg(long, requires = "out")]
    resume: bool,
    /// Hash table of each engine player, in MB (1 to 65536, and at most half the machine's
    /// memory).
    #[arg(long, default_value_t = 16, value_name = "MB", allow_negative_numbers = true,
          value_parser = bounds::hash_mb)]
    hash: usize,
    /// Per-move limit sent to cmd: players when there is no --tc: depth:N, movetime:MS, or
    /// nodes:N (XBoard's node-count time, `st 1` and `nps N`: a Jovian build then searches as
    /// `nodes:N` does, so two builds can be matched at fixed nodes).
    #[arg(long, default_value = "movetime:1000", value_name = "LIMIT")]
    cmd_limit: String,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// A sequential probability ratio test: stop as soon as it decides whether A is stronger than
    /// B by ELO1 (H1) rather than ELO0 (H0), logistic Elo, e.g. `0,10`. Counted by pairs of games
    /// (one array, colours swapped); --games is then the most that are played. A non-regression
    /// test takes negative bounds: `--sprt -10,0`.
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    sprt: Option<String>,
    /// The SPRT's chance of accepting H1 when H0 holds.
    #[arg(
        long,
        default_value_t = 0.05,
        requires = "sprt",
        allow_negative_numbers = true
    )]
    sprt_alpha: f64,
    /// The SPRT's chance of accepting H0 when H1 holds.
    #[arg(
        long,
        default_value_t = 0.05,
        requires = "sprt",
        allow_negative_numbers = true
    )]
    sprt_beta: f64,
    /// Another slice of the same SPRT, to pool with this match: a match directory played with the
    /// same game, players, clock and limits but another seed. Its finished pairs count toward the
    /// LLR, the verdict and the Elo, as if one run had played them all (repeat for several).
    #[arg(long, value_name = "DIR", requires = "sprt")]
    sprt_pool: Vec<PathBuf>,
    /// Pairs of earlier slices of the same SPRT whose records are not at hand, to pool with this
    /// match: the counts a match prints, N0,N1,N2,N3,N4 (pairs in which A scored 0, 0.5, 1, 1.5
    /// and 2 points).
    #[arg(long, value_name = "N0,N1,N2,N3,N4", requires = "sprt")]
    sprt_prior: Option<String>,
    #[command(flatten)]
    ray: RayArgs,
}

/// The pairs of a match as their games come in, for the SPRT.
#[derive(Default)]
struct Pairs {
    /// Pairs with one game in: A's half-points so far.
    open: HashMap<usize, usize>,
    done: Pentanomial,
}

impl Pairs {
    /// Counts game `index`; true when it completes its pair.
    fn add(&mut self, index: usize, winner: Winner) -> bool {
        let half_points = match winner {
            Winner::A => 2,
            Winner::Draw => 1,
            Winner::B => 0,
        };
        match self.open.remove(&(index / 2)) {
            Some(first) => {
                self.done.add(first + half_points);
                true
            }
            None => {
                self.open.insert(index / 2, half_points);
                false
            }
        }
    }
}

/// Everything a game thread needs to know (`jovian lab` plays its games with it too).
pub(crate) struct Config {
    pub(crate) variant: &'static Variant,
    /// The names of A and B in the records' Blue and Tan tags.
    pub(crate) names: [String; 2],
    pub(crate) tc: Option<(Duration, Duration)>,
    pub(crate) max_plies: usize,
    /// Where each record is saved the moment its game ends; `None` (a Ray worker, `worker.rs`):
    /// the record travels back in the report instead.
    pub(crate) out: Option<PathBuf>,
    /// The width of the game numbers in the records' file names.
    pub(crate) digits: usize,
}

/// One game to play.
pub(crate) struct Job {
    pub(crate) index: usize,
    pub(crate) start: Start,
    pub(crate) a_is_blue: bool,
    pub(crate) seed: u64,
    /// Random plies played before the players take over (`opening::play_random_plies`), and
    /// their seed (the same for both games of a match's pair).
    pub(crate) opening_plies: usize,
    pub(crate) opening_seed: u64,
}

impl Job {
    /// What its saved record must show: this game, A and B (`a`, `b`: their names) on their sides.
    pub(crate) fn expected<'a>(&'a self, a: &'a str, b: &'a str) -> Expected<'a> {
        let (blue, tan) = if self.a_is_blue { (a, b) } else { (b, a) };
        Expected {
            round: self.index + 1,
            start: self.start.tag(),
            blue,
            tan,
            a_is_blue: self.a_is_blue,
        }
    }
}

/// What the game threads of a match need (`out: None` keeps the records in the reports: a Ray
/// worker's).
pub(crate) fn match_config(
    variant: &'static Variant,
    settings: &Settings,
    tc: Option<(Duration, Duration)>,
    out: Option<PathBuf>,
    games: usize,
) -> Config {
    Config {
        variant,
        names: [settings.a.clone(), settings.b.clone()],
        tc,
        max_plies: settings.max_plies,
        out,
        digits: games.to_string().len().max(3),
    }
}

/// How a game went.
pub(crate) struct Report {
    pub(crate) index: usize,
    pub(crate) a_is_blue: bool,
    pub(crate) winner: Winner,
    pub(crate) reason: Reason,
    pub(crate) plies: usize,
    /// The game's record as saved.
    pub(crate) record: String,
}

/// Makes the player A (0) or B (1) of a game thread.
pub(crate) type MakePlayer<'a> =
    dyn Fn(usize) -> Result<Box<dyn Player + Send>, String> + Sync + 'a;

/// Plays `jobs` on `concurrency` threads, each with its own players (and so its own engines) made
/// by `make_player`, saving each game's record as it ends and handing its report (or the error that
/// stops the games) to `on_report` on the calling thread. No new game starts once `abort` is set;
/// `busy` counts the games under way.
pub(crate) fn play_jobs(
    config: &Config,
    jobs: &[Job],
    concurrency: usize,
    abort: &AtomicBool,
    busy: &AtomicUsize,
    make_player: &MakePlayer,
    mut on_report: impl FnMut(Result<Report, String>),
) {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<Result<Report, String>>();
    thread::scope(|scope| {
        for _ in 0..concurrency {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || game_thread(config, jobs, next, abort, busy, make_player, tx));
        }
        drop(tx);
        for report in rx {
            on_report(report);
        }
    });
}

/// `BASE+INC` in seconds, each at most a day (`bounds::MAX_SECONDS`), the base more than 0.
pub(crate) fn parse_tc(text: &str) -> Result<(Duration, Duration), String> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    match (bounds::seconds(base), bounds::seconds(inc)) {
        (Some(b), Some(i)) if !b.is_zero() => Ok((b, i)),
        _ => Err(format!(
            "--tc takes BASE+INC in seconds (e.g. 10+0.1), the base more than 0 and both at most \
             {} (a day), not {text:?}",
            bounds::MAX_SECONDS
        )),
    }
}

pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    let started = Instant::now();
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("matches").join(crate::clock::stamp()));
    let saved = if args.resume {
        Some(resume::read_settings(&out).map_err(CliError)?)
    } else {
        None
    };
    // A resumed match plays its own game unless the command line names one (which must agree).
    let game = (args.game.as_deref())
        .or(saved.as_ref().map(|s| s.game.as_str()))
        .unwrap_or("scirocco");
    let variant = input::variant(game)?;
    let spec = |t: &str| Spec::parse(t).map_err(CliError);
    let specs = [spec(&args.a)?, spec(&args.b)?];
    let tc = args
        .tc
        .as_deref()
        .map(parse_tc)
        .transpose()
        .map_err(CliError)?;
    if tc.is_none() && specs.iter().any(Spec::needs_clock) {
        return Err(CliError("the player clock needs --tc BASE+INC".to_string()));
    }
    let cmd_limit = CmdLimit::parse(&args.cmd_limit).map_err(CliError)?;
    let sprt = args
        .sprt
        .as_deref()
        .map(|t| SprtBounds::parse(t, args.sprt_alpha, args.sprt_beta))
        .transpose()
        .map_err(CliError)?;
    // The pairs of the test's earlier slices, which the SPRT counts with this match's own (the
    // slices named by directory are read once this match's settings are known).
    let mut earlier = match &args.sprt_prior {
        Some(text) => pool::parse_prior(text).map_err(CliError)?,
        None => Pentanomial::default(),
    };
    if args.games % 2 == 1 {
        errln!(
            "note: {} games is odd; each array is played twice with colours swapped, so the last \
             one is played once, with A as Blue",
            args.games
        );
    }
    if saved.is_none() && resume::holds_a_match(&out) {
        return Err(CliError(format!(
            "{} already holds a match: continue it with --resume, or choose another --out",
            out.display()
        )));
    }
    let seed = args
        .seed
        .or(saved.as_ref().map(|s| s.seed))
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        });
    let arrays = start::canonical_arrays(variant);
    let positions = match &args.positions {
        Some(path) => start::read_positions(variant, path).map_err(CliError)?,
        None => saved
            .as_ref()
            .map(|s| s.positions.clone())
            .unwrap_or_default(),
    };
    // A game with one array would otherwise replay the same two games in every pair.
    let one_start = positions.len() == 1 || (positions.is_empty() && arrays.len() == 1);
    let random_plies = args
        .random_plies
        .or(saved.as_ref().map(|s| s.random_plies))
        .unwrap_or(if one_start { 4 } else { 0 });
    if !positions.is_empty() && args.games > 2 * positions.len() {
        errln!(
            "note: {} games play the {} positions more than once each (a pair plays one)",
            args.games,
            positions.len()
        );
    }
    let settings = Settings {
        game: input::game_name(game, variant),
        a: args.a.trim().to_string(),
        b: args.b.trim().to_string(),
        tc: args.tc.as_deref().unwrap_or("").trim().to_string(),
        cmd_limit: args.cmd_limit.trim().to_string(),
        max_plies: args.max_plies,
        seed,
        random_plies,
        positions,
    };
    let starts = Starts {
        variant,
        arrays: &arrays,
        positions: &settings.positions,
        seed,
        random_plies,
    };
    let jobs: Vec<Job> = (0..args.games).map(|index| starts.job(index)).collect();
    for dir in &args.sprt_pool {
        let slice = pool::read_slice(dir, &settings, variant).map_err(CliError)?;
        earlier = earlier + slice;
    }
    match &saved {
        Some(saved) => settings.check_same(saved, &out).map_err(CliError)?,
        None => {
            std::fs::create_dir_all(&out)
                .map_err(|e| CliError(format!("cannot create {}: {e}", out.display())))?;
            let path = out.join(resume::SETTINGS_FILE);
            std::fs::write(&path, settings.to_text())
                .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
        }
    }
    // When resuming, the games already saved are counted from their records; the rest are played.
    let mut tally = Tally::default();
    let mut pairs = Pairs {
        done: earlier,
        ..Pairs::default()
    };
    let mut jobs_left = Vec::new();
    for job in jobs {
        let saved_game = args
            .resume
            .then(|| resume::existing_record(&out, job.index))
            .flatten();
        let Some(path) = saved_game else {
            jobs_left.push(job);
            continue;
        };
        let expected = job.expected(&settings.a, &settings.b);
        let finished = resume::read_finished(&path, &expected).map_err(CliError)?;
        pairs.add(job.index, finished.winner);
        tally.add(
            finished.winner,
            finished.reason,
            job.a_is_blue,
            finished.plies,
        );
    }
    let jobs = jobs_left;
    let resumed = tally.games;
    let concurrency = args
        .concurrency
        .unwrap_or_else(|| thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, jobs.len().max(1));
    let config = match_config(variant, &settings, tc, Some(out.clone()), args.games);
    let programs = specs
        .iter()
        .filter_map(|s| match s {
            Spec::Cmd { program, .. } => Some(program.clone()),
            _ => None,
        })
        .collect();
    let runner = match args.ray.plan(
        "match",
        settings.to_text(),
        args.hash,
        args.concurrency,
        programs,
    )? {
        Some(plan) => Runner::Ray(plan),
        None => Runner::Local { concurrency },
    };
    let make_player = |who: usize| players::create(&specs[who], variant, args.hash, &cmd_limit, tc);

    // Without a terminal (a log file), the SPRT's progress is a line per pair instead of the bar.
    let show_pairs = !args.quiet && !std::io::stdout().is_terminal();
    let busy = Arc::new(AtomicUsize::new(0));
    let bar = crate::progress::games_bar(args.quiet, args.games, resumed, busy.clone());
    let running = |tally: &Tally, pairs: &Pairs| match &sprt {
        Some(b) => format!("{}  {}", tally.running(), pairs.done.status(b)),
        None => tally.running(),
    };
    // The verdict may already stand on the games resumed.
    let mut verdict = sprt.as_ref().map(|b| pairs.done.verdict(b));
    bar.set_message(running(&tally, &pairs));
    let abort = AtomicBool::new(verdict.is_some_and(|v| v != Verdict::Continue));
    let mut failure: Option<String> = None;
    let ray = runner.run(
        &config,
        &jobs,
        &abort,
        &busy,
        &make_player,
        |report| match report {
            Ok(r) => {
                tally.add(r.winner, r.reason, r.a_is_blue, r.plies);
                if pairs.add(r.index, r.winner)
                    && let Some(b) = &sprt
                {
                    let v = pairs.done.verdict(b);
                    if v != Verdict::Continue && verdict == Some(Verdict::Continue) {
                        // Decided: no new game starts; those under way are finished and counted.
                        abort.store(true, Ordering::SeqCst);
                        verdict = Some(v);
                    }
                    if show_pairs {
                        outln!("{}", pairs.done.status(b));
                    }
                }
                bar.set_message(running(&tally, &pairs));
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
    let deterministic = specs.iter().all(Spec::is_deterministic) && tc.is_none();
    outln!(
        "{} match: A = {}, B = {}; {} games, {}{} drawn with seed {seed}{}, max {} plies{}",
        variant.title,
        config.names[0],
        config.names[1],
        args.games,
        match settings.positions.len() {
            0 => "arrays".to_string(),
            n => format!("from {n} positions, seeds"),
        },
        match random_plies {
            0 => String::new(),
            n => format!(" and {n} random plies"),
        },
        if deterministic { " (reproducible)" } else { "" },
        args.max_plies,
        args.tc
            .as_deref()
            .map(|t| format!(", clock {t}"))
            .unwrap_or_default()
    );
    outln!("Records: {}", out.display());
    if args.resume {
        outln!(
            "Resumed: {resumed} games read from the records, {} played now",
            tally.games - resumed
        );
    }
    outln!();
    out!("{}", tally.table());
    if let Some(b) = &sprt {
        if earlier.pairs() > 0 {
            outln!(
                "SPRT pooled over slices: {} pairs of earlier slices and {} of this match",
                earlier.pairs(),
                pairs.done.pairs() - earlier.pairs()
            );
        }
        out!("{}", sprt::report(b, &pairs.done));
    }
    if let Some(ray) = &ray {
        outln!("{}", ray.line());
    }
    outln!("Wall time: {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// Plays jobs until none is left; each thread has its own players (and so its own engines).
fn game_thread(
    config: &Config,
    jobs: &[Job],
    next: &AtomicUsize,
    abort: &AtomicBool,
    busy: &AtomicUsize,
    make_player: &MakePlayer,
    tx: mpsc::Sender<Result<Report, String>>,
) {
    let mut players: [Option<Box<dyn Player + Send>>; 2] = [None, None];
    while !abort.load(Ordering::SeqCst) {
        let i = next.fetch_add(1, Ordering::SeqCst);
        let Some(job) = jobs.get(i) else { break };
        for (who, slot) in players.iter_mut().enumerate() {
            if slot.is_none() {
                match make_player(who) {
                    Ok(p) => *slot = Some(p),
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                }
            }
        }
        let [Some(a), Some(b)] = &mut players else {
            return;
        };
        busy.fetch_add(1, Ordering::SeqCst);
        let played = play(config, job, a.as_mut(), b.as_mut());
        busy.fetch_sub(1, Ordering::SeqCst);
        let (report, forfeit_by) = match played {
            Ok(x) => x,
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        };
        // A player that failed may be broken (a crashed engine): start it afresh.
        if let Some(who) = forfeit_by {
            players[who] = None;
        }
        if tx.send(Ok(report)).is_err() {
            return;
        }
    }
}

/// Plays one game and saves its record. Returns the report (with the record) and, for a forfeit, which player
/// (0 = A, 1 = B) failed.
fn play(
    config: &Config,
    job: &Job,
    a: &mut dyn Player,
    b: &mut dyn Player,
) -> Result<(Report, Option<usize>), String> {
    let v = config.variant;
    let setup = job.start.setup(v)?;
    let mut pos = Position::from_setup(&setup).map_err(|e| e.to_string())?;
    let mut moves: Vec<Move> = Vec::new();
    opening::play_random_plies(v, &mut pos, job.opening_plies, job.opening_seed, &mut moves);
    // Blue's player first; `who[c]` is 0 for A, 1 for B.
    let who = if job.a_is_blue { [0, 1] } else { [1, 0] };
    let mut sides: [&mut dyn Player; 2] = if job.a_is_blue { [a, b] } else { [b, a] };
    let mut clocks = config.tc.map(|(base, increment)| Clocks {
        remaining: [base; 2],
        increment,
    });
    // The players start from the position after the opening plies, as from a set-up position.
    let mut last: Option<Move> = None;
    // The loser (none for a draw by the rules), why, and in words; `None` for a draw by the move
    // limit.
    let mut end: Option<(Option<Color>, Reason, String)> = None;
    for color in Color::BOTH {
        if let Err(e) = sides[color.index()].new_game(&pos, mix(job.seed, color.index() as u64)) {
            end = Some((Some(color), Reason::Forfeit, format!("forfeit: {e}")));
            break;
        }
    }
    while end.is_none() {
        if let Some(o) = pos.outcome() {
            let reason = Reason::from_rules(o.reason);
            end = Some((o.loser(), reason, o.reason.describe().to_string()));
            break;
        }
        if moves.len() >= config.max_plies {
            break;
        }
        let side = pos.side_to_move();
        let thinking = Instant::now();
        let chosen = sides[side.index()].choose(&mut pos, last, clocks.as_ref());
        let spent = thinking.elapsed();
        let m = match chosen {
            Ok(m) if pos.is_legal(m) => m,
            Ok(_) => {
                end = Some((
                    Some(side),
                    Reason::Forfeit,
                    "forfeit: an illegal move".to_string(),
                ));
                break;
            }
            Err(e) => {
                end = Some((Some(side), Reason::Forfeit, format!("forfeit: {e}")));
                break;
            }
        };
        if let Some(c) = clocks.as_mut() {
            let left = &mut c.remaining[side.index()];
            match left.checked_sub(spent) {
                Some(rest) => *left = rest + c.increment,
                None => {
                    end = Some((Some(side), Reason::Time, "out of time".to_string()));
                    break;
                }
            }
        }
        pos.make(m);
        moves.push(m);
        last = Some(m);
    }
    let (winner, reason, result, comment) = match &end {
        Some((None, reason, detail)) => {
            (Winner::Draw, *reason, "1/2-1/2", format!("draw: {detail}"))
        }
        Some((Some(loser), reason, detail)) => {
            let w = loser.other();
            let result = if w == Color::Blue { "1-0" } else { "0-1" };
            let winner = if who[w.index()] == 0 {
                Winner::A
            } else {
                Winner::B
            };
            (
                winner,
                *reason,
                result,
                format!("{} wins: {detail}", pos.variant().side_title(w)),
            )
        }
        None => (
            Winner::Draw,
            Reason::MoveLimit,
            "1/2-1/2",
            format!("draw by move limit ({} plies)", config.max_plies),
        ),
    };
    for side in sides.iter_mut() {
        side.game_over(&format!("{result} {{{comment}}}"));
    }
    let record = save_record(config, job, &setup, &moves, pos, result, &comment)?;
    let forfeit_by = end
        .filter(|f| f.1 == Reason::Forfeit)
        .and_then(|(loser, _, _)| loser.map(|l| who[l.index()]));
    Ok((
        Report {
            index: job.index,
            a_is_blue: job.a_is_blue,
            winner,
            reason,
            plies: moves.len(),
            record,
        },
        forfeit_by,
    ))
}

fn save_record(
    config: &Config,
    job: &Job,
    setup: &Setup,
    moves: &[Move],
    mut position: Position,
    result: &str,
    comment: &str,
) -> Result<String, String> {
    let (blue, tan) = if job.a_is_blue { (0, 1) } else { (1, 0) };
    let outcome = position.outcome();
    let game = Game {
        variant: config.variant,
        start: setup.clone(),
        setup_name: job.start.setup_name(),
        moves: moves.to_vec(),
        position,
        outcome,
    };
    let tags = vec![
        ("Blue".to_string(), config.names[blue].clone()),
        ("Tan".to_string(), config.names[tan].clone()),
        ("Date".to_string(), crate::clock::today()),
        ("Round".to_string(), (job.index + 1).to_string()),
        ("Result".to_string(), result.to_string()),
        ("Termination".to_string(), comment.to_string()),
    ];
    let text = Record::from_game(&game, tags).to_text();
    if let Some(out) = &config.out {
        resume::write_whole(&resume::record_path(out, job.index, config.digits), &text)?;
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_and_arrays() {
        assert_eq!(
            parse_tc("10+0.1"),
            Ok((Duration::from_secs(10), Duration::from_millis(100)))
        );
        assert_eq!(parse_tc("5"), Ok((Duration::from_secs(5), Duration::ZERO)));
        assert!(parse_tc("0+1").is_err());
        assert!(parse_tc("x+1").is_err());
        // Numbers a Duration cannot hold, or a clock beyond a day: refused, never a panic.
        for absurd in [
            "1e300+0",
            "10+1e300",
            "18446744073709551616",
            "86401",
            "inf+0",
            "NaN",
        ] {
            let e = parse_tc(absurd).unwrap_err();
            assert!(e.contains("at most 86400 (a day)"), "{e}");
        }
        assert_eq!(
            parse_tc("86400+86400"),
            Ok((Duration::from_secs(86_400), Duration::from_secs(86_400)))
        );
        let v = Variant::by_id("scirocco").unwrap();
        let arrays = start::canonical_arrays(v);
        assert_eq!(arrays.len(), 512);
        assert!(
            arrays
                .iter()
                .all(|n| n.starts_with("rot-") || n.starts_with("mir-"))
        );
    }
}
