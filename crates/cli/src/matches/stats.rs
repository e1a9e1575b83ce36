//! The match's tally, its results table, and the Elo difference with its confidence interval.

use std::fmt::Write;

/// Why a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Reason {
    RoyalCaptured,
    Bared,
    NoLegalMove,
    /// `--max-plies` reached: adjudicated a draw.
    MoveLimit,
    /// A clock ran out (`--tc`).
    Time,
    /// An illegal move, a crash, a resignation or a protocol failure of a `cmd:` player.
    Forfeit,
    /// The 12x8 game's endings: checkmate, and draws by its rules.
    Checkmate,
    Stalemate,
    Repetition,
    FiftyMoves,
    BareKings,
}

impl Reason {
    pub const ALL: [Reason; 11] = [
        Reason::RoyalCaptured,
        Reason::Bared,
        Reason::NoLegalMove,
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::Repetition,
        Reason::FiftyMoves,
        Reason::BareKings,
        Reason::MoveLimit,
        Reason::Time,
        Reason::Forfeit,
    ];

    /// The reason for an ending by the rules of the game.
    pub fn from_rules(r: jovian_rules::WinReason) -> Reason {
        use jovian_rules::WinReason as W;
        match r {
            W::RoyalCaptured => Reason::RoyalCaptured,
            W::Bared => Reason::Bared,
            W::NoLegalMove => Reason::NoLegalMove,
            W::Checkmate => Reason::Checkmate,
            W::Stalemate => Reason::Stalemate,
            W::Repetition => Reason::Repetition,
            W::FiftyMoves => Reason::FiftyMoves,
            W::BareKings => Reason::BareKings,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Reason::RoyalCaptured => "royal captured",
            Reason::Bared => "bared",
            Reason::NoLegalMove => "no legal move",
            Reason::MoveLimit => "move limit",
            Reason::Time => "time forfeit",
            Reason::Forfeit => "forfeit",
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "repetition",
            Reason::FiftyMoves => "fifty moves",
            Reason::BareKings => "bare kings",
        }
    }

    /// Always shown in the table, even when no game ended so.
    fn standard(self) -> bool {
        matches!(
            self,
            Reason::RoyalCaptured | Reason::Bared | Reason::NoLegalMove | Reason::MoveLimit
        )
    }
}

/// Who won a game, from the match's point of view.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Winner {
    A,
    B,
    Draw,
}

/// Everything the table needs, game by game.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub games: usize,
    /// Per reason: A wins, B wins, draws.
    counts: Vec<(Reason, [usize; 3])>,
    /// A's wins, draws, losses when A had Blue, and when A had Tan.
    as_blue: [usize; 3],
    as_tan: [usize; 3],
    plies: usize,
    shortest: Option<usize>,
    longest: usize,
    /// The length of every game won by either side, in plies: how fast a win comes.
    decisive_plies: Vec<usize>,
}

impl Tally {
    pub fn add(&mut self, winner: Winner, reason: Reason, a_is_blue: bool, plies: usize) {
        self.games += 1;
        let column = match winner {
            Winner::A => 0,
            Winner::B => 1,
            Winner::Draw => 2,
        };
        match self.counts.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, c)) => c[column] += 1,
            None => {
                let mut c = [0; 3];
                c[column] = 1;
                self.counts.push((reason, c));
            }
        }
        // wins, draws, losses of A
        let wdl = match winner {
            Winner::A => 0,
            Winner::Draw => 1,
            Winner::B => 2,
        };
        if a_is_blue {
            self.as_blue[wdl] += 1;
        } else {
            self.as_tan[wdl] += 1;
        }
        self.plies += plies;
        self.shortest = Some(self.shortest.map_or(plies, |s| s.min(plies)));
        self.longest = self.longest.max(plies);
        if winner != Winner::Draw {
            self.decisive_plies.push(plies);
        }
    }

    /// The median length of the decisive games (the mean of the middle two for an even count).
    pub fn median_decisive_plies(&self) -> Option<f64> {
        let mut p = self.decisive_plies.clone();
        p.sort_unstable();
        let n = p.len();
        match n {
            0 => None,
            _ if n % 2 == 1 => Some(p[n / 2] as f64),
            _ => Some((p[n / 2 - 1] + p[n / 2]) as f64 / 2.0),
        }
    }

    fn count(&self, reason: Reason) -> [usize; 3] {
        self.counts
            .iter()
            .find(|(r, _)| *r == reason)
            .map_or([0; 3], |(_, c)| *c)
    }

    /// A's wins, draws and losses.
    pub fn wdl(&self) -> (usize, usize, usize) {
        let w = self.as_blue[0] + self.as_tan[0];
        let d = self.as_blue[1] + self.as_tan[1];
        let l = self.as_blue[2] + self.as_tan[2];
        (w, d, l)
    }

    /// A's points (a win 1, a draw 1/2).
    pub fn points(&self) -> f64 {
        let (w, d, _) = self.wdl();
        w as f64 + d as f64 / 2.0
    }

    /// The short running score for the progress bar: `A 3.5 - B 1.5`.
    pub fn running(&self) -> String {
        let a = self.points();
        format!("A {a} - B {}", self.games as f64 - a)
    }

    /// The results table and the score lines.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let mut row = |cells: [String; 5]| {
            let line = format!(
                "{:<16}{:>7}{:>9}{:>9}{:>8}",
                cells[0], cells[1], cells[2], cells[3], cells[4]
            );
            let _ = writeln!(out, "{}", line.trim_end());
        };
        let text = |n: usize| n.to_string();
        row(["result", "games", "A wins", "B wins", "draws"].map(String::from));
        for reason in Reason::ALL {
            let [a, b, d] = self.count(reason);
            if !reason.standard() && a + b + d == 0 {
                continue;
            }
            let label = reason.label().to_string();
            row(if reason == Reason::MoveLimit {
                [label, text(d), String::new(), String::new(), text(d)]
            } else {
                [label, text(a + b + d), text(a), text(b), String::new()]
            });
        }
        let (w, d, l) = self.wdl();
        row([
            "total".to_string(),
            text(self.games),
            text(w),
            text(l),
            text(d),
        ]);
        let side = |name: &str, c: [usize; 3]| {
            let n = c[0] + c[1] + c[2];
            format!(
                "A as {name}: {n} game{}, +{} ={} -{}",
                if n == 1 { "" } else { "s" },
                c[0],
                c[1],
                c[2]
            )
        };
        let _ = writeln!(
            out,
            "\n{}; {}",
            side("Blue", self.as_blue),
            side("Tan", self.as_tan)
        );
        if self.games > 0 {
            let _ = writeln!(
                out,
                "Average length: {:.1} plies (shortest {}, longest {})",
                self.plies as f64 / self.games as f64,
                self.shortest.unwrap_or(0),
                self.longest
            );
            if let Some(median) = self.median_decisive_plies() {
                let _ = writeln!(
                    out,
                    "Decisive games: {}, median length {median:.1} plies",
                    self.decisive_plies.len()
                );
            }
            let _ = writeln!(
                out,
                "Score of A: {}/{} = {:.1}%",
                self.points(),
                self.games,
                100.0 * self.points() / self.games as f64
            );
        }
        if let Some(e) = Elo::estimate(w, d, l) {
            let _ = writeln!(
                out,
                "Elo difference A - B: {} (95% interval {} .. {})",
                elo_text(e.elo),
                elo_text(e.low),
                elo_text(e.high)
            );
        }
        out
    }
}

/// An Elo difference with its 95% confidence interval; infinite when a side scored 100%.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Elo {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

/// The quantile of the standard normal distribution for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference that gives an expected score `s` in the logistic model.
pub fn elo_from_score(s: f64) -> f64 {
    if s >= 1.0 {
        f64::INFINITY
    } else if s <= 0.0 {
        f64::NEG_INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

impl Elo {
    /// From A's wins, draws and losses: the score `s`, its standard error from the observed
    /// trinomial frequencies, `sqrt((w (1-s)^2 + d (1/2-s)^2 + l s^2) / n) / sqrt(n)`, and the
    /// interval `s +- 1.96 se` mapped through the logistic model. When every game was won (or
    /// lost) that standard error is 0, so the bound comes from the binomial instead: the score
    /// whose chance of winning all `n` games is 2.5%, `0.025^(1/n)`. `None` without games.
    pub fn estimate(wins: usize, draws: usize, losses: usize) -> Option<Elo> {
        let n = (wins + draws + losses) as f64;
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (wins as f64 / n, draws as f64 / n, losses as f64 / n);
        let s = w + d / 2.0;
        let (low, high) = if wins as f64 == n {
            (0.025f64.powf(1.0 / n), 1.0)
        } else if losses as f64 == n {
            (0.0, 1.0 - 0.025f64.powf(1.0 / n))
        } else {
            let variance = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
            let se = (variance / n).sqrt();
            ((s - Z95 * se).max(0.0), (s + Z95 * se).min(1.0))
        };
        Some(Elo {
            elo: elo_from_score(s),
            low: elo_from_score(low),
            high: elo_from_score(high),
        })
    }
}

/// `+191`, `-35`, `+inf`, `-inf`.
pub fn elo_text(x: f64) -> String {
    if x == f64::INFINITY {
        "+inf".to_string()
    } else if x == f64::NEG_INFINITY {
        "-inf".to_string()
    } else if x.round() == 0.0 {
        "0".to_string()
    } else {
        format!("{:+.0}", x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seventy_five_percent_is_about_191_elo() {
        let e = Elo::estimate(75, 0, 25).unwrap();
        assert!((e.elo - 190.85).abs() < 0.1, "{e:?}");
        assert_eq!(elo_text(e.elo), "+191");
        // The same score made of draws.
        let d = Elo::estimate(50, 50, 0).unwrap();
        assert!((d.elo - 190.85).abs() < 0.1);
        // Draws carry less variance than wins and losses: a narrower interval.
        assert!(d.high - d.low < e.high - e.low);
    }

    #[test]
    fn interval_contains_the_estimate_and_narrows_with_more_games() {
        let mut last_width = f64::INFINITY;
        for scale in [1, 4, 16, 64] {
            let e = Elo::estimate(6 * scale, 2 * scale, 4 * scale).unwrap();
            assert!(e.low < e.elo && e.elo < e.high, "{e:?}");
            let width = e.high - e.low;
            assert!(width < last_width, "{width} >= {last_width}");
            last_width = width;
        }
        // Four times the games, about half the width.
        let a = Elo::estimate(60, 20, 40).unwrap();
        let b = Elo::estimate(240, 80, 160).unwrap();
        let ratio = (b.high - b.low) / (a.high - a.low);
        assert!((ratio - 0.5).abs() < 0.05, "{ratio}");
        let even = Elo::estimate(10, 0, 10).unwrap();
        assert_eq!(elo_text(even.elo), "0");
        assert!(even.low < 0.0 && even.high > 0.0);
    }

    #[test]
    fn perfect_scores_are_infinite_with_a_finite_bound() {
        let e = Elo::estimate(10, 0, 0).unwrap();
        assert_eq!(elo_text(e.elo), "+inf");
        assert_eq!(elo_text(e.high), "+inf");
        assert!(e.low.is_finite() && e.low > 0.0, "{e:?}");
        let l = Elo::estimate(0, 0, 10).unwrap();
        assert_eq!(elo_text(l.elo), "-inf");
        assert_eq!(elo_text(l.low), "-inf");
        assert!(l.high.is_finite() && l.high < 0.0);
        assert!(Elo::estimate(0, 0, 0).is_none());
        // More perfect games, a higher lower bound.
        assert!(Elo::estimate(40, 0, 0).unwrap().low > e.low);
    }

    #[test]
    fn table_counts_reasons_and_sides() {
        let mut t = Tally::default();
        t.add(Winner::A, Reason::RoyalCaptured, true, 40);
        t.add(Winner::A, Reason::Bared, false, 60);
        t.add(Winner::Draw, Reason::MoveLimit, true, 200);
        t.add(Winner::B, Reason::Time, false, 10);
        assert_eq!(t.wdl(), (2, 1, 1));
        assert_eq!(t.points(), 2.5);
        let text = t.table();
        assert!(text.contains("royal captured"), "{text}");
        assert!(text.contains("time forfeit"), "{text}");
        assert!(!text.lines().any(|l| l.starts_with("forfeit")), "{text}");
        assert!(text.contains("Score of A: 2.5/4 = 62.5%"), "{text}");
        assert!(text.contains("A as Blue: 2 games, +1 =1 -0"), "{text}");
        assert!(text.contains("shortest 10, longest 200"), "{text}");
        // The draw's 200 plies are left out: the wins took 10, 40 and 60.
        assert!(
            text.contains("Decisive games: 3, median length 40.0 plies"),
            "{text}"
        );
        t.add(Winner::B, Reason::RoyalCaptured, true, 90);
        assert_eq!(t.median_decisive_plies(), Some(50.0));
        assert_eq!(Tally::default().median_decisive_plies(), None);
        assert_eq!(t.running(), "A 2.5 - B 2.5");
    }
}
