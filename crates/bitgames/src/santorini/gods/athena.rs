//! Athena: if one of her workers moved up on her turn, opponent workers
//! cannot move up on their next turn. The mark is the position's
//! `up_blocked` (written `athena[^]` after her climb, or `-` on the
//! blocked player); a turn that wins leaves no mark.

use super::Power;

/// Athena's power: a climb blocks the opponent's climbs.
pub(crate) struct Athena;

impl Power for Athena {
    const NAME: &'static str = "athena";
    const TEXT: &'static str = "If one of your workers moved up on your last turn, \
                                opponent workers cannot move up this turn.";
    const BLOCKS_CLIMBS: bool = true;
}
