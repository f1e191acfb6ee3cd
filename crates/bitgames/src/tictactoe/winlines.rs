//! The 32-bit win-line encoding.
//!
//! Each of the eight lines owns a 4-bit group: three bits, one per square of
//! the line in order, and a zero spacer bit above them. Line `k` (in
//! [`Line::ALL`] order) uses bits `4k`, `4k+1`, `4k+2`; bit `4k+3` stays 0:
//!
//! ```text
//! bit:   31 30 29 28 | ... |  7  6  5  4 |  3  2  1  0
//! line:  -- anti-diagonal  |  -- row b   |  -- row a
//!         ^ spacer            ^ spacer      ^ spacer
//! ```
//!
//! Every square has a constant that sets its bit in the group of every line
//! through it (the centre sets four bits, a corner three, an edge two). A
//! player's board is the OR of the constants of their squares. A line is full
//! when its group holds three ones, which `b & (b << 1) & (b >> 1)` detects as
//! a one on the middle bit `4k+1` (the zero spacers keep groups apart); the
//! bit scan of that word names the line.

use super::{Line, Square, board_text_impls, shared_game_items};
use crate::{Game, Outcome, Player};
use arrayvec::ArrayVec;

/// The constant of each square: one bit in the group of every line through it.
pub const SQUARE_BITS: [u32; 9] = square_bits();

const fn square_bits() -> [u32; 9] {
    let mut out = [0u32; 9];
    let mut k = 0;
    while k < 8 {
        let squares = Line::ALL[k].squares();
        let mut pos = 0;
        while pos < 3 {
            out[squares[pos].index()] |= 1 << (4 * k + pos);
            pos += 1;
        }
        k += 1;
    }
    out
}

/// The full-line detector: nonzero iff a group of `b` is full; its set bits
/// are the middle bits `4k+1` of the full lines.
#[inline]
#[must_use]
pub const fn full_lines(b: u32) -> u32 {
    b & (b << 1) & (b >> 1)
}

/// The first full line of `b` (lowest group), found by a bit scan.
#[inline]
#[must_use]
pub const fn win_line(b: u32) -> Option<Line> {
    let w = full_lines(b);
    if w == 0 {
        None
    } else {
        Some(Line::ALL[(w.trailing_zeros() / 4) as usize])
    }
}

/// A tic-tac-toe position as two 32-bit win-line words and the occupied squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    lines: [u32; 2],
    occupied: u16,
}

impl Board {
    /// The win-line word of `player`.
    #[must_use]
    pub const fn word(&self, player: Player) -> u32 {
        self.lines[player.index()]
    }
}

impl super::Board for Board {
    fn cell(&self, square: Square) -> Option<Player> {
        if self.occupied & square.bit() == 0 {
            return None;
        }
        let c = SQUARE_BITS[square.index()];
        Some(if self.lines[0] & c == c {
            Player::One
        } else {
            Player::Two
        })
    }

    fn put(&mut self, square: Square, player: Player) {
        self.lines[player.index()] |= SQUARE_BITS[square.index()];
        self.occupied |= square.bit();
    }

    fn winning_line(&self) -> Option<(Player, Line)> {
        Player::BOTH
            .into_iter()
            .find_map(|p| win_line(self.lines[p.index()]).map(|l| (p, l)))
    }
}

impl Game for Board {
    shared_game_items!();

    #[inline]
    fn to_move(&self) -> Player {
        if self.occupied.count_ones().is_multiple_of(2) {
            Player::One
        } else {
            Player::Two
        }
    }

    #[inline]
    fn legal_moves(&self) -> ArrayVec<Square, 9> {
        let mut moves = ArrayVec::new();
        if full_lines(self.lines[0]) != 0 || full_lines(self.lines[1]) != 0 {
            return moves;
        }
        super::push_squares(&mut moves, !self.occupied & 0o777);
        moves
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Square) {
        debug_assert!(self.occupied & mv.bit() == 0, "square {mv} is taken");
        let p = self.to_move();
        self.lines[p.index()] |= SQUARE_BITS[mv.index()];
        self.occupied |= mv.bit();
    }

    #[inline]
    fn outcome(&self) -> Outcome {
        if full_lines(self.lines[0]) != 0 {
            Outcome::Win(Player::One)
        } else if full_lines(self.lines[1]) != 0 {
            Outcome::Win(Player::Two)
        } else if self.occupied == 0o777 {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }
}

board_text_impls!(Board);
