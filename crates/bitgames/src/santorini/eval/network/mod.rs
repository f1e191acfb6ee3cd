//! A small network evaluation: one hidden layer of clipped-ReLU units over
//! sparse inputs (each space's level, each worker's space and level, each
//! worker's neighbourhood), added to the linear evaluation's terms
//! ([`super::features()`]), trained on self-play games (`bitgames-lab
//! train`).
//!
//! The inputs are from the point of view of the player to move:
//!
//! - `5 * s + l`: space `s` (row-major `0..25`, A5 first) is at level `l`
//!   (0 to 4, 4 a dome): 25 of these are on;
//! - `125 + 3 * s + h`: one of my workers stands on space `s` at level `h`
//!   (0 to 2);
//! - `200 + 3 * s + h`: one of the opponent's;
//! - `275 + 7 * h + c`: one of the eight neighbour slots of one of my
//!   workers standing at level `h` (0 to 2) is of category `c`
//!   ([`slot_category`]: a free space at level 0 to 3, a dome, off the
//!   board, a worker); `296 + 7 * h + c`: the same for the opponent's
//!   workers. These inputs count: the same input is on once a slot, up to
//!   16 times, so the network sees its workers' surroundings (where they
//!   can climb, what blocks them) without having to put them together from
//!   the absolute spaces. They feed only the first
//!   [`NEIGHBOURHOOD_UNITS`] hidden units (their rows are 0 beyond, which
//!   [`Net::from_bytes`] checks): a move changes about ten of these counts
//!   (the moved worker's sixteen slots), and the search keeps the sums
//!   move by move ([`Net::child_sums`]);
//! - the gods ([`GODS`]): each side's god and Athena's mark, the matchup
//!   ([`MATCHUP`]: my god against the opponent's), and each side's
//!   neighbourhood counts again, in a block of its god's own
//!   ([`GOD_NEIGHBOURHOOD`]), so that a god's workers' surroundings weigh
//!   what they are worth to that god. Mortal's rows are 0
//!   ([`is_base_god_input`]): the base game's sums are its board's alone.
//!
//! So 97 inputs (25 levels, 4 workers, the 32 neighbour slots and the
//! 32 again for the gods, 3 god inputs and the matchup) are on in a
//! position with its four workers, and the hidden layer's sums are those
//! rows of `i16` added together (a count's row times the count). The
//! network reads the position from both sides: the same hidden layer over
//! the inputs with the players' roles swapped ([`other_view`]) feeds the
//! output through weights of its own. The output, in the linear
//! evaluation's units, is
//!
//! ```text
//! sum_j w2[j] clamp(a[j], 0, 1) + sum_j w2_other[j] clamp(o[j], 0, 1) + b2 + sum_k dense[k] f[k]
//! ```
//!
//! with `a = b1 + sum_i w1[i]` over the inputs that are on, `o` the same
//! over the other view's, and `f` the linear terms. Weights are stored
//! quantized: `w1` and `b1` times [`QA`],
//! `w2` and `w2_other` times [`QB`].
//!
//! The file format ([`Net::to_bytes`]): `BGSNET02`, the number of inputs
//! and of hidden units (`u16` each), then `w1` (input by input), `b1`,
//! `w2`, `w2_other` (`i16` each), `b2` and `dense` (`i32` each), all
//! little-endian.

mod inputs;

use inputs::neighbourhood_counts;
pub use inputs::{
    GOD_NEIGHBOURHOOD, GOD_SLOT_INPUTS, GODS, INPUTS, INPUTS_BEFORE_MATCHUPS, MATCHUP, MAX_ON,
    NEIGHBOURHOOD, NEIGHBOURHOOD_UNITS, NET_GODS, ON_WITH_FOUR_WORKERS, SLOT_CATEGORIES,
    SLOT_INPUTS, SYMMETRIES, god_inputs, god_slots, inputs, is_base_god_input, net_god, other_view,
    slot_category,
};

use super::features::{FEATURES, Weights, features, weigh};
use crate::Game;
use crate::Player;
use crate::santorini::bitboard::Bitboard;
use crate::santorini::game::{Move, Position};
use inputs::{add_slots, category_of};
use std::sync::{Arc, OnceLock};

/// The number of hidden units (512 and 1,024 were tried: no stronger for
/// their cost, docs/santorini/engine-history.md).
pub const HIDDEN: usize = 256;
/// The scale of the first layer: an activation of 1 is `QA`.
pub const QA: i32 = 127;
/// The scale of the output weights.
pub const QB: i32 = 32;
/// The first bytes of a network file.
pub const MAGIC: &[u8; 8] = b"BGSNET02";
/// The bytes before the weights: [`MAGIC`], the inputs and hidden units.
const HEADER: usize = 12;

/// Defines the method `$name`, which runs `$portable` compiled for AVX2
/// when the processor has it (checked at run time: `$avx2` is the AVX2
/// copy), else as it is (the target's baseline, SSE2 on x86-64).
macro_rules! avx2_or_portable {
    ($(#[$meta:meta])* $vis:vis fn $name:ident, $avx2:ident => $portable:ident
        (&self $(, $arg:ident: $ty:ty)*) $(-> $ret:ty)?) => {
        $(#[$meta])*
        #[inline]
        $vis fn $name(&self $(, $arg: $ty)*) $(-> $ret)? {
            #[cfg(target_arch = "x86_64")]
            {
                if std::is_x86_feature_detected!("avx2") {
                    // SAFETY: the processor has AVX2, checked just above.
                    return unsafe { self.$avx2($($arg),*) };
                }
            }
            self.$portable($($arg),*)
        }

        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2")]
        fn $avx2(&self $(, $arg: $ty)*) $(-> $ret)? {
            self.$portable($($arg),*)
        }
    };
}

/// A network's weights (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Net {
    /// First layer, one row of [`HIDDEN`] a input, times [`QA`]; the
    /// neighbourhood inputs' rows (from [`NEIGHBOURHOOD`]) are 0 past the
    /// first [`NEIGHBOURHOOD_UNITS`] units (the kept sums skip them).
    pub w1: Vec<[i16; HIDDEN]>,
    /// First layer's biases, times [`QA`].
    pub b1: [i16; HIDDEN],
    /// Output weights of the player to move's view, in evaluation units
    /// times [`QB`].
    pub w2: [i16; HIDDEN],
    /// Output weights of the opponent's view (the hidden units over the
    /// inputs seen from the other side, [`other_view`]).
    pub w2_other: [i16; HIDDEN],
    /// Output bias, in evaluation units.
    pub b2: i32,
    /// The linear terms' weights, in evaluation units.
    pub dense: Weights,
}

/// The network the engine plays the base game with (`net.bin`, trained
/// by `bitgames-lab train`).
static BUILT_IN: &[u8] = include_bytes!("net.bin");
/// The network it plays games with gods with (`gods.bin`: `net.bin`
/// trained further on games of random god pairs, docs/santorini/data.md).
static BUILT_IN_GODS: &[u8] = include_bytes!("gods.bin");

impl Net {
    /// The engine's network, read once.
    ///
    /// # Panics
    ///
    /// Never for the file built in (a test reads it).
    #[must_use]
    pub fn builtin() -> Arc<Net> {
        static NET: OnceLock<Arc<Net>> = OnceLock::new();
        NET.get_or_init(|| Arc::new(Net::from_bytes(BUILT_IN).expect("the built-in net.bin")))
            .clone()
    }

    /// The engine's network for games with gods, read once.
    ///
    /// # Panics
    ///
    /// Never for the file built in (a test reads it).
    #[must_use]
    pub fn builtin_gods() -> Arc<Net> {
        static NET: OnceLock<Arc<Net>> = OnceLock::new();
        NET.get_or_init(|| Arc::new(Net::from_bytes(BUILT_IN_GODS).expect("the built-in gods.bin")))
            .clone()
    }

    /// The network with no hidden layer: the linear evaluation with these
    /// weights.
    #[must_use]
    pub fn linear(weights: Weights) -> Net {
        Net {
            w1: vec![[0; HIDDEN]; INPUTS],
            b1: [0; HIDDEN],
            w2: [0; HIDDEN],
            w2_other: [0; HIDDEN],
            b2: 0,
            dense: weights,
        }
    }

    /// The length of a network file of `inputs` inputs.
    const fn file_bytes(inputs: usize) -> usize {
        HEADER + 2 * (inputs * HIDDEN + 3 * HIDDEN) + 4 * (1 + FEATURES)
    }

    /// A network from its file's bytes.
    ///
    /// # Errors
    ///
    /// Names what is wrong: the header, the sizes, the length, or a
    /// neighbourhood input that feeds a unit past the first
    /// [`NEIGHBOURHOOD_UNITS`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, String> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err("not a Santorini network file (it does not start with BGSNET02)".into());
        }
        let inputs = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
        let hidden = u16::from_le_bytes([bytes[10], bytes[11]]) as usize;
        // A file from before the gods has no god inputs, one from before
        // the matchups none of the matchups and gods' neighbourhoods: their
        // rows are 0.
        if ![INPUTS, INPUTS_BEFORE_MATCHUPS, GODS].contains(&inputs) || hidden != HIDDEN {
            return Err(format!(
                "a network of {inputs} inputs and {hidden} hidden units: this engine takes \
                 {INPUTS} (or {INPUTS_BEFORE_MATCHUPS} without the matchups, {GODS} without \
                 the gods) and {HIDDEN}"
            ));
        }
        if bytes.len() != Net::file_bytes(inputs) {
            return Err(format!(
                "a network file of {} bytes: {} expected",
                bytes.len(),
                Net::file_bytes(inputs)
            ));
        }
        let mut at = HEADER;
        let mut row = || -> [i16; HIDDEN] {
            let out = std::array::from_fn(|j| {
                i16::from_le_bytes([bytes[at + 2 * j], bytes[at + 2 * j + 1]])
            });
            at += 2 * HIDDEN;
            out
        };
        let mut w1: Vec<[i16; HIDDEN]> = (0..inputs).map(|_| row()).collect();
        w1.resize(INPUTS, [0; HIDDEN]);
        let (b1, w2, w2_other) = (row(), row(), row());
        if let Some(i) = (GODS..INPUTS).find(|&i| is_base_god_input(i) && w1[i] != [0; HIDDEN]) {
            return Err(format!(
                "input {i} (a god input of the base game) has weights: its row must be 0"
            ));
        }
        if let Some((i, j)) = (NEIGHBOURHOOD..INPUTS).find_map(|i| {
            (NEIGHBOURHOOD_UNITS..HIDDEN)
                .find(|&j| w1[i][j] != 0)
                .map(|j| (i, j))
        }) {
            return Err(format!(
                "input {i} (a neighbourhood count or a god) has weight {} on hidden unit \
                 {j}: these inputs may feed only the first {NEIGHBOURHOOD_UNITS} units",
                w1[i][j]
            ));
        }
        let i32s: Vec<i32> = bytes[HEADER + 2 * (inputs * HIDDEN + 3 * HIDDEN)..]
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        Ok(Net {
            w1,
            b1,
            w2,
            w2_other,
            b2: i32s[0],
            dense: i32s[1..].try_into().expect("FEATURES"),
        })
    }

    /// The network's file (read back by [`Net::from_bytes`]).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&(INPUTS as u16).to_le_bytes());
        out.extend_from_slice(&(HIDDEN as u16).to_le_bytes());
        for x in self
            .w1
            .iter()
            .flatten()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.w2_other)
        {
            out.extend_from_slice(&x.to_le_bytes());
        }
        for x in std::iter::once(&self.b2).chain(&self.dense) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out
    }

    avx2_or_portable! {
        /// The hidden layer's part of the evaluation (evaluation units) for
        /// these inputs: [`Net::hidden_part_portable`], compiled for AVX2 when
        /// the processor has it (16 sums a vector instead of 8: the 256 sums
        /// fill the 16 vector registers instead of spilling 32).
        #[must_use]
        pub fn hidden_part, hidden_part_avx2 => hidden_part_portable(&self, on: &[u16]) -> i32
    }

    /// The hidden layer's part in plain Rust (the compiler vectorizes it
    /// for the target's baseline, SSE2 on x86-64): both views' sums added
    /// up from the rows of the inputs that are on.
    #[must_use]
    #[inline(always)]
    pub fn hidden_part_portable(&self, on: &[u16]) -> i32 {
        let mut acc = self.b1;
        for &i in on {
            add_row(&mut acc, &self.w1[i as usize]);
        }
        let mut other = self.b1;
        for &i in on {
            add_row(&mut other, &self.w1[usize::from(other_view(i))]);
        }
        self.output_portable(&acc, &self.w2) + self.output_portable(&other, &self.w2_other)
    }

    /// The evaluation of `pos` for the player to move (both players' workers
    /// placed).
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut on = [0u16; MAX_ON];
        let n = inputs(pos, 0, &mut on);
        self.hidden_part(&on[..n]) + self.b2 + weigh(&features(pos), &self.dense)
    }
}

/// The hidden layer's sums of a position from both players' points of
/// view (`sums[p]`: player `p` to move), kept along the search's line:
/// a move changes 4 of the 29 inputs, so a child's sums are its parent's
/// with 4 rows taken off and 4 put on in each view ([`Net::child_sums`])
/// instead of 29 rows added up ([`Net::sums`]).
pub type Sums = [[i16; HIDDEN]; 2];

impl Net {
    /// Both views' sums of `pos` (every worker placed), from the rows.
    #[must_use]
    pub fn sums(&self, pos: &Position) -> Sums {
        let mut out = [[0; HIDDEN]; 2];
        self.sums_into(pos, &mut out);
        out
    }

    avx2_or_portable! {
        /// [`Net::sums`] written into `out`.
        pub fn sums_into, sums_avx2 => sums_portable(&self, pos: &Position, out: &mut Sums)
    }

    #[inline(always)]
    fn sums_portable(&self, pos: &Position, out: &mut Sums) {
        let mut board = self.b1;
        for level in 0..5u8 {
            for space in pos.spaces_at_level(level) {
                add_row(&mut board, &self.w1[5 * space.index() + usize::from(level)]);
            }
        }
        let counts = neighbourhood_counts(pos);
        for view in [Player::One, Player::Two] {
            let acc = &mut out[view.index()];
            *acc = board;
            for (base, player) in [(125, view), (200, view.other())] {
                for w in pos.workers(player) {
                    let h = usize::from(pos.level(w).min(2));
                    add_row(acc, &self.w1[base + 3 * w.index() + h]);
                }
            }
            for (base, player) in [
                (NEIGHBOURHOOD, view),
                (NEIGHBOURHOOD + SLOT_INPUTS, view.other()),
            ] {
                for (k, &c) in counts[player.index()].iter().enumerate() {
                    if c != 0 {
                        add_row_times(acc, &self.w1[base + k], i16::from(c));
                    }
                }
            }
            if pos.has_gods() || pos.up_blocked() {
                // The view's god inputs (the base game's rows are 0).
                let seen = if view == pos.to_move() {
                    *pos
                } else {
                    pos.passed()
                };
                for i in god_inputs(&seen) {
                    add_row(acc, &self.w1[i]);
                }
                for (side, player) in [view, view.other()].into_iter().enumerate() {
                    let god = inputs::net_god(pos.gods()[player.index()]);
                    if god == 0 {
                        continue; // Mortal's rows are 0
                    }
                    for (k, &c) in counts[player.index()].iter().enumerate() {
                        if c != 0 {
                            add_row_times(acc, &self.w1[god_slots(side, god) + k], i16::from(c));
                        }
                    }
                }
            }
        }
    }

    avx2_or_portable! {
        /// The sums of `child`, reached by `mv` from the position whose sums
        /// are `parent`, written into `out`; `mv` is `None` for a pass (the
        /// null move: the same board).
        pub fn child_sums, child_sums_avx2 => child_sums_portable(
            &self, parent: &Sums, child: &Position, mv: Option<Move>, out: &mut Sums
        )
    }

    #[inline(always)]
    fn child_sums_portable(
        &self,
        parent: &Sums,
        child: &Position,
        mv: Option<Move>,
        out: &mut Sums,
    ) {
        debug_assert!(!child.has_gods(), "kept sums are the base game's");
        let Some(Move::Build { from, to, build }) = mv else {
            // A pass changes nothing (a placement or a climb never reaches
            // an evaluation through here).
            *out = *parent;
            return;
        };
        let mover = child.to_move().other();
        // The build raised `build` by one; the worker left `from` at its
        // level before the build (the build may be on `from` itself).
        let built = usize::from(child.level(build));
        let level_off = 5 * build.index() + built - 1;
        let level_on = 5 * build.index() + built;
        let was = child.level(from) - u8::from(build == from);
        let h_from = 3 * from.index() + usize::from(was.min(2));
        let h_to = 3 * to.index() + usize::from(child.level(to).min(2));
        // The neighbourhoods' changes: the moved worker's eight slots
        // around `from` in the parent off and around `to` on; the other
        // workers' slots on `from`, `to` or `build` from their category in
        // the parent to the one in the child.
        let occupied = child.occupied();
        let occupied_before = occupied ^ from.bitboard() ^ to.bitboard();
        let heights = child.heights;
        let mut heights_before = heights;
        heights_before[built - 1] &= !build.bitboard();
        let mut delta = [[0i16; SLOT_INPUTS]; 2];
        let m = mover.index();
        let (row_from, row_to) = (
            7 * usize::from(was.min(2)),
            7 * usize::from(child.level(to).min(2)),
        );
        add_slots(
            &mut delta[m],
            row_from,
            from,
            occupied_before,
            &heights_before,
            -1,
        );
        add_slots(&mut delta[m], row_to, to, occupied, &heights, 1);
        // Bit 3 p + h: player p's counts of level h may have changed.
        let mut rows = (1u8 << (3 * m + row_from / 7)) | (1 << (3 * m + row_to / 7));
        let touched = from.bitboard() | to.bitboard() | build.bitboard();
        for player in [Player::One, Player::Two] {
            for w in child.workers(player) {
                if w == to {
                    continue;
                }
                let row = 7 * usize::from(child.level(w).min(2));
                let counts = &mut delta[player.index()];
                for s in Bitboard::neighbours(w) & touched {
                    counts[row + category_of(s, occupied_before, &heights_before)] -= 1;
                    counts[row + category_of(s, occupied, &heights)] += 1;
                    rows |= 1 << (3 * player.index() + row / 7);
                }
            }
        }
        // The changed counts, with their rows in view One and in view Two
        // (player p's counts are the view's first block if p is the view).
        let mut changes = [(0u16, 0u16, 0i16); 2 * SLOT_INPUTS];
        let mut n = 0;
        while rows != 0 {
            let at = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let (p, first) = (at / 3, 7 * (at % 3));
            for (k, &d) in delta[p].iter().enumerate().skip(first).take(7) {
                if d != 0 {
                    let (mine, theirs) = (NEIGHBOURHOOD + k, NEIGHBOURHOOD + SLOT_INPUTS + k);
                    let (one, two) = if p == 0 {
                        (mine, theirs)
                    } else {
                        (theirs, mine)
                    };
                    changes[n] = (one as u16, two as u16, d);
                    n += 1;
                }
            }
        }
        for view in [Player::One, Player::Two] {
            let base = if view == mover { 125 } else { 200 };
            let (src, acc) = (&parent[view.index()], &mut out[view.index()]);
            let (off1, off2) = (&self.w1[level_off], &self.w1[base + h_from]);
            let (on1, on2) = (&self.w1[level_on], &self.w1[base + h_to]);
            for j in 0..HIDDEN {
                acc[j] = src[j]
                    .wrapping_sub(off1[j])
                    .wrapping_sub(off2[j])
                    .wrapping_add(on1[j])
                    .wrapping_add(on2[j]);
            }
            for &(one, two, d) in &changes[..n] {
                let row = if view == Player::One { one } else { two };
                add_row_times(acc, &self.w1[usize::from(row)], d);
            }
        }
    }

    avx2_or_portable! {
        /// The hidden layer's part of the evaluation (evaluation units) from
        /// the sums of one view and that view's output weights `w`.
        #[must_use]
        pub fn output, output_avx2 => output_portable(
            &self, sums: &[i16; HIDDEN], w: &[i16; HIDDEN]
        ) -> i32
    }

    #[inline(always)]
    fn output_portable(&self, sums: &[i16; HIDDEN], w: &[i16; HIDDEN]) -> i32 {
        let mut sum = 0i32;
        for (a, w) in sums.iter().zip(w) {
            sum += i32::from((*a).clamp(0, QA as i16)) * i32::from(*w);
        }
        sum / (QA * QB)
    }

    /// [`Net::evaluate`] with `sums`, the sums of `pos` ([`Net::sums`]).
    #[must_use]
    #[inline]
    pub fn evaluate_with_sums(&self, pos: &Position, sums: &Sums) -> i32 {
        let linear = weigh(&features(pos), &self.dense);
        let me = pos.to_move();
        let hidden = self.output(&sums[me.index()], &self.w2)
            + self.output(&sums[me.other().index()], &self.w2_other);
        hidden + self.b2 + linear
    }
}

const _: () = assert!(NEIGHBOURHOOD_UNITS <= HIDDEN);
// The output's sum cannot overflow, whatever a network file holds: each
// term is at most `QA * 32768` in size (an output weight of `i16::MIN`).
const _: () = assert!(HIDDEN as i64 * QA as i64 * -(i16::MIN as i64) <= i32::MAX as i64);

/// The units a neighbourhood row feeds.
#[inline(always)]
fn prefix(row: &[i16; HIDDEN]) -> &[i16; NEIGHBOURHOOD_UNITS] {
    row.first_chunk().expect("NEIGHBOURHOOD_UNITS <= HIDDEN")
}

/// The sums of the units the neighbourhood rows feed.
#[inline(always)]
fn prefix_mut(acc: &mut [i16; HIDDEN]) -> &mut [i16; NEIGHBOURHOOD_UNITS] {
    acc.first_chunk_mut()
        .expect("NEIGHBOURHOOD_UNITS <= HIDDEN")
}

/// `acc += times * row` over the units the neighbourhood inputs feed.
#[inline(always)]
fn add_row_times(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN], times: i16) {
    for (a, w) in prefix_mut(acc).iter_mut().zip(prefix(row)) {
        *a = a.wrapping_add(w.wrapping_mul(times));
    }
}

#[inline(always)]
fn add_row(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

mod diff;
#[cfg(test)]
pub(crate) mod tests;
