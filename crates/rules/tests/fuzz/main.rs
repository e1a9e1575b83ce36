//! Fuzzing of everything the rules library reads from outside: position texts and JSON
//! (`positions`), move texts in every style (`moves`), and game records (`records`), for every
//! variant, and variant files (`variant_files`). Inputs are real texts from random games and the
//! games' own files, mutated (`mutate`), and random texts. Each target asserts that nothing
//! panics, that an error is one non-empty line, and that what is accepted round-trips. `JOVIAN_FUZZ_CASES` sets the cases per target (docs/testing.md).

mod attacks;
mod moves;
mod mutate;
mod noisy;
mod positions;
mod records;
mod variant_files;

use std::sync::OnceLock;

use jovian_rules::record::Game;
use jovian_rules::{Color, Move, Position, Setup, Square, Variant};

/// A random game of a variant: the positions along it give the targets real texts to start from.
pub struct Playout {
    pub variant: &'static Variant,
    pub start: Setup,
    /// The named array the game starts from; `None` for a dense random position.
    pub setup_name: Option<String>,
    pub moves: Vec<Move>,
}

impl Playout {
    /// The position after the first `plies` moves.
    pub fn position_after(&self, plies: usize) -> Position {
        let mut pos = Position::from_setup(&self.start).expect("checked when played");
        for &m in &self.moves[..plies.min(self.moves.len())] {
            pos.make(m);
        }
        pos
    }

    /// The game after the first `plies` moves, as `Record::from_game` takes it.
    pub fn game(&self, plies: usize) -> Game {
        let mut position = self.position_after(plies);
        Game {
            variant: self.variant,
            start: self.start.clone(),
            setup_name: self.setup_name.clone(),
            moves: self.moves[..plies.min(self.moves.len())].to_vec(),
            outcome: position.outcome(),
            position,
        }
    }
}

/// Games per variant from named arrays and from dense random positions, and their longest
/// lengths in plies (long enough to reach promotions and the ends of some games).
const GAMES: u64 = 4;
const MAX_PLIES: usize = 90;
const DENSE_GAMES: u64 = 6;
const DENSE_PLIES: usize = 24;

/// Plays random moves from `start` (a playable setup) for at most `plies` plies.
fn play(start: Setup, setup_name: Option<String>, seed: u64, plies: usize) -> Playout {
    let mut pos = Position::from_setup(&start).expect("a playable setup");
    let mut rng = Lcg(seed);
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    while moves.len() < plies && pos.outcome().is_none() {
        pos.legal_moves(&mut legal);
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        pos.make(m);
        moves.push(m);
    }
    Playout {
        variant: start.variant,
        start,
        setup_name,
        moves,
    }
}

/// A dense random position: each side's royal pieces, then 10 to 40 pieces of any type (promoted
/// ones included) in a 9x9 window, so that the rare moves (swaps, conversions, line captures,
/// doubled turns) and their rare notations come up. `None` if the rules refuse it.
fn dense(variant: &'static Variant, seed: u64) -> Option<Setup> {
    let mut rng = Lcg(seed);
    let (w, h) = (variant.geometry.width, variant.geometry.height);
    let royal = variant.kinds().find(|&k| variant.spec(k).royal)?;
    let mut pieces = vec![
        (Color::Blue, royal, Square::new(0, 0)),
        (Color::Tan, royal, Square::new(w - 1, h - 1)),
    ];
    let count = 12 + rng.below(31);
    let corner = (
        rng.below(w as usize - 8) as u8,
        rng.below(h as usize - 8) as u8,
    );
    while pieces.len() < count {
        let sq = Square::new(corner.0 + rng.below(9) as u8, corner.1 + rng.below(9) as u8);
        if pieces.iter().any(|p| p.2 == sq) {
            continue;
        }
        let color = [Color::Blue, Color::Tan][rng.below(2)];
        // One piece in three has special powers or moves, so that they meet.
        let special: Vec<_> = variant
            .kinds()
            .filter(|&k| variant.spec(k).latent != 0 || !variant.spec(k).specials.is_empty())
            .collect();
        let kind = match rng.below(3) {
            0 if !special.is_empty() => special[rng.below(special.len())],
            _ => variant.kinds().nth(rng.below(variant.pieces.len()))?,
        };
        pieces.push((color, kind, sq));
    }
    let setup = Setup {
        variant,
        pieces,
        to_move: [Color::Blue, Color::Tan][rng.below(2)],
        chess: None,
    };
    Position::from_setup(&setup).ok().map(|_| setup)
}

/// A small deterministic generator for the playouts (proptest chooses among their positions).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n.max(1) as u64) as usize
    }
}

/// Random games of every variant from random arrays and dense random positions, played once for
/// all targets.
pub fn playouts() -> &'static [Playout] {
    static PLAYOUTS: OnceLock<Vec<Playout>> = OnceLock::new();
    PLAYOUTS.get_or_init(|| {
        let mut all = Vec::new();
        for variant in Variant::all() {
            for game in 0..GAMES {
                let seed = 0x0F0F_1234 ^ (game * 7919);
                let name = (variant.setups.random)(seed);
                let start = Setup::named(variant, &name).expect("a random array exists");
                all.push(play(start, Some(name), seed, MAX_PLIES));
            }
            for game in 0..DENSE_GAMES {
                let seed = 0x0D15_EA5E ^ (game * 104_729);
                if let Some(start) = dense(variant, seed) {
                    all.push(play(start, None, seed, DENSE_PLIES));
                }
            }
        }
        all
    })
}

/// A position of some playout, chosen by two raw numbers (which game, how far into it).
pub fn some_position(game: usize, ply: usize) -> Position {
    let all = playouts();
    let p = &all[game % all.len()];
    p.position_after(ply % (p.moves.len() + 1))
}
