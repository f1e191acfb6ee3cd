//! Nemesis: at the end of her turn, if no opponent worker neighbours hers,
//! she may force as many of the opponent's workers as possible onto the
//! spaces hers stand on, and hers onto theirs (two for two: the workers of
//! a side are alike, so one swap, `[<>]`; against one more, Jason's third
//! or where she is down to one, she picks the one that stays, `[<>-D4]`).
//! The swap comes after the build; a worker swapped onto level 3 has not
//! won. As santorini-ai does, she may not play against Aphrodite.

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

    fn build_and(from: Space, to: Space, build: Space, kept: Space) -> Move {
        Move::Power(Turn::SwapSome {
            from,
            to,
            build,
            kept,
        })
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
        if !(mine.closed_neighbourhood() & theirs).is_empty() {
            return;
        }
        if mine.count() == theirs.count() {
            out.push(Move::Power(Turn::SwapAll { from, to, build }));
        } else if theirs.count() == mine.count() + 1 {
            for kept in theirs {
                out.push(Move::Power(Turn::SwapSome {
                    from,
                    to,
                    build,
                    kept,
                }));
            }
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
        if !apart {
            return;
        }
        let (n, m) = (s.workers[me].len(), s.workers[them].len());
        if n == m {
            let mut swapped = once.clone();
            swapped.workers.swap(0, 1);
            out.push(swapped);
        } else if m == n + 1 {
            // All of hers, and all of theirs but the one that stays.
            for &kept in &s.workers[them] {
                let mut swapped = once.clone();
                let mut theirs: Vec<usize> = once.workers[me].clone();
                theirs.push(kept);
                theirs.sort_unstable();
                swapped.workers[me] = s.workers[them]
                    .iter()
                    .copied()
                    .filter(|&w| w != kept)
                    .collect();
                swapped.workers[them] = theirs;
                out.push(swapped);
            }
        }
    }
}
