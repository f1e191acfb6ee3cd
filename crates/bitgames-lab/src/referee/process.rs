//! An engine program under the referee: spawned, asked for a move within
//! its time, its answer read and checked with our rules.

use bitgames::santorini::{Move, Position};
use bitgames::{Game, Player};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A running engine program.
pub(super) struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    /// Standard output, line by line; `None` once it is closed.
    lines: Receiver<Option<String>>,
    /// The last lines of standard error, for reports of crashes.
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
}

pub(super) const STDERR_LINES: usize = 8;
/// How long an engine may take to start.
pub(super) const STARTUP: Duration = Duration::from_secs(120);

/// The product's command `bitgames`: the one beside this program (both are
/// built into the same `target/` folder, or installed side by side), else
/// the one on the `PATH`.
fn bitgames_program() -> PathBuf {
    let name = format!("bitgames{}", std::env::consts::EXE_SUFFIX);
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join(&name)))
        .filter(|p| p.is_file())
        .unwrap_or_else(|| name.into())
}

impl EngineProcess {
    pub(super) fn spawn(command: &str) -> anyhow::Result<EngineProcess> {
        let words: Vec<&str> = command.split_whitespace().collect();
        let Some((&program, args)) = words.split_first() else {
            anyhow::bail!("an engine command is empty");
        };
        let program: PathBuf = if program == "bitgames" {
            bitgames_program()
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

    pub(super) fn stderr_text(&self) -> String {
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

    pub(super) fn send(&mut self, text: &str) -> std::io::Result<()> {
        writeln!(self.stdin, "{text}")?;
        self.stdin.flush()
    }

    /// Asks for a move in `pos` (an ongoing game).
    pub(super) fn ask(
        &mut self,
        pos: &Position,
        time: Duration,
        grace: Duration,
    ) -> Result<Answer, Fault> {
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

    pub(super) fn quit(mut self) {
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
pub(super) struct Answer {
    pub(super) mv: Move,
    pub(super) elapsed: Duration,
    pub(super) depth: Option<u64>,
    pub(super) nodes: Option<u64>,
    /// The engine's own time, when it reports it.
    pub(super) engine_seconds: Option<f64>,
    /// Its score, in its own units, when it reports it.
    pub(super) score: Option<i64>,
}

/// Why an engine lost a game.
pub(super) enum Fault {
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
    pub(super) fn text(&self) -> String {
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
pub(super) fn same_board(fen: &str, pos: &Position) -> bool {
    match fen.replace('#', "").parse::<Position>() {
        Ok(p) => {
            p.levels() == pos.levels()
                && p.workers(Player::One) == pos.workers(Player::One)
                && p.workers(Player::Two) == pos.workers(Player::Two)
        }
        Err(_) => false,
    }
}

pub(super) fn same_state(fen: &str, pos: &Position) -> bool {
    same_board(fen, pos)
        && fen
            .split('/')
            .nth(1)
            .is_some_and(|p| p.trim() == pos.to_move().number().to_string())
}

/// A move text in our notation, or santorini-ai's placement form `PA5 PB5`.
pub(super) fn parse_move(text: &str) -> Option<Move> {
    let t = text.trim();
    if let Some((a, b)) = t.split_once(' ')
        && let (Some(a), Some(b)) = (a.strip_prefix('P'), b.trim().strip_prefix('P'))
    {
        return format!("{a},{b}").parse().ok();
    }
    t.parse().ok()
}

pub(super) fn read_answer(
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
}
