//! Selene (santorini-ai main): one of her two workers is female (named at
//! placement, `A1,B2@A1`; `selene[A1]` keeps where she stands). Instead of
//! the build, the female worker may build a dome at any level, whichever
//! worker moved: beside where she stands after the move (`A1>B2^C3X`, C3
//! beside her). Where the card is silent, as santorini-ai has it: a dome on
//! a level 3 is an ordinary build; once the opponent's god took her off
//! the board, Selene builds as a mortal. Limus forbids her domes beside his
//! workers but on a level 3 (his card's complete tower). As santorini-ai
//! does, she may not play against Chronus, whose towers her domes are not.

use super::female::female_of;
use super::power::{buildable, builds_around, move_then_build, movers, slide, wins};
use super::{God, Power};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::{self, NaiveState};

/// Selene's power: her female worker's dome.
pub(crate) struct Selene;

impl Power for Selene {
    const NAME: &'static str = "selene";
    const TEXT: &'static str = "Her female worker may build a dome at any level instead of the \
                                build, whichever worker moved.";
    const FEMALE: bool = true;
    const BANS: &'static [God] = &[God::Chronus];

    female_state!();

    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        let her = female_of(pos.state[pos.to_move.index()]);
        let theirs = pos.workers[pos.to_move.other().index()];
        let level3 = pos.heights[2] & !pos.heights[3];
        for from in movers(pos) {
            let dests = Selene::steps(pos, from, up);
            move_then_build::<Selene>(pos, from, dests, out);
            let Some(her) = her else {
                continue;
            };
            for to in dests {
                if wins::<Selene>(pos, from, to) {
                    continue;
                }
                let to = slide(pos, from, to);
                let occupied = (pos.occupied() ^ from.bitboard()) | to.bitboard();
                let at = if her == from { to } else { her };
                let domes = buildable(pos, theirs, builds_around(pos, at, occupied) & !level3);
                for build in domes {
                    out.push(Move::Power(Turn::Dome { from, to, build }));
                }
            }
        }
    }

    fn naive_turns(s: &NaiveState) -> Vec<(NaiveState, bool)> {
        let me = s.to_move;
        let Some(her) = female_of(s.state[me]).map(|h| h.index()) else {
            return Vec::new();
        };
        let keeps = s.gods[1 - me].rules().naive_keeps_from;
        let mut out = Vec::new();
        for from in naive_gods::free_workers(s) {
            for moved in naive_gods::plain_moves(s, from) {
                if moved.won || keeps(s, from, moved.builder) {
                    continue;
                }
                let at = if her == from { moved.builder } else { her };
                for dome in naive_gods::free_neighbours(&moved.after, at) {
                    if moved.after.levels[dome] == 3 || moved.after.build_limited(dome) {
                        continue;
                    }
                    let mut domed = moved.after.clone();
                    domed.levels[dome] = 4;
                    out.push(naive_gods::turn_of(s, &moved, domed));
                }
            }
        }
        out
    }
}
