//! PGN-style game records: `[Tag "value"]` lines, then the moves with move numbers, comments and
//! a result token. `Record` is the text's structure; `replay` checks it against the rules and
//! gives a `Game`. See docs/notation.md.

use thiserror::Error;

use crate::fen::{self, FenError};
use crate::geometry::Color;
use crate::moves::Move;
use crate::notation::{self, MoveParseError, Style};
use crate::position::{Position, PositionError, Setup};
use crate::status::Outcome;
use crate::variant::Variant;

/// A record as written: tags in their order, the moves as their texts, the result token.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    /// The result token at the end of the moves, if any.
    pub result: Option<String>,
}

/// A replayed game.
#[derive(Clone, Debug)]
pub struct Game {
    pub variant: &'static Variant,
    pub start: Setup,
    /// The setup name the game started from, or `None` for a position given in full.
    pub setup_name: Option<String>,
    pub moves: Vec<Move>,
    /// The position after all moves.
    pub position: Position,
    /// The end of the game by the rules (`None` while it goes on, whatever the Result tag says).
    pub outcome: Option<Outcome>,
}

/// What is wrong with a record, and where.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RecordError {
    #[error("line {line}: malformed tag: {reason}")]
    BadTag { line: usize, reason: String },
    #[error("line {line}: tag {name} is given twice")]
    DuplicateTag { line: usize, name: String },
    #[error("line {line}: tags must come before the moves")]
    TagAfterMoves { line: usize },
    #[error("line {line}: {what} is never closed")]
    Unclosed { line: usize, what: &'static str },
    #[error("line {line}: unexpected {token:?} among the moves")]
    BadToken { line: usize, token: String },
    /// A move number that is not the number of the turn it stands before (`problem` says what
    /// it should be).
    #[error("line {line}: move number {token:?} {problem}")]
    MoveNumber {
        line: usize,
        token: String,
        problem: String,
    },
    #[error("line {line}: {token:?} after the result {result}")]
    AfterResult {
        line: usize,
        token: String,
        result: String,
    },
    #[error("unknown result {0:?} in the Result tag (expected 1-0, 0-1, 1/2-1/2 or *)")]
    BadResult(String),
    #[error("the Result tag says {tag} but the moves end with {moves}")]
    ResultMismatch { tag: String, moves: String },
    #[error("missing Variant tag (known variants: {known})")]
    MissingVariant { known: String },
    #[error("unknown variant {name:?} in the Variant tag (known: {known})")]
    UnknownVariant { name: String, known: String },
    /// The record's VariantHash is not the hash of the definition of its game known here: the
    /// game changed since the record was made, and its moves may mean something else now.
    #[error(
        "the record was made under definition {recorded} of {game}, but {game} here is \
         definition {current}: the game changed since, and the record is not replayed under other \
         rules"
    )]
    DefinitionChanged {
        game: String,
        recorded: String,
        current: String,
    },
    #[error("unknown setup {name:?} for {variant}; setups are named {help}")]
    UnknownSetup {
        name: String,
        variant: &'static str,
        help: &'static str,
    },
    #[error("both a Setup and a Position tag; give one of them")]
    SetupAndPosition,
    #[error("Position tag: {0}")]
    BadPosition(FenError),
    #[error("Position tag: {0}")]
    Unplayable(PositionError),
    #[error("move {number} ({side}) {text:?}: {error}")]
    IllegalMove {
        number: usize,
        side: String,
        text: String,
        error: MoveParseError,
    },
    #[error("result {result} contradicts the game: {winner} ({how})")]
    ResultContradicts {
        result: String,
        winner: String,
        how: String,
    },
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];
/// The tags `to_text` writes first, in this order: PGN's seven (Event, Site, Date, Round, the
/// players, Result; the players named by the variant's sides: Blue and Tan, or White and Black in
/// the 12x8 game), then the game's own (Variant, the hash of its definition, Setup or Position)
/// and TimeControl.
const TAG_ORDER: [&str; 14] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "Blue",
    "Tan",
    "White",
    "Black",
    "Result",
    "Variant",
    HASH_TAG,
    "Setup",
    "Position",
    "TimeControl",
];

/// The tag with the short hash of the game's definition (`Variant::definition_hash`). A record
/// without it (older records, hand-written ones) replays as before.
pub const HASH_TAG: &str = "VariantHash";

/// The name of the tag that holds the player of `color` in `variant`'s records: the side's title
/// (`Blue`, `Tan`; `White`, `Black` in the 12x8 game).
pub fn player_tag(variant: &Variant, color: Color) -> &'static str {
    variant.side_title(color)
}

/// A PGN date (`2026.11.22`, UTC) of a moment given in seconds since the Unix epoch.
pub fn pgn_date(unix_seconds: i64) -> String {
    let days = unix_seconds.div_euclid(86_400);
    // Howard Hinnant's civil-from-days algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The byte order mark some editors put at the start of a UTF-8 file: not part of the text.
pub(crate) const BOM: char = '\u{feff}';

/// Checks the move numbers as `Record::parse` reads them. Numbers count turns from 1, `N.` before
/// Blue's move and `N...` before Tan's (a game set up with Tan to move starts with `1...`), exactly
/// as `to_text` writes them; a number may be left out, but one that is written must be right.
/// The two parts of a doubled turn written apart (`Gu-b5& Gu-b6`) are one turn with one number.
#[derive(Default)]
struct Numbering {
    /// The moves have begun (and so the tags, which say who moves first, are all read).
    started: bool,
    /// Plies of whole turns so far, counted from a Blue move (so 1 when Tan moves first).
    ply: usize,
    /// The last move text was the first part of a doubled turn.
    continuing: bool,
    /// A number read and not yet checked against the move it stands before.
    pending: Option<Number>,
}

struct Number {
    /// As written (`12.`, `12...`, `12. ...`), for the error.
    token: String,
    /// `None` for a number too large to be any turn's.
    value: Option<usize>,
    /// Written with more than one dot: Tan's move.
    tan: bool,
    line: usize,
}

impl Numbering {
    /// A number token (`digits` then `dots`).
    fn number(&mut self, token: &str, digits: usize, line: usize) -> Result<(), RecordError> {
        if let Some(n) = self.pending.take() {
            return Err(RecordError::MoveNumber {
                line: n.line,
                token: n.token,
                problem: "has no move after it".to_string(),
            });
        }
        self.pending = Some(Number {
            token: token.to_string(),
            value: token[..digits].parse().ok(),
            tan: token.len() - digits > 1,
            line,
        });
        Ok(())
    }

    /// A token of dots alone: `1. ... P-f7` writes Tan's `1...` in two tokens.
    fn dots(&mut self, token: &str, line: usize) -> Result<(), RecordError> {
        match &mut self.pending {
            Some(n) if !n.tan => {
                n.tan = true;
                n.token = format!("{} {token}", n.token);
                Ok(())
            }
            _ => Err(RecordError::BadToken {
                line,
                token: token.to_string(),
            }),
        }
    }

    /// A move text (or the result) comes: the number before it, if any, must be its turn's.
    fn check(&mut self) -> Result<(), RecordError> {
        let Some(n) = self.pending.take() else {
            return Ok(());
        };
        let problem = if self.continuing {
            "stands between the two parts of a doubled turn, which make one turn".to_string()
        } else {
            let (turn, tan) = (self.ply / 2 + 1, self.ply % 2 == 1);
            if n.value == Some(turn) && n.tan == tan {
                return Ok(());
            }
            let want = if tan {
                format!("{turn}...")
            } else {
                format!("{turn}.")
            };
            format!(
                "should be \"{want}\" (turns are numbered from 1; N... stands before Tan's move)"
            )
        };
        Err(RecordError::MoveNumber {
            line: n.line,
            token: n.token,
            problem,
        })
    }

    /// A move text was read.
    fn moved(&mut self, text: &str) {
        self.continuing = text.ends_with('&');
        if !self.continuing {
            self.ply += 1;
        }
    }
}

/// A cursor over the record's text that counts lines for error messages.
struct Cursor<'a> {
    rest: std::str::Chars<'a>,
    line: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.rest.clone().next()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.rest.next()?;
        self.line += (c == '\n') as usize;
        Some(c)
    }
    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }
    /// Skips past `close`, counting nested `open`s if given; false if the text ends first.
    fn skip_past(&mut self, open: Option<char>, close: char) -> bool {
        let mut depth = 0;
        while let Some(c) = self.bump() {
            if Some(c) == open {
                depth += 1;
            } else if c == close {
                if depth == 0 {
                    return true;
                }
                depth -= 1;
            }
        }
        false
    }
}

impl Record {
    /// Reads a record. Only the form is checked here; `replay` checks the moves.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let text = text.strip_prefix(BOM).unwrap_or(text);
        let mut record = Record::default();
        let mut numbering = Numbering::default();
        let mut c = Cursor {
            rest: text.chars(),
            line: 1,
        };
        loop {
            c.skip_whitespace();
            let line = c.line;
            let Some(first) = c.peek() else { break };
            match first {
                '[' if record.moves.is_empty() && record.result.is_none() => {
                    let (name, value) = read_tag(&mut c)?;
                    if record.tag(&name).is_some() {
                        return Err(RecordError::DuplicateTag { line, name });
                    }
                    record.tags.push((name, value));
                }
                '[' => return Err(RecordError::TagAfterMoves { line }),
                ';' => while c.bump().is_some_and(|ch| ch != '\n') {},
                // Comments do not nest (as in PGN); variations do.
                '{' | '(' => {
                    c.bump();
                    let (open, close, what) = match first {
                        '{' => (None, '}', "the comment opened with {"),
                        _ => (Some('('), ')', "the variation opened with ("),
                    };
                    if !c.skip_past(open, close) {
                        return Err(RecordError::Unclosed { line, what });
                    }
                }
                _ => {
                    let mut token = String::new();
                    while let Some(ch) = c.peek().filter(|ch| !ch.is_whitespace()) {
                        if "[;{(".contains(ch) {
                            break;
                        }
                        token.push(ch);
                        c.bump();
                    }
                    record.take_token(token, line, &mut numbering)?;
                }
            }
        }
        numbering.check()?;
        if let Some(tag) = record.tag("Result") {
            if !RESULTS.contains(&tag) {
                return Err(RecordError::BadResult(tag.to_string()));
            }
            if let Some(moves) = record.result.as_deref().filter(|r| *r != tag) {
                return Err(RecordError::ResultMismatch {
                    tag: tag.to_string(),
                    moves: moves.to_string(),
                });
            }
        }
        Ok(record)
    }

    /// One token of the moves: a move number (`12.`, `12...`), a move (possibly glued to its
    /// number: `1.Wa-a7`), a numeric annotation (`$1`, ignored) or the result.
    fn take_token(
        &mut self,
        token: String,
        line: usize,
        numbering: &mut Numbering,
    ) -> Result<(), RecordError> {
        if let Some(result) = &self.result {
            let result = result.clone();
            return Err(RecordError::AfterResult {
                line,
                token,
                result,
            });
        }
        if !numbering.started {
            numbering.started = true;
            numbering.ply = self.tan_first() as usize;
        }
        if RESULTS.contains(&token.as_str()) {
            numbering.check()?;
            self.result = Some(token);
            return Ok(());
        }
        if token.starts_with('$') {
            return Ok(());
        }
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        let dots = token[digits..].bytes().take_while(|&b| b == b'.').count();
        let text = &token[digits + dots..];
        // Moves start with a letter; a number needs its dots (`12.`).
        if (digits > 0 && dots == 0) || text.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(RecordError::BadToken { line, token });
        }
        match (digits, dots) {
            (0, 0) => {}
            (0, _) if text.is_empty() => numbering.dots(&token, line)?,
            (0, _) => return Err(RecordError::BadToken { line, token }),
            _ => numbering.number(&token[..digits + dots], digits, line)?,
        }
        // A numeric annotation glued to a number (`2.$1`) is skipped like one standing alone
        // (found by the fuzz tests: it was read as a move).
        if text.is_empty() || text.starts_with('$') {
            return Ok(());
        }
        numbering.check()?;
        if RESULTS.contains(&text) {
            self.result = Some(text.to_string());
        } else {
            numbering.moved(text);
            self.moves.push(text.to_string());
        }
        Ok(())
    }

    /// True if the record's Position tag has Tan to move: its moves then start with `1...`. The
    /// side's letter is read as the record's game reads it (`b` is Black, the second side, in the
    /// 12x8 game, and the first in Shogi); as the built-in names say for a game not known here.
    fn tan_first(&self) -> bool {
        let Some(side) = self
            .tag("Position")
            .and_then(|p| p.split_whitespace().nth(1))
        else {
            return false;
        };
        let color = match self.tag("Variant").and_then(|n| Variant::by_id(n.trim())) {
            Some(v) => fen::side_of(v, side),
            None => Color::parse(side),
        };
        color == Some(Color::Tan)
    }

    /// The value of a tag; the name is matched exactly, or else ignoring case.
    pub fn tag(&self, name: &str) -> Option<&str> {
        let exact = self.tags.iter().find(|(n, _)| n == name);
        exact
            .or_else(|| self.tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)))
            .map(|(_, v)| v.as_str())
    }

    /// The winner the record declares (its `Result` tag, else the result after the moves):
    /// `Ok(Some(colour))` for `1-0` or `0-1`, `Ok(None)` for a draw, and an error naming the result
    /// for an unfinished game (`*`, or none).
    pub fn finished_winner(&self) -> Result<Option<Color>, String> {
        let result = self
            .tag("Result")
            .or(self.result.as_deref())
            .unwrap_or("*")
            .trim();
        match result {
            "1-0" => Ok(Some(Color::Blue)),
            "0-1" => Ok(Some(Color::Tan)),
            "1/2-1/2" => Ok(None),
            other => Err(format!("result {other:?} is not a finished game")),
        }
    }

    /// The player of `color`: the tag named by the variant's side (`White` in the 12x8 game), else
    /// `Blue` or `Tan` (as older records of every game name them).
    pub fn player(&self, variant: &Variant, color: Color) -> Option<&str> {
        self.tag(player_tag(variant, color))
            .or_else(|| self.tag(color.title()))
    }

    /// Replays the record: finds the variant (refusing a record whose VariantHash names another
    /// definition of it) and the start, plays every move (each must be legal), and checks the
    /// claimed result against the rules.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let known = || {
            let ids: Vec<&str> = Variant::all().iter().map(|v| v.id).collect();
            ids.join(", ")
        };
        let name = self
            .tag("Variant")
            .ok_or_else(|| RecordError::MissingVariant { known: known() })?;
        let variant = Variant::by_id(name.trim()).ok_or_else(|| RecordError::UnknownVariant {
            name: name.to_string(),
            known: known(),
        })?;
        if let Some(recorded) = self.tag(HASH_TAG).map(str::trim)
            && !variant.plays_definition(recorded)
        {
            return Err(RecordError::DefinitionChanged {
                game: variant.id.to_string(),
                // Escaped: a tag's value may hold any character, a line break too (found by
                // the fuzz target), and the error is one line.
                recorded: recorded.escape_default().to_string(),
                current: variant.definition_hash().to_string(),
            });
        }
        let (start, setup_name) = match (self.tag("Setup"), self.tag("Position")) {
            (Some(_), Some(_)) => return Err(RecordError::SetupAndPosition),
            (Some(name), None) => {
                let setup =
                    Setup::named(variant, name).ok_or_else(|| RecordError::UnknownSetup {
                        name: name.to_string(),
                        variant: variant.title,
                        help: variant.setups.help,
                    })?;
                (setup, Some(name.trim().to_string()))
            }
            (None, Some(text)) => (
                fen::parse_position(variant, text).map_err(RecordError::BadPosition)?,
                None,
            ),
            (None, None) => (
                Setup::default_for(variant),
                Some(variant.setups.default.to_string()),
            ),
        };
        let mut position = Position::from_setup(&start).map_err(RecordError::Unplayable)?;
        let mut moves = Vec::with_capacity(self.moves.len());
        // A game set up with Tan to move starts with `1...`. Each text is a turn (`Rxa11-m11` is
        // both parts of a doubled one), except a first part written alone (`Gu-b5&`).
        let mut ply = (start.to_move == Color::Tan) as usize;
        for text in &self.moves {
            let side = notation::side_title(variant, position.side_to_move());
            let turn = notation::parse_turn(&mut position, text).map_err(|error| {
                RecordError::IllegalMove {
                    number: ply / 2 + 1,
                    side,
                    text: text.clone(),
                    error,
                }
            })?;
            for m in turn {
                position.make(m);
                moves.push(m);
            }
            if position.mid_turn().is_none() {
                ply += 1;
            }
        }
        let outcome = position.outcome();
        let claimed = self.tag("Result").or(self.result.as_deref());
        if let (Some(o), Some(result)) = (outcome, claimed)
            && result != "*"
            && result != o.result_text()
        {
            return Err(RecordError::ResultContradicts {
                result: result.to_string(),
                winner: match o.winner {
                    Some(w) => format!("{} has won", notation::side_title(variant, w)),
                    None => "it is drawn".to_string(),
                },
                how: notation::describe_outcome(&mut position, o),
            });
        }
        Ok(Game {
            variant,
            start,
            setup_name,
            moves,
            position,
            outcome,
        })
    }

    /// The tags in the order `to_text` writes them: those of `TAG_ORDER` first, in that order,
    /// then the others in their order.
    fn ordered_tags(&self) -> Vec<&(String, String)> {
        let known = TAG_ORDER
            .iter()
            .filter_map(|&n| self.tags.iter().find(|(t, _)| t.eq_ignore_ascii_case(n)));
        let others = (self.tags.iter())
            .filter(|(n, _)| !TAG_ORDER.iter().any(|k| k.eq_ignore_ascii_case(n)));
        known.chain(others).collect()
    }

    /// The record as text: tags (those of `TAG_ORDER` first, in that order, then the others in
    /// their order), a blank line, the numbered moves wrapped at 80 columns, and
    /// the result token.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (name, value) in self.ordered_tags() {
            // Names are one word and values one line, so that the text reads back.
            let word = |c: char| c.is_alphanumeric() || c == '_';
            let mut name: String = name
                .chars()
                .map(|c| if word(c) { c } else { '_' })
                .collect();
            if name.is_empty() {
                name.push('_');
            }
            let value: String = value
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            out += &format!("[{name} \"{value}\"]\n");
        }
        if !out.is_empty() {
            out.push('\n');
        }
        let tan_first = self.tan_first();
        // A move number stays on the line of its move.
        // Numbers count turns: the first part of a doubled turn (`Gu-b5&`) and its second part
        // (`Gu-b6`) are one turn.
        let mut tokens = Vec::with_capacity(self.moves.len() + 1);
        let mut ply = tan_first as usize;
        let mut continuing = false;
        for (i, m) in self.moves.iter().enumerate() {
            tokens.push(match (continuing, ply % 2, i) {
                (true, _, _) => m.clone(),
                (_, 0, _) => format!("{}. {m}", ply / 2 + 1),
                (_, _, 0) => format!("{}... {m}", ply / 2 + 1),
                _ => m.clone(),
            });
            continuing = m.ends_with('&');
            if !continuing {
                ply += 1;
            }
        }
        let result = self.result.as_deref().or(self.tag("Result")).unwrap_or("*");
        tokens.push(result.to_string());
        let mut line_len = 0;
        for token in tokens {
            if line_len > 0 && line_len + 1 + token.len() > 80 {
                out.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                out.push(' ');
                line_len += 1;
            }
            line_len += token.len();
            out += &token;
        }
        out.push('\n');
        out
    }

    /// The record of a game: Variant, its definition's hash and Setup (or Position) from the
    /// game, then `tags` (any Variant, VariantHash, Setup or Position among them is ignored), then
    /// a Result from the game's outcome unless `tags` has one (a draw by agreement, a
    /// resignation). Moves are written in the short style.
    pub fn from_game(game: &Game, tags: Vec<(String, String)>) -> Record {
        let mut record = Record::default();
        record
            .tags
            .push(("Variant".to_string(), game.variant.id.to_string()));
        record.tags.push((
            HASH_TAG.to_string(),
            game.variant.definition_hash().to_string(),
        ));
        record.tags.push(match &game.setup_name {
            Some(name) => ("Setup".to_string(), name.clone()),
            None => ("Position".to_string(), fen::write_setup(&game.start)),
        });
        for (name, value) in tags {
            let ours = ["Variant", HASH_TAG, "Setup", "Position"]
                .iter()
                .any(|k| k.eq_ignore_ascii_case(&name));
            if !ours && record.tag(&name).is_none() {
                record.tags.push((name, value));
            }
        }
        if record.tag("Result").is_none() {
            let result = game.outcome.map_or("*", |o| o.result_text());
            record.tags.push(("Result".to_string(), result.to_string()));
        }
        record.result = record.tag("Result").map(str::to_string);
        // In the order they are written, so that the record reads back as it is.
        record.tags = record.ordered_tags().into_iter().cloned().collect();
        // A game is built by replaying, so its moves are legal; should one not be, it and the
        // rest are written in coordinate form, which needs no position.
        let mut position = Position::from_setup(&game.start).ok();
        let mut i = 0;
        while i < game.moves.len() {
            let m = game.moves[i];
            if let Some(pos) = position.as_mut()
                && !pos.is_legal(m)
            {
                position = None;
            }
            // Both parts of a doubled turn make one text (`Rxa11-m11`).
            let turn = match game.moves.get(i + 1) {
                Some(&next) if m.is_continuing() && position.is_some() => vec![m, next],
                _ => vec![m],
            };
            let text = match position.as_mut() {
                Some(pos) => {
                    let legal_pair = turn.len() == 1 || {
                        let mut copy = pos.clone();
                        copy.make(m);
                        copy.is_legal(turn[1])
                    };
                    let turn = if legal_pair { &turn[..] } else { &turn[..1] };
                    let text = notation::format_turn(pos, turn, Style::Short);
                    turn.iter().for_each(|&m| pos.make(m));
                    i += turn.len();
                    text
                }
                None => {
                    i += 1;
                    notation::coordinate(game.variant, m)
                }
            };
            record.moves.push(text);
        }
        record
    }
}

/// Reads `[Name "value"]`; the value may contain `\"` and `\\`.
fn read_tag(c: &mut Cursor) -> Result<(String, String), RecordError> {
    let line = c.line;
    let bad = |reason: String| RecordError::BadTag { line, reason };
    c.bump();
    c.skip_whitespace();
    let mut name = String::new();
    while let Some(ch) = c.peek().filter(|ch| ch.is_alphanumeric() || *ch == '_') {
        name.push(ch);
        c.bump();
    }
    if name.is_empty() {
        return Err(bad(
            "a tag starts with its name, as in [Variant \"scirocco\"]".into(),
        ));
    }
    c.skip_whitespace();
    if c.bump() != Some('"') {
        return Err(bad(format!("the value of {name} must be in double quotes")));
    }
    let mut value = String::new();
    loop {
        match c.bump() {
            None | Some('\n') => {
                return Err(bad(format!(
                    "the value of {name} is not closed on its line"
                )));
            }
            Some('"') => break,
            Some('\\') => match c.bump() {
                Some(e @ ('"' | '\\')) => value.push(e),
                Some('\n') | None => {
                    return Err(bad(format!(
                        "the value of {name} is not closed on its line"
                    )));
                }
                Some(other) => {
                    value.push('\\');
                    value.push(other);
                }
            },
            Some(ch) => value.push(ch),
        }
    }
    c.skip_whitespace();
    if c.bump() != Some(']') {
        return Err(bad(format!("expected ] after the value of {name}")));
    }
    Ok((name, value))
}

#[cfg(test)]
#[path = "record/tests.rs"]
mod tests;
