//! Play sequences on the three tic-tac-toe representations (bit masks,
//! win-line words, and the naive array twin): every move, legal or not, gets
//! the same answer from all three, and they agree on the board, the legal
//! moves, the winning line and the outcome after every move.
#![no_main]

use bitgames::Game;
use bitgames::tictactoe::{Board, Square, masks, naive, winlines};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|choices: &[u8]| {
    let mut fast = masks::Board::default();
    let mut lines = winlines::Board::default();
    let mut slow = naive::Board::default();
    for &c in choices.iter().take(64) {
        // Mostly a legal move, sometimes any square (to compare refusals).
        let legal = slow.legal_moves();
        let mv = if c >= 200 || legal.is_empty() {
            fast.move_of(usize::from(c % 9)).expect("9 squares")
        } else {
            legal[usize::from(c) % legal.len()]
        };
        let a = fast.play(mv).map_err(|e| e.to_string());
        let b = lines.play(mv).map_err(|e| e.to_string());
        let d = slow.play(mv).map_err(|e| e.to_string());
        assert_eq!(a, d);
        assert_eq!(b, d);
        assert_eq!(fast.board_string(), slow.board_string());
        assert_eq!(lines.board_string(), slow.board_string());
        assert_eq!(&fast.legal_moves()[..], &slow.legal_moves()[..]);
        assert_eq!(&lines.legal_moves()[..], &slow.legal_moves()[..]);
        assert_eq!(fast.outcome(), slow.outcome());
        assert_eq!(lines.outcome(), slow.outcome());
        assert_eq!(fast.winning_line(), slow.winning_line());
        assert_eq!(lines.winning_line(), slow.winning_line());
        assert_eq!(fast.to_move(), slow.to_move());
        let _: Square = mv;
    }
});
