//! Tools written once over the [`Game`](crate::Game) trait and used by every game.

pub mod negamax;
pub mod perft;
pub mod playout;

pub use negamax::{Evaluator, SearchResult, WIN_SCORE, negamax, score_to_string};
pub use perft::{
    GameCounts, count_games, distinct_positions_by_depth, perft, perft_by_depth, perft_divide,
    perft_parallel, reachable_positions,
};
pub use playout::{PlayoutStats, random_playout, random_playouts};
