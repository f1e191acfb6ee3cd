//! Hephaestus: a worker may build one more block, not a dome, on top of its
//! first block (so the first leaves level 1 or 2).

use super::Power;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::NaiveState;

/// Hephaestus' power: a second block on the first.
pub(crate) struct Hephaestus;

impl Power for Hephaestus {
    const NAME: &'static str = "hephaestus";
    const TEXT: &'static str =
        "Your worker may build one more block (not a dome) on top of its first block.";

    #[inline]
    fn more_builds(
        pos: &Position,
        from: Space,
        to: Space,
        build: Space,
        _builds: Bitboard,
        out: &mut Vec<Move>,
    ) {
        if pos.level(build) < 2 {
            out.push(Move::Power(Turn::Twice {
                from,
                to,
                build,
                second: build,
            }));
        }
    }

    fn naive_builds(
        _s: &NaiveState,
        _builder: usize,
        space: usize,
        once: &NaiveState,
        out: &mut Vec<NaiveState>,
    ) {
        if once.levels[space] <= 2 {
            let mut twice = once.clone();
            twice.levels[space] += 1;
            out.push(twice);
        }
    }
}
