//! Games with gods: a god pair and a start from the first bytes, then turns
//! chosen by the rest. At every position the bitboard generator's positions
//! one turn later are the naive twin's; every turn's text reads back as the
//! same turn and plays; the position's text reads back.
#![no_main]

use bitgames::Game;
use bitgames::santorini::naive_gods::{NaiveState, distinct_successors};
use bitgames::santorini::{God, Move, Position, Space};
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeSet;

fuzz_target!(|bytes: &[u8]| {
    if bytes.len() < 6 {
        return;
    }
    let n = God::ALL.len();
    let gods = [God::ALL[usize::from(bytes[0]) % n], God::ALL[usize::from(bytes[1]) % n]];
    // Four distinct start spaces.
    let mut spaces: Vec<Space> = Vec::new();
    for &b in &bytes[2..] {
        let s = Space::from_index(usize::from(b) % 25).expect("0..25");
        if !spaces.contains(&s) {
            spaces.push(s);
        }
        if spaces.len() == 4 {
            break;
        }
    }
    if spaces.len() < 4 {
        return;
    }
    // A banned pair is refused, naming it; the fuzzer goes on to the next.
    let Ok(mut pos) = Position::new().with_gods(gods) else {
        assert!(!gods[0].may_face(gods[1]));
        return;
    };
    for pair in [[spaces[0], spaces[1]], [spaces[2], spaces[3]]] {
        // Free spaces; a god may still refuse them (Eros places on opposite
        // edges), and then the pair is not among the legal placements.
        let place = Move::place(pair[0], pair[1]);
        if pos.play(place).is_err() {
            assert!(!pos.legal_moves().contains(&place));
            return;
        }
    }
    for &choice in bytes[6..].iter().take(40) {
        let text = pos.to_string();
        assert_eq!(text.parse::<Position>(), Ok(pos), "{text}");
        let moves = pos.legal_moves();
        let fast: BTreeSet<String> = moves
            .iter()
            .map(|&mv| {
                let mut child = pos;
                child.play_unchecked(mv);
                child.to_string()
            })
            .collect();
        let naive: NaiveState = text.parse().expect("the twin reads our text");
        let slow: BTreeSet<String> = distinct_successors(&naive).into_iter().collect();
        assert_eq!(fast, slow, "{text}");
        if moves.is_empty() {
            assert!(pos.outcome().is_over(), "{text}");
            break;
        }
        let mv = moves[usize::from(choice) * moves.len() / 256];
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv), "{text}");
        pos.play(mv).expect("a legal turn");
        if pos.outcome().is_over() {
            break;
        }
    }
});
