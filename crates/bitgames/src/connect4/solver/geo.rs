//! The board's constants, as the search reads them at every node: the
//! geometry's masks, the shifts of the four directions, the centre-first
//! column order, the mirror image's column pairs and claimeven's rows. Its
//! `winning_cells`, `alignment` and `key` are [`Geometry`]'s and
//! [`book::symmetric_key`](super::book::symmetric_key)'s with the constants
//! at hand; the tests below tie each to its original on several board sizes.

use super::word::Word;
use crate::connect4::Geometry;

/// Board constants the search reads at every node, in the search's word `W`,
/// for boards of at most `N` columns (the size of a node's move arrays).
/// With `H` not 0 the board is `N` x `H`, known when the search is compiled:
/// its shifts, width and cell count are then constants the compiler folds
/// into the code (the standard board: 17.5 % fewer instructions).
#[derive(Clone, Copy, Debug)]
pub(super) struct Geo<W: Word, const N: usize, const H: u32 = 0> {
    pub(super) geometry: Geometry,
    cells: i32,
    pub(super) bottom: W,
    pub(super) board: W,
    pub(super) columns: [W; N],
    /// Columns from the centre out.
    pub(super) order: [u8; N],
    width: usize,
    /// The shifts of the horizontal and the two diagonal directions.
    shifts: [u32; 3],
    /// For each pair of mirror columns (c, W - 1 - c): column c's bits and the
    /// shift that carries them onto column W - 1 - c.
    pub(super) mirror_pairs: [(W, u32); 8],
    /// The middle column's bits (odd widths), which the mirror keeps.
    pub(super) centre: W,
    /// Claimeven's rows: those not of [`Geo::follow_rows`] (on even
    /// heights the even rows, 2, 4, .. counted from 1 at the bottom; on odd
    /// heights the odd ones, 1, 3, ..). The player who makes the last move
    /// gets these cells above today's playable ones.
    pub(super) claim_rows: W,
    /// How many of `claimeven_rows` there are.
    claim_row_count: usize,
    /// The rows (0-based) of the height's parity: a column whose playable
    /// cell lies on one has an even number of empty cells, and the player to
    /// move gets these rows in it when the other answers every move there
    /// with the cell above.
    pub(super) follow_rows: W,
    /// For each of claimeven's rows r, the cells of rows <= r and the score
    /// of the player to move when the other completes a four of those cells
    /// by claimeven (at worst, the H - 1 - r cells above row r still empty).
    pub(super) claimeven_rows: [(W, i32); 8],
}

impl<W: Word, const N: usize, const H: u32> Geo<W, N, H> {
    /// The constants of `geometry`, which must fit `W` and have at most `N`
    /// columns (exactly `N` x `H` cells when `H` is not 0).
    pub(super) fn new(geometry: Geometry) -> Geo<W, N, H> {
        let width = geometry.width();
        assert!(width <= N, "{geometry} has more than {N} columns");
        assert!(
            H == 0 || (width == N && geometry.height() == H as usize),
            "{geometry} is not {N}x{H}"
        );
        let w = W::from_u128;
        let mut columns = [W::ZERO; N];
        for (c, m) in columns.iter_mut().enumerate().take(width) {
            *m = w(geometry.column_mask(c));
        }
        let mut order = [0u8; N];
        for (o, c) in order.iter_mut().zip(geometry.centre_first()) {
            *o = c as u8;
        }
        let h1 = geometry.height() + 1;
        let column_bits = (1u128 << h1) - 1;
        let bottom = geometry.bottom_mask();
        Geo {
            geometry,
            cells: geometry.cells() as i32,
            bottom: w(geometry.bottom_mask()),
            board: w(geometry.board_mask()),
            columns,
            order,
            width,
            claim_rows: W::from_u128(
                (1 - geometry.height() % 2..geometry.height())
                    .step_by(2)
                    .fold(0, |m, r| m | bottom << r),
            ),
            claim_row_count: geometry.height().div_ceil(2),
            follow_rows: {
                let rows = (geometry.height() % 2..geometry.height())
                    .step_by(2)
                    .fold(0, |m, r| m | bottom << r);
                W::from_u128(rows)
            },
            shifts: {
                let h = geometry.height() as u32;
                [h + 1, h, h + 2]
            },
            mirror_pairs: {
                let mut pairs = [(W::ZERO, 0); 8];
                for (c, p) in pairs.iter_mut().enumerate().take(width / 2) {
                    *p = (
                        W::from_u128(column_bits << (c * h1)),
                        ((width - 1 - 2 * c) * h1) as u32,
                    );
                }
                pairs
            },
            centre: if width % 2 == 1 {
                W::from_u128(column_bits << (width / 2 * h1))
            } else {
                W::ZERO
            },
            claimeven_rows: {
                let mut rows = [(W::ZERO, 0); 8];
                let h = geometry.height();
                for (i, r) in (1 - h % 2..h).step_by(2).enumerate() {
                    rows[i] = (
                        W::from_u128(bottom * ((1 << (r + 1)) - 1)),
                        -((h + 1 - r) as i32 / 2),
                    );
                }
                rows
            },
        }
    }

    /// The number of cells.
    #[inline(always)]
    pub(super) fn cells(&self) -> i32 {
        if H == 0 {
            self.cells
        } else {
            N as i32 * H as i32
        }
    }

    /// The number of columns.
    #[inline(always)]
    pub(super) fn width(&self) -> usize {
        if H == 0 { self.width } else { N }
    }

    /// The shifts of the horizontal and the two diagonal directions.
    #[inline(always)]
    fn shifts(&self) -> [u32; 3] {
        if H == 0 {
            self.shifts
        } else {
            [H + 1, H, H + 2]
        }
    }

    /// How many claimeven rows there are.
    #[inline(always)]
    fn claim_row_count(&self) -> usize {
        if H == 0 {
            self.claim_row_count
        } else {
            (H as usize).div_ceil(2)
        }
    }

    /// [`Geometry::winning_cells`] with the board's constants at hand.
    #[inline(always)]
    pub(super) fn winning_cells(&self, bits: W, mask: W) -> W {
        let mut r = (bits << 1) & (bits << 2) & (bits << 3);
        for s in self.shifts() {
            let p = (bits << s) & (bits << (2 * s));
            r |= p & (bits << (3 * s));
            r |= p & (bits >> s);
            let p = (bits >> s) & (bits >> (2 * s));
            r |= p & (bits << s);
            r |= p & (bits >> (3 * s));
        }
        r & (self.board ^ mask)
    }

    /// [`Geometry::alignment`] with the board's constants at hand.
    #[inline(always)]
    pub(super) fn alignment(&self, bits: W) -> bool {
        let m = bits & (bits >> 1);
        let mut found = m & (m >> 2);
        for s in self.shifts() {
            let m = bits & (bits >> s);
            found |= m & (m >> (2 * s));
        }
        found != W::ZERO
    }

    /// Claimeven, for the player to move when an even number of cells is
    /// empty (on even heights the first player), on any board: if the other
    /// player answers every move in the same column (and one in a column
    /// with an odd number of empty cells, whose playable cell lies on a
    /// claimeven row, with the playable cell of another such column: there
    /// is an even number of them), it gets every empty cell of
    /// [`Geo::claim_rows`] that is not playable now. If the player to move
    /// has no four even with all the other empty cells, it cannot win (score
    /// <= 0); if the other player then has a four, it wins. When its four
    /// is complete, the cells above the last one filled are still empty: a
    /// four whose empty cells lie at rows <= r is complete with the H - 1 - r
    /// cells above row r of that column empty. Returns an upper bound of the
    /// score of the player to move (`i32::MAX`: none).
    #[inline(always)]
    pub(super) fn claimeven_bound(&self, cur: W, mask: W, stones: i32) -> i32 {
        if (self.cells() - stones) & 1 != 0 {
            return i32::MAX;
        }
        let empty = self.board & !mask;
        let possible = (mask + self.bottom) & self.board;
        let theirs = empty & self.claim_rows & !possible;
        if self.alignment(cur | (empty & !theirs)) {
            return i32::MAX;
        }
        let opp = cur ^ mask;
        for &(rows, score) in &self.claimeven_rows[..self.claim_row_count()] {
            if self.alignment(opp | (theirs & rows)) {
                return score;
            }
        }
        0
    }

    /// The cells of `cell`'s column from `cell` (one cell) up: adding
    /// `cell` to the board's cells from it up carries through that run
    /// into the column's sentinel bit.
    #[inline(always)]
    pub(super) fn run_from(&self, cell: W) -> W {
        let up = self.board & !cell.wrapping_sub(W::ONE);
        up & !(up + cell)
    }

    /// The odd threat (Allis' zugzwang, for either player on any board),
    /// when an odd number of columns have an odd number of empty cells
    /// (`possible`: the playable cells; `threats`: the empty winning cells
    /// of the player not to move). Take one of those columns where that
    /// player has a threat on a row of [`Geo::follow_rows`] (the lowest
    /// there). That player answers every move with the cell above, and one
    /// in another odd column with the playable cell of a third (the others
    /// pair up): the player to move must sooner or later play under the
    /// threat, and loses, unless it makes a four first with its share: its
    /// stones, the column below the threat, and every empty cell elsewhere
    /// but the claimeven rows above the playable cells. The cells above the
    /// threat are still empty when it is played: the winner has at least
    /// `(cells above + 2) / 2`. Returns the best such upper bound of the
    /// score of the player to move over those columns (`i32::MAX`: none).
    #[inline(always)]
    pub(super) fn odd_threat_bound(&self, cur: W, mask: W, possible: W, threats: W) -> i32 {
        let mut left = threats & self.follow_rows & !possible;
        // The empty cells the player to move gets outside the threat's
        // column: all but the claimeven rows above the playable cells.
        let elsewhere = self.board & !mask & !(self.claim_rows & !possible);
        let mut best = i32::MAX;
        while left != W::ZERO {
            let threat = left & !left.wrapping_sub(W::ONE);
            let column = self.columns[(threat.trailing_zeros() / self.shifts()[0]) as usize];
            left &= !column;
            let playable = possible & column;
            if playable & self.follow_rows != W::ZERO {
                // An even number of empty cells: the follow-up gives the
                // threat to the player to move.
                continue;
            }
            let run = self.run_from(playable);
            let below = run & threat.wrapping_sub(W::ONE);
            let share = cur | (elsewhere & !run) | below;
            if self.alignment(share) {
                continue;
            }
            let above = (run & !below & !threat).count_ones() as i32;
            best = best.min(-((above + 2) / 2));
        }
        best
    }

    /// The smaller of the key and its mirror image's: columns swapped in pairs.
    #[inline(always)]
    pub(super) fn key(&self, cur: W, mask: W) -> W {
        let k = cur + mask + self.bottom;
        let mut m = k & self.centre;
        for &(left, shift) in &self.mirror_pairs[..self.width() / 2] {
            m |= (k & left) << shift | (k >> shift) & left;
        }
        k.min(m)
    }
}

#[cfg(test)]
mod tests;
