//! Polyphemus (santorini-ai main): once a game, after his build, he may
//! build one or two domes on free spaces anywhere on the board, at any
//! level (not on the space his build just domed): `A1>B2^C3^D4X`,
//! `A1>B2^C3^D4X^E5X`. Where the card is silent, as santorini-ai has it:
//! the domes go on the board after the worker's move and build, a space
//! the opponent's god freezes takes none. Against Limus a dome beside his
//! workers must complete a tower, as every build (santorini-ai lets it
//! stand at any level: docs/santorini.md). As santorini-ai does, he may
//! not play against Chronus.
//!
//! His state: 1 once the domes are built, written `polyphemus[x]`.

use super::power::{SPENT, domes_after};
use super::{God, Power};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::{Move, Power as Turn};
use crate::santorini::naive_gods::NaiveState;

/// Polyphemus' power: two domes anywhere, once.
pub(crate) struct Polyphemus;

/// Building the domes spends the power.
fn after_turn(_before: &Position, mv: Move, pos: &mut Position) {
    if let Move::Power(Turn::AndDome { .. } | Turn::Domes { .. }) = mv {
        pos.state[pos.to_move.index()] = SPENT;
    }
}

impl Power for Polyphemus {
    const NAME: &'static str = "polyphemus";
    const SPELLS: bool = true;
    const TEXT: &'static str = "Once per game, after your build, you may build up to two domes \
                                on any free spaces, at any level.";
    const AFTER_TURN: Option<fn(&Position, Move, &mut Position)> = Some(after_turn);
    const BANS: &'static [God] = &[God::Chronus];

    hero_state!();

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
        if pos.state[pos.to_move.index()] == SPENT {
            return;
        }
        let domes = domes_after(pos, from, to, build);
        for a in domes {
            out.push(Move::Power(Turn::AndDome {
                from,
                to,
                build,
                dome: a,
            }));
            for b in domes.after(a) {
                out.push(Move::Power(Turn::Domes {
                    from,
                    to,
                    build,
                    domes: [a, b],
                }));
            }
        }
    }

    fn go_on(pos: &Position, turn: Move, out: &mut Vec<Move>) {
        if let Move::Power(Turn::AndDome {
            from, to, build, ..
        }) = turn
        {
            Self::more_builds(pos, from, to, build, Bitboard::EMPTY, out);
        }
    }

    fn naive_builds(
        s: &NaiveState,
        _builder: usize,
        _space: usize,
        once: &NaiveState,
        out: &mut Vec<NaiveState>,
    ) {
        let me = s.to_move;
        if s.state[me] == SPENT {
            return;
        }
        let free: Vec<usize> = (0..25)
            .filter(|&d| once.is_free(d) && !once.build_limited(d))
            .collect();
        for (i, &a) in free.iter().enumerate() {
            let mut one = once.clone();
            one.levels[a] = 4;
            one.state[me] = SPENT;
            for &b in &free[i + 1..] {
                let mut two = one.clone();
                two.levels[b] = 4;
                out.push(two);
            }
            out.push(one);
        }
    }
}
