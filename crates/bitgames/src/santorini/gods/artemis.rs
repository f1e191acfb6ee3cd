//! Artemis: a worker may move one more time, but not back to the space it
//! started on. A step up from level 2 onto 3 wins at once, on either step.
//! A turn is where she ends and what she builds, so two paths to one end
//! are one turn; where one path to a space wins and another does not, she
//! wins (the end counts as a win only, as santorini-ai has it).

use super::Power;
use super::power::{buildable, builds_around, ends, movers, slide, slide_among, steps, wins};
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
            // The first step may leave where Aphrodite keeps her to end.
            for mid in steps(pos, from, others, up) {
                if wins::<Artemis>(pos, from, mid) {
                    winning |= mid.bitboard();
                    continue;
                }
                // Against the Harpies each step slides (the second may slide
                // across the space she started on, not step onto it).
                let mid = slide(pos, from, mid);
                reach |= mid.bitboard();
                for to in steps(pos, mid, others | from.bitboard(), up) {
                    if wins::<Artemis>(pos, mid, to) {
                        winning |= to.bitboard();
                    } else {
                        reach |= slide_among(pos, mid, to, others).bitboard();
                    }
                }
            }
            let allowed = ends(pos, from);
            for to in winning & allowed {
                out.push(Move::Win { from, to });
            }
            for to in reach & !winning & allowed {
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
            let allowed = ends(pos, from);
            steps(pos, from, others, up).into_iter().any(|mid| {
                if wins::<Artemis>(pos, from, mid) {
                    return allowed.contains(mid);
                }
                let mid = slide(pos, from, mid);
                (steps(pos, mid, others | from.bitboard(), up) & allowed)
                    .into_iter()
                    .any(|to| wins::<Artemis>(pos, mid, to))
            })
        })
    }

    /// A turn climbs if one of its paths does: a step up on either step
    /// (every win of hers is one).
    fn climbs(pos: &Position, mv: Move) -> bool {
        let (from, to) = match mv {
            Move::Build { from, to, .. } => (from, to),
            Move::Win { .. } => return true,
            _ => return false,
        };
        let others = pos.occupied() ^ from.bitboard();
        let up = !pos.up_blocked;
        steps(pos, from, others, up).into_iter().any(|mid| {
            if wins::<Artemis>(pos, from, mid) {
                return false;
            }
            let climbed = pos.level(mid) > pos.level(from);
            (mid == to && climbed)
                || steps(pos, mid, others | from.bitboard(), up).contains(to)
                    && (climbed || pos.level(to) > pos.level(mid))
        })
    }

    fn naive_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
        let mut moves = Vec::new();
        for first in naive_gods::plain_moves(s, from) {
            if !first.won {
                for mut second in naive_gods::plain_moves(&first.after, first.builder) {
                    if naive_gods::landing(first.builder, second.builder) != from {
                        second.moved_up |= first.moved_up;
                        second.moved_down |= first.moved_down;
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
