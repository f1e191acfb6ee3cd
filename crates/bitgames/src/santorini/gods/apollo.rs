//! Apollo: a worker may move into an opponent worker's space (by the height
//! rule); that worker is forced into the space Apollo's just left. The
//! forced worker does not win, whatever level it lands on (as
//! santorini-ai has it).

use super::Power;
use super::power::Enter;
use crate::santorini::bitboard::Space;
use crate::santorini::game::Position;
use crate::santorini::naive_gods::{self, Moved, NaiveState};

/// Apollo's power: the swap.
pub(crate) struct Apollo;

impl Power for Apollo {
    const NAME: &'static str = "apollo";
    const TEXT: &'static str = "Your worker may move into an opponent worker's space; \
                                that worker is forced into the space yours just left.";
    const ENTERS: Enter = Enter::Swap;

    #[inline]
    fn forced(_pos: &Position, from: Space, _to: Space) -> Option<Space> {
        Some(from)
    }

    fn naive_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
        let mut moves = naive_gods::plain_moves(s, from);
        moves.extend(naive_gods::forcing_moves(s, from, |_, _| Some(from)));
        moves
    }
}
