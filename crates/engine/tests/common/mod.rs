//! What the engine's test files share: a position from a list of pieces.

use jovian_rules::{Color, Position, Setup, Variant};

/// The position of `v` with `pieces` (side, abbreviation, square) and `to_move` to move.
pub fn position_in(
    v: &'static Variant,
    pieces: &[(Color, &str, &str)],
    to_move: Color,
) -> Position {
    let pieces = pieces
        .iter()
        .map(|&(c, abbr, sq)| {
            (
                c,
                v.kind_by_abbr(abbr).unwrap(),
                v.geometry.parse_square(sq).unwrap(),
            )
        })
        .collect();
    Position::from_setup(&Setup {
        variant: v,
        pieces,
        to_move,
        chess: None,
    })
    .unwrap()
}
