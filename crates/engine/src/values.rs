//! Material values per game, one readable table each, with where each value came from. A Pawn is
//! 100. Royal pieces get a nominal value: losing the last one loses the game, which the search sees
//! directly.

use jovian_rules::{PieceKind, Variant};

use crate::values_jupiter::{JUPITER, JUPITER_1999};

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

/// Typhoon (12x12). The same pieces as Scirocco keep their Scirocco values unless the larger board
/// changes them (riders gain: Rook ~6.5, Bishop ~5, Queen ~11 on 12x12). "Text" marks the
/// author's remarks ("most of the initial pieces are fairly weak, none being worth more than about
/// a Rook"; "the promoted pieces are generally stronger than in Scirocco"); "mobility" marks values
/// set from the piece's moves on an empty 12x12 board against pieces of known value; "power" marks
/// pieces whose worth is a capture-like power: a conversion swings twice the victim's value, so
/// converters and multi-capturers are valued above their plain mobility.
const TYPHOON: Table = &[
    ("P", 100, "unit"),
    (
        "Fu",
        110,
        "mobility: forward step that also captures (Shogi pawn)",
    ),
    ("Gu", 140, "as Scirocco"),
    (
        "La",
        110,
        "mobility: 2 forward diagonal steps; promotes to the Parrot",
    ),
    (
        "Ba",
        140,
        "mobility: 3 steps (forward and sideways); promotes to the Raven",
    ),
    ("W", 130, "as Scirocco"),
    ("F", 150, "as Scirocco"),
    ("A", 110, "as Scirocco"),
    ("D", 130, "as Scirocco"),
    ("St", 200, "as Scirocco"),
    ("Go", 230, "as Scirocco"),
    ("C", 260, "as Scirocco"),
    ("N", 290, "as Scirocco"),
    ("BD", 280, "mobility: bishop limited to 3 squares"),
    ("CG", 230, "mobility: 4 steps (Chu Shogi's Copper General)"),
    ("SG", 280, "mobility: 5 steps"),
    ("GG", 320, "mobility: 6 steps"),
    ("FL", 320, "mobility: 6 steps"),
    ("BT", 300, "mobility: 7 steps"),
    (
        "DE",
        320,
        "mobility: 7 steps, one more forward than the Blind Tiger",
    ),
    ("Co", 320, "as Scirocco"),
    (
        "Cu",
        300,
        "power: weak mover (5 moves) whose conversions swing twice a victim's value",
    ),
    (
        "Hu",
        260,
        "mobility: 5 moves plus swaps (tempo, not material)",
    ),
    (
        "Ov",
        300,
        "mobility: 8 steps, captures by hopping adjacent enemies",
    ),
    ("Un", 280, "mobility: 8 steps; captures only by withdrawal"),
    ("De", 300, "as Scirocco"),
    (
        "Ci",
        300,
        "mobility: 8 non-capturing steps plus Q3 hops where pieces stand",
    ),
    (
        "Sa",
        340,
        "mobility: 8 steps plus non-capturing Q4 slides next to a friend",
    ),
    ("Ot", 360, "mobility: F + sideways R4 + forward W"),
    (
        "Be",
        400,
        "mobility: sideways R4 + backward R + 3 forward steps",
    ),
    ("Ch", 440, "mobility: rook limited to 4 squares"),
    (
        "Wa",
        430,
        "text: weaker than a Rook, less so on 12x12 than on 10x10",
    ),
    ("Ma", 450, "as Scirocco"),
    ("Pr", 460, "as Scirocco"),
    (
        "FH",
        420,
        "mobility: forward rook + 4 backward Knight leaps",
    ),
    (
        "GW",
        400,
        "mobility: forward rook + 2 backward diagonal steps",
    ),
    ("K", 400, "nominal (royal)"),
    // Promoted pieces.
    ("Ta", 380, "as Scirocco"),
    ("Z", 250, "as Scirocco"),
    ("Za", 330, "as Scirocco"),
    ("Zi", 320, "as Scirocco"),
    ("Ce", 500, "mobility: W + F + N (16 moves)"),
    ("Wi", 520, "as Scirocco"),
    ("Sq", 560, "as Scirocco"),
    ("Ha", 380, "as Scirocco"),
    ("B", 500, "mobility: 12x12 bishop"),
    ("Sp", 560, "mobility: bent bishop on 12x12"),
    ("Oc", 620, "mobility: bent rook on 12x12"),
    ("Nr", 600, "mobility: Nightrider on 12x12"),
    ("Da", 650, "mobility: 8 steps + Dabbaba and Alfil riders"),
    ("R", 650, "mobility: 12x12 rook"),
    ("Ab", 650, "mobility: N + B4"),
    ("Du", 700, "mobility: N + R4"),
    ("Sc", 680, "mobility: W + B (Dragon Horse) on 12x12"),
    ("DK", 760, "mobility: F + R (Dragon King) on 12x12"),
    ("Vu", 700, "mobility: moves as B, captures as R, steps W/F"),
    ("Ib", 700, "mobility: moves as R, captures as B, steps W/F"),
    ("FB", 720, "mobility: B + sideways R"),
    ("FO", 760, "mobility: B + vertical R"),
    (
        "Pa",
        450,
        "power: W + D, adjacent igui, double hop-captures, pass",
    ),
    (
        "Ra",
        480,
        "power: F + A, adjacent igui, double hop-captures, pass",
    ),
    ("HO", 700, "power: B4 + D + forward Parrot powers"),
    ("DO", 760, "power: R4 + A + forward Raven powers"),
    (
        "Im",
        600,
        "power: non-capturing queen that freezes its neighbours",
    ),
    (
        "Mi",
        620,
        "power: Q2 mover whose conversions swing twice a victim's value",
    ),
    (
        "Lo",
        700,
        "power: non-capturing queen, captures several by leaping",
    ),
    (
        "So",
        720,
        "power: Q2 mover capturing whole lines by approach (obligatory)",
    ),
    ("Ty", 900, "power: Q3 that keeps capturing along its line"),
    ("Li", 950, "as Scirocco"),
    ("Ge", 950, "mobility: Q3 + adjacent igui"),
    (
        "Q",
        1100,
        "mobility: 12x12 queen; text: the Stork's promotion",
    ),
    (
        "EP",
        450,
        "royal, but one of several: mK + capturing N and A",
    ),
    (
        "TP",
        450,
        "royal, but one of several: mK + capturing D and N",
    ),
    ("Em", 500, "nominal (royal); more mobile than the King"),
    (
        "EE",
        700,
        "royal; leaps anywhere within 3 steps and shoots along queen lines",
    ),
];

/// Chess on a Larger Board (12x8). The orthodox pieces keep their chess values; the others are
/// set from the text's remarks and from mobility on the 12x8 board.
const LARGER_BOARD: Table = &[
    (
        "K",
        0,
        "royal: checkmate ends the game, which the search sees directly",
    ),
    ("Q", 950, "chess"),
    ("R", 500, "chess"),
    ("B", 330, "chess"),
    ("N", 300, "chess"),
    ("P", 100, "unit"),
    (
        "Li",
        280,
        "text: the Lions are rather lame (leaps without capturing, captures one step)",
    ),
    (
        "C",
        380,
        "Xiangqi Cannon with a chess army, plus the choice of direction after each move",
    ),
    ("V", 380, "the same Can(n)on, set Bishop-wise"),
    (
        "Le",
        450,
        "text: a Halfling Queen is about a Rook; its jumping captures are stronger",
    ),
    (
        "Pi",
        380,
        "Halfling Queen; custodian captures need a partner",
    ),
    ("Ad", 420, "Halfling Queen capturing by approach"),
    ("Wd", 420, "Halfling Queen capturing by withdrawal"),
    (
        "Wz",
        250,
        "text: defensive; never captures, swaps and bewitches",
    ),
    (
        "El",
        150,
        "text: defensive, hard to manoeuvre; never captures",
    ),
    ("As", 350, "never moves; shoots, and its drop checks"),
    (
        "Th",
        300,
        "in hand only: an explosion when the Kings see each other",
    ),
    (
        "Gne",
        220,
        "half a Golem: two parts capture like pieces, but die together",
    ),
    ("Gnw", 220, "half a Golem"),
    ("Gse", 220, "half a Golem"),
    ("Gsw", 220, "half a Golem"),
];

/// Which table of material values the engine plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueTable {
    /// The game's own choice: its fitted table where that table won its SPRT against the
    /// estimates ([`FITTED_BY_DEFAULT`]), else the estimates.
    Default,
    /// The estimates above, with their sources.
    Estimates,
    /// The table fitted to the engine's own games (fitted.rs), where the game has one; the
    /// estimates otherwise.
    Fitted,
}

impl ValueTable {
    /// The tunable `value_table`: 0 default, 1 estimates, 2 fitted (tunables.rs checks the range).
    pub fn from_tunable(value: i32) -> ValueTable {
        match value {
            1 => ValueTable::Estimates,
            2 => ValueTable::Fitted,
            _ => ValueTable::Default,
        }
    }
}

/// The games whose fitted table replaced the estimates after winning an SPRT against them
/// (docs/engine.md, "Measured", gives each match). Scirocco: +130 Elo (95% +80 .. +186) over 193
/// games at 15,000 nodes a move, H1 of `--sprt 0,20` accepted; Typhoon: +234 Elo (+165 .. +323)
/// over 121 games, likewise; Jupiter: +75 Elo (+40 .. +112) over 108 games at 8,000 nodes.
pub const FITTED_BY_DEFAULT: &[&str] = &["scirocco", "typhoon", "jupiter"];

/// The value of every piece type of the variant, indexed by kind, from the table the game plays
/// with by default.
pub fn piece_values(variant: &Variant) -> Vec<i32> {
    values_from(variant, ValueTable::Default)
}

/// The value of every piece type from the chosen table.
pub fn values_from(variant: &Variant, table: ValueTable) -> Vec<i32> {
    let fitted = match table {
        ValueTable::Estimates => false,
        ValueTable::Fitted => true,
        ValueTable::Default => FITTED_BY_DEFAULT.contains(&variant.id),
    };
    let estimates = estimated_values(variant);
    if !fitted {
        return estimates;
    }
    match crate::fitted::table_text(variant.id).map(crate::fitted::parse) {
        Some(Ok(rows)) => variant
            .kinds()
            .zip(estimates)
            .map(|(k, estimate)| {
                let abbr = variant.abbr(k);
                rows.iter()
                    .find(|row| row.abbr == abbr)
                    .map_or(estimate, |row| row.value)
            })
            .collect(),
        // A table that does not read (a test checks every shipped one does) or none at all.
        _ => estimates,
    }
}

/// The estimated value of every piece type, indexed by kind: a built-in game's table, or for a
/// game read from a variant file the values of `values_estimate::file_game_values`.
pub fn estimated_values(variant: &Variant) -> Vec<i32> {
    // A table, then the types an edition changes (searched first).
    let (table, changes): (Table, Table) = match variant.id {
        "scirocco" => (SCIROCCO, &[]),
        "typhoon" => (TYPHOON, &[]),
        "jupiter" => (JUPITER, &[]),
        "jupiter-1999" => (JUPITER, JUPITER_1999),
        "larger-board" => (LARGER_BOARD, &[]),
        _ => return crate::values_estimate::file_game_values(variant),
    };
    variant
        .kinds()
        .map(|k: PieceKind| {
            let abbr = variant.abbr(k);
            changes
                .iter()
                .chain(table)
                .find(|(a, _, _)| *a == abbr)
                .map_or(300, |&(_, v, _)| v)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use jovian_rules::variants::{jupiter, jupiter_1999, scirocco, typhoon};

    #[test]
    fn every_typhoon_piece_has_one_value_and_promotions_gain() {
        let v = typhoon::variant();
        for spec in &v.pieces {
            let n = TYPHOON.iter().filter(|(a, _, _)| *a == spec.abbr).count();
            assert_eq!(n, 1, "{} has {n} values", spec.abbr);
        }
        assert_eq!(TYPHOON.len(), v.pieces.len());
        let values = estimated_values(v);
        let val = |a: &str| values[v.kind_by_abbr(a).unwrap().0 as usize];
        // "None being worth more than about a Rook", and every promotion gains something.
        for spec in v.pieces.iter().filter(|p| !p.promoted) {
            assert!(val(spec.abbr) < val("R"), "{}", spec.abbr);
            let to = spec.promotes_to.unwrap();
            assert!(val(to) > val(spec.abbr), "{} -> {to}", spec.abbr);
        }
    }

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
        let values = estimated_values(v);
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

    #[test]
    fn every_jupiter_piece_has_one_value_and_promotions_gain() {
        let v = jupiter::variant();
        for spec in &v.pieces {
            let n = JUPITER.iter().filter(|(a, _, _)| *a == spec.abbr).count();
            assert_eq!(n, 1, "{} has {n} values", spec.abbr);
        }
        assert_eq!(JUPITER.len(), v.pieces.len());
        let values = estimated_values(v);
        let val = |a: &str| values[v.kind_by_abbr(a).unwrap().0 as usize];
        // "None being worth more than about a Rook" (royal pieces have nominal values), and
        // every promotion gains something.
        for spec in v.pieces.iter().filter(|p| !p.promoted) {
            assert!(spec.royal || val(spec.abbr) < val("R"), "{}", spec.abbr);
            let to = spec.promotes_to.unwrap();
            assert!(val(to) > val(spec.abbr), "{} -> {to}", spec.abbr);
        }
        // The text: the Lioness is distinctly weaker than a Queen on 16x16, and so is the Genie.
        assert!(val("Li") < val("Q") && val("Ge") < val("Q"));
    }

    #[test]
    fn the_1999_edition_changes_only_its_changed_types() {
        let (old, new) = (jupiter_1999::variant(), jupiter::variant());
        let (a, b) = (estimated_values(old), estimated_values(new));
        for spec in &old.pieces {
            let k = old.kind_by_abbr(spec.abbr).unwrap().0 as usize;
            let listed = JUPITER_1999.iter().any(|(x, _, _)| *x == spec.abbr);
            assert_eq!(a[k] != b[k], listed, "{}", spec.abbr);
            if !spec.promoted && !spec.royal {
                let to = old.kind_by_abbr(spec.promotes_to.unwrap()).unwrap().0 as usize;
                assert!(a[to] > a[k], "{} promotes to something better", spec.abbr);
            }
        }
    }

    #[test]
    fn the_tables_are_chosen_as_asked() {
        for v in jovian_rules::Variant::all() {
            let estimates = estimated_values(v);
            assert_eq!(values_from(v, ValueTable::Estimates), estimates);
            let fitted = values_from(v, ValueTable::Fitted);
            match crate::fitted::table_text(v.id) {
                // The game's table, type by type.
                Some(text) => {
                    let rows = crate::fitted::parse(text).unwrap();
                    for kind in v.kinds() {
                        let row = rows.iter().find(|r| r.abbr == v.abbr(kind)).unwrap();
                        assert_eq!(fitted[kind.0 as usize], row.value, "{}", row.abbr);
                        assert_eq!(estimates[kind.0 as usize], row.estimate, "{}", row.abbr);
                    }
                }
                None => assert_eq!(fitted, estimates, "{}", v.id),
            }
            let default = if FITTED_BY_DEFAULT.contains(&v.id) {
                &fitted
            } else {
                &estimates
            };
            assert_eq!(&piece_values(v), default, "{}", v.id);
        }
        assert_eq!(ValueTable::from_tunable(0), ValueTable::Default);
        assert_eq!(ValueTable::from_tunable(1), ValueTable::Estimates);
        assert_eq!(ValueTable::from_tunable(2), ValueTable::Fitted);
    }
}
