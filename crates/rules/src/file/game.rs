//! A whole game as a variant file: `[game]`, `[board]`, `[rules]`, `[setup]` and the
//! `[[piece]]` table (`piece.rs`), read into a `Variant` with every check `Variant::build` would
//! otherwise make by panicking, and written back from one. docs/variants.md describes the keys.
//!
//! Every built-in game is such a file (`games/*.toml`), written back and read into the same game
//! (a test); the 12x8 game's exotic pieces name their powers as hooks (`powers.rs`).

use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::piece::{FileError, PieceEntry, check_pieces};
use crate::geometry::{Color, Geometry, MAX_SIDE, Square};
use crate::leak;
use crate::piece::PieceKind;
use crate::shogi_rules::{KindSet, LionTrading, PromotionMoves};
use crate::variant::{Placement, PromotionRule, Rules, SetupRule, Variant};

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSection {
    /// The game's identifier on the command line and in records: lower-case letters, digits, `-`.
    pub id: String,
    pub title: String,
    /// The board-dependent promotion rule, if any: `"emperor_of_emperors"` (Typhoon's and
    /// Jupiter's: the King becomes an Emperor of Emperors while an Emperor is on the board).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<PromotionRule>,
    /// The built-in game this one varies (`"jupiter"`): the engine plays it with that game's
    /// settings and values the types the two share as that game does (docs/variants.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub based_on: Option<String>,
    /// The sides' names, the first side's first (`["White", "Black"]`); Blue and Tan if absent.
    /// Their first letters, in lower case, name the side to move in a position's text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sides: Option<[String; 2]>,
    /// Other names the game answers to on the command line and in records (`["12x8"]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// An older file's switch for the 12x8 game's powers, `"larger-board"`: read and ignored,
    /// since the pieces that name a power (`halfling`, `wizard`, ...) switch them on (`powers.rs`
    /// checks what such a file must keep). Never written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layer: Option<String>,
    /// Definition hashes this game had before its text changed without a change of rules
    /// (12 hex digits each): records made under them still replay. Only for a change that plays
    /// the same game; any other change must refuse its old records.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub former_hashes: Vec<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSection {
    pub files: u8,
    pub ranks: u8,
    /// The promotion zones, Blue's then Tan's, as rank numbers from 1.
    #[serde(default)]
    pub promotion_ranks: [Vec<u8>; 2],
    /// The files' letters from the first side's left (`"yzabcdefghij"`); a, b, c... if absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_letters: Option<String>,
}

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RulesSection {
    /// Losing every royal piece loses.
    #[serde(default)]
    pub royal_capture_loses: bool,
    /// Being reduced to a single piece loses.
    #[serde(default)]
    pub bare_piece_loses: bool,
    /// A move that makes a position occur for the third time is illegal.
    #[serde(default)]
    pub third_repetition_illegal: bool,
    /// The check rule (International Chess): no move may leave a royal piece attacked, and a
    /// side without a legal move is checkmated, or stalemated if not in check.
    #[serde(default, skip_serializing_if = "is_false")]
    pub check: bool,
    /// With `check`: the stalemated side's result, `"draw"` (the default), `"loss"` or `"win"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stalemate: Option<crate::chess_rules::StalemateResult>,
    /// With `check`: plies without a capture or a pawn's move that draw (100 if absent; 0 for
    /// no such rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fifty_move_plies: Option<u16>,
    /// With `check`: the third occurrence of a position draws (true if absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repetition_draws: Option<bool>,
    /// With `check`: one piece a side (the royal ones) and nothing to drop draws (false if absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bare_royals_draw: Option<bool>,
    /// With `check`: `"compulsory"` (the default: a piece reaching its zone promotes) or
    /// `"optional"` (it may decline, except where it could never move again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<PromotionKind>,
    /// With `check`: the most pieces of a type a side may have on the board for a promotion to it
    /// (`{ Q = 1, R = 2 }`); types not named have no limit.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub promotion_limits: std::collections::BTreeMap<String, u8>,
    /// Which moves may promote: `"start_or_end"` (the default: a move that starts or ends in the
    /// zone) or `"entry_or_capture"` (Chu Shogi's).
    #[serde(default, skip_serializing_if = "is_default")]
    pub promotion_moves: PromotionMoves,
    /// Chu Shogi's rules against trading Lions: `{ lions = ["Ln"], no_bridge = ["P", "GB"] }`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lion_trading: Option<LionTradingEntry>,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// `[rules] lion_trading`: the types the rules call Lions, and those whose capture makes no
/// bridge to a protected Lion.
#[derive(Clone, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct LionTradingEntry {
    pub lions: Vec<String>,
    #[serde(default)]
    pub no_bridge: Vec<String>,
}

fn is_false(b: &bool) -> bool {
    !b
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PromotionKind {
    Compulsory,
    Optional,
}

/// One castling of the first side, `[[castling]]`; the second side's mirrors it across the
/// middle rank.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingEntry {
    /// The royal piece's square and destination (`"f1"`, `"i1"`).
    pub king: String,
    pub king_to: String,
    /// The other piece's square and destination (`"j1"`, `"h1"`).
    pub rook: String,
    pub rook_to: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupSection {
    /// The arrays of a built-in game, by its id: its pairs, symmetries and names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub builtin: Option<String>,
    /// Blue's pieces, `"ABBR square"` each; Tan's are their images under `symmetry`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blue: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symmetry: Option<Symmetry>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symmetry {
    /// Tan's array is Blue's turned half a turn (a1 <-> the far corner).
    Rotational,
    /// Tan's array is Blue's reflected in the middle rank (files kept).
    Mirror,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GameIn {
    pub(super) game: Spanned<GameSection>,
    pub(super) board: Spanned<BoardSection>,
    pub(super) rules: Spanned<RulesSection>,
    pub(super) setup: Spanned<SetupSection>,
    #[serde(default)]
    pub(super) drops: Option<Spanned<super::drops::DropsSection>>,
    #[serde(default)]
    pub(super) castling: Vec<Spanned<CastlingEntry>>,
    pub(super) piece: Vec<Spanned<PieceEntry>>,
}

#[derive(Serialize)]
struct GameOut<'a> {
    game: GameSection,
    board: BoardSection,
    rules: RulesSection,
    setup: SetupSection,
    #[serde(skip_serializing_if = "Option::is_none")]
    drops: Option<super::drops::DropsSection>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    castling: Vec<CastlingEntry>,
    #[serde(skip)]
    pieces: &'a [crate::piece::PieceSpec],
}

/// A built-in game from its embedded file (`games/*.toml`). The files are the games' source and
/// a test reads each, so a failure here is a broken build, not bad input.
pub(crate) fn builtin_game(text: &str) -> &'static Variant {
    game_from_toml(text).unwrap_or_else(|e| panic!("a built-in game's file does not read: {e}"))
}

/// A game file read into a compiled variant (made `'static`: a game is loaded once and kept).
pub fn game_from_toml(text: &str) -> Result<&'static Variant, FileError> {
    let file: GameIn = toml::from_str(text).map_err(|e| FileError::of_toml(text, &e))?;
    check_pieces(text, &file.piece)?;
    let at =
        |span: std::ops::Range<usize>, message: String| FileError::at(text, span.start, message);
    let game = file.game.get_ref();
    if !id_is_valid(&game.id) {
        return Err(at(
            file.game.span(),
            format!(
                "the game's id {:?} must be 1 to 40 lower-case letters, digits or '-'",
                game.id
            ),
        ));
    }
    // Named by its id, as the built-in games are (`Variant::all`, not `by_id`: a file game is no
    // engine's model).
    let based_on = match &game.based_on {
        None => None,
        Some(name) => Some(
            Variant::all()
                .into_iter()
                .find(|v| v.id == name.as_str())
                .map(|v| v.id)
                .ok_or_else(|| {
                    let ids: Vec<&str> = Variant::all().iter().map(|v| v.id).collect();
                    at(
                        file.game.span(),
                        format!(
                            "based_on = {name:?} is not a built-in game (one of: {})",
                            ids.join(", ")
                        ),
                    )
                })?,
        ),
    };
    let board = file.board.get_ref();
    let rules_in = file.rules.get_ref();
    // The 12x8 game's powers are switched on by the pieces that name them; `layer` is an older
    // file's way of saying so, still read.
    if let Some(other) = game.layer.as_deref()
        && other != crate::variants::larger_board::LAYER
    {
        return Err(at(
            file.game.span(),
            format!(
                "layer = {other:?} is not a rules layer of Jovian (the only one was {:?}, whose \
                 powers are now switched on by the pieces' hooks: the key may be left out)",
                crate::variants::larger_board::LAYER
            ),
        ));
    }
    let powers = (file.piece.iter()).any(|p| p.get_ref().hooks.iter().any(|h| h.is_power_hook()));
    if powers {
        super::powers::check_powers(&file).map_err(|(span, why)| at(span, why))?;
    }
    let aliases = game
        .aliases
        .iter()
        .map(|alias| {
            id_is_valid(alias).then(|| alias.clone()).ok_or_else(|| {
                at(
                    file.game.span(),
                    format!("alias {alias:?} must be 1 to 40 lower-case letters, digits or '-'"),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(bad) = (game.former_hashes.iter()).find(|h| {
        h.len() != super::definition::HASH_DIGITS
            || !h
                .chars()
                .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c))
    }) {
        return Err(at(
            file.game.span(),
            format!(
                "former_hashes: {bad:?} is not a definition hash ({} hex digits, 0-9 and a-f)",
                super::definition::HASH_DIGITS
            ),
        ));
    }
    let no_way_to_win =
        !rules_in.royal_capture_loses && !rules_in.bare_piece_loses && !rules_in.check;
    if no_way_to_win && !powers {
        return Err(at(
            file.rules.span(),
            "the game has no way to be won: set royal_capture_loses, bare_piece_loses or check"
                .to_string(),
        ));
    }
    if rules_in.check && rules_in.royal_capture_loses {
        return Err(at(
            file.rules.span(),
            "check = true keeps royal pieces from being captured: royal_capture_loses does not \
             go with it"
                .to_string(),
        ));
    }
    for (what, n) in [("files", board.files), ("ranks", board.ranks)] {
        if !(2..=MAX_SIDE).contains(&n) {
            return Err(at(
                file.board.span(),
                format!("the board has {n} {what}; a board has 2 to {MAX_SIDE}"),
            ));
        }
    }
    for ranks in &board.promotion_ranks {
        if let Some(r) = ranks.iter().find(|&&r| r == 0 || r > board.ranks) {
            return Err(at(
                file.board.span(),
                format!(
                    "promotion rank {r} is not a rank of the board (1 to {})",
                    board.ranks
                ),
            ));
        }
    }
    let geometry = match &board.file_letters {
        None => Geometry::new(board.files, board.ranks),
        Some(letters) => {
            let mut seen: Vec<char> = letters.chars().collect();
            let count = seen.len();
            seen.sort_unstable();
            seen.dedup();
            if count != board.files as usize
                || seen.len() != count
                || !seen.iter().all(char::is_ascii_lowercase)
            {
                return Err(at(
                    file.board.span(),
                    format!(
                        "file_letters {letters:?} must be {} different lower-case letters, one \
                         per file",
                        board.files
                    ),
                ));
            }
            Geometry::with_file_letters(board.files, board.ranks, letters)
        }
    };
    let entries: Vec<PieceEntry> = file.piece.iter().map(|e| e.get_ref().clone()).collect();
    let kind_of = |abbr: &str| {
        entries
            .iter()
            .position(|e| e.abbr == abbr)
            .map(|i| PieceKind(i as u8))
    };
    if game.promotion == Some(PromotionRule::EmperorOfEmperors)
        && (kind_of("Em").is_none() || kind_of("EE").is_none())
    {
        return Err(at(
            file.game.span(),
            "promotion = \"emperor_of_emperors\" needs an Emperor (Em) and an Emperor of \
             Emperors (EE) among the pieces"
                .to_string(),
        ));
    }
    let setup = file.setup.get_ref();
    let file_setup_start = file.setup.span().start;
    let (rule, fixed) = match (&setup.builtin, setup.blue.is_empty()) {
        (Some(id), true) => {
            let arrays = crate::variants::builtin_arrays(id).ok_or_else(|| {
                at(
                    file.setup.span(),
                    format!("no built-in game {id:?} whose arrays a file may use"),
                )
            })?;
            if (arrays.files, arrays.ranks) != (board.files, board.ranks) {
                return Err(at(
                    file.setup.span(),
                    format!(
                        "builtin = {id:?} places pieces on a {}x{} board, not {}x{}",
                        arrays.files, arrays.ranks, board.files, board.ranks
                    ),
                ));
            }
            let mut missing: Vec<&str> = (arrays.places)()
                .into_iter()
                .filter(|a| kind_of(a).is_none())
                .collect();
            missing.sort_unstable();
            missing.dedup();
            if !missing.is_empty() {
                return Err(at(
                    file.setup.span(),
                    format!(
                        "builtin = {id:?} places pieces this table lacks: {}",
                        missing.join(", ")
                    ),
                ));
            }
            (arrays.rule, Vec::new())
        }
        (None, false) => {
            let symmetry = setup.symmetry.ok_or_else(|| {
                at(
                    file.setup.span(),
                    "the setup needs symmetry = \"rotational\" or \"mirror\" for Tan's pieces"
                        .to_string(),
                )
            })?;
            let array = fixed_array(&setup.blue, symmetry, &geometry, &kind_of)
                .map_err(|why| at(file.setup.span(), why))?;
            (SetupRule::FIXED, array)
        }
        _ => {
            return Err(at(
                file.setup.span(),
                "the setup is either builtin = \"GAME\" or blue = [\"ABBR square\", ...] with a \
                 symmetry"
                    .to_string(),
            ));
        }
    };
    let rules_section = file.rules.get_ref();
    let lion_trading = match &rules_section.lion_trading {
        None => None,
        Some(entry) => {
            Some(lion_trading_of(entry, &kind_of).map_err(|why| at(file.rules.span(), why))?)
        }
    };
    if let Some(section) = &file.drops
        && !section.get_ref().no_drop_mate.is_empty()
        && !rules_in.check
    {
        return Err(at(
            section.span(),
            "drops: no_drop_mate needs the check rule (check = true): without it there is no mate"
                .to_string(),
        ));
    }
    let drops = match &file.drops {
        None => None,
        Some(section) => Some(&*Box::leak(Box::new(
            super::drops::drop_rules_of(
                section.get_ref(),
                &kind_of,
                &|k| entries[k.0 as usize].royal,
                &geometry,
            )
            .map_err(|why| at(section.span(), why))?,
        ))),
    };
    let rules = Rules {
        royal_capture_loses: rules_section.royal_capture_loses,
        bare_piece_loses: rules_section.bare_piece_loses,
        third_repetition_illegal: rules_section.third_repetition_illegal,
        promotion_moves: rules_section.promotion_moves,
        lion_trading,
        drops,
    };
    let chess_rules = super::chess::chess_rules_of(
        text,
        &file.rules,
        &file.castling,
        &geometry,
        &kind_of,
        entries.len(),
    )?;
    let sides = match &game.sides {
        None => None,
        Some(names) => {
            Some(super::chess::side_names(names).map_err(|why| at(file.game.span(), why))?)
        }
    };
    let zones_from_0: Vec<Vec<u8>> = board
        .promotion_ranks
        .iter()
        .map(|ranks| ranks.iter().map(|r| r - 1).collect())
        .collect();
    let game_span = file.game.span();
    let game = file.game.into_inner();
    let pieces = entries.into_iter().map(PieceEntry::into_spec).collect();
    let mut variant = Variant::build(
        leak::string(game.id),
        leak::string(game.title),
        geometry,
        pieces,
        [&zones_from_0[0], &zones_from_0[1]],
        rules,
        rule,
    )
    .with_fixed_array(fixed)
    .with_based_on(based_on)
    .with_aliases(leak::strings(aliases))
    .with_former_hashes(leak::strings(game.former_hashes));
    if powers {
        variant = crate::variants::larger_board::with_powers(variant).map_err(|(piece, why)| {
            let span = piece.map_or(game_span, |i| file.piece[i].span());
            at(span, why)
        })?;
    }
    if let Some(rule) = game.promotion {
        variant = variant.with_promotion_rule(rule);
    }
    if let Some(chess_rules) = chess_rules {
        variant = if powers {
            variant.with_layer_rules(chess_rules)
        } else {
            variant.with_chess_rules(chess_rules)
        };
    }
    if let Some((titles, letters)) = sides {
        variant = variant.with_side_names(titles, letters);
    }
    let default = (variant.setups.build)(&variant, variant.setups.default)
        .ok_or_else(|| FileError::at(text, 0, "the setup has no default array".to_string()))?;
    if powers {
        // With the powers, the Kings have moved once they leave their squares in the default array.
        for &(color, kind, square) in &default {
            if kind.0 == variant.layer_kinds.king {
                variant.king_homes[color.index()] = square;
            }
        }
    } else if let Some(drops) = drops
        && drops.watches_royals()
    {
        // Drops that wait on the royal pieces watch one a side, from its square in the array.
        for color in Color::BOTH {
            let royals: Vec<Square> = (default.iter())
                .filter(|&&(c, k, _)| c == color && variant.spec(k).royal)
                .map(|&(_, _, sq)| sq)
                .collect();
            let [home] = royals[..] else {
                return Err(at(
                    file.drops.as_ref().map_or(0..0, |d| d.span()),
                    format!(
                        "drops: after_royals_moved and until_royal_on_last_rank watch one royal \
                         piece a side; the array gives {} {}",
                        variant.side_title(color),
                        royals.len()
                    ),
                ));
            };
            variant.king_homes[color.index()] = home;
        }
    }
    let variant = variant.leak();
    if powers {
        // The powers' rules judge the array: a King a side, none in check.
        let setup = crate::Setup::named(variant, variant.setups.default)
            .expect("the default array was built above");
        crate::Position::from_setup(&setup).map_err(|e| {
            FileError::at(
                text,
                file_setup_start,
                format!("the array is no position of this game (with the 12x8 game's powers): {e}"),
            )
        })?;
    }
    // A game lost by losing the royal pieces (or by checkmate) needs some on each side.
    if rules.royal_capture_loses || variant.chess_rules.is_some() {
        for color in Color::BOTH {
            if !default
                .iter()
                .any(|&(c, k, _)| c == color && variant.spec(k).royal)
            {
                return Err(FileError::at(
                    text,
                    0,
                    format!(
                        "{} needs a royal piece, but {} has none in the array",
                        if rules.royal_capture_loses {
                            "royal_capture_loses"
                        } else {
                            "check = true"
                        },
                        variant.side_title(color)
                    ),
                ));
            }
        }
    }
    Ok(variant)
}

/// A game's id or alias: 1 to 40 lower-case letters, digits or '-'.
fn id_is_valid(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 40
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Blue's `"ABBR square"` items and their images for Tan.
fn fixed_array(
    items: &[String],
    symmetry: Symmetry,
    geometry: &Geometry,
    kind_of: &dyn Fn(&str) -> Option<PieceKind>,
) -> Result<Vec<Placement>, String> {
    let mut array: Vec<Placement> = Vec::new();
    for item in items {
        let mut words = item.split_whitespace();
        let (Some(abbr), Some(square), None) = (words.next(), words.next(), words.next()) else {
            return Err(format!("setup item {item:?} is not \"ABBR square\""));
        };
        let kind =
            kind_of(abbr).ok_or_else(|| format!("setup item {item:?}: no piece {abbr:?}"))?;
        let sq = geometry.parse_square(square).ok_or_else(|| {
            format!("setup item {item:?}: {square:?} is not a square of the board")
        })?;
        let image = match symmetry {
            Symmetry::Rotational => geometry.rotate(sq),
            Symmetry::Mirror => geometry.flip_ranks(sq),
        };
        for (color, at) in [(Color::Blue, sq), (Color::Tan, image)] {
            if array.iter().any(|p| p.2 == at) {
                return Err(format!(
                    "setup item {item:?}: {} is taken twice (Blue's pieces and their images \
                     for Tan must not meet)",
                    geometry.square_name(at)
                ));
            }
            array.push((color, kind, at));
        }
    }
    Ok(array)
}

/// The ranks (from 1) of `color`'s promotion zone, as `[board] promotion_ranks` writes them.
pub(crate) fn zone_ranks(v: &Variant, color: Color) -> Vec<u8> {
    (0..v.geometry.height)
        .filter(|&r| v.in_zone(color, Square::new(0, r).cell()))
        .map(|r| r + 1)
        .collect()
}

/// The built-in game whose arrays `v` uses: its own for a built-in game, the one a file names
/// with `builtin = "GAME"` (whose `SetupRule` it copies, and with it the help text that describes
/// that game's arrays alone); `None` for arrays given square by square.
pub(crate) fn arrays_of(v: &Variant) -> Option<&'static str> {
    if !v.fixed_array.is_empty() {
        return None;
    }
    crate::variants::BUILTIN_ARRAYS
        .iter()
        .find(|a| a.rule.help == v.setups.help && a.rule.default == v.setups.default)
        .map(|a| a.id)
}

/// The symmetry that makes Tan's half of a fixed array from Blue's (rotational where both do, as
/// for an array symmetric both ways).
fn symmetry_of(v: &Variant) -> Option<Symmetry> {
    let side = |color: Color| -> Vec<(PieceKind, Square)> {
        let mut pieces: Vec<_> = (v.fixed_array.iter())
            .filter(|p| p.0 == color)
            .map(|&(_, k, sq)| (k, sq))
            .collect();
        pieces.sort_unstable();
        pieces
    };
    let (blue, tan) = (side(Color::Blue), side(Color::Tan));
    [Symmetry::Rotational, Symmetry::Mirror]
        .into_iter()
        .find(|&symmetry| {
            let mut images: Vec<(PieceKind, Square)> = (blue.iter())
                .map(|&(k, sq)| match symmetry {
                    Symmetry::Rotational => (k, v.geometry.rotate(sq)),
                    Symmetry::Mirror => (k, v.geometry.flip_ranks(sq)),
                })
                .collect();
            images.sort_unstable();
            images == tan
        })
}

/// A game as a variant file: a built-in game, or one read from a file, written back.
pub fn game_to_toml(v: &Variant) -> Result<String, String> {
    let (builtin, blue, symmetry) = if v.fixed_array.is_empty() {
        let builtin = arrays_of(v).ok_or_else(|| {
            format!(
                "{} cannot be written as a file: its arrays are neither a built-in game's nor \
                 given square by square",
                v.title
            )
        })?;
        (Some(builtin.to_string()), Vec::new(), None)
    } else {
        let symmetry = symmetry_of(v).ok_or_else(|| {
            format!(
                "{} cannot be written as a file: Tan's array is not an image of Blue's",
                v.title
            )
        })?;
        let blue = v
            .fixed_array
            .iter()
            .filter(|p| p.0 == Color::Blue)
            .map(|&(_, k, sq)| format!("{} {}", v.abbr(k), v.geometry.square_name(sq)))
            .collect();
        (None, blue, Some(symmetry))
    };
    let head = GameOut {
        game: GameSection {
            id: v.id.to_string(),
            title: v.title.to_string(),
            promotion: v.promotion_rule,
            based_on: v.based_on.map(str::to_string),
            sides: (v.side_titles != ["Blue", "Tan"]).then(|| v.side_titles.map(str::to_string)),
            aliases: v.aliases.iter().map(|a| a.to_string()).collect(),
            layer: None,
            former_hashes: v.former_hashes.iter().map(|h| h.to_string()).collect(),
        },
        board: BoardSection {
            files: v.geometry.width,
            ranks: v.geometry.height,
            promotion_ranks: [zone_ranks(v, Color::Blue), zone_ranks(v, Color::Tan)],
            file_letters: (v.geometry.file_letters
                != Geometry::new(v.geometry.width, 1).file_letters)
                .then(|| v.geometry.file_letters.iter().collect()),
        },
        rules: super::chess::rules_section(v),
        castling: super::chess::castling_entries(v),
        setup: SetupSection {
            builtin,
            blue,
            symmetry,
        },
        drops: super::drops::drops_section(v),
        pieces: &v.pieces,
    };
    let mut text = format!(
        "# {}: a Jovian variant file (docs/variants.md). `jovian variant check FILE` reads it.\n\n",
        v.title
    );
    text += &toml::to_string(&head).map_err(|e| e.to_string())?;
    text += "\n";
    text += &super::piece::pieces_to_toml(head.pieces);
    Ok(text)
}

/// The Lion-trading rules an entry names, every abbreviation a type of the table.
fn lion_trading_of(
    entry: &LionTradingEntry,
    kind_of: &dyn Fn(&str) -> Option<PieceKind>,
) -> Result<LionTrading, String> {
    let set = |abbrs: &[String], key: &str| {
        let mut set = KindSet::default();
        for abbr in abbrs {
            let kind = kind_of(abbr)
                .ok_or_else(|| format!("lion_trading: {key} names {abbr:?}, which no piece is"))?;
            set.insert(kind);
        }
        Ok::<_, String>(set)
    };
    let lions = set(&entry.lions, "lions")?;
    if lions.is_empty() {
        return Err("lion_trading: lions names no type".to_string());
    }
    Ok(LionTrading {
        lions,
        no_bridge: set(&entry.no_bridge, "no_bridge")?,
    })
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
