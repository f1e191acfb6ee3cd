//! Connect Four notation on every board size: columns, move strings, grids
//! (0/1/2, top row first) and keys. Parsing never panics; a grid that parses
//! is reached by the move string found for it.
#![no_main]

use bitgames::connect4::grid::{from_grid_in, from_key, grid_string, move_string, parse_grid};
use bitgames::connect4::notation::read_position;
use bitgames::connect4::{Column, Geometry, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&size, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    // The first byte picks a board: width 1..=16, height 1..=16 (some too large).
    let geometry = match Geometry::new(usize::from(size % 16) + 1, usize::from(size / 16) + 1) {
        Ok(g) => g,
        Err(_) => Geometry::STANDARD,
    };
    if let Ok(column) = text.parse::<Column>() {
        assert_eq!(column.to_string().parse::<Column>(), Ok(column));
    }
    if let Ok(pos) = Position::from_moves_in(geometry, text) {
        // Digits or comma lists: the list written back reads as the same
        // position, and is written back the same again.
        let (again, written) = read_position(geometry, text).expect("it was read once");
        assert_eq!(again, pos, "{text}");
        let (third, rewritten) = read_position(geometry, &written).expect("written lists read");
        assert_eq!((third, &rewritten), (pos, &written), "{text}");
        assert_eq!(from_key(geometry, pos.key()), Some(pos), "{text}");
    }
    if let Ok(rows) = parse_grid(text)
        && let Ok(pos) = from_grid_in(geometry, &rows)
    {
        let again = parse_grid(&grid_string(&pos)).expect("printed grids parse");
        assert_eq!(from_grid_in(geometry, &again), Ok(pos));
        if let Some(moves) = move_string(&pos) {
            assert_eq!(
                Position::from_moves_in(geometry, &moves),
                Ok(pos),
                "{moves}"
            );
        }
    }
    if rest.len() >= 16 {
        // Keys of up to 128 bits (boards past 64 bits: 8x8, 16x7, ...).
        let key = u128::from_le_bytes(rest[..16].try_into().expect("16 bytes"));
        if let Some(pos) = from_key(geometry, key) {
            assert_eq!(pos.key(), key);
        }
    }
});
