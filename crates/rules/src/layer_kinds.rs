//! What each piece type is to the 12x8 game's powers (`position/larger`): the exotic power its
//! file names (`Special::Halfling`, `Wizard`, `Elephant`, `Assassin`, `Thunder`, `Golem`), the
//! King (the royal type) and the Pawn (the type with a pawn's advances), or a type that moves by
//! its file alone. Read from the pieces, so that the powers' code finds its pieces wherever a
//! file puts them in its table. Each power is on one piece at most, and a game may have none of
//! it (a game without Thunders, one whose only exotic piece is a Wizard); the King and the Pawn
//! are always there, and the Golem's four parts come together.

use crate::piece::{Code, GolemPart, HalflingCapture, PieceKind, PieceSpec, Special};

/// The most types a table may have (two codes a type in a byte).
const MAX_KINDS: usize = 128;

/// What a type is to the powers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Role {
    /// Moves by its file's Betza string, hooks and flips (Queen, Rook, Lion, Can(n)ons, types a
    /// file adds).
    #[default]
    File,
    /// The royal type: moves by its file, castles, is checkmated.
    King,
    /// The type with a pawn's advances: the general pawn with the powers' promotions.
    Pawn,
    Halfling(HalflingCapture),
    Wizard,
    Elephant,
    Assassin,
    Thunder,
    Golem(GolemPart),
}

impl Role {
    /// The type moves and attacks by its file's tables (the King as well).
    #[inline(always)]
    pub fn moves_by_file(self) -> bool {
        matches!(self, Role::File | Role::King)
    }

    /// The type has one of the powers, whose moves are code: never immobile, wherever it
    /// stands (the Assassin shoots, the Thunder explodes where it appears).
    #[inline]
    pub fn is_power(self) -> bool {
        !matches!(self, Role::File | Role::King | Role::Pawn)
    }

    /// The role an exotic hook gives, if it is one.
    fn of_hook(special: &Special) -> Option<Role> {
        Some(match *special {
            Special::Halfling(capture) => Role::Halfling(capture),
            Special::Wizard => Role::Wizard,
            Special::Elephant => Role::Elephant,
            Special::Assassin => Role::Assassin,
            Special::Thunder => Role::Thunder,
            Special::Golem(part) => Role::Golem(part),
            _ => return None,
        })
    }
}

/// Each type's role, and the type that has each role, if one has (the King and the Pawn always
/// in a game with the powers; all `File` in the other games).
#[derive(Clone, Debug)]
pub struct LayerKinds {
    roles: [Role; MAX_KINDS],
    pub king: u8,
    pub pawn: u8,
    pub wizard: Option<u8>,
    pub elephant: Option<u8>,
    pub assassin: Option<u8>,
    pub thunder: Option<u8>,
    /// The Golem's parts, by `GolemPart` in the order of `GolemPart::ALL`.
    pub golem: Option<[u8; 4]>,
    /// The Halflings, by `HalflingCapture` (Leaper, Pincer, Advancer, Withdrawer).
    pub halflings: [Option<u8>; 4],
}

impl Default for LayerKinds {
    fn default() -> LayerKinds {
        LayerKinds {
            roles: [Role::File; MAX_KINDS],
            king: 0,
            pawn: 0,
            wizard: None,
            elephant: None,
            assassin: None,
            thunder: None,
            golem: None,
            halflings: [None; 4],
        }
    }
}

/// Why a table cannot carry the powers: the piece (by index, if one) and the message.
pub type RoleError = (Option<usize>, String);

impl LayerKinds {
    /// Reads the roles from a table: the exotic hooks (each on one piece at most, the Golem's
    /// four parts all or none), the one royal type, the one type with a pawn's advances.
    pub fn from_pieces(pieces: &[PieceSpec]) -> Result<LayerKinds, RoleError> {
        let mut kinds = LayerKinds::default();
        if pieces.len() > MAX_KINDS {
            return Err((None, format!("at most {MAX_KINDS} piece types")));
        }
        let mut found: Vec<(Role, usize)> = Vec::new();
        for (i, spec) in pieces.iter().enumerate() {
            let mut roles: Vec<Role> = spec.specials.iter().filter_map(Role::of_hook).collect();
            if spec.royal {
                roles.push(Role::King);
            }
            for role in roles {
                if let Some(&(_, other)) = found.iter().find(|(r, _)| *r == role) {
                    return Err((
                        Some(i),
                        format!(
                            "{} and {} are both the 12x8 powers' {}: one piece has each power",
                            pieces[other].name,
                            spec.name,
                            role_name(role)
                        ),
                    ));
                }
                if kinds.roles[i] != Role::File {
                    return Err((
                        Some(i),
                        format!(
                            "{} is the 12x8 powers' {} and {}: one power a piece",
                            spec.name,
                            role_name(kinds.roles[i]),
                            role_name(role)
                        ),
                    ));
                }
                kinds.roles[i] = role;
                found.push((role, i));
            }
        }
        let pawns: Vec<usize> = (pieces.iter().enumerate())
            .filter(|(_, p)| p.pawn.is_some())
            .map(|(i, _)| i)
            .collect();
        match pawns[..] {
            [i] if kinds.roles[i] == Role::File => {
                kinds.roles[i] = Role::Pawn;
                found.push((Role::Pawn, i));
            }
            [i] => {
                return Err((
                    Some(i),
                    format!(
                        "{} advances as a pawn and is the 12x8 powers' {}",
                        pieces[i].name,
                        role_name(kinds.roles[i])
                    ),
                ));
            }
            _ => {
                return Err((
                    pawns.get(1).copied(),
                    format!(
                        "the 12x8 game's powers need one Pawn, the type with a pawn's advances \
                         (initial_steps or en_passant): this table has {}",
                        pawns.len()
                    ),
                ));
            }
        }
        let Some(&(_, king)) = found.iter().find(|(r, _)| *r == Role::King) else {
            return Err((
                None,
                format!("the 12x8 game's powers need a {}", role_name(Role::King)),
            ));
        };
        kinds.king = king as u8;
        let parts = GolemPart::ALL.map(|part| {
            (found.iter())
                .find(|(r, _)| *r == Role::Golem(part))
                .map(|&(_, i)| i as u8)
        });
        match parts.iter().filter(|p| p.is_some()).count() {
            0 => {}
            4 => kinds.golem = Some(parts.map(|p| p.unwrap_or_default())),
            n => {
                return Err((
                    None,
                    format!(
                        "the Golem has four parts ({{ golem = ... }} on each): this table has {n}"
                    ),
                ));
            }
        }
        for &(role, i) in &found {
            let i = Some(i as u8);
            match role {
                Role::Wizard => kinds.wizard = i,
                Role::Elephant => kinds.elephant = i,
                Role::Assassin => kinds.assassin = i,
                Role::Thunder => kinds.thunder = i,
                Role::Halfling(capture) => kinds.halflings[capture as usize] = i,
                _ => {}
            }
        }
        kinds.pawn = found
            .iter()
            .find(|(r, _)| *r == Role::Pawn)
            .map_or(0, |f| f.1 as u8);
        Ok(kinds)
    }

    /// The role of a type.
    #[inline(always)]
    pub fn role(&self, kind: u8) -> Role {
        self.roles[kind as usize]
    }

    /// The role of the piece with this code (a piece, not an empty square).
    #[inline(always)]
    pub fn role_of(&self, code: Code) -> Role {
        self.roles[((code - 1) >> 1) as usize]
    }

    /// The Golem part type whose other part stands the `part` way, in a game with a Golem (the
    /// callers have met one of its parts, or made sure there is one).
    #[inline(always)]
    pub fn golem_part(&self, part: GolemPart) -> u8 {
        debug_assert!(
            self.golem.is_some(),
            "a Golem part asked of a game without one"
        );
        self.golem.map_or(self.king, |parts| parts[part as usize])
    }

    /// The Halfling type that captures by `capture`, if the game has it.
    #[inline(always)]
    pub fn halfling(&self, capture: HalflingCapture) -> Option<u8> {
        self.halflings[capture as usize]
    }

    /// Whether a type is a Golem part.
    #[inline(always)]
    pub fn is_golem(&self, kind: u8) -> bool {
        matches!(self.role(kind), Role::Golem(_))
    }

    /// Whether a type is a Halfling.
    #[inline(always)]
    pub fn is_halfling(&self, kind: u8) -> bool {
        matches!(self.role(kind), Role::Halfling(_))
    }

    /// The types a Pawn may promote to by its own move when its file lists none, in table order:
    /// all but the King, the Pawn, and the Assassin, Thunder and Golem (each completed by a rule
    /// of its own). Also what a Wizard's owner may make of an enemy Pawn it swaps onto its last
    /// rank.
    pub fn plain_promotions(&self, count: usize) -> impl Iterator<Item = PieceKind> + '_ {
        (0..count as u8)
            .filter(|&k| {
                !matches!(
                    self.role(k),
                    Role::King | Role::Pawn | Role::Assassin | Role::Thunder | Role::Golem(_)
                )
            })
            .map(PieceKind)
    }
}

/// The name of a role in messages.
fn role_name(role: Role) -> String {
    match role {
        Role::File => "piece that moves by its file".to_string(),
        Role::King => "King (royal = true)".to_string(),
        Role::Pawn => "Pawn".to_string(),
        Role::Halfling(capture) => format!("Halfling {{ halfling = {:?} }}", lower(capture)),
        Role::Wizard => "Wizard (\"wizard\")".to_string(),
        Role::Elephant => "Elephant (\"elephant\")".to_string(),
        Role::Assassin => "Assassin (\"assassin\")".to_string(),
        Role::Thunder => "Thunder (\"thunder\")".to_string(),
        Role::Golem(part) => format!("Golem part {{ golem = {:?} }}", lower(part)),
    }
}

/// A hook parameter as the file writes it.
fn lower(value: impl serde::Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}
