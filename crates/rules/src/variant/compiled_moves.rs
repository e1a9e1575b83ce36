//! The compiled forms of a piece's rides and Jupiter's hooks: the oriented mailbox offsets that
//! move generation walks (`CompiledPiece` holds them per type and colour).

use crate::betza::Mode;

/// A ride compiled to mailbox offsets. `max == 0` means unlimited.
#[derive(Clone, Copy, Debug)]
pub struct Ride {
    pub step: isize,
    pub min: u8,
    pub max: u8,
    pub mode: Mode,
}

/// A bent ride (`Special::Bent`) compiled for one first step.
#[derive(Clone, Copy, Debug)]
pub struct BentRide {
    pub first: isize,
    pub first_mode: Mode,
    pub then: [isize; 4],
    pub then_len: u8,
}

/// A `Special::Hook` compiled for one first direction.
#[derive(Clone, Copy, Debug)]
pub struct HookRide {
    pub first: isize,
    pub first_max: u8,
    pub turn_after: u8,
    pub second: [isize; 2],
    pub second_len: u8,
    pub second_max: u8,
}

/// A `Special::LionCapture` compiled for one first vector: the victim's offset and the second
/// steps from the victim's square (an offset back to the start makes an igui capture).
#[derive(Clone, Copy, Debug)]
pub struct LionRide {
    pub first: isize,
    pub second: [isize; 8],
    pub second_len: u8,
}

/// Jupiter's hooks of one (type, colour), as oriented mailbox offsets (see `Special`).
#[derive(Clone, Debug, Default)]
pub struct JupiterHooks {
    pub hooks: Vec<HookRide>,
    /// (first, second) directions of each zigzag.
    pub zigzags: Vec<(isize, isize)>,
    pub two_steps: bool,
    pub grasshoppers: Vec<isize>,
    pub chain: bool,
    /// The 2009 Halmopper: doubled, only a step or a single capturing hop may be a first part.
    pub chain_limited_doubling: bool,
    /// (step, max distance, mode) of each cannon line.
    pub cannons: Vec<(isize, u8, Mode)>,
    pub general_lines: Vec<isize>,
    pub lions: Vec<LionRide>,
    pub royal_leap: bool,
    /// The 1999 Royalist: next to a friendly royal piece, it may "leap" to its own square (pass).
    pub royal_leap_stay: bool,
    pub swap_friend: bool,
    /// (min, max) distance of the Come Here's pull.
    pub pull: Option<(u8, u8)>,
    /// Largest distance of the Go Away's push (0 = none).
    pub repel: u8,
    pub tank: Vec<isize>,
    /// The 1999 Tanks: the last pushed friend may be pushed off the board.
    pub tank_off_board: bool,
    pub creates: Vec<isize>,
}
