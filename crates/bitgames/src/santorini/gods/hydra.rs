//! Hydra (santorini-ai main): after her build, if none of her workers
//! neighbour each other, she gains a worker on a free space beside the one
//! that moved, on the lowest level such a space has; otherwise she removes
//! one of her workers, any (`A1>B2^C3@D4`: the worker gained on D4, or hers
//! on D4 removed). A move and build that can do neither is no turn. Where
//! the card is silent, as santorini-ai has it: the new worker takes no
//! frozen space; she may have up to eleven workers; against Hypnus a lone
//! worker of hers is higher than all her others and cannot move; Nemesis'
//! swap takes her lone worker and one of Nemesis' own, or two of her four
//! or more (`gods/nemesis.rs`).

use super::Power;
use super::power::{buildable, builds_around, built, movers, slide, walls, wins};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, Moved, NaiveState};

/// Hydra's power: her workers grow and are cut.
pub(crate) struct Hydra;

/// Whether no two of `workers` neighbour each other.
fn apart(workers: Bitboard) -> bool {
    workers
        .into_iter()
        .all(|w| (Bitboard::neighbours(w) & workers).is_empty())
}

/// After the move from `from` to `to` and the build on `build`: the spaces
/// a worker is gained on, or the workers one of which is removed.
fn heads(pos: &Position, from: Space, to: Space, build: Space) -> Bitboard {
    let mine = pos.workers[pos.to_move.index()] ^ from.bitboard() ^ to.bitboard();
    if !apart(mine) {
        return mine;
    }
    let mut after = *pos;
    after.heights = built(pos.heights, build);
    let occupied = pos.occupied() ^ from.bitboard() ^ to.bitboard();
    let free = Bitboard::neighbours(to) & !(occupied | walls(&after));
    // Those on the lowest level among them (`heights[k]`: above level k).
    let h = after.heights;
    let above = [Bitboard::ALL, h[0], h[1], h[2], h[3]];
    (0..4)
        .map(|k| free & above[k] & !above[k + 1])
        .find(|at_k| !at_k.is_empty())
        .unwrap_or(Bitboard::EMPTY)
}

/// Every turn after the move from `from` to `to` (not a win), appended to
/// `out`.
fn turns_after(pos: &Position, from: Space, to: Space, out: &mut Vec<Move>) {
    let occupied = pos.occupied() ^ from.bitboard() ^ to.bitboard();
    let theirs = pos.workers[pos.to_move.other().index()];
    for build in buildable(pos, theirs, builds_around(pos, to, occupied)) {
        for at in heads(pos, from, to, build) {
            out.push(Move::Power(Turn::Act {
                from,
                to,
                build,
                at,
            }));
        }
    }
}

impl Power for Hydra {
    const NAME: &'static str = "hydra";
    const TEXT: &'static str = "After your build, if none of your workers neighbour each other, \
                                gain one beside the worker that moved; otherwise remove one.";
    const SPELLS: bool = true;
    const GROWS: bool = true;
    const ACT: &'static str = "a worker gained here, or hers here removed";

    fn act(pos: &mut Position, at: Space) {
        pos.workers[pos.to_move.index()] ^= at.bitboard();
    }

    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        for from in movers(pos) {
            for to in Self::steps(pos, from, up) {
                if wins::<Self>(pos, from, to) {
                    out.push(Move::Win { from, to });
                } else {
                    turns_after(pos, from, slide(pos, from, to), out);
                }
            }
        }
    }

    fn go_on(pos: &Position, turn: Move, out: &mut Vec<Move>) {
        if let Move::Build { from, to, .. } = turn {
            turns_after(pos, from, to, out);
        }
    }

    /// Her moves are whole turns only with what follows the build: the
    /// twin's turns list them ([`Power::naive_turns`]).
    fn naive_moves(_s: &NaiveState, _from: usize) -> Vec<Moved> {
        Vec::new()
    }

    fn naive_turns(s: &NaiveState) -> Vec<(NaiveState, bool)> {
        let me = s.to_move;
        let theirs = s.gods[1 - me].rules();
        let mut out = Vec::new();
        for from in naive_gods::free_workers(s) {
            for moved in naive_gods::plain_moves(s, from) {
                if (theirs.naive_keeps_from)(s, from, moved.builder) {
                    continue;
                }
                if moved.won {
                    out.push(naive_gods::turn_of(s, &moved, moved.after.clone()));
                    continue;
                }
                for built in naive_gods::builds(&moved.after, moved.builder) {
                    for after in naive_heads(&built, moved.builder) {
                        out.push(naive_gods::turn_of(s, &moved, after));
                    }
                }
            }
        }
        out
    }
}

/// The naive twin of [`heads`]: the positions after the worker gained or
/// removed, `s` the position after the move (the worker on `moved`) and
/// the build.
fn naive_heads(s: &NaiveState, moved: usize) -> Vec<NaiveState> {
    let me = s.to_move;
    let mine = &s.workers[me];
    let touching = mine.iter().any(|&a| {
        naive_gods::neighbours(a)
            .iter()
            .any(|&(n, _)| mine.contains(&n))
    });
    let mut out = Vec::new();
    if touching {
        for &w in mine {
            let mut cut = s.clone();
            cut.workers[me].retain(|&x| x != w);
            out.push(cut);
        }
        return out;
    }
    let free = naive_gods::free_neighbours(s, moved);
    let Some(lowest) = free.iter().map(|&f| s.levels[f]).min() else {
        return out;
    };
    for f in free.into_iter().filter(|&f| s.levels[f] == lowest) {
        let mut grown = s.clone();
        grown.workers[me].push(f);
        grown.workers[me].sort_unstable();
        out.push(grown);
    }
    out
}
