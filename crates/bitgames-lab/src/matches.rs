//! `match`: two players in this process, from random starts (the four
//! workers on random spaces), each start played twice with colours
//! swapped, the pairs shared out over every core. Prints each pair as it
//! finishes, then wins-losses and the Elo difference with its 95 %
//! interval; with `--sprt`, stops once the test decides.

use crate::data::load_net;
use crate::parse;
use bitgames::engine::Limits;
use bitgames::santorini::God;
use bitgames::santorini::eval::Net;
use bitgames::santorini::eval::network::NET_GODS;
use bitgames::santorini::players::{greedy_move, random_move, random_start};
use bitgames::santorini::search::Engine;
use bitgames::santorini::{Move, Position};
use bitgames::tools::elo::{SPRT_BOUND, elo_text, sprt_llr};
use bitgames::{Game, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A game longer than this (plies) is stopped and counts as a draw.
const MAX_PLIES: u32 = 400;

/// A player of the match.
#[derive(Clone)]
pub enum Kind {
    /// The built-in engine.
    Default,
    /// The engine with another network.
    Net(Arc<Net>),
    /// A uniformly random legal move.
    Random,
    /// A winning move if there is one, else the move the linear evaluation
    /// likes best one ply on.
    Greedy,
}

/// A player and the text that named it.
#[derive(Clone)]
pub struct Spec {
    name: String,
    kind: Kind,
}

/// `default`, `net:FILE`, `random` or `greedy`.
fn player(text: &str) -> Result<Spec, String> {
    let kind = match text {
        "default" => Kind::Default,
        "random" => Kind::Random,
        "greedy" => Kind::Greedy,
        _ => match text.strip_prefix("net:") {
            Some(file) => Kind::Net(load_net(file).map_err(|e| format!("{e:#}"))?),
            None => {
                return Err(format!(
                    "{:?} is not a player: give default, net:FILE, random or greedy",
                    bitgames::excerpt(text)
                ));
            }
        },
    };
    Ok(Spec {
        name: text.to_string(),
        kind,
    })
}

#[derive(clap::Args)]
pub struct Args {
    /// Player A: default, net:FILE, random or greedy.
    #[arg(value_parser = player)]
    a: Spec,
    /// Player B, the same choices.
    #[arg(value_parser = player)]
    b: Spec,
    /// The number of games, even (each start is played twice).
    #[arg(long, short, default_value_t = 20, value_parser = even_games)]
    games: u32,
    /// The engines' time per move (default 100ms).
    #[arg(long, short, value_parser = parse::duration, conflicts_with = "depth")]
    time: Option<Duration>,
    /// Search this many plies a move instead of a time.
    #[arg(long, short, value_parser = parse::depth)]
    depth: Option<u32>,
    /// Seed of the random starts and the random and greedy players' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Run an SPRT of Elo ELO0 against ELO1 (alpha = beta = 0.05), e.g.
    /// `0,50`, and stop once it decides (after a whole pair of games).
    #[arg(long, value_name = "ELO0,ELO1", value_parser = parse::sprt, allow_hyphen_values = true)]
    sprt: Option<(f64, f64)>,
    /// Give each start a random god for each player (any of the ten, or
    /// Mortal): with the colours swapped, each side plays both gods.
    #[arg(long)]
    gods: bool,
}

fn even_games(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(n) if n >= 2 && n % 2 == 0 => Ok(n),
        _ => Err(format!(
            "{:?} is not an even number of games from 2 (each start is played twice)",
            bitgames::excerpt(text)
        )),
    }
}

/// A player in a game: its engine, if it searches, and its random choices.
struct Side {
    engine: Option<Engine>,
    kind: Kind,
    rng: SmallRng,
    /// Depths reached and searches made.
    depth: u64,
    searches: u64,
}

impl Side {
    fn new(spec: &Spec, seed: u64) -> Side {
        let engine = match &spec.kind {
            Kind::Default => Some(Engine::default()),
            Kind::Net(net) => Some(Engine::default().with_net(net.clone())),
            Kind::Random | Kind::Greedy => None,
        };
        Side {
            engine,
            kind: spec.kind.clone(),
            rng: SmallRng::seed_from_u64(seed),
            depth: 0,
            searches: 0,
        }
    }

    fn choose(&mut self, pos: &Position, limits: Limits) -> Option<Move> {
        match (&mut self.engine, &self.kind) {
            (Some(engine), _) => {
                let report = engine.search(pos, limits);
                self.depth += u64::from(report.depth);
                self.searches += 1;
                report.best
            }
            (None, Kind::Greedy) => greedy_move(pos, &mut self.rng),
            (None, _) => random_move(pos, &mut self.rng),
        }
    }
}

/// How a game ended: the winner (0 for A, 1 for B, none for a draw), its
/// plies, and each side's depths and searches.
struct Outcome {
    winner: Option<usize>,
    plies: u32,
    depth: [u64; 2],
    searches: [u64; 2],
}

/// Plays A and B from `start`, A moving first if `a_first`; `None` if the
/// match stopped meanwhile.
fn play(
    specs: [&Spec; 2],
    start: Position,
    a_first: bool,
    limits: Limits,
    seeds: [u64; 2],
    stop: &AtomicBool,
) -> Option<Outcome> {
    let mut sides = [Side::new(specs[0], seeds[0]), Side::new(specs[1], seeds[1])];
    let a_player = if a_first { Player::One } else { Player::Two };
    let mut pos = start;
    let mut plies = 0;
    while !pos.outcome().is_over() && plies < MAX_PLIES {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let side = usize::from(pos.to_move() != a_player);
        let Some(mv) = sides[side].choose(&pos, limits) else {
            break;
        };
        pos.play_unchecked(mv);
        plies += 1;
    }
    let winner = pos.outcome().winner().map(|w| usize::from(w != a_player));
    Some(Outcome {
        winner,
        plies,
        depth: [sides[0].depth, sides[1].depth],
        searches: [sides[0].searches, sides[1].searches],
    })
}

/// The match so far.
#[derive(Default)]
struct Tally {
    /// A's wins, losses and draws.
    wins: u32,
    losses: u32,
    draws: u32,
    pairs: u32,
    depth: [u64; 2],
    searches: [u64; 2],
    decided: Option<String>,
}

impl Tally {
    fn add(&mut self, game: &Outcome) {
        match game.winner {
            Some(0) => self.wins += 1,
            Some(_) => self.losses += 1,
            None => self.draws += 1,
        }
        for i in 0..2 {
            self.depth[i] += game.depth[i];
            self.searches[i] += game.searches[i];
        }
    }

    fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }
}

fn describe(game: &Outcome) -> String {
    match game.winner {
        Some(w) => format!("{} wins in {} plies", ["A", "B"][w], game.plies),
        None => format!("no winner after {} plies", game.plies),
    }
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let limits = match args.depth {
        Some(d) => Limits::depth(d),
        None => Limits::time(args.time.unwrap_or(Duration::from_millis(100))),
    };
    let limit = match args.depth {
        Some(d) => format!("depth {d}"),
        None => format!("{:.3}s", limits.time.unwrap_or_default().as_secs_f64()),
    };
    println!(
        "match: A = {} vs B = {}, {limit} a move, {} games, random starts (seed {}), each start \
         twice with colours swapped",
        args.a.name, args.b.name, args.games, args.seed
    );
    let stop = AtomicBool::new(false);
    let tally = Mutex::new(Tally::default());
    (0..args.games / 2).into_par_iter().for_each(|s| {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let mut rng = SmallRng::seed_from_u64(
            args.seed ^ u64::from(s + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        let mut start = random_start(&mut rng);
        if args.gods {
            start = start
                .with_gods([0, 1].map(|_| God::ALL[rng.random_range(0..NET_GODS)]))
                .expect("the gods the network knows may all face each other");
        }
        let specs = [&args.a, &args.b];
        let mut pair = Vec::with_capacity(2);
        for a_first in [true, false] {
            let seeds = [rng.random(), rng.random()];
            match play(specs, start, a_first, limits, seeds, &stop) {
                Some(game) => pair.push(game),
                None => return,
            }
        }
        let mut t = tally.lock().expect("no panic");
        if t.decided.is_some() {
            return;
        }
        pair.iter().for_each(|g| t.add(g));
        t.pairs += 1;
        let mut line = format!(
            "pair {} (start {}, {start}): A first: {}; B first: {}; A {} - B {}",
            t.pairs,
            s + 1,
            describe(&pair[0]),
            describe(&pair[1]),
            t.wins,
            t.losses
        );
        if t.draws > 0 {
            line += &format!(" ({} drawn)", t.draws);
        }
        if let Some((elo0, elo1)) = args.sprt {
            match sprt_llr(t.wins, t.losses, t.draws, elo0, elo1) {
                Some(llr) => {
                    line += &format!("; LLR {llr:.2} (bounds ±{SPRT_BOUND:.2})");
                    if llr >= SPRT_BOUND {
                        t.decided =
                            Some(format!("SPRT: H1 accepted (Elo {elo1} rather than {elo0})"));
                    } else if llr <= -SPRT_BOUND {
                        t.decided =
                            Some(format!("SPRT: H0 accepted (Elo {elo0} rather than {elo1})"));
                    }
                }
                None => line += "; no LLR yet (every game ended alike)",
            }
            if t.decided.is_some() {
                stop.store(true, Ordering::Relaxed);
            }
        }
        println!("{line}");
    });
    let t = tally.into_inner().expect("no panic");
    if let Some(text) = &t.decided {
        println!("{text}; stopped after {} games", t.games());
    }
    let n = t.games();
    println!(
        "result: A ({}) vs B ({}): +{} -{} ={} in {n} games (score {:.1} %), {}",
        args.a.name,
        args.b.name,
        t.wins,
        t.losses,
        t.draws,
        100.0 * (f64::from(t.wins) + f64::from(t.draws) / 2.0) / f64::from(n.max(1)),
        elo_text(t.wins, t.losses, t.draws)
    );
    let depths: Vec<String> = (0..2)
        .filter(|&i| t.searches[i] > 0)
        .map(|i| {
            let mean = t.depth[i] as f64 / t.searches[i] as f64;
            format!("{} {mean:.2}", ["A", "B"][i])
        })
        .collect();
    if !depths.is_empty() {
        println!("mean depth a search: {}", depths.join(", "));
    }
    Ok(())
}
