//! The fitted values as a table the engine plays with (`jovian lab ... --values-out FILE`, read by
//! the engine's fitted.rs). The fit (texel.rs) gives log-odds per piece with standard errors; the
//! engine needs centipawns on the scale its margins were set in. So:
//!
//! 1. **Scale.** One factor `k` (centipawns per log-odds) maps the fitted weights onto the
//!    estimates as a whole: the least-squares `k` of `estimate ≈ k · weight` over the fitted
//!    non-royal types, each weighted by its precision `1/se²`. The fit decides how the types
//!    compare; the scale keeps a Pawn about 100, so the search's centipawn margins keep meaning.
//! 2. **Combine.** Each fitted type's games-only value `k · weight` (standard error `k · se`) is
//!    combined with its estimate, taken as a prior with spread `25% of the estimate + 25`
//!    centipawns, by precision (the normal posterior mean): a type the games measured well moves
//!    to what they say, a rare one stays near its estimate. The 95% interval is the posterior's.
//! 3. Royal types keep their nominal values (losing the last one ends the game, which the search
//!    sees directly), and so do types the games said too little about.

use jovian_engine::fitted::{self, Row};
use jovian_engine::values::estimated_values;
use jovian_rules::Variant;

use crate::score::Z95;
use crate::values::Values;

/// The estimate's spread as a prior: this share of the estimate ...
pub const PRIOR_SHARE: f64 = 0.25;
/// ... plus this many centipawns.
pub const PRIOR_FLOOR: f64 = 25.0;
/// No value falls below this (a piece is never worth nothing to the search).
pub const MIN_VALUE: i32 = 10;

/// The engine's table made from a fit.
#[derive(Clone, Debug)]
pub struct EngineTable {
    /// Centipawns per log-odds.
    pub scale: f64,
    /// Every type of the game, in the game's order.
    pub rows: Vec<Row>,
}

impl EngineTable {
    /// The table from a run's fitted values; `Err` says why there is none.
    pub fn of(variant: &Variant, values: &Values) -> Result<EngineTable, String> {
        let estimates = estimated_values(variant);
        let fit = &values.fit;
        let royal = |kind: u8| variant.pieces[kind as usize].royal;
        let (mut cross, mut square) = (0.0, 0.0);
        for (i, &kind) in fit.kinds.iter().enumerate() {
            if royal(kind) {
                continue;
            }
            let (w, se) = (fit.weights[i], fit.standard_error(i));
            if se > 0.0 {
                cross += w * estimates[kind as usize] as f64 / (se * se);
                square += w * w / (se * se);
            }
        }
        let scale = cross / square;
        if !scale.is_finite() || scale <= 0.0 {
            return Err(
                "the fitted values do not line up with the estimates (no positive scale): \
                 play more games"
                    .to_string(),
            );
        }
        let rows = variant
            .kinds()
            .map(|kind| {
                let estimate = estimates[kind.0 as usize];
                let unbalanced = values
                    .values
                    .iter()
                    .find(|v| v.kind == kind.0)
                    .map_or(0, |v| v.unbalanced);
                let fitted = fit
                    .position_of(kind.0)
                    .filter(|_| !royal(kind.0))
                    .map(|i| (scale * fit.weights[i], scale * fit.standard_error(i)));
                let abbr = variant.abbr(kind).to_string();
                let Some((games_value, games_se)) = fitted else {
                    return Row {
                        abbr,
                        value: estimate,
                        interval: None,
                        estimate,
                        fitted: None,
                        unbalanced,
                    };
                };
                let prior_sd = PRIOR_SHARE * estimate as f64 + PRIOR_FLOOR;
                let (prior_precision, games_precision) =
                    (1.0 / (prior_sd * prior_sd), 1.0 / (games_se * games_se));
                let precision = prior_precision + games_precision;
                let mean =
                    (estimate as f64 * prior_precision + games_value * games_precision) / precision;
                let sd = precision.sqrt().recip();
                let round = |x: f64| x.round() as i32;
                Row {
                    abbr,
                    value: round(mean).max(MIN_VALUE),
                    interval: Some((round(mean - Z95 * sd), round(mean + Z95 * sd))),
                    estimate,
                    fitted: Some((
                        round(games_value),
                        round(games_value - Z95 * games_se),
                        round(games_value + Z95 * games_se),
                    )),
                    unbalanced,
                }
            })
            .collect();
        Ok(EngineTable { scale, rows })
    }

    /// The table's text, with comment lines saying where it came from (`made_by`: the run).
    pub fn render(&self, variant: &Variant, values: &Values, made_by: &[String]) -> String {
        let fitted = self.rows.iter().filter(|r| r.fitted.is_some()).count();
        let mut header = vec![
            format!(
                "Jovian's fitted piece values for {} ({}), in centipawns.",
                variant.title, variant.id
            ),
            "Written by `jovian lab ... --values-out`; `bash scripts/fit-values` remakes every \
             game's table (docs/engine.md, \"Fitted piece values\")."
                .to_string(),
        ];
        header.extend(made_by.iter().cloned());
        header.push(format!(
            "{} games, {} quiet positions; {fitted} of {} types fitted, the rest keep their \
             estimates.",
            values.fit.games,
            values.fit.samples,
            self.rows.len()
        ));
        header.push(format!(
            "Scale: {:.1} centipawns per log-odds of the first side's score; each fitted value \
             combines the estimate (spread {:.0}% + {PRIOR_FLOOR:.0}) with the games' own \
             value by precision; intervals are 95%.",
            self.scale,
            PRIOR_SHARE * 100.0
        ));
        fitted::render(&header, &self.rows)
    }
}
