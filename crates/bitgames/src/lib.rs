//! # bitgames
//!
//! Fast, exact, verified bitboard game engines. Every game implements the one
//! [`Game`] trait (player to move, legal moves, play, outcome, notation, dense
//! actions), and the generic [`tools`] (perft, random playouts, negamax) work
//! over all of them. Every fast routine has a plain *naive twin* in the same
//! game folder: the oracle of the property tests and the baseline of the
//! benchmarks.
//!
//! The library does no I/O: it parses from `&str` and formats with `Display`.

#![warn(missing_docs)]

pub mod connect4;
pub mod engine;
mod excerpt;
pub mod game;
pub mod registry;
pub mod santorini;
pub mod tictactoe;
pub mod tools;

/// The clock of the searches' deadlines: `std::time::Instant`, except on
/// WebAssembly in a browser (`wasm32-unknown-unknown`), where the standard
/// one panics and `web_time::Instant` reads `performance.now()` instead.
pub mod time {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    pub use std::time::Instant;
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    pub use web_time::Instant;
}

pub use excerpt::{EXCERPT_CHARS, excerpt};
pub use game::{Game, Outcome, Player};

/// The crate's README, whose example runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
