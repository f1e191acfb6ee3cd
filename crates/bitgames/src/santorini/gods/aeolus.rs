//! Aeolus (santorini-ai main): after his build he may set the wind to one
//! of the eight directions, or, once it blows, calm it (not turn it to
//! another direction). While it blows, no worker, his or the opponent's,
//! may move in its direction (one step of any move: a jump, a run, a
//! climb); builds are free of it. santorini-ai's rules: the card's wind is
//! the same, its turns the same.
//!
//! His state: the wind, 0 calm, 1..=8 NW, N, NE, E, SE, S, SW, W, written
//! `aeolus[ne]` (nothing while calm). The turn that changes it:
//! `A1>B2^C3=ne`, `A1>B2^C3=calm`.

use super::Power;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::NaiveState;
use crate::santorini::steps::{wind_name, wind_of};

/// Aeolus' power: the wind.
pub(crate) struct Aeolus;

/// The winds a turn may leave after `wind` (the state): any direction while
/// calm, calm while it blows (the wind unchanged is the turn without a
/// wind).
fn next_winds(wind: u32) -> std::ops::RangeInclusive<u8> {
    if wind == 0 { 1..=8 } else { 0..=0 }
}

impl Power for Aeolus {
    const NAME: &'static str = "aeolus";
    const TEXT: &'static str = "After building, you may set the wind, or calm it: no worker may \
                                move in the wind's direction.";
    const WINDS: bool = true;

    fn wind(state: u32) -> Option<usize> {
        (1..=8).contains(&state).then(|| state as usize - 1)
    }

    fn count(state: u32) -> u32 {
        state
    }

    fn write_state(state: u32) -> Option<String> {
        (1..=8)
            .contains(&state)
            .then(|| wind_name(state as u8).to_string())
    }

    fn read_state(text: &str) -> Result<u32, String> {
        match wind_of(text) {
            Some(w) if w > 0 => Ok(u32::from(w)),
            _ => Err(format!(
                "aeolus' state is the wind, one of nw, n, ne, e, se, s, sw, w, not [{text}]"
            )),
        }
    }

    fn build_and(_pos: &Position, from: Space, to: Space, build: Space, wind: Space) -> Move {
        // The wind's number in the place of the one more space.
        Move::Power(Turn::Wind {
            from,
            to,
            build,
            wind: wind.index() as u8,
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
        for wind in next_winds(pos.state[pos.to_move.index()]) {
            out.push(Move::Power(Turn::Wind {
                from,
                to,
                build,
                wind,
            }));
        }
    }

    fn naive_builds(
        s: &NaiveState,
        _builder: usize,
        _space: usize,
        once: &NaiveState,
        out: &mut Vec<NaiveState>,
    ) {
        let me = s.to_move;
        let winds: Vec<u32> = if s.state[me] == 0 {
            (1..=8).collect()
        } else {
            vec![0]
        };
        for wind in winds {
            let mut blown = once.clone();
            blown.state[me] = wind;
            out.push(blown);
        }
    }
}
