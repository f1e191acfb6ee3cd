//! Nike (santorini-ai's god): if one of her workers moved down on her
//! turn, opponent workers cannot move up on their next turn: Athena's
//! block, after a descent instead of a climb. The mark is the position's
//! `up_blocked` (santorini-ai writes `nike[^]`, we `-` on the blocked
//! player); a turn that wins leaves no mark. Hades, who stops descents,
//! may not play against her (santorini-ai bans the pair). Her moves are the
//! base game's.

use super::Power;

/// Nike's power: a descent blocks the opponent's climbs.
pub(crate) struct Nike;

impl Power for Nike {
    const NAME: &'static str = "nike";
    const TEXT: &'static str = "If one of your workers moved down on your last turn, \
                                opponent workers cannot move up this turn.";
    const BLOCKS_CLIMBS: bool = true;
    const BLOCKS_AFTER_DESCENT: bool = true;
}
