//! Connect Four's and tic-tac-toe's [`PyGame`] implementations:
//! observation planes and the vector environments' fast paths (Santorini's
//! is in `gods.rs`, with the gods). The rules, notation, drawing and engine
//! are the library's ([`bitgames::registry::Registered`]).

use crate::game::PyGame;
use bitgames::connect4::{self, Column};
use bitgames::tictactoe;
use bitgames::{Game, Outcome, Player};
use rand::rngs::SmallRng;
use rand::{Rng, RngCore};

impl PyGame for connect4::Position {
    const CLASS: &'static str = "ConnectFour";
    type ObsCache = C4ObsCache;
    type Pending = ();
    type Setup = ();

    /// On the standard board, each player's planes are kept up to date a
    /// stone at a time and copied out.
    fn observe_cached(&self, player: Player, cache: &mut C4ObsCache, out: &mut [u8]) {
        if self.geometry() != connect4::Geometry::STANDARD {
            return self.observe(player, out);
        }
        // 7x6: 49 bits.
        let mask = self.mask() as u64;
        let first = self.stones(Player::One) as u64;
        let mut new = mask ^ cache.mask;
        while new != 0 {
            let bit = new.trailing_zeros() as usize;
            new &= new - 1;
            let cell = 2 * ((5 - bit % 7) * 7 + bit / 7);
            let owner = usize::from(first >> bit & 1 == 0);
            cache.views[owner][cell] = 1;
            cache.views[1 - owner][cell + 1] = 1;
        }
        cache.mask = mask;
        out[..84].copy_from_slice(&cache.views[player.index()]);
    }

    fn obs_shape(&self) -> [usize; 3] {
        [self.height(), self.width(), 2]
    }

    /// pgx's `connect_four` layout: (H, W, 2), row 0 the top row, plane 0 the
    /// stones of `player`, plane 1 the opponent's.
    fn observe(&self, player: Player, out: &mut [u8]) {
        let (mine, theirs) = (self.stones(player), self.stones(player.other()));
        if self.geometry() == connect4::Geometry::STANDARD {
            return observe_7x6(mine as u64, theirs as u64, out);
        }
        out.fill(0);
        let (w, h) = (self.width(), self.height());
        for (plane, bits) in [mine, theirs].into_iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                let bit = b.trailing_zeros() as usize;
                b &= b - 1;
                let (col, row) = (bit / (h + 1), bit % (h + 1));
                out[2 * ((h - 1 - row) * w + col) + plane] = 1;
            }
        }
    }

    /// Without building the move list: the columns whose top cell is free.
    fn fill_mask(&self, out: &mut [bool]) {
        let won = self.last_player_won();
        let mask = self.mask();
        if self.geometry() == connect4::Geometry::STANDARD {
            for (slot, top) in out.iter_mut().zip(TOP_7X6) {
                *slot = !won && mask as u64 & top == 0;
            }
            return;
        }
        let g = self.geometry();
        for (col, slot) in out.iter_mut().enumerate() {
            *slot = !won && mask & g.top_mask(col) == 0;
        }
    }

    /// Without building the move list (no popcount, no division: the
    /// wheel targets baseline x86-64).
    fn random_move(&self, rng: &mut SmallRng) -> Option<Column> {
        if self.last_player_won() {
            return None;
        }
        let (cols, n) = self.free_columns();
        (n > 0).then(|| Column(cols[rng.random_range(0..n)]))
    }

    fn random_ongoing_move(&self, rng: &mut SmallRng) -> Column {
        if self.geometry() == connect4::Geometry::STANDARD {
            // Branch-free: the free columns' pattern picks a list from a table.
            let free = free_7x6(self.mask() as u64);
            let n = usize::from(FREE_COUNT[free]);
            // n of 1..=7 from 32 random bits by a multiply (Lemire's method
            // without the rejection step: a bias below 2e-9).
            let i = ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize;
            return Column(FREE_LIST[free][i]);
        }
        let (cols, n) = self.free_columns();
        Column(cols[rng.random_range(0..n)])
    }

    /// On the standard board the four directions are constants.
    fn env_outcome(&self) -> Outcome {
        if self.geometry() != connect4::Geometry::STANDARD {
            return self.outcome();
        }
        let last = self.stones(self.to_move().other());
        if connect4::Geometry::STANDARD.alignment(last) {
            Outcome::Win(self.to_move().other())
        } else if self.moves_played() == 42 {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }

    fn mark_live_mask(&self, out: &mut [bool]) {
        if self.geometry() != connect4::Geometry::STANDARD {
            return self.fill_mask(out);
        }
        let free = free_7x6(self.mask() as u64);
        for (col, slot) in out[..7].iter_mut().enumerate() {
            *slot = free >> col & 1 == 1;
        }
    }

    fn live_action_ok(&self, action: i64) -> bool {
        usize::try_from(action).is_ok_and(|col| col < self.width() && self.can_play(col))
    }
}

/// The 7 bits of one row of the 7x6 board, gathered from stride 7 into
/// bits 36..42 by one multiplication (each stone lands on its own bit: no carries).
const ROW_GATHER: u64 = (1 << 36) | (1 << 30) | (1 << 24) | (1 << 18) | (1 << 12) | (1 << 6) | 1;
/// The columns whose top cell is free, and how many.
trait FreeColumns {
    fn free_columns(&self) -> ([u8; connect4::MAX_WIDTH], usize);
}

impl FreeColumns for connect4::Position {
    fn free_columns(&self) -> ([u8; connect4::MAX_WIDTH], usize) {
        let (mut cols, mut n) = ([0u8; connect4::MAX_WIDTH], 0);
        let mask = self.mask();
        if self.geometry() == connect4::Geometry::STANDARD {
            for (col, top) in TOP_7X6.iter().enumerate() {
                cols[n] = col as u8;
                n += usize::from(mask as u64 & top == 0);
            }
        } else {
            let g = self.geometry();
            for col in 0..self.width() {
                cols[n] = col as u8;
                n += usize::from(mask & g.top_mask(col) == 0);
            }
        }
        (cols, n)
    }
}

/// The top cell of each column of the 7x6 board.
const TOP_7X6: [u64; 7] = [1 << 5, 1 << 12, 1 << 19, 1 << 26, 1 << 33, 1 << 40, 1 << 47];
/// Bit 0 of each column of the 7x6 board.
const BOTTOM_7X6: u64 = 0x0000_0408_1020_4081;

/// The observations of one game on the standard board: the stones seen
/// (`mask`) and pgx's planes as each player sees them.
#[derive(Clone, Debug)]
pub struct C4ObsCache {
    mask: u64,
    views: [[u8; 84]; 2],
}

impl Default for C4ObsCache {
    fn default() -> Self {
        C4ObsCache {
            mask: 0,
            views: [[0; 84]; 2],
        }
    }
}

/// The 7x6 board's free columns (top cell empty) as a 7-bit pattern.
fn free_7x6(mask: u64) -> usize {
    (((!mask >> 5) & BOTTOM_7X6).wrapping_mul(ROW_GATHER) >> 36 & 0x7F) as usize
}

/// For a 7-bit pattern of free columns: how many.
const FREE_COUNT: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut m = 0;
    while m < 128 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// For a 7-bit pattern of free columns: the columns, in increasing order.
const FREE_LIST: [[u8; 8]; 128] = {
    let mut t = [[0u8; 8]; 128];
    let mut m = 0;
    while m < 128 {
        let (mut c, mut n) = (0, 0);
        while c < 7 {
            if m >> c & 1 == 1 {
                t[m][n] = c as u8;
                n += 1;
            }
            c += 1;
        }
        m += 1;
    }
    t
};

/// For a 7-bit row pattern, 14 bytes: byte `2c` is 1 iff bit `c` is set.
const SPREAD: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut m = 0;
    while m < 128 {
        let mut c = 0;
        while c < 7 {
            if m >> c & 1 == 1 {
                t[m] |= 1 << (16 * c);
            }
            c += 1;
        }
        m += 1;
    }
    t
};

/// pgx's planes on the standard board, a row (14 bytes) at a time.
fn observe_7x6(mine: u64, theirs: u64, out: &mut [u8]) {
    let row_bits = |bits: u64, row: usize| {
        ((((bits >> row) & BOTTOM_7X6).wrapping_mul(ROW_GATHER)) >> 36 & 0x7F) as usize
    };
    for (line, chunk) in out[..84].chunks_exact_mut(14).enumerate() {
        let row = 5 - line;
        let bytes = SPREAD[row_bits(mine, row)] | SPREAD[row_bits(theirs, row)] << 8;
        chunk.copy_from_slice(&bytes.to_le_bytes()[..14]);
    }
}

impl PyGame for tictactoe::Position {
    type ObsCache = ();
    type Pending = ();
    type Setup = ();
    const CLASS: &'static str = "TicTacToe";

    fn obs_shape(&self) -> [usize; 3] {
        [3, 3, 2]
    }

    /// pgx's `tic_tac_toe` layout: (3, 3, 2), squares row by row from the
    /// top-left, plane 0 the marks of `player`, plane 1 the opponent's.
    fn observe(&self, player: Player, out: &mut [u8]) {
        let mine = self.bits(player);
        let theirs = self.bits(player.other());
        for sq in 0..9 {
            out[2 * sq] = (mine >> sq & 1) as u8;
            out[2 * sq + 1] = (theirs >> sq & 1) as u8;
        }
    }
}
