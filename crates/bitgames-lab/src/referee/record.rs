//! The referee's `--json` file: one game a line, written as each game
//! ends, and read back to go on with a stopped match (`--resume`).

use super::{Played, Settings};
use bitgames::santorini::Position;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The JSON object of a game played.
pub(super) fn game_record(
    s: &Settings,
    game: u32,
    game_start: &Position,
    first: usize,
    p: &Played,
) -> serde_json::Value {
    serde_json::json!({
        "game": game + 1,
        "start": game_start.to_string(),
        "player1": s.names[first],
        "player2": s.names[1 - first],
        "winner": s.names[p.winner],
        "fault": p.fault.as_ref().map(|(_, why)| why.clone()),
        "plies": p.moves.len(),
        "moves": p.moves,
        "details": p.details,
        "final": p.end.to_string(),
    })
}

/// What the referee reads back of a recorded game.
struct Recorded {
    game: u64,
    start: String,
    players: [String; 2],
    winner: String,
}

/// The match's game file, open for appending, with the games it held.
pub(super) struct GameFile {
    path: PathBuf,
    file: File,
    recorded: Vec<Recorded>,
}

impl GameFile {
    /// Opens `path` for the match `s`: a new or empty file, or with
    /// `--resume` one that holds its first games (an unfinished last line
    /// is cut off; no more games than the match has, told apart by the
    /// engines' names). A file with games is refused without `--resume`,
    /// so that a match never overwrites another.
    pub(super) fn open(path: &Path, s: &Settings) -> anyhow::Result<GameFile> {
        let shown = path.display();
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8(bytes)
                .map_err(|_| anyhow::anyhow!("{shown} is not text (UTF-8): not a game file"))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => anyhow::bail!("cannot read {shown}: {e}"),
        };
        if !text.is_empty() && !s.resume {
            anyhow::bail!(
                "{shown} already holds {} line(s) of games: give --resume to go on with that \
                 match, or write another file",
                text.lines().count()
            );
        }
        // Each record is written with its newline in one write: a last
        // line without one was cut short when the match stopped.
        let complete = text.rfind('\n').map_or(0, |i| i + 1);
        if complete < text.len() {
            eprintln!(
                "{shown}: dropped its unfinished last line ({} bytes), cut short when the match stopped",
                text.len() - complete
            );
        }
        let recorded = text[..complete]
            .lines()
            .enumerate()
            .map(|(i, line)| {
                read_record(line).map_err(|why| anyhow::anyhow!("{shown}, line {}: {why}", i + 1))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        check_resumable(path, recorded.len(), s)?;
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|f| f.set_len(complete as u64).map(|()| f))
            .map_err(|e| anyhow::anyhow!("cannot write {shown}: {e}"))?;
        Ok(GameFile {
            path: path.to_path_buf(),
            file,
            recorded,
        })
    }

    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// The number of games the file held when it was opened.
    pub(super) fn recorded_games(&self) -> usize {
        self.recorded.len()
    }

    /// The winning engine (0 or 1) of recorded game `game` (0-based), once
    /// the record is checked to be this match's game: the start the seed
    /// draws, `names[first]` as player 1.
    pub(super) fn winner_of(
        &self,
        game: u32,
        game_start: &Position,
        first: usize,
        names: &[String; 2],
    ) -> anyhow::Result<usize> {
        let r = &self.recorded[game as usize];
        let at = format!("{}, line {}", self.path.display(), game + 1);
        if r.game != u64::from(game) + 1 {
            anyhow::bail!("{at}: game {} where game {} was expected", r.game, game + 1);
        }
        let start = game_start.to_string();
        if r.start != start {
            anyhow::bail!(
                "{at}: game {} began from {}, but this match's seed and gods draw {start}: \
                 the file holds another match (another --seed or --gods)",
                r.game,
                r.start
            );
        }
        let players = [&names[first], &names[1 - first]];
        if r.players[0] != *players[0] || r.players[1] != *players[1] {
            anyhow::bail!(
                "{at}: game {} was {} against {}, but this match plays {} against {} there",
                r.game,
                r.players[0],
                r.players[1],
                players[0],
                players[1]
            );
        }
        names.iter().position(|n| *n == r.winner).ok_or_else(|| {
            anyhow::anyhow!(
                "{at}: the winner {:?} is neither {:?} nor {:?}",
                r.winner,
                names[0],
                names[1]
            )
        })
    }

    /// Appends a game's record.
    pub(super) fn write(&mut self, record: &serde_json::Value) -> anyhow::Result<()> {
        writeln!(self.file, "{record}")
            .and_then(|()| self.file.flush())
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", self.path.display()))
    }
}

/// Whether the match `s` can go on from the `n` games recorded in `path`.
fn check_resumable(path: &Path, n: usize, s: &Settings) -> anyhow::Result<()> {
    if n > s.games as usize {
        anyhow::bail!(
            "{} holds {n} games, more than --games {}",
            path.display(),
            s.games
        );
    }
    if n > 0 && s.names[0] == s.names[1] {
        anyhow::bail!(
            "both engines are named {:?}: the recorded winners of {} cannot be told apart \
             (give --name1 and --name2)",
            s.names[0],
            path.display()
        );
    }
    Ok(())
}

/// The fields the referee reads back from one line of its file.
fn read_record(line: &str) -> Result<Recorded, String> {
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("not a game record ({e})"))?;
    let text = |key: &str| {
        value[key]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("a game record without its {key:?} text"))
    };
    Ok(Recorded {
        game: value["game"]
            .as_u64()
            .ok_or("a game record without its \"game\" number")?,
        start: text("start")?,
        players: [text("player1")?, text("player2")?],
        winner: text("winner")?,
    })
}
