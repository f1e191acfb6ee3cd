//! What the Santorini examples share: game files, their quiet positions
//! labelled by the result, and network files named by the environment.
//! (Included with `#[path]`; each example uses part of it.)
#![allow(dead_code)]

use bitgames::santorini::net::Net;
use bitgames::santorini::{Move, Position};
use bitgames::{Game, Player};
use std::sync::Arc;

/// A games file of the referee's `--json` lines, plain or gzipped (`.gz`,
/// through `gzip -dc`).
pub fn read_games(file: &str) -> String {
    if file.ends_with(".gz") {
        let out = std::process::Command::new("gzip")
            .args(["-dc", file])
            .output()
            .unwrap_or_else(|e| panic!("gzip -dc {file}: {e}"));
        assert!(out.status.success(), "gzip -dc {file}: {}", out.status);
        String::from_utf8(out.stdout).unwrap_or_else(|e| panic!("{file}: {e}"))
    } else {
        std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"))
    }
}

/// A quiet position of a finished game: both sides placed, and neither can
/// climb onto level 3 at once (a climb at hand is the search's business).
pub struct Labelled {
    pub pos: Position,
    /// Whether the player to move went on to win.
    pub won: bool,
    /// The game's number among the finished games read (from 1).
    pub game: usize,
    /// The score the player to move's search gave it in the game, if the
    /// file has `scores` (`--example santorini_games` writes them).
    pub score: Option<i32>,
    /// The scores recorded for the next moves of the game (at most
    /// [`LATER`]), each for the player who made that move.
    pub later: Vec<i32>,
}

/// How many of the following moves' recorded scores [`Labelled::later`] keeps.
pub const LATER: usize = 16;

/// The quiet positions of the finished games in these files (games without
/// a winner are skipped), and the number of finished games.
pub fn quiet_positions(files: &[String]) -> (Vec<Labelled>, usize) {
    let mut out = Vec::new();
    let mut games = 0;
    for file in files {
        for line in read_games(file).lines() {
            let g: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let Some(winner) = g["winner"].as_str() else {
                continue;
            };
            let winner = if winner == g["player1"].as_str().unwrap_or("") {
                Player::One
            } else {
                Player::Two
            };
            let mut pos: Position = g["start"].as_str().unwrap().parse().unwrap();
            games += 1;
            let scores = g["scores"].as_array();
            for (i, mv) in g["moves"].as_array().unwrap().iter().enumerate() {
                if !pos.is_placement()
                    && !pos.outcome().is_over()
                    && !pos.has_winning_move()
                    && !pos.passed().has_winning_move()
                {
                    out.push(Labelled {
                        pos,
                        won: pos.to_move() == winner,
                        game: games,
                        score: scores
                            .and_then(|s| s.get(i))
                            .and_then(serde_json::Value::as_i64)
                            .map(|s| s as i32),
                        later: scores.map_or_else(Vec::new, |s| {
                            s.iter()
                                .skip(i + 1)
                                .take(LATER)
                                .map_while(serde_json::Value::as_i64)
                                .map(|s| s as i32)
                                .collect()
                        }),
                    });
                }
                let mv: Move = mv.as_str().unwrap().parse().unwrap();
                pos.play(mv).unwrap();
            }
        }
    }
    (out, games)
}

/// The network in the file named by the environment variable `name`, else
/// the built-in one.
pub fn net_from_env(name: &str) -> Arc<Net> {
    std::env::var(name).map_or_else(
        |_| Net::default_net(),
        |file| {
            let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{name}={file}: {e}"));
            Arc::new(Net::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}={file}: {e}")))
        },
    )
}
