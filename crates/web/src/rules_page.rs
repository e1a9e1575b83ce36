//! `GET /api/variants/{id}/rules`: the page of a game's rules in the app, made from the
//! variant's own data (board, sides, the setup rule, the victory and repetition rules it plays
//! by, its royal types) and from the project's documents, built into the binary: the game's
//! `docs/rules/<game>.md` (every reading of the text, with its reason) and the notation of
//! `docs/notation.md` (the three styles, and the game's own move kinds). A game read from a
//! variant file (`--variants DIR`) has no published text and no readings: its page says whose
//! file it is instead. The page renders the Markdown itself (assets/rules.js).

use jovian_rules::chess_rules::{ChessRules, StalemateResult};
use jovian_rules::drop_rules::{DropPlace, DropRules};
use std::borrow::Cow;

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use jovian_rules::Variant;
use serde::Serialize;

use crate::reply::ApiError;
use crate::state::AppState;

const SCIROCCO: &str = include_str!("../../../docs/rules/scirocco.md");
const TYPHOON: &str = include_str!("../../../docs/rules/typhoon.md");
const JUPITER: &str = include_str!("../../../docs/rules/jupiter.md");
const LARGER_BOARD: &str = include_str!("../../../docs/rules/larger-board.md");
const NOTATION: &str = include_str!("../../../docs/notation.md");

#[derive(Serialize)]
struct RulesView {
    id: &'static str,
    title: &'static str,
    /// The variant file the game was read from (its name); `null` for a built-in game.
    file: Option<String>,
    board: String,
    sides: [&'static str; 2],
    types: usize,
    royal: Vec<&'static str>,
    setup: &'static str,
    /// How a game ends, one sentence each, from the rules the variant plays by.
    victory: Vec<String>,
    /// The notation: the three styles and the game's own forms (Markdown).
    notation: String,
    /// Every reading of the text that Jovian had to decide, with its reason; for a file game,
    /// where its rules come from (Markdown).
    readings: Cow<'static, str>,
}

/// The Markdown of the section of `doc` under the heading line `heading`, up to the next heading
/// of the same or a higher level (empty if there is none such).
fn section(doc: &str, heading: &str) -> String {
    let level = heading.chars().take_while(|&c| c == '#').count();
    let mut out = String::new();
    let mut inside = false;
    for line in doc.lines() {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if inside && hashes > 0 && hashes <= level && line[hashes..].starts_with(' ') {
            break;
        }
        if line == heading {
            inside = true;
        }
        if inside {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The built-in game's readings of its text, or for a game read from the variant file `file`,
/// where its rules come from: the file, not a published text (nothing here may claim one).
fn readings(v: &Variant, file: Option<&str>) -> Cow<'static, str> {
    if let Some(file) = file {
        return Cow::Owned(format!(
            "# {}: a designer's file\n\n\
             This game is read from the variant file `{file}`, written by its designer (the \
             format is in docs/variants.md). No published text stands behind it, so Jovian has \
             made no readings of one: the board, the setup and how a game ends above are the \
             file's `[board]`, `[setup]` and `[rules]`, and each piece moves as its `betza` and \
             `hooks` entries say (a hook as in the game it comes from, docs/rules/).\n",
            v.title
        ));
    }
    Cow::Borrowed(match v.id {
        "scirocco" => SCIROCCO,
        "typhoon" => TYPHOON,
        "jupiter" | "jupiter-1999" => JUPITER,
        _ => LARGER_BOARD,
    })
}

/// The notation: the three styles, and a built-in game's own forms (a file game's id is never a
/// built-in one's: `Variant::register` refuses that).
fn notation(v: &Variant) -> String {
    let own = match v.id {
        "typhoon" => section(NOTATION, "## Typhoon's move kinds"),
        "jupiter" | "jupiter-1999" => section(NOTATION, "## Jupiter's move kinds"),
        "larger-board" => section(NOTATION, "## The 12x8 game's forms (`larger-board`)"),
        _ => String::new(),
    };
    section(NOTATION, "### The three styles") + "\n" + &own
}

fn victory(v: &Variant, royal: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    if v.rules.royal_capture_loses {
        out.push(format!(
            "A side that has lost all its royal pieces ({}) has lost.",
            royal.join(", ")
        ));
    }
    if v.rules.bare_piece_loses {
        out.push("A side reduced to a single piece has lost.".to_string());
    }
    match &v.chess_rules {
        Some(rules) => out.extend(check_rule(v, rules, royal)),
        None => out.push("A side with no legal move on its turn has lost.".to_string()),
    }
    if v.rules.promotion_moves == jovian_rules::shogi_rules::PromotionMoves::EntryOrCapture {
        out.push(
            "A piece may promote, if it wishes, on a move that enters its promotion zone, or that \
             captures having started inside it, or after which it could never move again \
             unpromoted; a move inside the zone without a capture does not promote."
                .to_string(),
        );
    }
    if let Some(t) = &v.rules.lion_trading {
        let lions: Vec<&str> = t.lions.kinds().map(|k| v.spec(k).name).collect();
        let lions = lions.join(", ");
        out.push(format!(
            "Lion trading ({lions}): a Lion may not take a Lion that is not next to it where the \
             opponent could take it back at once, unless the same move also takes a piece that \
             is not a {}; after a Lion was taken by a piece that is not a Lion, the next move may \
             not take a Lion with a piece that is not a Lion.",
            t.no_bridge
                .kinds()
                .map(|k| v.spec(k).name)
                .collect::<Vec<_>>()
                .join(" or ")
        ));
    }
    if let Some(d) = &v.rules.drops {
        out.push(drops_sentence(v, d));
    }
    if v.rules.third_repetition_illegal {
        out.push(
            "A move that would make a position occur for the third time is not allowed (so there \
             is no draw by repetition)."
                .to_string(),
        );
    }
    out
}

/// The check rule's sentences, as the game's file sets it (`[rules] check = true`): checkmate
/// and stalemate, the draws, the castlings and the promotions' options and limits.
fn check_rule(v: &Variant, rules: &ChessRules, royal: &[&str]) -> Vec<String> {
    let stalemate = match rules.stalemate {
        StalemateResult::Draw => "a draw",
        StalemateResult::Loss => "the stalemated side has lost",
        StalemateResult::Win => "the stalemated side has won",
    };
    let mut out = vec![format!(
        "Check as in chess: no move may leave one's royal piece ({}) attacked. A side with no \
         legal move on its turn has lost if its royal piece is attacked (checkmate); if not, \
         it is stalemated: {stalemate}.",
        royal.join(", ")
    )];
    let mut draws = Vec::new();
    if rules.repetition_draws {
        draws.push("the third occurrence of a position".to_string());
    }
    if let Some(plies) = rules.fifty_move_plies {
        let reset = if v.powers {
            "a capture, a Pawn move or a drop"
        } else {
            "a capture or a pawn's move"
        };
        draws.push(format!(
            "{plies} plies (moves of either side) without {reset}"
        ));
    }
    if rules.bare_royals_draw {
        draws.push("each side down to its royal piece with nothing left to drop".to_string());
    }
    if !draws.is_empty() {
        out.push(format!("Draws: {}.", draws.join("; ")));
    }
    let castlings: Vec<String> = (rules.castlings.iter())
        .filter(|c| c.color == jovian_rules::Color::Blue)
        .map(|c| {
            let name = |sq| v.square_name(sq);
            format!(
                "the King {}-{} with the piece on {} going to {}",
                name(c.king_from),
                name(c.king_to),
                name(c.rook_from),
                name(c.rook_to)
            )
        })
        .collect();
    if !castlings.is_empty() {
        out.push(format!(
            "Castling ({}, {} mirrored): while neither piece has moved, the squares between them \
             and their destinations are empty, and the King is not in check and passes and \
             reaches no attacked square.",
            castlings.join("; "),
            v.side_titles[1]
        ));
    }
    if rules.promotion_optional {
        out.push(
            "A piece in its promotion zone may decline to promote, unless it could never move \
             again."
                .to_string(),
        );
    }
    let limits: Vec<String> = (v.kinds())
        .filter(|&k| rules.limit(k) > 0)
        .map(|k| {
            format!(
                "{} while its side has fewer than {}",
                v.spec(k).name,
                rules.limit(k)
            )
        })
        .collect();
    if !limits.is_empty() {
        out.push(format!(
            "A piece promotes to a type only while it is allowed: {}.",
            limits.join("; ")
        ));
    }
    out
}

/// What a game's drop rules say, in a sentence or two.
fn drops_sentence(v: &Variant, d: &DropRules) -> String {
    let names = |kinds: &mut dyn Iterator<Item = jovian_rules::PieceKind>| {
        kinds.map(|k| v.spec(k).name).collect::<Vec<_>>().join(", ")
    };
    let mut text = format!(
        "Drops: instead of moving, a side may put a piece from its hand ({}) on any empty \
         square where it could move again later, unless said otherwise below.",
        names(&mut d.kinds().iter().copied())
    );
    if d.all_captures_to_hand() {
        text += " A captured piece joins the captor's hand, as the type it was promoted from.";
    } else if !d.captures_to_hand.is_empty() {
        text += &format!(
            " A captured {} joins the captor's hand.",
            names(&mut d.captures_to_hand.kinds())
        );
    }
    if d.after_royals_moved {
        text += " Drops begin once both royal pieces have left their starting squares.";
    }
    if d.until_royal_on_last_rank {
        text += " Once a royal piece reaches its last rank, there are no more drops.";
    }
    for (slot, &kind) in d.kinds().iter().enumerate() {
        let name = v.spec(kind).name;
        let pairs = d.pairs[slot].as_slice();
        if !pairs.is_empty() {
            let squares: Vec<String> = (pairs.iter())
                .map(|&(a, b)| format!("{}+{}", v.square_name(a), v.square_name(b)))
                .collect();
            text += &format!(
                " {name}s go two at a time onto {} (the second side's on the mirrored ranks).",
                squares.join(" or ")
            );
        }
        text += &match d.place[slot] {
            DropPlace::Anywhere => String::new(),
            DropPlace::BesideRoyal => format!(
                " {name}s go two at a time onto the squares left and right of the royal piece."
            ),
            DropPlace::GivingCheck => {
                format!(" A {name} goes only where it attacks the enemy royal piece.")
            }
            DropPlace::WhileRoyalsFace => format!(
                " A {name} is dropped only while the royal pieces face each other on a line with \
                 nothing between."
            ),
        };
    }
    if !d.answer_pairs.is_empty() {
        text += &format!(
            " After the opponent drops its pair of {}, a side that can drop its own must do so at \
             once.",
            names(&mut d.answer_pairs.kinds())
        );
    }
    if !d.one_per_file.is_empty() {
        text += &format!(
            " No {} is dropped on a file that already holds one of its side's.",
            names(&mut d.one_per_file.kinds())
        );
    }
    for (slot, &kind) in d.kinds().iter().enumerate() {
        if let Some(ranks) = d.restricted_ranks(slot, v.geometry.height) {
            let ranks: Vec<String> = ranks.iter().map(u8::to_string).collect();
            text += &format!(
                " A {} is dropped only on its side's ranks {}.",
                v.spec(kind).name,
                ranks.join(", ")
            );
        }
    }
    if !d.no_drop_mate.is_empty() {
        text += &format!(
            " A drop of a {} may not give checkmate.",
            names(&mut d.no_drop_mate.kinds())
        );
    }
    text
}

pub async fn rules(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let catalogue = &state.catalogue;
    let v = (catalogue.find(&id)).ok_or_else(|| ApiError::not_found(format!("no game {id:?}")))?;
    let file = catalogue.file_of(v).map(|f| f.name.clone());
    let royal: Vec<&'static str> = (v.pieces.iter())
        .filter(|p| p.royal)
        .map(|p| p.name)
        .collect();
    let view = RulesView {
        id: v.id,
        title: v.title,
        readings: readings(v, file.as_deref()),
        file,
        board: format!("{} x {}", v.geometry.width, v.geometry.height),
        sides: v.side_titles,
        types: v.pieces.len(),
        victory: victory(v, &royal),
        royal,
        setup: v.setups.help,
        notation: notation(v),
    };
    Ok(axum::Json(view).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_run_to_the_next_heading_of_their_level() {
        let doc = "# A\nx\n## B\nb1\n### C\nc\n## D\nd\n";
        assert_eq!(section(doc, "## B"), "## B\nb1\n### C\nc\n");
        assert_eq!(section(doc, "### C"), "### C\nc\n");
        assert_eq!(section(doc, "## Z"), "");
    }

    #[test]
    fn every_game_has_its_readings_notation_and_victory() {
        for v in Variant::all() {
            assert!(readings(v, None).starts_with("# "), "{}", v.id);
            let file = readings(v, Some("mine.toml"));
            assert!(file.contains("variant file `mine.toml`"), "{file}");
            assert!(!file.contains(&readings(v, None)[..40]), "{}", v.id);
            let n = notation(v);
            assert!(n.starts_with("### The three styles"), "{}", v.id);
            if v.id != "scirocco" {
                assert!(n.matches("\n## ").count() == 1, "{}: its own forms", v.id);
            }
            assert!(!victory(v, &["King"]).is_empty());
        }
    }

    /// A game with the check rule says so, as its file sets it, and never that a side without a
    /// move has lost; the 12x8 game's castlings are named by their squares.
    #[test]
    fn the_check_rule_is_stated_as_the_file_sets_it() {
        let v = Variant::by_id("larger-board").unwrap();
        let text = victory(v, &["King"]).join(" ");
        assert!(text.contains("stalemated: a draw"), "{text}");
        assert!(
            text.contains("the King e1-g1 with the piece on h1 going to f1"),
            "{text}"
        );
        assert!(
            text.contains("without a capture, a Pawn move or a drop"),
            "{text}"
        );
        assert!(
            !text.contains("no legal move on its turn has lost."),
            "{text}"
        );
        let grand = include_str!("../../../variants/grand.toml");
        let grand = jovian_rules::file::game_from_toml(grand).unwrap();
        let text = victory(grand, &["King"]).join(" ");
        assert!(text.contains("may decline to promote"), "{text}");
        assert!(
            text.contains("Queen while its side has fewer than 1;"),
            "{text}"
        );
        let jupiter = victory(Variant::by_id("jupiter").unwrap(), &["King"]).join(" ");
        assert!(!jupiter.contains("Check as in chess"), "{jupiter}");
    }
}
