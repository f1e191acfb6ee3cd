//! Europa and her Talus (santorini-ai main): after her build she may put
//! the Talus token on a free space next to the worker that moved (the
//! space just built too, unless that build was a dome); it leaves the
//! space it stood on. No worker, hers or the opponent's, may move onto the
//! Talus, and no one may build on it (santorini-ai's rule: the card has it
//! bar builds only; santorini-ai bars moves too).
//!
//! Her state: the Talus' space as a row-major set (0 before she first puts
//! it), written `europa[E2]`. The turn that moves it: `A1>B2^C3@D3`.

use super::Power;
use super::power::{read_set, set_of, set_text, spaces_in, walls};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Europa's power: the Talus token.
pub(crate) struct Europa;

impl Power for Europa {
    const NAME: &'static str = "europa";
    const TEXT: &'static str = "After building, she may put the Talus on a free space next to \
                                the worker that moved: no one may move onto it or build on it.";
    const FREEZES: bool = true;
    const ACT: &'static str = "the Talus goes here";

    fn build_and(_pos: &Position, from: Space, to: Space, build: Space, at: Space) -> Move {
        Move::Power(Turn::Act {
            from,
            to,
            build,
            at,
        })
    }

    #[inline]
    fn frozen(state: u32, _own: bool) -> Bitboard {
        spaces_in(state)
    }

    fn write_state(state: u32) -> Option<String> {
        (state != 0).then(|| set_text(state))
    }

    fn read_state(text: &str) -> Result<u32, String> {
        let set = read_set(text)?;
        if set.count_ones() != 1 {
            return Err(format!(
                "europa's state is the Talus' one space, as [E2], not [{text}]"
            ));
        }
        Ok(set)
    }

    #[inline]
    fn more_builds(
        pos: &Position,
        from: Space,
        to: Space,
        build: Space,
        _builds: Bitboard,
        out: &mut Vec<Move>,
    ) {
        let workers = pos.occupied() ^ from.bitboard() ^ to.bitboard();
        let domed = if pos.level(build) == 3 {
            build.bitboard()
        } else {
            Bitboard::EMPTY
        };
        for at in Bitboard::neighbours(to) & !(workers | walls(pos) | domed) {
            out.push(Move::Power(Turn::Act {
                from,
                to,
                build,
                at,
            }));
        }
    }

    fn act(pos: &mut Position, at: Space) {
        pos.state[pos.to_move.index()] = set_of(at.bitboard());
    }

    fn naive_frozen(s: &NaiveState, player: usize, space: usize) -> bool {
        s.state[player] == 1 << space
    }

    fn naive_builds(
        _s: &NaiveState,
        builder: usize,
        _space: usize,
        once: &NaiveState,
        out: &mut Vec<NaiveState>,
    ) {
        // `once.is_free`: no worker, no dome (the build may have made one),
        // not the Talus where it stands.
        for (at, _) in naive_gods::neighbours(builder) {
            if once.is_free(at) {
                let mut moved = once.clone();
                moved.state[once.to_move] = 1 << at;
                out.push(moved);
            }
        }
    }
}
