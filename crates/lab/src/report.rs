//! Every figure of a run's report, computed from its games: outcomes (score.rs), piece fates
//! (pieces.rs), fitted values (texel.rs, values.rs) and the evaluation over one game.

use jovian_engine::eval::Evaluator;
use jovian_engine::tunables::EvalTunables;
use jovian_rules::{Color, Position, Variant};

use crate::census::Census;
use crate::pieces::{PieceFate, piece_fates};
use crate::run::{LabGame, Run, Settings};
use crate::score::Outcomes;
use crate::texel::{MIN_SAMPLES_UNBALANCED, RIDGE, SKIP_PLIES, fit, quiet_samples};
use crate::values::Values;

/// The fit needs at least this many sampled games whose result differs from the most common
/// one: with fewer, a game or two decide every value.
pub const MIN_MINORITY_GAMES: usize = 5;

/// How many of the games that gave samples did not end with the most common result.
fn minority_games(games: &[LabGame], samples: &[crate::texel::Sample]) -> usize {
    let mut sampled: Vec<usize> = samples.iter().map(|s| s.game).collect();
    sampled.dedup();
    let mut counts = [0usize; 3];
    for &g in &sampled {
        counts[(games[g].blue_points() * 2.0) as usize] += 1;
    }
    sampled.len() - counts.iter().max().copied().unwrap_or(0)
}

/// The evaluation of one game, ply by ply, from Blue's side, in pawns.
#[derive(Clone, Debug)]
pub struct GameCurve {
    /// The record's file name.
    pub file: String,
    pub setup: Option<String>,
    /// `1-0`, `0-1` or `1/2-1/2`, and why.
    pub result: String,
    /// The engine's static evaluation after each ply (the first entry is the initial position).
    pub engine: Vec<f64>,
    /// The fitted values' material balance after each ply, when values were fitted.
    pub fitted: Option<Vec<f64>>,
}

/// A run's figures.
pub struct Report {
    /// The run directory's name.
    pub name: String,
    pub variant: &'static Variant,
    pub settings: Settings,
    pub games: Vec<LabGame>,
    pub unreadable: Vec<(String, String)>,
    pub outcomes: Outcomes,
    /// Per type (indexed by kind); types that never appeared have zero counts.
    pub fates: Vec<PieceFate>,
    /// Positions sampled for the fit.
    pub samples: usize,
    /// `None` when the games say nothing about material: then `no_fit` says why.
    pub values: Option<Values>,
    pub no_fit: Option<String>,
    /// The game whose length is nearest the median, evaluated ply by ply.
    pub example: Option<GameCurve>,
}

impl Report {
    pub fn of(run: Run) -> Report {
        let variant = run.variant;
        let outcomes = Outcomes::of(&run.games);
        let fates = piece_fates(variant, &run.games);
        let samples = quiet_samples(&run.games);
        let minority = minority_games(&run.games, &samples);
        let values = (minority >= MIN_MINORITY_GAMES)
            .then(|| fit(&samples, variant.pieces.len(), RIDGE))
            .flatten()
            .map(|f| Values::of(variant, f, &samples));
        let no_fit = values.is_none().then(|| match samples.first() {
            None => format!(
                "No quiet position to sample: every game is shorter than {SKIP_PLIES} plies or \
                 never quiet."
            ),
            Some(_) if minority < MIN_MINORITY_GAMES => format!(
                "Only {minority} of the sampled games ended otherwise than the most common result \
                 (at least {MIN_MINORITY_GAMES} are needed): results that hardly differ say \
                 nothing about what material is worth."
            ),
            Some(_) => format!(
                "No piece type was unbalanced in at least {MIN_SAMPLES_UNBALANCED} of the {} \
                 sampled positions.",
                samples.len()
            ),
        });
        let example = outcomes
            .lengths
            .median()
            .and_then(|median| {
                run.games.iter().min_by(|a, b| {
                    let da = (a.plies() as f64 - median).abs();
                    let db = (b.plies() as f64 - median).abs();
                    da.total_cmp(&db)
                })
            })
            .and_then(|g| curve(g, values.as_ref()));
        Report {
            name: run.name(),
            variant,
            settings: run.settings,
            samples: samples.len(),
            games: run.games,
            unreadable: run.unreadable,
            outcomes,
            fates,
            values,
            no_fit,
            example,
        }
    }
}

/// The result of a game as a record writes it.
pub fn result_text(game: &LabGame) -> &'static str {
    match game.winner {
        Some(Color::Blue) => "1-0",
        Some(Color::Tan) => "0-1",
        None => "1/2-1/2",
    }
}

/// The engine's static evaluation and the fitted material balance after every ply of `game`.
fn curve(game: &LabGame, values: Option<&Values>) -> Option<GameCurve> {
    let variant = game.start.variant;
    let evaluator = Evaluator::new(variant, EvalTunables::for_game(variant.engine_game()));
    let mut pos = Position::from_setup(&game.start).ok()?;
    let blue_view = |pos: &Position| {
        let score = evaluator.evaluate(pos) as f64 / 100.0;
        if pos.side_to_move() == Color::Blue {
            score
        } else {
            -score
        }
    };
    let mut engine = vec![blue_view(&pos)];
    let mut fitted = values.map(|v| vec![v.material(&Census::of(&pos).difference())]);
    for &m in &game.moves {
        pos.make(m);
        engine.push(blue_view(&pos));
        if let (Some(f), Some(v)) = (fitted.as_mut(), values) {
            f.push(v.material(&Census::of(&pos).difference()));
        }
    }
    Some(GameCurve {
        file: game.file.clone(),
        setup: game.setup.clone(),
        result: format!("{} ({})", result_text(game), game.reason.label()),
        engine,
        fitted,
    })
}
