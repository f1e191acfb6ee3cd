//! The empty board of every size that solves in a moment, against the values
//! John Tromp published (`connect4::known`); `bitgames-tools connect4 sizes`
//! reproduces the rest of his table (docs/connect4-sizes.md).

use bitgames::connect4::known::{EMPTY_BOARD_VALUES, empty_board_value};
use bitgames::connect4::solver::{Column, Mode, Solver};
use bitgames::connect4::{Geometry, Position};

/// Boards of at most this many cells solve in about a second each or less
/// (7x5 and 5x7, the largest, since claimeven holds on odd heights).
const QUICK_CELLS: usize = 35;

#[test]
fn every_small_empty_board_has_tromps_value_and_its_best_first_move_gives_it() {
    let mut checked = Vec::new();
    for &(w, h, value) in EMPTY_BOARD_VALUES {
        let (w, h) = (usize::from(w), usize::from(h));
        if w * h > QUICK_CELLS {
            continue;
        }
        let geometry = Geometry::new(w, h).expect("a small board");
        let empty = Position::new(geometry);
        let mut solver = Solver::new();
        let analysis = solver.analyze(&empty, Mode::Strong).expect("analysed");
        let score = analysis.score.expect("a score");
        assert_eq!(score.signum() as i8, value, "{geometry}: score {score}");
        let best = analysis.best.expect("a best move");
        assert_eq!(
            analysis.scores[best],
            Some(score),
            "{geometry}: {analysis:?}"
        );
        assert_eq!(analysis.scores.len(), w);
        // The mirror image of a first move scores the same.
        for c in 0..w {
            assert_eq!(analysis.scores[c], analysis.scores[w - 1 - c], "{geometry}");
        }
        checked.push(format!("{geometry}"));
    }
    // 4x4 to 4x8, 5x4 to 5x7, 6x4, 6x5, 7x4, 7x5, 8x4.
    assert_eq!(checked.len(), 14, "{checked:?}");
    assert_eq!(empty_board_value(Geometry::new(6, 6).unwrap()), Some(-1));
}

#[test]
fn some_columns_are_solved_side_by_side_with_their_own_nodes() {
    // 5x4: the first moves score -1 0 0 0 -1 (Tromp's board, a draw).
    let g = Geometry::new(5, 4).unwrap();
    let pos = Position::new(g);
    let mut solver = Solver::with_table_log2(16);
    let all = solver.analyze(&pos, Mode::Strong).unwrap();
    // 4 threads: more than the 3 columns, so one of them gets two.
    for threads in [1, 2, 4] {
        let mut solver = Solver::with_table_log2(16);
        solver.set_threads(threads);
        let reported = std::sync::Mutex::new(Vec::new());
        // Columns 4 and 5 (bits 3 and 4) left out.
        let columns = solver
            .solve_columns(&pos, Mode::Strong, 0b11000, &|col, score, nodes| {
                reported.lock().unwrap().push((col, score, nodes));
            })
            .unwrap();
        for (column, score) in columns[..3].iter().zip(&all.scores) {
            assert_eq!(*column, Column::Score(score.unwrap()));
        }
        assert_eq!(columns[3..], [Column::Unfinished, Column::Unfinished]);
        let mut reported = reported.into_inner().unwrap();
        reported.sort();
        assert_eq!(reported.len(), 3, "{reported:?}");
        for &(col, score, nodes) in &reported {
            assert_eq!(Some(score), all.scores[col]);
            assert!(nodes > 0, "column {col}: its own search");
        }
        // The columns' nodes add up to the solver's.
        let sum: u64 = reported.iter().map(|r| r.2).sum();
        assert_eq!(sum, solver.stats().nodes, "{threads} threads");
    }
}
