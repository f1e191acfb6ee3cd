//! Hermes: if the workers do not move up or down, each may move any number
//! of times (even none) over spaces of its own level, and then either
//! builds; otherwise a turn as in the base game. Opponents and domes block a
//! run, her other worker does not (they may move in either order); the two
//! must end on different spaces.

use super::Power;
use super::power::{builds_around, level_region, steps, wins};
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
        let me = pos.to_move.index();
        let mine = pos.workers[me];
        for from in mine {
            let others = pos.occupied() ^ from.bitboard();
            let same = pos.spaces_at_level(pos.level(from));
            for to in steps(pos, from, others, up) {
                if wins::<Hermes>(pos, from, to) {
                    out.push(Move::Win { from, to });
                } else if !same.contains(to) {
                    for build in builds_around(pos, to, others | to.bitboard()) {
                        out.push(Move::Build { from, to, build });
                    }
                }
            }
        }
        let mut workers = mine.into_iter();
        let (Some(f1), Some(f2)) = (workers.next(), workers.next()) else {
            return;
        };
        let theirs = pos.workers[1 - me];
        let blocked = theirs | pos.heights[3];
        let r1 = level_region(pos, f1, blocked);
        let shared = r1.contains(f2);
        let r2 = if shared {
            r1
        } else {
            level_region(pos, f2, blocked)
        };
        for t1 in r1 {
            for t2 in r2 {
                // One region: each pair of end spaces once.
                if t1 == t2 || (shared && t2.index() < t1.index()) {
                    continue;
                }
                let ends = t1.bitboard() | t2.bitboard();
                let around = Bitboard::neighbours(t1) | Bitboard::neighbours(t2);
                let builds = around & !(theirs | ends | pos.heights[3]);
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

    fn naive_turns(s: &NaiveState) -> Vec<NaiveState> {
        let me = s.to_move;
        let mut ends: Vec<Vec<usize>> = Vec::new();
        match s.workers[me].as_slice() {
            [one] => {
                for a in naive_region(s, *one) {
                    ends.push(vec![a]);
                }
            }
            [one, two] => {
                for a in naive_region(s, *one) {
                    for b in naive_region(s, *two) {
                        if a != b {
                            ends.push(vec![a, b]);
                        }
                    }
                }
            }
            _ => {}
        }
        let mut out = Vec::new();
        for end in ends {
            let mut after = s.clone();
            after.workers[me] = end.clone();
            after.workers[me].sort_unstable();
            for &builder in &end {
                for built in naive_gods::builds(&after, builder) {
                    out.push(naive_gods::end_turn(built, false, false));
                }
            }
        }
        out
    }
}

/// The turn that takes Hermes' workers from `f1`, `f2` to the ends `t1`,
/// `t2` (either worker on either end when they share a region): a build
/// alone, one worker's move, or both.
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
/// reach by any number of steps on its own level, free of domes and
/// opponent workers (her other worker does not block). Includes `from`.
fn naive_region(s: &NaiveState, from: usize) -> Vec<usize> {
    let them = 1 - s.to_move;
    let level = s.levels[from];
    let mut region = vec![from];
    let mut next = 0;
    while next < region.len() {
        let here = region[next];
        next += 1;
        for (there, _) in naive_gods::neighbours(here) {
            if s.levels[there] == level && s.owner(there) != Some(them) && !region.contains(&there)
            {
                region.push(there);
            }
        }
    }
    region
}
