//! Move ordering, for every god's turns: the table's move first, then
//! climbs and blocks, the killers, and quiet turns by their histories (by
//! the turn's three spaces, and by the (to, build) pair after the last two
//! moves of the line). Turns are picked best-first one at a time, so that
//! after a cut the rest stay unsorted.

use super::Engine;
use super::constants::{
    BLOCK_KEY, CLIMB_KEY, GIFT_KEY, HISTORY_BONUS, HISTORY_DEPTH2, HISTORY_DIVISOR, HISTORY_MAX,
    KILLER_BONUS,
};
use crate::Game;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::{Move, Position, Power};

/// The slots of one side's history by spaces: from x to x build.
pub(super) const BUTTERFLY: usize = 25 * 25 * 25;
/// The slots of a continuation history: an earlier move's (to, build) x
/// this move's (to, build).
pub(super) const CONTINUATION: usize = 625 * 625;

/// The continuation histories' rows of a position: after the last move and
/// after the one before it (see [`Engine::continuation_rows`]).
type Rows = [Option<usize>; 2];

/// A move's (to, build) pair, the index of a row or a column of the
/// continuation history (`None` for placements and wins).
fn pair_index(mv: Move) -> Option<usize> {
    match mv {
        Move::Build { to, build, .. } => Some(to.index() * 25 + build.index()),
        _ => None,
    }
}

/// A turn's worker, destination and build for the history by spaces
/// (Hermes' two runs: the two destinations; a build without a move: the
/// build three times). `None` for placements and wins.
#[inline]
fn spaces(mv: Move) -> Option<(Space, Space, Space)> {
    match mv {
        Move::Build { from, to, build }
        | Move::Power(
            Power::Dome { from, to, build }
            | Power::Twice {
                from, to, build, ..
            }
            | Power::BuildFirst {
                from, to, build, ..
            }
            | Power::Remove {
                from, to, build, ..
            }
            | Power::AndDome {
                from, to, build, ..
            }
            | Power::Force {
                from, to, build, ..
            }
            | Power::SwapAll { from, to, build }
            | Power::SwapSome {
                from, to, build, ..
            }
            | Power::SwapTwo {
                from, to, build, ..
            }
            | Power::SwapFemale {
                from, to, build, ..
            }
            | Power::Act {
                from, to, build, ..
            }
            | Power::Wind {
                from, to, build, ..
            }
            | Power::Domes {
                from, to, build, ..
            }
            | Power::Besides {
                from, to, build, ..
            },
        ) => Some((from, to, build)),
        Move::Power(Power::Heaps { from, to, heaps }) => {
            Some((from, to, heaps.spaces(to).next().unwrap_or(to)))
        }
        Move::Power(Power::Stay { build }) => Some((build, build, build)),
        Move::Power(Power::Pair { to, .. }) => Some((to[0], to[1], to[0])),
        Move::Power(Power::Builds { builds: [a, b] }) => Some((a, b, a)),
        Move::Power(Power::MoveOnly { from, to }) => Some((from, to, to)),
        Move::Power(Power::Recruit { at, build }) => Some((at, at, build)),
        Move::Power(Power::Both { to, build, .. }) => Some((to[0], to[1], build)),
        Move::Place(..)
        | Move::Win { .. }
        | Move::Power(
            Power::ForceWin { .. }
            | Power::BuildFirstWin { .. }
            | Power::PlaceThree { .. }
            | Power::PlaceFemale { .. },
        ) => None,
    }
}

/// The slot of a turn's three spaces in the history by spaces.
#[inline(always)]
fn butterfly_slot(side: usize, from: Space, to: Space, build: Space) -> usize {
    side * BUTTERFLY + from.index() * 625 + to.index() * 25 + build.index()
}

/// A turn's slot in the history by spaces (`None` for placements and wins).
#[inline]
fn butterfly_index(side: usize, mv: Move) -> Option<usize> {
    match mv {
        Move::Build { from, to, build } => Some(butterfly_slot(side, from, to, build)),
        _ => spaces(mv).map(|(f, t, b)| butterfly_slot(side, f, t, b)),
    }
}

/// The place of the first largest key from `from` on: the next move of a
/// best-first pick. The largest first (a reduction the compiler vectorizes),
/// then its first place: the same pick as one scan that keeps the first of
/// equals, in about half the instructions.
#[inline]
pub(super) fn first_max(keys: &[i32], from: usize) -> usize {
    let rest = &keys[from..];
    let max = rest.iter().copied().fold(i32::MIN, i32::max);
    from + rest.iter().position(|&k| k == max).unwrap_or(0)
}

/// A build move's three spaces in one word (for quick equality).
#[inline]
fn build_code(from: Space, to: Space, build: Space) -> u32 {
    u32::from(from.bit()) | u32::from(to.bit()) << 8 | u32::from(build.bit()) << 16
}

/// A value moved towards `HISTORY_MAX * sign(bonus)` by `bonus`, less the
/// more it already is (so that it stays bounded).
#[inline]
pub(super) fn nudged(value: i32, bonus: i32) -> i32 {
    value + bonus - value * bonus.abs() / HISTORY_MAX
}

/// A turn that neither climbs nor builds next to a worker on level 2
/// (a build that makes or domes a level 3 within reach of a climb). A
/// god's turn is read by its three spaces ([`spaces`]).
#[inline]
pub(super) fn is_quiet(pos: &Position, mv: Move) -> bool {
    let (from, to, build) = match mv {
        Move::Build { from, to, build } => (from, to, build),
        Move::Power(_) => match spaces(mv) {
            Some(parts) => parts,
            None => return false,
        },
        _ => return false,
    };
    // The workers where they stand after the move.
    let occupied = pos.occupied() ^ from.bitboard() ^ to.bitboard();
    pos.level(to) <= pos.level(from)
        && (Bitboard::neighbours(build) & occupied & pos.heights[1] & !pos.heights[2]).is_empty()
}

impl Engine {
    /// `mv` becomes the first killer of `ply` (the first moves second).
    pub(super) fn push_killer(&mut self, ply: usize, mv: Move) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
    }

    /// The killer moves of `ply` include `mv`.
    pub(super) fn is_killer(&self, ply: usize, mv: Move) -> bool {
        self.killers[ply].contains(&Some(mv))
    }

    /// `best` cut at `ply` after the quiet moves `tried` failed: it becomes
    /// a killer, and its histories rise by a bonus growing with `depth`
    /// while theirs fall by as much.
    pub(super) fn reward_cut(
        &mut self,
        pos: &Position,
        ply: usize,
        depth: u32,
        best: Move,
        tried: &[Move],
    ) {
        if spaces(best).is_some() {
            self.push_killer(ply, best);
        }
        let side = pos.to_move().index();
        let bonus = (depth * depth).min(HISTORY_DEPTH2) as i32 * HISTORY_BONUS;
        if let Some(b) = butterfly_index(side, best) {
            self.butterfly[b] = nudged(self.butterfly[b], bonus);
        }
        for &q in tried {
            if let Some(b) = butterfly_index(side, q) {
                self.butterfly[b] = nudged(self.butterfly[b], -bonus);
            }
        }
        let rows = self.continuation_rows(ply);
        self.update_continuation(rows, best, bonus);
        for &q in tried {
            self.update_continuation(rows, q, -bonus);
        }
    }

    /// The continuation histories' rows at `ply`: after the opponent's
    /// last move and after the mover's move before it (`None` where there
    /// is no such move: before the root, a pass, a placement).
    fn continuation_rows(&self, ply: usize) -> Rows {
        let before = |back: usize| {
            ply.checked_sub(back)
                .and_then(|p| self.made[p])
                .and_then(pair_index)
        };
        [
            before(0).map(|r| r * 625),
            before(1).map(|r| CONTINUATION + r * 625),
        ]
    }

    /// Moves `mv`'s continuation values in `rows` by `bonus`.
    fn update_continuation(&mut self, rows: Rows, mv: Move, bonus: i32) {
        let Some(column) = pair_index(mv) else {
            return;
        };
        for row in rows.into_iter().flatten() {
            let h = &mut self.continuation[row + column];
            *h = nudged(i32::from(*h), bonus) as i16;
        }
    }

    /// The continuation histories' value for `mv` in `rows`.
    fn continuation_value(&self, rows: Rows, mv: Move) -> i32 {
        pair_index(mv).map_or(0, |column| {
            rows.into_iter()
                .flatten()
                .map(|row| i32::from(self.continuation[row + column]))
                .sum()
        })
    }

    /// Sorts the root's turns best-first by [`Engine::keys`] (a stable
    /// sort: equals keep their order).
    pub(super) fn order(&self, pos: &Position, moves: &mut [Move]) {
        let mut scores = Vec::with_capacity(moves.len());
        self.keys(pos, moves, None, 0, &mut scores);
        let mut keyed: Vec<(i32, Move)> = scores.into_iter().zip(moves.iter().copied()).collect();
        keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
        for (slot, (_, mv)) in moves.iter_mut().zip(keyed) {
            *slot = mv;
        }
    }

    /// Each turn's ordering key into `out` (cleared first), higher first:
    /// the table's turn, then a quick static guess plus the histories, the
    /// killers of `ply` just after the climbs.
    pub(super) fn keys(
        &self,
        pos: &Position,
        moves: &[Move],
        tt_move: Option<Move>,
        ply: usize,
        out: &mut Vec<i32>,
    ) {
        let side = pos.to_move().index();
        let them = pos.workers[pos.to_move().other().index()];
        let their_level2 = them & pos.heights[1] & !pos.heights[2];
        let their_reach = their_level2.closed_neighbourhood();
        let level2 = pos.heights[1] & !pos.heights[2];
        let level3 = pos.heights[2] & !pos.heights[3];
        let rows = self.continuation_rows(ply);
        // The killers as (from, to, build) codes, compared once a build.
        let killers = self.killers[ply].map(|k| match k {
            Some(Move::Build { from, to, build }) => build_code(from, to, build),
            _ => u32::MAX,
        });
        // The static guess of a turn by its three spaces.
        let guess = |from: Space, to: Space, build: Space| {
            let climb = pos.level(to) as i32 - pos.level(from) as i32;
            let mut s = CLIMB_KEY * climb;
            let b = build.bitboard();
            if !(b & their_reach).is_empty() {
                if !(b & level2).is_empty() {
                    s -= GIFT_KEY; // hands them a level 3 next to a level-2 worker
                } else if !(b & level3).is_empty() {
                    s += BLOCK_KEY; // domes the level 3 they could climb
                }
            }
            s
        };
        out.clear();
        out.resize(moves.len(), 0);
        for (key, &mv) in out.iter_mut().zip(moves) {
            *key = self.key_of(mv, tt_move, ply, side, rows, killers, guess);
        }
    }

    /// One turn's ordering key (see [`Engine::keys`]): `killers` as build
    /// codes, `guess` the static guess by three spaces.
    // The keys' context, computed once a node, passed by value.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn key_of(
        &self,
        mv: Move,
        tt_move: Option<Move>,
        ply: usize,
        side: usize,
        rows: Rows,
        killers: [u32; 2],
        guess: impl Fn(Space, Space, Space) -> i32,
    ) -> i32 {
        if Some(mv) == tt_move {
            return i32::MAX;
        }
        match mv {
            Move::Win { .. } => i32::MAX - 1,
            Move::Place(a, b) => {
                // Central spaces first.
                let centrality =
                    |s: Space| 4 - (s.row() as i32 - 3).abs() - (s.col() as i32 - 3).abs();
                centrality(a) + centrality(b)
            }
            Move::Build { from, to, build } => {
                let mut s = guess(from, to, build);
                if killers.contains(&build_code(from, to, build)) {
                    s += KILLER_BONUS;
                }
                s + (self.butterfly[butterfly_slot(side, from, to, build)]
                    + self.continuation_value(rows, mv))
                    / HISTORY_DIVISOR
            }
            Move::Power(_) => {
                let Some((from, to, build)) = spaces(mv) else {
                    return 0;
                };
                let mut s = guess(from, to, build);
                if self.is_killer(ply, mv) {
                    s += KILLER_BONUS;
                }
                s + self.butterfly[butterfly_slot(side, from, to, build)] / HISTORY_DIVISOR
            }
        }
    }
}
