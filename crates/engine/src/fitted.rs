//! Piece values fitted to the engine's own games: one text table per game in `crates/engine/fitted/`,
//! written by `jovian lab GAME ... --values-out FILE` (`bash scripts/fit-values` regenerates them
//! all) and built into the engine. The engine plays with a game's fitted table when asked to
//! (`value_table=2`), or by default once the table has won an SPRT against the estimates
//! (values.rs, `FITTED_BY_DEFAULT`). docs/engine.md tells how the values are made.
//!
//! The format is tab-separated text, `#` starting a comment line:
//!
//! ```text
//! # abbr  value  low  high  estimate  fitted  fitted_low  fitted_high  unbalanced
//! P       104    93   115   100       112     84          140         5210
//! Ge      1050   -    -     1050      -       -           -           2
//! ```
//!
//! `value` is what the engine uses (centipawns); `low`..`high` its 95% interval; `estimate` the
//! estimated table's value; `fitted`..`fitted_high` what the games alone say, with its interval;
//! `unbalanced` the sampled positions where the sides had different numbers of the type. `-`
//! marks a type the games said too little about: it keeps its estimate.

/// One type's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub abbr: String,
    /// The value the engine plays with, in centipawns.
    pub value: i32,
    /// Its 95% interval, when the type was fitted.
    pub interval: Option<(i32, i32)>,
    pub estimate: i32,
    /// The games' own value and its 95% interval, when the type was fitted.
    pub fitted: Option<(i32, i32, i32)>,
    pub unbalanced: usize,
}

/// The column names, in order.
pub const COLUMNS: [&str; 9] = [
    "abbr",
    "value",
    "low",
    "high",
    "estimate",
    "fitted",
    "fitted_low",
    "fitted_high",
    "unbalanced",
];

/// The tables built into the engine, by game.
const TABLES: &[(&str, &str)] = &[
    ("scirocco", include_str!("../fitted/scirocco.tsv")),
    ("typhoon", include_str!("../fitted/typhoon.tsv")),
    ("larger-board", include_str!("../fitted/larger-board.tsv")),
    ("jupiter", include_str!("../fitted/jupiter.tsv")),
    ("jupiter-1999", include_str!("../fitted/jupiter-1999.tsv")),
];

/// The table built into the engine for a game, if it has one.
pub fn table_text(variant_id: &str) -> Option<&'static str> {
    TABLES
        .iter()
        .find(|(id, _)| *id == variant_id)
        .map(|(_, text)| *text)
}

/// Reads a table. Errors name the line.
pub fn parse(text: &str) -> Result<Vec<Row>, String> {
    let mut rows: Vec<Row> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: String| format!("line {}: {e}", index + 1);
        let cells: Vec<&str> = line.split('\t').map(str::trim).collect();
        if cells.len() != COLUMNS.len() {
            return Err(at(format!(
                "{} columns, not {} ({})",
                cells.len(),
                COLUMNS.len(),
                COLUMNS.join(", ")
            )));
        }
        let number = |i: usize| -> Result<Option<i32>, String> {
            match cells[i] {
                "-" => Ok(None),
                text => text
                    .parse::<i32>()
                    .map(Some)
                    .map_err(|_| at(format!("{} is not a whole number: {text:?}", COLUMNS[i]))),
            }
        };
        let needed = |i: usize| number(i)?.ok_or_else(|| at(format!("{} is needed", COLUMNS[i])));
        let pair = |a: Option<i32>, b: Option<i32>| a.zip(b);
        let row = Row {
            abbr: cells[0].to_string(),
            value: needed(1)?,
            interval: pair(number(2)?, number(3)?),
            estimate: needed(4)?,
            fitted: pair(number(5)?, number(6)?)
                .zip(number(7)?)
                .map(|((v, l), h)| (v, l, h)),
            unbalanced: cells[8]
                .parse()
                .map_err(|_| at(format!("unbalanced is not a count: {:?}", cells[8])))?,
        };
        // Zero only where the estimate is zero too: a King in a game of checkmate is never
        // taken, so it is never material (the 12x8 game's table keeps it at 0).
        if row.value < 0 || row.value == 0 && row.estimate != 0 {
            return Err(at(format!(
                "{}'s value must be positive (0 only for a type estimated at 0)",
                row.abbr
            )));
        }
        if rows.iter().any(|r| r.abbr == row.abbr) {
            return Err(at(format!("{} is listed twice", row.abbr)));
        }
        rows.push(row);
    }
    Ok(rows)
}

/// Writes a table: the comment lines `header` (without their `#`), the column names, the rows.
pub fn render(header: &[String], rows: &[Row]) -> String {
    let dash = |v: Option<i32>| v.map_or("-".to_string(), |v| v.to_string());
    let mut out = String::new();
    for line in header {
        out.push_str(&format!("# {line}\n"));
    }
    out.push_str(&format!("# {}\n", COLUMNS.join("\t")));
    for r in rows {
        let cells = [
            r.abbr.clone(),
            r.value.to_string(),
            dash(r.interval.map(|i| i.0)),
            dash(r.interval.map(|i| i.1)),
            r.estimate.to_string(),
            dash(r.fitted.map(|f| f.0)),
            dash(r.fitted.map(|f| f.1)),
            dash(r.fitted.map(|f| f.2)),
            r.unbalanced.to_string(),
        ];
        out.push_str(&cells.join("\t"));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_round_trips_and_bad_lines_are_named() {
        let rows = vec![
            Row {
                abbr: "P".into(),
                value: 104,
                interval: Some((93, 115)),
                estimate: 100,
                fitted: Some((112, 84, 140)),
                unbalanced: 5210,
            },
            Row {
                abbr: "Ge".into(),
                value: 1050,
                interval: None,
                estimate: 1050,
                fitted: None,
                unbalanced: 2,
            },
        ];
        let text = render(&["made by a test".into()], &rows);
        assert!(text.starts_with("# made by a test\n# abbr\tvalue"));
        assert_eq!(parse(&text).unwrap(), rows);
        let bad = |line: &str| parse(&format!("# c\n{line}\n")).unwrap_err();
        assert!(bad("P\t1\t-").starts_with("line 2: 3 columns, not 9"));
        assert_eq!(
            bad("P\tx\t-\t-\t100\t-\t-\t-\t3"),
            "line 2: value is not a whole number: \"x\""
        );
        assert_eq!(
            bad("P\t-\t-\t-\t100\t-\t-\t-\t3"),
            "line 2: value is needed"
        );
        assert_eq!(
            bad("P\t0\t-\t-\t100\t-\t-\t-\t3"),
            "line 2: P's value must be positive (0 only for a type estimated at 0)"
        );
        assert_eq!(
            bad("P\t-5\t-\t-\t0\t-\t-\t-\t3"),
            "line 2: P's value must be positive (0 only for a type estimated at 0)"
        );
        let king = parse("K\t0\t-\t-\t0\t-\t-\t-\t0").unwrap();
        assert_eq!((king[0].value, king[0].estimate), (0, 0));
        assert!(parse("P\t1\t-\t-\t1\t-\t-\t-\t0\nP\t2\t-\t-\t1\t-\t-\t-\t0").is_err());
    }

    #[test]
    fn every_shipped_table_reads_and_names_only_its_games_types() {
        for variant in jovian_rules::Variant::all() {
            let Some(text) = table_text(variant.id) else {
                continue;
            };
            let rows = parse(text).unwrap_or_else(|e| panic!("{}: {e}", variant.id));
            for row in &rows {
                assert!(
                    variant.kind_by_abbr(&row.abbr).is_some(),
                    "{}: unknown type {}",
                    variant.id,
                    row.abbr
                );
            }
            assert_eq!(rows.len(), variant.pieces.len(), "{}", variant.id);
        }
    }
}
