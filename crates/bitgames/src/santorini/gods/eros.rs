//! Eros (santorini-ai's): her workers are placed on opposite edges of the
//! board (one on the top row and one on the bottom row, or one on the left
//! column and one on the right: a corner is on two edges), and she also
//! wins by a move onto level 1 beside her other worker on level 1. Hera
//! denies that win on the perimeter like any other. Her moves and builds
//! are the base game's.

use super::Power;
use super::power::Placing;
use crate::santorini::bitboard::Space;
use crate::santorini::game::Position;
use crate::santorini::naive_gods::{self, NaiveState};

/// Eros' power: two workers side by side on level 1 win.
pub(crate) struct Eros;

/// Whether `a` and `b` are on opposite edges of the board.
fn opposite(a: Space, b: Space) -> bool {
    let across = |x: u8, y: u8| x.min(y) == 1 && x.max(y) == 5;
    across(a.row(), b.row()) || across(a.col(), b.col())
}

impl Power for Eros {
    const NAME: &'static str = "eros";
    const TEXT: &'static str = "Your workers start on opposite edges of the board; you also win \
                                when your workers stand side by side on level 1 after your move.";
    const WINS_ANYWHERE: bool = true;
    const PLACES: Option<Placing> = Some(Placing {
        may: opposite,
        where_: "on opposite edges of the board",
    });

    #[inline]
    fn wins_by_end(pos: &Position, from: Space, to: Space) -> bool {
        let other = pos.workers[pos.to_move.index()] ^ from.bitboard();
        let level1 = pos.heights[0] & !pos.heights[1];
        level1.contains(to) && !(other & level1 & to.bitboard().closed_neighbourhood()).is_empty()
    }

    fn naive_places(a: usize, b: usize) -> bool {
        let edges = |x: usize, y: usize| (x == 0 && y == 4) || (x == 4 && y == 0);
        edges(a / 5, b / 5) || edges(a % 5, b % 5)
    }

    fn naive_wins_by_end(s: &NaiveState, from: usize, to: usize) -> bool {
        let me = s.to_move;
        s.levels[to] == 1
            && s.workers[me].iter().any(|&w| {
                w != from
                    && s.levels[w] == 1
                    && naive_gods::neighbours(to).iter().any(|&(n, _)| n == w)
            })
    }
}
