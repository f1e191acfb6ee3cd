//! Demeter: a worker may build one more time, but not on the same space.
//! The two builds are one turn whichever came first, so each pair of
//! spaces is listed once (the first in board order).

use super::Power;
use super::power::second_builds;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::Move;
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
        second_builds(from, to, build, builds, out);
    }

    fn naive_builds(
        _s: &NaiveState,
        builder: usize,
        space: usize,
        once: &NaiveState,
        out: &mut Vec<NaiveState>,
    ) {
        naive_gods::second_builds(builder, once, out, |other| other != space);
    }
}
