//! `--level` and `--seed`: the engine's strength in `bestmove` and `play`.
//! What a level means is each game's (the library's engine interface,
//! `bitgames::engine::level`); here they are only parsed and passed on.

use bitgames::engine::{Level, Limits};

/// The options of a weaker engine.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct LevelArgs {
    /// The engine's level, from 0 (a uniformly random legal move) to 10
    /// (full strength, the default). Tic-tac-toe and Connect Four draw
    /// among all moves, weighted by their exact scores, the better moves
    /// more likely as the level rises (9: nearly perfect); Santorini
    /// searches as many plies as the level.
    #[arg(long, value_name = "0..10", allow_hyphen_values = true)]
    pub level: Option<Level>,
    /// The seed of the level's random choices: the same seed, the same
    /// moves (default: a new one each move, named in the engine's report).
    #[arg(long, requires = "level")]
    pub seed: Option<u64>,
}

impl LevelArgs {
    /// `limits` with this level and seed.
    pub fn limits(self, limits: Limits) -> Limits {
        Limits {
            level: self.level,
            seed: self.seed,
            ..limits
        }
    }

    /// Whether a level below full strength was asked for.
    pub fn is_weaker(self) -> bool {
        self.level.is_some_and(|l| !l.is_full())
    }

    /// `limits` for the engine's move number `n` (0 first) of a game: the
    /// seed moves on by one a move, so that a game is repeatable and its
    /// moves differ (the report names each move's seed).
    pub fn limits_for_move(self, limits: Limits, n: u64) -> Limits {
        Limits {
            seed: self.seed.map(|s| s.wrapping_add(n)),
            ..self.limits(limits)
        }
    }
}
