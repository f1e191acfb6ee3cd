//! The kept sums of any turn: a child's sums from its parent's, whatever
//! turn of whatever god (or pass) led from one to the other. The inputs
//! that differ between the two positions are taken off and put on: the
//! levels that changed, the workers that moved or were swapped or pushed
//! (or whose space was built on), the neighbourhood counts that changed
//! (and the gods' neighbourhood counts with them),
//! and Athena's mark. The base game keeps its own quicker update
//! ([`Net::child_sums`]), which knows the one move and build.

use super::inputs::{
    GODS, NEIGHBOURHOOD, NET_GODS, SLOT_INPUTS, god_slots, neighbourhood_counts, net_god,
};
use super::{HIDDEN, Net, Sums, add_row, add_row_times};
use crate::Player;
use crate::santorini::bitboard::Bitboard;
use crate::santorini::game::Position;

/// `acc -= row`.
#[inline(always)]
fn sub_row(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

impl Net {
    avx2_or_portable! {
        /// The sums of `child` written into `out`, from `parent_sums`, the
        /// sums of `parent` (both with every worker placed): exact for any
        /// turn, pass or Athena's mark between them.
        pub fn sums_between, sums_between_avx2 => sums_between_portable(
            &self, parent_sums: &Sums, parent: &Position, child: &Position, out: &mut Sums
        )
    }

    #[inline(always)]
    fn sums_between_portable(
        &self,
        parent_sums: &Sums,
        parent: &Position,
        child: &Position,
        out: &mut Sums,
    ) {
        *out = *parent_sums;
        let mut changed = Bitboard::EMPTY;
        for (a, b) in parent.heights.iter().zip(&child.heights) {
            changed |= *a ^ *b;
        }
        // The levels, the same inputs in both views.
        for s in changed {
            let (off, on) = (
                &self.w1[5 * s.index() + usize::from(parent.level(s))],
                &self.w1[5 * s.index() + usize::from(child.level(s))],
            );
            for acc in out.iter_mut() {
                sub_row(acc, off);
                add_row(acc, on);
            }
        }
        // The workers that left a space, came to one, or stand where the
        // level changed.
        for player in [Player::One, Player::Two] {
            let (was, is) = (parent.workers(player), child.workers(player));
            let (gone, come) = (was & (!is | changed), is & (!was | changed));
            if gone.is_empty() && come.is_empty() {
                continue;
            }
            for view in [Player::One, Player::Two] {
                let base = if view == player { 125 } else { 200 };
                let acc = &mut out[view.index()];
                for s in gone {
                    let h = usize::from(parent.level(s).min(2));
                    sub_row(acc, &self.w1[base + 3 * s.index() + h]);
                }
                for s in come {
                    let h = usize::from(child.level(s).min(2));
                    add_row(acc, &self.w1[base + 3 * s.index() + h]);
                }
            }
        }
        // The neighbourhood counts that changed, player p's counts the
        // first block of view p and the second of the other view.
        let (before, after) = (neighbourhood_counts(parent), neighbourhood_counts(child));
        for p in 0..2 {
            for k in 0..SLOT_INPUTS {
                let d = i16::from(after[p][k]) - i16::from(before[p][k]);
                if d == 0 {
                    continue;
                }
                // The gods never change; Mortal's rows are 0.
                let god = net_god(child.gods()[p]);
                for (view, acc) in out.iter_mut().enumerate() {
                    let side = usize::from(view != p);
                    add_row_times(acc, &self.w1[NEIGHBOURHOOD + side * SLOT_INPUTS + k], d);
                    if god != 0 {
                        add_row_times(acc, &self.w1[god_slots(side, god) + k], d);
                    }
                }
            }
        }
        // Athena's mark, the same input in both views.
        if parent.up_blocked() != child.up_blocked() {
            let (off, on) = (
                &self.w1[GODS + 2 * NET_GODS + usize::from(parent.up_blocked())],
                &self.w1[GODS + 2 * NET_GODS + usize::from(child.up_blocked())],
            );
            for acc in out.iter_mut() {
                sub_row(acc, off);
                add_row(acc, on);
            }
        }
    }
}
