//! Play sequences on the Santorini bitboard game (placement, then move and
//! build) against the naive move generator: the same legal moves after every
//! move, every legal move played, and any action index refused or played
//! without a panic.
#![no_main]

use bitgames::Game;
use bitgames::santorini::Position;
use bitgames::santorini::naive::legal_moves_naive;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|choices: &[u8]| {
    let mut pos = Position::default();
    for pair in choices.chunks(2).take(60) {
        let mut fast: Vec<_> = pos.legal_moves().to_vec();
        let mut slow = legal_moves_naive(&pos);
        fast.sort_unstable();
        slow.sort_unstable();
        assert_eq!(fast, slow, "{pos}");
        let c = usize::from(pair[0]) << 8 | usize::from(*pair.get(1).unwrap_or(&0));
        let legal = pos.legal_moves();
        if legal.is_empty() {
            assert!(pos.outcome().is_over(), "{pos}");
            break;
        }
        if c % 8 == 0 {
            // Any action index: a refused move leaves the position unchanged.
            if let Some(mv) = pos.move_of(c % (pos.num_actions() + 10)) {
                let before = pos;
                if pos.play(mv).is_err() {
                    assert_eq!(pos, before);
                } else {
                    assert!(legal.contains(&mv), "{mv} played but not legal in {before}");
                }
            }
        } else {
            let mv = legal[c % legal.len()];
            assert_eq!(pos.move_of(pos.action_of(mv)), Some(mv));
            pos.play(mv).expect("a legal move");
        }
    }
});
