//! Chronus: he also wins when at least five complete towers (a dome on a
//! level 3) stand on the board. His build that completes the fifth wins at
//! once; where the opponent completed it, his turn is the claim alone,
//! written as a win in place (`A1>A1#`: santorini-ai's null move). As
//! santorini-ai does, he may not play against a god that domes at any
//! level (Atlas, Asteria), whose domes are not complete towers.

use super::power::{buildable, builds_around, movers, wins};
use super::{God, Power};
use crate::santorini::bitboard::Bitboard;
use crate::santorini::game::Position;
use crate::santorini::naive_gods::NaiveState;

/// How many complete towers win for Chronus.
const TOWERS_TO_WIN: u32 = 5;

/// Chronus' power: the towers.
pub(crate) struct Chronus;

impl Power for Chronus {
    const NAME: &'static str = "chronus";
    const TEXT: &'static str =
        "You also win when there are at least five complete towers on the board.";
    const BANS: &'static [God] = &[God::Atlas, God::Asteria];
    const BUILDS_WIN: bool = true;

    /// A climb, or a build that completes the fifth tower.
    fn can_win(pos: &Position, up: bool) -> bool {
        let movers = movers(pos);
        let theirs = pos.workers[pos.to_move.other().index()];
        let level3 = pos.heights[2] & !pos.heights[3];
        let towers = pos.heights[3].count() + 1 >= TOWERS_TO_WIN;
        movers.into_iter().any(|from| {
            let others = pos.occupied() ^ from.bitboard();
            Chronus::steps(pos, from, up).into_iter().any(|to| {
                wins::<Chronus>(pos, from, to)
                    || towers
                        && !(buildable(pos, theirs, builds_around(pos, to, others | to.bitboard()))
                            & level3)
                            .is_empty()
            })
        })
    }

    #[inline]
    fn wins_by_board(heights: &[Bitboard; 4]) -> bool {
        heights[3].count() >= TOWERS_TO_WIN
    }

    fn naive_wins_by_board(s: &NaiveState) -> bool {
        s.levels.iter().filter(|&&l| l == 4).count() >= TOWERS_TO_WIN as usize
    }
}
