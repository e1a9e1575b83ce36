//! The games' own move notation (`Wa-a7`, `Chxa5`, `Gex!c6`, `Zixd4-e5`, `P-a8=Ta`), a long form
//! that always names the from-square, and the coordinate form engine protocols use (`c2d3`,
//! `e5e6,e6e5`). See docs/notation.md.
//!
//! Parsing reads the text into its parts (piece, from-square, capture marks, target, landing,
//! promotion) and matches those against the legal moves, instead of comparing renderings: when
//! nothing matches, the parts say what went wrong.

use thiserror::Error;

use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::status::{Outcome, WinReason};
use crate::variant::Variant;

/// How `format_move` writes a move.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Style {
    /// The texts' notation: `Wa-a7`, `Chxa5`, `Gex!c6`, `Zixd4-e5`, `P-a8=Ta`; the from-square is
    /// inserted only when another legal move would read the same (`Scc2-d3`).
    Short,
    /// Always with the from-square: `Waj1-j7`, `Cha1xa5`, `Gee5x!e6`, `Zic3xd4-e5`.
    Long,
    /// For engine protocols: `c2d3`, igui `e5e6,e6e5`, hop `c3d4,d4e5`, promotion suffix `+`.
    Coordinate,
}

/// Why a text is not a legal move of the position. Each message is one line; those that quote
/// the input say which part of it is wrong.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MoveParseError {
    #[error("empty move text")]
    Empty,
    #[error("cannot read {text:?} as a move: {reason}")]
    Syntax { text: String, reason: String },
    #[error("unknown piece {abbr:?} in {text:?}")]
    UnknownPiece { abbr: String, text: String },
    #[error("no square {0:?} on this board")]
    NoSuchSquare(String),
    #[error("the game is already over ({0})")]
    GameOver(String),
    #[error("no piece on {0}")]
    EmptySquare(String),
    /// `piece` names owner, type and square: "Tan Pawn on a8".
    #[error("the {piece} is not yours: it is {turn}'s turn")]
    NotYours { piece: String, turn: String },
    /// `found` names the piece and its square: "a Scirocco on c2".
    #[error("there is {found}, not {named}")]
    WrongPiece { found: String, named: String },
    /// `piece` names the piece and its square: "a Pawn on a3".
    #[error("{piece} cannot {action}")]
    CannotMove { piece: String, action: String },
    #[error("no {piece} can {action}")]
    NoneCan { piece: String, action: String },
    #[error("{side} has no {piece}")]
    NoSuchPiece { side: String, piece: String },
    #[error("{text}: there is nothing to capture on {square}")]
    NothingToCapture { text: String, square: String },
    /// The move exists, but not with the promotion the text asks for.
    #[error("{text}: {reason}")]
    Promotion { text: String, reason: String },
    /// The move is pseudo-legal but forbidden by the repetition rule.
    #[error("{0} would make a position occur a third time")]
    Repetition(String),
    #[error("ambiguous: {}", .0.join(" or "))]
    Ambiguous(Vec<String>),
    /// A swap, conversion, pass, self-capture or multiple capture that no legal move matches.
    #[error("{0} is not a legal move in this position")]
    NoSuchSpecial(String),
}

/// Writes `m`, a legal move of `pos` (the position before the move). A move that is not legal
/// there is still written, without disambiguation; one from an empty square in coordinate form.
pub fn format_move(pos: &mut Position, m: Move, style: Style) -> String {
    let mut moves = Vec::new();
    if style != Style::Coordinate {
        pos.legal_moves(&mut moves);
    }
    render(pos, m, style, &moves)
}

/// Reads a move in any of the three styles, forgivingly (see docs/notation.md), and returns the
/// legal move of `pos` it denotes.
pub fn parse_move(pos: &mut Position, text: &str) -> Result<Move, MoveParseError> {
    // Whitespace carries no meaning in any style ("e5e6, e6e5", "Wa - a7").
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let body = cleaned.trim_end_matches(['!', '?', '#']);
    if body.is_empty() {
        return Err(MoveParseError::Empty);
    }
    if let Some(outcome) = pos.material_outcome() {
        return Err(MoveParseError::GameOver(describe_outcome(pos, outcome)));
    }
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    if legal.is_empty() {
        let (winner, reason) = (pos.side_to_move().other(), WinReason::NoLegalMove);
        let outcome = describe_outcome(pos, Outcome { winner, reason });
        return Err(MoveParseError::GameOver(outcome));
    }
    // Passes, conversions, swaps, line captures and self-captures are read by comparing the text
    // with what each style writes for them (cheap: few such moves, and none in Scirocco).
    for &m in legal.iter().filter(|m| read_by_text(m.kind)) {
        let styles = [Style::Short, Style::Long, Style::Coordinate];
        if styles
            .iter()
            .any(|&st| render(pos, m, st, &legal) == cleaned)
            || named_conversion(pos, m).is_some_and(|t| t == cleaned)
        {
            return Ok(m);
        }
    }
    if looks_special(&cleaned) {
        return Err(MoveParseError::NoSuchSpecial(cleaned));
    }
    let readings = read(pos.variant(), body, &cleaned)?;
    let mut found: Vec<Move> = Vec::new();
    for m in readings.iter().flat_map(|r| select(pos, r, &legal)) {
        if !found.contains(&m) {
            found.push(m);
        }
    }
    let texts = found.iter().map(|&m| render(pos, m, Style::Short, &legal));
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(explain(pos, &readings[0], &cleaned, &legal)),
        _ => Err(MoveParseError::Ambiguous(texts.collect())),
    }
}

// ---------------------------------------------------------------------------------------------
// Writing

fn square_text(v: &Variant, sq: Square) -> String {
    if v.geometry.is_on_board(sq) {
        v.square_name(sq)
    } else {
        format!("?{}", sq.0)
    }
}

fn abbr_text(v: &Variant, kind: PieceKind) -> &'static str {
    v.pieces.get(kind.0 as usize).map_or("?", |s| s.abbr)
}

pub(crate) fn piece_name(v: &Variant, kind: PieceKind) -> &'static str {
    v.pieces.get(kind.0 as usize).map_or("piece", |s| s.name)
}

/// "a Pawn", "an Alfil".
fn with_article(name: &str) -> String {
    let an = name.starts_with(|c: char| "AEIOUaeiou".contains(c));
    format!("{} {name}", if an { "an" } else { "a" })
}

/// "Blue", "Tan": side names start a sentence or follow "it is".
pub(crate) fn side_title(v: &Variant, color: Color) -> String {
    let name = v.side_name(color);
    name.get(..1)
        .map_or(String::new(), |first| first.to_uppercase() + &name[1..])
}

/// The coordinate form needs no position: every leg is in the move itself.
pub(crate) fn coordinate(v: &Variant, m: Move) -> String {
    let s = |sq| square_text(v, sq);
    let (from, to, over) = (s(m.from), s(m.to), s(m.hopped()));
    let legs = match m.kind {
        MoveKind::Normal | MoveKind::Relayed => format!("{from}{to}"),
        MoveKind::Igui => format!("{from}{to},{to}{from}"),
        MoveKind::HopCapture => format!("{from}{over},{over}{to}"),
        MoveKind::Pass => format!("{from}{from}"),
        MoveKind::Suicide => format!("{from}*"),
        MoveKind::Convert => format!("{from}{to}:{}", s(m.converted())),
        MoveKind::Swap => format!("{from}<>{to}"),
        MoveKind::LineCapture if m.beyond() > 0 => format!("{from}{to}x{}", m.beyond()),
        MoveKind::LineCapture => format!("{from}{to}x"),
    };
    legs + if m.promotion().is_some() { "+" } else { "" }
}

/// The short or long text without its promotion suffix.
fn base(pos: &Position, m: Move, with_from: bool) -> String {
    let v = pos.variant();
    let abbr = pos.piece_at(m.from).map_or("?", |p| abbr_text(v, p.kind));
    let from = if with_from {
        square_text(v, m.from)
    } else {
        String::new()
    };
    let to = square_text(v, m.to);
    match m.kind {
        MoveKind::Normal | MoveKind::Relayed if pos.is_capture(m) => format!("{abbr}{from}x{to}"),
        MoveKind::Normal | MoveKind::Relayed => format!("{abbr}{from}-{to}"),
        MoveKind::Igui => format!("{abbr}{from}x!{to}"),
        MoveKind::HopCapture if pos.piece_at(m.to).is_some() => {
            format!("{abbr}{from}x{}x{to}", square_text(v, m.hopped()))
        }
        MoveKind::HopCapture => format!("{abbr}{from}x{}-{to}", square_text(v, m.hopped())),
        // The Jupiter text's forms (Typhoon's notation list was lost): `HO!`, `Pe7*` (always with
        // its square), `a5=Blue` (a Cuckoo's), `Mi-e5:e6=Blue`; `<>` for a swap is Jovian's own.
        MoveKind::Pass => format!("{abbr}{from}!"),
        MoveKind::Suicide => format!("{abbr}{}*", square_text(v, m.from)),
        MoveKind::Convert => {
            let side = pos
                .piece_at(m.from)
                .map_or(String::new(), |p| side_title(v, p.color));
            let conv = square_text(v, m.converted());
            if m.from == m.to && !with_from {
                // J: "a3=Tan (it should be obvious that a Cuckoo caused the change of ownership)".
                format!("{conv}={side}")
            } else if m.from == m.to {
                format!("{abbr}{from}:{conv}={side}")
            } else {
                format!("{abbr}{from}-{to}:{conv}={side}")
            }
        }
        MoveKind::Swap => format!("{abbr}{from}<>{to}"),
        // `Loxd3xd8-d12`, `So-f5xg6xh7`, `Tyxd4xd5xd6`: each victim in line order, the landing
        // square after a dash when nothing was captured there.
        MoveKind::LineCapture => {
            let mut text = format!("{abbr}{from}");
            let victims = pos.captures_of(m);
            for sq in victims
                .iter()
                .filter(|&&sq| sq.0 != m.to.0 && before(m, sq))
            {
                text += &format!("x{}", square_text(v, *sq));
            }
            if victims.contains(&m.to) {
                text += &format!("x{to}");
            } else {
                text += &format!("-{to}");
            }
            for sq in victims
                .iter()
                .filter(|&&sq| sq.0 != m.to.0 && !before(m, sq))
            {
                text += &format!("x{}", square_text(v, *sq));
            }
            text
        }
    }
}

/// True if `sq`, a square on the line of `m`, lies between `m.from` and `m.to`.
fn before(m: Move, sq: Square) -> bool {
    let d = |a: Square, b: Square| {
        (a.file() as i32 - b.file() as i32)
            .abs()
            .max((a.rank() as i32 - b.rank() as i32).abs())
    };
    d(m.from, sq) < d(m.from, m.to)
}

/// The kinds the parser's readings do not cover (and hop captures, whose double form `Raxi4xj5`
/// they do not read): they are recognised by their exact text.
/// The Cuckoo's conversion with the converter named, `Cu:a5=Blue`: read, never written (the short
/// form is the text's `a5=Blue`, the long one `Cua4:a5=Blue`).
fn named_conversion(pos: &Position, m: Move) -> Option<String> {
    if m.kind != MoveKind::Convert || m.from != m.to {
        return None;
    }
    let v = pos.variant();
    let piece = pos.piece_at(m.from)?;
    Some(format!(
        "{}:{}={}",
        abbr_text(v, piece.kind),
        square_text(v, m.converted()),
        side_title(v, piece.color)
    ))
}

/// Text in one of the forms only `read_by_text` moves have: a swap (`<>`), a conversion (`:`,
/// `=Blue`), a self-capture (`*`), a pass (`Pa!`, `d4d4`) or several captures (`xd4xd5`).
fn looks_special(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let is_pass = text.len() > 1
        && text.ends_with('!')
        && text[..text.len() - 1]
            .chars()
            .all(|c| c.is_ascii_alphabetic());
    text.contains("<>")
        || text.contains(':')
        || text.ends_with('*')
        || lower.ends_with("=blue")
        || lower.ends_with("=tan")
        || is_pass
        || lower.matches('x').count() >= 2
}

fn read_by_text(kind: MoveKind) -> bool {
    matches!(
        kind,
        MoveKind::HopCapture
            | MoveKind::Pass
            | MoveKind::Suicide
            | MoveKind::Convert
            | MoveKind::Swap
            | MoveKind::LineCapture
    )
}

fn same_but_promotion(a: Move, b: Move) -> bool {
    a.from == b.from && a.to == b.to && a.kind == b.kind && a.aux == b.aux
}

/// `=Abbr` for a promotion; a bare `=` when the same move could have promoted, so that a record
/// shows the promotion was declined.
fn suffix(v: &Variant, m: Move, moves: &[Move]) -> String {
    let could_promote = |o: &Move| o.promotion().is_some() && same_but_promotion(*o, m);
    match m.promotion() {
        Some(kind) => format!("={}", abbr_text(v, kind)),
        None if moves.iter().any(could_promote) => "=".to_string(),
        None => String::new(),
    }
}

/// Writes `m` against `moves`, the list that decides disambiguation and declined promotion.
fn render(pos: &Position, m: Move, style: Style, moves: &[Move]) -> String {
    let v = pos.variant();
    if style == Style::Coordinate || pos.piece_at(m.from).is_none() {
        return coordinate(v, m);
    }
    let with_from = style == Style::Long || {
        // The parser reads a bare `=` like no suffix, so moves clash when their base texts and
        // promotions are equal; then each of them names its from-square.
        let text = base(pos, m, false);
        // A Cuckoo's `a3=Tan` names neither piece nor from-square: it clashes with any other
        // in-place conversion of the same square.
        let in_place = |o: Move| o.kind == MoveKind::Convert && o.from == o.to;
        moves.iter().any(|&o| {
            o != m
                && (o.to == m.to || in_place(o) && in_place(m))
                && o.promotion() == m.promotion()
                && base(pos, o, false) == text
        })
    };
    base(pos, m, with_from) + &suffix(v, m, moves)
}

/// The end of the game in words: "Tan's King was captured".
pub(crate) fn describe_outcome(pos: &mut Position, outcome: Outcome) -> String {
    let v = pos.variant();
    let loser = side_title(v, outcome.loser());
    match outcome.reason {
        WinReason::RoyalCaptured => {
            let royal = captured_royal(pos, outcome.loser()).unwrap_or("royal piece");
            format!("{loser}'s {royal} was captured")
        }
        WinReason::Bared => format!("{loser} was reduced to a single piece"),
        WinReason::NoLegalMove => format!("{loser} has no legal move"),
    }
}

/// The name of the royal piece the last move captured, found by taking the move back for a look.
fn captured_royal(pos: &mut Position, loser: Color) -> Option<&'static str> {
    let last = pos.moves_played().last()?;
    pos.unmake();
    let v = pos.variant();
    let name = pos
        .captures_of(last)
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq))
        .find(|p| p.color == loser && v.pieces.get(p.kind.0 as usize).is_some_and(|s| s.royal))
        .map(|p| piece_name(v, p.kind));
    pos.make(last);
    name
}

// ---------------------------------------------------------------------------------------------
// Reading

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Promo {
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
struct Reading {
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

type Parsed<T> = Result<T, MoveParseError>;

/// `Err(Syntax)` for `text`, with a formatted reason.
macro_rules! unreadable {
    ($text:expr, $($reason:tt)*) => {
        Err(MoveParseError::Syntax { text: $text.to_string(), reason: format!($($reason)*) })
    };
}

/// Every reading of `body` (several only when a prefix could be read as different abbreviations).
fn read(v: &Variant, body: &str, text: &str) -> Parsed<Vec<Reading>> {
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
        && (!r.capture || pos.is_capture(m))
}

fn fits_shape(r: &Reading, m: Move) -> bool {
    if r.igui {
        m.kind == MoveKind::Igui && m.to == r.target
    } else if let Some(landing) = r.landing {
        m.kind == MoveKind::HopCapture && m.hopped() == r.target && m.to == landing
    } else {
        matches!(m.kind, MoveKind::Normal | MoveKind::Relayed) && m.to == r.target
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

fn select(pos: &Position, r: &Reading, list: &[Move]) -> Vec<Move> {
    let mut moves = select_shape(pos, r, list);
    match r.promo {
        Promo::Unspecified => {
            if moves.iter().any(|m| m.promotion().is_none()) {
                moves.retain(|m| m.promotion().is_none());
            }
        }
        Promo::Declined => moves.retain(|m| m.promotion().is_none()),
        Promo::Any => moves.retain(|m| m.promotion().is_some()),
        Promo::To(kind) => moves.retain(|m| m.promotion() == Some(kind)),
    }
    moves
}

/// Why no legal move fits the reading.
fn explain(pos: &mut Position, r: &Reading, text: &str, legal: &[Move]) -> MoveParseError {
    let v = pos.variant();
    let sq = |s| square_text(v, s);
    let us = pos.side_to_move();
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    if let Some(&m) = select(pos, r, &pseudo).first() {
        return MoveParseError::Repetition(render(pos, m, Style::Short, &pseudo));
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
        let reason = match (r.promo, promotes_to) {
            (Promo::Declined | Promo::Unspecified, _) => "this move must promote".to_string(),
            (_, None) => format!("{piece} never promotes"),
            (Promo::To(asked), Some(to)) if v.kind_by_abbr(to) != Some(asked) => {
                format!("{piece} promotes to {to}, not {}", abbr_text(v, asked))
            }
            _ if shaped.iter().all(|m| m.kind == MoveKind::Relayed) => {
                "a relayed move never promotes".to_string()
            }
            _ => format!(
                "this move neither starts nor ends in {}'s promotion zone",
                side_title(v, us)
            ),
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

#[cfg(test)]
pub(crate) mod tests {
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
            Ch-b5+ | error: Ch-b5+: this move neither starts nor ends in Blue's promotion zone",
        );
        let mut p = board("K j1, Ta b8", "K j10, P e8", Color::Blue);
        check_table(&mut p, "Ta-a7=Q | error: Ta-a7=Q: a Tadpole never promotes");
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
}
