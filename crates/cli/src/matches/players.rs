//! The players of a match: the engine under a level, depth, node or time limit; the uniform
//! random mover; the one-ply greedy capturer; and an external CECP engine (`cecp.rs`).

use std::time::Duration;

use jovian_engine::levels::{MAX_LEVEL, limits_for_level};
use jovian_engine::tunables::Overrides;
use jovian_engine::values::piece_values;
use jovian_engine::{Clock, Engine, Limits};
use jovian_rules::{Move, Position, Variant};

use super::cecp::{CecpEngine, CmdLimit};
use crate::bounds::MAX_MILLIS;

/// A player as given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec {
    Level(u32),
    Depth(u32),
    Nodes(u64),
    Movetime(u64),
    /// The engine limited by the match clock (`--tc`) only.
    Clock,
    Random,
    Greedy,
    Cmd {
        program: String,
        args: Vec<String>,
    },
    /// An engine spec with tunables changed or more threads, `SPEC@NAME=VALUE,...` (`threads=N`
    /// among them): the same binary with and without a change, for an SPRT.
    Tuned(Box<Spec>, Overrides, usize),
}

impl Spec {
    pub fn parse(text: &str) -> Result<Spec, String> {
        let text = text.trim();
        if !text.to_ascii_lowercase().starts_with("cmd")
            && let Some((base, tunes)) = text.split_once('@')
        {
            let base = Spec::parse(base)?;
            if matches!(
                base,
                Spec::Random | Spec::Greedy | Spec::Tuned(..) | Spec::Cmd { .. }
            ) {
                return Err(format!(
                    "only the engine has tunables: {text:?} (use level:N, depth:N, nodes:N, \
                     movetime:MS or clock before @)"
                ));
            }
            let mut threads = 1;
            let mut rest = Vec::new();
            for item in tunes.split(',') {
                match item.split_once('=') {
                    Some((name, value)) if name.trim() == "threads" => {
                        threads = crate::bounds::threads(value.trim())?;
                    }
                    _ => rest.push(item),
                }
            }
            let overrides = Overrides::parse(&rest.join(","))?;
            return Ok(Spec::Tuned(Box::new(base), overrides, threads));
        }
        let (kind, value) = match text.split_once(':') {
            Some((k, v)) => (k.trim(), Some(v.trim())),
            None => (text, None),
        };
        let number = |what: &str| -> Result<u64, String> {
            value
                .and_then(|v| v.parse::<u64>().ok())
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{what}:N needs a positive number, not {text:?}"))
        };
        Ok(match kind.to_ascii_lowercase().as_str() {
            "level" => {
                let l = number("level")?;
                if l > MAX_LEVEL as u64 {
                    return Err(format!("levels run from 1 to {MAX_LEVEL}, not {l}"));
                }
                Spec::Level(l as u32)
            }
            "depth" => Spec::Depth(number("depth")?.min(100) as u32),
            "nodes" => Spec::Nodes(number("nodes")?),
            "movetime" => {
                let ms = number("movetime")?;
                if ms > MAX_MILLIS {
                    return Err(format!(
                        "movetime:MS takes at most {MAX_MILLIS} ms (a day), not {ms}"
                    ));
                }
                Spec::Movetime(ms)
            }
            "clock" if value.is_none() => Spec::Clock,
            "random" if value.is_none() => Spec::Random,
            "greedy" if value.is_none() => Spec::Greedy,
            "cmd" => {
                let mut words = value.unwrap_or("").split_whitespace().map(str::to_string);
                let program = words
                    .next()
                    .ok_or_else(|| "cmd:PATH needs the path of an engine".to_string())?;
                Spec::Cmd {
                    program,
                    args: words.collect(),
                }
            }
            _ => {
                return Err(format!(
                    "unknown player {text:?}: use level:N, depth:N, nodes:N, movetime:MS, clock, \
                     random, greedy or cmd:PATH [ARGS]"
                ));
            }
        })
    }

    /// True for players whose moves depend on nothing but the position, the game's history and
    /// the seed, so that a match replays exactly.
    pub fn is_deterministic(&self) -> bool {
        if let Spec::Tuned(base, _, threads) = self {
            // Threads race for the shared table: a parallel search is not reproducible.
            return *threads == 1 && base.is_deterministic();
        }
        matches!(
            self,
            Spec::Depth(_) | Spec::Nodes(_) | Spec::Random | Spec::Greedy
        ) || matches!(self, Spec::Level(l) if limits_for_level(*l).movetime.is_none())
    }

    /// True for the engine limited by the match clock alone (tuned or not).
    pub fn needs_clock(&self) -> bool {
        match self {
            Spec::Clock => true,
            Spec::Tuned(base, _, _) => base.needs_clock(),
            _ => false,
        }
    }

    /// The engine's limits for the per-move specs.
    fn limits(&self) -> Limits {
        match *self {
            Spec::Tuned(ref base, _, _) => base.limits(),
            Spec::Level(l) => limits_for_level(l),
            Spec::Depth(d) => Limits::depth(d),
            Spec::Nodes(n) => Limits::nodes(n),
            Spec::Movetime(ms) => Limits::movetime(ms),
            _ => Limits::default(),
        }
    }
}

/// Both sides' clocks during a game played with `--tc`.
#[derive(Clone, Copy, Debug)]
pub struct Clocks {
    pub remaining: [Duration; 2],
    pub increment: Duration,
}

/// Something that chooses moves.
pub trait Player {
    /// Prepares for a new game from `start`; `seed` drives any randomness.
    fn new_game(&mut self, start: &Position, seed: u64) -> Result<(), String>;
    /// A legal move for the side to move of `pos`; `last` is the opponent's move just played.
    /// An error forfeits the game.
    fn choose(
        &mut self,
        pos: &mut Position,
        last: Option<Move>,
        clocks: Option<&Clocks>,
    ) -> Result<Move, String>;
    /// The game is over (the CECP result line).
    fn game_over(&mut self, _result: &str) {}
}

/// Builds the player a spec names.
pub fn create(
    spec: &Spec,
    variant: &'static Variant,
    hash_mb: usize,
    cmd_limit: &CmdLimit,
    tc: Option<(Duration, Duration)>,
) -> Result<Box<dyn Player + Send>, String> {
    Ok(match spec {
        Spec::Random => Box::new(RandomPlayer { rng: Rng::new(0) }),
        Spec::Greedy => Box::new(GreedyPlayer {
            rng: Rng::new(0),
            values: piece_values(variant),
        }),
        Spec::Cmd { program, args } => Box::new(CecpEngine::start(
            program,
            args,
            variant,
            cmd_limit.clone(),
            tc,
        )?),
        Spec::Tuned(_, overrides, threads) => {
            let mut engine = Engine::tuned(variant, hash_mb, overrides)?;
            engine.set_threads(*threads);
            Box::new(EnginePlayer {
                engine,
                limits: spec.limits(),
            })
        }
        _ => Box::new(EnginePlayer {
            engine: Engine::new(variant, hash_mb),
            limits: spec.limits(),
        }),
    })
}

/// SplitMix64: small, fast, and the same on every platform.
pub use jovian_rules::random::SplitMix64 as Rng;

/// Mixes numbers into one seed.
pub fn mix(a: u64, b: u64) -> u64 {
    jovian_rules::random::mix(a ^ b.wrapping_mul(0xD1B5_4A32_D192_ED03))
}

struct EnginePlayer {
    engine: Engine,
    limits: Limits,
}

impl Player for EnginePlayer {
    fn new_game(&mut self, _start: &Position, _seed: u64) -> Result<(), String> {
        // A fresh table for every game, so that a game does not depend on the ones before it.
        self.engine.clear();
        Ok(())
    }

    fn choose(
        &mut self,
        pos: &mut Position,
        _last: Option<Move>,
        clocks: Option<&Clocks>,
    ) -> Result<Move, String> {
        let mut limits = self.limits.clone();
        if let Some(c) = clocks {
            limits.clock = Some(Clock {
                remaining: c.remaining,
                increment: [c.increment; 2],
                moves_to_go: None,
            });
        }
        self.engine
            .search(pos, &limits, |_| {})
            .best
            .ok_or_else(|| "the engine found no move".to_string())
    }
}

fn legal_moves(pos: &mut Position) -> Result<Vec<Move>, String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return Err("no legal move".to_string());
    }
    Ok(moves)
}

struct RandomPlayer {
    rng: Rng,
}

impl Player for RandomPlayer {
    fn new_game(&mut self, _start: &Position, seed: u64) -> Result<(), String> {
        self.rng = Rng::new(seed);
        Ok(())
    }

    fn choose(
        &mut self,
        pos: &mut Position,
        _last: Option<Move>,
        _clocks: Option<&Clocks>,
    ) -> Result<Move, String> {
        let moves = legal_moves(pos)?;
        Ok(moves[self.rng.below(moves.len())])
    }
}

/// Wins at once if it can, else takes the most valuable piece it can capture, else moves at
/// random.
struct GreedyPlayer {
    rng: Rng,
    values: Vec<i32>,
}

impl Player for GreedyPlayer {
    fn new_game(&mut self, _start: &Position, seed: u64) -> Result<(), String> {
        self.rng = Rng::new(seed);
        Ok(())
    }

    fn choose(
        &mut self,
        pos: &mut Position,
        _last: Option<Move>,
        _clocks: Option<&Clocks>,
    ) -> Result<Move, String> {
        let moves = legal_moves(pos)?;
        let me = pos.side_to_move();
        let mut best: Vec<Move> = Vec::new();
        let mut best_value = 0;
        for &m in &moves {
            if !pos.is_capture(m) {
                continue;
            }
            pos.make(m);
            let wins = pos.material_outcome().is_some_and(|o| o.winner == Some(me));
            pos.unmake();
            if wins {
                return Ok(m);
            }
            let value: i32 = pos
                .victims(m)
                .map(|(_, p)| self.values.get(p.kind.0 as usize).copied().unwrap_or(0))
                .sum();
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value && value > 0 {
                best.push(m);
            }
        }
        let pool = if best.is_empty() { &moves } else { &best };
        Ok(pool[self.rng.below(pool.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jovian_rules::fen;

    #[test]
    fn specs_parse() {
        assert_eq!(Spec::parse("level:3"), Ok(Spec::Level(3)));
        assert_eq!(Spec::parse("depth:2"), Ok(Spec::Depth(2)));
        assert_eq!(Spec::parse("nodes:5000"), Ok(Spec::Nodes(5000)));
        assert_eq!(Spec::parse("movetime:100"), Ok(Spec::Movetime(100)));
        assert_eq!(Spec::parse("random"), Ok(Spec::Random));
        assert_eq!(Spec::parse("greedy"), Ok(Spec::Greedy));
        assert_eq!(
            Spec::parse("cmd:/bin/engine xboard --hash 8"),
            Ok(Spec::Cmd {
                program: "/bin/engine".to_string(),
                args: vec!["xboard".into(), "--hash".into(), "8".into()]
            })
        );
        let tuned = Spec::parse("movetime:50@rfp_max_depth=0,tempo=5").unwrap();
        let expected = Overrides::parse("rfp_max_depth=0,tempo=5").unwrap();
        assert_eq!(
            tuned,
            Spec::Tuned(Box::new(Spec::Movetime(50)), expected, 1)
        );
        assert!(
            Spec::parse("depth:3@null_base=1")
                .unwrap()
                .is_deterministic()
        );
        let parallel = Spec::parse("depth:3@threads=2").unwrap();
        assert_eq!(
            parallel,
            Spec::Tuned(Box::new(Spec::Depth(3)), Overrides::default(), 2)
        );
        assert!(!parallel.is_deterministic());
        for bad in [
            "level:0",
            "level:12",
            "depth:x",
            "cmd:",
            "random:3",
            "nonsense",
            "random@tempo=1",
            "depth:3@speed=9",
            "depth:3@tempo=1@tempo=2",
            "depth:3@threads=0",
            "depth:3@threads=65",
        ] {
            assert!(Spec::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn greedy_takes_the_king_and_random_is_seeded() {
        let v = Variant::by_id("scirocco").unwrap();
        // Blue's Queen can take the Tan King (j10) or a Tan Rook (a5).
        let text = "9,k/10/p,9/10/10/r,9/10/10/10/Q,8,K b";
        let mut pos = Position::from_setup(&fen::parse_position(v, text).unwrap()).unwrap();
        let mut greedy = GreedyPlayer {
            rng: Rng::new(1),
            values: piece_values(v),
        };
        let m = greedy.choose(&mut pos, None, None).unwrap();
        assert_eq!(v.square_name(m.to), "j10");
        let mut a = RandomPlayer { rng: Rng::new(0) };
        let mut b = RandomPlayer { rng: Rng::new(0) };
        a.new_game(&pos, 7).unwrap();
        b.new_game(&pos, 7).unwrap();
        for _ in 0..5 {
            assert_eq!(
                a.choose(&mut pos, None, None),
                b.choose(&mut pos, None, None)
            );
        }
    }
}
