//! Threats: a winning turn the opponent would have if it moved now
//! ([`opponent_threatens`], for every god). A mortal's is a worker on
//! level 2 next to a free level-3 space, which wins next move unless that
//! space is domed: in the base game a threatened position searches only
//! the blocks ([`threat_targets`]), and at depth 0 the threat quiescence
//! tries the moves that make a threat, each answered by the blocks.

use super::Engine;
use super::source::Source;
use crate::Game;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::{Move, MoveBuf, Position};
use crate::santorini::gods::God;

/// The spaces the opponent could climb onto next move: free level-3 spaces
/// next to its workers on level 2.
pub(super) fn threat_targets(pos: &Position) -> Bitboard {
    let them = pos.workers[pos.to_move.other().index()];
    let level2 = them & pos.heights[1] & !pos.heights[2];
    if level2.is_empty() {
        return Bitboard::EMPTY;
    }
    level2.closed_neighbourhood() & pos.heights[2] & !pos.heights[3] & !pos.occupied()
}

/// Whether the opponent of the player to move would have a winning turn
/// if it moved now, free to move up (the mover's own turn decides whether
/// Athena's mark will hold): a threat the player to move must answer
/// (never during placement). Found on the bitboards: a mortal's climb
/// onto one of [`threat_targets`], a god's winning turn by
/// [`Position::has_winning_move`] of the position passed to it.
#[inline]
pub(super) fn opponent_threatens(pos: &Position) -> bool {
    if pos.is_placement() {
        return false;
    }
    if pos.gods[pos.to_move.other().index()] == God::Mortal {
        return !threat_targets(pos).is_empty();
    }
    let mut passed = pos.passed();
    passed.up_blocked = false;
    passed.has_winning_move()
}

/// Whether the player to move, after moving `from` to `to` and building on
/// `build` (not a win), threatens to climb next move: a worker of theirs
/// on level 2 next to a free level-3 space (as [`opponent_threatens`] of
/// the position after the move, from the bitboards before it).
#[inline]
pub(super) fn threatens_after(pos: &Position, from: Space, to: Space, build: Space) -> bool {
    let level2 = pos.heights[1] & !pos.heights[2];
    let b = build.bitboard();
    // The build raises a level 2 to 3, or domes a level 3.
    let level3 = (pos.heights[2] & !pos.heights[3] & !b) | (b & level2);
    let moved = from.bitboard() | to.bitboard();
    let high = (pos.workers[pos.to_move.index()] ^ moved) & level2;
    let free = !(pos.occupied() ^ moved);
    !(high.closed_neighbourhood() & level3 & free).is_empty()
}

/// Whether `mv` builds on one of `targets` (domes it, for a climb target).
pub(super) fn builds_on(mv: Move, targets: Bitboard) -> bool {
    matches!(mv, Move::Build { build, .. } if targets.contains(build))
}

impl Engine {
    /// A position of the base game at depth 0 that is not threatened (and
    /// has no winning move): its static evaluation, or better, the score of one of its
    /// moves that threaten a climb, each answered by the opponent's blocks
    /// (the child, threatened, is searched a ply further).
    pub(super) fn threat_quiescence<S: Source>(
        &mut self,
        pos: &Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        extensions: u32,
        cut: bool,
    ) -> i32 {
        let stand = self.static_eval::<S>(pos, ply);
        if stand >= beta {
            return stand;
        }
        // A threat needs a worker on level 2 after the move: one there, or
        // one on level 1 or 2 next to a free level-2 space.
        let mine = pos.workers[pos.to_move.index()];
        let level2 = pos.heights[1] & !pos.heights[2];
        let free = !pos.occupied();
        if (mine & level2).is_empty()
            && ((mine & pos.heights[0]).closed_neighbourhood() & level2 & free).is_empty()
        {
            return stand;
        }
        let mut moves = MoveBuf::new();
        pos.generate(&mut moves);
        let mut best = stand;
        alpha = alpha.max(stand);
        for &mv in moves.iter() {
            let Move::Build { from, to, build } = mv else {
                continue;
            };
            if !threatens_after(pos, from, to, build) {
                continue;
            }
            let mut child = *pos;
            child.play_unchecked(mv);
            self.made[ply + 1] = Some(mv);
            let score = -self.negamax::<S>(&child, 0, ply + 1, -beta, -alpha, extensions, !cut);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
