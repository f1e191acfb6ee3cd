//! The engine's tests: the same tree node for node, exact pruning, the
//! kept sums and the cache checked at every evaluation, wins it claims
//! proved by a plain search.

use super::quiescence::{builds_on, threat_targets, threatens_after};
use super::*;
use crate::santorini::players::random_move;
use crate::tools::negamax;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::time::Duration;

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        time: None,
        ..Default::default()
    }
}

/// The position after a random number (in `plies`) of random moves, if
/// the game is past its placements and not over.
fn random_position_in_play(rng: &mut SmallRng, plies: std::ops::Range<u32>) -> Option<Position> {
    let mut pos = Position::new();
    for _ in 0..rand::Rng::random_range(rng, plies) {
        match random_move(&pos, rng) {
            Some(mv) if !pos.outcome().is_over() => pos.play_unchecked(mv),
            _ => break,
        }
    }
    (!pos.outcome().is_over() && !pos.is_placement()).then_some(pos)
}

/// Whether the player to move can force a win within `plies` plies: a
/// plain search, every move tried but where the opponent threatens a
/// climb (only its blocks then, which
/// [`threatened_positions_have_only_the_blocks`] checks).
fn wins_within(pos: &Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let moves = pos.legal_moves();
    moves.iter().any(|m| matches!(m, Move::Win { .. }))
        || moves.iter().any(|&mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            loses_within(&child, plies - 1)
        })
}

/// Whether the player to move loses within `plies` plies whatever it does.
fn loses_within(pos: &Position, plies: u32) -> bool {
    let mut moves = pos.legal_moves();
    if moves.is_empty() {
        return true;
    }
    if plies == 0 || moves.iter().any(|m| matches!(m, Move::Win { .. })) {
        return false;
    }
    if opponent_threatens(pos) {
        let targets = threat_targets(pos);
        moves.retain(|mv| builds_on(*mv, targets));
        if targets.count() >= 2 || moves.is_empty() {
            return plies >= 2;
        }
    }
    moves.iter().all(|&mv| {
        let mut child = *pos;
        child.play_unchecked(mv);
        wins_within(&child, plies - 1)
    })
}

/// The default engine's trees, node for node: the three positions of the
/// referee games at depth 9 and the perft position at depth 7. A change of
/// the search that changes them is not a speed-up alone.
#[test]
fn the_engine_searches_its_pinned_trees() {
    let cases = [
        (
            "0000000200000201200010000/1/mortal:B3,B1/mortal:D3,C2",
            9,
            61_206,
            "B1>A1^A2",
        ),
        (
            "0100010200200201204000100/1/mortal:C3,D3/mortal:A4,C1",
            9,
            51_224,
            "D3>C4^B3",
        ),
        (
            "0000001004120220400000000/1/mortal:E3,C2/mortal:B3,C3",
            9,
            51_239,
            "C2>D2^C2",
        ),
        (
            "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2",
            7,
            82_475,
            "D3>D4^E3",
        ),
    ];
    for (text, d, nodes, best) in cases {
        let pos: Position = text.parse().unwrap();
        let report = Engine::default().search(&pos, depth(d));
        assert_eq!(report.depth, d, "{text}");
        assert_eq!(report.best.unwrap().to_string(), best, "{text}");
        assert_eq!(report.nodes, nodes, "{text}");
    }
}

/// Every evaluation of a search from sums kept along the line (a child's
/// from its parent's) is the plain evaluation of the position, and so is
/// every one found in the cache (both checked in `static_eval` under
/// test), through passes, reductions and re-searches; a second search
/// from another root starts afresh. The base game's and every god's turns
/// (swaps, pushes, two builds, domes, Hermes' runs, Athena's mark).
#[test]
fn the_search_keeps_the_network_sums_and_the_cache_exact() {
    use crate::santorini::God;
    let mut rng = SmallRng::seed_from_u64(41);
    let mut engine = Engine::new(1 << 16);
    let mut searched = 0;
    for game in 0..28 {
        // Six base games, then each god against a random one (twice).
        let gods = if game < 6 {
            [God::Mortal; 2]
        } else {
            let other = God::ALL[rand::Rng::random_range(&mut rng, 0..God::ALL.len())];
            let mine = God::SIMPLE[game % 10];
            [mine, mine.facing(other)]
        };
        let mut pos = Position::new().with_gods(gods).unwrap();
        for _ in 0..12 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rand::Rng::random_range(&mut rng, 0..moves.len())]);
        }
        if pos.is_placement() || pos.outcome().is_over() {
            continue;
        }
        // Depth 4 with gods, 3 where either side's turns run to hundreds
        // (Castor's, Aeolus' winds): the sums are checked at every node.
        let wide = pos
            .legal_moves()
            .len()
            .max(pos.passed().legal_moves().len())
            > 150;
        let d = match (pos.has_gods(), wide) {
            (false, _) => 6,
            (true, false) => 4,
            (true, true) => 3,
        };
        let report = engine.search(&pos, depth(d));
        assert!(report.best.is_some(), "{pos}");
        searched += usize::from(pos.has_gods());
    }
    assert!(searched >= 15, "{searched} god positions");
    assert!(
        engine.sums_checked > 20_000,
        "{} evaluations",
        engine.sums_checked
    );
    assert!(
        engine.cache_hits > 2_000,
        "{} found in the cache",
        engine.cache_hits
    );
}

#[test]
fn the_engine_takes_a_win_on_the_spot() {
    let pos: Position = "0000000000002300000000000/1/mortal:C3,A1/mortal:E5,E1"
        .parse()
        .unwrap();
    let report = Engine::default().search(&pos, Limits::default());
    assert_eq!(report.best.unwrap().to_string(), "C3>D3#");
    assert_eq!(report.score_text, "win in 1");
}

/// The engine's alpha-beta with table, ordering and pruning scores like
/// plain negamax (the generic tool, no table, no ordering) at the same
/// depth when the score is a forced result.
#[test]
fn forced_results_agree_with_plain_negamax() {
    let mut compared = 0;
    let texts = [
        "0000000000002300000000000/2/mortal:C3,A1/mortal:E5,E1",
        "0000000000002300000000000/1/mortal:B3,A1/mortal:E5,E1",
        "0000000000002320000000000/2/mortal:A5,A1/mortal:C3,E1",
    ];
    for text in texts {
        let pos: Position = text.parse().unwrap();
        for d in 1..=3 {
            let mut eval = |_: &Position| 0;
            let plain = negamax(&pos, d, -WIN_SCORE, WIN_SCORE, &mut eval);
            if plain.score.abs() < MATE_BOUND {
                continue;
            }
            let mine = Engine::default().search(&pos, depth(d));
            assert_eq!(mine.score, Some(plain.score), "{text} depth {d}");
            compared += 1;
        }
    }
    assert!(compared >= 3);
}

/// With a time limit the engine searches until the time is up (not a
/// speed test: the search must not stop early in a quiet position; it
/// may end later on a loaded machine).
#[test]
fn a_timed_search_spends_its_budget_and_reports_a_legal_move() {
    let pos: Position = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2"
        .parse()
        .unwrap();
    let budget = Duration::from_millis(300);
    let report = Engine::default().search(
        &pos,
        Limits {
            depth: None,
            time: Some(budget),
            ..Default::default()
        },
    );
    assert!(
        report.elapsed >= budget,
        "stopped after {:?}",
        report.elapsed
    );
    assert!(pos.legal_moves().contains(&report.best.unwrap()));
    assert!(report.depth >= 2, "depth {}", report.depth);
}

/// Searching only the blocks when threatened is exact: in threatened
/// positions of random games, every move that does not dome the one
/// target loses at once (the opponent climbs), found by the plain
/// negamax of the generic tool, and with two targets every move does. (A
/// block may lose too: it may leave the mover's workers walled in.)
#[test]
fn threatened_positions_have_only_the_blocks() {
    let mut rng = SmallRng::seed_from_u64(15);
    let (mut checked, mut two_targets, mut saved) = (0, 0, 0);
    while checked < 150 {
        let Some(pos) = random_position_in_play(&mut rng, 4..40) else {
            continue;
        };
        if !opponent_threatens(&pos) || pos.has_winning_move() {
            continue;
        }
        let targets = threat_targets(&pos);
        two_targets += usize::from(targets.count() >= 2);
        for mv in pos.legal_moves() {
            let mut child = pos;
            child.play_unchecked(mv);
            let mut eval = |_: &Position| 0;
            let answer = negamax(&child, 1, -WIN_SCORE, WIN_SCORE, &mut eval);
            let loses = answer.score >= MATE_BOUND;
            let blocks = targets.count() == 1 && builds_on(mv, targets);
            assert!(loses || blocks, "{pos} {mv} escapes without a block");
            saved += usize::from(!loses);
        }
        checked += 1;
    }
    assert!(two_targets >= 5, "{two_targets} with two targets");
    assert!(saved >= 100, "{saved} blocks that save the game");
}

/// Two climb targets cannot both be blocked: the engine sees the loss at
/// once, and a plain search proves it.
#[test]
fn two_climb_targets_cannot_both_be_blocked() {
    // Player 2's C3 (level 2) has B3 and D3 (level 3) beside it.
    let pos: Position = "0000000000032300000000000/1/mortal:A1,E5/mortal:C3,E1"
        .parse()
        .unwrap();
    assert_eq!(threat_targets(&pos).count(), 2);
    let report = Engine::default().search(&pos, depth(4));
    assert_eq!(report.score_text, "loss in 2");
    assert!(report.nodes < 100, "{} nodes", report.nodes);
    assert!(loses_within(&pos, 2));
}

/// The threat quiescence sees forced wins by chains of climb threats
/// beyond the nominal depth (a depth-1 search claims wins 5 plies away),
/// and each win it claims is real: a plain search to the claimed distance
/// finds it too.
#[test]
fn the_threat_quiescence_sees_real_wins_beyond_the_depth() {
    let mut rng = SmallRng::seed_from_u64(16);
    let (mut searched, mut verified, mut beyond) = (0, 0, 0);
    while searched < 300 {
        let Some(pos) = random_position_in_play(&mut rng, 8..40) else {
            continue;
        };
        searched += 1;
        let report = Engine::default().search(&pos, depth(1));
        let score = report.score.unwrap();
        if score >= MATE_BOUND {
            let distance = (WIN_SCORE - score) as u32;
            if distance <= 5 {
                assert!(
                    wins_within(&pos, distance),
                    "{pos}: a win in {distance} claimed"
                );
                verified += 1;
                beyond += usize::from(distance >= 5);
            }
        }
    }
    assert!(beyond >= 5, "{beyond} wins 5 plies away");
    assert!(verified >= 50, "{verified} wins verified");
}

/// The quick test of a move's climb threat agrees with the position
/// after the move, on random games.
#[test]
fn a_threat_is_seen_before_the_move() {
    let mut rng = SmallRng::seed_from_u64(9);
    let (mut threats, mut moves) = (0, 0);
    for _ in 0..200 {
        let mut pos = Position::new();
        while !pos.outcome().is_over() {
            for mv in pos.legal_moves() {
                if let Move::Build { from, to, build } = mv {
                    let mut child = pos;
                    child.play_unchecked(mv);
                    let slow = opponent_threatens(&child);
                    assert_eq!(threatens_after(&pos, from, to, build), slow, "{pos} {mv}");
                    threats += usize::from(slow);
                    moves += 1;
                }
            }
            pos.play_unchecked(random_move(&pos, &mut rng).unwrap());
        }
    }
    assert!(threats > 1_000 && moves > 100_000, "{threats} of {moves}");
}

proptest::proptest! {
    /// The best-first pick takes the first of the largest keys from
    /// its place on, as the plain scan that keeps the first of equals
    /// does (keys from a small range, so that equals are common).
    #[test]
    fn the_pick_is_the_first_largest_key(
        keys in proptest::collection::vec(-3i32..4, 1..120),
        from in 0usize..120,
    ) {
        let from = from % keys.len();
        let scan = (from + 1..keys.len()).fold(from, |b, j| if keys[j] > keys[b] { j } else { b });
        proptest::prop_assert_eq!(ordering::first_max(&keys, from), scan);
    }
}

/// The late-move reductions' table holds the formula's values: none at
/// the first moves or shallow depths' start, a ply at depth 3 move 3, more
/// later, and at most 8.
#[test]
fn the_reductions_grow_with_depth_and_move_number() {
    let t = constants::lmr_table();
    assert_eq!((t[1][1], t[3][3], t[8][8], t[63][63]), (0, 1, 2, 8));
    for d in 1..64 {
        for i in 2..64 {
            assert!(t[d][i] >= t[d][i - 1] && t[d][i] >= t[d - 1][i], "{d} {i}");
        }
    }
}

/// With gods, on random positions of random god pairs: the engine plays a
/// winning turn where there is one; it scores a loss in two plies where
/// the opponent has a winning answer to every turn, and only where it has
/// an answer that wins or leaves the mover without a turn: the quick
/// winning-turn test and the threats hold for every power.
#[test]
fn with_gods_the_engine_sees_every_win_and_every_lost_position() {
    use crate::santorini::God;
    let answers = |pos: &Position, mv: Move, stalemate: bool| {
        let mut child = *pos;
        child.play_unchecked(mv);
        child.legal_moves().iter().any(|&reply| {
            let mut next = child;
            next.play_unchecked(reply);
            matches!(reply, Move::Win { .. }) || stalemate && next.legal_moves().is_empty()
        })
    };
    let mut rng = SmallRng::seed_from_u64(53);
    let mut engine = Engine::new(1 << 16);
    let (mut wins, mut lost, mut checked) = (0, 0, 0);
    let n = God::ALL.len();
    for game in 0..120 {
        let (mine, other) = (
            God::ALL[game % n],
            God::ALL[rand::Rng::random_range(&mut rng, 0..n)],
        );
        let gods = [mine, mine.facing(other)];
        let mut pos = Position::new().with_gods(gods).unwrap();
        while !pos.outcome().is_over() {
            let moves = pos.legal_moves();
            if !pos.is_placement() {
                let r = engine.search(&pos, depth(2));
                let win = moves.iter().any(|m| matches!(m, Move::Win { .. }));
                assert_eq!(
                    matches!(r.best, Some(Move::Win { .. })),
                    win,
                    "a winning turn at {pos}: {:?}",
                    r.best
                );
                let lost_in_2 = r.score == Some(-(WIN_SCORE - 2));
                // The check of every reply to every turn is quadratic: not
                // where the turns run to hundreds (Castor's, Aeolus' winds).
                let few = moves.len() <= 150;
                if few && !win && moves.iter().all(|&mv| answers(&pos, mv, false)) {
                    assert!(
                        lost_in_2,
                        "{pos}: {:?}, every turn lets the opponent win",
                        r.score
                    );
                    lost += 1;
                }
                if few && lost_in_2 {
                    assert!(moves.iter().all(|&mv| answers(&pos, mv, true)), "{pos}");
                }
                wins += usize::from(win);
                checked += 1;
            }
            pos.play_unchecked(moves[rand::Rng::random_range(&mut rng, 0..moves.len())]);
        }
    }
    assert!(
        checked > 2_000 && wins > 50 && lost > 20,
        "{checked} {wins} {lost}"
    );
}
