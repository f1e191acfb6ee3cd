//! The 7x7 padded bitboard of the Santorini bitboard tutorial, held in a `u64`.
//!
//! Space (row x, col y), both 1-based, is bit `7x + y`. The 5x5 board sits
//! inside a one-space frame of padding bits that are never set, so a shift by
//! one step in any of the eight directions can never wrap a space onto the
//! other side of the board: it lands on padding and is masked off with the
//! valid mask `V`.
//!
//! ```text
//!            col 0  1  2  3  4  5  6
//!   row 0:        0  1  2  3  4  5  6     (padding)
//!   row 1:        7  8  9 10 11 12 13     spaces (1,1)..(1,5) = bits  8..12  (A5..E5)
//!   row 2:       14 15 16 17 18 19 20     spaces (2,1)..(2,5) = bits 15..19  (A4..E4)
//!   row 3:       21 22 23 24 25 26 27     spaces (3,1)..(3,5) = bits 22..26  (A3..E3)
//!   row 4:       28 29 30 31 32 33 34     spaces (4,1)..(4,5) = bits 29..33  (A2..E2)
//!   row 5:       35 36 37 38 39 40 41     spaces (5,1)..(5,5) = bits 36..40  (A1..E1)
//!   row 6:       42 43 44 45 46 47 48     (padding)
//! ```
//!
//! The neighbourhood `N(i)` of space `i` is the 3x3 stencil around bit 8,
//! bits {0,1,2,7,9,14,15,16} = 115335, shifted left by `i - 8` and masked with
//! `V`. The closed neighbourhood `N[X]` of a whole set `X` (X and every
//! neighbour of a space in X) takes two shift-or steps: `x = X<<1 | X | X>>1`
//! along the row, then `x<<7 | x | x>>7` across rows, masked with `V`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// One of the 25 spaces, held as its bit index `7*row + col` in the padded
/// board (row and col 1-based). The `Display` form is the game notation:
/// files A..E left to right (col 1..5), ranks 5 (row 1, the top) down to 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Space(u8);

impl Space {
    /// The space at (row, col), both 1-based; `None` outside 1..=5.
    #[must_use]
    pub const fn from_row_col(row: u8, col: u8) -> Option<Space> {
        if row >= 1 && row <= 5 && col >= 1 && col <= 5 {
            Some(Space(7 * row + col))
        } else {
            None
        }
    }

    /// The space with this padded bit index; `None` for padding bits.
    #[must_use]
    pub const fn from_bit(bit: u8) -> Option<Space> {
        if bit < 49 && (VALID.0 >> bit) & 1 == 1 {
            Some(Space(bit))
        } else {
            None
        }
    }

    /// The space number `0..25` in row-major order from (1,1) (A5) to (5,5) (E1).
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Space> {
        if index < 25 {
            Some(Space(7 * (index / 5 + 1) as u8 + (index % 5 + 1) as u8))
        } else {
            None
        }
    }

    /// The padded bit index `7*row + col`.
    #[must_use]
    pub const fn bit(self) -> u8 {
        self.0
    }

    /// The row, 1 (top, rank 5) to 5 (bottom, rank 1).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 7
    }

    /// The column, 1 (file A) to 5 (file E).
    #[must_use]
    pub const fn col(self) -> u8 {
        self.0 % 7
    }

    /// The row-major number `0..25`, (1,1) first.
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        INDEX_OF_BIT[(self.0 & 63) as usize] as usize
    }

    /// The one-space bitboard.
    #[must_use]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// The file letter `A`..`E`.
    #[must_use]
    pub const fn file_char(self) -> char {
        (b'A' + self.col() - 1) as char
    }

    /// The rank digit `5` (top) .. `1` (bottom).
    #[must_use]
    pub const fn rank_char(self) -> char {
        (b'0' + 6 - self.row()) as char
    }

    /// The space written `(row,col)`, as in the tutorial.
    #[must_use]
    pub fn row_col(self) -> RowCol {
        RowCol(self)
    }

    /// All 25 spaces in row-major order.
    pub fn all() -> impl Iterator<Item = Space> {
        (0..25).filter_map(Space::from_index)
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// The row-major number of each padded bit (0 for padding bits), a table
/// instead of a division by 7 in the BFS's inner loop.
const INDEX_OF_BIT: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut bit = 8;
    while bit < 41 {
        let (row, col) = (bit / 7, bit % 7);
        if col >= 1 && col <= 5 {
            table[bit] = ((row - 1) * 5 + col - 1) as u8;
        }
        bit += 1;
    }
    table
};

/// A space displayed as the tutorial writes it: `(row,col)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowCol(pub Space);

impl fmt::Display for RowCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.0.row(), self.0.col())
    }
}

/// A set of spaces on the 7x7 padded board (see the module docs for the layout).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

/// The valid mask `V`: the 25 spaces of the board, no padding.
pub const VALID: Bitboard =
    Bitboard(0b11111 << 8 | 0b11111 << 15 | 0b11111 << 22 | 0b11111 << 29 | 0b11111 << 36);

/// The tutorial's 3x3 stencil around bit 8: bits {0,1,2,7,9,14,15,16}.
pub const STENCIL: u64 = 115_335;

/// `N(i)` for every padded bit index (zero for padding bits), 64 entries so
/// that a bit index masked with 63 needs no bounds check.
const NEIGHBOURS: [Bitboard; 64] = {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 8;
    while i < 41 {
        if (VALID.0 >> i) & 1 == 1 {
            table[i] = Bitboard((STENCIL << (i - 8)) & VALID.0);
        }
        i += 1;
    }
    table
};

impl Bitboard {
    /// No spaces.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 25 spaces (`V`).
    pub const ALL: Bitboard = VALID;
    /// The nine spaces off the perimeter, B4..D2 (rows and columns 2 to 4).
    pub const MIDDLE: Bitboard = {
        let mut bits = 0u64;
        let mut row = 2;
        while row <= 4 {
            let mut col = 2;
            while col <= 4 {
                bits |= 1 << (7 * row + col);
                col += 1;
            }
            row += 1;
        }
        Bitboard(bits)
    };
    /// The sixteen perimeter spaces.
    pub const PERIMETER: Bitboard = Bitboard(VALID.0 & !Bitboard::MIDDLE.0);

    /// `N(i)`: the (up to) eight neighbours of `space`, not the space itself.
    #[must_use]
    #[inline]
    pub const fn neighbours(space: Space) -> Bitboard {
        NEIGHBOURS[(space.0 & 63) as usize]
    }

    /// `N(i)` computed as the tutorial writes it: the stencil shifted by `i - 8`, masked with `V`
    /// (the tests' reference for [`Bitboard::neighbours`]).
    #[cfg(test)]
    #[must_use]
    pub(crate) const fn neighbours_by_stencil(space: Space) -> Bitboard {
        Bitboard((STENCIL << (space.0 - 8)) & VALID.0)
    }

    /// `N[X]`: the closed neighbourhood, every space of `self` and every neighbour of one.
    #[must_use]
    #[inline]
    pub const fn closed_neighbourhood(self) -> Bitboard {
        let x = self.0 << 1 | self.0 | self.0 >> 1;
        Bitboard((x << 7 | x | x >> 7) & VALID.0)
    }

    /// Whether `space` is in the set.
    #[must_use]
    #[inline]
    pub const fn contains(self, space: Space) -> bool {
        (self.0 >> space.0) & 1 == 1
    }

    /// Whether the set is empty.
    #[must_use]
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of spaces in the set.
    #[must_use]
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest space of the set (the first in row-major order).
    #[must_use]
    #[inline]
    pub const fn first(self) -> Option<Space> {
        if self.0 == 0 {
            None
        } else {
            Some(Space(self.0.trailing_zeros() as u8))
        }
    }

    /// The spaces of the set after `space` (on higher bits): each pair or
    /// triple of them taken once, in order.
    #[must_use]
    #[inline]
    pub const fn after(self, space: Space) -> Bitboard {
        Bitboard(self.0 & !((2u64 << space.bit()) - 1))
    }

    /// The set of the given spaces.
    #[must_use]
    pub fn from_spaces(spaces: impl IntoIterator<Item = Space>) -> Bitboard {
        spaces
            .into_iter()
            .fold(Bitboard::EMPTY, |b, s| b | s.bitboard())
    }
}

/// The spaces of a [`Bitboard`], lowest bit (row-major order) first.
#[derive(Clone, Copy, Debug)]
pub struct Spaces(u64);

impl Iterator for Spaces {
    type Item = Space;

    #[inline]
    fn next(&mut self) -> Option<Space> {
        if self.0 == 0 {
            None
        } else {
            let bit = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(Space(bit))
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Spaces {}

impl IntoIterator for Bitboard {
    type Item = Space;
    type IntoIter = Spaces;

    fn into_iter(self) -> Spaces {
        Spaces(self.0)
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the board (`V & !self`).
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & VALID.0)
    }
}

impl fmt::Debug for Bitboard {
    /// The 5x5 board, row 1 (rank 5) on top: `1` for a member, `.` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#x})", self.0)?;
        for row in 1..=5 {
            for col in 1..=5 {
                let s = Space(7 * row + col);
                f.write_str(if self.contains(s) { "1" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_mask_holds_the_25_spaces() {
        assert_eq!(VALID.count(), 25);
        let spaces: Vec<u8> = VALID.into_iter().map(Space::bit).collect();
        assert_eq!(spaces[0], 8);
        assert_eq!(spaces[24], 40);
        for s in Space::all() {
            assert_eq!(Space::from_row_col(s.row(), s.col()), Some(s));
            assert_eq!(Space::from_index(s.index()), Some(s));
        }
    }

    #[test]
    fn neighbourhoods_by_stencil_agree_with_the_eight_directions() {
        for s in Space::all() {
            let mut expected = Bitboard::EMPTY;
            for dr in -1i8..=1 {
                for dc in -1i8..=1 {
                    if (dr, dc) == (0, 0) {
                        continue;
                    }
                    let (r, c) = (s.row() as i8 + dr, s.col() as i8 + dc);
                    if let Some(n) = Space::from_row_col(r as u8, c as u8) {
                        expected |= n.bitboard();
                    }
                }
            }
            assert_eq!(Bitboard::neighbours(s), expected, "N({s})");
            assert_eq!(Bitboard::neighbours_by_stencil(s), expected);
            assert_eq!(s.bitboard().closed_neighbourhood(), expected | s.bitboard());
        }
        let corner = Space::from_row_col(1, 1).unwrap();
        assert_eq!(Bitboard::neighbours(corner).count(), 3);
    }

    #[test]
    fn spaces_print_in_game_and_tutorial_notation() {
        let s = Space::from_row_col(1, 2).unwrap();
        assert_eq!(s.to_string(), "B5");
        assert_eq!(s.row_col().to_string(), "(1,2)");
        assert_eq!(Space::from_row_col(5, 5).unwrap().to_string(), "E1");
    }
}
