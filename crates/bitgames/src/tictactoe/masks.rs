//! Two 9-bit boards, one per player, and the eight win masks.
//!
//! ```text
//! bit of each square      win masks (octal = one digit per row, top row last)
//!   0 1 2                 rows     0o007 0o070 0o700
//!   3 4 5                 columns  0o111 0o222 0o444
//!   6 7 8                 diagonals 0o421 (a1 b2 c3)  0o124 (a3 b2 c1)
//! ```
//!
//! A player has won when some mask is fully contained in their board; the
//! occupied squares are `x | o`.

use super::{Line, Square, board_text_impls, shared_game_items};
use crate::{Game, Outcome, Player};
use arrayvec::ArrayVec;

/// The eight win masks, in [`Line::ALL`] order.
pub const WIN_MASKS: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

/// All nine squares.
pub const FULL: u16 = 0o777;

/// Whether the 9-bit board `b` contains a full line.
#[inline]
#[must_use]
pub const fn has_win(b: u16) -> bool {
    // No early exit: eight independent tests the CPU runs without branching.
    let mut full = false;
    let mut i = 0;
    while i < 8 {
        full |= b & WIN_MASKS[i] == WIN_MASKS[i];
        i += 1;
    }
    full
}

/// The first full line of `b`, in [`Line::ALL`] order.
#[must_use]
pub fn win_line(b: u16) -> Option<Line> {
    WIN_MASKS
        .iter()
        .position(|&m| b & m == m)
        .map(|i| Line::ALL[i])
}

/// A tic-tac-toe position as two 9-bit boards, X's and O's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    boards: [u16; 2],
}

impl Board {
    /// The 9-bit board of `player`'s marks.
    #[must_use]
    pub const fn bits(&self, player: Player) -> u16 {
        self.boards[player.index()]
    }

    /// The occupied squares, `x | o`.
    #[must_use]
    pub const fn occupied(&self) -> u16 {
        self.boards[0] | self.boards[1]
    }

    /// A base-3 code 0..19683 of the position (cell `i` weighs `3^i`; 1 = X, 2 = O):
    /// a dense, collision-free index for tables.
    #[must_use]
    pub fn code(&self) -> usize {
        let mut code = 0;
        for i in (0..9).rev() {
            code *= 3;
            if self.boards[0] >> i & 1 == 1 {
                code += 1;
            } else if self.boards[1] >> i & 1 == 1 {
                code += 2;
            }
        }
        code
    }

    /// The board drawn with X, O and `.`, one row a line.
    #[must_use]
    pub fn print(&self) -> String {
        let mut s = String::new();
        for sq in Square::ALL {
            s.push(match super::Board::cell(self, sq) {
                Some(p) => super::mark(p),
                None => '.',
            });
            s.push(if sq.col() == 2 { '\n' } else { ' ' });
        }
        s
    }
}

impl super::Board for Board {
    fn cell(&self, square: Square) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|p| self.boards[p.index()] & square.bit() != 0)
    }

    fn put(&mut self, square: Square, player: Player) {
        self.boards[player.index()] |= square.bit();
    }

    fn winning_line(&self) -> Option<(Player, Line)> {
        Player::BOTH
            .into_iter()
            .find_map(|p| win_line(self.boards[p.index()]).map(|l| (p, l)))
    }
}

impl Game for Board {
    shared_game_items!();

    #[inline]
    fn to_move(&self) -> Player {
        if self.boards[0].count_ones() == self.boards[1].count_ones() {
            Player::One
        } else {
            Player::Two
        }
    }

    #[inline]
    fn legal_moves(&self) -> ArrayVec<Square, 9> {
        let mut moves = ArrayVec::new();
        if has_win(self.boards[0]) || has_win(self.boards[1]) {
            return moves;
        }
        super::push_squares(&mut moves, !self.occupied() & FULL);
        moves
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Square) {
        debug_assert!(self.occupied() & mv.bit() == 0, "square {mv} is taken");
        let p = self.to_move();
        self.boards[p.index()] |= mv.bit();
    }

    #[inline]
    fn outcome(&self) -> Outcome {
        if has_win(self.boards[0]) {
            Outcome::Win(Player::One)
        } else if has_win(self.boards[1]) {
            Outcome::Win(Player::Two)
        } else if self.occupied() == FULL {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }
}

board_text_impls!(Board);
