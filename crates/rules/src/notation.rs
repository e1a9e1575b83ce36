//! The games' own move notation (`Wa-a7`, `Chxa5`, `Gex!c6`, `Zixd4-e5`, `P-a8=Ta`), a long form
//! that always names the from-square, and the coordinate form engine protocols use (`c2d3`,
//! `e5e6,e6e5`). See docs/notation.md.
//!
//! Parsing reads the text into its parts (piece, from-square, capture marks, target, landing,
//! promotion) and matches those against the legal moves, instead of comparing renderings: when
//! nothing matches, the parts say what went wrong.

use thiserror::Error;

use crate::geometry::{Color, Square, unit_step};
use crate::moves::{Move, MoveKind};
use crate::piece::PieceKind;
use crate::piece::{self, ArrivalKind};
use crate::position::Position;
use crate::status::{Outcome, WinReason};
use crate::variant::Variant;

#[path = "notation/reading.rs"]
mod reading;
use reading::{barred_by_text, explain, read, select};
#[path = "notation/larger.rs"]
mod larger;
#[path = "notation/turn.rs"]
mod turn;
pub use turn::{format_turn, parse_turn};

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
    /// The move would leave the mover's King in check (a game with the check rule).
    #[error("{0} would leave your King in check")]
    KingInCheck(String),
    /// A drop that would checkmate, of a type the game forbids to (`no_drop_mate`).
    #[error("{0} would checkmate by a drop, which this game forbids")]
    DropMate(String),
    /// A capture of a Lion that the Lion-trading rules forbid (Chu Shogi).
    #[error(
        "{0}: the Lion-trading rules forbid it (a protected Lion may not be taken from afar, and \
         right after a Lion is taken by another piece no Lion may be taken but by a Lion)"
    )]
    LionTrade(String),
    /// A castling King would leave, cross or enter an attacked square.
    #[error("{0}: the King may not castle out of, through or into check")]
    CastlingThroughCheck(String),
    /// A Halfling pair is owed and can be dropped: it must be, before any other move.
    #[error(
        "{text} is not allowed now: the opponent dropped a Halfling pair and yours ({owed}) can \
         be dropped, so it must be"
    )]
    OwedPair { text: String, owed: String },
    /// The first part of a doubled turn after which no second part would be legal.
    #[error("{0} cannot be played: no second part of the doubled turn could follow it")]
    NoSecondPart(String),
    #[error("ambiguous: {}", .0.join(" or "))]
    Ambiguous(Vec<String>),
    /// The first part of a doubled turn is legal, its second part is not.
    #[error("after {first}: {error}")]
    SecondPart {
        first: String,
        error: Box<MoveParseError>,
    },
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

/// Every legal move of `pos`, in the order of [`Position::legal_moves`], with its text: what
/// [`format_move`] writes for each, for one move generation in all (`format_move` makes one per
/// move, to know which moves would read alike).
pub fn format_legal_moves(pos: &mut Position, style: Style) -> Vec<(Move, String)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let texts = moves.iter().map(|&m| render(pos, m, style, &moves));
    let texts: Vec<String> = texts.collect();
    moves.into_iter().zip(texts).collect()
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
        let outcome = pos.outcome().unwrap_or(Outcome::win(
            pos.side_to_move().other(),
            WinReason::NoLegalMove,
        ));
        let outcome = describe_outcome(pos, outcome);
        return Err(MoveParseError::GameOver(outcome));
    }
    // The 12x8 game's drops, castling, Golem moves, shots, flips and promotions with a square
    // are read by comparing the text with what each style writes for them.
    if pos.variant().powers {
        let castle = cleaned.replace('0', "O");
        for &m in legal.iter().filter(|&&m| larger::read_by_text(pos, m)) {
            let styles = [Style::Long, Style::Coordinate, Style::Short];
            if styles.iter().any(|&st| {
                let text = render(pos, m, st, &legal);
                text == cleaned || text == castle
            }) {
                return Ok(m);
            }
        }
    }
    // Castling (`O-O`, `0-0`, or the King's move as engines write it, `f1i1`) and en passant
    // in the games with chess rules: read by comparing the text with what each style writes.
    if pos.variant().has_chess_rules {
        let castle = cleaned.replace('0', "O");
        let special = |m: &&Move| matches!(m.kind, MoveKind::Castle | MoveKind::EnPassant);
        for &m in legal.iter().filter(special) {
            let styles = [Style::Short, Style::Long, Style::Coordinate];
            if styles.iter().any(|&st| {
                let text = render(pos, m, st, &legal);
                text == cleaned || text == castle
            }) {
                return Ok(m);
            }
        }
        // `O-O-O` where the King may castle to two squares on that wing: say which.
        let wing: Vec<String> = (legal.iter())
            .filter(|m| m.kind == MoveKind::Castle)
            .map(|&m| render(pos, m, Style::Short, &legal))
            .filter(|text| text.split_once('/').is_some_and(|(w, _)| w == castle))
            .collect();
        if wing.len() > 1 {
            return Err(MoveParseError::Ambiguous(wing));
        }
    }
    // Passes, conversions, swaps, line captures, self-captures and flips are read by comparing the text
    // with what each style writes for them (cheap: few such moves, and none in Scirocco).
    // A drop is also read as Shogi writes it, `P*e5`.
    let starred = cleaned.replacen('*', "@", 1);
    for &m in legal.iter().filter(|&&m| read_by_text(m)) {
        let styles = [Style::Short, Style::Long, Style::Coordinate];
        if styles.iter().any(|&st| {
            let text = render(pos, m, st, &legal);
            text == cleaned || (m.kind == MoveKind::Drop && text == starred)
        }) || named_conversion(pos, m).is_some_and(|t| t == cleaned)
        {
            return Ok(m);
        }
    }
    // Typed in another case (`hu<>l3` for `Hu<>l3`), as ordinary moves may be: taken when only
    // one such move reads so.
    let mut loose: Vec<Move> = Vec::new();
    for &m in legal.iter().filter(|&&m| read_by_text(m)) {
        let styles = [Style::Short, Style::Long, Style::Coordinate];
        if styles
            .iter()
            .any(|&st| render(pos, m, st, &legal).eq_ignore_ascii_case(&cleaned))
            || named_conversion(pos, m).is_some_and(|t| t.eq_ignore_ascii_case(&cleaned))
        {
            loose.push(m);
        }
    }
    match loose.as_slice() {
        [m] => return Ok(*m),
        [] => {}
        _ => {
            let texts = loose.iter().map(|&m| render(pos, m, Style::Short, &legal));
            return Err(MoveParseError::Ambiguous(texts.collect()));
        }
    }
    // Such a move that the pieces could make but the rules bar (a drop that would mate, a
    // castling through check): say why.
    if let Some(err) = barred_by_text(pos, &cleaned, &legal) {
        return Err(err);
    }
    // A trailing `*` on an ordinary move marks that the mover was removed after it (poison,
    // burning, a Kamikaze's capture): the move itself is read without it.
    let (cleaned, body) = match cleaned.strip_suffix('*') {
        Some(stripped) if !stripped.is_empty() && !looks_special(pos.variant(), stripped) => {
            (stripped.to_string(), body.trim_end_matches('*'))
        }
        _ => (cleaned.clone(), body),
    };
    if looks_special(pos.variant(), &cleaned) {
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

/// "Blue", "Tan" ("White", "Black"): side names start a sentence or follow "it is".
pub(crate) fn side_title(v: &Variant, color: Color) -> String {
    v.side_title(color).to_string()
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
        MoveKind::Arrival => format!("{from}{to}"),
        MoveKind::Pull => format!("{from}:{to}<"),
        MoveKind::Repel => format!("{from}:{to}>"),
        MoveKind::Push => format!("{from}{to}>"),
        MoveKind::Create => format!("{from}={to}"),
        MoveKind::Drop => return larger::drop_text(v, m),
        MoveKind::Castle | MoveKind::EnPassant => format!("{from}{to}"),
        MoveKind::Flip => format!("{from}{from}"),
        MoveKind::ShootPassing => format!("{from}x{to}ep"),
        MoveKind::Golem => format!("{from}{to},{}{}", s(Square(m.aux[0])), s(Square(m.aux[1]))),
    };
    if v.powers {
        // Many promotion types, and squares for teleports and explosions: written out.
        return legs + &larger::promotion_suffix(v, m);
    }
    if v.has_chess_rules
        && let Some(kind) = m.promotion()
    {
        // Several types to choose from: named, in lower case, as engines write it (`i7i8r`).
        return legs + &v.abbr(kind).to_lowercase();
    }
    legs + if m.is_declining() { "-" } else { "" }
        + if m.promotion().is_some() { "+" } else { "" }
        + if m.is_continuing() { "&" } else { "" }
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
    if v.powers
        && let Some(text) = larger::halfling_text(pos, m, abbr, &from)
    {
        return text;
    }
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
        // The Jupiter text: `FiD-f16x!e15,e16` (Fiery Dragon, Communist), `Coo-m9xe9xm3`
        // (Coordinator; Jovian writes the Intertaker's custodian captures the same way).
        MoveKind::Arrival => {
            let sep = if pos.is_capture(m) && pos.piece_at(m.to).is_some() {
                "x"
            } else {
                "-"
            };
            let mut text = format!("{abbr}{from}{sep}{to}");
            let mut others: Vec<Square> = pos
                .captures_of(m)
                .into_iter()
                .filter(|&sq| sq != m.to)
                .collect();
            others.sort_by_key(|sq| (sq.file(), sq.rank()));
            let others: Vec<String> = others.into_iter().map(|sq| square_text(v, sq)).collect();
            let listed = matches!(
                pos.piece_at(m.from)
                    .and_then(|p| v.compiled(p.code()).arrival),
                Some(ArrivalKind::Fiery | ArrivalKind::Communist)
            );
            if others.is_empty() {
            } else if listed {
                text += &format!("x!{}", others.join(","));
            } else {
                for o in others {
                    text += &format!("x{o}");
                }
            }
            text
        }
        // `CmH:Pd7-c6`: the puller, then the pulled (pushed) piece's own move.
        MoveKind::Pull | MoveKind::Repel => {
            let moved = pos.piece_at(m.to).map_or("?", |p| abbr_text(v, p.kind));
            let step = unit_step(m.from, m.to);
            let step = if m.kind == MoveKind::Pull {
                -step
            } else {
                step
            };
            let dest = Square::from_cell(m.to.cell().wrapping_add_signed(step));
            format!("{abbr}{from}:{moved}{to}-{}", square_text(v, dest))
        }
        // `OxT-k4:A-k5,Goxk6`: the Tank's step, then each pushed piece's.
        MoveKind::Push => {
            let step = m.to.cell() as isize - m.from.cell() as isize;
            let mut text = format!("{abbr}{from}-{to}:");
            let mut cell = m.to.cell();
            for i in 0..2 {
                let Some(p) = pos.piece_at(Square::from_cell(cell)) else {
                    break;
                };
                if Some(p.color) != pos.piece_at(m.from).map(|q| q.color) {
                    break;
                }
                let dest_cell = cell.wrapping_add_signed(step);
                let dest = Square::from_cell(dest_cell);
                if i > 0 {
                    text.push(',');
                }
                // `OxT-a2:P*`: pushed off the board (1999), the Pawn leaves the game.
                if pos.cell(dest_cell) == crate::piece::OFFBOARD {
                    text += &format!("{}*", abbr_text(v, p.kind));
                    break;
                }
                let sep = if pos.piece_at(dest).is_some_and(|d| d.color != p.color) {
                    "x"
                } else {
                    "-"
                };
                text += &format!("{}{sep}{}", abbr_text(v, p.kind), square_text(v, dest));
                cell = dest.cell();
            }
            text
        }
        MoveKind::Drop => larger::drop_text(v, m),
        MoveKind::Castle if m.to.file() > m.from.file() => "O-O".to_string(),
        MoveKind::Castle => "O-O-O".to_string(),
        MoveKind::EnPassant => format!("{abbr}{from}x{to}"),
        MoveKind::Flip => format!("{abbr}{}", square_text(v, m.from)),
        MoveKind::ShootPassing => format!("{abbr}{from}x!{to}ep"),
        MoveKind::Golem => larger::golem_text(pos, m),
        // `o11=Trb`: a birth.
        MoveKind::Create if !with_from => format!("{to}={abbr}"),
        MoveKind::Create => format!("{abbr}{from}:{to}={abbr}"),
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
fn looks_special(v: &Variant, text: &str) -> bool {
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
        || capture_marks(v, text) >= 2
}

/// How many `x` capture marks the text has after its leading piece abbreviation: an `x` followed by
/// a square (a file letter and a digit), so that abbreviations with an x in them (Jupiter's `VOx`,
/// `OxT`, `Box`) do not count.
fn capture_marks(v: &Variant, text: &str) -> usize {
    let skip = v
        .pieces
        .iter()
        .map(|p| p.abbr)
        .filter(|a| text.starts_with(a))
        .map(str::len)
        .max()
        .unwrap_or(0);
    let lower = text[skip..].to_ascii_lowercase();
    let b = lower.as_bytes();
    (0..b.len())
        .filter(|&i| {
            b[i] == b'x'
                && b.get(i + 1).is_some_and(u8::is_ascii_lowercase)
                && b.get(i + 2).is_some_and(u8::is_ascii_digit)
        })
        .count()
}

fn read_by_text(m: Move) -> bool {
    m.is_continuing()
        || m.is_declining()
        || matches!(
            m.kind,
            MoveKind::Arrival
                | MoveKind::Pull
                | MoveKind::Repel
                | MoveKind::Push
                | MoveKind::Create
        )
        || read_by_text_kind(m.kind)
}

fn read_by_text_kind(kind: MoveKind) -> bool {
    matches!(
        kind,
        MoveKind::HopCapture
            | MoveKind::Pass
            | MoveKind::Suicide
            | MoveKind::Convert
            | MoveKind::Swap
            | MoveKind::LineCapture
            | MoveKind::Drop
            | MoveKind::Flip
    )
}

fn same_but_promotion(a: Move, b: Move) -> bool {
    a.from == b.from && a.to == b.to && a.kind == b.kind && a.aux == b.aux
}

/// `=Abbr` for a promotion; a bare `=` when the same move could have promoted, so that a record
/// shows the promotion was declined. A flip piece that stays as it is gets no mark: staying is
/// its ordinary move, and flipping the exception.
fn suffix(pos: &Position, m: Move, moves: &[Move]) -> String {
    let v = pos.variant();
    if v.powers {
        return larger::promotion_suffix(v, m);
    }
    let could_promote = |o: &Move| o.promotion().is_some() && same_but_promotion(*o, m);
    let flips = || {
        pos.piece_at(m.from)
            .is_some_and(|p| v.spec(p.kind).flips_to.is_some())
    };
    match m.promotion() {
        Some(kind) => format!("={}", abbr_text(v, kind)),
        None if moves.iter().any(could_promote) && !flips() => "=".to_string(),
        None => String::new(),
    }
}

/// Whether `o` is another castling of `m`'s King towards the same wing, to another square.
fn same_wing_castling(o: Move, m: Move) -> bool {
    let higher = |c: Move| c.to.file() > c.from.file();
    o.kind == MoveKind::Castle && o.from == m.from && o.to != m.to && higher(o) == higher(m)
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
        // Passes name no square either: two pieces that may pass clash (two King Lions).
        let pass = |o: Move| o.kind == MoveKind::Pass;
        moves.iter().any(|&o| {
            o != m
                && o.is_continuing() == m.is_continuing()
                && (o.to == m.to || in_place(o) && in_place(m) || pass(o) && pass(m))
                && o.promotion() == m.promotion()
                // A 12x8 promotion's square (`=As@f7`) tells such moves apart; nothing else in
                // `aux` is written (a bewitched step's mark is not), so it tells nothing apart.
                && (!v.powers || larger::promotion_suffix(v, o) == larger::promotion_suffix(v, m))
                && base(pos, o, false) == text
        })
    };
    let mut text = base(pos, m, with_from) + &suffix(pos, m, moves);
    // Two castlings of one King on one wing (a file may give three or four): `O-O-O/b1`, the
    // King's destination after a slash.
    if m.kind == MoveKind::Castle && moves.iter().any(|&o| same_wing_castling(o, m)) {
        text += &format!("/{}", square_text(v, m.to));
    }
    // `Bxn11*`: the mover itself is removed (a Kamikaze's capture, poison, burning); `&`: the
    // first part of a doubled turn, the second follows.
    if mover_removed(pos, m) {
        text.push('*');
    }
    if m.is_continuing() {
        text.push('&');
    }
    text
}

/// True if making `m` removes its own piece after the move (a Kamikaze's capture, poison or
/// burning). Looks by making the move on a copy of the board.
fn mover_removed(pos: &Position, m: Move) -> bool {
    let latent = piece::latent::KAMIKAZE
        | piece::latent::POISONOUS
        | piece::latent::POISONER
        | piece::latent::BURNS;
    if pos.variant().latent & latent == 0 || m.is_continuing() || m.kind == MoveKind::Suicide {
        return false;
    }
    let mut copy = pos.clone();
    copy.make(m);
    copy.removals_after_last_move().contains(&m.destination())
}

/// The end of the game in words: "Tan's King was captured".
pub(crate) fn describe_outcome(pos: &mut Position, outcome: Outcome) -> String {
    let v = pos.variant();
    let Some(loser_color) = outcome.loser() else {
        return format!("drawn: {}", outcome.reason.describe());
    };
    let loser = side_title(v, loser_color);
    match outcome.reason {
        WinReason::RoyalCaptured => {
            let royal = captured_royal(pos, loser_color).unwrap_or("royal piece");
            format!("{loser}'s {royal} was captured")
        }
        WinReason::Bared => format!("{loser} was reduced to a single piece"),
        WinReason::NoLegalMove => format!("{loser} has no legal move"),
        WinReason::Checkmate => format!("{loser} is checkmated"),
        other => format!("{loser} lost: {}", other.describe()),
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

#[cfg(test)]
#[path = "notation/tests.rs"]
pub(crate) mod tests;
