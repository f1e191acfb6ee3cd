//! Perfect play: the exact value of every position and its best moves.
//!
//! The solver walks the whole game tree once (5,478 positions) and keeps, for
//! each, the value for the player to move: win or loss in how many plies with
//! both sides playing perfectly (the winner as fast, the loser as slowly as
//! possible), or draw. Positions are indexed by their base-3 code
//! ([`masks::Board::code`]), so a lookup is one array read.

use super::{Board, Square, masks};
use crate::{Game, Outcome};
use std::cmp::Ordering;
use std::fmt;

/// The value of a position for the player to move, with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Value {
    /// The player to move wins; the game ends after this many more plies.
    Win(u8),
    /// Perfect play draws.
    Draw,
    /// The player to move loses; the game ends after this many more plies
    /// (0: the game is already lost).
    Loss(u8),
}

impl Value {
    /// One number that orders values from the mover's view: a sooner win is
    /// higher, a later loss is higher. Win in n = 10 - n, draw = 0, loss in n = n - 10.
    #[must_use]
    pub const fn score(self) -> i8 {
        match self {
            Value::Win(n) => 10 - n as i8,
            Value::Draw => 0,
            Value::Loss(n) => n as i8 - 10,
        }
    }

    /// The value from its [`score`](Value::score).
    #[must_use]
    pub const fn from_score(score: i8) -> Value {
        match score {
            0 => Value::Draw,
            s if s > 0 => Value::Win((10 - s) as u8),
            s => Value::Loss((s + 10) as u8),
        }
    }

    /// +1 for a win, 0 for a draw, -1 for a loss (the OpenSpiel/pgx value).
    #[must_use]
    pub const fn sign(self) -> i8 {
        match self {
            Value::Win(_) => 1,
            Value::Draw => 0,
            Value::Loss(_) => -1,
        }
    }

    /// Plies to the end of the game with perfect play (`None` for a draw,
    /// which lasts until the board is full).
    #[must_use]
    pub const fn plies(self) -> Option<u8> {
        match self {
            Value::Win(n) | Value::Loss(n) => Some(n),
            Value::Draw => None,
        }
    }

    /// The value of a move for the mover, given the value of the position it
    /// leads to for the opponent.
    #[must_use]
    pub const fn before_move(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Draw => Value::Draw,
            Value::Loss(n) => Value::Win(n + 1),
        }
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        self.score().cmp(&other.score())
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(n) => write!(f, "win in {n}"),
            Value::Draw => f.write_str("draw"),
            Value::Loss(0) => f.write_str("lost"),
            Value::Loss(n) => write!(f, "loss in {n}"),
        }
    }
}

const UNKNOWN: i8 = i8::MIN;

/// The perfect player: a table of the value of every reachable position.
#[derive(Clone)]
pub struct Solver {
    table: Vec<i8>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Solver({} positions)", self.solved_positions())
    }
}

impl Solver {
    /// Solves every position reachable from the empty board (about 5,478
    /// table entries; well under a millisecond).
    #[must_use]
    pub fn new() -> Solver {
        let mut solver = Solver {
            table: vec![UNKNOWN; 3usize.pow(9)],
        };
        solver.solve(masks::Board::default());
        solver
    }

    /// How many positions the table holds.
    #[must_use]
    pub fn solved_positions(&self) -> usize {
        self.table.iter().filter(|&&v| v != UNKNOWN).count()
    }

    fn solve(&mut self, pos: masks::Board) -> i8 {
        let code = pos.code();
        if self.table[code] != UNKNOWN {
            return self.table[code];
        }
        let score = match pos.outcome() {
            // The player who just moved has won: the mover has lost.
            Outcome::Win(_) => Value::Loss(0).score(),
            Outcome::Draw => Value::Draw.score(),
            Outcome::Ongoing => pos
                .legal_moves()
                .into_iter()
                .map(|mv| {
                    let mut child = pos;
                    child.play_unchecked(mv);
                    Value::from_score(self.solve(child)).before_move().score()
                })
                .max()
                .expect("an ongoing position has a move"),
        };
        self.table[code] = score;
        score
    }

    /// The value of `pos` for the player to move.
    #[must_use]
    pub fn value<B: Board>(&self, pos: &B) -> Value {
        let masks = to_masks(pos);
        match self.table[masks.code()] {
            // A position no game reaches from the empty board (cannot be
            // built through the public parsers, but solve it anyway).
            UNKNOWN => Value::from_score(self.clone().solve(masks)),
            s => Value::from_score(s),
        }
    }

    /// The value of every legal move, for the player making it, in square order.
    #[must_use]
    pub fn move_values<B: Board>(&self, pos: &B) -> Vec<(Square, Value)> {
        pos.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                (mv, self.value(&child).before_move())
            })
            .collect()
    }

    /// The moves that keep the position's value (all of them on a tie), in square order.
    #[must_use]
    pub fn best_moves<B: Board>(&self, pos: &B) -> Vec<Square> {
        let values = self.move_values(pos);
        let best = values.iter().map(|&(_, v)| v).max();
        values
            .into_iter()
            .filter(|&(_, v)| Some(v) == best)
            .map(|(sq, _)| sq)
            .collect()
    }
}

/// Any representation, as the two 9-bit boards.
#[must_use]
pub fn to_masks<B: Board>(pos: &B) -> masks::Board {
    let mut m = masks::Board::default();
    for sq in Square::ALL {
        if let Some(p) = pos.cell(sq) {
            m.put(sq, p);
        }
    }
    m
}
