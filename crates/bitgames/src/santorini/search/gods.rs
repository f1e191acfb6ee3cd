//! The search of a game with gods: the same negamax as the base game's
//! (alpha-beta over the table, reverse futility, the null move, late-move
//! reductions, principal variation search, killers and the history by
//! spaces) over every god's turns ([`Game::legal_moves`]).
//!
//! What stays with the base game: its threat logic (a climb threat is
//! answered only by a dome on the target) holds for mortals only, since an
//! Apollo swaps onto an occupied target, a Minotaur pushes, an Artemis
//! climbs from level 1 and a Pan wins by falling. Here a threat is any
//! winning turn the opponent would have if it moved now: it is looked for
//! only where one is possible ([`may_win`]), extends a leaf by a ply, and
//! keeps the node from being pruned.

use super::constants::{
    EVAL_CACHE, HISTORY_DIVISOR, KILLER_BONUS, LMR_FIRST_MOVE, MATE_BOUND, MAX_PLY, NULL_BASE,
    NULL_DEPTH, NULL_DIVISOR, THREAT_EXTENSIONS,
};
use super::ordering::{BUTTERFLY, first_max};
use super::table::{Bound, Entry, key};
use super::{Engine, report};
use crate::Game;
use crate::engine::{Limits, Report};
use crate::game::Player;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::eval::evaluate;
use crate::santorini::game::{Move, Position, Power};
use crate::santorini::god::God;
use crate::time::Instant;
use crate::tools::negamax::WIN_SCORE;

/// A position's key in a game with gods: the board's, with the gods and
/// Athena's mark mixed in.
fn god_key(pos: &Position) -> u64 {
    let [a, b] = pos.gods;
    let extra = a as u64 | (b as u64) << 8 | u64::from(pos.up_blocked) << 16;
    key(pos) ^ (extra + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

/// Whether `player` could have a winning turn at all: a worker on level 2
/// or higher (a climb, or Pan's fall), or Artemis with one on level 1 (two
/// steps up). A quick filter before the turns are generated.
fn may_win(pos: &Position, player: Player) -> bool {
    let workers = pos.workers[player.index()];
    !(workers & pos.heights[1]).is_empty()
        || pos.gods[player.index()] == God::Artemis && !(workers & pos.heights[0]).is_empty()
}

/// Whether the player to move can win at once.
fn wins_now(pos: &Position) -> bool {
    may_win(pos, pos.to_move) && pos.has_winning_move()
}

/// Whether the opponent of the player to move could win at once if it
/// moved now, free to move up (the mover's own move decides whether
/// Athena's mark will hold).
fn opponent_threatens(pos: &Position) -> bool {
    if pos.is_placement() || !may_win(pos, pos.to_move.other()) {
        return false;
    }
    let mut passed = pos.passed();
    passed.up_blocked = false;
    passed.has_winning_move()
}

/// A turn's worker, destination and build for the history by spaces
/// (Hermes' two runs: the two destinations; a build without a move: the
/// build three times). `None` for placements and wins.
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
            },
        ) => Some((from, to, build)),
        Move::Power(Power::Stay { build }) => Some((build, build, build)),
        Move::Power(Power::Both { to, build, .. }) => Some((to[0], to[1], build)),
        Move::Place(..) | Move::Win { .. } => None,
    }
}

/// A turn's slot in the history by spaces.
fn history_index(side: usize, mv: Move) -> Option<usize> {
    spaces(mv).map(|(f, t, b)| side * BUTTERFLY + f.index() * 625 + t.index() * 25 + b.index())
}

impl Engine {
    /// Searches a position of a game with gods within `limits` (see
    /// [`Engine::search`]).
    pub(super) fn search_gods(&mut self, pos: &Position, limits: Limits) -> Report<Move> {
        let started = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        self.deadline = limits.time.map(|t| started + t);
        let max_depth = match (limits.depth, limits.time) {
            (Some(d), _) => d.max(1),
            (None, Some(_)) => MAX_PLY as u32 - 8,
            (None, None) => 6,
        };
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return report(None, -WIN_SCORE, 0, 0, started);
        }
        if let Some(&win) = moves.iter().find(|m| matches!(m, Move::Win { .. })) {
            return report(Some(win), WIN_SCORE - 1, 1, 1, started);
        }
        let keys = self.god_keys(pos, &moves, None, 0);
        let mut root: Vec<(i32, Move)> = keys.into_iter().zip(moves.iter().copied()).collect();
        root.sort_by_key(|k| std::cmp::Reverse(k.0));
        let mut root: Vec<Move> = root.into_iter().map(|(_, m)| m).collect();
        self.killers = [[None; 2]; MAX_PLY];
        self.deepen(
            pos,
            &mut root,
            max_depth,
            started,
            |e, child, depth, alpha, beta, _| e.god_negamax(child, depth, 1, alpha, beta, 0),
        )
    }

    /// The static evaluation of a position of a game with gods, for the
    /// player to move: the gods' network's once the workers are placed
    /// (kept in the evaluation cache, as the base game's), else the linear
    /// one.
    fn god_eval(&mut self, pos: &Position) -> i32 {
        if pos.is_placement() {
            return evaluate(pos);
        }
        let cache_key = god_key(pos) | 1;
        let slot = (cache_key >> 40) as usize & (EVAL_CACHE - 1);
        let (k, eval) = self.eval_cache[slot];
        if k == cache_key {
            return eval;
        }
        let eval = self.god_net.evaluate(pos);
        self.eval_cache[slot] = (cache_key, eval);
        eval
    }

    /// The score of `pos` (a game with gods) for the player to move within
    /// `(alpha, beta)`, `depth` plies deep at `ply`; `extensions` so far.
    fn god_negamax(
        &mut self,
        pos: &Position,
        mut depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        mut extensions: u32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let ply_score = ply as i32;
        if pos.climber().is_some() {
            return -(WIN_SCORE - ply_score);
        }
        if wins_now(pos) {
            return WIN_SCORE - ply_score - 1;
        }
        let threatened = opponent_threatens(pos);
        if depth == 0 {
            if !threatened || extensions >= THREAT_EXTENSIONS {
                return self.god_eval(pos);
            }
            depth = 1;
            extensions += 1;
        }
        if ply >= MAX_PLY - 1 {
            return self.god_eval(pos);
        }
        let key = god_key(pos);
        let entry = self.table.probe(key);
        let mut tt_index = None;
        if entry.key == key {
            tt_index = Some(usize::from(entry.best));
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
        let null_window = beta - alpha == 1;
        let quiet_node =
            null_window && !threatened && !pos.is_placement() && beta.abs() < MATE_BOUND;
        if quiet_node {
            let static_eval = self.god_eval(pos);
            if super::node::reverse_futility(depth, static_eval, beta) {
                return static_eval;
            }
            if depth >= NULL_DEPTH && static_eval >= beta {
                let mut passed = pos.passed();
                passed.up_blocked = false;
                let r = NULL_BASE + depth / NULL_DIVISOR;
                let d = depth.saturating_sub(1 + r);
                let score = -self.god_negamax(&passed, d, ply + 1, -beta, -beta + 1, extensions);
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return -(WIN_SCORE - ply_score);
        }
        let tt_move = tt_index.and_then(|i| moves.get(i).copied());
        let mut keys = self.god_keys(pos, &moves, tt_move, ply);
        // The moves' places in `moves`, picked best-first by their keys.
        let mut order: Vec<u16> = (0..moves.len() as u16).collect();
        let original_alpha = alpha;
        let mut best_score = -WIN_SCORE - 1;
        let mut best_index = 0u16;
        let mut tried: Vec<Move> = Vec::new();
        let late_quiet_limit = super::node::late_move_limit(quiet_node, depth);
        let mut quiet_count = 0usize;
        for i in 0..moves.len() {
            let next = first_max(&keys, i);
            keys.swap(i, next);
            order.swap(i, next);
            let mv = moves[usize::from(order[i])];
            let quiet = i > 0
                && !threatened
                && Some(mv) != tt_move
                && !self.is_killer(ply, mv)
                && is_quiet_turn(pos, mv);
            if quiet {
                quiet_count += 1;
                // Late-move pruning: past the first few quiet turns.
                if quiet_count > late_quiet_limit && best_score > -MATE_BOUND {
                    continue;
                }
            }
            let mut child = *pos;
            child.play_unchecked(mv);
            let score = if i == 0 {
                -self.god_negamax(&child, depth - 1, ply + 1, -beta, -alpha, extensions)
            } else {
                let r = self.god_reduction(depth, i, quiet, null_window);
                let (a, b) = (-alpha - 1, -alpha);
                let mut s = -self.god_negamax(&child, depth - 1 - r, ply + 1, a, b, extensions);
                if r > 0 && s > alpha && !self.stopped {
                    s = -self.god_negamax(&child, depth - 1, ply + 1, a, b, extensions);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.god_negamax(&child, depth - 1, ply + 1, -beta, -alpha, extensions);
                }
                s
            };
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_index = order[i];
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.god_reward_cut(pos, ply, depth, mv, &tried);
                        break;
                    }
                }
            }
            if tried.len() < 64 {
                tried.push(mv);
            }
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        let entry = Entry::new(key, best_score, ply_score, best_index, depth, bound);
        self.table.store(entry);
        best_score
    }

    /// Late-move reductions in a game with gods: late quiet turns by the
    /// table, more at null-window nodes; the others not at all.
    fn god_reduction(&self, depth: u32, i: usize, quiet: bool, null_window: bool) -> u32 {
        if depth < 3 || !quiet || i < LMR_FIRST_MOVE {
            return 0;
        }
        let r = u32::from(self.lmr[depth.min(63) as usize][i.min(63)]) + u32::from(null_window);
        r.min(depth - 1)
    }

    /// Each turn's ordering key, higher first: the table's turn, wins,
    /// climbs, blocks, the killers, then the history by spaces.
    fn god_keys(
        &self,
        pos: &Position,
        moves: &[Move],
        tt_move: Option<Move>,
        ply: usize,
    ) -> Vec<i32> {
        let side = pos.to_move.index();
        let them = pos.workers[pos.to_move.other().index()];
        let their_reach = (them & pos.heights[1] & !pos.heights[2]).closed_neighbourhood();
        let level2 = pos.heights[1] & !pos.heights[2];
        let level3 = pos.heights[2] & !pos.heights[3];
        moves
            .iter()
            .map(|&mv| {
                if Some(mv) == tt_move {
                    return i32::MAX;
                }
                let Some((from, to, build)) = spaces(mv) else {
                    return match mv {
                        Move::Win { .. } => i32::MAX - 1,
                        Move::Place(a, b) => {
                            let centrality = |s: Space| {
                                4 - (s.row() as i32 - 3).abs() - (s.col() as i32 - 3).abs()
                            };
                            centrality(a) + centrality(b)
                        }
                        _ => 0,
                    };
                };
                let climb = pos.level(to) as i32 - pos.level(from) as i32;
                let mut s = 1_000 * climb;
                let b = build.bitboard();
                if !(b & their_reach).is_empty() {
                    if !(b & level2).is_empty() {
                        s -= 5_000;
                    } else if !(b & level3).is_empty() {
                        s += 3_000;
                    }
                }
                if self.is_killer(ply, mv) {
                    s += KILLER_BONUS;
                }
                s + history_index(side, mv).map_or(0, |h| self.butterfly[h]) / HISTORY_DIVISOR
            })
            .collect()
    }

    /// `best` cut at `ply` after the turns `tried` failed: a killer, and
    /// the histories by spaces up for it and down for them.
    fn god_reward_cut(
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
        let side = pos.to_move.index();
        let bonus = (depth * depth).min(400) as i32 * 16;
        if let Some(h) = history_index(side, best) {
            self.butterfly[h] = super::ordering::nudged(self.butterfly[h], bonus);
        }
        for &q in tried {
            if let Some(h) = history_index(side, q) {
                self.butterfly[h] = super::ordering::nudged(self.butterfly[h], -bonus);
            }
        }
    }
}

/// A turn that neither climbs nor builds next to a worker on level 2.
fn is_quiet_turn(pos: &Position, mv: Move) -> bool {
    let Some((from, to, build)) = spaces(mv) else {
        return false;
    };
    let occupied = pos.occupied() ^ from.bitboard() ^ to.bitboard();
    pos.level(to) <= pos.level(from)
        && (Bitboard::neighbours(build) & occupied & pos.heights[1] & !pos.heights[2]).is_empty()
}
