//! Reading a game and a position from the command line: a setup name, the text form, or a JSON
//! file. Every failure becomes one `CliError` line.

use clap::Args;
use jovian_rules::{Position, Setup, Variant, fen, json, notation};

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
    pub json: Option<String>,
    /// A named initial array (`jovian setups GAME` lists them); the default array if nothing is given.
    #[arg(long)]
    pub setup: Option<String>,
    /// Moves to play from that position first, separated by spaces, in any notation the game
    /// reads (e.g. `--moves "P-e5 P-e8 Nd3-e5"`).
    #[arg(long)]
    pub moves: Option<String>,
}

pub fn variant(game: &str) -> Result<&'static Variant, CliError> {
    Variant::by_id(game).ok_or_else(|| {
        let known: Vec<&str> = Variant::all().iter().map(|v| v.id).collect();
        CliError(format!(
            "unknown game {game:?}; known games: {}",
            known.join(", ")
        ))
    })
}

impl PositionArgs {
    /// The position these arguments describe, validated.
    pub fn load(&self, game: &str) -> Result<Position, CliError> {
        let v = variant(game)?;
        let setup = if let Some(text) = &self.position {
            fen::parse_position(v, text).map_err(|e| CliError(format!("bad position: {e}")))?
        } else if let Some(file) = &self.json {
            let text = std::fs::read_to_string(file)
                .map_err(|e| CliError(format!("cannot read {file}: {e}")))?;
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
                    "move {} ({text}): the game is over ({} wins)",
                    i + 1,
                    outcome.winner.title()
                )));
            }
            let turn = notation::parse_turn(&mut pos, text)
                .map_err(|e| CliError(format!("move {} ({text}): {e}", i + 1)))?;
            turn.into_iter().for_each(|m| pos.make(m));
        }
        Ok(pos)
    }
}
