//! Games with gods: a god pair and its placements from the first bytes (of
//! the legal ones: two workers, the Graeae's three, a named female one),
//! then turns chosen by the rest. At every position the bitboard generator's positions
//! one turn later are the naive twin's; every turn's text reads back as the
//! same turn and plays; the position's text reads back.
#![no_main]

use bitgames::Game;
use bitgames::santorini::naive_gods::{NaiveState, distinct_successors};
use bitgames::santorini::{God, Move, Position};
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeSet;

fuzz_target!(|bytes: &[u8]| {
    if bytes.len() < 6 {
        return;
    }
    let n = God::ALL.len();
    let gods = [God::ALL[usize::from(bytes[0]) % n], God::ALL[usize::from(bytes[1]) % n]];
    // A banned pair is refused, naming it; the fuzzer goes on to the next.
    let Ok(mut pos) = Position::new().with_gods(gods) else {
        assert!(!gods[0].may_face(gods[1]));
        return;
    };
    for k in [2, 4] {
        // A legal placement each (Eros' on opposite edges, the Graeae's
        // three), by two bytes.
        let places = pos.legal_moves();
        let i = (usize::from(bytes[k]) << 8 | usize::from(bytes[k + 1])) % places.len();
        pos.play(places[i]).expect("a legal placement");
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
