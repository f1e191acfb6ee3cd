//! The solver against Pascal Pons' six benchmark sets (`data/connect4`, copied from the project's shared data):
//! every position of End-Easy, Middle-Easy, Middle-Medium and Begin-Easy, and a
//! fixed sample of Begin-Medium and Begin-Hard, with the exact score (strong)
//! and its sign (weak). `bitgames connect4 solve data/connect4/Test_L*`
//! checks all 6,000 (see docs/connect4.md, "Correctness").

use bitgames::connect4::Position;
use bitgames::connect4::solver::{Mode, Solver};
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::Mutex;

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/connect4")
}

/// The `(moves, score)` lines of a set, every `step`-th one, at most `limit`.
fn read_set(name: &str, step: usize, limit: usize) -> Vec<(String, i32)> {
    let path = data_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {} ({e}): the test sets live in data/connect4 of the repository",
            path.display()
        )
    });
    let lines: Vec<(String, i32)> = text
        .lines()
        .map(|l| {
            let (m, s) = l.split_once(' ').expect("`moves score`");
            (m.to_string(), s.parse().expect("an integer score"))
        })
        .collect();
    assert_eq!(lines.len(), 1000, "{name} has 1000 positions");
    lines.into_iter().step_by(step).take(limit).collect()
}

/// Solves the cases on every core, each thread with its own solver, and
/// returns the lines whose answer differs.
fn wrong_answers(cases: &[(String, i32)], mode: Mode) -> Vec<String> {
    let threads = rayon::current_num_threads();
    let solvers: Vec<Mutex<Option<Solver>>> = (0..threads).map(|_| Mutex::new(None)).collect();
    cases
        .par_iter()
        .filter_map(|(moves, score)| {
            let slot = rayon::current_thread_index().unwrap_or(0) % threads;
            let mut guard = solvers[slot].lock().unwrap();
            let solver = guard.get_or_insert_with(|| Solver::with_table_log2(20));
            solver.clear();
            let pos = Position::from_moves(moves).expect("a legal test position");
            let got = solver.solve(&pos, mode).expect("not over");
            let want = if mode == Mode::Weak {
                score.signum()
            } else {
                *score
            };
            (got != want).then(|| format!("{moves}: expected {want}, solved {got}"))
        })
        .collect()
}

fn check(name: &str, step: usize, limit: usize) {
    let cases = read_set(name, step, limit);
    for mode in [Mode::Strong, Mode::Weak] {
        let wrong = wrong_answers(&cases, mode);
        assert!(
            wrong.is_empty(),
            "{name} {mode:?}: {} wrong: {wrong:?}",
            wrong.len()
        );
    }
}

#[test]
fn end_easy_all_1000() {
    check("Test_L3_R1", 1, 1000);
}

#[test]
fn middle_easy_all_1000() {
    check("Test_L2_R1", 1, 1000);
}

#[test]
fn middle_medium_all_1000() {
    check("Test_L2_R2", 1, 1000);
}

#[test]
fn begin_easy_all_1000() {
    check("Test_L1_R1", 1, 1000);
}

#[test]
fn begin_medium_every_25th() {
    check("Test_L1_R2", 25, 40);
}

#[test]
fn begin_hard_every_200th() {
    check("Test_L1_R3", 200, 5);
}

#[test]
fn the_tutorials_scores_and_the_analysis_of_a_position() {
    let mut solver = Solver::with_table_log2(18);
    let pos = Position::from_moves("4455").unwrap();
    assert_eq!(solver.solve(&pos, Mode::Strong).unwrap(), 18);
    let pos = Position::from_moves("44455554221").unwrap();
    assert_eq!(solver.solve(&pos, Mode::Strong).unwrap(), -15);
    // End-Easy's first line scores -1: every column scores at most -1, and the
    // best column's score is the position's.
    let pos = Position::from_moves("2252576253462244111563365343671351441").unwrap();
    let a = solver.analyze(&pos, Mode::Strong).unwrap();
    assert_eq!(a.score, Some(-1));
    assert_eq!(a.scores[a.best.unwrap()], Some(-1));
    for (col, s) in a.scores.iter().enumerate() {
        let Some(s) = s else { continue };
        let child = pos.after(col).unwrap();
        let direct = if pos.is_winning_move(col) {
            (42 + 1 - 37) / 2
        } else {
            -solver.solve(&child, Mode::Strong).unwrap()
        };
        assert_eq!(*s, direct, "column {}", col + 1);
    }
}

/// One position at a time on several threads (lazy SMP, the threads
/// leaving each other's positions to the end): every score as on one.
#[test]
fn lone_positions_on_two_and_four_threads() {
    let cases = read_set("Test_L1_R2", 50, 20);
    for threads in [2, 4] {
        let mut solver = Solver::with_table_log2(20);
        solver.set_threads(threads);
        for mode in [Mode::Strong, Mode::Weak] {
            for (moves, score) in &cases {
                solver.clear();
                let pos = Position::from_moves(moves).unwrap();
                let want = if mode == Mode::Weak {
                    score.signum()
                } else {
                    *score
                };
                let got = solver.solve(&pos, mode).unwrap();
                assert_eq!(got, want, "{moves} {mode:?} on {threads} threads");
            }
        }
    }
}

/// `at_least` answers a bound of the set's score, on one thread and two:
/// at the score and one above it, at 0 and 1 (draw or better, win), and at
/// the scores past the ends (always and never).
#[test]
fn at_least_bounds_every_score_of_a_set() {
    let mut cases = read_set("Test_L2_R2", 50, 20);
    cases.extend(read_set("Test_L1_R2", 100, 10));
    for threads in [1, 2] {
        let mut solver = Solver::with_table_log2(20);
        solver.set_threads(threads);
        for (moves, score) in &cases {
            let pos = Position::from_moves(moves).unwrap();
            for at in [*score - 1, *score, *score + 1, 0, 1, -22, 22] {
                solver.clear();
                let got = solver.at_least(&pos, at).unwrap();
                assert_eq!(
                    got,
                    *score >= at,
                    "{moves} (score {score}) at least {at}, {threads} threads"
                );
            }
        }
    }
}
