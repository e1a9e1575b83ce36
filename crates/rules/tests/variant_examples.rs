//! The example variant files (variants/*.toml) that no one wrote for Jovian: Capablanca Chess and
//! Grand Chess, played by the check rules' mechanisms (castling, en passant, promotion choices
//! and limits, checkmate and stalemate). Their perft counts are Fairy-Stockfish's
//! (tests/data/capablanca.perft, grand.perft).

use jovian_rules::fen::{parse_position, write_position};
use jovian_rules::file::{game_from_toml, game_to_toml};
use jovian_rules::notation::{Style, format_move, parse_move};
use jovian_rules::{Move, MoveKind, Outcome, Position, Variant, WinReason};

mod perft_data;

const CAPABLANCA: &str = include_str!("../../../variants/capablanca.toml");
const GRAND: &str = include_str!("../../../variants/grand.toml");
const CHU: &str = include_str!("../../../variants/chu-shogi.toml");

fn game(text: &str) -> &'static Variant {
    game_from_toml(text).unwrap_or_else(|e| panic!("{e}"))
}

fn position(v: &'static Variant, fen: &str) -> Position {
    let setup = parse_position(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn check_perft_file(v: &'static Variant, data: &str) {
    let lines = perft_data::check(v, data);
    assert!(lines >= 8, "{lines} perft lines");
}

#[test]
fn capablanca_perft_equals_fairy_stockfish() {
    check_perft_file(game(CAPABLANCA), include_str!("data/capablanca.perft"));
}

#[test]
fn grand_perft_equals_fairy_stockfish() {
    check_perft_file(game(GRAND), include_str!("data/grand.perft"));
}

#[test]
fn the_example_files_round_trip() {
    for text in [CAPABLANCA, GRAND, CHU] {
        let v = game(text);
        let written = game_to_toml(v).unwrap();
        let back = game(&written);
        assert_eq!(back.definition_hash(), v.definition_hash());
        assert_eq!(back.chess_rules, v.chess_rules);
        assert_eq!(back.pieces, v.pieces);
        assert_eq!(game_to_toml(back).unwrap(), written);
        assert_eq!(Position::start(back).perft(3), Position::start(v).perft(3));
    }
}

/// A move's from- and to-squares (`e2e4`).
fn squares(v: &Variant, m: Move) -> String {
    format!(
        "{}{}",
        v.geometry.square_name(m.from),
        v.geometry.square_name(m.to)
    )
}

fn play(pos: &mut Position, coordinates: &str) -> Move {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let v = pos.variant();
    let found = moves
        .iter()
        .copied()
        .find(|&m| squares(v, m) == coordinates && m.promotion().is_none_or(|k| v.abbr(k) == "Q"));
    let m = found.unwrap_or_else(|| panic!("{coordinates} is not legal here"));
    pos.make(m);
    m
}

#[test]
fn castling_moves_king_and_rook_and_spends_the_rights() {
    let v = game(CAPABLANCA);
    let mut pos = position(
        v,
        "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
    );
    let fen = write_position(&pos);
    assert!(fen.ends_with("w castle=KQkq halfmove=0"), "{fen}");
    let m = play(&mut pos, "f1i1");
    assert_eq!(m.kind, MoveKind::Castle);
    let text = write_position(&pos);
    assert!(text.starts_with("r,4,k,3,r/"), "{text}");
    assert!(
        text.contains("/R,4,1,2,R,K,1 b") || text.contains("/R,6,R,K,1 b"),
        "{text}"
    );
    assert!(text.ends_with("castle=kq halfmove=1"), "{text}");
    // The hash made move by move is the hash of the position set up from its text.
    let again = position(v, &text);
    assert_eq!(again.hash(), pos.hash());
    // The rights survive the JSON form too.
    Variant::register(v).unwrap();
    let json = jovian_rules::json::write_json(&pos);
    assert!(
        json.contains(r#""state":{"castle":"kq","halfmove":"1"}"#),
        "{json}"
    );
    let back = Position::from_setup(&jovian_rules::json::parse_json(&json).unwrap()).unwrap();
    assert_eq!(write_position(&back), text);
    pos.unmake();
    assert_eq!(write_position(&pos), fen);
    // Through an attacked square: no castling that way.
    let pos = position(
        v,
        "r4k3r/pppppppppp/10/10/10/7r2/PPPPPPP1PP/R4K3R w KQkq - 0 1",
    );
    let mut moves = Vec::new();
    let mut pos = pos;
    pos.legal_moves(&mut moves);
    let castles: Vec<String> = (moves.iter())
        .filter(|m| m.kind == MoveKind::Castle)
        .map(|m| v.geometry.square_name(m.to))
        .collect();
    assert_eq!(castles, ["c1"]);
}

#[test]
fn en_passant_takes_the_pawn_that_passed() {
    let v = game(CAPABLANCA);
    let mut pos = position(
        v,
        "rnabqkbcnr/1pp1pppppp/p9/3pP5/10/10/PPPP1PPPPP/RNABQKBCNR w KQkq d6 0 3",
    );
    let m = play(&mut pos, "e5d6");
    assert_eq!(m.kind, MoveKind::EnPassant);
    assert!(
        pos.piece_at(v.geometry.parse_square("d5").unwrap())
            .is_none()
    );
    // Not a move later.
    let mut pos = position(
        v,
        "rnabqkbcnr/1pp1pppppp/p9/3pP5/10/10/PPPP1PPPPP/RNABQKBCNR w KQkq - 0 3",
    );
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(moves.iter().all(|m| m.kind != MoveKind::EnPassant));
}

#[test]
fn grand_promotion_is_optional_short_of_the_last_rank_and_limited_by_what_was_lost() {
    let v = game(GRAND);
    // White's Pawn on i7 may stay a Pawn on i8; it may become a Rook, Knight, Archbishop or
    // Chancellor (one of each lost) but not a Queen or Bishop (none lost).
    let mut pos = position(
        v,
        "6B3/B1k3c3/3n5p/r6pP1/6p3/p2P2PP1P/PP5r2/5Pb3/RN4K3/6Q3 w - - 0 76",
    );
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut to_i8: Vec<String> = (moves.iter())
        .filter(|m| v.geometry.square_name(m.to) == "i8" && v.geometry.square_name(m.from) == "i7")
        .map(|m| {
            m.promotion()
                .map_or("-".to_string(), |k| v.abbr(k).to_string())
        })
        .collect();
    to_i8.sort();
    assert_eq!(to_i8, ["-", "A", "C", "N", "R"]);
    // On the tenth rank it must promote: a Pawn there could never move again.
    let mut pos = position(v, "10/5P2k1/10/10/10/10/10/10/4K5/10 w - - 0 1");
    pos.legal_moves(&mut moves);
    let to_f10: Vec<Option<&str>> = (moves.iter())
        .filter(|m| v.geometry.square_name(m.from) == "f9")
        .map(|m| m.promotion().map(|k| v.abbr(k)))
        .collect();
    assert!(
        !to_f10.is_empty() && to_f10.iter().all(Option::is_some),
        "{to_f10:?}"
    );
}

#[test]
fn checkmate_wins_and_stalemate_draws() {
    let v = game(CAPABLANCA);
    // Black's King in the corner, White's Queen beside it guarded by the King.
    let mut mate = position(v, "k9/1Q8/2K7/10/10/10/10/10 b - - 0 1");
    assert_eq!(mate.in_check(), Some(true));
    assert_eq!(
        mate.outcome(),
        Some(Outcome::win(
            jovian_rules::Color::Blue,
            WinReason::Checkmate
        ))
    );
    let mut stale = position(v, "k9/2Q7/1K8/10/10/10/10/10 b - - 0 1");
    assert_eq!(stale.in_check(), Some(false));
    assert_eq!(stale.outcome(), Some(Outcome::draw(WinReason::Stalemate)));
    let mut open = Position::start(v);
    assert_eq!(open.outcome(), None);
}

#[test]
fn the_checked_royal_piece_is_found_wherever_its_type_stands_in_the_table() {
    // Capablanca's file, and the same game with the King's entry moved to the end of the table
    // (its type code no longer 0): the square in check is the King's in both.
    let king = "[[piece]]\nname = \"King\"";
    let start = CAPABLANCA.find(king).expect("the King's entry");
    let end = start
        + CAPABLANCA[start + 1..]
            .find("[[piece]]")
            .expect("an entry after it")
        + 1;
    let moved = format!(
        "{}{}\n{}",
        &CAPABLANCA[..start],
        &CAPABLANCA[end..],
        &CAPABLANCA[start..end]
    )
    .replace("id = \"capablanca\"", "id = \"capablanca-king-last\"");
    let reordered = game(&moved);
    assert_ne!(
        reordered.kind_by_abbr("K"),
        game(CAPABLANCA).kind_by_abbr("K")
    );
    for v in [game(CAPABLANCA), reordered] {
        let checked = position(v, "k9/1Q8/2K7/10/10/10/10/10 b - - 0 1");
        assert_eq!(
            checked.royal_in_check_square(),
            v.geometry.parse_square("a8")
        );
        let quiet = position(v, "k9/2Q7/1K8/10/10/10/10/10 b - - 0 1");
        assert_eq!(quiet.royal_in_check_square(), None);
    }
    // A game without a check rule has no square in check.
    let scirocco = Variant::by_id("scirocco").unwrap();
    assert_eq!(Position::start(scirocco).royal_in_check_square(), None);
}

#[test]
fn a_move_may_not_leave_the_king_attacked() {
    let v = game(CAPABLANCA);
    // The e-pawn is pinned by the Rook on e8 (it may advance along the file), the Knight on d2
    // by the Bishop on b4 (it may not move), and the King may not step where the Chancellor on
    // h3 leaps (f2).
    let mut pos = position(v, "4r5/10/10/10/1b8/7c2/3NP5/4K5 w - - 0 1");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let names: Vec<String> = moves.iter().map(|&m| squares(v, m)).collect();
    assert!(names.contains(&"e2e3".to_string()) && names.contains(&"e2e4".to_string()));
    assert!(!names.iter().any(|n| n.starts_with("d2")), "{names:?}");
    assert!(!names.iter().any(|n| n == "e1f2"), "{names:?}");
    assert!(names.contains(&"e1f1".to_string()) && names.contains(&"e1d1".to_string()));
    assert_eq!(names.len(), 4, "{names:?}");
    // The board and the move reader say why: the pinned Knight's move and the King's step into
    // the Chancellor's leap would leave the King in check (not some other reason).
    for text in ["d2b3", "Nd2-b3", "e1f2"] {
        let err = parse_move(&mut pos, text).unwrap_err();
        assert!(
            matches!(err, jovian_rules::notation::MoveParseError::KingInCheck(_)),
            "{text}: {err}"
        );
        assert!(
            err.to_string().contains("would leave your King in check"),
            "{err}"
        );
    }
}

/// A piece that blocks a one-way rider (a Lance) may not step off its line: the quick test
/// that keeps moves without making them must know the rider comes from behind the blocker.
#[test]
fn a_piece_pinned_by_a_one_way_rider_stays_on_its_line() {
    let v = game(
        r#"
[game]
id = "lances"
title = "Lances"

[board]
files = 5
ranks = 5

[rules]
check = true

[setup]
blue = ["K a1", "L b1", "W c1"]
symmetry = "rotational"

[[piece]]
name = "King"
abbr = "K"
betza = "K"
royal = true

[[piece]]
name = "Lance"
abbr = "L"
betza = "fR"

[[piece]]
name = "Wazir"
abbr = "W"
betza = "W"
"#,
    );
    // Tan's Lance on a5 rides down the a-file onto the King on a1, behind the Wazir on a2.
    let mut pos = position(v, "l3k/5/5/W4/K4 b - - 0 1");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(|&m| squares(v, m)).collect();
    names.sort();
    assert_eq!(names, ["a1b1", "a1b2", "a2a3"]);
}

/// A pawn's multi-step advance may differ by rank (`initial_steps = [3, 2]` for `initial_ranks
/// = [1, 2]`, the 12x8 game's Pawn): three squares from the first rank, two from the second.
#[test]
fn a_pawn_advances_as_far_as_its_rank_allows() {
    let v = game(
        r#"
[game]
id = "far-pawns"
title = "Far pawns"

[board]
files = 5
ranks = 6

[rules]
check = true

[setup]
blue = ["K e1", "P a1", "P c2"]
symmetry = "rotational"

[[piece]]
name = "King"
abbr = "K"
betza = "K"
royal = true

[[piece]]
name = "Pawn"
abbr = "P"
betza = "mfWcfF"
initial_steps = [3, 2]
initial_ranks = [1, 2]
"#,
    );
    let mut pos = position(v, "4k/5/5/5/2P2/P3K b - - 0 1");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(|&m| squares(v, m)).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "a1a2", "a1a3", "a1a4", "c2c3", "c2c4", "e1d1", "e1d2", "e1e2"
        ]
    );
    // Written back as read.
    assert!(game_to_toml(v).unwrap().contains("initial_steps = [3, 2]"));
}

#[test]
fn bad_chess_rules_are_one_clear_error() {
    let cases = [
        (
            "check = true\n",
            "check = true\nroyal_capture_loses = true\n",
            "does not go with it",
        ),
        (
            "check = true\n",
            "bare_piece_loses = false\n",
            "no way to be won",
        ),
        (
            "check = true\n",
            "check = true\npromotion_limits = { X = 1 }\n",
            "promotion_limits names \"X\"",
        ),
        ("king_to = \"i1\"", "king_to = \"i2\"", "on one rank"),
        (
            "king_to = \"i1\"",
            "king_to = \"z1\"",
            "not a square of the board",
        ),
        ("initial_ranks = [2]\n", "", "needs initial_ranks"),
        (
            "initial_steps = 2\n",
            "initial_steps = [2, 3]\n",
            "lists 2 numbers for 1 initial_ranks",
        ),
        ("\"Q\", \"C\"", "\"Q\", \"Z\"", "promotes to \"Z\""),
        // A pawn moves as one: a non-capturing step forward and capture-only leaps.
        (
            "betza = \"mfWcfF\"",
            "betza = \"mfWcfFmfF\"",
            "moves as a pawn",
        ),
        ("betza = \"mfWcfF\"", "betza = \"fWcfF\"", "moves as a pawn"),
        ("betza = \"mfWcfF\"", "betza = \"cfF\"", "moves as a pawn"),
        (
            "betza = \"mfWcfF\"",
            "betza = \"mfRcfF\"",
            "moves as a pawn",
        ),
    ];
    for (from, to, message) in cases {
        assert!(CAPABLANCA.contains(from), "{from}");
        let text = CAPABLANCA.replacen(from, to, 1);
        let e = game_from_toml(&text)
            .err()
            .unwrap_or_else(|| panic!("{to} was accepted"));
        assert!(e.to_string().contains(message), "{to}: {e}");
        assert!(e.line > 0);
    }
    // Castling without the check rule.
    let text = CAPABLANCA.replacen("check = true\n", "royal_capture_loses = true\n", 1);
    let e = game_from_toml(&text).err().unwrap();
    assert!(e.to_string().contains("needs check = true"), "{e}");
    // A position whose rights do not fit its board.
    let v = game(CAPABLANCA);
    let setup = parse_position(v, "r4k3r/10/10/10/10/10/10/R4K4 w KQkq - 0 1").unwrap();
    let e = Position::from_setup(&setup).err().unwrap();
    assert!(e.to_string().contains("castling right"), "{e}");
    assert!(parse_position(v, "r4k3r/10/10/10/10/10/10/R4K3R w KQkq z9 0 1").is_err());
    assert!(parse_position(v, "r4k3r/10/10/10/10/10/10/R4K3R w XQ - 0 1").is_err());
}

#[test]
fn every_legal_move_reads_back_in_every_style() {
    // Seeded random games from positions with castling and en passant to hand.
    let starts = [
        (
            CAPABLANCA,
            "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
        ),
        (
            CAPABLANCA,
            "rnabqkbcnr/1pp1pppppp/p9/3pP5/10/10/PPPP1PPPPP/RNABQKBCNR w KQkq d6 0 3",
        ),
        (
            GRAND,
            "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3",
        ),
    ];
    let mut seed: u64 = 32;
    let mut checked = [0usize; 2];
    for (text, fen) in starts {
        let v = game(text);
        let mut pos = position(v, fen);
        for _ply in 0..60 {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            // The capture search's list is exactly the legal moves that capture or promote.
            let mut noisy = Vec::new();
            assert!(pos.legal_noisy_moves(&mut noisy));
            let mut expected: Vec<Move> =
                moves.iter().copied().filter(|&m| pos.is_noisy(m)).collect();
            noisy.sort();
            expected.sort();
            assert_eq!(noisy, expected, "{}", write_position(&pos));
            for &m in &moves {
                for style in [Style::Short, Style::Long, Style::Coordinate] {
                    let written = format_move(&mut pos, m, style);
                    let read = parse_move(&mut pos, &written)
                        .unwrap_or_else(|e| panic!("{written} in {}: {e}", write_position(&pos)));
                    assert_eq!(read, m, "{written} in {}", write_position(&pos));
                }
                checked[0] += matches!(m.kind, MoveKind::Castle) as usize;
                checked[1] += matches!(m.kind, MoveKind::EnPassant) as usize;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            pos.make(moves[(seed >> 33) as usize % moves.len()]);
        }
    }
    assert!(checked[0] > 0 && checked[1] > 0, "{checked:?}");
}

/// The check rule keeps exactly the pseudo-legal moves after which the mover's royal piece
/// stands unattacked, as making each one and asking shows (most are judged on the board alone,
/// without making them: `Position::test_on_board`). Seeded random games of Capablanca and
/// Grand Chess and Crazyhouse (whose drops are judged the same way).
#[test]
fn the_legal_moves_are_the_pseudo_legal_ones_that_leave_the_king_safe() {
    const CRAZYHOUSE: &str = include_str!("../../../variants/crazyhouse.toml");
    let mut seed: u64 = 7;
    let (mut kept, mut refused) = (0usize, 0usize);
    for text in [CAPABLANCA, GRAND, CRAZYHOUSE] {
        let v = game(text);
        for _game in 0..6 {
            let mut pos = Position::start(v);
            let (mut legal, mut pseudo) = (Vec::new(), Vec::new());
            for _ply in 0..120 {
                pos.legal_moves(&mut legal);
                if legal.is_empty() {
                    break;
                }
                pos.pseudo_legal_moves(&mut pseudo);
                let text = write_position(&pos);
                for &m in &pseudo {
                    pos.make(m);
                    pos.make_null();
                    let safe = pos.in_check() == Some(false);
                    pos.unmake();
                    pos.unmake();
                    assert_eq!(legal.contains(&m), safe, "{text}: {m:?}");
                    if safe {
                        kept += 1;
                    } else {
                        refused += 1;
                    }
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos.make(legal[(seed >> 33) as usize % legal.len()]);
            }
        }
    }
    assert!(
        kept > 50_000 && refused > 500,
        "{kept} kept, {refused} refused"
    );
}

/// A pawn's moves come in a player's order (`movegen/pawns.rs`): its advance, then its captures
/// from the lower file to the higher; a move onto the last rank once per promoted type, right
/// after one another. For both sides.
#[test]
fn a_pawns_moves_are_listed_in_a_players_order() {
    let v = game(CAPABLANCA);
    let cases = [
        // White's c2 can go to c3 and c4 and take on b3 and d3; its e7 promotes on e8 or d8.
        (
            "3r5k/4P5/10/10/10/1p1p6/2P7/5K4 w - - 0 1",
            [
                ("c2", &["c3", "c4", "b3", "d3"][..]),
                ("e7", &["e8", "d8"][..]),
            ],
        ),
        // Black's mirror: h7 to h6, h5, takes g6 and i6; d2 promotes on d1 or e1.
        (
            "5k4/7p2/6P1P1/10/10/10/3p6/4R1K3 b - - 0 1",
            [
                ("h7", &["h6", "h5", "g6", "i6"][..]),
                ("d2", &["d1", "e1"][..]),
            ],
        ),
    ];
    for (text, pawns) in cases {
        let mut pos = Position::from_setup(&parse_position(v, text).unwrap()).unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for (from, order) in pawns {
            let from = v.geometry.parse_square(from).unwrap();
            let mut listed: Vec<String> = (moves.iter().filter(|m| m.from == from))
                .map(|m| v.square_name(m.to))
                .collect();
            // One entry per destination, in the order first listed; promotions follow each other.
            let promotions = listed.len();
            listed.dedup();
            assert_eq!(listed, order, "{text}");
            if promotions > order.len() {
                assert_eq!(promotions, 6 * order.len(), "{text}: six types each");
            }
        }
    }
}

/// `bare_royals_draw`: a King a side and nothing else draws at once where the file says so; in
/// Capablanca, which does not, the game goes on (to its fifty-move count). The key round-trips.
#[test]
fn bare_kings_draw_where_the_file_says_so() {
    let bare = "k9/10/10/10/10/10/10/9K w - - 0 1";
    assert_eq!(position(game(CAPABLANCA), bare).outcome(), None);
    let text = CAPABLANCA
        .replace("id = \"capablanca\"", "id = \"capablanca-bare-kings\"")
        .replacen("check = true", "check = true\nbare_royals_draw = true", 1);
    let v = game(&text);
    let drawn = position(v, bare).outcome().expect("bare Kings draw");
    assert_eq!((drawn.winner, drawn.reason), (None, WinReason::BareKings));
    // A Rook more is not bare.
    let rook = "k9/10/10/10/10/10/10/R8K w - - 0 1";
    assert_eq!(position(v, rook).outcome(), None);
    let written = game_to_toml(v).unwrap();
    let back = game(&written.replace("capablanca-bare-kings", "capablanca-bare-again"));
    assert!(back.chess_rules.as_ref().unwrap().bare_royals_draw);
    assert_ne!(v.definition_hash(), game(CAPABLANCA).definition_hash());
}

/// A file may give one King several castlings towards a wing (with one Rook): Capablanca Chess
/// with a third castling, the King from f1 to b1 and the Rook from a1 to c1. Each is written with
/// its King's destination where two share a wing (`O-O-O/b1`, `O-O-O/c1`; `O-O` alone), read
/// back, and `O-O-O` alone is ambiguous; the rights go together and the texts round-trip. Two
/// castlings towards one wing with different Rooks are refused: the text names rights by wing.
#[test]
fn a_king_may_have_two_castlings_towards_one_wing() {
    let third =
        "[[castling]]\nking = \"f1\"\nking_to = \"b1\"\nrook = \"a1\"\nrook_to = \"c1\"\n\n";
    let text = CAPABLANCA
        .replacen(
            "id = \"capablanca\"",
            "id = \"capablanca-three-castlings\"",
            1,
        )
        .replacen("[[castling]]", &format!("{third}[[castling]]"), 1);
    let v = game(&text);
    let mut pos = position(
        v,
        "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
    );
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut castles: Vec<(String, Move)> = (moves.iter().copied())
        .filter(|m| m.kind == MoveKind::Castle)
        .map(|m| (format_move(&mut pos, m, Style::Short), m))
        .collect();
    castles.sort_by(|a, b| a.0.cmp(&b.0));
    let texts: Vec<&str> = castles.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(texts, ["O-O", "O-O-O/b1", "O-O-O/c1"]);
    for (text, m) in &castles {
        assert_eq!(parse_move(&mut pos, text).unwrap(), *m, "{text}");
        assert_eq!(
            parse_move(&mut pos, &text.replace('O', "0")).unwrap(),
            *m,
            "{text}"
        );
    }
    let e = parse_move(&mut pos, "O-O-O").unwrap_err().to_string();
    assert_eq!(e, "ambiguous: O-O-O/b1 or O-O-O/c1");
    let before = write_position(&pos);
    let m = castles[1].1;
    pos.make(m);
    let after = write_position(&pos);
    assert!(after.contains("/1,K,R,6,R b castle=qk "), "{after}");
    assert_eq!(position(v, &after).hash(), pos.hash());
    pos.unmake();
    assert_eq!(write_position(&pos), before);
    // The Rook on a1 moves: both long castlings go, the short one stays.
    let mut pos = position(
        v,
        "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
    );
    play(&mut pos, "a1b1");
    assert!(
        write_position(&pos).contains(" castle=Kqk "),
        "{}",
        write_position(&pos)
    );
    // Another Rook towards the same wing is refused, where the file says it.
    let other_rook = text.replacen(
        "rook = \"a1\"\nrook_to = \"c1\"",
        "rook = \"b1\"\nrook_to = \"c1\"",
        1,
    );
    let e = game_from_toml(&other_rook)
        .expect_err("two Rooks on one wing")
        .to_string();
    // The entry refused is the second towards that wing, the file's last.
    let line = other_rook[..other_rook.rfind("[[castling]]").unwrap()]
        .lines()
        .count()
        + 1;
    assert!(e.contains(&format!("line {line},")), "{e}");
    assert!(e.contains("the same King and Rook squares"), "{e}");
}
