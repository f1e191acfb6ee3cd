//! Reading and writing squares, move strings and boards, with errors that say where.

use super::{Board, Square, mark};
use crate::{Outcome, Player};
use std::fmt;
use std::str::FromStr;

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a square: use 1..9 or a1..c3")]
pub struct ParseSquareError {
    text: String,
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError {
            text: crate::excerpt(s).into_owned(),
        };
        match s.trim().as_bytes() {
            [d @ b'1'..=b'9'] => Ok(Square(d - b'1')),
            [r, c @ b'1'..=b'3'] if matches!(r.to_ascii_lowercase(), b'a'..=b'c') => {
                Ok(Square(3 * (r.to_ascii_lowercase() - b'a') + (c - b'1')))
            }
            _ => Err(err()),
        }
    }
}

/// Why a move was refused by [`Game::play`](crate::Game::play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The square already holds a mark.
    #[error("square {square} ({name}) is already taken by {}", mark(*.by))]
    Occupied {
        /// The square asked for.
        square: Square,
        /// Its name `a1`..`c3`.
        name: SquareName,
        /// Who holds it.
        by: Player,
    },
    /// The game is already over.
    #[error("the game is already over ({})", GameOverText(*.outcome))]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
}

/// A square's `a1`..`c3` name, as a `Copy` value for error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareName(pub Square);

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.name())
    }
}

struct GameOverText(Outcome);

impl fmt::Display for GameOverText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Outcome::Win(p) => write!(f, "{} has won", mark(p)),
            Outcome::Draw => f.write_str("a draw"),
            Outcome::Ongoing => f.write_str("ongoing"),
        }
    }
}

impl PlayError {
    /// The error for playing `square` on `board`, or `None` if it is legal.
    pub(crate) fn check<B: Board>(board: &B, square: Square) -> Option<PlayError> {
        let outcome = board.outcome();
        if outcome.is_over() {
            return Some(PlayError::GameOver { outcome });
        }
        board.cell(square).map(|by| PlayError::Occupied {
            square,
            name: SquareName(square),
            by,
        })
    }
}

/// Why a move string (or board string) could not be turned into a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovesError {
    /// A character that starts no square name.
    #[error("character {character}: unexpected `{ch}` (squares are 1..9 or a1..c3)")]
    BadCharacter {
        /// 1-based character position in the string.
        character: usize,
        /// The character.
        ch: char,
    },
    /// A well-formed token naming no square (`0`, `a4`, `d1`).
    #[error("move {index} `{text}` (character {character}): not a square (use 1..9 or a1..c3)")]
    BadSquare {
        /// 1-based number of the move in the string.
        index: usize,
        /// 1-based character position of the move.
        character: usize,
        /// The move as written.
        text: String,
    },
    /// A square that could not be played there.
    #[error("move {index} `{text}` (character {character}): {error}")]
    Illegal {
        /// 1-based number of the move in the string.
        index: usize,
        /// 1-based character position of the move.
        character: usize,
        /// The move as written.
        text: String,
        /// Why it was refused.
        error: PlayError,
    },
    /// A board string that is not 9 cells of `X`, `O`, `.`.
    #[error("board: {0}")]
    BadBoard(String),
}

/// One square read from a move string, with where it stood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveToken {
    /// The square.
    pub square: Square,
    /// 1-based character position.
    pub character: usize,
    /// The text as written (`5`, `b2`).
    pub text: String,
}

/// Reads a move string: digits `1`..`9` or names `a1`..`c3`, optionally
/// separated by spaces, commas or semicolons (`1524`, `a1 b2 a2`, `1,5,2`).
pub fn parse_moves(moves: &str) -> Result<Vec<MoveToken>, MovesError> {
    let chars: Vec<char> = moves.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        let character = i + 1;
        if ch.is_whitespace() || ch == ',' || ch == ';' {
            i += 1;
            continue;
        }
        // A move is one digit, or a letter and a digit.
        let len = if ch.is_ascii_digit() {
            1
        } else if ch.is_ascii_alphabetic() && chars.get(i + 1).is_some_and(char::is_ascii_digit) {
            2
        } else {
            return Err(MovesError::BadCharacter { character, ch });
        };
        let text: String = chars[i..i + len].iter().collect();
        let square = text.parse().map_err(|_| MovesError::BadSquare {
            index: out.len() + 1,
            character,
            text: text.clone(),
        })?;
        out.push(MoveToken {
            square,
            character,
            text,
        });
        i += len;
    }
    Ok(out)
}

/// Plays a move string from the empty board.
pub(crate) fn play_moves<B: Board>(moves: &str) -> Result<B, MovesError> {
    let mut board = B::default();
    for (i, token) in parse_moves(moves)?.into_iter().enumerate() {
        if let Some(error) = PlayError::check(&board, token.square) {
            return Err(MovesError::Illegal {
                index: i + 1,
                character: token.character,
                text: token.text,
                error,
            });
        }
        board.play_unchecked(token.square);
    }
    Ok(board)
}

/// Reads a board string of nine cells `X`, `O`, `.` (case-insensitive; `/`
/// and spaces between rows are ignored) and checks that it can arise in a game.
pub(crate) fn parse_board<B: Board>(text: &str) -> Result<B, MovesError> {
    let mut board = B::default();
    let mut n = 0usize;
    let mut counts = [0usize; 2];
    for (i, ch) in text.chars().enumerate() {
        let player = match ch {
            '/' | ' ' => continue,
            '.' | '-' | '_' => None,
            'x' | 'X' => Some(Player::One),
            'o' | 'O' => Some(Player::Two),
            _ => {
                return Err(MovesError::BadBoard(format!(
                    "character {}: unexpected `{ch}` (cells are X, O or .)",
                    i + 1
                )));
            }
        };
        if n == 9 {
            return Err(MovesError::BadBoard(format!(
                "character {}: more than 9 cells",
                i + 1
            )));
        }
        if let Some(p) = player {
            board.put(Square(n as u8), p);
            counts[p.index()] += 1;
        }
        n += 1;
    }
    if n != 9 {
        return Err(MovesError::BadBoard(format!("{n} cells, expected 9")));
    }
    let [x, o] = counts;
    if x != o && x != o + 1 {
        return Err(MovesError::BadBoard(format!(
            "{x} X and {o} O: X moves first, so X has as many marks as O or one more"
        )));
    }
    let line_of = |p: Player| {
        super::Line::ALL
            .into_iter()
            .find(|l| l.squares().iter().all(|&s| board.cell(s) == Some(p)))
    };
    match (line_of(Player::One), line_of(Player::Two)) {
        (Some(_), Some(_)) => Err(MovesError::BadBoard(
            "both X and O have three in a row".into(),
        )),
        (Some(l), None) if x != o + 1 => Err(MovesError::BadBoard(format!(
            "X has {l} but O has moved since"
        ))),
        (None, Some(l)) if x != o => Err(MovesError::BadBoard(format!(
            "O has {l} but X has moved since"
        ))),
        _ => Ok(board),
    }
}

/// Reads either form of a position: a move string (every move has a digit)
/// or, when there is no digit at all, a board string.
pub(crate) fn parse_position<B: Board>(text: &str) -> Result<B, MovesError> {
    if !text.trim().is_empty() && !text.contains(|c: char| c.is_ascii_digit()) {
        parse_board(text)
    } else {
        play_moves(text)
    }
}
