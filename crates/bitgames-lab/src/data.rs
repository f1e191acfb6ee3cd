//! What the commands share: game files (the referee's `--json` lines and
//! the `games` command's lines, plain or gzipped), their quiet positions
//! labelled by the result, score files (`FEN DEPTH SCORE` lines) and
//! network files.

use anyhow::{Context, bail};
use bitgames::santorini::eval::Net;
use bitgames::santorini::{Move, Position};
use bitgames::{Game, Player, excerpt};
use serde_json::Value;
use std::sync::Arc;

/// The text of a file; one ending in `.gz` is read through `gzip -dc`.
pub fn read_text(file: &str) -> anyhow::Result<String> {
    if file.ends_with(".gz") {
        let out = std::process::Command::new("gzip")
            .args(["-dc", "--", file])
            .output()
            .with_context(|| format!("{file}: cannot run gzip -dc"))?;
        if !out.status.success() {
            bail!(
                "{file}: gzip -dc failed ({}): {}",
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        String::from_utf8(out.stdout).with_context(|| format!("{file}: not UTF-8 text"))
    } else {
        std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))
    }
}

/// One game line: where it starts, its moves, and how it ended.
#[derive(Debug)]
pub struct Record {
    pub start: Position,
    pub moves: Vec<Move>,
    /// Whether the line has a `winner` key (a finished game; its value may
    /// be `null`).
    pub finished: bool,
    /// The winner, when `winner` names `player1` (player 1) or another
    /// name (player 2).
    pub winner: Option<Player>,
    /// The search score of each move for the player who made it, when the
    /// line has `scores` (the `games` command writes them).
    pub scores: Option<Vec<Option<i32>>>,
}

/// A JSON game line: `start` (a position) and `moves` (move texts), and
/// optionally `winner`, `player1` and `scores`.
pub fn parse_record(line: &str) -> Result<Record, String> {
    let g: Value = serde_json::from_str(line)
        .map_err(|e| format!("not a JSON line ({e}): {}", excerpt(line)))?;
    let start = g["start"]
        .as_str()
        .ok_or("no `start` position")?
        .parse::<Position>()
        .map_err(|e| format!("`start`: {e}"))?;
    let moves = g["moves"]
        .as_array()
        .ok_or("no `moves` list")?
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let text = mv
                .as_str()
                .ok_or_else(|| format!("move {} is not text", i + 1))?;
            text.parse::<Move>()
                .map_err(|e| format!("move {} `{}`: {e}", i + 1, excerpt(text)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let winner = g["winner"].as_str().map(|w| {
        if w == g["player1"].as_str().unwrap_or("") {
            Player::One
        } else {
            Player::Two
        }
    });
    let scores = g["scores"].as_array().map(|s| {
        s.iter()
            .map(|x| x.as_i64().map(|x| x.clamp(-1 << 30, 1 << 30) as i32))
            .collect()
    });
    Ok(Record {
        start,
        moves,
        finished: g.get("winner").is_some(),
        winner,
        scores,
    })
}

impl Record {
    /// The position before each move, and the position after the last.
    pub fn positions(&self) -> Result<(Vec<Position>, Position), String> {
        let mut pos = self.start;
        let mut before = Vec::with_capacity(self.moves.len());
        for (i, &mv) in self.moves.iter().enumerate() {
            before.push(pos);
            pos.play(mv)
                .map_err(|e| format!("move {} `{mv}` in {pos}: {e}", i + 1))?;
        }
        Ok((before, pos))
    }
}

/// The game lines of a file, each with its line number (blank lines skipped).
pub fn records(file: &str) -> anyhow::Result<Vec<(usize, Record)>> {
    let text = read_text(file)?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let record = parse_record(line).map_err(|e| anyhow::anyhow!("{file}:{}: {e}", n + 1))?;
        out.push((n + 1, record));
    }
    Ok(out)
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
    /// file has `scores`.
    pub score: Option<i32>,
    /// The scores recorded for the next moves of the game (at most
    /// [`LATER`]), each for the player who made that move.
    pub later: Vec<i32>,
}

/// How many of the following moves' recorded scores [`Labelled::later`] keeps.
pub const LATER: usize = 16;

/// Whether a position is quiet: placed, not over, and no climb onto level 3
/// at hand for either side.
pub fn is_quiet(pos: &Position) -> bool {
    !pos.is_placement()
        && !pos.outcome().is_over()
        && !pos.has_winning_move()
        && !pos.passed().has_winning_move()
}

/// The quiet positions of the finished games in these files (games without
/// a winner are skipped), and the number of finished games.
pub fn quiet_positions(files: &[String]) -> anyhow::Result<(Vec<Labelled>, usize)> {
    let mut out = Vec::new();
    let mut games = 0;
    for file in files {
        for (line, record) in records(file)? {
            let Some(winner) = record.winner else {
                continue;
            };
            let (before, _) = record
                .positions()
                .map_err(|e| anyhow::anyhow!("{file}:{line}: {e}"))?;
            games += 1;
            let scores = record.scores.as_deref();
            for (i, pos) in before.into_iter().enumerate() {
                if !is_quiet(&pos) {
                    continue;
                }
                out.push(Labelled {
                    pos,
                    won: pos.to_move() == winner,
                    game: games,
                    score: scores.and_then(|s| s.get(i).copied().flatten()),
                    later: scores.map_or_else(Vec::new, |s| {
                        s.iter().skip(i + 1).take(LATER).map_while(|&x| x).collect()
                    }),
                });
            }
        }
    }
    Ok((out, games))
}

/// The network named `builtin` (the engine's own) or in a file.
pub fn load_net(name: &str) -> anyhow::Result<Arc<Net>> {
    if name == "builtin" {
        return Ok(Net::builtin());
    }
    let bytes = std::fs::read(name).with_context(|| format!("cannot read the network {name}"))?;
    let net = Net::from_bytes(&bytes)
        .map_err(|e| anyhow::anyhow!("{name} is not a network file: {e}"))?;
    Ok(Arc::new(net))
}

/// The `FEN DEPTH SCORE ...` lines of a score file (the `train` command's
/// score cache, a `relabel` chunk): position, depth text and score.
pub fn score_lines<'a>(text: &'a str, file: &str) -> anyhow::Result<Vec<(&'a str, &'a str, i32)>> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut parts = line.split_whitespace();
        let (Some(fen), Some(depth), Some(score)) = (parts.next(), parts.next(), parts.next())
        else {
            if line.trim().is_empty() {
                continue;
            }
            bail!(
                "{file}:{}: `{}` is not `FEN DEPTH SCORE`",
                n + 1,
                excerpt(line)
            );
        };
        let score = score.parse().map_err(|_| {
            anyhow::anyhow!(
                "{file}:{}: the score `{}` is not a whole number",
                n + 1,
                excerpt(score)
            )
        })?;
        out.push((fen, depth, score));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_line_and_its_errors() {
        let line = r#"{"start":"0000000000000000000000000/1/mortal:C2,C1/mortal:C5,D2",
            "moves":["C2>C3^B2","C5>B4^A4"],"player1":"a","winner":"b","scores":[5,null,7]}"#
            .replace('\n', "");
        let r = parse_record(&line).unwrap();
        assert_eq!(r.moves.len(), 2);
        assert!(r.finished);
        assert_eq!(r.winner, Some(Player::Two));
        assert_eq!(r.scores, Some(vec![Some(5), None, Some(7)]));
        assert_eq!(r.positions().unwrap().0.len(), 2);
        assert!(parse_record("{").unwrap_err().contains("not a JSON line"));
        assert!(
            parse_record(r#"{"moves":[]}"#)
                .unwrap_err()
                .contains("start")
        );
        let bad = line.replace("C5>B4^A4", "C5>E5^A4");
        let e = parse_record(&bad).unwrap().positions().unwrap_err();
        assert!(e.starts_with("move 2"), "{e}");
    }

    #[test]
    fn score_lines_name_the_bad_line() {
        let text = "fen1 8 12\n\nfen2 8 -3 99\n";
        let lines = score_lines(text, "f").unwrap();
        assert_eq!(lines, vec![("fen1", "8", 12), ("fen2", "8", -3)]);
        let e = score_lines("a 8 x\n", "f").unwrap_err().to_string();
        assert!(e.starts_with("f:1:"), "{e}");
    }
}
