//! Tic-tac-toe notation: squares, move strings and boards. Parsing never
//! panics; what parses prints back to itself, and the three representations
//! read the same position from the same text.
#![no_main]

use bitgames::Game;
use bitgames::tictactoe::{Board, Square, masks, naive, parse_moves, winlines};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(square) = text.parse::<Square>() {
        assert_eq!(square.to_string().parse::<Square>(), Ok(square));
    }
    let _ = parse_moves(text);
    let fast = text.parse::<masks::Board>();
    let lines = text.parse::<winlines::Board>();
    let slow = text.parse::<naive::Board>();
    assert_eq!(fast.is_ok(), slow.is_ok(), "{text:?}");
    assert_eq!(lines.is_ok(), slow.is_ok(), "{text:?}");
    if let (Ok(fast), Ok(lines), Ok(slow)) = (fast, lines, slow) {
        assert_eq!(fast.board_string(), slow.board_string());
        assert_eq!(lines.board_string(), slow.board_string());
        assert_eq!(fast.outcome(), slow.outcome());
        assert_eq!(fast.winning_line(), slow.winning_line());
        assert_eq!(lines.winning_line(), slow.winning_line());
        let again = fast
            .to_string()
            .parse::<masks::Board>()
            .expect("printed positions parse");
        assert_eq!(again.board_string(), fast.board_string());
    }
    if let Ok(board) = masks::Board::from_moves(text) {
        assert_eq!(
            board
                .to_string()
                .parse::<masks::Board>()
                .map(|b| b.board_string()),
            Ok(board.board_string())
        );
    }
});
