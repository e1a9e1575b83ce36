//! How XBoard/WinBoard sees a Jovian variant: square names in moves (XBoard counts the ranks of a
//! 10-rank board from 0), the piece table and FEN of the `setup` command, and reading XBoard's FEN
//! back (what `setboard` receives after a position was set up in the GUI). See docs/xboard.md.
//!
//! XBoard (4.8 and later) knows 44 piece types per side, each drawn with its own picture. Its
//! first 11 types promote Shogi-style (a `+` after the move) to the next 11, written `+X` where
//! `X` is the letter of the unpromoted type; type 43 is the King; any type can carry a letter of its
//! own. A variant's royal piece goes on the King, 11 of its unpromoted types on the promotable types
//! (with their promoted forms on the `+` partners), and every other type on a type of its own
//! with its own letter, promoted by naming that letter after the move (`c3c1u`). So all 36
//! Scirocco pieces fit (25 letters); a larger variant may not, and the `#` legend says what is
//! missing. (Checked against XBoard 4.9.1 with legality testing off.)

use jovian_rules::notation::{self, Style};
use jovian_rules::{Color, Move, PieceKind, Position, Setup, Square, Variant};

/// Piece types per side in XBoard's table.
const SLOTS: usize = 44;
/// XBoard's offset from a type to its promoted form.
const PROMOTED: usize = 11;
/// The King's type.
const KING_SLOT: usize = 43;
/// XBoard's internal names of its types. The first 11 are drawn as the pieces they name; the
/// pictures of the others follow no rule worth relying on.
const SLOT_NAMES: [&str; SLOTS] = [
    "Pawn",
    "Knight",
    "Bishop",
    "Rook",
    "Queen",
    "Ferz",
    "Alfil",
    "Archbishop",
    "Chancellor",
    "Wazir",
    "Man",
    "Cannon",
    "Nightrider",
    "Cardinal",
    "Dragon",
    "Grasshopper",
    "Silver",
    "Falcon",
    "Lance",
    "Cobra",
    "Unicorn",
    "Lion",
    "Tokin",
    "Dagger",
    "PCardinal",
    "PDragon",
    "Cat",
    "PSword",
    "Monarch",
    "Mother",
    "Nothing",
    "PRook",
    "PDagger",
    "Dolphin",
    "Stag",
    "Horned",
    "Eagle",
    "Sword",
    "Crown",
    "HCrown",
    "Horse",
    "Drunk",
    "PBishop",
    "King",
];

/// Jovian piece names XBoard draws under another name.
const SAME_PICTURE: [(&str, &str); 3] = [
    ("Firzan", "Ferz"),
    ("Commoner", "Man"),
    ("Elephant", "Alfil"),
];

/// A variant's piece symbols for XBoard.
#[derive(Clone, Debug)]
pub struct Dialect {
    variant: &'static Variant,
    /// The XBoard type of each piece type of the variant, if it has one.
    slot_of: Vec<Option<usize>>,
    /// The variant's piece type on each XBoard type.
    kind_on: [Option<PieceKind>; SLOTS],
    /// The letter of each XBoard type that has one (uppercase).
    letter: [Option<char>; SLOTS],
    /// XBoard counts the ranks of a 10-rank board from 0.
    ranks_from_zero: bool,
}

impl Dialect {
    pub fn new(variant: &'static Variant) -> Dialect {
        let n = variant.pieces.len();
        let mut slot_of: Vec<Option<usize>> = vec![None; n];
        let mut kind_on: [Option<PieceKind>; SLOTS] = [None; SLOTS];
        let mut letter: [Option<char>; SLOTS] = [None; SLOTS];
        let mut place = |kind: PieceKind, slot: usize, slot_of: &mut Vec<Option<usize>>| {
            slot_of[kind.0 as usize] = Some(slot);
            kind_on[slot] = Some(kind);
        };
        // A royal unpromoted type on the King; up to 11 unpromoted types on the types XBoard can
        // promote with `+` (those drawn with a picture of the same piece first, then in table
        // order), their promoted forms on the partners; every other type on a type of its own.
        let mut king_taken = false;
        let mut unplaced = Vec::new();
        for kind in variant.kinds() {
            let spec = variant.spec(kind);
            if spec.promoted {
                continue;
            }
            if spec.royal && !king_taken {
                king_taken = true;
                place(kind, KING_SLOT, &mut slot_of);
            } else {
                unplaced.push(kind);
            }
        }
        let pictured = |kind: PieceKind, slot: usize| {
            let name = variant.spec(kind).name;
            let alias = SAME_PICTURE
                .iter()
                .find(|(ours, _)| ours.eq_ignore_ascii_case(name))
                .map_or(name, |(_, theirs)| theirs);
            SLOT_NAMES[slot].eq_ignore_ascii_case(alias)
        };
        let mut order: Vec<(PieceKind, usize)> = Vec::new();
        let mut taken = [false; SLOTS];
        for &kind in &unplaced {
            if let Some(slot) = (0..PROMOTED).find(|&s| !taken[s] && pictured(kind, s)) {
                taken[slot] = true;
                order.push((kind, slot));
            }
        }
        let mut free = (0..PROMOTED)
            .filter(|&s| !taken[s])
            .collect::<Vec<_>>()
            .into_iter();
        for &kind in &unplaced {
            if !order.iter().any(|&(k, _)| k == kind)
                && let Some(slot) = free.next()
            {
                order.push((kind, slot));
            }
        }
        for (kind, slot) in order {
            place(kind, slot, &mut slot_of);
            if let Some(p) = variant
                .spec(kind)
                .promotes_to
                .and_then(|a| variant.kind_by_abbr(a))
                && slot_of[p.0 as usize].is_none()
            {
                place(p, slot + PROMOTED, &mut slot_of);
            }
        }
        let mut own = (2 * PROMOTED..KING_SLOT)
            .filter(|&s| SLOT_NAMES[s] != "Nothing")
            .chain(free);
        for kind in variant.kinds() {
            if slot_of[kind.0 as usize].is_none()
                && let Some(slot) = own.next()
            {
                place(kind, slot, &mut slot_of);
            }
        }
        // Letters: single-letter abbreviations first, then the others by their abbreviation's
        // letters, their name's letters, and finally any free letter.
        let mut used = [false; 26];
        let take = |c: char, used: &mut [bool; 26]| -> Option<char> {
            let c = c.to_ascii_uppercase();
            if c.is_ascii_uppercase() && !used[(c as u8 - b'A') as usize] {
                used[(c as u8 - b'A') as usize] = true;
                Some(c)
            } else {
                None
            }
        };
        let lettered: Vec<(usize, PieceKind)> = (0..SLOTS)
            .filter(|&s| !is_promoted_slot(s) || kind_on[s - PROMOTED].is_none())
            .filter_map(|s| kind_on[s].map(|k| (s, k)))
            .collect();
        let single = |k: &PieceKind| variant.abbr(*k).len() == 1;
        for (slot, kind) in lettered.iter().filter(|(_, k)| single(k)) {
            letter[*slot] = variant.abbr(*kind).chars().find_map(|c| take(c, &mut used));
        }
        for (slot, kind) in &lettered {
            if letter[*slot].is_some() {
                continue;
            }
            let spec = variant.spec(*kind);
            letter[*slot] = spec
                .abbr
                .chars()
                .chain(spec.name.chars())
                .find_map(|c| take(c, &mut used))
                .or_else(|| {
                    "XYZJLUVIQBRHOTEGDKSCMNPWAF"
                        .chars()
                        .find_map(|c| take(c, &mut used))
                });
        }
        // A type whose letter could not be given has no symbol after all.
        for slot in 0..SLOTS {
            let needs_letter = !is_promoted_slot(slot) || kind_on[slot - PROMOTED].is_none();
            let orphan = if needs_letter {
                letter[slot].is_none()
            } else {
                letter[slot - PROMOTED].is_none()
            };
            if orphan && let Some(k) = kind_on[slot].take() {
                slot_of[k.0 as usize] = None;
            }
        }
        Dialect {
            variant,
            slot_of,
            kind_on,
            letter,
            ranks_from_zero: variant.geometry.height == 10,
        }
    }

    /// The symbol of a piece type as XBoard writes it for Blue (White): `P`, `+P`; `None` if it
    /// has none.
    pub fn symbol(&self, kind: PieceKind) -> Option<String> {
        let slot = self.slot_of.get(kind.0 as usize).copied().flatten()?;
        match self.letter[slot] {
            Some(c) => Some(c.to_string()),
            None => self.letter[slot - PROMOTED].map(|c| format!("+{c}")),
        }
    }

    /// The variant's piece types XBoard cannot show.
    pub fn unrepresentable(&self) -> Vec<PieceKind> {
        self.variant
            .kinds()
            .filter(|k| self.slot_of[k.0 as usize].is_none())
            .collect()
    }

    /// The piece-to-char table: 44 symbols for White (Blue), then 44 for Black (Tan); `.` for an
    /// unused type, `+` for a promoted form.
    pub fn piece_table(&self) -> String {
        let white: String = (0..SLOTS)
            .map(|s| match (self.kind_on[s], self.letter[s]) {
                (None, _) => '.',
                (Some(_), Some(c)) => c,
                (Some(_), None) => '+',
            })
            .collect();
        let black = white.to_ascii_lowercase();
        white + &black
    }

    /// XBoard's FEN of a setup: its letters, `+X` for promoted pieces, White = Blue. Pieces
    /// without a symbol are left out (the `#` legend line says which).
    pub fn fen(&self, setup: &Setup) -> String {
        let g = &self.variant.geometry;
        let mut ranks = Vec::with_capacity(g.height as usize);
        for rank in (0..g.height).rev() {
            let mut text = String::new();
            let mut empty = 0;
            for file in 0..g.width {
                let sq = Square::new(file, rank);
                let piece = setup
                    .pieces
                    .iter()
                    .find(|p| p.2 == sq)
                    .and_then(|&(color, kind, _)| Some((color, self.symbol(kind)?)));
                match piece {
                    None => empty += 1,
                    Some((color, symbol)) => {
                        if empty > 0 {
                            text += &empty.to_string();
                            empty = 0;
                        }
                        text += &match color {
                            Color::Blue => symbol,
                            Color::Tan => symbol.to_ascii_lowercase(),
                        };
                    }
                }
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            ranks.push(text);
        }
        let side = match setup.to_move {
            Color::Blue => 'w',
            Color::Tan => 'b',
        };
        format!("{} {side} - - 0 1", ranks.join("/"))
    }

    /// The `setup` command that tells XBoard the board, the pieces and the start position.
    pub fn setup_command(&self, setup: &Setup) -> String {
        let g = &self.variant.geometry;
        format!(
            "setup ({}) {}x{}+0_fairy {}",
            self.piece_table(),
            g.width,
            g.height,
            self.fen(setup)
        )
    }

    /// `#` lines for the GUI's log: the legend of the symbols and what cannot be shown.
    pub fn legend(&self) -> Vec<String> {
        let v = self.variant;
        let mut lines = Vec::new();
        let pairs: Vec<String> = v
            .kinds()
            .filter_map(|k| Some(format!("{}={}", self.symbol(k)?, v.spec(k).name)))
            .collect();
        lines.push(format!(
            "# {} pieces in XBoard: {}",
            v.title,
            pairs.join(" ")
        ));
        let missing = self.unrepresentable();
        if !missing.is_empty() {
            let names: Vec<&str> = missing.iter().map(|&k| v.spec(k).name).collect();
            lines.push(format!(
                "# not representable in XBoard's piece set: {}",
                names.join(", ")
            ));
        }
        lines
    }

    /// A move of `pos` as XBoard expects it: Jovian's coordinate form with XBoard's rank numbers,
    /// and a promotion as `+` or as the (lowercase) letter of the promoted piece.
    pub fn move_to_gui(&self, pos: &mut Position, m: Move) -> String {
        let mut text = self.squares_to_gui(&notation::format_move(pos, m, Style::Coordinate));
        if self.variant.chess_rules.is_some()
            && m.kind != jovian_rules::MoveKind::Drop
            && let Some(kind) = m.promotion()
        {
            return self.chess_promotion_to_gui(kind, text);
        }
        let own_letter = m
            .promotion()
            .and_then(|k| self.slot_of.get(k.0 as usize).copied().flatten())
            .and_then(|slot| self.letter[slot]);
        if let Some(c) = own_letter
            && text.ends_with('+')
        {
            text.pop();
            text.push(c.to_ascii_lowercase());
        }
        text
    }

    /// A promotion under the check rules as the chess engines write it: `+` where the piece has
    /// one promoted type (Shogi's `b2h8+`), else the letter of the type it becomes, or, for a type
    /// of its own that moves as an unpromoted one (Crazyhouse's promoted Queen, `PQ`), that one's
    /// letter (`b7b8q`).
    fn chess_promotion_to_gui(&self, kind: PieceKind, text: String) -> String {
        let v = self.variant;
        let abbr = v.abbr(kind).to_lowercase();
        let Some(body) = text.strip_suffix(abbr.as_str()) else {
            return text;
        };
        // (Asked of the promoted type: the move may already have been made.)
        let origin = v.unpromoted(kind);
        let single = origin != kind && v.spec(origin).also_promotes_to.is_empty();
        if single {
            return format!("{body}+");
        }
        match v.pieces.iter().find(|p| {
            !p.promoted && p.abbr.len() == 1 && p.betza == v.spec(kind).betza && p.abbr != "P"
        }) {
            Some(twin) if v.abbr(kind).len() > 1 => format!("{body}{}", twin.abbr.to_lowercase()),
            _ => text,
        }
    }

    /// Jovian's coordinate text with XBoard's rank numbers.
    pub fn squares_to_gui(&self, coordinate: &str) -> String {
        if !self.ranks_from_zero {
            return coordinate.to_string();
        }
        self.map_squares(coordinate, |rank| rank.checked_sub(1))
    }

    /// A move from XBoard written in Jovian's coordinate form. A promotion given as a piece letter
    /// (`a7a8q`) becomes the `+` suffix; every piece promotes to one type only.
    pub fn move_from_gui(&self, text: &str) -> String {
        let text = text.trim();
        let mut body = text.to_string();
        // A game with several promotion choices reads the promoted piece's letter itself
        // (`i7i8r`).
        if self.variant.chess_rules.is_some() {
            // A letter naming an unpromoted type where a promoted type of its own moves the same
            // (Crazyhouse's `b7b8q` for the promoted Queen, PQ) names that type.
            let v = self.variant;
            if let Some(last) = text.chars().last().filter(char::is_ascii_lowercase)
                && let Some(letter) = v
                    .pieces
                    .iter()
                    .find(|p| !p.promoted && p.abbr == last.to_ascii_uppercase().to_string())
                && let Some(own) = v
                    .pieces
                    .iter()
                    .find(|p| p.promoted && p.abbr.len() > 1 && p.betza == letter.betza)
            {
                body.pop();
                body += &own.abbr.to_lowercase();
            }
            return if self.ranks_from_zero {
                self.map_squares(&body, |rank| rank.checked_add(1))
            } else {
                body
            };
        }
        if let Some(last) = text.chars().last()
            && last.is_ascii_alphabetic()
            && text.len() > 1
            && !self
                .variant
                .geometry
                .file_letters
                .contains(&text.chars().nth(text.len() - 2).unwrap_or(' '))
        {
            body.pop();
            body.push('+');
        }
        if !self.ranks_from_zero {
            return body;
        }
        self.map_squares(&body, |rank| rank.checked_add(1))
    }

    /// Rewrites the rank numbers of the squares in a coordinate text: `f(n)` of each number `n`.
    fn map_squares(&self, text: &str, f: impl Fn(u32) -> Option<u32>) -> String {
        let files = &self.variant.geometry.file_letters;
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len() + 2);
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            out.push(c);
            i += 1;
            if !files.contains(&c) {
                continue;
            }
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            match digits.parse::<u32>().ok().and_then(&f) {
                Some(n) if !digits.is_empty() => out += &n.to_string(),
                _ => out += &digits,
            }
        }
        out
    }

    /// Reads XBoard's FEN (the letters of `piece_table`): board, then `w` or `b`; further fields
    /// (castling, en passant, counters, holdings) are ignored.
    pub fn parse_fen(&self, text: &str) -> Result<Setup, String> {
        let v = self.variant;
        let g = &v.geometry;
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or("empty position")?;
        let board = board.split('[').next().unwrap_or(board);
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != g.height as usize {
            return Err(format!("{} ranks, the board has {}", ranks.len(), g.height));
        }
        let mut pieces = Vec::new();
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = g.height as usize - 1 - i;
            let mut file = 0usize;
            let mut chars = rank_text.chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    // Saturating: a run of digits longer than any board is refused below.
                    let mut n = c.to_digit(10).unwrap_or(0) as usize;
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        n = n.saturating_mul(10).saturating_add(d as usize);
                        chars.next();
                    }
                    file = file.saturating_add(n);
                    continue;
                }
                if c == '~' {
                    continue;
                }
                let (promoted, c) = if c == '+' {
                    (true, chars.next().ok_or("`+` at the end of a rank")?)
                } else {
                    (false, c)
                };
                let color = if c.is_ascii_uppercase() {
                    Color::Blue
                } else {
                    Color::Tan
                };
                let upper = c.to_ascii_uppercase();
                let slot = (0..SLOTS)
                    .find(|&s| self.letter[s] == Some(upper))
                    .ok_or_else(|| format!("unknown piece letter {c:?}"))?;
                let slot = match promoted {
                    false => slot,
                    true if slot < PROMOTED => slot + PROMOTED,
                    true => return Err(format!("+{c} is not a piece")),
                };
                let kind = self
                    .kind_on
                    .get(slot)
                    .copied()
                    .flatten()
                    .ok_or_else(|| format!("unknown piece +{c}"))?;
                if file >= g.width as usize {
                    return Err(format!("rank {} is longer than the board", rank + 1));
                }
                pieces.push((color, kind, Square::new(file as u8, rank as u8)));
                file += 1;
            }
            if file != g.width as usize {
                return Err(format!(
                    "rank {} has {file} squares, the board has {}",
                    rank + 1,
                    g.width
                ));
            }
        }
        let to_move = match fields.next() {
            Some("w") | None => Color::Blue,
            Some("b") => Color::Tan,
            Some(other) => return Err(format!("unknown side to move {other:?}")),
        };
        Ok(Setup {
            variant: v,
            pieces,
            to_move,
            chess: None,
        })
    }
}

/// XBoard promotes its first 11 types with `+` to the next 11.
fn is_promoted_slot(slot: usize) -> bool {
    (PROMOTED..2 * PROMOTED).contains(&slot)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jovian_rules::{Position, fen};

    fn scirocco() -> &'static Variant {
        Variant::by_id("scirocco").unwrap()
    }

    #[test]
    fn every_scirocco_piece_has_a_distinct_symbol() {
        let d = Dialect::new(scirocco());
        assert!(d.unrepresentable().is_empty(), "{:?}", d.legend());
        let mut seen = std::collections::HashSet::new();
        for k in scirocco().kinds() {
            assert!(seen.insert(d.symbol(k).unwrap()));
        }
        let table = d.piece_table();
        assert_eq!(table.len(), 88);
        assert_eq!(&table[43..44], "K");
        assert_eq!(
            d.symbol(scirocco().kind_by_abbr("P").unwrap()).unwrap(),
            "P"
        );
        assert_eq!(
            d.symbol(scirocco().kind_by_abbr("Ta").unwrap()).unwrap(),
            "+P"
        );
    }

    #[test]
    fn fen_round_trips_and_setup_names_the_board() {
        let v = scirocco();
        let d = Dialect::new(v);
        let text = "wa,d,go,de,c,n,1,st,a,ch/1,ma,sc,co,f,w,k,sc,pr,1/p,p,gu,p,p,p,p,gu,p,p/\
                    10/10/4,Ge,Q,4/10/P,P,Gu,P,P,P,P,Gu,P,P/1,Pr,Sc,K,W,F,Co,Sc,Ma,1/\
                    Ch,A,St,1,N,C,De,Go,D,Wa t";
        let setup = fen::parse_position(v, text).unwrap();
        let xfen = d.fen(&setup);
        assert!(xfen.ends_with(" b - - 0 1"), "{xfen}");
        let back = d.parse_fen(&xfen).unwrap();
        let a = Position::from_setup(&setup).unwrap();
        let b = Position::from_setup(&back).unwrap();
        assert_eq!(a.hash(), b.hash());
        assert!(d.setup_command(&setup).starts_with("setup ("));
        assert!(d.setup_command(&setup).contains(") 10x10+0_fairy "));
        assert!(d.parse_fen("10/10 w").is_err());
        // `+` only before the letters of the 11 Shogi-promotable types.
        let bad = xfen.replacen("ydxecn", "+ydxecn", 1);
        assert!(d.parse_fen(&bad).unwrap_err().contains("+y"), "{bad}");
    }

    #[test]
    fn ten_rank_boards_count_from_zero() {
        let d = Dialect::new(scirocco());
        assert_eq!(d.squares_to_gui("a1a10"), "a0a9");
        assert_eq!(d.squares_to_gui("e5e6,e6e5"), "e4e5,e5e4");
        assert_eq!(d.squares_to_gui("a7a8+"), "a6a7+");
        assert_eq!(d.move_from_gui("a0a9"), "a1a10");
        assert_eq!(d.move_from_gui("e4e5,e5e4"), "e5e6,e6e5");
        assert_eq!(d.move_from_gui("a6a7q"), "a7a8+");
        assert_eq!(d.move_from_gui("j8j9"), "j9j10");
    }

    #[test]
    fn promotions_are_a_plus_or_the_promoted_piece_letter() {
        let v = scirocco();
        let d = Dialect::new(v);
        let text = "9,k/9,p/2,P,7/D,9/10/10/10/10/10/K,9 b";
        let mut pos = Position::from_setup(&fen::parse_position(v, text).unwrap()).unwrap();
        // The Pawn is one of the 11 Shogi-promotable types; the Dabbaba names its Genie.
        let pawn = notation::parse_move(&mut pos, "c8c9+").unwrap();
        assert_eq!(d.move_to_gui(&mut pos, pawn), "c7c8+");
        let dabbaba = notation::parse_move(&mut pos, "a7a9+").unwrap();
        let genie = d.symbol(v.kind_by_abbr("Ge").unwrap()).unwrap();
        let sent = d.move_to_gui(&mut pos, dabbaba);
        assert_eq!(sent, format!("a6a8{}", genie.to_lowercase()));
        // Read back, either suffix is Jovian's `+`.
        assert_eq!(
            notation::parse_move(&mut pos, &d.move_from_gui(&sent)),
            Ok(dabbaba)
        );
        let plain = notation::parse_move(&mut pos, "a7a9").unwrap();
        assert_eq!(d.move_to_gui(&mut pos, plain), "a6a8");
    }

    #[test]
    fn drop_games_promote_as_the_chess_engines_write_it() {
        let load = |file: &str| {
            let path = format!("{}/../../variants/{file}", env!("CARGO_MANIFEST_DIR"));
            jovian_rules::file::game_from_toml(&std::fs::read_to_string(path).unwrap()).unwrap()
        };
        // Shogi: one promoted type, written `+`, read back.
        let v = load("shogi.toml");
        let d = Dialect::new(v);
        let text = "4,k,4/9/9/9/9/9/9/1,B,7/4,K,4 b";
        let mut pos = Position::from_setup(&fen::parse_position(v, text).unwrap()).unwrap();
        let horse = notation::parse_move(&mut pos, "b2h8+").unwrap();
        assert_eq!(d.move_to_gui(&mut pos, horse), "b2h8+");
        assert_eq!(
            notation::parse_move(&mut pos, &d.move_from_gui("b2h8+")),
            Ok(horse)
        );
        // Crazyhouse: the promoted Queen is a type of its own (PQ), written and read as `q`.
        let v = load("crazyhouse.toml");
        let d = Dialect::new(v);
        let text = "4,k,3/1,P,6/8/8/8/8/8/4,K,3 w";
        let mut pos = Position::from_setup(&fen::parse_position(v, text).unwrap()).unwrap();
        let queen = notation::parse_move(&mut pos, "b7b8pq").unwrap();
        assert_eq!(d.move_to_gui(&mut pos, queen), "b7b8q");
        assert_eq!(d.move_from_gui("b7b8q"), "b7b8pq");
        assert_eq!(
            notation::parse_move(&mut pos, &d.move_from_gui("b7b8q")),
            Ok(queen)
        );
        // A drop is written as XBoard writes one.
        let text = "4,k,3/8/8/8/8/8/8/4,K,3 w - - 0 1 hand=N";
        let mut pos = Position::from_setup(&fen::parse_position(v, text).unwrap()).unwrap();
        let drop = notation::parse_move(&mut pos, "N@e4").unwrap();
        assert_eq!(d.move_to_gui(&mut pos, drop), "N@e4");
    }

    /// The 12x8 game travels in Jovian's own coordinate texts (pair drops, a Golem's two parts,
    /// shots, swaps, flips): every legal move of random games, of every kind, reads back as
    /// itself.
    #[test]
    fn every_move_of_the_12x8_game_reads_back_as_itself() {
        use jovian_rules::MoveKind;
        use jovian_rules::random::SplitMix64;
        let v = Variant::by_id("larger-board").unwrap();
        let d = Dialect::new(v);
        assert!(d.unrepresentable().is_empty());
        let mut rng = SplitMix64::new(7);
        let mut kinds = std::collections::BTreeSet::new();
        let mut moves = Vec::new();
        // The game's unusual moves, which the games must reach so that the test covers them.
        let unusual = [
            MoveKind::Drop,
            MoveKind::Castle,
            MoveKind::Flip,
            MoveKind::Golem,
            MoveKind::Igui,
            MoveKind::Swap,
        ];
        let covered = |kinds: &std::collections::BTreeSet<String>| {
            (unusual.iter()).all(|kind| kinds.contains(&format!("{kind:?}")))
        };
        // Twelve games at least, more until every unusual kind has come (a Golem is rare).
        for game in 0..60 {
            if game >= 12 && covered(&kinds) {
                break;
            }
            let mut pos = Position::start(v);
            for _ply in 0..160 {
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                for &m in &moves {
                    kinds.insert(format!("{:?}", m.kind));
                    let text = d.move_to_gui(&mut pos, m);
                    let back = notation::parse_move(&mut pos, &d.move_from_gui(&text));
                    assert_eq!(back, Ok(m), "{text} in {}", fen::write_position(&pos));
                }
                pos.make(moves[rng.below(moves.len())]);
            }
        }
        for kind in unusual {
            assert!(
                kinds.contains(&format!("{kind:?}")),
                "{kind:?} in {kinds:?}"
            );
        }
    }
}
