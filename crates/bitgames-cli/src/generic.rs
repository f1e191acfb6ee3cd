//! The subcommands every game has, derived from the registry
//! (`bitgames::registry::GAMES`): `games`, `legal`, `perft`, `playouts`,
//! `bestmove` and `check`. A game added to the registry gets them all with
//! no edit here. Their `--json` keys are the web API's (see
//! [`bitgames_api::generic::state_json`] and [`report_json`], which both use).

use crate::cli_util::parse_duration;
use crate::levels::LevelArgs;
use bitgames::engine::Limits;
use bitgames::registry::{self, DynGame};
use bitgames_api::generic::{report_json, state_json};
use clap::{Args, Subcommand};
use serde_json::json;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The generic subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// The games and their engines.
    Games {
        /// One JSON object a game.
        #[arg(long)]
        json: bool,
    },
    /// A position's legal moves (with their action indices) and status.
    Legal(PositionArgs),
    /// The number of move sequences of exactly DEPTH moves, on every core.
    Perft {
        #[command(flatten)]
        at: PositionArgs,
        /// Plies to count.
        #[arg(long, short)]
        depth: u32,
        /// Split the count by first move.
        #[arg(long)]
        divide: bool,
    },
    /// Random games to the end, on every core: wins, draws, mean length.
    Playouts {
        #[command(flatten)]
        at: PositionArgs,
        /// Games to play.
        #[arg(long, short, default_value_t = 10_000)]
        games: u64,
        /// The random seed (the same seed, the same games).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// The engine's move: best move, ties, score, depth, nodes.
    Bestmove {
        #[command(flatten)]
        at: PositionArgs,
        /// Think this long (`500ms`, `2s`, `1.5`; default 1 s, as the API's
        /// `/api/{game}/bestmove`).
        #[arg(long, value_parser = parse_duration)]
        time: Option<Duration>,
        /// Search this many plies, 1 to 200 (the exact solvers ignore it).
        #[arg(long, value_parser = bitgames::engine::parse_depth)]
        depth: Option<u32>,
        #[command(flatten)]
        level: LevelArgs,
    },
    /// The conformance suite: random games checked against the naive twin,
    /// action indices, the legal-action mask, refused moves, the engine.
    Check {
        /// A game's name, or `all`.
        game: String,
        /// Random games a game.
        #[arg(long, short, default_value_t = 100)]
        games: u64,
        /// The random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// A game, a position and moves played from it.
#[derive(Args)]
pub struct PositionArgs {
    /// The game: tictactoe, connect4, santorini (`bitgames games`).
    game: String,
    /// The position in the game's notation; `-` (the default) is the start.
    #[arg(default_value = "-", allow_hyphen_values = true)]
    position: String,
    /// Moves to play first, in the game's notation.
    #[arg(long = "moves", num_args = 1.., value_delimiter = ' ')]
    moves: Vec<String>,
    /// Print one JSON object (the web API's keys).
    #[arg(long)]
    json: bool,
}

impl PositionArgs {
    fn game(&self) -> anyhow::Result<&'static dyn DynGame> {
        Ok(registry::find(&self.game)?)
    }

    /// The position after the moves, in notation.
    fn position(&self, game: &dyn DynGame) -> anyhow::Result<String> {
        // The game's notation of the position, as the API writes it (a
        // Connect Four move string reaching the same grid may differ).
        let moves: Vec<&str> = self.moves.iter().map(String::as_str).collect();
        Ok(game.state(&self.position, &moves)?.position)
    }
}

pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Games { json } => {
            for g in registry::GAMES {
                let engine = g.engine();
                if json {
                    let v = json!({"game": g.name(), "title": g.title(), "players": g.players(), "start": g.start(), "engine": engine.name()});
                    println!("{v}");
                } else {
                    println!(
                        "{:<10} {:<12} engine: {}",
                        g.name(),
                        g.title(),
                        engine.name()
                    );
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Legal(at) => {
            let game = at.game()?;
            let moves: Vec<&str> = at.moves.iter().map(String::as_str).collect();
            let s = game.state(&at.position, &moves)?;
            if at.json {
                println!("{}", state_json(&s));
            } else {
                println!("{}", s.board.trim_end());
                println!(
                    "{} ({}), player {} to move",
                    s.status, s.position, s.to_move
                );
                let listed: Vec<String> = s
                    .legal_moves
                    .iter()
                    .zip(&s.actions)
                    .map(|(m, a)| format!("{m} ({a})"))
                    .collect();
                println!(
                    "{} legal moves (action): {}",
                    listed.len(),
                    listed.join(" ")
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Perft { at, depth, divide } => {
            let game = at.game()?;
            let position = at.position(game)?;
            let started = Instant::now();
            let (count, split) = if divide {
                let split = game.perft_divide(&position, depth)?;
                (split.iter().map(|(_, n)| n).sum(), split)
            } else {
                (game.perft(&position, depth)?, Vec::new())
            };
            let secs = started.elapsed().as_secs_f64();
            if at.json {
                let v = json!({
                    "game": game.name(), "position": position, "depth": depth, "perft": count,
                    "divide": split.iter().map(|(m, n)| json!({"move": m, "perft": n})).collect::<Vec<_>>(),
                    "time_ms": (secs * 1e4).round() / 10.0,
                });
                println!("{v}");
            } else {
                for (m, n) in &split {
                    println!("{m} {n}");
                }
                println!("{count}");
                eprintln!(
                    "perft {depth}: {count} in {secs:.3} s ({:.1} M leaves/s)",
                    count as f64 / secs.max(1e-9) / 1e6
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Playouts { at, games, seed } => {
            let game = at.game()?;
            let position = at.position(game)?;
            let started = Instant::now();
            let s = game.playouts(&position, games, seed)?;
            let secs = started.elapsed().as_secs_f64();
            if at.json {
                let v = json!({
                    "game": game.name(), "position": position, "games": s.games,
                    "wins": s.wins, "draws": s.draws, "mean_plies": s.mean_plies(),
                    "time_ms": (secs * 1e4).round() / 10.0,
                });
                println!("{v}");
            } else {
                println!(
                    "{} games: player 1 won {}, player 2 won {}, {} drawn; {:.2} plies a game",
                    s.games,
                    s.wins[0],
                    s.wins[1],
                    s.draws,
                    s.mean_plies()
                );
                eprintln!(
                    "{:.3} s ({:.0} games/s)",
                    secs,
                    s.games as f64 / secs.max(1e-9)
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Bestmove {
            at,
            time,
            depth,
            level,
        } => {
            let game = at.game()?;
            let position = at.position(game)?;
            let mut engine = game.engine();
            // The API's limits: its default time unless one is given.
            let time = time.or(Some(Duration::from_millis(
                bitgames_api::generic::DEFAULT_MS,
            )));
            let limits = level.limits(Limits {
                depth,
                time,
                ..Limits::default()
            });
            let r = engine.think(&position, limits)?;
            if at.json {
                println!(
                    "{}",
                    report_json(game.name(), &position, engine.name(), limits, &r)
                );
                return Ok(ExitCode::SUCCESS);
            }
            let Some(best) = &r.best else {
                anyhow::bail!("the game is over ({})", r.score_text);
            };
            println!(
                "bestmove {best} score {} ({}) depth {} nodes {} time {:.3}s engine {}",
                r.score_text,
                if r.exact { "exact" } else { "not exact" },
                r.depth,
                r.nodes,
                r.elapsed.as_secs_f64(),
                engine.name()
            );
            if r.ties.len() > 1 {
                println!("as good: {}", r.ties.join(" "));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Check { game, games, seed } => {
            let chosen: Vec<&dyn DynGame> = if game == "all" {
                registry::GAMES.to_vec()
            } else {
                vec![registry::find(&game)?]
            };
            for g in chosen {
                let started = Instant::now();
                let c = g.conformance(games, seed)?;
                println!(
                    "{}: ok, {} games, {} positions, {} moves played, {} illegal moves refused ({:.2} s)",
                    g.name(),
                    c.games,
                    c.positions,
                    c.moves,
                    c.refused,
                    started.elapsed().as_secs_f64()
                );
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}
