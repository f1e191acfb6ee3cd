//! Hades: opponent workers cannot move down, by any step of their turn
//! (Artemis' second step, Apollo's swap and Minotaur's push into a lower
//! space too). Pan cannot win by falling against him, nor Nike block
//! after a descent, so santorini-ai bans both pairs, and so do we. His own moves are the base game's.

use super::{God, Power};

/// Hades' power: no opponent moves down.
pub(crate) struct Hades;

impl Power for Hades {
    const NAME: &'static str = "hades";
    const TEXT: &'static str = "Opponent workers cannot move down.";
    const STOPS_DESCENTS: bool = true;
    const BANS: &'static [God] = &[God::Pan, God::Nike];
}
