//! Poseidon (santorini-ai main): if his unmoved worker stands on level 0,
//! after the moved worker's build it may build up to three times around
//! itself, on one space or several (`A1>B2^C3*D4*D4`). Each of its builds
//! is a build like any (a level 3 becomes a dome, nothing on a dome; Limus
//! limits them).

use super::Power;
use super::power::{buildable, built, walls};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Poseidon's power: the unmoved worker's builds.
pub(crate) struct Poseidon;

/// The most builds of the unmoved worker.
const MOST: usize = 3;

/// The turns that add to `first` (a move and build, its board `after`)
/// `extra` builds so far (`n` of them, the last on `last` or later in
/// board order) and more around `builder`, appended to `out`.
#[allow(clippy::too_many_arguments)]
fn more(
    after: &Position,
    theirs: Bitboard,
    occupied: Bitboard,
    builder: Space,
    (from, to, build): (Space, Space, Space),
    mut extra: [Space; MOST],
    n: usize,
    out: &mut Vec<Move>,
) {
    if n == MOST {
        return;
    }
    let around = Bitboard::neighbours(builder) & !(walls(after) | occupied);
    let last = if n == 0 { None } else { Some(extra[n - 1]) };
    for s in buildable(after, theirs, around) {
        if last.is_some_and(|l| s.index() < l.index()) {
            continue;
        }
        extra[n] = s;
        let mut next = *after;
        next.heights = built(after.heights, s);
        let mut padded = extra;
        padded[n + 1..].fill(to);
        out.push(Move::Power(Turn::Besides {
            from,
            to,
            build,
            extra: padded,
        }));
        more(
            &next,
            theirs,
            occupied,
            builder,
            (from, to, build),
            extra,
            n + 1,
            out,
        );
    }
}

impl Power for Poseidon {
    const NAME: &'static str = "poseidon";
    const SPELLS: bool = true;
    const TEXT: &'static str = "If your unmoved worker is on the ground level, it may build up \
                                to three times after your build.";

    #[inline]
    fn more_builds(
        pos: &Position,
        from: Space,
        to: Space,
        build: Space,
        _builds: Bitboard,
        out: &mut Vec<Move>,
    ) {
        let me = pos.to_move.index();
        let Some(builder) = (pos.workers[me] ^ from.bitboard()).first() else {
            return;
        };
        if pos.level(builder) != 0 {
            return;
        }
        let mut after = *pos;
        after.heights = built(pos.heights, build);
        let occupied = pos.occupied() ^ from.bitboard() ^ to.bitboard();
        let theirs = pos.workers[pos.to_move.other().index()];
        let first = (from, to, build);
        more(&after, theirs, occupied, builder, first, [to; MOST], 0, out);
    }

    fn go_on(pos: &Position, turn: Move, out: &mut Vec<Move>) {
        if let Move::Build { from, to, build }
        | Move::Power(Turn::Besides {
            from, to, build, ..
        }) = turn
        {
            Self::more_builds(pos, from, to, build, Bitboard::EMPTY, out);
        }
    }

    fn naive_builds(
        s: &NaiveState,
        moved: usize,
        _space: usize,
        once: &NaiveState,
        out: &mut Vec<NaiveState>,
    ) {
        let me = s.to_move;
        let Some(&builder) = s.workers[me].iter().find(|&&w| w != moved) else {
            return;
        };
        if s.levels[builder] != 0 {
            return;
        }
        // Up to three builds, each on a free neighbour, in board order.
        let mut frontier = vec![(once.clone(), 0)];
        for _ in 0..MOST {
            let mut next = Vec::new();
            for (state, last) in frontier {
                for space in naive_gods::free_neighbours(&state, builder) {
                    if space < last || state.build_limited(space) {
                        continue;
                    }
                    let mut built = state.clone();
                    built.levels[space] += 1;
                    out.push(built.clone());
                    next.push((built, space));
                }
            }
            frontier = next;
        }
    }
}
