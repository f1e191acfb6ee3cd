//! The classic tic-tac-toe counts, computed (never stored): games, results,
//! game lengths, reachable positions, positions up to symmetry, perft.

use super::{Board, Square, masks};
use crate::tools::{count_games, perft_by_depth, reachable_positions};
use std::collections::HashSet;

/// The eight symmetries of the square (rotations and reflections), each as
/// the image of every square: `SYMMETRIES[t][s]` is where square `s` goes.
pub const SYMMETRIES: [[u8; 9]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8], // identity
    [2, 5, 8, 1, 4, 7, 0, 3, 6], // rotate 90 degrees anticlockwise
    [8, 7, 6, 5, 4, 3, 2, 1, 0], // rotate 180
    [6, 3, 0, 7, 4, 1, 8, 5, 2], // rotate 270
    [2, 1, 0, 5, 4, 3, 8, 7, 6], // mirror left-right
    [6, 7, 8, 3, 4, 5, 0, 1, 2], // mirror top-bottom
    [0, 3, 6, 1, 4, 7, 2, 5, 8], // transpose (main diagonal)
    [8, 5, 2, 7, 4, 1, 6, 3, 0], // anti-transpose
];

/// The image of a board under symmetry `t` (an index into [`SYMMETRIES`]).
///
/// # Panics
///
/// If `t` is not a symmetry, 0..8.
#[must_use]
pub fn transform(pos: &masks::Board, t: usize) -> masks::Board {
    assert!(t < SYMMETRIES.len(), "symmetry {t} is outside 0..8");
    let mut out = masks::Board::default();
    for sq in Square::ALL {
        if let Some(p) = pos.cell(sq) {
            out.put(Square(SYMMETRIES[t][sq.index()]), p);
        }
    }
    out
}

/// The least base-3 code over the eight images: equal for symmetric positions.
#[must_use]
pub fn canonical_code(pos: &masks::Board) -> usize {
    (0..8).map(|t| transform(pos, t).code()).min().unwrap_or(0)
}

/// Every count `bitgames tictactoe count` prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Complete games (move sequences to the end of a game).
    pub games: u64,
    /// Games won by X.
    pub x_wins: u64,
    /// Games won by O.
    pub o_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// `games_by_length[n]`: games that end after `n` moves (0 for n < 5).
    pub games_by_length: [u64; 10],
    /// Distinct positions reachable in play, the empty board included.
    pub positions: usize,
    /// Those positions up to rotation and reflection.
    pub positions_up_to_symmetry: usize,
    /// Perft: move sequences of length 0..=9.
    pub perft: [u64; 10],
}

/// Computes all the counts by enumerating the game tree of representation `B`.
#[must_use]
pub fn compute<B: Board>() -> Counts {
    let start = B::default();
    let games = count_games(&start);
    let mut games_by_length = [0; 10];
    for (n, &c) in games.by_length.iter().enumerate() {
        games_by_length[n] = c;
    }
    let positions = reachable_positions(&start);
    let classes: HashSet<usize> = positions
        .iter()
        .map(|p| canonical_code(&super::solver::to_masks(p)))
        .collect();
    let mut perft = [0; 10];
    perft.copy_from_slice(&perft_by_depth(&start, 9));
    Counts {
        games: games.total(),
        x_wins: games.wins[0],
        o_wins: games.wins[1],
        draws: games.draws,
        games_by_length,
        positions: positions.len(),
        positions_up_to_symmetry: classes.len(),
        perft,
    }
}
