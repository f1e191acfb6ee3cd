//! Proteus (santorini-ai main): three workers (placed at once, `A1,B2,C3`);
//! after a worker moves, one of his other workers is forced into the space
//! it left, from wherever it stands. His workers are alike, so the turn is
//! written as the forced worker's: `A1>C3^D4` is a worker stepping onto C3
//! from beside it, and A1's worker taking its place; it builds beside C3.
//! As santorini-ai has it where the card is silent: the follow is not a
//! choice, but a lone worker (Medusa or Bia took the others) moves as any;
//! a win needs no follow;
//! only the step counts as a move (up, for Persephone; the opponent's
//! restrictions apply to it), and a worker Hypnus holds may still follow.

use super::Power;
use super::power::{buildable, builds_around, move_then_build, movers, slide_among, wins};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::Move;
use crate::santorini::naive_gods::{self, NaiveState};

/// Proteus' power: three workers, the moved one's space taken by another.
pub(crate) struct Proteus;

/// The spaces a worker of his other than the one on `follower` ends its
/// move on, by the height rule (`up`: it may move up), with wins left out;
/// against the Harpies after its slide, which the follower does not block
/// (as santorini-ai has it).
fn steps_of_others(pos: &Position, follower: Space, up: bool) -> Bitboard {
    let mut ends = Bitboard::EMPTY;
    for from in movers(pos) & !follower.bitboard() {
        let blocked = pos.occupied() ^ from.bitboard() ^ follower.bitboard();
        for to in Proteus::steps(pos, from, up) {
            if !wins::<Proteus>(pos, from, to) {
                ends |= slide_among(pos, from, to, blocked).bitboard();
            }
        }
    }
    ends
}

impl Power for Proteus {
    const NAME: &'static str = "proteus";
    const TEXT: &'static str = "Three workers; after one moves, another takes the space it left.";
    const WORKERS: usize = 3;

    /// The step up is another worker's: onto `to` from a space beside it
    /// (a lone worker's own).
    fn climbs(pos: &Position, mv: Move) -> bool {
        if pos.workers[pos.to_move.index()].count() == 1 {
            return matches!(mv, Move::Build { from, to, .. } | Move::Win { from, to }
                if pos.level(to) > pos.level(from));
        }
        match mv {
            Move::Build { from, to, .. } => (movers(pos) & !from.bitboard())
                .into_iter()
                .any(|b| pos.level(to) > pos.level(b) && Proteus::steps(pos, b, true).contains(to)),
            Move::Win { from, to } => pos.level(to) > pos.level(from),
            _ => false,
        }
    }

    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        let mine = pos.workers[pos.to_move.index()];
        if mine.count() == 1 {
            for from in movers(pos) {
                move_then_build::<Proteus>(pos, from, Proteus::steps(pos, from, up), out);
            }
            return;
        }
        for from in movers(pos) {
            for to in Proteus::steps(pos, from, up) {
                if wins::<Proteus>(pos, from, to) {
                    out.push(Move::Win { from, to });
                }
            }
        }
        let theirs = pos.workers[pos.to_move.other().index()];
        for follower in pos.workers[pos.to_move.index()] {
            for to in steps_of_others(pos, follower, up) {
                // The follower's space is left; the mover's is taken again.
                let occupied = (pos.occupied() ^ follower.bitboard()) | to.bitboard();
                let builds = buildable(pos, theirs, builds_around(pos, to, occupied));
                for build in builds {
                    out.push(Move::Build {
                        from: follower,
                        to,
                        build,
                    });
                }
            }
        }
    }

    fn naive_moves(s: &NaiveState, from: usize) -> Vec<naive_gods::Moved> {
        let lone = s.workers[s.to_move].len() == 1;
        naive_gods::plain_moves(s, from)
            .into_iter()
            .filter(|m| m.won || lone)
            .collect()
    }

    fn naive_turns(s: &NaiveState) -> Vec<(NaiveState, bool)> {
        let me = s.to_move;
        let keeps = s.gods[1 - me].rules().naive_keeps_from;
        let mut out = Vec::new();
        for &follower in &s.workers[me] {
            for from in naive_gods::free_workers(s) {
                if from == follower {
                    continue;
                }
                // The follower does not block a slide (the Harpies').
                let mut without = s.clone();
                without.workers[me].retain(|&w| w != follower);
                for moved in naive_gods::plain_moves(s, from) {
                    if moved.won || keeps(s, from, moved.builder) {
                        continue;
                    }
                    let landed = naive_gods::landing(from, moved.builder);
                    let moved = naive_gods::moved(&without, from, landed, None);
                    let mut after = moved.after.clone();
                    after.workers[me].push(from);
                    after.workers[me].sort_unstable();
                    for built in naive_gods::builds(&after, moved.builder) {
                        out.push(naive_gods::turn_of(s, &moved, built));
                    }
                }
            }
        }
        out
    }
}
