//! Play sequences on the Connect Four bitboard and its naive twin, on every
//! board size: every move, legal or not, gets the same answer from both, and
//! they agree on the cells, the legal moves, the outcome and the winning
//! moves after every move.
#![no_main]

use bitgames::Game;
use bitgames::connect4::{Column, Geometry, Position, naive};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&size, choices)) = data.split_first() else {
        return;
    };
    let Ok(geometry) = Geometry::new(usize::from(size % 9) + 1, usize::from(size / 9 % 15) + 1)
    else {
        return;
    };
    let mut fast = Position::new(geometry);
    let mut slow = naive::Board::new(geometry);
    for &c in choices.iter().take(80) {
        // Mostly a legal column, sometimes any (to compare the refusals).
        let legal = slow.legal_moves();
        let mv = if c >= 200 || legal.is_empty() {
            Column(c % 10)
        } else {
            legal[usize::from(c) % legal.len()]
        };
        assert_eq!(Game::play(&mut fast, mv), slow.play(mv));
        assert_eq!(fast.legal_moves(), slow.legal_moves());
        assert_eq!(fast.outcome(), slow.outcome());
        assert_eq!(fast.moves_played(), slow.moves_played());
        for col in 0..geometry.width() {
            assert_eq!(fast.column_height(col), slow.column_height(col));
            for row in 0..geometry.height() {
                assert_eq!(fast.cell(col, row), slow.cell(col, row));
            }
            if fast.can_play(col) && !fast.outcome().is_over() {
                let mut after = slow;
                after.play_unchecked(Column(col as u8));
                assert_eq!(fast.is_winning_move(col), after.winner().is_some());
            }
        }
    }
    assert_eq!(fast.to_string(), slow.to_string());
});
