//! Aphrodite: an opponent worker that starts its turn neighbouring one of
//! her workers must end its move neighbouring one (or on her worker's
//! space, by Apollo's swap or Minotaur's push): her workers count where
//! they stood at the start of the turn, as santorini-ai has it. Only the
//! end counts: Artemis' first step and Hermes' run may leave and come back.
//! She may not play against Urania (santorini-ai bans the pair). Her own
//! moves are the base game's.

use super::{God, Power};
use crate::santorini::bitboard::Bitboard;
use crate::santorini::naive_gods::{self, NaiveState};

/// Aphrodite's power: who starts near her ends near her.
pub(crate) struct Aphrodite;

/// Her workers' spaces and their neighbours.
fn near(workers: Bitboard) -> Bitboard {
    workers.closed_neighbourhood()
}

impl Power for Aphrodite {
    const NAME: &'static str = "aphrodite";
    const TEXT: &'static str = "An opponent's worker that starts its turn neighbouring one of \
                                your workers must end its move neighbouring one of them.";
    const KEEPS_NEAR: Option<fn(Bitboard) -> Bitboard> = Some(near);
    const BANS: &'static [God] = &[God::Urania];

    fn naive_keeps_from(s: &NaiveState, from: usize, to: usize) -> bool {
        let her = &s.workers[1 - s.to_move];
        let is_near = |space: usize| {
            her.contains(&space)
                || naive_gods::neighbours(space)
                    .into_iter()
                    .any(|(n, _)| her.contains(&n))
        };
        is_near(from) && !is_near(to)
    }
}
