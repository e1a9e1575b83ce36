use super::*;
use crate::position::{Position, Setup};

#[test]
fn the_1999_table_has_the_2009_types_with_the_1999_powers() {
    let (old, new) = (variant(), jupiter::variant());
    assert_eq!(old.pieces.len(), 161);
    let abbrs = |v: &Variant| v.pieces.iter().map(|p| p.abbr).collect::<Vec<_>>();
    assert_eq!(abbrs(old), abbrs(new), "same types in the same order");
    // Exactly the types the differences table names are defined differently.
    let mut changed: Vec<&str> = old
        .pieces
        .iter()
        .zip(&new.pieces)
        .filter(|(a, b)| {
            a.betza != b.betza
                || a.specials != b.specials
                || a.latent != b.latent
                || a.optional_capture != b.optional_capture
        })
        .map(|(a, _)| a.abbr)
        .collect();
    changed.sort_unstable();
    let mut expected = vec![
        "Ci", "Coo", "Cst", "De", "DrT", "FiD", "Ha", "Hlm", "Int", "Kam", "Mi", "Nrt", "OxT",
        "Roy", "Sa", "So", "Tlp", "Ty", "Wdr",
    ];
    expected.sort_unstable();
    assert_eq!(changed, expected);
}

#[test]
fn arrays_are_rotational_only() {
    let v = variant();
    let default = Setup::named(v, "default").expect("the default array");
    let same_2009 = Setup::named(jupiter::variant(), "default").unwrap();
    let cells = |s: &Setup| {
        s.pieces
            .iter()
            .map(|&(c, k, sq)| (c, s.variant.abbr(k), sq))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        cells(&default),
        cells(&same_2009),
        "the array the text shows"
    );
    let mirror = format!("mir-{}", &jupiter::DEFAULT_NAME[4..]);
    assert!(
        Setup::named(v, &mirror).is_none(),
        "no mirror arrays in 1999"
    );
    assert!(Setup::named(jupiter::variant(), &mirror).is_some());
    for seed in 0..50 {
        let name = (v.setups.random)(seed);
        assert!(name.starts_with("rot-"), "{name}");
        let setup = Setup::named(v, &name).unwrap_or_else(|| panic!("{name}"));
        Position::from_setup(&setup).expect("a legal array");
    }
}
