//! The search: the root's null-window probes (two far from 0, then MTD(f)),
//! the deadline and stop checks, and the fail-soft negamax. The move
//! ordering is in `order`; the static bounds, the book and table probes, the
//! children's odd threat and claimeven bounds, the enhanced transposition
//! cutoffs and the deferral of a parallel search are in `techniques`.

mod order;
mod techniques;
#[cfg(test)]
mod tests;

use super::word::{Probe, Word};
use super::*;
use order::{Child, order_moves};
use techniques::{
    Deferral, claimeven_children, mirror_col, no_four_bounds, non_losing_moves, odd_threat_low,
    static_bounds, third_stone_bound,
};

/// What a root search finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Goal {
    /// The score (weak mode: its sign).
    Score(Mode),
    /// Whether the score is at least this: 1 if so, 0 if not.
    AtLeast(i32),
}

impl Solver {
    /// Root search: an immediate win, else null-window searches: two far from
    /// 0, then MTD(f) from 0 (or the one null window a bound asks for).
    pub(super) fn solve_prepared_in<W: Word, const N: usize, const H: u32>(
        &mut self,
        g: &Geo<W, N, H>,
        cur: W,
        mask: W,
        goal: Goal,
    ) -> i32 {
        let n = mask.count_ones() as i32;
        self.etc_min_empty = self.etc_min_empty_now();
        self.share_below = if self.busy.is_some() {
            g.cells() - SHARE_MIN_EMPTY
        } else {
            0
        };
        let (mut min, mut max) = (-(g.cells() - n) / 2, (g.cells() + 1 - n) / 2);
        if g.winning_cells(cur, mask) & (mask + g.bottom) & g.board != W::ZERO {
            return match goal {
                Goal::Score(Mode::Weak) => 1,
                Goal::Score(Mode::Strong) => max,
                Goal::AtLeast(score) => i32::from(max >= score),
            };
        }
        let key = g.key(cur, mask);
        let known = Known::of(g, cur, mask);
        let mode = match goal {
            Goal::Score(mode) => mode,
            Goal::AtLeast(score) if score <= min => return 1,
            Goal::AtLeast(score) if score > max => return 0,
            Goal::AtLeast(score) => {
                let r = self.negamax(g, cur, mask, key, known, (score - 1, score));
                return i32::from(r >= score);
            }
        };
        // Two probes far from 0 first: a quick win or loss is proved in a
        // small tree; otherwise they are refuted cheaply and bound the score.
        for probe in [max / 2, min / 2] {
            if probe > min && probe < max && !self.stopped {
                let r = self.negamax(g, cur, mask, key, known, (probe, probe + 1));
                if r <= probe {
                    max = r;
                } else {
                    min = r;
                }
            }
        }
        if mode == Mode::Weak {
            min = min.clamp(-1, 1);
            max = max.clamp(-1, 1);
        }
        // Then MTD(f): null windows from 0 towards the score, each at the
        // bound the last one returned (most scores are small). Every other
        // helper of a parallel search starts one higher: when the first
        // probe fails high, the one MTD(f) asks next is already under way.
        let mut guess = self.first_guess;
        while min < max && !self.stopped {
            let probe = guess.clamp(min, max - 1);
            let r = self.negamax(g, cur, mask, key, known, (probe, probe + 1));
            if r <= probe {
                max = r;
                guess = r - 1;
            } else {
                min = r;
                guess = r;
            }
        }
        match mode {
            Mode::Weak => min.signum(),
            Mode::Strong => min,
        }
    }

    pub(super) fn out_of_time(&mut self) -> bool {
        if let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.stopped = true;
        }
        if let Some(stop) = &self.stop
            && stop.load(Ordering::Relaxed)
        {
            self.stopped = true;
        }
        if let Some(cancel) = &self.cancel
            && cancel.load(Ordering::Relaxed)
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Counts the node and, every 1024 nodes, lets the table grow and looks
    /// at the clock and the stop flags: whether the search is stopped.
    #[inline(always)]
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 0x3ff == 0 {
            self.maybe_grow_table();
            if self.out_of_time() {
                return true;
            }
        }
        self.stopped
    }

    /// Negamax with alpha-beta on a position where the player to move cannot
    /// win at once. Fail-soft: a result `<= alpha` is an upper bound of the
    /// score, one `>= beta` a lower bound, one between them the score.
    /// `g` is the solver's `geo`, passed down (a copy at every node would cost);
    /// `known` what the parent found out about this node while ordering its moves.
    ///
    /// The moves that do not lose at once; the bounds and probes that may
    /// settle the node first; the moves ordered; the children's own bounds
    /// and table entries, which may cut the node before any child is
    /// searched; then the children searched. Each technique is a function
    /// of `techniques`.
    pub(super) fn negamax<W: Word, const N: usize, const H: u32>(
        &mut self,
        g: &Geo<W, N, H>,
        cur: W,
        mask: W,
        key: W,
        known: Known<W>,
        window: (i32, i32),
    ) -> i32 {
        if self.count_node() {
            return window.0;
        }
        let n = mask.count_ones() as i32;
        let possible = (mask + g.bottom) & g.board;
        let opp = cur ^ mask;
        debug_assert_eq!(known, Known::of(g, cur, mask));
        let Some(next) = non_losing_moves(possible, known.threats) else {
            return -(g.cells() - n) / 2;
        };
        if n >= g.cells() - 2 {
            return 0;
        }
        // The book, before a one-move node passes to its child: a book of
        // one layer must stop the search at that layer.
        let (alpha, beta) = match static_bounds(g, n, known.bound, window)
            .and_then(|w| self.probe_book(g, (cur, mask), n, w))
        {
            Ok(window) => window,
            Err(score) => return score,
        };
        if next & next.wrapping_sub(W::ONE) == W::ZERO {
            // One move only: the child's table entry stands for this node too.
            let child_mask = mask | next;
            let child = Known::of(g, opp, child_mask);
            let child_key = g.key(opp, child_mask);
            return -self.negamax(g, opp, child_mask, child_key, child, (-beta, -alpha));
        }
        // (Not before a one-move node passes to its child: the child checks
        // the same stones and empty cells.)
        let window = match no_four_bounds(g, (cur, opp), g.board & !mask, (alpha, beta)) {
            Ok(window) => window,
            Err(score) => return score,
        };
        self.searched += 1;
        let ((alpha, beta), tt_best) = match self.probe_table(key, window) {
            Ok(found) => found,
            Err(score) => return score,
        };

        // The table keeps the best column of the position its key stands for.
        let mirrored = key != cur + mask + g.bottom;
        let stored_col = |col: u8| mirror_col(g, mirrored, col);
        let mut moves = [Child::NONE; N];
        let mut odd_low = (i32::MIN, 0u8);
        let order = order_moves(
            &mut moves,
            &mut odd_low,
            g,
            (cur, mask),
            next,
            known.threats,
            tt_best.map(stored_col),
        );
        let Some(count) = order else {
            // We win with our next stone.
            return (g.cells() - 1 - n) / 2;
        };
        let moves = &mut moves[..count];
        let (alpha, beta) = match third_stone_bound(g, n, (alpha, beta)) {
            Ok(window) => window,
            Err(score) => return score,
        };

        let nodes_before = self.nodes;
        let (mut keys, mut entry_keys) = ([W::ZERO; N], [W::ZERO; N]);
        self.child_keys(g, (cur, mask), moves, (&mut keys, &mut entry_keys));
        // The children's odd threats and claimeven bounds, then their table
        // entries, before any child is searched: one that refutes this node
        // cuts it.
        let settled = odd_threat_low(odd_low, (alpha, beta))
            .and_then(|alpha| {
                claimeven_children(g, (opp, mask), n, (possible, next), moves, (alpha, beta))
            })
            .and_then(|alpha| self.enhanced_cutoffs(g, n, moves, &entry_keys, (alpha, beta)));
        let (mut alpha, mut best, skip) = match settled {
            Ok(settled) => settled,
            Err((low, col)) => {
                W::table(self).put(key, low, Bound::Lower, Some(stored_col(col)), 0);
                return low;
            }
        };
        let all = ((1u32 << count) - 1) as u16;
        let mut children = Deferral::new(all & !skip, n < self.share_below);
        while let Some((i, busy_key)) = children.next(self.busy.as_deref(), &keys) {
            let child = moves[i];
            let child_mask = mask | child.cell;
            let score = -self.negamax(g, opp, child_mask, keys[i], child.known, (-beta, -alpha));
            Deferral::leave(self.busy.as_deref(), busy_key);
            if self.stopped {
                return alpha;
            }
            if score >= beta {
                let work = 64 - (self.nodes - nodes_before).leading_zeros();
                W::table(self).put(key, score, Bound::Lower, Some(stored_col(child.col)), work);
                return score;
            }
            best = best.max(score);
            alpha = alpha.max(score);
        }
        let work = 64 - (self.nodes - nodes_before).leading_zeros();
        W::table(self).put(key, best, Bound::Upper, None, work);
        best
    }
}

/// The window `(alpha, beta)` narrowed by a bound of the score (the score
/// itself when exact); `Err` with the node's result when it closes.
#[inline(always)]
fn narrow((alpha, beta): (i32, i32), bound: Bound, score: i32) -> Result<(i32, i32), i32> {
    match bound {
        Bound::Exact => Err(score),
        Bound::Lower if score > alpha => {
            if score >= beta {
                Err(score)
            } else {
                Ok((score, beta))
            }
        }
        Bound::Upper if score < beta => {
            if alpha >= score {
                Err(score)
            } else {
                Ok((alpha, score))
            }
        }
        _ => Ok((alpha, beta)),
    }
}

/// Where every other helper of a parallel search starts MTD(f) (the others
/// at 0): the empty 7x6 board (score +1) on two threads, seven alternating
/// pairs, median 12.7 → 11.8 s, faster in each pair; Begin-Hard's first 12
/// alone on two threads the same.
pub(super) const HELPER_FIRST_GUESS: i32 = 1;

/// In a parallel search of one position, nodes with more empty cells than
/// this leave the children another thread is in to the end.
const SHARE_MIN_EMPTY: i32 = 12;
/// Enhanced transposition cutoffs run while more cells than this are empty.
pub(super) const ETC_MIN_EMPTY: i32 = 10;
/// ... and than this once the table has this many buckets or more (2^21,
/// 32 MiB, is the first size of at least this): the children's probes then
/// wait for memory. The empty 7x6 board on one thread: 4-9 % faster in six
/// alternating pairs (10 % more calls); two threads and the sets the same.
pub(super) const ETC_MIN_EMPTY_LARGE: i32 = 14;
pub(super) const ETC_LARGE_TABLE: u64 = 1 << 20;

/// What a parent finds out about a child while it orders its moves, which
/// the child then need not find again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Known<W> {
    /// The winning cells of the player not to move in the child.
    threats: W,
    /// The child's static bound: an upper bound of its score by claimeven
    /// (an even number of empty cells) or by the odd threat (odd), or
    /// `i32::MAX`.
    bound: i32,
}

impl<W: Word> Known<W> {
    /// Found from scratch: at the root, and for the child of a node with
    /// one move.
    #[inline(always)]
    fn of<const N: usize, const H: u32>(g: &Geo<W, N, H>, cur: W, mask: W) -> Known<W> {
        let threats = g.winning_cells(cur ^ mask, mask);
        let n = mask.count_ones() as i32;
        let bound = if (g.cells() - n) & 1 == 1 {
            g.odd_threat_bound(cur, mask, (mask + g.bottom) & g.board, threats)
        } else {
            g.claimeven_bound(cur, mask, n)
        };
        Known { threats, bound }
    }
}
