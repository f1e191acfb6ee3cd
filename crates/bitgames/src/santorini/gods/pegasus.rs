//! Pegasus: a worker may move up more than one level (onto any level but a
//! dome), but such a jump does not win: only a step up from level 2 onto
//! level 3 does. Athena's mark keeps Pegasus from moving up at all.

use super::Power;
use super::power::{barred_steps, ends, not_below, walls};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::naive_gods::{self, Moved, NaiveState};

/// Pegasus' power: the jump.
pub(crate) struct Pegasus;

impl Power for Pegasus {
    const NAME: &'static str = "pegasus";
    const TEXT: &'static str =
        "Your worker may move up more than one level, but does not win by doing so.";

    #[inline]
    fn steps(pos: &Position, from: Space, up: bool) -> Bitboard {
        let too_high = if up {
            pos.heights[3]
        } else {
            pos.heights[usize::from(pos.level(from)).min(3)]
        };
        let level = usize::from(pos.level(from)).min(3);
        Bitboard::neighbours(from)
            & !(pos.occupied() | walls(pos) | too_high | barred_steps(pos, from))
            & not_below(pos, level)
            & ends(pos, from)
    }

    fn naive_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
        naive_gods::neighbours(from)
            .into_iter()
            .filter(|&(to, _)| {
                let barred_up = s.up_blocked && s.levels[to] > s.levels[from];
                s.is_free(to)
                    && !barred_up
                    && !s.descent_stopped(from, to)
                    && !s.bars_step(from, to)
            })
            .map(|(to, _)| naive_gods::moved(s, from, to, None))
            .collect()
    }
}
