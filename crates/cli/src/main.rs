//! `jovian`: the command line of the Jovian chess-variant program.

#[macro_use]
mod output;

mod analyse;
mod bench;
mod board_text;
mod bounds;
mod clock;
mod input;
mod lab;
mod matches;
mod play;
mod progress;
mod serve;
mod variant_file;
mod worker;
mod xboard;

use std::process::ExitCode;
use std::time::Instant;

use clap::{CommandFactory, Parser, Subcommand};
use jovian_rules::notation::{self, Style};
use jovian_rules::record::Record;
use jovian_rules::{Move, Position};

use input::{CliError, PositionArgs};

#[derive(Parser)]
#[command(
    name = "jovian",
    version,
    about = "Play and study Adrian King's great chess variants"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the games this build knows.
    Variants,
    /// List the named initial arrays of a game.
    Setups { game: String },
    /// Games as data (docs/variants.md).
    #[command(subcommand)]
    Variant(variant_file::VariantCommand),
    /// Print every legal move of a position, one a line.
    Moves {
        game: String,
        #[command(flatten)]
        position: PositionArgs,
        /// Notation: long (always names the from-square), short (the game's own), coord (engines).
        #[arg(long, default_value = "long")]
        style: StyleArg,
    },
    /// Count the leaves of the legal-move tree to a depth.
    Perft {
        game: String,
        /// Plies, 0 to 20.
        #[arg(allow_negative_numbers = true, value_parser = bounds::perft_depth)]
        depth: u32,
        #[command(flatten)]
        position: PositionArgs,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Draw a position as text, with a legend of the pieces on the board.
    Show {
        game: String,
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Check a game record: replay and validate every move.
    Validate {
        file: std::path::PathBuf,
        /// The variant file of a game that is not built in (docs/variants.md).
        #[arg(long, value_name = "FILE")]
        variant: Option<std::path::PathBuf>,
    },
    /// Fixed perft and search workloads, reporting nodes per second (use a release build).
    Bench(bench::BenchArgs),
    /// Play a game against the engine in the terminal.
    Play(play::PlayArgs),
    /// Search a position: best move, score, principal variation, depth, nodes and speed.
    #[command(alias = "analyze")]
    Analyse(analyse::AnalyseArgs),
    /// Speak the XBoard/WinBoard engine protocol (CECP v2) on stdin/stdout.
    Xboard(xboard::XboardArgs),
    /// Play a match between two players (engine settings, random, greedy, or a CECP engine).
    Match(matches::MatchArgs),
    /// The designer's lab: self-play games of a game, then a report (score, first-move advantage,
    /// lengths, arrays, pieces' fates, fitted piece values) as an HTML file and a CSV.
    Lab(lab::LabArgs),
    /// Open the board in the browser: a local web server to play the computer or a friend.
    Serve(serve::ServeArgs),
    /// What a Ray task runs on a node: plays the games of a JSON request on stdin and writes
    /// their records as JSON (docs/cluster.md).
    #[command(hide = true)]
    Worker,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum StyleArg {
    Long,
    Short,
    Coord,
}

impl From<StyleArg> for Style {
    fn from(s: StyleArg) -> Style {
        match s {
            StyleArg::Long => Style::Long,
            StyleArg::Short => Style::Short,
            StyleArg::Coord => Style::Coordinate,
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("jovian: {e}");
            ExitCode::from(2)
        }
    }
}

/// Help and the version are printed as clap writes them (`jovian` alone prints the help); every
/// other mistake on the command line (an unknown option, a missing argument, a number out of
/// bounds, an argument that is not UTF-8) is one line on stderr and status 2, like any bad input.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = e.print();
        return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    }
    errln!("jovian: {}", one_line(&e.render().to_string()));
    ExitCode::from(2)
}

/// clap's message as one line: its first paragraph (the error; the next ones are tips and the
/// usage) with the lines joined, and where to find help (the subcommand's, if one was named).
fn one_line(message: &str) -> String {
    let first = message.split("\n\n").next().unwrap_or(message);
    let text = first.split_whitespace().collect::<Vec<_>>().join(" ");
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    let subcommand = std::env::args_os()
        .nth(1)
        .and_then(|a| a.into_string().ok())
        .and_then(|a| Some(Cli::command().find_subcommand(&a)?.get_name().to_string()));
    match subcommand {
        Some(name) => format!("{text} (see `jovian {name} --help`)"),
        None => format!("{text} (see `jovian --help`)"),
    }
}

fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Variants => {
            for v in jovian_rules::Variant::all() {
                outln!(
                    "{:<10} {} ({}x{}, {} piece types)",
                    v.id,
                    v.title,
                    v.geometry.width,
                    v.geometry.height,
                    v.pieces.len()
                );
            }
        }
        Command::Variant(command) => variant_file::run(&command)?,
        Command::Setups { game } => {
            let v = input::variant(&game)?;
            outln!("# {}", v.setups.help);
            match v.setup_names() {
                Some(names) => names.iter().for_each(|name| outln!("{name}")),
                None => outln!(
                    "# {} has too many arrays to list; for example: {}, {}",
                    v.title,
                    v.setups.default,
                    (v.setups.random)(1)
                ),
            }
        }
        Command::Moves {
            game,
            position,
            style,
        } => {
            let mut pos = position.load(&game)?;
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            for m in moves {
                outln!("{}", notation::format_move(&mut pos, m, style.into()));
            }
        }
        Command::Perft {
            game,
            depth,
            position,
            divide,
        } => {
            let mut pos = position.load(&game)?;
            perft(&mut pos, depth, divide);
        }
        Command::Show { game, position } => {
            let mut pos = position.load(&game)?;
            out!("{}", board_text::render(&mut pos));
        }
        Command::Validate { file, variant } => {
            if let Some(path) = &variant {
                input::variant_file(path)?;
            }
            validate(&file)?
        }
        Command::Bench(args) => bench::run(&args)?,
        Command::Play(args) => play::run(&args)?,
        Command::Analyse(args) => analyse::run(&args)?,
        Command::Xboard(args) => xboard::run(&args)?,
        Command::Match(args) => matches::run(&args)?,
        Command::Lab(args) => lab::run(&args)?,
        Command::Serve(args) => serve::run(&args)?,
        Command::Worker => worker::run()?,
    }
    Ok(())
}

fn perft(pos: &mut Position, depth: u32, divide: bool) {
    let start = Instant::now();
    let nodes = if divide {
        let split: Vec<(Move, u64)> = pos.perft_divide(depth);
        let mut total = 0;
        for (m, n) in split {
            outln!("{} {n}", notation::format_move(pos, m, Style::Long));
            total += n;
        }
        total
    } else {
        pos.perft(depth)
    };
    let secs = start.elapsed().as_secs_f64();
    outln!("nodes {nodes}");
    errln!(
        "time {:.3} s, {:.0} nodes/s",
        secs,
        nodes as f64 / secs.max(1e-9)
    );
}

fn validate(path: &std::path::Path) -> Result<(), CliError> {
    let file = path.display();
    let text = input::read_text(path).map_err(|e| CliError(format!("cannot read {file}: {e}")))?;
    let record = Record::parse(&text).map_err(|e| CliError(format!("{file}: {e}")))?;
    let game = record
        .replay()
        .map_err(|e| CliError(format!("{file}: {e}")))?;
    let status = match game.outcome {
        Some(o) => o.describe(game.variant),
        None => "game not finished by the rules".to_string(),
    };
    // A move is a ply of each side: 7 plies are 4 moves.
    let plies = game.moves.len();
    let moves = plies.div_ceil(2);
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    outln!(
        "{file}: valid {} record, {} ({}), result {}; {status}",
        game.variant.title,
        plural(moves, "move"),
        plural(plies, "ply").replace("plys", "plies"),
        record
            .result
            .as_deref()
            .or(record.tag("Result"))
            .unwrap_or("*"),
    );
    Ok(())
}
