//! Iris: a worker may jump over a neighbouring worker (either player's) to
//! the space straight beyond it, if no worker and no dome is there,
//! whatever its level: up any number of levels, or down. A jump up onto
//! level 3 wins from any level, as santorini-ai has it (Pegasus' climb
//! does not). Athena's mark keeps jumps from going up too, Hades' from
//! going down. Her builds are the base game's.

use super::Power;
use super::power::{barred_steps, ends, not_below, steps, walls};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::naive_gods::{self, Moved, NaiveState};

/// Iris' power: jumps over workers.
pub(crate) struct Iris;

impl Power for Iris {
    const NAME: &'static str = "iris";
    const TEXT: &'static str = "Your worker may jump over a neighbouring worker to the free space \
                                straight beyond it, whatever its level.";
    const JUMPS_WIN: bool = true;

    #[inline]
    fn steps(pos: &Position, from: Space, up: bool) -> Bitboard {
        let others = pos.occupied() ^ from.bitboard();
        let level = usize::from(pos.level(from)).min(3);
        let mut dests = steps(pos, from, others, up);
        let not_up = if up {
            Bitboard::ALL
        } else {
            !pos.heights[level]
        };
        // A worker on a space its god's state freezes (Clio's coin) is no
        // worker to jump over, as santorini-ai has it: it stands like a dome.
        // A jump goes in the direction of the worker jumped over: not
        // against a god's wind (Aeolus').
        for over in Bitboard::neighbours(from) & others & !walls(pos) & !barred_steps(pos, from) {
            // Straight beyond: bit `2 * over - from` on the padded board.
            let bit = 2 * i16::from(over.bit()) - i16::from(from.bit());
            let beyond = u8::try_from(bit).ok().and_then(Space::from_bit);
            if let Some(beyond) = beyond {
                dests |= beyond.bitboard() & !(others | walls(pos)) & not_up;
            }
        }
        dests & not_below(pos, level) & ends(pos, from)
    }

    fn naive_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
        let mut moves = naive_gods::plain_moves(s, from);
        for (over, direction) in naive_gods::neighbours(from) {
            if s.owner(over).is_none() || s.is_frozen(over) || s.bars_step(from, over) {
                continue;
            }
            let Some(beyond) = naive_gods::step(over, direction) else {
                continue;
            };
            let up = s.levels[beyond] > s.levels[from];
            if s.is_free(beyond) && !(s.up_blocked && up) && !s.descent_stopped(from, beyond) {
                moves.push(naive_gods::moved(s, from, beyond, None));
            }
        }
        moves
    }
}
