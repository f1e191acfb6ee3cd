//! Hypnus: at the start of the opponent's turn, if one of their workers is
//! higher than all of their others, it cannot move (a Hermes worker held so
//! stays where it is and does not build). Workers on one level all move.
//! His own moves are the base game's.

use super::Power;
use crate::santorini::bitboard::Bitboard;
use crate::santorini::game::Position;
use crate::santorini::naive_gods::NaiveState;

/// Hypnus' power: the opponent's highest worker sleeps.
pub(crate) struct Hypnus;

/// Of `workers`, the one higher than all the others, if any: a lone
/// worker is (it has no others: Hydra's, as santorini-ai has it).
fn highest(pos: &Position, workers: Bitboard) -> Bitboard {
    if workers.count() < 2 {
        return workers;
    }
    for layer in pos.heights[..3].iter().rev() {
        let up = workers & *layer;
        match up.count() {
            0 => {}
            1 => return up,
            _ => return Bitboard::EMPTY,
        }
    }
    Bitboard::EMPTY
}

impl Power for Hypnus {
    const NAME: &'static str = "hypnus";
    const TEXT: &'static str =
        "If one of an opponent's workers is higher than all of their others, it cannot move.";
    const HOLDS: Option<fn(&Position, Bitboard) -> Bitboard> = Some(highest);

    fn naive_holds(s: &NaiveState, worker: usize) -> bool {
        let workers = &s.workers[s.to_move];
        workers
            .iter()
            .all(|&w| w == worker || s.levels[w] < s.levels[worker])
    }
}
