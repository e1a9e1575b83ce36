//! Stopping the server: Ctrl-C (SIGINT) or SIGTERM begins a graceful stop. The server stops
//! accepting connections, event streams end, the engines stop (their moves are dropped, and the
//! games think again at the next start), the requests under way finish their writes, and the
//! data directory is let go. A second signal while that is going on ends the process at once.

use std::time::Duration;

/// How long the stop waits for requests under way and for the engines to notice.
pub const GRACE: Duration = Duration::from_secs(5);

/// What stopped the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Interrupt,
    Terminate,
    /// The caller's own future (tests, embedders).
    Requested,
}

impl Stop {
    pub fn describe(self) -> &'static str {
        match self {
            Stop::Interrupt => "Ctrl-C",
            Stop::Terminate => "SIGTERM",
            Stop::Requested => "a stop request",
        }
    }
}

/// Resolves at the first Ctrl-C or SIGTERM; from then on, a second one exits the process at once
/// (status 130) for a user who does not want to wait. If the handlers cannot be installed, it
/// never resolves (the process then stops the old way, by the signal's default action).
pub async fn signal() -> Stop {
    let stop = first_signal().await;
    tokio::spawn(async {
        first_signal().await;
        eprintln!("jovian serve: stopped at once (second signal)");
        std::process::exit(130);
    });
    stop
}

#[cfg(unix)]
async fn first_signal() -> Stop {
    use tokio::signal::unix::{SignalKind, signal};
    let Ok(mut term) = signal(SignalKind::terminate()) else {
        return interrupt_only().await;
    };
    tokio::select! {
        stop = interrupt_only() => stop,
        _ = term.recv() => Stop::Terminate,
    }
}

#[cfg(not(unix))]
async fn first_signal() -> Stop {
    interrupt_only().await
}

async fn interrupt_only() -> Stop {
    match tokio::signal::ctrl_c().await {
        Ok(()) => Stop::Interrupt,
        Err(_) => std::future::pending().await,
    }
}
