//! The report as one HTML page: tables and the inline SVG plots of svg.rs. Written to a file it
//! carries its CSS inline and needs nothing else; served by `jovian serve` it links the same CSS
//! as a file instead (the server's content security policy allows no inline style).

use std::fmt::Write;

use jovian_rules::Color;

use crate::pieces::type_label;
use crate::report::Report;
use crate::score::{Group, Share, Tally, elo_from_score};
use crate::svg::{self, Estimate, Series, escape};
use crate::values::Unit;

/// The report's stylesheet: inline in the file, served at `/lab.css` by the web server.
pub const REPORT_CSS: &str = include_str!("report.css");

/// The ids of the report's plots, in the order they appear.
pub const PLOT_IDS: [&str; 4] = ["plot-lengths", "plot-arrays", "plot-values", "plot-eval"];

/// At most this many arrays get a row each in the plot of scores by array; with more, the plot
/// shows the choices their names make instead.
const MOST_ARRAY_ROWS: usize = 20;

/// At most this many arrays get a row in the table of arrays (the CSV has them all).
const MOST_ARRAY_TABLE_ROWS: usize = 40;

/// Where the page finds its style and its neighbours.
pub struct PageLinks {
    /// `None`: the CSS inline (a file that stands alone); `Some(href)`: a stylesheet link.
    pub stylesheet: Option<String>,
    /// The CSV of the raw figures.
    pub csv: String,
    /// A link back to the list of runs, when served.
    pub back: Option<String>,
}

/// A count that may be fractional (a median, a quartile): at most one decimal, none if whole.
fn plies(x: f64) -> String {
    format!("{}", (x * 10.0).round() / 10.0)
}

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn share_text(s: Share) -> String {
    format!(
        "{} (95% interval {} to {})",
        percent(s.score),
        percent(s.low),
        percent(s.high)
    )
}

/// An Elo difference: `+61`, `0`, `-35`, `+inf`.
pub fn elo_text(x: f64) -> String {
    if x == f64::INFINITY {
        "+inf".to_string()
    } else if x == f64::NEG_INFINITY {
        "-inf".to_string()
    } else if x.round() == 0.0 {
        "0".to_string()
    } else {
        format!("{x:+.0}")
    }
}

fn share_estimate(label: &str, t: &Tally) -> Option<Estimate> {
    t.blue_share().map(|s| Estimate {
        label: label.to_string(),
        value: s.score,
        low: s.low,
        high: s.high,
        reference: None,
        note: format!(
            "{label}: {} games, +{} ={} -{} for the first side, score {}",
            t.games(),
            t.blue_wins,
            t.draws,
            t.tan_wins,
            share_text(s)
        ),
    })
}

/// The page.
pub fn render(report: &Report, links: &PageLinks) -> String {
    let v = report.variant;
    let (blue, tan) = (v.side_title(Color::Blue), v.side_title(Color::Tan));
    let title = format!("{} lab report: {}", v.title, report.name);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <link rel=\"icon\" href=\"data:,\">\n<title>{}</title>",
        escape(&title)
    );
    match &links.stylesheet {
        Some(href) => {
            let _ = writeln!(out, "<link rel=\"stylesheet\" href=\"{}\">", escape(href));
        }
        None => {
            let _ = writeln!(out, "<style>\n{REPORT_CSS}</style>");
        }
    }
    out.push_str("</head>\n<body class=\"lab-report\">\n<main>\n");
    if let Some(back) = &links.back {
        let _ = writeln!(
            out,
            "<p class=\"nav\"><a href=\"{}\">All lab runs</a> · <a href=\"/\">Board</a></p>",
            escape(back)
        );
    }
    let s = &report.settings;
    let _ = writeln!(
        out,
        "<h1>{}</h1>\n<p class=\"settings\">{} games of self-play, both sides <code>{}</code>; \
         arrays: <code>{}</code>; {} random opening plies; draw at {} plies; seed {}. \
         <a href=\"{}\">Raw figures (CSV)</a>.</p>",
        escape(&title),
        report.games.len(),
        escape(&s.player),
        escape(&s.setups),
        s.random_plies,
        s.max_plies,
        s.seed,
        escape(&links.csv)
    );
    if !report.unreadable.is_empty() {
        out.push_str(
            "<div class=\"warning\"><p>Records left out (they could not be read):</p><ul>",
        );
        for (file, why) in &report.unreadable {
            let _ = write!(
                out,
                "<li><code>{}</code>: {}</li>",
                escape(file),
                escape(why)
            );
        }
        out.push_str("</ul></div>\n");
    }
    headline(&mut out, report, blue);
    score_section(&mut out, report, blue, tan);
    length_section(&mut out, report);
    array_section(&mut out, report, blue);
    piece_section(&mut out, report);
    value_section(&mut out, report);
    eval_section(&mut out, report, blue);
    let _ = writeln!(
        out,
        "<section><h2>Reading this report</h2><p>Each figure is explained in \
         <code>docs/lab.md</code>: the score's interval, the reasons, the arrays' choices, the \
         pieces' fates and trades, and how the values are fitted.</p></section>"
    );
    out.push_str("</main>\n</body>\n</html>\n");
    out
}

fn headline(out: &mut String, report: &Report, blue: &str) {
    out.push_str("<section class=\"headline\"><h2>In short</h2><ul>");
    if let Some(s) = report.outcomes.all.blue_share() {
        let _ = write!(
            out,
            "<li>{blue}, moving first, scores <strong>{}</strong>: a first-move advantage of \
             {:+.1} points (95% interval {:+.1} to {:+.1}), {} Elo.</li>",
            percent(s.score),
            100.0 * (s.score - 0.5),
            100.0 * (s.low - 0.5),
            100.0 * (s.high - 0.5),
            elo_text(elo_from_score(s.score))
        );
    } else {
        out.push_str("<li>No finished games yet.</li>");
    }
    let l = &report.outcomes.lengths;
    if let (Some(median), Some(&min), Some(&max)) = (l.median(), l.plies.first(), l.plies.last()) {
        let _ = write!(
            out,
            "<li>Games last <strong>{} plies</strong> at the median (from {min} to {max}).</li>",
            plies(median)
        );
    }
    if let Some(values) = &report.values {
        let name = |i: usize| {
            let f = &values.values[i];
            format!(
                "{} {:.2}",
                report.variant.abbr(jovian_rules::PieceKind(f.kind)),
                f.value
            )
        };
        let n = values.values.len();
        let top: Vec<String> = (0..n.min(5)).map(name).collect();
        let bottom: Vec<String> = (n.saturating_sub(5)..n).rev().map(name).collect();
        let _ = write!(
            out,
            "<li>Highest fitted values: {}; lowest: {}.</li>",
            escape(&top.join(", ")),
            escape(&bottom.join(", "))
        );
    }
    out.push_str("</ul></section>\n");
}

fn score_section(out: &mut String, report: &Report, blue: &str, tan: &str) {
    let all = &report.outcomes.all;
    let _ = writeln!(
        out,
        "<section><h2>Score</h2><table><tr><th></th><th>games</th><th>{blue} wins</th>\
         <th>draws</th><th>{tan} wins</th><th>{blue}'s score</th></tr>"
    );
    let row = |out: &mut String, label: &str, t: &Tally| {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(label),
            t.games(),
            t.blue_wins,
            t.draws,
            t.tan_wins,
            t.blue_share().map_or("-".to_string(), share_text)
        );
    };
    row(out, "all games", all);
    out.push_str("</table>\n");
    out.push_str(
        "<h3>Results by reason</h3><table id=\"reasons\"><tr><th>reason</th><th>games</th>",
    );
    let _ = writeln!(
        out,
        "<th>{blue} wins</th><th>{tan} wins</th><th>draws</th></tr>"
    );
    for r in &report.outcomes.reasons {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(r.reason.label()),
            r.tally.games(),
            r.tally.blue_wins,
            r.tally.tan_wins,
            r.tally.draws
        );
    }
    out.push_str("</table></section>\n");
}

fn length_section(out: &mut String, report: &Report) {
    let l = &report.outcomes.lengths;
    out.push_str("<section><h2>Game length</h2>");
    if let (Some(median), Some(mean)) = (l.median(), l.mean()) {
        let _ = writeln!(
            out,
            "<p>Median {} plies, mean {mean:.1}; half the games last {} to {} plies; the \
             shortest {}, the longest {}.</p>",
            plies(median),
            plies(l.quantile(0.25).unwrap_or(0.0)),
            plies(l.quantile(0.75).unwrap_or(0.0)),
            l.plies.first().copied().unwrap_or(0),
            l.plies.last().copied().unwrap_or(0)
        );
    }
    let bins: Vec<(f64, f64, usize)> = l
        .histogram(15)
        .into_iter()
        .map(|b| (b.low as f64, b.high as f64, b.games))
        .collect();
    out.push_str(&svg::histogram(
        "plot-lengths",
        "Game length: games per range of plies",
        &bins,
        "plies",
        l.median().map(|m| (m, "median")),
    ));
    out.push_str("</section>\n");
}

fn groups_table(out: &mut String, id: &str, heading: &str, groups: &[Group], blue: &str) {
    let _ = writeln!(
        out,
        "<table id=\"{id}\"><tr><th>{}</th><th>games</th><th>{blue} wins</th><th>draws</th>\
         <th>{blue} losses</th><th>{blue}'s score</th></tr>",
        escape(heading)
    );
    for g in groups {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&g.label),
            g.tally.games(),
            g.tally.blue_wins,
            g.tally.draws,
            g.tally.tan_wins,
            g.tally.blue_share().map_or("-".to_string(), share_text)
        );
    }
    out.push_str("</table>\n");
}

fn array_section(out: &mut String, report: &Report, blue: &str) {
    let o = &report.outcomes;
    out.push_str("<section><h2>Arrays</h2>");
    let by_choice = o.arrays.len() > MOST_ARRAY_ROWS && !o.choices.is_empty();
    let (title, groups): (&str, Vec<&Group>) = if by_choice {
        (
            "Score of the first side by the choices of the array's name",
            o.choices.iter().collect(),
        )
    } else {
        (
            "Score of the first side by array",
            o.arrays.iter().take(MOST_ARRAY_ROWS).collect(),
        )
    };
    let rows: Vec<Estimate> = groups
        .iter()
        .filter_map(|g| share_estimate(&g.label, &g.tally))
        .collect();
    let _ = writeln!(
        out,
        "<p>{blue}'s score (dot) with its 95% interval (bar) {}; right of the middle line \
         favours {blue}.</p>",
        if by_choice {
            "for each choice the arrays' names make: symmetry, and which member of each pair \
             stands on the left"
        } else {
            "for each array played"
        }
    );
    out.push_str(&svg::estimates(
        "plot-arrays",
        title,
        &rows,
        0.5,
        (0.0, 1.0),
        &format!("{blue}'s score"),
    ));
    if !o.choices.is_empty() {
        out.push_str("<h3>By choice</h3>");
        groups_table(out, "choices", "choice", &o.choices, blue);
    }
    let shown = o.arrays.len().min(MOST_ARRAY_TABLE_ROWS);
    let _ = writeln!(
        out,
        "<h3>By array ({} arrays{})</h3>",
        o.arrays.len(),
        if shown < o.arrays.len() {
            format!("; the {shown} most played here, every one in the CSV")
        } else {
            String::new()
        }
    );
    groups_table(out, "arrays", "array", &o.arrays[..shown], blue);
    out.push_str("</section>\n");
}

fn piece_section(out: &mut String, report: &Report) {
    let v = report.variant;
    let any_changed = report.fates.iter().any(|f| f.changed > 0);
    out.push_str(
        "<section><h2>Pieces</h2><p>Over all games, both sides together: of every piece of a \
         type (in the arrays, or gained during the games), the share that promoted, was \
         captured, was lost on its own side's move, and survived to the end; when one was \
         lost, what its side got back in the same ply or the next (the engine's values, in \
         Pawns).</p><table id=\"pieces\"><tr><th>type</th><th>pieces</th><th>promoted</th>",
    );
    if any_changed {
        out.push_str("<th>flipped</th>");
    }
    out.push_str(
        "<th>captured</th><th>lost on own move</th><th>survived</th><th>lost</th>\
         <th>for nothing</th><th>usually for</th><th>material back per loss</th></tr>\n",
    );
    for f in report.fates.iter().filter(|f| f.pieces() > 0) {
        let usual: Vec<String> = f
            .usual_trades(3)
            .into_iter()
            .map(|(k, n)| format!("{} ×{n}", v.abbr(jovian_rules::PieceKind(k))))
            .collect();
        let losses = f.losses();
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td>",
            escape(&type_label(v, f.kind)),
            f.pieces(),
            percent(f.share(f.promoted))
        );
        if any_changed {
            let _ = write!(out, "<td>{}</td>", percent(f.share(f.changed)));
        }
        let _ = writeln!(
            out,
            "<td>{}</td><td>{}</td><td>{}</td><td>{losses}</td><td>{}</td><td class=\"trades\">{}</td><td>{}</td></tr>",
            percent(f.share(f.captured)),
            percent(f.share(f.lost_own)),
            percent(f.share(f.survived)),
            if losses == 0 {
                "-".to_string()
            } else {
                percent(f.for_nothing() as f64 / losses as f64)
            },
            escape(&usual.join(", ")),
            if losses == 0 {
                "-".to_string()
            } else {
                format!("{:.2}", f.value_back / losses as f64)
            }
        );
    }
    out.push_str("</table></section>\n");
}

fn value_section(out: &mut String, report: &Report) {
    let v = report.variant;
    out.push_str("<section><h2>Fitted piece values</h2>");
    let Some(values) = &report.values else {
        let _ = writeln!(
            out,
            "<p>No values fitted: {} ({} quiet positions sampled.)</p>",
            escape(report.no_fit.as_deref().unwrap_or("")),
            report.samples
        );
        out.push_str(&svg::estimates(
            "plot-values",
            "Fitted piece values",
            &[],
            0.0,
            (0.0, 1.0),
            "value",
        ));
        out.push_str("</section>\n");
        return;
    };
    let fit = &values.fit;
    let _ = writeln!(
        out,
        "<p>A logistic fit of each game's result on the material difference per type, over \
         {} quiet positions from {} games ({} Newton iterations, ridge {}). Values in {}; \
         the bars are 95% intervals, from the larger of the model's and the cluster-robust \
         (games as clusters) standard errors; the hollow diamonds are the engine's own table. The model's intercept, {blue}'s edge \
         with equal material, is {:+.3} log-odds. Types never unbalanced in at least {} \
         positions are not fitted.</p>",
        fit.samples,
        fit.games,
        fit.iterations,
        crate::texel::RIDGE,
        escape(values.unit.describe()),
        fit.intercept,
        crate::texel::MIN_SAMPLES_UNBALANCED,
        blue = v.side_title(Color::Blue)
    );
    let rows: Vec<Estimate> = values
        .values
        .iter()
        .map(|f| Estimate {
            label: type_label(v, f.kind),
            value: f.value,
            low: f.low,
            high: f.high,
            // The engine's table is in Pawns: beside log-odds it would mislead.
            reference: (values.unit == Unit::Pawn).then_some(f.engine),
            note: format!(
                "{}: {:.2} ({:.2} to {:.2}); engine {:.2}; unbalanced in {} positions",
                type_label(v, f.kind),
                f.value,
                f.low,
                f.high,
                f.engine,
                f.unbalanced
            ),
        })
        .collect();
    out.push_str(&svg::estimates(
        "plot-values",
        "Fitted piece values with 95% intervals",
        &rows,
        0.0,
        (0.0, 1.0),
        "value",
    ));
    out.push_str(
        "<table id=\"values\"><tr><th>type</th><th>value</th><th>95% interval</th>\
         <th>engine (Pawns)</th><th>log-odds per piece</th><th>model s.e.</th><th>robust s.e.</th>\
         <th>unbalanced positions</th></tr>\n",
    );
    for f in &values.values {
        let (model_se, robust_se) = fit.position_of(f.kind).map_or((f64::NAN, f64::NAN), |j| {
            (fit.model_standard_error(j), fit.robust_standard_error(j))
        });
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{:.2}</td><td>{:.2} to {:.2}</td><td>{:.2}</td><td>{:.3}</td>\
             <td>{:.3}</td><td>{:.3}</td><td>{}</td></tr>",
            escape(&type_label(v, f.kind)),
            f.value,
            f.low,
            f.high,
            f.engine,
            f.log_odds,
            model_se,
            robust_se,
            f.unbalanced
        );
    }
    out.push_str("</table></section>\n");
}

fn eval_section(out: &mut String, report: &Report, blue: &str) {
    out.push_str("<section><h2>Evaluation over a game</h2>");
    let Some(curve) = &report.example else {
        out.push_str("<p>No game to show.</p>");
        out.push_str(&svg::lines(
            "plot-eval",
            "Evaluation over a game",
            &[],
            "pawns",
            30.0,
        ));
        out.push_str("</section>\n");
        return;
    };
    let _ = writeln!(
        out,
        "<p>The game nearest the median length, <code>{}</code>{}, result {}: after each ply, \
         the engine's static evaluation and the fitted values' material balance, in Pawns from \
         {blue}'s side (clipped at ±30).</p>",
        escape(&curve.file),
        curve
            .setup
            .as_deref()
            .map(|s| format!(" from array <code>{}</code>", escape(s)))
            .unwrap_or_default(),
        escape(&curve.result)
    );
    let mut series = vec![Series {
        name: "engine's static evaluation",
        colour: svg::BLUE,
        points: &curve.engine,
    }];
    if let Some(fitted) = &curve.fitted {
        series.push(Series {
            name: "fitted material balance",
            colour: svg::TAN,
            points: fitted,
        });
    }
    out.push_str(&svg::lines(
        "plot-eval",
        &format!("Evaluation over {}", curve.file),
        &series,
        &format!("pawns for {blue}"),
        30.0,
    ));
    out.push_str("</section>\n");
}
