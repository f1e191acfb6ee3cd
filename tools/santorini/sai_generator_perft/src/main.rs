//! Perft by santorini-ai's own move generator, for a side-by-side timing
//! with `bitgames perft santorini` (bench/santorini-perft.sh). santorini-ai
//! (JPricey/santorini-ai, castor branch) is a library dependency of this
//! harness, built in a scratch folder; none of its code is in bitgames.
//!
//!     sai-generator-perft DEPTH FEN
//!
//! Counts the move sequences of exactly DEPTH turns as bitgames' perft does:
//! a won game has no children, the leaves are counted from the generated
//! list without being played. Prints the count.

use santorini_core::bitboard::BitBoard;
use santorini_core::board::FullGameState;

fn perft(state: &FullGameState, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if state.get_winner().is_some() {
        return 0;
    }
    let god = state.get_active_god();
    // Every turn (the search's own list leaves some out).
    let moves = (god._get_all_moves)(state, state.board.current_player, BitBoard::EMPTY);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| perft(&state.next_state(god, m.action), depth - 1))
        .sum()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, depth, fen] = args.as_slice() else {
        eprintln!("usage: sai-generator-perft DEPTH FEN");
        std::process::exit(2);
    };
    let depth: u32 = depth.parse().unwrap_or_else(|_| {
        eprintln!("depth `{depth}` is not a number");
        std::process::exit(2);
    });
    let state = FullGameState::try_from(fen.as_str()).unwrap_or_else(|e| {
        eprintln!("santorini-ai refuses the position {fen}: {e}");
        std::process::exit(2);
    });
    println!("{}", perft(&state, depth));
}
