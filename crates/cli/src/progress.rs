//! The progress bar of `jovian match` and `jovian lab`, the same whether the games are played on
//! this machine's threads or as tasks on a Ray cluster: games done of the whole, the rate of this
//! session's games per minute, the workers busy, and the caller's message (the score so far, and
//! an SPRT's LLR with its bounds).

use std::fmt::Write;
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// A bar over `total` games of which `resumed` were read from saved records (they count as done
/// but not in the rate); `busy` is read on every redraw. Hidden when `quiet` or when stdout is
/// not a terminal (a log file).
pub(crate) fn games_bar(
    quiet: bool,
    total: usize,
    resumed: usize,
    busy: Arc<AtomicUsize>,
) -> ProgressBar {
    if quiet || !std::io::stdout().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stdout());
    let rate = move |state: &ProgressState, w: &mut dyn Write| {
        let minutes = state.elapsed().as_secs_f64() / 60.0;
        let played = state.pos().saturating_sub(resumed as u64);
        if minutes > 0.0 && played > 0 {
            let _ = write!(w, "{:.1} games/min", played as f64 / minutes);
        } else {
            let _ = write!(w, "- games/min");
        }
    };
    let workers = move |_: &ProgressState, w: &mut dyn Write| {
        let _ = write!(w, "{} busy", busy.load(Ordering::Relaxed));
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games  {rate}  {workers}  {msg}  [{elapsed_precise}, eta {eta}]",
        )
        .expect("a valid progress template")
        .with_key("rate", rate)
        .with_key("workers", workers),
    );
    bar.set_position(resumed as u64);
    // Redrawn each second, so that the workers busy and the rate move between games too.
    bar.enable_steady_tick(Duration::from_secs(1));
    bar
}
