//! The Graeae: three workers (placed at once, `A1,B2,C3`); after a worker
//! moves, one of the others builds (`A1>B2^D4`: D4 beside a worker that
//! did not move). Where the card is silent, as santorini-ai has it: the
//! build may go on the space the mover left; a Graeae left with one worker
//! (Medusa took the others) has no build, so only its wins are turns.
//! santorini-ai bans the Graeae against Nemesis.

use super::power::builds_around;
use super::{God, Power};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::naive_gods::{self, NaiveState};

/// The Graeae's power: three workers, and the build is an unmoved one's.
pub(crate) struct Graeae;

impl Power for Graeae {
    const NAME: &'static str = "graeae";
    const TEXT: &'static str = "Three workers; build with a worker that did not move.";
    const WORKERS: usize = 3;
    const BANS: &'static [God] = &[God::Nemesis];

    /// Around every worker but the one that moved (`occupied` holds the
    /// workers as the move left them; the mover's start is free).
    #[inline]
    fn build_spaces(pos: &Position, at: Space, occupied: Bitboard) -> Bitboard {
        let unmoved = pos.workers[pos.to_move.index()] & occupied & !at.bitboard();
        unmoved
            .into_iter()
            .fold(Bitboard::EMPTY, |b, w| b | builds_around(pos, w, occupied))
    }

    fn naive_build_spaces(s: &NaiveState, builder: usize) -> Vec<usize> {
        let mut spaces: Vec<usize> = s.workers[s.to_move]
            .iter()
            .filter(|&&w| w != builder)
            .flat_map(|&w| naive_gods::free_neighbours(s, w))
            .collect();
        spaces.sort_unstable();
        spaces.dedup();
        spaces
    }
}
