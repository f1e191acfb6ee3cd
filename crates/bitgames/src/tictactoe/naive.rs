//! The naive twin: an array of nine cells, lines found by loops over rows,
//! columns and diagonals. Obviously correct; the oracle of the tests and the
//! baseline of the benchmarks.

use super::{Board as _, Line, Square, board_text_impls, shared_game_items};
use crate::{Game, Outcome, Player};
use arrayvec::ArrayVec;

/// Nine cells, row by row from the top-left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [[Option<Player>; 3]; 3],
}

impl Board {
    fn marks(&self) -> usize {
        self.cells.iter().flatten().filter(|c| c.is_some()).count()
    }
}

impl super::Board for Board {
    fn cell(&self, square: Square) -> Option<Player> {
        self.cells[square.row() as usize][square.col() as usize]
    }

    fn put(&mut self, square: Square, player: Player) {
        self.cells[square.row() as usize][square.col() as usize] = Some(player);
    }

    // Index loops on purpose: the twin reads like the rules on paper.
    #[allow(clippy::needless_range_loop)]
    fn winning_line(&self) -> Option<(Player, Line)> {
        let c = &self.cells;
        for r in 0..3 {
            if c[r][0].is_some() && c[r][0] == c[r][1] && c[r][1] == c[r][2] {
                return Some((c[r][0]?, Line::Row(r as u8)));
            }
        }
        for k in 0..3 {
            if c[0][k].is_some() && c[0][k] == c[1][k] && c[1][k] == c[2][k] {
                return Some((c[0][k]?, Line::Column(k as u8)));
            }
        }
        if c[1][1].is_some() && c[0][0] == c[1][1] && c[1][1] == c[2][2] {
            return Some((c[1][1]?, Line::Diagonal));
        }
        if c[1][1].is_some() && c[0][2] == c[1][1] && c[1][1] == c[2][0] {
            return Some((c[1][1]?, Line::AntiDiagonal));
        }
        None
    }
}

impl Game for Board {
    shared_game_items!();

    fn to_move(&self) -> Player {
        if self.marks().is_multiple_of(2) {
            Player::One
        } else {
            Player::Two
        }
    }

    fn legal_moves(&self) -> ArrayVec<Square, 9> {
        let mut moves = ArrayVec::new();
        if self.outcome().is_over() {
            return moves;
        }
        for sq in Square::ALL {
            if self.cell(sq).is_none() {
                moves.push(sq);
            }
        }
        moves
    }

    fn play_unchecked(&mut self, mv: Square) {
        debug_assert!(self.cell(mv).is_none(), "square {mv} is taken");
        let player = self.to_move();
        self.put(mv, player);
    }

    fn outcome(&self) -> Outcome {
        match self.winning_line() {
            Some((p, _)) => Outcome::Win(p),
            None if self.marks() == 9 => Outcome::Draw,
            None => Outcome::Ongoing,
        }
    }
}

board_text_impls!(Board);
