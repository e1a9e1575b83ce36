//! A naive second move generator for Jupiter (Adrian King, 16x16), used only by tests: the 2009
//! revision (`jupiter`) and the game as first published in 1999 (`jupiter-1999`), chosen by the
//! board's `Edition`.
//!
//! Written from the rules texts (shared/seeds/003_*.txt, the 2009 revision, and 000_*.txt, the 1999
//! original) and docs/rules/jupiter.md, sharing nothing with the library's move generation: the
//! board is a plain 16x16 array of `(Color, abbreviation)`, every piece's powers are spelled out in
//! `pieces.rs` (plain vector lists) and `moves.rs` (small walks for everything else), and a turn is
//! represented only by its effect: the square of the acting piece and the board after the whole
//! turn (captures, promotions, conversions, burning and poison done, side to move switched).
//!
//! The 1999 edition follows the second half of docs/rules/jupiter.md ("Jupiter as first published
//! (1999)"); everything that document does not list as a difference is the 2009 code.
//!
//! Files: `pieces.rs` the table, `moves.rs` one piece's own moves (one part of a turn),
//! `turns.rs` relays, doubling, immobilization, poison and burning, the assembled turns.
#![allow(dead_code, unused_imports)]

use jovian_rules::{Color, Position, Setup, Square, Variant, WinReason};

mod moves;
mod pieces;
mod special;
mod turns;

pub use moves::{
    CAPTURE as TAG_CAPTURE, CONVERT as TAG_CONVERT, DOUBLED as TAG_DOUBLED,
    KAMIKAZE as TAG_KAMIKAZE, OFF_BOARD as TAG_OFF_BOARD, PASS as TAG_PASS,
    PROMOTION as TAG_PROMOTION, RELAYED as TAG_RELAYED, ROYALIST as TAG_ROYALIST, SWAP as TAG_SWAP,
    TAG_NAMES, TELEPORT as TAG_TELEPORT,
};
pub use pieces::{ALL_TYPES, is_promoted, is_royal, promotes_to};
pub use turns::{
    Detail, burnt_squares, doubled, immobilized, poisonous_squares, pseudo_turns, turns_in_detail,
};

/// Which edition's rules a board is played by (docs/rules/jupiter.md).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub enum Edition {
    /// The 2009 revision: variant `jupiter`.
    #[default]
    J2009,
    /// The game as first published in 1999: variant `jupiter-1999`.
    J1999,
}

impl Edition {
    /// The edition of a library variant (`jupiter` or `jupiter-1999`).
    pub fn of_variant(v: &Variant) -> Edition {
        match v.id {
            "jupiter" => Edition::J2009,
            id if id.starts_with("jupiter") && id.contains("1999") => Edition::J1999,
            id => panic!("{id} is not a Jupiter variant"),
        }
    }
}

/// Board size.
pub const N: i8 = 16;
/// A square as (file, rank), both from 0: a1 = (0, 0), p16 = (15, 15).
pub type Sq = (i8, i8);
pub type Cell = Option<(Color, &'static str)>;
/// One legal turn: the acting piece's square and the board the whole turn leaves.
pub type Effect = (Sq, Board);

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Board {
    /// `cells[rank][file]`.
    pub cells: [[Cell; 16]; 16],
    pub side: Color,
    /// The rules the board is played by (kept by every turn).
    pub edition: Edition,
}

pub fn on(sq: Sq) -> bool {
    (0..N).contains(&sq.0) && (0..N).contains(&sq.1)
}

pub fn add(a: Sq, b: Sq) -> Sq {
    (a.0 + b.0, a.1 + b.1)
}

/// "c4" for (2, 3).
pub fn name(sq: Sq) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
}

/// (2, 3) for "c4".
pub fn sq(text: &str) -> Sq {
    let b = text.as_bytes();
    let file = (b[0] - b'a') as i8;
    let rank: i8 = text[1..].parse().expect("a square name");
    assert!(on((file, rank - 1)), "{text} is not on the board");
    (file, rank - 1)
}

impl Board {
    /// An empty board with `side` to move (2009 rules).
    pub fn empty(side: Color) -> Board {
        Board {
            cells: [[None; 16]; 16],
            side,
            edition: Edition::J2009,
        }
    }
    /// The same board played by the rules of `edition`.
    pub fn with_edition(mut self, edition: Edition) -> Board {
        self.edition = edition;
        self
    }
    /// A board from (square name, owner, abbreviation) triples.
    pub fn with(side: Color, pieces: &[(&str, Color, &'static str)]) -> Board {
        let mut b = Board::empty(side);
        for &(s, c, t) in pieces {
            assert!(ALL_TYPES.contains(&t), "{t} is not a Jupiter piece");
            b.put(s, c, t);
        }
        b
    }
    pub fn at(&self, sq: Sq) -> Cell {
        if on(sq) {
            self.cells[sq.1 as usize][sq.0 as usize]
        } else {
            None
        }
    }
    pub fn set(&mut self, sq: Sq, c: Cell) {
        self.cells[sq.1 as usize][sq.0 as usize] = c;
    }
    /// Puts a piece on a named square.
    pub fn put(&mut self, s: &str, c: Color, t: &'static str) {
        self.set(sq(s), Some((c, t)));
    }
    /// Empties a named square.
    pub fn clear(&mut self, s: &str) {
        self.set(sq(s), None);
    }
    /// The piece on a named square.
    pub fn get(&self, s: &str) -> Cell {
        self.at(sq(s))
    }
    pub fn squares() -> impl Iterator<Item = Sq> {
        (0..N).flat_map(|r| (0..N).map(move |f| (f, r)))
    }
    pub fn count(&self, c: Color) -> usize {
        Board::squares()
            .filter(|&s| matches!(self.at(s), Some((o, _)) if o == c))
            .count()
    }
    pub fn royals(&self, c: Color) -> usize {
        Board::squares()
            .filter(|&s| matches!(self.at(s), Some((o, t)) if o == c && is_royal(t)))
            .count()
    }
    /// The board of a library position, played by the edition of its variant.
    pub fn from_position(pos: &Position) -> Board {
        let v = pos.variant();
        let mut b = Board::empty(pos.side_to_move()).with_edition(Edition::of_variant(v));
        for (color, kind, s) in pos.pieces() {
            let t = v.abbr(kind);
            // The 2009 table's abbreviations, case-sensitive (`DE` Drunk Elephant, `De` Dervish);
            // `jupiter-1999` uses the same ones.
            let t = ALL_TYPES
                .iter()
                .copied()
                .find(|&x| x == t)
                .unwrap_or_else(|| panic!("{t} is not an abbreviation of the 2009 table"));
            b.set((s.file() as i8, s.rank() as i8), Some((color, t)));
        }
        b
    }
    pub fn to_position(&self, v: &'static Variant) -> Position {
        let mut pieces = Vec::new();
        for s in Board::squares() {
            if let Some((c, a)) = self.at(s) {
                pieces.push((
                    c,
                    v.kind_by_abbr(a)
                        .unwrap_or_else(|| panic!("{a}: no such type")),
                    Square::new(s.0 as u8, s.1 as u8),
                ));
            }
        }
        Position::from_setup(&Setup {
            variant: v,
            pieces,
            to_move: self.side,
            chess: None,
        })
        .expect("a valid position")
    }
}

impl std::fmt::Display for Board {
    /// Blue in upper case as written, Tan prefixed with `'`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in (0..N).rev() {
            write!(f, "{:>2} ", r + 1)?;
            for file in 0..N {
                match self.at((file, r)) {
                    Some((Color::Blue, a)) => write!(f, "{a:<5}")?,
                    Some((Color::Tan, a)) => write!(f, "{:<5}", format!("'{a}"))?,
                    None => write!(f, ".    ")?,
                }
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for file in 0..N {
            write!(f, "{:<5}", (b'a' + file as u8) as char)?;
        }
        writeln!(f)?;
        match self.edition {
            Edition::J2009 => writeln!(f, "{:?} to move", self.side),
            Edition::J1999 => writeln!(f, "{:?} to move (1999 rules)", self.side),
        }
    }
}

/// The end decided by the pieces alone (texts' victory conditions 1 and 2): a side without royal
/// pieces, or reduced to a single piece, has lost. The side to move is examined first, so when one
/// turn leaves both sides lost the side that made it wins (docs/rules/jupiter.md).
pub fn material_outcome(b: &Board) -> Option<(Color, WinReason)> {
    for loser in [b.side, b.side.other()] {
        if b.royals(loser) == 0 {
            return Some((loser.other(), WinReason::RoyalCaptured));
        }
        if b.count(loser) <= 1 {
            return Some((loser.other(), WinReason::Bared));
        }
    }
    None
}

/// Every legal turn of the side to move (no repetition rule: see `RefGame`); none once the game is
/// decided by the pieces.
pub fn legal_turns(b: &Board) -> std::collections::BTreeSet<Effect> {
    if material_outcome(b).is_some() {
        return Default::default();
    }
    pseudo_turns(b)
}

/// The game's end on this board, without history: material, or no legal turn.
pub fn outcome(b: &Board) -> Option<(Color, WinReason)> {
    material_outcome(b).or_else(|| {
        legal_turns(b)
            .is_empty()
            .then_some((b.side.other(), WinReason::NoLegalMove))
    })
}

/// A game with its history: a turn that would make a position (board and side to move) occur a
/// third time is illegal. Positions count from the last irreversible turn (a capture or any other
/// removal, a promotion, a Tribble's birth): earlier ones can never recur, except across a birth,
/// which docs/rules/jupiter.md makes the start of a new window.
#[derive(Clone, Debug)]
pub struct RefGame {
    pub board: Board,
    /// The positions of the current window, the current one last.
    pub history: Vec<Board>,
}

impl RefGame {
    pub fn new(board: Board) -> RefGame {
        RefGame {
            history: vec![board.clone()],
            board,
        }
    }
    pub fn legal(&self) -> std::collections::BTreeSet<Effect> {
        legal_turns(&self.board)
            .into_iter()
            .filter(|(_, after)| self.allows(after))
            .collect()
    }
    /// Whether a turn leaving `after` keeps to the repetition rule.
    pub fn allows(&self, after: &Board) -> bool {
        self.history.iter().filter(|h| *h == after).count() < 2
    }
    pub fn outcome(&self) -> Option<(Color, WinReason)> {
        material_outcome(&self.board).or_else(|| {
            self.legal()
                .is_empty()
                .then_some((self.board.side.other(), WinReason::NoLegalMove))
        })
    }
    /// Plays the turn that leaves `after` (which must be one of `legal()`).
    pub fn play(&mut self, after: Board) {
        let details = turns_in_detail(&self.board);
        let found: Vec<&Detail> = details.iter().filter(|d| d.after == after).collect();
        assert!(
            !found.is_empty(),
            "not a turn of this position:\n{}\nfrom\n{}",
            after,
            self.board
        );
        let irreversible = found.iter().any(|d| d.irreversible);
        self.play_known(after, irreversible);
    }
    /// Plays a turn whose irreversibility the caller already knows (from its `Detail`).
    pub fn play_known(&mut self, after: Board, irreversible: bool) {
        if irreversible {
            self.history.clear();
        }
        self.history.push(after.clone());
        self.board = after;
    }
}
