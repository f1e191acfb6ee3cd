//! Santorini: the bitboard tutorial's move-to sets and BFS distances on a 7x7
//! padded bitboard, then the full base game (placement, move, build) with
//! notation, perft and a search engine.
//!
//! - [`bitboard`]: the padded `u64` board, the valid mask `V`, neighbourhoods.
//! - [`instance`]: the tutorial's text instances `(1,2) [25 levels]` and its random generator.
//! - [`reach`]: `M(i)`, `M(X)` and BFS distances by frontiers.
//! - [`naive`]: the naive twins (loops with bounds checks, BFS with a queue).

pub mod bitboard;
pub mod instance;
pub mod naive;
pub mod reach;

pub use bitboard::{Bitboard, Space};
pub use instance::{Instance, InstanceError, Levels};
pub mod game;
pub mod notation;

pub use game::{Move, PlayError, Position};
pub use notation::NotationError;
pub mod search;
