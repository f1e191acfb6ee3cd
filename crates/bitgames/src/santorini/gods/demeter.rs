//! Demeter: a worker may build one more time, but not on the same space.
//! The two builds are one turn whichever came first, so each pair of
//! spaces is listed once (the first in board order).

use super::Power;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Demeter's power: a second build elsewhere.
pub(crate) struct Demeter;

impl Power for Demeter {
    const NAME: &'static str = "demeter";
    const TEXT: &'static str = "Your worker may build one more time, but not on the same space.";

    #[inline]
    fn more_builds(
        _pos: &Position,
        from: Space,
        to: Space,
        build: Space,
        builds: Bitboard,
        out: &mut Vec<Move>,
    ) {
        for second in builds {
            if second.index() > build.index() {
                out.push(Move::Power(Turn::Twice {
                    from,
                    to,
                    build,
                    second,
                }));
            }
        }
    }

    fn naive_builds(
        _s: &NaiveState,
        builder: usize,
        space: usize,
        once: &NaiveState,
        out: &mut Vec<NaiveState>,
    ) {
        for (other, _) in naive_gods::neighbours(builder) {
            if other != space && once.is_free(other) {
                let mut twice = once.clone();
                twice.levels[other] += 1;
                out.push(twice);
            }
        }
    }
}
