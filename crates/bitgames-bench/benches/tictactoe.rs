//! Tic-tac-toe: the naive twin against the 9-bit masks and the 32-bit
//! win-line encoding, on the same inputs.
//!
//! `cargo bench -p bitgames-bench --bench tictactoe`, then
//! `cargo run --release --bin bitgames-tools -- bench-table tictactoe` for the table.

use bitgames::tictactoe::{Board, masks, naive, winlines};
use bitgames::tools;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// All 5,478 reachable positions, in one order, in the three representations.
fn all_positions() -> (Vec<naive::Board>, Vec<masks::Board>, Vec<winlines::Board>) {
    let mut masks: Vec<masks::Board> = tools::reachable_positions(&masks::Board::default())
        .into_iter()
        .collect();
    masks.sort_by_key(masks::Board::code);
    let text: Vec<String> = masks.iter().map(ToString::to_string).collect();
    let naive = text.iter().map(|s| s.parse().unwrap()).collect();
    let winlines = text.iter().map(|s| s.parse().unwrap()).collect();
    (naive, masks, winlines)
}

fn win_detection(c: &mut Criterion) {
    let (naive, masks, winlines) = all_positions();
    assert_eq!(masks.len(), 5478);
    let mut group = c.benchmark_group("tictactoe-win-detection");
    group.throughput(Throughput::Elements(masks.len() as u64));
    group.bench_function("naive", |b| {
        b.iter(|| {
            black_box(&naive)
                .iter()
                .map(|p| usize::from(p.winning_line().is_some()))
                .sum::<usize>()
        });
    });
    group.bench_function("masks", |b| {
        b.iter(|| {
            black_box(&masks)
                .iter()
                .map(|p| {
                    usize::from(
                        masks::has_win(p.bits(bitgames::Player::One))
                            | masks::has_win(p.bits(bitgames::Player::Two)),
                    )
                })
                .sum::<usize>()
        });
    });
    group.bench_function("winlines", |b| {
        b.iter(|| {
            black_box(&winlines)
                .iter()
                .map(|p| {
                    usize::from(
                        winlines::full_lines(p.word(bitgames::Player::One))
                            | winlines::full_lines(p.word(bitgames::Player::Two))
                            != 0,
                    )
                })
                .sum::<usize>()
        });
    });
    group.finish();
}

fn game_tree(c: &mut Criterion) {
    // Every node of the game tree (549,946 of them) is generated and judged.
    let nodes: u64 = tools::perft_by_depth(&masks::Board::default(), 9)
        .iter()
        .sum();
    let mut group = c.benchmark_group("tictactoe-game-tree");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(20);
    group.bench_function(BenchmarkId::from_parameter("naive"), |b| {
        b.iter(|| tools::count_games(black_box(&naive::Board::default())))
    });
    group.bench_function(BenchmarkId::from_parameter("masks"), |b| {
        b.iter(|| tools::count_games(black_box(&masks::Board::default())))
    });
    group.bench_function(BenchmarkId::from_parameter("winlines"), |b| {
        b.iter(|| tools::count_games(black_box(&winlines::Board::default())))
    });
    group.finish();
}

criterion_group!(benches, win_detection, game_tree);
criterion_main!(benches);
