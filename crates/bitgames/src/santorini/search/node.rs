//! The node search, one for the base game and every god: negamax with
//! alpha-beta over the table, threats, reverse futility, the null move,
//! late-move pruning and reductions, and principal variation search, over
//! the turns of a move source ([`Source`]) in stages: the table's move,
//! the winning turns, the answers to a threat, the rest best-first. Each
//! technique is a named function beside the algorithm.

use super::Engine;
use super::constants::{
    LMP_BASE, LMP_DEPTH, LMP_FACTOR, LMR_CUT, LMR_CUT_DEPTH, LMR_DEPTH, LMR_FIRST_MOVE,
    LMR_LOUD_LESS, LMR_NON_PV, MATE_BOUND, MAX_PLY, NULL_BASE, NULL_DEPTH, NULL_DIVISOR,
    QUIESCENCE_THREATS, RFP_DEPTH, RFP_MARGIN, THREAT_EXTENSIONS,
};
use super::ordering::{first_max, is_quiet};
use super::quiescence::opponent_threatens;
use super::source::Source;
use super::table::{Bound, Entry};
use crate::Game;
use crate::santorini::game::{Move, Position};
use crate::tools::negamax::WIN_SCORE;

/// What a node's turns are searched with, once the node is not cut
/// before its turns (see [`Engine::negamax`]).
#[derive(Clone, Copy)]
struct Node {
    /// The position's key.
    key: u64,
    depth: u32,
    ply: usize,
    beta: i32,
    extensions: u32,
    /// An expected cut node.
    cut: bool,
    /// The opponent threatens to win: only the answers are searched.
    threatened: bool,
    null_window: bool,
    /// A null-window node, not threatened, not a mate score: pruned.
    quiet_node: bool,
    tt_move: Option<Move>,
}

impl Engine {
    /// The score of `pos` for the player to move within `(alpha, beta)`,
    /// `depth` plies deep at `ply` of the line; `extensions` so far in this
    /// line; `cut`: an expected cut node. `S`: the game's move source.
    // The search's state down the line, passed by value in the hot path.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax<S: Source>(
        &mut self,
        pos: &Position,
        mut depth: u32,
        ply: usize,
        alpha: i32,
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
            // Only the player who just moved can have won.
            return -(WIN_SCORE - ply_score);
        }
        // The winning turns' stage, on the bitboards: none listed.
        if pos.has_winning_move() {
            return WIN_SCORE - ply_score - 1;
        }
        // Whether the opponent threatens to win, once known.
        let mut threat = None;
        if depth == 0 {
            let threatened = opponent_threatens(pos);
            if threatened && extensions < THREAT_EXTENSIONS {
                // Look one ply further for an answer.
                threat = Some(true);
                depth = 1;
                extensions += 1;
            } else if S::QUIESCENCE
                && !threatened
                && extensions < QUIESCENCE_THREATS
                && ply < MAX_PLY - 2
            {
                return self.threat_quiescence::<S>(pos, ply, alpha, beta, extensions, cut);
            } else {
                return self.static_eval::<S>(pos, ply);
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval::<S>(pos, ply);
        }
        let key = S::key(pos);
        let entry = self.table.probe(key);
        let mut tt_move = None;
        if entry.key == key {
            tt_move = pos.move_of(entry.best());
            if u32::from(entry.depth) >= depth {
                let score = entry.score_at(ply_score);
                match entry.bound() {
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
            let static_eval = self.static_eval::<S>(pos, ply);
            if reverse_futility(depth, static_eval, beta) {
                return static_eval;
            }
            if depth >= NULL_DEPTH
                && static_eval >= beta
                && let Some(score) = self.null_move::<S>(pos, depth, ply, beta, extensions, cut)
            {
                return score;
            }
        }
        let node = Node {
            key,
            depth,
            ply,
            beta,
            extensions,
            cut,
            threatened,
            null_window,
            quiet_node,
            tt_move,
        };
        // This ply's lists, taken for the node and given back.
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        let mut keys = std::mem::take(&mut self.key_lists[ply]);
        let score = self.search_turns::<S>(pos, &node, alpha, &mut moves, &mut keys);
        self.move_lists[ply] = moves;
        self.key_lists[ply] = keys;
        score
    }

    /// Lists the turns of `node` into `moves` and their keys into `keys`
    /// (only the answers where threatened), the table's move first when it
    /// is there (at `first`: 0, or 1 when already searched); the score of
    /// the node if it is lost without a turn to search.
    fn list_turns<S: Source>(
        &mut self,
        pos: &Position,
        node: &Node,
        first: usize,
        moves: &mut Vec<Move>,
        keys: &mut Vec<i32>,
    ) -> Option<i32> {
        let ply_score = node.ply as i32;
        moves.clear();
        S::generate(pos, moves);
        if moves.is_empty() {
            return Some(-(WIN_SCORE - ply_score));
        }
        if node.threatened && !S::answer_threat(pos, moves) {
            return Some(-(WIN_SCORE - ply_score - 2));
        }
        if first == 1 {
            // The table's move, searched already, stays in front.
            let tt = node.tt_move.expect("searched first");
            match moves.iter().position(|&m| m == tt) {
                Some(at) => moves.swap(0, at),
                None => moves.insert(0, tt),
            }
        }
        if !pos.is_placement() && first == 0 {
            // The children's evaluations start from these sums.
            self.ensure_sums::<S>(pos, node.ply);
        }
        self.keys(pos, moves, node.tt_move, node.ply, keys);
        None
    }

    /// The turns of `node` searched best-first within `(alpha, beta)`; the
    /// table's move alone first where the source lists lazily, the others
    /// listed only if it does not cut. Stores the result in the table.
    fn search_turns<S: Source>(
        &mut self,
        pos: &Position,
        node: &Node,
        mut alpha: i32,
        moves: &mut Vec<Move>,
        keys: &mut Vec<i32>,
    ) -> i32 {
        let Node {
            depth, ply, beta, ..
        } = *node;
        let (tt_move, threatened, cut) = (node.tt_move, node.threatened, node.cut);
        // The table's move before the rest are listed (a god's hundreds).
        let deferred = S::LAZY && !threatened && tt_move.is_some();
        if deferred {
            moves.clear();
            if !pos.is_placement() {
                self.ensure_sums::<S>(pos, ply);
            }
        } else if let Some(score) = self.list_turns::<S>(pos, node, 0, moves, keys) {
            return score;
        }
        let original_alpha = alpha;
        let mut best_score = -WIN_SCORE - 1;
        // The first turn searched, then the best (the first is never pruned).
        let mut best_move = None;
        let late_quiet_limit = late_move_limit(node.quiet_node, depth);
        let mut quiet_tried: arrayvec::ArrayVec<Move, 64> = arrayvec::ArrayVec::new();
        let mut quiet_count = 0usize;
        let mut i = 0;
        loop {
            let mv = if deferred && i == 0 {
                tt_move.expect("deferred")
            } else {
                if deferred && i == 1 {
                    // The table's move did not cut: the others now.
                    if let Some(score) = self.list_turns::<S>(pos, node, 1, moves, keys) {
                        return score;
                    }
                }
                if i >= moves.len() {
                    break;
                }
                // Picked best-first one at a time: after a cut the rest stay unsorted.
                let next = first_max(keys, i);
                keys.swap(i, next);
                moves.swap(i, next);
                moves[i]
            };
            if i == 0 {
                best_move = Some(mv);
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
            i += 1;
            if quiet {
                quiet_count += 1;
                // Late-move pruning: past the first few quiet moves.
                if quiet_count > late_quiet_limit && best_score > -MATE_BOUND {
                    continue;
                }
            }
            let score = if i == 1 {
                -self.negamax::<S>(
                    &child,
                    depth - 1,
                    ply + 1,
                    -beta,
                    -alpha,
                    node.extensions,
                    !cut,
                )
            } else {
                // Every later move that is not threatened may be reduced,
                // a quiet one by a ply more.
                let reducible = quiet || !threatened;
                let r = self.reduction(depth, i - 1, reducible, quiet, node.null_window, cut);
                self.search_later_move::<S>(&child, node, r, alpha)
            };
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
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
        let best = best_move.map_or(0, |mv| pos.action_of(mv));
        let entry = Entry::new(node.key, best_score, ply as i32, best, depth, bound);
        self.table.store(entry);
        best_score
    }

    /// The null move: pass, and if the opponent, moving twice, still cannot
    /// get below beta at a reduced depth with a null window, this position
    /// is good enough: its score (`Some(0)` if time ran out).
    fn null_move<S: Source>(
        &mut self,
        pos: &Position,
        depth: u32,
        ply: usize,
        beta: i32,
        extensions: u32,
        cut: bool,
    ) -> Option<i32> {
        // The opponent free to move up (a pass is no move up).
        let mut passed = pos.passed();
        passed.up_blocked = false;
        let r = NULL_BASE + depth / NULL_DIVISOR;
        self.made[ply + 1] = None;
        let depth = depth.saturating_sub(1 + r);
        let score = -self.negamax::<S>(&passed, depth, ply + 1, -beta, -beta + 1, extensions, !cut);
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

    /// Principal variation search of a later move of `node`: a null window
    /// first, `reduction` plies shallower; again at full depth if it beats
    /// alpha; and with the full window if it lands inside it.
    fn search_later_move<S: Source>(
        &mut self,
        child: &Position,
        node: &Node,
        reduction: u32,
        alpha: i32,
    ) -> i32 {
        let Node {
            depth,
            ply,
            beta,
            extensions,
            cut,
            ..
        } = *node;
        let (next, null) = (ply + 1, (-alpha - 1, -alpha));
        let mut s = -self.negamax::<S>(
            child,
            depth - 1 - reduction,
            next,
            null.0,
            null.1,
            extensions,
            true,
        );
        if reduction > 0 && s > alpha && !self.stopped {
            s = -self.negamax::<S>(child, depth - 1, next, null.0, null.1, extensions, !cut);
        }
        if s > alpha && s < beta && !self.stopped {
            -self.negamax::<S>(child, depth - 1, next, -beta, -alpha, extensions, false)
        } else {
            s
        }
    }
}

/// Reverse futility pruning: a shallow position whose static evaluation
/// beats beta by a margin a ply is taken as a cut.
#[inline]
fn reverse_futility(depth: u32, static_eval: i32, beta: i32) -> bool {
    depth <= RFP_DEPTH && static_eval - RFP_MARGIN * depth as i32 >= beta
}

/// Late-move pruning: how many quiet moves a shallow quiet node searches.
#[inline]
fn late_move_limit(quiet_node: bool, depth: u32) -> usize {
    if quiet_node && depth <= LMP_DEPTH {
        LMP_BASE + LMP_FACTOR * (depth * depth) as usize
    } else {
        usize::MAX
    }
}
