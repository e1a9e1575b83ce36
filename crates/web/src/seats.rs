//! Seat secrets: who may act in a game. Every side a person plays has a random secret (128 bits,
//! hex) made when the game is created and kept in the store; the create answer hands the
//! creator the secrets of the sides they play, and no other answer ever shows one. A request that
//! changes a game carries the secret of the side it acts for in the `X-Jovian-Seat` header. Reads
//! stay public: anyone who reaches the server may watch any game, but only a seat's holder plays
//! it. Giving a seat to someone else (an invite link) is handing them its secret; see docs/web.md.

use jovian_rules::Color;
use serde::Serialize;

use crate::WebError;

/// The secrets of a game's human sides (`None` for a side the engine plays).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Seats {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blue: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tan: Option<String>,
}

/// A fresh secret: 16 bytes from the operating system's generator, as 32 hex digits.
pub fn new_secret() -> Result<String, WebError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| WebError::Data(format!("no random numbers for a seat secret: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Compares two secrets in time that does not depend on where they differ, so that answer times
/// do not leak a secret digit by digit.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

impl Seats {
    pub fn get(&self, side: Color) -> Option<&str> {
        match side {
            Color::Blue => self.blue.as_deref(),
            Color::Tan => self.tan.as_deref(),
        }
    }

    /// Makes a secret for each side people play (`plays`) that has none yet (a new game, or a
    /// game stored before seats existed). Tells whether anything was made.
    pub fn fill(&mut self, plays: impl Fn(Color) -> bool) -> Result<bool, WebError> {
        let mut made = false;
        for (side, slot) in [(Color::Blue, &mut self.blue), (Color::Tan, &mut self.tan)] {
            if plays(side) && slot.is_none() {
                *slot = Some(new_secret()?);
                made = true;
            }
        }
        Ok(made)
    }

    /// The side whose secret `secret` is.
    pub fn side_of(&self, secret: &str) -> Option<Color> {
        [Color::Blue, Color::Tan]
            .into_iter()
            .find(|&side| self.get(side).is_some_and(|s| same_secret(s, secret)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_fresh_hex_and_found_only_whole() {
        let a = new_secret().unwrap();
        let b = new_secret().unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()), "{a}");
        assert_ne!(a, b);
        let mut seats = Seats::default();
        assert!(seats.fill(|c| c == Color::Blue).unwrap());
        assert!(seats.tan.is_none(), "the engine's side has no seat");
        assert!(
            !seats.fill(|c| c == Color::Blue).unwrap(),
            "nothing more to make"
        );
        let blue = seats.blue.clone().unwrap();
        assert_eq!(seats.side_of(&blue), Some(Color::Blue));
        assert_eq!(seats.side_of(&blue[..31]), None);
        assert_eq!(seats.side_of(&format!("{blue}0")), None);
        assert_eq!(seats.side_of(""), None);
        assert!(seats.fill(|_| true).unwrap());
        let tan = seats.tan.clone().unwrap();
        assert_eq!(seats.side_of(&tan), Some(Color::Tan));
        assert_eq!(seats.blue.as_deref(), Some(blue.as_str()), "kept");
    }
}
