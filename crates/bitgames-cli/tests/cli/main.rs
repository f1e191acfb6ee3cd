//! The command's and the server's integration tests, one binary (one link
//! instead of one per file): each module is a former `tests/*.rs` file. The
//! browser test stays a binary of its own (`tests/browser.rs`), so that
//! Chromium does not share the cores with these.

#[path = "../common/mod.rs"]
mod common;
mod connect4_books;
mod connect4_cli;
mod connect4_solve_cli;
mod connect4_wide_cli;
mod edges_cli;
mod generic_cli;
mod hardening_cli;
mod levels_cli;
mod santorini_cli;
mod serve_api;
mod serve_connect4;
mod serve_edges;
mod serve_gods;
mod serve_hardening;
mod serve_load;
mod tictactoe;
