//! The library's integration tests, one binary (one link instead of one per
//! file): each module is a former `tests/*.rs` file.

mod conformance;
mod connect4_core;
mod connect4_sets;
mod connect4_sizes;
mod connect4_wide;
mod connect4_wide_books;
mod levels;
mod preconditions;
mod santorini_game;
mod santorini_gods;
mod santorini_gods_builders;
mod santorini_gods_female;
mod santorini_gods_known;
mod santorini_gods_later;
mod santorini_gods_main;
mod santorini_gods_rules;
mod santorini_gods_workers;
mod santorini_net;
mod santorini_steps;
mod santorini_tutorial;
mod tictactoe;
mod toy;
