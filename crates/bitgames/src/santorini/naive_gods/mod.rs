//! The naive twin of the god powers: every position one turn later, on a
//! level array and lists of worker spaces, with plain loops. Written to be
//! read, not to be fast, and independent of the bitboard move generator that
//! it checks.
//!
//! A turn is taken in three parts: a move (`Moved`: the position with the
//! worker moved, before any build), then the builds from the moved worker's
//! space, then `end_turn` (the win, Athena's mark, the other player to
//! move). Each god changes one part, in its own file
//! (`santorini/gods/<god>.rs`: [`crate::santorini::gods`]) beside its
//! bitboard turns: the moves (`naive_moves`), the builds (`naive_builds`),
//! or whole turns of its own (`naive_turns`: Hermes' runs). This module is
//! the frame they fill in.
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
pub(crate) fn step(space: usize, (dr, dc): (i8, i8)) -> Option<usize> {
    let row = (space / 5) as i8 + dr;
    let col = (space % 5) as i8 + dc;
    if (0..5).contains(&row) && (0..5).contains(&col) {
        Some(row as usize * 5 + col as usize)
    } else {
        None
    }
}

/// The neighbours of `space` (three to eight), with the direction to each.
pub(crate) fn neighbours(space: usize) -> Vec<(usize, (i8, i8))> {
    DIRECTIONS
        .iter()
        .filter_map(|&d| step(space, d).map(|n| (n, d)))
        .collect()
}

impl NaiveState {
    /// The player whose worker stands on `space`, if any.
    pub(crate) fn owner(&self, space: usize) -> Option<usize> {
        (0..2).find(|&p| self.workers[p].contains(&space))
    }

    /// No worker and no dome on `space`, and no god's state freezes it for
    /// the player to move: a worker may enter it, a builder may build on it.
    pub(crate) fn is_free(&self, space: usize) -> bool {
        self.owner(space).is_none() && self.levels[space] < 4 && !self.is_frozen(space)
    }

    /// Whether either god's state freezes `space` for the player to move
    /// (Europa's talus, Clio's coins for her opponent).
    pub(crate) fn is_frozen(&self, space: usize) -> bool {
        (0..2).any(|p| (self.gods[p].rules().naive_frozen)(self, p, space))
    }

    /// The height rule for the player to move, from `from` to `to`: at most
    /// one level up, not up at all when Athena blocks it, and not down when
    /// the opponent's god stops descents (Hades).
    pub(crate) fn may_climb(&self, from: usize, to: usize) -> bool {
        let (here, there) = (self.levels[from], self.levels[to]);
        if self.up_blocked && there > here
            || self.descent_stopped(from, to)
            || self.bars_step(from, to)
        {
            return false;
        }
        there <= here + 1
    }

    /// A god's rule bars the step from `from` to `to`, a neighbour (or, for
    /// Urania, the space across the edge): it goes in the direction of
    /// Aeolus' wind, or the worker steps only diagonally (Hippolyta's
    /// opponent's workers, and hers but the female one) and this step is
    /// along a row or a column.
    pub(crate) fn bars_step(&self, from: usize, to: usize) -> bool {
        let (me, them) = (self.to_move, 1 - self.to_move);
        let female = crate::santorini::gods::female::female_of(self.state[me]).map(|s| s.index());
        let bound = self.gods[them].rules().binds_diagonally
            || self.gods[me].rules().binds_diagonally && female != Some(from);
        if bound && (from / 5 == to / 5 || from % 5 == to % 5) {
            return true;
        }
        let step = |a: usize, b: usize| match (b + 5 - a) % 5 {
            0 => 0,
            1 => 1,
            _ => -1,
        };
        let direction = (step(from / 5, to / 5), step(from % 5, to % 5));
        (0..2).any(|p| {
            let rules = self.gods[p].rules();
            rules.winds
                && (rules.wind)(self.state[p])
                    .is_some_and(|d| crate::santorini::gods::DIRECTIONS[d] == direction)
        })
    }

    /// The step from `from` to `to` goes down and the opponent's god stops
    /// descents (Hades).
    pub(crate) fn descent_stopped(&self, from: usize, to: usize) -> bool {
        self.levels[to] < self.levels[from] && self.gods[1 - self.to_move].rules().stops_descents
    }

    /// The opponent's god keeps the player to move from building on `space`
    /// (Limus, but a dome on a level 3).
    pub(crate) fn build_limited(&self, space: usize) -> bool {
        self.levels[space] != 3
            && (self.gods[1 - self.to_move].rules().naive_limits_build)(self, space)
    }

    /// Moves player `player`'s worker from `from` to `to`, keeping the list
    /// sorted.
    pub(crate) fn relocate(&mut self, player: usize, from: usize, to: usize) {
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
pub(crate) struct Moved {
    pub(crate) after: NaiveState,
    pub(crate) builder: usize,
    pub(crate) won: bool,
    pub(crate) moved_up: bool,
    pub(crate) moved_down: bool,
}

/// Whether one step from level `from` to level `to` wins for `god`: up from
/// level 2 onto level 3 (Pegasus' jump from lower does not win), or for a god that wins by falling (Pan) also down two or more
/// levels.
fn step_wins(god: God, from: u8, to: u8) -> bool {
    (from == 2 || god.rules().jumps_win && from < 3) && to == 3
        || (god.rules().falls_win && from >= to + 2)
}

/// Whether a step of the player to move from `from` to `to` wins: by its
/// god's rule, onto a space where the opponent's god does not deny it.
fn wins(s: &NaiveState, from: usize, to: usize) -> bool {
    let (me, them) = (s.to_move, 1 - s.to_move);
    (step_wins(s.gods[me], s.levels[from], s.levels[to])
        || (s.gods[me].rules().naive_wins_by_end)(s, from, win_end(s, from, to)))
        && !(s.gods[them].rules().naive_denies_win_on)(to)
}

/// Where a winning step from `from` to `to` ends: where it lands, or for a
/// god whose win by where it ends is read after the slide (the Maenads'),
/// there, unless the levels win.
fn win_end(s: &NaiveState, from: usize, to: usize) -> usize {
    let god = s.gods[s.to_move];
    if god.rules().wins_where_slid && !step_wins(god, s.levels[from], s.levels[to]) {
        slide(s, from, to)
    } else {
        to
    }
}

/// The ordinary moves of the worker on `from`: to a free neighbour, by the
/// height rule.
pub(crate) fn plain_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
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
/// Against the Harpies a move that neither wins nor pushes slides on
/// ([`slide`]); its ups and downs are the step's.
pub(crate) fn moved(s: &NaiveState, from: usize, to: usize, forced: Option<usize>) -> Moved {
    let me = s.to_move;
    let won = wins(s, from, to);
    let mut after = s.clone();
    if let Some(forced) = forced {
        after.relocate(1 - me, to, forced);
    }
    let pushed = forced.is_some_and(|f| f != from);
    let end = if won {
        win_end(s, from, to)
    } else if pushed {
        to
    } else {
        slide(&after, from, to)
    };
    after.relocate(me, from, end);
    Moved {
        after,
        builder: end,
        won,
        moved_up: s.levels[to] > s.levels[from],
        moved_down: s.levels[to] < s.levels[from],
    }
}

/// The space a move of one step from `from` that ended on `to` landed on
/// before its slide: `to`, or the neighbour of `from` on the line to it.
pub(crate) fn landing(from: usize, to: usize) -> usize {
    if neighbours(from).iter().any(|&(n, _)| n == to) {
        return to;
    }
    let d = |a: usize, b: usize| (b as i8 - a as i8).signum();
    step(from, (d(from / 5, to / 5), d(from % 5, to % 5))).unwrap_or(to)
}

/// Where a worker of the player to move that stepped from `from` onto
/// `to` ends in `s` (the other workers where the step left them): against
/// the Harpies, on in the step's direction while the next space is free and
/// no higher than the one it is on; else on `to`.
pub(crate) fn slide(s: &NaiveState, from: usize, to: usize) -> usize {
    if !s.gods[1 - s.to_move].rules().slides {
        return to;
    }
    let row = |x: usize| (x / 5) as i8;
    let col = |x: usize| (x % 5) as i8;
    // A step, Iris' jump, across the edge (Urania) the other way.
    let along = |d: i8| {
        if d.abs() == 4 {
            -d.signum()
        } else {
            d.signum()
        }
    };
    let direction = (along(row(to) - row(from)), along(col(to) - col(from)));
    let mut at = to;
    while let Some(next) = step(at, direction) {
        // The space left is free (Urania's slide across the edge may come
        // back onto it).
        let free = if next == from {
            s.levels[next] < 4 && !s.is_frozen(next)
        } else {
            s.is_free(next)
        };
        if !free || s.levels[next] > s.levels[at] {
            break;
        }
        at = next;
    }
    at
}

/// The extra moves of a god that enters opponents' spaces (Apollo,
/// Minotaur), from `from`: into a neighbouring opponent worker's space, by
/// the height rule, that worker forced to `target(to, direction)` (`None`:
/// the move is not allowed). The forced worker does not win.
pub(crate) fn forcing_moves(
    s: &NaiveState,
    from: usize,
    target: impl Fn(usize, (i8, i8)) -> Option<usize>,
) -> Vec<Moved> {
    let them = 1 - s.to_move;
    let mut moves = Vec::new();
    for (to, direction) in neighbours(from) {
        // A worker on a space its god's state freezes (Clio's coin) stands
        // like a dome: no one enters its space.
        if s.owner(to) != Some(them) || s.is_frozen(to) || !s.may_climb(from, to) {
            continue;
        }
        if let Some(forced) = target(to, direction) {
            moves.push(moved(s, from, to, Some(forced)));
        }
    }
    moves
}

/// The builds of the worker on `builder` (a free neighbour: one level up, a
/// level 3 becomes a dome), with the god's more builds (Atlas' dome,
/// Demeter's and Hephaestus' second builds).
pub(crate) fn builds(s: &NaiveState, builder: usize) -> Vec<NaiveState> {
    let rules = s.gods[s.to_move].rules();
    let mut out = Vec::new();
    for space in (rules.naive_build_spaces)(s, builder) {
        if s.build_limited(space) {
            continue;
        }
        let mut once = s.clone();
        once.levels[space] += 1;
        (rules.naive_builds)(s, builder, space, &once, &mut out);
        out.push(once);
    }
    out
}

/// The positions after a second build, on a free neighbour of `builder`
/// that `allowed` lets, of the position `once` after the first (Demeter,
/// Hestia), appended to `out`.
pub(crate) fn second_builds(
    builder: usize,
    once: &NaiveState,
    out: &mut Vec<NaiveState>,
    allowed: impl Fn(usize) -> bool,
) {
    for (other, _) in neighbours(builder) {
        if allowed(other) && once.is_free(other) && !once.build_limited(other) {
            let mut twice = once.clone();
            twice.levels[other] += 1;
            out.push(twice);
        }
    }
}

/// The free neighbours of `space`: where a worker there may build.
pub(crate) fn free_neighbours(s: &NaiveState, space: usize) -> Vec<usize> {
    neighbours(space)
        .into_iter()
        .map(|(n, _)| n)
        .filter(|&n| s.is_free(n))
        .collect()
}

/// Whether `space` is on the board's edge (row or column 0 or 4).
pub(crate) fn on_perimeter(space: usize) -> bool {
    let (row, col) = (space / 5, space % 5);
    row == 0 || row == 4 || col == 0 || col == 4
}

/// The end of a turn from `before` whose moves and builds leave `s`: what
/// the god does after them ([`crate::santorini::gods`]' `naive_after_turn`:
/// Clio's coins), the winner, the other player to move, blocked if the
/// player who just moved blocks climbs and moved up (Athena) or down (Nike)
/// (unless that player won: then no one moves any more).
pub(crate) fn end_turn(
    before: &NaiveState,
    mut s: NaiveState,
    won: bool,
    moved_up: bool,
    moved_down: bool,
) -> NaiveState {
    let me = s.to_move;
    let rules = s.gods[me].rules();
    if won {
        s.winner = Some(me);
    }
    (rules.naive_after_turn)(before, &mut s);
    crate::santorini::gods::female::naive_follow(before, &mut s);
    let won = won || (rules.naive_wins_by_board)(&s);
    if won {
        s.winner = Some(me);
    }
    let blocking = if rules.blocks_after_descent {
        moved_down
    } else {
        moved_up
    };
    s.up_blocked = !won && rules.blocks_climbs && blocking;
    s.to_move = 1 - me;
    s
}

/// The workers of the player to move that the opponent's god lets move
/// (all but Hypnus' held one).
pub(crate) fn free_workers(s: &NaiveState) -> Vec<usize> {
    let held = s.gods[1 - s.to_move].rules().naive_holds;
    s.workers[s.to_move]
        .iter()
        .copied()
        .filter(|&w| !held(s, w))
        .collect()
}

/// The end of the turn of the move `moved` whose position is `after` (the
/// move's position, or that with its builds), with whether it moved up.
pub(crate) fn turn_of(before: &NaiveState, moved: &Moved, after: NaiveState) -> (NaiveState, bool) {
    (
        end_turn(before, after, moved.won, moved.moved_up, moved.moved_down),
        moved.moved_up,
    )
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
    let rules = s.gods[me].rules();
    let theirs = s.gods[1 - me].rules();
    if (rules.naive_wins_by_board)(s) && !s.workers[me].is_empty() {
        // Chronus' towers stand: he claims the win, nothing moves.
        return vec![end_turn(s, s.clone(), true, false, false)];
    }
    // Each position after a turn, with whether the turn moved a worker up.
    let mut out: Vec<(NaiveState, bool)> = (rules.naive_turns)(s);
    for from in free_workers(s) {
        for moved in (rules.naive_moves)(s, from) {
            if (theirs.naive_keeps_from)(s, from, moved.builder) {
                continue;
            }
            if moved.won {
                out.push(turn_of(s, &moved, moved.after.clone()));
                continue;
            }
            for built in builds(&moved.after, moved.builder) {
                out.push(turn_of(s, &moved, built));
            }
        }
    }
    // Persephone: a turn that moves up, if there is one.
    if theirs.forces_climbs && out.iter().any(|&(_, up)| up) {
        out.retain(|&(_, up)| up);
    }
    out.into_iter().map(|(after, _)| after).collect()
}

/// The distinct canonical strings of [`successors`], sorted.
#[must_use]
pub fn distinct_successors(s: &NaiveState) -> Vec<String> {
    let mut texts: Vec<String> = successors(s).iter().map(ToString::to_string).collect();
    texts.sort();
    texts.dedup();
    texts
}
