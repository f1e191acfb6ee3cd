//! Atlas: a worker may build a dome at any level, including on the ground
//! (a dome on level 3 is an ordinary build, so it is not listed twice).

use super::Power;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::NaiveState;

/// Atlas' power: the dome.
pub(crate) struct Atlas;

impl Power for Atlas {
    const NAME: &'static str = "atlas";
    const TEXT: &'static str =
        "Your worker may build a dome at any level, including on the ground.";

    #[inline]
    fn more_builds(
        pos: &Position,
        from: Space,
        to: Space,
        build: Space,
        _builds: Bitboard,
        out: &mut Vec<Move>,
    ) {
        if pos.level(build) < 3 {
            out.push(Move::Power(Turn::Dome { from, to, build }));
        }
    }

    fn naive_builds(
        s: &NaiveState,
        _builder: usize,
        space: usize,
        _once: &NaiveState,
        out: &mut Vec<NaiveState>,
    ) {
        if s.levels[space] < 3 {
            let mut dome = s.clone();
            dome.levels[space] = 4;
            out.push(dome);
        }
    }
}
