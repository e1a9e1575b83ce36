//! Movement diagrams generated from the rules library, not drawn by hand: the piece is put on a
//! nearly empty board and asked, square by square in a window around it, whether it can move there,
//! capture an enemy there, capture it without moving, convert it, or swap with a piece there.

use jovian_rules::position::ChessState;
use jovian_rules::{Color, MoveKind, PieceKind, Position, Setup, Square, Variant};
use serde::Serialize;

/// Half the width of the diagram window: it shows 4 squares in every direction.
pub const REACH: i32 = 4;

#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// Cells of the (2 REACH + 1)^2 window, `dx`/`dy` from the piece, `dy > 0` forward (toward the
    /// opponent). Only cells with a power are listed.
    pub cells: Vec<DiagramCell>,
    /// The piece may pass its turn.
    pub pass: bool,
}

#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct DiagramCell {
    pub dx: i32,
    pub dy: i32,
    /// `move`, `capture`, `both` (move or capture), `igui` (captures without moving), `convert`,
    /// `swap`, or `hop` (captures by leaping over it).
    pub power: &'static str,
}

/// Where the piece stands and where the two Kings wait, out of the window.
fn layout(v: &Variant) -> Option<(Square, Square, Square)> {
    let (w, h) = (v.geometry.width as i32, v.geometry.height as i32);
    // The piece sits REACH squares from the left and bottom edges; the Kings in the two
    // right-hand corners, beyond the window when the board is wide enough.
    let centre = (REACH.min(w - 1), REACH.min(h - 1));
    let sq = |f: i32, r: i32| Square::new(f as u8, r as u8);
    let blue_king = sq(w - 1, 0);
    let tan_king = sq(w - 1, h - 1);
    let piece = sq(centre.0, centre.1);
    (piece != blue_king && piece != tan_king).then_some((piece, blue_king, tan_king))
}

fn royal_kind(v: &Variant) -> Option<PieceKind> {
    v.kinds().find(|&k| v.spec(k).royal && !v.spec(k).promoted)
}

/// The moves of the piece on `at` in a position of the given pieces, Blue to move.
fn moves_from(
    v: &'static Variant,
    pieces: Vec<(Color, PieceKind, Square)>,
    at: Square,
) -> Vec<jovian_rules::Move> {
    // The 12x8 game: both Kings have moved (they stand in the corners), nothing in hand.
    let chess = v.chess.then(|| {
        let mut state = ChessState::empty();
        state.kings_moved = 3;
        state
    });
    let setup = Setup {
        variant: v,
        pieces,
        to_move: Color::Blue,
        chess,
    };
    let Ok(mut pos) = Position::from_setup(&setup) else {
        return Vec::new();
    };
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    // A Golem's moves are listed from one part; seen from the other part, the legs swap.
    moves
        .into_iter()
        .filter_map(|m| {
            if m.from == at {
                Some(m)
            } else if m.kind == MoveKind::Golem && m.aux[0] == at.0 {
                Some(jovian_rules::Move::golem(
                    at,
                    Square(m.aux[1]),
                    m.from,
                    m.to,
                ))
            } else {
                None
            }
        })
        .collect()
}

/// The diagram of `kind` (as a Blue piece; a Tan piece's is the same turned round).
pub fn diagram(v: &'static Variant, kind: PieceKind) -> Diagram {
    let mut out = Diagram {
        cells: Vec::new(),
        pass: false,
    };
    let (Some((at, blue_king, tan_king)), Some(king)) = (layout(v), royal_kind(v)) else {
        return out;
    };
    let pawn = v
        .diagram_target
        .and_then(|abbr| v.kind_by_abbr(abbr))
        .or_else(|| v.kinds().find(|&k| !v.spec(k).royal && !v.spec(k).promoted))
        .unwrap_or(king);
    // A spare Tan piece in the far corner, beyond the window, keeps Tan from being bared (a bared
    // side has lost, and a finished game has no moves).
    let spare = Square::new(0, v.geometry.height - 1);
    let friends = match v.diagram_companions {
        Some(companions) => companions(kind, at, blue_king),
        None => vec![(Color::Blue, king, blue_king)],
    };
    let mut base = vec![(Color::Blue, kind, at)];
    base.extend(friends);
    base.extend([(Color::Tan, king, tan_king), (Color::Tan, pawn, spare)]);
    let alone = moves_from(v, base.clone(), at);
    out.pass = alone.iter().any(|m| m.kind == MoveKind::Pass);
    for dy in -REACH..=REACH {
        for dx in -REACH..=REACH {
            let (f, r) = (at.file() as i32 + dx, at.rank() as i32 + dy);
            if (dx, dy) == (0, 0) || !v.geometry.contains(f, r) {
                continue;
            }
            let t = Square::new(f as u8, r as u8);
            if base.iter().any(|&(_, _, sq)| sq == t) {
                continue;
            }
            let moves = alone.iter().any(|m| m.to == t && m.kind != MoveKind::Pass);
            let mut with_enemy = base.clone();
            with_enemy.push((Color::Tan, pawn, t));
            let against = moves_from(v, with_enemy, at);
            let captures = against.iter().any(|m| {
                m.to == t
                    && matches!(
                        m.kind,
                        MoveKind::Normal | MoveKind::LineCapture | MoveKind::Arrival
                    )
            });
            let igui = against
                .iter()
                .any(|m| m.kind == MoveKind::Igui && m.to == t);
            let convert = against
                .iter()
                .any(|m| m.kind == MoveKind::Convert && m.converted() == t);
            let hop = against
                .iter()
                .any(|m| m.kind == MoveKind::HopCapture && m.hopped() == t);
            let mut with_friend = base.clone();
            with_friend.push((Color::Blue, pawn, t));
            let swap = moves_from(v, with_friend, at)
                .iter()
                .any(|m| m.kind == MoveKind::Swap && m.to == t);
            let power = match (moves, captures) {
                (true, true) => Some("both"),
                (true, false) => Some("move"),
                (false, true) => Some("capture"),
                _ if igui => Some("igui"),
                _ if convert => Some("convert"),
                _ if swap => Some("swap"),
                _ if hop => Some("hop"),
                _ => None,
            };
            if let Some(power) = power {
                out.cells.push(DiagramCell { dx, dy, power });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use jovian_rules::variants::{scirocco, typhoon};

    fn cells(v: &'static Variant, abbr: &str) -> Vec<(i32, i32, &'static str)> {
        let d = diagram(v, v.kind_by_abbr(abbr).unwrap());
        d.cells.iter().map(|c| (c.dx, c.dy, c.power)).collect()
    }

    #[test]
    fn knight_pawn_and_special_pieces() {
        let s = scirocco::variant();
        let knight = cells(s, "N");
        assert_eq!(knight.len(), 8);
        assert!(
            knight
                .iter()
                .all(|c| c.2 == "both" && c.0.abs() + c.1.abs() == 3)
        );
        let mut pawn = cells(s, "P");
        pawn.sort();
        assert_eq!(
            pawn,
            [(-1, 1, "capture"), (0, 1, "move"), (1, 1, "capture")]
        );
        // The Genie captures an adjacent enemy without moving as well as by moving.
        assert!(cells(s, "Ge").contains(&(1, 1, "both")));
        let t = typhoon::variant();
        let cuckoo = cells(t, "Cu");
        assert!(cuckoo.contains(&(0, 1, "convert")), "{cuckoo:?}");
        assert!(cells(t, "Hu").contains(&(0, -2, "swap")));
        assert!(cells(t, "Ov").contains(&(1, 0, "move")));
        assert!(diagram(t, t.kind_by_abbr("Pa").unwrap()).pass);
    }

    #[test]
    fn every_piece_of_every_game_has_a_diagram() {
        for v in Variant::all() {
            for kind in v.kinds() {
                let d = diagram(v, kind);
                // The 1999 Cicada only moves by hopping another piece, and diagrams do not draw
                // hops yet (the board issue): it alone has nothing to show on an empty board.
                // The 12x8 game's Thunder never stands on the board: it is dropped and explodes.
                let must_hop = v.id == "jupiter-1999" && v.abbr(kind) == "Ci"
                    || v.id == "larger-board" && v.abbr(kind) == "Th";
                assert_eq!(
                    !d.cells.is_empty() || d.pass,
                    !must_hop,
                    "{} {} has an empty diagram",
                    v.id,
                    v.abbr(kind)
                );
            }
        }
    }
}
