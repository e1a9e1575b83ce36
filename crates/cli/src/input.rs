//! Reading a game and a position from the command line: a setup name, the text form, or a JSON
//! file. Every failure becomes one `CliError` line.

use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};

use clap::Args;
use jovian_rules::{Position, Setup, Variant, fen, json, notation};

use crate::bounds::{MAX_FILE_BYTES, MAX_LINE_BYTES};

/// A message for stderr; the process then exits with status 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(Args, Debug)]
pub struct PositionArgs {
    /// A position in the text form of docs/notation.md.
    #[arg(long, conflicts_with_all = ["json", "setup"])]
    pub position: Option<String>,
    /// A JSON file holding a position (see docs/notation.md).
    #[arg(long, conflicts_with = "setup")]
    pub json: Option<PathBuf>,
    /// A named initial array (`jovian setups GAME` lists them); the default array if nothing is given.
    #[arg(long)]
    pub setup: Option<String>,
    /// Moves to play from that position first, separated by spaces, in any notation the game
    /// reads (e.g. `--moves "P-e5 P-e8 Nd3-e5"`).
    #[arg(long)]
    pub moves: Option<String>,
}

pub fn variant(game: &str) -> Result<&'static Variant, CliError> {
    if is_variant_file(game) {
        return variant_file(Path::new(game));
    }
    Variant::by_id(game).ok_or_else(|| {
        let known: Vec<&str> = Variant::all().iter().map(|v| v.id).collect();
        CliError(format!(
            "unknown game {game:?}; known games: {}",
            known.join(", ")
        ))
    })
}

/// Whether a game's name is a variant file's path rather than a built-in game's id.
pub fn is_variant_file(game: &str) -> bool {
    jovian_rules::file::is_path(game)
}

/// How a run's settings name its game: a built-in game's id, or a variant file's full path (so
/// that a resumed run, and a Ray worker on a shared file system, read the same file).
pub fn game_name(game: &str, variant: &Variant) -> String {
    if is_variant_file(game) {
        let path = Path::new(game);
        path.canonicalize()
            .unwrap_or_else(|_| path.to_path_buf())
            .display()
            .to_string()
    } else {
        variant.id.to_string()
    }
}

/// A game read from a variant file (docs/variants.md), once per path in a run.
pub fn variant_file(path: &Path) -> Result<&'static Variant, CliError> {
    jovian_rules::file::load(path).map_err(CliError)
}

impl PositionArgs {
    /// The position these arguments describe, validated.
    pub fn load(&self, game: &str) -> Result<Position, CliError> {
        let v = variant(game)?;
        let setup = if let Some(text) = &self.position {
            fen::parse_position(v, text).map_err(|e| CliError(format!("bad position: {e}")))?
        } else if let Some(path) = &self.json {
            let file = path.display();
            let text = read_text(path).map_err(|e| CliError(format!("cannot read {file}: {e}")))?;
            let setup = json::parse_json(&text).map_err(|e| CliError(format!("{file}: {e}")))?;
            if setup.variant != v {
                return Err(CliError(format!(
                    "{file} holds a {} position, not {}",
                    setup.variant.title, v.title
                )));
            }
            setup
        } else {
            let name = self.setup.as_deref().unwrap_or(v.setups.default);
            Setup::named(v, name).ok_or_else(|| {
                CliError(format!(
                    "unknown {} setup {name:?}; {}",
                    v.title, v.setups.help
                ))
            })?
        };
        let mut pos =
            Position::from_setup(&setup).map_err(|e| CliError(format!("bad position: {e}")))?;
        for (i, text) in self
            .moves
            .iter()
            .flat_map(|m| m.split_whitespace())
            .enumerate()
        {
            if let Some(outcome) = pos.outcome() {
                return Err(CliError(format!(
                    "move {} ({text}): the game is over ({})",
                    i + 1,
                    outcome.describe(pos.variant())
                )));
            }
            let turn = notation::parse_turn(&mut pos, text)
                .map_err(|e| CliError(format!("move {} ({text}): {e}", i + 1)))?;
            turn.into_iter().for_each(|m| pos.make(m));
        }
        Ok(pos)
    }
}

/// A record or position file as text. At most `MAX_FILE_BYTES` are read, so that an endless input
/// (`/dev/zero`, a pipe that never closes) ends with an error instead of taking all the memory.
/// The error is the reason only; the caller names the file.
pub fn read_text(path: &Path) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "longer than {} MB, the limit for a record or a position",
            MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    String::from_utf8(bytes)
        .map_err(|e| format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
}

/// One line read from a terminal or a GUI, without its line end.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    Text(String),
    /// Longer than `MAX_LINE_BYTES`: skipped to its end, unread (`String` holds its start).
    TooLong(String),
}

/// The next line of `input`, or `None` at the end. At most `MAX_LINE_BYTES` of a line are kept,
/// so that an endless line cannot fill the memory; bytes that are not UTF-8 are replaced (the
/// line then reads as an unknown command or move, instead of ending the input).
pub fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<Line>> {
    read_line_bounded(input, MAX_LINE_BYTES)
}

fn read_line_bounded(input: &mut impl BufRead, max: usize) -> std::io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let n = input
        .by_ref()
        .take(max as u64 + 1)
        .read_until(b'\n', &mut bytes)?;
    if n == 0 {
        return Ok(None);
    }
    let ended = bytes.last() == Some(&b'\n');
    if !ended && bytes.len() > max {
        // Skip the rest of the line, keeping nothing of it.
        loop {
            let buf = input.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            match buf.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    input.consume(i + 1);
                    break;
                }
                None => {
                    let len = buf.len();
                    input.consume(len);
                }
            }
        }
        bytes.truncate(40);
        return Ok(Some(Line::TooLong(
            String::from_utf8_lossy(&bytes).into_owned(),
        )));
    }
    if ended {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    }
    Ok(Some(Line::Text(
        String::from_utf8_lossy(&bytes).into_owned(),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_bounded_and_never_end_the_input_early() {
        let text: &[u8] = b"ping 1\r\n\xffbad\nxxxxxxxxxxxxxxxxxxxx\nlast";
        let mut input = std::io::BufReader::with_capacity(4, text);
        let mut next = || read_line_bounded(&mut input, 8).unwrap();
        assert_eq!(next(), Some(Line::Text("ping 1".into())));
        assert_eq!(next(), Some(Line::Text("\u{fffd}bad".into())));
        assert_eq!(next(), Some(Line::TooLong("xxxxxxxxx".into())));
        assert_eq!(next(), Some(Line::Text("last".into())));
        assert_eq!(next(), None);
    }

    #[test]
    fn files_are_read_up_to_the_limit() {
        let e = read_text(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(e, "longer than 8 MB, the limit for a record or a position");
        let e = read_text(Path::new("/no/such/file")).unwrap_err();
        assert!(e.contains("No such file"), "{e}");
    }
}
