//! Connect Four on the tutorials' bitboards, with an exact solver.
//!
//! - [`bitboard`]: the `position` / `mask` encoding (bit `col * (H + 1) + row`,
//!   one spare bit on top of each column), play, the key, four-in-a-row tests,
//!   for any board size with `W * (H + 1) <= 128` and at most 16 columns (7x6
//!   by default): the boards in `u128` words, those of at most 64 bits
//!   searched in `u64`s.
//! - [`grid`]: grids of 0/1/2 (top row first, as the numpy notebooks), per-player
//!   bit numbers, their checks, and the move string that reaches a grid.
//! - [`known`]: the published values of empty boards of many sizes (Tromp's table).
//! - [`naive`]: the naive twin, an array of cells with four-in-a-row found by loops.
//! - [`solver`]: an exact solver in the style of Pascal Pons' "Solving Connect 4".
//! - [`score`]: what a score means, in words (`win in 3`, `draw`, `loss in 2`) and back.
//! - [`policy`]: the centre-first order, the engine's move (exact when solved
//!   in time) and the quick move when not.
//! - [`levels`]: the engine's levels, from a random column to the perfect one.
//!
//! Columns are 1-based in text and 0-based in the API. A move list is one
//! digit a move (`4453`, as in Pons' test sets) on boards of at most 9
//! columns, or numbers separated by commas (`10,3,4`) on any board: see [`notation`].

pub mod analysis;
pub mod bitboard;
pub mod grid;
pub mod known;
pub mod levels;
pub mod naive;
pub mod notation;
pub mod policy;
pub mod registered;
pub mod score;
pub mod solver;

pub use bitboard::{Geometry, GeometryError, MAX_WIDTH, PlayError, Position, draw_bits};
pub use grid::{GridError, draw_words, from_grid, grid_string, move_string, to_grid};
pub use notation::{MovesError, ParseColumnError, read_position, write_moves};

use crate::{Game, Outcome, Player};
use arrayvec::ArrayVec;
use std::fmt;
use std::str::FromStr;

/// A move: the column a stone is dropped into, 0-based (written 1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Column(pub u8);

impl Column {
    /// The 0-based index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl Position {
    /// The 7x6 position after the moves `moves` (1-based column digits, e.g. `4453`).
    pub fn from_moves(moves: &str) -> Result<Position, MovesError> {
        Position::from_moves_in(Geometry::STANDARD, moves)
    }

    /// The position of this size after the moves `moves`: digits (`4453`) on
    /// boards of at most 9 columns, or column numbers separated by commas
    /// (`10,3,4`) on any board. Full columns, columns off the board and moves
    /// after the game is over are refused with the move's number.
    pub fn from_moves_in(geometry: Geometry, moves: &str) -> Result<Position, MovesError> {
        let mut pos = Position::new(geometry);
        notation::read_moves(geometry.width(), moves, |col| pos.play(col))?;
        Ok(pos)
    }
}

impl fmt::Display for Position {
    /// The grid, top row first, `X` (first player), `O` (second) and `.`,
    /// with the column numbers underneath (two characters a column from 10
    /// columns on).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cell = if self.width() >= 10 { 2 } else { 1 };
        for row in (0..self.height()).rev() {
            for col in 0..self.width() {
                if col > 0 {
                    f.write_str(" ")?;
                }
                let c = match self.cell(col, row) {
                    Some(Player::One) => 'X',
                    Some(Player::Two) => 'O',
                    None => '.',
                };
                write!(f, "{c:>cell$}")?;
            }
            writeln!(f)?;
        }
        for col in 0..self.width() {
            if col > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{:>cell$}", col + 1)?;
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = MovesError;

    /// A 7x6 position from its move string.
    fn from_str(s: &str) -> Result<Position, MovesError> {
        Position::from_moves(s.trim())
    }
}

impl Game for Position {
    type Move = Column;
    type Moves = ArrayVec<Column, MAX_WIDTH>;
    type PlayError = PlayError;
    const NAME: &'static str = "connect4";

    fn to_move(&self) -> Player {
        Position::to_move(self)
    }

    fn legal_moves(&self) -> ArrayVec<Column, MAX_WIDTH> {
        let mut moves = ArrayVec::new();
        if self.last_player_won() {
            return moves;
        }
        for col in 0..self.width() {
            if self.can_play(col) {
                moves.push(Column(col as u8));
            }
        }
        moves
    }

    fn is_legal(&self, mv: Column) -> bool {
        self.why_unplayable(mv.index()).is_none()
    }

    fn play_unchecked(&mut self, mv: Column) {
        Position::play_unchecked(self, mv.index());
    }

    fn play(&mut self, mv: Column) -> Result<(), PlayError> {
        Position::play(self, mv.index())
    }

    fn outcome(&self) -> Outcome {
        if self.last_player_won() {
            Outcome::Win(self.to_move().other())
        } else if self.moves_played() == self.geometry().cells() {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }

    fn num_actions(&self) -> usize {
        self.width()
    }

    fn action_of(&self, mv: Column) -> usize {
        mv.index()
    }

    fn move_of(&self, action: usize) -> Option<Column> {
        (action < self.width()).then_some(Column(action as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_strings_name_the_offending_move() {
        assert_eq!(
            Position::from_moves("44x").unwrap_err().to_string(),
            "character 3 `x`: not a column (use digits 1..7)"
        );
        assert_eq!(
            Position::from_moves("448").unwrap_err().to_string(),
            "move 3 `8`: column 8 is outside 1..7"
        );
        assert_eq!(
            Position::from_moves("1111111").unwrap_err().to_string(),
            "move 7 `1`: column 1 is full"
        );
        assert_eq!(
            Position::from_moves("12121213").unwrap_err().to_string(),
            "move 8 `3`: the game is already over: player 1 has four in a row"
        );
    }

    #[test]
    fn the_trait_sees_wins_draws_and_actions() {
        let won = Position::from_moves("1212121").unwrap();
        assert_eq!(won.outcome(), Outcome::Win(Player::One));
        assert!(won.legal_moves().is_empty());
        let start = Position::default();
        assert_eq!(start.legal_moves().len(), 7);
        assert_eq!(start.num_actions(), 7);
        assert_eq!(start.move_of(3), Some(Column(3)));
        assert_eq!(start.move_of(7), None);
        assert_eq!(start.legal_action_mask(), vec![true; 7]);
    }
}
