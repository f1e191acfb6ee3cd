//! Limus: opponent workers cannot build on a space neighbouring one of his
//! workers, unless the build is a dome on a level 3 (a complete tower):
//! not an Atlas dome on a lower level (santorini-ai's main branch allows
//! that one, a known difference). His workers count where they stand when
//! the opponent builds, after an Apollo swap or a Minotaur push (as
//! santorini-ai has it). His own moves are the base game's.

use super::Power;
use crate::santorini::bitboard::Bitboard;
use crate::santorini::naive_gods::{self, NaiveState};

/// Limus' power: no opponent builds beside his workers but domes.
pub(crate) struct Limus;

/// The spaces neighbouring `workers`.
fn around(workers: Bitboard) -> Bitboard {
    workers.closed_neighbourhood() & !workers
}

impl Power for Limus {
    const NAME: &'static str = "limus";
    const TEXT: &'static str = "Opponent workers cannot build on spaces neighbouring your \
                                workers, unless building a dome to complete a tower.";
    const LIMITS_BUILDS: Option<fn(Bitboard) -> Bitboard> = Some(around);

    fn naive_limits_build(s: &NaiveState, space: usize) -> bool {
        let limus = 1 - s.to_move;
        naive_gods::neighbours(space)
            .into_iter()
            .any(|(n, _)| s.workers[limus].contains(&n))
    }
}
