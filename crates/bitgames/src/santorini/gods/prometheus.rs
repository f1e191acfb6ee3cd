//! Prometheus: if the worker does not move up, it may build both before and
//! after moving (the move then is onto the board as the first build left
//! it).

use super::Power;
use super::power::{buildable, builds_around, built, ends, move_then_build, movers, slide, steps};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, Moved, NaiveState};

/// Prometheus' power: a build before the move.
pub(crate) struct Prometheus;

impl Power for Prometheus {
    const NAME: &'static str = "prometheus";
    const TEXT: &'static str =
        "If your worker does not move up, it may build both before and after moving.";

    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        let theirs = pos.workers[pos.to_move.other().index()];
        for from in movers(pos) {
            move_then_build::<Prometheus>(pos, from, Prometheus::steps(pos, from, up), out);
            let others = pos.occupied() ^ from.bitboard();
            for first in buildable(pos, theirs, builds_around(pos, from, others)) {
                let mut after = *pos;
                after.heights = built(pos.heights, first);
                for to in steps(&after, from, others, false) & ends(pos, from) {
                    let to = slide(&after, from, to);
                    let builds = builds_around(&after, to, others | to.bitboard());
                    for build in buildable(&after, theirs, builds) {
                        out.push(Move::Power(Turn::BuildFirst {
                            first,
                            from,
                            to,
                            build,
                        }));
                    }
                }
            }
        }
    }

    fn naive_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
        let me = s.to_move;
        let mut moves = naive_gods::plain_moves(s, from);
        for (built, _) in naive_gods::neighbours(from) {
            if !s.is_free(built) || s.build_limited(built) {
                continue;
            }
            let mut first = s.clone();
            first.levels[built] += 1;
            for (to, _) in naive_gods::neighbours(from) {
                if !first.is_free(to)
                    || first.levels[to] > first.levels[from]
                    || first.descent_stopped(from, to)
                    || first.bars_step(from, to)
                {
                    continue;
                }
                let mut after = first.clone();
                let end = naive_gods::slide(&first, from, to);
                after.relocate(me, from, end);
                moves.push(Moved {
                    after,
                    builder: end,
                    won: false,
                    moved_up: false,
                    moved_down: first.levels[to] < first.levels[from],
                });
            }
        }
        moves
    }
}
