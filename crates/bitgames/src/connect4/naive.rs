//! The naive twin of the bitboard [`Position`](super::Position): an array of
//! cells, a stone count per column, and four-in-a-row found by walking every
//! cell in the four directions. Slow and obvious: the oracle of the property tests.

use super::{Column, Geometry, MovesError, PlayError};
use crate::{Game, Outcome, Player};
use arrayvec::ArrayVec;
use std::fmt;
use std::str::FromStr;

/// The most columns and rows any [`Geometry`] allows.
const MAX_W: usize = super::MAX_WIDTH;
const MAX_H: usize = 15;

/// A Connect Four board as a plain array: `cells[col][row]`, row 0 at the bottom.
/// Cells outside the geometry stay empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    geometry: Geometry,
    cells: [[Option<Player>; MAX_H]; MAX_W],
    moves: usize,
}

impl Default for Board {
    fn default() -> Board {
        Board::new(Geometry::STANDARD)
    }
}

/// The four directions of a line: up, right, up-right, down-right.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

impl Board {
    /// The empty board of this size.
    #[must_use]
    pub fn new(geometry: Geometry) -> Board {
        Board {
            geometry,
            cells: [[None; MAX_H]; MAX_W],
            moves: 0,
        }
    }

    /// The board of this size after the moves `moves` (a move list as
    /// [`Position::from_moves_in`](super::Position::from_moves_in) reads it).
    pub fn from_moves_in(geometry: Geometry, moves: &str) -> Result<Board, MovesError> {
        let mut board = Board::new(geometry);
        super::notation::read_moves(geometry.width(), moves, |col| {
            if let Some(e) = board.why_unplayable(col) {
                return Err(e);
            }
            board.play_unchecked(Column(col as u8));
            Ok(())
        })?;
        Ok(board)
    }

    /// The board size.
    #[must_use]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Who has a stone on (`col`, `row`), row 0 at the bottom.
    #[must_use]
    pub fn cell(&self, col: usize, row: usize) -> Option<Player> {
        if col < self.geometry.width() && row < self.geometry.height() {
            self.cells[col][row]
        } else {
            None
        }
    }

    /// The number of stones on the board.
    #[must_use]
    pub fn moves_played(&self) -> usize {
        self.moves
    }

    /// The number of stones in column `col`: the first empty row from the
    /// bottom; 0 for a column off the board.
    #[must_use]
    pub fn column_height(&self, col: usize) -> usize {
        if col >= self.geometry.width() {
            return 0;
        }
        (0..self.geometry.height())
            .find(|&row| self.cells[col][row].is_none())
            .unwrap_or(self.geometry.height())
    }

    /// Whether `player` has four in a row: from every one of their stones,
    /// walk three more cells in each direction.
    #[must_use]
    pub fn has_four(&self, player: Player) -> bool {
        let (w, h) = (
            self.geometry.width() as isize,
            self.geometry.height() as isize,
        );
        for col in 0..w {
            for row in 0..h {
                for (dc, dr) in DIRECTIONS {
                    let four = (0..4).all(|k| {
                        let (c, r) = (col + k * dc, row + k * dr);
                        (0..w).contains(&c)
                            && (0..h).contains(&r)
                            && self.cells[c as usize][r as usize] == Some(player)
                    });
                    if four {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The player with four in a row, if any (the first player is asked first).
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        Player::BOTH.into_iter().find(|&p| self.has_four(p))
    }

    fn why_unplayable(&self, col: usize) -> Option<PlayError> {
        if let Some(winner) = self.winner() {
            Some(PlayError::GameWon { winner })
        } else if self.moves == self.geometry.cells() {
            Some(PlayError::BoardFull)
        } else if col >= self.geometry.width() {
            Some(PlayError::OutOfRange {
                column: col.saturating_add(1),
                width: self.geometry.width(),
            })
        } else if self.column_height(col) == self.geometry.height() {
            Some(PlayError::FullColumn { column: col + 1 })
        } else {
            None
        }
    }
}

impl fmt::Display for Board {
    /// As the bitboard position prints: `X`, `O`, `.`, top row first, column numbers under.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = self.geometry.width();
        for row in (0..self.geometry.height()).rev() {
            // Two characters a column from 10 columns on, as the numbers need.
            let cells: Vec<String> = (0..w)
                .map(|col| match self.cells[col][row] {
                    Some(Player::One) => "X",
                    Some(Player::Two) => "O",
                    None => ".",
                })
                .map(|c| if w >= 10 { format!("{c:>2}") } else { c.into() })
                .collect();
            writeln!(f, "{}", cells.join(" "))?;
        }
        let numbers: Vec<String> = (1..=w)
            .map(|c| {
                if w >= 10 {
                    format!("{c:>2}")
                } else {
                    c.to_string()
                }
            })
            .collect();
        f.write_str(&numbers.join(" "))
    }
}

impl FromStr for Board {
    type Err = MovesError;

    /// A 7x6 board from its move string.
    fn from_str(s: &str) -> Result<Board, MovesError> {
        Board::from_moves_in(Geometry::STANDARD, s.trim())
    }
}

impl Game for Board {
    type Move = Column;
    type Moves = ArrayVec<Column, MAX_W>;
    type PlayError = PlayError;
    const NAME: &'static str = "connect4";

    fn to_move(&self) -> Player {
        if self.moves.is_multiple_of(2) {
            Player::One
        } else {
            Player::Two
        }
    }

    fn legal_moves(&self) -> ArrayVec<Column, MAX_W> {
        (0..self.geometry.width())
            .filter(|&col| self.why_unplayable(col).is_none())
            .map(|col| Column(col as u8))
            .collect()
    }

    fn play_unchecked(&mut self, mv: Column) {
        let row = self.column_height(mv.index());
        self.cells[mv.index()][row] = Some(self.to_move());
        self.moves += 1;
    }

    fn play(&mut self, mv: Column) -> Result<(), PlayError> {
        match self.why_unplayable(mv.index()) {
            Some(e) => Err(e),
            None => {
                self.play_unchecked(mv);
                Ok(())
            }
        }
    }

    fn outcome(&self) -> Outcome {
        match self.winner() {
            Some(p) => Outcome::Win(p),
            None if self.moves == self.geometry.cells() => Outcome::Draw,
            None => Outcome::Ongoing,
        }
    }

    fn num_actions(&self) -> usize {
        self.geometry.width()
    }

    fn action_of(&self, mv: Column) -> usize {
        mv.index()
    }

    fn move_of(&self, action: usize) -> Option<Column> {
        (action < self.geometry.width()).then_some(Column(action as u8))
    }
}
