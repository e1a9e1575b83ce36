//! Where the games of a match or a lab run are played: on this machine's threads (`play_jobs`),
//! or as tasks on a Ray cluster (`ray.rs`). Both hand each finished game's report to the same
//! callback, with its record already saved in the run directory, so that the tally, the SPRT, the
//! progress bar and resuming do not know which one played.

use std::sync::atomic::{AtomicBool, AtomicUsize};

use super::ray::{RayPlan, RaySummary};
use super::{Config, Job, MakePlayer, Report, play_jobs};

pub(crate) enum Runner {
    /// Threads of this process, each game on one.
    Local { concurrency: usize },
    /// Tasks on a Ray cluster, each running `jovian worker` on a node.
    Ray(RayPlan),
}

impl Runner {
    /// Plays `jobs`; see `play_jobs`. No new game starts once `abort` is set (on Ray, the games
    /// under way are cancelled too). An error that stops the whole run (Ray could not start, a
    /// worker runs another build) is returned; one game's failure goes to `on_report`.
    pub(crate) fn run(
        &self,
        config: &Config,
        jobs: &[Job],
        abort: &AtomicBool,
        busy: &AtomicUsize,
        make_player: &MakePlayer,
        on_report: impl FnMut(Result<Report, String>),
    ) -> Result<Option<RaySummary>, String> {
        match self {
            Runner::Local { concurrency } => {
                play_jobs(
                    config,
                    jobs,
                    *concurrency,
                    abort,
                    busy,
                    make_player,
                    on_report,
                );
                Ok(None)
            }
            Runner::Ray(plan) => plan.play(config, jobs, abort, busy, on_report).map(Some),
        }
    }
}
