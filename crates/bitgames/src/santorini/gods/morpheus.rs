//! Morpheus (santorini-ai main): he gains a block at the start of each
//! turn and keeps the blocks he does not spend; his worker builds not once
//! but as many times as he spends blocks, none or more, around where it
//! ends (`A1>B2`, `A1>B2^C3`, `A1>B2^C3^D4`, `A1>B2^C3^C3^D4`). Where the
//! card is silent, as santorini-ai has it: at most twelve builds a turn;
//! a winning move keeps its block unspent.
//!
//! His state: the blocks he keeps, written `morpheus[2]`; none is written
//! `morpheus` (santorini-ai writes `morpheus[0]`, and reads either).

use super::Power;
use super::power::{buildable, builds_around, movers, slide, wins};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::{Heaps, Position};
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Morpheus' power: the blocks he keeps, built as many as he spends.
pub(crate) struct Morpheus;

/// The most builds of one turn (santorini-ai's bound).
const MOST: u32 = 12;
/// The most blocks a position may say he keeps.
const MOST_KEPT: u32 = 999;

/// How many builds the turn `mv` spends.
fn spent(mv: Move) -> u32 {
    match mv {
        Move::Build { .. } => 1,
        Move::Power(Turn::Twice { .. }) => 2,
        Move::Power(Turn::Heaps { heaps, .. }) => heaps.total(),
        _ => 0,
    }
}

/// The blocks kept after a turn: one gained, those built spent; a winning
/// move spends nothing and keeps its block unspent.
fn after_turn(before: &Position, mv: Move, pos: &mut Position) {
    let me = pos.to_move.index();
    if !matches!(mv, Move::Win { .. }) {
        pos.state[me] = before.state[me] + 1 - spent(mv);
    }
}

/// Every build of the worker that moved from `from` to `to` by `heaps` so
/// far (`n` builds, the last on the `i`th of `spaces` or later), with `left`
/// more allowed: each space of `spaces` takes up to `room` blocks.
#[allow(clippy::too_many_arguments)]
fn heaps_from(
    (from, to): (Space, Space),
    spaces: &[(usize, u32)],
    heaps: Heaps,
    n: u32,
    i: usize,
    left: u32,
    out: &mut Vec<Move>,
) {
    if left == 0 {
        return;
    }
    for (j, &(k, room)) in spaces.iter().enumerate().skip(i) {
        if heaps.on(k) == room {
            continue;
        }
        let more = heaps.plus(k);
        out.push(turn_of(from, to, more, n + 1));
        heaps_from((from, to), spaces, more, n + 1, j, left - 1, out);
    }
}

/// Every turn of one build or more after the move from `from` to `to`
/// (not a win), appended to `out`.
fn builds_after(pos: &Position, from: Space, to: Space, out: &mut Vec<Move>) {
    let most = (pos.state[pos.to_move.index()] + 1).min(MOST);
    let occupied = pos.occupied() ^ from.bitboard() ^ to.bitboard();
    let theirs = pos.workers[pos.to_move.other().index()];
    let builds = buildable(pos, theirs, builds_around(pos, to, occupied));
    let spaces: Vec<(usize, u32)> = Bitboard::neighbours(to)
        .into_iter()
        .enumerate()
        .filter(|&(_, s)| builds.contains(s))
        .map(|(k, s)| (k, 4 - u32::from(pos.level(s))))
        .collect();
    heaps_from((from, to), &spaces, Heaps::NONE, 0, 0, most, out);
}

/// The turn of the move from `from` to `to` and the `n` builds of `heaps`.
fn turn_of(from: Space, to: Space, heaps: Heaps, n: u32) -> Move {
    let mut spaces = heaps.spaces(to);
    match (n, spaces.next(), spaces.next()) {
        (1, Some(build), _) => Move::Build { from, to, build },
        (2, Some(build), Some(second)) => Move::Power(Turn::Twice {
            from,
            to,
            build,
            second,
        }),
        _ => Move::Power(Turn::Heaps { from, to, heaps }),
    }
}

impl Power for Morpheus {
    const NAME: &'static str = "morpheus";
    const SPELLS: bool = true;
    const TEXT: &'static str = "Gain a block each turn; build as many times as the blocks you \
                                spend, none or more.";
    const AFTER_TURN: Option<fn(&Position, Move, &mut Position)> = Some(after_turn);

    fn write_state(state: u32) -> Option<String> {
        (state != 0).then(|| state.to_string())
    }

    fn count(state: u32) -> u32 {
        state
    }

    fn read_state(text: &str) -> Result<u32, String> {
        match text.trim().parse::<u32>() {
            Ok(kept) if kept <= MOST_KEPT => Ok(kept),
            _ => Err(format!(
                "morpheus' state is the blocks he keeps, 0 to {MOST_KEPT}, as [2], not [{text}]"
            )),
        }
    }

    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        for from in movers(pos) {
            for to in Self::steps(pos, from, up) {
                if wins::<Self>(pos, from, to) {
                    out.push(Move::Win { from, to });
                } else {
                    let to = slide(pos, from, to);
                    out.push(Move::Power(Turn::MoveOnly { from, to }));
                    builds_after(pos, from, to, out);
                }
            }
        }
    }

    fn go_on(pos: &Position, turn: Move, out: &mut Vec<Move>) {
        if let Move::Power(Turn::Twice { from, to, .. } | Turn::Heaps { from, to, .. }) = turn {
            builds_after(pos, from, to, out);
        }
    }

    fn naive_builds(
        s: &NaiveState,
        builder: usize,
        space: usize,
        once: &NaiveState,
        out: &mut Vec<NaiveState>,
    ) {
        // More builds after the first (on `space`), each on a free
        // neighbour later in board order than the one before or the same.
        let most = (s.state[s.to_move] + 1).min(MOST) as usize;
        let mut frontier = vec![(once.clone(), space)];
        for _ in 1..most {
            let mut next = Vec::new();
            for (state, last) in frontier {
                for b in naive_gods::free_neighbours(&state, builder) {
                    if b < last || state.build_limited(b) {
                        continue;
                    }
                    let mut built = state.clone();
                    built.levels[b] += 1;
                    out.push(built.clone());
                    next.push((built, b));
                }
            }
            frontier = next;
        }
    }

    fn naive_turns(s: &NaiveState) -> Vec<(NaiveState, bool)> {
        // A move without a build.
        let theirs = s.gods[1 - s.to_move].rules();
        let mut out = Vec::new();
        for from in naive_gods::free_workers(s) {
            for moved in naive_gods::plain_moves(s, from) {
                if !moved.won && !(theirs.naive_keeps_from)(s, from, moved.builder) {
                    out.push(naive_gods::turn_of(s, &moved, moved.after.clone()));
                }
            }
        }
        out
    }

    fn naive_after_turn(before: &NaiveState, after: &mut NaiveState) {
        let me = after.to_move;
        if after.winner == Some(me) {
            return;
        }
        let built: u32 = (0..25)
            .map(|i| u32::from(after.levels[i] - before.levels[i]))
            .sum();
        after.state[me] = before.state[me] + 1 - built;
    }
}
