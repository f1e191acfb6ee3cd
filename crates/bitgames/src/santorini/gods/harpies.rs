//! Harpies: each time an opponent's worker moves, it is forced on, space by
//! space, in the direction of its step, onto the next space that is free
//! and no higher than the one it is on, until it cannot go further. Her
//! own moves are the base game's.
//!
//! Where the rulebook leaves it open, santorini-ai decides: a step that wins
//! (a climb onto level 3, Pan's fall) wins where it lands and does not
//! slide; what a step does for its god's power (Athena's and Nike's marks)
//! is read on the space it lands on, before the slide; a pushed or forced
//! worker does not slide, and neither does Minotaur's worker that pushes;
//! Apollo's swap slides. The move is written to where the worker ends
//! (`C3>C5^D5` when `C3>C4` slid on). Hermes may not play against her
//! (santorini-ai bans the pair: his runs have no slide), and so do we.

use super::{God, Power};

/// The Harpies' power: opponents' workers slide on.
pub(crate) struct Harpies;

impl Power for Harpies {
    const NAME: &'static str = "harpies";
    const TEXT: &'static str = "Each time an opponent's worker moves, it is forced on in the same \
                                direction to the next space at the same level or lower, until it \
                                cannot move further.";
    const SLIDES: bool = true;
    const BANS: &'static [God] = &[God::Hermes];
}
