//! Tic-tac-toe's perfect values from Python.

use bitgames::tictactoe::solver::{Solver, Value};
use pyo3::prelude::*;
use std::sync::OnceLock;

/// The tic-tac-toe solver, built once (every position solved).
pub fn ttt_solver() -> &'static Solver {
    static SOLVER: OnceLock<Solver> = OnceLock::new();
    SOLVER.get_or_init(Solver::new)
}

fn words(v: Value) -> String {
    v.to_string()
}

#[pymethods]
impl crate::PyTicTacToe {
    /// The perfect-play value for the player to move: +1 win, 0 draw, -1 loss.
    fn value(&self) -> i8 {
        ttt_solver().value(&self.pos).sign()
    }

    /// Plies to the end with perfect play (None for a draw).
    fn plies(&self) -> Option<u8> {
        ttt_solver().value(&self.pos).plies()
    }

    /// The value in words: `win in 3`, `draw`, `loss in 2`.
    fn value_text(&self) -> String {
        words(ttt_solver().value(&self.pos))
    }

    /// {action: value for the player making it} over the legal actions.
    fn action_values(&self) -> std::collections::BTreeMap<usize, i8> {
        ttt_solver()
            .move_values(&self.pos)
            .into_iter()
            .map(|(sq, v)| (sq.index(), v.sign()))
            .collect()
    }

    /// The actions that keep the position's value (all of them on a tie).
    fn best_actions(&self) -> Vec<usize> {
        ttt_solver()
            .best_moves(&self.pos)
            .into_iter()
            .map(|sq| sq.index())
            .collect()
    }
}
