//! Levels for players in every game: level 0 plays every legal move about
//! as often, level 10 only the best, the levels between prefer better moves
//! more as they rise, and a seed makes a level's move repeatable.

use bitgames::Game;
use bitgames::connect4::solver::{Mode, Solver};
use bitgames::engine::{Level, Limits};
use bitgames::registry::{Registered, find};
use bitgames::{connect4, santorini, tictactoe};
use std::collections::HashMap;
use std::time::Duration;

fn level(n: u32) -> Level {
    Level::new(n).unwrap()
}

/// How often each move is played at `level` over the seeds `0..draws`.
fn counts<G: Registered>(pos: &G, n: u32, draws: u64) -> HashMap<String, u64> {
    let mut engine = G::engine();
    let mut seen = HashMap::new();
    for seed in 0..draws {
        let limits = Limits::time(Duration::from_secs(30)).at_level(level(n), Some(seed));
        let r = engine.think(pos, limits);
        assert_eq!(r.level, Some(level(n)));
        // The seed is named where the move was drawn (Santorini's searches do not draw).
        let drawn = n == 0 || (n < 10 && G::NAME != "santorini");
        assert_eq!(r.seed, drawn.then_some(seed));
        *seen.entry(r.best.unwrap().to_string()).or_default() += 1;
    }
    seen
}

/// Level 0 plays each of the `k` legal moves `draws / k` times, give or take
/// a third (more than 5 standard deviations at these counts).
fn assert_uniform<G: Registered>(pos: &G, per_move: u64) {
    let legal: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    let seen = counts(pos, 0, per_move * legal.len() as u64);
    assert_eq!(seen.len(), legal.len(), "{} moves played", seen.len());
    for mv in &legal {
        let n = seen[mv];
        assert!(
            n * 3 >= per_move * 2 && n * 3 <= per_move * 4,
            "{}: {mv} played {n} times, expected {per_move}",
            G::NAME
        );
    }
}

#[test]
fn level_0_plays_every_legal_move_about_as_often() {
    assert_uniform(&tictactoe::Position::default(), 300);
    assert_uniform(&connect4::Position::from_moves("4453").unwrap(), 300);
    let s: santorini::Position = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2"
        .parse()
        .unwrap();
    assert!(s.legal_moves().len() > 20);
    assert_uniform(&s, 60);
}

#[test]
fn level_10_plays_only_best_moves() {
    // Tic-tac-toe: X to move wins with 3 only.
    let t: tictactoe::Position = "1524".parse().unwrap();
    assert_eq!(counts(&t, 10, 50), HashMap::from([("3".to_string(), 50)]));
    // Connect Four (Pons' Test_L2_R1): columns 3 and 6 tie, the engine
    // plays the more central, 3, every time.
    let c = connect4::Position::from_moves("175617344365477255").unwrap();
    assert_eq!(counts(&c, 10, 50), HashMap::from([("3".to_string(), 50)]));
    let r = connect4::Position::engine().think(&c, Limits::default().at_level(level(10), Some(1)));
    assert_eq!(
        (r.score_text.as_str(), r.level),
        ("win in 2", Some(level(10)))
    );
}

#[test]
fn tictactoe_levels_find_the_win_more_often_as_they_rise() {
    // X to move: 3 wins, 6 draws, 7, 8 and 9 lose.
    let t: tictactoe::Position = "1524".parse().unwrap();
    let wins: Vec<u64> = (0..=10)
        .map(|n| counts(&t, n, 1000).get("3").copied().unwrap_or(0))
        .collect();
    // Level 0: a fifth; level 9: as good as always; none falls as it rises.
    assert!((150..=250).contains(&wins[0]), "{wins:?}");
    assert!(
        wins[1] > wins[0] && wins[5] > 800 && wins[9] >= 998,
        "{wins:?}"
    );
    assert!(wins.windows(2).all(|w| w[1] >= w[0]), "{wins:?}");
    assert_eq!(wins[10], 1000);
}

#[test]
fn connect4_levels_play_better_columns_as_they_rise() {
    let c = connect4::Position::from_moves("175617344365477255").unwrap();
    let scores = Solver::new().analyze(&c, Mode::Strong).unwrap().scores;
    let mean = |n: u32| {
        let seen = counts(&c, n, 500);
        let total: i64 = seen
            .iter()
            .map(|(col, &k)| {
                let i = col.parse::<usize>().unwrap() - 1;
                i64::from(scores[i].unwrap()) * k as i64
            })
            .sum();
        total as f64 / 500.0
    };
    let means: Vec<f64> = [0, 1, 3, 5, 7, 9, 10].into_iter().map(mean).collect();
    assert!(
        means.windows(2).all(|w| w[1] > w[0] || w[1] == 11.0),
        "mean scores by level: {means:?}"
    );
    assert_eq!(means[6], 11.0, "level 10 wins in 2");
}

#[test]
fn santorini_levels_search_as_many_plies() {
    let s: santorini::Position = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2"
        .parse()
        .unwrap();
    let mut engine = santorini::Position::engine();
    for n in 1..=3 {
        let r = engine.think(&s, Limits::default().at_level(level(n), None));
        assert_eq!((r.depth, r.level), (n, Some(level(n))));
        assert!(
            r.score_text
                .ends_with(&format!("(level {n}: a {n}-ply search)")),
            "{}",
            r.score_text
        );
    }
    let r = engine.think(&s, Limits::depth(2).at_level(level(0), Some(9)));
    assert_eq!((r.depth, r.score), (0, None));
    assert!(
        r.score_text.starts_with("a random move (level 0, seed 9"),
        "{}",
        r.score_text
    );
}

#[test]
fn the_same_seed_plays_the_same_move_and_the_report_says_so() {
    for game in ["tictactoe", "connect4", "santorini"] {
        let g = find(game).unwrap();
        let position = g.state("-", &[]).unwrap().position;
        let limits = Limits::time(Duration::from_secs(10)).at_level(level(4), Some(42));
        let a = g.engine().think(&position, limits).unwrap();
        let b = g.engine().think(&position, limits).unwrap();
        assert_eq!(a.best, b.best, "{game}");
        assert_eq!((a.level, b.level), (Some(level(4)), Some(level(4))));
        if game != "santorini" {
            assert!(
                a.score_text.contains("(level 4, seed 42"),
                "{}",
                a.score_text
            );
        }
        // Different seeds: not always the same move.
        let moves: std::collections::HashSet<Option<String>> = (0..40)
            .map(|seed| {
                let l = Limits::default().at_level(level(0), Some(seed));
                g.engine().think(&position, l).unwrap().best
            })
            .collect();
        assert!(moves.len() > 1, "{game}");
    }
}

#[test]
fn a_level_above_10_is_refused_with_the_range() {
    for bad in ["11", "-1", "x"] {
        let e = bad.parse::<Level>().unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("level `{bad}` is not a whole number from 0 (random) to 10 (full strength)")
        );
    }
    assert!(Level::new(11).is_err() && Level::new(10).is_ok());
}
