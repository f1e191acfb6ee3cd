//! Scylla: if her worker moves away from a space beside an opponent worker,
//! she may drag that worker into the space hers just left, at any level; the
//! dragged worker does not win. She builds by the board the drag left
//! (Limus' workers counted where they stand then). Aphrodite's keeping her
//! near does not stop a drag: a dragged Aphrodite worker ends beside her,
//! and so a move that wins may end anywhere when a drag is open to her. A
//! winning move is listed without a drag, as santorini-ai lists it.

use super::Power;
use super::power::{buildable, builds_around, move_then_build, movers, slide, steps, walls, wins};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Scylla's power: the drag.
pub(crate) struct Scylla;

impl Power for Scylla {
    const NAME: &'static str = "scylla";
    const TEXT: &'static str = "If your worker moves away from a neighbouring opponent worker, \
                                you may force that worker into the space yours just left.";

    fn build_and(_pos: &Position, from: Space, to: Space, build: Space, forced: Space) -> Move {
        Move::Power(Turn::Force {
            forced,
            onto: from,
            from,
            to,
            build,
        })
    }

    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        let them = pos.to_move.other().index();
        for from in movers(pos) {
            move_then_build::<Scylla>(pos, from, Scylla::steps(pos, from, up), out);
            let draggable = Bitboard::neighbours(from) & pos.workers[them] & !walls(pos);
            if draggable.is_empty() {
                continue;
            }
            // A drag leaves a worker of hers beside the mover's end, so
            // Aphrodite's area holds it: the steps without that rule.
            let others = pos.occupied() ^ from.bitboard();
            let kept = Scylla::steps(pos, from, up);
            for to in steps(pos, from, others, up) {
                if wins::<Scylla>(pos, from, to) {
                    if !kept.contains(to) {
                        out.push(Move::Win { from, to });
                    }
                    continue;
                }
                let to = slide(pos, from, to);
                for forced in draggable {
                    let mut after = *pos;
                    after.workers[them] ^= forced.bitboard() | from.bitboard();
                    let mine = pos.workers[pos.to_move.index()] ^ from.bitboard() ^ to.bitboard();
                    let spaces = builds_around(&after, to, mine | after.workers[them]);
                    for build in buildable(&after, after.workers[them], spaces) {
                        out.push(Move::Power(Turn::Force {
                            forced,
                            onto: from,
                            from,
                            to,
                            build,
                        }));
                    }
                }
            }
        }
    }

    fn can_win(pos: &Position, up: bool) -> bool {
        let mine = movers(pos);
        if (mine & pos.heights[1]).is_empty() {
            return false;
        }
        let theirs = pos.workers[pos.to_move.other().index()];
        mine.into_iter().any(|from| {
            let dests = if (Bitboard::neighbours(from) & theirs).is_empty() {
                Scylla::steps(pos, from, up)
            } else {
                steps(pos, from, pos.occupied() ^ from.bitboard(), up)
            };
            dests.into_iter().any(|to| wins::<Scylla>(pos, from, to))
        })
    }

    fn naive_turns(s: &NaiveState) -> Vec<(NaiveState, bool)> {
        let them = 1 - s.to_move;
        let theirs = s.gods[them].rules();
        let mut out = Vec::new();
        for from in naive_gods::free_workers(s) {
            let can_drag = naive_gods::neighbours(from)
                .iter()
                .any(|&(n, _)| s.owner(n) == Some(them) && !s.is_frozen(n));
            for moved in naive_gods::plain_moves(s, from) {
                if moved.won {
                    // A win kept out by Aphrodite, open with a drag.
                    if can_drag && (theirs.naive_keeps_from)(s, from, moved.builder) {
                        out.push(naive_gods::turn_of(s, &moved, moved.after.clone()));
                    }
                    continue;
                }
                for (forced, _) in naive_gods::neighbours(from) {
                    if s.owner(forced) != Some(them) || s.is_frozen(forced) {
                        continue;
                    }
                    let mut dragged = moved.after.clone();
                    dragged.relocate(them, forced, from);
                    for built in naive_gods::builds(&dragged, moved.builder) {
                        out.push(naive_gods::turn_of(s, &moved, built));
                    }
                }
            }
        }
        out
    }
}
