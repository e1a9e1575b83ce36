//! The `[[piece]]` entry of a variant file: one declarative line of a game's piece table.
//!
//! ```toml
//! [[piece]]
//! name = "Dervish"
//! abbr = "De"
//! betza = "DA"
//! hooks = [{ relay = "dervish" }]
//! promotes = "Ha"
//! description = "Leaps two squares orthogonally or diagonally. ..."
//! ```
//!
//! `hooks` is an ordered list (the order of a piece's hooks is the order its moves are listed in),
//! each a hook's name with its parameters, or the bare name of one without (`"pass"`).

use serde::{Deserialize, Serialize};
use thiserror::Error;
use toml::Spanned;

use crate::leak;
use crate::piece::{PieceSpec, Special, latent};

/// One piece type as a file writes it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceEntry {
    pub name: String,
    /// The abbreviation exactly as the game's text writes it (case-sensitive).
    pub abbr: String,
    /// Betza movement of the plain part of the move (docs/variants.md lists the atoms and
    /// modifiers); empty for a piece that moves by hooks alone.
    #[serde(default, skip_serializing_if = "str::is_empty")]
    pub betza: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hooks: Vec<Special>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub royal: bool,
    /// The abbreviation of the type it promotes to, or a list of those it may choose among.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotes: Option<Promotes>,
    /// The abbreviation of the type it may turn into after each of its own moves, or instead of
    /// moving (a flip piece).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flips: Option<String>,
    /// The abbreviations of the only types that may capture it (the 12x8 game's Elephant, which
    /// only a King or a Pawn may take); empty for a piece any enemy may take.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub captured_only_by: Vec<String>,
    /// No enemy piece's `cannon` hook may hop over it (a friend's may): the 12x8 game's
    /// Elephant.
    #[serde(default, skip_serializing_if = "is_false")]
    pub unhoppable: bool,
    /// From one of `initial_ranks` it may also advance straight forward up to this many
    /// squares over empty ones, not capturing (a chess Pawn's 2).
    #[serde(default, skip_serializing_if = "InitialSteps::is_none")]
    pub initial_steps: InitialSteps,
    /// The ranks, counted from its own side from 1, of those advances.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub initial_ranks: Vec<u8>,
    /// It takes en passant, and its advances may be taken so.
    #[serde(default, skip_serializing_if = "is_false")]
    pub en_passant: bool,
    /// It arises only by promotion.
    #[serde(default, skip_serializing_if = "is_false")]
    pub promoted: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub latent: Vec<Latent>,
    /// Other spellings accepted when reading records.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// Its captures by other means than displacement are optional.
    #[serde(default, skip_serializing_if = "is_false")]
    pub optional_capture: bool,
    /// Its worth in centipawns (a Pawn 100), for the engine; without it the engine values the
    /// type itself (docs/variants.md, "Values").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i32>,
    #[serde(default, skip_serializing_if = "str::is_empty")]
    pub description: String,
}

fn is_false(b: &bool) -> bool {
    !b
}

/// `initial_steps`: one number for every rank of `initial_ranks`, or one per rank, in order
/// (`initial_ranks = [1, 2]`, `initial_steps = [3, 2]`: three squares from the first, two from
/// the second).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum InitialSteps {
    All(u8),
    PerRank(Vec<u8>),
}

impl Default for InitialSteps {
    fn default() -> InitialSteps {
        InitialSteps::All(0)
    }
}

impl InitialSteps {
    pub(super) fn is_none(&self) -> bool {
        *self == InitialSteps::All(0)
    }

    /// The steps from the `i`-th of the initial ranks (0 where a list is too short).
    fn of_rank(&self, i: usize) -> u8 {
        match self {
            InitialSteps::All(n) => *n,
            InitialSteps::PerRank(list) => list.get(i).copied().unwrap_or(0),
        }
    }

    fn values(&self) -> Vec<u8> {
        match self {
            InitialSteps::All(n) => vec![*n],
            InitialSteps::PerRank(list) => list.clone(),
        }
    }
}

/// One promoted type, or the list a piece chooses from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Promotes {
    One(String),
    Choice(Vec<String>),
}

impl Promotes {
    pub fn targets(&self) -> Vec<&str> {
        match self {
            Promotes::One(a) => vec![a.as_str()],
            Promotes::Choice(list) => list.iter().map(String::as_str).collect(),
        }
    }
}

/// The latent powers by name (`piece::latent`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Latent {
    Immobilizes,
    Poisonous,
    Poisoner,
    Doubler,
    Burns,
    Kamikaze,
    General,
    KamikazeRelayed,
}

impl Latent {
    pub const ALL: [Latent; 8] = [
        Latent::Immobilizes,
        Latent::Poisonous,
        Latent::Poisoner,
        Latent::Doubler,
        Latent::Burns,
        Latent::Kamikaze,
        Latent::General,
        Latent::KamikazeRelayed,
    ];

    pub const fn bit(self) -> u8 {
        match self {
            Latent::Immobilizes => latent::IMMOBILIZES,
            Latent::Poisonous => latent::POISONOUS,
            Latent::Poisoner => latent::POISONER,
            Latent::Doubler => latent::DOUBLER,
            Latent::Burns => latent::BURNS,
            Latent::Kamikaze => latent::KAMIKAZE,
            Latent::General => latent::GENERAL,
            Latent::KamikazeRelayed => latent::KAMIKAZE_RELAYED,
        }
    }
}

impl PieceEntry {
    pub fn of(spec: &PieceSpec) -> PieceEntry {
        PieceEntry {
            name: spec.name.to_string(),
            abbr: spec.abbr.to_string(),
            betza: spec.betza.to_string(),
            hooks: spec.specials.clone(),
            royal: spec.royal,
            promotes: spec.promotes_to.map(|first| {
                if spec.also_promotes_to.is_empty() {
                    Promotes::One(first.to_string())
                } else {
                    Promotes::Choice(
                        std::iter::once(first)
                            .chain(spec.also_promotes_to.iter().copied())
                            .map(str::to_string)
                            .collect(),
                    )
                }
            }),
            flips: spec.flips_to.map(str::to_string),
            captured_only_by: (spec.captured_only_by.iter())
                .map(|a| a.to_string())
                .collect(),
            unhoppable: spec.unhoppable,
            initial_steps: spec.pawn.map_or_else(InitialSteps::default, |p| {
                let listed = (0..16).filter(|r| p.initial_ranks >> r & 1 == 1);
                let steps: Vec<u8> = listed.map(|r| p.initial_steps[r]).collect();
                match steps.first() {
                    // A pawn's powers without advances, or the same advance from every rank.
                    None => InitialSteps::All(p.initial_steps[0]),
                    Some(&first) if steps.iter().all(|&n| n == first) => InitialSteps::All(first),
                    Some(_) => InitialSteps::PerRank(steps),
                }
            }),
            initial_ranks: spec.pawn.map_or_else(Vec::new, |p| {
                (0..16)
                    .filter(|r| p.initial_ranks >> r & 1 == 1)
                    .map(|r| r + 1)
                    .collect()
            }),
            en_passant: spec.pawn.is_some_and(|p| p.en_passant),
            promoted: spec.promoted,
            latent: Latent::ALL
                .into_iter()
                .filter(|l| spec.latent & l.bit() != 0)
                .collect(),
            aliases: spec.aliases.iter().map(|a| a.to_string()).collect(),
            optional_capture: spec.optional_capture,
            value: spec.value,
            description: spec.description.to_string(),
        }
    }

    /// The entry as the table's `PieceSpec` (its text made `'static`, `leak`).
    pub fn into_spec(self) -> PieceSpec {
        let targets: Vec<String> = self.promotes.as_ref().map_or_else(Vec::new, |p| {
            p.targets().into_iter().map(str::to_string).collect()
        });
        let pawn =
            (!self.initial_steps.is_none() || self.en_passant || !self.initial_ranks.is_empty())
                .then(|| {
                    let mut steps = [0u8; 16];
                    if self.initial_ranks.is_empty() {
                        // No rank to advance from: the number is kept, and written back, as it is.
                        steps[0] = self.initial_steps.of_rank(0);
                    }
                    for (i, &r) in self.initial_ranks.iter().enumerate() {
                        if (1..=16).contains(&r) {
                            steps[r as usize - 1] = self.initial_steps.of_rank(i);
                        }
                    }
                    crate::chess_rules::PawnPowers {
                        initial_steps: steps,
                        initial_ranks: (self.initial_ranks.iter())
                            .filter(|&&r| (1..=16).contains(&r))
                            .fold(0, |bits, &r| bits | 1 << (r - 1)),
                        en_passant: self.en_passant,
                    }
                });
        PieceSpec {
            name: leak::string(self.name),
            abbr: leak::string(self.abbr),
            betza: leak::string(self.betza),
            specials: self.hooks,
            royal: self.royal,
            promotes_to: targets.first().cloned().map(leak::string),
            also_promotes_to: targets.into_iter().skip(1).map(leak::string).collect(),
            flips_to: self.flips.map(leak::string),
            captured_only_by: self
                .captured_only_by
                .into_iter()
                .map(leak::string)
                .collect(),
            unhoppable: self.unhoppable,
            pawn,
            promoted: self.promoted,
            latent: self.latent.iter().fold(0, |bits, l| bits | l.bit()),
            aliases: leak::strings(self.aliases),
            optional_capture: self.optional_capture,
            value: self.value,
            description: leak::string(self.description),
        }
    }
}

/// What is wrong with a piece's `flips`, if anything: the type must exist and be another, and
/// neither may be royal (a royal piece that changed type would change what the game is won by)
/// nor the piece promote (both would say what it becomes).
fn flip_error(e: &PieceEntry, target: &str, entries: &[Spanned<PieceEntry>]) -> Option<String> {
    let name = &e.name;
    let Some(other) = entries
        .iter()
        .map(Spanned::get_ref)
        .find(|x| x.abbr == target)
    else {
        return Some(format!(
            "piece {name:?} flips to {target:?}, which no piece is"
        ));
    };
    if other.abbr == e.abbr {
        return Some(format!("piece {name:?} flips to itself"));
    }
    if e.royal || other.royal {
        return Some(format!(
            "piece {name:?} flips to {target:?}: a royal piece cannot flip, nor a piece flip into \
             a royal one"
        ));
    }
    e.promotes.is_some().then(|| {
        format!("piece {name:?} both promotes and flips: give it one way of changing its type")
    })
}

/// What is wrong with a pawn's movement, if anything: a piece with pawn powers (`initial_steps`,
/// `initial_ranks`, `en_passant`) moves by one step straight forward that does not capture (its
/// advance, which `initial_steps` lengthens) and by leaps that only capture, and by nothing else
/// (no hooks, no flips): the shape the pawns' generator lists (`movegen/pawns.rs`). A Betza
/// string that does not read is reported elsewhere.
fn pawn_shape_error(e: &PieceEntry) -> Option<String> {
    use crate::betza::Mode;
    let powers = !e.initial_steps.is_none() || e.en_passant || !e.initial_ranks.is_empty();
    if !powers {
        return None;
    }
    let atoms = crate::betza::parse(&e.betza).ok()?;
    let leaps_fit = atoms.iter().all(|a| {
        a.is_leaper()
            && a.skip == 0
            && (a.vectors.iter()).all(|&v| match a.mode {
                Mode::Move => v == (0, 1),
                Mode::Capture => true,
                Mode::Both => false,
            })
    });
    let advances = atoms.iter().any(|a| a.mode == Mode::Move);
    (!(leaps_fit && advances && e.hooks.is_empty() && e.flips.is_none())).then(|| {
        format!(
            "piece {:?} has pawn powers (initial_steps, initial_ranks, en_passant), so it \
             moves as a pawn: one step straight forward that does not capture (mfW) and leaps \
             that only capture (such as cfF), with no hooks or flips; its betza is {:?}",
            e.name, e.betza
        )
    })
}

/// What is wrong with a piece's `captured_only_by`, if anything: each type must exist, and a
/// royal piece may not have the key (the check rules and the engine find attacks on a royal
/// piece by every enemy's moves).
fn captor_error(e: &PieceEntry, entries: &[Spanned<PieceEntry>]) -> Option<String> {
    let name = &e.name;
    if e.royal && !e.captured_only_by.is_empty() {
        return Some(format!(
            "piece {name:?} is royal: captured_only_by is for pieces that are not"
        ));
    }
    let unknown =
        (e.captured_only_by.iter()).find(|a| !entries.iter().any(|x| &x.get_ref().abbr == *a))?;
    Some(format!(
        "piece {name:?} is captured only by {unknown:?}, which no piece is"
    ))
}

/// A variant file that cannot be read: what is wrong and where (line and column from 1).
#[derive(Debug, Error, PartialEq, Eq)]
#[error("{}line {line}, column {column}: {message}", file.as_deref().map(|f| format!("{f}: ")).unwrap_or_default())]
pub struct FileError {
    pub file: Option<String>,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl FileError {
    /// A TOML syntax or shape error, at its place.
    pub fn of_toml(text: &str, e: &toml::de::Error) -> FileError {
        let offset = e.span().map_or(0, |s| s.start);
        FileError::at(text, offset, e.message().trim().to_string())
    }

    /// The error at byte `offset` of `text`.
    pub fn at(text: &str, offset: usize, message: String) -> FileError {
        let mut end = offset.min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let before = &text[..end];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        FileError {
            file: None,
            line,
            column,
            message,
        }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PiecesFile {
    piece: Vec<Spanned<PieceEntry>>,
}

/// The keys of an entry in the order a file writes them.
const KEYS: [&str; 18] = [
    "name",
    "abbr",
    "betza",
    "hooks",
    "royal",
    "promotes",
    "flips",
    "captured_only_by",
    "unhoppable",
    "initial_steps",
    "initial_ranks",
    "en_passant",
    "promoted",
    "latent",
    "aliases",
    "optional_capture",
    "value",
    "description",
];

/// The piece table as `[[piece]]` entries, a key a line (hooks inline, as they are read best).
pub fn pieces_to_toml(specs: &[PieceSpec]) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for spec in specs {
        let table = toml::Table::try_from(PieceEntry::of(spec)).expect("an entry is a table");
        out += "[[piece]]\n";
        for key in KEYS {
            if let Some(value) = table.get(key) {
                let _ = writeln!(out, "{key} = {value}");
            }
        }
        out += "\n";
    }
    out
}

/// The most a piece may be worth, in centipawns: a thousand Pawns, far above any piece, and small
/// enough that the evaluation's sums over 512 pieces cannot overflow.
pub const MAX_VALUE: i32 = 100_000;

/// The most piece types a game may have (a type's index is a byte in every move and board cell).
pub const MAX_TYPES: usize = 255;

/// The farthest a hook's vector may reach along each axis: the board's border cells are three deep
/// (`geometry::PAD`), as for the farthest Betza leap, `G` (3,3).
pub const MAX_REACH: u8 = crate::geometry::PAD as u8;

/// The vectors a hook names, for the range check.
fn hook_vectors(hook: &Special) -> Vec<&'static [(i8, i8)]> {
    match *hook {
        Special::IguiAt(v)
        | Special::DoubleHop(v)
        | Special::Convert(v)
        | Special::Swap(v)
        | Special::Grasshopper(v)
        | Special::Create(v) => vec![v],
        Special::LionCapture { first, .. } => vec![first],
        Special::Hook(h) => std::iter::once(h.first).chain(h.second).collect(),
        _ => Vec::new(),
    }
}

/// Reads `[[piece]]` entries: the TOML's own errors with their place, then each entry's Betza
/// string parsed, its abbreviation and aliases unique, its hooks' vectors in reach, at most
/// `MAX_TYPES` types, and every promotion's target defined: what `Variant::build` asks of a table.
pub fn pieces_from_toml(text: &str) -> Result<Vec<PieceSpec>, FileError> {
    let file: PiecesFile = toml::from_str(text).map_err(|e| FileError::of_toml(text, &e))?;
    check_pieces(text, &file.piece)?;
    Ok(file
        .piece
        .into_iter()
        .map(|e| e.into_inner().into_spec())
        .collect())
}

/// The checks of `pieces_from_toml` on entries read from `text` (a pieces file or a game's).
pub(super) fn check_pieces(text: &str, entries: &[Spanned<PieceEntry>]) -> Result<(), FileError> {
    let mut seen = std::collections::HashMap::new();
    for entry in entries {
        let at = |message: String| FileError::at(text, entry.span().start, message);
        let e = entry.get_ref();
        if e.abbr.trim().is_empty() || e.abbr.contains(char::is_whitespace) {
            return Err(at(format!(
                "piece {:?}: the abbreviation must be one word",
                e.name
            )));
        }
        if let Some(other) = seen.insert(e.abbr.clone(), e.name.clone()) {
            return Err(at(format!(
                "piece {:?}: the abbreviation {:?} is {other:?}'s already",
                e.name, e.abbr
            )));
        }
        crate::betza::parse(&e.betza)
            .map_err(|why| at(format!("piece {:?}: betza {:?}: {why}", e.name, e.betza)))?;
        if let Some(value) = e.value
            && !(0..=MAX_VALUE).contains(&value)
        {
            return Err(at(format!(
                "piece {:?}: the value {value} is not 0 to {MAX_VALUE} centipawns",
                e.name
            )));
        }
        for alias in &e.aliases {
            if let Some(other) = seen.insert(alias.clone(), e.name.clone()) {
                return Err(at(format!(
                    "piece {:?}: the alias {alias:?} is {other:?}'s already",
                    e.name
                )));
            }
        }
        for hook in &e.hooks {
            for &(dx, dy) in hook_vectors(hook).iter().flat_map(|v| v.iter()) {
                if dx.unsigned_abs() > MAX_REACH
                    || dy.unsigned_abs() > MAX_REACH
                    || (dx, dy) == (0, 0)
                {
                    return Err(at(format!(
                        "piece {:?}: the hook vector [{dx}, {dy}] is not a step of 1 to \
                         {MAX_REACH} squares each way",
                        e.name
                    )));
                }
            }
        }
    }
    if entries.len() > MAX_TYPES {
        return Err(FileError::at(
            text,
            0,
            format!(
                "{} piece types, more than the {MAX_TYPES} a game may have",
                entries.len()
            ),
        ));
    }
    for entry in entries {
        let e = entry.get_ref();
        let targets = e.promotes.as_ref().map_or_else(Vec::new, Promotes::targets);
        if e.promotes.is_some() && targets.is_empty() {
            return Err(FileError::at(
                text,
                entry.span().start,
                format!("piece {:?}: promotes = [] names no type", e.name),
            ));
        }
        for target in targets {
            if !entries.iter().any(|x| x.get_ref().abbr == target) {
                return Err(FileError::at(
                    text,
                    entry.span().start,
                    format!(
                        "piece {:?} promotes to {target:?}, which no piece is",
                        e.name
                    ),
                ));
            }
        }
        if let Some(target) = &e.flips {
            flip_error(e, target, entries).map_or(Ok(()), |message| {
                Err(FileError::at(text, entry.span().start, message))
            })?;
        }
        if let Some(message) = pawn_shape_error(e) {
            return Err(FileError::at(text, entry.span().start, message));
        }
        if let Some(message) = captor_error(e, entries) {
            return Err(FileError::at(text, entry.span().start, message));
        }
        if let Some(r) = e.initial_ranks.iter().find(|&&r| !(1..=16).contains(&r)) {
            return Err(FileError::at(
                text,
                entry.span().start,
                format!("piece {:?}: initial rank {r} is not 1 to 16", e.name),
            ));
        }
        let steps = e.initial_steps.values();
        let at = |message: String| Err(FileError::at(text, entry.span().start, message));
        if steps.iter().any(|&n| n > 1) && e.initial_ranks.is_empty() {
            return at(format!(
                "piece {:?}: initial_steps = {:?} needs initial_ranks, the ranks it advances from",
                e.name, e.initial_steps
            ));
        }
        if let InitialSteps::PerRank(list) = &e.initial_steps
            && list.len() != e.initial_ranks.len()
        {
            return at(format!(
                "piece {:?}: initial_steps lists {} numbers for {} initial_ranks (one each)",
                e.name,
                list.len(),
                e.initial_ranks.len()
            ));
        }
        if let Some(n) = steps.iter().find(|&&n| n > 16) {
            return at(format!(
                "piece {:?}: initial_steps {n} is more than 16",
                e.name
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn every_game_s_piece_table_round_trips() {
        for v in Variant::all() {
            let text = pieces_to_toml(&v.pieces);
            let back = pieces_from_toml(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", v.id));
            assert_eq!(back.len(), v.pieces.len(), "{}", v.id);
            for (a, b) in v.pieces.iter().zip(&back) {
                assert_eq!(a, b, "{}: {}", v.id, a.name);
            }
            // Written again, the same text.
            assert_eq!(pieces_to_toml(&back), text, "{}", v.id);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// A damaged file is an error with a place, never a panic.
        #[test]
        fn damaged_files_never_panic(cut in 0usize..4000, len in 0usize..40, junk in "[\\[\\]{}=\",a-z0-9 \n\u{e9}]{0,12}") {
            let v = Variant::by_id("typhoon").unwrap();
            let text = pieces_to_toml(&v.pieces[..12]);
            let damaged = crate::file::damaged(&text, cut, len, &junk);
            if let Err(e) = pieces_from_toml(&damaged) {
                proptest::prop_assert!(e.line >= 1 && e.column >= 1);
            }
        }
    }

    #[test]
    fn errors_say_where() {
        let bad = |text: &str| pieces_from_toml(text).unwrap_err().to_string();
        let e = bad("[[piece]]\nname = \"X\"\nabbr = \"X\"\nbetza = \"W\"\nwings = 2\n");
        assert!(
            e.starts_with("line 5, column 1: unknown field `wings`"),
            "{e}"
        );
        let e = bad("[[piece]]\nname = \"X\"\nabbr = \"X\"\nbetza = \"Wq\"\n");
        assert!(
            e.contains("line 1, column 1: piece \"X\": betza \"Wq\""),
            "{e}"
        );
        let e = bad("[[piece]]\nname = \"X\"\nabbr = \"X\"\nhooks = [{ relay = \"sideways\" }]\n");
        assert!(e.starts_with("line 4,") && e.contains("sideways"), "{e}");
        let e = bad("[[piece]]\nname = \"X\"\nabbr = \"X\"\npromotes = \"Q\"\n");
        assert!(e.contains("promotes to \"Q\", which no piece is"), "{e}");
        let e = bad("[[piece]]\nname = \"X\"\nabbr = \"X\"\nvalue = -5\n");
        assert!(
            e.contains("line 1, column 1: piece \"X\": the value -5 is not 0 to 100000"),
            "{e}"
        );
        let e = bad("[[piece]]\nname = \"X\"\nabbr = \"X\"\nvalue = \"much\"\n");
        assert!(e.starts_with("line 4,"), "{e}");
        let read = pieces_from_toml("[[piece]]\nname = \"X\"\nabbr = \"X\"\nvalue = 350\n");
        assert_eq!(read.unwrap()[0].value, Some(350));
        let e =
            bad("[[piece]]\nname = \"X\"\nabbr = \"X\"\n[[piece]]\nname = \"Y\"\nabbr = \"X\"\n");
        assert!(
            e.contains("line 4, column 1: piece \"Y\": the abbreviation \"X\" is \"X\"'s"),
            "{e}"
        );
        let e = bad("[[piece]]\nname = \"X\"\nabbr = \"X\"\nhooks = [{ igui_at = [[300, 1]] }]\n");
        assert!(e.starts_with("line 4,"), "{e}");
        let e = bad("[[piece]]\nname = \"X\"\nabbr = \"X\"\nhooks = [{ igui_at = [[4, 1]] }]\n");
        assert!(
            e.contains("the hook vector [4, 1] is not a step of 1 to 3 squares"),
            "{e}"
        );
        let e = bad("[[piece]]\nname = \"X\"\nabbr = \"X\"\naliases = [\"Y\"]\n\
                     [[piece]]\nname = \"Y\"\nabbr = \"Y\"\n");
        assert!(
            e.contains("the abbreviation \"Y\" is \"X\"'s already"),
            "{e}"
        );
        let many: String = (0..256)
            .map(|i| format!("[[piece]]\nname = \"T{i}\"\nabbr = \"T{i}\"\nbetza = \"W\"\n"))
            .collect();
        assert!(bad(&many).contains("256 piece types, more than the 255"));
    }
}
