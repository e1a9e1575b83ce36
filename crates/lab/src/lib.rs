//! Jovian's designer's lab: what a run of self-play games says about a game. A run is a directory
//! of game records (written by `jovian lab`, see run.rs); from it this crate computes the score of
//! each side with the first-move advantage, the results by reason, the length of the games, the
//! results per array, what becomes of each piece type, and piece values fitted to the results
//! (Texel-style logistic regression), and renders them as one self-contained HTML page with SVG
//! plots, plus a CSV of the raw figures. The command line and the web server both use it; it
//! depends on the rules and the engine (for its evaluation and value table) only.
//! See docs/lab.md.

pub mod census;
pub mod csv;
pub mod html;
pub mod linalg;
pub mod pieces;
pub mod report;
pub mod run;
pub mod score;
pub mod svg;
pub mod table;
pub mod texel;
pub mod values;
pub mod weights;

use std::path::Path;

pub use html::{PLOT_IDS, PageLinks, REPORT_CSS};
pub use report::Report;
pub use run::{FIGURES_FILE, LabError, REPORT_FILE, Run, SETTINGS_FILE, Settings};

/// Tunables the lab's engines play with in a game unless the run's `--tune` names them, as
/// (game, NAME, VALUE). Jupiter 1999: the royal tropism, a drive of every piece towards the enemy
/// King, without which the lab's fast levels shuffle on the 16x16 board until the move limit (at
/// level 4, 19 of 20 games), and games that end undecided say nothing about the game or what its
/// pieces are worth (docs/lab.md). Jupiter needs none: its engine plays the conversion bundle,
/// the tropism included, by default (`jovian_engine::tunables::CONVERSION_GAMES`).
pub const LAB_TUNABLES: &[(&str, &str, i64)] = &[("jupiter-1999", "royal_tropism", 1000)];

/// `player` (`SPEC` or `SPEC@NAME=VALUE,...`, as `jovian match` writes players) with the game's
/// [`LAB_TUNABLES`] that its own tunables do not name put before them.
pub fn with_lab_tunables(game: &str, player: &str) -> String {
    let (base, tune) = player.split_once('@').unwrap_or((player, ""));
    let named: Vec<&str> = tune
        .split(',')
        .filter_map(|item| item.split_once('=').map(|(name, _)| name.trim()))
        .collect();
    let mut items: Vec<String> = LAB_TUNABLES
        .iter()
        .filter(|(id, name, _)| *id == game && !named.contains(name))
        .map(|(_, name, value)| format!("{name}={value}"))
        .collect();
    items.extend(
        tune.split(',')
            .map(str::trim)
            .filter(|i| !i.is_empty())
            .map(String::from),
    );
    if items.is_empty() {
        base.to_string()
    } else {
        format!("{base}@{}", items.join(","))
    }
}

/// Reads the run in `dir` and writes its report (`report.html`, standing alone) and raw figures
/// (`figures.csv`) into it. Returns the report.
pub fn write_report(dir: &Path) -> Result<Report, String> {
    let run = Run::load(dir).map_err(|e| e.to_string())?;
    let report = Report::of(run);
    let links = PageLinks {
        stylesheet: None,
        csv: FIGURES_FILE.to_string(),
        back: None,
    };
    for (file, text) in [
        (REPORT_FILE, html::render(&report, &links)),
        (FIGURES_FILE, csv::render(&report)),
    ] {
        let path = dir.join(file);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::with_lab_tunables;

    #[test]
    fn lab_tunables_go_before_the_players_own_unless_it_names_them() {
        assert_eq!(with_lab_tunables("scirocco", "level:4"), "level:4");
        assert_eq!(
            with_lab_tunables("scirocco", "level:4@value_table=1"),
            "level:4@value_table=1"
        );
        assert_eq!(with_lab_tunables("jupiter", "level:4"), "level:4");
        assert_eq!(
            with_lab_tunables("jupiter-1999", "level:4"),
            "level:4@royal_tropism=1000"
        );
        assert_eq!(
            with_lab_tunables("jupiter-1999", "nodes:900@value_table=1"),
            "nodes:900@royal_tropism=1000,value_table=1"
        );
        assert_eq!(
            with_lab_tunables("jupiter-1999", "level:4@value_table=1,royal_tropism=0"),
            "level:4@value_table=1,royal_tropism=0"
        );
    }
}
