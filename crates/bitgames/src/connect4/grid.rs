//! Grids of 0/1/2, per-player bit numbers, and the move string that reaches a grid.
//!
//! A grid is the board as the numpy notebooks hold it: one row of `W` cells
//! per line, **top row first**, `0` for a free cell, `1` for a stone of the
//! first player and `2` for one of the second. As text, rows are separated by
//! `/` or by line breaks; inside a row, spaces, commas and brackets are
//! ignored, so `0000000/0000000/0000000/0000000/0000000/0001200`, one row per
//! line, and numpy's `print(board)` all read the same:
//!
//! ```text
//!   [[0 0 0 0 0 0 0]
//!    [0 0 0 0 0 0 0]          line 1 = row 6 (top)
//!    ...
//!    [0 0 0 1 2 0 0]]         line 6 = row 1 (bottom)
//! ```
//!
//! In messages a cell is named as on the printed board: column `c` (1-based,
//! from the left) and row `r` (1-based, from the **bottom**), with the line of
//! the grid text it is on (line `H + 1 - r`).
//!
//! A grid is checked as a position a game can reach: every stone stands on
//! another or on the bottom, the first player has as many stones as the
//! second or one more, and nobody but the player who moved last has four in a
//! row. A grid won by the player who moved last is accepted (for display);
//! the solver refuses it as a finished game. [`move_string`] then finds moves
//! that reach the grid, or says that none does.

use super::{Column, Geometry, GeometryError, Position};
use crate::Player;
use std::collections::HashSet;

/// Why a grid is not a Connect Four position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// No rows at all.
    #[error("the grid is empty: give one row of 0/1/2 per line, top row first")]
    Empty,
    /// The grid's size is no board size.
    #[error("a grid of {width} columns and {height} rows: {error}")]
    Size {
        /// Columns found.
        width: usize,
        /// Rows found.
        height: usize,
        /// Why the size does not fit.
        error: GeometryError,
    },
    /// Not as many rows as the board has.
    #[error("the grid has {found} rows, a {geometry} board has {expected}")]
    RowCount {
        /// The board size asked for.
        geometry: Geometry,
        /// Rows the board has.
        expected: usize,
        /// Rows the grid has.
        found: usize,
    },
    /// A row with a different number of cells.
    #[error("line {line} (row {row}) has {found} cells, expected {expected}")]
    RowLength {
        /// 1-based line of the grid text, top first.
        line: usize,
        /// 1-based row from the bottom.
        row: usize,
        /// Cells expected.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// A cell that is not 0, 1 or 2.
    #[error("line {line}, cell {column} (column {column}, row {row}): `{value}` is not 0, 1 or 2")]
    BadValue {
        /// 1-based line of the grid text, top first.
        line: usize,
        /// 1-based column.
        column: usize,
        /// 1-based row from the bottom.
        row: usize,
        /// What was found.
        value: String,
    },
    /// Bits outside the board, or a cell claimed by both players.
    #[error("the bit numbers are not a board: {0}")]
    BadBits(&'static str),
    /// A stone above an empty cell.
    #[error(
        "floating stone: column {column}, row {row} (line {line} of the grid) holds a stone of player {player} but the cell below it is empty"
    )]
    Floating {
        /// 1-based column.
        column: usize,
        /// 1-based row from the bottom.
        row: usize,
        /// 1-based line of the grid text, top first.
        line: usize,
        /// Whose stone floats.
        player: Player,
    },
    /// Stone counts no game can reach.
    #[error(
        "player 1 has {ones} stones and player 2 has {twos}: player 1 (who moves first) must have as many as player 2 or one more"
    )]
    StoneCounts {
        /// Stones of the first player.
        ones: usize,
        /// Stones of the second player.
        twos: usize,
    },
    /// Both players have four in a row.
    #[error("both players have four in a row: the game would have ended at the first of them")]
    BothWon,
    /// The player to move already has four in a row.
    #[error(
        "player {winner} has four in a row but player {last} moved last: the game would have ended before"
    )]
    WrongWinner {
        /// The player with four, who did not move last.
        winner: Player,
        /// The player who moved last.
        last: Player,
    },
}

/// The position of a grid of 0/1/2, top row first; the board size is the
/// grid's (`W` = cells per row, `H` = number of rows).
pub fn from_grid(rows: &[Vec<u8>]) -> Result<Position, GridError> {
    let height = rows.len();
    let width = rows.first().ok_or(GridError::Empty)?.len();
    let geometry = Geometry::new(width, height).map_err(|error| GridError::Size {
        width,
        height,
        error,
    })?;
    from_grid_in(geometry, rows)
}

/// The position of a grid of 0/1/2, top row first, on a board of this size.
pub fn from_grid_in(geometry: Geometry, rows: &[Vec<u8>]) -> Result<Position, GridError> {
    let (w, h) = (geometry.width(), geometry.height());
    if rows.is_empty() {
        return Err(GridError::Empty);
    }
    if rows.len() != h {
        return Err(GridError::RowCount {
            geometry,
            expected: h,
            found: rows.len(),
        });
    }
    let mut bits = [0u128; 2];
    for (i, cells) in rows.iter().enumerate() {
        let row = h - 1 - i;
        if cells.len() != w {
            return Err(GridError::RowLength {
                line: i + 1,
                row: row + 1,
                expected: w,
                found: cells.len(),
            });
        }
        for (col, &v) in cells.iter().enumerate() {
            match Player::from_number(v) {
                Some(p) => bits[p.index()] |= geometry.bit(col, row),
                None if v == 0 => {}
                None => {
                    return Err(GridError::BadValue {
                        line: i + 1,
                        column: col + 1,
                        row: row + 1,
                        value: v.to_string(),
                    });
                }
            }
        }
    }
    from_player_bits(geometry, bits[0], bits[1])
}

/// Reads grid text (see the module doc) into rows of 0/1/2, top row first.
/// Any character other than a digit, a separator or ignored punctuation is
/// refused with its line and cell.
pub fn parse_grid(text: &str) -> Result<Vec<Vec<u8>>, GridError> {
    let lines: Vec<&str> = text
        .split(['/', '\n'])
        .map(str::trim)
        .filter(|l| !l.chars().all(|c| c.is_whitespace() || "[],".contains(c)))
        .collect();
    let h = lines.len();
    let mut rows = Vec::with_capacity(h);
    for (i, line) in lines.iter().enumerate() {
        let mut cells = Vec::new();
        for c in line.chars() {
            if c.is_whitespace() || "[],".contains(c) {
                continue;
            }
            match c {
                '0'..='2' => cells.push(c as u8 - b'0'),
                _ => {
                    return Err(GridError::BadValue {
                        line: i + 1,
                        column: cells.len() + 1,
                        row: h - i,
                        value: c.to_string(),
                    });
                }
            }
        }
        rows.push(cells);
    }
    if rows.is_empty() {
        return Err(GridError::Empty);
    }
    Ok(rows)
}

/// The position of grid text: [`parse_grid`], then [`from_grid`] (7x6 for
/// a 7x6 grid, any other size as the grid has it).
pub fn parse_grid_position(text: &str) -> Result<Position, GridError> {
    from_grid(&parse_grid(text)?)
}

/// The position of two per-player bit numbers (bit `col * (H + 1) + row` as in
/// [`super::bitboard`]), checked as a grid is.
pub fn from_player_bits(geometry: Geometry, ones: u128, twos: u128) -> Result<Position, GridError> {
    let board = geometry.board_mask();
    if (ones | twos) & !board != 0 {
        return Err(GridError::BadBits("a bit outside the board is set"));
    }
    if ones & twos != 0 {
        return Err(GridError::BadBits("a cell holds stones of both players"));
    }
    let h = geometry.height();
    let mask = ones | twos;
    for col in 0..geometry.width() {
        for row in 1..h {
            let b = geometry.bit(col, row);
            if mask & b != 0 && mask & geometry.bit(col, row - 1) == 0 {
                return Err(GridError::Floating {
                    column: col + 1,
                    row: row + 1,
                    line: h - row,
                    player: if ones & b != 0 {
                        Player::One
                    } else {
                        Player::Two
                    },
                });
            }
        }
    }
    let (n1, n2) = (ones.count_ones() as usize, twos.count_ones() as usize);
    if n1 != n2 && n1 != n2 + 1 {
        return Err(GridError::StoneCounts { ones: n1, twos: n2 });
    }
    let last = if n1 > n2 { Player::One } else { Player::Two };
    match (geometry.alignment(ones), geometry.alignment(twos)) {
        (true, true) => return Err(GridError::BothWon),
        (true, false) if last != Player::One => {
            return Err(GridError::WrongWinner {
                winner: Player::One,
                last,
            });
        }
        (false, true) if last != Player::Two => {
            return Err(GridError::WrongWinner {
                winner: Player::Two,
                last,
            });
        }
        _ => {}
    }
    // The player to move: the first after an even number of stones.
    let current = if (n1 + n2).is_multiple_of(2) {
        ones
    } else {
        twos
    };
    Ok(Position::from_raw(geometry, current, mask))
}

/// The position of a key (`position + mask + bottom`, see [`Position::key`]):
/// in each column the highest set bit marks the first free cell, and the set
/// bits below it are the stones of the player to move. `None` for a word that
/// is no position's key (a column without its marker, bits off the board, or
/// a board the checks of [`from_player_bits`] refuse).
#[must_use]
pub fn from_key(geometry: Geometry, key: u128) -> Option<Position> {
    let h1 = geometry.height() + 1;
    let used = geometry.width() * h1;
    if used < 128 && key >> used != 0 {
        return None;
    }
    let (mut current, mut mask) = (0u128, 0u128);
    for col in 0..geometry.width() {
        let bits = (key >> (col * h1)) & ((1u128 << h1) - 1);
        if bits == 0 {
            return None;
        }
        let height = 127 - bits.leading_zeros() as usize;
        let stones = (1u128 << height) - 1;
        mask |= stones << (col * h1);
        current |= (bits & stones) << (col * h1);
    }
    let (ones, twos) = if mask.count_ones().is_multiple_of(2) {
        (current, mask ^ current)
    } else {
        (mask ^ current, current)
    };
    from_player_bits(geometry, ones, twos).ok()
}

/// The grid of a position, top row first: 0 free, 1 and 2 the players' stones.
#[must_use]
pub fn to_grid(pos: &Position) -> Vec<Vec<u8>> {
    (0..pos.height())
        .rev()
        .map(|row| {
            (0..pos.width())
                .map(|col| pos.cell(col, row).map_or(0, Player::number))
                .collect()
        })
        .collect()
}

/// The grid as one line, rows top first separated by `/`: `0000000/.../0001200`.
#[must_use]
pub fn grid_string(pos: &Position) -> String {
    to_grid(pos)
        .iter()
        .map(|r| r.iter().map(|&v| char::from(b'0' + v)).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// The two per-player bit numbers: the stones of player 1, of player 2.
#[must_use]
pub fn player_bits(pos: &Position) -> [u128; 2] {
    [pos.stones(Player::One), pos.stones(Player::Two)]
}

/// The moves (columns) that reach `pos` from the empty board with nobody
/// winning before the last move, or `None` when no game reaches it.
///
/// The search runs backwards: it takes the top stone of the player who moved
/// last off some column, checks that the smaller board has no four, and goes
/// on. A smaller board is fixed by the heights of its columns, so the boards
/// that failed are remembered by key and the search visits each at most once
/// (at most `(H + 1)^W` of them; a handful on real positions).
#[must_use]
pub fn moves_to(pos: &Position) -> Option<Vec<Column>> {
    let g = pos.geometry();
    let [ones, twos] = player_bits(pos);
    if g.alignment(ones) && g.alignment(twos) {
        return None;
    }
    let mut dead = HashSet::new();
    let mut moves = Vec::with_capacity(pos.moves_played());
    if undo(g, [ones, twos], &mut dead, &mut moves) {
        moves.reverse();
        Some(moves)
    } else {
        None
    }
}

/// Takes stones off `bits` until the board is empty, pushing the columns in
/// reverse order of play; false if no order works.
fn undo(g: Geometry, bits: [u128; 2], dead: &mut HashSet<u128>, moves: &mut Vec<Column>) -> bool {
    let mask = bits[0] | bits[1];
    if mask == 0 {
        return true;
    }
    let n = mask.count_ones() as usize;
    // After an odd number of stones the first player moved last.
    let last = if n % 2 == 1 { 0 } else { 1 };
    let key = mask + bits[last] + g.bottom_mask();
    if dead.contains(&key) {
        return false;
    }
    for col in g.centre_first() {
        let column = mask & g.column_mask(col);
        if column == 0 {
            continue;
        }
        let top = 1u128 << (127 - column.leading_zeros());
        if bits[last] & top == 0 {
            continue;
        }
        let mut before = bits;
        before[last] ^= top;
        // The game was still going before the last stone.
        if g.alignment(before[0]) || g.alignment(before[1]) {
            continue;
        }
        moves.push(Column(col as u8));
        if undo(g, before, dead, moves) {
            return true;
        }
        moves.pop();
    }
    dead.insert(key);
    false
}

/// The move list that reaches `pos`, as [`moves_to`] finds it: digits
/// (`4453`) up to 9 columns, numbers separated by commas (`10,3,4`) beyond.
#[must_use]
pub fn move_string(pos: &Position) -> Option<String> {
    moves_to(pos).map(|m| super::write_moves(pos.width(), &m))
}

/// The tutorials' three words side by side, as raw bitboards with the spare
/// row on top: `position` (the stones of the player to move), `mask` (all
/// stones) and `key` (`position + mask + bottom`).
#[must_use]
pub fn draw_words(pos: &Position) -> String {
    let g = pos.geometry();
    let pictures = [
        ("position", super::draw_bits(g, pos.current())),
        ("mask", super::draw_bits(g, pos.mask())),
        ("key", super::draw_bits(g, pos.key())),
    ];
    let width = (2 * g.width() - 1).max("position".len());
    let mut out = String::new();
    let header: Vec<String> = pictures
        .iter()
        .map(|(name, _)| format!("{name:<width$}"))
        .collect();
    out.push_str(header.join("   ").trim_end());
    out.push('\n');
    let lines: Vec<Vec<&str>> = pictures.iter().map(|(_, p)| p.lines().collect()).collect();
    for i in 0..=g.height() {
        let row: Vec<String> = lines.iter().map(|l| format!("{:<width$}", l[i])).collect();
        out.push_str(row.join("   ").trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notebook_example_round_trips() {
        let pos = Position::from_moves("45").unwrap();
        let text = "0000000/0000000/0000000/0000000/0000000/0001200";
        assert_eq!(grid_string(&pos), text);
        assert_eq!(parse_grid_position(text).unwrap(), pos);
        let numpy = "[[0 0 0 0 0 0 0]\n [0 0 0 0 0 0 0]\n [0 0 0 0 0 0 0]\n [0 0 0 0 0 0 0]\n [0 0 0 0 0 0 0]\n [0 0 0 1 2 0 0]]";
        assert_eq!(parse_grid_position(numpy).unwrap(), pos);
        assert_eq!(move_string(&pos).as_deref(), Some("45"));
    }

    #[test]
    fn words_are_drawn_side_by_side_with_the_spare_row() {
        let g = Geometry::new(4, 4).unwrap();
        let pos = Position::from_moves_in(g, "1112").unwrap();
        // 4 stones: player 1 to move, with rows 1 and 3 of column 1; the key
        // adds mask + bottom: column 1 is 101 + 111 + 1 = 1101.
        assert_eq!(
            draw_words(&pos),
            "position   mask       key\n\
             . . . .    . . . .    . . . .\n\
             . . . .    . . . .    1 . . .\n\
             1 . . .    1 . . .    1 . . .\n\
             . . . .    1 . . .    . 1 . .\n\
             1 . . .    1 1 . .    1 . 1 1\n"
        );
    }
}
