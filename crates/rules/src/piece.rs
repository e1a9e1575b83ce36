//! Piece types: the declarative entry a game's table is made of, and the named hooks for moves no
//! Betza atom expresses.

use serde::{Deserialize, Serialize};

use crate::betza::Mode;
use crate::geometry::Color;
use crate::leak;

/// Index of a piece type in its variant's table.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct PieceKind(pub u8);

/// A piece: a type and an owner.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub kind: PieceKind,
    pub color: Color,
}

/// The content of a mailbox cell: `EMPTY`, `OFFBOARD`, or a piece code.
pub type Code = u16;
pub const EMPTY: Code = 0;
pub const OFFBOARD: Code = Code::MAX;

impl Piece {
    pub const fn new(kind: PieceKind, color: Color) -> Piece {
        Piece { kind, color }
    }
    /// The code stored in the mailbox: never `EMPTY` or `OFFBOARD`.
    #[inline]
    pub const fn code(self) -> Code {
        1 + (self.kind.0 as Code) * 2 + self.color as Code
    }
    #[inline]
    pub const fn from_code(code: Code) -> Piece {
        let c = code - 1;
        Piece {
            kind: PieceKind((c >> 1) as u8),
            color: if c & 1 == 0 { Color::Blue } else { Color::Tan },
        }
    }
}

/// The colour bit of a piece code (no check for EMPTY / OFFBOARD).
#[inline]
pub const fn code_color_index(code: Code) -> usize {
    ((code - 1) & 1) as usize
}

/// Which lines around a square a hook works along.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Lines {
    Orthogonal,
    Diagonal,
    Queen,
}

impl Lines {
    pub const fn vectors(self) -> &'static [(i8, i8)] {
        const ORTHO: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        const DIAG: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
        const QUEEN: [(i8, i8); 8] = [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (-1, 1),
            (1, -1),
            (-1, -1),
        ];
        match self {
            Lines::Orthogonal => &ORTHO,
            Lines::Diagonal => &DIAG,
            Lines::Queen => &QUEEN,
        }
    }
}

/// How a relaying piece lends powers to friendly pieces.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum RelayKind {
    /// Scirocco's Dervish: an adjacent friend may leap to the square on the opposite side of the
    /// Dervish (as D or A), and an orthogonally adjacent friend may step diagonally around it (as F)
    /// to a square orthogonally adjacent to the Dervish. Moves and captures.
    Dervish,
    /// Scirocco's Harpy: a friend on an open queen line 1 to 3 steps away may move or capture as a
    /// Knight.
    Harpy,
    /// Jupiter's Dervish (2009 table): a friend on any of the eight neighbouring squares may make any
    /// Firzan step or Dabbaba or Alfil leap that lands next to the Dervish (docs/rules/jupiter.md).
    DervishWide,
    /// Relay Wazir: neighbouring friends may move or capture one step orthogonally.
    Wazir,
    /// Relay Firzan: neighbouring friends may move or capture one step diagonally.
    Firzan,
    /// Zoom: friends on open queen lines from the Zoom may move (not capture) like a Queen.
    Zoom,
    /// The 1999 Dervish: a neighbouring friend may leap over it to the square on the opposite side,
    /// moving or capturing.
    DervishLeap,
    /// The 1999 Harpy: friends a Knight's leap away from it may move or capture as a Knight.
    HarpyKnight,
    /// The 1999 Teleporter: a friend next to it may move to the square with the same offset from a
    /// friendly royal piece, and a friend next to a friendly royal piece to the square with the
    /// same offset from the Teleporter; to empty squares only.
    Teleporter,
}

/// Moves that no Betza atom expresses; each has one small generator in `movegen::special`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Special {
    /// One step along `first` (may stop there only if `first_mode` allows), then a ride along
    /// `then`, restricted to the directions that lead away from the start square (positive
    /// projection on the first step): the Octopus (F then R), the Spider (W then B).
    Bent {
        first: Lines,
        first_mode: Mode,
        then: Lines,
    },
    /// Leap over an adjacent enemy on `Lines`, capturing it, to the empty square just beyond
    /// (the Zig over diagonal neighbours, the Zag over orthogonal ones).
    HopCapture(Lines),
    /// Capture an adjacent enemy on `Lines` without moving ("igui", the Genie).
    Igui(Lines),
    /// Lend powers to friendly pieces.
    Relay(RelayKind),
    /// Typhoon's hooks. Vectors are Blue's (forward = +y), rotated for Tan like Betza atoms.
    ///
    /// Capture the enemy on one of these squares without moving (the Horned Owl's and Diving
    /// Osprey's forward igui; `Igui(Lines)` is the all-round form).
    IguiAt(#[serde(deserialize_with = "leak::vectors")] &'static [(i8, i8)]),
    /// Leap over an adjacent enemy at one of these vectors, capturing it, to the square just beyond,
    /// which may be empty or hold a second enemy, also captured (Parrot, Raven, and the forward parts
    /// of the Horned Owl and Diving Osprey).
    DoubleHop(#[serde(deserialize_with = "leak::vectors")] &'static [(i8, i8)]),
    /// Pass the turn (Parrot, Raven, Horned Owl, Diving Osprey).
    Pass,
    /// Pass the turn by stepping to an empty square at one of these vectors and back: only where
    /// one of them is empty (Chu Shogi's Lion, "jitto").
    PassVia(#[serde(deserialize_with = "leak::vectors")] &'static [(i8, i8)]),
    /// Convert, without moving, an enemy on one of these squares (the Cuckoo; the square between
    /// for a two-step vector is ignored).
    Convert(#[serde(deserialize_with = "leak::vectors")] &'static [(i8, i8)]),
    /// Exchange places with any piece on one of these squares (the Hummingbird).
    Swap(#[serde(deserialize_with = "leak::vectors")] &'static [(i8, i8)]),
    /// Slide along `lines` 2 to `max` squares, hopping one or more pieces of either side on the way
    /// (not captured), to an empty square or onto an enemy (the Cicada).
    Hopper { lines: Lines, max: u8 },
    /// A line-capturing slide; see `LineKind`.
    Line(LineKind),
    /// Capture the first piece met on each queen line, at any distance, if it is an enemy,
    /// without moving (the Emperor of Emperors' shooting).
    Shoot,

    // ---- Jupiter's hooks (generators in `movegen/jupiter.rs`) ----
    /// A bent path of two straight legs: `Hook` describes it (Hooklet, Great Hook, Capricorn, Eye,
    /// Yew). Moves and captures; blocked by any piece; stops on a capture.
    Hook(Hook),
    /// Alternating steps in two perpendicular directions of `Lines`, any number (Boyscout:
    /// diagonal, Girlscout: orthogonal); blocked by any piece, stops on a capture.
    Zigzag(Lines),
    /// A King step, then, from an empty square, a second King step anywhere but back to the start
    /// (the Hawklet's area move); stops on a capture.
    TwoSteps,
    /// Ride along each vector to the first piece, then land one vector beyond it, on an empty square
    /// or an enemy (the Grasshopper in the Hippogriff on queen lines, the Nightriderhopper in the
    /// Werewolf on Knight lines).
    Grasshopper(#[serde(deserialize_with = "leak::vectors")] &'static [(i8, i8)]),
    /// Any number of consecutive queen-line grasshopper hops, changing direction at will, stopping
    /// on a capture (the Halmopper). With `limited_doubling` (2009), a doubled Halmopper may go on
    /// to a second part only after a step or a single capturing hop.
    GrasshopperChain { limited_doubling: bool },
    /// A cannon: along `lines`, hop exactly one piece of either side; `Mode::Capture` lands on the
    /// first piece beyond it if it is an enemy (Queen Cannon, Blunderbuss), `Mode::Move` on any empty
    /// square beyond before the next piece (Crossbow). `max` limits the whole distance (0 = none).
    Cannon { lines: Lines, max: u8, mode: Mode },
    /// The Bishop and Rook Generals' jumping capture along `lines`: hop one or more pieces, none of
    /// them royal or a General, to capture the first piece after them, if it is an enemy and
    /// neither royal nor a General.
    GeneralCapture(Lines),
    /// Capture an enemy on a `first` vector, then step from its square as `second` says, to an empty
    /// square or onto a second enemy (Toucan, Crow, King Lion, Tiger Horse).
    LionCapture {
        #[serde(deserialize_with = "leak::vectors")]
        first: &'static [(i8, i8)],
        second: SecondStep,
    },
    /// A capture-by-arrival power: the move's victims include the pieces this finds around the
    /// arrival square (Fiery Dragon, Intertaker, Coordinator, Communist). Applies to every move the
    /// piece makes under its own power.
    Arrival(ArrivalKind),
    /// Leap from anywhere to a square next to a friendly royal piece, capturing whatever stands
    /// there, friend or foe (the Royalist). With `may_stay` (1999), its own square counts too when
    /// it is next to a friendly royal piece: a pass.
    RoyalLeap { may_stay: bool },
    /// Exchange places with any friendly piece on the board (the 2009 Teleporter).
    SwapFriend,
    /// Pull an enemy standing `min..=max` steps away on an open queen line one step closer (the
    /// Come Here); the puller does not move.
    Pull { min: u8, max: u8 },
    /// Push an enemy standing `1..=max` steps away on an open queen line one step farther, onto an
    /// empty square (the Go Away); the pusher does not move.
    Repel { max: u8 },
    /// Step along `lines` onto a friend and push it (and at most one friend behind it) one step on;
    /// the last pushed piece may capture an enemy there (the Ox Tank, Dragon Tank). With
    /// `off_board` (1999), the last pushed piece may be pushed off the board, leaving the game.
    TankPush { lines: Lines, off_board: bool },
    /// Create a new piece of the same type and side on an empty square at one of these vectors
    /// (the Tribble's reproduction).
    Create(#[serde(deserialize_with = "leak::vectors")] &'static [(i8, i8)]),

    // ---- The 12x8 game's exotic powers: code of its layer (`position/larger`), so a file names
    // them only with `layer = "larger-board"`; each names the piece that has it
    // (`layer_kinds::LayerKinds`). ----
    /// A Halfling: a Queen's move over half the distance to the edge (rounded up), capturing in
    /// its own way.
    Halfling(HalflingCapture),
    /// The Wizard: a Ferz step or a mirror move then a Wazir step, swapping with enemies;
    /// bewitches the enemies orthogonally beside it; a Pawn that takes it becomes a Golem.
    Wizard,
    /// The Elephant: turns round its own King; never captures.
    Elephant,
    /// The Assassin: never moves, shoots adjacent enemies (also en passant); a Pawn may promote
    /// to it on a square where it gives check.
    Assassin,
    /// The Thunder: explodes where it appears, taking every piece but a King on and around its
    /// square; a Pawn may promote to it while the Kings see each other.
    Thunder,
    /// One part of the two-square Golem, whose other part stands the given way from it.
    Golem(GolemPart),
}

impl Special {
    /// Whether this is one of the 12x8 layer's exotic powers (`layer = "larger-board"`).
    pub fn is_power_hook(&self) -> bool {
        matches!(
            self,
            Special::Halfling(_)
                | Special::Wizard
                | Special::Elephant
                | Special::Assassin
                | Special::Thunder
                | Special::Golem(_)
        )
    }
}

/// How a Halfling captures (`Special::Halfling`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum HalflingCapture {
    /// Jumps single enemies on its line, like a Draughts King.
    Leaper,
    /// Takes an orthogonally adjacent enemy held against a friend (custodian).
    Pincer,
    /// Takes the enemy it stops in front of (approach).
    Advancer,
    /// Takes the enemy it moves directly away from (withdrawal).
    Withdrawer,
}

/// Where a Golem part's other part stands (`Special::Golem`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum GolemPart {
    NorthEast,
    NorthWest,
    SouthEast,
    SouthWest,
}

impl GolemPart {
    pub const ALL: [GolemPart; 4] = [
        GolemPart::NorthEast,
        GolemPart::NorthWest,
        GolemPart::SouthEast,
        GolemPart::SouthWest,
    ];

    /// (dx, dy) toward the other part, in White's frame.
    pub const fn toward_partner(self) -> (i8, i8) {
        match self {
            GolemPart::NorthEast => (1, 1),
            GolemPart::NorthWest => (-1, 1),
            GolemPart::SouthEast => (1, -1),
            GolemPart::SouthWest => (-1, -1),
        }
    }

    /// The part whose other part stands at (dx, dy).
    pub const fn with_partner_at(dx: i8, dy: i8) -> GolemPart {
        match (dx > 0, dy > 0) {
            (true, true) => GolemPart::NorthEast,
            (false, true) => GolemPart::NorthWest,
            (true, false) => GolemPart::SouthEast,
            (false, false) => GolemPart::SouthWest,
        }
    }
}

/// A two-leg bent path (see `Special::Hook`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hook {
    /// Directions of the first leg (Blue's frame).
    #[serde(deserialize_with = "leak::vectors")]
    pub first: &'static [(i8, i8)],
    /// Most steps of the first leg (0 = unlimited).
    pub first_max: u8,
    /// The turn may be made only after exactly this many first-leg steps (0 = after any number).
    pub turn_after: u8,
    /// Directions of the second leg: `None` = the two perpendicular to the first leg; `Some(v)` =
    /// those of `v` perpendicular to the first leg (the Yew turns forward only).
    #[serde(default, deserialize_with = "leak::optional_vectors")]
    pub second: Option<&'static [(i8, i8)]>,
    /// Most steps of the second leg (0 = unlimited).
    pub second_max: u8,
}

/// The second step of a `LionCapture`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SecondStep {
    /// Any King step, back to the start included (then the move is an igui capture).
    King,
    /// Any Wazir step.
    Wazir,
    /// A step of the first step's kind turned 90 degrees either way.
    Perpendicular,
    /// The first step again, on along the same line, or back to the start (then the move is an
    /// igui capture): the one-direction Lion power of Chu Shogi's Horned Falcon and Soaring Eagle.
    Straight,
}

/// Who a capture-by-arrival power takes (`Special::Arrival`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ArrivalKind {
    /// Every enemy next to the arrival square (the Fiery Dragon's approach).
    Fiery,
    /// Every enemy next to the arrival square with a friend right beyond it (the Intertaker).
    Custodian,
    /// Every enemy on the arrival rank and a friendly royal piece's file, or on the arrival file
    /// and a friendly royal piece's rank (the Coordinator).
    Coordinator,
    /// Every promoted piece of either side next to the arrival square (the Communist).
    Communist,
}

/// Powers that act on other pieces without being moves (`PieceSpec::latent`), read by move
/// generation and `make` for every piece, never as special cases per piece. Bit flags.
pub mod latent {
    /// Adjacent enemies cannot move under their own power except by self-capture (Immobilizer).
    pub const IMMOBILIZES: u8 = 1;
    /// Permanently poisonous (Deadly Nightshade).
    pub const POISONOUS: u8 = 2;
    /// Poisons the first piece on each open queen line (Poisoner).
    pub const POISONER: u8 = 4;
    /// Doubles the first piece on each open queen line (Doubler).
    pub const DOUBLER: u8 = 8;
    /// Burns the neighbouring squares for its enemies and is never immobilized (Fiery Dragon).
    pub const BURNS: u8 = 16;
    /// Removed with its own capture when it captures under its own power (Kamikaze).
    pub const KAMIKAZE: u8 = 32;
    /// Cannot be hopped or captured by a General's jumping capture (the Generals themselves).
    pub const GENERAL: u8 = 64;
    /// With `KAMIKAZE`: removed after a capture made with a relayed power too (the 1999 Kamikaze).
    pub const KAMIKAZE_RELAYED: u8 = 128;
}

/// Typhoon's moves along the 8 queen lines that no Betza ride expresses, because what happens at
/// the end depends on the squares beyond or around it. Each has one generator in
/// `movegen/special.rs`; the captures ones make `MoveKind::LineCapture` moves.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum LineKind {
    /// Queen up to 3 steps that captures every enemy it passes and may stop on an enemy; stopped
    /// by a friend (the Typhoon).
    Typhoon,
    /// The same along orthogonal lines only (the 1999 Typhoon: "F + A + R3; need not stop when it
    /// makes a capture orthogonally").
    TyphoonRook,
    /// Ultima's Longleaper: jumps enemies each followed by an empty square, landing on any empty
    /// square after the last victim.
    Longleaper,
    /// A non-capturing slide of `LineReach` to an empty square; the enemy just beyond and all
    /// contiguous enemies behind it on the line are captured (the Sorcerer).
    Sorcerer(LineReach),
    /// A non-capturing slide of `LineReach` to an empty square; an enemy just beyond on the line is
    /// converted (the Missionary). A `Convert` move, or a `Normal` one when nothing is beyond.
    Missionary(LineReach),
    /// One step to an empty square; an enemy just behind on the line is captured by withdrawal
    /// (the Undertaker). A `HopCapture` move (victim on `aux[0]`), else `Normal`.
    Undertaker,
    /// Queen 2 to 4 steps over empty squares, without capturing, to a square next to a friend
    /// (the Salamander's long move).
    Salamander,
    /// One step to an empty square; an enemy just beyond on the line is captured by approach
    /// (the Neartaker).
    Neartaker,
    /// Queen any distance over empty squares; an enemy right behind the start square on the line
    /// is captured by withdrawal (the Withdrawer).
    Withdrawer,
}

/// How far a `LineKind::Sorcerer` or `Missionary` slides, orthogonally and diagonally.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineReach {
    pub orthogonal: u8,
    pub diagonal: u8,
}

impl LineReach {
    /// Queen up to two squares (Typhoon's and the 2009 Jupiter's Sorcerer and Missionary).
    pub const QUEEN_2: LineReach = LineReach {
        orthogonal: 2,
        diagonal: 2,
    };
    /// One step orthogonally or up to two diagonally ("W + B2", the 1999 Jupiter's).
    pub const WAZIR_BISHOP_2: LineReach = LineReach {
        orthogonal: 1,
        diagonal: 2,
    };
    /// The reach along `step`, one of `movegen::QUEEN_STEPS` (orthogonal first).
    pub const fn along(self, orthogonal: bool) -> u8 {
        if orthogonal {
            self.orthogonal
        } else {
            self.diagonal
        }
    }
}

/// One declarative entry of a piece table.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceSpec {
    pub name: &'static str,
    /// The abbreviation exactly as the source text writes it (case-sensitive).
    pub abbr: &'static str,
    /// Betza movement string for the plain part of the move (see `betza`).
    pub betza: &'static str,
    pub specials: Vec<Special>,
    pub royal: bool,
    /// Abbreviation of the promoted type, if the piece promotes.
    pub promotes_to: Option<&'static str>,
    /// Further types it may choose to promote to, after `promotes_to` (a chess Pawn's Queen,
    /// Rook, ...); empty for a piece with one promoted type.
    pub also_promotes_to: Vec<&'static str>,
    /// Abbreviation of the type it may turn into after any of its own moves, or instead of
    /// moving (a flip piece, like the 12x8 game's Can(n)on between Rook-wise and Bishop-wise).
    pub flips_to: Option<&'static str>,
    /// The abbreviations of the only types that may capture it (the 12x8 game's Elephant: the
    /// King and the Pawn); empty for a piece any enemy may take. Never a royal piece's.
    pub captured_only_by: Vec<&'static str>,
    /// No enemy cannon (the `cannon` hook) may hop over it; a friend's may (the 12x8 game's
    /// Elephant: "an enemy Can(n)on may not hop over it").
    pub unhoppable: bool,
    /// A pawn's multi-step advance and en passant (`chess_rules::PawnPowers`); a piece with them
    /// is a pawn for the fifty-move rule.
    pub pawn: Option<crate::chess_rules::PawnPowers>,
    /// True for types that only arise by promotion (drawn with a mark on the board).
    pub promoted: bool,
    /// Latent powers (`latent::*` bits): the Immobilizer's paralysis, poison, doubling, burning,
    /// the Kamikaze's self-capture. Read by move generation and `make` for the *other* pieces.
    pub latent: u8,
    /// Other spellings accepted when reading (never written): `DEl` for `DE`, `Der` for `De`.
    pub aliases: &'static [&'static str],
    /// Its captures by other means than displacement (approach, withdrawal, custodian,
    /// coordination, the Communist's, the Fiery Dragon's approach, the Sorcerer's line) and the
    /// Missionary's conversion are optional: each such move is also listed without them.
    pub optional_capture: bool,
    /// A variant file's estimate of the type's worth in centipawns (a Pawn 100), for the engine.
    /// Not a rule: the built-in games keep their values in the engine's tables, and a file that
    /// gives none has its types valued there too (from a built-in game's same type, or from the
    /// movement).
    pub value: Option<i32>,
    /// The move in the project's own words, for legends and help.
    pub description: &'static str,
}

impl PieceSpec {
    pub fn new(name: &'static str, abbr: &'static str, betza: &'static str) -> PieceSpec {
        PieceSpec {
            name,
            abbr,
            betza,
            specials: Vec::new(),
            royal: false,
            promotes_to: None,
            also_promotes_to: Vec::new(),
            flips_to: None,
            captured_only_by: Vec::new(),
            unhoppable: false,
            pawn: None,
            promoted: false,
            latent: 0,
            aliases: &[],
            optional_capture: false,
            value: None,
            description: "",
        }
    }
    pub fn promotes_to(mut self, abbr: &'static str) -> Self {
        self.promotes_to = Some(abbr);
        self
    }
    pub fn promoted(mut self) -> Self {
        self.promoted = true;
        self
    }
    pub fn immobilizer(mut self) -> Self {
        self.latent |= latent::IMMOBILIZES;
        self
    }
    /// Adds latent power bits (`latent::*`).
    pub fn latent(mut self, bits: u8) -> Self {
        self.latent |= bits;
        self
    }
    /// Other spellings of the abbreviation accepted when reading.
    pub fn aliases(mut self, aliases: &'static [&'static str]) -> Self {
        self.aliases = aliases;
        self
    }
    /// Makes its non-displacement captures optional (see `optional_capture`).
    pub fn optional_capture(mut self) -> Self {
        self.optional_capture = true;
        self
    }
    pub fn royal(mut self) -> Self {
        self.royal = true;
        self
    }
    pub fn with(mut self, special: Special) -> Self {
        self.specials.push(special);
        self
    }
    pub fn describe(mut self, text: &'static str) -> Self {
        self.description = text;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for k in 0..=200u8 {
            for c in Color::BOTH {
                let p = Piece::new(PieceKind(k), c);
                assert_ne!(p.code(), EMPTY);
                assert_ne!(p.code(), OFFBOARD);
                assert_eq!(Piece::from_code(p.code()), p);
                assert_eq!(code_color_index(p.code()), c.index());
            }
        }
    }
}
