//! Bia (santorini-ai main): she places her workers first, both on the
//! board's edge (player 1 still moves first); and when her worker moves,
//! an opponent worker on the space straight beyond its end, in the
//! direction it moved, is removed from the game (at any level; after the
//! move, before the build, so the build may go where it stood). The
//! removal is not a choice, as santorini-ai has it, and a winning move
//! removes no one. An opponent worker on a space its god's state freezes
//! (Clio's coin) stands like a dome and is spared. As santorini-ai does,
//! she may not play against Nemesis.

use super::power::{
    Placing, buildable, builds_around, landing, movers, slide_among, straight_on, walls, wins,
};
use super::{God, Power};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::Move;
use crate::santorini::naive_gods::{self, Moved, NaiveState};

/// Bia's power: the worker beyond her move is removed.
pub(crate) struct Bia;

/// Whether both spaces are on the board's edge.
fn on_edge(a: Space, b: Space) -> bool {
    !Bitboard::MIDDLE.contains(a) && !Bitboard::MIDDLE.contains(b)
}

/// The opponent worker her move from `from` to `to` removes, if any.
fn victim(pos: &Position, from: Space, to: Space) -> Option<Space> {
    let theirs = pos.workers[pos.to_move.other().index()] & !walls(pos);
    straight_on(from, to).filter(|&beyond| theirs.contains(beyond))
}

/// Her move removes the opponent worker beyond it.
fn after_turn(before: &Position, mv: Move, pos: &mut Position) {
    if let Move::Build { from, to, .. } = mv
        && let Some(gone) = victim(before, from, landing(before, from, to))
    {
        pos.workers[pos.to_move.other().index()] ^= gone.bitboard();
    }
}

impl Power for Bia {
    const NAME: &'static str = "bia";
    const AFTER_TURN: Option<fn(&Position, Move, &mut Position)> = Some(after_turn);
    const TEXT: &'static str = "You place your workers first, on the edge; an opponent worker \
                                straight beyond where your worker moves is removed.";
    const REMOVES: bool = true;
    const PLACES_FIRST: bool = true;
    const PLACES: Option<Placing> = Some(Placing {
        may: on_edge,
        where_: "on the edge of the board",
    });
    const BANS: &'static [God] = &[God::Nemesis];

    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        let theirs = pos.workers[pos.to_move.other().index()];
        for from in movers(pos) {
            let others = pos.occupied() ^ from.bitboard();
            for to in Self::steps(pos, from, up) {
                if wins::<Self>(pos, from, to) {
                    out.push(Move::Win { from, to });
                    continue;
                }
                let gone = victim(pos, from, to).map_or(Bitboard::EMPTY, Space::bitboard);
                // Against the Harpies the victim is gone before the slide.
                let to = slide_among(pos, from, to, pos.occupied() & !gone);
                let occupied = (others | to.bitboard()) & !gone;
                let builds = builds_around(pos, to, occupied);
                for build in buildable(pos, theirs & !gone, builds) {
                    out.push(Move::Build { from, to, build });
                }
            }
        }
    }

    fn naive_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
        let them = 1 - s.to_move;
        let mut moves = Vec::new();
        for (to, direction) in naive_gods::neighbours(from) {
            if !s.is_free(to) || !s.may_climb(from, to) {
                continue;
            }
            let mut without = s.clone();
            if let Some(beyond) = naive_gods::step(to, direction)
                && s.owner(beyond) == Some(them)
                && !s.is_frozen(beyond)
            {
                // The victim is gone before the move ends (a slide passes).
                without.workers[them].retain(|&w| w != beyond);
            }
            let moved = naive_gods::moved(&without, from, to, None);
            moves.push(if moved.won {
                naive_gods::moved(s, from, to, None)
            } else {
                moved
            });
        }
        moves
    }

    fn naive_places(a: usize, b: usize) -> bool {
        naive_gods::on_perimeter(a) && naive_gods::on_perimeter(b)
    }
}
