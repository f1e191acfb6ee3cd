//! Minotaur: a worker may move into an opponent worker's space (by the
//! height rule) if the next space in the same direction is on the board,
//! free and not domed, at any level; that worker is pushed there. The
//! pushed worker does not win (as santorini-ai has it).

use super::Power;
use super::power::{Enter, straight_on, walls};
use crate::santorini::bitboard::Space;
use crate::santorini::game::Position;
use crate::santorini::naive_gods::{self, Moved, NaiveState};

/// Minotaur's power: the push.
pub(crate) struct Minotaur;

impl Power for Minotaur {
    const NAME: &'static str = "minotaur";
    const TEXT: &'static str = "Your worker may move into an opponent worker's space if the next \
                                space in the same direction is free; that worker is forced there.";
    const ENTERS: Enter = Enter::Push;

    /// One space on from `to`, away from `from`, if it is a space at all.
    #[inline]
    fn forced(pos: &Position, from: Space, to: Space) -> Option<Space> {
        let push = straight_on(from, to)?;
        let blocked = pos.occupied() | walls(pos);
        (!blocked.contains(push)).then_some(push)
    }

    fn naive_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
        let mut moves = naive_gods::plain_moves(s, from);
        moves.extend(naive_gods::forcing_moves(s, from, |to, direction| {
            naive_gods::step(to, direction).filter(|&beyond| s.is_free(beyond))
        }));
        moves
    }
}
