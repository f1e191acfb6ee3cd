//! Achilles, a hero: once a game, his worker builds both before and after
//! moving (`^C3 A1>B2^C4`), up or down as the board after the first build
//! allows (unlike Prometheus); the second build may go on the first's
//! space, unless it became a dome. Where the card is silent, as
//! santorini-ai has it: a build before a move that wins is his only by
//! the climb onto the space just built (`^C3 B2>C3#`, from level 2 onto
//! the block that makes it level 3); a build before a plain win is no
//! turn. santorini-ai's main branch also drops some of his turns (two
//! builds where the second could have been a first); a known difference,
//! the test computes main's from ours.
//!
//! His state: 1 once the power is spent, written `achilles[x]`.

use super::Power;
use super::power::{SPENT, buildable, builds_around, built, move_then_build, movers, slide, wins};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, Moved, NaiveState};

/// Achilles' power: one turn with builds before and after the move.
pub(crate) struct Achilles;

/// His turn with a build first spends the power.
fn after_turn(_before: &Position, mv: Move, pos: &mut Position) {
    if let Move::Power(Turn::BuildFirst { .. } | Turn::BuildFirstWin { .. }) = mv {
        pos.state[pos.to_move.index()] = SPENT;
    }
}

impl Power for Achilles {
    const NAME: &'static str = "achilles";
    const TEXT: &'static str = "Once per game, your worker builds both before and after moving.";
    const AFTER_TURN: Option<fn(&Position, Move, &mut Position)> = Some(after_turn);

    hero_state!();

    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        let theirs = pos.workers[pos.to_move.other().index()];
        let unspent = pos.state[pos.to_move.index()] != SPENT;
        for from in movers(pos) {
            move_then_build::<Achilles>(pos, from, Achilles::steps(pos, from, up), out);
            if !unspent {
                continue;
            }
            let others = pos.occupied() ^ from.bitboard();
            for first in buildable(pos, theirs, builds_around(pos, from, others)) {
                let mut after = *pos;
                after.heights = built(pos.heights, first);
                for to in Achilles::steps(&after, from, up) {
                    if wins::<Achilles>(&after, from, to) {
                        if to == first {
                            out.push(Move::Power(Turn::BuildFirstWin { first, from, to }));
                        }
                        continue;
                    }
                    let to = slide(&after, from, to);
                    let builds = builds_around(&after, to, others | to.bitboard());
                    for build in buildable(&after, theirs, builds) {
                        out.push(Move::Power(Turn::BuildFirst {
                            first,
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
        let movers = movers(pos);
        let plain = |from| {
            Achilles::steps(pos, from, up)
                .into_iter()
                .any(|to| wins::<Achilles>(pos, from, to))
        };
        if movers.into_iter().any(plain) {
            return true;
        }
        // The climb onto a block he builds first, from level 2.
        let theirs = pos.workers[pos.to_move.other().index()];
        let unspent = pos.state[pos.to_move.index()] != SPENT;
        unspent
            && (movers & pos.spaces_at_level(2)).into_iter().any(|from| {
                let others = pos.occupied() ^ from.bitboard();
                let firsts = buildable(pos, theirs, builds_around(pos, from, others));
                (firsts & pos.spaces_at_level(2)).into_iter().any(|first| {
                    let mut after = *pos;
                    after.heights = built(pos.heights, first);
                    Achilles::steps(&after, from, up).contains(first)
                        && wins::<Achilles>(&after, from, first)
                })
            })
    }

    fn naive_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
        let me = s.to_move;
        let mut moves = naive_gods::plain_moves(s, from);
        if s.state[me] == SPENT {
            return moves;
        }
        for (first, _) in naive_gods::neighbours(from) {
            if !s.is_free(first) || s.build_limited(first) {
                continue;
            }
            let mut built_first = s.clone();
            built_first.levels[first] += 1;
            built_first.state[me] = SPENT;
            for moved in naive_gods::plain_moves(&built_first, from) {
                if !moved.won || moved.builder == first {
                    moves.push(moved);
                }
            }
        }
        moves
    }
}
