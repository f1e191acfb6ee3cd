//! Hera: an opponent cannot win by moving into a perimeter space (a climb
//! onto level 3 there, or Pan's fall there, is a move like any other, and
//! a build follows). Her own wins are the base game's.

use super::Power;
use crate::santorini::bitboard::{Bitboard, VALID};

/// Hera's power: no opponent wins on the perimeter.
pub(crate) struct Hera;

/// The sixteen perimeter spaces on the padded board: every space but the
/// nine of rows and columns 2 to 4.
const PERIMETER: Bitboard = {
    let mut bits = VALID.0;
    let mut row = 2;
    while row <= 4 {
        let mut col = 2;
        while col <= 4 {
            bits &= !(1u64 << (7 * row + col));
            col += 1;
        }
        row += 1;
    }
    Bitboard(bits)
};

impl Power for Hera {
    const NAME: &'static str = "hera";
    const TEXT: &'static str = "An opponent cannot win by moving into a perimeter space.";
    const DENIES_WINS_ON: Bitboard = PERIMETER;

    fn naive_denies_win_on(space: usize) -> bool {
        let (row, col) = (space / 5, space % 5);
        row == 0 || row == 4 || col == 0 || col == 4
    }
}
