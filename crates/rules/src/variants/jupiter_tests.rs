use super::*;
use crate::geometry::Color;
use crate::position::{Position, Setup};

fn v() -> &'static Variant {
    variant()
}

#[test]
fn the_table_has_every_type_once_in_the_texts_order() {
    let v = v();
    assert_eq!(v.pieces.len(), 161);
    assert_eq!(v.pieces.iter().filter(|p| !p.promoted).count(), 80);
    assert_eq!(v.abbr(crate::PieceKind(0)), "FH");
    // Case-sensitive abbreviations: DE is the Drunk Elephant, De the Dervish.
    let de = v.kind_by_abbr("DE").unwrap();
    let der = v.kind_by_abbr("De").unwrap();
    assert_eq!(v.spec(de).name, "Drunk Elephant");
    assert_eq!(v.spec(der).name, "Dervish");
    assert_eq!(v.kind_by_abbr_ignore_case("DEl"), Some(de));
    assert_eq!(v.kind_by_abbr_ignore_case("der"), Some(der));
    assert_eq!(
        v.kind_by_abbr_ignore_case("de"),
        None,
        "ambiguous ignoring case"
    );
    assert_eq!(v.kind_by_abbr_ignore_case("fid"), v.kind_by_abbr("FiD"));
    for p in &v.pieces {
        if let Some(to) = p.promotes_to {
            assert!(
                v.kind_by_abbr(to).is_some_and(|k| v.spec(k).promoted),
                "{}",
                p.abbr
            );
        }
    }
    let royal: Vec<&str> = v
        .pieces
        .iter()
        .filter(|p| p.royal)
        .map(|p| p.abbr)
        .collect();
    assert_eq!(royal, ["K", "Em", "EE", "AEm", "EP", "TP", "Sul"]);
}

#[test]
fn default_array_follows_the_2009_table() {
    let pos = Position::start(v());
    let at = |c: Color, s: &str| {
        let sq = v().geometry.parse_square(s).unwrap();
        pos.piece_at(sq)
            .filter(|p| p.color == c)
            .map(|p| v().abbr(p.kind))
    };
    let blue = "FH a1; Hoo b1; Ma c1; St d1; Ci e1; Tou f1; GG g1; K h1; Co i1; FL j1; Cro k1; \
                Sa l1; Go m1; Pr n1; Haw o1; GW p1; Bln a2; Eye b2; Thi d2; DrP f2; RtG g2; \
                VtM h2; SdM i2; LfG j2; DrD k2; Tha m2; Yew o2; Cbo p2; BlG a3; RlW b3; CmH c3; \
                OxT d3; Nrt e3; FlD f3; Kyl g3; Kam h3; DNi i3; Phx j3; VOx k3; Int l3; DrT m3; \
                GoA n3; RlF o3; WhF p3; Cu a4; Rrd b4; C d4; RtN f4; A g4; W h4; F i4; D j4; \
                LfN k4; BD m4; Frd o4; Hu p4; Ot a5; EBa b5; Ov c5; Ch d5; N e5; Twi f5; SG g5; \
                DE h5; BT i5; CG j5; Tgo k5; De l5; Wa m5; Un n5; WBa o5; Be p5; Fu a6; Ber b6; \
                Ber c6; P d6; P e6; Gu f6; P g6; P h6; P i6; P j6; Gu k6; P l6; P m6; Ber n6; \
                Ber o6; Fu p6; GBt c7; La f7; Ba k7; GAl n7";
    for item in blue.split(';') {
        let (abbr, s) = item.trim().split_once(' ').unwrap();
        assert_eq!(at(Color::Blue, s), Some(abbr), "Blue {abbr} {s}");
        let t = v().square_name(v().geometry.rotate(v().geometry.parse_square(s).unwrap()));
        assert_eq!(at(Color::Tan, &t), Some(abbr), "Tan {abbr} {t}");
    }
    assert_eq!(pos.piece_count(Color::Blue), 92);
    assert_eq!(at(Color::Tan, "i16"), Some("K"), "Tan's King by rotation");
}

#[test]
fn arrays_are_named_by_symmetry_and_38_bits() {
    let v = v();
    let mirror = Setup::named(v, &format!("mir-1{}", "0".repeat(37))).unwrap();
    let find = |setup: &Setup, c: Color, s: &str| {
        let sq = v.geometry.parse_square(s).unwrap();
        setup
            .pieces
            .iter()
            .find(|p| p.0 == c && p.2 == sq)
            .map(|p| v.abbr(p.1))
    };
    assert_eq!(find(&mirror, Color::Blue, "a1"), Some("GW"));
    assert_eq!(
        find(&mirror, Color::Tan, "a16"),
        Some("GW"),
        "mirror: same file"
    );
    assert_eq!(find(&mirror, Color::Tan, "h16"), Some("K"));
    assert!(Setup::named(v, "rot-0").is_none());
    assert!(Setup::named(v, &format!("rot-{}", "2".repeat(38))).is_none());
    for seed in 0..20 {
        let name = (v.setups.random)(seed);
        assert!(Setup::named(v, &name).is_some(), "{name}");
    }
}
