//! Facts about piece codes that hot loops read for many pieces in a row (is it royal, does it
//! immobilize, its latent powers, how far it captures), packed side by side. Each
//! `CompiledPiece` is a few hundred bytes of move tables, so reading one flag of each of ninety
//! pieces touched ninety cache lines; these take one or two.

use super::{CompiledPiece, Variant};
use crate::chess_rules::CodeSet;
use crate::piece::Code;

/// The per-code flags of one variant, built once from its compiled pieces.
#[derive(Clone, Debug, Default)]
pub(crate) struct CodeFacts {
    /// The codes of royal pieces (`Variant::is_royal`).
    pub(crate) royal: CodeSet,
    /// The codes of the types that immobilize (`Variant::immobilizes`).
    pub(crate) immobilizer: CodeSet,
    /// Each code's latent bits (`Variant::latent_of`).
    pub(crate) latent: Vec<u8>,
    /// Each code's capture reach (`Variant::capture_reach`).
    pub(crate) reach: Vec<u8>,
}

impl CodeFacts {
    /// From the compiled pieces, indexed by code.
    pub(crate) fn new(compiled: &[CompiledPiece]) -> CodeFacts {
        let mut facts = CodeFacts {
            latent: compiled.iter().map(|c| c.latent).collect(),
            reach: compiled
                .iter()
                .map(super::capture_reach::capture_reach)
                .collect(),
            ..CodeFacts::default()
        };
        for (code, c) in compiled.iter().enumerate() {
            if c.royal {
                facts.royal.insert(code as Code);
            }
            if c.immobilizes {
                facts.immobilizer.insert(code as Code);
            }
        }
        facts
    }
}

impl Variant {
    /// Whether the piece `code` is royal (`compiled(code).royal`, read from a packed set).
    #[inline(always)]
    pub fn is_royal(&self, code: Code) -> bool {
        self.facts.royal.contains(code)
    }

    /// Whether the piece `code` immobilizes (`compiled(code).immobilizes`, from a packed set).
    #[inline(always)]
    pub(crate) fn immobilizes(&self, code: Code) -> bool {
        self.facts.immobilizer.contains(code)
    }

    /// The piece `code`'s latent bits (`compiled(code).latent`, from a packed table).
    #[inline(always)]
    pub(crate) fn latent_of(&self, code: Code) -> u8 {
        self.facts.latent[code as usize]
    }

    /// The farthest, in king steps, that the piece `code` removes or converts a piece with one
    /// move of its own or one it lends a friend; `capture_reach::UNBOUNDED` if anywhere. Read
    /// from its tables alone: in a game with the 12x8 layer's powers (`Variant::powers`), whose
    /// code makes further captures, it bounds only the tables' moves.
    #[inline(always)]
    pub fn capture_reach(&self, code: Code) -> u8 {
        self.facts.reach[code as usize]
    }
}

#[cfg(test)]
mod tests {
    use crate::piece::Code;
    use crate::variant::Variant;

    /// Every code of every game (the empty code 0 included) reads as its compiled piece says.
    #[test]
    fn the_facts_are_the_compiled_pieces_flags() {
        for v in Variant::all() {
            let codes = 1 + v.pieces.len() * 2;
            let mut royal = 0;
            for code in 0..codes as Code {
                let c = v.compiled(code);
                assert_eq!(v.is_royal(code), c.royal, "{} {code}", v.id);
                assert_eq!(v.immobilizes(code), c.immobilizes, "{} {code}", v.id);
                assert_eq!(v.latent_of(code), c.latent, "{} {code}", v.id);
                let reach = super::super::capture_reach::capture_reach(c);
                assert_eq!(v.capture_reach(code), reach, "{} {code}", v.id);
                royal += c.royal as usize;
            }
            // Each side's King at least: the test compares something.
            assert!(royal >= 2, "{}", v.id);
        }
    }
}
