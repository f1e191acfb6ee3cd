//! Hestia: a worker may build one more time, but not on a perimeter space
//! (the second build may be on the same space as the first, even a dome on
//! the level 3 the first made). Two builds on two spaces are one turn
//! whichever came first, so each pair is listed once (the first in board
//! order) where either order is allowed: where one of them is off the
//! perimeter.

use super::Power;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Hestia's power: a second build off the perimeter.
pub(crate) struct Hestia;

/// The nine spaces off the perimeter (B2..D4) on the padded board.
const MIDDLE: Bitboard = {
    let mut bits = 0u64;
    let mut row = 2;
    while row <= 4 {
        let mut col = 2;
        while col <= 4 {
            bits |= 1 << (7 * row + col);
            col += 1;
        }
        row += 1;
    }
    Bitboard(bits)
};

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
        let middle = MIDDLE.contains(build);
        if middle && pos.level(build) < 3 {
            out.push(Move::Power(Turn::Twice {
                from,
                to,
                build,
                second: build,
            }));
        }
        for second in builds {
            if second.index() > build.index() && (middle || MIDDLE.contains(second)) {
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
        _space: usize,
        once: &NaiveState,
        out: &mut Vec<NaiveState>,
    ) {
        for (other, _) in naive_gods::neighbours(builder) {
            let (row, col) = (other / 5, other % 5);
            let perimeter = row == 0 || row == 4 || col == 0 || col == 4;
            if !perimeter && once.is_free(other) {
                let mut twice = once.clone();
                twice.levels[other] += 1;
                out.push(twice);
            }
        }
    }
}
