//! The check rules in a variant file: `[rules] check = true` with its options, the
//! `[[castling]]` entries, and `[game] sides`; read into `chess_rules::ChessRules` and written
//! back from one (docs/variants.md, "Chess rules").

use toml::Spanned;

use super::game::{CastlingEntry, PromotionKind, RulesSection};
use super::piece::FileError;
use crate::chess_rules::{Castling, ChessRules, StalemateResult};
use crate::geometry::{Color, Geometry, Square};
use crate::piece::PieceKind;
use crate::variant::Variant;

/// The check rules a file's `[rules]` and `[[castling]]` describe; `None` without `check`.
pub(super) fn chess_rules_of(
    text: &str,
    rules: &Spanned<RulesSection>,
    castlings: &[Spanned<CastlingEntry>],
    geometry: &Geometry,
    kind_of: &dyn Fn(&str) -> Option<PieceKind>,
    types: usize,
) -> Result<Option<ChessRules>, FileError> {
    let r = rules.get_ref();
    let at_rules = |message: String| FileError::at(text, rules.span().start, message);
    if !r.check {
        let chess_only = [
            ("stalemate", r.stalemate.is_some()),
            ("fifty_move_plies", r.fifty_move_plies.is_some()),
            ("repetition_draws", r.repetition_draws.is_some()),
            ("bare_royals_draw", r.bare_royals_draw.is_some()),
            ("promotion", r.promotion.is_some()),
            ("promotion_limits", !r.promotion_limits.is_empty()),
        ];
        if let Some((key, _)) = chess_only.iter().find(|(_, set)| *set) {
            return Err(at_rules(format!(
                "{key} is a rule of games with check = true"
            )));
        }
        if let Some(c) = castlings.first() {
            return Err(FileError::at(
                text,
                c.span().start,
                "[[castling]] needs check = true in [rules]".to_string(),
            ));
        }
        return Ok(None);
    }
    let mut out = ChessRules::standard(types);
    out.stalemate = r.stalemate.unwrap_or(StalemateResult::Draw);
    out.fifty_move_plies = match r.fifty_move_plies {
        None => Some(100),
        Some(0) => None,
        Some(n) => Some(n),
    };
    out.repetition_draws = r.repetition_draws.unwrap_or(true);
    out.bare_royals_draw = r.bare_royals_draw.unwrap_or(false);
    out.promotion_optional = r.promotion == Some(PromotionKind::Optional);
    for (abbr, &limit) in &r.promotion_limits {
        let kind = kind_of(abbr).ok_or_else(|| {
            at_rules(format!(
                "promotion_limits names {abbr:?}, which no piece is"
            ))
        })?;
        out.promotion_limits[kind.0 as usize] = limit;
    }
    if castlings.len() > 4 {
        return Err(at_rules(format!(
            "{} castlings: a side may have at most 4",
            castlings.len()
        )));
    }
    for entry in castlings {
        let c = entry.get_ref();
        let at = |message: String| FileError::at(text, entry.span().start, message);
        let square = |name: &str| {
            geometry
                .parse_square(name)
                .ok_or_else(|| at(format!("castling: {name:?} is not a square of the board")))
        };
        let (king, king_to, rook, rook_to) = (
            square(&c.king)?,
            square(&c.king_to)?,
            square(&c.rook)?,
            square(&c.rook_to)?,
        );
        let rank = king.rank();
        if [king_to, rook, rook_to].iter().any(|s| s.rank() != rank) {
            return Err(at(
                "castling: the four squares must be on one rank".to_string()
            ));
        }
        if king == rook || king == king_to {
            return Err(at(
                "castling: the King must move, and not start where the Rook does".to_string(),
            ));
        }
        // A position's text names the castling rights by wing (`K`, `Q`), so two castlings
        // towards one wing are lost together: one King and one Rook, two destinations.
        let wing = |from: Square, to: Square| to.file() > from.file();
        let same_wing = (out.castlings.iter())
            .filter(|o| o.color == Color::Blue)
            .find(|o| wing(o.king_from, o.rook_from) == wing(king, rook));
        if let Some(o) = same_wing
            && (o.king_from != king || o.rook_from != rook || o.king_to == king_to)
        {
            return Err(at(format!(
                "castling: two castlings towards one wing (the text's `{}`) need the same King \
                 and Rook squares and different King destinations",
                o.letter()
            )));
        }
        for color in Color::BOTH {
            let image = |sq: Square| match color {
                Color::Blue => sq,
                Color::Tan => geometry.flip_ranks(sq),
            };
            out.castlings.push(Castling {
                color,
                king_from: image(king),
                king_to: image(king_to),
                rook_from: image(rook),
                rook_to: image(rook_to),
            });
        }
    }
    // Blue's castlings first, then Tan's: bit i of the rights is castling i.
    out.castlings.sort_by_key(|c| c.color.index());
    Ok(Some(out))
}

/// Two side names and their letters for a position's text.
pub(super) fn side_names(names: &[String; 2]) -> Result<([&'static str; 2], [char; 2]), String> {
    let letter = |name: &str| {
        name.chars()
            .next()
            .filter(|c| c.is_ascii_alphabetic())
            .map(|c| c.to_ascii_lowercase())
    };
    let (Some(a), Some(b)) = (letter(&names[0]), letter(&names[1])) else {
        return Err("sides: each name must start with a letter (a to z)".to_string());
    };
    if a == b || names.iter().any(|n| n.len() > 40) {
        return Err(
            "sides: two names of at most 40 characters whose first letters differ".to_string(),
        );
    }
    Ok((
        [
            crate::leak::string(names[0].clone()),
            crate::leak::string(names[1].clone()),
        ],
        [a, b],
    ))
}

/// `[rules]` as a file writes it for `v`.
pub(super) fn rules_section(v: &Variant) -> RulesSection {
    let mut out = RulesSection {
        royal_capture_loses: v.rules.royal_capture_loses,
        bare_piece_loses: v.rules.bare_piece_loses,
        third_repetition_illegal: v.rules.third_repetition_illegal,
        promotion_moves: v.rules.promotion_moves,
        lion_trading: v.rules.lion_trading.map(|t| super::game::LionTradingEntry {
            lions: t.lions.kinds().map(|k| v.abbr(k).to_string()).collect(),
            no_bridge: t.no_bridge.kinds().map(|k| v.abbr(k).to_string()).collect(),
        }),
        ..RulesSection::default()
    };
    if let Some(r) = &v.chess_rules {
        out.check = true;
        out.stalemate = (r.stalemate != StalemateResult::Draw).then_some(r.stalemate);
        out.fifty_move_plies = match r.fifty_move_plies {
            Some(100) => None,
            None => Some(0),
            n => n,
        };
        out.repetition_draws = (!r.repetition_draws).then_some(false);
        out.bare_royals_draw = r.bare_royals_draw.then_some(true);
        out.promotion = r.promotion_optional.then_some(PromotionKind::Optional);
        for (i, &limit) in r.promotion_limits.iter().enumerate() {
            if limit > 0 {
                out.promotion_limits
                    .insert(v.pieces[i].abbr.to_string(), limit);
            }
        }
    }
    out
}

/// The first side's castlings as `[[castling]]` entries.
pub(super) fn castling_entries(v: &Variant) -> Vec<CastlingEntry> {
    let Some(r) = &v.chess_rules else {
        return Vec::new();
    };
    let name = |sq: Square| v.geometry.square_name(sq);
    (r.castlings.iter())
        .filter(|c| c.color == Color::Blue)
        .map(|c| CastlingEntry {
            king: name(c.king_from),
            king_to: name(c.king_to),
            rook: name(c.rook_from),
            rook_to: name(c.rook_to),
        })
        .collect()
}
