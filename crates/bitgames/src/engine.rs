//! One engine interface over every game: the best move under limits, with a
//! report of how it was found.
//!
//! Every game's folder names its engine through
//! [`Registered::engine`](crate::registry::Registered::engine): tic-tac-toe's
//! perfect solver, Connect Four's exact solver (with its book and its quick
//! fallback), Santorini's search. A game without an engine of its own gets
//! [`Negamax`], the generic alpha-beta of [`crate::tools::negamax()`], deepened
//! until the limits are reached. The command's `bestmove`, the web API's
//! `/api/{game}/bestmove` and the Python package all call an engine through
//! this trait.
//!
//! [`Limits::level`] asks for a weaker player (see [`level`]): each game's
//! engine says what its levels mean.

pub mod level;

use crate::Game;
use crate::time::Instant;
use crate::tools::negamax::{self, Evaluator, WIN_SCORE};
pub use level::{Level, LevelError};
use std::time::Duration;

/// How far an engine may think. With neither limit, each engine picks its
/// own default (the exact solvers solve, the searches stop at a small depth).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this depth (plies) is complete.
    pub depth: Option<u32>,
    /// Stop when this much time has passed: the move is the best found so far.
    pub time: Option<Duration>,
    /// Play at this level (none: full strength, as level 10).
    pub level: Option<Level>,
    /// The seed of a level's random choices (none: a fresh one each move).
    pub seed: Option<u64>,
}

impl Limits {
    /// A time limit only.
    #[must_use]
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// A depth limit only.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// These limits at `level`, with `seed` (none: a fresh one each move).
    #[must_use]
    pub fn at_level(self, level: Level, seed: Option<u64>) -> Limits {
        Limits {
            level: Some(level),
            seed,
            ..self
        }
    }

    /// The level asked for, unless it is full strength (none or 10).
    #[must_use]
    pub fn weaker_level(&self) -> Option<Level> {
        self.level.filter(|l| !l.is_full())
    }
}

/// What an engine found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M> {
    /// The move to play; `None` only when the game is over.
    pub best: Option<M>,
    /// Every move as good as `best`, when the engine knows them (an exact
    /// solver on a tie); otherwise just `best`.
    pub ties: Vec<M>,
    /// The score for the player to move, in the engine's own units (see
    /// `score_text` for words), if it has one.
    pub score: Option<i32>,
    /// The score in words, as the game says it: `win in 3`, `draw`,
    /// `loss in 4`, or a heuristic number.
    pub score_text: String,
    /// Whether `score` is the position's exact game-theoretic value.
    pub exact: bool,
    /// The last depth searched to the end (0 for a lookup or a book).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The level played, when one was asked for ([`Limits::level`]).
    pub level: Option<Level>,
    /// The seed of the level's draw, when the move was drawn.
    pub seed: Option<u64>,
    /// What the engine says of its move, in words, when it says more than
    /// `score_text` (Connect Four's solver: `exact: win in 9 (score 3)`, or
    /// why the move is not exact).
    pub note: Option<String>,
}

impl<M: std::fmt::Display> Report<M> {
    /// The report with its moves in notation (as the registry's engines,
    /// the JSON API and the commands write them).
    #[must_use]
    pub fn to_strings(&self) -> Report<String> {
        Report {
            best: self.best.as_ref().map(ToString::to_string),
            ties: self.ties.iter().map(ToString::to_string).collect(),
            score: self.score,
            score_text: self.score_text.clone(),
            exact: self.exact,
            depth: self.depth,
            nodes: self.nodes,
            elapsed: self.elapsed,
            level: self.level,
            seed: self.seed,
            note: self.note.clone(),
        }
    }
}

impl<M> Report<M> {
    /// Positions visited per second.
    #[must_use]
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The report for a finished game: no move.
    #[must_use]
    pub fn game_over(text: impl Into<String>) -> Report<M> {
        Report {
            best: None,
            ties: Vec::new(),
            score: None,
            score_text: text.into(),
            exact: true,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            level: None,
            seed: None,
            note: None,
        }
    }
}

/// A player that finds a move for any position of `G`. An engine keeps what
/// it learns between calls (tables, history), so one engine serves one
/// thread; make one per thread.
pub trait Engine<G: Game>: Send {
    /// A short name: `perfect`, `solver`, `alpha-beta`.
    fn name(&self) -> &'static str;

    /// The best move for the player to move in `pos`, within `limits`.
    fn think(&mut self, pos: &G, limits: Limits) -> Report<G::Move>;

    /// Stops the searches once `cancel` is set (as if their time were up):
    /// a server stops the search of a client that went away. Engines whose
    /// moves are instant ignore it.
    fn set_cancel(&mut self, cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        let _ = cancel;
    }
}

/// The longest time a search may be given: a day.
pub const MAX_TIME: Duration = Duration::from_secs(86_400);

/// A time to think from text: `1s`, `250ms`, `0.1s` or `2` (seconds), more
/// than 0 and at most [`MAX_TIME`] (the time syntax of every command).
///
/// # Errors
///
/// Names the text and the form it should have.
pub fn parse_time(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else {
        (t, 1.0)
    };
    match number.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v * scale <= MAX_TIME.as_secs_f64() => {
            Ok(Duration::from_secs_f64(v * scale))
        }
        _ => Err(format!(
            "{:?} is not a positive time of at most a day (86400s), such as 1s, 250ms or 0.1s",
            crate::excerpt(text)
        )),
    }
}

/// The deepest search any surface asks for: 200 plies (the command's
/// `--depth`, the API's `depth=`, Python's `depth=`).
pub const MAX_DEPTH: u32 = 200;

/// The most threads one command or call starts: 256. More would not make
/// any search faster, and a system refuses to start some number of them.
pub const MAX_THREADS: usize = 256;

/// A whole number of `1..=max` from text, or an error naming `what`, the
/// text and the range.
fn whole_number_in(text: &str, what: &str, max: u64) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| {
            format!(
                "{what} `{}` is not a whole number in 1..={max}",
                crate::excerpt(text)
            )
        })
}

/// A search depth from text: a whole number of plies, 1 to [`MAX_DEPTH`].
///
/// # Errors
///
/// Names the text and the range.
pub fn parse_depth(text: &str) -> Result<u32, String> {
    whole_number_in(text, "depth", MAX_DEPTH.into()).map(|d| d as u32)
}

/// A thread count from text: a whole number, 1 to [`MAX_THREADS`].
///
/// # Errors
///
/// Names the text and the range.
pub fn parse_threads(text: &str) -> Result<usize, String> {
    whole_number_in(text, "threads", MAX_THREADS as u64).map(|n| n as usize)
}

/// The generic engine: alpha-beta negamax (see [`crate::tools::negamax()`])
/// deepened one ply at a time until the depth limit, the time limit, or a
/// forced result. With no limit it searches 4 plies. Its evaluation is the
/// game's (for a game without one, `|_| 0`).
pub struct Negamax<E> {
    eval: E,
}

impl<E> Negamax<E> {
    /// The engine with this evaluation.
    pub fn new(eval: E) -> Negamax<E> {
        Negamax { eval }
    }
}

/// The depth [`Negamax`] searches when no limit is given.
pub const DEFAULT_DEPTH: u32 = 4;

impl<G: Game, E: Evaluator<G> + Send> Engine<G> for Negamax<E> {
    fn name(&self) -> &'static str {
        "alpha-beta"
    }

    fn think(&mut self, pos: &G, limits: Limits) -> Report<G::Move> {
        let started = Instant::now();
        let outcome = pos.outcome();
        if outcome.is_over() {
            return Report::game_over(outcome.to_string());
        }
        if let Some(level) = limits.weaker_level() {
            return self.think_at_level(pos, limits, level);
        }
        let max_depth = match (limits.depth, limits.time) {
            (Some(d), _) => d.max(1),
            (None, Some(_)) => MAX_DEPTH,
            (None, None) => DEFAULT_DEPTH,
        };
        let deadline = limits.time.map(|t| started + t);
        let mut report = Report {
            best: pos.legal_moves().first().copied(),
            ties: Vec::new(),
            score: None,
            score_text: String::new(),
            exact: false,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            level: None,
            seed: None,
            note: None,
        };
        for depth in 1..=max_depth {
            let window = (-WIN_SCORE - 1, WIN_SCORE + 1);
            let found = match deadline {
                None => negamax::negamax(pos, depth, window.0, window.1, &mut self.eval),
                Some(d) => {
                    match negamax::negamax_until(pos, depth, window.0, window.1, &mut self.eval, d)
                    {
                        Some(found) => found,
                        // The time ran out within this depth: the last one stands.
                        None => break,
                    }
                }
            };
            report.nodes += found.nodes;
            report.best = found.best.or(report.best);
            report.score = Some(found.score);
            report.depth = depth;
            // A forced result is exact: deeper search cannot change it.
            report.exact = negamax::plies_to_end(found.score).is_some();
            if report.exact || deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            // Stop early when the next depth would likely not finish in time
            // (each depth costs at least as much as the one before).
            if let Some(d) = deadline {
                let spent = started.elapsed();
                if Instant::now() + spent > d {
                    break;
                }
            }
        }
        report.ties = report.best.into_iter().collect();
        report.score_text = report
            .score
            .map(negamax::score_to_string)
            .unwrap_or_default();
        report.elapsed = started.elapsed();
        report.level = limits.level;
        report
    }
}

impl<E> Negamax<E> {
    /// Level 0: a random move; level n from 1 to 9: a search of n plies
    /// (within the time limit, if any).
    fn think_at_level<G: Game>(&mut self, pos: &G, limits: Limits, level: Level) -> Report<G::Move>
    where
        Negamax<E>: Engine<G>,
    {
        if level.is_random() {
            return level::random_report(pos, limits);
        }
        let depth = u32::from(level.number());
        let mut r = self.think(
            pos,
            Limits {
                depth: Some(depth),
                level: None,
                ..limits
            },
        );
        r.score_text = format!("{} (level {level}: a {depth}-ply search)", r.score_text);
        r.level = Some(level);
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tictactoe;

    #[test]
    fn negamax_finds_the_tictactoe_win_and_reports_it_exact() {
        // X to move with two in a row: the third square wins at once.
        let pos: tictactoe::Position = "1425".parse().unwrap();
        let mut engine = Negamax::new(|_: &tictactoe::Position| 0);
        let r = engine.think(&pos, Limits::depth(3));
        assert_eq!(r.best.map(|m| m.to_string()), Some("3".to_string()));
        assert_eq!(r.score_text, "win in 1");
        assert!(r.exact);
        assert_eq!(r.depth, 1, "a forced win stops the deepening");
        assert!(r.nodes > 0);
    }

    #[test]
    fn negamax_without_limits_searches_the_default_depth() {
        let pos = tictactoe::Position::default();
        let r = Negamax::new(|_: &tictactoe::Position| 0).think(&pos, Limits::default());
        assert_eq!(r.depth, DEFAULT_DEPTH);
        assert!(!r.exact, "4 plies of an empty board prove nothing");
        assert_eq!(r.score, Some(0));
    }

    /// A search past its deadline gives up and says so, rather than
    /// answering from half a tree; within it, it answers as without one.
    #[test]
    fn a_search_gives_up_at_its_deadline() {
        let pos = tictactoe::Position::default();
        let mut eval = |_: &tictactoe::Position| 0;
        let now = Instant::now();
        assert_eq!(
            negamax::negamax_until(&pos, 9, -WIN_SCORE, WIN_SCORE, &mut eval, now),
            None
        );
        let later = now + Duration::from_secs(3600);
        assert_eq!(
            negamax::negamax_until(&pos, 4, -WIN_SCORE, WIN_SCORE, &mut eval, later),
            Some(negamax::negamax(&pos, 4, -WIN_SCORE, WIN_SCORE, &mut eval))
        );
    }

    #[test]
    fn the_generic_engine_plays_levels() {
        let mut engine = Negamax::new(|_: &tictactoe::Position| 0);
        let start = tictactoe::Position::default();
        let level = |n| Level::new(n).unwrap();
        // Level 0: every square, drawn by the seed.
        let squares: std::collections::HashSet<_> = (0..200)
            .map(|seed| engine.think(&start, Limits::default().at_level(level(0), Some(seed))))
            .map(|r| r.best.unwrap())
            .collect();
        assert_eq!(squares.len(), 9);
        // Level 3: a 3-ply search, which finds the win in 1.
        let pos: tictactoe::Position = "1425".parse().unwrap();
        let r = engine.think(&pos, Limits::default().at_level(level(3), None));
        assert_eq!(r.best.map(|m| m.to_string()), Some("3".to_string()));
        assert_eq!(r.score_text, "win in 1 (level 3: a 3-ply search)");
        assert_eq!(r.level, Some(level(3)));
    }

    #[test]
    fn depths_and_thread_counts_outside_their_range_are_refused_by_name() {
        assert_eq!(parse_depth(" 7 "), Ok(7));
        assert_eq!(parse_depth("200"), Ok(200));
        assert_eq!(
            parse_depth("0"),
            Err("depth `0` is not a whole number in 1..=200".to_string())
        );
        assert_eq!(
            parse_depth("201"),
            Err("depth `201` is not a whole number in 1..=200".to_string())
        );
        assert_eq!(
            parse_depth("99999999999999999999"),
            Err("depth `99999999999999999999` is not a whole number in 1..=200".to_string())
        );
        assert_eq!(parse_threads("256"), Ok(256));
        assert_eq!(
            parse_threads("100000"),
            Err("threads `100000` is not a whole number in 1..=256".to_string())
        );
        assert_eq!(
            parse_threads("0"),
            Err("threads `0` is not a whole number in 1..=256".to_string())
        );
        assert_eq!(
            parse_threads("-1"),
            Err("threads `-1` is not a whole number in 1..=256".to_string())
        );
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let pos: tictactoe::Position = "14253".parse().unwrap();
        assert!(pos.outcome().is_over());
        let r = Negamax::new(|_: &tictactoe::Position| 0).think(&pos, Limits::depth(2));
        assert_eq!(r.best, None);
        assert_eq!(r.score_text, "player 1 wins");
    }
}
