//! Santorini benchmarks: the tutorial's table (move-to on 100,000 instances,
//! distances on 10,000; naive twin beside the bitboard on the same instances),
//! then perft and search speed of the full game.
//!
//! Run `cargo bench -p bitgames --bench santorini`, then
//! `cargo run --release --bin bitgames -- santorini bench-table` prints the
//! medians and ratios.

use bitgames::santorini::Instance;
use bitgames::santorini::naive::{distances_naive, move_to_naive};
use bitgames::santorini::reach::{distances, move_to, move_to_instance};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::hint::black_box;
use std::time::Duration;

fn instances(n: usize, seed: u64) -> Vec<Instance> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..n).map(|_| Instance::random(&mut rng)).collect()
}

fn tutorial_move_to(c: &mut Criterion) {
    let insts = instances(100_000, 1);
    // The core's input, converted beforehand: workers and level bitboards in two arrays.
    let workers: Vec<_> = insts.iter().map(|i| i.worker).collect();
    let levels: Vec<_> = insts.iter().map(Instance::level_sets).collect();
    let mut g = c.benchmark_group("santorini_move_to");
    g.sample_size(20).measurement_time(Duration::from_secs(4));
    g.bench_function("naive", |b| {
        b.iter(|| {
            let mut total = 0;
            for inst in &insts {
                let w = inst.worker;
                total += move_to_naive(w.row(), w.col(), black_box(&inst.levels)).len();
            }
            total
        })
    });
    g.bench_function("bitboard_incl_conversions", |b| {
        b.iter(|| {
            let mut total = 0;
            for inst in &insts {
                total += move_to_instance(black_box(inst)).len();
            }
            total
        })
    });
    g.bench_function("bitboard_core", |b| {
        b.iter(|| {
            let mut total = 0;
            for (w, levels) in workers.iter().zip(&levels) {
                total ^= move_to(*w, black_box(levels)).0;
            }
            total
        })
    });
    g.finish();
}

fn tutorial_distances(c: &mut Criterion) {
    let insts = instances(10_000, 2);
    let prepared: Vec<_> = insts.iter().map(|i| (i.worker, i.level_sets())).collect();
    let mut g = c.benchmark_group("santorini_distances");
    g.sample_size(20).measurement_time(Duration::from_secs(4));
    g.bench_function("naive", |b| {
        b.iter(|| {
            let mut total = 0u32;
            for inst in &insts {
                let w = inst.worker;
                let d = distances_naive(w.row(), w.col(), black_box(&inst.levels));
                total += d.iter().flatten().map(|&d| d as u32).sum::<u32>();
            }
            total
        })
    });
    g.bench_function("bitboard", |b| {
        b.iter(|| {
            let mut total = 0u32;
            for (w, levels) in &prepared {
                let d = distances(*w, black_box(levels));
                total += d.iter().flatten().map(|&d| d as u32).sum::<u32>();
            }
            total
        })
    });
    g.finish();
}

criterion_group!(benches, tutorial_move_to, tutorial_distances);
criterion_main!(benches);
