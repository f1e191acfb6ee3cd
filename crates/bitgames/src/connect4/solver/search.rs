//! The search: the root's null-window probes (two far from 0, then MTD(f)),
//! the deadline and stop checks, and the fail-soft negamax with its static
//! bounds, book and table probes, move ordering and enhanced transposition
//! cutoffs.

use super::word::{Probe, Word};
use super::*;

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

    /// Negamax with alpha-beta on a position where the player to move cannot
    /// win at once. Fail-soft: a result `<= alpha` is an upper bound of the
    /// score, one `>= beta` a lower bound, one between them the score.
    /// `g` is the solver's `geo`, passed down (a copy at every node would cost);
    /// `known` what the parent found out about this node while ordering its moves.
    pub(super) fn negamax<W: Word, const N: usize, const H: u32>(
        &mut self,
        g: &Geo<W, N, H>,
        cur: W,
        mask: W,
        key: W,
        known: Known<W>,
        (mut alpha, mut beta): (i32, i32),
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 0x3ff == 0 {
            self.maybe_grow_table();
            if self.out_of_time() {
                return alpha;
            }
        }
        if self.stopped {
            return alpha;
        }
        let n = mask.count_ones() as i32;
        let possible = (mask + g.bottom) & g.board;
        let opp = cur ^ mask;
        debug_assert_eq!(known, Known::of(g, cur, mask));
        let opp_wins = known.threats;
        let forced = possible & opp_wins;
        let mut next = possible;
        if forced != W::ZERO {
            if forced & forced.wrapping_sub(W::ONE) != W::ZERO {
                // Two cells to block: the opponent wins with its next stone.
                return -(g.cells() - n) / 2;
            }
            next = forced;
        }
        // Never play under an opponent's winning cell.
        next &= !(opp_wins >> 1);
        if next == W::ZERO {
            return -(g.cells() - n) / 2;
        }
        if n >= g.cells() - 2 {
            return 0;
        }
        // The opponent cannot win with its next stone: the score is at least
        // this; we cannot win with our next stone either.
        (alpha, beta) = match narrow((alpha, beta), Bound::Lower, -(g.cells() - 2 - n) / 2)
            .and_then(|w| narrow(w, Bound::Upper, (g.cells() - 1 - n) / 2))
        {
            Ok(window) => window,
            Err(score) => return score,
        };
        (alpha, beta) = match narrow((alpha, beta), Bound::Upper, known.bound) {
            Ok(window) => window,
            Err(score) => return score,
        };
        // The book, before a one-move node passes to its child: a book of
        // one layer must stop the search at that layer.
        if let Some(book) = &self.book
            && book.holds(g.geometry, n as usize)
            && let Some(value) = book.probe(g.geometry, n as usize, cur.to_u128(), mask.to_u128())
        {
            let (bound, score) = match value {
                BookValue::Exact(score) => (Bound::Exact, score),
                BookValue::AtLeast(score) => (Bound::Lower, score),
                BookValue::AtMost(score) => (Bound::Upper, score),
            };
            (alpha, beta) = match narrow((alpha, beta), bound, score) {
                Ok(window) => window,
                Err(score) => return score,
            };
        }
        if next & next.wrapping_sub(W::ONE) == W::ZERO {
            // One move only: the child's table entry stands for this node too.
            let child_mask = mask | next;
            return -self.negamax(
                g,
                opp,
                child_mask,
                g.key(opp, child_mask),
                Known::of(g, opp, child_mask),
                (-beta, -alpha),
            );
        }
        let empty = g.board & !mask;
        {
            // A side that cannot make four even with every empty cell can at
            // best draw. (Not before a one-move node passes to its child: the
            // child checks the same stones and empty cells.)
            if beta > 0 && !g.alignment(cur | empty) {
                beta = 0;
                if alpha >= beta {
                    return beta;
                }
            }
            if alpha < 0 && !g.alignment(opp | empty) {
                alpha = 0;
                if alpha >= beta {
                    return alpha;
                }
            }
        }
        self.searched += 1;
        let mut tt_best = None;
        if let Some(hit) = W::table(self).get(key) {
            (alpha, beta) = match narrow((alpha, beta), hit.bound, hit.score) {
                Ok(window) => window,
                Err(score) => return score,
            };
            tt_best = hit.best;
        }

        // The table keeps the best column of the position its key stands for.
        let mirrored = key != cur + mask + g.bottom;
        let stored_col = |col: u8| {
            if mirrored {
                (g.width() - 1 - col as usize) as u8
            } else {
                col
            }
        };
        let tt_col = tt_best.map(stored_col);
        let mut moves = [Child::NONE; N];
        let mut odd_low = (i32::MIN, 0u8);
        let Some(count) = order_moves(
            &mut moves,
            &mut odd_low,
            g,
            (cur, mask),
            next,
            opp_wins,
            tt_col,
        ) else {
            // We win with our next stone.
            return (g.cells() - 1 - n) / 2;
        };
        // Every move leaves the opponent a non-losing reply, after which we
        // cannot win at once either: we win with our third stone at best.
        let max = (g.cells() - 3 - n) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }

        // A child lost to the odd threat in an odd column (before any
        // child is searched): it bounds this node from below.
        let (low, col) = odd_low;
        if low >= beta {
            W::table(self).put(key, low, Bound::Lower, Some(stored_col(col)), 0);
            return low;
        }
        alpha = alpha.max(low);

        let nodes_before = self.nodes;
        // Enhanced transposition cutoffs: a child whose stored bound already
        // refutes this node cuts it at once; one that cannot raise alpha is skipped.
        let mut skip = 0u16;
        // The best score found (fail-soft: an upper bound when all fail low).
        let mut best = i32::MIN;
        // The children's keys, and the entries that score them, fetched from
        // memory now, while this node works: a child with one reply keeps no
        // entry, the position after that reply (ours to move again) does.
        let mut keys = [W::ZERO; N];
        let mut entry_keys = [W::ZERO; N];
        for (
            i,
            &Child {
                cell: mv, reply, ..
            },
        ) in moves[..count].iter().enumerate()
        {
            keys[i] = g.key(opp, mask | mv);
            entry_keys[i] = if reply == W::ZERO {
                keys[i]
            } else {
                g.key(cur | mv, mask | mv | reply)
            };
            W::table(self).prefetch(entry_keys[i]);
        }
        // The children's claimeven bounds (each child gets its own), before
        // any child is searched: one that already refutes this node cuts it.
        // None at all when the opponent (to move in every child) has a four
        // in its share even without today's playable cells: each child's
        // share holds that one, and its bound stays `i32::MAX`.
        if (g.cells() - n) & 1 == 1
            && !g.alignment(opp | (empty & !(g.claim_rows & !possible) & !next))
        {
            for child in &mut moves[..count] {
                child.known.bound = g.claimeven_bound(opp, mask | child.cell, n + 1);
                let (low, col) = (-child.known.bound, child.col);
                if low >= beta {
                    W::table(self).put(key, low, Bound::Lower, Some(stored_col(col)), 0);
                    return low;
                }
                alpha = alpha.max(low);
            }
        }
        if n < g.cells() - self.etc_min_empty {
            for (i, &Child { col, reply, .. }) in moves[..count].iter().enumerate() {
                // The child's score is minus its entry's; the score after its
                // only reply is the move's own.
                let sign = if reply == W::ZERO { -1 } else { 1 };
                let Some(hit) = W::table(self).get(entry_keys[i]) else {
                    continue;
                };
                let v = sign * hit.score;
                let (low, high) = match (hit.bound, sign) {
                    (Bound::Exact, _) => (v, v),
                    (Bound::Upper, -1) | (Bound::Lower, 1) => (v, i32::MAX),
                    _ => (i32::MIN, v),
                };
                if low >= beta {
                    W::table(self).put(key, low, Bound::Lower, Some(stored_col(col)), 0);
                    return low;
                }
                if high <= alpha {
                    best = best.max(high);
                    skip |= 1 << i;
                } else if low == high {
                    alpha = alpha.max(low);
                    best = best.max(low);
                    skip |= 1 << i;
                }
            }
        }
        // In a parallel search, a child (not the first) that another thread
        // is in waits until the others are done: its score is then likely in
        // the table.
        let mut share = n < self.share_below;
        // The moves to search (bits of `moves`' indices), in order.
        let mut todo = !skip & ((1u32 << count) - 1) as u16;
        let mut deferred = 0u16;
        loop {
            if todo == 0 {
                if deferred == 0 {
                    break;
                }
                // The deferred ones, whoever is in them now.
                (todo, deferred, share) = (deferred, 0, false);
            }
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let Child {
                cell: mv,
                col,
                known: child,
                ..
            } = moves[i];
            let busy_key = keys[i].fold() | 1;
            let entered = share
                && match &self.busy {
                    Some(busy) if i > 0 && busy.contains(busy_key) => {
                        deferred |= 1 << i;
                        continue;
                    }
                    Some(busy) => {
                        busy.enter(busy_key);
                        true
                    }
                    None => false,
                };
            let score = -self.negamax(g, opp, mask | mv, keys[i], child, (-beta, -alpha));
            if entered && let Some(busy) = &self.busy {
                busy.leave(busy_key);
            }
            if self.stopped {
                return alpha;
            }
            if score >= beta {
                let work = 64 - (self.nodes - nodes_before).leading_zeros();
                W::table(self).put(key, score, Bound::Lower, Some(stored_col(col)), work);
                return score;
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
            }
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

/// The ordering's weights (Steininger's): a threat one cell above its
/// column's playable cell, two cells above, and any useful threat.
const W_A: i32 = 12;
const W_B: i32 = 5;
const W_U: i32 = 3;
/// The ordering's penalty of a move right under the mover's own threat.
const UNDER_OWN_THREAT: i32 = 8;
/// The ordering's bonus of a move that leaves the opponent one non-losing reply.
const FORCING: i32 = 4;

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

/// A move as the ordering leaves it.
#[derive(Clone, Copy)]
struct Child<W> {
    /// The ordering's score.
    score: i32,
    /// The move's cell.
    cell: W,
    col: u8,
    /// The opponent's only non-losing reply, or 0.
    reply: W,
    known: Known<W>,
}

impl<W: Word> Child<W> {
    const NONE: Child<W> = Child {
        score: 0,
        cell: W::ZERO,
        col: 0,
        reply: W::ZERO,
        known: Known {
            threats: W::ZERO,
            bound: i32::MAX,
        },
    };
}

/// Orders the moves of `next`: the table's best column (`tt_col`) first,
/// then by the threats each creates (those one and two cells above their
/// column's playable cell count most, one right above an opponent's threat
/// not at all), centre first among equals (a stable insertion sort over
/// `g.order`).
/// Fills `moves`, best first, and returns how many (each child's static
/// bound is found here when it has an odd number of empty cells, later when
/// even);
/// `odd_low` gets the best score a child's odd threat proves, and its column;
/// `None` when a move leaves the opponent no non-losing reply: the node wins
/// with its next stone.
#[inline(always)]
fn order_moves<W: Word, const N: usize, const H: u32>(
    moves: &mut [Child<W>; N],
    odd_low: &mut (i32, u8),
    g: &Geo<W, N, H>,
    (cur, mask): (W, W),
    next: W,
    opp_wins: W,
    tt_col: Option<u8>,
) -> Option<usize> {
    let mut count = 0;
    // The children have an odd number of empty cells, and as many columns
    // with an odd number of them: the odd threat may bound them.
    let odd_children = (g.cells() - mask.count_ones() as i32) & 1 == 0;
    for &col in &g.order[..g.width()] {
        let mv = next & g.columns[col as usize];
        if mv == W::ZERO {
            continue;
        }
        let child_mask = mask | mv;
        let wins = g.winning_cells(cur | mv, child_mask);
        // The opponent's non-losing replies: none, and we win with our next
        // stone (the best score this node can have); one, and the child
        // passes straight to its only reply (no table entry).
        let playable = (child_mask + g.bottom) & g.board;
        let only_reply = {
            let must = playable & wins;
            let replies = if must != W::ZERO { must } else { playable };
            let safe = replies & !(wins >> 1);
            if must & must.wrapping_sub(W::ONE) != W::ZERO || safe == W::ZERO {
                return None;
            }
            if safe & safe.wrapping_sub(W::ONE) == W::ZERO {
                safe
            } else {
                W::ZERO
            }
        };
        let useful = wins & !(opp_wins << 1);
        let mut score = W_A * (useful & playable << 1).count_ones() as i32
            + W_B * (useful & playable << 2).count_ones() as i32
            + W_U * useful.count_ones() as i32;
        // A move right under our own threat (not one it makes itself by
        // stacking a third stone) lets the opponent block that threat.
        if (mv << 1) & wins != W::ZERO && ((mv >> 1) & cur == W::ZERO || (mv >> 2) & cur == W::ZERO)
        {
            score -= UNDER_OWN_THREAT;
        }
        // A move that leaves the opponent one reply: the child passes
        // straight to it, a narrow tree.
        if only_reply != W::ZERO {
            score += FORCING;
        }
        if Some(col) == tt_col {
            score += 1 << 16;
        }
        let mut bound = i32::MAX;
        if odd_children && wins & g.follow_rows & !playable != W::ZERO {
            bound = g.odd_threat_bound(cur ^ mask, child_mask, playable, wins);
            if bound != i32::MAX && -bound > odd_low.0 {
                *odd_low = (-bound, col);
            }
        }
        // Insertion sort, stable: equal scores keep the centre-first order.
        let mut i = count;
        while i > 0 && moves[i - 1].score < score {
            moves[i] = moves[i - 1];
            i -= 1;
        }
        moves[i] = Child {
            score,
            cell: mv,
            col,
            reply: only_reply,
            known: Known {
                threats: wins,
                bound,
            },
        };
        count += 1;
    }
    Some(count)
}

#[cfg(test)]
mod tests;
