//! The move ordering: the children of a node, found and sorted best first,
//! with what the parent learns about each on the way.

use super::*;

/// The ordering's weights (Steininger's): a threat one cell above its
/// column's playable cell, two cells above, and any useful threat.
const W_A: i32 = 12;
const W_B: i32 = 5;
const W_U: i32 = 3;
/// The ordering's penalty of a move right under the mover's own threat.
const UNDER_OWN_THREAT: i32 = 8;
/// The ordering's bonus of a move that leaves the opponent one non-losing reply.
const FORCING: i32 = 4;

/// A move as the ordering leaves it.
#[derive(Clone, Copy)]
pub(super) struct Child<W> {
    /// The ordering's score.
    score: i32,
    /// The move's cell.
    pub(super) cell: W,
    pub(super) col: u8,
    /// The opponent's only non-losing reply, or 0.
    pub(super) reply: W,
    pub(super) known: Known<W>,
}

impl<W: Word> Child<W> {
    pub(super) const NONE: Child<W> = Child {
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
pub(super) fn order_moves<W: Word, const N: usize, const H: u32>(
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
