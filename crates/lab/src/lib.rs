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
