//! Tic-tac-toe in the registry: the perfect player as its engine, the
//! naive twin's moves and outcome.

use super::solver::{Solver, Value};
use super::{Position, naive};
use crate::engine::level::{Valued, leveled_report, random_report};
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

    /// Depth and time do not matter: the whole game is solved in the
    /// table. A level below 10 draws among all moves, weighted by their
    /// values (see `value_of`).
    fn think(&mut self, pos: &Position, limits: Limits) -> Report<super::Square> {
        let started = Instant::now();
        let outcome = pos.outcome();
        if outcome.is_over() {
            return Report::game_over(outcome.to_string());
        }
        if let Some(level) = limits.weaker_level() {
            if level.is_random() {
                return random_report(pos, limits);
            }
            let moves: Vec<Valued<super::Square>> = self
                .solver
                .move_values(pos)
                .into_iter()
                .map(|(mv, v)| Valued {
                    mv,
                    value: value_of(v),
                    score: Some(i32::from(v.score())),
                    text: v.to_string(),
                })
                .collect();
            return leveled_report(&moves, limits, true, moves.len() as u64, started);
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
            level: limits.level,
            seed: None,
            note: None,
        }
    }
}

/// A move's value for the levels' draw: a win 0.55 (in 9) to 0.95 (in 1),
/// a draw 0, a loss -0.95 (in 1) to -0.55 (in 9). Winning matters most;
/// winning sooner (losing later) a little.
fn value_of(v: Value) -> f64 {
    let length = |n: u8| 1.0 - f64::from(n) / 20.0;
    match v {
        Value::Win(n) => length(n),
        Value::Draw => 0.0,
        Value::Loss(n) => -length(n),
    }
}

impl Registered for Position {
    const TITLE: &'static str = "Tic-tac-toe";
    const PROSE_NAME: &'static str = "tic-tac-toe";
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
