//! The game's views, and what they work out kept between requests (`ViewCache`): a view of a
//! big board is made from parts that cost move generations, each made once per position.

use super::*;

/// A part of a view made once and shared by the cache and every view that shows it; written as
/// the part itself.
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub(super) fn new(part: T) -> Shared<T> {
        Shared(Arc::new(part))
    }
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Shared<T> {
        Shared(self.0.clone())
    }
}

impl<T: Default> Default for Shared<T> {
    fn default() -> Shared<T> {
        Shared::new(T::default())
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

/// What the views work out from the game's moves, kept between requests. On a big board the
/// legal moves with their words and warnings cost a few thousand move generations, the move list
/// one generation a ply (each short text looks for moves that would read alike), the end by the
/// rules one: made once, not on every request. Each part is kept with the moves it was made
/// after, and used only while the game's moves are those: the position is the start and its
/// moves, history included, so a move, a take-back or a reload, made anywhere, never shows a
/// stale view.
#[derive(Default)]
pub struct ViewCache {
    /// The moves `outcome`, `danger`, `legal` and `barred` were made after.
    pub(super) after: Vec<Move>,
    pub(super) outcome: Option<Option<Outcome>>,
    /// The board's royal pieces in danger (`Position::royals_in_danger`).
    pub(super) danger: Option<Vec<Square>>,
    pub(super) legal: Option<Shared<Vec<LegalView>>>,
    pub(super) barred: Option<Shared<Vec<BarredView>>>,
    /// The move list, one entry a ply, made for `played_moves`: the entries of the game's moves
    /// up to the first one that differs are still right.
    pub(super) played: Shared<Vec<PlayedView>>,
    pub(super) played_moves: Vec<Move>,
}

/// Beyond this many new plies the move list is replayed from the start rather than from the
/// game's position taken back.
const PLAYED_FROM_BEHIND: usize = 8;

impl ViewCache {
    /// Forgets the parts made after other moves than `moves`.
    pub(super) fn follow(&mut self, moves: &[Move]) {
        if self.after != moves {
            self.after.clear();
            self.after.extend_from_slice(moves);
            self.outcome = None;
            self.danger = None;
            self.legal = None;
            self.barred = None;
        }
    }
}

impl GameState {
    /// The board (its danger mark, a move generation, is kept).
    pub(super) fn board(&mut self) -> BoardView {
        self.cache.follow(&self.moves);
        let position = &self.position;
        let danger = (self.cache.danger).get_or_insert_with(|| position.royals_in_danger());
        board_view_with(position, danger)
    }

    /// The legal moves' entries (the game in play).
    pub(super) fn legal_views(&mut self) -> Shared<Vec<LegalView>> {
        self.cache.follow(&self.moves);
        if let Some(legal) = &self.cache.legal {
            return legal.clone();
        }
        // One move generation for every short text (notation::format_legal_moves).
        let named = notation::format_legal_moves(&mut self.position, Style::Short);
        let legal: Vec<LegalView> = named
            .into_iter()
            .map(|(m, text)| named_legal_view(&mut self.position, m, text, true))
            .collect();
        // Kept as a copy: texts as written have room to spare, a copy has none (a Jupiter game's
        // list took twice the memory).
        let legal = Shared::new(legal.clone());
        self.cache.legal = Some(legal.clone());
        legal
    }

    /// The moves the repetition rule bars (the game in play).
    pub(super) fn barred_views(&mut self) -> Shared<Vec<BarredView>> {
        self.cache.follow(&self.moves);
        if let Some(barred) = &self.cache.barred {
            return barred.clone();
        }
        let v = self.variant;
        let position = &mut self.position;
        let barred: Vec<BarredView> = position
            .barred_by_repetition()
            .into_iter()
            .map(|m| BarredView {
                from: v.square_name(m.from),
                target: v.square_name(target(m)),
                text: notation::format_move(position, m, Style::Short),
                words: words::describe(position, m),
                reason: "it would make a position occur for the third time, which the rules \
                         forbid",
            })
            .collect();
        let barred = Shared::new(barred.clone()); // compact, as the legal moves
        self.cache.barred = Some(barred.clone());
        barred
    }

    /// The move list: one entry a ply (the record writes a doubled turn's two parts as one
    /// text), each short text written in the position before its move. Only the plies not yet in
    /// the cache are written.
    pub(super) fn played_views(&mut self) -> Shared<Vec<PlayedView>> {
        let cache = &mut self.cache;
        let same = (cache.played_moves.iter().zip(&self.moves))
            .take_while(|(a, b)| a == b)
            .count();
        if same == cache.played_moves.len() && same == self.moves.len() {
            return cache.played.clone();
        }
        cache.played_moves.truncate(same);
        // A view that still holds the list (rare: views are dropped once written) keeps its copy.
        let played = Arc::make_mut(&mut cache.played.0);
        played.truncate(same);
        let new = &self.moves[same..];
        // The position before the first new move: the game's own taken back, or the start.
        let mut replay = if new.len() <= PLAYED_FROM_BEHIND {
            let mut pos = self.position.clone();
            for _ in new {
                pos.unmake();
            }
            Some(pos)
        } else {
            Position::from_setup(&self.start).ok().map(|mut pos| {
                for &m in &self.moves[..same] {
                    pos.make(m);
                }
                pos
            })
        };
        for (i, &m) in new.iter().enumerate() {
            // Kept for the game's life: without room to spare.
            let mut coord = notation::format_move(&mut self.position, m, Style::Coordinate);
            coord.shrink_to_fit();
            let (mut text, mut long) = match replay.as_mut() {
                Some(pos) => {
                    let text = notation::format_move(pos, m, Style::Short);
                    let long = notation::format_move(pos, m, Style::Long);
                    pos.make(m);
                    (text, long)
                }
                None => (coord.clone(), coord.clone()),
            };
            text.shrink_to_fit();
            long.shrink_to_fit();
            played.push(PlayedView {
                ply: same + i + 1,
                text,
                long,
                coord,
            });
        }
        cache.played_moves.extend_from_slice(new);
        cache.played.clone()
    }
}
