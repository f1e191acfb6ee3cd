//! Moves in text. A move list is the columns played, 1-based, in order:
//! digits (`4453`) on boards of at most 9 columns, or column numbers
//! separated by commas (`10,3,4`) on any board (also `4,4,5,3` on 7x6).
//! Lists are written as digits on boards of at most 9 columns and with
//! commas on wider ones. A refused list names the offending move and its place.

use super::{Column, PlayError};
use std::fmt;
use std::str::FromStr;

/// The widest board whose move lists are written as digits.
pub const DIGITS_UP_TO: usize = 9;

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", usize::from(self.0) + 1)
    }
}

/// Why a column name could not be read: the text and the board's range
/// (without a board, the widest board's).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a column: use a number 1..{width}")]
pub struct ParseColumnError {
    text: String,
    width: usize,
}

impl Column {
    /// A 1-based column number (`4`, `10`) of a board of `width` columns.
    ///
    /// # Errors
    ///
    /// Names the text and the board's columns.
    pub fn parse_in(text: &str, width: usize) -> Result<Column, ParseColumnError> {
        match text.trim().parse::<usize>() {
            Ok(n) if (1..=width.min(super::bitboard::MAX_WIDTH)).contains(&n) => {
                Ok(Column((n - 1) as u8))
            }
            _ => Err(ParseColumnError {
                text: crate::excerpt(text).into_owned(),
                width,
            }),
        }
    }
}

impl FromStr for Column {
    type Err = ParseColumnError;

    /// A 1-based column number (`4`, `10`) of any board (up to the widest);
    /// [`Column::parse_in`] reads one of a given board.
    fn from_str(s: &str) -> Result<Column, ParseColumnError> {
        Column::parse_in(s, super::bitboard::MAX_WIDTH)
    }
}

/// Why a move list such as `4453` or `10,3,4` was refused: the move's
/// number in the list (1-based), what was written, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovesError {
    /// A character of a digit list that is not a column digit.
    #[error("character {index} `{ch}`: not a column (use digits 1..{width})")]
    BadCharacter {
        /// 1-based position of the character in the string.
        index: usize,
        /// The character.
        ch: char,
        /// Number of columns.
        width: usize,
    },
    /// An item of a comma-separated list that is not a column number.
    #[error("move {index} `{text}`: not a column (use numbers 1..{width} separated by commas)")]
    BadColumn {
        /// 1-based number of the move in the list.
        index: usize,
        /// What was written there (cut if long).
        text: String,
        /// Number of columns.
        width: usize,
    },
    /// A column that cannot be played there.
    #[error("move {index} `{text}`: {error}")]
    Illegal {
        /// 1-based number of the move (its position in the list).
        index: usize,
        /// What was written there.
        text: String,
        /// Why the column cannot be played.
        error: PlayError,
    },
}

impl MovesError {
    /// The 1-based place of the offending move (a character, in a digit list).
    #[must_use]
    pub fn index(&self) -> usize {
        match self {
            MovesError::BadCharacter { index, .. }
            | MovesError::BadColumn { index, .. }
            | MovesError::Illegal { index, .. } => *index,
        }
    }
}

/// Reads the move list `text` for a board of `width` columns, handing each
/// move's 0-based column to `play` in order: digits when `width` is at most
/// 9 and the list has no comma, else numbers separated by commas (spaces
/// around them allowed). An empty list has no moves.
pub(crate) fn read_moves(
    width: usize,
    text: &str,
    mut play: impl FnMut(usize) -> Result<(), PlayError>,
) -> Result<(), MovesError> {
    let bytes = text.as_bytes();
    if width <= DIGITS_UP_TO && !bytes.contains(&b',') {
        // Bytes, not chars: every digit is one byte, and the first other
        // byte is an error (its place counted in characters).
        for (i, &b) in bytes.iter().enumerate() {
            if !(b'1'..=b'9').contains(&b) {
                return Err(MovesError::BadCharacter {
                    index: text[..i].chars().count() + 1,
                    ch: text[i..].chars().next().unwrap_or('?'),
                    width,
                });
            }
            play(usize::from(b - b'1')).map_err(|error| MovesError::Illegal {
                index: i + 1,
                text: char::from(b).to_string(),
                error,
            })?;
        }
        return Ok(());
    }
    if text.trim().is_empty() {
        return Ok(());
    }
    for (i, item) in text.split(',').enumerate() {
        let index = i + 1;
        let item = item.trim();
        let n = match item.parse::<usize>() {
            Ok(n) if n >= 1 && item.bytes().all(|b| b.is_ascii_digit()) => n,
            _ => {
                return Err(MovesError::BadColumn {
                    index,
                    text: crate::excerpt(item).into_owned(),
                    width,
                });
            }
        };
        play(n - 1).map_err(|error| MovesError::Illegal {
            index,
            text: item.to_owned(),
            error,
        })?;
    }
    Ok(())
}

/// The move list of `columns` on a board of `width` columns: digits
/// (`4453`) up to 9 columns, numbers separated by commas (`10,3,4`) beyond.
#[must_use]
pub fn write_moves(width: usize, columns: &[Column]) -> String {
    let sep = if width <= DIGITS_UP_TO { "" } else { "," };
    let mut out = String::new();
    for (i, c) in columns.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(&c.to_string());
    }
    out
}

/// The position of `geometry` after the move list `text`, and the list as
/// it is written back (digits up to 9 columns, commas beyond): `4,4,5,3` on
/// 7x6 comes back as `4453`.
pub fn read_position(
    geometry: super::Geometry,
    text: &str,
) -> Result<(super::Position, String), MovesError> {
    let mut pos = super::Position::new(geometry);
    let mut played = Vec::new();
    read_moves(geometry.width(), text, |col| {
        pos.play(col)?;
        played.push(Column(col as u8));
        Ok(())
    })?;
    Ok((pos, write_moves(geometry.width(), &played)))
}
