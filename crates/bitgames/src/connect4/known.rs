//! Published values of the empty board of every size that has been solved:
//! the outside facts that `bitgames-tools connect4 sizes` and the tests check the
//! solver against.
//!
//! - John Tromp's table (tromp.github.io/c4/c4.html), widths 4 to 11 and
//!   heights 4 to 11;
//! - Steininger's c4 (its readme): 9x7 and 10x6 first-player wins, 7x9 a draw
//!   (and 8x7 a first-player win, as in Tromp's table).

use super::Geometry;

/// The first player wins.
pub const FIRST: i8 = 1;
/// A draw.
pub const DRAW: i8 = 0;
/// The second player wins.
pub const SECOND: i8 = -1;

/// `(width, height, value)`: the value of the empty board for the first
/// player, as published.
pub const EMPTY_BOARD_VALUES: &[(u8, u8, i8)] = &[
    // Height 4.
    (4, 4, DRAW),
    (5, 4, DRAW),
    (6, 4, SECOND),
    (7, 4, DRAW),
    (8, 4, SECOND),
    (9, 4, SECOND),
    (10, 4, SECOND),
    (11, 4, SECOND),
    // Height 5.
    (4, 5, DRAW),
    (5, 5, DRAW),
    (6, 5, DRAW),
    (7, 5, DRAW),
    (8, 5, FIRST),
    (9, 5, FIRST),
    (10, 5, FIRST),
    // Height 6.
    (4, 6, DRAW),
    (5, 6, DRAW),
    (6, 6, SECOND),
    (7, 6, FIRST),
    (8, 6, SECOND),
    (9, 6, SECOND),
    (10, 6, FIRST),
    // Height 7.
    (4, 7, DRAW),
    (5, 7, DRAW),
    (6, 7, FIRST),
    (7, 7, DRAW),
    (8, 7, FIRST),
    (9, 7, FIRST),
    // Height 8.
    (4, 8, DRAW),
    (5, 8, DRAW),
    (6, 8, SECOND),
    (7, 8, FIRST),
    (8, 8, SECOND),
    // Heights 9 to 11.
    (4, 9, DRAW),
    (5, 9, DRAW),
    (6, 9, FIRST),
    (7, 9, DRAW),
    (4, 10, DRAW),
    (5, 10, DRAW),
    (4, 11, DRAW),
];

/// The published value of the empty `geometry` board for the first player
/// (+1 a win, 0 a draw, -1 a loss), if it has been published.
#[must_use]
pub fn empty_board_value(geometry: Geometry) -> Option<i8> {
    EMPTY_BOARD_VALUES
        .iter()
        .find(|&&(w, h, _)| {
            usize::from(w) == geometry.width() && usize::from(h) == geometry.height()
        })
        .map(|&(_, _, v)| v)
}

/// The value as Tromp writes it: `+` the first player wins, `=` a draw, `-`
/// the second player wins.
#[must_use]
pub fn value_sign(value: i8) -> char {
    match value.signum() {
        1 => '+',
        0 => '=',
        _ => '-',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_is_listed_once_and_the_table_has_tromps_shape() {
        let mut seen = std::collections::HashSet::new();
        for &(w, h, _) in EMPTY_BOARD_VALUES {
            assert!(seen.insert((w, h)), "{w}x{h} listed twice");
        }
        // Tromp's table: every w+h <= 15 with w, h >= 4 (36 boards), plus
        // c4's three boards past it (8x8 is Tromp's own).
        let tromp = (4..=11)
            .flat_map(|w| (4..=11).map(move |h| (w, h)))
            .filter(|(w, h)| w + h <= 15)
            .count();
        assert_eq!(tromp, 36);
        assert_eq!(EMPTY_BOARD_VALUES.len(), tromp + 4);
        assert_eq!(empty_board_value(Geometry::STANDARD), Some(FIRST));
        assert_eq!(value_sign(SECOND), '-');
    }
}
