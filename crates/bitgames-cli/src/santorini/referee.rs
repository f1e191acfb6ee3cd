//! `referee`: a match between two engine programs that speak the line
//! protocol of [`super::protocol`] (ours, an older build of ours,
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

use bitgames::santorini::{Move, Position, Space};
use bitgames::tools::elo::{SPRT_BOUND, elo_text, sprt_llr};
use bitgames::{Game, Outcome, Player};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The referee's settings.
pub(super) struct Settings {
    /// The two engines' commands (whitespace-separated words; a first word
    /// `bitgames` is this program).
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
}

/// A running engine program.
struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    /// Standard output, line by line; `None` once it is closed.
    lines: Receiver<Option<String>>,
    /// The last lines of standard error, for reports of crashes.
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
}

const STDERR_LINES: usize = 8;
/// How long an engine may take to start.
const STARTUP: Duration = Duration::from_secs(120);

impl EngineProcess {
    fn spawn(command: &str) -> anyhow::Result<EngineProcess> {
        let words: Vec<&str> = command.split_whitespace().collect();
        let Some((&program, args)) = words.split_first() else {
            anyhow::bail!("an engine command is empty");
        };
        let program: PathBuf = if program == "bitgames" {
            std::env::current_exe()?
        } else {
            program.into()
        };
        let mut child = Command::new(&program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| anyhow::anyhow!("cannot start engine `{command}`: {e}"))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if sender.send(Some(l)).is_err() {
                            return;
                        }
                    }
                    Err(_) => break,
                }
            }
            let _ = sender.send(None);
        });
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                let mut t = tail.lock().expect("not poisoned");
                if t.len() == STDERR_LINES {
                    t.pop_front();
                }
                t.push_back(line);
            }
        });
        let engine = EngineProcess {
            child,
            stdin,
            lines,
            stderr_tail,
        };
        // Wait for `{"type":"started"}` (the AlphaZero adapter compiles its code first).
        let deadline = Instant::now() + STARTUP;
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match engine.lines.recv_timeout(wait) {
                Ok(Some(line)) => {
                    let value: Option<serde_json::Value> = serde_json::from_str(&line).ok();
                    if value.is_some_and(|v| v["type"] == "started") {
                        return Ok(engine);
                    }
                }
                Ok(None) | Err(RecvTimeoutError::Disconnected) => anyhow::bail!(
                    "engine `{command}` exited before it printed {{\"type\":\"started\"}}{}",
                    engine.stderr_text()
                ),
                Err(RecvTimeoutError::Timeout) => anyhow::bail!(
                    "engine `{command}` did not print {{\"type\":\"started\"}} within {}s{}",
                    STARTUP.as_secs(),
                    engine.stderr_text()
                ),
            }
        }
    }

    fn stderr_text(&self) -> String {
        // Let the reader thread take the last lines of an engine that exited.
        std::thread::sleep(Duration::from_millis(100));
        let t = self.stderr_tail.lock().expect("not poisoned");
        if t.is_empty() {
            String::new()
        } else {
            let lines: Vec<&str> = t.iter().map(String::as_str).collect();
            format!("; its last standard error lines: {}", lines.join(" | "))
        }
    }

    fn send(&mut self, text: &str) -> std::io::Result<()> {
        writeln!(self.stdin, "{text}")?;
        self.stdin.flush()
    }

    /// Asks for a move in `pos` (an ongoing game).
    fn ask(&mut self, pos: &Position, time: Duration, grace: Duration) -> Result<Answer, Fault> {
        // Lines left over from an earlier search are of no use now.
        while let Ok(line) = self.lines.try_recv() {
            if line.is_none() {
                return Err(Fault::Exited(self.stderr_text()));
            }
        }
        let fen = pos.to_string();
        let sent = self
            .send(&format!("set_time {}", time.as_secs_f64()))
            .and_then(|()| self.send(&format!("set_position {fen}")));
        if sent.is_err() {
            return Err(Fault::Exited(self.stderr_text()));
        }
        let start = Instant::now();
        let deadline = start + time;
        let mut stop_sent = false;
        loop {
            let until = if stop_sent {
                deadline + grace
            } else {
                deadline
            };
            let wait = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(Some(line)) => {
                    let Ok(value) = serde_json::from_str::<serde_json::Value>(&line) else {
                        return Err(Fault::Garbage(line));
                    };
                    if value["type"] != "best_move" {
                        continue;
                    }
                    // A late answer to an earlier position.
                    if let Some(s) = value["start_state"].as_str()
                        && !same_state(s, pos)
                    {
                        continue;
                    }
                    let trigger = value["trigger"].as_str().unwrap_or("");
                    if trigger == "end_of_line" || trigger == "stop_flag" {
                        return read_answer(&value, pos, start.elapsed());
                    }
                }
                Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::Exited(self.stderr_text()));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if stop_sent {
                        return Err(Fault::Timeout(start.elapsed()));
                    }
                    // An engine that has exited is reported when its output closes.
                    let _ = self.send("stop");
                    stop_sent = true;
                }
            }
        }
    }

    fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A legal move and what the engine said of it.
struct Answer {
    mv: Move,
    elapsed: Duration,
    depth: Option<u64>,
    nodes: Option<u64>,
    /// The engine's own time, when it reports it.
    engine_seconds: Option<f64>,
    /// Its score, in its own units, when it reports it.
    score: Option<i64>,
}

/// Why an engine lost a game.
enum Fault {
    /// A move that is not a move, or is illegal here, or does not give the
    /// `next_state` the engine announced.
    Illegal(String),
    /// Output that is not JSON.
    Garbage(String),
    /// The engine exited (its output closed).
    Exited(String),
    /// No answer within the time plus the grace.
    Timeout(Duration),
}

impl Fault {
    fn text(&self) -> String {
        match self {
            Fault::Illegal(t) => t.clone(),
            Fault::Garbage(line) => format!(
                "sent output that is not JSON: {:?}",
                bitgames::excerpt(line)
            ),
            Fault::Exited(stderr) => format!("exited{stderr}"),
            Fault::Timeout(waited) => {
                format!("did not answer within {:.3}s", waited.as_secs_f64())
            }
        }
    }
}

/// Levels and workers of a FEN (a `#` marking a winner is allowed) equal
/// those of `pos`.
fn same_board(fen: &str, pos: &Position) -> bool {
    match fen.replace('#', "").parse::<Position>() {
        Ok(p) => {
            p.levels() == pos.levels()
                && p.workers(Player::One) == pos.workers(Player::One)
                && p.workers(Player::Two) == pos.workers(Player::Two)
        }
        Err(_) => false,
    }
}

fn same_state(fen: &str, pos: &Position) -> bool {
    same_board(fen, pos)
        && fen
            .split('/')
            .nth(1)
            .is_some_and(|p| p.trim() == pos.to_move().number().to_string())
}

/// A move text in our notation, or santorini-ai's placement form `PA5 PB5`.
fn parse_move(text: &str) -> Option<Move> {
    let t = text.trim();
    if let Some((a, b)) = t.split_once(' ')
        && let (Some(a), Some(b)) = (a.strip_prefix('P'), b.trim().strip_prefix('P'))
    {
        return format!("{a},{b}").parse().ok();
    }
    t.parse().ok()
}

fn read_answer(
    value: &serde_json::Value,
    pos: &Position,
    elapsed: Duration,
) -> Result<Answer, Fault> {
    let meta = &value["meta"];
    let Some(text) = meta["action_str"].as_str().or(value["move"].as_str()) else {
        return Err(Fault::Illegal(format!(
            "sent a best_move without a move (meta.action_str): {}",
            bitgames::excerpt(&value.to_string())
        )));
    };
    let Some(mv) = parse_move(text) else {
        return Err(Fault::Illegal(format!(
            "sent {:?}, which is not a move",
            bitgames::excerpt(text)
        )));
    };
    let mut next = *pos;
    if let Err(e) = next.play(mv) {
        return Err(Fault::Illegal(format!(
            "played the illegal move {text}: {e}"
        )));
    }
    if let Some(fen) = value["next_state"].as_str()
        && !same_board(fen, &next)
    {
        return Err(Fault::Illegal(format!(
            "played {text} but announced the position {:?}, not {next}",
            bitgames::excerpt(fen)
        )));
    }
    Ok(Answer {
        mv,
        elapsed,
        depth: meta["calculated_depth"].as_u64(),
        nodes: meta["nodes_visited"].as_u64(),
        engine_seconds: meta["elapsed_seconds"].as_f64(),
        score: meta["score"].as_i64(),
    })
}

/// A random start: the four workers on distinct random spaces, player 1 to move.
fn random_start(rng: &mut SmallRng) -> Position {
    let spaces: Vec<Space> = rand::seq::index::sample(rng, 25, 4)
        .into_iter()
        .map(|i| Space::from_index(i).expect("0..25"))
        .collect();
    let mut pos = Position::new();
    pos.play(Move::place(spaces[0], spaces[1]))
        .expect("a placement on the empty board");
    pos.play(Move::place(spaces[2], spaces[3]))
        .expect("a placement on free spaces");
    pos
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
pub(super) fn run(s: &Settings) -> anyhow::Result<ExitCode> {
    let mut json = s.json.as_deref().map(open_json).transpose()?;
    let mut engines: [Option<EngineProcess>; 2] = [None, None];
    let mut rng = SmallRng::seed_from_u64(s.seed);
    let mut start = Position::new();
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
        }
        // Engine index of player 1: engine 1 in even games.
        let first = (game % 2) as usize;
        for (e, slot) in engines.iter_mut().enumerate() {
            if slot.is_none() {
                *slot = Some(EngineProcess::spawn(&s.commands[e])?);
            }
        }
        let mut pos = start;
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
            "game {}: P1 {} P2 {}: {} wins ({}) in {} plies; {} {}; {} {}",
            game + 1,
            s.names[first],
            s.names[1 - first],
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
                "\n  {} loses game {}: {why}, in {pos} after the moves {} (start {start})",
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
                "start": start.to_string(),
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
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn santorini_ai_placements_and_our_moves_parse() {
        assert_eq!(parse_move("PA5 PB5").unwrap().to_string(), "A5,B5");
        assert_eq!(parse_move("C3>C4^B4").unwrap().to_string(), "C3>C4^B4");
        assert!(parse_move("PA5").is_none());
        assert!(parse_move("hello").is_none());
    }

    #[test]
    fn answers_are_checked_against_our_rules() {
        let pos: Position = "0000000000000000000000000/1/mortal:A1,B2/mortal:E5,D4"
            .parse()
            .unwrap();
        let answer = |v: serde_json::Value| read_answer(&v, &pos, Duration::ZERO);
        let ok =
            answer(serde_json::json!({"meta": {"action_str": "A1>A2^A3", "calculated_depth": 4}}));
        assert!(matches!(ok, Ok(Answer { depth: Some(4), .. })));
        // The announced position must be the one the move gives ('#' marks a winner).
        let next = "0000000000100000000000000/2/mortal:A2,B2/mortal:E5,D4";
        assert!(
            answer(serde_json::json!({"next_state": next, "meta": {"action_str": "A1>A2^A3"}}))
                .is_ok()
        );
        let Err(Fault::Illegal(why)) =
            answer(serde_json::json!({"next_state": next, "meta": {"action_str": "A1>B1^A1"}}))
        else {
            panic!("a wrong next_state was accepted");
        };
        assert!(
            why.starts_with("played A1>B1^A1 but announced the position"),
            "{why}"
        );
        let Err(Fault::Illegal(why)) = answer(serde_json::json!({"move": "A1>A3^A4"})) else {
            panic!("an illegal move was accepted");
        };
        assert_eq!(
            why,
            "played the illegal move A1>A3^A4: A3 is not next to A1"
        );
        assert!(matches!(
            answer(serde_json::json!({"meta": {}})),
            Err(Fault::Illegal(_))
        ));
    }

    #[test]
    fn random_starts_place_four_workers() {
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..100 {
            let pos = random_start(&mut rng);
            assert_eq!(pos.workers(Player::One).count(), 2);
            assert_eq!(pos.workers(Player::Two).count(), 2);
            assert_eq!(pos.to_move(), Player::One);
            assert!(pos.levels().iter().all(|&l| l == 0));
        }
    }
}
