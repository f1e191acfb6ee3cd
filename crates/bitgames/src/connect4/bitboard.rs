//! The Connect Four position as the bitboard tutorials define it.
//!
//! Cell (column `c`, row `r`), row 0 at the bottom, is bit `c * (H + 1) + r`:
//! each column owns `H + 1` bits, the top one a spare that is never set, so a
//! shift never carries a four from one column into the next. For 7x6:
//!
//! ```text
//!   .  .  .  .  .  .  .     <- spare row: 6 13 20 27 34 41 48
//!   5 12 19 26 33 40 47
//!   4 11 18 25 32 39 46
//!   3 10 17 24 31 38 45
//!   2  9 16 23 30 37 44
//!   1  8 15 22 29 36 43
//!   0  7 14 21 28 35 42     <- bottom row
//! ```
//!
//! Two words hold a position: `position`, the stones of the player to move,
//! and `mask`, all stones. A move is `position ^= mask; mask |= mask + bottom(col)`
//! (the addition drops a stone onto the lowest free cell of the column), and
//! `position + mask + bottom` is a key unique to the position.

use crate::Player;
use std::fmt;

/// The most columns a board may have: the solver keeps a node's moves in
/// arrays of this size (boards of at most 9 columns use arrays of 9).
pub const MAX_WIDTH: usize = 16;

/// A board size: `width` columns of `height` cells, with `width * (height + 1) <= 128`
/// so that the board and its spare row fit one `u128` (the words of a
/// position). The solver searches a board of at most 64 bits (7x6, and
/// every board up to 9x5, 8x6, 7x7, 10x4) in `u64`s, a larger one (8x8,
/// 9x7, 10x6, 7x9, up to 16x7) in `u128`s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    width: u8,
    height: u8,
}

/// Why a board size was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    /// Zero columns or rows.
    #[error("a board needs at least one column and one row (asked for {width}x{height})")]
    Empty {
        /// Columns asked for.
        width: usize,
        /// Rows asked for.
        height: usize,
    },
    /// More columns than the solver's move lists hold ([`MAX_WIDTH`]).
    #[error("a board has at most {MAX_WIDTH} columns, not {width}")]
    TooWide {
        /// Columns asked for.
        width: usize,
    },
    /// More rows than the solver's claimeven rows hold (15).
    #[error("a board has at most 15 rows, not {height}")]
    TooTall {
        /// Rows asked for.
        height: usize,
    },
    /// The board and its spare row need more than 128 bits.
    #[error(
        "a {width}x{height} board needs {width} x ({height} + 1) = {} bits, more than the 128 of a u128",
        width * (height + 1)
    )]
    TooLarge {
        /// Columns asked for.
        width: usize,
        /// Rows asked for.
        height: usize,
    },
}

impl Geometry {
    /// The standard 7 columns by 6 rows.
    pub const STANDARD: Geometry = Geometry {
        width: 7,
        height: 6,
    };

    /// A `width` x `height` board, if it fits a `u128` and has at most
    /// [`MAX_WIDTH`] columns and 15 rows.
    pub const fn new(width: usize, height: usize) -> Result<Geometry, GeometryError> {
        if width == 0 || height == 0 {
            Err(GeometryError::Empty { width, height })
        } else if width > MAX_WIDTH {
            Err(GeometryError::TooWide { width })
        } else if height > 64 {
            // Checked first, so that `width * (height + 1)` cannot overflow.
            Err(GeometryError::TooTall { height })
        } else if width * (height + 1) > 128 {
            Err(GeometryError::TooLarge { width, height })
        } else if height > 15 {
            Err(GeometryError::TooTall { height })
        } else {
            Ok(Geometry {
                width: width as u8,
                height: height as u8,
            })
        }
    }

    /// Number of columns.
    #[must_use]
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    #[must_use]
    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// Number of bits of a word of this board, `width * (height + 1)`: the
    /// cells and each column's spare bit.
    #[must_use]
    pub const fn bits(self) -> usize {
        self.width() * (self.height() + 1)
    }

    /// Whether the board and its spare row fit 64 bits: the solver then
    /// searches in `u64`s, and opening books keep its keys in `u64`s.
    #[must_use]
    pub const fn fits_u64(self) -> bool {
        self.bits() <= 64
    }

    /// The columns from the centre out: the centre (the left one of the two
    /// middle columns on an even width), then alternately one step further
    /// out on either side (7 columns: 4 3 5 2 6 1 7, 1-based). Ties between
    /// columns of equal score go to the first in this order: the solver's
    /// move order, the analysis' best column and the engine's move all use it.
    #[must_use]
    pub fn centre_first(self) -> arrayvec::ArrayVec<usize, MAX_WIDTH> {
        let width = self.width() as i32;
        let centre = (width - 1) / 2;
        (0..width)
            .map(|i| {
                let off = if i % 2 == 1 { -(i + 1) / 2 } else { i / 2 };
                // On an even width the centre is left of the middle: go right first.
                let off = if width % 2 == 0 { -off } else { off };
                (centre + off) as usize
            })
            .collect()
    }

    /// Number of cells, `width * height`.
    #[must_use]
    pub const fn cells(self) -> usize {
        self.width() * self.height()
    }

    /// The bit of cell (`col`, `row`), row 0 at the bottom (row `height` is
    /// the spare bit on top of the column); 0 for a cell off the board.
    #[must_use]
    pub const fn bit(self, col: usize, row: usize) -> u128 {
        if col >= self.width() || row > self.height() {
            return 0;
        }
        self.raw_bit(col, row)
    }

    /// [`Geometry::bit`] for a cell known to be on the board.
    #[inline]
    const fn raw_bit(self, col: usize, row: usize) -> u128 {
        1 << (col * (self.height() + 1) + row)
    }

    /// The bottom cell of every column.
    #[must_use]
    pub const fn bottom_mask(self) -> u128 {
        let mut m = 0;
        let mut c = 0;
        while c < self.width() {
            m |= self.raw_bit(c, 0);
            c += 1;
        }
        m
    }

    /// Every cell of the board (the spare row excluded).
    #[must_use]
    pub const fn board_mask(self) -> u128 {
        self.bottom_mask() * ((1 << self.height()) - 1)
    }

    /// The cells of column `col`; 0 for a column off the board.
    #[must_use]
    pub const fn column_mask(self, col: usize) -> u128 {
        if col >= self.width() {
            return 0;
        }
        ((1 << self.height()) - 1) << (col * (self.height() + 1))
    }

    /// The top cell of column `col`; 0 for a column off the board.
    #[must_use]
    pub const fn top_mask(self, col: usize) -> u128 {
        self.bit(col, self.height() - 1)
    }

    /// Whether `bits` holds four in a row, in any of the four directions
    /// (shifts of 1 vertically, `H + 1` horizontally, `H` and `H + 2` diagonally).
    #[must_use]
    #[inline]
    pub const fn alignment(self, bits: u128) -> bool {
        let h = self.height();
        let dirs = [1, h + 1, h, h + 2];
        let mut i = 0;
        while i < 4 {
            let s = dirs[i];
            let m = bits & (bits >> s);
            if m & (m >> (2 * s)) != 0 {
                return true;
            }
            i += 1;
        }
        false
    }

    /// The empty cells (anywhere on the board, playable now or not) that would
    /// complete four in a row for the owner of `bits`, given all stones `mask`.
    #[must_use]
    #[inline]
    pub const fn winning_cells(self, bits: u128, mask: u128) -> u128 {
        let h = self.height();
        // Vertical: three stacked stones, the cell above.
        let mut r = (bits << 1) & (bits << 2) & (bits << 3);
        let dirs = [h + 1, h, h + 2];
        let mut i = 0;
        while i < 3 {
            let s = dirs[i];
            // Cells with a stone one step on each side (pattern x?x) or two on one side.
            let p = (bits << s) & (bits << (2 * s));
            r |= p & (bits << (3 * s)); // three to the left
            r |= p & (bits >> s); // two left, one right
            let p = (bits >> s) & (bits >> (2 * s));
            r |= p & (bits << s); // one left, two right
            r |= p & (bits >> (3 * s)); // three to the right
            i += 1;
        }
        r & (self.board_mask() ^ mask)
    }

    /// The stones of `bits` that belong to a four in a row (every four, in
    /// all four directions): the winning line of a finished game.
    #[must_use]
    pub const fn fours(self, bits: u128) -> u128 {
        let h = self.height();
        let dirs = [1, h + 1, h, h + 2];
        let mut out = 0;
        let mut i = 0;
        while i < 4 {
            let s = dirs[i];
            // The lowest stone of each four, then the four stones from it.
            let m = bits & (bits >> s) & (bits >> (2 * s)) & (bits >> (3 * s));
            out |= m | (m << s) | (m << (2 * s)) | (m << (3 * s));
            i += 1;
        }
        out
    }

    /// The mirror image of a bitboard (column `c` swapped with `W - 1 - c`).
    #[must_use]
    #[inline]
    pub const fn mirror(self, bits: u128) -> u128 {
        let h1 = self.height() + 1;
        let col = (1u128 << h1) - 1;
        let mut out = 0;
        let mut c = 0;
        while c < self.width() {
            let from = c * h1;
            let to = (self.width() - 1 - c) * h1;
            out |= ((bits >> from) & col) << to;
            c += 1;
        }
        out
    }
}

impl Default for Geometry {
    fn default() -> Geometry {
        Geometry::STANDARD
    }
}

impl fmt::Display for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// A Connect Four position: the tutorials' `position` (stones of the player to
/// move) and `mask` (all stones), the number of moves played, and the board size.
///
/// Only legal positions can be built through the public API: moves played
/// one by one, with full columns, columns out of range and moves after a win
/// refused (see [`Position::play`] and the parsers in this module's parent).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    current: u128,
    mask: u128,
    moves: u8,
    geometry: Geometry,
}

/// Why a column cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The column number is not on the board.
    #[error("column {column} is outside 1..{width}")]
    OutOfRange {
        /// The column asked for, 1-based.
        column: usize,
        /// The number of columns.
        width: usize,
    },
    /// The column has no free cell.
    #[error("column {column} is full")]
    FullColumn {
        /// The column, 1-based.
        column: usize,
    },
    /// The game is already won.
    #[error("the game is already over: player {winner} has four in a row")]
    GameWon {
        /// Who won.
        winner: Player,
    },
    /// The board is full.
    #[error("the game is already over: the board is full (a draw)")]
    BoardFull,
}

impl Default for Position {
    fn default() -> Position {
        Position::new(Geometry::STANDARD)
    }
}

impl Position {
    /// The empty board of this size.
    #[must_use]
    pub const fn new(geometry: Geometry) -> Position {
        Position {
            current: 0,
            mask: 0,
            moves: 0,
            geometry,
        }
    }

    /// Builds a position from raw words without any check: for the solver and
    /// for converters that have checked the grid themselves.
    #[must_use]
    pub(crate) const fn from_raw(geometry: Geometry, current: u128, mask: u128) -> Position {
        Position {
            current,
            mask,
            moves: mask.count_ones() as u8,
            geometry,
        }
    }

    /// The board size.
    #[must_use]
    pub const fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Number of columns.
    #[must_use]
    pub const fn width(&self) -> usize {
        self.geometry.width()
    }

    /// Number of rows.
    #[must_use]
    pub const fn height(&self) -> usize {
        self.geometry.height()
    }

    /// The tutorials' `position`: the stones of the player to move.
    #[must_use]
    pub const fn current(&self) -> u128 {
        self.current
    }

    /// The stones of the player who moved last.
    #[must_use]
    pub const fn opponent(&self) -> u128 {
        self.current ^ self.mask
    }

    /// The tutorials' `mask`: all stones.
    #[must_use]
    pub const fn mask(&self) -> u128 {
        self.mask
    }

    /// The stones of `player`.
    #[must_use]
    pub const fn stones(&self, player: Player) -> u128 {
        if player.index() == self.moves as usize % 2 {
            self.current
        } else {
            self.opponent()
        }
    }

    /// The unique key `position + mask + bottom`: the mask plus one marks the
    /// lowest free cell of each column, above which nothing is set.
    #[must_use]
    pub const fn key(&self) -> u128 {
        self.current + self.mask + self.geometry.bottom_mask()
    }

    /// The key of the mirror image; positions and their mirror images have the same score.
    #[must_use]
    pub const fn mirror_key(&self) -> u128 {
        self.geometry.mirror(self.key())
    }

    /// The number of stones on the board.
    #[must_use]
    pub const fn moves_played(&self) -> usize {
        self.moves as usize
    }

    /// The player to move (the first player after an even number of moves).
    #[must_use]
    pub const fn to_move(&self) -> Player {
        if self.moves.is_multiple_of(2) {
            Player::One
        } else {
            Player::Two
        }
    }

    /// Who has a stone on (`col`, `row`), row 0 at the bottom; `None` for an
    /// empty cell or one off the board.
    #[must_use]
    pub const fn cell(&self, col: usize, row: usize) -> Option<Player> {
        if col >= self.width() || row >= self.height() {
            return None;
        }
        let b = self.geometry.bit(col, row);
        if self.mask & b == 0 {
            None
        } else if self.current & b != 0 {
            Some(self.to_move())
        } else {
            Some(self.to_move().other())
        }
    }

    /// The number of stones in column `col` (0-based); 0 for a column off the board.
    #[must_use]
    pub const fn column_height(&self, col: usize) -> usize {
        if col >= self.width() {
            return 0;
        }
        (self.mask & self.geometry.column_mask(col)).count_ones() as usize
    }

    /// Whether column `col` (0-based) has a free cell: its top cell is empty.
    #[must_use]
    #[inline]
    pub const fn can_play(&self, col: usize) -> bool {
        col < self.width() && self.mask & self.geometry.top_mask(col) == 0
    }

    /// The cell a stone dropped now would land on, for every column that is not full.
    #[must_use]
    #[inline]
    pub const fn playable_cells(&self) -> u128 {
        (self.mask + self.geometry.bottom_mask()) & self.geometry.board_mask()
    }

    /// Whether the player who moved last has four in a row.
    #[must_use]
    pub const fn last_player_won(&self) -> bool {
        self.geometry.alignment(self.opponent())
    }

    /// Whether playing column `col` (0-based) wins at once; `false` for a
    /// column off the board or full.
    #[must_use]
    #[inline]
    pub const fn is_winning_move(&self, col: usize) -> bool {
        if col >= self.width() {
            return false;
        }
        let landing = (self.mask + self.geometry.bit(col, 0)) & self.geometry.column_mask(col);
        self.geometry.alignment(self.current | landing)
    }

    /// The playable cells where the player to move wins at once.
    #[must_use]
    #[inline]
    pub const fn winning_moves(&self) -> u128 {
        self.geometry.winning_cells(self.current, self.mask) & self.playable_cells()
    }

    /// Drops a stone of the player to move into column `col` (0-based) without
    /// any check: `position ^= mask; mask |= mask + bottom(col)`.
    ///
    /// The caller guarantees [`Position::can_play`]`(col)` (and that the game
    /// is not over), as [`Position::play`] checks: otherwise the position is
    /// corrupt, and builds with debug assertions panic.
    #[inline]
    pub fn play_unchecked(&mut self, col: usize) {
        debug_assert!(
            self.can_play(col),
            "column {} is full or off the board",
            col.saturating_add(1)
        );
        self.current ^= self.mask;
        self.mask |= self.mask + self.geometry.raw_bit(col, 0);
        self.moves += 1;
    }

    /// Why column `col` (0-based) cannot be played now, if it cannot.
    #[must_use]
    pub fn why_unplayable(&self, col: usize) -> Option<PlayError> {
        if self.last_player_won() {
            Some(PlayError::GameWon {
                winner: self.to_move().other(),
            })
        } else if self.moves_played() == self.geometry.cells() {
            Some(PlayError::BoardFull)
        } else if col >= self.width() {
            Some(PlayError::OutOfRange {
                // 1-based; `usize::MAX` stays `usize::MAX` rather than overflow.
                column: col.saturating_add(1),
                width: self.width(),
            })
        } else if !self.can_play(col) {
            Some(PlayError::FullColumn { column: col + 1 })
        } else {
            None
        }
    }

    /// Plays column `col` (0-based) if the game is not over and the column is
    /// on the board and not full; otherwise the position is left unchanged.
    pub fn play(&mut self, col: usize) -> Result<(), PlayError> {
        match self.why_unplayable(col) {
            Some(e) => Err(e),
            None => {
                self.play_unchecked(col);
                Ok(())
            }
        }
    }

    /// The position after playing column `col` (0-based), if legal.
    pub fn after(&self, col: usize) -> Result<Position, PlayError> {
        let mut next = *self;
        next.play(col)?;
        Ok(next)
    }
}

/// Draws a raw bitboard as the tutorials do: one character per bit, the spare
/// row on top, `1` for a set bit and `.` for a clear one.
#[must_use]
pub fn draw_bits(geometry: Geometry, bits: u128) -> String {
    let mut s = String::new();
    for row in (0..=geometry.height()).rev() {
        for col in 0..geometry.width() {
            if col > 0 {
                s.push(' ');
            }
            let b = 1u128 << (col * (geometry.height() + 1) + row);
            s.push(if bits & b != 0 { '1' } else { '.' });
        }
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests;
