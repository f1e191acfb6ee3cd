//! Hestia: a worker may build one more time, but not on a perimeter space
//! (the second build may be on the same space as the first, even a dome on
//! the level 3 the first made). Two builds on two spaces are one turn
//! whichever came first, so each pair is listed once (the first in board
//! order) where either order is allowed: where one of them is off the
//! perimeter.

use super::Power;
use super::power::second_builds;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Hestia's power: a second build off the perimeter.
pub(crate) struct Hestia;

impl Power for Hestia {
    const NAME: &'static str = "hestia";
    const TEXT: &'static str = "Your worker may build one more time, but not on a perimeter space.";

    #[inline]
    fn more_builds(
        pos: &Position,
        from: Space,
        to: Space,
        build: Space,
        builds: Bitboard,
        out: &mut Vec<Move>,
    ) {
        let middle = Bitboard::MIDDLE.contains(build);
        if middle && pos.level(build) < 3 {
            out.push(Move::Power(Turn::Twice {
                from,
                to,
                build,
                second: build,
            }));
        }
        let seconds = if middle {
            builds
        } else {
            builds & Bitboard::MIDDLE
        };
        second_builds(from, to, build, seconds, out);
    }

    fn naive_builds(
        _s: &NaiveState,
        builder: usize,
        _space: usize,
        once: &NaiveState,
        out: &mut Vec<NaiveState>,
    ) {
        naive_gods::second_builds(builder, once, out, |other| !naive_gods::on_perimeter(other));
    }
}
