//! The round trip of every legal move of random games, in all three styles, is in
//! `record::tests`, which plays the games.
use super::*;
use crate::position::Setup;
use crate::variants::scirocco;
use Style::*;

/// A position from lists like "K j1, Wa a1" for each side.
pub(crate) fn board(blue: &str, tan: &str, to_move: Color) -> Position {
    let v = scirocco::variant();
    let mut pieces = Vec::new();
    for (color, list) in [(Color::Blue, blue), (Color::Tan, tan)] {
        for (abbr, sq) in list.split(',').filter_map(|i| i.trim().split_once(' ')) {
            let sq = v.geometry.parse_square(sq).unwrap();
            pieces.push((color, v.kind_by_abbr(abbr).unwrap(), sq));
        }
    }
    Position::from_setup(&Setup {
        variant: v,
        pieces,
        to_move,
        chess: None,
    })
    .unwrap()
}

/// Every promoted type on the board, to exercise igui, hops, relays and bent riders.
pub(crate) fn all_promoted() -> Position {
    let blue = "K e1, Ge e4, Zi c3, Za h3, Ha f2, De d2, Oc a1, Sp j1, Li b4, Q i5, Ta c6, \
                P a7, Du g1, Vu b2, Ab h2, Sc f5, Go d5, St g3";
    let tan = "K e10, Ge e7, Zi h8, Za c8, Ha f9, De g9, Oc j10, Sp a10, Li i7, R a6, Ta h5, \
               P j2, Sq b9, Wi d9, Z g7, B c7, Em f10, Gu e6";
    board(blue, tan, Color::Blue)
}

/// `inputs | expected` lines: inputs separated by `;`, each expected to give the long form of
/// the parsed move, or `error: message`.
fn check_table(pos: &mut Position, table: &str) {
    for line in table.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (inputs, expected) = line.split_once(" | ").unwrap();
        for input in inputs.split(';') {
            let got = match parse_move(pos, input) {
                Ok(m) => format_move(pos, m, Long),
                Err(e) => format!("error: {e}"),
            };
            assert_eq!(got, expected, "{input:?}");
        }
    }
}

/// Asserts that some legal moves are written as `expected`: lines of "short long coordinate".
fn assert_renders(pos: &mut Position, expected: &str) {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let mut texts = Vec::new();
    for &m in &legal {
        texts.push(
            [Short, Long, Coordinate]
                .map(|s| format_move(pos, m, s))
                .join(" "),
        );
    }
    for line in expected.lines().map(str::trim).filter(|l| !l.is_empty()) {
        assert!(texts.iter().any(|t| t == line), "{line} not in {texts:?}");
    }
}

#[test]
fn the_texts_examples() {
    let mut p = board(
        "K a1, Ge c5, Zi c3, Wa j1",
        "K j10, P c6, P d4, N j9",
        Color::Blue,
    );
    assert_renders(
        &mut p,
        "
        Gex!c6 Gec5x!c6 c5c6,c6c5
        Gexc6 Gec5xc6 c5c6
        Zixd4-e5 Zic3xd4-e5 c3d4,d4e5
        Wa-j7 Waj1-j7 j1j7",
    );
    // The forms parse_move accepts; a hop capture may also be written as a plain move or
    // capture to the landing square, as the text allows.
    check_table(
        &mut p,
        "
        Gex!c6;Ge!c6;Gec5x!c6;c5c6,c6c5; gex!c6 | Gec5x!c6
        Gexc6;c5c6 | Gec5xc6
        Zixd4-e5;Zixd4e5;c3d4 , d4e5;Zixe5;Zi-e5;c3e5 | Zic3xd4-e5
        Wa-j7;Waj7;Waj1j7;j1j7;Wa-j7!?;wa-j7;Wa - j7# | Waj1-j7",
    );
    let mut p = board("K j1, Ch a1", "K j10, P a5", Color::Blue);
    assert_renders(&mut p, "Chxa5 Cha1xa5 a1a5");
    check_table(&mut p, "Ch-a5 | Cha1xa5");
}

#[test]
fn promotion_suffixes() {
    let mut p = board("K j1, P a7, Ch b1", "K j10, P e8", Color::Blue);
    assert_renders(
        &mut p,
        "
        P-a8= Pa7-a8= a7a8
        P-a8=Ta Pa7-a8=Ta a7a8+
        Ch-b5 Chb1-b5 b1b5",
    );
    // Without a suffix, or with a bare `=`, the move does not promote.
    check_table(
        &mut p,
        "
        P-a8=Ta;P-a8+;Pa8+;a7a8+;P-a8=ta | Pa7-a8=Ta
        P-a8;a7a8;P-a8= | Pa7-a8=
        P-a8=Q | error: P-a8=Q: a Pawn promotes to Ta, not Q
        P-a8=Xy | error: unknown piece \"Xy\" in \"P-a8=Xy\"
        Ch-b5=Oc | error: Ch-b5=Oc: this move neither starts nor ends in Blue's promotion zone
        Ch-b5+ | error: Ch-b5+: this move neither starts nor ends in Blue's promotion zone
        Ch-b5= | error: Ch-b5=: this move neither starts nor ends in Blue's promotion zone, so there is no promotion to decline with `=`
        Chb1b5= | error: Chb1b5=: this move neither starts nor ends in Blue's promotion zone, so there is no promotion to decline with `=`",
    );
    let mut p = board("K j1, Ta b8", "K j10, P e8", Color::Blue);
    check_table(
        &mut p,
        "
        Ta-a7=Q | error: Ta-a7=Q: a Tadpole never promotes
        Ta-a7= | error: Ta-a7=: a Tadpole never promotes, so there is no promotion to decline with `=`
        Ta-a7 | Tab8-a7",
    );
    // A Dervish lends its moves, but a relayed move never promotes.
    let mut p = board("K a1, De c7, W b7", "K j10, P j8", Color::Blue);
    check_table(
        &mut p,
        "
        W-c8 | Wb7-c8
        W-c8=Za | error: W-c8=Za: a relayed move never promotes",
    );
}

#[test]
fn disambiguation_inserts_the_from_square_only_where_needed() {
    let mut p = board("K j1, Sc c2, Sc e2", "K j10, P j8", Color::Blue);
    assert_renders(
        &mut p,
        "
        Scc2-d3 Scc2-d3 c2d3
        Sce2-d3 Sce2-d3 e2d3
        Sc-b1 Scc2-b1 c2b1",
    );
    check_table(
        &mut p,
        "
        Scc2-d3;c2d3 | Scc2-d3
        Sce2d3;e2-d3 | Sce2-d3
        Sc-d3 | error: ambiguous: Scc2-d3 or Sce2-d3",
    );
    let mut p = board("K j1, Ge c5, Ge e5", "K j10, P d6", Color::Blue);
    assert_renders(&mut p, "Gec5x!d6 Gec5x!d6 c5d6,d6c5");
    check_table(&mut p, "Gex!d6 | error: ambiguous: Gec5x!d6 or Gee5x!d6");
}

#[test]
fn error_messages_say_why() {
    let mut start = Position::start(scirocco::variant());
    check_table(
        &mut start,
        r#"
        Xy-a4 | error: unknown piece "Xy" in "Xy-a4"
        Xya4 | error: unknown piece "Xy" in "Xya4"
        Wa-k1 | error: no square "k1" on this board
        Wa-a11 | error: no square "a11" on this board
        Ch-a5 | error: no Chariot can move to a5
        d1d2 | error: no piece on d1
        a8a7 | error: the Tan Pawn on a8 is not yours: it is Blue's turn
        a3a5 | error: a Pawn on a3 cannot move to a5
        Paa3-a5 | error: cannot read "Paa3-a5" as a move: unexpected "a"
        Wac2-d3 | error: there is a Scirocco on c2, not a Wagon
        Ge-e5 | error: Blue has no Genie
        Chxa2 | error: Chxa2: there is nothing to capture on a2
        Wa- | error: cannot read "Wa-" as a move: ends with "-"
        ! | error: empty move text
        Gox!e5 | error: no Goat can capture on e5 by igui
        Wax!j2 | error: no Wagon can capture on j2 by igui
        j1j2,j2j3 | error: a Wagon on j1 cannot hop over j2 to j3
        Zix!d4-e5 | error: cannot read "Zix!d4-e5" as a move: an igui capture has no landing square
        j1j2,j3j4 | error: cannot read "j1j2,j3j4" as a move: the second leg must start on j2
        a1a2,a2a1,a1a2 | error: cannot read "a1a2,a2a1,a1a2" as a move: a coordinate move has at most two legs
        a1a2a3a4 | error: cannot read "a1a2a3a4" as a move: too many squares"#,
    );
    assert_eq!(parse_move(&mut start, ""), Err(MoveParseError::Empty));
}

#[test]
fn repetition_and_game_over() {
    let mut p = board("K a1, P j3", "K j10, P a8", Color::Blue);
    for text in ["K-a2", "K-j9", "K-a1", "K-j10", "K-a2", "K-j9", "K-a1"] {
        let m = parse_move(&mut p, text).unwrap();
        p.make(m);
    }
    check_table(
        &mut p,
        "
        K-j10 | error: K-j10 would make a position occur a third time
        K-i10 | Kj9-i10",
    );
    let mut p = board("K j1, Ch a1", "K a5, P j8", Color::Blue);
    let m = parse_move(&mut p, "Chxa5").unwrap();
    p.make(m);
    check_table(
        &mut p,
        "P-j7 | error: the game is already over (Tan's King was captured)",
    );
    let mut p = board("K j1, Ch a1", "K a5, P a2", Color::Blue);
    let m = parse_move(&mut p, "Chxa2").unwrap();
    p.make(m);
    check_table(
        &mut p,
        "K-a6 | error: the game is already over (Tan was reduced to a single piece)",
    );
}

/// Two 12x8 Wizards reaching one square, one by its diagonal step and one bewitched to a single
/// orthogonal step (a position of a real engine game, whose record said only `Wz-i6`): each
/// names its from-square, and the bare text is refused as ambiguous.
#[test]
fn twelve_by_eight_moves_to_one_square_are_told_apart() {
    let v = crate::variants::larger_board::variant();
    let text = "10,Wz,1/7,p,k,wz,wz,1/8,p,el,1,P/9,el,2/12/5,Le,6/1,Wz,1,P,K,El,1,El,4/5,Ad,r,5 \
                b castle=- kings=wb drops=open hand=2as ep=- halfmove=0";
    let mut pos = Position::from_setup(&crate::fen::parse_position(v, text).unwrap()).unwrap();
    assert_renders(&mut pos, "Wzh7-i6 Wzh7-i6 h7i6\nWzi7-i6 Wzi7-i6 i7i6");
    check_table(
        &mut pos,
        "Wz-i6 | error: ambiguous: Wzh7-i6 or Wzi7-i6\n\
         Wzh7-i6;h7i6 | Wzh7-i6\n\
         Wzi7-i6;i7-i6 | Wzi7-i6",
    );
}

#[test]
fn format_legal_moves_writes_what_format_move_writes() {
    // Random games of every variant (a fixed sequence), and the position of every promoted type.
    let mut seed = 11u64;
    let mut below = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) % n as u64) as usize
    };
    let mut positions = vec![all_promoted()];
    for v in Variant::all() {
        let start = Setup::named(v, v.setups.default).unwrap();
        positions.push(Position::from_setup(&start).unwrap());
    }
    let mut legal = Vec::new();
    for mut pos in positions {
        for _ in 0..40 {
            pos.legal_moves(&mut legal);
            for style in [Short, Long, Coordinate] {
                let each: Vec<(Move, String)> = legal
                    .iter()
                    .map(|&m| (m, format_move(&mut pos, m, style)))
                    .collect();
                assert_eq!(format_legal_moves(&mut pos, style), each, "{style:?}");
            }
            if legal.is_empty() {
                break;
            }
            let m = legal[below(legal.len())];
            pos.make(m);
        }
    }
}
