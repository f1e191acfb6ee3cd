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
mod record;

use bitgames::santorini::players::{random_start, random_start_with, swap_sides};
use bitgames::santorini::{God, Position};
use bitgames::tools::elo::{SPRT_BOUND, elo_text, sprt_llr};
use bitgames::{Game, Outcome, Player};
use process::{Answer, EngineProcess, Fault};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use record::{GameFile, game_record};
use std::fmt::Write as _;
use std::path::PathBuf;
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
    /// Also write the games to this file, one JSON object a line. A file
    /// that already holds games is refused unless --resume is given.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Go on with the match that the --json file holds: its games are
    /// checked against this match's starts, engines' names and colours,
    /// counted as recorded, and the match goes on from the next game (an
    /// unfinished last line, from a match that was stopped, is dropped).
    #[arg(long, requires = "json")]
    resume: bool,
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
        resume: args.resume,
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
    /// Go on with the games the JSON file holds.
    pub resume: bool,
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

/// The starts of a match, drawn in order from its seed: each start (and
/// its gods) for two games, colours swapped.
struct Starts {
    rng: SmallRng,
    picks: Option<[GodPick; 2]>,
    start: Position,
    /// Each engine's god for this start.
    gods: [God; 2],
}

impl Starts {
    fn new(seed: u64, picks: Option<[GodPick; 2]>) -> Starts {
        Starts {
            rng: SmallRng::seed_from_u64(seed),
            picks,
            start: Position::new(),
            gods: [God::Mortal; 2],
        }
    }

    /// The start of game `game` (0-based; asked for every game in order):
    /// player 1 is engine 1 in even games.
    fn for_game(&mut self, game: u32) -> anyhow::Result<Position> {
        let rng = &mut self.rng;
        if game.is_multiple_of(2) {
            self.start = random_start(rng);
            if let Some(picks) = self.picks {
                self.gods = draw_gods(picks, rng);
            }
            if self.gods.iter().any(|g| g.workers() != 2 || g.has_female()) {
                // A god with three workers (Graeae) or a female one: a start
                // of its own, each engine's workers its god's in both games.
                self.start = random_start_with(self.gods, rng)?;
            }
        }
        let first = (game % 2) as usize;
        let plain = self
            .gods
            .iter()
            .all(|g| g.workers() == 2 && !g.has_female());
        Ok(if plain || first == 0 {
            self.start
                .with_gods([self.gods[first], self.gods[1 - first]])?
        } else {
            swap_sides(&self.start)
        })
    }
}

/// A game as the referee saw it.
struct Played {
    moves: Vec<String>,
    details: Vec<serde_json::Value>,
    stats: [SideStats; 2],
    /// The engine that lost by a fault, and why.
    fault: Option<(usize, String)>,
    end: Position,
    /// The winning engine (0 or 1).
    winner: usize,
}

/// Plays game `game` (0-based) from `game_start`, engine `first` as
/// player 1, spawning the engines that are not running.
fn play_game(
    s: &Settings,
    engines: &mut [Option<EngineProcess>; 2],
    game: u32,
    game_start: Position,
    first: usize,
) -> anyhow::Result<Played> {
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
    Ok(Played {
        moves,
        details,
        stats,
        fault,
        end: pos,
        winner,
    })
}

/// The line printed for a game played.
fn game_line(s: &Settings, game: u32, game_start: &Position, first: usize, p: &Played) -> String {
    let mut line = format!(
        "game {}: P1 {}{} P2 {}{}: {} wins ({}) in {} plies; {} {}; {} {}",
        game + 1,
        s.names[first],
        god_text(game_start.gods()[0]),
        s.names[1 - first],
        god_text(game_start.gods()[1]),
        s.names[p.winner],
        if p.winner == first { "P1" } else { "P2" },
        p.moves.len(),
        s.names[0],
        p.stats[0].text(),
        s.names[1],
        p.stats[1].text()
    );
    if let Some((e, why)) = &p.fault {
        let _ = write!(
            line,
            "\n  {} loses game {}: {why}, in {} after the moves {} (start {game_start})",
            s.names[*e],
            game + 1,
            p.end,
            if p.moves.is_empty() {
                "(none)".to_string()
            } else {
                p.moves.join(" ")
            }
        );
    }
    line
}

/// The points, pairs and figures so far.
#[derive(Default)]
struct Tally {
    /// Wins of engine 1, of engine 2.
    points: [u32; 2],
    /// Starts won twice by engine 1, by engine 2, split.
    pairs: [u32; 3],
    /// The winner of the first game of the current start.
    pair_first: usize,
    totals: [SideStats; 2],
}

impl Tally {
    /// Counts game `game`, won by engine `winner`, with its per-move
    /// figures where it was played in this run.
    fn add(&mut self, game: u32, winner: usize, stats: Option<&[SideStats; 2]>) {
        self.points[winner] += 1;
        if game.is_multiple_of(2) {
            self.pair_first = winner;
        } else if self.pair_first == winner {
            self.pairs[winner] += 1;
        } else {
            self.pairs[2] += 1;
        }
        if let Some(stats) = stats {
            self.totals[0].merge(&stats[0]);
            self.totals[1].merge(&stats[1]);
        }
    }

    fn print(&self, s: &Settings) {
        let [w, l] = self.points;
        println!(
            "result: {} vs {}: +{w} -{l} ={} (score {:.1} %), {}",
            s.names[0],
            s.names[1],
            0,
            100.0 * f64::from(w) / f64::from((w + l).max(1)),
            elo_text(w, l, 0)
        );
        println!(
            "pairs (a start played twice): {} won both by {}, {} by {}, {} split",
            self.pairs[0], s.names[0], self.pairs[1], s.names[1], self.pairs[2]
        );
        println!(
            "{}: {}; {}: {}",
            s.names[0],
            self.totals[0].text(),
            s.names[1],
            self.totals[1].text()
        );
    }
}

/// The SPRT's report after game `game`, added to its line where the game
/// was played now; the decision, once it is taken after a whole pair.
fn sprt_report(
    s: &Settings,
    game: u32,
    tally: &Tally,
    line: Option<&mut String>,
) -> Option<String> {
    let (elo0, elo1) = s.sprt?;
    let [w, l] = tally.points;
    let llr = sprt_llr(w, l, 0, elo0, elo1);
    if let Some(line) = line {
        match llr {
            Some(llr) => {
                let _ = write!(
                    line,
                    "\n  SPRT elo0 {elo0} elo1 {elo1}: LLR {llr:.2} (bounds ±{SPRT_BOUND:.2})"
                );
            }
            None => line.push_str("\n  SPRT: no LLR yet (every game ended alike)"),
        }
    }
    // Decide after whole pairs of games only (colours balanced).
    let llr = llr.filter(|llr| game % 2 == 1 && llr.abs() >= SPRT_BOUND)?;
    Some(if llr > 0.0 {
        format!("SPRT: H1 accepted (Elo difference {elo1} or more more likely than {elo0})")
    } else {
        format!("SPRT: H0 accepted (Elo difference {elo0} or less more likely than {elo1})")
    })
}

/// Plays the match and prints it.
fn play(s: &Settings) -> anyhow::Result<()> {
    let mut file = match s.json.as_deref() {
        Some(path) => Some(GameFile::open(path, s)?),
        None => None,
    };
    let recorded = file.as_ref().map_or(0, GameFile::recorded_games);
    let mut engines: [Option<EngineProcess>; 2] = [None, None];
    let mut starts = Starts::new(s.seed, s.gods);
    let mut tally = Tally::default();
    println!(
        "match: {} ({:.3}s/move) vs {} ({:.3}s/move), {} games, random starts (seed {}), each start twice with colours swapped",
        s.names[0],
        s.times[0].as_secs_f64(),
        s.names[1],
        s.times[1].as_secs_f64(),
        s.games,
        s.seed
    );
    if let Some(f) = file.as_ref().filter(|_| recorded > 0) {
        println!(
            "resumed: games 1 to {recorded} as {} records them (the per-move figures below count this run's games only)",
            f.path().display()
        );
    }
    for game in 0..s.games {
        let game_start = starts.for_game(game)?;
        // Engine index of player 1: engine 1 in even games.
        let first = (game % 2) as usize;
        let mut line = None;
        match file.as_mut() {
            Some(f) if (game as usize) < recorded => {
                let winner = f.winner_of(game, &game_start, first, &s.names)?;
                tally.add(game, winner, None);
            }
            f => {
                let played = play_game(s, &mut engines, game, game_start, first)?;
                tally.add(game, played.winner, Some(&played.stats));
                line = Some(game_line(s, game, &game_start, first, &played));
                if let Some(f) = f {
                    f.write(&game_record(s, game, &game_start, first, &played))?;
                }
            }
        }
        let decided = sprt_report(s, game, &tally, line.as_mut());
        if let Some(line) = line {
            println!("{line}");
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
    tally.print(s);
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
