//! The search's node counts, pinned: a change meant to leave the search as
//! it is (a refactor, a technique made cheaper) must visit exactly the same
//! nodes. One thread, a fresh table for each position, on the first
//! positions of Pons' sets (`data/connect4`), with a book, and on a board of
//! each kind the search is compiled for.

use crate::Game;
use crate::connect4::solver::book::{Book, symmetric_key};
use crate::connect4::solver::{Mode, Solver, Stats};
use crate::connect4::{Geometry, Position};
use std::sync::Arc;

/// Solves each position of `g` alone (a fresh table of 2^18 buckets, and
/// `book` if any): the scores, and the counters summed.
fn solve_each(
    g: Geometry,
    positions: &[&str],
    mode: Mode,
    book: Option<&Arc<Book>>,
) -> (Vec<i32>, Stats) {
    let mut total = Stats::default();
    let mut scores = Vec::new();
    for moves in positions {
        let mut solver = Solver::with_table_log2(18);
        solver.set_book(book.cloned());
        let pos = Position::from_moves_in(g, moves).unwrap();
        scores.push(solver.solve(&pos, mode).unwrap());
        total.nodes += solver.stats().nodes;
        total.searched += solver.stats().searched;
    }
    (scores, total)
}

/// Middle-Medium's first ten positions (`Test_L2_R2`) and their scores.
const MIDDLE_MEDIUM: [(&str, i32); 10] = [
    ("274552224131661", 0),
    ("5455174361263362", -1),
    ("2531276566711153", 2),
    ("37313333717124171162542", 3),
    ("6614446666373154", -4),
    ("24617524315172127", 2),
    ("6242432155656447531617622", 0),
    ("4642332434166445", -2),
    ("165713352355467777", 3),
    ("7441746225252552", 2),
];

#[test]
fn the_first_middle_medium_positions_take_the_pinned_nodes() {
    let moves: Vec<&str> = MIDDLE_MEDIUM.iter().map(|&(m, _)| m).collect();
    let (strong, stats) = solve_each(Geometry::STANDARD, &moves, Mode::Strong, None);
    let want: Vec<i32> = MIDDLE_MEDIUM.iter().map(|&(_, s)| s).collect();
    assert_eq!(strong, want);
    assert_eq!(
        stats,
        Stats {
            nodes: 123_992,
            searched: 80_318
        }
    );
    let (weak, stats) = solve_each(Geometry::STANDARD, &moves, Mode::Weak, None);
    let signs: Vec<i32> = want.iter().map(|s| s.signum()).collect();
    assert_eq!(weak, signs);
    assert_eq!(
        stats,
        Stats {
            nodes: 53_255,
            searched: 33_981
        }
    );
}

#[test]
fn the_first_begin_medium_position_takes_the_pinned_nodes() {
    // `Test_L1_R2`, first line.
    let (scores, stats) = solve_each(Geometry::STANDARD, &["32751571231557"], Mode::Strong, None);
    assert_eq!(scores, [-3]);
    assert_eq!(
        stats,
        Stats {
            nodes: 201_451,
            searched: 120_414
        }
    );
}

/// The positions two plies after `pos` that a book of their layer holds
/// (not over, no immediate win), by symmetric key, each solved alone.
fn grandchildren(pos: &Position) -> Vec<(u128, i8)> {
    let g = pos.geometry();
    let mut entries = Vec::new();
    for a in 0..g.width() {
        let Ok(child) = pos.after(a) else { continue };
        if child.outcome().is_over() {
            continue;
        }
        for b in 0..g.width() {
            let Ok(q) = child.after(b) else { continue };
            if q.outcome().is_over() || q.winning_moves() != 0 {
                continue;
            }
            let mut solver = Solver::with_table_log2(18);
            let score = solver.solve(&q, Mode::Strong).unwrap();
            entries.push((symmetric_key(&q), i8::try_from(score).unwrap()));
        }
    }
    entries
}

#[test]
fn a_book_two_plies_down_cuts_the_search_to_the_pinned_nodes() {
    let (moves, score) = MIDDLE_MEDIUM[1];
    let pos = Position::from_moves(moves).unwrap();
    let layer = pos.moves_played() + 2;
    let book = Arc::new(Book::from_scores(
        Geometry::STANDARD,
        layer..=layer,
        grandchildren(&pos),
    ));
    let (_, without) = solve_each(Geometry::STANDARD, &[moves], Mode::Strong, None);
    let (scores, with) = solve_each(Geometry::STANDARD, &[moves], Mode::Strong, Some(&book));
    assert_eq!(scores, [score]);
    assert!(with.nodes < without.nodes, "{with:?} against {without:?}");
    assert_eq!(
        with,
        Stats {
            nodes: 23,
            searched: 7
        }
    );
}

#[test]
fn every_kind_of_board_takes_the_pinned_nodes() {
    // (width, height, moves, score, nodes, nodes past the static checks):
    // a board of at most 9 columns (5x5), one of 10..16 columns in 64 bits
    // (12x4), the four compiled in beside 7x6, and one over 64 bits (8x8).
    let cases = [
        (5, 5, "", 0, 128_957, 69_780),
        (
            12,
            4,
            "10,10,11,4,6,2,9,12,2,10,1,10,4,8,12,9,7,6,8,11,8,6,5,4",
            -5,
            55_059,
            38_757,
        ),
        (
            10,
            5,
            "6,3,7,1,2,9,2,6,10,1,9,4,1,2,7,7,2,4,2,10,8,1,3,5",
            -2,
            112_297,
            74_416,
        ),
        (9, 6, "55557458972332498948687394", 2, 9_451, 6_227),
        (8, 7, "818524856544482643241352857421", 2, 5_485, 3_151),
        (7, 8, "7163372531157141734117", 6, 51_288, 33_818),
        (
            8,
            8,
            "14565235115715885181433316866258",
            -3,
            158_514,
            92_477,
        ),
    ];
    for (w, h, moves, score, nodes, searched) in cases {
        let g = Geometry::new(w, h).unwrap();
        let (scores, stats) = solve_each(g, &[moves], Mode::Strong, None);
        assert_eq!(scores, [score], "{w}x{h} {moves}");
        assert_eq!(stats, Stats { nodes, searched }, "{w}x{h} {moves}");
    }
}
