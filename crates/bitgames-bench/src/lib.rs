//! The criterion benchmarks of `bitgames`, in `benches/`: each fast routine
//! side by side with its naive twin (and the peers where they run here).
//!
//! ```sh
//! cargo bench -p bitgames-bench --bench tictactoe    # or connect4, santorini
//! cargo run --release --bin bitgames-tools -- bench-table  # the table of the results
//! ```
