//! Connect Four without the solver: grids and their checks, move strings that
//! reach a grid, the naive twin against the bitboard, keys, and the counts.

use bitgames::connect4::grid::{
    self, from_grid, from_player_bits, grid_string, moves_to, parse_grid, parse_grid_position,
    player_bits, to_grid,
};
use bitgames::connect4::{Column, Geometry, Position, naive};
use bitgames::tools::{distinct_positions_by_depth, perft, perft_parallel};
use bitgames::{Game, Outcome, Player};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

fn grid_error(text: &str) -> String {
    parse_grid_position(text).unwrap_err().to_string()
}

#[test]
fn grids_read_top_row_first_in_every_layout() {
    let pos = Position::from_moves("4453").unwrap();
    let rows = vec![
        vec![0, 0, 0, 0, 0, 0, 0],
        vec![0, 0, 0, 0, 0, 0, 0],
        vec![0, 0, 0, 0, 0, 0, 0],
        vec![0, 0, 0, 0, 0, 0, 0],
        vec![0, 0, 0, 2, 0, 0, 0],
        vec![0, 0, 2, 1, 1, 0, 0],
    ];
    assert_eq!(to_grid(&pos), rows);
    assert_eq!(from_grid(&rows).unwrap(), pos);
    let text = "0000000/0000000/0000000/0000000/0002000/0021100";
    assert_eq!(grid_string(&pos), text);
    assert_eq!(parse_grid(text).unwrap(), rows);
    let lines = "0000000\n0000000\n0000000\n0000000\n0002000\n0021100\n";
    assert_eq!(parse_grid_position(lines).unwrap(), pos);
    let spaced =
        "0 0 0 0 0 0 0\n0 0 0 0 0 0 0\n0 0 0 0 0 0 0\n0 0 0 0 0 0 0\n0 0 0 2 0 0 0\n0 0 2 1 1 0 0";
    assert_eq!(parse_grid_position(spaced).unwrap(), pos);
    // Player 1 (to move) holds columns 4 and 5 of the bottom row: bits 21 and 28.
    assert_eq!(
        player_bits(&pos),
        [(1 << 21) | (1 << 28), (1 << 22) | (1 << 14)]
    );
    assert_eq!(pos.to_move(), Player::One);
    // Another size: a 4x4 grid is a 4x4 board.
    let small = parse_grid_position("0000/0000/0000/1200").unwrap();
    assert_eq!(small.geometry(), Geometry::new(4, 4).unwrap());
    assert_eq!(
        small,
        Position::from_moves_in(small.geometry(), "12").unwrap()
    );
}

#[test]
fn bad_grids_are_refused_naming_the_cell_or_row() {
    // A 7x5 grid is a legal 7x5 board; on a 7x6 board it has too few rows.
    let rows = parse_grid("0000000/0000000/0000000/0000000/0001200").unwrap();
    assert_eq!(
        from_grid(&rows).unwrap().geometry(),
        Geometry::new(7, 5).unwrap()
    );
    assert_eq!(
        grid::from_grid_in(Geometry::STANDARD, &rows)
            .unwrap_err()
            .to_string(),
        "the grid has 5 rows, a 7x6 board has 6"
    );
    assert_eq!(
        grid_error("0000000/0000000/000000/0000000/0000000/0001200"),
        "line 3 (row 4) has 6 cells, expected 7"
    );
    assert_eq!(
        grid_error("0000000/0000000/0000000/0000000/0000000/0001300"),
        "line 6, cell 5 (column 5, row 1): `3` is not 0, 1 or 2"
    );
    assert_eq!(
        grid_error("0000000/0000000/0000000/00x0000/0000000/0001200"),
        "line 4, cell 3 (column 3, row 3): `x` is not 0, 1 or 2"
    );
    assert_eq!(
        grid_error("0000000/0000000/0000000/0000000/0002000/0010000"),
        "floating stone: column 4, row 2 (line 5 of the grid) holds a stone of player 2 but the cell below it is empty"
    );
    assert_eq!(
        grid_error("0000000/0000000/0000000/0000000/0000000/0001100"),
        "player 1 has 2 stones and player 2 has 0: player 1 (who moves first) must have as many as player 2 or one more"
    );
    assert_eq!(
        grid_error("0000000/0000000/0000000/0000000/0000000/0002000"),
        "player 1 has 0 stones and player 2 has 1: player 1 (who moves first) must have as many as player 2 or one more"
    );
    assert_eq!(
        grid_error("0000000/0000000/1200000/1200000/1200000/1200000"),
        "both players have four in a row: the game would have ended at the first of them"
    );
    // Player 2 has four, player 1 has the same number of stones: player 2
    // moved last, fine. With one stone more, player 1 moved last: refused.
    let won = parse_grid_position("0000000/0000000/0000000/0000000/1000000/1112222").unwrap();
    assert_eq!(won.outcome(), Outcome::Win(Player::Two));
    assert_eq!(
        grid_error("0000000/0000000/0000000/0000000/1100000/1112222"),
        "player 2 has four in a row but player 1 moved last: the game would have ended before"
    );
    assert_eq!(
        grid_error(""),
        "the grid is empty: give one row of 0/1/2 per line, top row first"
    );
    assert_eq!(
        grid_error("00000000000000000/00000000000000000"),
        "a grid of 17 columns and 2 rows: a board has at most 16 columns, not 17"
    );
    assert_eq!(
        from_player_bits(Geometry::STANDARD, 1 << 6, 0)
            .unwrap_err()
            .to_string(),
        "the bit numbers are not a board: a bit outside the board is set"
    );
}

#[test]
fn a_grid_won_by_the_last_mover_is_shown_but_not_solved() {
    use bitgames::connect4::solver::{Mode, SolveError, Solver};
    // Player 1 has four on the bottom row, player 2 three stones on top: player 1 moved last.
    let pos = parse_grid_position("0000000/0000000/0000000/0000000/2220000/1111000").unwrap();
    assert!(pos.last_player_won());
    assert_eq!(pos.outcome(), Outcome::Win(Player::One));
    // The winning stone comes last: the four is complete only with column 4.
    let moves = grid::move_string(&pos).unwrap();
    assert_eq!(moves, "1122334");
    assert_eq!(Position::from_moves(&moves).unwrap(), pos);
    let mut solver = Solver::with_table_log2(16);
    assert_eq!(
        solver.solve(&pos, Mode::Strong),
        Err(SolveError::GameOver(Outcome::Win(Player::One)))
    );
}

#[test]
fn keys_decode_to_their_position_and_other_words_are_refused() {
    let g = Geometry::STANDARD;
    let pos = Position::from_moves("4453").unwrap();
    assert_eq!(grid::from_key(g, pos.key()), Some(pos));
    assert_eq!(
        grid::from_key(g, Position::default().key()),
        Some(Position::default())
    );
    // No marker in column 1; a bit above the last column. Column 1 `10`: one
    // stone of the player who moved (player 1); `11`: one of the player to
    // move (player 2), who would have more stones than player 1.
    assert_eq!(grid::from_key(g, g.bottom_mask() ^ 1), None);
    assert_eq!(grid::from_key(g, g.bottom_mask() | (1 << 50)), None);
    assert_eq!(
        grid::from_key(g, g.bottom_mask() + 1),
        Some(Position::from_moves("1").unwrap())
    );
    assert_eq!(grid::from_key(g, g.bottom_mask() + 2), None);
}

#[test]
fn move_strings_reach_the_grid_or_say_none_does() {
    // 4453 again, from its grid.
    let pos = parse_grid_position("0000000/0000000/0000000/0000000/0002000/0021100").unwrap();
    let moves = grid::move_string(&pos).unwrap();
    assert_eq!(Position::from_moves(&moves).unwrap(), pos);
    // Player 2 under player 1 in one column, nothing else: player 1 moved first,
    // so the first stone must be theirs, but it is above player 2's.
    let pos = parse_grid_position("000000/000000/000000/100000/200000").unwrap();
    assert_eq!(moves_to(&pos), None);
    // Player 1 (who moved last) with two fours that share no stone: taking
    // either top stone off leaves the other four, so no game reaches it.
    let pos = parse_grid_position("0000000/0000000/0000001/2200001/2220001/1111221").unwrap();
    assert!(pos.last_player_won());
    assert_eq!(moves_to(&pos), None);
    assert_eq!(grid::move_string(&pos), None);
}

/// Plays a random game of up to `plies` moves, stopping when it ends.
fn random_game(geometry: Geometry, plies: usize, rng: &mut SmallRng) -> Position {
    let mut pos = Position::new(geometry);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        Game::play_unchecked(&mut pos, moves[rng.random_range(0..moves.len())]);
    }
    pos
}

#[test]
fn random_games_round_trip_through_grids_and_move_strings() {
    let mut rng = SmallRng::seed_from_u64(7);
    for (w, h) in [(7, 6), (4, 4), (8, 7), (5, 4)] {
        let g = Geometry::new(w, h).unwrap();
        for _ in 0..500 {
            let plies = rng.random_range(0..=g.cells());
            let pos = random_game(g, plies, &mut rng);
            let grid = to_grid(&pos);
            assert_eq!(from_grid(&grid).unwrap(), pos, "{}", grid_string(&pos));
            assert_eq!(parse_grid_position(&grid_string(&pos)).unwrap(), pos);
            let [ones, twos] = player_bits(&pos);
            assert_eq!(from_player_bits(g, ones, twos).unwrap(), pos);
            assert_eq!(grid::from_key(g, pos.key()), Some(pos));
            let moves = grid::move_string(&pos).expect("a played game is reachable");
            assert_eq!(moves.len(), pos.moves_played());
            assert_eq!(Position::from_moves_in(g, &moves).unwrap(), pos, "{moves}");
        }
    }
}

/// Plays `choices` on both boards (each choice a column, in range or not) and
/// checks after every step that they agree; returns the bitboard position.
fn play_both(geometry: Geometry, choices: &[u8]) -> Result<Position, TestCaseError> {
    let mut fast = Position::new(geometry);
    let mut slow = naive::Board::new(geometry);
    for &c in choices {
        // Mostly a legal column, sometimes anything (to compare the refusals).
        let legal = slow.legal_moves();
        let mv = if c >= 200 || legal.is_empty() {
            Column(c % 10)
        } else {
            legal[c as usize % legal.len()]
        };
        let a = Game::play(&mut fast, mv);
        let b = slow.play(mv);
        prop_assert_eq!(a, b);
        prop_assert_eq!(fast.legal_moves(), slow.legal_moves());
        prop_assert_eq!(fast.outcome(), slow.outcome());
        prop_assert_eq!(fast.to_move(), Game::to_move(&slow));
        prop_assert_eq!(fast.moves_played(), slow.moves_played());
        prop_assert_eq!(fast.to_string(), slow.to_string());
        for col in 0..geometry.width() {
            prop_assert_eq!(
                fast.can_play(col),
                slow.column_height(col) < geometry.height()
            );
            for row in 0..geometry.height() {
                prop_assert_eq!(fast.cell(col, row), slow.cell(col, row));
            }
        }
        for col in 0..geometry.width() {
            if fast.can_play(col) && !fast.outcome().is_over() {
                let mut after = slow;
                after.play_unchecked(Column(col as u8));
                prop_assert_eq!(fast.is_winning_move(col), after.winner().is_some());
            }
        }
    }
    Ok(fast)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_500))]

    /// The bitboard and the naive twin agree move by move: legal columns,
    /// refusals with the same error, wins and the winner, draws, cells.
    #[test]
    fn bitboard_and_naive_agree_on_7x6(choices in prop::collection::vec(any::<u8>(), 0..60)) {
        play_both(Geometry::STANDARD, &choices)?;
    }

    #[test]
    fn bitboard_and_naive_agree_on_4x4_and_8x7(
        small in prop::collection::vec(any::<u8>(), 0..24),
        large in prop::collection::vec(any::<u8>(), 0..70),
    ) {
        play_both(Geometry::new(4, 4).unwrap(), &small)?;
        play_both(Geometry::new(8, 7).unwrap(), &large)?;
    }

    /// A position from random play goes to a grid, to a move string, and back.
    #[test]
    fn grid_to_moves_reaches_the_same_position(
        seed in any::<u64>(),
        plies in 0usize..43,
    ) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let pos = random_game(Geometry::STANDARD, plies, &mut rng);
        let back = from_grid(&to_grid(&pos)).unwrap();
        prop_assert_eq!(back, pos);
        let moves = grid::move_string(&back).unwrap();
        prop_assert_eq!(Position::from_moves(&moves).unwrap(), pos);
    }

    /// Any text is a position or an error, never a panic; a position read
    /// from a grid prints back to the same grid.
    #[test]
    fn grid_parsing_never_panics(
        text in "\\PC{0,80}",
        near in "([0-2]{7}/){5}[0-2]{7}",
    ) {
        let _ = parse_grid_position(&text);
        if let Ok(pos) = parse_grid_position(&near) {
            prop_assert_eq!(grid_string(&pos), near);
            if let Some(moves) = grid::move_string(&pos) {
                prop_assert_eq!(Position::from_moves(&moves).unwrap(), pos);
            }
        }
    }

    /// Any word decodes to no position or to the position with that key.
    #[test]
    fn any_word_is_a_key_or_refused(
        word in any::<u128>(),
        bottom_row in any::<bool>(),
        wide in any::<bool>(),
    ) {
        // 7x6 (49 bits) and 8x8 (72 bits, past a u64).
        let g = if wide { Geometry::new(8, 8).unwrap() } else { Geometry::STANDARD };
        // Half the cases: a word that has a marker in every column.
        let word = if bottom_row { (word & g.board_mask()) | g.bottom_mask() } else { word };
        if let Some(pos) = grid::from_key(g, word) {
            prop_assert_eq!(pos.key(), word);
        }
    }
}

#[test]
fn random_play_reaches_draws_and_wins_of_both_players_on_4x4() {
    // The property tests above compare outcomes; make sure the games they
    // compare do reach every kind of end on a small board.
    let g = Geometry::new(4, 4).unwrap();
    let mut rng = SmallRng::seed_from_u64(3);
    let mut ends = HashMap::new();
    for _ in 0..2_000 {
        let pos = random_game(g, 16, &mut rng);
        let mut slow = naive::Board::new(g);
        slow.play_all(grid::moves_to(&pos).unwrap()).unwrap();
        assert_eq!(slow.outcome(), pos.outcome());
        *ends.entry(pos.outcome()).or_insert(0) += 1;
    }
    assert!(ends[&Outcome::Draw] > 0);
    assert!(ends[&Outcome::Win(Player::One)] > 0);
    assert!(ends[&Outcome::Win(Player::Two)] > 0);
}

#[test]
fn keys_of_distinct_positions_never_collide() {
    let mut rng = SmallRng::seed_from_u64(11);
    for (w, h) in [(7, 6), (4, 4), (8, 7), (8, 8), (16, 7)] {
        let g = Geometry::new(w, h).unwrap();
        let mut seen: HashMap<u128, String> = HashMap::new();
        for _ in 0..3_000 {
            let mut pos = Position::new(g);
            loop {
                let grid = grid_string(&pos);
                let previous = seen.entry(pos.key()).or_insert_with(|| grid.clone());
                assert_eq!(*previous, grid, "key {:#x} on {g}", pos.key());
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                Game::play_unchecked(&mut pos, moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(seen.len() > 20_000, "{g}: {} positions", seen.len());
    }
}

/// Perft (move sequences; a game stops at a win) and the distinct positions
/// after each ply: the published figures, OEIS A212693 for the positions.
const PERFT: [u64; 10] = [
    1, 7, 49, 343, 2_401, 16_807, 117_649, 823_536, 5_673_234, 39_394_572,
];
const DISTINCT: [u64; 10] = [
    1, 7, 49, 238, 1_120, 4_263, 16_422, 54_859, 184_275, 558_186,
];

#[test]
fn perft_and_distinct_positions_up_to_ply_9() {
    let start = Position::default();
    for (ply, &expected) in PERFT.iter().enumerate().take(8) {
        assert_eq!(perft(&start, ply as u32), expected, "perft {ply}");
    }
    assert_eq!(perft_parallel(&start, 8), PERFT[8]);
    assert_eq!(perft_parallel(&start, 9), PERFT[9]);
    assert_eq!(distinct_positions_by_depth(&start, 9), DISTINCT);
}

#[test]
fn the_naive_twin_counts_the_same_up_to_ply_6() {
    let start = naive::Board::default();
    for (ply, &expected) in PERFT.iter().enumerate().take(7) {
        assert_eq!(perft(&start, ply as u32), expected, "perft {ply}");
    }
    assert_eq!(distinct_positions_by_depth(&start, 6), DISTINCT[..7]);
}
