//! Santorini: the bitboard tutorial's move-to sets and BFS distances on a 7x7
//! padded bitboard, then the full base game (placement, move, build) with
//! notation, perft and a search engine.
//!
//! - [`bitboard`]: the padded `u64` board, the valid mask `V`, neighbourhoods.
//! - [`instance`]: the tutorial's text instances `(1,2) [25 levels]`, the level
//!   bitboards `L0..L3`, and the tutorial's random instance generator.
//! - [`reach`]: `M(i)`, `M(X)` and BFS distances by frontiers.
//! - [`naive`]: the naive twins (loops with bounds checks, BFS with a queue, a
//!   move generator on a level array).
//! - [`naive_gods`]: the naive twin of the ten simple gods' powers: every
//!   position one turn later, and the canonical position text.
//! - [`game`]: the full game as a [`crate::Game`]: [`Position`], [`Move`].
//! - [`notation`]: santorini-ai's position and move notation.
//! - [`eval`]: the static evaluation: its terms, the linear evaluation and
//!   the network.
//! - [`search`]: the engine (alpha-beta, iterative deepening, table, time
//!   limit) over that evaluation.
//! - [`players`]: the random and greedy players, random starts.
//! - [`steps`]: a turn as the steps a player takes to make it.

mod actions;
pub mod bitboard;
mod build_text;
pub mod eval;
pub mod game;
pub mod gods;
mod heaps;
pub mod instance;
mod legality;
mod move_text;
mod moves;
pub mod naive;
pub mod naive_gods;
pub mod notation;
pub mod players;
mod powers;
pub mod reach;
mod registered;
pub mod search;
pub mod steps;

pub use actions::{END_TURN, GO_ON, MAX_SPELLING, NUM_GOD_ACTIONS};
pub use bitboard::{Bitboard, Space};
pub use game::{Move, PlayError, Position};
pub use gods::{BannedPair, God, UnknownGod};
pub use instance::{Instance, InstanceError, Levels};
pub use notation::NotationError;
pub use steps::Step;
