//! Theseus, a hero: once a game, at the end of his turn (after the
//! build), if one of his workers stands exactly two levels below a
//! neighbouring opponent worker, he may remove that opponent worker from
//! the game (`A1>B2^C3@D4`: the worker on D4 is removed). The card's rule
//! decides: any of his workers, exactly two levels. santorini-ai's main
//! branch counts the worker that moved with two levels or more, and the
//! other one only from level 0 against level 3: a known difference, the
//! test data computes main's turns from ours. An opponent worker on a
//! space its god's state freezes (Clio's coin) stands like a dome and
//! cannot be removed, as santorini-ai has it.
//!
//! His state: 1 once the power is spent, written `theseus[x]`.

use super::Power;
use super::power::{SPENT, walls};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Theseus' power: one opponent worker slain.
pub(crate) struct Theseus;

impl Power for Theseus {
    const NAME: &'static str = "theseus";
    const TEXT: &'static str = "Once per game, at the end of your turn, you may remove an opponent \
                                worker exactly two levels above a neighbouring worker of yours.";
    const REMOVES: bool = true;
    const ACT: &'static str = "the opponent worker here is removed";

    fn build_and(_pos: &Position, from: Space, to: Space, build: Space, at: Space) -> Move {
        Move::Power(Turn::Act {
            from,
            to,
            build,
            at,
        })
    }

    hero_state!();

    #[inline]
    fn more_builds(
        pos: &Position,
        from: Space,
        to: Space,
        build: Space,
        _builds: Bitboard,
        out: &mut Vec<Move>,
    ) {
        if pos.state[pos.to_move.index()] == SPENT {
            return;
        }
        let mine = pos.workers[pos.to_move.index()] ^ from.bitboard() ^ to.bitboard();
        let theirs = pos.workers[pos.to_move.other().index()] & !walls(pos);
        let mut targets = Bitboard::EMPTY;
        for worker in mine {
            let level = pos.level(worker);
            if level <= 1 {
                targets |= Bitboard::neighbours(worker) & theirs & pos.spaces_at_level(level + 2);
            }
        }
        for at in targets {
            out.push(Move::Power(Turn::Act {
                from,
                to,
                build,
                at,
            }));
        }
    }

    fn act(pos: &mut Position, at: Space) {
        let me = pos.to_move;
        pos.workers[me.other().index()] &= !at.bitboard();
        pos.state[me.index()] = SPENT;
    }

    fn naive_builds(
        s: &NaiveState,
        _builder: usize,
        _space: usize,
        once: &NaiveState,
        out: &mut Vec<NaiveState>,
    ) {
        let (me, them) = (s.to_move, 1 - s.to_move);
        if s.state[me] == SPENT {
            return;
        }
        for &worker in &once.workers[me] {
            for (near, _) in naive_gods::neighbours(worker) {
                if once.owner(near) == Some(them)
                    && !once.is_frozen(near)
                    && once.levels[near] == once.levels[worker] + 2
                {
                    let mut slain = once.clone();
                    slain.workers[them].retain(|&w| w != near);
                    slain.state[me] = SPENT;
                    out.push(slain);
                }
            }
        }
    }
}
