//! A game on the server: its start, its moves, who plays which side, how it ended; and the JSON
//! views the browser reads. The rules library decides everything about legality and the end.

use std::ops::Deref;
use std::sync::Arc;

use jovian_rules::notation::{self, Style};
use jovian_rules::position::NoDrop;
use jovian_rules::record::{Game as RecordGame, Record, player_tag};
use jovian_rules::{Color, Move, MoveKind, Outcome, Position, Setup, Square, Variant, fen};
use serde::Serialize;
use tokio::sync::broadcast;

use crate::engine_link::{QueuePlace, QueueView, SearchControl};
use crate::seats::Seats;
use crate::words;

/// Which sides people play; the others are the engine's.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Humans {
    Blue,
    Tan,
    /// Two people at one board (one browser holds both seats).
    Both,
    /// Two people, each at a browser of their own (the creator sends the other a seat link):
    /// a draw or a take-back needs the other side's consent (crate::offers).
    Remote,
}

impl Humans {
    pub fn parse(text: &str) -> Option<Humans> {
        match text.to_ascii_lowercase().as_str() {
            "blue" => Some(Humans::Blue),
            "tan" => Some(Humans::Tan),
            "both" => Some(Humans::Both),
            "remote" => Some(Humans::Remote),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Humans::Blue => "blue",
            Humans::Tan => "tan",
            Humans::Both => "both",
            Humans::Remote => "remote",
        }
    }
    pub fn plays(self, color: Color) -> bool {
        match self {
            Humans::Both | Humans::Remote => true,
            Humans::Blue => color == Color::Blue,
            Humans::Tan => color == Color::Tan,
        }
    }
}

/// How a game ended, if it did.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Ending {
    /// By the rules: royal piece captured, bared, no legal move.
    Rules(Outcome),
    /// The loser resigned.
    Resigned(Color),
    /// Draw by agreement.
    Draw,
    /// The loser's time ran out.
    Time(Color),
}

impl Ending {
    pub fn result_text(self) -> &'static str {
        match self {
            Ending::Rules(o) => o.result_text(),
            Ending::Resigned(Color::Blue) => "0-1",
            Ending::Resigned(Color::Tan) | Ending::Time(Color::Tan) => "1-0",
            Ending::Time(Color::Blue) => "0-1",
            Ending::Draw => "1/2-1/2",
        }
    }
    pub fn winner(self) -> Option<Color> {
        match self {
            Ending::Rules(o) => o.winner,
            Ending::Resigned(loser) | Ending::Time(loser) => Some(loser.other()),
            Ending::Draw => None,
        }
    }
    pub fn reason(self, v: &Variant) -> String {
        match self {
            Ending::Rules(o) => o.reason.describe().to_string(),
            Ending::Resigned(loser) => format!("{} resigned", v.side_title(loser)),
            Ending::Draw => "draw by agreement".to_string(),
            Ending::Time(loser) => format!("{} lost on time", v.side_title(loser)),
        }
    }
    /// The form kept in the database for endings the board does not show.
    pub fn stored(self) -> Option<String> {
        match self {
            Ending::Rules(_) => None,
            Ending::Resigned(c) => Some(format!("resigned:{}", c.name())),
            Ending::Draw => Some("draw".to_string()),
            Ending::Time(c) => Some(format!("time:{}", c.name())),
        }
    }
    pub fn from_stored(text: &str) -> Option<Ending> {
        match text.split_once(':') {
            Some(("resigned", side)) => Color::parse(side).map(Ending::Resigned),
            Some(("time", side)) => Color::parse(side).map(Ending::Time),
            _ if text == "draw" => Some(Ending::Draw),
            _ => None,
        }
    }
}

/// What the server sends on a game's event stream.
#[derive(Clone, Debug)]
pub struct Event {
    pub kind: &'static str,
    pub data: String,
}

/// An engine search in progress for a game.
pub struct Thinking {
    pub control: Arc<SearchControl>,
    /// The game's `generation` when the search began: a take-back or resignation changes it, and
    /// the search's move is then dropped.
    pub generation: u64,
}

impl Thinking {
    /// Asks the search to stop and answer with its best move so far.
    pub fn stop_now(&self) {
        self.control.move_now();
    }
}

/// The engine's latest iteration, for the browser.
#[derive(Clone, Debug, Serialize)]
pub struct ThinkingView {
    pub depth: u32,
    pub score: String,
    pub nodes: u64,
    pub nps: u64,
    pub pv: Vec<String>,
}

pub struct GameState {
    pub id: i64,
    pub variant: &'static Variant,
    pub start: Setup,
    pub setup_name: Option<String>,
    pub position: Position,
    pub moves: Vec<Move>,
    pub humans: Humans,
    pub level: u32,
    pub movetime_ms: Option<u64>,
    /// Resignation or draw; an end by the rules is read from the position.
    pub agreed_end: Option<Ending>,
    pub created: i64,
    pub thinking: Option<Thinking>,
    /// Waiting for a free engine (crate::engine_pool).
    pub queued: Option<Box<dyn QueuePlace>>,
    /// Deleted: no engine starts for it any more.
    pub deleted: bool,
    pub generation: u64,
    pub last_info: Option<ThinkingView>,
    /// The engine's last score from its own side's point of view (centipawns), for draw offers.
    pub engine_score: Option<i32>,
    /// The secrets of the sides people play: never part of a view.
    pub seats: Seats,
    /// A draw or take-back offered by one side of a remote game, waiting for the other's answer.
    pub offer: Option<crate::offers::Offer>,
    /// The clocks, in a timed game (crate::clock).
    pub clock: Option<crate::clock::Clock>,
    /// Who is at the board (a remote game; in memory only).
    pub presence: crate::presence::Presence,
    /// What the views work out from the moves, kept between requests: see [`ViewCache`].
    pub cache: ViewCache,
    pub events: broadcast::Sender<Event>,
}

impl GameState {
    pub fn new(id: i64, start: Setup, setup_name: Option<String>) -> Result<GameState, String> {
        let position = Position::from_setup(&start).map_err(|e| format!("bad position: {e}"))?;
        Ok(GameState {
            id,
            variant: start.variant,
            start,
            setup_name,
            position,
            moves: Vec::new(),
            humans: Humans::Blue,
            level: jovian_engine::levels::DEFAULT_LEVEL,
            movetime_ms: None,
            agreed_end: None,
            created: 0,
            thinking: None,
            queued: None,
            deleted: false,
            generation: 0,
            last_info: None,
            engine_score: None,
            seats: Seats::default(),
            offer: None,
            clock: None,
            presence: crate::presence::Presence::default(),
            cache: ViewCache::default(),
            events: broadcast::channel(64).0,
        })
    }

    pub fn ending(&mut self) -> Option<Ending> {
        self.agreed_end
            .or_else(|| self.outcome().map(Ending::Rules))
    }

    /// The end by the rules (`Position::outcome`: a move generation), kept for the moves it was
    /// found after: a request asks it several times.
    fn outcome(&mut self) -> Option<Outcome> {
        self.cache.follow(&self.moves);
        if let Some(outcome) = self.cache.outcome {
            return outcome;
        }
        let outcome = self.position.outcome();
        self.cache.outcome = Some(outcome);
        outcome
    }

    pub fn engine_to_move(&mut self) -> bool {
        self.ending().is_none() && !self.humans.plays(self.position.side_to_move())
    }

    pub fn announce(&self, kind: &'static str, data: String) {
        // Nobody listening is fine: the browser reads the game again when it reconnects.
        let _ = self.events.send(Event { kind, data });
    }

    pub fn start_text(&self) -> String {
        fen::write_setup(&self.start)
    }

    /// The game as a record (moves in the game's own notation), with players and result.
    pub fn record(&mut self) -> Record {
        let ending = self.ending();
        let game = RecordGame {
            variant: self.variant,
            start: self.start.clone(),
            setup_name: self.setup_name.clone(),
            moves: self.moves.clone(),
            position: self.position.clone(),
            outcome: match ending {
                Some(Ending::Rules(o)) => Some(o),
                _ => None,
            },
        };
        let player = |c: Color| {
            if self.humans.plays(c) {
                "human".to_string()
            } else {
                format!("Jovian level {}", self.level)
            }
        };
        let mut tags = vec![
            ("Event".to_string(), format!("Jovian game {}", self.id)),
            ("Site".to_string(), "jovian serve".to_string()),
            ("Date".to_string(), record_date(self.created)),
            ("Round".to_string(), "-".to_string()),
            // Named by the game's sides: White and Black in the 12x8 game.
            (
                player_tag(self.variant, Color::Blue).to_string(),
                player(Color::Blue),
            ),
            (
                player_tag(self.variant, Color::Tan).to_string(),
                player(Color::Tan),
            ),
        ];
        if let Some(c) = &self.clock {
            tags.push(("TimeControl".to_string(), c.control.tag()));
        }
        if let Some(e) = ending {
            tags.push(("Result".to_string(), e.result_text().to_string()));
            tags.push(("Termination".to_string(), e.reason(self.variant)));
        }
        Record::from_game(&game, tags)
    }
}

/// A record's date (`2026.11.24`, UTC) from seconds since 1970; `????.??.??` if unknown.
fn record_date(seconds: i64) -> String {
    if seconds <= 0 {
        return "????.??.??".to_string();
    }
    // Days to a civil date (H. Hinnant's algorithm).
    let z = seconds.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

// ---------------------------------------------------------------------------------------------
// Views

#[derive(Serialize)]
pub struct PieceView {
    pub square: String,
    pub color: &'static str,
    pub abbr: &'static str,
    pub promoted: bool,
}

#[derive(Serialize, Clone)]
pub struct LegalView {
    pub from: String,
    pub to: String,
    /// The square to click to choose this move: the destination, or for moves that do not move
    /// the piece, the square they act on (igui victim, converted piece, the piece itself for a pass
    /// or self-capture).
    pub target: String,
    pub kind: &'static str,
    pub text: String,
    pub coord: String,
    pub promotion: Option<&'static str>,
    pub captures: Vec<String>,
    /// A second piece's leg (a Golem's other part: `from2` -> `to2`) or a pair drop's second
    /// square (`to2`).
    pub from2: Option<String>,
    pub to2: Option<String>,
    /// The square a promotion names: where a new Assassin appears or a new Thunder explodes.
    pub at: Option<String>,
    /// The move in words (`words::describe`).
    pub words: String,
    /// Why the move loses at once (the opponent's reply captures the mover's last royal piece or
    /// bares it), for the board's confirmation; `None` if no reply wins at once.
    pub loses: Option<&'static str>,
}

/// A move the repetition rule bars (it would make a position occur a third time).
#[derive(Serialize, Clone)]
pub struct BarredView {
    pub from: String,
    pub target: String,
    pub text: String,
    pub words: String,
    pub reason: &'static str,
}

#[derive(Serialize, Clone)]
pub struct PlayedView {
    pub ply: usize,
    pub text: String,
    /// The long form (always with the from-square: `Waj1-j7`), for the move list's toggle.
    pub long: String,
    pub coord: String,
}

#[derive(Serialize)]
pub struct ResultView {
    pub result: &'static str,
    pub winner: Option<&'static str>,
    pub reason: String,
    /// Ended by a resignation or an agreed draw: final, nothing can be taken back.
    pub agreed: bool,
}

#[derive(Serialize)]
pub struct HandView {
    pub color: &'static str,
    pub abbr: &'static str,
    pub count: u8,
    /// Why the side to move cannot drop it now, in words (`None` when it can, and for the other
    /// side's hand).
    pub why_not: Option<String>,
}

#[derive(Serialize)]
pub struct BoardView {
    pub ply: usize,
    pub to_move: &'static str,
    pub pieces: Vec<PieceView>,
    pub last: Option<(String, String)>,
    /// Pieces in hand (the 12x8 game); empty for the other games.
    pub hands: Vec<HandView>,
    /// The square of the side to move's King when it is in check.
    pub check: Option<String>,
    /// The side to move's last royal piece when the opponent could capture it now (the games
    /// without check).
    pub danger: Vec<String>,
    /// In the middle of a doubled turn: the square of the piece that moves again (or ends the
    /// turn by passing).
    pub again: Option<String>,
}

#[derive(Serialize)]
pub struct GameView {
    pub id: i64,
    pub variant: &'static str,
    pub title: &'static str,
    pub setup: Option<String>,
    pub start: String,
    pub humans: &'static str,
    /// The sides' names ("Blue", "Tan" or "White", "Black") and the side that moved first.
    pub sides: [&'static str; 2],
    pub first: &'static str,
    pub level: u32,
    pub movetime_ms: Option<u64>,
    pub board: BoardView,
    pub moves: Shared<Vec<PlayedView>>,
    pub legal: Shared<Vec<LegalView>>,
    /// Moves the repetition rule bars now, so that the board can say why they are not offered.
    pub barred: Shared<Vec<BarredView>>,
    pub result: Option<ResultView>,
    pub thinking: bool,
    /// Waiting for a free engine: its place in the queue.
    pub queued: Option<QueueView>,
    pub engine_to_move: bool,
    pub info: Option<ThinkingView>,
    /// The pending offer of a remote game: `{"kind": "draw" | "takeback", "by": side}`.
    pub offer: Option<crate::offers::OfferView>,
    /// A timed game's clocks: `{"control", "blue_ms", "tan_ms", "running"}`.
    pub clock: Option<crate::clock::ClockView>,
    /// A game between two people at different computers: who is at the board, who has joined.
    pub presence: Option<crate::presence::PresenceView>,
}

/// A short summary for the list of games.
#[derive(Clone, Serialize)]
pub struct SummaryView {
    pub id: i64,
    pub variant: &'static str,
    pub title: &'static str,
    pub humans: &'static str,
    pub level: u32,
    pub plies: usize,
    pub result: Option<&'static str>,
    pub created: i64,
    /// The side to move (for a list of the games where it is one's turn).
    pub to_move: &'static str,
}

pub fn kind_name(kind: MoveKind) -> &'static str {
    kind.name()
}

/// The square a user clicks to choose `m` (see `LegalView::target`).
fn target(m: Move) -> Square {
    match m.kind {
        MoveKind::Flip | MoveKind::ShootPassing => m.from,
        MoveKind::Convert if m.from == m.to => m.converted(),
        MoveKind::Pass | MoveKind::Suicide => m.from,
        _ => m.to,
    }
}

pub fn board_view(pos: &Position) -> BoardView {
    board_view_with(pos, &pos.royals_in_danger())
}

/// [`board_view`] with the royal pieces in danger already found (a move generation).
fn board_view_with(pos: &Position, danger: &[Square]) -> BoardView {
    let v = pos.variant();
    let pieces = pos
        .pieces()
        .map(|(color, kind, sq)| PieceView {
            square: v.square_name(sq),
            color: color.name(),
            abbr: v.abbr(kind),
            promoted: v.spec(kind).promoted,
        })
        .collect();
    let last = pos
        .moves_played()
        .last()
        .map(|m| (v.square_name(m.from), v.square_name(target(m))));
    let mut hands = Vec::new();
    if v.powers || v.rules.drops.is_some() {
        // Asking the rules why a drop cannot be made takes a move generation (once a position);
        // the 12x8 game's rules can say why (a general game's drops are lit on the board).
        let mut probe = pos.clone();
        for color in Color::BOTH {
            for (kind, count) in pos.hand_pieces(color) {
                let why_not = (v.powers && color == pos.side_to_move())
                    .then(|| probe.why_no_drop(kind))
                    .flatten()
                    .map(|why| no_drop_text(&mut probe, why));
                hands.push(HandView {
                    color: color.name(),
                    abbr: v.abbr(kind),
                    count,
                    why_not,
                });
            }
        }
    }
    let check = pos.royal_in_check_square().map(|sq| v.square_name(sq));
    let danger = danger.iter().map(|&sq| v.square_name(sq)).collect();
    BoardView {
        ply: pos.ply(),
        to_move: pos.side_to_move().name(),
        pieces,
        last,
        hands,
        check,
        danger,
        again: pos.mid_turn().map(|sq| v.square_name(sq)),
    }
}

/// Why a type in hand cannot be dropped, in words for the board (see [`NoDrop`]).
fn no_drop_text(pos: &mut Position, why: NoDrop) -> String {
    let v = pos.variant();
    let squares = |pairs: &[(Square, Square)]| {
        let each: Vec<String> = pairs
            .iter()
            .map(|&(a, b)| format!("{} and {}", v.square_name(a), v.square_name(b)))
            .collect();
        each.join(", or ")
    };
    match why {
        NoDrop::NoneInHand => "none in hand".to_string(),
        NoDrop::KingsNotMoved(waiting) => match waiting.as_slice() {
            [one] => format!(
                "drops open once both Kings have moved ({}'s King has not yet)",
                v.side_title(*one)
            ),
            _ => "drops open once both Kings have moved (neither has yet)".to_string(),
        },
        NoDrop::Closed => "no more drops: a King has reached its last row".to_string(),
        NoDrop::OwesPair(m) => format!(
            "first the Halfling pair you owe: {}",
            notation::format_move(pos, m, Style::Short)
        ),
        NoDrop::HalfAPair => "it is dropped as a pair, and only one is in hand".to_string(),
        NoDrop::SquaresTaken(pairs) if pairs.is_empty() => {
            "the squares beside the King are off the board".to_string()
        }
        NoDrop::SquaresTaken(pairs) => {
            format!("it is dropped on {}, which must be empty", squares(&pairs))
        }
        NoDrop::NoCheckingSquare => {
            "it is dropped only where it gives check, and no empty square does".to_string()
        }
        NoDrop::KingsApart => "it is dropped only while the Kings see each other".to_string(),
        NoDrop::NoEmptySquare => "no square where it may be dropped is empty".to_string(),
        NoDrop::KingInCheck => "every drop of it would leave your King in check".to_string(),
    }
}

/// One legal move for the board; `with_loss` asks whether a reply wins at once (a few move
/// generations: only for the side to move's own moves).
pub fn legal_view(pos: &mut Position, m: Move, with_loss: bool) -> LegalView {
    let text = notation::format_move(pos, m, Style::Short);
    named_legal_view(pos, m, text, with_loss)
}

/// [`legal_view`] with the move's short text already written (`notation::format_legal_moves`).
fn named_legal_view(pos: &mut Position, m: Move, text: String, with_loss: bool) -> LegalView {
    let v = pos.variant();
    let sq = |s: u8| v.square_name(Square(s));
    let (from2, to2) = match m.kind {
        MoveKind::Golem => (Some(sq(m.aux[0])), Some(sq(m.aux[1]))),
        MoveKind::Drop => (None, m.pair_square().map(|s| sq(s.0))),
        _ => (None, None),
    };
    LegalView {
        // A drop comes from the hand: `@` and the type.
        from: match (m.kind, m.promotion()) {
            (MoveKind::Drop, Some(k)) => format!("@{}", v.abbr(k)),
            _ => v.square_name(m.from),
        },
        from2,
        to2,
        at: pos.named_square(m).map(|s| v.square_name(s)),
        to: v.square_name(m.to),
        target: v.square_name(target(m)),
        kind: kind_name(m.kind),
        text,
        coord: notation::format_move(pos, m, Style::Coordinate),
        promotion: m.promotion().map(|k| v.abbr(k)),
        captures: pos
            .captures_of(m)
            .into_iter()
            .map(|s| v.square_name(s))
            .collect(),
        words: words::describe(pos, m),
        loses: if with_loss {
            pos.loss_after(m).map(words::loss_reason)
        } else {
            None
        },
    }
}

impl GameState {
    pub fn view(&mut self) -> GameView {
        let v = self.variant;
        let ending = self.ending();
        let (legal, barred) = match ending {
            None => (self.legal_views(), self.barred_views()),
            Some(_) => (Shared::default(), Shared::default()),
        };
        let moves = self.played_views();
        let engine_to_move = self.engine_to_move();
        GameView {
            id: self.id,
            variant: v.id,
            title: v.title,
            setup: self.setup_name.clone(),
            start: self.start_text(),
            humans: self.humans.name(),
            sides: [v.side_title(Color::Blue), v.side_title(Color::Tan)],
            first: self.start.to_move.name(),
            level: self.level,
            movetime_ms: self.movetime_ms,
            board: self.board(),
            moves,
            legal,
            barred,
            result: ending.map(|e| ResultView {
                result: e.result_text(),
                winner: e.winner().map(|c| c.name()),
                reason: e.reason(v),
                agreed: !matches!(e, Ending::Rules(_)),
            }),
            thinking: self.thinking.is_some(),
            queued: self.queued.as_ref().and_then(|q| q.view()),
            engine_to_move,
            info: self.last_info.clone(),
            offer: self.offer.map(|o| o.view()),
            clock: self.clock.as_ref().map(|c| {
                let flagged = match ending {
                    Some(Ending::Time(loser)) => Some(loser),
                    _ => None,
                };
                c.view(self.position.side_to_move(), ending.is_some(), flagged)
            }),
            presence: (self.humans == Humans::Remote).then(|| self.presence_view()),
        }
    }

    /// Who is at the board and who has joined (a remote game's sides).
    pub fn presence_view(&self) -> crate::presence::PresenceView {
        let first = self.start.to_move;
        let plies = self.moves.len();
        self.presence.view(std::time::Instant::now(), |side| {
            plies >= if side == first { 1 } else { 2 }
        })
    }

    pub fn summary(&mut self) -> SummaryView {
        SummaryView {
            id: self.id,
            variant: self.variant.id,
            title: self.variant.title,
            humans: self.humans.name(),
            level: self.level,
            plies: self.moves.len(),
            result: self.ending().map(|e| e.result_text()),
            created: self.created,
            to_move: self.position.side_to_move().name(),
        }
    }
}

mod views;

pub use views::{Shared, ViewCache};

#[cfg(test)]
mod tests;
