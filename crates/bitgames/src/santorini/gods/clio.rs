//! Clio (santorini-ai main): each of her first three builds puts a coin on
//! the space built, dome or block; her opponent may neither enter nor build
//! on a space with a coin. A build of hers on one of her coins keeps it
//! while she has coins left (and spends one); once the three are spent, a
//! build on a coin covers it and the coin is gone (santorini-ai's rule; the
//! card leaves it open).
//!
//! Her state: the coins' spaces (bits 0..25, row-major) and the coins used
//! (bits 25..27), written `clio[R|A5,B4]`, `R` the coins left, nothing
//! before her first build.

use super::power::{built_on, read_set, set_text, spaces_in};
use super::{God, Power};
use crate::santorini::bitboard::Bitboard;
use crate::santorini::game::Position;
use crate::santorini::moves::Move;
use crate::santorini::naive_gods::NaiveState;

/// Clio's power: three coins that bar her opponent.
pub(crate) struct Clio;

/// Her coins.
const COINS: u32 = 3;
/// Where the count of coins used starts in her state.
const USED: u32 = 25;
/// The coins' spaces in her state.
const SPACES: u32 = (1 << USED) - 1;

/// Her state after a build on space number `build` (row-major): a coin
/// put there while she has one, or a coin there covered once she has none.
fn after_build(state: u32, build: usize) -> u32 {
    let used = state >> USED;
    if used < COINS {
        (state | 1 << build) + (1 << USED)
    } else {
        state & !(1 << build)
    }
}

/// Her build puts a coin, or covers one.
fn after_turn(before: &Position, _mv: Move, pos: &mut Position) {
    if let Some(build) = built_on(&before.heights, &pos.heights) {
        let me = pos.to_move.index();
        pos.state[me] = after_build(pos.state[me], build.index());
    }
}

impl Power for Clio {
    const NAME: &'static str = "clio";
    const AFTER_TURN: Option<fn(&Position, Move, &mut Position)> = Some(after_turn);
    const TEXT: &'static str = "Her first three builds each put a coin on the space built; her \
                                opponent may neither move onto nor build on a coin.";
    const BANS: &'static [God] = &[God::Nemesis];
    const FREEZES: bool = true;

    #[inline]
    fn frozen(state: u32, own: bool) -> Bitboard {
        if own {
            Bitboard::EMPTY
        } else {
            spaces_in(state & SPACES)
        }
    }

    fn count(state: u32) -> u32 {
        COINS.saturating_sub(state >> USED)
    }

    fn spent(state: u32) -> bool {
        state >> USED >= COINS
    }

    fn write_state(state: u32) -> Option<String> {
        (state != 0).then(|| {
            let left = COINS.saturating_sub(state >> USED);
            format!("{left}|{}", set_text(state & SPACES))
        })
    }

    fn read_state(text: &str) -> Result<u32, String> {
        let why = || format!("clio's state is [COINS LEFT|SPACES], as [2|A5], not [{text}]");
        let (left, spaces) = text.split_once('|').ok_or_else(why)?;
        let left: u32 = left.trim().parse().map_err(|_| why())?;
        if left > COINS {
            return Err(format!("clio has {COINS} coins, not {left}"));
        }
        let spaces = read_set(spaces)?;
        if spaces.count_ones() > COINS - left {
            let coins = if left == 1 { "coin" } else { "coins" };
            return Err(format!(
                "clio has {left} {coins} left, so at most {} on the board, not {}",
                COINS - left,
                spaces.count_ones()
            ));
        }
        Ok(spaces | (COINS - left) << USED)
    }

    fn naive_frozen(s: &NaiveState, player: usize, space: usize) -> bool {
        s.to_move != player && s.state[player] >> space & 1 == 1
    }

    fn naive_after_turn(before: &NaiveState, after: &mut NaiveState) {
        let me = after.to_move;
        let coins =
            |state: u32| -> Vec<usize> { (0..25).filter(|i| state >> i & 1 == 1).collect() };
        let Some(build) = (0..25).find(|&i| before.levels[i] != after.levels[i]) else {
            return;
        };
        let mut spaces = coins(after.state[me]);
        let mut used = after.state[me] >> 25;
        if used < 3 {
            used += 1;
            if !spaces.contains(&build) {
                spaces.push(build);
            }
        } else {
            spaces.retain(|&s| s != build);
        }
        after.state[me] = spaces.iter().map(|&s| 1 << s).sum::<u32>() | used << 25;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coins_are_put_then_covered() {
        let mut state = 0;
        for build in [0, 0, 7] {
            state = after_build(state, build);
        }
        assert_eq!(Clio::write_state(state).as_deref(), Some("0|A5,C4"));
        assert_eq!(
            Clio::write_state(after_build(state, 0)).as_deref(),
            Some("0|C4")
        );
        assert_eq!(Clio::read_state("0|A5,C4"), Ok(state));
        assert_eq!(
            Clio::read_state("2|A5,C4"),
            Err("clio has 2 coins left, so at most 1 on the board, not 2".into())
        );
    }
}
