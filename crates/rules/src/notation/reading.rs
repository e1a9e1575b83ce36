//! Reading a move: the text into its parts (`read`), the parts matched against the legal moves
//! (`select`), and the explanation when nothing matches (`explain`).

use super::*;
use crate::position::Barred;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Promo {
    /// No suffix: the non-promoting move if there is one.
    Unspecified,
    /// A bare `=`.
    Declined,
    /// Shogi-style `+`.
    Any,
    To(PieceKind),
}

/// One syntactic decomposition of a move text.
#[derive(Copy, Clone, Debug)]
pub(super) struct Reading {
    piece: Option<PieceKind>,
    from: Option<Square>,
    /// `x` was written: the move must capture.
    capture: bool,
    /// `!` was written: an igui capture of `target`.
    igui: bool,
    target: Square,
    /// A hop capture over `target` to `landing`.
    landing: Option<Square>,
    promo: Promo,
}

pub(super) type Parsed<T> = Result<T, MoveParseError>;

/// `Err(Syntax)` for `text`, with a formatted reason.
macro_rules! unreadable {
    ($text:expr, $($reason:tt)*) => {
        Err(MoveParseError::Syntax { text: $text.to_string(), reason: format!($($reason)*) })
    };
}

/// Every reading of `body` (several only when a prefix could be read as different abbreviations).
pub(super) fn read(v: &Variant, body: &str, text: &str) -> Parsed<Vec<Reading>> {
    let (main, promo) = split_promotion(v, body, text)?;
    if main.contains(',') {
        return read_legs(v, main, text).map(|mut r| {
            r.promo = promo;
            vec![r]
        });
    }
    let attempt = |tries: Vec<(usize, Option<PieceKind>)>| {
        let mut readings = Vec::new();
        let mut errors = Vec::new();
        for (len, piece) in tries {
            match read_rest(v, &main[len..], text) {
                Ok(r) => readings.push(Reading { piece, promo, ..r }),
                Err(e) => errors.push((piece.is_some(), e)),
            }
        }
        (readings, errors)
    };
    let prefixes = |ignore_case| -> Vec<_> {
        let found = abbreviation_prefixes(v, main, ignore_case).into_iter();
        found.map(|(len, kind)| (len, Some(kind))).collect()
    };
    // Exact abbreviations and the bare coordinate reading first; abbreviations in any case
    // (`wa-a7`) only when those fail.
    let mut exact = prefixes(false);
    exact.push((0, None));
    let (readings, errors) = attempt(exact);
    if !readings.is_empty() {
        return Ok(readings);
    }
    let (loose, loose_errors) = attempt(prefixes(true));
    if !loose.is_empty() {
        return Ok(loose);
    }
    // The most telling error: the rest after a known abbreviation, a square off the board, an
    // unknown abbreviation, and only then the coordinate reading's complaint.
    let abbr_error = errors.iter().find(|e| e.0).map(|e| e.1.clone());
    let plain_error = errors.into_iter().find(|e| !e.0).map(|e| e.1);
    let bad_square = [plain_error.clone()]
        .into_iter()
        .chain(loose_errors.into_iter().map(|e| Some(e.1)))
        .flatten()
        .find(|e| matches!(e, MoveParseError::NoSuchSquare(_)));
    let looks_like_piece = main.starts_with(|c: char| c.is_alphabetic())
        && v.geometry.parse_square_prefix(main).is_none();
    let unknown = looks_like_piece.then(|| MoveParseError::UnknownPiece {
        abbr: piece_token(main).to_string(),
        text: text.to_string(),
    });
    let error = abbr_error.or(bad_square).or(unknown).or(plain_error);
    match error {
        Some(e) => Err(e),
        None => unreadable!(text, "no destination square"),
    }
}

/// The leading letters that were presumably meant as a piece: `Xy` in `Xy-a4`, `Xya4`, `Xyxa4`.
fn piece_token(main: &str) -> &str {
    let end = main
        .find(|c: char| !c.is_alphabetic())
        .unwrap_or(main.len());
    let mut token = &main[..end];
    if main[end..].starts_with(|c: char| c.is_ascii_digit()) {
        // The last letter is the file of the square.
        token = token
            .char_indices()
            .last()
            .filter(|&(i, _)| i > 0)
            .map_or(token, |(i, _)| &token[..i]);
    }
    token
        .strip_suffix('x')
        .filter(|t| !t.is_empty())
        .unwrap_or(token)
}

/// The abbreviations `text` starts with, as (byte length, kind), longest first.
fn abbreviation_prefixes(v: &Variant, text: &str, ignore_case: bool) -> Vec<(usize, PieceKind)> {
    let longest = v.pieces.iter().map(|p| p.abbr.len()).max().unwrap_or(0);
    let ends = text
        .char_indices()
        .map(|(i, c)| i + c.len_utf8())
        .take(longest);
    let lookup = |p: &str| {
        if ignore_case {
            v.kind_by_abbr_ignore_case(p)
        } else {
            v.kind_by_abbr(p)
        }
    };
    let mut out: Vec<_> = ends
        .filter_map(|n| lookup(&text[..n]).map(|k| (n, k)))
        .collect();
    out.reverse();
    out
}

/// Splits off `+`, `=` or `=Abbr`.
fn split_promotion<'a>(v: &Variant, body: &'a str, text: &str) -> Parsed<(&'a str, Promo)> {
    if let Some(main) = body.strip_suffix('+') {
        return Ok((main, Promo::Any));
    }
    // The coordinate form's promotion in a game with the check rules: `i7i8r`.
    if v.has_chess_rules
        && !body.contains('=')
        && let Some(split) = body.rfind(|c: char| c.is_ascii_digit())
        && split + 1 < body.len()
        && let Some(kind) = v.kind_by_abbr_ignore_case(&body[split + 1..])
    {
        return Ok((&body[..split + 1], Promo::To(kind)));
    }
    match body.rsplit_once('=') {
        None => Ok((body, Promo::Unspecified)),
        Some((main, "")) => Ok((main, Promo::Declined)),
        Some((main, abbr)) => match v
            .kind_by_abbr(abbr)
            .or_else(|| v.kind_by_abbr_ignore_case(abbr))
        {
            Some(kind) => Ok((main, Promo::To(kind))),
            None => Err(MoveParseError::UnknownPiece {
                abbr: abbr.to_string(),
                text: text.to_string(),
            }),
        },
    }
}

/// Reads `[from] [mark] target [[-] landing]` (after the piece abbreviation, if any), where a
/// mark is `-`, `x`, `!` or `x!`.
fn read_rest(v: &Variant, s: &str, text: &str) -> Parsed<Reading> {
    // Each square with the mark written before it.
    let mut squares: Vec<(String, Square)> = Vec::new();
    let mut mark = String::new();
    let mut i = 0;
    while let Some(c) = s[i..].chars().next() {
        let rest = &s[i..];
        let digits_end = |n: usize| n + rest[n..].bytes().take_while(u8::is_ascii_digit).count();
        match v.geometry.parse_square_prefix(rest) {
            // A valid name followed by more digits is a longer name off the board (`a11`).
            Some((sq, n)) if digits_end(n) == n => {
                squares.push((std::mem::take(&mut mark), sq));
                i += n;
            }
            Some((_, n)) => {
                return Err(MoveParseError::NoSuchSquare(
                    rest[..digits_end(n)].to_string(),
                ));
            }
            None if matches!(c, '-' | 'x' | '!') => {
                mark.push(c);
                i += 1;
            }
            None if c.is_alphabetic() && digits_end(c.len_utf8()) > c.len_utf8() => {
                return Err(MoveParseError::NoSuchSquare(
                    rest[..digits_end(c.len_utf8())].to_string(),
                ));
            }
            None => return unreadable!(text, "unexpected {:?}", c.to_string()),
        }
    }
    if !mark.is_empty() {
        return unreadable!(text, "ends with {mark:?}");
    }
    // A mark before the first of two squares makes them target and landing (`xd4-e5`);
    // otherwise the first of two or three squares is the from-square.
    let (from, (mark, target), landing) = match squares.as_slice() {
        [] => return unreadable!(text, "no destination square"),
        [t] => (None, t.clone(), None),
        [t, l] if !t.0.is_empty() => (None, t.clone(), Some(l.clone())),
        [(_, f), t] => (Some(*f), t.clone(), None),
        [(m, f), t, l] if m.is_empty() => (Some(*f), t.clone(), Some(l.clone())),
        _ => return unreadable!(text, "too many squares"),
    };
    if !matches!(mark.as_str(), "" | "-" | "x" | "!" | "x!") {
        return unreadable!(text, "unexpected {mark:?}");
    }
    if let Some((lm, _)) = &landing
        && !matches!(lm.as_str(), "" | "-")
    {
        return unreadable!(text, "unexpected {lm:?} before the landing square");
    }
    let igui = mark.contains('!');
    if igui && landing.is_some() {
        return unreadable!(text, "an igui capture has no landing square");
    }
    Ok(Reading {
        piece: None,
        from,
        capture: mark.contains('x'),
        igui,
        target,
        landing: landing.map(|l| l.1),
        promo: Promo::Unspecified,
    })
}

/// The two-leg coordinate forms: `e5e6,e6e5` (igui) and `c3d4,d4e5` (hop capture).
fn read_legs(v: &Variant, main: &str, text: &str) -> Parsed<Reading> {
    let legs: Vec<&str> = main.split(',').collect();
    let [first, second] = legs.as_slice() else {
        return unreadable!(text, "a coordinate move has at most two legs");
    };
    let leg = |s: &str| -> Parsed<(Square, Square)> {
        let r = read_rest(v, s, text)?;
        match (r.from, r.landing, r.igui) {
            (Some(from), None, false) => Ok((from, r.target)),
            _ => unreadable!(text, "a leg is two squares, not {s:?}"),
        }
    };
    let (a, b) = leg(first)?;
    let (c, d) = leg(second)?;
    if c != b {
        let ended = v.square_name(b);
        return unreadable!(text, "the second leg must start on {ended}");
    }
    Ok(Reading {
        piece: None,
        from: Some(a),
        capture: true,
        igui: d == a,
        target: b,
        landing: (d != a).then_some(d),
        promo: Promo::Unspecified,
    })
}

// ---------------------------------------------------------------------------------------------
// Matching

fn fits_common(pos: &Position, r: &Reading, m: Move) -> bool {
    r.from.is_none_or(|f| m.from == f)
        && r.piece.is_none_or(|k| pos.kind_at(m.from) == Some(k))
        && !m.is_continuing()
        && (!r.capture || pos.is_capture(m))
}

fn fits_shape(r: &Reading, m: Move) -> bool {
    if r.igui {
        m.kind == MoveKind::Igui && m.to == r.target
    } else if let Some(landing) = r.landing {
        m.kind == MoveKind::HopCapture && m.hopped() == r.target && m.to == landing
    } else {
        matches!(
            m.kind,
            MoveKind::Normal | MoveKind::Relayed | MoveKind::Arrival
        ) && m.to == r.target
    }
}

/// The moves of `list` the reading denotes, ignoring its promotion suffix.
fn select_shape(pos: &Position, r: &Reading, list: &[Move]) -> Vec<Move> {
    let strict: Vec<Move> = list
        .iter()
        .copied()
        .filter(|&m| fits_common(pos, r, m) && fits_shape(r, m))
        .collect();
    if !strict.is_empty() || r.igui || r.landing.is_some() {
        return strict;
    }
    // The text allows a hop capture to be written as a plain move or capture to where the piece
    // lands; used only when no plain move fits, so that `Zi-e5` stays a plain move if one exists.
    list.iter()
        .copied()
        .filter(|&m| fits_common(pos, r, m) && m.kind == MoveKind::HopCapture && m.to == r.target)
        .collect()
}

pub(super) fn select(pos: &Position, r: &Reading, list: &[Move]) -> Vec<Move> {
    let mut moves = select_shape(pos, r, list);
    match r.promo {
        Promo::Unspecified => {
            if moves.iter().any(|m| m.promotion().is_none()) {
                moves.retain(|m| m.promotion().is_none());
            }
        }
        // A bare `=` declines a promotion, so there must be one to decline: like `+`, it is
        // refused where the move cannot promote (the writer puts it only where it could).
        Promo::Declined => {
            let shaped = moves.clone();
            let declinable = |m: &Move| {
                shaped
                    .iter()
                    .any(|o| o.promotion().is_some() && same_but_promotion(*o, *m))
            };
            moves.retain(|m| m.promotion().is_none() && declinable(m));
        }
        Promo::Any => moves.retain(|m| m.promotion().is_some()),
        Promo::To(kind) => moves.retain(|m| m.promotion() == Some(kind)),
    }
    moves
}

/// Why `m`, a move of the pieces (one of `pseudo`) that is not legal, is refused.
pub(super) fn barred_error(
    pos: &mut Position,
    m: Move,
    legal: &[Move],
    pseudo: &[Move],
) -> MoveParseError {
    let text = render(pos, m, Style::Short, pseudo);
    match pos.why_barred(m) {
        Some(Barred::KingInCheck) => MoveParseError::KingInCheck(text),
        Some(Barred::CastlingThroughCheck) => MoveParseError::CastlingThroughCheck(text),
        Some(Barred::DropMate) => MoveParseError::DropMate(text),
        Some(Barred::LionTrade) => MoveParseError::LionTrade(text),
        Some(Barred::OwedPair(owed)) => MoveParseError::OwedPair {
            text,
            owed: render(pos, owed, Style::Short, legal),
        },
        Some(Barred::NoSecondPart) => MoveParseError::NoSecondPart(text),
        Some(Barred::GameOver) => MoveParseError::GameOver("no move can be played".into()),
        Some(Barred::Repetition) | None => MoveParseError::Repetition(text),
    }
}

/// Why a move read by its text (a drop, castling, a special move: `read_by_text`) is refused,
/// when the pieces could make it but the rules bar it; `None` when no such move reads so.
pub(super) fn barred_by_text(
    pos: &mut Position,
    cleaned: &str,
    legal: &[Move],
) -> Option<MoveParseError> {
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let starred = cleaned.replacen('*', "@", 1);
    let castle = cleaned.replace('0', "O");
    let by_text = |pos: &Position, m: Move| {
        read_by_text(m)
            || matches!(m.kind, MoveKind::Castle | MoveKind::EnPassant)
            || (pos.variant().powers && super::larger::read_by_text(pos, m))
    };
    let m = pseudo.iter().copied().find(|&m| {
        !legal.contains(&m)
            && by_text(pos, m)
            && [Style::Short, Style::Long, Style::Coordinate]
                .iter()
                .any(|&st| {
                    let text = render(pos, m, st, &pseudo);
                    text == cleaned || text == starred || text == castle
                })
    })?;
    Some(barred_error(pos, m, legal, &pseudo))
}

/// Why no legal move fits the reading.
pub(super) fn explain(
    pos: &mut Position,
    r: &Reading,
    text: &str,
    legal: &[Move],
) -> MoveParseError {
    let v = pos.variant();
    let sq = |s| square_text(v, s);
    let us = pos.side_to_move();
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    if let Some(&m) = select(pos, r, &pseudo).first() {
        return barred_error(pos, m, legal, &pseudo);
    }
    if let Some(from) = r.from {
        let named = r.piece.map(|k| with_article(piece_name(v, k)));
        match pos.piece_at(from) {
            None => return MoveParseError::EmptySquare(sq(from)),
            Some(p) if p.color != us => {
                let (owner, name) = (side_title(v, p.color), piece_name(v, p.kind));
                let piece = format!("{owner} {name} on {}", sq(from));
                let turn = side_title(v, us);
                return MoveParseError::NotYours { piece, turn };
            }
            Some(p) if r.piece.is_some_and(|k| k != p.kind) => {
                let found = format!("{} on {}", with_article(piece_name(v, p.kind)), sq(from));
                let named = named.unwrap_or_default();
                return MoveParseError::WrongPiece { found, named };
            }
            Some(_) => {}
        }
    }
    let shaped = select_shape(pos, r, legal);
    if let Some(&first) = shaped.first()
        && r.promo != Promo::Unspecified
    {
        let kind = pos.kind_at(first.from).unwrap_or(PieceKind(u8::MAX));
        let piece = with_article(piece_name(v, kind));
        let promotes_to = v.pieces.get(kind.0 as usize).and_then(|s| s.promotes_to);
        // Why the move cannot promote, when it cannot.
        let never = || match promotes_to {
            None => format!("{piece} never promotes"),
            Some(_) if shaped.iter().all(|m| m.kind == MoveKind::Relayed) => {
                "a relayed move never promotes".to_string()
            }
            Some(_) => format!(
                "this move neither starts nor ends in {}'s promotion zone",
                side_title(v, us)
            ),
        };
        let may_stay = shaped.iter().any(|m| m.promotion().is_none());
        let reason = match (r.promo, promotes_to) {
            (Promo::Declined, _) if may_stay => {
                format!("{}, so there is no promotion to decline with `=`", never())
            }
            (Promo::Declined | Promo::Unspecified, _) => "this move must promote".to_string(),
            (Promo::To(asked), Some(_))
                if v.chess_rules.as_ref().is_some_and(|r| r.limit(asked) > 0)
                    && v.pieces.get(kind.0 as usize).is_some_and(|p| {
                        (p.also_promotes_to.iter())
                            .chain(promotes_to.iter())
                            .any(|&a| v.kind_by_abbr(a) == Some(asked))
                    }) =>
            {
                format!(
                    "{piece} may not become {} now: {} has as many on the board as the rules \
                     allow",
                    with_article(piece_name(v, asked)),
                    side_title(v, us)
                )
            }
            (Promo::To(asked), Some(to)) if v.kind_by_abbr(to) != Some(asked) => {
                format!("{piece} promotes to {to}, not {}", abbr_text(v, asked))
            }
            _ => never(),
        };
        return MoveParseError::Promotion {
            text: text.to_string(),
            reason,
        };
    }
    let relaxed = Reading {
        capture: false,
        ..*r
    };
    if r.capture && !r.igui && r.landing.is_none() && !select(pos, &relaxed, legal).is_empty() {
        return MoveParseError::NothingToCapture {
            text: text.to_string(),
            square: sq(r.target),
        };
    }
    let action = if r.igui {
        format!("capture on {} by igui", sq(r.target))
    } else if let Some(landing) = r.landing {
        format!("hop over {} to {}", sq(r.target), sq(landing))
    } else if r.capture {
        format!("capture on {}", sq(r.target))
    } else {
        format!("move to {}", sq(r.target))
    };
    match (r.from, r.piece) {
        (Some(from), _) => {
            let name = piece_name(v, pos.kind_at(from).unwrap_or(PieceKind(u8::MAX)));
            let piece = format!("{} on {}", with_article(name), sq(from));
            MoveParseError::CannotMove { piece, action }
        }
        (None, Some(kind)) if !pos.pieces().any(|(c, k, _)| c == us && k == kind) => {
            MoveParseError::NoSuchPiece {
                side: side_title(v, us),
                piece: piece_name(v, kind).to_string(),
            }
        }
        (None, kind) => MoveParseError::NoneCan {
            piece: kind.map_or("piece", |k| piece_name(v, k)).to_string(),
            action,
        },
    }
}
