//! The bitboard tutorial's problem instance: one worker and the 25 levels.
//!
//! Text form, as the tutorial writes it: `(1,2) [0,0,2,0,0,1,2,0,4,1,3,0,0,0,1,0,0,1,3,4,0,1,1,2,2]`,
//! the worker's `(row,col)` (1-based) and the levels of (1,1), (1,2), ..., (5,5)
//! in row-major order. Spaces occupied by other workers are given as level 4,
//! so a worker can never move there. Blanks are allowed between tokens.

use super::bitboard::{Bitboard, Space};
use crate::excerpt;
use rand::Rng;
use rand::seq::SliceRandom;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// One move-to / distances problem: a worker's space and the 25 levels.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Instance {
    /// The worker's space.
    pub worker: Space,
    /// Levels 0..=4 of the 25 spaces, row-major from (1,1) to (5,5); 4 is a dome or an occupied space.
    pub levels: [u8; 25],
}

/// The tutorial's level bitboards: `L0..L3` hold the spaces at exactly that
/// level. Level-4 spaces (domes and occupied spaces) are in none of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Levels(pub [Bitboard; 4]);

impl Levels {
    /// The level bitboards of 25 row-major levels (level 4 and above go in none).
    ///
    /// Branch-free: bit planes of the level bytes are gathered eight spaces
    /// at a time (a multiply collects the low bit of each byte): `b0`, `b1`,
    /// and `high` (any bit from 2 up, i.e. level 4 or more). Then
    /// `L0 = !b0 & !b1`, `L1 = b0 & !b1`, `L2 = !b0 & b1`, `L3 = b0 & b1`, all
    /// without `high`, and each 25-bit row-major set is spread into the padded rows.
    #[must_use]
    #[inline]
    pub fn from_levels(levels: &[u8; 25]) -> Levels {
        let chunk =
            |i: usize| u64::from_le_bytes(levels[8 * i..8 * i + 8].try_into().expect("8 bytes"));
        let chunks = [chunk(0), chunk(1), chunk(2)];
        // Per byte, bit 2 of `fold` = any of bits 2..7 (shifts stay inside each byte).
        let fold = |c: u64| {
            let h = c & 0xFCFC_FCFC_FCFC_FCFC;
            h | h >> 1 | h >> 2 | h >> 3 | h >> 4 | h >> 5
        };
        let gather = |c: u64, p: u32| -> u32 {
            let low_bits = (c >> p) & 0x0101_0101_0101_0101;
            (low_bits.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
        };
        let mut b0 = u32::from(levels[24] & 1) << 24;
        let mut b1 = u32::from(levels[24] >> 1 & 1) << 24;
        let mut high = u32::from(levels[24] >= 4) << 24;
        for (i, &c) in chunks.iter().enumerate() {
            b0 |= gather(c, 0) << (8 * i);
            b1 |= gather(c, 1) << (8 * i);
            high |= gather(fold(c), 2) << (8 * i);
        }
        let low = !high & ((1u32 << 25) - 1);
        Levels([
            spread_rows(!b0 & !b1 & low),
            spread_rows(b0 & !b1 & low),
            spread_rows(!b0 & b1 & low),
            spread_rows(b0 & b1 & low),
        ])
    }

    /// [`Levels::from_levels`] written as the obvious loop, the tests' reference.
    #[cfg(test)]
    #[must_use]
    pub(crate) fn from_levels_by_loop(levels: &[u8; 25]) -> Levels {
        let mut sets = [Bitboard::EMPTY; 4];
        for (i, &level) in levels.iter().enumerate() {
            if level < 4 {
                sets[level as usize] |= Space::from_index(i).expect("25 spaces").bitboard();
            }
        }
        Levels(sets)
    }
}

/// Moves the five 5-bit rows of a row-major mask to their places in the padded layout.
#[inline]
const fn spread_rows(mask: u32) -> Bitboard {
    let m = mask as u64;
    Bitboard(
        (m & 31) << 8
            | (m >> 5 & 31) << 15
            | (m >> 10 & 31) << 22
            | (m >> 15 & 31) << 29
            | (m >> 20 & 31) << 36,
    )
}

/// Why a line is not an instance. The messages name what is wrong and where
/// (a 1-based character column on the line, or a level's position in the list).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InstanceError {
    /// The text does not follow `(row,col) [l1,...,l25]`.
    #[error("bad syntax at column {column}: expected {expected}, found {found}")]
    Syntax {
        /// 1-based character column.
        column: usize,
        /// What the parser expected there.
        expected: &'static str,
        /// What it found (a quoted character or `end of line`).
        found: String,
    },
    /// The worker's row is not 1..=5 (as written, cut if very long).
    #[error("row {0} is outside 1..5")]
    RowOutOfRange(String),
    /// The worker's column is not 1..=5 (as written, cut if very long).
    #[error("col {0} is outside 1..5")]
    ColOutOfRange(String),
    /// A level is not 0..=4.
    #[error("level {value} of space #{position} is outside 0..4")]
    LevelOutOfRange {
        /// 1-based position in the list of levels.
        position: usize,
        /// The level as written (cut if very long).
        value: String,
    },
    /// The list does not hold exactly 25 levels.
    #[error("expected 25 levels, found {0}")]
    WrongLevelCount(usize),
    /// The worker's own space is at level 4.
    #[error("the worker at ({row},{col}) stands on level 4")]
    WorkerOnLevel4 {
        /// The worker's row.
        row: u8,
        /// The worker's column.
        col: u8,
    },
}

/// A tiny cursor over the characters of one line, for error columns.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    column: usize,
}

impl<'a> Cursor<'a> {
    fn new(s: &'a str) -> Self {
        Cursor {
            chars: s.char_indices().peekable(),
            column: 1,
        }
    }

    fn skip_blanks(&mut self) {
        while let Some(&(_, c)) = self.chars.peek() {
            if c.is_whitespace() {
                self.chars.next();
                self.column += 1;
            } else {
                break;
            }
        }
    }

    fn found(&mut self) -> String {
        match self.chars.peek() {
            Some(&(_, c)) => format!("{c:?}"),
            None => "end of line".to_string(),
        }
    }

    fn error(&mut self, expected: &'static str) -> InstanceError {
        InstanceError::Syntax {
            column: self.column,
            expected,
            found: self.found(),
        }
    }

    fn expect(&mut self, want: char, expected: &'static str) -> Result<(), InstanceError> {
        self.skip_blanks();
        match self.chars.peek() {
            Some(&(_, c)) if c == want => {
                self.chars.next();
                self.column += 1;
                Ok(())
            }
            _ => Err(self.error(expected)),
        }
    }

    fn peek_is(&mut self, want: char) -> bool {
        self.skip_blanks();
        matches!(self.chars.peek(), Some(&(_, c)) if c == want)
    }

    /// A decimal number: its value (saturated: a huge number is out of
    /// range, not a crash) and its digits as written, for error messages.
    fn number(&mut self, expected: &'static str) -> Result<(u64, String), InstanceError> {
        self.skip_blanks();
        let mut value: Option<u64> = None;
        let mut digits = String::new();
        while let Some(&(_, c)) = self.chars.peek() {
            let Some(d) = c.to_digit(10) else { break };
            value = Some(
                value
                    .unwrap_or(0)
                    .saturating_mul(10)
                    .saturating_add(u64::from(d)),
            );
            digits.push(c);
            self.chars.next();
            self.column += 1;
        }
        match value {
            Some(v) => Ok((v, digits)),
            None => Err(self.error(expected)),
        }
    }

    fn at_end(&mut self) -> bool {
        self.skip_blanks();
        self.chars.peek().is_none()
    }
}

impl FromStr for Instance {
    type Err = InstanceError;

    fn from_str(s: &str) -> Result<Instance, InstanceError> {
        let mut cur = Cursor::new(s);
        cur.expect('(', "'(' opening the worker's (row,col)")?;
        let (row, row_text) = cur.number("the worker's row")?;
        cur.expect(',', "',' between row and col")?;
        let (col, col_text) = cur.number("the worker's col")?;
        cur.expect(')', "')' closing the worker's (row,col)")?;
        cur.expect('[', "'[' opening the list of levels")?;
        let mut levels = Vec::with_capacity(25);
        if !cur.peek_is(']') {
            loop {
                let level = cur.number("a level 0..4")?;
                levels.push(level);
                if cur.peek_is(',') {
                    cur.expect(',', "','")?;
                } else {
                    break;
                }
            }
        }
        cur.expect(']', "',' or ']' after a level")?;
        if !cur.at_end() {
            return Err(cur.error("end of line after ']'"));
        }
        if !(1..=5).contains(&row) {
            return Err(InstanceError::RowOutOfRange(
                excerpt(&row_text).into_owned(),
            ));
        }
        if !(1..=5).contains(&col) {
            return Err(InstanceError::ColOutOfRange(
                excerpt(&col_text).into_owned(),
            ));
        }
        if let Some((i, (_, text))) = levels.iter().enumerate().find(|(_, (l, _))| *l > 4) {
            return Err(InstanceError::LevelOutOfRange {
                position: i + 1,
                value: excerpt(text).into_owned(),
            });
        }
        if levels.len() != 25 {
            return Err(InstanceError::WrongLevelCount(levels.len()));
        }
        let mut array = [0u8; 25];
        for (a, &(l, _)) in array.iter_mut().zip(&levels) {
            *a = l as u8;
        }
        let worker = Space::from_row_col(row as u8, col as u8).expect("checked above");
        if array[worker.index()] == 4 {
            return Err(InstanceError::WorkerOnLevel4 {
                row: row as u8,
                col: col as u8,
            });
        }
        Ok(Instance {
            worker,
            levels: array,
        })
    }
}

impl fmt::Display for Instance {
    /// The tutorial's text form, without blanks: `(1,2) [0,0,2,...]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [", self.worker.row_col())?;
        for (i, l) in self.levels.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{l}")?;
        }
        f.write_str("]")
    }
}

/// The levels the tutorial's generator draws the 21 free spaces from.
pub const FREE_LEVEL_POOL: [u8; 10] = [0, 0, 1, 1, 1, 2, 2, 2, 3, 4];

impl Instance {
    /// The tutorial's random instance: shuffle the 25 spaces; the first is the
    /// worker, at a level drawn from 0..=2; the next three are level 4 (the
    /// other workers); each of the other 21 levels is drawn from
    /// [`FREE_LEVEL_POOL`] = `[0,0,1,1,1,2,2,2,3,4]`.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Instance {
        let mut order: [usize; 25] = std::array::from_fn(|i| i);
        order.shuffle(rng);
        let mut levels = [0u8; 25];
        levels[order[0]] = rng.random_range(0..=2);
        for &i in &order[1..4] {
            levels[i] = 4;
        }
        for &i in &order[4..] {
            levels[i] = FREE_LEVEL_POOL[rng.random_range(0..FREE_LEVEL_POOL.len())];
        }
        Instance {
            worker: Space::from_index(order[0]).expect("25 spaces"),
            levels,
        }
    }

    /// The level bitboards `L0..L3` of this instance.
    #[must_use]
    pub fn level_sets(&self) -> Levels {
        Levels::from_levels(&self.levels)
    }

    /// The level of a space.
    #[must_use]
    pub fn level(&self, space: Space) -> u8 {
        self.levels[space.index()]
    }
}

/// The tutorial's example: worker at (1,2).
pub const TUTORIAL_EXAMPLE: &str = "(1,2) [0,0,2,0,0,1,2,0,4,1,3,0,0,0,1,0,0,1,3,4,0,1,1,2,2]";

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    fn err(s: &str) -> String {
        s.parse::<Instance>().unwrap_err().to_string()
    }

    #[test]
    fn the_tutorial_example_parses_and_prints_back() {
        let inst: Instance = TUTORIAL_EXAMPLE.parse().unwrap();
        assert_eq!(inst.worker, Space::from_row_col(1, 2).unwrap());
        assert_eq!(inst.levels[8], 4);
        assert_eq!(inst.to_string(), TUTORIAL_EXAMPLE);
        let spaced: Instance =
            " ( 1 , 2 )[ 0,0,2,0,0, 1,2,0,4,1, 3,0,0,0,1, 0,0,1,3,4, 0,1,1,2,2 ] "
                .parse()
                .unwrap();
        assert_eq!(spaced, inst);
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let l24 = "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0";
        assert_eq!(
            err(&format!("(1,2) [{l24},5]")),
            "level 5 of space #25 is outside 0..4"
        );
        assert_eq!(err(&format!("(6,2) [{l24},0]")), "row 6 is outside 1..5");
        assert_eq!(err(&format!("(1,0) [{l24},0]")), "col 0 is outside 1..5");
        assert_eq!(
            err(&format!("(1,1) [{l24}]")),
            "expected 25 levels, found 24"
        );
        assert_eq!(
            err(&format!("(5,5) [{l24},4]")),
            "the worker at (5,5) stands on level 4"
        );
        assert_eq!(
            err("(1;2) [0]"),
            "bad syntax at column 3: expected ',' between row and col, found ';'"
        );
        assert_eq!(
            err("(1,2) [0,0"),
            "bad syntax at column 11: expected ',' or ']' after a level, found end of line"
        );
        assert_eq!(
            err("(1,2) [0,,0]"),
            "bad syntax at column 10: expected a level 0..4, found ','"
        );
        assert_eq!(
            err(&format!("(1,2) [{l24},0] x")),
            "bad syntax at column 59: expected end of line after ']', found 'x'"
        );
        assert_eq!(
            err("(1,2) [99999999999999999999999]"),
            "level 99999999999999999999999 of space #1 is outside 0..4"
        );
        assert_eq!(
            err("(18446744073709551616,1) []"),
            "row 18446744073709551616 is outside 1..5"
        );
        assert_eq!(err("(1,007) []"), "col 007 is outside 1..5");
        let huge = "9".repeat(100_000);
        assert_eq!(
            err(&format!("(1,1) [{huge}]")),
            format!(
                "level {}…(100000 characters) of space #1 is outside 0..4",
                "9".repeat(60)
            )
        );
    }

    #[test]
    fn level_sets_by_bit_planes_agree_with_the_loop() {
        let mut rng = SmallRng::seed_from_u64(3);
        for _ in 0..10_000 {
            let levels: [u8; 25] = std::array::from_fn(|_| match rng.random_range(0..3) {
                0 => rng.random(),
                _ => rng.random_range(0..=4),
            });
            assert_eq!(
                Levels::from_levels(&levels),
                Levels::from_levels_by_loop(&levels)
            );
        }
    }

    #[test]
    fn random_instances_follow_the_tutorial_recipe() {
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..1000 {
            let inst = Instance::random(&mut rng);
            assert!(inst.level(inst.worker) <= 2);
            let fours = inst.levels.iter().filter(|&&l| l == 4).count();
            assert!(fours >= 3);
            assert_eq!(inst.to_string().parse::<Instance>().unwrap(), inst);
        }
    }
}
