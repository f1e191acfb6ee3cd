//! Connect Four in the registry: the exact solver (with the built-in book and
//! its quick fallback) as its engine, the notation (a move string, or a grid
//! on any other board), the naive twin's moves and outcome.

use super::grid::{grid_string, parse_grid_position};
use super::policy::{Basis, best_columns, choose_move};
use super::solver::{Solver, book};
use super::{Column, Position, move_string, naive};
use crate::engine::{Engine, Limits, Report};
use crate::registry::Registered;
use crate::time::Instant;
use crate::{Game, Outcome};
use std::time::Duration;

/// The time [`Exact`] takes when no time limit is given.
pub const DEFAULT_TIME: Duration = Duration::from_secs(3);

/// The exact solver as a player: the best exact score where it is solved in
/// time, else the best win/draw/loss, else a quick move (see
/// [`choose_move`]). A depth limit does not apply (the solver solves to the
/// end); the time limit does. A level below 10 draws a column weighted by
/// the columns' scores (see `levels.rs`).
pub struct Exact {
    solver: Solver,
    /// The board whose built-in book the solver holds.
    book_geometry: super::Geometry,
}

impl Exact {
    /// The engine on `solver`, with its table and its 7x6 book (another
    /// board gets its built-in book, if it has one, when first seen).
    #[must_use]
    pub fn new(solver: Solver) -> Exact {
        Exact {
            solver,
            book_geometry: super::Geometry::STANDARD,
        }
    }
}

/// The engine with the built-in book.
impl Default for Exact {
    fn default() -> Exact {
        let mut solver = Solver::new();
        solver.set_book(book::builtin_shared(super::Geometry::STANDARD));
        Exact::new(solver)
    }
}

impl Engine<Position> for Exact {
    fn name(&self) -> &'static str {
        "solver"
    }

    fn set_cancel(&mut self, cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        self.solver.set_cancel(cancel);
    }

    fn think(&mut self, pos: &Position, limits: Limits) -> Report<Column> {
        let started = Instant::now();
        if pos.geometry() != self.book_geometry {
            self.solver.set_book(book::builtin_shared(pos.geometry()));
            self.book_geometry = pos.geometry();
        }
        self.solver.reset_stats();
        let deadline = started + limits.time.unwrap_or(DEFAULT_TIME);
        if let Some(level) = limits.weaker_level() {
            return super::levels::think_at_level(&mut self.solver, pos, limits, level, deadline);
        }
        let chosen = match choose_move(&mut self.solver, pos, deadline) {
            Ok(m) => m,
            Err(_) => return Report::game_over(pos.outcome().to_string()),
        };
        let ties = match chosen.basis {
            Basis::Exact { .. } | Basis::Result { .. } => {
                best_columns(pos.geometry(), &chosen.scores)
                    .into_iter()
                    .map(|c| Column(c as u8))
                    .collect()
            }
            Basis::Quick => vec![Column(chosen.column as u8)],
        };
        let score = match chosen.basis {
            Basis::Exact { score } => Some(score),
            Basis::Result { sign } => Some(sign),
            Basis::Quick => None,
        };
        Report {
            best: Some(Column(chosen.column as u8)),
            ties,
            score,
            score_text: chosen
                .verdict()
                .map_or_else(|| "unknown".to_string(), |v| v.to_string()),
            exact: chosen.is_exact(),
            depth: 0,
            nodes: self.solver.stats().nodes,
            elapsed: started.elapsed(),
            level: limits.level,
            seed: None,
            note: Some(chosen.to_string()),
        }
    }
}

impl Registered for Position {
    const TITLE: &'static str = "Connect Four";
    /// Red moves first (drawn `X` in text), Yellow second (`O`).
    const PLAYERS: [&'static str; 2] = ["Red", "Yellow"];

    fn start() -> Position {
        Position::default()
    }

    /// The move string on the standard board (every position the parsers
    /// build has one); on any other board, or without one, the grid of
    /// 0/1/2, top row first, rows separated by `/` (a board of one row ends
    /// with `/`, which tells its grid from a move string).
    fn notation(&self) -> String {
        if self.geometry() == super::Geometry::STANDARD
            && let Some(moves) = move_string(self)
        {
            return moves;
        }
        let grid = grid_string(self);
        if self.height() == 1 { grid + "/" } else { grid }
    }

    /// A move string (`4453`, 7x6) or a grid of 0/1/2, top row first, rows
    /// separated by `/` or line breaks (any board size).
    fn from_notation(text: &str) -> Result<Position, String> {
        let t = text.trim();
        if t.contains(['/', '\n', '[']) {
            parse_grid_position(t).map_err(|e| e.to_string())
        } else {
            Position::from_moves(t).map_err(|e| e.to_string())
        }
    }

    /// A 1-based column of this board (its range named when it is not).
    fn parse_move(&self, text: &str) -> Result<Column, String> {
        Column::parse_in(text, self.width()).map_err(|e| e.to_string())
    }

    fn engine() -> Box<dyn Engine<Position>> {
        Box::new(Exact::default())
    }

    fn naive_legal_moves(&self) -> Vec<Column> {
        self.naive_twin().legal_moves().to_vec()
    }

    fn naive_outcome(&self) -> Outcome {
        self.naive_twin().outcome()
    }
}

impl Position {
    fn naive_twin(self) -> naive::Board {
        let moves = move_string(&self).expect("a position of the parsers has a move string");
        naive::Board::from_moves_in(self.geometry(), &moves)
            .expect("the naive twin replays the move string")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_takes_the_book_of_each_board_it_is_given() {
        let mut engine = Exact::default();
        let small = Position::from_notation("00000/00000/00000/00000").unwrap();
        let r = engine.think(&small, Limits::time(Duration::from_secs(10)));
        assert!(r.exact && r.best.is_some());
        // Back on 7x6, the built-in book answers the start at once.
        let r = engine.think(
            &Position::default(),
            Limits::time(Duration::from_millis(50)),
        );
        assert_eq!((r.best, r.exact, r.score), (Some(Column(3)), true, Some(1)));
        assert_eq!(r.score_text, "win in 21");
    }

    #[test]
    fn the_notation_reads_back_on_every_board() {
        for text in ["", "4453", "00000/00000/00000/00120", "1200/", "0000000/"] {
            let pos = Position::from_notation(text).unwrap();
            assert_eq!(
                Position::from_notation(&pos.notation()).unwrap(),
                pos,
                "{text}"
            );
        }
        assert_eq!(Position::from_notation("4453").unwrap().notation(), "5344");
        assert_eq!(
            Position::from_notation("1200/").unwrap().notation(),
            "1200/"
        );
        let e = Position::from_notation("12/3").unwrap_err();
        assert!(e.contains('3'), "{e}");
    }
}
