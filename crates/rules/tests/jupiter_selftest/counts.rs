//! Every type alone on an empty board, from a central square: destination counts derived by hand from the 2009 table.

use super::*;

/// Destinations of each type, Blue, on h8 of an empty board (7 files to its left, 8 to its
/// right, 7 ranks below, 8 above; diagonals: up-right 8, up-left 7, down-right 7, down-left 7).
/// Counted by hand from the 2009 table: a Rook there reaches 7+8+7+8 = 30 squares, a Bishop
/// 8+7+7+7 = 29, a Queen 59; capture-only powers reach nothing on an empty board; igui, passes,
/// births and the Cuckoo's conversions are not destinations.
const COUNTS: [(&str, usize); 161] = [
    ("FH", 12),  // forward R 8 + back N 4
    ("GW", 10),  // forward R 8 + back F 2
    ("Hoo", 24), // R2 (8), then R2 at right angles: every (a,b) with 1<=|a|,|b|<=2 (16)
    ("Haw", 24), // one step (8), then a second: every square two steps away (16)
    ("Ma", 12),  // W 4 + N 8
    ("Pr", 12),  // F 4 + N 8
    ("St", 4),   // A 4 (its W only captures)
    ("Go", 8),   // F (moving) 4 + D 4
    ("Ci", 8),   // noncapturing Commoner 8 (its hops need pieces)
    ("Sa", 8),   // W + F 8 (its Q4 must land next to a friend)
    ("Tou", 8),  // W + F (the second step only after a capture)
    ("Cro", 8),  // F 4 + D 4
    ("GG", 6),   // W 4 + forward F 2
    ("FL", 6),   // F 4 + forward and back W 2
    ("K", 8),
    ("Co", 8),
    ("Bln", 16), // R4 (moving) 4 each way
    ("Cbo", 0),  // B4 captures only; its noncapturing move needs a piece to hop
    ("Eye", 8),  // forward and back: W, W, then one step to either side: 4 + 4
    ("Yew", 8),  // side W 2, then forward R3 from each 6
    ("Thi", 12), // A 4 + forward/back W 2 + side D 2 + sidemost N 4
    ("Tha", 12), // A 4 + side W 2 + forward/back D 2 + forwardmost N 2 + backmost N 2
    ("DrP", 16), // W 4 + B3 12
    ("DrD", 16), // F 4 + R3 12
    ("RtG", 7),  // F 4 + forward W + back W + left W
    ("LfG", 7),  // F 4 + forward W + back W + right W
    ("VtM", 17), // side W 2 + forward R 8 + back R 7
    ("SdM", 17), // forward W + back W 2 + side R 7 + 8
    ("BlG", 11), // fW 1 + forward right B4 4 + back right F 1 + back R2 2 + left R2 2 + fl F 1
    ("WhF", 11), // fR2 2 + right W 1 + back right B4 4 + back left F 1 + left R2 2 + fl F 1
    ("RlW", 4),
    ("RlF", 4),
    ("CmH", 8), // W + F (moving); pulls need enemies
    ("GoA", 8),
    ("OxT", 4),
    ("DrT", 4),
    ("Nrt", 8),
    ("Int", 8),
    ("FlD", 8),  // B2
    ("VOx", 8),  // R2
    ("Kyl", 8),  // F + D
    ("Phx", 8),  // W + A
    ("Kam", 16), // Q2
    ("DNi", 8),
    ("Cu", 4),   // side W 2 + back W 1 + forward D 1
    ("Hu", 4),   // the same; swaps need pieces
    ("Rrd", 15), // side R 7 + 8
    ("Frd", 15), // forward R 8 + back R 7
    ("C", 8),
    ("BD", 12), // B3
    ("RtN", 4),
    ("LfN", 4),
    ("A", 4),
    ("D", 4),
    ("W", 4),
    ("F", 4),
    ("Ot", 13), // F 4 + side R4 8 + forward W 1
    ("Be", 18), // side R4 8 + back R 7 + forward F 2 + forward W 1
    ("EBa", 8), // forward R2 2 + back R2 2 + forward F 2 + side W 2
    ("WBa", 8), // side R2 4 + forward/back W 2 + forward F 2
    ("Ov", 8),
    ("Un", 8),
    ("Ch", 16), // R4
    ("Wa", 26), // R 30 less the 4 adjacent squares
    ("N", 8),
    ("De", 8),  // D + A
    ("Twi", 8), // W 4 + 4 single vectors
    ("Tgo", 8),
    ("SG", 5), // F 4 + forward W
    ("CG", 4), // forward F 2 + forward W + back W
    ("DE", 7), // F 4 + forward W + side W 2
    ("BT", 7), // F 4 + side W 2 + back W
    ("Fu", 1),
    ("Ber", 2), // forward F (moving)
    ("P", 1),
    ("Gu", 4), // W (moving)
    ("GBt", 2),
    ("GAl", 2),
    ("La", 2),
    ("Ba", 3),
    // promoted
    ("FO", 44),  // B 29 + forward R 8 + back R 7
    ("FB", 44),  // B 29 + side R 15
    ("Boy", 42), // 4 zigzag fans: right 12, left 11, up 12, down 11, the 4 F squares counted twice
    ("Gir", 85), // 4 staircases: up-right 24, up-left 22, down-right 22, down-left 21, less 4 W
    ("Ab", 24),  // N 8 + B4 16
    ("Du", 24),  // N 8 + R4 16
    ("Q", 59),
    ("Li", 24),
    ("Ty", 24),   // Q3
    ("Ge", 24),   // Q3 (igui needs enemies)
    ("Cap", 127), // B, then B at right angles: every square of its colour
    ("GrH", 174), // R 30 + (15 files x 6 ranks within 3) + (6 files x 15 ranks) - 36 overlap
    ("HO", 21),   // B4 16 + D 4 + forward W 1
    ("DO", 22),   // R4 16 + back A 2 + forward F 2 + forward A 2
    ("Em", 24),   // Q2 16 + N 8
    ("EE", 48),   // W4 F4 D4 N8 A4 (3,0)4 C8 Z8 (3,3)4
    ("Wi", 16),   // N + C
    ("Car", 37),  // N 8 + B 29
    ("Mar", 38),  // N 8 + R 30
    ("FaQ", 43),  // Q 59 less the 2 nearest on 8 lines
    ("Tal", 25),  // B 29 less 4
    ("WWi", 33),  // fR3 3 + bR3 3 + right R 8 + right B 8+7 + left N 4
    ("EWi", 32),  // fR3 3 + bR3 3 + left R 7 + left B 7+7 + right W 1 + right C 4
    ("Wdr", 59),
    ("Coo", 59),
    ("Whl", 29), // forward R 8 + back R 7 + back B 7+7
    ("WhH", 30), // forward R 8 + back R 7 + forward B 8+7
    ("TiH", 28), // F4 D4 N8 A4 C8
    ("Zoo", 59),
    ("Box", 32), // W4 F4 (0,3)4 C8 Z8 (3,3)4
    ("Fsq", 32), // F4 N8 C8 Z8 (3,3)4
    ("SEg", 48), // R 30 + back B 14 + forward F 2 + forward A 2
    ("HFl", 53), // B 29 + back R 7 + side R 15 + forward W 1 + forward D 1
    ("Hgr", 8),  // N (the grasshopper needs pieces)
    ("Wwf", 8),  // W + F
    ("BGn", 29),
    ("RGn", 30),
    ("Tlp", 59),
    ("Hlm", 8),
    ("Dbl", 59),
    ("Psn", 59),
    ("KLi", 24),
    ("QCn", 59),
    ("AEm", 12), // W4 D4 A4
    ("Frg", 16), // W4 F4 (3,0)4 (3,3)4
    ("Lo", 59),
    ("Im", 59),
    ("FiD", 29),
    ("WBf", 48), // B 29 + forward R2 2 + back R2 2 + side R 15
    ("Sq", 16),  // D4 N8 A4
    ("Ce", 16),  // W4 F4 N8
    ("GBd", 31), // B3 12 + side R2 4 + forward R 8 + back R 7
    ("GDr", 31), // B3 12 + side R 15 + forward R2 2 + back R2 2
    ("Sc", 33),  // W 4 + B 29
    ("DK", 34),  // F 4 + R 30
    ("Za", 8),   // F + A
    ("Zi", 8),   // W + D
    ("Mi", 16),  // Q2
    ("So", 16),
    ("Cst", 12), // W 4 + B2 8
    ("Roy", 12), // F 4 + R2 8 (no royal to leap to)
    ("Nr", 28), // per line: (1,2) 4, (2,1) 4, (2,-1) 4, (1,-2) 3, (-1,-2) 3, (-2,-1) 3, (-2,1) 3, (-1,2) 4
    ("Da", 35), // W+F 8 + D-rider 4+3+4+3 + A-rider 4+3+3+3
    ("Oc", 56), // F 4 + outward rides: from i9 7+7, g9 6+7, i7 7+6, g7 6+6
    ("Sp", 56), // W 4 + outward rides: from i8 7+7, g8 6+6, h9 7+7, h7 6+6
    ("R", 30),
    ("Ha", 24),  // Q3 (moving)
    ("MdH", 59), // Q (moving)
    ("MrH", 8),  // N (moving)
    ("Vu", 33),  // B (moving) 29 + W 4 (F within B)
    ("Ib", 34),  // R (moving) 30 + F 4
    ("EP", 8),
    ("TP", 8),
    ("Z", 8),
    ("MkT", 4), // A (moving)
    ("Ta", 8),  // F 4 + (3,0) 4
    ("B", 29),
    ("Trb", 4),  // D (births are not destinations)
    ("Sul", 12), // F 4 + C 8
    ("Pa", 8),   // W + D
    ("Ra", 8),   // F + A
];

#[test]
fn every_type_alone_from_a_central_square() {
    let listed: BTreeSet<&str> = COUNTS.iter().map(|c| c.0).collect();
    assert_eq!(listed, ALL_TYPES.iter().copied().collect::<BTreeSet<_>>());
    for (t, want) in COUNTS {
        let b = Board::with(Blue, &[("h8", Blue, t)]);
        assert_eq!(dests(&b, "h8").len(), want, "Blue {t} on h8");
        // Tan's pieces are turned by 180 degrees: i9 seen from Tan is h8 seen from Blue.
        let t_board = Board::with(Tan, &[("i9", Tan, t)]);
        assert_eq!(dests(&t_board, "i9").len(), want, "Tan {t} on i9");
    }
}

#[test]
fn promotions_and_royals_as_in_the_table() {
    let pairs = [
        ("FH", "FO"),
        ("Hoo", "Boy"),
        ("K", "Em"),
        ("Co", "Wi"),
        ("Bln", "Car"),
        ("Cu", "Lo"),
        ("Hu", "Im"),
        ("Rrd", "FiD"),
        ("De", "Ha"),
        ("DE", "EP"),
        ("BT", "TP"),
        ("GBt", "Trb"),
        ("GAl", "Sul"),
        ("Ba", "Ra"),
    ];
    for (a, b) in pairs {
        assert_eq!(promotes_to(a), Some(b), "{a}");
        assert!(is_promoted(b) && !is_promoted(a));
        assert_eq!(promotes_to(b), None);
    }
    assert!(is_promoted("EE"));
    let royals: Vec<&str> = ALL_TYPES.iter().copied().filter(|t| is_royal(t)).collect();
    assert_eq!(royals, vec!["K", "Em", "EE", "AEm", "EP", "TP", "Sul"]);
}
