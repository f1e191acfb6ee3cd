//! The Stymphalians (santorini-ai main): three workers (placed at once); a
//! worker moves two or three steps, each by the height rule, through free
//! spaces, and ends at least two spaces from where it started. As
//! santorini-ai has it where the card is silent: the second step may not
//! go where the first could have gone (nor back to the start), the third
//! may; a step up from level 2 onto level 3 wins, on the second step or
//! the third, where the path could end; the turn is written by its ends
//! (`A1>C3^D4`: any path). Against Persephone a turn climbs if a path to
//! its end climbs, where santorini-ai lets a climbing path's second step
//! onto a space the first could have reached without climbing
//! ([`climbing_ends`]).

use super::Power;
use super::power::{buildable, builds_around, ends, movers, slide_among, steps, wins};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::Move;
use crate::santorini::naive_gods::{self, Moved, NaiveState};

/// The Stymphalians' power: three workers, moves of two or three steps.
pub(crate) struct Stymphalians;

/// Where the worker on `from` may end its move (`up`: it may move up): the
/// ends of its paths and the ends a winning step reaches.
struct Reach {
    ends: Bitboard,
    wins: Bitboard,
}

/// The ends of the paths of the worker on `from` that climb, as
/// santorini-ai walks them against Persephone: a second step may go where
/// the first could have gone without climbing, once the path has climbed
/// (or climbs in it); a path that has not climbed by its second step goes
/// on only by a climb.
fn climbing_ends(pos: &Position, from: Space) -> Bitboard {
    let occupied = pos.occupied();
    let step = |at: Space| steps(pos, at, occupied, true);
    let higher = |at: Space| pos.heights[usize::from(pos.level(at)).min(3)] & !pos.heights[3];
    let may_end = !from.bitboard().closed_neighbourhood() & ends(pos, from);
    let first = step(from);
    let climbed = first & higher(from);
    let mut won = Bitboard::EMPTY;
    let (mut up2, mut flat2) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for a in first {
        let mut next = step(a);
        if pos.level(a) == 2 {
            won |= next & may_end & pos.spaces_at_level(3);
            next &= !won;
        }
        if climbed.contains(a) {
            up2 |= next;
        } else {
            up2 |= next & higher(a);
            flat2 |= next & !higher(a);
        }
    }
    up2 &= !(climbed | from.bitboard());
    flat2 &= !(first | from.bitboard() | pos.heights[2]);
    let mut up3 = Bitboard::EMPTY;
    for b in up2 | flat2 {
        let mut next = step(b);
        if pos.level(b) == 2 {
            won |= next & may_end & pos.spaces_at_level(3);
            next &= !won;
        }
        up3 |= if up2.contains(b) {
            next
        } else {
            next & higher(b)
        };
    }
    (up2 | up3) & may_end & !won
}

/// The paths of the worker on `from`, step by step ([`Reach`]).
fn reach(pos: &Position, from: Space, up: bool) -> Reach {
    if pos.gods[pos.to_move.other().index()].rules().slides {
        return reach_sliding(pos, from);
    }
    let occupied = pos.occupied();
    let step = |at: Space| steps(pos, at, occupied, up);
    let near = from.bitboard().closed_neighbourhood();
    let may_end = !near & ends(pos, from);
    let first = step(from);
    let mut won = Bitboard::EMPTY;
    let mut second = Bitboard::EMPTY;
    for a in first {
        let next = step(a) & !(first | from.bitboard());
        for to in next & may_end {
            if wins::<Stymphalians>(pos, a, to) {
                won |= to.bitboard();
            }
        }
        second |= next;
    }
    let mut third = Bitboard::EMPTY;
    for b in second & !won {
        let next = step(b);
        for to in next & may_end & !first {
            if wins::<Stymphalians>(pos, b, to) {
                won |= to.bitboard();
            }
        }
        third |= next;
    }
    let won = won & !first;
    Reach {
        ends: (second | third) & may_end & !won,
        wins: won,
    }
}

/// [`reach`] against the Harpies, as santorini-ai walks it: each step
/// slides on (the start is free); a second step may go anywhere the height
/// rule lets it. A step up from level 2 onto a level 3 at least two spaces
/// from the start wins; that space is then no end, and a later path that
/// steps onto it slides on from it.
fn reach_sliding(pos: &Position, from: Space) -> Reach {
    let blocked = pos.occupied() ^ from.bitboard();
    let step = |at: Space| steps(pos, at, blocked, true);
    let level3 = pos.spaces_at_level(3);
    let mut valid = !from.bitboard().closed_neighbourhood();
    let mut won = Bitboard::EMPTY;
    // Steps from each space of `at`, each a win or slid on.
    let walk = |at: Bitboard, valid: &mut Bitboard, won: &mut Bitboard| {
        let mut ends = Bitboard::EMPTY;
        for p in at {
            let mut next = step(p);
            if pos.level(p) == 2 {
                let wins = next & *valid & level3;
                *won |= wins;
                *valid &= !wins;
                next &= !wins;
            }
            for landing in next {
                ends |= slide_among(pos, p, landing, blocked).bitboard();
            }
        }
        ends
    };
    let first = Bitboard::from_spaces(
        step(from)
            .into_iter()
            .map(|landing| slide_among(pos, from, landing, blocked)),
    );
    let second = walk(first, &mut valid, &mut won);
    let third = walk(second, &mut valid, &mut won);
    Reach {
        ends: (second | third) & valid,
        wins: won,
    }
}

impl Power for Stymphalians {
    const NAME: &'static str = "stymphalians";
    const TEXT: &'static str = "Three workers; a worker moves two or three steps, ending two or more \
                                spaces away.";
    const WORKERS: usize = 3;

    /// A turn climbs if a path to its end climbs.
    fn climbs(pos: &Position, mv: Move) -> bool {
        match mv {
            Move::Win { .. } => true,
            Move::Build { from, to, .. } => climbing_ends(pos, from).contains(to),
            _ => false,
        }
    }

    /// Against Persephone, where a path climbs, the ends of the climbing
    /// paths (santorini-ai's walk may reach ends the plain one does not);
    /// else the plain ends.
    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        let theirs = pos.workers[pos.to_move.other().index()];
        let forced = pos.gods[pos.to_move.other().index()].rules().forces_climbs;
        let reaches: Vec<(Space, Reach)> = movers(pos)
            .into_iter()
            .map(|from| (from, reach(pos, from, up)))
            .collect();
        let climbing: Vec<Bitboard> = reaches
            .iter()
            .map(|(from, _)| {
                if forced {
                    climbing_ends(pos, *from)
                } else {
                    Bitboard::EMPTY
                }
            })
            .collect();
        let climb = climbing.iter().any(|c| !c.is_empty())
            || forced && reaches.iter().any(|(_, r)| !r.wins.is_empty());
        for ((from, reach), climbing) in reaches.into_iter().zip(climbing) {
            for to in reach.wins {
                out.push(Move::Win { from, to });
            }
            let ends = if climb { climbing } else { reach.ends };
            for to in ends {
                let occupied = (pos.occupied() ^ from.bitboard()) | to.bitboard();
                for build in buildable(pos, theirs, builds_around(pos, to, occupied)) {
                    out.push(Move::Build { from, to, build });
                }
            }
        }
    }

    fn can_win(pos: &Position, up: bool) -> bool {
        movers(pos)
            .into_iter()
            .any(|from| !reach(pos, from, up).wins.is_empty())
    }

    /// Every path of two or three steps, as the card and santorini-ai have
    /// it, walked one by one.
    fn naive_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
        let me = s.to_move;
        let theirs = s.gods[1 - me].rules();
        if theirs.slides {
            return naive_sliding(s, from);
        }
        let step = |a: usize| -> Vec<usize> {
            naive_gods::neighbours(a)
                .into_iter()
                .map(|(b, _)| b)
                .filter(|&b| s.is_free(b) && s.may_climb(a, b))
                .collect()
        };
        let far = |to: usize| (to / 5).abs_diff(from / 5) > 1 || (to % 5).abs_diff(from % 5) > 1;
        let wins = |a: usize, to: usize| {
            s.levels[a] == 2 && s.levels[to] == 3 && !(theirs.naive_denies_win_on)(to)
        };
        let first = step(from);
        // The second steps, and the squares a second step wins on: no third
        // step leaves them.
        let mut second = Vec::new();
        let mut won = Vec::new();
        for &a in &first {
            for b in step(a) {
                if b == from || first.contains(&b) {
                    continue;
                }
                if wins(a, b) && far(b) {
                    won.push(b);
                }
                second.push(b);
            }
        }
        // (end, climbed, won) of every path: a win climbs; whether another
        // climbs is for the walk below.
        let mut paths: Vec<(usize, bool, bool)> = second
            .iter()
            .map(|&b| (b, won.contains(&b), won.contains(&b)))
            .collect();
        for &b in second.iter().filter(|b| !won.contains(b)) {
            for c in step(b) {
                let win = wins(b, c) && far(c) && !first.contains(&c) && !won.contains(&c);
                paths.push((c, win, win));
            }
        }
        let won: Vec<usize> = paths
            .iter()
            .filter(|&&(to, _, w)| w && far(to))
            .map(|&(to, _, _)| to)
            .collect();
        // The ends of paths that climb, walked as santorini-ai does against
        // Persephone: once a path has climbed, its second step may go where
        // the first could have gone; one that has not goes on by climbs.
        let higher = |a: usize, b: usize| s.levels[b] > s.levels[a];
        let (mut up2, mut flat2) = (Vec::new(), Vec::new());
        for &a in &first {
            for b in step(a) {
                if won.contains(&b) && s.levels[a] == 2 {
                    continue;
                }
                if higher(from, a) || higher(a, b) {
                    if b != from && !(first.contains(&b) && higher(from, b)) {
                        up2.push(b);
                    }
                } else if b != from && !first.contains(&b) && s.levels[b] < 3 {
                    flat2.push(b);
                }
            }
        }
        let mut climbing = up2.clone();
        for &b in up2.iter().chain(&flat2) {
            for c in step(b) {
                if !(won.contains(&c) && s.levels[b] == 2) && (up2.contains(&b) || higher(b, c)) {
                    climbing.push(c);
                }
            }
        }
        climbing.retain(|&to| far(to) && !won.contains(&to));
        if theirs.forces_climbs {
            paths.extend(climbing.into_iter().map(|to| (to, true, false)));
        }
        paths
            .into_iter()
            .filter(|&(to, _, w)| far(to) && (w || !won.contains(&to)))
            .map(|(to, up, w)| {
                let mut after = s.clone();
                after.relocate(me, from, to);
                Moved {
                    after,
                    builder: to,
                    won: w,
                    moved_up: up,
                    moved_down: s.levels[to] < s.levels[from],
                }
            })
            .collect()
    }
}

/// The naive twin of [`reach_sliding`]: every path, one step at a time.
fn naive_sliding(s: &NaiveState, from: usize) -> Vec<Moved> {
    let me = s.to_move;
    // The board with the walking worker lifted: its start is free.
    let mut walk = s.clone();
    walk.workers[me].retain(|&w| w != from);
    let far = |to: usize| (to / 5).abs_diff(from / 5) > 1 || (to % 5).abs_diff(from % 5) > 1;
    let steps = |a: usize| -> Vec<usize> {
        naive_gods::neighbours(a)
            .into_iter()
            .map(|(b, _)| b)
            .filter(|&b| walk.is_free(b) && walk.may_climb(a, b))
            .collect()
    };
    let mut won: Vec<usize> = Vec::new();
    let mut first: Vec<usize> = steps(from)
        .into_iter()
        .map(|b| naive_gods::slide(&walk, from, b))
        .collect();
    first.sort_unstable();
    first.dedup();
    let mut layers = vec![first];
    for _ in 0..2 {
        let mut next = Vec::new();
        for &p in layers.last().expect("a layer") {
            for b in steps(p) {
                let wins = s.levels[p] == 2 && s.levels[b] == 3 && far(b) && !won.contains(&b);
                if wins {
                    won.push(b);
                } else {
                    next.push(naive_gods::slide(&walk, p, b));
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        layers.push(next);
    }
    let mut out = Vec::new();
    let ends = layers[1].iter().chain(&layers[2]);
    let mut seen = Vec::new();
    for &to in ends.filter(|&&to| far(to) && !won.contains(&to)) {
        if !seen.contains(&to) {
            seen.push(to);
            out.push((to, false));
        }
    }
    out.extend(won.iter().map(|&to| (to, true)));
    out.into_iter()
        .map(|(to, won)| {
            let mut after = s.clone();
            after.relocate(me, from, to);
            Moved {
                after,
                builder: to,
                won,
                moved_up: s.levels[to] > s.levels[from],
                moved_down: s.levels[to] < s.levels[from],
            }
        })
        .collect()
}
