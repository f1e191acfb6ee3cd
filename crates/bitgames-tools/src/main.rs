//! `bitgames-tools`: the research commands, out of the product command
//! `bitgames`: John Tromp's table of Connect Four board sizes solved and
//! journaled (`connect4 sizes`), the solver's benchmark on Pons' test sets
//! (`connect4 bench`), and the table of criterion's benchmark results
//! (`bench-table`).

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod bench_table;
mod connect4;
mod format;
mod santorini_bench;

/// The research commands of bitgames: Tromp's table, the solver's benchmark, the benchmark table.
#[derive(Parser)]
#[command(name = "bitgames-tools", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Connect Four: Tromp's table of board sizes, the benchmark on Pons' test sets.
    #[command(subcommand)]
    Connect4(connect4::Command),
    /// The benchmark table from criterion's results (`cargo bench -p bitgames-bench` first):
    /// median per iteration and per element, and the speed-up over each group's naive twin;
    /// with Santorini's groups, also the search's nodes per second.
    BenchTable {
        /// Only groups whose names start with these (e.g. `tictactoe`, `c4`, `santorini`).
        groups: Vec<String>,
        /// Criterion's output folder (default: `$CRITERION_DIR`, else `target/criterion`).
        #[arg(long, value_name = "DIR")]
        criterion: Option<std::path::PathBuf>,
    },
}

fn main() -> ExitCode {
    let result: anyhow::Result<ExitCode> = match Cli::parse().command {
        Command::Connect4(c) => connect4::run(c),
        Command::BenchTable { groups, criterion } => {
            let dir = criterion.unwrap_or_else(bench_table::default_dir);
            bench_table::read(&dir, &groups).map(|g| {
                bench_table::print(&g);
                santorini_bench::print_notes(&g);
                ExitCode::SUCCESS
            })
        }
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("bitgames-tools: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
