//! Connect Four's levels, from random to perfect: every column's exact
//! score (the book or the solver, as the engine finds it), then a column
//! drawn with weights that favour better scores more as the level rises
//! (a softmax, [`Level::temperature`]), as connect-four-ai's players do.
//!
//! - Level 0: a uniformly random column.
//! - Levels 1 to 9: the draw over the columns' values: a win 0.5 to 1 (the
//!   quickest), a draw 0, a loss -0.5 to -1 (the quickest).
//! - Level 10: the engine's perfect move ([`super::registered::Exact`]).
//!
//! Where the exact scores are not solved in time (a board without a deep
//! book, early in the game), the draw uses what was solved: each column's
//! win, draw or loss (values 0.75, 0, -0.75); where not even that was, it
//! plays the quick move with probability level / 10, else a random column.

use super::policy::{Basis, centre_first, choose_move};
use super::score::{Verdict, score_range};
use super::solver::Solver;
use super::{Column, Position};
use crate::Game;
use crate::engine::level::{LevelRng, Valued, fresh_seed, leveled_report, random_report};
use crate::engine::{Level, Limits, Report};
use crate::time::Instant;

/// The move at `level` (below 10; `limits` gives the seed) for `pos`,
/// the scores looked for until `deadline`. The engine ([`Exact`]) calls it
/// for a level below 10; a front end that keeps its own solver (its own
/// book, its threads) may call it directly.
///
/// [`Exact`]: super::registered::Exact
pub fn think_at_level(
    solver: &mut Solver,
    pos: &Position,
    limits: Limits,
    level: Level,
    deadline: Instant,
) -> Report<Column> {
    let started = Instant::now();
    if level.is_random() {
        return random_report(pos, limits);
    }
    let Ok(chosen) = choose_move(solver, pos, deadline) else {
        return Report::game_over(pos.outcome().to_string());
    };
    let (stones, cells) = (pos.moves_played(), pos.geometry().cells());
    let (min, max) = score_range(stones, cells);
    let reach = min.abs().max(max).max(1) as f64;
    let valued = |c: usize, score: i32| {
        let (value, text) = match chosen.basis {
            Basis::Exact { .. } => (
                f64::from(score.signum()) * (0.5 + 0.5 * f64::from(score.abs()) / reach),
                Verdict::strong(score, stones, cells)
                    .map_or_else(|e| e.to_string(), |v| v.to_string()),
            ),
            _ => (
                0.75 * f64::from(score.signum()),
                Verdict::weak(score).to_string(),
            ),
        };
        Valued {
            mv: Column(c as u8),
            value,
            score: Some(score),
            text,
        }
    };
    let moves: Vec<Valued<Column>> = centre_first(pos.geometry())
        .into_iter()
        .filter_map(|c| {
            chosen
                .scores
                .get(c)
                .copied()
                .flatten()
                .map(|s| valued(c, s))
        })
        .collect();
    let nodes = solver.stats().nodes;
    if moves.is_empty() {
        return quick_or_random(pos, chosen.column, limits, level, nodes, started);
    }
    leveled_report(&moves, limits, chosen.is_exact(), nodes, started)
}

/// Nothing solved in time: the quick move (column `quick`) with probability
/// level / 10, else a uniformly random column.
fn quick_or_random(
    pos: &Position,
    quick: usize,
    limits: Limits,
    level: Level,
    nodes: u64,
    started: Instant,
) -> Report<Column> {
    let seed = limits.seed.unwrap_or_else(fresh_seed);
    let mut rng = LevelRng::new(seed);
    let quick_wins = rng.below(usize::from(Level::MAX)) < usize::from(level.number());
    if !quick_wins {
        let mut r = random_report(pos, limits.at_level(Level::RANDOM, Some(rng.next_u64())));
        r.score_text =
            format!("unknown: a random move (level {level}, seed {seed}; not solved in time)");
        (r.level, r.seed, r.nodes) = (Some(level), Some(seed), nodes);
        return r;
    }
    Report {
        best: Some(Column(quick as u8)),
        ties: vec![Column(quick as u8)],
        score: None,
        score_text: format!(
            "unknown: the quick move (level {level}, seed {seed}; not solved in time)"
        ),
        exact: false,
        depth: 0,
        nodes,
        elapsed: started.elapsed(),
        level: Some(level),
        seed: Some(seed),
        note: None,
    }
}
