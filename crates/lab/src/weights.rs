//! The evaluation's weights beyond material, fitted to play (`jovian lab ... --weights-out FILE`).
//!
//! The same quiet positions as the piece values (texel.rs) are taken apart into the evaluation's
//! terms (`Evaluator::terms`: material in the engine's own values, placement, promotion gain by
//! distance to the zone, royal guards and attackers, the bare dangers, pieces in hand, the side to
//! move), and the games' results are fitted by a logistic function of them:
//!
//! ```text
//! P(Blue scores) = 1 / (1 + exp(-(b0 + s · material + Σ c_j · term_j)))
//! ```
//!
//! `s` is what a centipawn of material is worth in log-odds, so `c_j / s` is term `j`'s weight in
//! centipawns, on the same scale as the material the engine plays: no other scaling is needed.
//! Its standard error comes from the fit's covariance by the delta method. A term that is not
//! zero in enough positions is not fitted and keeps its weight.

use jovian_engine::eval::{EvalTerms, Evaluator};
use jovian_engine::tunables::EvalTunables;
use jovian_rules::{Position, Variant};

use crate::run::LabGame;
use crate::score::Z95;
use crate::texel::{self, RIDGE, Sample};

/// One weight: its tunable's current value and what the games say.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightRow {
    pub name: &'static str,
    pub current: i32,
    /// The fitted value in the tunable's units with its 95% interval; `None` when the term was
    /// too rarely non-zero to fit.
    pub fitted: Option<(i32, i32, i32)>,
    /// Positions where the term is not zero.
    pub nonzero: usize,
}

#[derive(Clone, Debug)]
pub struct FittedWeights {
    /// Log-odds per centipawn of material.
    pub material_scale: f64,
    pub rows: Vec<WeightRow>,
    pub games: usize,
    pub samples: usize,
}

/// Each sampled position's terms: material first, then `EvalTerms::WEIGHTS` in order.
pub fn term_samples(games: &[LabGame], eval: &Evaluator) -> Vec<Sample> {
    let mut samples = Vec::new();
    for (index, game) in games.iter().enumerate() {
        let plies = texel::sampled_plies(&texel::censuses(game));
        let Ok(mut pos) = Position::from_setup(&game.start) else {
            continue;
        };
        let mut wanted = plies.iter().peekable();
        for (ply, m) in std::iter::once(None)
            .chain(game.moves.iter().map(Some))
            .enumerate()
        {
            if let Some(&m) = m {
                pos.make(m);
            }
            if wanted.peek() == Some(&&ply) {
                wanted.next();
                let terms = eval.terms(&pos);
                let features = std::iter::once(terms.material)
                    .chain(EvalTerms::WEIGHTS.iter().map(|w| (w.term)(&terms)))
                    .map(f64::from)
                    .collect();
                samples.push(Sample {
                    features,
                    result: game.blue_points(),
                    game: index,
                });
            }
        }
    }
    samples
}

/// Fits the weights to `games` of `variant`, the material counted in the engine's values with
/// the weights `tunables` (their current values are reported beside the fitted ones).
pub fn fit(
    variant: &'static Variant,
    games: &[LabGame],
    tunables: &EvalTunables,
) -> Result<FittedWeights, String> {
    let eval = Evaluator::new(variant, tunables.clone());
    from_samples(&term_samples(games, &eval), tunables)
}

/// Fits the weights to samples whose features are material and then `EvalTerms::WEIGHTS`'
/// terms (as [`term_samples`] makes them).
pub fn from_samples(samples: &[Sample], tunables: &EvalTunables) -> Result<FittedWeights, String> {
    let features = 1 + EvalTerms::WEIGHTS.len();
    let fit = texel::fit(samples, features, RIDGE)
        .ok_or("no quiet positions with unequal material: play more games")?;
    let material = fit
        .position_of(0)
        .ok_or("material was never unequal in the sampled positions: play more games")?;
    let s = fit.weights[material];
    let s_var = fit.standard_error(material).powi(2);
    if s <= 0.0 || !s.is_finite() || s * s < 4.0 * s_var {
        return Err(format!(
            "material does not predict the results clearly enough to scale the other terms \
             ({s:.5} log-odds per centipawn, standard error {:.5}): play more games",
            s_var.sqrt()
        ));
    }
    let rows = EvalTerms::WEIGHTS
        .iter()
        .enumerate()
        .map(|(j, w)| {
            let feature = j + 1;
            let nonzero = samples
                .iter()
                .filter(|x| x.features[feature] != 0.0)
                .count();
            let fitted = fit.position_of(feature as u8).map(|i| {
                let c = fit.weights[i];
                // Delta method for c / s.
                let var = fit.standard_error(i).powi(2) / (s * s) + c * c * s_var / s.powi(4)
                    - 2.0 * c * fit.weight_covariance(i, material) / s.powi(3);
                let (value, se) = (c / s * w.units_per_centipawn, var.max(0.0).sqrt());
                let half = Z95 * se * w.units_per_centipawn.abs();
                let round = |x: f64| x.round() as i32;
                (round(value), round(value - half), round(value + half))
            });
            WeightRow {
                name: w.name,
                current: (w.current)(tunables),
                fitted,
                nonzero,
            }
        })
        .collect();
    Ok(FittedWeights {
        material_scale: s,
        rows,
        games: fit.games,
        samples: fit.samples,
    })
}

impl FittedWeights {
    /// The fitted weights as `jovian match` overrides (`name=value,...`), each clamped to what
    /// its tunable accepts: what an SPRT against the current weights plays.
    pub fn overrides(&self) -> String {
        self.rows
            .iter()
            .filter_map(|r| r.fitted.map(|(v, _, _)| format!("{}={}", r.name, v.max(0))))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The file `--weights-out` writes: comment lines, then a row per weight (name, current,
    /// fitted, 95% low, high, positions where its term is not zero), then the overrides.
    pub fn render(&self, variant: &Variant, made_by: &[String]) -> String {
        let mut out = format!(
            "# Jovian's evaluation weights for {} ({}) fitted to the results of self-play.\n",
            variant.title, variant.id
        );
        for line in made_by {
            out.push_str(&format!("# {line}\n"));
        }
        out.push_str(&format!(
            "# {} games, {} quiet positions; material {:.2} centipawns per log-odds. Tunable \
             units (docs/engine.md); a weight whose term was too rarely non-zero is not fitted.\n",
            self.games,
            self.samples,
            1.0 / self.material_scale
        ));
        out.push_str("# name\tcurrent\tfitted\tlow\thigh\tpositions\n");
        for r in &self.rows {
            let fitted = match r.fitted {
                Some((v, lo, hi)) => format!("{v}\t{lo}\t{hi}"),
                None => "-\t-\t-".to_string(),
            };
            out.push_str(&format!(
                "{}\t{}\t{fitted}\t{}\n",
                r.name, r.current, r.nonzero
            ));
        }
        out.push_str(&format!("# overrides: {}\n", self.overrides()));
        out
    }
}
