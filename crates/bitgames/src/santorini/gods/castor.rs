//! Castor and Pollux (santorini-ai main): a turn moves one worker and it
//! builds, as in the base game; or both workers move and no one builds
//! (`(A1,B1)>(A2,B2)`); or no worker moves and each builds once beside
//! itself (`^A1^B2`, both on one space too, unless it is a level 3). In a
//! move of both, his workers do not block each other (one may step into
//! the space the other leaves, but they may not swap), and a step up onto
//! level 3 from level 2 wins only into the space the other left
//! (`(A1,B1)>(A2,A1)#`, the other moving first; any other such step is a
//! win of one worker alone). A lone worker may also move without building
//! (`A1>B2`) or build without moving (`^A1`). As santorini-ai has it:
//! against Persephone, only his turns of one worker count as climbs.
//!
//! Against the Harpies his workers move one after the other, each
//! sliding with the other where it stands then: a move of both is what
//! either order makes, and a step onto level 3 wins only into the space the
//! first one left. (santorini-ai's main branch lists no move of both onto a
//! level 3 there: `castor-harpies-level-3` in the data's known differences.)

use super::Power;
use super::power::{buildable, builds_around, ends, movers, slide, steps, wins};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Castor's power: both workers move, or both build.
pub(crate) struct Castor;

/// The ends of the worker on `from` in a move of both (his other worker
/// does not block it), and those that win.
fn pair_steps(pos: &Position, from: Space, up: bool) -> (Bitboard, Bitboard) {
    let theirs = pos.workers[pos.to_move.other().index()];
    let dests = steps(pos, from, theirs, up) & ends(pos, from);
    let wins = Bitboard::from_spaces(
        dests
            .into_iter()
            .filter(|&to| wins::<Castor>(pos, from, to)),
    );
    (dests & !wins, wins)
}

impl Power for Castor {
    const NAME: &'static str = "castor";
    const TEXT: &'static str = "Move one worker and build, or move both workers and build \
                                nothing, or build once with each and move neither.";

    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        let mine = pos.workers[pos.to_move.index()];
        let theirs = pos.workers[pos.to_move.other().index()];
        let movers = movers(pos);
        for from in movers {
            super::power::move_then_build::<Castor>(pos, from, Castor::steps(pos, from, up), out);
        }
        let mut workers = mine.into_iter();
        let (Some(a), second) = (workers.next(), workers.next()) else {
            return;
        };
        let Some(b) = second else {
            // A lone worker: a move without a build, a build without a move.
            if movers.contains(a) {
                let (dests, _) = pair_steps(pos, a, up);
                for to in dests {
                    let to = slide(pos, a, to);
                    out.push(Move::Power(Turn::MoveOnly { from: a, to }));
                }
            }
            for build in buildable(pos, theirs, builds_around(pos, a, pos.occupied())) {
                out.push(Move::Power(Turn::Stay { build }));
            }
            return;
        };
        if movers == mine && pos.gods[pos.to_move.other().index()].rules().slides {
            pairs_sliding(pos, [a, b], up, out);
        } else if movers == mine {
            let ((dests_a, wins_a), (dests_b, wins_b)) =
                (pair_steps(pos, a, up), pair_steps(pos, b, up));
            if wins_b.contains(a) {
                for ta in dests_a & !b.bitboard() {
                    out.push(Move::Power(Turn::Pair {
                        from: [a, b],
                        to: [ta, a],
                        wins: true,
                    }));
                }
            }
            if wins_a.contains(b) {
                for tb in dests_b & !a.bitboard() {
                    out.push(Move::Power(Turn::Pair {
                        from: [a, b],
                        to: [b, tb],
                        wins: true,
                    }));
                }
            }
            for ta in dests_a {
                let mut ends_b = dests_b & !ta.bitboard();
                if ta == b {
                    ends_b &= !a.bitboard();
                }
                for tb in ends_b {
                    out.push(Move::Power(Turn::Pair {
                        from: [a, b],
                        to: [ta, tb],
                        wins: false,
                    }));
                }
            }
        }
        let around = |w: Space| buildable(pos, theirs, builds_around(pos, w, pos.occupied()));
        let (builds_a, builds_b) = (around(a), around(b));
        for x in builds_a | builds_b {
            for y in builds_a | builds_b {
                let pair = (builds_a.contains(x) && builds_b.contains(y))
                    || (builds_a.contains(y) && builds_b.contains(x));
                let twice = x == y && pos.level(x) < 3;
                if pair && x.index() <= y.index() && (x != y || twice) {
                    out.push(Move::Power(Turn::Builds { builds: [x, y] }));
                }
            }
        }
    }

    fn can_win(pos: &Position, up: bool) -> bool {
        let mine = pos.workers[pos.to_move.index()];
        let movers = movers(pos);
        let single = movers.into_iter().any(|from| {
            Castor::steps(pos, from, up)
                .into_iter()
                .any(|to| wins::<Castor>(pos, from, to))
        });
        // Into the other's space, which it leaves: one that has a move.
        single
            || movers == mine
                && mine.count() == 2
                && mine.into_iter().any(|w| {
                    let other = (mine ^ w.bitboard()).first().expect("two workers");
                    pair_steps(pos, w, up).1.contains(other)
                        && !(pair_steps(pos, other, up).0 & !w.bitboard()).is_empty()
                })
    }

    fn naive_turns(s: &NaiveState) -> Vec<(NaiveState, bool)> {
        let (me, them) = (s.to_move, 1 - s.to_move);
        let theirs = s.gods[them].rules();
        let free = naive_gods::free_workers(s);
        // The steps of a worker not blocked by his other one, each with
        // whether it wins.
        let steps = |from: usize| -> Vec<(usize, bool)> {
            naive_gods::neighbours(from)
                .into_iter()
                .filter(|&(to, _)| {
                    s.owner(to) != Some(them)
                        && s.levels[to] < 4
                        && !s.is_frozen(to)
                        && s.may_climb(from, to)
                        && !(theirs.naive_keeps_from)(s, from, to)
                })
                .map(|(to, _)| (to, naive_gods::moved(s, from, to, None).won))
                .collect()
        };
        let mut out = Vec::new();
        let end = |after: NaiveState, won: bool, up: bool| {
            (naive_gods::end_turn(s, after, won, up, false), up)
        };
        let workers = s.workers[me].clone();
        if let [a] = workers[..] {
            if free.contains(&a) {
                for (to, won) in steps(a) {
                    if !won {
                        let moved = naive_gods::moved(s, a, to, None);
                        out.push(end(moved.after, false, moved.moved_up));
                    }
                }
            }
            for build in naive_gods::free_neighbours(s, a) {
                if !s.build_limited(build) {
                    let mut after = s.clone();
                    after.levels[build] += 1;
                    out.push(end(after, false, false));
                }
            }
            return out;
        }
        let [a, b] = workers[..] else {
            return out;
        };
        if free.len() == 2 && theirs.slides {
            for (first, second) in [(a, b), (b, a)] {
                for moved in naive_pair(s, first, second) {
                    out.push(end(moved.after, moved.won, moved.moved_up));
                }
            }
        } else if free.len() == 2 {
            for (ta, win_a) in steps(a) {
                for (tb, win_b) in steps(b) {
                    let swap = ta == b && tb == a;
                    let ok = match (win_a, win_b) {
                        (false, false) => ta != tb && !swap,
                        // The winner steps into the other's start, the
                        // other moving first, elsewhere.
                        (false, true) => tb == a && ta != b,
                        (true, false) => ta == b && tb != a,
                        (true, true) => false,
                    };
                    if ok {
                        let mut after = s.clone();
                        after.workers[me] = vec![ta, tb];
                        after.workers[me].sort_unstable();
                        let up = s.levels[ta] > s.levels[a] || s.levels[tb] > s.levels[b];
                        out.push(end(after, win_a || win_b, up));
                    }
                }
            }
        }
        for x in naive_gods::free_neighbours(s, a) {
            for y in naive_gods::free_neighbours(s, b) {
                if s.build_limited(x) || s.build_limited(y) || x == y && s.levels[x] >= 3 {
                    continue;
                }
                let mut after = s.clone();
                after.levels[x] += 1;
                after.levels[y] += 1;
                out.push(end(after, false, false));
            }
        }
        out
    }
}

/// The moves of both workers `w` against the Harpies: each order, the
/// first worker's step (not a win) and slide, then the second's with the
/// first where it ended; a win of the second only into the space the first
/// left. Each pair of ends once.
fn pairs_sliding(pos: &Position, w: [Space; 2], up: bool, out: &mut Vec<Move>) {
    let start = out.len();
    for (i, j) in [(0, 1), (1, 0)] {
        let first = w[i];
        for step in steps(pos, first, pos.occupied() ^ first.bitboard(), up) {
            if wins::<Castor>(pos, first, step) {
                continue;
            }
            let end = slide(pos, first, step);
            let mut after = *pos;
            after.workers[pos.to_move.index()] ^= first.bitboard() | end.bitboard();
            let second = w[j];
            for step2 in steps(&after, second, after.occupied() ^ second.bitboard(), up) {
                let won = wins::<Castor>(&after, second, step2);
                if won && step2 != first {
                    continue;
                }
                let end2 = if won {
                    step2
                } else {
                    slide(&after, second, step2)
                };
                let mut to = [end, end];
                to[j] = end2;
                let turn = Move::Power(Turn::Pair {
                    from: w,
                    to,
                    wins: won,
                });
                if !out[start..].contains(&turn) {
                    out.push(turn);
                }
            }
        }
    }
}

/// The naive twin of [`pairs_sliding`], one order: `first` then `second`.
fn naive_pair(s: &NaiveState, first: usize, second: usize) -> Vec<naive_gods::Moved> {
    let mut out = Vec::new();
    for (step, _) in naive_gods::neighbours(first) {
        if !s.is_free(step) || !s.may_climb(first, step) {
            continue;
        }
        let one = naive_gods::moved(s, first, step, None);
        if one.won {
            continue;
        }
        for (step2, _) in naive_gods::neighbours(second) {
            if !one.after.is_free(step2) || !one.after.may_climb(second, step2) {
                continue;
            }
            let mut two = naive_gods::moved(&one.after, second, step2, None);
            if two.won && step2 != first {
                continue;
            }
            two.moved_up |= one.moved_up;
            out.push(two);
        }
    }
    out
}
