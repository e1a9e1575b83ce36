//! Record parsing, replay and writing, with round trips over random games.

use super::*;
use crate::moves::MoveKind;
use crate::notation::tests::all_promoted;
use crate::variants::scirocco;

/// The sample game of docs/notation.md, so that the document shows a game that replays.
fn documented_sample() -> &'static str {
    let doc = include_str!("../../../../docs/notation.md");
    let start = doc.find("```pgn\n").expect("the document has a pgn sample") + 7;
    let len = doc[start..].find("```").expect("the sample is closed");
    &doc[start..start + len]
}

fn replay_error(text: &str) -> String {
    match Record::parse(text) {
        Ok(record) => record
            .replay()
            .map(|_| "ok".into())
            .unwrap_or_else(|e| e.to_string()),
        Err(e) => e.to_string(),
    }
}

/// Blue's Chariot can take Tan's King at once.
const QUICK: &str = "[Variant \"scirocco\"]\n\
                     [Position \"10/10/9,p/10/10/k,9/10/10/10/Ch,8,K b\"]\n";

#[test]
fn the_documented_game_replays() {
    let record = Record::parse(documented_sample()).unwrap();
    assert_eq!(record.tag("Variant"), Some("scirocco"));
    assert_eq!(record.tag("blue"), Some("Blue player"));
    let game = record.replay().unwrap();
    assert_eq!(game.moves.len(), 12);
    assert_eq!(game.setup_name.as_deref(), Some("rot-00111011"));
    // 5. Wxe4 and 6. F-d4 use powers lent by the Dervish.
    assert_eq!(game.moves[8].kind, MoveKind::Relayed);
    assert_eq!(game.moves[10].kind, MoveKind::Relayed);
    assert_eq!(
        fen::write_position(&game.position),
        "wa,d,go,de,1,n,1,st,a,ch/1,ma,sc,co,f,w,k,sc,pr,1/p,p,gu,3,p,gu,p,p/4,p,5/3,p,6/10/\
         3,F,W,5/P,P,Gu,P,De,P,P,Gu,P,P/1,Pr,Sc,K,2,Co,Sc,Ma,1/Ch,A,St,1,N,2,Go,D,Wa b"
    );
    assert_eq!(game.outcome, None);
    let rewritten = Record::from_game(&game, record.tags.clone()).to_text();
    assert_eq!(
        rewritten,
        "[Event \"Sample\"]\n[Date \"2024.05.01\"]\n[Blue \"Blue player\"]\n\
         [Tan \"Tan player\"]\n[Result \"*\"]\n[Variant \"scirocco\"]\n\
         [VariantHash \"7491ce879bc2\"]\n[Setup \"rot-00111011\"]\n\n\
         1. P-e4 P-f7 2. C-g4 P-e7 3. Cxf7 Cxf7 4. De-e3 Cxe4 5. Wxe4 P-d7 6. F-d4 P-d6 *\n"
    );
    assert_eq!(Record::parse(&rewritten).unwrap().moves, record.moves);
}

#[test]
fn movetext_forms_and_comments() {
    let text = "[Variant \"scirocco\"] [Blue \"A \\\"quoted\\\" \\\\ name\"]\n\
                1.P-e4 ; a line comment\n 1... P-f7 {a { comment\n over lines} 2. C-g4 $1 \
                (2. P-d4 (2. P-c4) P-d7) e8e7 3. g4f7 1/2-1/2";
    let record = Record::parse(text).unwrap();
    assert_eq!(record.moves, ["P-e4", "P-f7", "C-g4", "e8e7", "g4f7"]);
    assert_eq!(record.result.as_deref(), Some("1/2-1/2"));
    assert_eq!(record.tag("Blue"), Some("A \"quoted\" \\ name"));
    // A result glued to a move number is still the result (found by proptest).
    let glued = Record::parse("1. P-e4 P-f7 2.*").unwrap();
    assert_eq!((glued.moves.len(), glued.result.as_deref()), (2, Some("*")));
    let game = record.replay().unwrap();
    // The result token is the players' claim, not part of the game: pass it as a tag.
    let mut tags = record.tags.clone();
    tags.push(("Result".into(), "1/2-1/2".into()));
    let again = Record::from_game(&game, tags);
    assert_eq!(again.tag("Result"), Some("1/2-1/2"));
    assert_eq!(again.moves, ["P-e4", "P-f7", "C-g4", "P-e7", "Cxf7"]);
    assert_eq!(Record::parse(&again.to_text()).unwrap(), again);
}

#[test]
fn a_position_with_tan_to_move_starts_with_move_one_ellipsis() {
    let text = "[Variant \"scirocco\"]\n\
                [Position \"10/10/9,p/10/10/k,9/10/10/10/Ch,8,K t\"]\n1... K-a6 2. Ch-a5 K-b6";
    let game = Record::parse(text).unwrap().replay().unwrap();
    let record = Record::from_game(&game, vec![]);
    assert!(
        record
            .to_text()
            .ends_with("\n\n1... K-a6 2. Ch-a5 K-b6 *\n")
    );
    assert_eq!(
        record.tag("Position"),
        Some("10/10/9,p/10/10/k,9/10/10/10/Ch,8,K t")
    );
    let bad = text.replace("2. Ch-a5", "2. Ch-a7");
    assert_eq!(
        replay_error(&bad),
        "move 2 (Blue) \"Ch-a7\": no Chariot can move to a7"
    );
}

#[test]
fn move_numbers_must_be_the_turns_they_stand_before() {
    let v = "[Variant \"scirocco\"]\n";
    let parse = |moves: &str| Record::parse(&format!("{v}{moves}")).map(|r| r.moves.len());
    // Written as `to_text` writes them, left out, or Tan's repeated after a comment: all fine.
    assert_eq!(parse("1. P-e4 P-f7 2. C-g4 *"), Ok(3));
    assert_eq!(parse("P-e4 P-f7 C-g4"), Ok(3));
    assert_eq!(parse("1. P-e4 {why} 1... P-f7 2.C-g4 2...P-e7"), Ok(4));
    assert_eq!(parse("1. P-e4 1. ... P-f7"), Ok(2));
    assert_eq!(parse("1. P-e4 P-f7 2.$1 C-g4"), Ok(3));
    let err = |moves: &str| parse(moves).unwrap_err().to_string();
    let tail = "(turns are numbered from 1; N... stands before Tan's move)";
    assert_eq!(
        err("0. P-e4"),
        format!("line 2: move number \"0.\" should be \"1.\" {tail}")
    );
    assert_eq!(
        err("1. P-e4 P-f7 3. C-g4"),
        format!("line 2: move number \"3.\" should be \"2.\" {tail}")
    );
    assert_eq!(
        err("1. P-e4 2. P-f7"),
        format!("line 2: move number \"2.\" should be \"1...\" {tail}")
    );
    assert_eq!(
        err("1... P-e4"),
        format!("line 2: move number \"1...\" should be \"1.\" {tail}")
    );
    assert_eq!(
        err("1. P-e4\n99999999999999999999999. P-f7"),
        format!("line 3: move number \"99999999999999999999999.\" should be \"1...\" {tail}")
    );
    assert_eq!(
        err("1. 2. P-e4"),
        "line 2: move number \"1.\" has no move after it"
    );
    assert_eq!(
        err("1. P-e4 P-f7 3.*"),
        format!("line 2: move number \"3.\" should be \"2.\" {tail}")
    );
    assert_eq!(
        err("1. P-e4 ... P-f7"),
        "line 2: unexpected \"...\" among the moves"
    );
    // The two parts of a doubled turn written apart are one turn.
    assert_eq!(
        Record::parse("1. Gu-b5& Gu-b6 1... P-f7 2. C-g4").map(|r| r.moves.len()),
        Ok(4)
    );
    assert_eq!(
        Record::parse("1. Gu-b5& 2. Gu-b6").unwrap_err().to_string(),
        "line 1: move number \"2.\" stands between the two parts of a doubled turn, which make \
         one turn"
    );
    // A game set up with Tan to move starts with `1...`.
    let tan = "[Variant \"scirocco\"]\n[Position \"10/10/9,p/10/10/k,9/10/10/10/Ch,8,K t\"]\n";
    assert!(Record::parse(&format!("{tan}1... K-a6 2. Ch-a5")).is_ok());
    assert_eq!(
        Record::parse(&format!("{tan}1. K-a6"))
            .unwrap_err()
            .to_string(),
        format!("line 3: move number \"1.\" should be \"1...\" {tail}")
    );
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let text = format!("\u{feff}{}", documented_sample());
    let record = Record::parse(&text).unwrap();
    assert_eq!(record.tag("Variant"), Some("scirocco"));
    assert_eq!(record.replay().unwrap().moves.len(), 12);
    // Anywhere else it is no part of a record.
    let inside = documented_sample().replacen("1. P-e4", "1. \u{feff}P-e4", 1);
    assert!(Record::parse(&inside).unwrap().replay().is_err());
}

#[test]
fn results_are_checked_against_the_rules() {
    assert_eq!(replay_error(&format!("{QUICK}1. Chxa5 1-0")), "ok");
    assert_eq!(replay_error(&format!("{QUICK}1. Chxa5 *")), "ok");
    let wrong = "result 0-1 contradicts the game: Blue has won (Tan's King was captured)";
    assert_eq!(replay_error(&format!("{QUICK}1. Chxa5 0-1")), wrong);
    assert_eq!(
        replay_error(&format!("{QUICK}[Result \"1/2-1/2\"]\n1. Chxa5")),
        "result 1/2-1/2 contradicts the game: Blue has won (Tan's King was captured)"
    );
    // Resignation or agreement before the end is a matter for the players.
    assert_eq!(replay_error(&format!("{QUICK}1. Ch-a2 0-1")), "ok");
    assert_eq!(replay_error(&format!("{QUICK}1. Ch-a2 1/2-1/2")), "ok");
    let game = Record::parse(&format!("{QUICK}1. Chxa5"))
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(game.outcome.and_then(|o| o.winner), Some(Color::Blue));
    assert_eq!(Record::from_game(&game, vec![]).tag("Result"), Some("1-0"));
}

#[test]
fn errors_name_the_problem_and_the_place() {
    let v = "[Variant \"scirocco\"]\n";
    let cases: Vec<(String, &str)> = vec![
        (
            "1. P-e4 *".into(),
            "missing Variant tag (known variants: scirocco, typhoon, jupiter, jupiter-1999, larger-board)",
        ),
        (
            "[Variant \"chess\"]".into(),
            "unknown variant \"chess\" in the Variant tag (known: scirocco, typhoon, jupiter, jupiter-1999, larger-board)",
        ),
        (
            format!("{v}[Setup \"default\"][Position \"x b\"]"),
            "both a Setup and a Position tag; give one of them",
        ),
        (
            format!("{v}[Position \"10/10 b\"]"),
            "Position tag: expected 10 ranks, found 2",
        ),
        (
            format!("{v}[Position \"10/10/10/10/10/10/10/10/10/K,9 b\"]"),
            "Position tag: Tan has no royal piece",
        ),
        (
            format!("{v}1. P-e4 P-f7 2. C-g4 Ch-a5"),
            "move 2 (Tan) \"Ch-a5\": no Chariot can move to a5",
        ),
        (
            format!("{QUICK}1. Chxa5 P-j7"),
            "move 1 (Tan) \"P-j7\": the game is already over (Tan's King was captured)",
        ),
        (
            "[Variant scirocco]".into(),
            "line 1: malformed tag: the value of Variant must be in double quotes",
        ),
        (
            "\n[Variant \"scirocco\"\n1. P-e4".into(),
            "line 2: malformed tag: expected ] after the value of Variant",
        ),
        (
            "[\"scirocco\"]".into(),
            "line 1: malformed tag: a tag starts with its name, as in [Variant \"scirocco\"]",
        ),
        (
            "[Variant \"sci\n\"]".into(),
            "line 1: malformed tag: the value of Variant is not closed on its line",
        ),
        (
            format!("{v}[Variant \"x\"]"),
            "line 2: tag Variant is given twice",
        ),
        (
            format!("{v}1. P-e4 {{never closed"),
            "line 2: the comment opened with { is never closed",
        ),
        (
            format!("{v}1. P-e4 (1... P-f7"),
            "line 2: the variation opened with ( is never closed",
        ),
        (
            format!("{v}1. P-e4 *\n2. P-d4"),
            "line 3: \"2.\" after the result *",
        ),
        (
            format!("{v}1. P-e4\n[Blue \"x\"]"),
            "line 3: tags must come before the moves",
        ),
        (
            format!("{v}12 P-e4"),
            "line 2: unexpected \"12\" among the moves",
        ),
        (
            format!("{v}[Result \"2-0\"]"),
            "unknown result \"2-0\" in the Result tag (expected 1-0, 0-1, 1/2-1/2 or *)",
        ),
        (
            format!("{v}[Result \"1-0\"] 1. P-e4 0-1"),
            "the Result tag says 1-0 but the moves end with 0-1",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(replay_error(&text), message, "{text}");
    }
    let unknown = replay_error(&format!("{v}[Setup \"rot-2\"]"));
    assert!(unknown.starts_with("unknown setup \"rot-2\" for Scirocco; setups are named rot-"));
}

/// A deterministic pseudo-random sequence for choosing moves.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Every legal move, written in each style, reads back as itself; short texts are unique.
fn check_round_trips(pos: &mut Position, legal: &[Move]) {
    let mut seen = std::collections::HashSet::new();
    for &m in legal {
        for style in [Style::Short, Style::Long, Style::Coordinate] {
            let text = notation::format_move(pos, m, style);
            assert_eq!(
                notation::parse_move(pos, &text),
                Ok(m),
                "{text} in {style:?}"
            );
            assert!(
                style != Style::Short || seen.insert(text.clone()),
                "{text} twice"
            );
        }
    }
}

#[test]
fn random_games_round_trip_every_move_and_their_records() {
    let v = scirocco::variant();
    let mut starts: Vec<(Setup, Option<String>)> =
        ["default", "rot-00000000", "mir-10101010", "2001-WaWa"]
            .iter()
            .map(|n| (Setup::named(v, n).unwrap(), Some(n.to_string())))
            .collect();
    starts.push((all_promoted().to_setup(), None));
    let mut rng = Lcg(7);
    let (mut kinds, mut promotions) = ([0usize; 4], 0);
    for (start, setup_name) in starts {
        for _ in 0..3 {
            let mut position = Position::from_setup(&start).unwrap();
            let (mut moves, mut legal) = (Vec::new(), Vec::new());
            for _ in 0..70 {
                position.legal_moves(&mut legal);
                if legal.is_empty() {
                    break;
                }
                check_round_trips(&mut position, &legal);
                for m in &legal {
                    kinds[m.kind as usize] += 1;
                    promotions += m.promotion().is_some() as usize;
                }
                // Prefer captures now and then so that games reach promotions and endings.
                let captures: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|&m| position.is_capture(m))
                    .collect();
                let m = if !captures.is_empty() && rng.below(3) == 0 {
                    captures[rng.below(captures.len())]
                } else {
                    legal[rng.below(legal.len())]
                };
                position.make(m);
                moves.push(m);
            }
            let outcome = position.outcome();
            let (start, setup_name) = (start.clone(), setup_name.clone());
            let game = Game {
                variant: v,
                start,
                setup_name,
                moves,
                position,
                outcome,
            };
            let text = Record::from_game(&game, vec![("Blue".into(), "LCG".into())]).to_text();
            let movetext = text.lines().skip_while(|l| !l.is_empty());
            assert!(movetext.clone().all(|l| l.len() <= 80), "{text}");
            let replayed = Record::parse(&text).unwrap().replay().unwrap();
            assert_eq!(replayed.moves, game.moves);
            assert_eq!(replayed.position.hash(), game.position.hash());
            assert_eq!(replayed.outcome, outcome);
        }
    }
    // The games exercised every kind of move and promotions.
    assert!(kinds.iter().all(|&n| n > 0), "{kinds:?}");
    assert!(promotions > 0);
}

proptest::proptest! {
    #[test]
    fn parse_move_never_panics(text in "\\PC{0,24}") {
        let mut start = Position::start(scirocco::variant());
        let _ = notation::parse_move(&mut start, &text);
        let _ = notation::parse_move(&mut all_promoted(), &text);
    }

    #[test]
    fn what_parse_move_accepts_is_legal(text in "[A-Za-z]{0,3}[a-z0-9]{0,4}[-x!=+,]{0,2}[a-l0-9]{0,4}[-,=+!?#]{0,2}[A-Za-z0-9]{0,3}") {
        let mut pos = all_promoted();
        if let Ok(m) = notation::parse_move(&mut pos, &text) {
            proptest::prop_assert!(pos.is_legal(m));
            let short = notation::format_move(&mut pos, m, Style::Short);
            proptest::prop_assert_eq!(notation::parse_move(&mut pos, &short), Ok(m));
        }
    }

    #[test]
    fn record_parse_and_replay_never_panic(text in "\\PC{0,200}") {
        if let Ok(record) = Record::parse(&text) {
            let _ = record.replay();
            let _ = record.to_text();
        }
    }

    #[test]
    fn records_of_near_misses_never_panic(
        tags in "(\\[(Variant|Setup|Result|Position) \"(scirocco|default|rot-00000000|1-0|\\*|x)\"\\]\n){0,4}",
        moves in "([0-9]{1,2}\\.{1,3} ?)?([A-Z][a-z]?[a-j][0-9]{1,2}[-x]?[a-j][0-9]{1,2} ?|[{}();*] ?){0,8}",
    ) {
        let text = format!("[Variant \"scirocco\"]\n{tags}{moves}");
        if let Ok(record) = Record::parse(&text) {
            let _ = record.replay();
            proptest::prop_assert_eq!(Record::parse(&record.to_text()).map(|r| r.moves), Ok(record.moves.clone()));
        }
    }
}

#[test]
fn players_are_named_by_the_variant_s_sides_and_old_tags_still_read() {
    let larger = Variant::by_id("larger-board").unwrap();
    let scirocco = Variant::by_id("scirocco").unwrap();
    assert_eq!(player_tag(larger, Color::Blue), "White");
    assert_eq!(player_tag(larger, Color::Tan), "Black");
    assert_eq!(player_tag(scirocco, Color::Tan), "Tan");
    let new = Record::parse("[White \"Ann\"] [Black \"Bob\"] [Tan \"old\"]").unwrap();
    assert_eq!(new.player(larger, Color::Blue), Some("Ann"));
    assert_eq!(
        new.player(larger, Color::Tan),
        Some("Bob"),
        "the side's own tag first"
    );
    let old = Record::parse("[Blue \"Ann\"] [Tan \"Bob\"]").unwrap();
    assert_eq!(old.player(larger, Color::Blue), Some("Ann"));
    assert_eq!(old.player(scirocco, Color::Tan), Some("Bob"));
    // The seven PGN tags come first, in PGN's order, then the game's own.
    let text = Record {
        tags: [
            ("TimeControl", "600+5"),
            ("Variant", "larger-board"),
            ("Black", "B"),
            ("White", "W"),
            ("Round", "-"),
            ("Site", "here"),
            ("Event", "E"),
            ("Date", "2026.01.02"),
            ("Result", "*"),
        ]
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect(),
        ..Record::default()
    }
    .to_text();
    let names: Vec<&str> = (text.lines())
        .filter_map(|l| l.strip_prefix('[')?.split(' ').next())
        .collect();
    assert_eq!(
        names,
        [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "Variant",
            "TimeControl"
        ]
    );
}

#[test]
fn dates_are_pgn_dates_in_utc() {
    assert_eq!(pgn_date(0), "1970.01.01");
    assert_eq!(pgn_date(951_782_400), "2000.02.29");
    assert_eq!(pgn_date(1_767_225_599), "2025.12.31");
    assert_eq!(pgn_date(-1), "1969.12.31");
}

#[test]
fn the_declared_winner_comes_from_the_tag_then_the_moves_result() {
    let winner = |text: &str| Record::parse(text).unwrap().finished_winner();
    assert_eq!(
        winner(&format!("{QUICK}1. Chxa5 1-0")),
        Ok(Some(Color::Blue))
    );
    assert_eq!(
        winner(&format!("{QUICK}[Result \"0-1\"]\n1. Chxa5")),
        Ok(Some(Color::Tan))
    );
    assert_eq!(winner(&format!("{QUICK}1. Chxa5 1/2-1/2")), Ok(None));
    for unfinished in [format!("{QUICK}1. Chxa5 *"), format!("{QUICK}1. Chxa5")] {
        assert_eq!(
            winner(&unfinished),
            Err("result \"*\" is not a finished game".to_string())
        );
    }
}

#[test]
fn records_carry_the_definition_hash_and_one_of_another_definition_is_refused() {
    let scirocco = scirocco::variant();
    let game = Record::parse(&format!("{QUICK}1. Ch-a2"))
        .unwrap()
        .replay()
        .unwrap();
    // A tag given by the caller (a record read back) is replaced by the game's own.
    let stale = vec![(HASH_TAG.to_string(), "000000000000".to_string())];
    let text = Record::from_game(&game, stale).to_text();
    let tag = format!("[VariantHash \"{}\"]\n", scirocco.definition_hash());
    assert!(
        text.contains(&format!("[Variant \"scirocco\"]\n{tag}[Position ")),
        "{text}"
    );
    let back = Record::parse(&text).unwrap();
    assert_eq!(back.tag(HASH_TAG), Some(scirocco.definition_hash()));
    assert_eq!(back.replay().unwrap().moves, game.moves);
    assert_eq!(Record::parse(&back.to_text()).unwrap(), back);

    let other = text.replace(scirocco.definition_hash(), "3fa9c2e01b7d");
    let error = Record::parse(&other).unwrap().replay().unwrap_err();
    assert_eq!(
        error,
        RecordError::DefinitionChanged {
            game: "scirocco".into(),
            recorded: "3fa9c2e01b7d".into(),
            current: scirocco.definition_hash().into(),
        }
    );
    assert_eq!(
        error.to_string(),
        format!(
            "the record was made under definition 3fa9c2e01b7d of scirocco, but scirocco here is \
             definition {}: the game changed since, and the record is not replayed under other \
             rules",
            scirocco.definition_hash()
        )
    );
    // Older records, without the tag, replay as before; the tag's case and spaces do not count.
    assert_eq!(replay_error(&text.replace(&tag, "")), "ok");
    let upper = text.replace(
        scirocco.definition_hash(),
        &format!(" {} ", scirocco.definition_hash().to_uppercase()),
    );
    assert_eq!(replay_error(&upper), "ok");
}

#[test]
fn a_file_game_s_record_carries_its_own_hash() {
    let text = crate::file::game_to_toml(scirocco::variant())
        .unwrap()
        .replace("id = \"scirocco\"", "id = \"record-hash-test\"")
        .replace("betza = \"jR\"", "betza = \"jRN\"");
    let v = crate::file::game_from_toml(&text).unwrap();
    Variant::register(v).unwrap();
    assert_ne!(v.definition_hash(), scirocco::variant().definition_hash());
    let record = "[Variant \"record-hash-test\"]\n\n1. P-e4 P-f7 *\n";
    let game = Record::parse(record).unwrap().replay().unwrap();
    let written = Record::from_game(&game, vec![]).to_text();
    assert!(written.contains(&format!("[VariantHash \"{}\"]", v.definition_hash())));
    assert_eq!(replay_error(&written), "ok");
    // The same moves under Scirocco's definition, as if the file had been changed back.
    let changed = written.replace(v.definition_hash(), scirocco::variant().definition_hash());
    assert!(
        replay_error(&changed).starts_with(&format!(
            "the record was made under definition {} of record-hash-test, but \
             record-hash-test here is definition {}",
            scirocco::variant().definition_hash(),
            v.definition_hash()
        )),
        "{}",
        replay_error(&changed)
    );
}

/// The 12x8 game's hash changed when its file came to state the Pawn's advances, and again
/// when it came to state its check rules and castlings (the same rules): its file lists the
/// former hashes, so records made under them replay; another is refused.
#[test]
fn a_record_made_under_a_former_hash_of_the_game_replays() {
    let text = |hash: &str| {
        format!("[Variant \"larger-board\"]\n[VariantHash \"{hash}\"]\n\n1. e4 e5 *\n")
    };
    let larger = Variant::by_id("larger-board").unwrap();
    for former in ["6a53bac8f8ad", "e5cc818ce501"] {
        assert!(larger.former_hashes.contains(&former));
        assert_eq!(replay_error(&text(former)), "ok");
    }
    assert_eq!(replay_error(&text(larger.definition_hash())), "ok");
    assert!(replay_error(&text("6a53bac8f8ae")).contains("made under definition 6a53bac8f8ae"));
}
