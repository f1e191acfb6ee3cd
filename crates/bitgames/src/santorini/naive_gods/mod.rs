//! The naive twin of the god powers: every position one turn later, on a
//! level array and lists of worker spaces, with plain loops. Written to be
//! read, not to be fast, and independent of the bitboard move generator that
//! it checks.
//!
//! A turn is taken in three parts: a move (`Moved`: the position with the
//! worker moved, before any build), then the builds from the moved worker's
//! space, then `end_turn` (the win, Athena's mark, the other player to
//! move). Each god changes one part:
//!
//! - Apollo, Minotaur: more moves (into an opponent worker's space).
//! - Artemis: a second move; Pan: another way to win; Hermes: the moves of
//!   both workers over their own level; Prometheus: a build before the move.
//! - Atlas, Demeter, Hephaestus: more builds.
//! - Athena: marks the opponent after she moved up.
//!
//! Where the rulebook leaves a case open, santorini-ai's generator is the
//! reference: a forced or pushed worker does not win on level 3. A won
//! position blocks no one (santorini-ai leaves Athena's mark as it was when
//! she wins; the canonical form drops it there).

mod state;
#[cfg(test)]
mod tests;

pub use state::{NaiveState, space_index, space_name};

use super::naive::DIRECTIONS;
use crate::santorini::God;

/// The space one step from `space` in direction `(dr, dc)` (row step, col
/// step), if it is on the board.
fn step(space: usize, (dr, dc): (i8, i8)) -> Option<usize> {
    let row = (space / 5) as i8 + dr;
    let col = (space % 5) as i8 + dc;
    if (0..5).contains(&row) && (0..5).contains(&col) {
        Some(row as usize * 5 + col as usize)
    } else {
        None
    }
}

/// The neighbours of `space` (three to eight), with the direction to each.
fn neighbours(space: usize) -> Vec<(usize, (i8, i8))> {
    DIRECTIONS
        .iter()
        .filter_map(|&d| step(space, d).map(|n| (n, d)))
        .collect()
}

impl NaiveState {
    /// The player whose worker stands on `space`, if any.
    fn owner(&self, space: usize) -> Option<usize> {
        (0..2).find(|&p| self.workers[p].contains(&space))
    }

    /// No worker and no dome on `space`: a worker may enter it, a builder may
    /// build on it.
    fn is_free(&self, space: usize) -> bool {
        self.owner(space).is_none() && self.levels[space] < 4
    }

    /// The height rule for the player to move, from `from` to `to`: at most
    /// one level up, and not up at all when Athena blocks it.
    fn may_climb(&self, from: usize, to: usize) -> bool {
        let (here, there) = (self.levels[from], self.levels[to]);
        if self.up_blocked && there > here {
            return false;
        }
        there <= here + 1
    }

    /// Moves player `player`'s worker from `from` to `to`, keeping the list
    /// sorted.
    fn relocate(&mut self, player: usize, from: usize, to: usize) {
        let worker = self.workers[player]
            .iter_mut()
            .find(|w| **w == from)
            .expect("a worker stands on the space it moves from");
        *worker = to;
        self.workers[player].sort_unstable();
    }
}

/// A worker's move, done: the position after it (nothing built yet), the
/// space the worker builds from, whether the move won, whether it went up.
struct Moved {
    after: NaiveState,
    builder: usize,
    won: bool,
    moved_up: bool,
}

/// Whether one step from level `from` to level `to` wins for `god`: up onto
/// level 3, or for Pan also down two or more levels.
fn step_wins(god: God, from: u8, to: u8) -> bool {
    (to == 3 && from < 3) || (god == God::Pan && from >= to + 2)
}

/// The ordinary moves of the worker on `from`: to a free neighbour, by the
/// height rule.
fn plain_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
    let mut moves = Vec::new();
    for (to, _) in neighbours(from) {
        if !s.is_free(to) || !s.may_climb(from, to) {
            continue;
        }
        moves.push(moved(s, from, to, None));
    }
    moves
}

/// The worker on `from` moved to `to`, the opponent's worker there forced
/// to `forced` (if any).
fn moved(s: &NaiveState, from: usize, to: usize, forced: Option<usize>) -> Moved {
    let me = s.to_move;
    let mut after = s.clone();
    if let Some(forced) = forced {
        after.relocate(1 - me, to, forced);
    }
    after.relocate(me, from, to);
    Moved {
        after,
        builder: to,
        won: step_wins(s.gods[me], s.levels[from], s.levels[to]),
        moved_up: s.levels[to] > s.levels[from],
    }
}

/// Apollo's and Minotaur's extra moves from `from`: into a neighbouring
/// opponent worker's space, by the height rule; Apollo swaps with that
/// worker, Minotaur pushes it one space on in the same direction, which must
/// be on the board, free, and of any level. The forced worker does not win.
fn forcing_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
    let me = s.to_move;
    let them = 1 - me;
    let mut moves = Vec::new();
    for (to, direction) in neighbours(from) {
        if s.owner(to) != Some(them) || !s.may_climb(from, to) {
            continue;
        }
        let forced_to = match s.gods[me] {
            God::Apollo => from,
            God::Minotaur => match step(to, direction) {
                Some(beyond) if s.is_free(beyond) => beyond,
                _ => continue,
            },
            _ => continue,
        };
        moves.push(moved(s, from, to, Some(forced_to)));
    }
    moves
}

/// Artemis's moves from `from`: one ordinary move, or two, the second not
/// back to `from`. A win on the first step ends the move there. Where one
/// path to a space wins and another does not (3 > 3 beside 3 > 2 > 3), she
/// wins: the end space counts as a win only (as santorini-ai has it).
fn artemis_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
    let mut moves = Vec::new();
    for first in plain_moves(s, from) {
        if !first.won {
            for second in plain_moves(&first.after, first.builder) {
                if second.builder != from {
                    moves.push(second);
                }
            }
        }
        moves.push(first);
    }
    let winning: Vec<usize> = moves.iter().filter(|m| m.won).map(|m| m.builder).collect();
    moves.retain(|m| m.won || !winning.contains(&m.builder));
    moves
}

/// Prometheus's moves that start with a build: a build on a free neighbour
/// of `from`, then a move that does not go up (on the levels after that
/// build). The build after the move follows as usual.
fn prometheus_build_first_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
    let me = s.to_move;
    let mut moves = Vec::new();
    for (built, _) in neighbours(from) {
        if !s.is_free(built) {
            continue;
        }
        let mut first = s.clone();
        first.levels[built] += 1;
        for (to, _) in neighbours(from) {
            if !first.is_free(to) || first.levels[to] > first.levels[from] {
                continue;
            }
            let mut after = first.clone();
            after.relocate(me, from, to);
            moves.push(Moved {
                after,
                builder: to,
                won: false,
                moved_up: false,
            });
        }
    }
    moves
}

/// The spaces a Hermes worker on `from` may reach by any number of steps on
/// its own level: free of domes and opponent workers (her other worker does
/// not block: the workers may move in either order). Includes `from`.
fn hermes_region(s: &NaiveState, from: usize) -> Vec<usize> {
    let them = 1 - s.to_move;
    let level = s.levels[from];
    let mut region = vec![from];
    let mut next = 0;
    while next < region.len() {
        let here = region[next];
        next += 1;
        for (there, _) in neighbours(here) {
            if s.levels[there] == level && s.owner(there) != Some(them) && !region.contains(&there)
            {
                region.push(there);
            }
        }
    }
    region
}

/// The builds of the worker on `builder` (a free neighbour: one level up, a
/// level 3 becomes a dome), with the god's extra builds: Atlas a dome at any
/// level, Demeter a second build on another space, Hephaestus a second block
/// (not a dome) on the first.
fn builds(s: &NaiveState, builder: usize) -> Vec<NaiveState> {
    let god = s.gods[s.to_move];
    let mut out = Vec::new();
    for (space, _) in neighbours(builder) {
        if !s.is_free(space) {
            continue;
        }
        let mut once = s.clone();
        once.levels[space] += 1;
        if god == God::Atlas && s.levels[space] < 3 {
            let mut dome = s.clone();
            dome.levels[space] = 4;
            out.push(dome);
        }
        if god == God::Demeter {
            for (other, _) in neighbours(builder) {
                if other != space && once.is_free(other) {
                    let mut twice = once.clone();
                    twice.levels[other] += 1;
                    out.push(twice);
                }
            }
        }
        if god == God::Hephaestus && once.levels[space] <= 2 {
            let mut twice = once.clone();
            twice.levels[space] += 1;
            out.push(twice);
        }
        out.push(once);
    }
    out
}

/// The end of a turn: the winner, the other player to move, blocked if the
/// player who just moved is Athena and moved up (unless she won: then no one
/// moves any more).
fn end_turn(mut s: NaiveState, won: bool, moved_up: bool) -> NaiveState {
    let me = s.to_move;
    if won {
        s.winner = Some(me);
    }
    s.up_blocked = !won && s.gods[me] == God::Athena && moved_up;
    s.to_move = 1 - me;
    s
}

/// Hermes's own turn: each worker moves any number of steps on its level
/// (see [`hermes_region`]), the two ending on different spaces (either may
/// stay), then either builds.
fn hermes_turns(s: &NaiveState) -> Vec<NaiveState> {
    let me = s.to_move;
    let mine = &s.workers[me];
    let mut ends: Vec<Vec<usize>> = Vec::new();
    match mine.as_slice() {
        [one] => {
            for a in hermes_region(s, *one) {
                ends.push(vec![a]);
            }
        }
        [one, two] => {
            for a in hermes_region(s, *one) {
                for b in hermes_region(s, *two) {
                    if a != b {
                        ends.push(vec![a, b]);
                    }
                }
            }
        }
        _ => {}
    }
    let mut out = Vec::new();
    for end in ends {
        let mut after = s.clone();
        after.workers[me] = end.clone();
        after.workers[me].sort_unstable();
        for &builder in &end {
            for built in builds(&after, builder) {
                out.push(end_turn(built, false, false));
            }
        }
    }
    out
}

/// Every position one turn later for the player to move, in no particular
/// order, with repeats (a position reached by several turns is listed once
/// per turn). Empty when the game is won, or when the player to move cannot
/// complete a turn (that player loses). Placement is not generated: a player
/// to move with no workers also gets an empty list.
#[must_use]
pub fn successors(s: &NaiveState) -> Vec<NaiveState> {
    if s.winner.is_some() {
        return Vec::new();
    }
    let me = s.to_move;
    let god = s.gods[me];
    let mut out = Vec::new();
    if god == God::Hermes {
        out.extend(hermes_turns(s));
    }
    for &from in &s.workers[me] {
        let mut moves = match god {
            God::Artemis => artemis_moves(s, from),
            God::Apollo | God::Minotaur => {
                let mut moves = plain_moves(s, from);
                moves.extend(forcing_moves(s, from));
                moves
            }
            God::Prometheus => {
                let mut moves = plain_moves(s, from);
                moves.extend(prometheus_build_first_moves(s, from));
                moves
            }
            _ => plain_moves(s, from),
        };
        if god == God::Hermes {
            // A move on the same level is one of Hermes's own turns above.
            moves.retain(|m| m.after.levels[m.builder] != s.levels[from]);
        }
        for moved in moves {
            if moved.won {
                out.push(end_turn(moved.after, true, moved.moved_up));
                continue;
            }
            for built in builds(&moved.after, moved.builder) {
                out.push(end_turn(built, false, moved.moved_up));
            }
        }
    }
    out
}

/// The distinct canonical strings of [`successors`], sorted.
#[must_use]
pub fn distinct_successors(s: &NaiveState) -> Vec<String> {
    let mut texts: Vec<String> = successors(s).iter().map(ToString::to_string).collect();
    texts.sort();
    texts.dedup();
    texts
}
