//! Chronus: he also wins when at least five complete towers (a dome on a
//! level 3) stand on the board. His build that completes the fifth wins at
//! once; where the opponent completed it, his turn is the claim alone,
//! written as a win in place (`A1>A1#`: santorini-ai's null move). As
//! santorini-ai does, he may not play against a god that domes at any
//! level (Atlas, Asteria), whose domes are not complete towers.

use super::{God, Power};
use crate::santorini::bitboard::Bitboard;
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

    #[inline]
    fn wins_by_board(heights: &[Bitboard; 4]) -> bool {
        heights[3].count() >= TOWERS_TO_WIN
    }

    fn naive_wins_by_board(s: &NaiveState) -> bool {
        s.levels.iter().filter(|&&l| l == 4).count() >= TOWERS_TO_WIN as usize
    }
}
