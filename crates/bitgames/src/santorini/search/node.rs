//! The node search: negamax with alpha-beta over the table, threats,
//! reverse futility, the null move, late-move pruning and reductions, and
//! principal variation search. Each technique is a named function beside
//! the algorithm.

use super::Engine;
use super::constants::{
    LMP_BASE, LMP_DEPTH, LMP_FACTOR, LMR_CUT, LMR_CUT_DEPTH, LMR_DEPTH, LMR_FIRST_MOVE,
    LMR_LOUD_LESS, LMR_NON_PV, MATE_BOUND, MAX_PLY, NULL_BASE, NULL_DEPTH, NULL_DIVISOR,
    QUIESCENCE_THREATS, RFP_DEPTH, RFP_MARGIN, THREAT_EXTENSIONS,
};
use super::ordering::{first_max, is_quiet};
use super::quiescence::{builds_on, opponent_threatens, threat_targets};
use super::table::{Bound, Entry, key};
use crate::Game;
use crate::santorini::game::{Move, MoveBuf, Position};
use crate::tools::negamax::WIN_SCORE;

impl Engine {
    /// The score of `pos` for the player to move within `(alpha, beta)`,
    /// `depth` plies deep at `ply` of the line; `extensions` so far in this
    /// line; `cut`: an expected cut node.
    // The search's state down the line, passed by value in the hot path.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        pos: &Position,
        mut depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        mut extensions: u32,
        cut: bool,
    ) -> i32 {
        self.nodes += 1;
        self.sums_ok[ply] = false;
        if self.out_of_time() {
            return 0;
        }
        let ply_score = ply as i32;
        if pos.climber().is_some() {
            // Only the player who just moved can have climbed.
            return -(WIN_SCORE - ply_score);
        }
        if pos.has_winning_move() {
            return WIN_SCORE - ply_score - 1;
        }
        // Whether the opponent threatens to climb, once known.
        let mut threat = None;
        if depth == 0 {
            let threatened = opponent_threatens(pos);
            if threatened && extensions < THREAT_EXTENSIONS {
                // Look one ply further for a block.
                threat = Some(true);
                depth = 1;
                extensions += 1;
            } else if !threatened && extensions < QUIESCENCE_THREATS && ply < MAX_PLY - 2 {
                return self.threat_quiescence(pos, ply, alpha, beta, extensions, cut);
            } else {
                return self.static_eval(pos, ply);
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos, ply);
        }
        let key = key(pos);
        let entry = self.table.probe(key);
        let mut tt_move = None;
        if entry.key == key {
            tt_move = pos.move_of(usize::from(entry.best));
            if u32::from(entry.depth) >= depth {
                let score = entry.score_at(ply_score);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        let threatened = threat.unwrap_or_else(|| opponent_threatens(pos));
        let null_window = beta - alpha == 1;
        let quiet_node =
            null_window && !threatened && !pos.is_placement() && beta.abs() < MATE_BOUND;
        if quiet_node {
            let static_eval = self.static_eval(pos, ply);
            if reverse_futility(depth, static_eval, beta) {
                return static_eval;
            }
            if depth >= NULL_DEPTH
                && static_eval >= beta
                && let Some(score) = self.null_move(pos, depth, ply, beta, extensions, cut)
            {
                return score;
            }
        }
        let mut moves = MoveBuf::new();
        pos.generate(&mut moves);
        if moves.is_empty() {
            return -(WIN_SCORE - ply_score);
        }
        if threatened {
            // Only a dome on the opponent's one target stops its climb.
            let targets = threat_targets(pos);
            moves.retain(|mv| builds_on(*mv, targets));
            if targets.count() >= 2 || moves.is_empty() {
                return -(WIN_SCORE - ply_score - 2);
            }
        }
        if !pos.is_placement() {
            // The children's evaluations start from these sums.
            self.ensure_sums(pos, ply);
        }
        let mut keys = self.keys(pos, &moves, tt_move, ply);
        let original_alpha = alpha;
        let mut best_score = -WIN_SCORE - 1;
        let mut best_move = moves[0];
        let late_quiet_limit = late_move_limit(quiet_node, depth);
        let mut quiet_tried: arrayvec::ArrayVec<Move, 64> = arrayvec::ArrayVec::new();
        let mut quiet_count = 0usize;
        for i in 0..moves.len() {
            // Picked best-first one at a time: after a cut the rest stay unsorted.
            let next = first_max(&keys, i);
            keys.swap(i, next);
            moves.swap(i, next);
            let mv = moves[i];
            if i == 0 {
                best_move = mv;
            }
            let mut child = *pos;
            child.play_unchecked(mv);
            self.made[ply + 1] = Some(mv);
            let quiet = i > 0
                && !threatened
                && !self.is_killer(ply, mv)
                && Some(mv) != tt_move
                && is_quiet(pos, mv)
                && !opponent_threatens(&child);
            if quiet {
                quiet_count += 1;
                // Late-move pruning: past the first few quiet moves.
                if quiet_count > late_quiet_limit && best_score > -MATE_BOUND {
                    continue;
                }
            }
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, extensions, !cut)
            } else {
                // Every later move that is not threatened may be reduced,
                // a quiet one by a ply more.
                let reducible = quiet || !threatened;
                let r = self.reduction(depth, i, reducible, quiet, null_window, cut);
                self.search_later_move(&child, depth, r, ply, alpha, beta, extensions, cut)
            };
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.reward_cut(pos, ply, depth, mv, &quiet_tried);
                        break;
                    }
                }
            }
            if quiet && !quiet_tried.is_full() {
                quiet_tried.push(mv);
            }
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        let best = pos.action_of(best_move) as u16;
        let entry = Entry::new(key, best_score, ply_score, best, depth, bound);
        self.table.store(entry);
        best_score
    }

    /// The null move: pass, and if the opponent, moving twice, still cannot
    /// get below beta at a reduced depth with a null window, this position
    /// is good enough: its score (`Some(0)` if time ran out).
    fn null_move(
        &mut self,
        pos: &Position,
        depth: u32,
        ply: usize,
        beta: i32,
        extensions: u32,
        cut: bool,
    ) -> Option<i32> {
        let mut passed = *pos;
        passed.to_move = passed.to_move.other();
        let r = NULL_BASE + depth / NULL_DIVISOR;
        self.made[ply + 1] = None;
        let depth = depth.saturating_sub(1 + r);
        let score = -self.negamax(&passed, depth, ply + 1, -beta, -beta + 1, extensions, !cut);
        if self.stopped {
            return Some(0);
        }
        (score >= beta).then_some(if score >= MATE_BOUND { beta } else { score })
    }

    /// Late-move reductions: how many plies shallower move `i` (not the
    /// first) is searched first. Quiet moves are reduced by the table, more
    /// at null-window and expected cut nodes; the other reducible ones a
    /// ply less.
    fn reduction(
        &self,
        depth: u32,
        i: usize,
        reducible: bool,
        quiet: bool,
        null_window: bool,
        cut: bool,
    ) -> u32 {
        if depth < LMR_DEPTH || !reducible || i < LMR_FIRST_MOVE {
            return 0;
        }
        let mut r = u32::from(self.lmr[depth.min(63) as usize][i.min(63)])
            + LMR_NON_PV * u32::from(null_window);
        if cut && depth >= LMR_CUT_DEPTH {
            r += LMR_CUT;
        }
        if !quiet {
            r = r.saturating_sub(LMR_LOUD_LESS);
        }
        r.min(depth - 1)
    }

    /// Principal variation search of a later move: a null window first,
    /// `reduction` plies shallower; again at full depth if it beats alpha;
    /// and with the full window if it lands inside it.
    // The search's state down the line, passed by value in the hot path.
    #[allow(clippy::too_many_arguments)]
    fn search_later_move(
        &mut self,
        child: &Position,
        depth: u32,
        reduction: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
        extensions: u32,
        cut: bool,
    ) -> i32 {
        let (next, null) = (ply + 1, (-alpha - 1, -alpha));
        let mut s = -self.negamax(
            child,
            depth - 1 - reduction,
            next,
            null.0,
            null.1,
            extensions,
            true,
        );
        if reduction > 0 && s > alpha && !self.stopped {
            s = -self.negamax(child, depth - 1, next, null.0, null.1, extensions, !cut);
        }
        if s > alpha && s < beta && !self.stopped {
            -self.negamax(child, depth - 1, next, -beta, -alpha, extensions, false)
        } else {
            s
        }
    }
}

/// Reverse futility pruning: a shallow position whose static evaluation
/// beats beta by a margin a ply is taken as a cut.
#[inline]
pub(super) fn reverse_futility(depth: u32, static_eval: i32, beta: i32) -> bool {
    depth <= RFP_DEPTH && static_eval - RFP_MARGIN * depth as i32 >= beta
}

/// Late-move pruning: how many quiet moves a shallow quiet node searches.
#[inline]
pub(super) fn late_move_limit(quiet_node: bool, depth: u32) -> usize {
    if quiet_node && depth <= LMP_DEPTH {
        LMP_BASE + LMP_FACTOR * (depth * depth) as usize
    } else {
        usize::MAX
    }
}
