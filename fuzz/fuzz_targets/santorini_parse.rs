//! Santorini notation: the tutorial's instances, positions, moves and
//! spaces. Parsing never panics; what parses prints back to itself; an
//! instance's move-to set and distances agree with the naive twins.
#![no_main]

use bitgames::santorini::naive::{distances_instance_naive, move_to_instance_naive};
use bitgames::santorini::reach::{distances_instance, move_to_instance};
use bitgames::santorini::{Instance, Move, Position, Space};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(instance) = text.parse::<Instance>() {
        assert_eq!(
            instance.to_string().parse::<Instance>(),
            Ok(instance.clone())
        );
        let mut fast = move_to_instance(&instance);
        let mut slow = move_to_instance_naive(&instance);
        fast.sort();
        slow.sort();
        assert_eq!(fast, slow, "{text}");
        assert_eq!(
            distances_instance(&instance),
            distances_instance_naive(&instance),
            "{text}"
        );
    }
    if let Ok(pos) = text.parse::<Position>() {
        assert_eq!(pos.to_string().parse::<Position>(), Ok(pos), "{text}");
    }
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv), "{text}");
    }
    if let Ok(space) = text.parse::<Space>() {
        assert_eq!(space.to_string().parse::<Space>(), Ok(space));
    }
});
