//! The report's raw figures as one CSV table in long form: `section,name,metric,value,low,high`,
//! a row per figure (the interval columns only for estimates), so that a spreadsheet or a script
//! can filter by section and metric.

use std::fmt::Write;

use jovian_rules::PieceKind;

use crate::pieces::type_label;
use crate::report::{Report, result_text};
use crate::score::{Group, Tally, elo_from_score};

/// Quotes a field when it needs it.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

struct Table(String);

impl Table {
    fn row(&mut self, section: &str, name: &str, metric: &str, value: impl ToString) {
        let _ = writeln!(
            self.0,
            "{},{},{},{},,",
            field(section),
            field(name),
            field(metric),
            field(&value.to_string())
        );
    }

    fn estimate(&mut self, section: &str, name: &str, metric: &str, v: f64, lo: f64, hi: f64) {
        let _ = writeln!(
            self.0,
            "{},{},{},{v},{lo},{hi}",
            field(section),
            field(name),
            field(metric)
        );
    }

    fn tally(&mut self, section: &str, name: &str, t: &Tally) {
        self.row(section, name, "games", t.games());
        self.row(section, name, "blue_wins", t.blue_wins);
        self.row(section, name, "draws", t.draws);
        self.row(section, name, "tan_wins", t.tan_wins);
        if let Some(s) = t.blue_share() {
            self.estimate(section, name, "blue_score", s.score, s.low, s.high);
        }
    }

    fn groups(&mut self, section: &str, groups: &[Group]) {
        for g in groups {
            self.tally(section, &g.label, &g.tally);
        }
    }
}

/// The CSV text of a report.
pub fn render(report: &Report) -> String {
    let mut t = Table("section,name,metric,value,low,high\n".to_string());
    let s = &report.settings;
    t.row("settings", "run", "name", &report.name);
    t.row("settings", "run", "game", &s.game);
    t.row("settings", "run", "player", &s.player);
    t.row("settings", "run", "setups", &s.setups);
    t.row("settings", "run", "random_plies", s.random_plies);
    t.row("settings", "run", "max_plies", s.max_plies);
    t.row("settings", "run", "seed", s.seed);
    t.row(
        "settings",
        "run",
        "unreadable_records",
        report.unreadable.len(),
    );
    let o = &report.outcomes;
    t.tally("score", "all", &o.all);
    if let Some(sh) = o.all.blue_share() {
        t.estimate(
            "score",
            "all",
            "first_move_advantage",
            sh.score - 0.5,
            sh.low - 0.5,
            sh.high - 0.5,
        );
        t.estimate(
            "score",
            "all",
            "first_move_elo",
            elo_from_score(sh.score),
            elo_from_score(sh.low),
            elo_from_score(sh.high),
        );
    }
    for r in &o.reasons {
        t.tally("reason", r.reason.label(), &r.tally);
    }
    let l = &o.lengths;
    for (metric, q) in [
        ("min", 0.0),
        ("q1", 0.25),
        ("median", 0.5),
        ("q3", 0.75),
        ("max", 1.0),
    ] {
        if let Some(v) = l.quantile(q) {
            t.row("length", "plies", metric, v);
        }
    }
    if let Some(mean) = l.mean() {
        t.row("length", "plies", "mean", mean);
    }
    for b in l.histogram(15) {
        t.row(
            "length_histogram",
            &format!("{}-{}", b.low, b.high - 1),
            "games",
            b.games,
        );
    }
    for g in &report.games {
        t.row("game", &g.file, "array", g.setup.as_deref().unwrap_or(""));
        t.row("game", &g.file, "result", result_text(g));
        t.row("game", &g.file, "reason", g.reason.label());
        t.row("game", &g.file, "plies", g.plies());
    }
    t.groups("array", &o.arrays);
    t.groups("choice", &o.choices);
    let v = report.variant;
    for f in report.fates.iter().filter(|f| f.pieces() > 0) {
        let name = type_label(v, f.kind);
        for (metric, n) in [
            ("at_start", f.at_start),
            ("gained", f.gained),
            ("promoted", f.promoted),
            ("flipped", f.changed),
            ("captured", f.captured),
            ("lost_own_move", f.lost_own),
            ("survived", f.survived),
            ("lost_for_nothing", f.for_nothing()),
        ] {
            t.row("piece", &name, metric, n);
        }
        t.row("piece", &name, "value_back_pawns", f.value_back);
        for (kind, n) in f.usual_trades(usize::MAX) {
            t.row(
                "piece_trade",
                &name,
                &format!("for {}", v.abbr(PieceKind(kind))),
                n,
            );
        }
    }
    t.row("fit", "sampled", "positions", report.samples);
    if let Some(values) = &report.values {
        let fit = &values.fit;
        t.row("fit", "model", "unit", values.unit.describe());
        t.row("fit", "model", "log_odds_per_unit", values.scale);
        t.row("fit", "model", "intercept_log_odds", fit.intercept);
        t.row("fit", "model", "games", fit.games);
        t.row("fit", "model", "iterations", fit.iterations);
        for f in &values.values {
            let name = type_label(v, f.kind);
            t.estimate("value", &name, "fitted", f.value, f.low, f.high);
            t.row("value", &name, "log_odds", f.log_odds);
            t.row("value", &name, "standard_error", f.standard_error);
            if let Some(i) = fit.position_of(f.kind) {
                t.row("value", &name, "model_se", fit.model_standard_error(i));
                t.row("value", &name, "robust_se", fit.robust_standard_error(i));
            }
            t.row("value", &name, "engine_pawns", f.engine);
            t.row("value", &name, "unbalanced_positions", f.unbalanced);
        }
    }
    if let Some(c) = &report.example {
        for (ply, e) in c.engine.iter().enumerate() {
            t.row("eval", &c.file, &format!("ply {ply} engine"), e);
        }
        for (ply, e) in c.fitted.iter().flatten().enumerate() {
            t.row("eval", &c.file, &format!("ply {ply} fitted"), e);
        }
    }
    t.0
}

#[cfg(test)]
mod tests {
    use super::field;

    #[test]
    fn fields_are_quoted_when_needed() {
        assert_eq!(field("plain"), "plain");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}
