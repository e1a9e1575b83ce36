//! Perft files of the variant files' tests (tests/data/*.perft): positions in Jovian's text form,
//! then ` ; depth nodes`; `#` lines are comments.

use jovian_rules::fen::parse_position;
use jovian_rules::{Position, Variant};

/// Checks every line's count and returns how many lines were checked.
pub fn check(v: &'static Variant, data: &str) -> usize {
    let mut lines = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (fen, count) = line.split_once(" ; ").expect("FEN ; depth nodes");
        let (depth, nodes) = count.split_once(' ').expect("depth nodes");
        let setup = parse_position(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut pos = Position::from_setup(&setup).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let depth: u32 = depth.parse().expect("a depth");
        assert_eq!(
            pos.perft(depth),
            nodes.parse::<u64>().expect("a count"),
            "{fen}"
        );
        lines += 1;
    }
    lines
}
