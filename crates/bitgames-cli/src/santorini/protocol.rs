//! `engine`: the search engine behind a line protocol on standard input and
//! output, the one santorini-ai's `uci` program speaks, so that the referee
//! drives ours, an older build of ours and santorini-ai the same way.
//!
//! Input, one command a line:
//!
//! - `set_position <FEN>`: think about the position and answer with one
//!   `best_move` line when done (after the move time).
//! - `set_time <seconds>`: the move time from now on (santorini-ai ignores
//!   this command, with a message on its standard error).
//! - `stop`: accepted and ignored: the search already ends at the move time.
//! - `ping` (answers `pong`), `quit`.
//!
//! Output, one JSON object a line: `{"type":"started"}` once, then per
//! position
//! `{"type":"best_move","start_state":FEN,"next_state":FEN,"trigger":"end_of_line","meta":{"score":..,"calculated_depth":..,"nodes_visited":..,"elapsed_seconds":..,"action_str":"C3>C4^B4"}}`.
//! Errors (a bad FEN, a finished game, an unknown command) are reported on
//! standard error and the engine keeps reading, as santorini-ai's does.

use super::parse_position;
use bitgames::Game;
use bitgames::engine::Limits;
use bitgames::santorini::search::Engine;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

/// Answers one command; `Ok(None)` when there is nothing to print, `Err` is
/// a message for standard error.
fn handle(engine: &mut Engine, time: &mut Duration, line: &str) -> Result<Option<String>, String> {
    let mut words = line.split_whitespace();
    let Some(command) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    match command {
        "ping" => Ok(Some("pong".into())),
        "stop" => Ok(None),
        "set_time" => {
            let [seconds] = rest[..] else {
                return Err("set_time takes one number of seconds, e.g. set_time 0.5".into());
            };
            match seconds.parse::<f64>() {
                Ok(s) if s > 0.0 && s <= crate::cli_util::MAX_SECONDS => {
                    *time = Duration::from_secs_f64(s);
                    Ok(None)
                }
                _ => Err(format!(
                    "set_time: {:?} is not a number of seconds in (0, {}]",
                    bitgames::excerpt(seconds),
                    crate::cli_util::MAX_SECONDS
                )),
            }
        }
        "set_position" => {
            let [fen] = rest[..] else {
                return Err("set_position takes one FEN (no spaces)".into());
            };
            let pos = parse_position(Some(fen), None).map_err(|e| e.to_string())?;
            if pos.outcome().is_over() {
                return Err(format!(
                    "set_position {fen}: the game is over ({})",
                    pos.outcome()
                ));
            }
            let report = engine.search(
                &pos,
                Limits {
                    depth: None,
                    time: Some(*time),
                    ..Default::default()
                },
            );
            let best = report
                .best
                .ok_or_else(|| format!("set_position {fen}: the engine found no move"))?;
            let mut next = pos;
            next.play(best)
                .map_err(|e| format!("set_position {fen}: the engine chose {best}: {e}"))?;
            let value = serde_json::json!({
                "type": "best_move",
                "start_state": pos.to_string(),
                "next_state": next.to_string(),
                "trigger": "end_of_line",
                "meta": {
                    "score": report.score,
                    "calculated_depth": report.depth,
                    "nodes_visited": report.nodes,
                    "elapsed_seconds": report.elapsed.as_secs_f64(),
                    "action_str": best.to_string(),
                },
            });
            Ok(Some(value.to_string()))
        }
        other => Err(format!(
            "unknown command {:?} (set_position <FEN>, set_time <seconds>, stop, ping, quit)",
            bitgames::excerpt(other)
        )),
    }
}

/// Runs the protocol until `quit` or the end of the input.
pub(super) fn run(
    time: Duration,
    table_entries: usize,
    search: &super::SearchArgs,
) -> anyhow::Result<ExitCode> {
    let mut engine = search.engine(table_entries);
    let mut time = time;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    writeln!(out, "{}", serde_json::json!({"type": "started"}))?;
    out.flush()?;
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        if line.trim() == "quit" {
            break;
        }
        match handle(&mut engine, &mut time, &line) {
            Ok(Some(answer)) => {
                writeln!(out, "{answer}")?;
                out.flush()?;
            }
            Ok(None) => {}
            Err(message) => eprintln!("error: {message}"),
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_a_legal_move_and_reports_errors() {
        let mut engine = Engine::new(1 << 10);
        let mut time = Duration::from_millis(20);
        let fen = "0000000000000000000000000/1/mortal:A1,B2/mortal:E5,D4";
        let answer = handle(&mut engine, &mut time, &format!("set_position {fen}"))
            .unwrap()
            .unwrap();
        let value: serde_json::Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(value["type"], "best_move");
        let start: bitgames::santorini::Position =
            value["start_state"].as_str().unwrap().parse().unwrap();
        assert_eq!(start, fen.parse().unwrap());
        let mv: bitgames::santorini::Move = value["meta"]["action_str"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        let mut pos: bitgames::santorini::Position = fen.parse().unwrap();
        pos.play(mv).unwrap();
        assert_eq!(value["next_state"], pos.to_string());

        assert!(
            handle(&mut engine, &mut time, "set_time 0.25")
                .unwrap()
                .is_none()
        );
        assert_eq!(time, Duration::from_millis(250));
        let err = handle(&mut engine, &mut time, "set_time -1").unwrap_err();
        assert!(err.contains("\"-1\""), "{err}");
        let err = handle(&mut engine, &mut time, "set_position 000/1/mortal/mortal").unwrap_err();
        assert!(err.contains("expected 25 levels"), "{err}");
        let err = handle(&mut engine, &mut time, "go").unwrap_err();
        assert!(err.contains("unknown command \"go\""), "{err}");
        assert_eq!(
            handle(&mut engine, &mut time, "ping").unwrap().as_deref(),
            Some("pong")
        );
    }
}
