//! Hermes: if the workers do not move up or down, each may move any number
//! of times (even none) over spaces of its own level, and then either
//! builds; otherwise a turn as in the base game. Opponents and domes block a
//! run, her other worker does not (they may move in either order); the two
//! must end on different spaces.

use super::Power;
use super::power::{buildable, builds_around, ends, level_region, movers, steps, walls, wins};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, Moved, NaiveState};

/// Hermes' power: the runs over one level.
pub(crate) struct Hermes;

impl Power for Hermes {
    const NAME: &'static str = "hermes";
    const TEXT: &'static str = "If your workers do not move up or down, each may move any number \
                                of times (even none), and then either builds.";

    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        let theirs = pos.workers[pos.to_move.other().index()];
        let movers = movers(pos);
        for from in movers {
            let others = pos.occupied() ^ from.bitboard();
            let same = pos.spaces_at_level(pos.level(from));
            for to in steps(pos, from, others, up) & ends(pos, from) {
                if wins::<Hermes>(pos, from, to) {
                    out.push(Move::Win { from, to });
                } else if !same.contains(to) {
                    let builds = builds_around(pos, to, others | to.bitboard());
                    for build in buildable(pos, theirs, builds) {
                        out.push(Move::Build { from, to, build });
                    }
                }
            }
        }
        let Some(([f1, f2], [r1, r2])) = run_ends(pos) else {
            lone_runs(pos, out);
            return;
        };
        let builders = |t: Space, f: Space| {
            if movers.contains(f) {
                Bitboard::neighbours(t)
            } else {
                Bitboard::EMPTY
            }
        };
        for t1 in r1 {
            for t2 in r2 {
                // The two ends the other way round are the same turn.
                let swapped = r1.contains(t2) && r2.contains(t1);
                if t1 == t2 || (swapped && t2.index() < t1.index()) {
                    continue;
                }
                let ends = t1.bitboard() | t2.bitboard();
                let around = builders(t1, f1) | builders(t2, f2);
                let builds = buildable(pos, theirs, around & !(theirs | ends | walls(pos)));
                let turn = run_turn(f1, f2, t1, t2);
                for build in builds {
                    out.push(turn(build));
                }
            }
        }
    }

    fn naive_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
        // A move on the same level is one of her runs (`naive_turns`).
        let mut moves = naive_gods::plain_moves(s, from);
        moves.retain(|m| m.after.levels[m.builder] != s.levels[from]);
        moves
    }

    fn naive_turns(s: &NaiveState) -> Vec<(NaiveState, bool)> {
        let me = s.to_move;
        let them = 1 - me;
        // A worker the opponent holds (Hypnus) stays and does not build.
        let moves = |w: usize| !(s.gods[them].rules().naive_holds)(s, w);
        // Aphrodite keeps a worker that starts near her near her.
        let keeps_from = s.gods[them].rules().naive_keeps_from;
        let run = |w: usize| {
            if moves(w) {
                let mut region = naive_region(s, w);
                region.retain(|&end| !keeps_from(s, w, end));
                region
            } else {
                vec![w]
            }
        };
        let mut ends: Vec<Vec<(usize, bool)>> = Vec::new();
        match s.workers[me].as_slice() {
            [one] => {
                for a in run(*one) {
                    ends.push(vec![(a, moves(*one))]);
                }
            }
            [one, two] => {
                for a in run(*one) {
                    for b in run(*two) {
                        if a != b {
                            ends.push(vec![(a, moves(*one)), (b, moves(*two))]);
                        }
                    }
                }
            }
            _ => {}
        }
        let mut out = Vec::new();
        for end in ends {
            let mut after = s.clone();
            after.workers[me] = end.iter().map(|&(space, _)| space).collect();
            after.workers[me].sort_unstable();
            for &(builder, builds) in &end {
                if !builds {
                    continue;
                }
                for built in naive_gods::builds(&after, builder) {
                    out.push((naive_gods::end_turn(s, built, false, false, false), false));
                }
            }
        }
        out
    }
}

/// Her two workers' spaces and where each may end a run (her other worker
/// does not block it; opponents and domes do): its level region, or its own
/// space alone when the opponent holds it (Hypnus), within where the
/// opponent keeps it (Aphrodite); `None` with fewer than two workers.
pub(crate) fn run_ends(pos: &Position) -> Option<([Space; 2], [Bitboard; 2])> {
    let mine = pos.workers[pos.to_move.index()];
    let theirs = pos.workers[pos.to_move.other().index()];
    let movers = movers(pos);
    let mut workers = mine.into_iter();
    let (f1, f2) = (workers.next()?, workers.next()?);
    let blocked = theirs | walls(pos);
    let region = |f: Space| {
        if movers.contains(f) {
            level_region(pos, f, blocked)
        } else {
            f.bitboard()
        }
    };
    let g1 = region(f1);
    // A region is its workers' both, but under a wind (one way only).
    let windless = super::power::barred_steps(pos, f1).is_empty();
    let g2 = if movers == mine && g1.contains(f2) && windless {
        g1
    } else {
        region(f2)
    };
    Some(([f1, f2], [g1 & ends(pos, f1), g2 & ends(pos, f2)]))
}

/// The runs of a lone worker (Medusa took the other): to each end of its
/// level region (its own space too), and a build beside it.
fn lone_runs(pos: &Position, out: &mut Vec<Move>) {
    let mine = pos.workers[pos.to_move.index()];
    let Some(from) = mine
        .first()
        .filter(|&f| mine.count() == 1 && movers(pos).contains(f))
    else {
        return;
    };
    let theirs = pos.workers[pos.to_move.other().index()];
    let blocked = theirs | walls(pos);
    for to in level_region(pos, from, blocked) & ends(pos, from) {
        let around = Bitboard::neighbours(to) & !(blocked | to.bitboard());
        for build in buildable(pos, theirs, around) {
            out.push(if to == from {
                Move::Power(Turn::Stay { build })
            } else {
                Move::Build { from, to, build }
            });
        }
    }
}

fn run_turn(f1: Space, f2: Space, t1: Space, t2: Space) -> impl Fn(Space) -> Move {
    let (from, ends) = (f1.bitboard() | f2.bitboard(), t1.bitboard() | t2.bitboard());
    let left = from & !ends;
    let arrived = ends & !from;
    move |build| match (left.first(), arrived.first(), left.count()) {
        (None, _, _) => Move::Power(Turn::Stay { build }),
        (Some(from), Some(to), 1) => Move::Build { from, to, build },
        _ => Move::Power(Turn::Both {
            from: [f1, f2],
            to: [t1, t2],
            build,
        }),
    }
}

/// The naive twin of [`level_region`]: the spaces a worker on `from` may
/// reach by any number of steps on its own level, free of domes, opponent
/// workers and frozen spaces (her other worker does not block). Includes
/// `from`.
fn naive_region(s: &NaiveState, from: usize) -> Vec<usize> {
    let them = 1 - s.to_move;
    let level = s.levels[from];
    let mut region = vec![from];
    let mut next = 0;
    while next < region.len() {
        let here = region[next];
        next += 1;
        for (there, _) in naive_gods::neighbours(here) {
            if s.levels[there] == level
                && s.owner(there) != Some(them)
                && !s.is_frozen(there)
                && !s.bars_step(here, there)
                && !region.contains(&there)
            {
                region.push(there);
            }
        }
    }
    region
}
