//! Connect Four: the naive twin against the bitboard, on the same inputs, and
//! the solver on samples of Pons' test sets.
//!
//! `cargo bench -p bitgames-bench --bench connect4`, then
//! `cargo run --release --bin bitgames-tools -- bench-table connect4` for the table.
//! (`bitgames-tools connect4 bench` prints the tutorial's per-set table.)

use bitgames::connect4::solver::{Mode, Solver};
use bitgames::connect4::{Position, naive};
use bitgames::tools::{WIN_SCORE, negamax};
use bitgames::{Game, Outcome};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;

/// The first `n` lines of a test set: moves and score.
fn test_set(name: &str, n: usize) -> Vec<(String, i32)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/connect4")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .take(n)
        .map(|l| {
            let (m, s) = l.split_once(' ').expect("`moves score`");
            (m.to_string(), s.parse().expect("a score"))
        })
        .collect()
}

/// Positions of random games (seeded), in both representations.
fn random_positions(count: usize) -> (Vec<naive::Board>, Vec<Position>) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut boards = Vec::new();
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut pos = Position::default();
        let mut moves = String::new();
        while pos.outcome() == Outcome::Ongoing && positions.len() < count {
            let legal = pos.legal_moves();
            let mv = legal[rng.random_range(0..legal.len())];
            Game::play_unchecked(&mut pos, mv);
            moves.push_str(&mv.to_string());
            positions.push(pos);
            boards.push(moves.parse::<naive::Board>().expect("a legal game"));
        }
    }
    (boards, positions)
}

fn win_detection(c: &mut Criterion) {
    let (boards, positions) = random_positions(10_000);
    let mut group = c.benchmark_group("connect4-win-detection");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("naive", |b| {
        b.iter(|| {
            black_box(&boards)
                .iter()
                .filter(|p| p.winner().is_some())
                .count()
        });
    });
    group.bench_function("bitboard", |b| {
        b.iter(|| {
            black_box(&positions)
                .iter()
                .filter(|p| p.last_player_won())
                .count()
        });
    });
    group.finish();
}

/// The tutorial's part 6: the same search (the generic alpha-beta negamax of
/// `bitgames::tools`, to the end of the game) over the naive twin and over
/// the bitboard. Both visit the same nodes; only the representation differs.
fn same_search(c: &mut Criterion) {
    let cases = test_set("Test_L3_R1", 20);
    let boards: Vec<naive::Board> = cases.iter().map(|(m, _)| m.parse().unwrap()).collect();
    let positions: Vec<Position> = cases.iter().map(|(m, _)| m.parse().unwrap()).collect();
    let mut zero = |_: &Position| 0;
    let nodes: u64 = positions
        .iter()
        .map(|p| negamax(p, 42, -WIN_SCORE, WIN_SCORE, &mut zero).nodes)
        .sum();
    let mut zero_naive = |_: &naive::Board| 0;
    let naive_nodes: u64 = boards
        .iter()
        .map(|p| negamax(p, 42, -WIN_SCORE, WIN_SCORE, &mut zero_naive).nodes)
        .sum();
    assert_eq!(nodes, naive_nodes, "the same search visits the same nodes");
    let mut group = c.benchmark_group("connect4-negamax-end-easy-20");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function("naive", |b| {
        b.iter(|| {
            black_box(&boards)
                .iter()
                .map(|p| negamax(p, 42, -WIN_SCORE, WIN_SCORE, &mut |_: &naive::Board| 0).score)
                .sum::<i32>()
        });
    });
    group.bench_function("bitboard", |b| {
        b.iter(|| {
            black_box(&positions)
                .iter()
                .map(|p| negamax(p, 42, -WIN_SCORE, WIN_SCORE, &mut |_: &Position| 0).score)
                .sum::<i32>()
        });
    });
    group.finish();
}

/// The solver, a cleared table per position, as the tutorial measures.
fn solver(c: &mut Criterion) {
    for (name, file, n) in [
        ("end-easy", "Test_L3_R1", 1000),
        ("middle-easy", "Test_L2_R1", 200),
        ("begin-easy", "Test_L1_R1", 100),
        ("middle-medium", "Test_L2_R2", 20),
    ] {
        let cases = test_set(file, n);
        let positions: Vec<(Position, i32)> = cases
            .iter()
            .map(|(m, s)| (m.parse().unwrap(), *s))
            .collect();
        let mut group = c.benchmark_group(format!("connect4-solve-{name}-{n}"));
        group.throughput(Throughput::Elements(n as u64));
        group.sample_size(10);
        let mut s = Solver::with_table_log2(24);
        group.bench_function("strong", |b| {
            b.iter(|| {
                for (p, score) in &positions {
                    s.clear();
                    assert_eq!(s.solve(p, Mode::Strong).unwrap(), *score);
                }
            });
        });
        group.finish();
    }
}

criterion_group!(benches, win_detection, same_search, solver);
criterion_main!(benches);
