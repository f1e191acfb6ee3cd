//! The search engine: negamax with alpha-beta, iterative deepening to a
//! depth or until the time is up, a transposition table, move ordering,
//! and the pruning, reductions and threat extensions that won their
//! matches (docs/santorini/engine-history.md), over the network evaluation
//! ([`crate::santorini::eval::Net`]; the linear one during placement).
//!
//! - `node`: the node search, one for every god and the base game, each
//!   technique a function beside it;
//! - `source`: what the node search asks a position for, by kind of game:
//!   the base game's (two mortals) and the gods';
//! - `quiescence`: threats, the blocks, the threat quiescence;
//! - `ordering`: move keys, killers and histories;
//! - `table`: the transposition table;
//! - `constants`: every tuned constant, with what measured it.
//!
//! Scores are from the point of view of the player to move and use the
//! convention of [`crate::tools::negamax()`]: a win `n` plies away scores
//! `WIN_SCORE - n`.

mod constants;
mod node;
mod ordering;
mod quiescence;
mod source;
mod table;
#[cfg(test)]
mod tests;

use crate::Game;
use crate::engine::{Limits, Report};
use crate::santorini::eval::network::{HIDDEN, Sums};
use crate::santorini::eval::{Net, evaluate};
use crate::santorini::game::{MAX_MOVES, Move, Position};
use crate::time::Instant;
use crate::tools::negamax::WIN_SCORE;
use constants::{EVAL_CACHE, LmrTable, MATE_BOUND, MAX_PLY, lmr_table};
use ordering::{BUTTERFLY, CONTINUATION};
use quiescence::opponent_threatens;
use source::{Gods, Mortal, Source};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use table::Table;

/// A search engine with its transposition table and move-ordering
/// histories, both kept between searches.
pub struct Engine {
    table: Table,
    /// The history by spaces: side x from x to x build.
    butterfly: Vec<i32>,
    /// The continuation histories: after the opponent's last move (the
    /// first [`CONTINUATION`] slots) and after the mover's own move before it.
    continuation: Vec<i16>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// The network's sums of the position at each ply of the current line,
    /// valid where `sums_ok`, that position, and the move that led to each
    /// (`None`: a pass), to compute a child's sums from its parent's.
    sums: Vec<Sums>,
    sums_ok: [bool; MAX_PLY + 2],
    sums_of: Vec<Position>,
    made: [Option<Move>; MAX_PLY + 2],
    /// Each ply's turns and their ordering keys: lists made once, reused by
    /// every node at that ply (none allocated in the search; a god's lists
    /// grow once to the longest seen).
    move_lists: Vec<Vec<Move>>,
    key_lists: Vec<Vec<i32>>,
    /// The network's evaluations by position key's bits (key 0: empty), so
    /// that a position reached again by another order of moves is not
    /// evaluated again.
    eval_cache: Vec<(u64, i32)>,
    /// Late-move reductions by depth and move number.
    lmr: Box<LmrTable>,
    /// The networks of the base game and of games with gods
    /// ([`Source::NET`]).
    nets: [Arc<Net>; 2],
    nodes: u64,
    deadline: Option<Instant>,
    /// Set by the caller to stop the search as if its time were up.
    cancel: Option<Arc<AtomicBool>>,
    stopped: bool,
    /// The evaluations from kept sums checked against the plain ones, and
    /// the evaluations found in the cache (the library's own tests check
    /// every one).
    #[cfg(test)]
    sums_checked: u64,
    #[cfg(test)]
    cache_hits: u64,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(1 << 20)
    }
}

impl Engine {
    /// The largest table [`Engine::new`] accepts.
    pub const MAX_ENTRIES: usize = 1 << 30;

    /// An engine whose transposition table has `entries` slots (rounded up
    /// to a power of two), with the built-in network.
    ///
    /// # Panics
    ///
    /// If `entries` is more than [`Engine::MAX_ENTRIES`] (2^30).
    #[must_use]
    pub fn new(entries: usize) -> Engine {
        assert!(
            entries <= Engine::MAX_ENTRIES,
            "a table of {entries} entries is more than the 2^30 an engine allows"
        );
        Engine {
            table: Table::new(entries),
            butterfly: vec![0; 2 * BUTTERFLY],
            continuation: vec![0; 2 * CONTINUATION],
            killers: [[None; 2]; MAX_PLY],
            sums: vec![[[0; HIDDEN]; 2]; MAX_PLY + 2],
            sums_ok: [false; MAX_PLY + 2],
            sums_of: vec![Position::new(); MAX_PLY + 2],
            made: [None; MAX_PLY + 2],
            move_lists: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_MOVES))
                .collect(),
            key_lists: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_MOVES))
                .collect(),
            eval_cache: vec![(0, 0); EVAL_CACHE],
            lmr: lmr_table(),
            nets: [Net::builtin(), Net::builtin_gods()],
            nodes: 0,
            deadline: None,
            cancel: None,
            stopped: false,
            #[cfg(test)]
            sums_checked: 0,
            #[cfg(test)]
            cache_hits: 0,
        }
    }

    /// The engine with this network instead of the built-in ones, for the
    /// base game and games with gods alike (a file of `bitgames-lab
    /// train`, read by [`Net::from_bytes`]).
    #[must_use]
    pub fn with_net(mut self, net: Arc<Net>) -> Engine {
        self.nets = [net.clone(), net];
        self.eval_cache.fill((0, 0));
        self
    }

    /// Searches `pos` within `limits` (no limit at all means depth 6). With
    /// a time limit, the depth being searched when the time is up counts
    /// once its first move (the last depth's best) is searched.
    pub fn search(&mut self, pos: &Position, limits: Limits) -> Report<Move> {
        if pos.has_gods() {
            self.search_with::<Gods>(pos, limits)
        } else {
            self.search_with::<Mortal>(pos, limits)
        }
    }

    /// [`Engine::search`] of a game whose turns come from `S`.
    fn search_with<S: Source>(&mut self, pos: &Position, limits: Limits) -> Report<Move> {
        let started = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        self.deadline = limits.time.map(|t| started + t);
        let max_depth = match (limits.depth, limits.time) {
            (Some(d), _) => d.max(1),
            (None, Some(_)) => MAX_PLY as u32 - 8,
            (None, None) => 6,
        };
        let mut root = Vec::new();
        S::generate(pos, &mut root);
        if root.is_empty() {
            return report(None, -WIN_SCORE, 0, 0, started);
        }
        if let Some(win) = winning_turn(pos, &root) {
            return report(Some(win), WIN_SCORE - 1, 1, 1, started);
        }
        if opponent_threatens(pos) {
            // Only the answers, if there are any (else every move loses).
            let first = root[0];
            if !S::answer_threat(pos, &mut root) {
                root.clear();
                root.push(first);
            }
        }
        self.order(pos, &mut root);
        self.killers = [[None; 2]; MAX_PLY];
        // The root's sums, the first the line's are computed from.
        self.sums_ok = [false; MAX_PLY + 2];
        if !pos.is_placement() {
            self.ensure_sums::<S>(pos, 0);
        }
        self.deepen::<S>(pos, &mut root, max_depth, started)
    }

    /// Iterative deepening over the root moves `root` (ordered), each depth
    /// searched by [`Engine::search_root`]; the report of the last depth
    /// searched to the end (or of the one cut short, once its first move
    /// is searched).
    fn deepen<S: Source>(
        &mut self,
        pos: &Position,
        root: &mut [Move],
        max_depth: u32,
        started: Instant,
    ) -> Report<Move> {
        // The best move so far, its score and the last depth searched to the end.
        let (mut best, mut best_score, mut done) = (root.first().copied(), 0i32, 0);
        for depth in 1..=max_depth {
            let found = self.search_root::<S>(pos, root, depth);
            if self.stopped {
                if let Some((score, mv)) = found
                    && done > 0
                {
                    (best, best_score) = (Some(mv), score);
                }
                break;
            }
            let (score, mv) = found.expect("a finished depth has a best move");
            (best, best_score, done) = (Some(mv), score, depth);
            // Best move first for the next depth, the others in their order.
            let at = root.iter().position(|&m| m == mv).expect("root move");
            root[..=at].rotate_right(1);
            if score.abs() >= MATE_BOUND {
                break;
            }
        }
        report(best, best_score, done, self.nodes, started)
    }

    /// The root moves at `depth`, best first from the last depth, each
    /// child searched by [`Engine::negamax`] (principal variation search):
    /// the best score and move found, `None` if time ran out before the
    /// first move was searched.
    fn search_root<S: Source>(
        &mut self,
        pos: &Position,
        root: &[Move],
        depth: u32,
    ) -> Option<(i32, Move)> {
        let (mut alpha, beta) = (-WIN_SCORE - 1, WIN_SCORE + 1);
        let mut best: Option<(i32, Move)> = None;
        for (i, &mv) in root.iter().enumerate() {
            let mut next = *pos;
            next.play_unchecked(mv);
            self.made[1] = Some(mv);
            let d = depth - 1;
            let score = if i == 0 {
                -self.negamax::<S>(&next, d, 1, -beta, -alpha, 0, false)
            } else {
                // Principal variation search: a null window first.
                let s = -self.negamax::<S>(&next, d, 1, -alpha - 1, -alpha, 0, true);
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax::<S>(&next, d, 1, -beta, -alpha, 0, false)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, mv));
            }
            alpha = alpha.max(score);
        }
        best
    }

    /// Stops the searches once `cancel` is set, as their deadline does (a
    /// server stops the search of a client that went away).
    pub fn set_cancel(&mut self, cancel: Option<Arc<AtomicBool>>) {
        self.cancel = cancel;
    }

    /// Whether the time is up or the search is cancelled (looked at every
    /// 1,024 nodes).
    fn out_of_time(&mut self) -> bool {
        if self.nodes & 1023 == 0
            && (self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
                || self
                    .cancel
                    .as_ref()
                    .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed)))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The static evaluation for the player to move: the network's once
    /// every worker is placed (from the cache, or from the sums kept along
    /// the line), else the linear one.
    #[inline]
    fn static_eval<S: Source>(&mut self, pos: &Position, ply: usize) -> i32 {
        if pos.is_placement() {
            return evaluate(pos);
        }
        let cache_key = S::key(pos) | 1;
        let slot = (cache_key >> 40) as usize & (EVAL_CACHE - 1);
        let (k, eval) = self.eval_cache[slot];
        if k == cache_key {
            #[cfg(test)]
            {
                assert_eq!(
                    eval,
                    self.nets[S::NET].evaluate(pos),
                    "the cached evaluation of {pos}"
                );
                self.cache_hits += 1;
            }
            return eval;
        }
        self.ensure_sums::<S>(pos, ply);
        let eval = self.nets[S::NET].evaluate_with_sums(pos, &self.sums[ply]);
        #[cfg(test)]
        {
            let plain = self.nets[S::NET].evaluate(pos);
            assert_eq!(
                eval, plain,
                "the kept sums' evaluation at ply {ply} of {pos}"
            );
            self.sums_checked += 1;
        }
        self.eval_cache[slot] = (cache_key, eval);
        eval
    }

    /// The network's sums of `pos`, the position at `ply` of the line
    /// (every worker placed), computed if not yet: from the parent's if
    /// known, else from the rows.
    #[inline]
    fn ensure_sums<S: Source>(&mut self, pos: &Position, ply: usize) {
        if !self.sums_ok[ply] {
            let net = &self.nets[S::NET];
            if ply > 0 && self.sums_ok[ply - 1] {
                let (parents, rest) = self.sums.split_at_mut(ply);
                let parent = &self.sums_of[ply - 1];
                S::child_sums(
                    net,
                    &parents[ply - 1],
                    parent,
                    pos,
                    self.made[ply],
                    &mut rest[0],
                );
            } else {
                net.sums_into(pos, &mut self.sums[ply]);
            }
            self.sums_of[ply] = *pos;
            self.sums_ok[ply] = true;
        }
    }
}

/// A turn of `root` that wins at once: a climb (`Move::Win`), or with gods
/// any turn after which the mover has won (Chronus' fifth tower, Charon's
/// ferry then a climb, Achilles' climb onto his first build, Castor's
/// pair), looked for only where the bitboards say there is one. Taken
/// before the answers to a threat, which would leave it out.
fn winning_turn(pos: &Position, root: &[Move]) -> Option<Move> {
    if let Some(&win) = root.iter().find(|m| matches!(m, Move::Win { .. })) {
        return Some(win);
    }
    if !pos.has_gods() || !pos.has_winning_move() {
        return None;
    }
    root.iter().copied().find(|&mv| {
        let mut child = *pos;
        child.play_unchecked(mv);
        child.climber() == Some(pos.to_move())
    })
}

/// A finished search's report: its score in words, exact when it is a
/// proven win or loss.
fn report(
    best: Option<Move>,
    score: i32,
    depth: u32,
    nodes: u64,
    started: Instant,
) -> Report<Move> {
    Report {
        best,
        ties: best.into_iter().collect(),
        score: Some(score),
        score_text: crate::tools::score_to_string(score),
        exact: crate::tools::negamax::plies_to_end(score).is_some(),
        depth,
        nodes,
        elapsed: started.elapsed(),
        level: None,
        seed: None,
        note: None,
    }
}
