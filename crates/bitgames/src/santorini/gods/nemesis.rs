//! Nemesis: at the end of her turn, if no opponent worker neighbours hers,
//! she may force the opponent's workers onto the spaces hers stand on, and
//! hers onto theirs (two for two: the workers of a side are alike, so one
//! swap). The swap comes after the build; a worker swapped onto level 3 has
//! not won. As santorini-ai does, she may not play against Aphrodite.

use super::{God, Power};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Nemesis' power: the swap of all workers.
pub(crate) struct Nemesis;

impl Power for Nemesis {
    const NAME: &'static str = "nemesis";
    const TEXT: &'static str = "At the end of your turn, if no opponent worker neighbours yours, \
                                you may swap all their workers with all of yours.";
    const BANS: &'static [God] = &[God::Aphrodite];

    fn move_and(from: Space, to: Space, build: Space) -> Move {
        Move::Power(Turn::SwapAll { from, to, build })
    }

    #[inline]
    fn more_builds(
        pos: &Position,
        from: Space,
        to: Space,
        build: Space,
        _builds: Bitboard,
        out: &mut Vec<Move>,
    ) {
        let mine = pos.workers[pos.to_move.index()] ^ from.bitboard() ^ to.bitboard();
        let theirs = pos.workers[pos.to_move.other().index()];
        if mine.count() == theirs.count() && (mine.closed_neighbourhood() & theirs).is_empty() {
            out.push(Move::Power(Turn::SwapAll { from, to, build }));
        }
    }

    fn naive_builds(
        s: &NaiveState,
        _builder: usize,
        _space: usize,
        once: &NaiveState,
        out: &mut Vec<NaiveState>,
    ) {
        let (me, them) = (s.to_move, 1 - s.to_move);
        let apart = s.workers[me].iter().all(|&w| {
            naive_gods::neighbours(w)
                .iter()
                .all(|&(n, _)| s.owner(n) != Some(them))
        });
        if apart && s.workers[me].len() == s.workers[them].len() {
            let mut swapped = once.clone();
            swapped.workers.swap(0, 1);
            out.push(swapped);
        }
    }
}
