//! `referee`: a match between two engine programs that speak the line
//! protocol of `bitgames santorini engine` (ours, an older build of ours,
//! santorini-ai's `uci`, the AlphaZero adapter), every move checked with our
//! rules.
//!
//! Starts: all four workers placed on random distinct spaces of the empty
//! board (player 1's pair, then player 2's), player 1 to move; each start is
//! played twice, colours swapped. Per move the referee sends
//! `set_time <seconds>` and `set_position <FEN>`, waits for a `best_move`
//! line whose trigger is `end_of_line` or `stop_flag`; at the move time it
//! sends `stop` and waits `grace` longer. A move that is unreadable or
//! illegal, output that is not JSON, an engine that exits or does not
//! answer within the time plus the grace loses the game.
//!
//! Elo: the score s = (wins + draws / 2) / games gives
//! Elo = -400 log10(1 / s - 1); the 95 % interval maps
//! s ± 1.96 sd / sqrt(games) through the same formula, where sd is the
//! standard deviation of the per-game scores (1, 1/2, 0). With no point
//! (or every point) scored the bound is one-sided: the score p with
//! (1 - p)^games = 0.05 (resp. p^games = 0.05), the exact binomial bound.

mod process;

use bitgames::santorini::players::{random_start, random_start_with, swap_sides};
use bitgames::santorini::{God, Position};
use bitgames::tools::elo::{SPRT_BOUND, elo_text, sprt_llr};
use bitgames::{Game, Outcome, Player};
use process::{Answer, EngineProcess, Fault};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Options of `referee`.
#[derive(clap::Args)]
pub struct Args {
    /// The first engine's command, e.g. `bitgames santorini engine`.
    #[arg(long)]
    engine1: String,
    /// The second engine's command.
    #[arg(long)]
    engine2: String,
    /// The first engine's name in the output.
    #[arg(long, default_value = "engine1")]
    name1: String,
    /// The second engine's name in the output.
    #[arg(long, default_value = "engine2")]
    name2: String,
    /// The number of games (each start is played twice).
    #[arg(long, short, default_value_t = 20)]
    games: u32,
    /// Time per move of both engines.
    #[arg(long, short, default_value = "0.5s", value_parser = crate::parse::duration)]
    time: Duration,
    /// Time per move of the first engine (default --time).
    #[arg(long, value_parser = crate::parse::duration)]
    time1: Option<Duration>,
    /// Time per move of the second engine (default --time).
    #[arg(long, value_parser = crate::parse::duration)]
    time2: Option<Duration>,
    /// How long past its time an engine may take to answer before it loses.
    #[arg(long, default_value = "1s", value_parser = crate::parse::duration)]
    grace: Duration,
    /// Seed of the random starts.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also write the games to this file, one JSON object a line.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Run an SPRT of Elo ELO0 against ELO1 (alpha = beta = 0.05), e.g.
    /// `0,50`, and stop once it decides (after a whole pair of games).
    #[arg(long, value_name = "ELO0,ELO1", value_parser = bitgames::tools::elo::parse_sprt)]
    sprt: Option<(f64, f64)>,
    /// Gods: the first engine's and the second's (each keeps its god when
    /// the colours swap), a god's name or `random` (drawn for each start),
    /// e.g. `pan,random`.
    #[arg(long, value_parser = parse_god_picks)]
    gods: Option<[GodPick; 2]>,
}

/// The referee's `--gods`: two of a god's name or `random`.
fn parse_god_picks(text: &str) -> Result<[GodPick; 2], String> {
    let (a, b) = text.split_once(',').ok_or_else(|| {
        format!(
            "{:?}: give the two engines' gods (pan,random)",
            bitgames::excerpt(text)
        )
    })?;
    let pick = |t: &str| match t.trim() {
        "random" => Ok(GodPick::Random),
        name => name
            .parse()
            .map(GodPick::This)
            .map_err(|e: bitgames::santorini::UnknownGod| e.to_string()),
    };
    Ok([pick(a)?, pick(b)?])
}

/// Plays the match of `args` and prints it.
pub fn run(args: Args) -> anyhow::Result<()> {
    play(&Settings {
        commands: [args.engine1, args.engine2],
        names: [args.name1, args.name2],
        times: [
            args.time1.unwrap_or(args.time),
            args.time2.unwrap_or(args.time),
        ],
        grace: args.grace,
        games: args.games,
        seed: args.seed,
        json: args.json,
        sprt: args.sprt,
        gods: args.gods,
    })
}

/// The referee's settings.
struct Settings {
    /// The two engines' commands (whitespace-separated words; a first word
    /// `bitgames` is the `bitgames` program beside this one, else the one
    /// on the `PATH`).
    pub commands: [String; 2],
    /// Their names in the output.
    pub names: [String; 2],
    /// Their time per move.
    pub times: [Duration; 2],
    /// How long past its time an engine may take to answer.
    pub grace: Duration,
    /// The number of games.
    pub games: u32,
    /// The seed of the random starts.
    pub seed: u64,
    /// A JSON-lines file of the games.
    pub json: Option<PathBuf>,
    /// A sequential probability ratio test of Elo `elo0` against `elo1`
    /// (alpha = beta = 0.05) that ends the match once decided.
    pub sprt: Option<(f64, f64)>,
    /// Each engine's god (it keeps its god when the colours swap), drawn
    /// for each start where random; `None`: the base game.
    pub gods: Option<[GodPick; 2]>,
}

/// An engine's god in a match: this one, or one of the ten drawn anew for
/// each start.
#[derive(Clone, Copy, Debug)]
pub enum GodPick {
    /// Always this god.
    This(God),
    /// One of the ten simple gods at random, for each start.
    Random,
}

/// ` (apollo)` after an engine's name in a game with gods.
fn god_text(god: God) -> String {
    if god == God::Mortal {
        String::new()
    } else {
        format!(" ({god})")
    }
}

/// One side's figures over some moves.
#[derive(Clone, Copy, Default)]
struct SideStats {
    moves: u32,
    seconds: f64,
    depth_sum: u64,
    depth_moves: u32,
    nodes: u64,
    node_seconds: f64,
}

impl SideStats {
    fn add(&mut self, a: &Answer) {
        self.moves += 1;
        self.seconds += a.elapsed.as_secs_f64();
        if let Some(d) = a.depth {
            self.depth_sum += d;
            self.depth_moves += 1;
        }
        if let Some(n) = a.nodes {
            self.nodes += n;
            self.node_seconds += a.engine_seconds.unwrap_or(a.elapsed.as_secs_f64());
        }
    }

    fn merge(&mut self, o: &SideStats) {
        self.moves += o.moves;
        self.seconds += o.seconds;
        self.depth_sum += o.depth_sum;
        self.depth_moves += o.depth_moves;
        self.nodes += o.nodes;
        self.node_seconds += o.node_seconds;
    }

    fn text(&self) -> String {
        let mut s = format!("{:.3}s/move", self.seconds / f64::from(self.moves.max(1)));
        if self.depth_moves > 0 {
            let _ = write!(
                s,
                " depth {:.1}",
                self.depth_sum as f64 / f64::from(self.depth_moves)
            );
        }
        if self.node_seconds > 0.0 {
            let _ = write!(
                s,
                " {:.2}M nodes/s",
                self.nodes as f64 / self.node_seconds / 1e6
            );
        }
        s
    }
}

fn open_json(path: &Path) -> anyhow::Result<std::fs::File> {
    std::fs::File::create(path)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", path.display()))
}

/// Plays the match and prints it.
fn play(s: &Settings) -> anyhow::Result<()> {
    let mut json = s.json.as_deref().map(open_json).transpose()?;
    let mut engines: [Option<EngineProcess>; 2] = [None, None];
    let mut rng = SmallRng::seed_from_u64(s.seed);
    let mut start = Position::new();
    // Each engine's god for this start.
    let mut gods = [God::Mortal; 2];
    let mut points = [0u32; 2]; // wins of engine 1, of engine 2
    let mut pairs = [0u32; 3]; // starts won twice by engine 1, by engine 2, split
    let mut pair_first = 0;
    let mut totals = [SideStats::default(); 2];
    println!(
        "match: {} ({:.3}s/move) vs {} ({:.3}s/move), {} games, random starts (seed {}), each start twice with colours swapped",
        s.names[0],
        s.times[0].as_secs_f64(),
        s.names[1],
        s.times[1].as_secs_f64(),
        s.games,
        s.seed
    );
    for game in 0..s.games {
        if game % 2 == 0 {
            start = random_start(&mut rng);
            if let Some(picks) = s.gods {
                gods = draw_gods(picks, &mut rng);
            }
            if gods.iter().any(|g| g.workers() != 2 || g.has_female()) {
                // A god with three workers (Graeae) or a female one: a start
                // of its own, each engine's workers its god's in both games.
                start = random_start_with(gods, &mut rng)?;
            }
        }
        // Engine index of player 1: engine 1 in even games.
        let first = (game % 2) as usize;
        let game_start = if gods.iter().all(|g| g.workers() == 2 && !g.has_female()) || first == 0 {
            start.with_gods([gods[first], gods[1 - first]])?
        } else {
            swap_sides(&start)
        };
        for (e, slot) in engines.iter_mut().enumerate() {
            if slot.is_none() {
                *slot = Some(EngineProcess::spawn(&s.commands[e])?);
            }
        }
        let mut pos = game_start;
        let mut moves: Vec<String> = Vec::new();
        let mut details: Vec<serde_json::Value> = Vec::new();
        let mut stats = [SideStats::default(); 2];
        let mut fault: Option<(usize, String)> = None;
        while !pos.outcome().is_over() {
            let e = if pos.to_move() == Player::One {
                first
            } else {
                1 - first
            };
            let engine = engines[e].as_mut().expect("spawned");
            match engine.ask(&pos, s.times[e], s.grace) {
                Ok(answer) => {
                    pos.play(answer.mv).expect("checked in read_answer");
                    moves.push(answer.mv.to_string());
                    details.push(serde_json::json!({
                        "seconds": (answer.elapsed.as_secs_f64() * 1e3).round() / 1e3,
                        "depth": answer.depth,
                        "score": answer.score,
                    }));
                    stats[e].add(&answer);
                }
                Err(f) => {
                    fault = Some((e, f.text()));
                    if matches!(f, Fault::Exited(_) | Fault::Timeout(_)) {
                        // Start it afresh for the next game.
                        engines[e] = None;
                    }
                    break;
                }
            }
        }
        let winner = match (&fault, pos.outcome()) {
            (Some((e, _)), _) => 1 - e,
            (None, Outcome::Win(p)) => {
                if p == Player::One {
                    first
                } else {
                    1 - first
                }
            }
            (None, other) => anyhow::bail!("game {} ended without a winner: {other}", game + 1),
        };
        points[winner] += 1;
        // Pairs: the two games of a start.
        if game % 2 == 0 {
            pair_first = winner;
        } else if pair_first == winner {
            pairs[winner] += 1;
        } else {
            pairs[2] += 1;
        }
        totals[0].merge(&stats[0]);
        totals[1].merge(&stats[1]);
        let mut line = format!(
            "game {}: P1 {}{} P2 {}{}: {} wins ({}) in {} plies; {} {}; {} {}",
            game + 1,
            s.names[first],
            god_text(game_start.gods()[0]),
            s.names[1 - first],
            god_text(game_start.gods()[1]),
            s.names[winner],
            if winner == first { "P1" } else { "P2" },
            moves.len(),
            s.names[0],
            stats[0].text(),
            s.names[1],
            stats[1].text()
        );
        if let Some((e, why)) = &fault {
            let _ = write!(
                line,
                "\n  {} loses game {}: {why}, in {pos} after the moves {} (start {game_start})",
                s.names[*e],
                game + 1,
                if moves.is_empty() {
                    "(none)".to_string()
                } else {
                    moves.join(" ")
                }
            );
        }
        let mut decided = None;
        if let Some((elo0, elo1)) = s.sprt {
            match sprt_llr(points[0], points[1], 0, elo0, elo1) {
                Some(llr) => {
                    let _ = write!(
                        line,
                        "\n  SPRT elo0 {elo0} elo1 {elo1}: LLR {llr:.2} (bounds ±{SPRT_BOUND:.2})"
                    );
                    // Decide after whole pairs of games only (colours balanced).
                    if game % 2 == 1 && llr.abs() >= SPRT_BOUND {
                        decided = Some(if llr > 0.0 {
                            format!(
                                "SPRT: H1 accepted (Elo difference {elo1} or more more likely than {elo0})"
                            )
                        } else {
                            format!(
                                "SPRT: H0 accepted (Elo difference {elo0} or less more likely than {elo1})"
                            )
                        });
                    }
                }
                None => {
                    let _ = write!(line, "\n  SPRT: no LLR yet (every game ended alike)");
                }
            }
        }
        println!("{line}");
        if let Some(file) = json.as_mut() {
            let record = serde_json::json!({
                "game": game + 1,
                "start": game_start.to_string(),
                "player1": s.names[first],
                "player2": s.names[1 - first],
                "winner": s.names[winner],
                "fault": fault.as_ref().map(|(_, why)| why.clone()),
                "plies": moves.len(),
                "moves": moves,
                "details": details,
                "final": pos.to_string(),
            });
            writeln!(file, "{record}")
                .and_then(|()| file.flush())
                .map_err(|e| anyhow::anyhow!("cannot write the JSON file: {e}"))?;
        }
        if let Some(text) = decided {
            println!("{text}; stopped after {} games", game + 1);
            break;
        }
    }
    for engine in engines.iter_mut() {
        if let Some(e) = engine.take() {
            e.quit();
        }
    }
    let (w, l) = (points[0], points[1]);
    let n = w + l;
    println!(
        "result: {} vs {}: +{w} -{l} ={} (score {:.1} %), {}",
        s.names[0],
        s.names[1],
        0,
        100.0 * f64::from(w) / f64::from(n.max(1)),
        elo_text(w, l, 0)
    );
    println!(
        "pairs (a start played twice): {} won both by {}, {} by {}, {} split",
        pairs[0], s.names[0], pairs[1], s.names[1], pairs[2]
    );
    println!(
        "{}: {}; {}: {}",
        s.names[0],
        totals[0].text(),
        s.names[1],
        totals[1].text()
    );
    Ok(())
}

/// The gods of a start: each pick as it is, a random one drawn from the ten
/// among those that may face the other (Hades draws no Pan).
fn draw_gods(picks: [GodPick; 2], rng: &mut impl Rng) -> [God; 2] {
    let mut gods = picks.map(|p| match p {
        GodPick::This(god) => god,
        GodPick::Random => God::Mortal,
    });
    for (i, pick) in picks.iter().enumerate() {
        if matches!(pick, GodPick::Random) {
            let other = gods[1 - i];
            let allowed: Vec<God> = God::SIMPLE
                .into_iter()
                .filter(|g| g.may_face(other))
                .collect();
            gods[i] = allowed[rng.random_range(0..allowed.len())];
        }
    }
    gods
}

#[cfg(test)]
mod draw_tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn a_random_god_is_never_one_the_other_may_not_face() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        let mut drawn = std::collections::BTreeSet::new();
        for _ in 0..300 {
            let [hades, other] = draw_gods([GodPick::This(God::Hades), GodPick::Random], &mut rng);
            assert_eq!(hades, God::Hades);
            drawn.insert(other);
        }
        let expected: std::collections::BTreeSet<God> =
            God::SIMPLE.into_iter().filter(|&g| g != God::Pan).collect();
        assert_eq!(drawn, expected, "the nine that may face Hades, each drawn");
    }
}
