//! Hera: an opponent cannot win by moving into a perimeter space (a climb
//! onto level 3 there, or Pan's fall there, is a move like any other, and
//! a build follows). Her own wins are the base game's.

use super::Power;
use crate::santorini::bitboard::Bitboard;
use crate::santorini::naive_gods;

/// Hera's power: no opponent wins on the perimeter.
pub(crate) struct Hera;

impl Power for Hera {
    const NAME: &'static str = "hera";
    const TEXT: &'static str = "An opponent cannot win by moving into a perimeter space.";
    const DENIES_WINS_ON: Bitboard = Bitboard::PERIMETER;

    fn naive_denies_win_on(space: usize) -> bool {
        naive_gods::on_perimeter(space)
    }
}
