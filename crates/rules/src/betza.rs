//! Betza movement strings: the declarative part of a piece definition.
//!
//! The subset used by Jovian:
//!
//! * leapers `W` (1,0), `F` (1,1), `D` (2,0), `N` (2,1), `A` (2,2), `H` (3,0), `C` (3,1), `Z` (3,2),
//!   `G` (3,3), and `K` = `WF`;
//! * riders `R` (= `WW`), `B` (= `FF`), `Q` (= `RB`), or any doubled leaper (`NN`, a Nightrider);
//!   a number after a rider limits its range (`R4`, `Q3`);
//! * modifiers written before an atom: `m` moves only, `c` captures only; direction subsets `f`
//!   (forward), `b` (backward), `l` (left), `r` (right), `s` (sideways: more across than along),
//!   `v` (vertical: more along than across); `f` or `b` directly followed by `l`, `r` or `s` means the
//!   intersection (`fr` = forward-right), other direction letters are united;
//! * a doubled direction letter `ff`, `bb`, `ll`, `rr` means "-most": the vectors that lie more in
//!   that direction than across it (`ffN` = the two forwardmost Knight leaps); it intersects with a
//!   following side or end letter (`ffrN` = (1,2) only, `rrbN` = (2,-1) only): the Right Knight is
//!   `ffrNrrbNbblNllfN`;
//! * `j` before a rider: the rider may not stop on (or capture on) its first square, and is blocked
//!   there (the Wagon `jR`, the Talia `jB`); `jj` skips the first two squares (the Far Queen `jjQ`).
//!
//! Forward is toward the opponent: the variant rotates Tan's vectors by 180 degrees.

use thiserror::Error;

/// Whether a part of a move may end on an empty square, on an enemy, or both.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Move,
    Capture,
    Both,
}

impl Mode {
    #[inline]
    pub const fn can_move(self) -> bool {
        !matches!(self, Mode::Capture)
    }
    #[inline]
    pub const fn can_capture(self) -> bool {
        !matches!(self, Mode::Move)
    }
}

/// One movement component: a set of vectors, each leapt once (`max == 1`) or ridden.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Atom {
    /// (dx, dy) for Blue; dy > 0 is forward.
    pub vectors: Vec<(i8, i8)>,
    pub mode: Mode,
    /// Largest number of steps; 1 for a leaper, 0 for unlimited.
    pub max: u8,
    /// How many of the rider's first squares it may not stop on (it is blocked there): 0, 1 (`j`)
    /// or 2 (`jj`).
    pub skip: u8,
}

impl Atom {
    pub fn is_leaper(&self) -> bool {
        self.max == 1
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum BetzaError {
    #[error("unexpected character {0:?} in movement string {1:?}")]
    Unexpected(char, String),
    #[error("movement string {0:?} ends with modifiers but no piece letter")]
    DanglingModifiers(String),
    #[error("movement string {0:?}: the direction modifiers leave no vector for {1}")]
    NoVectors(String, char),
    #[error("movement string {0:?}: {1} is a leaper and cannot take a range")]
    RangeOnLeaper(String, char),
}

fn base_vector(letter: char) -> Option<(i8, i8)> {
    Some(match letter {
        'W' => (1, 0),
        'F' => (1, 1),
        'D' => (2, 0),
        'N' => (2, 1),
        'A' => (2, 2),
        'H' => (3, 0),
        'C' => (3, 1),
        'Z' => (3, 2),
        'G' => (3, 3),
        _ => return None,
    })
}

/// All distinct images of (a, b) under the 8 symmetries of the square.
pub fn symmetric_vectors(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::with_capacity(8);
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let v = (x * sx, y * sy);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// A direction predicate built from modifier letters.
#[derive(Clone, Copy)]
enum Dir {
    Forward,
    Backward,
    Left,
    Right,
    Sideways,
    Vertical,
    ForwardMost,
    BackwardMost,
    LeftMost,
    RightMost,
}

impl Dir {
    fn holds(self, (x, y): (i8, i8)) -> bool {
        match self {
            Dir::Forward => y > 0,
            Dir::Backward => y < 0,
            Dir::Left => x < 0,
            Dir::Right => x > 0,
            Dir::Sideways => x.abs() > y.abs(),
            Dir::Vertical => y.abs() > x.abs(),
            Dir::ForwardMost => y > 0 && y.abs() > x.abs(),
            Dir::BackwardMost => y < 0 && y.abs() > x.abs(),
            Dir::LeftMost => x < 0 && x.abs() > y.abs(),
            Dir::RightMost => x > 0 && x.abs() > y.abs(),
        }
    }
    fn from_letter(c: char) -> Option<Dir> {
        Some(match c {
            'f' => Dir::Forward,
            'b' => Dir::Backward,
            'l' => Dir::Left,
            'r' => Dir::Right,
            's' => Dir::Sideways,
            'v' => Dir::Vertical,
            _ => return None,
        })
    }
    /// The "-most" predicate of a doubled letter.
    fn most(c: char) -> Option<Dir> {
        Some(match c {
            'f' => Dir::ForwardMost,
            'b' => Dir::BackwardMost,
            'l' => Dir::LeftMost,
            'r' => Dir::RightMost,
            _ => return None,
        })
    }
}

/// Parses a movement string into atoms.
pub fn parse(text: &str) -> Result<Vec<Atom>, BetzaError> {
    let chars: Vec<char> = text.chars().collect();
    let mut atoms = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        // Modifiers.
        let mut mode = Mode::Both;
        let mut skip = 0u8;
        // Each term is one predicate or the intersection of two.
        let mut terms: Vec<(Dir, Option<Dir>)> = Vec::new();
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            let c = chars[i];
            match c {
                'm' => mode = Mode::Move,
                'c' => mode = Mode::Capture,
                'j' => skip += 1,
                _ if chars.get(i + 1) == Some(&c) && Dir::most(c).is_some() => {
                    // A doubled letter: "-most", intersected with a following cross letter.
                    let most = Dir::most(c).expect("checked");
                    i += 1;
                    let cross: &[char] = if matches!(c, 'f' | 'b') {
                        &['l', 'r']
                    } else {
                        &['f', 'b']
                    };
                    match chars.get(i + 1) {
                        Some(n) if cross.contains(n) => {
                            i += 1;
                            terms.push((most, Dir::from_letter(*n)));
                        }
                        _ => terms.push((most, None)),
                    }
                }
                _ => {
                    let d = Dir::from_letter(c)
                        .ok_or_else(|| BetzaError::Unexpected(c, text.to_string()))?;
                    let pairs = matches!(c, 'f' | 'b')
                        && matches!(chars.get(i + 1), Some('l') | Some('r') | Some('s'));
                    if pairs {
                        i += 1;
                        terms.push((d, Dir::from_letter(chars[i])));
                    } else {
                        terms.push((d, None));
                    }
                }
            }
            i += 1;
        }
        let Some(&letter) = chars.get(i) else {
            return Err(BetzaError::DanglingModifiers(text.to_string()));
        };
        i += 1;
        // The atom's vectors and whether it rides.
        let (mut vectors, mut rides) = match letter {
            'R' => (symmetric_vectors(1, 0), true),
            'B' => (symmetric_vectors(1, 1), true),
            'Q' => {
                let mut v = symmetric_vectors(1, 0);
                v.extend(symmetric_vectors(1, 1));
                (v, true)
            }
            'K' => {
                let mut v = symmetric_vectors(1, 0);
                v.extend(symmetric_vectors(1, 1));
                (v, false)
            }
            _ => {
                let (a, b) = base_vector(letter)
                    .ok_or_else(|| BetzaError::Unexpected(letter, text.to_string()))?;
                (symmetric_vectors(a, b), false)
            }
        };
        if !rides && letter != 'K' && chars.get(i) == Some(&letter) {
            rides = true;
            i += 1;
        }
        let mut max: u8 = if rides { 0 } else { 1 };
        let digits_start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        if i > digits_start {
            if !rides {
                return Err(BetzaError::RangeOnLeaper(text.to_string(), letter));
            }
            let n: String = chars[digits_start..i].iter().collect();
            max = n
                .parse()
                .map_err(|_| BetzaError::Unexpected(chars[digits_start], text.to_string()))?;
        }
        if !terms.is_empty() {
            vectors.retain(|&v| {
                terms
                    .iter()
                    .any(|&(a, b)| a.holds(v) && b.is_none_or(|b| b.holds(v)))
            });
        }
        if vectors.is_empty() {
            return Err(BetzaError::NoVectors(text.to_string(), letter));
        }
        atoms.push(Atom {
            vectors,
            mode,
            max,
            skip: if rides { skip.min(2) } else { 0 },
        });
    }
    Ok(atoms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_atoms() {
        let a = parse("WN").unwrap();
        assert_eq!(a.len(), 2);
        assert_eq!(a[0].vectors.len(), 4);
        assert_eq!(a[1].vectors.len(), 8);
        assert!(a.iter().all(|x| x.max == 1 && x.mode == Mode::Both));
        let r4 = parse("R4").unwrap();
        assert_eq!(r4[0].max, 4);
        assert_eq!(parse("NN").unwrap()[0].max, 0);
        assert_eq!(parse("Q").unwrap()[0].vectors.len(), 8);
    }

    #[test]
    fn pawn_modes_and_directions() {
        let p = parse("mfWcfF").unwrap();
        assert_eq!(p[0].vectors, vec![(0, 1)]);
        assert_eq!(p[0].mode, Mode::Move);
        let mut cap = p[1].vectors.clone();
        cap.sort();
        assert_eq!(cap, vec![(-1, 1), (1, 1)]);
        assert_eq!(p[1].mode, Mode::Capture);
        let fr = parse("frB4").unwrap();
        assert_eq!(fr[0].vectors, vec![(1, 1)]);
        let mut fs = parse("fsN").unwrap()[0].vectors.clone();
        fs.sort();
        assert_eq!(fs, vec![(-2, 1), (2, 1)]);
    }

    #[test]
    fn wagon_skips_first_square() {
        let w = parse("jR").unwrap();
        assert!(w[0].skip == 1 && w[0].max == 0);
        assert_eq!(parse("jjQ").unwrap()[0].skip, 2);
    }

    #[test]
    fn most_directions() {
        let sorted = |s: &str| {
            let mut v: Vec<_> = parse(s)
                .unwrap()
                .into_iter()
                .flat_map(|a| a.vectors)
                .collect();
            v.sort();
            v
        };
        // The Right Knight: forwardmost right, rightmost back, backmost left, leftmost forward.
        assert_eq!(
            sorted("ffrNrrbNbblNllfN"),
            vec![(-2, 1), (-1, -2), (1, 2), (2, -1)]
        );
        assert_eq!(sorted("ffN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(sorted("rrN"), vec![(2, -1), (2, 1)]);
        assert_eq!(sorted("sN"), sorted("llNrrN"));
    }

    #[test]
    fn errors() {
        assert!(matches!(parse("Wx"), Err(BetzaError::Unexpected('x', _))));
        assert!(matches!(parse("fm"), Err(BetzaError::DanglingModifiers(_))));
        assert!(matches!(parse("N3"), Err(BetzaError::RangeOnLeaper(..))));
        assert!(matches!(parse("sF"), Err(BetzaError::NoVectors(..))));
    }
}
