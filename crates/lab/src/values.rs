//! The fitted weights (log-odds per piece, texel.rs) as piece values a designer reads: in Pawns,
//! with 95% intervals, beside the engine's own table.

use jovian_engine::values::piece_values;
use jovian_rules::Variant;

use crate::score::Z95;
use crate::texel::{Fit, Sample};

/// What one unit of the values is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// The fitted Pawn's weight: the Pawn is 1 by definition. Used when the Pawn's weight is
    /// clearly positive (more than 3 standard errors).
    Pawn,
    /// Log-odds per piece as fitted: used when the Pawn's weight is too uncertain to be the
    /// unit (a ratio to a weight near its own noise would be wild).
    LogOdds,
}

impl Unit {
    pub fn describe(self) -> &'static str {
        match self {
            Unit::Pawn => "Pawns (the fitted Pawn is 1)",
            Unit::LogOdds => {
                "log-odds of the first side's score per piece, as fitted (the Pawn's own value \
                 was too uncertain to be the unit); near an even game, 0.1 is about 2.5 points \
                 of score"
            }
        }
    }
}

/// A fitted piece value.
#[derive(Clone, Debug, PartialEq)]
pub struct FittedValue {
    pub kind: u8,
    /// In [`Values::unit`], with the 95% interval.
    pub value: f64,
    pub low: f64,
    pub high: f64,
    /// The weight as fitted (log-odds per piece) and its standard error (`Fit::standard_error`).
    pub log_odds: f64,
    pub standard_error: f64,
    /// Sampled positions where the sides had different numbers of this type.
    pub unbalanced: usize,
    /// The engine's table value, in pawns.
    pub engine: f64,
}

/// The fitted values of a run.
#[derive(Clone, Debug)]
pub struct Values {
    pub unit: Unit,
    /// Log-odds per unit.
    pub scale: f64,
    /// Highest value first.
    pub values: Vec<FittedValue>,
    pub fit: Fit,
}

impl Values {
    pub fn of(variant: &Variant, fit: Fit, samples: &[Sample]) -> Values {
        let engine: Vec<f64> = piece_values(variant)
            .into_iter()
            .map(|v| v as f64 / 100.0)
            .collect();
        let pawn = variant
            .kind_by_abbr("P")
            .and_then(|k| fit.position_of(k.0))
            .filter(|&i| fit.weights[i] > 3.0 * fit.standard_error(i));
        let (unit, scale) = match pawn {
            Some(i) => (Unit::Pawn, fit.weights[i]),
            None => (Unit::LogOdds, 1.0),
        };
        let mut values: Vec<FittedValue> = fit
            .kinds
            .iter()
            .enumerate()
            .map(|(i, &kind)| {
                let w = fit.weights[i];
                let se = fit.standard_error(i);
                let value = w / scale;
                // The ratio's standard error by the delta method when the unit is itself fitted
                // (the Pawn's own value is then exactly 1).
                let value_se = match pawn {
                    Some(p) => {
                        let (sp, c) = (fit.standard_error(p), fit.weight_covariance(i, p));
                        let var =
                            (se * se + value * value * sp * sp - 2.0 * value * c) / (scale * scale);
                        var.max(0.0).sqrt()
                    }
                    None => se / scale,
                };
                FittedValue {
                    kind,
                    value,
                    low: value - Z95 * value_se,
                    high: value + Z95 * value_se,
                    log_odds: w,
                    standard_error: se,
                    unbalanced: samples
                        .iter()
                        .filter(|s| s.features.get(kind as usize).is_some_and(|&x| x != 0.0))
                        .count(),
                    engine: engine[kind as usize],
                }
            })
            .collect();
        values.sort_by(|a, b| b.value.total_cmp(&a.value).then(a.kind.cmp(&b.kind)));
        Values {
            unit,
            scale,
            values,
            fit,
        }
    }

    /// The model's material evaluation of a position, in the values' unit, from Blue's side
    /// (the intercept, the first-move advantage, left out).
    pub fn material(&self, features: &[f64]) -> f64 {
        self.fit.material(features) / self.scale
    }
}
