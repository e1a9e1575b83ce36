//! Board geometry: squares, the padded mailbox, directions, square names.
//!
//! Every board up to 16x16 shares one mailbox layout: a 22x22 array whose outer 3-cell frame is
//! off-board, so any leap up to (3,3) from a real square stays inside the array and move generation
//! never tests coordinates, only the sentinel.

use std::fmt;

/// Largest number of files or ranks a board may have.
pub const MAX_SIDE: u8 = 16;
/// Width of the off-board frame: the longest leap component in any of our games is 3.
pub const PAD: usize = 3;
/// Cells per mailbox row.
pub const STRIDE: usize = MAX_SIDE as usize + 2 * PAD;
/// Cells in the mailbox.
pub const CELLS: usize = STRIDE * STRIDE;

/// A square of the board: `rank * 16 + file`, both counted from 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(pub u8);

impl Square {
    pub const fn new(file: u8, rank: u8) -> Square {
        Square(rank * MAX_SIDE + file)
    }
    pub const fn file(self) -> u8 {
        self.0 % MAX_SIDE
    }
    pub const fn rank(self) -> u8 {
        self.0 / MAX_SIDE
    }
    /// The king steps between two squares (Chebyshev distance).
    #[inline(always)]
    pub const fn king_distance(self, other: Square) -> u8 {
        let (files, ranks) = (
            self.file().abs_diff(other.file()),
            self.rank().abs_diff(other.rank()),
        );
        if files > ranks { files } else { ranks }
    }
    /// The mailbox cell of this square.
    #[inline]
    pub const fn cell(self) -> usize {
        (self.rank() as usize + PAD) * STRIDE + self.file() as usize + PAD
    }
    /// The square of a mailbox cell inside the 16x16 area (a table lookup: this runs for every
    /// generated move).
    #[inline]
    pub const fn from_cell(cell: usize) -> Square {
        Square(CELL_TO_SQUARE[cell])
    }
}

/// Square index of every mailbox cell (frame cells map to 0 and are never asked for).
static CELL_TO_SQUARE: [u8; CELLS] = {
    let mut table = [0u8; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (rank, file) = (cell / STRIDE, cell % STRIDE);
        if rank >= PAD
            && rank < PAD + MAX_SIDE as usize
            && file >= PAD
            && file < PAD + MAX_SIDE as usize
        {
            table[cell] = ((rank - PAD) * MAX_SIDE as usize + file - PAD) as u8;
        }
        cell += 1;
    }
    table
};

/// The mailbox offset of a vector (dx files, dy ranks).
#[inline]
pub const fn offset(dx: i8, dy: i8) -> isize {
    dy as isize * STRIDE as isize + dx as isize
}

/// The eight queen directions as cell offsets: orthogonal first, then diagonal.
pub const QUEEN_STEPS: [isize; 8] = [
    offset(1, 0),
    offset(-1, 0),
    offset(0, 1),
    offset(0, -1),
    offset(1, 1),
    offset(-1, 1),
    offset(1, -1),
    offset(-1, -1),
];

/// The index in `QUEEN_STEPS` of the unit step (dx, dy) (each coordinate -1, 0 or 1, not both
/// 0).
#[inline(always)]
pub(crate) const fn queen_step_index(dx: i8, dy: i8) -> usize {
    match (dx, dy) {
        (1, 0) => 0,
        (-1, 0) => 1,
        (0, 1) => 2,
        (0, -1) => 3,
        (1, 1) => 4,
        (-1, 1) => 5,
        (1, -1) => 6,
        _ => 7,
    }
}

/// The unit offset from `a` toward `b` along their common line (rank, file or diagonal); the
/// sign of each coordinate difference for squares not on a line.
pub const fn unit_step(a: Square, b: Square) -> isize {
    let dx = (b.file() as i8 - a.file() as i8).signum();
    let dy = (b.rank() as i8 - a.rank() as i8).signum();
    offset(dx, dy)
}

/// True if `a` and `b` share a rank, file or diagonal and every square between them is empty by
/// `empty` (two royal pieces that "see each other").
pub fn open_queen_line(a: Square, b: Square, empty: impl Fn(Square) -> bool) -> bool {
    let (df, dr) = (
        b.file() as i32 - a.file() as i32,
        b.rank() as i32 - a.rank() as i32,
    );
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) || (df, dr) == (0, 0) {
        return false;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    (1..df.abs().max(dr.abs())).all(|i| {
        empty(Square::new(
            (a.file() as i32 + sf * i) as u8,
            (a.rank() as i32 + sr * i) as u8,
        ))
    })
}

/// The two sides. The Adrian King games call them Blue (moves first) and Tan; the 12x8 game calls
/// them White and Black. Display names come from the variant.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    Blue = 0,
    Tan = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::Blue, Color::Tan];
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Blue => Color::Tan,
            Color::Tan => Color::Blue,
        }
    }
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// Capitalised, for sentences: `Blue`, `Tan`.
    pub fn title(self) -> &'static str {
        match self {
            Color::Blue => "Blue",
            Color::Tan => "Tan",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::Blue => "blue",
            Color::Tan => "tan",
        }
    }
    /// Accepts `blue`/`tan` (and `b`/`t`, `white`/`black`, `w`) in any case.
    pub fn parse(text: &str) -> Option<Color> {
        match text.to_ascii_lowercase().as_str() {
            "blue" | "b" | "white" | "w" => Some(Color::Blue),
            "tan" | "t" | "black" => Some(Color::Tan),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The size of a board and how its squares are named.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub width: u8,
    pub height: u8,
    /// One letter per file, left to right (`abcdefghij`; the 12x8 game uses `yzabcdefghij`).
    pub file_letters: Vec<char>,
}

impl Geometry {
    /// A board of `width` files lettered from `a`.
    pub fn new(width: u8, height: u8) -> Geometry {
        assert!((1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height));
        let file_letters = (0..width).map(|f| (b'a' + f) as char).collect();
        Geometry {
            width,
            height,
            file_letters,
        }
    }

    pub fn with_file_letters(width: u8, height: u8, letters: &str) -> Geometry {
        let mut g = Geometry::new(width, height);
        g.file_letters = letters.chars().collect();
        assert_eq!(g.file_letters.len(), width as usize);
        g
    }

    pub fn contains(&self, file: i32, rank: i32) -> bool {
        (0..self.width as i32).contains(&file) && (0..self.height as i32).contains(&rank)
    }

    /// All squares, rank by rank from a1.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.height).flat_map(move |r| (0..self.width).map(move |f| Square::new(f, r)))
    }

    pub fn square_count(&self) -> usize {
        self.width as usize * self.height as usize
    }

    pub fn is_on_board(&self, sq: Square) -> bool {
        sq.file() < self.width && sq.rank() < self.height
    }

    pub fn square_name(&self, sq: Square) -> String {
        format!("{}{}", self.file_letters[sq.file() as usize], sq.rank() + 1)
    }

    /// Parses a square name such as `c6` or `j10`. Returns `None` for anything not on this board.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let letter = chars.next()?;
        let file = self.file_letters.iter().position(|&c| c == letter)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.starts_with('0') {
            return None;
        }
        let rank: usize = digits.parse().ok()?;
        if rank == 0 || rank > self.height as usize {
            return None;
        }
        Some(Square::new(file as u8, rank as u8 - 1))
    }

    /// Parses a square name at the start of `text`, returning the square and the bytes it used.
    /// The longest valid name wins (`a10` before `a1`).
    pub fn parse_square_prefix(&self, text: &str) -> Option<(Square, usize)> {
        let first = text.chars().next()?;
        if !self.file_letters.contains(&first) {
            return None;
        }
        let lead = first.len_utf8();
        let digits = text[lead..]
            .bytes()
            .take_while(|b| b.is_ascii_digit())
            .count()
            .min(2);
        (1..=digits).rev().find_map(|n| {
            self.parse_square(&text[..lead + n])
                .map(|sq| (sq, lead + n))
        })
    }

    /// The square a 180-degree rotation of the board puts `sq` on.
    pub fn rotate(&self, sq: Square) -> Square {
        Square::new(self.width - 1 - sq.file(), self.height - 1 - sq.rank())
    }

    /// The square a reflection across the horizontal midline puts `sq` on.
    pub fn flip_ranks(&self, sq: Square) -> Square {
        Square::new(sq.file(), self.height - 1 - sq.rank())
    }

    /// The square a reflection across the vertical midline puts `sq` on: the mirror square on
    /// its rank (y <-> j on the 12x8 board).
    #[inline(always)]
    pub fn flip_files(&self, sq: Square) -> Square {
        Square::new(self.width - 1 - sq.file(), sq.rank())
    }

    /// The square (file + dx, rank + dy), if it is on the board.
    #[inline(always)]
    pub fn shifted(&self, sq: Square, dx: i8, dy: i8) -> Option<Square> {
        let f = sq.file() as i8 + dx;
        let r = sq.rank() as i8 + dy;
        ((0..self.width as i8).contains(&f) && (0..self.height as i8).contains(&r))
            .then(|| Square::new(f as u8, r as u8))
    }
}

/// A set of squares, one bit per `Square` (rank * 16 + file): any square of a 16x16 board.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct SquareSet([u64; 4]);

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    /// The set of one square.
    #[inline]
    pub fn of(sq: Square) -> SquareSet {
        let mut set = SquareSet::default();
        set.insert(sq);
        set
    }
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0[sq.0 as usize >> 6] |= 1 << (sq.0 & 63);
    }
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.0[sq.0 as usize >> 6] >> (sq.0 & 63) & 1 == 1
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    /// The squares in the set, in index order.
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        (0..4).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    Square((w * 64) as u8 + b as u8)
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_open_queen_line_is_a_line_with_nothing_between() {
        let sq = |f, r| Square::new(f, r);
        let nothing = |_: Square| true;
        assert!(open_queen_line(sq(0, 0), sq(0, 7), nothing));
        assert!(open_queen_line(sq(2, 2), sq(5, 5), nothing));
        assert!(open_queen_line(sq(4, 4), sq(5, 4), |_| false)); // adjacent: nothing between
        assert!(!open_queen_line(sq(0, 0), sq(1, 2), nothing)); // a Knight's leap
        assert!(!open_queen_line(sq(3, 3), sq(3, 3), nothing));
        let blocked = sq(3, 3);
        assert!(!open_queen_line(sq(1, 1), sq(5, 5), |s| s != blocked));
        assert!(open_queen_line(sq(1, 1), sq(5, 1), |s| s != blocked));
    }

    #[test]
    fn cells_round_trip_and_frame_is_wide_enough() {
        for rank in 0..16 {
            for file in 0..16 {
                let sq = Square::new(file, rank);
                assert_eq!(Square::from_cell(sq.cell()), sq);
                // The farthest leap, (3,3), stays inside the array.
                let far = sq.cell() as isize + offset(3, 3);
                let near = sq.cell() as isize + offset(-3, -3);
                assert!(far < CELLS as isize && near >= 0);
            }
        }
    }

    #[test]
    fn square_names() {
        let g = Geometry::new(10, 10);
        assert_eq!(g.parse_square("j10"), Some(Square::new(9, 9)));
        assert_eq!(g.square_name(Square::new(0, 9)), "a10");
        assert_eq!(g.parse_square("k1"), None);
        assert_eq!(g.parse_square("a11"), None);
        assert_eq!(g.parse_square("a0"), None);
        assert_eq!(g.parse_square("a01"), None);
        assert_eq!(
            g.parse_square_prefix("a10-b3"),
            Some((Square::new(0, 9), 3))
        );
        assert_eq!(g.parse_square_prefix("a1b3"), Some((Square::new(0, 0), 2)));
        let y = Geometry::with_file_letters(12, 8, "yzabcdefghij");
        assert_eq!(y.parse_square("e4"), Some(Square::new(6, 3)));
    }
}
