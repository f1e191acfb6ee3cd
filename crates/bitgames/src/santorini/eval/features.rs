//! The evaluation's 27 terms, from what the bitboards make cheap: worker
//! heights, mobility, centrality, neighbourhoods, the BFS distances (by
//! `M(X)` frontiers) of each worker to the level-3 and level-2 spaces it can
//! reach, and the territory each side reaches first; and the linear
//! evaluation that weighs them ([`WEIGHTS`]).

use crate::Game;
use crate::Player;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::instance::Levels;
use crate::santorini::reach::distance_layers;

/// The number of evaluation terms ([`features()`]).
pub const FEATURES: usize = 27;

/// The evaluation's weights, one per term of [`features()`]: workers on level
/// 1 and 2; the nearest reachable level-3 space at distance 1, 2, 3+; the
/// nearest level-2 space at 1, 2, 3+; mobility (spaces a worker can move
/// to); territory (spaces, weighted by 1 + level, one side reaches within 1,
/// 2 and 3 moves and the other does not, summed over the three distances);
/// centrality (2 for a worker on the centre space, 1 next to it, 0 on the
/// edge); steps up (free spaces one level above a worker on level 0 or 1,
/// and free level-2 spaces next to a worker on level 2: a climb threat one
/// build away); guard (for each pair of a worker and an opponent's worker
/// at most two spaces apart, the opponent's worker's level); high ground
/// (free spaces next to a worker at its level or one above); safe threats
/// (free level-2 spaces next to a worker on level 2 that no opponent's
/// worker is within two steps of: it cannot dome them before the climb);
/// then twelve neighbourhood counts: for a worker on level `h` (0 to 2),
/// its free neighbours on level `l` (0 to 3) count in term `15 + 4h + l`.
pub type Weights = [i32; FEATURES];

/// The linear evaluation's weights (the network has its own): all 27 fitted
/// by `bitgames-lab tune` on the quiet positions of 4,500 self-play games,
/// kept because they won their self-play match (docs/santorini/engine-history.md).
pub const WEIGHTS: Weights = [
    30, 123, 90, 41, 7, 23, 22, -8, -1, 1, 23, 37, -10, 18, 28, -18, -37, 22, 11, -3, 8, 0, 18,
    -13, 19, 54, 0,
];

/// The level sets `L0..L3` a lone worker walks on: every other worker counts as level 4.
fn walkable_levels(pos: &Position, others: Bitboard) -> Levels {
    let blocked = others | pos.heights[3];
    Levels([
        !pos.heights[0] & !blocked,
        pos.heights[0] & !pos.heights[1] & !blocked,
        pos.heights[1] & !pos.heights[2] & !blocked,
        pos.heights[2] & !blocked,
    ])
}

/// The distance terms of every worker, added to `f` (mine plus, theirs
/// minus), and each side's reach within 1, 2 and 3 moves (`reach[side][d]`,
/// side 0 the player to move): the nearest level-3 and level-2 spaces each
/// worker can walk to (`f[1 + d]`, `f[4 + d]`, `d` = 1, 2, or 3 for 3 and
/// more). The four breadth-first searches run side by side, one frontier
/// of each a round (independent work the processor overlaps, in one vector
/// with AVX2), until three rounds are done and each search has found both
/// levels, cannot find them (none left on the spaces it walks on at all)
/// or has run out of spaces. A search that is finished changes nothing in
/// later rounds: its frontier is empty, or it looks for nothing and its
/// reach is past three moves, so each result is the one search's alone.
#[inline(always)]
fn distance_terms(pos: &Position, f: &mut [i32; FEATURES]) -> [[Bitboard; 4]; 2] {
    /// One 64-bit word a lane.
    type Lanes = [u64; 4];
    #[inline(always)]
    fn each(f: impl Fn(usize) -> u64) -> Lanes {
        [f(0), f(1), f(2), f(3)]
    }
    #[inline(always)]
    fn closed_neighbourhood(x: Lanes) -> Lanes {
        each(|k| Bitboard(x[k]).closed_neighbourhood().0)
    }
    let me = pos.to_move();
    let level3 = (pos.heights[2] & !pos.heights[3]).0;
    let level2 = (pos.heights[1] & !pos.heights[2]).0;
    // Every worker counts as level 4 but the lane's own, on its level.
    let shared = walkable_levels(pos, pos.occupied()).0;
    let mut levels: [Lanes; 4] = [[0; 4]; 4];
    let mut start: Lanes = [0; 4];
    for (l, lanes) in levels.iter_mut().enumerate() {
        *lanes = [shared[l].0; 4];
    }
    // Lanes 0 and 1 for the mover's workers, 2 and 3 for the opponent's
    // (empty ones during placement).
    for (side, player) in [me, me.other()].into_iter().enumerate() {
        for (lane, w) in (2 * side..2 * side + 2).zip(pos.workers[player.index()]) {
            let level = usize::from(pos.level(w)).min(3);
            levels[level][lane] |= w.bitboard().0;
            start[lane] = w.bitboard().0;
        }
    }
    let [l0, l1, l2, l3] = levels;
    let walkable = each(|k| l0[k] | l1[k] | l2[k] | l3[k]);
    // All ones while a lane still looks for a level (a worker that can
    // walk on one at all).
    let mask = |b: bool| if b { u64::MAX } else { 0 };
    let mut want3 = each(|k| mask(start[k] != 0 && walkable[k] & level3 != 0));
    let mut want2 = each(|k| mask(start[k] != 0 && walkable[k] & level2 != 0));
    let mut visited = start;
    let mut frontier = start;
    let mut reach = [[Bitboard::EMPTY; 4]; 2];
    let mut d = 0;
    loop {
        d += 1;
        // `M(X)` of each lane's frontier (see `reach::move_to_set`).
        let all = closed_neighbourhood(frontier);
        let up2 = closed_neighbourhood(each(|k| frontier[k] & (l1[k] | l2[k] | l3[k])));
        let up3 = closed_neighbourhood(each(|k| frontier[k] & (l2[k] | l3[k])));
        frontier = each(|k| {
            ((all[k] & (l0[k] | l1[k])) | (up2[k] & l2[k]) | (up3[k] & l3[k])) & !visited[k]
        });
        visited = each(|k| visited[k] | frontier[k]);
        let found3 = each(|k| want3[k] & mask(frontier[k] & level3 != 0));
        let found2 = each(|k| want2[k] & mask(frontier[k] & level2 != 0));
        want3 = each(|k| want3[k] & !found3[k]);
        want2 = each(|k| want2[k] & !found2[k]);
        if found3.iter().chain(&found2).any(|&x| x != 0) {
            // Seldom: each lane finds each level at most once.
            let count = |x: Lanes| {
                i32::from(x[0] != 0) + i32::from(x[1] != 0)
                    - i32::from(x[2] != 0)
                    - i32::from(x[3] != 0)
            };
            let term = d.min(3);
            f[1 + term] += count(found3);
            f[4 + term] += count(found2);
        }
        if d <= 3 {
            let r = each(|k| visited[k] & !start[k]);
            reach[0][d] = Bitboard(r[0] | r[1]);
            reach[1][d] = Bitboard(r[2] | r[3]);
        }
        // A lane is done once its frontier is empty or it wants nothing.
        let busy = each(|k| mask(frontier[k] != 0) & (want3[k] | want2[k]));
        if d >= 3 && busy.iter().all(|&b| b == 0) {
            return reach;
        }
    }
}

/// The centrality term of a worker by its space's bit index: 2 on the
/// centre space, 1 next to it, 0 on the edge (0 for padding bits).
const CENTRALITY: [i32; 64] = {
    let mut table = [0; 64];
    let mut bit = 0;
    while bit < 64 {
        if let Some(space) = Space::from_bit(bit as u8) {
            let dr = (space.row() as i32 - 3).abs();
            let dc = (space.col() as i32 - 3).abs();
            table[bit] = 2 - if dr > dc { dr } else { dc };
        }
        bit += 1;
    }
    table
};

/// The spaces at most two king steps from a space, by its bit index (the
/// guard term's reach; empty for padding bits).
const WITHIN_TWO: [Bitboard; 64] = {
    let mut table = [Bitboard::EMPTY; 64];
    let mut bit = 0;
    while bit < 64 {
        if let Some(space) = Space::from_bit(bit as u8) {
            table[bit] = space
                .bitboard()
                .closed_neighbourhood()
                .closed_neighbourhood();
        }
        bit += 1;
    }
    table
};

/// One player's terms (all but territory). With `by_layers` (the
/// reference), the distance terms too and the spaces its workers reach
/// within 1, 2 and 3 moves (`reach[d]`, `reach[0]` unused), from each
/// worker's whole breadth-first search ([`distance_layers`]), and the
/// centrality and guard terms from rows and columns; else centrality and
/// guard from tables ([`CENTRALITY`], [`WITHIN_TWO`]), the distance terms 0
/// and `reach` empty (the caller takes them from [`distance_terms`], which
/// stops as soon as nothing more can change them).
#[inline(always)]
fn side_features(
    pos: &Position,
    player: Player,
    by_layers: bool,
) -> ([i32; FEATURES], [Bitboard; 4]) {
    let mine = pos.workers[player.index()];
    let occupied = pos.occupied();
    let level3 = pos.heights[2] & !pos.heights[3];
    let level2 = pos.heights[1] & !pos.heights[2];
    let mut f = [0; FEATURES];
    let mut reach = [Bitboard::EMPTY; 4];
    let theirs = pos.workers[player.other().index()];
    for w in mine {
        let h = pos.level(w) as usize;
        if h == 1 || h == 2 {
            f[h - 1] += 1;
        }
        let (r, c) = (i32::from(w.row()), i32::from(w.col()));
        f[10] += if by_layers {
            2 - (r - 3).abs().max((c - 3).abs())
        } else {
            CENTRALITY[usize::from(w.bit() & 63)]
        };
        // Free spaces at exactly the level one step up (level 2 for a worker on 2).
        let up = (h + 1).min(2);
        let at_up = pos.heights[up - 1] & !pos.heights[up];
        let free = Bitboard::neighbours(w) & !occupied & !pos.heights[3];
        f[11] += (free & at_up).count() as i32;
        let below = if h == 0 {
            Bitboard::EMPTY
        } else {
            !pos.heights[h - 1]
        };
        f[13] += (free & !below & !pos.heights[(h + 1).min(3)]).count() as i32;
        if h < 3 {
            let mut below = Bitboard::ALL;
            for l in 0..4 {
                let at_least = if l == 3 {
                    Bitboard::EMPTY
                } else {
                    pos.heights[l]
                };
                f[15 + 4 * h + l] += (free & below & !at_least).count() as i32;
                below = at_least;
            }
        }
        if h == 2 {
            let their_reach = theirs.closed_neighbourhood().closed_neighbourhood();
            f[14] += (free & at_up & !their_reach).count() as i32;
        }
        if by_layers {
            for t in theirs {
                let (tr, tc) = (i32::from(t.row()), i32::from(t.col()));
                if (tr - r).abs().max((tc - c).abs()) <= 2 {
                    f[12] += i32::from(pos.level(t));
                }
            }
        } else {
            // Their workers within two steps, each counted once a level it stands above.
            let near = WITHIN_TWO[usize::from(w.bit() & 63)] & theirs;
            f[12] += pos
                .heights
                .iter()
                .map(|&h| (near & h).count() as i32)
                .sum::<i32>();
        }
        let blocked = occupied | pos.heights[(h + 1).min(3)];
        f[8] += (Bitboard::neighbours(w) & !blocked).count() as i32;
        if !by_layers {
            // The distance terms, if wanted, come from [`distance_terms`].
            continue;
        }
        let levels = walkable_levels(pos, occupied ^ w.bitboard());
        let (layers, n) = distance_layers(w.bitboard(), &levels);
        let mut within = Bitboard::EMPTY;
        for (d, slot) in reach.iter_mut().enumerate().skip(1) {
            if d < n {
                within |= layers[d];
            }
            *slot |= within;
        }
        let mut found3 = false;
        let mut found2 = false;
        for (d, &layer) in layers.iter().enumerate().take(n).skip(1) {
            let d = d.min(3);
            if !found3 && !(layer & level3).is_empty() {
                f[1 + d] += 1;
                found3 = true;
            }
            if !found2 && !(layer & level2).is_empty() {
                f[4 + d] += 1;
                found2 = true;
            }
            if found2 && found3 {
                break;
            }
        }
    }
    (f, reach)
}

/// The evaluation's terms for the player to move, mine minus theirs (see
/// [`Weights`]).
#[must_use]
pub fn features(pos: &Position) -> [i32; FEATURES] {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe { features_avx2(pos) };
        }
    }
    features_by(pos, false)
}

/// [`features()`] compiled for AVX2: the four breadth-first searches of
/// [`distance_terms`] in one vector.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn features_avx2(pos: &Position) -> [i32; FEATURES] {
    features_by(pos, false)
}

/// [`features()`] from each worker's whole breadth-first search, layer by
/// layer: the naive twin of the early-stopping search, for tests and
/// benchmarks.
#[must_use]
pub fn features_by_layers(pos: &Position) -> [i32; FEATURES] {
    features_by(pos, true)
}

#[inline(always)]
fn features_by(pos: &Position, by_layers: bool) -> [i32; FEATURES] {
    let me = pos.to_move();
    let (mine, mut my_reach) = side_features(pos, me, by_layers);
    let (theirs, mut their_reach) = side_features(pos, me.other(), by_layers);
    let mut f = [0; FEATURES];
    for i in 0..FEATURES {
        f[i] = mine[i] - theirs[i];
    }
    if !by_layers {
        [my_reach, their_reach] = distance_terms(pos, &mut f);
    }
    // Territory: the spaces one side reaches sooner, weighted by 1 + level.
    let weighted = |b: Bitboard| {
        (b.count()
            + (b & pos.heights[0]).count()
            + (b & pos.heights[1]).count()
            + (b & pos.heights[2]).count()) as i32
    };
    for d in 1..=3 {
        f[9] += weighted(my_reach[d] & !their_reach[d]) - weighted(their_reach[d] & !my_reach[d]);
    }
    f
}

/// The linear evaluation for the player to move: [`features()`] weighed by
/// [`WEIGHTS`], mine minus theirs. The engine uses it during placement; the
/// network ([`super::Net`]) adds its hidden layer to the same terms.
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    weigh(&features(pos), &WEIGHTS)
}

/// The terms `f` weighed by `weights`.
#[must_use]
#[inline]
pub(crate) fn weigh(f: &[i32; FEATURES], weights: &Weights) -> i32 {
    f.iter().zip(weights).map(|(x, w)| x * w).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::santorini::players::random_move;

    /// The early-stopping breadth-first searches, the four side by side,
    /// give every term as each worker's whole search layer by layer does:
    /// on the positions of random games (placement included) and on random
    /// boards (any levels, domes walling spaces off).
    #[test]
    fn the_early_stopping_distance_terms_equal_the_layered_ones() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(17);
        let mut checked = 0;
        let mut check = |pos: &Position| {
            let reference = features_by_layers(pos);
            // The searches side by side, as the processor runs them
            // (in one vector with AVX2) and compiled for the baseline.
            assert_eq!(features(pos), reference, "{pos}");
            assert_eq!(features_by(pos, false), reference, "{pos}");
            checked += 1;
        };
        for _ in 0..300 {
            let mut pos = Position::new();
            while let Some(mv) = random_move(&pos, &mut rng) {
                pos.play_unchecked(mv);
                // During placement too (the linear evaluation's), with
                // fewer than four workers.
                check(&pos);
            }
        }
        for _ in 0..20_000 {
            let levels: Vec<u8> = (0..25).map(|_| rng.random_range(0..5u8)).collect();
            let mut free: Vec<usize> = (0..25).filter(|&i| levels[i] < 4).collect();
            if free.len() < 4 {
                continue;
            }
            let mut spaces = Vec::new();
            for _ in 0..4 {
                let k = rng.random_range(0..free.len());
                spaces.push(free.swap_remove(k));
            }
            let name = |i: usize| format!("{}{}", (b'A' + (i % 5) as u8) as char, 5 - i / 5);
            let text = format!(
                "{}/{}/mortal:{},{}/mortal:{},{}",
                levels.iter().map(|l| l.to_string()).collect::<String>(),
                rng.random_range(1..=2),
                name(spaces[0]),
                name(spaces[1]),
                name(spaces[2]),
                name(spaces[3])
            );
            // A random board may put the player to move on level 3, which
            // no game reaches (the parser refuses it).
            match text.parse() {
                Ok(pos) => check(&pos),
                Err(crate::santorini::NotationError::Impossible(_)) => continue,
                Err(e) => panic!("{text}: {e}"),
            }
        }
        assert!(checked > 20_000, "{checked} positions");
    }

    #[test]
    fn the_new_terms_count_what_they_say() {
        // B2 on level 1; player 1 (to move) on A1 and C3, player 2 on E5 and E1.
        let pos: Position = "0000000000000000100000000/1/mortal:A1,C3/mortal:E5,E1"
            .parse()
            .unwrap();
        let f = features(&pos);
        // Centrality: C3 is the centre (2), the corners 0.
        assert_eq!(f[10], 2);
        // Steps up: B2 is one level above both of player 1's workers.
        assert_eq!(f[11], 2);
        // Guard: every worker stands on level 0.
        assert_eq!(f[12], 0);
        // Neighbours on level 0 (2 + 7 against 3 + 3) and on level 1 (1 + 1 against 0).
        assert_eq!((f[15], f[16]), (3, 2));
    }

    /// The evaluation's terms are mine minus theirs: the other player to
    /// move sees each of them negated, on positions of random games.
    #[test]
    fn the_terms_are_mine_minus_theirs() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let mut seen = 0;
        for _ in 0..50 {
            let mut pos = Position::new();
            while !pos.outcome().is_over() {
                if !pos.is_placement() {
                    let mut flipped = pos;
                    flipped.to_move = flipped.to_move.other();
                    assert_eq!(features(&flipped), features(&pos).map(|x| -x));
                    assert_eq!(
                        evaluate(&pos),
                        features(&pos)
                            .iter()
                            .zip(WEIGHTS)
                            .map(|(f, w)| f * w)
                            .sum::<i32>()
                    );
                    seen += 1;
                }
                pos.play_unchecked(random_move(&pos, &mut rng).unwrap());
            }
        }
        assert!(seen > 500, "{seen} positions");
    }
}
