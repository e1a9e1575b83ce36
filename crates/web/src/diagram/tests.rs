use super::*;
use jovian_rules::variants::{jupiter, scirocco, typhoon};

fn marks(v: &'static Variant, abbr: &str, dx: i32, dy: i32) -> Vec<&'static str> {
    let d = diagram(v, v.kind_by_abbr(abbr).unwrap());
    d.marks_at(dx, dy).to_vec()
}

fn rays(v: &'static Variant, abbr: &str) -> Vec<(i32, i32, &'static str, Option<u8>)> {
    let d = diagram(v, v.kind_by_abbr(abbr).unwrap());
    let mut r: Vec<_> = d
        .rays
        .iter()
        .map(|r| (r.dx, r.dy, r.kind, r.range))
        .collect();
    r.sort();
    r
}

#[test]
fn knight_pawn_and_special_pieces() {
    let s = scirocco::variant();
    let knight = diagram(s, s.kind_by_abbr("N").unwrap());
    assert_eq!(knight.cells.len(), 8);
    assert!(
        knight
            .cells
            .iter()
            .all(|c| c.marks == ["move", "capture"] && c.dx.abs() + c.dy.abs() == 3)
    );
    assert!(knight.rays.is_empty());
    assert_eq!(marks(s, "P", 0, 1), ["move"]);
    assert_eq!(marks(s, "P", 1, 1), ["capture"]);
    assert!(marks(s, "P", 0, -1).is_empty());
    // The Genie captures an adjacent enemy without moving as well as by moving.
    assert_eq!(marks(s, "Ge", 1, 1), ["move", "capture", "takes"]);
    let t = typhoon::variant();
    // The Cuckoo converts where it also steps: both shown.
    let cuckoo = marks(t, "Cu", 0, 1);
    assert!(cuckoo.contains(&"convert"), "{cuckoo:?}");
    assert!(marks(t, "Hu", 0, -2).contains(&"swap"));
    assert!(diagram(t, t.kind_by_abbr("Pa").unwrap()).pass);
}

#[test]
fn riders_go_on_and_limited_riders_stop() {
    let s = scirocco::variant();
    let rook = rays(s, "R");
    assert_eq!(rook.len(), 4, "{rook:?}");
    assert!(rook.iter().all(|r| r.2 == "both" && r.3.is_none()));
    let t = typhoon::variant();
    // The Chariot (R4) stops at four squares, inside Typhoon's 11x11 window: no arrows.
    assert!(rays(t, "Ch").is_empty(), "{:?}", rays(t, "Ch"));
    // On Scirocco's 9x9 window its four squares reach the edge: the range is said.
    let chariot = rays(s, "Ch");
    assert_eq!(chariot.len(), 4, "{chariot:?}");
    assert!(chariot.iter().all(|r| r.3 == Some(4)));
    assert_eq!(marks(t, "Ch", 4, 0), ["move", "capture"]);
    assert!(marks(t, "Ch", 5, 0).is_empty());
    // The Wagon rides to the edge.
    assert_eq!(rays(t, "Wa").len(), 4, "{:?}", rays(t, "Wa"));
}

#[test]
fn hops_freezing_and_relays_are_drawn() {
    let t = typhoon::variant();
    // The Cicada's hops need a piece on the way.
    let cicada = diagram(t, t.kind_by_abbr("Ci").unwrap());
    assert!(
        cicada.cells.iter().any(|c| c.marks.contains(&"hop")),
        "{cicada:?}"
    );
    assert!(cicada.cells.iter().any(|c| c.marks.contains(&"hurdle")));
    // The Immobilizer freezes its neighbours; the Longleaper takes by jumping.
    assert!(
        marks(t, "Im", 1, 0).contains(&"freezes"),
        "{:?}",
        marks(t, "Im", 1, 0)
    );
    assert!(!marks(t, "Lo", 1, 0).contains(&"freezes"));
    assert!(
        marks(t, "Lo", 1, 0).contains(&"takes"),
        "{:?}",
        marks(t, "Lo", 1, 0)
    );
    let j = jupiter::variant();
    assert!(
        marks(j, "RlW", 1, 0).contains(&"lends"),
        "{:?}",
        marks(j, "RlW", 1, 0)
    );
    // The Queen Cannon also captures by hopping a piece; the Queen does not; the Hooklet's and
    // Hawklet's bent routes around a piece are not hops.
    assert!(
        marks(j, "QCn", 0, 3).contains(&"hop"),
        "{:?}",
        marks(j, "QCn", 0, 3)
    );
    assert!(!marks(j, "Q", 0, 3).contains(&"hop"));
    for abbr in ["Hoo", "Haw"] {
        let d = diagram(j, j.kind_by_abbr(abbr).unwrap());
        assert!(
            d.cells.iter().all(|c| !c.marks.contains(&"hop")),
            "{abbr}: {d:?}"
        );
        assert!(!d.paths.is_empty(), "{abbr} has routes");
    }
    let fiery = diagram(j, j.kind_by_abbr("FiD").unwrap());
    assert!(fiery.marks_at(1, 1).contains(&"burns"));
    assert!(!fiery.notes.is_empty());
}

/// Two types with the same diagram must move alike: checked on every game by the fingerprints of
/// `likeness` (each type on the same squares of the same crowded positions).
#[test]
fn no_two_types_that_move_differently_share_a_diagram() {
    let mut clashes = Vec::new();
    for v in Variant::all() {
        let diagrams: Vec<Diagram> = v.kinds().map(|k| diagram(v, k)).collect();
        let prints = likeness::fingerprints(v);
        let kinds: Vec<PieceKind> = v.kinds().collect();
        for i in 0..kinds.len() {
            for j in i + 1..kinds.len() {
                if diagrams[i] == diagrams[j] && prints[i] != prints[j] {
                    clashes.push(format!(
                        "{}: {} and {}",
                        v.id,
                        v.abbr(kinds[i]),
                        v.abbr(kinds[j])
                    ));
                }
            }
        }
    }
    assert!(
        clashes.is_empty(),
        "{} clashes: {clashes:#?}",
        clashes.len()
    );
}

#[test]
fn every_piece_of_every_game_has_a_diagram() {
    for v in Variant::all() {
        for kind in v.kinds() {
            let d = diagram(v, kind);
            // The 12x8 game's Thunder never stands on the board: it is dropped and explodes.
            let never_stands = v.id == "larger-board" && v.abbr(kind) == "Th";
            assert_eq!(
                !d.cells.is_empty() || d.pass,
                !never_stands,
                "{} {} has an empty diagram",
                v.id,
                v.abbr(kind)
            );
        }
    }
}

#[test]
#[ignore = "prints the diagrams that several types share"]
fn print_shared_diagrams() {
    for v in Variant::all() {
        let diagrams: Vec<(Diagram, &str)> =
            v.kinds().map(|k| (diagram(v, k), v.abbr(k))).collect();
        for (i, (d, a)) in diagrams.iter().enumerate() {
            let same: Vec<&str> = diagrams[i + 1..]
                .iter()
                .filter(|(e, _)| e == d)
                .map(|x| x.1)
                .collect();
            if !same.is_empty() {
                eprintln!("{}: {a} = {same:?}", v.id);
            }
        }
    }
}

/// "Moves exactly like" compares every power: types with different latent powers (a Doubler and
/// a Poisoner, which ride alike) or royalty are never named alike.
#[test]
fn types_named_alike_have_the_same_latent_powers() {
    for v in Variant::all() {
        let alike = likeness::alike(v);
        for (k, names) in v.kinds().zip(&alike) {
            for name in names {
                let other = v.spec(v.kind_by_abbr(name).unwrap());
                let spec = v.spec(k);
                assert_eq!(
                    (spec.latent, spec.royal),
                    (other.latent, other.royal),
                    "{}: {} is said to move like {name}",
                    v.id,
                    spec.abbr
                );
            }
        }
    }
    let jupiter = Variant::by_id("jupiter").unwrap();
    let doubler = jupiter
        .kinds()
        .position(|k| jupiter.spec(k).latent & latent::DOUBLER != 0);
    let names = &likeness::alike(jupiter)[doubler.expect("Jupiter has a Doubler")];
    assert!(!names.contains(&"Psn"), "{names:?}");
}

#[test]
fn diagrams_under_the_check_rules_show_the_plain_moves() {
    // A King among attacked squares, or a piece that checks the enemy King from afar, must not
    // read as powers: Grand Chess's King steps, its Queen and Bishop ride, nothing more.
    let g = jovian_rules::file::game_from_toml(include_str!("../../../../variants/grand.toml"))
        .unwrap();
    let king = diagram(g, g.kind_by_abbr("K").unwrap());
    assert_eq!(king.cells.len(), 8);
    assert!(
        king.cells
            .iter()
            .all(|c| c.marks == ["move", "capture"] && c.dx.abs().max(c.dy.abs()) == 1),
        "{:?}",
        king.cells
            .iter()
            .map(|c| (c.dx, c.dy, c.marks.clone()))
            .collect::<Vec<_>>()
    );
    for abbr in ["Q", "B", "A"] {
        let d = diagram(g, g.kind_by_abbr(abbr).unwrap());
        assert!(
            d.cells.iter().all(|c| c.marks == ["move", "capture"]),
            "{abbr}: {:?}",
            d.cells
                .iter()
                .map(|c| (c.dx, c.dy, c.marks.clone()))
                .collect::<Vec<_>>()
        );
    }
}
