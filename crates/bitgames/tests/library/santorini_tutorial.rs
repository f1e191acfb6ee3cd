//! The tutorial's bitboard move-to sets and BFS distances agree with their naive
//! twins on the tutorial's example and on 100,000 of its random instances.

use bitgames::santorini::instance::TUTORIAL_EXAMPLE;
use bitgames::santorini::naive::{distances_instance_naive, move_to_instance_naive};
use bitgames::santorini::reach::{
    distances_instance, format_distances, format_spaces, move_to_instance, move_to_set,
};
use bitgames::santorini::{Bitboard, Instance, Space};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;

#[test]
fn the_tutorial_example() {
    let inst: Instance = TUTORIAL_EXAMPLE.parse().unwrap();
    let expected = "[(1,1),(2,1),(2,3)]";
    assert_eq!(format_spaces(&move_to_instance(&inst)), expected);
    assert_eq!(format_spaces(&move_to_instance_naive(&inst)), expected);
    // Row 1: 0 0 2 0 0 / row 2: 1 2 0 4 1 / row 3: 3 0 0 0 1 / row 4: 0 0 1 3 4 / row 5: 0 1 1 2 2,
    // worker at (1,2) on level 0.
    let expected = "[1,0,3,2,3,1,2,1,inf,3,3,2,2,2,3,3,3,3,5,inf,4,4,4,4,5]";
    assert_eq!(format_distances(&distances_instance(&inst)), expected);
    assert_eq!(format_distances(&distances_instance_naive(&inst)), expected);
}

#[test]
fn bitboard_and_naive_agree_on_100_000_tutorial_instances() {
    let mut rng = SmallRng::seed_from_u64(2021);
    let mut unreachable = 0;
    for n in 0..100_000 {
        let inst = Instance::random(&mut rng);
        assert_eq!(
            move_to_instance(&inst),
            move_to_instance_naive(&inst),
            "move-to of instance {n}: {inst}"
        );
        let d = distances_instance(&inst);
        assert_eq!(d, distances_instance_naive(&inst), "distances of {inst}");
        unreachable += d.iter().filter(|d| d.is_none()).count();
    }
    // The generator's three level-4 spaces alone make at least 300,000 unreachable answers.
    assert!(unreachable >= 300_000);
}

fn any_instance() -> impl Strategy<Value = Instance> {
    (0usize..25, prop::array::uniform25(0u8..=4)).prop_map(|(w, mut levels)| {
        levels[w] = levels[w].min(3);
        Instance {
            worker: Space::from_index(w).unwrap(),
            levels,
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    /// Any levels at all (not only the generator's mix), including a worker on level 3.
    #[test]
    fn bitboard_and_naive_agree_on_any_levels(inst in any_instance()) {
        prop_assert_eq!(move_to_instance(&inst), move_to_instance_naive(&inst));
        prop_assert_eq!(distances_instance(&inst), distances_instance_naive(&inst));
    }

    /// M(X) is the union of M(i) over the spaces of X (up to X itself).
    #[test]
    fn the_set_form_is_the_union_of_the_single_forms(inst in any_instance(), x in 0u64..(1 << 25)) {
        let levels = inst.level_sets();
        let walkable = levels.0[0] | levels.0[1] | levels.0[2] | levels.0[3];
        let set = Bitboard::from_spaces(Space::all().filter(|s| x >> s.index() & 1 == 1)) & walkable;
        let mut union = Bitboard::EMPTY;
        for s in set {
            union |= bitgames::santorini::reach::move_to(s, &levels);
        }
        prop_assert_eq!(move_to_set(set, &levels) & !set, union & !set);
    }

    /// Printing and parsing an instance gives it back.
    #[test]
    fn instances_round_trip_through_text(inst in any_instance()) {
        prop_assert_eq!(inst.to_string().parse::<Instance>().unwrap(), inst);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    /// Any text gets an answer or an error, never a panic; near-misses too.
    #[test]
    fn parsing_never_panics(text in "\\PC{0,80}", near in "[(),\\[\\] 0-9]{0,90}") {
        let _ = text.parse::<Instance>();
        if let Ok(inst) = near.parse::<Instance>() {
            prop_assert!(inst.level(inst.worker) < 4);
            prop_assert!(inst.levels.iter().all(|&l| l <= 4));
        }
    }
}
