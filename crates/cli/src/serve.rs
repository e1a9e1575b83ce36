//! `jovian serve`: the board in the browser (crates/web).

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use crate::input::CliError;

#[derive(Args)]
pub struct ServeArgs {
    /// Port (0 picks a free one; the URL printed tells which).
    #[arg(long, default_value_t = 8080, allow_negative_numbers = true,
          value_parser = crate::bounds::port)]
    port: u16,
    /// The address to listen on: 127.0.0.1 (this computer only) by default; 0.0.0.0 lets people
    /// on the network play (browsers there open http://THIS-MACHINE'S-ADDRESS:PORT/).
    #[arg(long, default_value = "127.0.0.1")]
    host: std::net::IpAddr,
    /// Directory of the games database (default: $XDG_DATA_HOME/jovian or ~/.local/share/jovian).
    #[arg(long)]
    data: Option<PathBuf>,
    /// Do not try to open a browser.
    #[arg(long)]
    no_open: bool,
    /// Answer to this host name as well as 127.0.0.1, localhost and [::1] (for a server put
    /// behind a name, e.g. by a reverse proxy): NAME (any port) or NAME:PORT. Repeatable.
    #[arg(long = "allow-host", value_name = "NAME", value_parser = jovian_web::allowed_host)]
    allow_hosts: Vec<String>,
    /// How many engines may think at once; more games whose engine is to move wait their turn.
    #[arg(long, default_value_t = 2, allow_negative_numbers = true,
          value_parser = crate::bounds::engines)]
    engines: usize,
    /// Memory for all the engines' hash tables together, in MB (each gets an equal share): 1 to
    /// 65536, and at most half the machine's memory.
    #[arg(long, value_name = "MB", default_value_t = 64, allow_negative_numbers = true,
          value_parser = crate::bounds::engine_memory_mb)]
    engine_memory: usize,
    /// No rate limits per client address (for a load test from one address, on a machine of
    /// one's own; never on a public server).
    #[arg(long)]
    no_rate_limits: bool,
    /// Anyone who reaches the server may ask the engine on the analysis board (without it, only
    /// a player of a game, with its seat). Each analysis still takes an engine slot in turn.
    #[arg(long)]
    open_analysis: bool,
    /// Where the Lab page finds runs and starts new ones (default: the data directory's `lab/`):
    /// a directory that `jovian lab --out` writes into shows there too.
    #[arg(long, value_name = "DIR")]
    lab_dir: Option<PathBuf>,
    /// Offer the game of every variant file (*.toml) in DIR beside the built-in games: in the
    /// game list, with its pieces' diagrams, its rules, the engine and the Lab page. Every file is
    /// read at start; a broken one (or a repeated id) stops the server with its error.
    #[arg(long, value_name = "DIR")]
    variants: Option<PathBuf>,
}

/// Opens `url` in the desktop's browser if there is one; silently does nothing otherwise.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let _ = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}

pub fn run(args: &ServeArgs) -> Result<(), CliError> {
    let data = args
        .data
        .clone()
        .unwrap_or_else(jovian_web::default_data_dir);
    let shown = data.display().to_string();
    let no_open = args.no_open;
    let engines = jovian_web::EngineOptions {
        engines: args.engines,
        memory_mb: args.engine_memory,
        open_analysis: args.open_analysis,
    };
    if engines.memory_mb < engines.engines {
        return Err(CliError(format!(
            "--engine-memory {} MB is less than 1 MB for each of the {} engines",
            engines.memory_mb, engines.engines
        )));
    }
    // Every file is read before the server opens anything: a broken one is the whole answer.
    let variants = match &args.variants {
        Some(dir) => jovian_web::Catalogue::from_dir(dir).map_err(CliError)?,
        None => jovian_web::Catalogue::builtin(),
    };
    let served: Vec<String> = (variants.files().iter())
        .map(|f| format!("{} ({}, {})", f.variant.id, f.variant.title, f.name))
        .collect();
    let stopped = jovian_web::serve_blocking(jovian_web::ServeOptions {
        port: args.port,
        host: args.host,
        data,
        allow_hosts: args.allow_hosts.clone(),
        engines,
        connections: jovian_web::ConnectionLimits::default(),
        lab_dir: args.lab_dir.clone(),
        // The Lab page's runs are played by this very program.
        lab_exe: std::env::current_exe().ok(),
        variants,
        rate_limits: if args.no_rate_limits {
            jovian_web::RateLimits::off()
        } else {
            jovian_web::RateLimits::default()
        },
        on_listening: Box::new(move |addr| {
            // An unspecified address (0.0.0.0) is reached here through the loopback one.
            let local = if addr.ip().is_unspecified() {
                std::net::SocketAddr::new(std::net::Ipv4Addr::LOCALHOST.into(), addr.port())
            } else {
                addr
            };
            let url = format!("http://{local}/");
            println!("Jovian is at {url} (games kept in {shown}; Ctrl-C stops the server)");
            if !served.is_empty() {
                println!("Variant files offered: {}", served.join("; "));
            }
            if !addr.ip().is_loopback() {
                println!(
                    "Listening on {addr}: people on the network open http://<this machine's \
                     address>:{}/ (names other than addresses need --allow-host)",
                    addr.port()
                );
            }
            let _ = std::io::stdout().flush();
            if !no_open {
                open_browser(&url);
            }
        }),
    })
    .map_err(|e| CliError(e.to_string()))?;
    let engines = match stopped.engines_stopped {
        0 => String::new(),
        1 => "; 1 engine was stopped, its game thinks again at the next start".to_string(),
        n => format!("; {n} engines were stopped, their games think again at the next start"),
    };
    let late = if stopped.clean {
        ""
    } else {
        " (some requests or searches were cut off)"
    };
    println!(
        "Jovian stopped ({}): every game is saved{engines}{late}",
        stopped.by.describe()
    );
    Ok(())
}
