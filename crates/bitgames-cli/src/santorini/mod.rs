//! `bitgames santorini ...`: the tutorial's move-to and distances, perft,
//! the search engine, a terminal game and the engine's line protocol. One
//! module per group: `tutorial` (move-to, distances), `perft`, `engine`
//! (bestmove, play), `protocol` (engine). (The referee of engine matches is
//! `bitgames-lab referee`; the benchmark table `bitgames-tools bench-table`.)

mod engine;
mod perft;
mod protocol;
mod tutorial;

use crate::levels::LevelArgs;
use bitgames::engine::Limits;
use bitgames::santorini::eval::Net;
use bitgames::santorini::naive::{distances_instance_naive, move_to_instance_naive};
use bitgames::santorini::reach::{
    distances_instance, format_distances, format_spaces, move_to_instance,
};
use bitgames::santorini::search::Engine;
use bitgames::santorini::{God, Position};
use clap::Subcommand;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// The Santorini subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// The spaces a worker may move to, one instance `(row,col) [25 levels]` per input line.
    ///
    /// Prints `[(1,1),(2,1),(2,3)]` per line (ascending row, col). Bad lines are
    /// reported on stderr with their line number; the others are still answered.
    MoveTo {
        /// Use the naive twin (loops over the 8 neighbours) instead of the bitboard.
        #[arg(long)]
        naive: bool,
        /// Input files (default: standard input; `-` is standard input).
        files: Vec<PathBuf>,
    },
    /// BFS distances from the worker to all 25 spaces, one instance per input line.
    ///
    /// Prints `[1,0,3,...]`, 25 entries in row-major order, `inf` where unreachable.
    Distances {
        /// Use the naive twin (BFS with a queue) instead of bitboard frontiers.
        #[arg(long)]
        naive: bool,
        /// Input files (default: standard input; `-` is standard input).
        files: Vec<PathBuf>,
    },
    /// The number of move sequences of `depth` moves (perft), counted on every core.
    ///
    /// A winning move counts as one move (no build); a finished game has no
    /// children. Also prints the time and the speed on stderr.
    Perft {
        /// The position (default: the empty board, player 1 to place),
        /// e.g. `0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2`.
        #[arg(long, short, allow_hyphen_values = true)]
        position: Option<String>,
        /// Also print the count under each first move (`<move> <count>`), in generation order.
        #[arg(long)]
        divide: bool,
        /// The gods, for a game from the start or from a position written
        /// without them: `apollo,pan` (player 1's first), or `random` (two of
        /// the ten at random).
        #[arg(long, value_parser = parse_gods)]
        gods: Option<GodChoice>,

        /// The number of moves.
        depth: u32,
    },
    /// The engine's best move in a position, with its score, depth, nodes and speed.
    Bestmove {
        /// The position, e.g. `0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2`;
        /// `-` is the start (the empty board, player 1 to place).
        #[arg(long, short, allow_hyphen_values = true)]
        position: String,
        /// Time to think, e.g. `1s`, `250ms`, `0.1s` (default 1s unless --depth is given).
        #[arg(long, short, value_parser = crate::cli_util::parse_duration)]
        time: Option<Duration>,
        /// Search exactly this many plies instead (1 to 200).
        #[arg(long, short, conflicts_with = "time", value_parser = bitgames::engine::parse_depth)]
        depth: Option<u32>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// The gods, for a game from the start or from a position written
        /// without them: `apollo,pan` (player 1's first), or `random` (two of
        /// the ten at random).
        #[arg(long, value_parser = parse_gods)]
        gods: Option<GodChoice>,
        #[command(flatten)]
        search: SearchArgs,
        #[command(flatten)]
        level: LevelArgs,
    },
    /// Play a game against the engine in the terminal (placement included).
    ///
    /// Type moves as `A1,B2` (place both workers), `C4>B4^B5` (move C4 to B4,
    /// build on B5) or `A1>B2#` (climb onto level 3 and win).
    Play {
        /// Which player you are: 1 (you place first) or 2.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
        human: u8,
        /// The engine's time per move.
        #[arg(long, short, default_value = "1s", value_parser = crate::cli_util::parse_duration)]
        time: Duration,
        /// Search exactly this many plies per engine move instead (1 to 200).
        #[arg(long, short, value_parser = bitgames::engine::parse_depth)]
        depth: Option<u32>,
        /// Start from this position instead of the empty board.
        #[arg(long, short, allow_hyphen_values = true)]
        position: Option<String>,
        /// The gods, for a game from the start or from a position written
        /// without them: `apollo,pan` (player 1's first), or `random` (two of
        /// the ten at random).
        #[arg(long, value_parser = parse_gods)]
        gods: Option<GodChoice>,
        #[command(flatten)]
        level: LevelArgs,
    },
    /// The engine behind santorini-ai's line protocol, for `bitgames-lab referee` and other programs.
    ///
    /// Reads `set_position <FEN>` (think, answer one `best_move` JSON line
    /// with `meta.action_str` the move), `set_time <seconds>`, `stop`, `ping`,
    /// `quit`; keeps its table across positions.
    Engine {
        /// The time per move until a `set_time` command changes it.
        #[arg(long, short, default_value = "0.5s", value_parser = crate::cli_util::parse_duration)]
        time: Duration,
        /// Transposition-table entries (a power of two is used).
        #[arg(long, default_value_t = 1 << 20, value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
        table: u64,
        #[command(flatten)]
        search: SearchArgs,
    },
}

/// Runs a Santorini subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::MoveTo { naive, files } => tutorial::batch(&files, |inst| {
            let spaces = if naive {
                move_to_instance_naive(inst)
            } else {
                move_to_instance(inst)
            };
            format_spaces(&spaces)
        }),
        Command::Distances { naive, files } => tutorial::batch(&files, |inst| {
            let d = if naive {
                distances_instance_naive(inst)
            } else {
                distances_instance(inst)
            };
            format_distances(&d)
        }),
        Command::Perft {
            position,
            divide,
            gods,
            depth,
        } => perft::run(&parse_position(position.as_deref(), gods)?, divide, depth),
        Command::Bestmove {
            position,
            time,
            depth,
            json,
            gods,
            search,
            level,
        } => engine::bestmove(
            &parse_position(Some(&position), gods)?,
            level.limits(limits(time, depth)),
            json,
            &search,
        ),
        Command::Play {
            human,
            time,
            depth,
            position,
            gods,
            level,
        } => engine::play(
            human,
            limits(Some(time), depth),
            level,
            parse_position(position.as_deref(), gods)?,
        ),
        Command::Engine {
            time,
            table,
            search,
        } => protocol::run(time, table as usize, &search),
    }
}

/// The engine's limits: `depth` plies if given, else `time` (1 s by default).
pub(crate) fn limits(time: Option<Duration>, depth: Option<u32>) -> Limits {
    match depth {
        Some(d) => Limits {
            depth: Some(d),
            time: None,
            ..Default::default()
        },
        None => Limits {
            depth: None,
            time: Some(time.unwrap_or(Duration::from_secs(1))),
            ..Default::default()
        },
    }
}

/// A value of `--gods`.
#[derive(Clone, Copy, Debug)]
pub enum GodChoice {
    /// Player 1's and player 2's.
    These([God; 2]),
    /// Two of the ten at random.
    Random,
}

/// `apollo,pan` or `random`.
fn parse_gods(text: &str) -> Result<GodChoice, String> {
    if text.trim() == "random" {
        return Ok(GodChoice::Random);
    }
    let (a, b) = text.split_once(',').ok_or_else(|| {
        format!(
            "{:?}: give two gods, player 1's first (apollo,pan), or random",
            bitgames::excerpt(text)
        )
    })?;
    let god = |t: &str| t.parse::<God>().map_err(|e| e.to_string());
    let pair = God::pair([god(a)?, god(b)?]).map_err(|e| e.to_string())?;
    Ok(GodChoice::These(pair))
}

/// A position, or the start (the empty board, player 1 to place) for none
/// or `-`; with `gods`, a game with these gods from there.
pub(crate) fn parse_position(
    text: Option<&str>,
    gods: Option<GodChoice>,
) -> anyhow::Result<Position> {
    let pos: Position = match text.map(str::trim) {
        None | Some("-") => Position::new(),
        Some(t) => t.parse().map_err(|e| {
            anyhow::anyhow!(
                "bad {} position `{}`: {e}",
                <Position as bitgames::registry::Registered>::PROSE_NAME,
                bitgames::excerpt(t)
            )
        })?,
    };
    let gods = match gods {
        None => return Ok(pos),
        Some(GodChoice::These(gods)) => gods,
        Some(GodChoice::Random) => {
            use rand::seq::IndexedRandom;
            let mut rng = rand::rng();
            [God::SIMPLE, God::SIMPLE].map(|g| *g.choose(&mut rng).expect("ten gods"))
        }
    };
    if pos.has_gods() {
        anyhow::bail!(
            "the position names its gods ({} and {}): --gods is for a position without them",
            pos.gods()[0],
            pos.gods()[1]
        );
    }
    Ok(pos.with_gods(gods)?)
}

/// The engine's settings, shared by `bestmove` and `engine`.
#[derive(clap::Args)]
pub struct SearchArgs {
    /// A network file (`bitgames-lab train` writes them) instead of the
    /// built-in network.
    #[arg(long, value_parser = read_net)]
    net: Option<Arc<Net>>,
}

impl SearchArgs {
    /// An engine with these settings and a table of `entries` slots.
    fn engine(&self, entries: usize) -> Engine {
        let engine = Engine::new(entries);
        match &self.net {
            Some(net) => engine.with_net(Arc::clone(net)),
            None => engine,
        }
    }
}

/// A value of `--net`: the network in this file.
fn read_net(file: &str) -> Result<Arc<Net>, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    Net::from_bytes(&bytes)
        .map(Arc::new)
        .map_err(|e| format!("{file}: {e}"))
}
