//! The `bitgames` command: subcommand dispatch only; each game's subcommands
//! live in their own module.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cli_util;
mod connect4;
mod generic;
mod levels;
mod santorini;
mod serve;
mod tictactoe;

/// Fast, exact, verified bitboard game engines: tic-tac-toe, Connect Four and Santorini.
#[derive(Parser)]
#[command(name = "bitgames", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Tic-tac-toe: perfect analysis, counts, perft, a game against the perfect player.
    #[command(subcommand)]
    Tictactoe(tictactoe::Command),
    /// Connect Four: solve, analyse, play, count, opening books.
    #[command(subcommand)]
    Connect4(connect4::Command),
    /// Santorini: the tutorial's move-to sets and distances, perft, search, play, the engine protocol.
    #[command(subcommand)]
    Santorini(santorini::Command),
    /// The web app: play and analyse every game in the browser, with a JSON API under /api.
    Serve(serve::ServeArgs),
    #[command(flatten)]
    Generic(generic::Command),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The server writes to sockets: a peer that hangs up is an error there,
    // reported, not the end.
    if !matches!(cli.command, Command::Serve(_)) {
        end_quietly_on_closed_pipe();
    }
    let result: anyhow::Result<ExitCode> = match cli.command {
        Command::Tictactoe(cmd) => tictactoe::run(cmd),
        Command::Connect4(c) => connect4::run(c),
        Command::Santorini(c) => santorini::run(c),
        Command::Serve(args) => serve::run(args),
        Command::Generic(cmd) => generic::run(cmd),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("bitgames: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// A closed pipe (`bitgames legal santorini - --json | head -c 100`) ends the
/// command quietly, as `head` expects of any Unix tool. Rust starts every
/// program with SIGPIPE ignored, so printing to a closed pipe would panic
/// with a backtrace; the default action ends the process without a word
/// (status 141 in a shell, as `yes | head` gives).
fn end_quietly_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called at the start of `main`, before any other thread exists;
    // SIG_DFL is a valid disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
