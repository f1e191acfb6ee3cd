//! Artemis: a worker may move one more time, but not back to the space it
//! started on. A step up from level 2 onto 3 wins at once, on either step.
//! A turn is where she ends and what she builds, so two paths to one end
//! are one turn; where one path to a space wins and another does not, she
//! wins (the end counts as a win only, as santorini-ai has it).

use super::Power;
use super::power::{buildable, builds_around, movers, steps, wins};
use crate::santorini::bitboard::Bitboard;
use crate::santorini::game::Position;
use crate::santorini::moves::Move;
use crate::santorini::naive_gods::{self, Moved, NaiveState};

/// Artemis' power: a second step.
pub(crate) struct Artemis;

impl Power for Artemis {
    const NAME: &'static str = "artemis";
    const TEXT: &'static str =
        "Your worker may move one more time, but not back to the space it started on.";

    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        let theirs = pos.workers[pos.to_move.other().index()];
        for from in movers(pos) {
            let others = pos.occupied() ^ from.bitboard();
            let mut winning = Bitboard::EMPTY;
            let mut reach = Bitboard::EMPTY;
            for mid in Artemis::steps(pos, from, up) {
                if wins::<Artemis>(pos, from, mid) {
                    winning |= mid.bitboard();
                    continue;
                }
                reach |= mid.bitboard();
                for to in steps(pos, mid, others | from.bitboard(), up) {
                    if wins::<Artemis>(pos, mid, to) {
                        winning |= to.bitboard();
                    } else {
                        reach |= to.bitboard();
                    }
                }
            }
            for to in winning {
                out.push(Move::Win { from, to });
            }
            for to in reach & !winning {
                let builds = builds_around(pos, to, others | to.bitboard());
                for build in buildable(pos, theirs, builds) {
                    out.push(Move::Build { from, to, build });
                }
            }
        }
    }

    /// A win needs a worker on level 1 or higher (two steps up).
    fn can_win(pos: &Position, up: bool) -> bool {
        let mine = movers(pos);
        if (mine & pos.heights[0]).is_empty() {
            return false;
        }
        mine.into_iter().any(|from| {
            let others = pos.occupied() ^ from.bitboard();
            Artemis::steps(pos, from, up).into_iter().any(|mid| {
                wins::<Artemis>(pos, from, mid)
                    || steps(pos, mid, others | from.bitboard(), up)
                        .into_iter()
                        .any(|to| wins::<Artemis>(pos, mid, to))
            })
        })
    }

    fn naive_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
        let mut moves = Vec::new();
        for first in naive_gods::plain_moves(s, from) {
            if !first.won {
                for second in naive_gods::plain_moves(&first.after, first.builder) {
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
}
