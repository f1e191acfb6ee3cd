//! The registry of games: one line a game, and everything generic derived
//! from it.
//!
//! A game joins by implementing [`Registered`] in its own folder (its title,
//! start position, notation, engine and naive twin) and by one line in
//! [`GAMES`]. From that list come the command's generic subcommands (`bitgames
//! legal|perft|playouts|bestmove|check GAME`), the web API's routes
//! (`/api/games`, `/api/{game}/legal`, `/api/{game}/bestmove`), the server's
//! engine pools and the page's list of games; [`DynGame::conformance`] checks
//! any registered game against its naive twin.
//!
//! [`DynGame`] is the object-safe face of a [`Registered`] game: positions
//! and moves go in and out as the game's notation, so that callers that only
//! know a game by its name (a command line, a URL) need no generic code.

mod conformance;

use crate::engine::{Engine, Limits, Report};
use crate::tools::{self, PlayoutStats};
use crate::{Game, Outcome, Player};
pub use conformance::conformance;
use std::fmt::Display;
use std::str::FromStr;

/// A game the registry knows: the [`Game`] plus what the generic surfaces
/// need. Implemented in the game's own folder.
pub trait Registered: Game<Move: FromStr<Err: Display>> + FromStr<Err: Display> + 'static {
    /// The game's name for people: `Connect Four`.
    const TITLE: &'static str;

    /// The game's name inside a sentence, the one way every message of
    /// every surface writes it: `tic-tac-toe`, `Connect Four`, `Santorini`
    /// (bad positions, finished games). Default: [`Registered::TITLE`].
    const PROSE_NAME: &'static str = Self::TITLE;

    /// What players call the two sides, first player first: the same words
    /// in the command, the API and the page (`["Red", "Yellow"]`).
    const PLAYERS: [&'static str; 2] = ["Player 1", "Player 2"];

    /// The position every game starts from (what `-` means).
    fn start() -> Self;

    /// The position in the notation its parser reads back (a move list, a
    /// board string, a FEN): `from_notation(notation(p)) == p`.
    fn notation(&self) -> String {
        self.to_string()
    }

    /// The position written in its notation, or in any other text form the
    /// game reads (Connect Four: a grid too); the error says why not.
    /// Default: [`FromStr`].
    fn from_notation(text: &str) -> Result<Self, String> {
        text.parse()
            .map_err(|e: <Self as FromStr>::Err| e.to_string())
    }

    /// The move `text` writes in this position, read with what the
    /// position knows (Connect Four: its columns; Santorini: whether a
    /// mark is true of the turn); legality is [`Game::play`]'s. Every
    /// surface reads a move given for a position through this. Default:
    /// [`FromStr`].
    fn parse_move(&self, text: &str) -> Result<Self::Move, String> {
        text.trim()
            .parse()
            .map_err(|e: <Self::Move as FromStr>::Err| e.to_string())
    }

    /// The move that starts a list of moves split at blanks, and how many
    /// of its words it takes (Santorini's build before a move, `^C3
    /// A1>B2^C4`, is two). Every surface reads a list of moves through
    /// this. Default: the first word, by [`Registered::parse_move`].
    fn read_move_at(&self, words: &[&str]) -> Result<(Self::Move, usize), String> {
        let first = words.first().ok_or_else(|| "no move".to_string())?;
        self.parse_move(first).map(|mv| (mv, 1))
    }

    /// The position drawn for people (a terminal, the page's `<pre>`), one
    /// line a row. Default: [`Display`].
    fn drawing(&self) -> String {
        self.to_string()
    }

    /// The game's best engine.
    fn engine() -> Box<dyn Engine<Self>>;

    /// The legal moves by the game's naive twin (plain loops, no bitboards),
    /// in any order.
    fn naive_legal_moves(&self) -> Vec<Self::Move>;

    /// The outcome by the naive twin.
    fn naive_outcome(&self) -> Outcome;

    /// The naive twin's positions one move later (distinct notations, in
    /// any order), for a position whose twin lists positions rather than
    /// moves (Santorini's turns with gods); `None`: the twin's moves
    /// ([`Registered::naive_legal_moves`]) are compared instead.
    fn naive_successors(&self) -> Option<Vec<String>> {
        None
    }

    /// The start of conformance game number `game`: [`Registered::start`],
    /// unless the game has variants the games must cover (Santorini: each
    /// pair of gods in turn).
    fn conformance_start(game: u64) -> Self {
        let _ = game;
        Self::start()
    }
}

/// Why a registry call failed; each error names what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// No game of that name.
    #[error("no game `{name}`: the games are {games}")]
    UnknownGame {
        /// The name asked for (cut if long).
        name: String,
        /// The registered names, comma-separated.
        games: String,
    },
    /// The position does not parse.
    #[error("bad {game} position `{text}`: {why}")]
    BadPosition {
        /// The game's name.
        game: &'static str,
        /// The position given (cut if long).
        text: String,
        /// The parser's reason.
        why: String,
    },
    /// A move does not parse or is not legal.
    #[error("move {number} (`{text}`): {why}")]
    BadMove {
        /// 1-based number of the move in the list given.
        number: usize,
        /// The move given (cut if long).
        text: String,
        /// Why it was refused.
        why: String,
    },
    /// A conformance check failed.
    #[error("{game}: {what}")]
    Conformance {
        /// The game's name.
        game: &'static str,
        /// What disagreed, with the position.
        what: String,
    },
}

/// A position's state in notation: what `legal` prints and `/api/{game}/legal`
/// answers.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct State {
    /// The game's name.
    pub game: &'static str,
    /// The position in its notation.
    pub position: String,
    /// The position drawn for people ([`Registered::drawing`]).
    pub board: String,
    /// 1 or 2.
    pub to_move: u8,
    /// `ongoing`, `player 1 wins`, `draw`.
    pub status: String,
    /// 1 or 2 once won.
    pub winner: Option<u8>,
    /// The returns of both players (+1 win, -1 loss, 0).
    pub returns: [i8; 2],
    /// The legal moves in notation, in generation order.
    pub legal_moves: Vec<String>,
    /// Their dense action indices.
    pub actions: Vec<usize>,
    /// The size of the action space.
    pub num_actions: usize,
}

/// What a conformance run checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Random games played to the end.
    pub games: u64,
    /// Positions checked (every position of every game).
    pub positions: u64,
    /// Moves played and checked (legal ones, by `play` and `play_unchecked`).
    pub moves: u64,
    /// Illegal moves checked to be refused with the position unchanged.
    pub refused: u64,
}

/// A registered game behind an object-safe interface: positions and moves in
/// notation.
pub trait DynGame: Send + Sync {
    /// The short name ([`Game::NAME`]): `connect4`.
    fn name(&self) -> &'static str;
    /// The name for people ([`Registered::TITLE`]).
    fn title(&self) -> &'static str;
    /// The name inside a sentence ([`Registered::PROSE_NAME`]).
    fn prose_name(&self) -> &'static str;
    /// The names of the two sides ([`Registered::PLAYERS`]).
    fn players(&self) -> [&'static str; 2];
    /// The start position in notation.
    fn start(&self) -> String;
    /// The state of `position` (`-` or empty: the start) after `moves`.
    fn state(&self, position: &str, moves: &[&str]) -> Result<State, Error>;
    /// Perft to `depth` on every core.
    fn perft(&self, position: &str, depth: u32) -> Result<u64, Error>;
    /// Perft split by first move (notation, count), subtrees on every core.
    fn perft_divide(&self, position: &str, depth: u32) -> Result<Vec<(String, u64)>, Error>;
    /// `games` random games from `position`, on every core.
    fn playouts(&self, position: &str, games: u64, seed: u64) -> Result<PlayoutStats, Error>;
    /// A fresh engine of the game (one a thread).
    fn engine(&self) -> Box<dyn DynEngine>;
    /// Plays `games` random games from the start, checking at every position
    /// the moves and outcome against the naive twin, action indices both ways,
    /// the legal-action mask, `play` against `play_unchecked`, that illegal
    /// moves (and every move of a finished game) are refused with the
    /// position unchanged, the notation round trip, and the engine's move.
    fn conformance(&self, games: u64, seed: u64) -> Result<Checked, Error>;
}

/// An engine behind an object-safe interface.
pub trait DynEngine: Send {
    /// The engine's name.
    fn name(&self) -> &'static str;
    /// The best move for `position` (`-`: the start) within `limits`, in notation.
    fn think(&mut self, position: &str, limits: Limits) -> Result<Report<String>, Error>;
    /// Stops the searches once `cancel` is set ([`Engine::set_cancel`]).
    fn set_cancel(&mut self, cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>);
}

/// The registry entry of `G` (a zero-sized value).
pub struct Entry<G>(std::marker::PhantomData<fn() -> G>);

impl<G> Entry<G> {
    /// The entry.
    pub const NEW: Entry<G> = Entry(std::marker::PhantomData);
}

/// Every game, one line each. The order is the order of the command's help
/// and the page's list.
pub static GAMES: [&dyn DynGame; 3] = [
    &Entry::<crate::tictactoe::Position>::NEW,
    &Entry::<crate::connect4::Position>::NEW,
    &Entry::<crate::santorini::Position>::NEW,
];

/// What players call `player` in the game `G` ([`Registered::PLAYERS`]).
#[must_use]
pub fn player_name<G: Registered>(player: Player) -> &'static str {
    G::PLAYERS[usize::from(player != Player::One)]
}

/// The names of the registered games, comma-separated.
#[must_use]
pub fn names() -> String {
    GAMES
        .iter()
        .map(|g| g.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The game called `name`.
pub fn find(name: &str) -> Result<&'static dyn DynGame, Error> {
    GAMES
        .iter()
        .copied()
        .find(|g| g.name() == name)
        .ok_or_else(|| Error::UnknownGame {
            name: crate::excerpt(name).into_owned(),
            games: names(),
        })
}

/// `position` parsed (`-` or nothing but blanks: the start).
pub fn parse_position<G: Registered>(position: &str) -> Result<G, Error> {
    let text = position.trim();
    if text.is_empty() || text == "-" {
        return Ok(G::start());
    }
    G::from_notation(text).map_err(|why| Error::BadPosition {
        game: G::PROSE_NAME,
        text: crate::excerpt(text).into_owned(),
        why,
    })
}

/// `pos` after `moves`, each parsed and played in turn; the first refused one
/// is named by its number.
pub fn play_moves<G: Registered>(mut pos: G, moves: &[&str]) -> Result<G, Error> {
    let (mut at, mut number) = (0, 0);
    while at < moves.len() {
        number += 1;
        let bad = |taken: usize, why: String| Error::BadMove {
            number,
            text: crate::excerpt(&moves[at..at + taken].join(" ")).into_owned(),
            why,
        };
        let (mv, taken) = pos.read_move_at(&moves[at..]).map_err(|why| bad(1, why))?;
        pos.play(mv).map_err(|e| bad(taken, e.to_string()))?;
        at += taken;
    }
    Ok(pos)
}

/// The [`State`] of a position.
pub fn state_of<G: Registered>(pos: &G) -> State {
    let moves = pos.legal_moves();
    let outcome = pos.outcome();
    State {
        game: G::NAME,
        position: pos.notation(),
        board: pos.drawing(),
        to_move: pos.to_move().number(),
        status: outcome.to_string(),
        winner: outcome.winner().map(crate::Player::number),
        returns: pos.returns(),
        legal_moves: moves.iter().map(ToString::to_string).collect(),
        actions: moves.iter().map(|&m| pos.action_of(m)).collect(),
        num_actions: pos.num_actions(),
    }
}

impl<G: Registered> DynGame for Entry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn prose_name(&self) -> &'static str {
        G::PROSE_NAME
    }

    fn players(&self) -> [&'static str; 2] {
        G::PLAYERS
    }

    fn start(&self) -> String {
        G::start().notation()
    }

    fn state(&self, position: &str, moves: &[&str]) -> Result<State, Error> {
        let pos = play_moves(parse_position::<G>(position)?, moves)?;
        Ok(state_of(&pos))
    }

    fn perft(&self, position: &str, depth: u32) -> Result<u64, Error> {
        Ok(tools::perft_parallel(
            &parse_position::<G>(position)?,
            depth,
        ))
    }

    fn perft_divide(&self, position: &str, depth: u32) -> Result<Vec<(String, u64)>, Error> {
        let pos = parse_position::<G>(position)?;
        Ok(tools::perft_divide_parallel(&pos, depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect())
    }

    fn playouts(&self, position: &str, games: u64, seed: u64) -> Result<PlayoutStats, Error> {
        Ok(tools::random_playouts(
            &parse_position::<G>(position)?,
            games,
            seed,
        ))
    }

    fn engine(&self) -> Box<dyn DynEngine> {
        dyn_engine::<G>(G::engine())
    }

    fn conformance(&self, games: u64, seed: u64) -> Result<Checked, Error> {
        conformance::<G>(games, seed)
    }
}

/// `engine` behind the object-safe interface, for a front end that makes a
/// game's engine its own way (the server gives Connect Four's solver the
/// book of `--book`).
#[must_use]
pub fn dyn_engine<G: Registered>(engine: Box<dyn Engine<G>>) -> Box<dyn DynEngine> {
    Box::new(EngineOf::<G>(engine))
}

struct EngineOf<G: Registered>(Box<dyn Engine<G>>);

impl<G: Registered> DynEngine for EngineOf<G> {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn set_cancel(&mut self, cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        self.0.set_cancel(cancel);
    }

    fn think(&mut self, position: &str, limits: Limits) -> Result<Report<String>, Error> {
        let pos = parse_position::<G>(position)?;
        Ok(self.0.think(&pos, limits).to_strings())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_found_by_its_name_and_an_unknown_one_is_named() {
        for g in GAMES {
            assert_eq!(find(g.name()).unwrap().name(), g.name());
        }
        let e = find("chess").err().unwrap();
        assert_eq!(
            e.to_string(),
            "no game `chess`: the games are tictactoe, connect4, santorini"
        );
    }

    #[test]
    fn the_start_is_dash_or_nothing_in_every_game() {
        for g in GAMES {
            let a = g.state("-", &[]).unwrap();
            let b = g.state("", &[]).unwrap();
            let c = g.state(&g.start(), &[]).unwrap();
            assert_eq!(a, b);
            assert_eq!(a, c);
            assert_eq!(a.to_move, 1);
            assert_eq!(a.status, "ongoing");
            assert!(!a.legal_moves.is_empty());
        }
    }

    #[test]
    fn the_state_draws_the_board_for_people() {
        let t = find("tictactoe").unwrap().state("1524", &[]).unwrap();
        assert_eq!(
            (t.position.as_str(), t.board.as_str()),
            ("XX./OO./...", "X X .\nO O .\n. . .\n")
        );
        let s = find("santorini")
            .unwrap()
            .state("-", &["B3,D3", "C4,C2"])
            .unwrap();
        assert!(
            s.board
                .starts_with("    A   B   C   D   E\n5   0.  0.  0.  0.  0. \n"),
            "{}",
            s.board
        );
        assert!(
            s.board.contains("\n3   0.  01  0.  01  0. \n"),
            "{}",
            s.board
        );
        let c = find("connect4").unwrap().state("443", &[]).unwrap();
        assert!(
            c.board
                .trim_end()
                .ends_with(". . . O . . .\n. . X X . . .\n1 2 3 4 5 6 7"),
            "{}",
            c.board
        );
    }

    #[test]
    fn connect_four_reads_a_grid_of_any_size_and_writes_moves_on_7x6() {
        let c4 = find("connect4").unwrap();
        let grid = "0000000/0000000/0000000/0000000/0002000/0021100";
        // A move string that reaches the grid, the moves in some order.
        let s = c4.state(grid, &["5"]).unwrap();
        assert_eq!((s.position.as_str(), s.to_move), ("53445", 2));
        assert_eq!(c4.state("44535", &[]).unwrap().board, s.board);
        // 4x4: the notation is the grid, and it reads back.
        let s = c4.state("0000/0000/0000/1200", &["3"]).unwrap();
        assert_eq!(s.position, "0000/0000/0000/1210");
        assert_eq!(s.legal_moves, ["1", "2", "3", "4"]);
        assert_eq!(c4.state(&s.position, &[]).unwrap(), s);
        // One row: the grid ends with `/` (`12` alone is a move string).
        let s = c4.state("1200/", &["3"]).unwrap();
        assert_eq!((s.position.as_str(), s.legal_moves.len()), ("1210/", 1));
        let e = c4.state("0000/0000/0000/2200", &[]).err().unwrap();
        assert!(
            e.to_string()
                .starts_with("bad Connect Four position `0000/0000/0000/2200`: "),
            "{e}"
        );
    }

    #[test]
    fn a_refused_move_is_named_by_its_number() {
        let c4 = find("connect4").unwrap();
        let e = c4.state("-", &["4", "4", "9"]).err().unwrap();
        assert!(e.to_string().starts_with("move 3 (`9`): "), "{e}");
        let e = c4.state("44x", &[]).err().unwrap();
        assert!(
            e.to_string()
                .starts_with("bad Connect Four position `44x`: "),
            "{e}"
        );
    }

    /// Issue 73: "use a number 1..16" was the range named on a 7-column
    /// board; a Santorini mark that the turn does not bear out was accepted.
    #[test]
    fn a_move_is_read_in_its_position() {
        let c4 = find("connect4").unwrap();
        for (moves, text) in [(&["4", "17"][..], "17"), (&["x"], "x")] {
            let e = c4.state("-", moves).err().unwrap().to_string();
            assert_eq!(
                e,
                format!(
                    "move {} (`{text}`): `{text}` is not a column: use a number 1..7",
                    moves.len()
                )
            );
        }
        let e = c4.state("0000/0000/0000/1200", &["5"]).err().unwrap();
        assert_eq!(
            e.to_string(),
            "move 1 (`5`): `5` is not a column: use a number 1..4"
        );
        let sa = find("santorini").unwrap();
        let minotaur = "0000000000000000000000000/1/minotaur:D3,A1/mortal:C4,E1";
        let e = sa.state(minotaur, &["D3>C4(>A1)^D4"]).err().unwrap();
        assert_eq!(
            e.to_string(),
            "move 1 (`D3>C4(>A1)^D4`): the mark `(>A1)` is not true of this turn: \
             the worker on C4 is pushed to B5"
        );
        let s = sa.state(minotaur, &["D3>C4(>B5)^D4"]).unwrap();
        assert!(
            s.position.ends_with("/2/minotaur:C4,A1/mortal:B5,E1"),
            "{}",
            s.position
        );
    }

    #[test]
    fn messages_write_each_game_one_way() {
        for (name, prose) in [
            ("tictactoe", "tic-tac-toe"),
            ("connect4", "Connect Four"),
            ("santorini", "Santorini"),
        ] {
            let g = find(name).unwrap();
            assert_eq!(g.prose_name(), prose);
            let e = g.state("#", &[]).err().unwrap().to_string();
            assert!(e.starts_with(&format!("bad {prose} position `#`: ")), "{e}");
        }
    }
}
