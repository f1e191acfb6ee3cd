//! A move's kinds, the list of legal moves, and the eight directions of the
//! padded layout a move steps in.

use super::bitboard::Space;
use arrayvec::ArrayVec;

/// A move: a placement of both workers, or a worker's move with its build, or a winning move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Place both workers (setup); the two spaces in the order of [`Move::place`].
    Place(Space, Space),
    /// Move the worker on `from` to `to`, then build on `build`.
    Build {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// Where it builds (a neighbour of `to`).
        build: Space,
    },
    /// Move the worker on `from` up from level 2 onto level 3 at `to`: the game is won.
    Win {
        /// The worker's space.
        from: Space,
        /// The level-3 space.
        to: Space,
    },
}

impl Move {
    /// A placement, its two spaces put in notation order (by file, then by
    /// rank: `A1,B2`, `A1,A2`), so that each placement has one form.
    #[must_use]
    pub fn place(a: Space, b: Space) -> Move {
        let key = |s: Space| (s.col(), std::cmp::Reverse(s.row()));
        if key(a) <= key(b) {
            Move::Place(a, b)
        } else {
            Move::Place(b, a)
        }
    }
}

/// At most 300 placements (25 choose 2); at most 2 workers x 8 moves x 8 builds = 128 turns.
pub const MAX_MOVES: usize = 300;

/// The list of legal moves.
pub type Moves = ArrayVec<Move, MAX_MOVES>;

/// The number of dense actions: 625 placement slots (first space x second
/// space, row-major numbers) then 2 workers x 8 directions x 8 build directions.
pub const NUM_ACTIONS: usize = 625 + 128;

/// Step offsets in the padded layout for the eight directions, in the order
/// NW, N, NE, W, E, SW, S, SE; direction `d` and `7 - d` are opposite.
pub const STEPS: [i8; 8] = [-8, -7, -6, -1, 1, 6, 7, 8];

/// The direction index `d` (into [`STEPS`]) from `a` to its neighbour `b`.
pub(super) fn direction(a: Space, b: Space) -> usize {
    let step = b.bit() as i8 - a.bit() as i8;
    STEPS.iter().position(|&s| s == step).unwrap_or(0)
}

/// The neighbour of `a` in direction `d`, if on the board.
pub(super) fn step(a: Space, d: usize) -> Option<Space> {
    let bit = a.bit() as i8 + STEPS[d];
    if bit < 0 {
        None
    } else {
        Space::from_bit(bit as u8)
    }
}
