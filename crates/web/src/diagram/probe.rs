//! Probing a piece by the rules: the piece is set on a nearly empty board, with whatever the
//! question needs around it, and the rules library says what it may do there. Nothing here knows
//! any particular piece.

use std::collections::BTreeMap;
use std::sync::Mutex;

use jovian_rules::position::ChessState;
use jovian_rules::{Color, Move, MoveKind, PieceKind, Position, Setup, Square, Variant};

/// The pieces of one probe, Blue's piece under study first.
pub type Pieces = Vec<(Color, PieceKind, Square)>;

/// A board prepared for one piece type: where it stands, its companions (a King, a Golem's other
/// part) and Tan's King and spare piece (a bared side has lost, and a finished game has no moves).
pub struct Bench {
    pub variant: &'static Variant,
    pub kind: PieceKind,
    pub at: Square,
    pub base: Pieces,
    /// The enemy type put on a square to see captures (one that cannot check from there).
    pub target: PieceKind,
    /// A type put on a square to see what the piece does to a piece standing there when that
    /// piece's side is to move: one that moves one or two squares all round (see `mover_kind`).
    pub mover: PieceKind,
}

/// The first royal type (the King).
pub fn royal_kind(v: &Variant) -> Option<PieceKind> {
    v.kinds().find(|&k| v.spec(k).royal && !v.spec(k).promoted)
}

/// The enemy type diagrams capture: the variant's choice, else the first plain type.
pub fn target_kind(v: &Variant) -> Option<PieceKind> {
    let plain = |k: PieceKind| !v.spec(k).royal && !v.spec(k).promoted && v.spec(k).latent == 0;
    v.diagram_target
        .and_then(|abbr| v.kind_by_abbr(abbr))
        .or_else(|| {
            // Under the check rules an attacked square is closed to the King, so the target is
            // the plain leaper with the fewest moves (a Pawn): it attacks almost nothing.
            if !v.has_chess_rules {
                return None;
            }
            v.kinds()
                .filter(|&k| plain(k) && v.spec(k).specials.is_empty())
                .map(|k| {
                    (
                        k,
                        v.compiled(jovian_rules::Piece::new(k, Color::Tan).code()),
                    )
                })
                .filter(|(_, c)| c.rides.is_empty() && c.bents.is_empty())
                .min_by_key(|(_, c)| c.leaps.len())
                .map(|(k, _)| k)
        })
        .or_else(|| {
            v.kinds()
                .find(|&k| !v.spec(k).royal && !v.spec(k).promoted && v.spec(k).latent == 0)
        })
}

/// A short-range type with many moves and no powers of its own over others: the piece put next
/// to the probed one to see whether it freezes or restrains its neighbours. Short-range, so that
/// it never checks a King in a corner. Found once per game.
fn mover_kind(v: &'static Variant, target: PieceKind) -> PieceKind {
    static FOUND: Mutex<BTreeMap<&'static str, PieceKind>> = Mutex::new(BTreeMap::new());
    if let Some(&k) = FOUND.lock().unwrap_or_else(|e| e.into_inner()).get(v.id) {
        return k;
    }
    let k = find_mover(v, target);
    FOUND
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(v.id, k);
    k
}

fn find_mover(v: &'static Variant, target: PieceKind) -> PieceKind {
    let (w, h) = (v.geometry.width as i32, v.geometry.height as i32);
    let centre = Square::new((w / 2) as u8, (h / 2) as u8);
    let mut best = (0usize, target);
    for k in v.kinds() {
        let s = v.spec(k);
        if s.royal || s.latent != 0 || !s.specials.is_empty() {
            continue;
        }
        let Some(moves) = lone_moves(v, k, centre) else {
            continue;
        };
        let near = moves.iter().all(|m| {
            let (dx, dy) = offset(centre, m.destination());
            dx.abs() <= 2 && dy.abs() <= 2
        });
        if near && moves.len() > best.0 {
            best = (moves.len(), k);
        }
    }
    best.1
}

/// The moves of a Blue `kind` alone on `at` with the Kings in the corners (None if no such
/// position can be set up).
fn lone_moves(v: &'static Variant, kind: PieceKind, at: Square) -> Option<Vec<Move>> {
    let king = royal_kind(v)?;
    let (w, h) = (v.geometry.width, v.geometry.height);
    let pieces = vec![
        (Color::Blue, kind, at),
        (Color::Blue, king, Square::new(w - 1, 0)),
        (Color::Tan, king, Square::new(w - 1, h - 1)),
        (Color::Tan, target_kind(v)?, Square::new(0, h - 1)),
    ];
    let mut pos = position(v, pieces, Color::Blue)?;
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.retain(|m| m.from == at);
    Some(moves)
}

/// `to - from` in files and ranks.
pub fn offset(from: Square, to: Square) -> (i32, i32) {
    (
        to.file() as i32 - from.file() as i32,
        to.rank() as i32 - from.rank() as i32,
    )
}

/// A position of `pieces` with `to_move` to move; the 12x8 game with both Kings moved and empty
/// hands (drops allowed, none possible). `None` when the rules refuse the position (a King left
/// in check by the side not to move, two pieces on a square).
pub fn position(v: &'static Variant, pieces: Pieces, to_move: Color) -> Option<Position> {
    let chess = v.powers.then(|| {
        let mut state = ChessState::empty();
        state.kings_moved = 3;
        state
    });
    Position::from_setup(&Setup {
        variant: v,
        pieces,
        to_move,
        chess,
    })
    .ok()
}

impl Bench {
    /// The piece on `at`, with the Kings in the right-hand corners (beyond the diagram's window)
    /// and Tan's spare piece in the top left corner.
    pub fn new(v: &'static Variant, kind: PieceKind, at: Square) -> Option<Bench> {
        let king = royal_kind(v)?;
        let target = target_kind(v)?;
        let (w, h) = (v.geometry.width, v.geometry.height);
        let blue_king = Square::new(w - 1, 0);
        let tan_king = Square::new(w - 1, h - 1);
        let spare = Square::new(0, h - 1);
        if [blue_king, tan_king, spare].contains(&at) {
            return None;
        }
        let friends = match v.diagram_companions {
            Some(companions) => companions(v, kind, at, blue_king),
            // Under the check rules a second King would be one more piece to keep out of check:
            // the King is drawn alone.
            None if v.has_chess_rules && kind == king => Vec::new(),
            None => vec![(Color::Blue, king, blue_king)],
        };
        let mut base = vec![(Color::Blue, kind, at)];
        base.extend(friends);
        base.extend([(Color::Tan, king, tan_king), (Color::Tan, target, spare)]);
        Some(Bench::from_pieces(v, kind, at, base))
    }

    /// True if `sq` is taken by the bench itself (the piece, its companions, Tan's two).
    pub fn occupied(&self, sq: Square) -> bool {
        self.base.iter().any(|&(_, _, s)| s == sq)
    }

    /// The position with `extra` pieces added, `to_move` to move.
    pub fn with(&self, extra: &[(Color, PieceKind, Square)], to_move: Color) -> Option<Position> {
        let mut pieces = self.base.clone();
        pieces.extend_from_slice(extra);
        position(self.variant, pieces, to_move)
    }

    /// The probed piece's legal moves with `extra` pieces added (Blue to move), and the position
    /// they were generated in. A Golem's moves are seen from this part (the legs swapped when the
    /// list gives them from the other part).
    pub fn moves(&self, extra: &[(Color, PieceKind, Square)]) -> Option<(Position, Vec<Move>)> {
        let mut pos = self.with(extra, Color::Blue)?;
        let mut all = Vec::new();
        pos.legal_moves(&mut all);
        let at = self.at;
        let own = all
            .into_iter()
            .filter_map(|m| {
                if m.from == at {
                    Some(m)
                } else if m.kind == MoveKind::Golem && m.aux[0] == at.0 {
                    Some(Move::golem(at, Square(m.aux[1]), m.from, m.to))
                } else {
                    None
                }
            })
            .collect();
        Some((pos, own))
    }

    /// Every legal move of the side to move in the position with `extra` added.
    pub fn all_moves(
        &self,
        extra: &[(Color, PieceKind, Square)],
        to_move: Color,
    ) -> Option<Vec<Move>> {
        let mut pos = self.with(extra, to_move)?;
        let mut all = Vec::new();
        pos.legal_moves(&mut all);
        Some(all)
    }

    /// The same bench with the probed piece replaced by `kind` (a stand-in that blocks the same
    /// square without the piece's powers).
    pub fn replaced(&self, kind: PieceKind) -> Bench {
        let mut base = self.base.clone();
        base[0].1 = kind;
        Bench {
            kind,
            base,
            ..*self
        }
    }
}

impl Bench {
    /// A bench of given pieces (the probed piece first).
    pub fn from_pieces(v: &'static Variant, kind: PieceKind, at: Square, base: Pieces) -> Bench {
        let target = target_kind(v).unwrap_or(kind);
        Bench {
            variant: v,
            kind,
            at,
            base,
            target,
            mover: mover_kind(v, target),
        }
    }
}

/// True for a type that cannot stand without companions (a Golem's other part, an Elephant's
/// King beside it): `Variant::diagram_companions` names more than the King in its corner.
pub fn needs_companions(v: &'static Variant, kind: PieceKind) -> bool {
    let (Some(companions), Some(king)) = (v.diagram_companions, royal_kind(v)) else {
        return false;
    };
    let (w, h) = (v.geometry.width, v.geometry.height);
    let corner = Square::new(w - 1, 0);
    let friends = companions(v, kind, Square::new(w / 2, h / 2), corner);
    !(friends.is_empty() || friends == [(Color::Blue, king, corner)])
}
