//! A small network evaluation: one hidden layer of clipped-ReLU units over
//! sparse inputs (each space's level, each worker's space and level), added
//! to the linear evaluation's terms ([`super::search::features`]), trained
//! here on self-play games (`--example santorini_train`).
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
//!   move by move ([`Net::child_sums`]).
//!
//! So 61 inputs (29 distinct ones and the 32 neighbour slots) are on in a
//! position with its four workers, and the hidden layer's sums are those
//! rows of `i16` added together (a count's row times the count). The output,
//! in the linear evaluation's units, is
//! `sum_j w2[j] * clamp(a[j], 0, 1) + b2 + sum_k dense[k] * f[k]`
//! with `a = b1 + sum_i w1[i]` over the inputs that are on, and `f` the
//! linear terms. Weights are stored quantized: `w1` and `b1` times
//! [`QA`], `w2` times [`QB`].
//!
//! A network may also read the opponent's view (file `BGSNET02`, see
//! [`Net::w2_other`]): the same hidden layer over the inputs with the
//! players' roles swapped ([`other_view`]), whose units feed the output
//! through weights of their own. The search keeps both views' sums
//! already, so this doubles what the output sees for one more pass over
//! 256 sums. A network may square its units' activations instead
//! (`clamp(a, 0, 1)^2`, [`Net::squared`], files `BGSNET03` and
//! `BGSNET04`; tried in the twenty-eighth session, not built in).
//!
//! A network may have several output heads, one a phase of the game
//! (files `BGSNET05` to `BGSNET08`, [`Net::w2`]): the hidden layer is
//! shared, and the output weights and bias are those of the position's
//! bucket, [`bucket`]: the levels built so far (every turn builds one), 8
//! a bucket. Choosing a head costs four population counts.

use super::bitboard::{Bitboard, Space};
use super::game::{Move, Position};
use super::search::{DISTANCE_TERMS, FEATURES, Weights, features_with};
use crate::game::{Game, Player};
use std::sync::{Arc, OnceLock};

/// The number of inputs.
pub const INPUTS: usize = 317;
/// The first of the neighbourhood inputs (my workers'; the opponent's
/// follow at `NEIGHBOURHOOD + SLOT_INPUTS`).
pub const NEIGHBOURHOOD: usize = 275;
/// The neighbourhood inputs of one player: 3 worker levels times 7
/// categories.
pub const SLOT_INPUTS: usize = 21;
/// The hidden units the neighbourhood inputs feed (the first ones): their
/// rows are 0 beyond, so that a move, which changes about ten of their
/// counts, updates 64 sums a view for each instead of all 256.
pub const NEIGHBOURHOOD_UNITS: usize = 64;
/// The number of hidden units (512 and 1,024 were tried in the eighteenth
/// session: README, section O).
pub const HIDDEN: usize = 256;
/// The inputs on at once, repeats counted (25 spaces, 4 workers, and
/// each worker's 8 neighbour slots).
pub const MAX_ON: usize = 61;
/// The scale of the first layer: an activation of 1 is `QA`.
pub const QA: i32 = 127;
/// The scale of the output weights.
pub const QB: i32 = 32;
/// The evaluation units of a log-odds of 1: the networks are trained to
/// give `sigmoid(evaluation / SCALE)` as the chance that the player to move
/// wins (the scale that also fits the linear evaluation best).
pub const SCALE: i32 = 110;
/// The first bytes of a network file.
const MAGIC: &[u8; 8] = b"BGSNET01";
/// The first bytes of a network file that reads the opponent's view too.
const MAGIC_OTHER: &[u8; 8] = b"BGSNET02";
/// The first bytes of a network file whose hidden units are squared
/// ([`Net::squared`]): reading one view, and both.
const MAGIC_SQUARED: &[u8; 8] = b"BGSNET03";
const MAGIC_SQUARED_OTHER: &[u8; 8] = b"BGSNET04";
/// The file kinds: header, views read, squared units, output heads by
/// phase (the number of heads follows the sizes, a `u16`).
const KINDS: [(&[u8; 8], usize, bool, bool); 8] = [
    (MAGIC, 1, false, false),
    (MAGIC_OTHER, 2, false, false),
    (MAGIC_SQUARED, 1, true, false),
    (MAGIC_SQUARED_OTHER, 2, true, false),
    (b"BGSNET05", 1, false, true),
    (b"BGSNET06", 2, false, true),
    (b"BGSNET07", 1, true, true),
    (b"BGSNET08", 2, true, true),
];
/// The most output heads a network file may have.
pub const MAX_HEADS: usize = 16;
/// The levels built (turns played) a head covers: head `h` is for the
/// positions with `8 h` to `8 h + 7` levels built (the last head for all
/// beyond).
pub const HEAD_BUILDS: u32 = 8;

/// The output head of a network with `heads` heads for `pos`: the levels
/// built so far (a dome on level 3 counts 4) over [`HEAD_BUILDS`], the
/// last head taking all beyond.
#[must_use]
#[inline]
pub fn bucket(pos: &Position, heads: usize) -> usize {
    let built: u32 = pos.heights.iter().map(|h| h.count()).sum();
    ((built / HEAD_BUILDS) as usize).min(heads - 1)
}
/// A squared unit's activation (`QA * QA` at most) is shifted right by
/// this many bits before its weight multiplies it, so that the output's
/// sum stays inside `i32`.
const SQUARE_SHIFT: u32 = 7;

/// Input `i` seen from the opponent's side: the same input with the two
/// players' roles swapped (the spaces' levels stay; my workers and
/// neighbourhoods become the opponent's and back).
#[must_use]
#[inline]
pub const fn other_view(i: u16) -> u16 {
    const N: u16 = NEIGHBOURHOOD as u16;
    const S: u16 = SLOT_INPUTS as u16;
    match i {
        125..200 => i + 75,
        200..275 => i - 75,
        _ if i >= N && i < N + S => i + S,
        _ if i >= N + S && i < N + 2 * S => i - S,
        _ => i,
    }
}

/// The category of a neighbour slot: 0 to 3 a free space at that level,
/// 4 a dome, 5 off the board, 6 a space with a worker on it.
pub const SLOT_CATEGORIES: usize = 7;

/// Each player's neighbourhood counts (by [`Player::index`]): entry
/// `7 * h + c` is how many neighbour slots of the player's workers at
/// level `h` (0 to 2, 2 for higher) are of category `c` (see
/// [`SLOT_CATEGORIES`]). Each worker has eight slots, so each player's
/// counts add up to 16 (to 0 before the workers are placed).
#[must_use]
#[inline]
pub fn neighbourhood_counts(pos: &Position) -> [[u8; SLOT_INPUTS]; 2] {
    let occupied = pos.occupied();
    let mut out = [[0u8; SLOT_INPUTS]; 2];
    for player in [Player::One, Player::Two] {
        let mut counts = [0i16; SLOT_INPUTS];
        for w in pos.workers(player) {
            let row = 7 * usize::from(pos.level(w).min(2));
            add_slots(&mut counts, row, w, occupied, &pos.heights, 1);
        }
        out[player.index()] = counts.map(|c| c as u8);
    }
    out
}

/// Adds `sign` to `counts[row + c]` for each of the eight slots around
/// `w`, `c` its category, with these workers and levels (`heights[k]`: the
/// spaces at level `k + 1` or higher).
#[inline(always)]
fn add_slots(
    counts: &mut [i16; SLOT_INPUTS],
    row: usize,
    w: Space,
    occupied: Bitboard,
    heights: &[Bitboard; 4],
    sign: i16,
) {
    let around = Bitboard::neighbours(w);
    let free = around & !occupied;
    let [h1, h2, h3, h4] = *heights;
    let by_category = [
        free & !h1,
        free & h1 & !h2,
        free & h2 & !h3,
        free & h3 & !h4,
        free & h4,
    ];
    for (c, slots) in by_category.iter().enumerate() {
        counts[row + c] += sign * slots.count() as i16;
    }
    counts[row + 5] += sign * (8 - around.count() as i16);
    counts[row + 6] += sign * (around & occupied).count() as i16;
}

/// The category of space `s` with these workers and levels (as
/// [`add_slots`] counts it).
#[inline(always)]
fn category_of(s: Space, occupied: Bitboard, heights: &[Bitboard; 4]) -> usize {
    if occupied.contains(s) {
        6
    } else {
        heights.iter().filter(|h| h.contains(s)).count()
    }
}

/// The category of a neighbour slot, one slot at a time (the plain twin of
/// [`neighbourhood_counts`]): `None` off the board.
#[must_use]
pub fn slot_category(pos: &Position, space: Option<Space>) -> usize {
    match space {
        None => 5,
        Some(s) if pos.occupied().contains(s) => 6,
        Some(s) => usize::from(pos.level(s)),
    }
}

/// The spaces' row-major numbers under the eight symmetries of the board
/// (`SYMMETRIES[k][s]`; `k = 0` is the identity).
pub const SYMMETRIES: [[u8; 25]; 8] = {
    let mut table = [[0u8; 25]; 8];
    let mut k = 0;
    while k < 8 {
        let mut s = 0;
        while s < 25 {
            let (r, c) = (s / 5, s % 5);
            // Transpose if k & 4, then mirror rows if k & 1, columns if k & 2.
            let (r, c) = if k & 4 != 0 { (c, r) } else { (r, c) };
            let r = if k & 1 != 0 { 4 - r } else { r };
            let c = if k & 2 != 0 { 4 - c } else { c };
            table[k][s] = (5 * r + c) as u8;
            s += 1;
        }
        k += 1;
    }
    table
};

/// The inputs that are on in `pos` (see the module's documentation), with
/// the board seen under symmetry `symmetry` (0 to 7, 0 as it is); returns
/// how many of `out` were written.
pub fn inputs(pos: &Position, symmetry: usize, out: &mut [u16; MAX_ON]) -> usize {
    let map = &SYMMETRIES[symmetry & 7];
    let mut n = 0;
    for level in 0..5u8 {
        for space in pos.spaces_at_level(level) {
            out[n] = 5 * u16::from(map[space.index()]) + u16::from(level);
            n += 1;
        }
    }
    let me = pos.to_move();
    for (base, player) in [(125u16, me), (200, me.other())] {
        for w in pos.workers(player) {
            let h = u16::from(pos.level(w).min(2));
            out[n] = base + 3 * u16::from(map[w.index()]) + h;
            n += 1;
        }
    }
    // The neighbourhoods do not change under a symmetry.
    let counts = neighbourhood_counts(pos);
    for (base, player) in [
        (NEIGHBOURHOOD, me),
        (NEIGHBOURHOOD + SLOT_INPUTS, me.other()),
    ] {
        for (k, &c) in counts[player.index()].iter().enumerate() {
            for _ in 0..c {
                out[n] = (base + k) as u16;
                n += 1;
            }
        }
    }
    n
}

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
    /// Output weights, in evaluation units times [`QB`]: one row a head
    /// (at least one; [`bucket`] picks the position's). `w2`, `w2_other`
    /// and `b2` have as many heads each.
    pub w2: Vec<[i16; HIDDEN]>,
    /// The output weights of the opponent's view (the hidden units over
    /// the inputs seen from the other side, [`other_view`]), if the
    /// network reads it (files `BGSNET02`, `BGSNET06`, ...), a row a head.
    pub w2_other: Option<Vec<[i16; HIDDEN]>>,
    /// Whether a hidden unit's activation is squared
    /// (`clamp(a, 0, 1)^2`, files `BGSNET03` and `BGSNET04`) instead of
    /// `clamp(a, 0, 1)`.
    pub squared: bool,
    /// Output bias, in evaluation units, one a head.
    pub b2: Vec<i32>,
    /// The linear terms' weights, in evaluation units.
    pub dense: Weights,
}

/// The network the engine plays with (`net.bin`, trained by
/// `--example santorini_train`).
static DEFAULT_NET: &[u8] = include_bytes!("net.bin");

impl Net {
    /// The engine's network, read once.
    ///
    /// # Panics
    ///
    /// Never for the file built in (a test reads it).
    #[must_use]
    pub fn default_net() -> Arc<Net> {
        static NET: OnceLock<Arc<Net>> = OnceLock::new();
        NET.get_or_init(|| Arc::new(Net::from_bytes(DEFAULT_NET).expect("the built-in net.bin")))
            .clone()
    }

    /// The network with no hidden layer: the linear evaluation with these
    /// weights.
    #[must_use]
    pub fn linear(weights: Weights) -> Net {
        Net {
            w1: vec![[0; HIDDEN]; INPUTS],
            b1: [0; HIDDEN],
            w2: vec![[0; HIDDEN]],
            w2_other: None,
            squared: false,
            b2: vec![0],
            dense: weights,
        }
    }

    /// A network from its file's bytes.
    ///
    /// # Errors
    ///
    /// Names what is wrong: the header, the sizes, the number of output
    /// heads, or the length.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, String> {
        let Some(&(_, views, squared, headed)) = KINDS
            .iter()
            .find(|(magic, ..)| bytes.len() >= 14 && &bytes[..8] == *magic)
        else {
            return Err(
                "not a Santorini network file (it does not start with BGSNET01 to BGSNET08)".into(),
            );
        };
        let inputs = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
        let hidden = u16::from_le_bytes([bytes[10], bytes[11]]) as usize;
        if inputs != INPUTS || hidden != HIDDEN {
            return Err(format!(
                "a network of {inputs} inputs and {hidden} hidden units: this engine takes {INPUTS} and {HIDDEN}"
            ));
        }
        let (heads, header) = if headed {
            (u16::from_le_bytes([bytes[12], bytes[13]]) as usize, 14)
        } else {
            (1, 12)
        };
        if !(1..=MAX_HEADS).contains(&heads) {
            return Err(format!(
                "a network of {heads} output heads: from 1 to {MAX_HEADS} are taken"
            ));
        }
        let shorts = INPUTS * HIDDEN + HIDDEN + heads * views * HIDDEN;
        let want = header + 2 * shorts + 4 * heads + 4 * FEATURES;
        if bytes.len() != want {
            return Err(format!(
                "a network file of {} bytes: {want} expected",
                bytes.len()
            ));
        }
        let mut at = header;
        let mut i16s = |n: usize| {
            let v: Vec<i16> = bytes[at..at + 2 * n]
                .chunks_exact(2)
                .map(|b| i16::from_le_bytes([b[0], b[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let flat = i16s(INPUTS * HIDDEN);
        let b1 = i16s(HIDDEN);
        let rows = |v: Vec<i16>| -> Vec<[i16; HIDDEN]> {
            v.chunks_exact(HIDDEN)
                .map(|row| row.try_into().expect("HIDDEN"))
                .collect()
        };
        let w2 = rows(i16s(heads * HIDDEN));
        let w2_other = (views == 2).then(|| rows(i16s(heads * HIDDEN)));
        let w1 = rows(flat);
        if let Some((i, j)) = (NEIGHBOURHOOD..INPUTS).find_map(|i| {
            (NEIGHBOURHOOD_UNITS..HIDDEN)
                .find(|&j| w1[i][j] != 0)
                .map(|j| (i, j))
        }) {
            return Err(format!(
                "input {i} (a neighbourhood count) has weight {} on hidden unit {j}: \
                 these inputs may feed only the first {NEIGHBOURHOOD_UNITS} units",
                w1[i][j]
            ));
        }
        let rest = &bytes[header + 2 * shorts..];
        let i32s: Vec<i32> = rest
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        Ok(Net {
            w1,
            b1: b1.try_into().expect("HIDDEN"),
            w2,
            w2_other,
            squared,
            b2: i32s[..heads].to_vec(),
            dense: i32s[heads..].try_into().expect("FEATURES"),
        })
    }

    /// The network's file (read back by [`Net::from_bytes`]).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let views = 1 + usize::from(self.w2_other.is_some());
        let heads = self.heads();
        let (magic, ..) = KINDS
            .iter()
            .find(|&&(_, v, squared, headed)| {
                v == views && squared == self.squared && headed == (heads > 1)
            })
            .expect("every kind has a header");
        let mut out = magic.to_vec();
        out.extend_from_slice(&(INPUTS as u16).to_le_bytes());
        out.extend_from_slice(&(HIDDEN as u16).to_le_bytes());
        if heads > 1 {
            out.extend_from_slice(&(heads as u16).to_le_bytes());
        }
        let other = self.w2_other.as_deref().unwrap_or(&[]);
        for x in self
            .w1
            .iter()
            .flatten()
            .chain(&self.b1)
            .chain(self.w2.iter().flatten())
            .chain(other.iter().flatten())
        {
            out.extend_from_slice(&x.to_le_bytes());
        }
        for x in self.b2.iter().chain(&self.dense) {
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
        pub fn hidden_part, hidden_part_avx2 => hidden_part_portable(
            &self, on: &[u16], head: usize
        ) -> i32
    }

    /// The number of output heads ([`bucket`]).
    #[must_use]
    #[inline]
    pub fn heads(&self) -> usize {
        self.w2.len()
    }

    /// The hidden layer's part in plain Rust (the compiler vectorizes it
    /// for the target's baseline, SSE2 on x86-64), through output head
    /// `head`.
    #[must_use]
    #[inline(always)]
    pub fn hidden_part_portable(&self, on: &[u16], head: usize) -> i32 {
        let mut acc = self.b1;
        for &i in on {
            add_row(&mut acc, &self.w1[i as usize]);
        }
        let mut out = self.output_portable(&acc, &self.w2[head]);
        if let Some(w) = &self.w2_other {
            let mut acc = self.b1;
            for &i in on {
                add_row(&mut acc, &self.w1[usize::from(other_view(i))]);
            }
            out += self.output_portable(&acc, &w[head]);
        }
        out
    }

    /// Whether any of the terms that need a breadth-first search
    /// ([`DISTANCE_TERMS`]) has a weight: a network trained without them
    /// evaluates faster.
    #[must_use]
    #[inline]
    pub fn uses_distances(&self) -> bool {
        DISTANCE_TERMS.iter().any(|&t| self.dense[t] != 0)
    }

    /// The evaluation of `pos` for the player to move (both players' workers
    /// placed), with the territory term if `territory`.
    #[must_use]
    pub fn evaluate(&self, pos: &Position, territory: bool) -> i32 {
        let mut on = [0u16; MAX_ON];
        let n = inputs(pos, 0, &mut on);
        let f = features_with(pos, territory, self.uses_distances());
        let linear: i32 = f.iter().zip(&self.dense).map(|(x, w)| x * w).sum();
        let head = bucket(pos, self.heads());
        self.hidden_part(&on[..n], head) + self.b2[head] + linear
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
        if self.squared {
            for (a, w) in sums.iter().zip(w) {
                let c = (*a).clamp(0, QA as i16);
                sum += i32::from((c * c) >> SQUARE_SHIFT) * i32::from(*w);
            }
            // `(c * c) >> 7` is the activation times `QA * QA / 128`.
            (i64::from(sum) * (1 << SQUARE_SHIFT) / i64::from(QA * QA * QB)) as i32
        } else {
            for (a, w) in sums.iter().zip(w) {
                sum += i32::from((*a).clamp(0, QA as i16)) * i32::from(*w);
            }
            sum / (QA * QB)
        }
    }

    /// [`Net::evaluate`] with `sums`, the sums of `pos` ([`Net::sums`]).
    #[must_use]
    #[inline]
    pub fn evaluate_with_sums(&self, pos: &Position, sums: &Sums, territory: bool) -> i32 {
        let f = features_with(pos, territory, self.uses_distances());
        let linear: i32 = f.iter().zip(&self.dense).map(|(x, w)| x * w).sum();
        let me = pos.to_move();
        let head = bucket(pos, self.heads());
        let mut hidden = self.output(&sums[me.index()], &self.w2[head]);
        if let Some(w) = &self.w2_other {
            hidden += self.output(&sums[me.other().index()], &w[head]);
        }
        hidden + self.b2[head] + linear
    }
}

const _: () = assert!(NEIGHBOURHOOD_UNITS <= HIDDEN);
// The output's sum cannot overflow, whatever a network file holds: each
// term is at most `QA * 32768` in size (an output weight of `i16::MIN`).
const _: () = assert!(HIDDEN as i64 * QA as i64 * -(i16::MIN as i64) <= i32::MAX as i64);
// Nor with squared units: `QA * QA` fits in `i16`, and shifted it is at
// most `QA` again.
const _: () = assert!(QA * QA <= i16::MAX as i32 && (QA * QA) >> SQUARE_SHIFT <= QA);

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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::santorini::search::evaluate_weighted;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn the_symmetries_are_the_eight_of_the_square() {
        let mut seen = std::collections::HashSet::new();
        for map in &SYMMETRIES {
            let mut sorted = *map;
            sorted.sort_unstable();
            assert_eq!(
                sorted,
                std::array::from_fn(|i| i as u8),
                "{map:?} is a permutation"
            );
            // The centre stays, corners go to corners.
            assert_eq!(map[12], 12);
            for corner in [0, 4, 20, 24] {
                assert!([0, 4, 20, 24].contains(&map[corner]));
            }
            // Neighbours stay neighbours.
            for s in 0..25usize {
                for t in 0..25usize {
                    let d =
                        |a: usize, b: usize| (a / 5).abs_diff(b / 5).max((a % 5).abs_diff(b % 5));
                    assert_eq!(d(s, t), d(map[s] as usize, map[t] as usize));
                }
            }
            seen.insert(*map);
        }
        assert_eq!(seen.len(), 8);
    }

    #[test]
    fn the_built_in_network_reads_back_and_counts_its_inputs() {
        let net = Net::default_net();
        assert_eq!(Net::from_bytes(&net.to_bytes()).as_ref(), Ok(&*net));
        // T8 (T4o's recipe on more games): it reads the opponent's view too.
        assert!(net.to_bytes().starts_with(b"BGSNET02") && net.w2_other.is_some());
        let mut rng = SmallRng::seed_from_u64(3);
        let mut pos = Position::new();
        while pos.is_placement() {
            pos.play_unchecked(crate::santorini::search::random_move(&pos, &mut rng).unwrap());
        }
        let mut on = [0u16; MAX_ON];
        assert_eq!(inputs(&pos, 0, &mut on), 61);
        let mut sorted = on;
        sorted.sort_unstable();
        // One level a space, then my two workers, then the opponent's, all
        // different, then 16 slots of each player's neighbourhoods.
        assert!(sorted[..29].windows(2).all(|w| w[0] < w[1]));
        assert_eq!(sorted.iter().filter(|&&i| i < 125).count(), 25);
        assert_eq!(
            sorted.iter().filter(|&&i| (125..200).contains(&i)).count(),
            2
        );
        let mine = NEIGHBOURHOOD as u16..(NEIGHBOURHOOD + SLOT_INPUTS) as u16;
        assert_eq!(sorted.iter().filter(|&&i| mine.contains(&i)).count(), 16);
        assert!(sorted.iter().all(|&i| (i as usize) < INPUTS));
    }

    /// The neighbourhood counts, from bitboards, are the plain count slot
    /// by slot over the eight directions, in every position of random
    /// games.
    #[test]
    fn neighbourhood_counts_are_the_slots_counted_one_by_one() {
        let mut rng = SmallRng::seed_from_u64(17);
        let (mut checked, mut seen) = (0, [0u32; SLOT_CATEGORIES]);
        for _ in 0..100 {
            let mut pos = Position::new();
            while let Some(mv) = crate::santorini::search::random_move(&pos, &mut rng) {
                pos.play_unchecked(mv);
                let mut want = [[0u8; SLOT_INPUTS]; 2];
                for player in [Player::One, Player::Two] {
                    for w in pos.workers(player) {
                        let (r, c) = ((w.index() / 5) as i32, (w.index() % 5) as i32);
                        for (dr, dc) in (-1..=1)
                            .flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)))
                            .filter(|&d| d != (0, 0))
                        {
                            let (r, c) = (r + dr, c + dc);
                            let space = ((0..5).contains(&r) && (0..5).contains(&c))
                                .then(|| Space::from_index((5 * r + c) as usize))
                                .flatten();
                            let category = slot_category(&pos, space);
                            seen[category] += 1;
                            let h = usize::from(pos.level(w).min(2));
                            want[player.index()][7 * h + category] += 1;
                        }
                    }
                }
                assert_eq!(neighbourhood_counts(&pos), want, "{pos}");
                checked += 1;
            }
        }
        assert!(checked > 2_000, "{checked}");
        assert!(
            seen.iter().all(|&n| n > 100),
            "every category seen: {seen:?}"
        );
    }

    #[test]
    fn a_network_with_no_hidden_weights_is_the_linear_evaluation() {
        let net = Net::linear(crate::santorini::search::WEIGHTS);
        let mut rng = SmallRng::seed_from_u64(5);
        let mut pos = Position::new();
        for _ in 0..30 {
            let Some(mv) = crate::santorini::search::random_move(&pos, &mut rng) else {
                break;
            };
            pos.play_unchecked(mv);
            if !pos.is_placement() && !pos.outcome().is_over() {
                assert_eq!(
                    net.evaluate(&pos, true),
                    evaluate_weighted(&pos, &crate::santorini::search::WEIGHTS, true)
                );
            }
        }
    }

    /// The positions of `games` random games (seeded by `seed`) with every
    /// worker placed and the game not over, in the order they are played.
    fn positions_in_play(seed: u64, games: usize) -> Vec<Position> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut out = Vec::new();
        for _ in 0..games {
            let mut pos = Position::new();
            while let Some(mv) = crate::santorini::search::random_move(&pos, &mut rng) {
                pos.play_unchecked(mv);
                if !pos.is_placement() && !pos.outcome().is_over() {
                    out.push(pos);
                }
            }
        }
        out
    }

    #[test]
    fn the_vectorized_hidden_layer_sums_as_the_plain_one() {
        let net = Net::default_net();
        let mut checked = 0;
        for pos in positions_in_play(9, 40) {
            let mut on = [0u16; MAX_ON];
            let n = inputs(&pos, 0, &mut on);
            let head = bucket(&pos, net.heads());
            assert_eq!(
                net.hidden_part(&on[..n], head),
                net.hidden_part_portable(&on[..n], head)
            );
            checked += 1;
        }
        assert!(checked > 200, "{checked} positions");
    }

    #[test]
    fn a_network_without_distance_weights_skips_them_and_evaluates_the_same() {
        use crate::santorini::search::{DISTANCE_TERMS, features, features_with};
        let full = Net::default_net();
        assert!(full.uses_distances());
        let mut near = (*full).clone();
        for t in DISTANCE_TERMS {
            near.dense[t] = 0;
        }
        assert!(!near.uses_distances());
        let mut checked = 0;
        for pos in positions_in_play(21, 30) {
            let all = features(&pos, true);
            let some = features_with(&pos, true, false);
            for t in 0..FEATURES {
                let want = if DISTANCE_TERMS.contains(&t) {
                    0
                } else {
                    all[t]
                };
                assert_eq!(some[t], want, "term {t} of {pos}");
            }
            // The same sum as the full terms under the zeroed weights.
            let mut on = [0u16; MAX_ON];
            let n = inputs(&pos, 0, &mut on);
            let linear: i32 = all.iter().zip(&near.dense).map(|(x, w)| x * w).sum();
            assert_eq!(
                near.evaluate(&pos, true),
                near.hidden_part(&on[..n], 0) + near.b2[0] + linear
            );
            checked += 1;
        }
        assert!(checked > 200, "{checked} positions");
    }

    /// The sums kept move by move are the sums added up from the position,
    /// in both views, through every kind of move (builds on the space just
    /// left, domes, passes), and evaluate as the plain evaluation does.
    #[test]
    fn sums_kept_move_by_move_equal_the_sums_of_the_position() {
        let net = Net::default_net();
        let mut rng = SmallRng::seed_from_u64(31);
        let (mut checked, mut on_from, mut domes) = (0, 0, 0);
        for _ in 0..200 {
            let mut pos = Position::new();
            let mut sums = None;
            while let Some(mv) = crate::santorini::search::random_move(&pos, &mut rng) {
                let mut child = pos;
                child.play_unchecked(mv);
                if child.is_placement() || child.outcome().is_over() {
                    pos = child;
                    sums = None;
                    continue;
                }
                let fresh = net.sums(&child);
                if let Some(parent) = &sums {
                    let mut kept = [[0; HIDDEN]; 2];
                    net.child_sums(parent, &child, Some(mv), &mut kept);
                    assert_eq!(kept, fresh, "{pos} then {mv}");
                    checked += 1;
                    if let Move::Build { from, build, .. } = mv {
                        on_from += usize::from(from == build);
                        domes += usize::from(child.level(build) == 4);
                    }
                }
                // A pass: the same sums, the other view read.
                let mut passed = child;
                passed.to_move = passed.to_move.other();
                let mut same = [[0; HIDDEN]; 2];
                net.child_sums(&fresh, &passed, None, &mut same);
                assert_eq!(same, fresh);
                assert_eq!(
                    net.evaluate_with_sums(&passed, &same, true),
                    net.evaluate(&passed, true)
                );
                // The view of the player to move is the plain hidden layer's.
                let mut on = [0u16; MAX_ON];
                let n = inputs(&child, 0, &mut on);
                let head = bucket(&child, net.heads());
                let mut hidden = net.output(&fresh[child.to_move().index()], &net.w2[head]);
                if let Some(w) = &net.w2_other {
                    // And the opponent's view, with its own weights.
                    hidden += net.output(&fresh[child.to_move().other().index()], &w[head]);
                }
                assert_eq!(hidden, net.hidden_part(&on[..n], head));
                assert_eq!(
                    net.evaluate_with_sums(&child, &fresh, true),
                    net.evaluate(&child, true)
                );
                sums = Some(fresh);
                pos = child;
            }
        }
        assert!(
            checked > 2_000 && on_from > 100 && domes > 100,
            "{checked} {on_from} {domes}"
        );
    }

    /// The vectorized hidden layer sums as the plain one, and the
    /// evaluation from the position's sums is the plain evaluation.
    fn assert_fast_paths_agree(net: &Net, pos: &Position) {
        let mut on = [0u16; MAX_ON];
        let n = inputs(pos, 0, &mut on);
        let head = bucket(pos, net.heads());
        assert_eq!(
            net.hidden_part(&on[..n], head),
            net.hidden_part_portable(&on[..n], head),
            "{pos}"
        );
        assert_eq!(
            net.evaluate_with_sums(pos, &net.sums(pos), true),
            net.evaluate(pos, true),
            "{pos}"
        );
    }

    /// The built-in network with output weights for the opponent's view.
    pub(crate) fn network_reading_both_views() -> Net {
        let mut rng = SmallRng::seed_from_u64(77);
        let mut net = (*Net::default_net()).clone();
        net.w2_other = Some(vec![
            std::array::from_fn(|_| {
                rand::Rng::random_range(&mut rng, -400..400)
            });
            net.heads()
        ]);
        net
    }

    #[test]
    fn the_opponents_view_adds_the_hidden_part_of_the_position_seen_by_the_opponent() {
        let both = network_reading_both_views();
        assert!(both.to_bytes().starts_with(b"BGSNET02"));
        assert_eq!(Net::from_bytes(&both.to_bytes()).as_ref(), Ok(&both));
        let mut plain = (*Net::default_net()).clone();
        plain.w2_other = None;
        // A network whose one view has the other view's output weights.
        let mut theirs = plain.clone();
        theirs.w2 = both.w2_other.clone().unwrap();
        let (mut checked, mut differ) = (0, 0);
        for pos in positions_in_play(13, 60) {
            // The same board with the other player to move: its inputs
            // are this position's seen from the other side.
            let mut flipped = pos;
            flipped.to_move = flipped.to_move.other();
            let (mut on, mut on_flipped) = ([0u16; MAX_ON], [0u16; MAX_ON]);
            let n = inputs(&pos, 0, &mut on);
            inputs(&flipped, 0, &mut on_flipped);
            let mut swapped = on.map(other_view);
            swapped.sort_unstable();
            on_flipped.sort_unstable();
            assert_eq!(swapped, on_flipped, "{pos}");
            let other = theirs.hidden_part(&on_flipped[..n], bucket(&pos, theirs.heads()));
            assert_eq!(
                both.evaluate(&pos, true),
                plain.evaluate(&pos, true) + other,
                "{pos}"
            );
            assert_fast_paths_agree(&both, &pos);
            checked += 1;
            differ += usize::from(other != 0);
        }
        assert!(checked > 300 && differ > checked / 2, "{checked} {differ}");
    }

    /// A network with squared units: its files read back under their own
    /// headers, and its quantized output is the float formula
    /// `sum_j w2[j] * clamp(a[j], 0, 1)^2` (up to the rounding of the
    /// shifted squares), vectorized or not, kept move by move or not.
    #[test]
    fn squared_units_output_the_square_of_the_clipped_sums() {
        let mut both = network_reading_both_views();
        both.squared = true;
        let mut one = both.clone();
        one.w2_other = None;
        assert!(both.to_bytes().starts_with(b"BGSNET04"));
        assert!(one.to_bytes().starts_with(b"BGSNET03"));
        for net in [&both, &one] {
            assert_eq!(Net::from_bytes(&net.to_bytes()).as_ref(), Ok(net));
        }
        let mut clipped = one.clone();
        clipped.squared = false;
        let (mut checked, mut differ) = (0, 0);
        for pos in positions_in_play(21, 30) {
            let sums = one.sums(&pos);
            let mine = &sums[pos.to_move().index()];
            let float: f64 = mine
                .iter()
                .zip(&one.w2[0])
                .map(|(&a, &w)| {
                    let c = f64::from(a.clamp(0, QA as i16)) / f64::from(QA);
                    c * c * f64::from(w) / f64::from(QB)
                })
                .sum();
            let out = one.output(mine, &one.w2[0]);
            // Each shifted square is off by less than 1/126 of an
            // activation of 1: at most 256 * |w| / (126 * QB) units in all.
            let bound: f64 = one.w2[0]
                .iter()
                .map(|&w| f64::from(w.unsigned_abs()) / f64::from(126 * QB))
                .sum::<f64>()
                + 1.0;
            assert!(
                (f64::from(out) - float).abs() <= bound,
                "{pos}: {out} against {float:.2} (bound {bound:.1})"
            );
            differ += usize::from(out != clipped.output(mine, &clipped.w2[0]));
            assert_fast_paths_agree(&both, &pos);
            assert_fast_paths_agree(&one, &pos);
            checked += 1;
        }
        assert!(checked > 200 && differ > checked / 2, "{checked} {differ}");
    }

    /// A network with output heads by phase: each position is evaluated
    /// through the head of its levels built (counted space by space), the
    /// same as a one-head network with that head's weights, by every path;
    /// its file reads back under its own header, and a file with no heads
    /// or too many is refused.
    #[test]
    fn output_heads_follow_the_levels_built() {
        let base = network_reading_both_views();
        let mut rng = SmallRng::seed_from_u64(41);
        let mut headed = base.clone();
        let heads = 4;
        let mut random_row = || -> [i16; HIDDEN] {
            std::array::from_fn(|_| rand::Rng::random_range(&mut rng, -400..400))
        };
        headed.w2 = (0..heads).map(|_| random_row()).collect();
        headed.w2_other = Some((0..heads).map(|_| random_row()).collect());
        headed.b2 = vec![-30, 0, 45, 90];
        let bytes = headed.to_bytes();
        assert!(bytes.starts_with(b"BGSNET06"));
        assert_eq!(Net::from_bytes(&bytes).as_ref(), Ok(&headed));
        let mut single = headed.clone();
        single.w2_other = None;
        assert!(single.to_bytes().starts_with(b"BGSNET05"));
        assert_eq!(Net::from_bytes(&single.to_bytes()).as_ref(), Ok(&single));
        single.squared = true;
        assert!(single.to_bytes().starts_with(b"BGSNET07"));
        assert_eq!(Net::from_bytes(&single.to_bytes()).as_ref(), Ok(&single));
        let mut seen = [0usize; 4];
        for pos in positions_in_play(5, 80) {
            let built: usize = Space::all().map(|s| usize::from(pos.level(s))).sum();
            let head = (built / 8).min(heads - 1);
            assert_eq!(bucket(&pos, heads), head, "{pos}");
            assert_eq!(bucket(&pos, 1), 0);
            seen[head] += 1;
            let mut one = base.clone();
            one.w2 = vec![headed.w2[head]];
            one.w2_other = Some(vec![headed.w2_other.as_ref().unwrap()[head]]);
            one.b2 = vec![headed.b2[head]];
            assert_eq!(
                headed.evaluate(&pos, true),
                one.evaluate(&pos, true),
                "{pos}"
            );
            assert_fast_paths_agree(&headed, &pos);
        }
        assert!(seen.iter().all(|&n| n > 50), "every head used: {seen:?}");
        for (count, fault) in [(0u16, "0 output heads"), (17, "17 output heads")] {
            let mut wrong = bytes.clone();
            wrong[12..14].copy_from_slice(&count.to_le_bytes());
            let error = Net::from_bytes(&wrong).unwrap_err();
            assert!(error.contains(fault), "{error}");
        }
        let mut fewer = bytes.clone();
        fewer[12..14].copy_from_slice(&3u16.to_le_bytes());
        let error = Net::from_bytes(&fewer).unwrap_err();
        let want = format!(
            "{} bytes: {} expected",
            bytes.len(),
            bytes.len() - 4 * HIDDEN - 4
        );
        assert!(error.contains(&want), "{error}");
    }

    #[test]
    fn a_damaged_network_file_is_refused_with_its_fault() {
        let mut one_view = (*Net::default_net()).clone();
        one_view.w2_other = None;
        let bytes = one_view.to_bytes();
        assert!(
            Net::from_bytes(b"hello")
                .unwrap_err()
                .contains("BGSNET01 to BGSNET08")
        );
        // A file that says it reads the opponent's view but lacks its weights.
        let mut two = bytes.clone();
        two[..8].copy_from_slice(MAGIC_OTHER);
        let lacking = Net::from_bytes(&two).unwrap_err();
        let want = format!(
            "{} bytes: {} expected",
            bytes.len(),
            bytes.len() + 2 * HIDDEN
        );
        assert!(lacking.contains(&want), "{lacking}");
        let short = Net::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err();
        assert!(short.contains("bytes"), "{short}");
        let mut other = bytes.clone();
        other[10..12].copy_from_slice(&64u16.to_le_bytes());
        let sizes = Net::from_bytes(&other).unwrap_err();
        assert!(sizes.contains("64 hidden units"), "{sizes}");
        // A neighbourhood input may not feed the units past the first
        // NEIGHBOURHOOD_UNITS: the kept sums would miss that weight.
        let mut wide = bytes.clone();
        let (i, j) = (NEIGHBOURHOOD + 5, NEIGHBOURHOOD_UNITS + 3);
        let at = 12 + 2 * (i * HIDDEN + j);
        wide[at..at + 2].copy_from_slice(&7i16.to_le_bytes());
        let fault = Net::from_bytes(&wide).unwrap_err();
        let unit = format!("weight 7 on hidden unit {j}");
        assert!(
            fault.contains("input 280") && fault.contains(&unit),
            "{fault}"
        );
    }
}
