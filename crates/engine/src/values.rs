//! Material values per game, one readable table each, with where each value came from. A Pawn is
//! 100. Royal pieces get a nominal value: losing the last one loses the game, which the search sees
//! directly.

use jovian_rules::{PieceKind, Variant};

/// (abbreviation, value, source).
type Table = &'static [(&'static str, i32, &'static str)];

/// Scirocco. "Text" marks the author's remarks in the rules; "mobility" marks values set from the
/// piece's average number of moves on an empty 10x10 board compared with pieces of known value
/// (Knight ~ 3 Pawns, Rook ~ 5.5, Queen ~ 9.5 on 10x10, as in Grand Chess practice).
const SCIROCCO: Table = &[
    ("P", 100, "unit"),
    (
        "Gu",
        140,
        "mobility: omnidirectional pawn, 4 moves + 4 captures",
    ),
    ("W", 130, "mobility: 4 steps; text: seldom worth advancing"),
    (
        "F",
        150,
        "mobility: 4 steps, changes colour never; slightly better than W by convention",
    ),
    ("A", 110, "text: worth barely more than a Pawn"),
    ("D", 130, "text: weak, but promotes to the Genie"),
    ("Go", 230, "mobility: D + non-capturing F (weakened Kirin)"),
    ("St", 200, "mobility: A + capturing W (weakened Phoenix)"),
    ("C", 260, "text: a little less than a Knight"),
    ("N", 290, "mobility: 8 leaps, ~3 Pawns"),
    (
        "Co",
        320,
        "mobility: 8 steps (Mann), slightly more than a Knight",
    ),
    ("De", 300, "mobility: D + A, plus the relay to neighbours"),
    (
        "Wa",
        380,
        "text: weaker than a Rook by more than you might expect",
    ),
    ("Ch", 420, "mobility: rook limited to 4 squares"),
    ("Ma", 450, "mobility: W + N"),
    ("Pr", 460, "mobility: F + N"),
    (
        "Sc",
        560,
        "text: the most powerful initial piece, yet less than a Rook; W + B (Dragon Horse)",
    ),
    ("K", 400, "nominal (royal)"),
    // Promoted pieces.
    (
        "Ta",
        380,
        "mobility: F + (3,0) + capturing W; text: useful but not overwhelming",
    ),
    ("Z", 250, "text: fairly weak as leapers go"),
    ("Za", 330, "mobility: F + A + orthogonal hop-captures"),
    ("Zi", 320, "mobility: W + D + diagonal hop-captures"),
    ("B", 450, "mobility: 10x10 bishop"),
    ("Sq", 560, "mobility: D + N + A (16 leaps)"),
    ("Wi", 520, "mobility: N + C (16 leaps, colourbound-free)"),
    ("Ab", 640, "mobility: N + B4"),
    ("Du", 700, "mobility: N + R4"),
    (
        "Oc",
        560,
        "mobility: bent rook, captures from a Knight's distance",
    ),
    ("Sp", 520, "mobility: bent bishop"),
    ("R", 600, "mobility: 10x10 rook"),
    ("Vu", 640, "mobility: moves as B, captures as R, steps W/F"),
    (
        "Ha",
        380,
        "text: varies with the number of pieces left; relays N on open Q3 lines",
    ),
    ("Li", 950, "text: worth roughly as much as a Queen"),
    (
        "Q",
        1000,
        "mobility: 10x10 queen; text: acquiring one is often decisive",
    ),
    (
        "Ge",
        1050,
        "text: generally the most powerful piece in the game",
    ),
    ("Em", 450, "nominal (royal); more mobile than the King"),
];

/// The value of every piece type of the variant, indexed by kind. Types missing from the table (a
/// variant without its own table yet) fall back to 300.
pub fn piece_values(variant: &Variant) -> Vec<i32> {
    let table: Table = match variant.id {
        "scirocco" => SCIROCCO,
        _ => &[],
    };
    variant
        .kinds()
        .map(|k: PieceKind| {
            let abbr = variant.abbr(k);
            table
                .iter()
                .find(|(a, _, _)| *a == abbr)
                .map_or(300, |&(_, v, _)| v)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use jovian_rules::variants::scirocco;

    #[test]
    fn every_scirocco_piece_has_a_value_and_promotions_gain_or_trade_off() {
        let v = scirocco::variant();
        for spec in &v.pieces {
            assert!(
                SCIROCCO.iter().any(|(a, _, _)| *a == spec.abbr),
                "{} has no value",
                spec.abbr
            );
        }
        assert_eq!(SCIROCCO.len(), v.pieces.len());
        let values = piece_values(v);
        let val = |a: &str| values[v.kind_by_abbr(a).unwrap().0 as usize];
        // The author's ordering remarks.
        assert!(val("C") < val("N"));
        assert!(val("Ge") >= val("Q") && (val("Li") - val("Q")).abs() <= 100);
        assert!(
            [
                "P", "Gu", "Pr", "Sc", "W", "F", "Co", "Ma", "Ch", "A", "St", "N", "C", "De", "Go",
                "D", "Wa"
            ]
            .iter()
            .all(|a| val(a) < val("R"))
        );
    }
}
