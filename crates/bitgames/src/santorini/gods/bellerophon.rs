//! Bellerophon, a hero (santorini-ai main): once a game, a worker may
//! move up two levels (exactly two: from level 0 onto 2, or from 1 onto
//! 3, which wins). Where the worker could have moved there anyway, the
//! power is not spent. Athena's mark forbids it with every climb; Hades
//! and Aphrodite restrict it like any move.
//!
//! His state: 1 once the power is spent, written `bellerophon[x]`.

use super::Power;
use super::power::{SPENT, barred_steps, ends, landing, not_below, steps, walls};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::Move;
use crate::santorini::naive_gods::{self, Moved, NaiveState};

/// Bellerophon's power: one climb of two levels.
pub(crate) struct Bellerophon;

/// The spaces the worker on `from` reaches only by the power: free
/// neighbours exactly two levels up (none once it is spent, or when it may
/// not move up).
fn power_steps(pos: &Position, from: Space, up: bool) -> Bitboard {
    let h = usize::from(pos.level(from));
    if !up || h >= 2 || pos.state[pos.to_move.index()] == SPENT {
        return Bitboard::EMPTY;
    }
    let exactly = pos.heights[h + 1] & !pos.heights[h + 2];
    Bitboard::neighbours(from)
        & exactly
        & !(pos.occupied() | walls(pos) | barred_steps(pos, from))
        & not_below(pos, h)
        & ends(pos, from)
}

/// His climb of two levels spends the power.
fn after_turn(before: &Position, _mv: Move, pos: &mut Position) {
    let me = pos.to_move.index();
    let (left, arrived) = (
        before.workers[me] & !pos.workers[me],
        pos.workers[me] & !before.workers[me],
    );
    if let (Some(from), Some(to)) = (left.first(), arrived.first())
        && before.level(landing(before, from, to)) >= before.level(from) + 2
    {
        pos.state[me] = SPENT;
    }
}

impl Power for Bellerophon {
    const NAME: &'static str = "bellerophon";
    const TEXT: &'static str = "Once per game, one of your workers may move up two levels.";
    const AFTER_TURN: Option<fn(&Position, Move, &mut Position)> = Some(after_turn);
    // His climb from level 1 onto 3 wins.
    const JUMPS_WIN: bool = true;

    hero_state!();

    #[inline]
    fn steps(pos: &Position, from: Space, up: bool) -> Bitboard {
        let others = pos.occupied() ^ from.bitboard();
        (steps(pos, from, others, up) & ends(pos, from)) | power_steps(pos, from, up)
    }

    fn naive_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
        let mut moves = naive_gods::plain_moves(s, from);
        if s.state[s.to_move] != SPENT && !s.up_blocked {
            for (to, _) in naive_gods::neighbours(from) {
                if s.is_free(to) && s.levels[to] == s.levels[from] + 2 && !s.bars_step(from, to) {
                    moves.push(naive_gods::moved(s, from, to, None));
                }
            }
        }
        moves
    }

    fn naive_after_turn(before: &NaiveState, after: &mut NaiveState) {
        let me = before.to_move;
        let from = before.workers[me]
            .iter()
            .find(|w| !after.workers[me].contains(w));
        let to = after.workers[me]
            .iter()
            .find(|w| !before.workers[me].contains(w));
        if let (Some(&from), Some(&to)) = (from, to)
            && before.levels[naive_gods::landing(from, to)] >= before.levels[from] + 2
        {
            after.state[me] = SPENT;
        }
    }
}
