//! Who wins, how, and how long it takes: Blue's and Tan's score with the first-move advantage and
//! its interval, results by reason, the distribution of game lengths, and the score per array and
//! per choice of the array's name (symmetry, each pair's sides).

use std::collections::BTreeMap;

use jovian_rules::Color;
use jovian_rules::variants::pairs;

use crate::run::{LabGame, Reason};

/// The quantile of the standard normal distribution for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Blue's wins, draws and losses over some games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub blue_wins: usize,
    pub draws: usize,
    pub tan_wins: usize,
}

/// A score (Blue's share of the points) with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Share {
    pub score: f64,
    pub low: f64,
    pub high: f64,
}

impl Tally {
    pub fn add(&mut self, winner: Option<Color>) {
        match winner {
            Some(Color::Blue) => self.blue_wins += 1,
            Some(Color::Tan) => self.tan_wins += 1,
            None => self.draws += 1,
        }
    }

    pub fn games(&self) -> usize {
        self.blue_wins + self.draws + self.tan_wins
    }

    /// Blue's points: a win 1, a draw 1/2.
    pub fn blue_points(&self) -> f64 {
        self.blue_wins as f64 + self.draws as f64 / 2.0
    }

    /// Blue's share of the points with its 95% interval, `None` without games. The standard
    /// error comes from the observed win/draw/loss frequencies (the trinomial model, as
    /// `jovian match` computes it); when every game had the same result that error is 0 and says
    /// nothing, so the bound is the exact binomial one instead: the share whose chance of giving
    /// all `n` results one way is 2.5%.
    pub fn blue_share(&self) -> Option<Share> {
        let n = self.games() as f64;
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (
            self.blue_wins as f64 / n,
            self.draws as f64 / n,
            self.tan_wins as f64 / n,
        );
        let s = w + d / 2.0;
        let exact = 0.025f64.powf(1.0 / n);
        let (low, high) = if w == 1.0 {
            (exact, 1.0)
        } else if l == 1.0 {
            (0.0, 1.0 - exact)
        } else if d == 1.0 {
            // All draws: the share is 1/2; the bounds of a share made only of draws.
            (0.5, 0.5)
        } else {
            let variance = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
            let se = (variance / n).sqrt();
            ((s - Z95 * se).max(0.0), (s + Z95 * se).min(1.0))
        };
        Some(Share {
            score: s,
            low,
            high,
        })
    }
}

/// The Elo difference that gives an expected score `s` in the logistic model (infinite at 0
/// and 1).
pub fn elo_from_score(s: f64) -> f64 {
    if s >= 1.0 {
        f64::INFINITY
    } else if s <= 0.0 {
        f64::NEG_INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The length of the games in plies.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lengths {
    /// Every game's length, shortest first.
    pub plies: Vec<usize>,
}

/// A bar of the length histogram: games with `low <= plies < high`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bin {
    pub low: usize,
    pub high: usize,
    pub games: usize,
}

impl Lengths {
    pub fn new(mut plies: Vec<usize>) -> Lengths {
        plies.sort_unstable();
        Lengths { plies }
    }

    /// The quantile `q` (0..1) by linear interpolation between the order statistics (the median
    /// of an even count is the mean of the middle two).
    pub fn quantile(&self, q: f64) -> Option<f64> {
        let n = self.plies.len();
        if n == 0 {
            return None;
        }
        let at = q.clamp(0.0, 1.0) * (n - 1) as f64;
        let (lo, hi) = (at.floor() as usize, at.ceil() as usize);
        let frac = at - lo as f64;
        Some(self.plies[lo] as f64 * (1.0 - frac) + self.plies[hi] as f64 * frac)
    }

    pub fn median(&self) -> Option<f64> {
        self.quantile(0.5)
    }

    pub fn mean(&self) -> Option<f64> {
        (!self.plies.is_empty())
            .then(|| self.plies.iter().sum::<usize>() as f64 / self.plies.len() as f64)
    }

    /// About `target` bars of a round width (1, 2 or 5 times a power of ten), from a multiple of
    /// the width at or below the shortest game to past the longest.
    pub fn histogram(&self, target: usize) -> Vec<Bin> {
        let (Some(&min), Some(&max)) = (self.plies.first(), self.plies.last()) else {
            return Vec::new();
        };
        let width = nice_width((max - min + 1) as f64 / target.max(1) as f64);
        let first = min / width * width;
        let bins = (max - first) / width + 1;
        let mut out: Vec<Bin> = (0..bins)
            .map(|i| Bin {
                low: first + i * width,
                high: first + (i + 1) * width,
                games: 0,
            })
            .collect();
        for &p in &self.plies {
            out[(p - first) / width].games += 1;
        }
        out
    }
}

/// The smallest of 1, 2, 5, 10, 20, 50, ... at least `raw`.
fn nice_width(raw: f64) -> usize {
    let mut unit = 1usize;
    loop {
        for m in [1, 2, 5] {
            if (unit * m) as f64 >= raw {
                return unit * m;
            }
        }
        unit *= 10;
    }
}

/// Games ended for one reason, by who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReasonRow {
    pub reason: Reason,
    pub tally: Tally,
}

/// A group of games (an array, or a choice in arrays' names) with Blue's results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub label: String,
    pub tally: Tally,
}

/// The outcome figures of a run.
#[derive(Clone, Debug, Default)]
pub struct Outcomes {
    pub all: Tally,
    pub reasons: Vec<ReasonRow>,
    pub lengths: Lengths,
    /// Each array played, most played first (then by name).
    pub arrays: Vec<Group>,
    /// Rotational and mirror arrays, then each pair's two sides, for arrays named by pairs.
    pub choices: Vec<Group>,
}

impl Outcomes {
    pub fn of(games: &[LabGame]) -> Outcomes {
        let mut all = Tally::default();
        let mut reasons: BTreeMap<(usize, String), ReasonRow> = BTreeMap::new();
        let mut arrays: BTreeMap<String, Tally> = BTreeMap::new();
        for g in games {
            all.add(g.winner);
            reasons
                .entry((g.reason.order(), g.reason.label().to_string()))
                .or_insert(ReasonRow {
                    reason: g.reason,
                    tally: Tally::default(),
                })
                .tally
                .add(g.winner);
            let array = g
                .setup
                .clone()
                .unwrap_or_else(|| "(a position)".to_string());
            arrays.entry(array).or_default().add(g.winner);
        }
        let mut arrays: Vec<Group> = arrays
            .into_iter()
            .map(|(label, tally)| Group { label, tally })
            .collect();
        arrays.sort_by_key(|g| std::cmp::Reverse(g.tally.games()));
        Outcomes {
            all,
            reasons: reasons.into_values().collect(),
            lengths: Lengths::new(games.iter().map(LabGame::plies).collect()),
            arrays,
            choices: choices(games),
        }
    }
}

/// Blue's results by the choices an array's name makes: `rot-` or `mir-`, and for each pair
/// which member stands on the left. Empty when the arrays are not named by pairs (the 12x8 game)
/// or only one array was played.
fn choices(games: &[LabGame]) -> Vec<Group> {
    let Some(first) = games.first() else {
        return Vec::new();
    };
    let variant = first.start.variant;
    let table = variant.setups.pairs;
    let distinct: std::collections::HashSet<&Option<String>> =
        games.iter().map(|g| &g.setup).collect();
    if table.is_empty() || distinct.len() < 2 {
        return Vec::new();
    }
    let mut symmetry = [Tally::default(); 2];
    // Per pair: first-named member on the left (bit 0), second on the left (bit 1).
    let mut sides = vec![[Tally::default(); 2]; table.len()];
    for g in games {
        let Some((rotational, bits)) = g
            .setup
            .as_deref()
            .and_then(|n| pairs::parse_name(n, table.len()))
        else {
            continue;
        };
        symmetry[usize::from(!rotational)].add(g.winner);
        for (i, side) in sides.iter_mut().enumerate() {
            side[(bits >> i & 1) as usize].add(g.winner);
        }
    }
    let name = |abbr: &str| {
        if abbr.is_empty() {
            "empty".to_string()
        } else {
            variant
                .kind_by_abbr(abbr)
                .map_or(abbr.to_string(), |k| variant.spec(k).name.to_string())
        }
    };
    let mut out = vec![
        Group {
            label: "rotational arrays (rot-)".to_string(),
            tally: symmetry[0],
        },
        Group {
            label: "mirror arrays (mir-)".to_string(),
            tally: symmetry[1],
        },
    ];
    for (i, &(a, b, _, _)) in table.iter().enumerate() {
        for (bit, left) in [(0, a), (1, b)] {
            out.push(Group {
                label: format!("{}-{}: {} on the left", name(a), name(b), name(left)),
                tally: sides[i][bit],
            });
        }
    }
    out.retain(|g| g.tally.games() > 0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_and_their_intervals() {
        let t = Tally {
            blue_wins: 6,
            draws: 2,
            tan_wins: 2,
        };
        let s = t.blue_share().unwrap();
        assert!((s.score - 0.7).abs() < 1e-12);
        // var = 0.6*0.09 + 0.2*0.04 + 0.2*0.49 = 0.16; se = sqrt(0.016)
        let se = (0.016f64).sqrt();
        assert!((s.low - (0.7 - Z95 * se)).abs() < 1e-12, "{s:?}");
        assert!((s.high - (0.7 + Z95 * se)).abs() < 1e-12, "{s:?}");
        let all = Tally {
            blue_wins: 10,
            ..Tally::default()
        };
        let s = all.blue_share().unwrap();
        assert_eq!(s.high, 1.0);
        assert!((s.low - 0.025f64.powf(0.1)).abs() < 1e-12);
        assert!(Tally::default().blue_share().is_none());
        assert!((elo_from_score(0.75) - 190.85).abs() < 0.01);
    }

    #[test]
    fn quantiles_and_histograms() {
        let l = Lengths::new(vec![40, 10, 30, 20]);
        assert_eq!(l.median(), Some(25.0));
        assert_eq!(l.mean(), Some(25.0));
        assert_eq!(l.quantile(0.0), Some(10.0));
        assert_eq!(Lengths::new(vec![7, 1, 3]).median(), Some(3.0));
        let h = Lengths::new(vec![3, 14, 15, 92]).histogram(10);
        // (92 - 3 + 1) / 10 = 9 -> width 10, from 0 to 100.
        assert_eq!(h.len(), 10);
        assert_eq!(
            h[0],
            Bin {
                low: 0,
                high: 10,
                games: 1
            }
        );
        assert_eq!(h[1].games, 2);
        assert_eq!(
            h[9],
            Bin {
                low: 90,
                high: 100,
                games: 1
            }
        );
        assert_eq!(h.iter().map(|b| b.games).sum::<usize>(), 4);
        assert!(Lengths::default().histogram(10).is_empty());
        assert_eq!(nice_width(0.3), 1);
        assert_eq!(nice_width(3.0), 5);
        assert_eq!(nice_width(11.0), 20);
    }
}
