//! Zeus: a worker may build a block under itself (not a dome: a worker
//! never stands on one). Rising onto level 3 so does not win.

use super::Power;
use super::power::builds_around;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::naive_gods::{self, NaiveState};

/// Zeus' power: a build under the worker.
pub(crate) struct Zeus;

impl Power for Zeus {
    const NAME: &'static str = "zeus";
    const TEXT: &'static str = "Your worker may build a block under itself.";

    #[inline]
    fn build_spaces(pos: &Position, at: Space, occupied: Bitboard) -> Bitboard {
        let under = if pos.level(at) < 3 {
            at.bitboard()
        } else {
            Bitboard::EMPTY
        };
        builds_around(pos, at, occupied) | under
    }

    fn naive_build_spaces(s: &NaiveState, builder: usize) -> Vec<usize> {
        let mut spaces = naive_gods::free_neighbours(s, builder);
        if s.levels[builder] < 3 {
            spaces.push(builder);
        }
        spaces
    }
}
