//! Santorini in the registry: the alpha-beta search as its engine, the naive
//! twin's moves and outcome. Its levels: 0 a random move, n from 1 to 9 a
//! search of n plies, 10 the search within the limits given.

use super::God;
use super::naive::legal_moves_naive;
use super::naive_gods::{NaiveState, distinct_successors, successors};
use super::search::Engine as Search;
use super::{Move, Position};
use crate::engine::level::random_report;
use crate::engine::{Engine, Limits, Report};
use crate::registry::Registered;
use crate::{Game, Outcome, Player};

impl Engine<Position> for Search {
    fn name(&self) -> &'static str {
        "alpha-beta"
    }

    fn set_cancel(&mut self, cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        Search::set_cancel(self, cancel);
    }

    fn think(&mut self, pos: &Position, limits: Limits) -> Report<Move> {
        let outcome = pos.outcome();
        if outcome.is_over() {
            return Report::game_over(outcome.to_string());
        }
        let Some(level) = limits.weaker_level() else {
            let mut r = self.search(pos, limits);
            r.level = limits.level;
            return r;
        };
        if level.is_random() {
            return random_report(pos, limits);
        }
        // Level n: a search of n plies (within the time limit, if any).
        let depth = u32::from(level.number());
        let plain = Limits {
            depth: Some(depth),
            level: None,
            seed: None,
            ..limits
        };
        let mut r = self.search(pos, plain);
        r.score_text = format!("{} (level {level}: a {depth}-ply search)", r.score_text);
        r.level = Some(level);
        r
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

    /// The move, its santorini-ai mark (`<>`, `!`, `(>C2)`) checked
    /// against the turn ([`Position::read_move`]).
    fn parse_move(&self, text: &str) -> Result<Move, String> {
        self.read_move(text).map_err(|e| e.to_string())
    }

    /// A build before a move takes two words ([`Position::read_turn_at`]).
    fn read_move_at(&self, words: &[&str]) -> Result<(Move, usize), String> {
        self.read_turn_at(words).map_err(|e| e.to_string())
    }

    fn engine() -> Box<dyn Engine<Position>> {
        Box::new(Search::default())
    }

    fn naive_legal_moves(&self) -> Vec<Move> {
        legal_moves_naive(self)
    }

    /// A worker on level 3 has won; else a player with no move has lost.
    /// With gods: the twin's winner (a worker forced onto level 3 has not
    /// won), else a player with no turn has lost.
    fn naive_outcome(&self) -> Outcome {
        if let Some(s) = self.naive_state() {
            return match s.winner {
                Some(p) => Outcome::Win(Player::BOTH[p]),
                None if !self.is_placement() && successors(&s).is_empty() => {
                    Outcome::Win(self.to_move().other())
                }
                None => Outcome::Ongoing,
            };
        }
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

    /// With gods, once the workers are placed: the twin's positions one
    /// turn later.
    fn naive_successors(&self) -> Option<Vec<String>> {
        self.naive_state()
            .filter(|_| !self.is_placement())
            .map(|s| distinct_successors(&s))
    }

    /// Game 0 is the base game; game `k` gives player 1 god `k` and player
    /// 2 god `3k + k / n` of [`God::ALL`] (`n` gods, Mortal god 0, modulo
    /// `n`), or Mortal where the two may not play each other: every god
    /// plays first and second within `n` games.
    fn conformance_start(game: u64) -> Position {
        let n = God::ALL.len() as u64;
        let (a, b) = (game % n, (3 * game + game / n) % n);
        let (a, b) = (God::ALL[a as usize], God::ALL[b as usize]);
        Position::new()
            .with_gods([a, a.facing(b)])
            .expect("every god may face Mortal")
    }
}

impl Position {
    /// The naive twin's state of a position with gods (`None` without).
    fn naive_state(&self) -> Option<NaiveState> {
        self.has_gods().then(|| {
            self.to_string()
                .parse()
                .expect("the twin reads every position's notation")
        })
    }
}
