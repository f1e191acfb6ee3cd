//! Tic-tac-toe, three interchangeable ways.
//!
//! Squares are numbered 1..9 row by row from the top-left, and also named by
//! row letter `a`..`c` (from the top) and column `1`..`3`:
//!
//! ```text
//!      1   2   3          a1 a2 a3
//!      4   5   6          b1 b2 b3
//!      7   8   9          c1 c2 c3
//! ```
//!
//! Internally a square is its index 0..8 (`Square::index`), which is also its
//! bit in the 9-bit boards of [`masks`] and its dense action index.
//!
//! A position is written as the moves played (`1524`, or `a1 b2 a2`). Three
//! representations implement [`Game`] with identical behaviour:
//! - [`naive::Board`]: an array of 9 cells, lines checked by loops (the oracle);
//! - [`masks::Board`]: two 9-bit boards and the 8 win masks;
//! - [`winlines::Board`]: the 32-bit win-line encoding, where a win is
//!   `b & (b << 1) & (b >> 1) != 0`.
//!
//! [`solver`] gives every position its exact value and best moves, and
//! [`counts`] computes the classic counts (255,168 games, 5,478 positions, ...).

pub mod counts;
pub mod masks;
pub mod naive;
mod notation;
mod registered;
pub mod solver;
pub mod winlines;

pub use registered::Perfect;

pub use masks::Board as Position;
pub use notation::{MovesError, ParseSquareError, PlayError, parse_moves};

use crate::{Game, Player};
use std::fmt;

/// A square, 0..8 row by row from the top-left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Square(u8);

impl Square {
    /// All nine squares in order.
    pub const ALL: [Square; 9] = [
        Square(0),
        Square(1),
        Square(2),
        Square(3),
        Square(4),
        Square(5),
        Square(6),
        Square(7),
        Square(8),
    ];

    /// The square with index 0..8, if in range.
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 9 { Some(Square(index)) } else { None }
    }

    /// Index 0..8 (row-major from the top-left): the bit and the action index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The number 1..9 players use.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// Row 0..2 from the top.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 3
    }

    /// Column 0..2 from the left.
    #[must_use]
    pub const fn col(self) -> u8 {
        self.0 % 3
    }

    /// The name `a1`..`c3`: row letter from the top, column number.
    #[must_use]
    pub fn name(self) -> String {
        format!("{}{}", (b'a' + self.row()) as char, self.col() + 1)
    }

    /// This square's 9-bit mask.
    #[must_use]
    pub const fn bit(self) -> u16 {
        1 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// One of the eight lines of three.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Line {
    /// A row: 0 = a (top), 1 = b, 2 = c.
    Row(u8),
    /// A column: 0 = 1 (left), 1 = 2, 2 = 3.
    Column(u8),
    /// The diagonal a1-b2-c3 (squares 1, 5, 9).
    Diagonal,
    /// The anti-diagonal a3-b2-c1 (squares 3, 5, 7).
    AntiDiagonal,
}

impl Line {
    /// The eight lines, in the order of their win masks and win-line groups.
    pub const ALL: [Line; 8] = [
        Line::Row(0),
        Line::Row(1),
        Line::Row(2),
        Line::Column(0),
        Line::Column(1),
        Line::Column(2),
        Line::Diagonal,
        Line::AntiDiagonal,
    ];

    /// The three squares of the line, in order.
    #[must_use]
    pub const fn squares(self) -> [Square; 3] {
        match self {
            Line::Row(r) => [Square(3 * r), Square(3 * r + 1), Square(3 * r + 2)],
            Line::Column(c) => [Square(c), Square(c + 3), Square(c + 6)],
            Line::Diagonal => [Square(0), Square(4), Square(8)],
            Line::AntiDiagonal => [Square(2), Square(4), Square(6)],
        }
    }

    /// Position of this line in [`Line::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Line::Row(r) => r as usize,
            Line::Column(c) => 3 + c as usize,
            Line::Diagonal => 6,
            Line::AntiDiagonal => 7,
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(r) => write!(f, "row {}", (b'a' + r) as char),
            Line::Column(c) => write!(f, "column {}", c + 1),
            Line::Diagonal => f.write_str("diagonal a1-c3"),
            Line::AntiDiagonal => f.write_str("diagonal a3-c1"),
        }
    }
}

/// The mark of a player: X moves first.
#[must_use]
pub const fn mark(player: Player) -> char {
    match player {
        Player::One => 'X',
        Player::Two => 'O',
    }
}

/// What every tic-tac-toe representation offers beyond [`Game`], so that
/// tests, the solver and the command can use any of them.
pub trait Board: Game<Move = Square> + Default {
    /// Who holds `square`, if anyone.
    fn cell(&self, square: Square) -> Option<Player>;

    /// The completed line and its owner, if a player has three in a row.
    /// (In a legal game at most one player can; if one completed two lines at
    /// once, the first in [`Line::ALL`] order is named.)
    fn winning_line(&self) -> Option<(Player, Line)>;

    /// Places `player`'s mark on an empty square, without the turn and
    /// game-over checks of [`Game::play`]: for building positions from a grid.
    fn put(&mut self, square: Square, player: Player);

    /// The board from the moves played, e.g. `1524` or `a1 b2 a2`, with
    /// errors that name the offending move and where it stands in the string.
    fn from_moves(moves: &str) -> Result<Self, MovesError> {
        notation::play_moves(moves)
    }

    /// The nine cells row by row: `X`, `O` or `.`, rows separated by `/`.
    fn board_string(&self) -> String {
        let mut s = String::with_capacity(11);
        for sq in Square::ALL {
            if sq.index() > 0 && sq.col() == 0 {
                s.push('/');
            }
            s.push(self.cell(sq).map_or('.', mark));
        }
        s
    }

    /// A picture of the board: marks, and the numbers of the empty squares.
    fn picture(&self) -> String {
        let mut s = String::new();
        for r in 0..3u8 {
            for c in 0..3u8 {
                let sq = Square(3 * r + c);
                let ch = match self.cell(sq) {
                    Some(p) => mark(p),
                    None => (b'0' + sq.number()) as char,
                };
                s.push(' ');
                s.push(ch);
                s.push(' ');
                if c < 2 {
                    s.push('|');
                }
            }
            s.push('\n');
            if r < 2 {
                s.push_str("---+---+---\n");
            }
        }
        s
    }
}

/// Appends the squares of the 9-bit set `bits`, lowest first (a bit scan).
#[inline]
fn push_squares(moves: &mut arrayvec::ArrayVec<Square, 9>, mut bits: u16) {
    while bits != 0 {
        moves.push(Square(bits.trailing_zeros() as u8));
        bits &= bits - 1;
    }
}

/// The parts of the [`Game`] impl that are the same for every representation:
/// the move and error types, the checked `play`, and the dense actions
/// (action = square index 0..8, as in OpenSpiel's and pgx's tic-tac-toe).
macro_rules! shared_game_items {
    () => {
        type Move = $crate::tictactoe::Square;
        type Moves = arrayvec::ArrayVec<$crate::tictactoe::Square, 9>;
        type PlayError = $crate::tictactoe::PlayError;
        const NAME: &'static str = "tictactoe";

        fn play(&mut self, mv: $crate::tictactoe::Square) -> Result<(), Self::PlayError> {
            match $crate::tictactoe::PlayError::check(self, mv) {
                Some(e) => Err(e),
                None => {
                    self.play_unchecked(mv);
                    Ok(())
                }
            }
        }

        fn num_actions(&self) -> usize {
            9
        }

        fn action_of(&self, mv: $crate::tictactoe::Square) -> usize {
            mv.index()
        }

        fn move_of(&self, action: usize) -> Option<$crate::tictactoe::Square> {
            u8::try_from(action)
                .ok()
                .and_then($crate::tictactoe::Square::new)
        }
    };
}

/// `Display` as the board string and `FromStr` from a move or board string.
macro_rules! board_text_impls {
    ($board:ty) => {
        impl std::fmt::Display for $board {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&$crate::tictactoe::Board::board_string(self))
            }
        }

        impl std::str::FromStr for $board {
            type Err = $crate::tictactoe::MovesError;

            /// A move string (`1524`, `a1 b2`) or a board string (`XO./.X./..O`).
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $crate::tictactoe::notation::parse_position(s)
            }
        }
    };
}

use board_text_impls;
use shared_game_items;
