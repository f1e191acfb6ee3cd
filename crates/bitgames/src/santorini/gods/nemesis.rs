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
        } else if theirs.count().abs_diff(mine.count()) == 1 {
            // One worker more on one side (Jason's third, Hydra's lone
            // one): one of that side stays.
            let more = if theirs.count() > mine.count() {
                theirs
            } else {
                mine
            };
            for kept in more {
                out.push(Move::Power(Turn::SwapSome {
                    from,
                    to,
                    build,
                    kept,
                }));
            }
        } else if theirs.count() >= mine.count() + 2 {
            for a in theirs {
                swaps_with(from, to, build, a, theirs, out);
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
            swaps_with(from, to, build, a, theirs, out);
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
            out.push(swapped_but(once, &[]));
        } else if m + 1 == n || m == n + 1 {
            // One worker more on one side (Hydra's lone one, Jason's third):
            // all swap but the one of that side that stays.
            let more = if n > m { me } else { them };
            for &kept in &once.workers[more] {
                out.push(swapped_but(once, &[kept]));
            }
        } else if m >= n + 2 {
            // Two of theirs for hers: the others stay.
            let theirs = &once.workers[them];
            for (i, &a) in theirs.iter().enumerate() {
                for &b in &theirs[i + 1..] {
                    let kept: Vec<usize> = theirs
                        .iter()
                        .copied()
                        .filter(|&w| w != a && w != b)
                        .collect();
                    out.push(swapped_but(once, &kept));
                }
            }
        }
    }
}

/// The naive twin's swap: every worker of `s` changes sides but those on
/// `kept`.
fn swapped_but(s: &NaiveState, kept: &[usize]) -> NaiveState {
    let mut swapped = s.clone();
    for p in 0..2 {
        let mut side: Vec<usize> = s.workers[1 - p]
            .iter()
            .chain(&s.workers[p])
            .copied()
            .filter(|w| s.workers[p].contains(w) == kept.contains(w))
            .collect();
        side.sort_unstable();
        swapped.workers[p] = side;
    }
    swapped
}

/// The swaps of two of the opponent's workers on `theirs`, `a` and one
/// after it in board order, after the move from `from` to `to` and the
/// build on `build`, appended to `out`.
fn swaps_with(
    from: Space,
    to: Space,
    build: Space,
    a: Space,
    theirs: Bitboard,
    out: &mut Vec<Move>,
) {
    for b in theirs.after(a) {
        out.push(Move::Power(Turn::SwapTwo {
            from,
            to,
            build,
            pair: [a, b],
        }));
    }
}
