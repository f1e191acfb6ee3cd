//! Santorini in the registry: the alpha-beta search as its engine, the naive
//! twin's moves and outcome.

use super::naive::legal_moves_naive;
use super::search::Engine as Search;
use super::{Move, Position};
use crate::engine::{Engine, Limits, Report};
use crate::registry::Registered;
use crate::{Game, Outcome, Player};

impl Engine<Position> for Search {
    fn name(&self) -> &'static str {
        "alpha-beta"
    }

    fn think(&mut self, pos: &Position, limits: Limits) -> Report<Move> {
        let outcome = pos.outcome();
        if outcome.is_over() {
            return Report::game_over(outcome.to_string());
        }
        self.search(pos, limits)
    }
}

impl Registered for Position {
    const TITLE: &'static str = "Santorini";
    /// Red places and moves first (workers drawn `1` in text), Yellow second (`2`).
    const PLAYERS: [&'static str; 2] = ["Red", "Yellow"];

    fn start() -> Position {
        Position::new()
    }

    /// The grid of levels and workers, with the files and ranks.
    fn drawing(&self) -> String {
        self.diagram()
    }

    fn engine() -> Box<dyn Engine<Position>> {
        Box::new(Search::default())
    }

    fn naive_legal_moves(&self) -> Vec<Move> {
        legal_moves_naive(self)
    }

    /// A worker on level 3 has won; else a player with no move has lost.
    fn naive_outcome(&self) -> Outcome {
        let levels = self.levels();
        for p in Player::BOTH {
            for (i, &level) in levels.iter().enumerate() {
                let space = super::Space::from_index(i).expect("25 spaces");
                if level == 3 && self.workers(p).contains(space) {
                    return Outcome::Win(p);
                }
            }
        }
        if legal_moves_naive(self).is_empty() {
            Outcome::Win(self.to_move().other())
        } else {
            Outcome::Ongoing
        }
    }
}
