//! A god with a female worker (Selene, Hippolyta): her space is the god's
//! state, named when the workers are placed (`A1,B2@A1`) and kept where she
//! goes, by her own moves or by the opponent's (a swap, a push, a ferry,
//! Nemesis' swap); once an opponent's god takes her off the board, the god
//! has none. Written after the god's name as santorini-ai does:
//! `selene[C3]`. The helpers here serve both gods' rooms and the frame that
//! plays a turn.

use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::NaiveState;

/// The space of a god's female worker as its state keeps it (the space's
/// row-major number plus one); `None` without one (before placing, or once
/// an opponent's god took her off the board).
pub(crate) fn female_of(state: u32) -> Option<Space> {
    state
        .checked_sub(1)
        .and_then(|i| Space::from_index(i as usize))
}

/// The state of a god whose female worker stands on `space`.
pub(crate) fn female_state(space: Space) -> u32 {
    space.index() as u32 + 1
}

/// The text of a female worker's state: her space (`C3`).
pub(crate) fn female_text(state: u32) -> Option<String> {
    female_of(state).map(|s| s.to_string())
}

/// The state of god `name` written `text`: its female worker's space.
///
/// # Errors
/// Text that is not a space, naming what the state is.
pub(crate) fn read_female(name: &str, text: &str) -> Result<u32, String> {
    text.trim()
        .parse::<Space>()
        .map(female_state)
        .map_err(|_| format!("{name}'s state is her female worker's space ([C3]), not [{text}]"))
}

/// Every placement of two workers on free spaces, each with either named
/// the female one.
pub(crate) fn placements(pos: &Position, out: &mut Vec<Move>) {
    let free = !(pos.occupied() | pos.heights[3]);
    for a in free {
        for b in free.after(a) {
            out.push(Move::place_female(a, b, a));
            out.push(Move::place_female(a, b, b));
        }
    }
}

/// Where each player's female worker went in the turn `mv` that took the
/// workers from `before` to `pos` (its god's state kept in `pos`): on with
/// her own step, or where the opponent forced her; none once she left the
/// board. Nemesis' swap says where she goes.
pub(crate) fn follow(before: [Bitboard; 2], mv: Move, pos: &mut Position) {
    for (p, before) in before.into_iter().enumerate() {
        if !pos.gods[p].rules().female {
            continue;
        }
        let Some(her) = female_of(pos.state[p]) else {
            continue;
        };
        if let Move::Power(Turn::SwapFemale { female, .. }) = mv {
            pos.state[p] = female_state(female);
            continue;
        }
        if pos.workers[p].contains(her) {
            continue;
        }
        let arrived = pos.workers[p] & !before;
        pos.state[p] = match arrived.count() {
            0 => 0,
            _ => female_state(arrived.first().expect("one worker arrived")),
        };
    }
}

/// The naive twin of [`follow`]: `after`'s female workers where the turn
/// from `before` took them (a state the turn set itself, Nemesis' swap,
/// stands).
pub(crate) fn naive_follow(before: &NaiveState, after: &mut NaiveState) {
    for p in 0..2 {
        if !after.gods[p].rules().female || after.state[p] != before.state[p] {
            continue;
        }
        let Some(her) = female_of(before.state[p]).map(Space::index) else {
            continue;
        };
        if after.workers[p].contains(&her) {
            continue;
        }
        let arrived: Vec<usize> = after.workers[p]
            .iter()
            .copied()
            .filter(|w| !before.workers[p].contains(w))
            .collect();
        after.state[p] = match arrived[..] {
            [to] => to as u32 + 1,
            _ => 0,
        };
    }
}
