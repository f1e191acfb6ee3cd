//! Asteria: if her worker moved down this turn, after its build she may
//! build a dome on any free space of the board, at any level (not the space
//! her build just domed). Against Limus a dome beside his workers must
//! complete a tower, as for every build (santorini-ai lets her dome there
//! at any level: docs/santorini.md). As santorini-ai does, she may not play
//! against Hades (she could never move down).

use super::power::domes_after;
use super::{God, Power};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Asteria's power: the dome after a move down.
pub(crate) struct Asteria;

impl Power for Asteria {
    const NAME: &'static str = "asteria";
    const TEXT: &'static str = "If your worker moved down this turn, you may also build a dome on \
                                any free space.";
    const BANS: &'static [God] = &[God::Hades];

    fn build_and(_pos: &Position, from: Space, to: Space, build: Space, dome: Space) -> Move {
        Move::Power(Turn::AndDome {
            from,
            to,
            build,
            dome,
        })
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
        if pos.level(to) >= pos.level(from) {
            return;
        }
        for dome in domes_after(pos, from, to, build) {
            out.push(Move::Power(Turn::AndDome {
                from,
                to,
                build,
                dome,
            }));
        }
    }

    fn naive_turns(s: &NaiveState) -> Vec<(NaiveState, bool)> {
        let theirs = s.gods[1 - s.to_move].rules();
        let mut out = Vec::new();
        for from in naive_gods::free_workers(s) {
            for moved in naive_gods::plain_moves(s, from) {
                // Down where the move ends (after the Harpies' slide).
                if moved.won
                    || s.levels[moved.builder] >= s.levels[from]
                    || (theirs.naive_keeps_from)(s, from, moved.builder)
                {
                    continue;
                }
                for once in naive_gods::builds(&moved.after, moved.builder) {
                    for space in 0..25 {
                        if once.is_free(space) && !once.build_limited(space) {
                            let mut domed = once.clone();
                            domed.levels[space] = 4;
                            out.push(naive_gods::turn_of(s, &moved, domed));
                        }
                    }
                }
            }
        }
        out
    }
}
