//! Boards of 10 columns and more: the comma notation, its errors, and the
//! solver against a naive minimax on positions near the end.

use bitgames::connect4::solver::{Mode, Solver};
use bitgames::connect4::{Column, Geometry, Position, naive, read_position, write_moves};
use bitgames::{Game, Outcome};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

fn geometry(w: usize, h: usize) -> Geometry {
    Geometry::new(w, h).unwrap()
}

fn moves_error(g: Geometry, text: &str) -> String {
    Position::from_moves_in(g, text).unwrap_err().to_string()
}

#[test]
fn wide_boards_read_and_write_columns_separated_by_commas() {
    let g = geometry(10, 4);
    let pos = Position::from_moves_in(g, "10,3,4").unwrap();
    assert_eq!(pos.cell(9, 0), Some(bitgames::Player::One));
    assert_eq!(pos.cell(2, 0), Some(bitgames::Player::Two));
    assert_eq!(pos.moves_played(), 3);
    let (same, written) = read_position(g, " 10 , 3,4 ").unwrap();
    assert_eq!((same, written.as_str()), (pos, "10,3,4"));
    assert_eq!(
        bitgames::connect4::move_string(&pos).as_deref(),
        Some("10,3,4")
    );
    // One number alone is one move, even of one digit.
    assert_eq!(
        Position::from_moves_in(g, "10").unwrap().column_height(9),
        1
    );
    assert_eq!(Position::from_moves_in(g, "").unwrap().moves_played(), 0);
    // Up to 9 columns, commas are accepted and digits are written.
    let (std, written) = read_position(Geometry::STANDARD, "4,4,5,3").unwrap();
    assert_eq!(std, Position::from_moves("4453").unwrap());
    assert_eq!(written, "4453");
    // The grid is drawn two characters a column, under the column numbers.
    let text = pos.to_string();
    assert_eq!(text.lines().last(), Some(" 1  2  3  4  5  6  7  8  9 10"));
    assert_eq!(text.lines().nth(3), Some(" .  .  O  X  .  .  .  .  .  X"));
    assert_eq!(
        text,
        naive::Board::from_moves_in(g, "10,3,4")
            .unwrap()
            .to_string()
    );
}

#[test]
fn bad_wide_move_lists_name_the_move_and_why() {
    let g = geometry(11, 4);
    assert_eq!(
        moves_error(g, "10,x,4"),
        "move 2 `x`: not a column (use numbers 1..11 separated by commas)"
    );
    assert_eq!(
        moves_error(g, "10,3,,4"),
        "move 3 ``: not a column (use numbers 1..11 separated by commas)"
    );
    assert_eq!(
        moves_error(g, "1,12"),
        "move 2 `12`: column 12 is outside 1..11"
    );
    assert_eq!(
        moves_error(g, "0"),
        "move 1 `0`: not a column (use numbers 1..11 separated by commas)"
    );
    assert_eq!(
        moves_error(g, "11,11,11,11,11"),
        "move 5 `11`: column 11 is full"
    );
    // Digits run together on a wide board read as one number.
    assert_eq!(
        moves_error(g, "4453"),
        "move 1 `4453`: column 4453 is outside 1..11"
    );
    assert_eq!(
        moves_error(g, "1,2,1,2,1,2,1,2"),
        "move 8 `2`: the game is already over: player 1 has four in a row"
    );
    // The naive twin refuses the same lists with the same words.
    for text in [
        "10,x,4",
        "1,12",
        "11,11,11,11,11",
        "4453",
        "1,2,1,2,1,2,1,2",
    ] {
        assert_eq!(
            naive::Board::from_moves_in(g, text)
                .unwrap_err()
                .to_string(),
            moves_error(g, text)
        );
    }
    assert_eq!(
        moves_error(Geometry::STANDARD, "4,8"),
        "move 2 `8`: column 8 is outside 1..7"
    );
    assert_eq!(
        "17".parse::<Column>().unwrap_err().to_string(),
        "`17` is not a column: use a number 1..16"
    );
    assert_eq!("16".parse::<Column>(), Ok(Column(15)));
}

/// A random game of `plies` moves at most (it stops at a win or a full board).
fn random_game(g: Geometry, plies: usize, rng: &mut SmallRng) -> (Position, Vec<Column>) {
    let mut pos = Position::new(g);
    let mut played = Vec::new();
    while played.len() < plies && !pos.outcome().is_over() {
        let moves = pos.legal_moves();
        let mv = moves[rng.random_range(0..moves.len())];
        pos.play(mv.index()).unwrap();
        played.push(mv);
    }
    (pos, played)
}

/// A random game of `plies` moves where no move completes a four (`None`
/// if a player has only such moves left).
fn game_without_fours(
    g: Geometry,
    plies: usize,
    rng: &mut SmallRng,
) -> Option<(Position, Vec<Column>)> {
    let mut pos = Position::new(g);
    let mut played = Vec::new();
    while played.len() < plies {
        let quiet: Vec<Column> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| !pos.is_winning_move(m.index()))
            .collect();
        if quiet.is_empty() {
            return None;
        }
        let mv = quiet[rng.random_range(0..quiet.len())];
        pos.play(mv.index()).unwrap();
        played.push(mv);
    }
    Some((pos, played))
}

proptest! {
    /// Any game on any board width reads back from the list it writes.
    #[test]
    fn move_lists_round_trip_on_every_width(w in 1usize..=16, seed in any::<u64>(), plies in 0usize..60) {
        let h = (64 / w - 1).clamp(1, 6);
        let g = geometry(w, h);
        let (pos, played) = random_game(g, plies, &mut SmallRng::seed_from_u64(seed));
        let text = write_moves(w, &played);
        prop_assert_eq!(text.contains(','), w >= 10 && played.len() > 1);
        prop_assert_eq!(Position::from_moves_in(g, &text), Ok(pos));
        let commas: Vec<String> = played.iter().map(ToString::to_string).collect();
        prop_assert_eq!(read_position(g, &commas.join(",")), Ok((pos, text)));
    }
}

/// The score of `board` for the player to move by plain minimax over the
/// naive twin (remembering the positions already scored), in the solver's
/// convention: a win with the next stone after `n` stones scores `(cells + 1 - n) / 2`.
fn minimax(board: &naive::Board, seen: &mut HashMap<naive::Board, i32>) -> i32 {
    if let Some(&score) = seen.get(board) {
        return score;
    }
    let cells = board.geometry().cells() as i32;
    let n = board.moves_played() as i32;
    let mut best = i32::MIN;
    for mv in board.legal_moves() {
        let mut child = *board;
        child.play(mv).unwrap();
        let score = match child.outcome() {
            Outcome::Win(_) => (cells + 1 - n) / 2,
            Outcome::Draw => 0,
            Outcome::Ongoing => -minimax(&child, seen),
        };
        best = best.max(score);
    }
    seen.insert(*board, best);
    best
}

/// Positions of random games on `g` with at most `empty` empty cells, solved
/// by the solver and by minimax over the naive twin: the same score.
fn solver_agrees_with_minimax_near_the_end(g: Geometry, empty: usize, games: usize, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut solver = Solver::with_table_log2(16);
    for _ in 0..games {
        // Random games often end early: take the first that reaches the end
        // game still open, or one where nobody ever completes a four.
        let (pos, played) = (0..10_000)
            .map(|_| random_game(g, g.cells() - empty, &mut rng))
            .find(|(pos, _)| !pos.outcome().is_over())
            .or_else(|| {
                (0..10_000).find_map(|_| game_without_fours(g, g.cells() - empty, &mut rng))
            })
            .expect("an open end game");
        let board = naive::Board::from_moves_in(g, &write_moves(g.width(), &played)).unwrap();
        let expected = minimax(&board, &mut HashMap::new());
        assert_eq!(
            solver.solve(&pos, Mode::Strong).unwrap(),
            expected,
            "{g} {}",
            write_moves(g.width(), &played)
        );
        assert_eq!(solver.solve(&pos, Mode::Weak).unwrap(), expected.signum());
    }
}

#[test]
fn the_solver_agrees_with_minimax_on_wide_boards() {
    solver_agrees_with_minimax_near_the_end(geometry(10, 4), 9, 20, 1);
    solver_agrees_with_minimax_near_the_end(geometry(11, 4), 8, 20, 2);
    solver_agrees_with_minimax_near_the_end(geometry(10, 2), 9, 20, 3);
    solver_agrees_with_minimax_near_the_end(geometry(12, 3), 9, 20, 4);
    solver_agrees_with_minimax_near_the_end(geometry(16, 3), 8, 20, 5);
}

#[test]
fn the_solver_agrees_with_minimax_on_the_boards_compiled_in() {
    // 7x6 and the width + height 15 boards of at most 64 bits are searched
    // with their sizes as constants.
    for (i, (w, h)) in [(7, 6), (10, 5), (9, 6), (8, 7), (7, 8)]
        .into_iter()
        .enumerate()
    {
        solver_agrees_with_minimax_near_the_end(geometry(w, h), 10, 12, 20 + i as u64);
    }
}

#[test]
fn the_solver_agrees_with_minimax_on_boards_over_64_bits() {
    // Searched in 128-bit words, with the 128-bit table.
    for (i, (w, h)) in [(8, 8), (9, 7), (10, 6), (7, 9), (14, 7), (7, 15)]
        .into_iter()
        .enumerate()
    {
        let g = geometry(w, h);
        assert!(!g.fits_u64(), "{g}");
        solver_agrees_with_minimax_near_the_end(g, 9, 12, 10 + i as u64);
    }
}

#[test]
fn boards_over_64_bits_are_played_written_and_read() {
    let g = geometry(8, 8);
    let moves = "4,5,4,5,4,5,8,8,8,8,8,8,8";
    let pos = Position::from_moves_in(g, moves).unwrap();
    // Column 8 holds 7 stones, the highest at row 7 (bit 8 * 9 - 3 = 69).
    assert_eq!(pos.column_height(7), 7);
    assert_ne!(pos.mask() >> 64, 0, "stones past bit 64");
    assert_eq!(pos.mask().count_ones(), 13);
    assert_eq!(pos.key(), pos.current() + pos.mask() + g.bottom_mask());
    assert_eq!(write_moves(8, &pos_moves(moves)), "4545458888888");
    // O to move: a fourth stone in column 5 wins.
    assert!(pos.is_winning_move(4));
    assert!(!pos.is_winning_move(3));
    let mut solver = Solver::with_table_log2(16);
    assert_eq!(solver.solve(&pos, Mode::Strong), Ok((64 + 1 - 13) / 2));
    let err = Geometry::new(12, 10).unwrap_err().to_string();
    assert_eq!(
        err,
        "a 12x10 board needs 12 x (10 + 1) = 132 bits, more than the 128 of a u128"
    );
}

fn pos_moves(text: &str) -> Vec<Column> {
    text.split(',').map(|c| c.parse().unwrap()).collect()
}

#[test]
fn wide_games_are_played_and_analysed_to_the_end() {
    // A 10x4 and an 11x4 game between two perfect players from 16 and 18
    // stones: every move keeps the score (the best move's score is the
    // position's), and the game ends as the first score said.
    let mut solver = Solver::with_table_log2(18);
    for (g, seed) in [(geometry(10, 4), 7), (geometry(11, 4), 8)] {
        let mut rng = SmallRng::seed_from_u64(seed);
        let (mut pos, _) = loop {
            let game = random_game(g, 2 * g.width() - 4, &mut rng);
            if !game.0.outcome().is_over() {
                break game;
            }
        };
        let mover = pos.to_move();
        let score = solver.solve(&pos, Mode::Strong).unwrap();
        while !pos.outcome().is_over() {
            let analysis = solver.analyze(&pos, Mode::Strong).unwrap();
            let best = analysis.best.unwrap();
            let now = solver.solve(&pos, Mode::Strong).unwrap();
            assert_eq!(analysis.score, Some(now), "{g}");
            pos.play(best).unwrap();
        }
        let expected = match score.signum() {
            1 => Outcome::Win(mover),
            -1 => Outcome::Win(mover.other()),
            _ => Outcome::Draw,
        };
        assert_eq!(pos.outcome(), expected, "{g}");
    }
}
