//! Ares: at the end of the turn, a block (not a dome) on a free space next
//! to the worker that did not move may be taken away, even the block just
//! built. Ares' limits on building (Limus') do not stop a removal. As
//! santorini-ai does, Ares may not play against Ares (a game of builds and
//! removals need never end).

use super::power::{built, walls};
use super::{God, Power};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Ares' power: the removal.
pub(crate) struct Ares;

impl Power for Ares {
    const NAME: &'static str = "ares";
    const TEXT: &'static str = "At the end of your turn, you may remove a block (not a dome) from \
                                a free space next to your unmoved worker.";
    const BANS: &'static [God] = &[God::Ares];

    fn build_and(_pos: &Position, from: Space, to: Space, build: Space, remove: Space) -> Move {
        Move::Power(Turn::Remove {
            from,
            to,
            build,
            remove,
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
        let unmoved = pos.workers[pos.to_move.index()] ^ from.bitboard();
        let Some(unmoved) = unmoved.first() else {
            return;
        };
        let after = built(pos.heights, build);
        let occupied = pos.occupied() ^ from.bitboard() ^ to.bitboard();
        let removable =
            Bitboard::neighbours(unmoved) & after[0] & !(walls(pos) | after[3] | occupied);
        for remove in removable {
            out.push(Move::Power(Turn::Remove {
                from,
                to,
                build,
                remove,
            }));
        }
    }

    fn naive_builds(
        s: &NaiveState,
        builder: usize,
        _space: usize,
        once: &NaiveState,
        out: &mut Vec<NaiveState>,
    ) {
        let me = s.to_move;
        for &unmoved in s.workers[me].iter().filter(|&&w| w != builder) {
            for (near, _) in naive_gods::neighbours(unmoved) {
                if once.is_free(near) && once.levels[near] >= 1 {
                    let mut removed = once.clone();
                    removed.levels[near] -= 1;
                    out.push(removed);
                }
            }
        }
    }
}
