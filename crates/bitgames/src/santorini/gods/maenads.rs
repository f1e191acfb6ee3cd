//! Maenads: a move that puts an opponent worker between the two Maenads
//! workers, on opposite sides of it in a line (straight or diagonal),
//! wins at once (as santorini-ai has it: the moving worker's end is the
//! space beyond an opponent worker from the other Maenads worker; the
//! win comes on any level, without a build). Hera denies it on the
//! perimeter like any other win. Her moves and builds are the base
//! game's.

use super::Power;
use super::power::walls;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::naive_gods::{self, NaiveState};

/// The Maenads' power: surround an opponent worker to win.
pub(crate) struct Maenads;

impl Power for Maenads {
    const NAME: &'static str = "maenads";
    const TEXT: &'static str = "If your workers neighbour an opponent worker on opposite sides \
                                after your move, you win.";
    const WINS_ANYWHERE: bool = true;
    const WINS_WHERE_SLID: bool = true;

    #[inline]
    fn wins_by_end(pos: &Position, from: Space, to: Space) -> bool {
        let mine = pos.workers[pos.to_move.index()] ^ from.bitboard();
        // A worker on a space its god's state freezes (Clio's coin) cannot
        // be surrounded, as santorini-ai has it.
        let theirs = pos.workers[pos.to_move.other().index()] & !walls(pos);
        mine.into_iter().any(|other| {
            (Bitboard::neighbours(other) & theirs)
                .into_iter()
                .any(|between| {
                    // `to` is straight beyond `between` from `other`.
                    2 * i16::from(between.bit()) - i16::from(other.bit()) == i16::from(to.bit())
                })
        })
    }

    fn naive_wins_by_end(s: &NaiveState, from: usize, to: usize) -> bool {
        let me = s.to_move;
        s.workers[me].iter().filter(|&&w| w != from).any(|&other| {
            naive_gods::neighbours(other)
                .into_iter()
                .any(|(between, direction)| {
                    s.owner(between) == Some(1 - me)
                        && !s.is_frozen(between)
                        && naive_gods::step(between, direction) == Some(to)
                })
        })
    }
}
