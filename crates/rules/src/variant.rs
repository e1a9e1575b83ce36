//! A variant is data: board, piece table, zones, rules and setups. `Variant::build` compiles the
//! piece table into the flat per-(type, colour) tables that move generation reads.

use crate::betza::{self, Mode};
use crate::geometry::{CELLS, Color, Geometry, MAX_SIDE, Square, offset};
use crate::piece::{
    ArrivalKind, Code, LineKind, Piece, PieceKind, PieceSpec, RelayKind, SecondStep, Special,
    latent,
};

#[path = "variant/capture_reach.rs"]
pub mod capture_reach;
#[path = "variant/chess_tables.rs"]
mod chess_tables;
#[path = "variant/compiled_moves.rs"]
mod compiled_moves;
pub use compiled_moves::{BentRide, HookRide, JupiterHooks, LionRide, Ride};
#[path = "variant/code_facts.rs"]
mod code_facts;
#[path = "variant/names.rs"]
mod names;

/// Which of the texts' game-ending and legality rules apply.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules {
    /// A side that has lost all its royal pieces has lost.
    pub royal_capture_loses: bool,
    /// A side reduced to a single piece has lost (no draw provision).
    pub bare_piece_loses: bool,
    /// A move that makes a position occur for the third time is illegal.
    pub third_repetition_illegal: bool,
    /// Which moves may promote (Chu Shogi's differ).
    pub promotion_moves: crate::shogi_rules::PromotionMoves,
    /// Chu Shogi's rules against trading Lions, where the game has them.
    pub lion_trading: Option<crate::shogi_rules::LionTrading>,
    /// Drops from hands, where the game has them (Shogi, Crazyhouse). Kept apart (leaked, as the
    /// variant is) so that these rules stay small: the hot paths read them.
    pub drops: Option<&'static crate::drop_rules::DropRules>,
}

impl Rules {
    /// Whether the pieces on the board can end the game by themselves: a side left without royal
    /// pieces or reduced to one piece loses. False in the check games, which checkmate ends.
    pub fn ends_by_material(&self) -> bool {
        self.royal_capture_loses || self.bare_piece_loses
    }
}

/// Everything move generation needs about one (type, colour), indexed by piece code.
#[derive(Clone, Debug, Default)]
pub struct CompiledPiece {
    pub leaps: Vec<(isize, Mode)>,
    pub rides: Vec<Ride>,
    pub bents: Vec<BentRide>,
    pub hop_captures: Vec<isize>,
    pub iguis: Vec<isize>,
    pub relay: Option<RelayKind>,
    pub promotes_to: Option<PieceKind>,
    /// The type it may turn into after each of its own moves or instead of moving
    /// (`PieceSpec::flips_to`).
    pub flip: Option<PieceKind>,
    /// The types that may capture it, a bit each (`PieceSpec::captured_only_by`); `None` for a
    /// piece any enemy may take.
    pub captured_only_by: Option<[u64; 4]>,
    /// No enemy cannon may hop over it (`PieceSpec::unhoppable`).
    pub unhoppable: bool,
    pub royal: bool,
    /// Typhoon hooks (see `Special`), as oriented mailbox offsets.
    pub double_hops: Vec<isize>,
    pub converts: Vec<isize>,
    pub swaps: Vec<isize>,
    /// (step, max) of a `Hopper`.
    pub hoppers: Vec<(isize, u8)>,
    pub line: Option<LineKind>,
    pub pass: bool,
    /// The steps of a `PassVia`: a pass where one of them reaches an empty square.
    pub pass_via: Vec<isize>,
    pub shoot: bool,
    pub immobilizes: bool,
    /// Any of the Typhoon hooks above is present (so Scirocco's pieces skip them at no cost).
    pub has_hooks: bool,
    /// Latent power bits (`piece::latent`).
    pub latent: u8,
    /// A type that arises only by promotion (the Communist takes these).
    pub promoted: bool,
    /// Capture by arrival (its moves are `MoveKind::Arrival`).
    pub arrival: Option<ArrivalKind>,
    /// Jupiter's hooks, if the type has any (boxed: most types have none).
    pub jupiter: Option<Box<JupiterHooks>>,
    /// Whether a friend already has a relayed move of its own is found by generating its moves
    /// (Jupiter's hooks and line powers), not by the quick test for table moves.
    pub generated_reach: bool,
    /// Non-displacement captures are optional (`PieceSpec::optional_capture`).
    pub optional_capture: bool,
    /// Bits of `tally`: the position counts this type's pieces per side (`Position::tallied`).
    pub tally: u8,
}

/// The bits of `CompiledPiece::tally`: types whose rare captures a check test looks for only
/// while one stands on the board (the 12x8 layer's Halflings and Golem parts).
pub mod tally {
    pub const HALFLING: u8 = 1;
    pub const GOLEM: u8 = 2;
}

/// A promotion that depends on the board, by name: move generation (`crate::movegen`) applies it
/// to every promoting move of the variant; a variant without one promotes by its table alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PromotionRule {
    /// Typhoon's and Jupiter's: a King promoting to the Emperor (`Em`) becomes an Emperor of
    /// Emperors (`EE`) instead while an Emperor of either side stays on the board after the move.
    EmperorOfEmperors,
}

/// See `Variant::diagram_companions`: (the game, kind, its square, the King's corner) -> Blue
/// pieces.
pub type DiagramCompanions = fn(&Variant, PieceKind, Square, Square) -> Vec<Placement>;

/// One piece of an initial array.
pub type Placement = (Color, PieceKind, Square);

/// A pair of an array built from pairs: (first-named abbreviation, second (`""` for an empty
/// square), file of the left square, rank), on Blue's side.
pub type Pair = (&'static str, &'static str, u8, u8);

/// How a variant's initial arrays are named and built.
#[derive(Clone, Copy)]
pub struct SetupRule {
    pub default: &'static str,
    /// The pairs whose sides an array's name chooses, in the name's bit order (`rot-`/`mir-` then
    /// one bit per pair, `0` = first-named piece on the left square); empty for a variant whose
    /// arrays are not built from pairs. Lets a user interface offer the author's own choices.
    pub pairs: &'static [Pair],
    /// Every accepted name, canonical form first in each family, for variants with few enough
    /// arrays to list (`None` for Jupiter's 2 x 2^38).
    pub names: Option<fn() -> Vec<String>>,
    /// A legal array's name drawn from a seed (every array can be drawn).
    pub random: fn(u64) -> String,
    /// The array for a name (any accepted spelling), or `None` for an unknown name.
    pub build: fn(&Variant, &str) -> Option<Vec<Placement>>,
    /// A sentence for `--help` and the docs on how names are formed.
    pub help: &'static str,
}

impl SetupRule {
    /// A game with one array, given square by square (`Variant::fixed_array`), named `default`.
    pub const FIXED: SetupRule = SetupRule {
        default: "default",
        pairs: &[],
        names: Some(|| vec!["default".to_string()]),
        random: |_| "default".to_string(),
        build: |v, name| {
            name.trim()
                .eq_ignore_ascii_case("default")
                .then(|| v.fixed_array.clone())
        },
        help: "default: the game's one array",
    };
}

pub struct Variant {
    /// Identifier used on the command line and in records (`scirocco`).
    pub id: &'static str,
    /// Display name (`Scirocco`).
    pub title: &'static str,
    pub geometry: Geometry,
    pub pieces: Vec<PieceSpec>,
    pub rules: Rules,
    pub setups: SetupRule,
    /// Some type immobilizes (the movegen filter runs only then, so Scirocco pays nothing).
    pub has_immobilizer: bool,
    /// Some type may be captured only by certain types (`PieceSpec::captured_only_by`): the
    /// generators drop the other captures of it only then.
    pub restricted_captures: bool,
    /// The piece codes of those types, for the generators' quick test (`may_capture`).
    restricted_codes: crate::chess_rules::CodeSet,
    /// Flags of `compiled` that hot loops read, packed (`is_royal`, `immobilizes`, `latent_of`).
    facts: code_facts::CodeFacts,
    /// The union of every type's latent bits: poison, burning, doubling and the Kamikaze's
    /// self-capture are looked for only when some type has them.
    pub latent: u8,
    /// The board-dependent promotion rule, if any (`PromotionRule`); `None` for Scirocco.
    pub promotion_rule: Option<PromotionRule>,
    /// Some type has a power of the 12x8 game's exotic pieces (a file's `halfling`, `wizard`,
    /// `elephant`, `assassin`, `thunder` or `golem` hook): the powers' code (`position/larger`)
    /// hooks into the general check rules, pawns, drops and make. False in every other game,
    /// which never enters it.
    pub powers: bool,
    /// With `powers`: what each type is to them (`LayerKinds`, read from the file's hooks).
    pub layer_kinds: crate::layer_kinds::LayerKinds,
    /// With `powers`: each side's King's square in the game's default array. A King that has
    /// left it has moved, and drops wait until both have.
    pub(crate) king_homes: [crate::geometry::Square; 2],
    /// International Chess rules as mechanisms (check, castling, stalemate, draws, promotion
    /// choices and limits): `chess_rules`. `None` for the games without a check rule. The 12x8
    /// layer's game has them too (its file's castlings and draws), read by the layer's code.
    pub chess_rules: Option<crate::chess_rules::ChessRules>,
    /// The general check rules' code runs (`movegen/chess_rules.rs`): `chess_rules.is_some()`
    /// but in the 12x8 layer's game, whose own code reads them. A flag for the hot paths.
    pub has_chess_rules: bool,
    /// The game keeps state beyond the board in `ChessState` (`chess_rules`, drops, the 12x8
    /// layer's game): kept by `make`, undone by `unmake`, hashed.
    pub keeps_state: bool,
    /// By type: the type a piece of it was promoted from (itself if none): what a captured piece
    /// becomes in its captor's hand.
    unpromoted: Vec<crate::piece::PieceKind>,
    /// With `chess_rules`: every type's captures are table leaps and straight rides, so that a
    /// move that does not start on a line through the royal piece cannot expose it.
    pub plain_attacks: bool,
    /// With the 12x8 layer: every type's captures are table leaps, straight rides and cannon
    /// hops (`AttackLines::hoppers`), which its check test reads and its quick tests allow for.
    pub line_attacks: bool,
    /// With `chess_rules`: the ride steps of each side's types (the lines a royal piece may be
    /// attacked along).
    ride_steps: [Vec<isize>; 2],
    /// With `chess_rules` and `plain_attacks`: each side's attackers of a square by line.
    attack_lines: [crate::chess_rules::AttackLines; 2],
    /// With `chess_rules`: by the difference of two cells plus `CELLS`, bit `side` set if a
    /// piece of `side` riding some step could attack along the line between them (or, rarely,
    /// a line the mailbox's wrap makes look so: a false alarm costs only time).
    enemy_lines: Vec<u8>,
    /// With `chess_rules`: the castling rights lost when a move leaves or reaches the cell.
    castle_spoilers: Vec<u8>,
    /// Other names accepted on the command line and in records.
    pub aliases: &'static [&'static str],
    /// Definition hashes the same game had before its text changed without a change of rules
    /// (`[game] former_hashes`): records carrying one still replay.
    pub former_hashes: &'static [&'static str],
    /// Display names of the two sides (`Blue`/`Tan`, or `White`/`Black`).
    pub side_titles: [&'static str; 2],
    /// The letters of the sides in the text position form (`b`/`t`, or `w`/`b`).
    pub side_letters: [char; 2],
    /// The enemy type movement diagrams put on a square to show captures (the first plain type
    /// when `None`); the 12x8 game names the Knight, which cannot check from the diagram's squares.
    pub diagram_target: Option<&'static str>,
    /// The friendly pieces a movement diagram of `kind` on `at` needs, instead of the King in its
    /// corner `king`: the 12x8 game's Golem needs its other part, its Elephant a King beside it,
    /// and its King stands alone (one King a side).
    pub diagram_companions: Option<DiagramCompanions>,
    /// The one array of a game read from a file that gives it square by square
    /// (`SetupRule::FIXED`); empty otherwise.
    pub fixed_array: Vec<Placement>,
    /// The built-in game a variant file's game varies (its `based_on`): the engine plays it with
    /// that game's settings and values the types the two share as that game does. Not a rule:
    /// the definition hash leaves it out. `None` for the built-in games and most files.
    pub based_on: Option<&'static str>,
    /// The short hash of the definition (`definition_hash`), computed on first use.
    pub(crate) definition_hash: std::sync::OnceLock<String>,
    /// Indexed by piece code; entry 0 is unused.
    compiled: Vec<CompiledPiece>,
    /// The check rules' powers, indexed by piece code like `compiled`.
    chess_pieces: Vec<crate::chess_rules::ChessPiece>,
    /// Promotion zone by colour, indexed by mailbox cell.
    zone: [Box<[bool; CELLS]>; 2],
    zobrist: Vec<u64>,
    side_key: u64,
    /// The key of "the last move took a Lion with a piece that is not one" (`LionTrading`'s
    /// counter-strike rule binds the side to move): it changes the legal moves, so it is part of
    /// the position.
    counter_strike_key: u64,
}

/// Deterministic 64-bit keys (SplitMix64), so hashes are the same on every run.
fn splitmix64(state: &mut u64) -> u64 {
    let out = crate::random::mix(*state);
    *state = state.wrapping_add(crate::random::GOLDEN);
    out
}

/// Rotates a Blue vector into the owner's frame: Tan faces the other way.
fn oriented((dx, dy): (i8, i8), color: Color) -> isize {
    match color {
        Color::Blue => offset(dx, dy),
        Color::Tan => offset(-dx, -dy),
    }
}

/// The two vectors perpendicular to `(x, y)`.
fn perpendicular((x, y): (i8, i8)) -> [(i8, i8); 2] {
    [(-y, x), (y, -x)]
}

/// Compiles one of Jupiter's hooks (every `Special` that `Variant::build` does not handle itself).
fn compile_jupiter_hook(j: &mut JupiterHooks, special: &Special, color: Color) {
    let o = |v: (i8, i8)| oriented(v, color);
    match *special {
        Special::Hook(h) => {
            for &f in h.first {
                let mut ride = HookRide {
                    first: o(f),
                    first_max: h.first_max,
                    turn_after: h.turn_after,
                    second: [0; 2],
                    second_len: 0,
                    second_max: h.second_max,
                };
                for t in perpendicular(f) {
                    if h.second.is_none_or(|allowed| allowed.contains(&t)) {
                        ride.second[ride.second_len as usize] = o(t);
                        ride.second_len += 1;
                    }
                }
                j.hooks.push(ride);
            }
        }
        Special::Zigzag(lines) => {
            for &f in lines.vectors() {
                for t in perpendicular(f) {
                    j.zigzags.push((o(f), o(t)));
                }
            }
        }
        Special::TwoSteps => j.two_steps = true,
        Special::Grasshopper(vs) => j.grasshoppers.extend(vs.iter().map(|&v| o(v))),
        Special::GrasshopperChain { limited_doubling } => {
            j.chain = true;
            j.chain_limited_doubling = limited_doubling;
        }
        Special::Cannon { lines, max, mode } => j
            .cannons
            .extend(lines.vectors().iter().map(|&v| (o(v), max, mode))),
        Special::GeneralCapture(lines) => j
            .general_lines
            .extend(lines.vectors().iter().map(|&v| o(v))),
        Special::LionCapture { first, second } => {
            for &f in first {
                let seconds: Vec<(i8, i8)> = match second {
                    SecondStep::King => crate::piece::Lines::Queen.vectors().to_vec(),
                    SecondStep::Wazir => crate::piece::Lines::Orthogonal.vectors().to_vec(),
                    SecondStep::Perpendicular => perpendicular(f).to_vec(),
                    SecondStep::Straight => vec![f, (-f.0, -f.1)],
                };
                let mut ride = LionRide {
                    first: o(f),
                    second: [0; 8],
                    second_len: 0,
                };
                for t in seconds {
                    ride.second[ride.second_len as usize] = o(t);
                    ride.second_len += 1;
                }
                j.lions.push(ride);
            }
        }
        Special::RoyalLeap { may_stay } => {
            j.royal_leap = true;
            j.royal_leap_stay = may_stay;
        }
        Special::SwapFriend => j.swap_friend = true,
        Special::Pull { min, max } => j.pull = Some((min, max)),
        Special::Repel { max } => j.repel = max,
        Special::TankPush { lines, off_board } => {
            j.tank.extend(lines.vectors().iter().map(|&v| o(v)));
            j.tank_off_board = off_board;
        }
        Special::Create(vs) => j.creates.extend(vs.iter().map(|&v| o(v))),
        _ => unreachable!("compiled by Variant::build"),
    }
}

impl Variant {
    /// Builds and compiles a variant. `zone_ranks[c]` lists the ranks (from 0) of colour c's
    /// promotion zone. Panics on an inconsistent table: tables are program data, and a test builds
    /// every variant.
    pub fn build(
        id: &'static str,
        title: &'static str,
        geometry: Geometry,
        pieces: Vec<PieceSpec>,
        zone_ranks: [&[u8]; 2],
        rules: Rules,
        setups: SetupRule,
    ) -> Variant {
        assert!(pieces.len() <= 255, "{id}: too many piece types");
        // Abbreviations are unique as written (case-sensitive: Jupiter's DE and De); aliases are
        // unique too and differ from every abbreviation.
        let spellings: Vec<&str> = pieces
            .iter()
            .flat_map(|p| std::iter::once(p.abbr).chain(p.aliases.iter().copied()))
            .collect();
        for (i, a) in spellings.iter().enumerate() {
            assert!(
                !spellings[..i].contains(a),
                "{id}: abbreviation {a} is not unique"
            );
        }
        let kind_of = |abbr: &str| -> PieceKind {
            let i = pieces
                .iter()
                .position(|p| p.abbr == abbr)
                .unwrap_or_else(|| panic!("{id}: unknown piece {abbr}"));
            PieceKind(i as u8)
        };
        let mut compiled = vec![CompiledPiece::default(); 1 + pieces.len() * 2];
        let mut chess_pieces =
            vec![crate::chess_rules::ChessPiece::default(); 1 + pieces.len() * 2];
        for (i, spec) in pieces.iter().enumerate() {
            let atoms =
                betza::parse(spec.betza).unwrap_or_else(|e| panic!("{id}: {}: {e}", spec.name));
            for color in Color::BOTH {
                let code = Piece::new(PieceKind(i as u8), color).code();
                let c = &mut compiled[code as usize];
                c.royal = spec.royal;
                c.immobilizes = spec.latent & latent::IMMOBILIZES != 0;
                c.latent = spec.latent;
                c.promoted = spec.promoted;
                c.promotes_to = spec.promotes_to.map(kind_of);
                c.flip = spec.flips_to.map(kind_of);
                c.unhoppable = spec.unhoppable;
                c.captured_only_by = (!spec.captured_only_by.is_empty()).then(|| {
                    let mut bits = [0u64; 4];
                    for abbr in &spec.captured_only_by {
                        let k = kind_of(abbr).0;
                        bits[k as usize >> 6] |= 1 << (k & 63);
                    }
                    bits
                });
                let chess = &mut chess_pieces[code as usize];
                if !spec.also_promotes_to.is_empty() {
                    chess.promotion_choices = (spec.promotes_to.iter())
                        .chain(&spec.also_promotes_to)
                        .map(|a| kind_of(a))
                        .collect();
                }
                chess.pawn = spec.pawn;
                chess.forward = oriented((0, 1), color);
                chess.captures = (atoms.iter())
                    .filter(|a| a.is_leaper() && a.mode == crate::betza::Mode::Capture)
                    .flat_map(|a| a.vectors.iter().map(|&v| oriented(v, color)))
                    .collect();
                chess.captures.sort_unstable();
                for atom in &atoms {
                    for &v in &atom.vectors {
                        let step = oriented(v, color);
                        if atom.is_leaper() {
                            c.leaps.push((step, atom.mode));
                        } else {
                            let min = 1 + atom.skip;
                            c.rides.push(Ride {
                                step,
                                min,
                                max: atom.max,
                                mode: atom.mode,
                            });
                        }
                    }
                }
                for special in &spec.specials {
                    match *special {
                        Special::Bent {
                            first,
                            first_mode,
                            then,
                        } => {
                            for &f in first.vectors() {
                                let mut bent = BentRide {
                                    first: oriented(f, color),
                                    first_mode,
                                    then: [0; 4],
                                    then_len: 0,
                                };
                                for &t in then.vectors() {
                                    // Outward: the continuation leads away from the start square.
                                    if f.0 as i32 * t.0 as i32 + f.1 as i32 * t.1 as i32 > 0 {
                                        bent.then[bent.then_len as usize] = oriented(t, color);
                                        bent.then_len += 1;
                                    }
                                }
                                c.bents.push(bent);
                            }
                        }
                        Special::HopCapture(lines) => c
                            .hop_captures
                            .extend(lines.vectors().iter().map(|&v| oriented(v, color))),
                        Special::Igui(lines) => c
                            .iguis
                            .extend(lines.vectors().iter().map(|&v| oriented(v, color))),
                        Special::Relay(kind) => c.relay = Some(kind),
                        Special::IguiAt(vs) => {
                            c.iguis.extend(vs.iter().map(|&v| oriented(v, color)))
                        }
                        Special::DoubleHop(vs) => {
                            c.double_hops.extend(vs.iter().map(|&v| oriented(v, color)))
                        }
                        Special::Pass => c.pass = true,
                        Special::PassVia(vs) => {
                            c.pass_via.extend(vs.iter().map(|&v| oriented(v, color)))
                        }
                        Special::Convert(vs) => {
                            c.converts.extend(vs.iter().map(|&v| oriented(v, color)))
                        }
                        Special::Swap(vs) => c.swaps.extend(vs.iter().map(|&v| oriented(v, color))),
                        Special::Hopper { lines, max } => c
                            .hoppers
                            .extend(lines.vectors().iter().map(|&v| (oriented(v, color), max))),
                        Special::Line(kind) => c.line = Some(kind),
                        Special::Shoot => c.shoot = true,
                        Special::Arrival(kind) => c.arrival = Some(kind),
                        // The 12x8 layer's powers: its code reads them (`LayerKinds`).
                        ref layer if layer.is_power_hook() => {}
                        ref jupiter => compile_jupiter_hook(
                            c.jupiter.get_or_insert_with(Default::default),
                            jupiter,
                            color,
                        ),
                    }
                }
                c.optional_capture = spec.optional_capture;
                c.generated_reach = c.jupiter.is_some()
                    || c.arrival.is_some()
                    || c.optional_capture
                    || matches!(c.line, Some(LineKind::Neartaker | LineKind::Withdrawer));
                c.has_hooks = !c.double_hops.is_empty()
                    || !c.converts.is_empty()
                    || !c.swaps.is_empty()
                    || !c.hoppers.is_empty()
                    || c.line.is_some()
                    || c.pass
                    || !c.pass_via.is_empty()
                    || c.shoot;
            }
        }
        let mut unpromoted: Vec<PieceKind> = (0..pieces.len() as u8).map(PieceKind).collect();
        for (i, spec) in pieces.iter().enumerate().rev() {
            for abbr in spec.promotes_to.iter().chain(&spec.also_promotes_to) {
                if let Some(k) = pieces.iter().position(|p| p.abbr == *abbr) {
                    unpromoted[k] = PieceKind(i as u8);
                }
            }
        }
        let mut zone = [Box::new([false; CELLS]), Box::new([false; CELLS])];
        for color in Color::BOTH {
            for sq in geometry.squares() {
                zone[color.index()][sq.cell()] = zone_ranks[color.index()].contains(&sq.rank());
            }
        }
        let mut state = 0x4A6F_7669_616E_u64; // "Jovian"
        let zobrist = (0..compiled.len() * 256)
            .map(|_| splitmix64(&mut state))
            .collect();
        let side_key = splitmix64(&mut state);
        // Drawn after the others, so that adding it changed no other key.
        let counter_strike_key = splitmix64(&mut state);
        Variant {
            id,
            title,
            geometry,
            has_immobilizer: pieces.iter().any(|p| p.latent & latent::IMMOBILIZES != 0),
            restricted_captures: pieces.iter().any(|p| !p.captured_only_by.is_empty()),
            restricted_codes: (compiled.iter().enumerate())
                .filter(|(_, c)| c.captured_only_by.is_some())
                .fold(
                    Default::default(),
                    |mut set: crate::chess_rules::CodeSet, (code, _)| {
                        set.insert(code as Code);
                        set
                    },
                ),
            facts: code_facts::CodeFacts::new(&compiled),
            latent: pieces.iter().fold(0, |acc, p| acc | p.latent),
            pieces,
            rules,
            setups,
            promotion_rule: None,
            powers: false,
            layer_kinds: Default::default(),
            king_homes: [
                crate::geometry::Square::new(6, 0),
                crate::geometry::Square::new(6, 7),
            ],
            chess_rules: None,
            has_chess_rules: false,
            keeps_state: rules.drops.is_some(),
            unpromoted,
            plain_attacks: false,
            line_attacks: false,
            ride_steps: [Vec::new(), Vec::new()],
            attack_lines: Default::default(),
            enemy_lines: Vec::new(),
            castle_spoilers: Vec::new(),
            aliases: &[],
            former_hashes: &[],
            side_titles: ["Blue", "Tan"],
            side_letters: ['b', 't'],
            diagram_target: None,
            diagram_companions: None,
            fixed_array: Vec::new(),
            based_on: None,
            definition_hash: std::sync::OnceLock::new(),
            compiled,
            chess_pieces,
            zone,
            zobrist,
            side_key,
            counter_strike_key,
        }
    }

    /// The one array of a game given square by square (read with `SetupRule::FIXED`).
    pub fn with_fixed_array(mut self, array: Vec<Placement>) -> Variant {
        self.fixed_array = array;
        self
    }

    /// Names the built-in game this one varies (see `based_on`).
    pub fn with_based_on(mut self, game: Option<&'static str>) -> Variant {
        self.based_on = game;
        self
    }

    /// The game whose engine settings this game is played with: the one it is based on, else
    /// itself.
    pub fn engine_game(&self) -> &'static str {
        self.based_on.unwrap_or(self.id)
    }

    /// Sets the board-dependent promotion rule.
    pub fn with_promotion_rule(mut self, rule: PromotionRule) -> Variant {
        self.promotion_rule = Some(rule);
        self
    }

    /// The type a piece of `kind` was promoted from (`kind` itself if it is no promoted type).
    #[inline]
    pub fn unpromoted(&self, kind: PieceKind) -> PieceKind {
        self.unpromoted
            .get(kind.0 as usize)
            .copied()
            .unwrap_or(kind)
    }

    /// Switches on the 12x8 game's powers (see `powers`) for the types `kinds` names.
    pub fn with_powers(mut self, kinds: crate::layer_kinds::LayerKinds) -> Variant {
        self.powers = true;
        self.layer_kinds = kinds;
        // Its state is the general one (`ChessState`), kept by the general `make` with the
        // layer's hooks.
        self.keeps_state = true;
        self.build_attack_tables();
        self
    }

    /// Sets each type's `CompiledPiece::tally` bits (`tally_of` by type).
    pub(crate) fn with_tally(mut self, tally_of: impl Fn(PieceKind) -> u8) -> Variant {
        for (code, c) in self.compiled.iter_mut().enumerate().skip(1) {
            c.tally = tally_of(Piece::from_code(code as Code).kind);
        }
        self
    }

    pub fn with_former_hashes(mut self, hashes: &'static [&'static str]) -> Variant {
        self.former_hashes = hashes;
        self
    }

    pub fn with_aliases(mut self, aliases: &'static [&'static str]) -> Variant {
        self.aliases = aliases;
        self
    }

    pub fn with_diagram_target(mut self, abbr: &'static str) -> Variant {
        self.diagram_target = Some(abbr);
        self
    }

    pub fn with_diagram_companions(mut self, f: DiagramCompanions) -> Variant {
        self.diagram_companions = Some(f);
        self
    }

    pub fn with_side_names(mut self, titles: [&'static str; 2], letters: [char; 2]) -> Variant {
        self.side_titles = titles;
        self.side_letters = letters;
        self
    }

    /// Leaks the variant so positions can refer to it for the rest of the program.
    pub fn leak(self) -> &'static Variant {
        Box::leak(Box::new(self))
    }

    #[inline]
    pub fn compiled(&self, code: Code) -> &CompiledPiece {
        &self.compiled[code as usize]
    }

    /// Whether a piece of type `taker` may capture the piece `victim` (a piece code): any type
    /// may, unless the victim's type is `captured_only_by` others.
    #[inline(always)]
    pub fn may_capture(&self, taker: PieceKind, victim: Code) -> bool {
        !self.restricted_codes.contains(victim) || self.captor(taker, victim)
    }

    /// Whether the piece `code` is of a type only some types may capture.
    #[inline(always)]
    pub fn guarded(&self, code: Code) -> bool {
        self.restricted_codes.contains(code)
    }

    /// `may_capture` for a victim of a restricted type: is the taker's type one of its captors?
    #[inline(never)]
    fn captor(&self, taker: PieceKind, victim: Code) -> bool {
        let k = taker.0;
        (self.compiled[victim as usize].captured_only_by)
            .is_none_or(|bits| bits[k as usize >> 6] >> (k & 63) & 1 == 1)
    }

    /// A piece code's powers under the check rules.
    #[inline]
    pub fn chess_piece(&self, code: Code) -> &crate::chess_rules::ChessPiece {
        &self.chess_pieces[code as usize]
    }

    #[inline]
    pub fn in_zone(&self, color: Color, cell: usize) -> bool {
        self.zone[color.index()][cell]
    }

    #[inline]
    pub fn piece_key(&self, code: Code, sq: Square) -> u64 {
        self.zobrist[code as usize * 256 + sq.0 as usize]
    }

    /// The key of "the piece on `sq` makes the second part of a doubled turn" (code 0 is never a
    /// piece, so its keys are free).
    #[inline]
    pub fn mid_turn_key(&self, sq: Square) -> u64 {
        self.zobrist[sq.0 as usize]
    }

    #[inline]
    pub fn side_key(&self) -> u64 {
        self.side_key
    }

    #[inline]
    pub fn counter_strike_key(&self) -> u64 {
        self.counter_strike_key
    }
}

/// Variants are compared by identity: each is built once.
impl PartialEq for Variant {
    fn eq(&self, other: &Variant) -> bool {
        std::ptr::eq(self, other)
    }
}
impl Eq for Variant {}

impl std::fmt::Debug for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}
