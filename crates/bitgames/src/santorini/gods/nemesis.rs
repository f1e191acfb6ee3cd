//! Nemesis: at the end of her turn, if no opponent worker neighbours hers,
//! she may force as many of the opponent's workers as possible onto the
//! spaces hers stand on, and hers onto theirs (two for two: the workers of
//! a side are alike, so one swap, `[<>]`; against one more, Jason's third
//! or where she is down to one, she picks the one that stays, `[<>-D4]`,
//! and so against Hydra's lone worker, which of hers stays; against two or
//! more more, Hydra's four to eleven, the two of theirs that swap,
//! `[<>D4,E5]`, a turn spelled in two actions as santorini-ai has it).
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
    const SPELLS: bool = true;

    fn move_and(from: Space, to: Space, build: Space) -> Move {
        Move::Power(Turn::SwapAll { from, to, build })
    }

    /// Against a god with a female worker, the space her swap puts that
    /// worker on; against two or more workers more than hers, the first of
    /// the two that swap (a turn begun); otherwise the worker that stays.
    fn build_and(pos: &Position, from: Space, to: Space, build: Space, other: Space) -> Move {
        let (me, them) = (pos.to_move.index(), pos.to_move.other().index());
        if pos.workers[them].count() >= pos.workers[me].count() + 2 {
            Move::Power(Turn::SwapTwo {
                from,
                to,
                build,
                pair: [other, other],
            })
        } else if pos.gods[them].rules().female {
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
        } else if theirs.count() + 1 == mine.count() {
            // Hydra's lone worker: one of hers stays.
            for kept in mine {
                out.push(Move::Power(Turn::SwapSome {
                    from,
                    to,
                    build,
                    kept,
                }));
            }
        } else if theirs.count() >= mine.count() + 2 {
            for a in theirs {
                for b in theirs.after(a) {
                    out.push(Move::Power(Turn::SwapTwo {
                        from,
                        to,
                        build,
                        pair: [a, b],
                    }));
                }
            }
        }
    }

    /// The swaps of a turn begun with one of the two that swap.
    fn go_on(pos: &Position, turn: Move, out: &mut Vec<Move>) {
        if let Move::Power(Turn::SwapTwo {
            from,
            to,
            build,
            pair: [a, _],
        }) = turn
        {
            let theirs = pos.workers[pos.to_move.other().index()];
            for b in theirs.after(a) {
                out.push(Move::Power(Turn::SwapTwo {
                    from,
                    to,
                    build,
                    pair: [a, b],
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
        } else if m + 1 == n {
            // Hydra's lone worker: all of theirs, and all of hers but the
            // one that stays.
            for &kept in &once.workers[me] {
                let mut swapped = once.clone();
                let mut mine: Vec<usize> = once.workers[them].clone();
                mine.push(kept);
                mine.sort_unstable();
                swapped.workers[them] = once.workers[me]
                    .iter()
                    .copied()
                    .filter(|&w| w != kept)
                    .collect();
                swapped.workers[me] = mine;
                out.push(swapped);
            }
        } else if m >= n + 2 {
            // Two of theirs for hers.
            for (i, &a) in s.workers[them].iter().enumerate() {
                for &b in &s.workers[them][i + 1..] {
                    let mut swapped = once.clone();
                    let mut theirs: Vec<usize> = once.workers[me].clone();
                    theirs.extend(s.workers[them].iter().filter(|&&w| w != a && w != b));
                    theirs.sort_unstable();
                    swapped.workers[me] = vec![a, b];
                    swapped.workers[them] = theirs;
                    out.push(swapped);
                }
            }
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
