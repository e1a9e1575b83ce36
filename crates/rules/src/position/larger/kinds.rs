//! The 12x8 game's piece types, in the order of its table (`variants::larger_board`): its
//! International Chess layer (this directory) and its text forms name them by these indices.

pub const KING: u8 = 0;
pub const QUEEN: u8 = 1;
pub const ROOK: u8 = 2;
pub const BISHOP: u8 = 3;
pub const KNIGHT: u8 = 4;
pub const PAWN: u8 = 5;
pub const LION: u8 = 6;
/// The Can(n)on set Rook-wise (Pao).
pub const CANNON_ROOK: u8 = 7;
/// The Can(n)on set Bishop-wise (Vao).
pub const CANNON_BISHOP: u8 = 8;
pub const LEAPER: u8 = 9;
pub const PINCER: u8 = 10;
pub const ADVANCER: u8 = 11;
pub const WITHDRAWER: u8 = 12;
pub const WIZARD: u8 = 13;
pub const ELEPHANT: u8 = 14;
pub const ASSASSIN: u8 = 15;
pub const THUNDER: u8 = 16;
/// Golem parts, named by where the partner stands.
pub const GOLEM_NE: u8 = 17;
pub const GOLEM_NW: u8 = 18;
pub const GOLEM_SE: u8 = 19;
pub const GOLEM_SW: u8 = 20;
/// The types that move and attack by their file's tables (the game's file gives them; a file on
/// the layer may change them): the King (which also castles), Queen, Rook, Bishop, Knight and
/// Lion by their Betza strings, the two Can(n)ons by theirs, their `cannon` hooks and `flips`.
/// The others' moves are the layer's code.
pub const TABLE_TYPES: [u8; 8] = [
    KING,
    QUEEN,
    ROOK,
    BISHOP,
    KNIGHT,
    LION,
    CANNON_ROOK,
    CANNON_BISHOP,
];
/// The first type a file adds after the layer's own (docs/variants.md, "Layers"): it moves
/// and attacks by its Betza string, like `TABLE_TYPES`, and a Pawn may promote to it.
pub const ADDED: u8 = GOLEM_SW + 1;
/// The first type that can be in hand; hand slots follow the table order up to the Thunder.
pub const FIRST_IN_HAND: u8 = LEAPER;
pub const HAND_SLOTS: usize = (THUNDER - LEAPER + 1) as usize;

// The general hands (`drop_rules`) live in the same state array.
const _: () = assert!(HAND_SLOTS == crate::drop_rules::HAND_SLOTS);
