//! The board as text for `jovian show`: a diagram with Blue pieces in their written case and Tan
//! pieces with their first letter in lowercase (as in the position text form), then a legend of the types on the board.

use std::fmt::Write;

use jovian_rules::{Color, Position, Square};

/// Width of a board cell: the longest abbreviation plus room.
fn cell_width(pos: &Position) -> usize {
    pos.variant()
        .pieces
        .iter()
        .map(|p| p.abbr.len())
        .max()
        .unwrap_or(1)
        .max(2)
        + 2
}

/// The board alone, with file letters and rank numbers, and the side to move.
pub fn diagram(pos: &Position) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    let cell_width = v
        .pieces
        .iter()
        .map(|p| p.abbr.len())
        .max()
        .unwrap_or(1)
        .max(2)
        + 2;
    let mut out = String::new();
    let files: String = g
        .file_letters
        .iter()
        .map(|c| format!("{c:<cell_width$}"))
        .collect();
    let header = format!("    {}", files.trim_end());
    let _ = writeln!(
        out,
        "{} - {} to move",
        v.title,
        v.side_title(pos.side_to_move())
    );
    let _ = writeln!(out, "{header}");
    for rank in (0..g.height).rev() {
        let mut line = format!("{:>2}  ", rank + 1);
        for file in 0..g.width {
            let text = match pos.piece_at(Square::new(file, rank)) {
                Some(p) if p.color == Color::Blue => v.abbr(p.kind).to_string(),
                Some(p) => v.side_abbr(p.kind, p.color),
                None => ".".to_string(),
            };
            let _ = write!(line, "{text:<cell_width$}");
        }
        let _ = writeln!(out, "{line} {}", rank + 1);
    }
    let _ = writeln!(out, "{header}");
    if v.powers || v.rules.drops.is_some() {
        // What each side holds in hand.
        for color in Color::BOTH {
            let hand: Vec<String> = pos
                .hand_pieces(color)
                .map(|(kind, n)| {
                    let abbr = v.side_abbr(kind, color);
                    if n > 1 { format!("{n}x{abbr}") } else { abbr }
                })
                .collect();
            let hand = if hand.is_empty() {
                "-".to_string()
            } else {
                hand.join(" ")
            };
            let _ = writeln!(out, "{} in hand: {hand}", v.side_title(color));
        }
    }
    out
}

/// The diagram, piece counts, the game's status and a legend of the types on the board.
pub fn render(pos: &mut Position) -> String {
    let mut out = board(pos);
    out.push('\n');
    out.push_str(&legend(pos));
    out
}

/// The diagram, piece counts, the game's status and the text form, without the legend.
pub fn board(pos: &mut Position) -> String {
    let v = pos.variant();
    let mut out = diagram(pos);
    let _ = writeln!(
        out,
        "{} (written as in the text): {} pieces; {} (first letter lowercase): {} pieces",
        v.side_title(Color::Blue),
        pos.piece_count(Color::Blue),
        v.side_title(Color::Tan),
        pos.piece_count(Color::Tan)
    );
    match pos.outcome() {
        Some(o) => {
            let _ = writeln!(out, "Game over: {}.", o.describe(pos.variant()));
        }
        None => {
            let _ = writeln!(out, "Position occurrences so far: {}", pos.occurrences());
        }
    }
    let _ = writeln!(out, "Text form: {}", jovian_rules::fen::write_position(pos));
    out
}

/// A line for each type on the board: its abbreviation, name, moves and promotion.
pub fn legend(pos: &Position) -> String {
    let v = pos.variant();
    let cell_width = cell_width(pos);
    let mut out = String::from("Legend:\n");
    for kind in v.kinds() {
        if !pos.pieces().any(|(_, k, _)| k == kind) {
            continue;
        }
        let spec = v.spec(kind);
        let mut line = format!("  {:<w$} {}", spec.abbr, spec.name, w = cell_width - 1);
        let _ = write!(line, ": {}", spec.description);
        // Every type it may choose (a chess Pawn's several), not only the first.
        let targets: Vec<String> = (spec.promotes_to.iter().chain(&spec.also_promotes_to))
            .filter_map(|a| v.kind_by_abbr(a))
            .map(|to| format!("{} ({})", v.spec(to).name, v.abbr(to)))
            .collect();
        if let Some((last, rest)) = targets.split_last() {
            let choice = if rest.is_empty() {
                last.clone()
            } else {
                format!("{} or {last}", rest.join(", "))
            };
            let _ = write!(line, " Promotes to {choice}.");
        }
        let _ = writeln!(out, "{line}");
    }
    out
}
