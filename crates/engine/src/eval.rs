//! Static evaluation: material, promotion potential, piece placement by empty-board mobility, royal
//! safety (near pieces, and the real attacks on the royal piece's neighbours), the bare-piece
//! danger, tempo, and the conversion terms (trade-down, royal tropism and hunt). Every weight is in
//! `tunables::EvalTunables`.

use jovian_rules::{Color, Move, MoveKind, Piece, Position, Square, Variant};

use crate::mobility::{board_cells, empty_board_mobility};
use crate::tunables::EvalTunables;
use crate::values::{ValueTable, values_from};

/// Precomputed tables for one variant.
pub struct Evaluator {
    /// The weights. `new` folds the placement and promotion shares into its tables, so they are
    /// set there, not changed afterwards.
    pub tunables: EvalTunables,
    /// Material value by piece code.
    value: Vec<i32>,
    /// What promotion would add (0 if it would not gain), by piece code.
    promotion_gain: Vec<i32>,
    /// The same at `mobility_weight` 100, for the terms the lab fits ([`EvalTerms`]).
    placement_unit: Vec<[i16; 256]>,
    /// Ranks short of the promotion zone, by colour and square (0 inside the zone).
    zone_distance: [[u8; 256]; 2],
    /// By piece code and square, all that `evaluate` counts for that one piece there: its value,
    /// its placement and its share of the promotion gain (`promotion_share_*` by its distance
    /// from the zone), summed once here so that the walk over ninety pieces reads one table.
    piece_square: Vec<[i32; 256]>,
    /// Both sides' material at the start, royal pieces left out (the trade-down term's scale).
    start_material: i32,
    /// Whether the search plays its lead mode (`SearchTunables::lead_threshold`): the royal
    /// tropism is then `lead_royal_tropism`. Set by the search at its root, once per search.
    pub(crate) lead_mode: bool,
}

impl Evaluator {
    pub fn new(variant: &'static Variant, tunables: EvalTunables) -> Evaluator {
        let kinds = variant.pieces.len();
        let values = values_from(variant, ValueTable::from_tunable(tunables.value_table));
        let on_board = board_cells(variant);
        let codes = 1 + kinds * 2;
        let mut value = vec![0; codes];
        let mut promotion_gain = vec![0; codes];
        let mut placement = vec![[0i16; 256]; codes];
        let mut placement_unit = vec![[0i16; 256]; codes];
        for kind in variant.kinds() {
            for color in Color::BOTH {
                let code = Piece::new(kind, color).code();
                let c = code as usize;
                value[c] = values[kind.0 as usize];
                if let Some(p) = variant.compiled(code).promotes_to {
                    promotion_gain[c] = (values[p.0 as usize] - value[c]).max(0);
                }
                let mobility: Vec<(Square, i32)> = variant
                    .geometry
                    .squares()
                    .map(|sq| (sq, empty_board_mobility(variant, code, sq, &on_board)))
                    .collect();
                let average =
                    mobility.iter().map(|m| m.1).sum::<i32>() as f64 / mobility.len() as f64;
                for (sq, m) in mobility {
                    let unit = (m as f64 - average) * 4.0;
                    let bonus = unit * tunables.mobility_weight as f64 / 100.0;
                    placement[c][sq.0 as usize] = bonus.round() as i16;
                    placement_unit[c][sq.0 as usize] = unit.round() as i16;
                }
            }
        }
        let mut zone_distance = [[0u8; 256]; 2];
        for color in Color::BOTH {
            let zone_ranks: Vec<u8> = (0..variant.geometry.height)
                .filter(|&r| variant.in_zone(color, Square::new(0, r).cell()))
                .collect();
            for sq in variant.geometry.squares() {
                let d = zone_ranks
                    .iter()
                    .map(|&r| (r as i32 - sq.rank() as i32).unsigned_abs())
                    .min();
                zone_distance[color.index()][sq.0 as usize] = d.unwrap_or(u32::MAX).min(255) as u8;
            }
        }
        let share_at = |distance: u8| match distance {
            0 => tunables.promotion_share_in_zone,
            1 => tunables.promotion_share_one_rank,
            2 => tunables.promotion_share_two_ranks,
            _ => 0,
        };
        let mut piece_square = vec![[0i32; 256]; codes];
        for kind in variant.kinds() {
            for color in Color::BOTH {
                let c = Piece::new(kind, color).code() as usize;
                for sq in variant.geometry.squares() {
                    let s = sq.0 as usize;
                    let distance = zone_distance[color.index()][s];
                    piece_square[c][s] = value[c]
                        + placement[c][s] as i32
                        + promotion_gain[c] * share_at(distance) / 100;
                }
            }
        }
        let mut evaluator = Evaluator {
            tunables,
            value,
            promotion_gain,
            placement_unit,
            zone_distance,
            piece_square,
            start_material: 0,
            lead_mode: false,
        };
        let start = Position::start(variant);
        evaluator.start_material = Color::BOTH
            .iter()
            .map(|&c| evaluator.material(&start, c))
            .sum::<i32>()
            .max(1);
        evaluator
    }

    /// `color`'s material, its royal pieces left out, pieces in hand included: what trades
    /// reduce.
    pub fn material(&self, pos: &Position, color: Color) -> i32 {
        let variant = pos.variant();
        pos.side_pieces(color)
            .filter(|(p, _)| !variant.is_royal(p.code()))
            .map(|(p, _)| self.piece_value(p))
            .sum::<i32>()
            + self.hand_value(pos, color)
    }

    /// Material value of a piece.
    #[inline]
    pub fn piece_value(&self, piece: Piece) -> i32 {
        self.value[piece.code() as usize]
    }

    /// What promoting this piece would add.
    #[inline]
    pub fn promotion_gain(&self, piece: Piece) -> i32 {
        self.promotion_gain[piece.code() as usize]
    }

    /// Whether a capture moves the evaluation by little more than `capture_gain`, as delta
    /// pruning assumes: not where a lead term is on. The royal hunt grows with the lead at up to
    /// `royal_hunt/100 x tropism / HUNT_FULL_LEAD` centipawns per centipawn (in Jupiter's
    /// conversion positions a capture of 1,000 moved the evaluation by 3,484), and the trade-down
    /// term with the lead and the material gone.
    pub fn capture_gain_bounds_captures(&self) -> bool {
        self.tunables.royal_hunt == 0 && self.tunables.trade_down == 0
    }

    /// What a move wins at most in material: its victims, twice a converted piece (it changes
    /// sides), and its promotion's gain. A move that takes a royal piece, or that only begins a
    /// doubled turn (its second part may win more), counts as winning everything.
    pub fn capture_gain(&self, pos: &Position, m: Move) -> i32 {
        const EVERYTHING: i32 = 1_000_000;
        if m.is_continuing() {
            return EVERYTHING;
        }
        let variant = pos.variant();
        let mut gain = 0;
        for (_, p) in pos.victims(m) {
            if variant.is_royal(p.code()) {
                return EVERYTHING;
            }
            gain += self.piece_value(p);
        }
        if m.kind == MoveKind::Convert
            && let Some(p) = pos.piece_at(m.converted())
        {
            if variant.is_royal(p.code()) {
                return EVERYTHING;
            }
            gain += 2 * self.piece_value(p);
        }
        if m.promotion().is_some()
            && let Some(p) = pos.piece_at(m.from)
        {
            gain += self.promotion_gain(p);
        }
        gain
    }

    /// The score from the side to move's point of view.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let t = &self.tunables;
        let variant = pos.variant();
        let mut score = [0i32; 2];
        let mut royal_square = [None::<Square>; 2];
        // Non-royal material by side, for the trade-down term.
        let mut material = [0i32; 2];
        let tropism_weight = self.royal_tropism_weight();
        let wants_tropism = tropism_weight != 0 || t.royal_hunt != 0;
        let mut non_royal = NonRoyalSquares::new();
        for color in Color::BOTH {
            let ci = color.index();
            for (piece, sq) in pos.side_pieces(color) {
                let c = piece.code() as usize;
                score[ci] += self.piece_square[c][sq.0 as usize];
                if variant.is_royal(piece.code()) {
                    royal_square[ci] = Some(sq);
                } else {
                    material[ci] += self.value[c];
                    if wants_tropism {
                        non_royal.push(ci, sq);
                    }
                }
            }
        }
        for color in Color::BOTH {
            let ci = color.index();
            let pressure = t.royal_zone_attack != 0;
            if let Some(w) = royal_window(pos, color, royal_square[ci], pressure) {
                score[ci] += w.guards * t.royal_guard_bonus
                    - w.attackers * t.royal_attacker_penalty
                    - w.pressure * t.royal_zone_attack;
            }
            score[ci] -= match bare_danger(pos, color) {
                2 => t.bare_danger_two,
                3 => t.bare_danger_three,
                _ => 0,
            };
            let hand = self.hand_value(pos, color);
            score[ci] += hand * t.hand_share / 100;
            material[ci] += hand;
        }
        if t.trade_down != 0 {
            score[Color::Blue.index()] +=
                trade_down(material, self.start_material) * t.trade_down / 100;
        }
        if wants_tropism {
            // Each side's tropism once, from the squares the walk above gathered: the hunt reads
            // the leader's again.
            let tropism = Color::BOTH.map(|color| {
                let enemy = color.other();
                let target = royal_square[enemy.index()].filter(|_| pos.royal_count(enemy) == 1);
                non_royal.tropism(color.index(), target, pos.variant())
            });
            if t.royal_hunt != 0 {
                score[Color::Blue.index()] += royal_hunt(material, tropism) * t.royal_hunt / 100;
            }
            if tropism_weight != 0 {
                for ci in 0..2 {
                    score[ci] += tropism[ci] * tropism_weight / 100;
                }
            }
        }
        let us = pos.side_to_move().index();
        score[us] - score[1 - us] + t.tempo
    }

    /// The royal tropism's weight now: `lead_royal_tropism` in the search's lead mode (where it
    /// is not 0), else `royal_tropism`.
    #[inline]
    pub fn royal_tropism_weight(&self) -> i32 {
        let t = &self.tunables;
        if self.lead_mode && t.lead_royal_tropism != 0 {
            t.lead_royal_tropism
        } else {
            t.royal_tropism
        }
    }

    /// Pieces in hand (the 12x8 game's, a game's with drops) at their full value; the
    /// evaluation counts `hand_share` of it: they still have to find a square (and in the 12x8
    /// game, drops wait until both Kings have moved).
    pub(crate) fn hand_value(&self, pos: &Position, color: Color) -> i32 {
        pos.hand_pieces(color)
            .map(|(kind, n)| self.value[Piece::new(kind, Color::Blue).code() as usize] * n as i32)
            .sum()
    }

    /// The evaluation taken apart into the quantities its weights multiply, Blue's minus Tan's:
    /// the lab fits the weights to the games' results (`EvalTerms::WEIGHTS`). With these terms,
    /// `evaluate` from Blue's side is `material + mobility_weight/100 · placement + Σ share/100 ·
    /// zone + guard bonus · guards − attacker penalty · attackers − royal_zone_attack · zone
    /// pressure − bare dangers + hand_share/100
    /// · hand + royal_tropism/100 · royal tropism + trade_down/100 · trade-down + royal_hunt/100
    /// · royal hunt ± tempo` (up to the rounding of each piece's placement and tropism, and of
    /// the two lead terms).
    pub fn terms(&self, pos: &Position) -> EvalTerms {
        let mut terms = EvalTerms::default();
        let mut royal_square = [None::<Square>; 2];
        // Non-royal material by side, pieces in hand included, for the two lead terms.
        let mut material = [0i32; 2];
        for color in Color::BOTH {
            let ci = color.index();
            let sign = if color == Color::Blue { 1 } else { -1 };
            for (piece, sq) in pos.side_pieces(color) {
                let c = piece.code() as usize;
                terms.material += sign * self.value[c];
                terms.placement += sign * self.placement_unit[c][sq.0 as usize] as i32;
                let gain = self.promotion_gain[c];
                if let Some(zone) = terms
                    .zone
                    .get_mut(self.zone_distance[ci][sq.0 as usize] as usize)
                {
                    *zone += sign * gain;
                }
                if pos.variant().is_royal(piece.code()) {
                    royal_square[ci] = Some(sq);
                } else {
                    material[ci] += self.value[c];
                }
            }
            if let Some(w) = royal_window(pos, color, royal_square[ci], true) {
                terms.royal_guards += sign * w.guards;
                terms.royal_attackers += sign * w.attackers;
                terms.royal_zone_pressure += sign * w.pressure;
            }
            match bare_danger(pos, color) {
                2 => terms.bare_two += sign,
                3 => terms.bare_three += sign,
                _ => {}
            }
            let hand = self.hand_value(pos, color);
            terms.hand += sign * hand;
            material[ci] += hand;
        }
        let tropism =
            Color::BOTH.map(|color| royal_tropism(pos, color, royal_square[color.other().index()]));
        terms.royal_tropism = tropism[0] - tropism[1];
        terms.trade_down = trade_down(material, self.start_material);
        terms.royal_hunt = royal_hunt(material, tropism);
        terms.to_move = if pos.side_to_move() == Color::Blue {
            1
        } else {
            -1
        };
        terms
    }
}

/// The evaluation's terms, Blue's minus Tan's (see [`Evaluator::terms`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvalTerms {
    /// Material on the board, in the value table's centipawns.
    pub material: i32,
    /// Placement at `mobility_weight` 100.
    pub placement: i32,
    /// Promotion gain of pieces in the zone, one rank short, two ranks short.
    pub zone: [i32; 3],
    /// Pieces next to the side's last royal piece.
    pub royal_guards: i32,
    /// Enemy pieces within two squares of the side's last royal piece.
    pub royal_attackers: i32,
    /// The pressure on the squares next to the side's last royal piece
    /// (`royal_window` in eval.rs).
    pub royal_zone_pressure: i32,
    /// 1 for a side with exactly two pieces, three pieces.
    pub bare_two: i32,
    pub bare_three: i32,
    /// Pieces in hand at full value.
    pub hand: i32,
    /// Squares by which the side's non-royal pieces stand closer to the enemy's last royal piece
    /// than the far side of the board, summed.
    pub royal_tropism: i32,
    /// Blue's material lead (royal pieces left out) times the share of the starting material
    /// already traded off: a lead counts for more the emptier the board.
    pub trade_down: i32,
    /// The royal tropism of the side ahead in material alone, scaled by its lead up to
    /// `HUNT_FULL_LEAD` (Blue's positive, Tan's negative).
    pub royal_hunt: i32,
    /// 1 with Blue to move, -1 with Tan.
    pub to_move: i32,
}

/// A weight of the evaluation as the lab fits it: the tunable's name, the term it multiplies,
/// and how many tunable units make one centipawn per unit of the term (100 for a percentage,
/// -1 for a penalty).
#[derive(Clone, Copy, Debug)]
pub struct FittedWeight {
    pub name: &'static str,
    pub term: fn(&EvalTerms) -> i32,
    pub units_per_centipawn: f64,
    pub current: fn(&EvalTunables) -> i32,
}

impl EvalTerms {
    /// The weights beyond material that the lab fits, each with its term.
    pub const WEIGHTS: [FittedWeight; 14] = [
        weight(
            "mobility_weight",
            |t| t.placement,
            100.0,
            |w| w.mobility_weight,
        ),
        weight(
            "promotion_share_in_zone",
            |t| t.zone[0],
            100.0,
            |w| w.promotion_share_in_zone,
        ),
        weight(
            "promotion_share_one_rank",
            |t| t.zone[1],
            100.0,
            |w| w.promotion_share_one_rank,
        ),
        weight(
            "promotion_share_two_ranks",
            |t| t.zone[2],
            100.0,
            |w| w.promotion_share_two_ranks,
        ),
        weight(
            "royal_guard_bonus",
            |t| t.royal_guards,
            1.0,
            |w| w.royal_guard_bonus,
        ),
        weight(
            "royal_attacker_penalty",
            |t| t.royal_attackers,
            -1.0,
            |w| w.royal_attacker_penalty,
        ),
        weight(
            "royal_zone_attack",
            |t| t.royal_zone_pressure,
            -1.0,
            |w| w.royal_zone_attack,
        ),
        weight(
            "bare_danger_two",
            |t| t.bare_two,
            -1.0,
            |w| w.bare_danger_two,
        ),
        weight(
            "bare_danger_three",
            |t| t.bare_three,
            -1.0,
            |w| w.bare_danger_three,
        ),
        weight("hand_share", |t| t.hand, 100.0, |w| w.hand_share),
        weight(
            "royal_tropism",
            |t| t.royal_tropism,
            100.0,
            |w| w.royal_tropism,
        ),
        weight("trade_down", |t| t.trade_down, 100.0, |w| w.trade_down),
        weight("royal_hunt", |t| t.royal_hunt, 100.0, |w| w.royal_hunt),
        weight("tempo", |t| t.to_move, 1.0, |w| w.tempo),
    ];
}

const fn weight(
    name: &'static str,
    term: fn(&EvalTerms) -> i32,
    units_per_centipawn: f64,
    current: fn(&EvalTunables) -> i32,
) -> FittedWeight {
    FittedWeight {
        name,
        term,
        units_per_centipawn,
        current,
    }
}

/// How far from `color`'s last royal piece an enemy piece may stand and still count for the
/// pressure on its neighbours: three squares (king-wise), a 7x7 window. A rider further away
/// attacks too, but reading the window is what keeps the term cheap on a 16x16 board of 184
/// pieces, and the pieces an attack is built from are the near ones.
pub const ZONE_REACH: u8 = 3;

/// What the window around a side's last royal piece holds.
struct RoyalWindow {
    /// Friendly pieces next to it.
    guards: i32,
    /// Enemy pieces within two squares of it.
    attackers: i32,
    /// The pressure on its neighbours: the enemy pieces within `ZONE_REACH` squares that attack
    /// at least one of the squares next to it with their table moves
    /// (`Position::table_attacks`), times the number of those squares they attack together.
    /// Why: the escape squares decide whether a royal piece can be caught in a game without
    /// check, and an attack is dangerous when several pieces take part: four attackers over six
    /// squares make 24, one piece eyeing one square 1.
    pressure: i32,
}

/// The window around `color`'s royal piece on `royal`, when it is the side's last one: 5x5 for
/// the guards and attackers, 7x7 when `with_pressure` asks for the pressure too (0 otherwise).
/// Read square by square: cheaper than walking both armies (this runs at every evaluation).
fn royal_window(
    pos: &Position,
    color: Color,
    royal: Option<Square>,
    with_pressure: bool,
) -> Option<RoyalWindow> {
    let k = royal.filter(|_| pos.royal_count(color) == 1)?;
    let g = &pos.variant().geometry;
    let mut zone = [k; 8];
    let mut zone_len = 0;
    if with_pressure {
        for dr in -1..=1i32 {
            for df in -1..=1i32 {
                let (file, rank) = (k.file() as i32 + df, k.rank() as i32 + dr);
                if (df, dr) != (0, 0) && g.contains(file, rank) {
                    zone[zone_len] = Square::new(file as u8, rank as u8);
                    zone_len += 1;
                }
            }
        }
    }
    let reach = if with_pressure { ZONE_REACH } else { 2 };
    let span = |centre: u8, size: u8| centre.saturating_sub(reach)..=(centre + reach).min(size - 1);
    let mut w = RoyalWindow {
        guards: 0,
        attackers: 0,
        pressure: 0,
    };
    let (mut pressing, mut attacked) = (0, 0u32);
    for rank in span(k.rank(), g.height) {
        for file in span(k.file(), g.width) {
            let sq = Square::new(file, rank);
            let Some(p) = pos.piece_at(sq) else {
                continue;
            };
            let ring = (file.abs_diff(k.file())).max(rank.abs_diff(k.rank()));
            if p.color == color {
                w.guards += (ring == 1) as i32;
                continue;
            }
            w.attackers += (ring <= 2) as i32;
            if with_pressure {
                let hits = pos.table_attacks(sq, &zone[..zone_len]);
                pressing += (hits != 0) as i32;
                attacked |= hits;
            }
        }
    }
    w.pressure = pressing * attacked.count_ones() as i32;
    Some(w)
}

/// Each side's non-royal pieces' squares, gathered by `evaluate`'s one walk of the piece lists,
/// so that the royal tropism (both sides', and the leader's again for the hunt) walks no list
/// again: on Jupiter's 16x16 board of 184 pieces those walks were a seventh of the search's time.
struct NonRoyalSquares {
    squares: [[Square; 256]; 2],
    len: [usize; 2],
}

impl NonRoyalSquares {
    fn new() -> NonRoyalSquares {
        NonRoyalSquares {
            squares: [[Square(0); 256]; 2],
            len: [0; 2],
        }
    }

    #[inline(always)]
    fn push(&mut self, side: usize, sq: Square) {
        // A side has at most 256 pieces (one per cell of the largest board), and `Position`'s
        // lists hold no more.
        self.squares[side][self.len[side]] = sq;
        self.len[side] += 1;
    }

    /// `royal_tropism` of side `side` towards the enemy's last royal piece `target` (None where
    /// the enemy has none or several), from the gathered squares.
    fn tropism(&self, side: usize, target: Option<Square>, variant: &Variant) -> i32 {
        let Some(k) = target else {
            return 0;
        };
        let reach = tropism_reach(variant);
        self.squares[side][..self.len[side]]
            .iter()
            .map(|&sq| reach - sq.king_distance(k) as i32)
            .sum()
    }
}

/// The board's longer side less one: the royal tropism of a piece as far as a piece can stand.
fn tropism_reach(variant: &Variant) -> i32 {
    let g = &variant.geometry;
    g.width.max(g.height) as i32 - 1
}

/// How close `color`'s non-royal pieces stand to the enemy royal piece on `enemy_royal`, when it
/// is the enemy's last one: per piece, the board's longer side less one, less its king-wise
/// distance to it (0 from the far side of the board, more the nearer).
fn royal_tropism(pos: &Position, color: Color, enemy_royal: Option<Square>) -> i32 {
    let Some(k) = enemy_royal.filter(|_| pos.royal_count(color.other()) == 1) else {
        return 0;
    };
    let reach = tropism_reach(pos.variant());
    pos.side_pieces(color)
        .filter(|(p, _)| !pos.variant().is_royal(p.code()))
        .map(|(_, sq)| reach - sq.king_distance(k) as i32)
        .sum()
}

/// Blue's material lead times the share of the starting material (`start`) no longer on the
/// board: `(blue - tan) * (start - blue - tan) / start`. Equal trades raise it for the side ahead,
/// which is how a lead becomes a win (a bared or overrun opponent) rather than a standoff.
fn trade_down(material: [i32; 2], start: i32) -> i32 {
    let gone = (start - material[0] - material[1]).max(0) as i64;
    ((material[0] - material[1]) as i64 * gone / start as i64) as i32
}

/// The material lead (centipawns, royal pieces left out) at which the royal hunt is at full
/// strength: a smaller lead drives proportionally less.
pub const HUNT_FULL_LEAD: i32 = 1_000;

/// The side ahead in material drives its pieces towards the enemy's last royal piece: its royal
/// tropism times `min(lead, HUNT_FULL_LEAD) / HUNT_FULL_LEAD`, positive when Blue leads. The side
/// behind gets nothing, so it keeps its pieces home; an even game gets nothing at all. Why: a side
/// far ahead in Jupiter otherwise trades for hundreds of plies and never goes after the King.
/// `tropism` is each side's royal tropism, by colour index.
fn royal_hunt(material: [i32; 2], tropism: [i32; 2]) -> i32 {
    let lead = material[0] - material[1];
    let (hunter, sign) = match lead {
        0 => return 0,
        l if l > 0 => (Color::Blue, 1),
        _ => (Color::Tan, -1),
    };
    let tropism = tropism[hunter.index()] as i64;
    let share = lead.abs().min(HUNT_FULL_LEAD) as i64;
    sign * (tropism * share / HUNT_FULL_LEAD as i64) as i32
}

/// `color`'s piece count when one or two more losses would bare it (2 or 3), in the games where
/// a lone piece loses; 0 otherwise.
fn bare_danger(pos: &Position, color: Color) -> usize {
    match pos.piece_count(color) {
        n @ (2 | 3) if !pos.variant().powers => n,
        _ => 0,
    }
}
