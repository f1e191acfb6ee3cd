//! The network's inputs: which are on in a position (see the module
//! [`super`]), the neighbourhood counts, and the board's eight symmetries
//! (training sees each position under a random one).

use crate::Game;
use crate::Player;
use crate::santorini::God;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;

/// The gods the network knows: the first places in [`God::ALL`] (0 for
/// Mortal, then the ten simple gods). See [`net_god`].
pub const NET_GODS: usize = 11;
const _: () = assert!(NET_GODS <= God::ALL.len());

/// A god's place in the network's god inputs: its place in [`God::ALL`],
/// or Mortal's (0, whose rows are 0) for a god the network has not learnt:
/// it sees that god's board as a mortal's.
#[must_use]
#[inline(always)]
pub const fn net_god(god: God) -> usize {
    let place = god as usize;
    if place < NET_GODS { place } else { 0 }
}
/// The first god input: `GODS + g` is the player to move's god,
/// `GODS + 11 + g` the opponent's (`g`: its place in [`God::ALL`], 0 for
/// Mortal), `GODS + 22 + b` whether the player to move may not move up
/// (Athena's mark: `b` 1) or may (0). One of each three is on in every
/// position. Like the neighbourhood counts, they and the inputs after
/// them feed only the first [`NEIGHBOURHOOD_UNITS`] hidden units.
pub const GODS: usize = 317;
/// The matchup inputs: `MATCHUP + 11 * mine + theirs` is on for the
/// player to move's god `mine` against the opponent's `theirs` (one of
/// them in every position).
pub const MATCHUP: usize = GODS + 2 * NET_GODS + 2;
/// The gods' neighbourhood inputs: `GOD_NEIGHBOURHOOD + 21 * g + k` counts
/// what `NEIGHBOURHOOD + k` counts (my workers' neighbour slots) when my
/// god is `g`; the opponent's follow at `GOD_NEIGHBOURHOOD +
/// GOD_SLOT_INPUTS`. So each god learns what its own workers make of their
/// surroundings: where Pan can drop, what Atlas can dome, where Artemis
/// climbs twice.
pub const GOD_NEIGHBOURHOOD: usize = MATCHUP + NET_GODS * NET_GODS;
/// The gods' neighbourhood inputs of one player: 11 gods times 21.
pub const GOD_SLOT_INPUTS: usize = NET_GODS * SLOT_INPUTS;
/// The number of inputs.
pub const INPUTS: usize = GOD_NEIGHBOURHOOD + 2 * GOD_SLOT_INPUTS;
/// The inputs of a network file from before the matchups (each side's god
/// and Athena's mark only): it reads with the later rows at 0.
pub const INPUTS_BEFORE_MATCHUPS: usize = MATCHUP;
/// Whether input `i` is one the base game (Mortal against Mortal, free to
/// move up) turns on beyond its board: the god inputs, matchup and gods'
/// neighbourhoods of Mortal. A network's rows for them are 0, so it
/// evaluates the base game as if they were not there, and a mortal side
/// adds nothing to a god game's sums.
#[must_use]
pub const fn is_base_god_input(i: usize) -> bool {
    let mortal_slots = (i >= GOD_NEIGHBOURHOOD && i < GOD_NEIGHBOURHOOD + SLOT_INPUTS)
        || (i >= GOD_NEIGHBOURHOOD + GOD_SLOT_INPUTS
            && i < GOD_NEIGHBOURHOOD + GOD_SLOT_INPUTS + SLOT_INPUTS);
    i == GODS || i == GODS + NET_GODS || i == GODS + 2 * NET_GODS || i == MATCHUP || mortal_slots
}
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
/// The most workers on the board: eleven of Hydra's and three (the
/// Graeae's).
pub const MAX_WORKERS: usize = 14;
/// The inputs on in a position of four workers (two a side, the positions
/// the networks are trained on): 97.
pub const ON_WITH_FOUR_WORKERS: usize = 25 + 4 * (1 + 2 * 8) + 4;
/// The inputs on at once, repeats counted (25 spaces, the workers, each
/// worker's 8 neighbour slots twice, as itself and for its god, the 3 god
/// inputs and the matchup): 97 with four workers.
pub const MAX_ON: usize = 25 + MAX_WORKERS * (1 + 2 * 8) + 4;
/// Input `i` seen from the opponent's side: the same input with the two
/// players' roles swapped (the spaces' levels stay; my workers and
/// neighbourhoods become the opponent's and back).
#[must_use]
#[inline]
pub const fn other_view(i: u16) -> u16 {
    const N: u16 = NEIGHBOURHOOD as u16;
    const S: u16 = SLOT_INPUTS as u16;
    const G: u16 = GODS as u16;
    const K: u16 = NET_GODS as u16;
    const M: u16 = MATCHUP as u16;
    const GN: u16 = GOD_NEIGHBOURHOOD as u16;
    const GS: u16 = GOD_SLOT_INPUTS as u16;
    match i {
        _ if i >= G && i < G + K => i + K,
        _ if i >= G + K && i < G + 2 * K => i - K,
        _ if i >= M && i < M + K * K => M + K * ((i - M) % K) + (i - M) / K,
        _ if i >= GN && i < GN + GS => i + GS,
        _ if i >= GN + GS && i < GN + 2 * GS => i - GS,
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
pub(crate) fn neighbourhood_counts(pos: &Position) -> [[u8; SLOT_INPUTS]; 2] {
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
pub(super) fn add_slots(
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
pub(super) fn category_of(s: Space, occupied: Bitboard, heights: &[Bitboard; 4]) -> usize {
    if occupied.contains(s) {
        6
    } else {
        heights.iter().filter(|h| h.contains(s)).count()
    }
}

/// The category of a neighbour slot, one slot at a time (the plain twin of
/// `neighbourhood_counts`): `None` off the board.
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
    for input in god_inputs(pos) {
        out[n] = input as u16;
        n += 1;
    }
    for (side, player) in [me, me.other()].into_iter().enumerate() {
        let base = god_slots(side, net_god(pos.gods()[player.index()]));
        for (k, &c) in counts[player.index()].iter().enumerate() {
            for _ in 0..c {
                out[n] = (base + k) as u16;
                n += 1;
            }
        }
    }
    n
}

/// The four god inputs on in `pos`: each side's god, Athena's mark and
/// the matchup (see [`GODS`] and [`MATCHUP`]).
#[must_use]
#[inline]
pub fn god_inputs(pos: &Position) -> [usize; 4] {
    let me = pos.to_move();
    let [mine, theirs] = [me, me.other()].map(|p| net_god(pos.gods()[p.index()]));
    [
        GODS + mine,
        GODS + NET_GODS + theirs,
        GODS + 2 * NET_GODS + usize::from(pos.up_blocked()),
        MATCHUP + NET_GODS * mine + theirs,
    ]
}

/// The first of the gods' neighbourhood inputs of god `god` (its place in
/// [`God::ALL`]) on side `side` of a view (0 the view's player, 1 the
/// other): its 21 counts follow.
#[must_use]
#[inline(always)]
pub const fn god_slots(side: usize, god: usize) -> usize {
    GOD_NEIGHBOURHOOD + side * GOD_SLOT_INPUTS + SLOT_INPUTS * god
}
