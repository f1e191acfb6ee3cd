//! Charon: before his worker moves, he may ferry a neighbouring opponent
//! worker to the space straight beyond his worker, if it is free (no worker,
//! no dome), at any level; the ferried worker does not win. His worker then
//! moves and builds by the board the ferry left (Aphrodite's and Limus'
//! workers counted where they stand then). A win needs no ferry where one
//! wins without it, as santorini-ai lists them: a ferry that wins is listed
//! only onto a space no unferried move wins on.

use super::Power;
use super::power::{
    buildable, builds_around, move_then_build, movers, slide, straight_on, walls, wins,
};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Charon's power: the ferry.
pub(crate) struct Charon;

impl Power for Charon {
    const NAME: &'static str = "charon";
    const TEXT: &'static str = "Before your worker moves, you may force a neighbouring opponent \
                                worker to the space straight beyond yours, if it is free.";

    fn build_and(_pos: &Position, from: Space, to: Space, build: Space, forced: Space) -> Move {
        let onto = straight_on(forced, from).unwrap_or(forced);
        Move::Power(Turn::Force {
            forced,
            onto,
            from,
            to,
            build,
        })
    }

    fn move_and(from: Space, to: Space, forced: Space) -> Move {
        let onto = straight_on(forced, from).unwrap_or(forced);
        Move::Power(Turn::ForceWin {
            forced,
            onto,
            from,
            to,
        })
    }

    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        let them = pos.to_move.other().index();
        let blocked = pos.occupied() | walls(pos);
        for from in movers(pos) {
            let plain = Charon::steps(pos, from, up);
            move_then_build::<Charon>(pos, from, plain, out);
            let plain_wins = Bitboard::from_spaces(
                plain
                    .into_iter()
                    .filter(|&to| wins::<Charon>(pos, from, to)),
            );
            for forced in Bitboard::neighbours(from) & pos.workers[them] & !walls(pos) {
                let Some(onto) = straight_on(forced, from).filter(|s| !blocked.contains(*s)) else {
                    continue;
                };
                let mut after = *pos;
                after.workers[them] ^= forced.bitboard() | onto.bitboard();
                let others = after.occupied() ^ from.bitboard();
                for to in Charon::steps(&after, from, up) {
                    if wins::<Charon>(&after, from, to) {
                        if !plain_wins.contains(to) {
                            out.push(Move::Power(Turn::ForceWin {
                                forced,
                                onto,
                                from,
                                to,
                            }));
                        }
                        continue;
                    }
                    let to = slide(&after, from, to);
                    let spaces = builds_around(&after, to, others | to.bitboard());
                    for build in buildable(&after, after.workers[them], spaces) {
                        out.push(Move::Power(Turn::Force {
                            forced,
                            onto,
                            from,
                            to,
                            build,
                        }));
                    }
                }
            }
        }
    }

    /// A plain win, or a win onto the space a ferry frees (the ferried
    /// worker stood there, or barred the step: Aphrodite's).
    fn can_win(pos: &Position, up: bool) -> bool {
        let them = pos.to_move.other().index();
        let blocked = pos.occupied() | walls(pos);
        let wins_from = |pos: &Position, from: Space| {
            Charon::steps(pos, from, up)
                .into_iter()
                .any(|to| wins::<Charon>(pos, from, to))
        };
        (movers(pos) & pos.heights[1]).into_iter().any(|from| {
            wins_from(pos, from)
                || (Bitboard::neighbours(from) & pos.workers[them] & !walls(pos))
                    .into_iter()
                    .any(|forced| {
                        straight_on(forced, from)
                            .filter(|s| !blocked.contains(*s))
                            .is_some_and(|onto| {
                                let mut after = *pos;
                                after.workers[them] ^= forced.bitboard() | onto.bitboard();
                                wins_from(&after, from)
                            })
                    })
        })
    }

    fn naive_turns(s: &NaiveState) -> Vec<(NaiveState, bool)> {
        let them = 1 - s.to_move;
        let theirs = s.gods[them].rules();
        let mut out = Vec::new();
        for from in naive_gods::free_workers(s) {
            let plain_wins: Vec<usize> = naive_gods::plain_moves(s, from)
                .into_iter()
                .filter(|m| m.won && !(theirs.naive_keeps_from)(s, from, m.builder))
                .map(|m| m.builder)
                .collect();
            for (forced, (dr, dc)) in naive_gods::neighbours(from) {
                if s.owner(forced) != Some(them) || s.is_frozen(forced) {
                    continue;
                }
                let Some(onto) = naive_gods::step(from, (-dr, -dc)) else {
                    continue;
                };
                if !s.is_free(onto) {
                    continue;
                }
                let mut ferried = s.clone();
                ferried.relocate(them, forced, onto);
                for moved in naive_gods::plain_moves(&ferried, from) {
                    if (theirs.naive_keeps_from)(&ferried, from, moved.builder) {
                        continue;
                    }
                    if moved.won {
                        if !plain_wins.contains(&moved.builder) {
                            out.push(naive_gods::turn_of(s, &moved, moved.after.clone()));
                        }
                        continue;
                    }
                    for built in naive_gods::builds(&moved.after, moved.builder) {
                        out.push(naive_gods::turn_of(s, &moved, built));
                    }
                }
            }
        }
        out
    }
}
