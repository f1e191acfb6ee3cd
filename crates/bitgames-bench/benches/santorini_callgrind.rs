//! Instruction counts of the tutorial's table, for a loaded machine where
//! wall-clock medians are noisy. Each mode runs one routine over the same
//! 100,000 (move-to) or 10,000 (distances) tutorial instances; `setup` and
//! `distances-setup` only generate and convert them. Subtract the setup from each mode:
//!
//! ```sh
//! cargo bench -p bitgames-bench --bench santorini_callgrind --no-run
//! for m in setup move-to-naive move-to-conversions move-to-core \
//!          distances-setup distances-naive distances-bitboard; do
//!   valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/deps/santorini_callgrind-* $m 2>&1 | grep 'Collected'
//! done
//! ```

use bitgames::santorini::Instance;
use bitgames::santorini::naive::{distances_naive, move_to_naive};
use bitgames::santorini::reach::{distances, move_to, move_to_instance};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::hint::black_box;

fn main() {
    let mode = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_else(|| "setup".to_string());
    let n = if mode.starts_with("distances") {
        10_000
    } else {
        100_000
    };
    let seed = if mode.starts_with("distances") { 2 } else { 1 };
    let mut rng = SmallRng::seed_from_u64(seed);
    let insts: Vec<Instance> = (0..n).map(|_| Instance::random(&mut rng)).collect();
    let workers: Vec<_> = insts.iter().map(|i| i.worker).collect();
    let levels: Vec<_> = insts.iter().map(Instance::level_sets).collect();
    let mut total = 0u64;
    match mode.as_str() {
        "setup" | "distances-setup" => {}
        "move-to-naive" => {
            for i in &insts {
                total += move_to_naive(i.worker.row(), i.worker.col(), black_box(&i.levels)).len()
                    as u64;
            }
        }
        "move-to-conversions" => {
            for i in &insts {
                total += move_to_instance(black_box(i)).len() as u64;
            }
        }
        "move-to-core" => {
            for (w, l) in workers.iter().zip(&levels) {
                total ^= move_to(*w, black_box(l)).0;
            }
        }
        "distances-naive" => {
            for i in &insts {
                let d = distances_naive(i.worker.row(), i.worker.col(), black_box(&i.levels));
                total += d.iter().flatten().map(|&d| d as u64).sum::<u64>();
            }
        }
        "distances-bitboard" => {
            for (w, l) in workers.iter().zip(&levels) {
                let d = distances(*w, black_box(l));
                total += d.iter().flatten().map(|&d| d as u64).sum::<u64>();
            }
        }
        other => {
            eprintln!("unknown mode {other:?}");
            std::process::exit(2);
        }
    }
    println!("{mode}: {total}");
}
