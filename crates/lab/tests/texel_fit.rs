//! The Texel-style fit recovers known piece values: positions are made up with random material
//! differences, each game's result is drawn from the logistic of a known value vector, and the
//! fit must give the values back within their intervals (and within a tolerance).

use jovian_lab::texel::{RIDGE, Sample, fit};
use jovian_lab::values::{Unit, Values};
use jovian_rules::Variant;
use jovian_rules::random::SplitMix64;

/// SplitMix64, so the test is the same on every run.
struct Rng(SplitMix64);

impl Rng {
    fn uniform(&mut self) -> f64 {
        self.0.uniform()
    }
    /// Uniform in `-k..=k`.
    fn spread(&mut self, k: i64) -> f64 {
        ((self.0.next_u64() % (2 * k as u64 + 1)) as i64 - k) as f64
    }
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Log-odds per Pawn of the made-up model, and the true values in Pawns.
const PAWN: f64 = 0.45;
const TRUE_VALUES: [(&str, f64); 5] = [("P", 1.0), ("N", 3.0), ("R", 6.0), ("Q", 9.5), ("W", 1.5)];
const FIRST_MOVE: f64 = 0.15;

/// `games` games of `per_game` positions each; a game's result is drawn once from the logistic
/// of its first position's material (the later positions are that material with small changes
/// of no consequence: the same Pawn count give or take nothing), with draws as half points.
fn synthetic(variant: &Variant, games: usize, per_game: usize, seed: u64) -> Vec<Sample> {
    let mut rng = Rng(SplitMix64::new(seed));
    let kinds: Vec<usize> = TRUE_VALUES
        .iter()
        .map(|(a, _)| variant.kind_by_abbr(a).unwrap().0 as usize)
        .collect();
    let mut samples = Vec::new();
    for game in 0..games {
        let mut features = vec![0.0; variant.pieces.len()];
        features[kinds[0]] = rng.spread(3);
        for &k in &kinds[1..] {
            features[k] = if rng.uniform() < 0.5 {
                0.0
            } else {
                rng.spread(1)
            };
        }
        let z = FIRST_MOVE
            + TRUE_VALUES
                .iter()
                .zip(&kinds)
                .map(|((_, v), &k)| PAWN * v * features[k])
                .sum::<f64>();
        let p = sigmoid(z);
        // A draw half the time the two draws disagree: the expected score is still p.
        let (a, b) = (rng.uniform() < p, rng.uniform() < p);
        let result = (a as u8 + b as u8) as f64 / 2.0;
        for _ in 0..per_game {
            samples.push(Sample {
                features: features.clone(),
                result,
                game,
            });
        }
    }
    samples
}

#[test]
fn the_fit_recovers_known_values_in_pawns() {
    let v = Variant::by_id("scirocco").unwrap();
    let samples = synthetic(v, 20_000, 1, 11);
    let f = fit(&samples, v.pieces.len(), RIDGE).expect("a fit");
    assert_eq!(
        f.kinds.len(),
        TRUE_VALUES.len(),
        "only the unbalanced types"
    );
    assert!((f.intercept - FIRST_MOVE).abs() < 0.05, "{}", f.intercept);
    let values = Values::of(v, f, &samples);
    assert_eq!(values.unit, Unit::Pawn);
    assert!((values.scale - PAWN).abs() < 0.03, "{}", values.scale);
    for (abbr, truth) in TRUE_VALUES {
        let kind = v.kind_by_abbr(abbr).unwrap().0;
        let got = values.values.iter().find(|x| x.kind == kind).unwrap();
        assert!(
            (got.value - truth).abs() < 0.1 * truth,
            "{abbr}: {} for {truth}",
            got.value
        );
        if abbr == "P" {
            assert_eq!((got.low, got.value, got.high), (1.0, 1.0, 1.0));
        } else {
            assert!(
                got.low < truth && truth < got.high,
                "{abbr}: {truth} outside {} .. {}",
                got.low,
                got.high
            );
        }
    }
    // Highest first.
    let order: Vec<&str> = values
        .values
        .iter()
        .map(|x| v.abbr(jovian_rules::PieceKind(x.kind)))
        .collect();
    assert_eq!(order, vec!["Q", "R", "N", "W", "P"]);
}

#[test]
fn without_a_clear_pawn_the_values_stay_in_log_odds() {
    // The same games with the Pawns' differences scrambled: the Pawn's weight is noise, so it
    // cannot be the unit; the other weights are still recovered, in log-odds.
    let v = Variant::by_id("scirocco").unwrap();
    let pawn = v.kind_by_abbr("P").unwrap().0;
    let mut samples = synthetic(v, 20_000, 1, 11);
    let mut rng = Rng(SplitMix64::new(99));
    for s in &mut samples {
        s.features[pawn as usize] = rng.spread(3);
    }
    let values = Values::of(v, fit(&samples, v.pieces.len(), RIDGE).unwrap(), &samples);
    assert_eq!(values.unit, Unit::LogOdds);
    let rook = v.kind_by_abbr("R").unwrap().0;
    let got = values.values.iter().find(|x| x.kind == rook).unwrap();
    // Attenuated a little: the scrambled Pawns' part of the result is noise now.
    assert!((got.value - PAWN * 6.0).abs() < 0.35, "{}", got.value);
}

#[test]
fn positions_of_one_game_do_not_narrow_the_interval() {
    // The same 2,000 games, each seen once and then as ten positions sharing its result: the
    // estimate is the same, and so is the interval (the robust covariance counts games).
    let v = Variant::by_id("scirocco").unwrap();
    let once = synthetic(v, 2_000, 1, 3);
    let ten = synthetic(v, 2_000, 10, 3);
    let (a, b) = (
        fit(&once, v.pieces.len(), 0.0).unwrap(),
        fit(&ten, v.pieces.len(), 0.0).unwrap(),
    );
    for i in 0..a.weights.len() {
        assert!((a.weights[i] - b.weights[i]).abs() < 1e-6);
        let ratio = b.standard_error(i) / a.standard_error(i);
        assert!((ratio - 1.0).abs() < 0.05, "type {i}: {ratio}");
    }
}

#[test]
fn the_engine_table_scales_to_the_estimates_and_leans_on_them_where_games_are_few() {
    use jovian_engine::fitted;
    use jovian_engine::values::estimated_values;
    use jovian_lab::table::EngineTable;
    let v = Variant::by_id("scirocco").unwrap();
    let estimates = estimated_values(v);
    let table_of = |games: usize| {
        let samples = synthetic(v, games, 1, 11);
        let values = Values::of(v, fit(&samples, v.pieces.len(), RIDGE).unwrap(), &samples);
        let table = EngineTable::of(v, &values).expect("a table");
        // Every type once, in the game's order; the text reads back as the same rows.
        assert_eq!(table.rows.len(), v.pieces.len());
        let text = table.render(v, &values, &["a test".to_string()]);
        assert_eq!(fitted::parse(&text).unwrap(), table.rows);
        table
    };
    let row = |t: &EngineTable, abbr: &str| t.rows.iter().find(|r| r.abbr == abbr).unwrap().clone();

    // Many games: the made-up Pawn is 0.45 log-odds and the estimates are close to the true
    // values, so the scale is near 100 / 0.45 centipawns per log-odds, and each fitted value is
    // near its true value (Wazir: 150, where the estimate says 130).
    let many = table_of(20_000);
    assert!(
        (many.scale - 100.0 / PAWN).abs() < 0.1 * 100.0 / PAWN,
        "{}",
        many.scale
    );
    for (abbr, truth) in TRUE_VALUES {
        let r = row(&many, abbr);
        let (games_value, low, high) = r.fitted.expect("fitted");
        assert!(low <= games_value && games_value <= high);
        let (vlow, vhigh) = r.interval.unwrap();
        assert!(vlow <= r.value && r.value <= vhigh, "{abbr}: {r:?}");
        assert!(
            ((r.value as f64) - truth * 100.0).abs() < 0.12 * truth * 100.0,
            "{abbr}: {} for {}",
            r.value,
            truth * 100.0
        );
    }
    // The rest keep their estimates, the royal King too.
    for (kind, r) in many.rows.iter().enumerate() {
        if !TRUE_VALUES.iter().any(|(a, _)| *a == r.abbr) {
            assert_eq!(
                (r.value, r.interval, r.fitted),
                (estimates[kind], None, None)
            );
        }
        assert_eq!(r.estimate, estimates[kind]);
    }

    // Few games: every fitted value lies between its estimate and what the games alone say,
    // and nearer the estimate than with many games.
    let few = table_of(300);
    for (abbr, _) in TRUE_VALUES {
        let (r, r_many) = (row(&few, abbr), row(&many, abbr));
        let games_value = r.fitted.unwrap().0;
        let (lo, hi) = (r.estimate.min(games_value), r.estimate.max(games_value));
        assert!(lo <= r.value && r.value <= hi, "{abbr}: {r:?}");
        let width = |x: &fitted::Row| x.interval.map(|(l, h)| h - l).unwrap();
        assert!(width(&r) > width(&r_many), "{abbr}: {r:?} vs {r_many:?}");
    }
}
