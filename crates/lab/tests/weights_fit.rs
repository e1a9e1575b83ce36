//! The evaluation weights' fit recovers known weights: made-up positions with random terms, each
//! game's result drawn from the logistic of a known evaluation, and the fit must give each weight
//! back in the tunable's own units within its 95% interval; a real run's positions take the
//! evaluation apart into terms the fit can read.

use jovian_engine::eval::EvalTerms;
use jovian_engine::tunables::EvalTunables;
use jovian_lab::texel::Sample;
use jovian_lab::weights::{FittedWeights, from_samples};
use jovian_rules::random::SplitMix64;

/// Log-odds per centipawn of the made-up model.
const SCALE: f64 = 1.0 / 300.0;
/// The true weights in tunable units, by name (the rest are 0 and their terms always 0).
const TRUE: [(&str, f64); 5] = [
    ("mobility_weight", 120.0),
    ("promotion_share_in_zone", 50.0),
    ("royal_attacker_penalty", 30.0),
    ("bare_danger_two", 300.0),
    ("tempo", 20.0),
];

fn synthetic(games: usize, seed: u64) -> Vec<Sample> {
    let mut rng = SplitMix64::new(seed);
    let mut spread = |k: i64| ((rng.next_u64() % (2 * k as u64 + 1)) as i64 - k) as f64;
    let index = |name: &str| {
        1 + EvalTerms::WEIGHTS
            .iter()
            .position(|w| w.name == name)
            .unwrap()
    };
    let mut samples = Vec::new();
    let mut coin = SplitMix64::new(seed ^ 0xABCD);
    for game in 0..games {
        let mut features = vec![0.0; 1 + EvalTerms::WEIGHTS.len()];
        features[0] = spread(6) * 100.0; // material, centipawns
        features[index("mobility_weight")] = spread(150);
        features[index("promotion_share_in_zone")] = spread(4) * 100.0;
        features[index("royal_attacker_penalty")] = spread(3);
        features[index("bare_danger_two")] = if game % 8 == 0 { spread(1) } else { 0.0 };
        features[index("tempo")] = if game % 2 == 0 { 1.0 } else { -1.0 };
        let mut centipawns = features[0];
        for (name, weight) in TRUE {
            let w = &EvalTerms::WEIGHTS[index(name) - 1];
            centipawns += features[index(name)] * weight / w.units_per_centipawn;
        }
        let p = 1.0 / (1.0 + (-SCALE * centipawns).exp());
        let (a, b) = (coin.uniform() < p, coin.uniform() < p);
        samples.push(Sample {
            features,
            result: (a as u8 + b as u8) as f64 / 2.0,
            game,
        });
    }
    samples
}

fn row<'a>(f: &'a FittedWeights, name: &str) -> &'a jovian_lab::weights::WeightRow {
    f.rows.iter().find(|r| r.name == name).unwrap()
}

#[test]
fn the_fit_recovers_known_weights_in_tunable_units() {
    let f = from_samples(&synthetic(40_000, 5), &EvalTunables::default()).expect("a fit");
    assert!(
        (f.material_scale - SCALE).abs() < 0.1 * SCALE,
        "{}",
        f.material_scale
    );
    for (name, truth) in TRUE {
        let (value, low, high) = row(&f, name).fitted.expect(name);
        assert!(
            (low as f64..=high as f64).contains(&truth),
            "{name}: {value} ({low}..{high}), true {truth}"
        );
        // Narrow enough to mean something: 40,000 games pin each weight down.
        assert!(
            low < high && ((high - low) as f64) < 0.3 * truth + 10.0,
            "{name}: {low}..{high}"
        );
    }
    // Terms that are never non-zero are not fitted, and keep their current weight.
    let guard = row(&f, "royal_guard_bonus");
    assert_eq!((guard.fitted, guard.nonzero, guard.current), (None, 0, 6));
    // The overrides name every fitted weight and only those.
    let overrides = f.overrides();
    assert_eq!(overrides.split(',').count(), TRUE.len(), "{overrides}");
    assert!(overrides.contains("mobility_weight="), "{overrides}");
    assert!(
        jovian_engine::tunables::Overrides::parse(&overrides).is_ok(),
        "{overrides}"
    );
    let text = f.render(jovian_rules::Variant::by_id("scirocco").unwrap(), &[]);
    assert!(
        text.contains("\nroyal_guard_bonus\t6\t-\t-\t-\t0\n"),
        "{text}"
    );
    assert!(
        text.contains(&format!("# overrides: {overrides}\n")),
        "{text}"
    );
}

#[test]
fn without_unequal_material_there_is_no_scale() {
    let mut samples = synthetic(2_000, 6);
    for s in &mut samples {
        s.features[0] = 0.0;
    }
    let err = from_samples(&samples, &EvalTunables::default()).unwrap_err();
    assert!(err.contains("material"), "{err}");
}

/// A random game of Scirocco from the default array, as a run would hold it.
fn random_game(seed: u64, plies: usize) -> jovian_lab::run::LabGame {
    use jovian_rules::{Position, Setup, Variant};
    let v = Variant::by_id("scirocco").unwrap();
    let start = Setup::default_for(v);
    let mut pos = Position::from_setup(&start).unwrap();
    let mut rng = SplitMix64::new(seed);
    let (mut moves, mut list) = (Vec::new(), Vec::new());
    for _ in 0..plies {
        pos.legal_moves(&mut list);
        if list.is_empty() || pos.outcome().is_some() {
            break;
        }
        let m = list[rng.below(list.len())];
        pos.make(m);
        moves.push(m);
    }
    jovian_lab::run::LabGame {
        file: format!("game-{seed:03}.pgn"),
        setup: None,
        start,
        moves,
        winner: None,
        reason: jovian_lab::run::Reason::MoveLimit,
    }
}

#[test]
fn a_run_is_sampled_at_the_piece_values_positions_with_its_material_in_centipawns() {
    use jovian_engine::eval::Evaluator;
    use jovian_engine::values::piece_values;
    use jovian_lab::texel::quiet_samples;
    let v = jovian_rules::Variant::by_id("scirocco").unwrap();
    let games: Vec<_> = (0..6).map(|s| random_game(s, 120)).collect();
    let eval = Evaluator::new(v, EvalTunables::default());
    let terms = jovian_lab::weights::term_samples(&games, &eval);
    let counts = quiet_samples(&games);
    assert!(terms.len() > 50, "{} positions", terms.len());
    assert_eq!(terms.len(), counts.len());
    let values = piece_values(v);
    for (t, c) in terms.iter().zip(&counts) {
        assert_eq!((t.game, t.result), (c.game, c.result));
        assert_eq!(t.features.len(), 1 + EvalTerms::WEIGHTS.len());
        // Material from the census (pieces per type) and the engine's values.
        let material: f64 = c
            .features
            .iter()
            .zip(&values)
            .map(|(d, &v)| d * v as f64)
            .sum();
        assert_eq!(t.features[0], material);
        let to_move = t.features[EvalTerms::WEIGHTS.len()];
        assert!(to_move.abs() == 1.0, "the side to move");
    }
}
