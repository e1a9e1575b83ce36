//! Piece values fitted to play, Texel-style: quiet positions are sampled from the games, and the
//! game's result (Blue's points) is fitted by a logistic function of the material difference per
//! piece type,
//!
//! ```text
//! P(Blue scores) = 1 / (1 + exp(-(b0 + Σ w_t (blue_t - tan_t))))
//! ```
//!
//! by ridge-regularised logistic regression (draws count as 1/2), solved by Newton's method. `b0`
//! absorbs the first-move advantage; `w_t` is what one more piece of type `t` is worth in
//! log-odds. The positions of one game share its result, so they share its weight too: each
//! position weighs `1 / (positions of its game)`, and the likelihood counts games, not positions
//! (a long game does not outweigh a short one, and the ridge pulls against the evidence of games).
//! Two covariances are computed: the model's own, the inverse Hessian `H⁻¹` of the penalised
//! likelihood times Pearson's dispersion (draws make the results vary less than coin tosses);
//! and the cluster-robust ("sandwich") one with the games as clusters,
//! `H⁻¹ (Σ_g s_g s_gᵀ) H⁻¹ · G/(G-1)`. Each weight's standard error is the larger of the two
//! (see [`Fit::standard_error`]).

use crate::census::Census;
use crate::linalg;
use crate::run::LabGame;
use jovian_rules::Position;

/// Positions before this ply are not sampled: the opening's material is the initial array's.
pub const SKIP_PLIES: usize = 8;
/// Every this many-th quiet position is sampled (neighbours are nearly the same position).
pub const EVERY: usize = 2;
/// A type is fitted only when its difference is not zero in at least this many samples.
pub const MIN_SAMPLES_UNBALANCED: usize = 5;
/// The ridge penalty on each type's weight, `λ/2 Σ w²` (log-odds units): it pulls like about four
/// even games (each game weighs 1, with curvature 1/4 at an even score), so types with little
/// data stay near 0 instead of running away.
pub const RIDGE: f64 = 1.0;
/// A very small penalty on the intercept, so that a run that one side won every game still has
/// a finite fit.
const RIDGE_INTERCEPT: f64 = 1e-4;

/// One sampled position: Blue's minus Tan's pieces of each type, and the game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub features: Vec<f64>,
    /// Blue's points in the game: 1, 1/2 or 0.
    pub result: f64,
    /// The game it comes from (its index in the run), the cluster of the robust covariance.
    pub game: usize,
}

/// The material of every position of a game, from the start to the end.
pub fn censuses(game: &LabGame) -> Vec<Census> {
    let Ok(mut pos) = Position::from_setup(&game.start) else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(game.moves.len() + 1);
    out.push(Census::of(&pos));
    for &m in &game.moves {
        pos.make(m);
        out.push(Census::of(&pos));
    }
    out
}

/// The quiet positions of the games: from ply [`SKIP_PLIES`] on, the material the same one ply
/// before and one ply after (no capture, promotion or birth just made or about to be made), every
/// [`EVERY`]-th such position.
pub fn quiet_samples(games: &[LabGame]) -> Vec<Sample> {
    let mut samples = Vec::new();
    for (index, game) in games.iter().enumerate() {
        let material = censuses(game);
        for ply in sampled_plies(&material) {
            samples.push(Sample {
                features: material[ply].difference(),
                result: game.blue_points(),
                game: index,
            });
        }
    }
    samples
}

/// The plies [`quiet_samples`] samples, given the material after every ply of a game (the
/// evaluation weights' fit samples the same positions).
pub fn sampled_plies(material: &[Census]) -> Vec<usize> {
    (SKIP_PLIES.max(1)..material.len().saturating_sub(1))
        .filter(|&ply| material[ply - 1] == material[ply] && material[ply] == material[ply + 1])
        .step_by(EVERY)
        .collect()
}

/// The fitted model.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The types fitted, by kind, in the order of `weights`.
    pub kinds: Vec<u8>,
    /// Log-odds per piece of each fitted type.
    pub weights: Vec<f64>,
    /// Log-odds of Blue's score with equal material: the first-move advantage in the model.
    pub intercept: f64,
    /// The cluster-robust covariance of (intercept, weights...), `(d+1) x (d+1)`.
    pub covariance: Vec<f64>,
    /// The inverse Hessian of the penalised likelihood times the dispersion: the model-based
    /// covariance, which takes every position as independent.
    pub model_covariance: Vec<f64>,
    /// Pearson's dispersion: the results' observed variance over the variance the logistic model
    /// gives them (below 1 when draws are common).
    pub dispersion: f64,
    pub samples: usize,
    /// Distinct games among the samples (the clusters).
    pub games: usize,
    pub iterations: usize,
}

impl Fit {
    fn dim(&self) -> usize {
        self.weights.len() + 1
    }

    /// The cluster-robust standard error of the weight of the `i`-th fitted type.
    pub fn robust_standard_error(&self, i: usize) -> f64 {
        let n = self.dim();
        self.covariance[(i + 1) * n + i + 1].max(0.0).sqrt()
    }

    /// The model-based standard error of the `i`-th weight.
    pub fn model_standard_error(&self, i: usize) -> f64 {
        let n = self.dim();
        self.model_covariance[(i + 1) * n + i + 1].max(0.0).sqrt()
    }

    /// The standard error the intervals use: the larger of the model's and the cluster-robust
    /// one. The robust estimate is the right one when the games are many, but it is built from
    /// one score vector per game, so with few games (or more types than games) it is
    /// rank-deficient and too small in some directions; the model's is never that.
    pub fn standard_error(&self, i: usize) -> f64 {
        self.model_standard_error(i)
            .max(self.robust_standard_error(i))
    }

    /// The covariance of the `i`-th and `j`-th weights that goes with [`Fit::standard_error`]:
    /// those standard errors with the model's correlation (so the matrix stays positive
    /// semi-definite).
    pub fn weight_covariance(&self, i: usize, j: usize) -> f64 {
        let n = self.dim();
        let (mi, mj) = (self.model_standard_error(i), self.model_standard_error(j));
        if mi == 0.0 || mj == 0.0 {
            return 0.0;
        }
        let correlation = self.model_covariance[(i + 1) * n + j + 1] / (mi * mj);
        correlation * self.standard_error(i) * self.standard_error(j)
    }

    /// The index among the fitted types of `kind`.
    pub fn position_of(&self, kind: u8) -> Option<usize> {
        self.kinds.iter().position(|&k| k == kind)
    }

    /// The model's material term for a position's features (without the intercept), log-odds.
    pub fn material(&self, features: &[f64]) -> f64 {
        self.kinds
            .iter()
            .zip(&self.weights)
            .map(|(&k, w)| w * features.get(k as usize).copied().unwrap_or(0.0))
            .sum()
    }
}

/// `ln(1 + e^z)` without overflow.
fn softplus(z: f64) -> f64 {
    z.max(0.0) + (-z.abs()).exp().ln_1p()
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Fits the model to `samples` whose features have `kinds` entries, with the ridge penalty
/// `ridge` on the weights. `None` without samples, or when no type is ever unbalanced.
pub fn fit(samples: &[Sample], kinds: usize, ridge: f64) -> Option<Fit> {
    let fitted: Vec<u8> = (0..kinds)
        .filter(|&k| {
            samples
                .iter()
                .filter(|s| s.features.get(k).is_some_and(|&x| x != 0.0))
                .count()
                >= MIN_SAMPLES_UNBALANCED
        })
        .map(|k| k as u8)
        .collect();
    if samples.is_empty() || fitted.is_empty() {
        return None;
    }
    let n = fitted.len() + 1;
    // Each game weighs 1 in all, shared by its positions.
    let mut per_game_count: std::collections::HashMap<usize, usize> = Default::default();
    for s in samples {
        *per_game_count.entry(s.game).or_default() += 1;
    }
    let weights: Vec<f64> = samples
        .iter()
        .map(|s| 1.0 / per_game_count[&s.game] as f64)
        .collect();
    // The design rows: 1 (the intercept), then the fitted types' differences.
    let rows: Vec<Vec<f64>> = samples
        .iter()
        .map(|s| {
            std::iter::once(1.0)
                .chain(fitted.iter().map(|&k| s.features[k as usize]))
                .collect()
        })
        .collect();
    let penalty = |j: usize| if j == 0 { RIDGE_INTERCEPT } else { ridge };
    let loss = |beta: &[f64]| -> f64 {
        let data: f64 = rows
            .iter()
            .zip(samples)
            .zip(&weights)
            .map(|((x, s), weight)| {
                let z: f64 = x.iter().zip(beta).map(|(a, b)| a * b).sum();
                weight * (softplus(z) - s.result * z)
            })
            .sum();
        let pen: f64 = beta
            .iter()
            .enumerate()
            .map(|(j, b)| 0.5 * penalty(j) * b * b)
            .sum();
        data + pen
    };
    // The gradient, the Hessian and each sample's residual at `beta`.
    let derivatives = |beta: &[f64]| -> (Vec<f64>, Vec<f64>, Vec<f64>) {
        let mut gradient: Vec<f64> = (0..n).map(|j| penalty(j) * beta[j]).collect();
        let mut hessian = vec![0.0; n * n];
        for j in 0..n {
            hessian[j * n + j] = penalty(j);
        }
        let mut residuals = Vec::with_capacity(rows.len());
        for ((x, s), weight) in rows.iter().zip(samples).zip(&weights) {
            let z: f64 = x.iter().zip(beta).map(|(a, b)| a * b).sum();
            let p = sigmoid(z);
            let r = p - s.result;
            residuals.push(r);
            let w = weight * p * (1.0 - p);
            for (i, &xi) in x.iter().enumerate() {
                if xi == 0.0 {
                    continue;
                }
                gradient[i] += weight * r * xi;
                for (j, &xj) in x.iter().enumerate().take(i + 1) {
                    hessian[i * n + j] += w * xi * xj;
                }
            }
        }
        for i in 0..n {
            for j in 0..i {
                hessian[j * n + i] = hessian[i * n + j];
            }
        }
        (gradient, hessian, residuals)
    };
    let mut beta = vec![0.0; n];
    let mut current = loss(&beta);
    let mut iterations = 0;
    for _ in 0..100 {
        iterations += 1;
        let (gradient, hessian, _) = derivatives(&beta);
        let l = linalg::cholesky(&hessian, n)?;
        let step = linalg::solve(&l, n, &gradient);
        // Newton's step, halved until the penalised loss does not grow (the loss is convex, so
        // the full step almost always does).
        let mut t = 1.0;
        let mut next: Vec<f64>;
        loop {
            next = beta.iter().zip(&step).map(|(b, d)| b - t * d).collect();
            let value = loss(&next);
            if value <= current + 1e-12 || t < 1e-6 {
                current = value;
                break;
            }
            t /= 2.0;
        }
        let moved = step.iter().map(|d| (t * d).abs()).fold(0.0, f64::max);
        beta = next;
        if moved < 1e-9 {
            break;
        }
    }
    let (_, hessian, residuals) = derivatives(&beta);
    let l = linalg::cholesky(&hessian, n)?;
    let inverse = linalg::inverse(&l, n);
    // The dispersion (Pearson's): a result made of half points varies less than the coin toss
    // the logistic model assumes, so the model's covariance is scaled by the observed variance
    // over the assumed one (quasi-likelihood).
    // With the games as the observations (weights summing to the number of games), the degrees
    // of freedom are the games less the parameters; with fewer than twice as many games as
    // parameters the estimate would be noise, and the dispersion is taken as 1.
    let clusters = per_game_count.len();
    let dispersion = if clusters > 2 * n {
        let pearson: f64 = rows
            .iter()
            .zip(&residuals)
            .zip(&weights)
            .map(|((x, r), weight)| {
                let z: f64 = x.iter().zip(&beta).map(|(a, b)| a * b).sum();
                let p = sigmoid(z);
                weight * r * r / (p * (1.0 - p)).max(1e-9)
            })
            .sum();
        pearson / (clusters - n) as f64
    } else {
        1.0
    };
    // The "meat": the sum over games of each game's score contribution, squared.
    let mut per_game: std::collections::BTreeMap<usize, Vec<f64>> = Default::default();
    for (((x, s), r), weight) in rows.iter().zip(samples).zip(&residuals).zip(&weights) {
        let g = per_game.entry(s.game).or_insert_with(|| vec![0.0; n]);
        for (gi, xi) in g.iter_mut().zip(x) {
            *gi += weight * r * xi;
        }
    }
    let mut meat = vec![0.0; n * n];
    for g in per_game.values() {
        for i in 0..n {
            for j in 0..n {
                meat[i * n + j] += g[i] * g[j];
            }
        }
    }
    let correction = if clusters > 1 {
        clusters as f64 / (clusters - 1) as f64
    } else {
        1.0
    };
    let covariance: Vec<f64> = linalg::multiply(&linalg::multiply(&inverse, &meat, n), &inverse, n)
        .into_iter()
        .map(|v| v * correction)
        .collect();
    Some(Fit {
        kinds: fitted,
        weights: beta[1..].to_vec(),
        intercept: beta[0],
        covariance,
        model_covariance: inverse.iter().map(|v| v * dispersion).collect(),
        dispersion,
        samples: samples.len(),
        games: clusters,
        iterations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SplitMix64, for reproducible synthetic data.
    use jovian_rules::random::SplitMix64 as Rng;

    #[test]
    fn a_balanced_type_is_not_fitted_and_nothing_fits_nothing() {
        let s = |f: Vec<f64>, r: f64| Sample {
            features: f,
            result: r,
            game: 0,
        };
        assert!(fit(&[], 3, RIDGE).is_none());
        let flat: Vec<Sample> = (0..20).map(|i| s(vec![0.0, 0.0], (i % 2) as f64)).collect();
        assert!(fit(&flat, 2, RIDGE).is_none());
    }

    #[test]
    fn positions_repeated_within_a_game_count_as_the_game() {
        // The same 400 independent positions, then each copied five times within its game: the
        // estimate and both intervals are the same, because a game weighs 1 however many of
        // its positions are sampled.
        let mut rng = Rng::new(5);
        let mut base = Vec::new();
        for g in 0..400 {
            let x = (rng.next_u64() % 5) as f64 - 2.0;
            let p = sigmoid(0.7 * x);
            let result = if rng.uniform() < p { 1.0 } else { 0.0 };
            base.push(Sample {
                features: vec![x],
                result,
                game: g,
            });
        }
        let repeated: Vec<Sample> = base
            .iter()
            .flat_map(|s| std::iter::repeat_n(s.clone(), 5))
            .collect();
        let a = fit(&base, 1, 0.0).unwrap();
        let b = fit(&repeated, 1, 0.0).unwrap();
        assert!((a.weights[0] - b.weights[0]).abs() < 1e-6);
        for (x, y) in [
            (a.model_standard_error(0), b.model_standard_error(0)),
            (a.robust_standard_error(0), b.robust_standard_error(0)),
        ] {
            assert!((x / y - 1.0).abs() < 1e-6, "{x} {y}");
        }
        // Coin tosses: the dispersion is about 1, and the two standard errors agree.
        assert!((a.dispersion - 1.0).abs() < 0.15, "{}", a.dispersion);
        let ratio = a.robust_standard_error(0) / a.model_standard_error(0);
        assert!((ratio - 1.0).abs() < 0.15, "{ratio}");
    }
}
