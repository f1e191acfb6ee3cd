//! The search's tuned constants, in one place. Each says what measured it:
//! the self-play or referee match it won (docs/santorini/engine-history.md
//! has every match, and the values that lost). Scores are in evaluation
//! units: a log-odds of 1 is about 110 ([`crate::santorini::eval::SCALE`]).
//! To tune one, change it on a branch and play `bitgames-lab match`.

use crate::tools::negamax::WIN_SCORE;

/// Scores at least this close to [`WIN_SCORE`] are forced wins or losses.
pub(super) const MATE_BOUND: i32 = WIN_SCORE - 1_000;
/// The longest line, in plies.
pub(super) const MAX_PLY: usize = 128;

/// Reverse futility pruning from depth 1 to this. To 8 (was 3): with the
/// null move's and cut nodes' changes, self-play 50 ms, 200 games, +70 Elo.
pub(super) const RFP_DEPTH: u32 = 8;
/// Its margin a ply of depth. 80 (was 120): with two plies more off the
/// principal variation, self-play 50 ms, 200 games, +52; 64 and 96 lost.
pub(super) const RFP_MARGIN: i32 = 80;

/// The null move is tried from this depth (3 lost: self-play, +10 only).
pub(super) const NULL_DEPTH: u32 = 4;
/// The null move's reduction is `NULL_BASE + depth / NULL_DIVISOR` plies,
/// beyond the ply the pass takes: self-play 50 ms, 200 games, +70 with
/// RFP to 8 (3 + depth / 4 lost by 108 Elo).
pub(super) const NULL_BASE: u32 = 4;
/// See [`NULL_BASE`].
pub(super) const NULL_DIVISOR: u32 = 4;

/// Late-move reductions from this depth on (untuned since the first
/// version; LMR itself, with blocks, history and LMP: self-play 40 ms, 100
/// games, +123).
pub(super) const LMR_DEPTH: u32 = 3;
/// Late-move reductions start at this move (0 is the first); from the
/// third lost (self-play, +3).
pub(super) const LMR_FIRST_MOVE: usize = 3;
/// Plies more at a null-window node: self-play 50 ms, 200 games, +42
/// (3 plies: -3; 1 ply against santorini-ai: -42).
pub(super) const LMR_NON_PV: u32 = 2;
/// A ply more at an expected cut node of depth [`LMR_CUT_DEPTH`] or more:
/// self-play 50 ms, 200 games, +70 (with the null move and RFP changes);
/// two plies lost.
pub(super) const LMR_CUT: u32 = 1;
/// See [`LMR_CUT`].
pub(super) const LMR_CUT_DEPTH: u32 = 6;
/// A move that is not quiet (a climb, a build next to a worker on level 2,
/// a move that threatens a climb) is reduced too, by this many plies less
/// than a quiet one: self-play 50 ms, 200 games, +45.
pub(super) const LMR_LOUD_LESS: u32 = 1;
/// The reduction is `LMR_BASE + ln(depth) ln(move) / LMR_DIVISOR` plies
/// (rounded down), read from [`lmr_table`]; a divisor of 1.8 lost
/// (self-play, -31).
const LMR_BASE: f64 = 0.5;
/// See [`LMR_BASE`].
const LMR_DIVISOR: f64 = 2.25;

/// Late-move pruning from depth 1 to this (to 5 lost: self-play, -17)...
pub(super) const LMP_DEPTH: u32 = 3;
/// ... keeps `LMP_BASE + LMP_FACTOR * depth^2` quiet moves (2 + depth^2
/// lost: referee, -7). Blocks, history and LMR with it: self-play 40 ms,
/// 100 games, +123.
pub(super) const LMP_BASE: usize = 4;
/// See [`LMP_BASE`].
pub(super) const LMP_FACTOR: usize = 2;

/// A line extends at most this many times at depth 0 for a threatened
/// position (a ply each, to search the blocks); 16 won nothing more
/// (self-play, +7).
pub(super) const THREAT_EXTENSIONS: u32 = 6;
/// The threat quiescence tries the moves that threaten a climb while the
/// line has extended fewer than this many times: self-play 50 ms, 300
/// games, +42; 6 as good and dearer.
pub(super) const QUIESCENCE_THREATS: u32 = 3;

/// The ordering key of a turn's climb, a level (since the first version:
/// blocks, history, LMR and LMP, self-play 40 ms, 100 games, +123).
pub(super) const CLIMB_KEY: i32 = 1_000;
/// Taken off a build that hands the opponent a level 3 next to its worker
/// on level 2 (as [`CLIMB_KEY`]).
pub(super) const GIFT_KEY: i32 = 5_000;
/// Added to a build that domes a level 3 the opponent could climb (as
/// [`CLIMB_KEY`]).
pub(super) const BLOCK_KEY: i32 = 3_000;
/// A cut's history bonus is `HISTORY_BONUS * min(depth^2, HISTORY_DEPTH2)`
/// (untuned since the history by spaces came in, with [`CLIMB_KEY`]).
pub(super) const HISTORY_BONUS: i32 = 16;
/// See [`HISTORY_BONUS`].
pub(super) const HISTORY_DEPTH2: u32 = 400;
/// The ordering bonus of a killer move (a climb of one level is 1,000).
pub(super) const KILLER_BONUS: i32 = 1_500;
/// The move order adds a quiet move's histories divided by this (8 lost:
/// self-play, 800 games, +11 within the noise).
pub(super) const HISTORY_DIVISOR: i32 = 16;
/// The largest magnitude of a history value.
pub(super) const HISTORY_MAX: i32 = 1 << 14;

/// The slots of the evaluation cache: 2^14, 256 KB (a larger one misses the
/// processor's caches more than it saves).
pub(super) const EVAL_CACHE: usize = 1 << 14;

/// The late-move reductions by depth and move number (both capped at 63).
pub(super) type LmrTable = [[u8; 64]; 64];

/// [`LMR_BASE`] `+ ln(depth) ln(move) / ` [`LMR_DIVISOR`], rounded down
/// (0 where negative), for every depth and move number below 64.
pub(super) fn lmr_table() -> Box<LmrTable> {
    let mut table = Box::new([[0u8; 64]; 64]);
    for (depth, row) in table.iter_mut().enumerate() {
        for (index, r) in row.iter_mut().enumerate() {
            let d = (depth as f64).ln();
            let i = (index as f64).ln();
            *r = (LMR_BASE + d * i / LMR_DIVISOR).max(0.0) as u8;
        }
    }
    table
}
