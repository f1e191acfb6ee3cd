//! Urania: when her worker moves or builds, opposite edges and corners of
//! the board are neighbours, so that every space has eight (A5's are B5,
//! A4, B4 and across the edges E5, E4, A1, B1, E1).

use super::Power;
use super::power::{ends, steps_among, walls};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::naive_gods::{self, Moved, NaiveState};

/// Urania's power: the board wraps around.
pub(crate) struct Urania;

/// Each padded bit's eight neighbours on the wrapped board (0 for padding).
const AROUND: [Bitboard; 49] = {
    let mut table = [Bitboard(0); 49];
    let mut index = 0;
    while index < 25 {
        let (row, col) = (index / 5, index % 5);
        let mut bits = 0u64;
        let mut dr = 4;
        while dr <= 6 {
            let mut dc = 4;
            while dc <= 6 {
                if dr != 5 || dc != 5 {
                    let (r, c) = ((row + dr) % 5, (col + dc) % 5);
                    bits |= 1u64 << (7 * (r + 1) + c + 1);
                }
                dc += 1;
            }
            dr += 1;
        }
        table[7 * (row + 1) + col + 1] = Bitboard(bits);
        index += 1;
    }
    table
};

/// The eight neighbours of `space` on the wrapped board.
#[inline]
fn around(space: Space) -> Bitboard {
    AROUND[usize::from(space.bit())]
}

impl Power for Urania {
    const NAME: &'static str = "urania";
    const TEXT: &'static str = "When your worker moves or builds, opposite edges and corners \
                                of the board are neighbours.";

    #[inline]
    fn steps(pos: &Position, from: Space, up: bool) -> Bitboard {
        steps_among(pos, around(from), from, pos.occupied(), up) & ends(pos, from)
    }

    #[inline]
    fn build_spaces(pos: &Position, at: Space, occupied: Bitboard) -> Bitboard {
        around(at) & !(occupied | walls(pos))
    }

    fn naive_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
        naive_around(from)
            .into_iter()
            .filter(|&to| s.is_free(to) && s.may_climb(from, to))
            .map(|to| naive_gods::moved(s, from, to, None))
            .collect()
    }

    fn naive_build_spaces(s: &NaiveState, builder: usize) -> Vec<usize> {
        naive_around(builder)
            .into_iter()
            .filter(|&space| s.is_free(space))
            .collect()
    }
}

/// The naive twin of [`around`]: the eight spaces a row and a column away,
/// counted around the board's edges.
fn naive_around(space: usize) -> Vec<usize> {
    let (row, col) = (space / 5, space % 5);
    let mut out = Vec::new();
    for dr in [4, 0, 1] {
        for dc in [4, 0, 1] {
            if (dr, dc) != (0, 0) {
                out.push((row + dr) % 5 * 5 + (col + dc) % 5);
            }
        }
    }
    out
}
