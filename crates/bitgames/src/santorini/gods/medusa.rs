//! Medusa (santorini-ai main): at the end of each of her turns that does
//! not win, every opponent worker beside one of hers and on a lower level
//! turns to stone: it leaves the board and a block is built where it stood
//! (all at once, on the board after her build; an opponent worker on a
//! space its god's state freezes, Clio's coin, is spared, as santorini-ai
//! has it). A player left with no worker loses. Her moves and builds are
//! the base game's. As santorini-ai does, she may not play against
//! Nemesis.

use super::power::{built, walls};
use super::{God, Power};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::Move;
use crate::santorini::naive_gods::{self, NaiveState};

/// Medusa's power: the petrifying gaze.
pub(crate) struct Medusa;

/// The opponent workers Medusa petrifies in `pos` (her turn's moves and
/// builds done, she still to move).
fn petrified(pos: &Position) -> Bitboard {
    let theirs = pos.workers[pos.to_move.other().index()] & !walls(pos);
    let mut stone = Bitboard::EMPTY;
    for mine in pos.workers[pos.to_move.index()] {
        let lower = pos.level(mine);
        stone |= Bitboard::from_spaces(
            (Bitboard::neighbours(mine) & theirs)
                .into_iter()
                .filter(|&w: &Space| pos.level(w) < lower),
        );
    }
    stone
}

/// Her gaze, after a turn that did not win.
fn after_turn(_before: &Position, _mv: Move, pos: &mut Position) {
    if pos.won {
        return;
    }
    let them = pos.to_move.other().index();
    for stone in petrified(pos) {
        pos.workers[them] ^= stone.bitboard();
        pos.heights = built(pos.heights, stone);
    }
}

impl Power for Medusa {
    const NAME: &'static str = "medusa";
    const AFTER_TURN: Option<fn(&Position, Move, &mut Position)> = Some(after_turn);
    const TEXT: &'static str = "At the end of your turn, every opponent worker beside yours and \
                                lower turns to stone: it leaves the board and a block is built \
                                in its place.";
    const REMOVES: bool = true;
    const BANS: &'static [God] = &[God::Nemesis];

    fn naive_after_turn(_before: &NaiveState, after: &mut NaiveState) {
        if after.winner.is_some() {
            return;
        }
        let (me, them) = (after.to_move, 1 - after.to_move);
        let stone: Vec<usize> = after.workers[them]
            .iter()
            .copied()
            .filter(|&w| {
                !after.is_frozen(w)
                    && naive_gods::neighbours(w).iter().any(|&(m, _)| {
                        after.workers[me].contains(&m) && after.levels[m] > after.levels[w]
                    })
            })
            .collect();
        for w in stone {
            after.workers[them].retain(|&x| x != w);
            after.levels[w] += 1;
        }
    }
}
