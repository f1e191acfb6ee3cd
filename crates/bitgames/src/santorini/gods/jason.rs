//! Jason (santorini-ai main): he keeps a third worker off the board. Once a
//! game, instead of moving, he may put it on a free perimeter space on
//! level 0, and it then builds beside itself (`+A1^B2`). Where the card is
//! silent, as santorini-ai has it: a space the opponent's god freezes
//! (Clio's coin, the Talus) takes no worker; Limus limits the build as any.
//!
//! His state: 1 once the worker is on the board, written `jason[x]`.

use super::Power;
use super::power::{SPENT, buildable, builds_around, walls};
use crate::santorini::bitboard::Bitboard;
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Jason's power: the worker he keeps, put on the board once.
pub(crate) struct Jason;

/// Putting the worker on the board spends the power.
fn after_turn(_before: &Position, mv: Move, pos: &mut Position) {
    if let Move::Power(Turn::Recruit { .. }) = mv {
        pos.state[pos.to_move.index()] = SPENT;
    }
}

impl Power for Jason {
    const NAME: &'static str = "jason";
    const TEXT: &'static str = "Once per game, instead of moving, put a third worker on a \
                                ground-level perimeter space; it then builds.";
    const AFTER_TURN: Option<fn(&Position, Move, &mut Position)> = Some(after_turn);
    const ADDS_WORKER: bool = true;

    hero_state!();

    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        for from in super::power::movers(pos) {
            super::power::move_then_build::<Jason>(pos, from, Jason::steps(pos, from, up), out);
        }
        if pos.state[pos.to_move.index()] == SPENT {
            return;
        }
        let theirs = pos.workers[pos.to_move.other().index()];
        let occupied = pos.occupied();
        let places = Bitboard::PERIMETER & !(occupied | pos.heights[0] | walls(pos));
        for at in places {
            let around = builds_around(pos, at, occupied | at.bitboard());
            for build in buildable(pos, theirs, around) {
                out.push(Move::Power(Turn::Recruit { at, build }));
            }
        }
    }

    fn naive_turns(s: &NaiveState) -> Vec<(NaiveState, bool)> {
        let me = s.to_move;
        let mut out = Vec::new();
        if s.state[me] == SPENT {
            return out;
        }
        for at in (0..25).filter(|&a| naive_gods::on_perimeter(a)) {
            if s.levels[at] != 0 || !s.is_free(at) {
                continue;
            }
            let mut placed = s.clone();
            placed.workers[me].push(at);
            placed.workers[me].sort_unstable();
            placed.state[me] = SPENT;
            for build in naive_gods::free_neighbours(&placed, at) {
                if placed.build_limited(build) {
                    continue;
                }
                let mut built = placed.clone();
                built.levels[build] += 1;
                out.push((naive_gods::end_turn(s, built, false, false, false), false));
            }
        }
        out
    }
}
