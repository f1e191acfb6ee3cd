//! Santorini benchmarks: the tutorial's table (move-to on 100,000 instances,
//! distances on 10,000; naive twin beside the bitboard on the same instances),
//! then perft and search speed of the full game.
//!
//! Run `cargo bench -p bitgames-bench --bench santorini`, then
//! `cargo run --release --bin bitgames-tools -- bench-table santorini` prints the
//! medians and ratios.

use bitgames::Game;
use bitgames::engine::Limits;
use bitgames::santorini::naive::legal_moves_naive;
use bitgames::santorini::naive::{distances_naive, move_to_naive};
use bitgames::santorini::reach::{distances, move_to, move_to_instance};
use bitgames::santorini::search::Engine;
use bitgames::santorini::{Instance, Position};
use bitgames::tools::perft;
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

/// The position of santorini-ai's perft figures.
const PERFT_START: &str = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2";

fn perft_naive(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves_naive(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for mv in moves {
        let mut child = *pos;
        child.play_unchecked(mv);
        total += perft_naive(&child, depth - 1);
    }
    total
}

/// Perft 3 (350,208 leaves) on one core: the naive generator against the bitboard one.
fn game_perft(c: &mut Criterion) {
    let pos: Position = PERFT_START.parse().unwrap();
    let mut g = c.benchmark_group("santorini_perft3");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("naive", |b| b.iter(|| perft_naive(black_box(&pos), 3)));
    g.bench_function("bitboard", |b| b.iter(|| perft(black_box(&pos), 3)));
    g.finish();
}

/// A depth-5 search from the perft position with a fresh engine (nodes/s = nodes / median).
fn game_search(c: &mut Criterion) {
    let pos: Position = PERFT_START.parse().unwrap();
    let mut g = c.benchmark_group("santorini_search");
    g.sample_size(10).measurement_time(Duration::from_secs(6));
    g.bench_function("depth5", |b| {
        b.iter(|| {
            let mut engine = Engine::default();
            engine.search(black_box(&pos), SEARCH_LIMITS).nodes
        })
    });
    g.finish();
}

/// 1,000 random games from the empty board (placement included) on one core,
/// through the generic `random_playout`: a legality test and a move list a ply.
fn game_playouts(c: &mut Criterion) {
    use rand::SeedableRng;
    let start = Position::new();
    let mut g = c.benchmark_group("santorini_playouts");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.throughput(criterion::Throughput::Elements(1000));
    g.bench_function("random_1000", |b| {
        b.iter(|| {
            let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
            (0..1000)
                .map(|_| bitgames::tools::random_playout(black_box(&start), &mut rng).1)
                .sum::<usize>()
        })
    });
    g.finish();
}

/// The static evaluation of 1,000 middle-game positions (random games,
/// both sides placed, 10 to 30 plies in): the linear evaluation against the
/// network's (which adds its hidden layer to the same terms), and the hidden
/// layer alone, plain (SSE2) and as the engine runs it (AVX2 if there).
fn game_evaluation(c: &mut Criterion) {
    use bitgames::santorini::eval::network::{HIDDEN, MAX_ON, inputs};
    use bitgames::santorini::eval::{FEATURES, Net, evaluate, features, features_by_layers};
    use bitgames::santorini::players::random_move;
    use rand::SeedableRng;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    let mut positions = Vec::new();
    // Each position with its parent and the move between (both placed).
    let mut steps = Vec::new();
    while positions.len() < 1000 {
        let mut pos = Position::new();
        for ply in 0..30 {
            let Some(mv) = random_move(&pos, &mut rng) else {
                break;
            };
            let parent = pos;
            pos.play_unchecked(mv);
            if ply >= 10 && !pos.is_placement() && !pos.outcome().is_over() {
                positions.push(pos);
                if !parent.is_placement() {
                    steps.push((parent, mv, pos));
                }
            }
        }
    }
    positions.truncate(1000);
    steps.truncate(1000);
    assert_eq!(steps.len(), 1000);
    let net = Net::builtin();
    let mut g = c.benchmark_group("santorini_evaluation");
    g.sample_size(20).measurement_time(Duration::from_secs(4));
    g.throughput(criterion::Throughput::Elements(1000));
    g.bench_function("linear_1000", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| evaluate(black_box(p)))
                .sum::<i32>()
        })
    });
    // The 27 terms alone: each worker's search stopped early, and to the end.
    type Terms = fn(&Position) -> [i32; FEATURES];
    for (name, terms) in [
        ("features_1000", features as Terms),
        ("features_by_layers_1000", features_by_layers),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|p| terms(black_box(p))[9])
                    .sum::<i32>()
            })
        });
    }
    let inputs: Vec<([u16; MAX_ON], usize)> = positions
        .iter()
        .map(|p| {
            let mut on = [0u16; MAX_ON];
            let n = inputs(p, 0, &mut on);
            (on, n)
        })
        .collect();
    g.bench_function("hidden_layer_sse2_1000", |b| {
        b.iter(|| {
            inputs
                .iter()
                .map(|(on, n)| net.hidden_part_portable(black_box(&on[..*n])))
                .sum::<i32>()
        })
    });
    g.bench_function("hidden_layer_1000", |b| {
        b.iter(|| {
            inputs
                .iter()
                .map(|(on, n)| net.hidden_part(black_box(&on[..*n])))
                .sum::<i32>()
        })
    });
    // The hidden sums of both views: from the rows, and from the parent's
    // sums as the search keeps them (4 rows off, 4 on, a view).
    g.bench_function("sums_from_rows_1000", |b| {
        b.iter(|| {
            steps
                .iter()
                .map(|(_, _, p)| net.sums(black_box(p))[0][0])
                .fold(0i16, i16::wrapping_add)
        })
    });
    let parents: Vec<_> = steps.iter().map(|(p, _, _)| net.sums(p)).collect();
    // The sums alone, then with the rest of the evaluation.
    for (name, evaluate) in [
        ("sums_from_parent_1000", false),
        ("net_from_parent_sums_1000", true),
    ] {
        g.bench_function(name, |b| {
            let mut out = [[0i16; HIDDEN]; 2];
            b.iter(|| {
                steps
                    .iter()
                    .zip(&parents)
                    .map(|((_, mv, p), sums)| {
                        net.child_sums(black_box(sums), black_box(p), Some(*mv), &mut out);
                        if evaluate {
                            net.evaluate_with_sums(p, &out)
                        } else {
                            i32::from(out[0][0])
                        }
                    })
                    .fold(0i32, i32::wrapping_add)
            })
        });
    }
    g.bench_function("net_1000", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| net.evaluate(black_box(p)))
                .sum::<i32>()
        })
    });
    g.finish();
}

const SEARCH_LIMITS: Limits = Limits {
    depth: Some(5),
    time: None,
    level: None,
    seed: None,
};

criterion_group!(
    benches,
    tutorial_move_to,
    tutorial_distances,
    game_perft,
    game_search,
    game_playouts,
    game_evaluation
);
criterion_main!(benches);
