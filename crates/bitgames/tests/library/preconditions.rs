//! Public functions given out-of-range arguments: an error value or a
//! documented answer, never an overflow panic (the test profile has overflow
//! checks on), and a clear message where the documentation says it panics.

use bitgames::Game;
use bitgames::connect4::solver::Solver;
use bitgames::connect4::solver::table::{LOG2_RANGE, TableError};
use bitgames::connect4::{Column, Geometry, GeometryError, PlayError, Position, naive};

/// The message of the panic `f` must raise.
fn panic_message<T>(f: impl FnOnce() -> T + std::panic::UnwindSafe) -> String {
    let payload = std::panic::catch_unwind(f).err().expect("a panic");
    match payload.downcast::<String>() {
        Ok(s) => *s,
        Err(p) => p
            .downcast::<&str>()
            .map(|s| s.to_string())
            .expect("a text message"),
    }
}

#[test]
fn connect4_play_far_off_the_board_is_an_error_and_changes_nothing() {
    let mut pos = Position::from_moves("4453").unwrap();
    let before = pos;
    assert_eq!(
        pos.play(usize::MAX),
        Err(PlayError::OutOfRange {
            column: usize::MAX,
            width: 7
        })
    );
    assert_eq!(pos, before);
    assert!(pos.after(64).is_err());
    assert!(pos.why_unplayable(1 << 40).is_some());
    let mut twin = naive::Board::from_moves_in(Geometry::STANDARD, "4453").unwrap();
    assert!(twin.play(Column(255)).is_err());
    assert_eq!(twin.moves_played(), 4);
}

#[test]
fn connect4_queries_off_the_board_answer_nothing() {
    let pos = Position::from_moves("4453").unwrap();
    for col in [7, 20, 64, usize::MAX] {
        assert_eq!(pos.column_height(col), 0, "column {col}");
        assert!(!pos.is_winning_move(col), "column {col}");
        assert!(!pos.can_play(col), "column {col}");
        assert_eq!(pos.cell(col, 0), None);
        assert_eq!(Geometry::STANDARD.bit(col, 0), 0);
        assert_eq!(Geometry::STANDARD.column_mask(col), 0);
        assert_eq!(Geometry::STANDARD.top_mask(col), 0);
    }
    assert_eq!(Geometry::STANDARD.bit(0, 7), 0, "above the spare row");
    assert_eq!(Geometry::STANDARD.bit(0, 6), 1 << 6, "the spare bit");
    assert_eq!(pos.column_height(3), 2);
    let twin = naive::Board::from_moves_in(Geometry::STANDARD, "4453").unwrap();
    assert_eq!(twin.column_height(64), 0);
    assert_eq!(twin.cell(usize::MAX, usize::MAX), None);
}

#[test]
fn connect4_huge_board_sizes_are_errors() {
    assert_eq!(
        Geometry::new(5, usize::MAX),
        Err(GeometryError::TooTall { height: usize::MAX })
    );
    assert!(Geometry::new(usize::MAX, 6).is_err());
    assert!(Geometry::new(usize::MAX, usize::MAX).is_err());
    assert_eq!(
        Geometry::new(5, usize::MAX).unwrap_err().to_string(),
        format!("a board has at most 15 rows, not {}", usize::MAX)
    );
    // The sizes that fit are unchanged.
    assert!(Geometry::new(8, 7).is_ok());
    assert!(Geometry::new(8, 8).is_ok());
    assert_eq!(
        Geometry::new(10, 12).unwrap_err().to_string(),
        "a 10x12 board needs 10 x (12 + 1) = 130 bits, more than the 128 of a u128"
    );
    assert!(Geometry::new(9, 13).is_ok(), "126 bits");
}

#[test]
fn solver_table_sizes_out_of_range_are_errors() {
    for log2 in [33, 40, 63, 64, 100, u32::MAX] {
        match Solver::try_with_table_log2(log2) {
            Err(e @ TableError::Size { .. }) => assert_eq!(
                e.to_string(),
                format!(
                    "a table of 2^{log2} buckets is outside the sizes allowed, 2^4..=2^32 buckets (16 bytes each, 64 GiB at most)"
                )
            ),
            Err(e) => panic!("2^{log2}: {e}"),
            Ok(_) => panic!("a table of 2^{log2} buckets was made"),
        }
    }
    assert_eq!(
        Solver::try_with_table_log2(3).err(),
        Some(TableError::Size { log2: 3 })
    );
    assert_eq!(LOG2_RANGE, 4..=32);
    // In range: a working solver (the memory is reserved, used as it grows).
    let mut solver = Solver::try_with_table_log2(12).unwrap();
    let pos = Position::from_moves("44455554221").unwrap();
    assert_eq!(
        solver.solve(&pos, bitgames::connect4::solver::Mode::Strong),
        Ok(-15)
    );
}

#[test]
fn solver_with_table_log2_panics_with_the_range_in_its_message() {
    let message = panic_message(|| Solver::with_table_log2(40));
    assert!(
        message.contains("Solver::with_table_log2(40)") && message.contains("2^4..=2^32"),
        "{message}"
    );
}

#[test]
fn santorini_naive_twins_name_an_off_board_worker() {
    use bitgames::santorini::naive::{distances_naive, move_to_naive};
    let levels = [0u8; 25];
    for (row, col) in [(0, 1), (6, 1), (1, 0), (255, 255)] {
        let message = panic_message(|| move_to_naive(row, col, &levels));
        assert_eq!(
            message,
            format!(
                "the worker's (row, col) = ({row},{col}) is off the board: both must be in 1..=5"
            )
        );
        assert_eq!(
            panic_message(|| distances_naive(row, col, &levels)),
            message
        );
    }
    // A level byte of 255 (no level, but no overflow either): a wall.
    let mut high = [0u8; 25];
    high[1] = 255;
    assert_eq!(move_to_naive(1, 1, &high), vec![(2, 1), (2, 2)]);
}

#[test]
fn santorini_engine_size_and_scores_at_the_extremes() {
    let message = panic_message(|| bitgames::santorini::search::Engine::new(usize::MAX));
    assert!(message.contains("more than the 2^30"), "{message}");
    use bitgames::tools::negamax::{plies_to_end, score_to_string};
    assert_eq!(plies_to_end(i32::MIN), None);
    assert_eq!(score_to_string(i32::MIN), i32::MIN.to_string());
    assert_eq!(plies_to_end(i32::MAX), None);
}

#[test]
fn tictactoe_symmetry_index_is_checked() {
    use bitgames::tictactoe::counts::transform;
    use bitgames::tictactoe::masks::Board;
    let board = Board::default();
    assert_eq!(transform(&board, 7), board);
    let message = panic_message(|| transform(&board, 8));
    assert_eq!(message, "symmetry 8 is outside 0..8");
}
