//! The techniques of the node search, each on its own: the moves that do
//! not lose at once, the static bounds, the book and table probes, the
//! children's odd threat and claimeven bounds, the enhanced transposition
//! cutoffs, and the deferral of the children other threads are in. Each is
//! inlined into `negamax`.

use super::order::Child;
use super::*;

/// A child whose static bound or table entry refutes its parent before any
/// child is searched: its score (a lower bound of the parent's) and column.
pub(super) type Refutation = (i32, u8);

/// The column `col` as the table stores it for a node whose key stands for
/// its mirror image (`mirrored`), and back: the table keeps the best column
/// of the position its key stands for.
#[inline(always)]
pub(super) fn mirror_col<W: Word, const N: usize, const H: u32>(
    g: &Geo<W, N, H>,
    mirrored: bool,
    col: u8,
) -> u8 {
    if mirrored {
        (g.width() - 1 - col as usize) as u8
    } else {
        col
    }
}

/// The moves that do not lose at once, out of the cells playable now
/// (`possible`): the one block when the opponent has a winning cell there
/// (`opp_wins`), and never a cell right under one of its winning cells.
/// `None` when none is left (two cells to block, or every move under one):
/// the opponent wins with its next stone.
#[inline(always)]
pub(super) fn non_losing_moves<W: Word>(possible: W, opp_wins: W) -> Option<W> {
    let forced = possible & opp_wins;
    let mut next = possible;
    if forced != W::ZERO {
        if forced & forced.wrapping_sub(W::ONE) != W::ZERO {
            return None;
        }
        next = forced;
    }
    next &= !(opp_wins >> 1);
    if next == W::ZERO { None } else { Some(next) }
}

/// The bounds every node has (`n` stones, `bound` what its parent proved,
/// see [`Known`]): the opponent cannot win with its next stone (the node
/// has a move that does not lose at once), and we cannot win with our next
/// stone either (no immediate win reaches a node).
#[inline(always)]
pub(super) fn static_bounds<W: Word, const N: usize, const H: u32>(
    g: &Geo<W, N, H>,
    n: i32,
    bound: i32,
    window: (i32, i32),
) -> Result<(i32, i32), i32> {
    narrow(window, Bound::Lower, -(g.cells() - 2 - n) / 2)
        .and_then(|w| narrow(w, Bound::Upper, (g.cells() - 1 - n) / 2))
        .and_then(|w| narrow(w, Bound::Upper, bound))
}

/// The no-four bounds: a side that cannot make four even with every empty
/// cell can at best draw (`cur` to move, `opp` the other, `empty` the
/// empty cells).
#[inline(always)]
pub(super) fn no_four_bounds<W: Word, const N: usize, const H: u32>(
    g: &Geo<W, N, H>,
    (cur, opp): (W, W),
    empty: W,
    (mut alpha, mut beta): (i32, i32),
) -> Result<(i32, i32), i32> {
    if beta > 0 && !g.alignment(cur | empty) {
        beta = 0;
        if alpha >= beta {
            return Err(beta);
        }
    }
    if alpha < 0 && !g.alignment(opp | empty) {
        alpha = 0;
        if alpha >= beta {
            return Err(alpha);
        }
    }
    Ok((alpha, beta))
}

/// Our third stone: every move leaves the opponent a non-losing reply
/// (the ordering found none that does not), after which we cannot win at
/// once either, so we win with our third stone at best.
#[inline(always)]
pub(super) fn third_stone_bound<W: Word, const N: usize, const H: u32>(
    g: &Geo<W, N, H>,
    n: i32,
    window: (i32, i32),
) -> Result<(i32, i32), i32> {
    narrow(window, Bound::Upper, (g.cells() - 3 - n) / 2)
}

/// The odd threat in an odd column, found for each child while the moves
/// were ordered (`odd_low`: the best score it proves, and its column):
/// it bounds this node from below. Returns alpha raised to it.
#[inline(always)]
pub(super) fn odd_threat_low(
    odd_low: Refutation,
    (alpha, beta): (i32, i32),
) -> Result<i32, Refutation> {
    let (low, _) = odd_low;
    if low >= beta {
        return Err(odd_low);
    }
    Ok(alpha.max(low))
}

/// The children's claimeven bounds (each child gets its own, in its
/// `known`): minus each is a lower bound of this node; returns alpha
/// raised to the best. None at all when the opponent (to move in every
/// child) has a four in its share even without today's playable cells:
/// each child's share holds that one, and its bound stays `i32::MAX`.
/// `(opp, mask)` are the node's stones not to move and all its stones,
/// `n` how many, `possible` the cells playable now and `next` the moves.
#[inline(always)]
pub(super) fn claimeven_children<W: Word, const N: usize, const H: u32>(
    g: &Geo<W, N, H>,
    (opp, mask): (W, W),
    n: i32,
    (possible, next): (W, W),
    moves: &mut [Child<W>],
    (mut alpha, beta): (i32, i32),
) -> Result<i32, Refutation> {
    let empty = g.board & !mask;
    if (g.cells() - n) & 1 == 1 && !g.alignment(opp | (empty & !(g.claim_rows & !possible) & !next))
    {
        for child in moves {
            child.known.bound = g.claimeven_bound(opp, mask | child.cell, n + 1);
            let low = -child.known.bound;
            if low >= beta {
                return Err((low, child.col));
            }
            alpha = alpha.max(low);
        }
    }
    Ok(alpha)
}

impl Solver {
    /// The children's keys, and the keys of the entries that score them,
    /// written into `keys` and `entry_keys` and fetched from memory now,
    /// while this node works: a child with one reply keeps no entry, the
    /// position after that reply (ours to move again) does.
    #[inline(always)]
    pub(super) fn child_keys<W: Word, const N: usize, const H: u32>(
        &self,
        g: &Geo<W, N, H>,
        (cur, mask): (W, W),
        moves: &[Child<W>],
        (keys, entry_keys): (&mut [W; N], &mut [W; N]),
    ) {
        let opp = cur ^ mask;
        for (i, &Child { cell, reply, .. }) in moves.iter().enumerate() {
            keys[i] = g.key(opp, mask | cell);
            entry_keys[i] = if reply == W::ZERO {
                keys[i]
            } else {
                g.key(cur | cell, mask | cell | reply)
            };
            W::table(self).prefetch(entry_keys[i]);
        }
    }

    /// Enhanced transposition cutoffs, while the node (`n` stones) has more
    /// empty cells than `Solver::etc_min_empty`: each child's table entry
    /// (`entry_keys`, see `child_keys`) read before any child is
    /// searched. One that already refutes this node cuts it; one that
    /// cannot raise alpha, or scores its child exactly, needs no search.
    /// Returns alpha raised by the children scored exactly, the best of the
    /// scores they settle, and the children that need no search (bits of
    /// their indices).
    #[inline(always)]
    pub(super) fn enhanced_cutoffs<W: Word, const N: usize, const H: u32>(
        &self,
        g: &Geo<W, N, H>,
        n: i32,
        moves: &[Child<W>],
        entry_keys: &[W; N],
        (mut alpha, beta): (i32, i32),
    ) -> Result<(i32, i32, u16), Refutation> {
        let mut best = i32::MIN;
        let mut skip = 0u16;
        if n < g.cells() - self.etc_min_empty {
            for (i, &Child { col, reply, .. }) in moves.iter().enumerate() {
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
                    return Err((low, col));
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
        Ok((alpha, best, skip))
    }

    /// The book's bound of the node (`n` stones), if it holds the node's
    /// layer and the node: the window narrowed by it.
    #[inline(always)]
    pub(super) fn probe_book<W: Word, const N: usize, const H: u32>(
        &self,
        g: &Geo<W, N, H>,
        (cur, mask): (W, W),
        n: i32,
        window: (i32, i32),
    ) -> Result<(i32, i32), i32> {
        if let Some(book) = &self.book
            && book.holds(g.geometry, n as usize)
            && let Some(value) = book.probe(g.geometry, n as usize, cur.to_u128(), mask.to_u128())
        {
            let (bound, score) = match value {
                BookValue::Exact(score) => (Bound::Exact, score),
                BookValue::AtLeast(score) => (Bound::Lower, score),
                BookValue::AtMost(score) => (Bound::Upper, score),
            };
            return narrow(window, bound, score);
        }
        Ok(window)
    }

    /// The node's table entry (`key`): the window narrowed by its bound,
    /// and its best column as stored (of the position the key stands for).
    #[inline(always)]
    pub(super) fn probe_table<W: Word>(
        &self,
        key: W,
        window: (i32, i32),
    ) -> Result<((i32, i32), Option<u8>), i32> {
        match W::table(self).get(key) {
            Some(hit) => Ok((narrow(window, hit.bound, hit.score)?, hit.best)),
            None => Ok((window, None)),
        }
    }
}

/// The order the children are searched in: the ordering's, except that in
/// a parallel search a child (not the first) that another thread is in
/// waits until the others are done, when its score is likely in the table.
pub(super) struct Deferral {
    /// The children still to search (bits of their indices), in order.
    todo: u16,
    /// Those left to the end.
    deferred: u16,
    /// Whether to defer (and to mark the children this thread is in).
    share: bool,
}

impl Deferral {
    /// The children of `todo`, deferring when `share`.
    #[inline(always)]
    pub(super) fn new(todo: u16, share: bool) -> Deferral {
        Deferral {
            todo,
            deferred: 0,
            share,
        }
    }

    /// The next child to search (its index), and its busy key when this
    /// thread marked itself in it (0 when not: see [`Deferral::leave`]);
    /// `keys` are the children's keys, `busy` the positions threads are in.
    #[inline(always)]
    pub(super) fn next<W: Word>(
        &mut self,
        busy: Option<&Busy>,
        keys: &[W],
    ) -> Option<(usize, u64)> {
        loop {
            if self.todo == 0 {
                if self.deferred == 0 {
                    return None;
                }
                // The deferred ones, whoever is in them now.
                (self.todo, self.deferred, self.share) = (self.deferred, 0, false);
            }
            let i = self.todo.trailing_zeros() as usize;
            self.todo &= self.todo - 1;
            let busy = match busy {
                Some(busy) if self.share => busy,
                _ => return Some((i, 0)),
            };
            let busy_key = keys[i].fold() | 1;
            if i > 0 && busy.contains(busy_key) {
                self.deferred |= 1 << i;
                continue;
            }
            busy.enter(busy_key);
            return Some((i, busy_key));
        }
    }

    /// The child of `busy_key` (from [`Deferral::next`]) searched: this
    /// thread is no longer in it.
    #[inline(always)]
    pub(super) fn leave(busy: Option<&Busy>, busy_key: u64) {
        if busy_key != 0
            && let Some(busy) = busy
        {
            busy.leave(busy_key);
        }
    }
}
