//! The report's plots as inline SVG, drawn here without any library: a histogram, horizontal
//! estimates with intervals (scores, piece values) and lines over plies. Only presentation
//! attributes are used (no `style` attributes or elements), so the plots obey the web server's
//! content security policy as they are; fonts and sizes of text come from the page's CSS.

use std::fmt::Write;

/// Blue's colour, Tan's colour, and the colour of reference lines and second series.
pub const BLUE: &str = "#2b6cb0";
pub const TAN: &str = "#b7791f";
pub const GREY: &str = "#718096";

const WIDTH: f64 = 720.0;

/// Escapes text for HTML and SVG.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Round tick positions covering `min..=max`, about `count` of them.
pub fn ticks(min: f64, max: f64, count: usize) -> Vec<f64> {
    if !(min.is_finite() && max.is_finite()) || max <= min {
        return vec![min];
    }
    let raw = (max - min) / count.max(1) as f64;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * power);
    let mut out = Vec::new();
    let mut t = (min / step).ceil() * step;
    while t <= max + step * 1e-9 {
        out.push(if t.abs() < step * 1e-9 { 0.0 } else { t });
        t += step;
    }
    out
}

/// A number for a tick label: no needless decimals.
fn label(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() as i64)
    } else if (x * 10.0 - (x * 10.0).round()).abs() < 1e-9 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// The opening of a plot: its element with an id, a title for screen readers, a frame.
fn open(id: &str, title: &str, height: f64) -> String {
    format!(
        "<svg id=\"{id}\" class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" \
         viewBox=\"0 0 {WIDTH} {height}\" width=\"{WIDTH}\" height=\"{height}\" role=\"img\" \
         aria-labelledby=\"{id}-title\"><title id=\"{id}-title\">{}</title>\n",
        escape(title)
    )
}

fn text(out: &mut String, x: f64, y: f64, anchor: &str, class: &str, content: &str) {
    let _ = writeln!(
        out,
        "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"{anchor}\" class=\"{class}\">{}</text>",
        escape(content)
    );
}

fn line(out: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), colour: &str, width: f64) {
    let _ = writeln!(
        out,
        "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{colour}\" \
         stroke-width=\"{width}\"/>"
    );
}

/// A linear map from data to pixels.
#[derive(Clone, Copy)]
struct Scale {
    from: (f64, f64),
    to: (f64, f64),
}

impl Scale {
    fn at(&self, x: f64) -> f64 {
        let span = self.from.1 - self.from.0;
        if span == 0.0 {
            return (self.to.0 + self.to.1) / 2.0;
        }
        self.to.0 + (x - self.from.0) / span * (self.to.1 - self.to.0)
    }
}

/// Vertical grid lines with labels below, for a horizontal axis.
fn x_axis(out: &mut String, scale: Scale, ticks: &[f64], top: f64, bottom: f64, caption: &str) {
    for &t in ticks {
        let x = scale.at(t);
        line(out, (x, top), (x, bottom), "#e2e8f0", 1.0);
        text(out, x, bottom + 14.0, "middle", "tick", &label(t));
    }
    line(out, (scale.to.0, bottom), (scale.to.1, bottom), GREY, 1.0);
    text(
        out,
        (scale.to.0 + scale.to.1) / 2.0,
        bottom + 32.0,
        "middle",
        "axis",
        caption,
    );
}

/// The caption of a vertical axis, written upward along it at the plot's left edge, where no
/// legend or label can cover it.
fn y_axis_caption(out: &mut String, top: f64, bottom: f64, caption: &str) {
    let _ = writeln!(
        out,
        "<text x=\"{:.1}\" y=\"14\" transform=\"rotate(-90)\" text-anchor=\"middle\" \
         class=\"axis\">{}</text>",
        -(top + bottom) / 2.0,
        escape(caption)
    );
}

/// About how wide a label of the plots' 12 px font is, per character.
const LABEL_CHAR_PX: f64 = 6.8;
/// The widest the label column of a chart of estimates may grow; longer labels are shortened
/// (the row's tooltip has the whole text).
const MAX_LABEL_PX: f64 = 400.0;

/// `label` shortened with an ellipsis to fit `px` pixels.
fn fit(label: &str, px: f64) -> String {
    let room = (px / LABEL_CHAR_PX).floor().max(4.0) as usize;
    if label.chars().count() <= room {
        return label.to_string();
    }
    let kept: String = label.chars().take(room - 1).collect();
    format!("{kept}…")
}

/// A histogram of counts over `[low, high)` bins, with a dashed mark at `mark` (the median).
pub fn histogram(
    id: &str,
    title: &str,
    bins: &[(f64, f64, usize)],
    x_caption: &str,
    mark: Option<(f64, &str)>,
) -> String {
    let height = 280.0;
    let (left, right, top, bottom) = (56.0, WIDTH - 20.0, 20.0, height - 50.0);
    let mut out = open(id, title, height);
    let (Some(first), Some(last)) = (bins.first(), bins.last()) else {
        text(
            &mut out,
            WIDTH / 2.0,
            height / 2.0,
            "middle",
            "axis",
            "no games",
        );
        out.push_str("</svg>\n");
        return out;
    };
    let most = bins.iter().map(|b| b.2).max().unwrap_or(0).max(1) as f64;
    let x = Scale {
        from: (first.0, last.1),
        to: (left, right),
    };
    let y = Scale {
        from: (0.0, most),
        to: (bottom, top),
    };
    for t in ticks(0.0, most, 5).into_iter().filter(|t| t.fract() == 0.0) {
        let py = y.at(t);
        line(&mut out, (left, py), (right, py), "#e2e8f0", 1.0);
        text(&mut out, left - 6.0, py + 4.0, "end", "tick", &label(t));
    }
    for &(low, high, count) in bins {
        let (x0, x1) = (x.at(low), x.at(high));
        let y0 = y.at(count as f64);
        let _ = writeln!(
            out,
            "<rect class=\"bar\" x=\"{:.1}\" y=\"{y0:.1}\" width=\"{:.1}\" height=\"{:.1}\" \
             fill=\"{BLUE}\" fill-opacity=\"0.75\"><title>{}-{} plies: {count} game{}</title></rect>",
            x0 + 1.0,
            (x1 - x0 - 2.0).max(1.0),
            bottom - y0,
            label(low),
            label(high - 1.0),
            if count == 1 { "" } else { "s" }
        );
    }
    // Bin edges are whole numbers: so are the ticks (every edge when the bins are few).
    let x_ticks: Vec<f64> = if bins.len() <= 10 {
        std::iter::once(first.0)
            .chain(bins.iter().map(|b| b.1))
            .collect()
    } else {
        ticks(first.0, last.1, 8)
            .into_iter()
            .filter(|t| t.fract() == 0.0)
            .collect()
    };
    x_axis(&mut out, x, &x_ticks, top, bottom, x_caption);
    y_axis_caption(&mut out, top, bottom, "games");
    if let Some((at, name)) = mark {
        let px = x.at(at);
        let _ = writeln!(
            out,
            "<line x1=\"{px:.1}\" y1=\"{top}\" x2=\"{px:.1}\" y2=\"{bottom}\" stroke=\"{TAN}\" \
             stroke-width=\"2\" stroke-dasharray=\"5 4\"/>"
        );
        text(&mut out, px + 4.0, top + 12.0, "start", "mark", name);
    }
    out.push_str("</svg>\n");
    out
}

/// One row of a chart of estimates: a label, the estimate with its interval, and an optional
/// reference value drawn as a hollow diamond (the engine's table value).
pub struct Estimate {
    pub label: String,
    pub value: f64,
    pub low: f64,
    pub high: f64,
    pub reference: Option<f64>,
    /// Shown when the pointer rests on the row.
    pub note: String,
}

/// Horizontal estimates with their 95% intervals, one row each, with a vertical reference line
/// at `baseline` (1/2 for scores, 0 for values). The axis spans `range` widened to hold every
/// interval.
pub fn estimates(
    id: &str,
    title: &str,
    rows: &[Estimate],
    baseline: f64,
    range: (f64, f64),
    x_caption: &str,
) -> String {
    let row_height = 22.0;
    // The label column as wide as the longest label needs (within bounds): none is cut at the
    // plot's left edge.
    let longest = rows
        .iter()
        .map(|r| r.label.chars().count())
        .max()
        .unwrap_or(0);
    let label_px = (longest as f64 * LABEL_CHAR_PX).clamp(100.0, MAX_LABEL_PX);
    let (left, right, top) = (label_px + 16.0, WIDTH - 24.0, 16.0);
    let bottom = top + row_height * rows.len().max(1) as f64;
    let height = bottom + 48.0;
    let mut out = open(id, title, height);
    let finite = |v: f64| v.is_finite().then_some(v);
    let low = rows
        .iter()
        .flat_map(|r| [finite(r.low), finite(r.value), r.reference])
        .flatten()
        .fold(range.0, f64::min);
    let high = rows
        .iter()
        .flat_map(|r| [finite(r.high), finite(r.value), r.reference])
        .flatten()
        .fold(range.1, f64::max);
    let tick_list = ticks(low, high, 8);
    let from = (
        tick_list.first().copied().unwrap_or(low).min(low),
        tick_list.last().copied().unwrap_or(high).max(high),
    );
    let x = Scale {
        from,
        to: (left, right),
    };
    x_axis(&mut out, x, &tick_list, top, bottom, x_caption);
    let base = x.at(baseline);
    line(&mut out, (base, top), (base, bottom), GREY, 1.5);
    if rows.is_empty() {
        text(
            &mut out,
            (left + right) / 2.0,
            top + 14.0,
            "middle",
            "axis",
            "nothing to show",
        );
    }
    for (i, r) in rows.iter().enumerate() {
        let cy = top + row_height * (i as f64 + 0.5);
        let colour = if r.value >= baseline { BLUE } else { TAN };
        let _ = writeln!(out, "<g class=\"row\"><title>{}</title>", escape(&r.note));
        text(
            &mut out,
            left - 8.0,
            cy + 4.0,
            "end",
            "label",
            &fit(&r.label, label_px),
        );
        let (lo, hi) = (x.at(r.low.max(from.0)), x.at(r.high.min(from.1)));
        line(&mut out, (lo, cy), (hi, cy), colour, 2.0);
        line(&mut out, (lo, cy - 5.0), (lo, cy + 5.0), colour, 2.0);
        line(&mut out, (hi, cy - 5.0), (hi, cy + 5.0), colour, 2.0);
        if let Some(reference) = r.reference {
            let rx = x.at(reference);
            let _ = writeln!(
                out,
                "<path class=\"reference\" d=\"M{:.1} {cy:.1} l5 -5 l5 5 l-5 5 z\" fill=\"none\" \
                 stroke=\"{GREY}\" stroke-width=\"1.5\"/>",
                rx - 5.0
            );
        }
        let _ = writeln!(
            out,
            "<circle class=\"estimate\" cx=\"{:.1}\" cy=\"{cy:.1}\" r=\"4.5\" fill=\"{colour}\"/></g>",
            x.at(r.value)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// A series of a line chart.
pub struct Series<'a> {
    pub name: &'a str,
    pub colour: &'a str,
    pub points: &'a [f64],
}

/// Lines over plies (the x of point `i` is `i`), with a horizontal line at 0 and a legend.
/// Values beyond `clip` either way are drawn at the clip (a won royal capture would otherwise
/// flatten the rest of the game).
pub fn lines(id: &str, title: &str, series: &[Series], y_caption: &str, clip: f64) -> String {
    let height = 300.0;
    let (left, right, top, bottom) = (56.0, WIDTH - 20.0, 44.0, height - 50.0);
    let mut out = open(id, title, height);
    let plies = series.iter().map(|s| s.points.len()).max().unwrap_or(0);
    let values = || {
        series
            .iter()
            .flat_map(|s| s.points.iter().map(|v| v.clamp(-clip, clip)))
    };
    let low = values().fold(-1.0, f64::min);
    let high = values().fold(1.0, f64::max);
    let y_ticks = ticks(low, high, 6);
    let y = Scale {
        from: (
            y_ticks.first().copied().unwrap_or(low).min(low),
            y_ticks.last().copied().unwrap_or(high).max(high),
        ),
        to: (bottom, top),
    };
    let x = Scale {
        from: (0.0, plies.saturating_sub(1).max(1) as f64),
        to: (left, right),
    };
    for &t in &y_ticks {
        let py = y.at(t);
        line(&mut out, (left, py), (right, py), "#e2e8f0", 1.0);
        text(&mut out, left - 6.0, py + 4.0, "end", "tick", &label(t));
    }
    let zero = y.at(0.0);
    line(&mut out, (left, zero), (right, zero), GREY, 1.0);
    x_axis(&mut out, x, &ticks(0.0, x.from.1, 8), top, bottom, "ply");
    y_axis_caption(&mut out, top, bottom, y_caption);
    for (i, s) in series.iter().enumerate() {
        let mut d = String::new();
        for (ply, v) in s.points.iter().enumerate() {
            let _ = write!(
                d,
                "{}{:.1} {:.1}",
                if ply == 0 { "M" } else { " L" },
                x.at(ply as f64),
                y.at(v.clamp(-clip, clip))
            );
        }
        let _ = writeln!(
            out,
            "<path class=\"series\" d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.8\"/>",
            s.colour
        );
        let lx = left + 10.0 + 220.0 * i as f64;
        line(
            &mut out,
            (lx, top - 16.0),
            (lx + 22.0, top - 16.0),
            s.colour,
            3.0,
        );
        text(&mut out, lx + 28.0, top - 12.0, "start", "legend", s.name);
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round() {
        assert_eq!(ticks(0.0, 1.0, 4), vec![0.0, 0.25, 0.5, 0.75, 1.0]);
        assert_eq!(ticks(0.0, 97.0, 5), vec![0.0, 20.0, 40.0, 60.0, 80.0]);
        assert_eq!(ticks(-3.2, 4.1, 4), vec![-2.0, 0.0, 2.0, 4.0]);
        assert_eq!(ticks(2.0, 2.0, 4), vec![2.0]);
        assert_eq!(label(0.25), "0.25");
        assert_eq!(label(20.0), "20");
    }

    fn row(label: &str) -> Estimate {
        Estimate {
            label: label.to_string(),
            value: 0.5,
            low: 0.4,
            high: 0.6,
            reference: None,
            note: label.to_string(),
        }
    }

    /// The label column grows with the longest label, so that none starts left of the plot;
    /// beyond its bound a label is shortened with an ellipsis.
    #[test]
    fn estimate_labels_fit_inside_the_plot() {
        let long = "rot-0110 Fire Horse-Ghost Warrior, Lion Dog-Rhinoceros";
        let plot = estimates("e", "t", &[row("a"), row(long)], 0.5, (0.0, 1.0), "score");
        assert!(plot.contains(&format!(">{long}<")), "whole: {plot}");
        let at = plot.find(&format!(">{long}<")).unwrap();
        let x: f64 = plot[..at]
            .rsplit("x=\"")
            .next()
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            x - long.chars().count() as f64 * LABEL_CHAR_PX >= 0.0,
            "starts at {x}"
        );
        let huge = "x".repeat(200);
        let plot = estimates("e", "t", &[row(&huge)], 0.5, (0.0, 1.0), "score");
        assert!(plot.contains("…</text>") && !plot.contains(&format!("class=\"label\">{huge}<")));
    }

    /// A line chart's legend sits above the plot and its y caption runs up the left edge: they
    /// never share a place.
    #[test]
    fn axis_captions_are_clear_of_legends() {
        let series = [Series {
            name: "Blue",
            colour: BLUE,
            points: &[0.0, 1.0, -1.0],
        }];
        let plot = lines("l", "t", &series, "advantage (pawns)", 10.0);
        assert!(
            plot.contains(
                "transform=\"rotate(-90)\" text-anchor=\"middle\" class=\"axis\">advantage (pawns)<"
            ),
            "{plot}"
        );
        let h = histogram("h", "t", &[(0.0, 10.0, 2)], "plies", None);
        assert!(h.contains("rotate(-90)") && h.contains(">games<"));
    }

    #[test]
    fn plots_escape_their_text_and_use_no_style_attributes() {
        let h = histogram(
            "h",
            "a <b>",
            &[(0.0, 10.0, 2)],
            "plies",
            Some((5.0, "median")),
        );
        assert!(h.contains("a &lt;b&gt;") && h.starts_with("<svg id=\"h\""));
        let e = estimates(
            "e",
            "t",
            &[Estimate {
                label: "x & y".into(),
                value: 0.6,
                low: 0.4,
                high: 0.8,
                reference: Some(0.7),
                note: "n".into(),
            }],
            0.5,
            (0.0, 1.0),
            "score",
        );
        assert!(e.contains("x &amp; y") && e.contains("class=\"reference\""));
        let l = lines(
            "l",
            "t",
            &[Series {
                name: "engine",
                colour: BLUE,
                points: &[0.0, 1.0, 100.0],
            }],
            "pawns",
            10.0,
        );
        for svg in [h, e, l] {
            assert!(!svg.contains("style"), "{svg}");
            assert!(svg.trim_end().ends_with("</svg>"));
        }
    }
}
