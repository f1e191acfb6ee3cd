//! Tic-tac-toe in the registry: the perfect player as its engine, the
//! naive twin's moves and outcome.

use super::{Position, naive, solver::Solver};
use crate::engine::{Engine, Limits, Report};
use crate::registry::Registered;
use crate::time::Instant;
use crate::{Game, Outcome};

/// The perfect player: every move's value looked up in the solved table.
#[derive(Debug, Default)]
pub struct Perfect {
    solver: Solver,
}

impl Engine<Position> for Perfect {
    fn name(&self) -> &'static str {
        "perfect"
    }

    /// Limits do not matter: the whole game is solved in the table.
    fn think(&mut self, pos: &Position, _limits: Limits) -> Report<super::Square> {
        let started = Instant::now();
        let outcome = pos.outcome();
        if outcome.is_over() {
            return Report::game_over(outcome.to_string());
        }
        let ties = self.solver.best_moves(pos);
        let value = self.solver.value(pos);
        Report {
            best: ties.first().copied(),
            score: Some(i32::from(value.score())),
            score_text: value.to_string(),
            exact: true,
            depth: 0,
            nodes: pos.legal_moves().len() as u64,
            elapsed: started.elapsed(),
            ties,
        }
    }
}

impl Registered for Position {
    const TITLE: &'static str = "Tic-tac-toe";
    const PLAYERS: [&'static str; 2] = ["X", "O"];

    fn start() -> Position {
        Position::default()
    }

    /// Three rows of `X`, `O` and `.` (the notation is the board on one line).
    fn drawing(&self) -> String {
        self.print()
    }

    fn engine() -> Box<dyn Engine<Position>> {
        Box::new(Perfect::default())
    }

    fn naive_legal_moves(&self) -> Vec<super::Square> {
        self.naive_twin().legal_moves().to_vec()
    }

    fn naive_outcome(&self) -> Outcome {
        self.naive_twin().outcome()
    }
}

impl Position {
    fn naive_twin(self) -> naive::Board {
        self.to_string()
            .parse()
            .expect("a drawn board parses as the naive twin")
    }
}
