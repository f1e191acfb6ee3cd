//! `bitgames santorini ...`: the tutorial's move-to and distances, perft,
//! the search engine, a terminal game and engine matches.

use crate::cli_util::input_lines;
use bitgames::santorini::naive::{distances_instance_naive, move_to_instance_naive};
use bitgames::santorini::reach::{
    distances_instance, format_distances, format_spaces, move_to_instance,
};
use bitgames::santorini::search::{Engine, Limits, greedy_move, random_move, score_text};
use bitgames::santorini::{Instance, Move, Position};
use bitgames::tools::{perft_divide_parallel, perft_parallel};
use bitgames::{Game, Player};
use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rayon::prelude::*;
use std::io::BufRead;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use std::time::Instant;

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
        /// Search exactly this many plies instead.
        #[arg(long, short, conflicts_with = "time")]
        depth: Option<u32>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
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
        /// Search exactly this many plies per engine move instead.
        #[arg(long, short)]
        depth: Option<u32>,
        /// Start from this position instead of the empty board.
        #[arg(long, short, allow_hyphen_values = true)]
        position: Option<String>,
    },
    /// Engine matches: against a random player and a greedy one-ply player,
    /// alternating colours, games shared out over every core.
    Match {
        /// Games against each opponent.
        #[arg(long, short, default_value_t = 10)]
        games: u32,
        /// The engine's time per move.
        #[arg(long, short, default_value = "100ms", value_parser = crate::cli_util::parse_duration)]
        time: Duration,
        /// Random seed of the opponents' choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Print the benchmark table (medians and ratios) from the results of
    /// `cargo bench -p bitgames --bench santorini`.
    BenchTable {
        /// Criterion's output folder.
        #[arg(long, default_value = "target/criterion")]
        criterion: PathBuf,
    },
}

/// Runs a Santorini subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::MoveTo { naive, files } => batch(&files, |inst| {
            let spaces = if naive {
                move_to_instance_naive(inst)
            } else {
                move_to_instance(inst)
            };
            format_spaces(&spaces)
        }),
        Command::Distances { naive, files } => batch(&files, |inst| {
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
            depth,
        } => {
            let pos = parse_position(position.as_deref())?;
            let started = Instant::now();
            let spinner = ProgressBar::new_spinner();
            spinner.set_message(format!("perft {depth} on every core"));
            spinner.enable_steady_tick(Duration::from_millis(200));
            let count = if divide && depth > 0 {
                let split = perft_divide_parallel(&pos, depth);
                spinner.suspend(|| {
                    for (mv, count) in &split {
                        println!("{mv} {count}");
                    }
                });
                split.iter().map(|(_, c)| c).sum()
            } else {
                perft_parallel(&pos, depth)
            };
            spinner.finish_and_clear();
            let secs = started.elapsed().as_secs_f64();
            println!("{count}");
            eprintln!(
                "perft {depth}: {count} in {secs:.3} s ({:.1} M leaves/s)",
                count as f64 / secs.max(1e-9) / 1e6
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Bestmove {
            position,
            time,
            depth,
            json,
        } => bestmove(&position, time, depth, json),
        Command::Play {
            human,
            time,
            depth,
            position,
        } => play(human, time, depth, position.as_deref()),
        Command::Match { games, time, seed } => run_match(games, time, seed),
        Command::BenchTable { criterion } => bench_table(&criterion),
    }
}

fn limits(time: Option<Duration>, depth: Option<u32>) -> Limits {
    match depth {
        Some(d) => Limits {
            depth: Some(d),
            time: None,
        },
        None => Limits {
            depth: None,
            time: Some(time.unwrap_or(Duration::from_secs(1))),
        },
    }
}

fn bestmove(
    position: &str,
    time: Option<Duration>,
    depth: Option<u32>,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let pos = parse_position(Some(position))?;
    if pos.outcome().is_over() {
        anyhow::bail!("the game is over ({})", pos.outcome());
    }
    let report = Engine::default().search(&pos, limits(time, depth));
    let best = report.best.expect("an ongoing game has a move");
    if json {
        let value = serde_json::json!({
            "best": best.to_string(),
            "score": report.score,
            "score_text": score_text(report.score),
            "depth": report.depth,
            "nodes": report.nodes,
            "nodes_per_second": report.nodes_per_second().round() as u64,
            "time_ms": report.elapsed.as_secs_f64() * 1e3,
        });
        println!("{value}");
    } else {
        println!(
            "bestmove {best} score {} depth {} nodes {} nps {:.0} time {:.3}s",
            score_text(report.score),
            report.depth,
            report.nodes,
            report.nodes_per_second(),
            report.elapsed.as_secs_f64()
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn play(
    human: u8,
    time: Duration,
    depth: Option<u32>,
    position: Option<&str>,
) -> anyhow::Result<ExitCode> {
    let human = Player::from_number(human).expect("1 or 2");
    let mut pos = parse_position(position)?;
    let mut engine = Engine::default();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!(
        "You are player {human}. Moves: A1,B2 (place), C4>B4^B5 (move, build), A1>B2# (win); q quits."
    );
    println!("Each space shows its level (4 = dome) and its worker: 1, 2, or '.' for none.");
    loop {
        println!("\n{}{pos}", pos.diagram());
        let outcome = pos.outcome();
        if outcome.is_over() {
            let verdict = if outcome.winner() == Some(human) {
                "you win"
            } else {
                "the engine wins"
            };
            println!("{outcome}: {verdict}");
            return Ok(ExitCode::SUCCESS);
        }
        if pos.to_move() == human {
            print!("your move> ");
            std::io::stdout().flush()?;
            let Some(line) = lines.next() else {
                println!();
                anyhow::bail!("input ended before the game did");
            };
            let line = line?;
            let text = line.trim();
            if text.is_empty() {
                continue;
            }
            if text.eq_ignore_ascii_case("q") {
                println!("Game abandoned at {pos}.");
                return Ok(ExitCode::SUCCESS);
            }
            match text.parse::<Move>() {
                Ok(mv) => {
                    if let Err(e) = pos.play(mv) {
                        println!("illegal move {text}: {e}");
                    }
                }
                Err(e) => println!("{e}"),
            }
        } else {
            let report = engine.search(&pos, limits(Some(time), depth));
            let mv = report.best.expect("an ongoing game has a move");
            println!(
                "engine plays {mv} (score {}, depth {}, {} nodes)",
                score_text(report.score),
                report.depth,
                report.nodes
            );
            pos.play(mv)?;
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Opponent {
    Random,
    Greedy,
}

/// Plays one game; returns whether the engine won and the moves played.
fn match_game(
    opponent: Opponent,
    engine_player: Player,
    time: Duration,
    seed: u64,
) -> (bool, Vec<Move>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut engine = Engine::default();
    let mut pos = Position::new();
    let mut played = Vec::new();
    while !pos.outcome().is_over() {
        let mv = if pos.to_move() == engine_player {
            engine.search(&pos, limits(Some(time), None)).best
        } else {
            match opponent {
                Opponent::Random => random_move(&pos, &mut rng),
                Opponent::Greedy => greedy_move(&pos, &mut rng),
            }
        };
        let mv = mv.expect("an ongoing game has a move");
        pos.play_unchecked(mv);
        played.push(mv);
    }
    (pos.outcome().winner() == Some(engine_player), played)
}

fn run_match(games: u32, time: Duration, seed: u64) -> anyhow::Result<ExitCode> {
    let jobs: Vec<(Opponent, u32)> = [Opponent::Random, Opponent::Greedy]
        .into_iter()
        .flat_map(|o| (0..games).map(move |g| (o, g)))
        .collect();
    let bar = ProgressBar::new(jobs.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed_precise}")
            .expect("valid template"),
    );
    let results: Vec<(Opponent, u32, bool, Vec<Move>)> = jobs
        .par_iter()
        .map(|&(opponent, g)| {
            // Alternate colours: even games the engine is player 1.
            let engine_player = if g % 2 == 0 { Player::One } else { Player::Two };
            let (won, moves) = match_game(
                opponent,
                engine_player,
                time,
                seed ^ (g as u64) << 8 ^ opponent as u64,
            );
            bar.inc(1);
            (opponent, g, won, moves)
        })
        .collect();
    bar.finish_and_clear();
    println!(
        "engine at {:.3}s per move, {games} games per opponent, colours alternating",
        time.as_secs_f64()
    );
    for (opponent, name) in [
        (Opponent::Random, "random"),
        (Opponent::Greedy, "greedy one-ply"),
    ] {
        let mine: Vec<_> = results.iter().filter(|r| r.0 == opponent).collect();
        let wins = mine.iter().filter(|r| r.2).count();
        let as_first = mine.iter().filter(|r| r.2 && r.1 % 2 == 0).count();
        let plies: usize = mine.iter().map(|r| r.3.len()).sum();
        println!(
            "vs {name:<15} wins {wins:>3}  losses {:>3}  ({as_first} of the wins as player 1, {:.1} moves per game)",
            mine.len() - wins,
            plies as f64 / mine.len().max(1) as f64
        );
    }
    for (opponent, g, won, moves) in &results {
        if !won {
            let name = if *opponent == Opponent::Random {
                "random"
            } else {
                "greedy"
            };
            let side = if g % 2 == 0 { 1 } else { 2 };
            let text: Vec<String> = moves.iter().map(Move::to_string).collect();
            println!("lost vs {name}, engine player {side}: {}", text.join(" "));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Answers every good line in input order; reports bad lines on stderr.
fn batch(files: &[PathBuf], answer: impl Fn(&Instance) -> String) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut bad = 0usize;
    for (source, number, line) in input_lines(files)? {
        match line.and_then(|l| l.parse::<Instance>().map_err(|e| e.to_string())) {
            Ok(inst) => writeln!(out, "{}", answer(&inst))?,
            Err(e) => {
                out.flush()?;
                eprintln!("bitgames: error: {source}: line {number}: {e}");
                bad += 1;
            }
        }
    }
    out.flush()?;
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The position given on the command line, or the empty board.
/// A position, or the start (the empty board, player 1 to place) for none or `-`.
fn parse_position(text: Option<&str>) -> anyhow::Result<Position> {
    match text.map(str::trim) {
        None | Some("-") => Ok(Position::new()),
        Some(t) => t
            .parse()
            .map_err(|e| anyhow::anyhow!("bad position {:?}: {e}", bitgames::excerpt(t))),
    }
}

/// The median of one criterion benchmark, in nanoseconds.
fn median_ns(dir: &std::path::Path, group: &str, function: &str) -> anyhow::Result<f64> {
    let path = dir.join(group).join(function).join("new/estimates.json");
    let text = std::fs::read_to_string(&path).map_err(|e| {
        anyhow::anyhow!(
            "cannot read {}: {e} (run `cargo bench -p bitgames --bench santorini` first)",
            path.display()
        )
    })?;
    let v: serde_json::Value = serde_json::from_str(&text)?;
    v["median"]["point_estimate"]
        .as_f64()
        .ok_or_else(|| anyhow::anyhow!("{}: no median", path.display()))
}

fn bench_table(dir: &std::path::Path) -> anyhow::Result<ExitCode> {
    let m = |g: &str, f: &str| median_ns(dir, g, f);
    println!("| benchmark | median | per instance | speed-up over naive | tutorial (Haskell) |");
    println!("|---|---|---|---|---|");
    let naive = m("santorini_move_to", "naive")?;
    for (f, label, tutorial) in [
        ("naive", "move-to, naive (100,000 instances)", "1x"),
        (
            "bitboard_incl_conversions",
            "move-to, bitboard incl. conversions",
            "-",
        ),
        ("bitboard_core", "move-to, bitboard core", "~25x"),
    ] {
        let t = m("santorini_move_to", f)?;
        println!(
            "| {label} | {} | {} | {:.1}x | {tutorial} |",
            crate::format::human_ns(t),
            crate::format::human_ns(t / 100_000.0),
            naive / t
        );
    }
    let naive = m("santorini_distances", "naive")?;
    for (f, label, tutorial) in [
        ("naive", "distances, naive (10,000 instances)", "1x"),
        ("bitboard", "distances, bitboard", "~6x"),
    ] {
        let t = m("santorini_distances", f)?;
        println!(
            "| {label} | {} | {} | {:.1}x | {tutorial} |",
            crate::format::human_ns(t),
            crate::format::human_ns(t / 10_000.0),
            naive / t
        );
    }
    println!();
    println!("| game benchmark (one core) | median | speed | speed-up over naive |");
    println!("|---|---|---|---|");
    let naive = m("santorini_perft3", "naive")?;
    for (f, label) in [
        ("naive", "perft 3, naive generator"),
        ("bitboard", "perft 3, bitboard"),
    ] {
        let t = m("santorini_perft3", f)?;
        println!(
            "| {label} (350,208 leaves) | {} | {:.1} M leaves/s | {:.1}x |",
            crate::format::human_ns(t),
            350_208.0 / t * 1e3,
            naive / t
        );
    }
    let t = m("santorini_search", "depth5")?;
    let pos: Position = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2".parse()?;
    let nodes = Engine::default()
        .search(
            &pos,
            Limits {
                depth: Some(5),
                time: None,
            },
        )
        .nodes;
    println!(
        "| search depth 5 ({nodes} nodes) | {} | {:.2} M nodes/s | |",
        crate::format::human_ns(t),
        nodes as f64 / t * 1e3
    );
    Ok(ExitCode::SUCCESS)
}
