//! The sequential probability ratio test of fishtest and OpenBench: after every pair of games
//! (one array, colours swapped), is A stronger than B by `elo1` rather than by `elo0`?
//!
//! Results are counted by pairs (the pentanomial model): a pair scores 0, 1/2, 1, 3/2 or 2 points
//! for A, and its score per game (0, 1/4, ... 1) is one sample. Playing each array with both
//! colours cancels most of the array's and the first move's bias, and counting pairs keeps the
//! variance honest about that. The log-likelihood ratio is that of the generalised SPRT (Michel
//! Van den Bergh's, as fishtest computes it): for each hypothesis, the distribution over the five
//! pair scores nearest (by maximum likelihood) to the observed one whose mean is the hypothesis's
//! expected score (`s0`, `s1`, from logistic Elo); then `LLR = N * sum_i p_i ln(p1_i / p0_i)`
//! over the observed frequencies `p_i` of `N` pairs. Unlike the normal approximation, it stays
//! sane after a handful of pairs that all went one way.
//!
//! The test stops at `ln(beta / (1 - alpha))` (H0: not `elo1` better; reject the change) or
//! `ln((1 - beta) / alpha)` (H1: accept it).

/// The test's settings: logistic Elo bounds and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtBounds {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A is better by `elo1` (the change passes).
    H1,
    /// A is not better by `elo1` (the change fails).
    H0,
    Continue,
}

impl SprtBounds {
    /// `ELO0,ELO1` (e.g. `0,10`), with the error rates given apart.
    pub fn parse(text: &str, alpha: f64, beta: f64) -> Result<SprtBounds, String> {
        let bad = || format!("--sprt takes ELO0,ELO1 with ELO0 < ELO1 (e.g. 0,10), not {text:?}");
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let elo = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && x.abs() <= 1000.0)
        };
        let (elo0, elo1) = (elo(a).ok_or_else(bad)?, elo(b).ok_or_else(bad)?);
        if elo0 >= elo1 {
            return Err(bad());
        }
        for (name, p) in [("--sprt-alpha", alpha), ("--sprt-beta", beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("{name} must be above 0 and below 0.5, not {p}"));
            }
        }
        Ok(SprtBounds {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower and upper stopping bounds of the LLR.
    pub fn llr_bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }
}

/// Expected score of a side `elo` logistic Elo stronger.
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A pair's score per game when A scored `k` half-points out of four.
const PAIR_SCORE: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The distribution over pair scores of mean `s` that is most likely to have produced the
/// observed frequencies `p`: `q_k = p_k / (1 + l (a_k - s))`, where the multiplier `l` makes the
/// mean `s`. The mean falls as `l` grows, so `l` is found by bisection in the range where every
/// `q_k` stays positive.
fn nearest_with_mean(p: &[f64; 5], s: f64) -> [f64; 5] {
    let shift = |l: f64| -> f64 {
        (0..5)
            .map(|k| p[k] * (PAIR_SCORE[k] - s) / (1.0 + l * (PAIR_SCORE[k] - s)))
            .sum()
    };
    let (mut low, mut high) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if shift(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let l = 0.5 * (low + high);
    let q: [f64; 5] = std::array::from_fn(|k| p[k] / (1.0 + l * (PAIR_SCORE[k] - s)));
    let total: f64 = q.iter().sum();
    q.map(|x| x / total)
}

/// Pair results: `counts[k]` pairs in which A scored `k` half-points out of four (0 to 2 points).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pentanomial {
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Adds a pair in which A scored `half_points` half-points (0 to 4).
    pub fn add(&mut self, half_points: usize) {
        self.counts[half_points.min(4)] += 1;
    }

    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The observed frequencies of the five pair scores. Each count gets a thousandth of a pair
    /// more (as fishtest and OpenBench do), so that no score has probability zero.
    fn frequencies(&self) -> (f64, [f64; 5]) {
        let n = self.counts.map(|c| c as f64 + 1e-3);
        let total: f64 = n.iter().sum();
        (total, n.map(|x| x / total))
    }

    /// Mean and variance of the score per game of a pair.
    fn moments(&self) -> (f64, f64, f64) {
        let (total, p) = self.frequencies();
        let mean: f64 = (0..5).map(|k| p[k] * PAIR_SCORE[k]).sum();
        let var: f64 = (0..5).map(|k| p[k] * (PAIR_SCORE[k] - mean).powi(2)).sum();
        (total, mean, var)
    }

    /// The log-likelihood ratio of H1 against H0.
    pub fn llr(&self, bounds: &SprtBounds) -> f64 {
        if self.pairs() == 0 {
            return 0.0;
        }
        let (n, p) = self.frequencies();
        let p0 = nearest_with_mean(&p, expected_score(bounds.elo0));
        let p1 = nearest_with_mean(&p, expected_score(bounds.elo1));
        n * (0..5).map(|k| p[k] * (p1[k] / p0[k]).ln()).sum::<f64>()
    }

    pub fn verdict(&self, bounds: &SprtBounds) -> Verdict {
        let (lower, upper) = bounds.llr_bounds();
        let llr = self.llr(bounds);
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// A's Elo from the pairs' mean score, with a 95% interval from their variance.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let pairs = self.pairs();
        if pairs == 0 {
            return None;
        }
        let (n, mean, var) = self.moments();
        let margin = 1.96 * (var / n).sqrt();
        let elo = |s: f64| {
            let s = s.clamp(1e-6, 1.0 - 1e-6);
            -400.0 * (1.0 / s - 1.0).log10()
        };
        Some((elo(mean), elo(mean - margin), elo(mean + margin)))
    }

    /// `LLR 1.23 [-2.94, 2.94] after 40 pairs`.
    pub fn status(&self, bounds: &SprtBounds) -> String {
        let (lower, upper) = bounds.llr_bounds();
        format!(
            "LLR {:.2} [{lower:.2}, {upper:.2}] after {} pairs",
            self.llr(bounds),
            self.pairs()
        )
    }
}

/// The pairs of two slices of one test together (`pool.rs`).
impl std::ops::Add for Pentanomial {
    type Output = Pentanomial;

    fn add(self, other: Pentanomial) -> Pentanomial {
        Pentanomial {
            counts: std::array::from_fn(|k| self.counts[k] + other.counts[k]),
        }
    }
}

/// The SPRT's closing lines: the pairs, the LLR against its bounds, and the verdict.
pub fn report(bounds: &SprtBounds, pairs: &Pentanomial) -> String {
    let (lower, upper) = bounds.llr_bounds();
    let llr = pairs.llr(bounds);
    let verdict = match pairs.verdict(bounds) {
        Verdict::H1 => format!(
            "H1 accepted: A is stronger than B by {} Elo rather than {}",
            bounds.elo1, bounds.elo0
        ),
        Verdict::H0 => format!(
            "H0 accepted: A is not stronger than B by {} Elo (rather {} or less)",
            bounds.elo1, bounds.elo0
        ),
        Verdict::Continue => "undecided: the games ran out before the test decided".to_string(),
    };
    let c = pairs.counts;
    let mut out = format!(
        "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {llr:.2} (bounds {lower:.2}, {upper:.2}), {verdict}\n\
         Pairs (A's points 0 / 0.5 / 1 / 1.5 / 2): {} / {} / {} / {} / {}\n",
        bounds.elo0, bounds.elo1, bounds.alpha, bounds.beta, c[0], c[1], c[2], c[3], c[4]
    );
    if let Some((elo, low, high)) = pairs.elo() {
        out += &format!("Elo from the pairs: {elo:+.1} (95% interval {low:+.1} .. {high:+.1})\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds() -> SprtBounds {
        SprtBounds::parse("0,10", 0.05, 0.05).unwrap()
    }

    #[test]
    fn the_bounds_are_those_of_fishtest() {
        let (lower, upper) = bounds().llr_bounds();
        assert!((lower + 2.944).abs() < 1e-3, "{lower}");
        assert!((upper - 2.944).abs() < 1e-3, "{upper}");
        assert!(SprtBounds::parse("10,0", 0.05, 0.05).is_err());
        assert!(SprtBounds::parse("0", 0.05, 0.05).is_err());
        assert!(SprtBounds::parse("0,nan", 0.05, 0.05).is_err());
        assert!(SprtBounds::parse("0,5", 0.0, 0.05).is_err());
        assert!(SprtBounds::parse("0,5", 0.05, 0.7).is_err());
    }

    #[test]
    fn the_llr_agrees_with_the_normal_approximation_on_many_pairs() {
        // 1000 pairs with a mean of 0.525 and variance v: the GSPRT's LLR is close to the normal
        // approximation N (s1 - s0) (2x - s0 - s1) / (2v).
        let p = Pentanomial {
            counts: [50, 200, 400, 250, 100],
        };
        let (n, mean, var) = p.moments();
        let (s0, s1) = (0.5, expected_score(10.0));
        let normal = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
        let llr = p.llr(&bounds());
        assert!(
            (llr - normal).abs() < 0.05 * normal.abs(),
            "{llr} vs {normal}"
        );
        assert!(llr > 0.0, "a 52.5% score leans towards H1 = 10 Elo");
        // The constrained distributions have the means asked for.
        let (_, f) = p.frequencies();
        for s in [0.3, 0.5, s1, 0.9] {
            let q = nearest_with_mean(&f, s);
            let m: f64 = (0..5).map(|k| q[k] * PAIR_SCORE[k]).sum();
            assert!((m - s).abs() < 1e-9, "{m} vs {s}");
        }
    }

    #[test]
    fn a_clearly_stronger_player_passes_and_an_equal_one_fails() {
        let b = bounds();
        // A wins 60% of the points: pairs mostly 1.5-0.5 or 1-1.
        let mut strong = Pentanomial::default();
        let mut pairs = 0;
        while strong.verdict(&b) == Verdict::Continue {
            for k in [2, 3, 3, 2, 1, 3, 4, 2, 3, 2] {
                strong.add(k);
            }
            pairs += 10;
            assert!(pairs < 10_000, "never decided");
        }
        assert_eq!(strong.verdict(&b), Verdict::H1);
        let (elo, low, high) = strong.elo().unwrap();
        assert!(low < elo && elo < high && elo > 30.0, "{elo} {low} {high}");
        // Dead even: H0.
        let mut even = Pentanomial::default();
        while even.verdict(&b) == Verdict::Continue {
            for k in [2, 1, 3, 2, 2, 0, 4, 2] {
                even.add(k);
            }
            assert!(even.pairs() < 100_000, "never decided");
        }
        assert_eq!(even.verdict(&b), Verdict::H0);
    }

    #[test]
    fn identical_pairs_decide_but_not_at_once() {
        // Every pair won 2-0, testing 0 against 100 Elo: one pair is worth an LLR of 0.248 (an
        // independent computation gave 0.24762; the normal approximation said 32), so the test
        // decides at the twelfth pair (2.964), not before (2.72).
        let b = SprtBounds::parse("0,100", 0.05, 0.05).unwrap();
        let mut p = Pentanomial::default();
        p.add(4);
        assert!((p.llr(&b) - 0.24762).abs() < 1e-4, "{}", p.llr(&b));
        for _ in 1..11 {
            p.add(4);
        }
        assert_eq!(p.verdict(&b), Verdict::Continue, "{}", p.llr(&b));
        p.add(4);
        assert_eq!(p.verdict(&b), Verdict::H1, "{}", p.llr(&b));
        assert_eq!(Pentanomial::default().llr(&b), 0.0);
    }
}
