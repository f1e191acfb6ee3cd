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

    /// Against a god with a female worker, the space her swap puts that
    /// worker on; otherwise the opponent's worker that stays.
    fn build_and(pos: &Position, from: Space, to: Space, build: Space, other: Space) -> Move {
        if pos.gods[pos.to_move.other().index()].rules().female {
            Move::Power(Turn::SwapFemale {
                from,
                to,
                build,
                female: other,
            })
        } else {
            Move::Power(Turn::SwapSome {
                from,
                to,
                build,
                kept: other,
            })
        }
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
        let them = pos.to_move.other().index();
        let female = pos.gods[them].rules().female && pos.state[them] != 0;
        if mine.count() == theirs.count() && female {
            // The opponent's female worker onto either of hers.
            for onto in mine {
                out.push(Move::Power(Turn::SwapFemale {
                    from,
                    to,
                    build,
                    female: onto,
                }));
            }
        } else if mine.count() == theirs.count() {
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
        if n == m && s.gods[them].rules().female && s.state[them] != 0 {
            for &onto in &once.workers[me] {
                let mut swapped = once.clone();
                swapped.workers.swap(0, 1);
                swapped.state[them] = onto as u32 + 1;
                out.push(swapped);
            }
        } else if n == m {
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
