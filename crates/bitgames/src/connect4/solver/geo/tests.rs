//! The search constants checked against `Geometry` on every board size, and
//! the boards compiled in against the run-time constants.

use super::*;
use crate::connect4::Position;
use crate::connect4::solver::book::symmetric_key;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Board sizes: the standard one, small ones, odd and even widths and
/// heights, the largest that fit 64 bits, and larger ones up to 128 bits.
const SIZES: [(usize, usize); 18] = [
    (7, 6),
    (4, 4),
    (5, 4),
    (6, 5),
    (6, 7),
    (8, 7),
    (9, 6),
    (3, 5),
    (10, 4),
    (11, 4),
    (12, 3),
    (16, 3),
    (8, 8),
    (9, 7),
    (10, 6),
    (7, 9),
    (16, 7),
    (8, 15),
];

/// Random positions of every size (random games, every position on the way).
fn positions(seed: u64) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for (w, h) in SIZES {
        let g = Geometry::new(w, h).unwrap();
        for _ in 0..60 {
            let mut pos = Position::new(g);
            loop {
                out.push(pos);
                let free: Vec<usize> = (0..w).filter(|&c| pos.can_play(c)).collect();
                if free.is_empty() || pos.last_player_won() {
                    break;
                }
                pos.play_unchecked(free[rng.random_range(0..free.len())]);
            }
        }
    }
    out
}

#[test]
fn the_search_constants_agree_with_the_geometry_on_every_board_size() {
    let all = positions(11);
    assert!(all.len() > 5_000);
    for pos in &all {
        // Every board in u128s; those of at most 64 bits in u64s too.
        check_constants::<u128>(pos);
        if pos.geometry().fits_u64() {
            check_constants::<u64>(pos);
        }
    }
}

#[test]
fn the_boards_compiled_in_agree_with_the_general_constants() {
    compiled_in_agrees::<7, 6>(1_000);
    compiled_in_agrees::<10, 5>(1_000);
    compiled_in_agrees::<9, 6>(1_000);
    compiled_in_agrees::<8, 7>(1_000);
    compiled_in_agrees::<7, 8>(1_000);
}

/// The `N`x`H` board's compiled-in constants (`Geo<u64, N, H>`) against
/// the run-time ones (`Geo<u64, 16>`), over `games` random games: the
/// sizes, and every bit function where it matters.
fn compiled_in_agrees<const N: usize, const H: u32>(games: usize) {
    let geometry = Geometry::new(N, H as usize).unwrap();
    let mut rng = SmallRng::seed_from_u64(5);
    let mut all = Vec::new();
    for _ in 0..games {
        let (mut pos, mut last) = (Position::new(geometry), None);
        while !pos.last_player_won() && pos.moves_played() < geometry.cells() {
            all.push(pos);
            let free: Vec<usize> = (0..N).filter(|&c| pos.can_play(c)).collect();
            // Often the last move's column again (follow-up), where
            // claimeven bites.
            let col = match last {
                Some(c) if pos.can_play(c) && rng.random_bool(0.5) => c,
                _ => free[rng.random_range(0..free.len())],
            };
            pos.play_unchecked(col);
            last = Some(col);
        }
    }
    let fixed = Geo::<u64, N, H>::new(geometry);
    let general = Geo::<u64, 16>::new(geometry);
    assert_eq!(
        (fixed.cells(), fixed.width(), fixed.shifts()),
        (general.cells(), general.width(), general.shifts())
    );
    assert_eq!(fixed.claim_row_count(), general.claim_row_count());
    assert_eq!(general.width(), N);
    let (mut bounded, mut odd) = (0, 0);
    for pos in &all {
        let (cur, mask) = (pos.current() as u64, pos.mask() as u64);
        let opp = cur ^ mask;
        let stones = mask.count_ones() as i32;
        let possible = (mask + fixed.bottom) & fixed.board;
        for bits in [cur, opp, cur | (fixed.board & !mask)] {
            assert_eq!(
                fixed.winning_cells(bits, mask),
                general.winning_cells(bits, mask)
            );
            assert_eq!(fixed.alignment(bits), general.alignment(bits));
        }
        assert_eq!(fixed.key(cur, mask), general.key(cur, mask));
        let claimeven = fixed.claimeven_bound(cur, mask, stones);
        assert_eq!(claimeven, general.claimeven_bound(cur, mask, stones));
        let threats = fixed.winning_cells(opp, mask);
        let odd_threat = fixed.odd_threat_bound(cur, mask, possible, threats);
        assert_eq!(
            odd_threat,
            general.odd_threat_bound(cur, mask, possible, threats)
        );
        bounded += usize::from(claimeven != i32::MAX);
        odd += usize::from(odd_threat != i32::MAX);
    }
    // Both bounds were compared where they bite, not only where they are silent.
    assert!(
        bounded > 40 && odd > 60,
        "{geometry}: {bounded} claimeven, {odd} odd threat"
    );
}

/// `Geo<W>`'s constants and bit functions against `Geometry`'s.
fn check_constants<W: Word + Into<u128>>(pos: &Position) {
    {
        let w = |bits: u128| W::from_u128(bits);
        let g = pos.geometry();
        let geo = Geo::<W, 16>::new(g);
        let (cur, mask) = (w(pos.current()), w(pos.mask()));
        let opp = cur ^ mask;
        assert_eq!(geo.cells, g.cells() as i32);
        assert_eq!(
            (geo.bottom.into(), geo.board.into()),
            (g.bottom_mask(), g.board_mask())
        );
        for bits in [
            cur,
            opp,
            cur | (geo.board & !mask),
            opp | (geo.board & !mask),
        ] {
            assert_eq!(
                geo.winning_cells(bits, mask).into(),
                g.winning_cells(bits.into(), mask.into()),
                "{g} {pos:?}"
            );
            assert_eq!(geo.alignment(bits), g.alignment(bits.into()), "{g} {pos:?}");
        }
        assert_eq!(geo.key(cur, mask).into(), symmetric_key(pos), "{g} {pos:?}");
        let mut order: Vec<usize> = geo.order[..g.width()]
            .iter()
            .map(|&c| usize::from(c))
            .collect();
        assert_eq!(order, g.centre_first().to_vec());
        order.sort_unstable();
        assert_eq!(order, (0..g.width()).collect::<Vec<_>>());
        for c in 0..g.width() {
            assert_eq!(geo.columns[c].into(), g.column_mask(c));
        }
    }
}

#[test]
fn claimeven_never_bounds_a_won_position_below_its_score() {
    // With an even number of empty cells (on even heights, the first
    // player to move): if the mover can still make a four with every
    // cell but claimeven's, the bound is "none"; and it never claims a
    // loss for a position where the mover wins at once.
    let (mut bounded, mut odd_heights) = (0, 0);
    for pos in positions(12) {
        let g = pos.geometry();
        let geo = Geo::<u128, 16>::new(g);
        let n = pos.moves_played() as i32;
        let bound = geo.claimeven_bound(pos.current(), pos.mask(), n);
        if (g.cells() as i32 - n) % 2 == 1 {
            assert_eq!(bound, i32::MAX, "only with an even number of empty cells");
        } else if pos.winning_moves() != 0 && !pos.last_player_won() {
            assert!(
                bound >= (g.cells() as i32 + 1 - n) / 2 || bound == i32::MAX,
                "{g} {pos:?}: {bound}"
            );
        } else if bound != i32::MAX {
            bounded += 1;
            odd_heights += usize::from(g.height() % 2 == 1);
        }
    }
    assert!(
        bounded > 500 && odd_heights > 200,
        "{bounded} {odd_heights}"
    );
}

/// The exact score (Pons' convention) by plain negamax, memoised.
fn exact(pos: &Position, memo: &mut std::collections::HashMap<(u128, u128), i32>) -> i32 {
    let g = pos.geometry();
    let n = pos.moves_played() as i32;
    if pos.winning_moves() != 0 {
        return (g.cells() as i32 + 1 - n) / 2;
    }
    if n == g.cells() as i32 {
        return 0;
    }
    if let Some(&v) = memo.get(&(pos.current(), pos.mask())) {
        return v;
    }
    let mut best = i32::MIN;
    for c in (0..g.width()).filter(|&c| pos.can_play(c)) {
        let mut child = *pos;
        child.play_unchecked(c);
        best = best.max(-exact(&child, memo));
    }
    memo.insert((pos.current(), pos.mask()), best);
    best
}

/// Every position of random games on small boards of even and odd
/// heights, a third of the board or more filled, where the player to
/// move cannot win at once; for each where `bound` gives one, checks that
/// the exact score (plain negamax) is at most that. Returns how many
/// positions were bounded, and on how many the bound was exact.
fn check_bound_against_exact_scores(
    seed: u64,
    bound: impl Fn(&Geo<u64, 16>, u64, u64) -> i32,
) -> (usize, usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut bounded, mut tight) = (0, 0);
    for (w, h) in [
        (4, 4),
        (5, 4),
        (4, 5),
        (5, 5),
        (6, 4),
        (4, 6),
        (4, 7),
        (6, 5),
        (5, 6),
    ] {
        let g = Geometry::new(w, h).unwrap();
        let geo = Geo::<u64, 16>::new(g);
        let mut memo = std::collections::HashMap::new();
        for _ in 0..600 {
            let mut pos = Position::new(g);
            while !pos.last_player_won() && pos.moves_played() < g.cells() {
                let free: Vec<usize> = (0..w).filter(|&c| pos.can_play(c)).collect();
                pos.play_unchecked(free[rng.random_range(0..free.len())]);
                if pos.last_player_won()
                    || pos.winning_moves() != 0
                    || pos.moves_played() < g.cells() / 3
                {
                    continue;
                }
                let b = bound(&geo, pos.current() as u64, pos.mask() as u64);
                if b == i32::MAX {
                    continue;
                }
                let score = exact(&pos, &mut memo);
                assert!(score <= b, "{g} {pos:?}: score {score}, bound {b}");
                bounded += 1;
                tight += usize::from(score == b);
            }
        }
    }
    (bounded, tight)
}

#[test]
fn the_odd_threat_bound_holds_against_exact_scores() {
    // With an odd number of columns of odd height left, wherever a
    // follow-up threat of the player not to move in one of them gives a
    // bound, the exact score is at most that, and on many positions
    // exactly that.
    let (bounded, tight) = check_bound_against_exact_scores(15, |geo, cur, mask| {
        if (geo.cells - mask.count_ones() as i32) & 1 == 0 {
            return i32::MAX;
        }
        let possible = (mask + geo.bottom) & geo.board;
        let opp_wins = geo.winning_cells(cur ^ mask, mask);
        geo.odd_threat_bound(cur, mask, possible, opp_wins)
    });
    assert!(bounded >= 600, "the rule bounded only {bounded} positions");
    assert!(
        tight >= 400,
        "the bound was exact on only {tight} positions"
    );
}

#[test]
fn the_claimeven_bound_holds_against_exact_scores_on_even_and_odd_heights() {
    // Claimeven bounds the score of the player to move from above, on
    // even heights and odd ones, where it is often exact.
    let (bounded, tight) = check_bound_against_exact_scores(14, |geo, cur, mask| {
        geo.claimeven_bound(cur, mask, mask.count_ones() as i32)
    });
    assert!(
        bounded >= 2_000,
        "claimeven bounded only {bounded} positions"
    );
    assert!(
        tight >= 500,
        "the bound was exact on only {tight} positions"
    );
}
