//! Values for the piece types of a game that has no table of its own: a designer's variant file.
//! Each type takes, in this order, the value its file gives (`value = N`), the value a built-in
//! game's engine plays for the same type (same movement, powers, royalty and promotion; the game
//! the file is `based_on` first), or an estimate from its movement alone. So a copy of Jupiter with one piece changed is played with
//! Jupiter's values for the 160 types it keeps, and only the changed one is estimated.

use std::sync::OnceLock;

use jovian_rules::piece::PieceSpec;
use jovian_rules::{PieceKind, Variant};

use crate::mobility::average_mobility;

/// The movement estimate, `MOVEMENT_SCALE` x m^`MOVEMENT_POWER` centipawns for a type with m moves
/// on the empty board (averaged over its squares), is the least-squares fit of log value on log
/// mobility over the 256 types of the built-in tables whose moves are all Betza (no hooks, no
/// latent powers, not royal): 71.6 x m^0.699, typical error 24% (log standard deviation 0.242;
/// per game the exponent runs from 0.69 in Typhoon and both Jupiters to 0.86 in Scirocco). A test
/// checks the fit still describes the tables.
pub const MOVEMENT_SCALE: f64 = 72.0;
pub const MOVEMENT_POWER: f64 = 0.7;
/// The least a type is estimated at: a piece with hardly a move still blocks and can be given.
pub const MOVEMENT_FLOOR: i32 = 50;

/// The estimate of a type from its movement alone.
pub fn movement_estimate(variant: &Variant, kind: PieceKind) -> i32 {
    let m = average_mobility(variant, kind);
    ((MOVEMENT_SCALE * m.powf(MOVEMENT_POWER)).round() as i32).max(MOVEMENT_FLOOR)
}

/// Whether two entries define the same type for the engine's purpose: everything that decides
/// how it moves and what it is, but not its name, description or other spellings.
fn same_type(a: &PieceSpec, b: &PieceSpec) -> bool {
    a.abbr == b.abbr
        && a.betza == b.betza
        && a.specials == b.specials
        && a.royal == b.royal
        && a.promotes_to == b.promotes_to
        && a.promoted == b.promoted
        && a.latent == b.latent
        && a.optional_capture == b.optional_capture
}

/// Each built-in game with the values its engine plays by default, made once.
fn builtin_values() -> &'static [(&'static Variant, Vec<i32>)] {
    static VALUES: OnceLock<Vec<(&'static Variant, Vec<i32>)>> = OnceLock::new();
    VALUES.get_or_init(|| {
        Variant::all()
            .into_iter()
            .map(|v| (v, crate::values::piece_values(v)))
            .collect()
    })
}

/// The value a built-in game's engine plays for the same type: the game this one is based on
/// (`Variant::based_on`) first, then the game whose board is nearest in size (values of riders
/// grow with the board), the list's order among equals.
fn builtin_value(variant: &Variant, spec: &PieceSpec) -> Option<i32> {
    let area = |v: &Variant| v.geometry.width as i32 * v.geometry.height as i32;
    let mut found: Vec<((bool, i32), i32)> = builtin_values()
        .iter()
        .filter_map(|(game, values)| {
            let kind = game.pieces.iter().position(|s| same_type(s, spec))?;
            let not_the_base = variant.based_on != Some(game.id);
            let distance = (area(game) - area(variant)).abs();
            Some(((not_the_base, distance), values[kind]))
        })
        .collect();
    found.sort_by_key(|&(order, _)| order);
    found.first().map(|&(_, value)| value)
}

/// The values of a game without a table of its own, by kind (see the module's text).
pub fn file_game_values(variant: &Variant) -> Vec<i32> {
    variant
        .kinds()
        .map(|kind| {
            let spec = &variant.pieces[kind.0 as usize];
            spec.value
                .or_else(|| builtin_value(variant, spec))
                .unwrap_or_else(|| movement_estimate(variant, kind))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fit behind `MOVEMENT_SCALE` and `MOVEMENT_POWER`, taken again from the tables: over
    /// the Betza-only types, the median error of the estimate stays under 25% and it is not
    /// biased by more than 10% either way.
    #[test]
    fn the_movement_estimate_describes_the_built_in_tables() {
        let mut ratios = Vec::new();
        for v in Variant::all().into_iter().filter(|v| !v.powers) {
            let table = crate::values::estimated_values(v);
            for kind in v.kinds() {
                let spec = &v.pieces[kind.0 as usize];
                if !spec.specials.is_empty() || spec.latent != 0 || spec.royal {
                    continue;
                }
                let estimate = movement_estimate(v, kind) as f64;
                ratios.push(estimate / table[kind.0 as usize] as f64);
            }
        }
        assert!(ratios.len() > 200, "{}", ratios.len());
        ratios.sort_by(f64::total_cmp);
        let median = ratios[ratios.len() / 2];
        assert!((0.9..1.1).contains(&median), "median ratio {median}");
        let mut errors: Vec<f64> = ratios.iter().map(|r| (r.ln()).abs()).collect();
        errors.sort_by(f64::total_cmp);
        let typical = errors[errors.len() / 2].exp() - 1.0;
        assert!(typical < 0.25, "median error {typical}");
    }
}

#[cfg(test)]
mod file_tests {
    use super::*;
    use jovian_rules::file::{game_from_toml, game_to_toml};

    /// Jupiter as a file with one line changed (`from` to `to`) and another id.
    fn jupiter_with(from: &str, to: &str) -> &'static Variant {
        let text = game_to_toml(jovian_rules::variants::jupiter::variant()).unwrap();
        assert!(text.contains(from), "{from}");
        let text = text
            .replacen("id = \"jupiter\"", "id = \"jupiter-changed\"", 1)
            .replacen(from, to, 1);
        game_from_toml(&text).unwrap()
    }

    #[test]
    fn a_changed_copy_of_jupiter_keeps_jupiter_s_values_but_for_the_changed_type() {
        // The Tribble that no longer breeds: a plain Dabbaba leaper.
        let hooks = "hooks = [{ create = [[2, 0], [-2, 0], [0, 2], [0, -2]] }]\n";
        let v = jupiter_with(hooks, "");
        let jupiter = jovian_rules::variants::jupiter::variant();
        let (ours, theirs) = (file_game_values(v), crate::values::piece_values(jupiter));
        let tribble = v.kind_by_abbr("Trb").unwrap();
        for kind in v.kinds() {
            if kind == tribble {
                assert_eq!(ours[kind.0 as usize], movement_estimate(v, kind));
            } else {
                assert_eq!(
                    ours[kind.0 as usize],
                    theirs[kind.0 as usize],
                    "{}",
                    v.abbr(kind)
                );
            }
        }
        // A Dabbaba on 16x16 has 3.5 of its four leaps on average: 72 x 3.5^0.7, about 173.
        assert!((150..220).contains(&ours[tribble.0 as usize]));
    }

    #[test]
    fn the_game_a_file_is_based_on_gives_its_values_first() {
        // The Dervish of the 1999 edition is also a 2009 type; in a copy of Jupiter on the same
        // board, the 2009 value wins by the list's order unless the copy is based on 1999.
        let text = game_to_toml(jovian_rules::variants::jupiter_1999::variant()).unwrap();
        let copy = |based_on: &str| {
            let t = text.replacen(
                "id = \"jupiter-1999\"",
                &format!("id = \"copy-of-1999-{based_on}\"\nbased_on = \"{based_on}\""),
                1,
            );
            game_from_toml(&t).unwrap()
        };
        let (on_1999, on_2009) = (copy("jupiter-1999"), copy("jupiter"));
        assert_eq!(on_1999.based_on, Some("jupiter-1999"));
        let theirs = crate::values::piece_values(jovian_rules::variants::jupiter_1999::variant());
        assert_eq!(file_game_values(on_1999), theirs);
        // Based on 2009, the types both editions share take 2009's values.
        let j2009 = jovian_rules::variants::jupiter::variant();
        let values_2009 = crate::values::piece_values(j2009);
        let ours = file_game_values(on_2009);
        let mut shared = 0;
        for kind in on_2009.kinds() {
            let spec = &on_2009.pieces[kind.0 as usize];
            if let Some(k) = j2009.pieces.iter().position(|s| same_type(s, spec)) {
                assert_eq!(ours[kind.0 as usize], values_2009[k], "{}", spec.abbr);
                shared += 1;
            }
        }
        assert!(shared > 100, "{shared}");
    }

    #[test]
    fn a_file_s_own_value_decides() {
        let v = jupiter_with("abbr = \"Trb\"\n", "abbr = \"Trb\"\nvalue = 777\n");
        let tribble = v.kind_by_abbr("Trb").unwrap();
        assert_eq!(file_game_values(v)[tribble.0 as usize], 777);
    }
}
