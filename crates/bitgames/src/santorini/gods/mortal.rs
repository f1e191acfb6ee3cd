//! Mortal: no power, the base game. Every default of [`Power`] is the base
//! game's rule; the engine's fast path (`Position::generate`) plays these
//! turns when the mover is a mortal free to move up.

use super::Power;

/// The base game's player.
pub(crate) struct Mortal;

impl Power for Mortal {
    const NAME: &'static str = "mortal";
    const TEXT: &'static str = "No power: the base game.";
}
