use super::*;

fn pos(moves: &str) -> Position {
    Position::from_moves(moves).unwrap()
}

/// An analysis of `moves` with these columns known.
fn known(moves: &str, mode: Mode, columns: [Known; 7]) -> Analysis {
    Analysis::with_columns(&pos(moves), mode, &columns)
}

#[test]
fn a_column_is_said_in_words_as_far_as_it_is_known() {
    use Known::{Exact, Full, Sign, Unknown};
    let a = known(
        "445",
        Mode::Strong,
        [
            Exact(-2),
            Sign(1),
            Unknown,
            Exact(0),
            Sign(-1),
            Full,
            Exact(3),
        ],
    );
    let words: Vec<Option<String>> = (0..7).map(|c| a.words(c)).collect();
    let words: Vec<Option<&str>> = words.iter().map(Option::as_deref).collect();
    // After 3 stones on 42 cells: +3 is a win with the 18th stone from now.
    assert_eq!(
        words,
        [
            Some("loss in 18"),
            Some("win"),
            None,
            Some("draw"),
            Some("loss"),
            None,
            Some("win in 18"),
        ]
    );
    // Column 6 cannot be played after 445: Full whatever was given.
    assert_eq!(a.column(5), Full);
    assert_eq!(a.signs()[..2], [Some(-1), Some(1)]);
    assert_eq!(a.exact_scores()[..2], [Some(-2), None]);
}

#[test]
fn the_best_columns_and_the_result_come_only_as_far_as_they_are_known() {
    use Known::{Exact, Sign, Unknown};
    // Every column's result known, none exact: the result is a win, and
    // the most central win is the best by result, but no best exact column.
    let signs = [-1, 0, -1, 1, 0, -1, 1].map(Sign);
    let a = known("445", Mode::Strong, signs);
    assert!(!a.complete());
    assert_eq!(a.result().as_deref(), Some("win"));
    assert_eq!(a.best_by_result(), Some((3, 1)));
    assert_eq!((a.best(), a.score(), a.score_words()), (None, None, None));
    assert!(a.best_columns().is_empty());
    // One column unknown: a better result may hide there.
    let mut columns = [-1, 0, -1, -1, 0, -1, -1].map(Sign);
    columns[2] = Unknown;
    let a = known("445", Mode::Strong, columns);
    assert_eq!((a.result(), a.best_by_result()), (None, None));
    // Only the open columns count: column 4 is full after 444444.
    let a = known("444444", Mode::Strong, [Sign(0); 7]);
    assert_eq!(a.column(3), Known::Full);
    assert_eq!(a.result().as_deref(), Some("draw"));
    assert_eq!(a.best_by_result(), Some((2, 0)));
    // Complete: the best exact score, its words, the best columns centre first.
    let exact = [-2, 1, 0, 1, 0, 1, -2].map(Exact);
    let a = known("", Mode::Strong, exact);
    assert!(a.complete());
    assert_eq!(a.score(), Some(1));
    assert_eq!(a.best_columns().to_vec(), [3, 1, 5]);
    assert_eq!(a.best(), Some(3));
    assert_eq!(a.result().as_deref(), Some("win in 21"));
    // A weak analysis is complete with every result: ranked by sign.
    let a = known("445", Mode::Weak, signs);
    assert!(a.complete());
    assert_eq!(
        (a.score(), a.best_columns().to_vec()),
        (Some(1), vec![3, 6])
    );
    assert_eq!(a.score_words().as_deref(), Some("win"));
}

#[test]
fn an_analysis_without_a_deadline_is_the_solvers_and_streams_each_column() {
    // Pons' Test_L2_R1: columns 3 and 6 win in 2 (score 11).
    let p = pos("175617344365477255");
    let mut solver = Solver::with_table_log2(16);
    let mut seen = Vec::new();
    let a = analyze(&mut solver, &p, Budget::exact(), &mut |a, c| {
        seen.push((c, a.column(c)));
        true
    })
    .unwrap();
    let want = [10, 3, 11, 10, 2, 11, 2].map(Known::Exact);
    assert_eq!(a.columns(), want);
    assert_eq!(
        seen,
        [3, 2, 4, 1, 5, 0, 6].map(|c| (c, want[c])),
        "centre first, each once"
    );
    assert_eq!(a.best_columns().to_vec(), [2, 5]);
    assert_eq!(a.score_words().as_deref(), Some("win in 2"));
    assert!(a.nodes() > 0);
    let solved = Solver::with_table_log2(16)
        .analyze(&p, Mode::Strong)
        .unwrap();
    assert_eq!(a.exact_scores(), solved.scores);
    // Stopped by its watcher after the first column: only that one is known.
    let a = analyze(&mut solver, &p, Budget::exact(), &mut |_, _| false).unwrap();
    let known: Vec<usize> = (0..7).filter(|&c| a.column(c) != Known::Unknown).collect();
    assert_eq!(known, [3]);
    assert!(!a.complete());
}

#[test]
fn a_weak_analysis_knows_only_results_and_several_threads_agree() {
    let p = pos("175617344365477255");
    for threads in [1, 3] {
        let mut solver = Solver::with_table_log2(16);
        solver.set_threads(threads);
        let budget = Budget {
            mode: Mode::Weak,
            ..Budget::exact()
        };
        let a = analyze(&mut solver, &p, budget, &mut |_, _| true).unwrap();
        assert_eq!(
            a.columns(),
            [1, 1, 1, 1, 1, 1, 1].map(Known::Sign),
            "{threads}"
        );
        assert_eq!(a.score(), Some(1));
        assert_eq!(a.best(), Some(3));
        let a = analyze(&mut solver, &p, Budget::exact(), &mut |_, _| true).unwrap();
        assert_eq!(a.best_columns().to_vec(), [2, 5], "{threads}");
    }
}

#[test]
fn a_game_that_is_over_has_no_column_to_analyse() {
    let mut solver = Solver::with_table_log2(16);
    let a = analyze(
        &mut solver,
        &pos("1212121"),
        Budget::exact(),
        &mut |_, _| true,
    )
    .unwrap();
    assert_eq!(a.columns(), [Known::Full; 7]);
    assert_eq!((a.best(), a.result()), (None, None));
}

#[test]
#[cfg(feature = "builtin-book")]
fn with_the_builtin_book_an_early_position_is_exact_within_any_deadline() {
    let mut solver = Solver::with_table_log2(16);
    solver.set_book(super::super::solver::book::builtin_shared(
        Geometry::STANDARD,
    ));
    let deadline = Instant::now() + Duration::from_secs(30);
    let a = analyze(
        &mut solver,
        &pos(""),
        Budget::until(deadline),
        &mut |_, _| true,
    )
    .unwrap();
    assert_eq!(a.exact_scores(), [-2, -1, 0, 1, 0, -1, -2].map(Some));
    assert_eq!(a.result().as_deref(), Some("win in 21"));
}
