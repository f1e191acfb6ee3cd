//! `bitgames-lab`: the Santorini laboratory. Self-play games with their
//! search scores, deeper labels, the linear weights' fit, the network
//! trainer, node counts, in-process matches, the referee of matches between
//! engine programs and the networks' log loss on game results. See the
//! crate's README for each command.

mod data;
mod games;
mod matches;
mod net_loss;
mod nodes;
mod parse;
mod referee;
mod relabel;
mod train;
mod tune;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The Santorini laboratory: data, training and measurement of the engine's evaluation.
#[derive(Parser)]
#[command(name = "bitgames-lab", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Train a network on game files; write the best epoch's network to OUT.
    Train(train::Args),
    /// Self-play games of the engine from random starts, with each move's search score.
    Games(games::Args),
    /// Deeper labels: every quiet position of the games searched to a fixed
    /// depth, in resumable chunks.
    Relabel(relabel::Args),
    /// Fit the linear evaluation's weights to game results (logistic regression).
    Tune(tune::Args),
    /// Node counts and times of the engine's searches of a file's positions.
    Nodes(nodes::Args),
    /// A match between two players in this process, on every core.
    Match(matches::Args),
    /// A match between two engine programs, every move checked with our rules.
    ///
    /// Engines are commands (whitespace-separated words; a first word
    /// `bitgames` is the `bitgames` program beside this one, else the one on
    /// the `PATH`) that speak the line protocol of `bitgames santorini
    /// engine`: ours, santorini-ai's `uci`, the AlphaZero adapter. Starts:
    /// the four workers on random spaces, each start played twice with
    /// colours swapped. An illegal or unreadable move, output that is not
    /// JSON, an engine that exits or answers later than its time plus
    /// --grace loses the game. Prints each game, then wins-losses, score and
    /// the Elo difference with its 95 % interval.
    Referee(referee::Args),
    /// Networks' log loss against game results, beside the linear evaluation's.
    NetLoss(net_loss::Args),
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Referee(args) => referee::run(args),
        Command::Train(args) => train::run(&args),
        Command::Games(args) => games::run(&args),
        Command::Relabel(args) => relabel::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Nodes(args) => nodes::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::NetLoss(args) => net_loss::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
