//! Tic-tac-toe through the public API: the three representations agree on
//! every reachable position, the classic counts, the solver against a plain
//! negamax, notation and errors.

use bitgames::tictactoe::solver::{Solver, Value};
use bitgames::tictactoe::{Board, Line, MovesError, Square, counts, masks, naive, winlines};
use bitgames::tools::{self, WIN_SCORE};
use bitgames::{Game, Outcome, Player};
use std::collections::HashSet;

/// Walks every move sequence, keeping the three representations in step, and
/// checks them at each position reached for the first time.
fn walk_all(
    n: &naive::Board,
    m: &masks::Board,
    w: &winlines::Board,
    seen: &mut HashSet<masks::Board>,
) {
    if !seen.insert(*m) {
        return;
    }
    assert_eq!(n.winning_line(), m.winning_line(), "winning line at {m}");
    assert_eq!(n.winning_line(), w.winning_line(), "winning line at {m}");
    assert_eq!(n.outcome(), m.outcome(), "outcome at {m}");
    assert_eq!(n.outcome(), w.outcome(), "outcome at {m}");
    assert_eq!(n.to_move(), m.to_move());
    assert_eq!(n.to_move(), w.to_move());
    let moves = n.legal_moves();
    assert_eq!(&*moves, &*m.legal_moves(), "legal moves at {m}");
    assert_eq!(&*moves, &*w.legal_moves(), "legal moves at {m}");
    assert_eq!(n.legal_action_mask(), m.legal_action_mask());
    assert_eq!(n.to_string(), m.to_string());
    assert_eq!(n.to_string(), w.to_string());
    for mv in moves {
        let (mut n2, mut m2, mut w2) = (*n, *m, *w);
        n2.play(mv).unwrap();
        m2.play(mv).unwrap();
        w2.play(mv).unwrap();
        walk_all(&n2, &m2, &w2, seen);
    }
}

#[test]
fn the_three_representations_agree_on_all_5478_positions() {
    let mut seen = HashSet::new();
    walk_all(
        &naive::Board::default(),
        &masks::Board::default(),
        &winlines::Board::default(),
        &mut seen,
    );
    assert_eq!(seen.len(), 5478);
    // The board string of each position reads back as the same position, in
    // every representation.
    for m in &seen {
        let back: masks::Board = m.to_string().parse().unwrap();
        assert_eq!(&back, m);
        let w: winlines::Board = m.to_string().parse().unwrap();
        assert_eq!(w.winning_line(), m.winning_line());
        assert_eq!(w.legal_moves(), m.legal_moves());
    }
}

#[test]
fn classic_counts() {
    let c = counts::compute::<masks::Board>();
    assert_eq!(c.games, 255_168);
    assert_eq!(c.x_wins, 131_184);
    assert_eq!(c.o_wins, 77_904);
    assert_eq!(c.draws, 46_080);
    assert_eq!(
        c.games_by_length,
        [0, 0, 0, 0, 0, 1_440, 5_328, 47_952, 72_576, 127_872]
    );
    assert_eq!(c.positions, 5_478);
    assert_eq!(c.positions_up_to_symmetry, 765);
    assert_eq!(
        c.perft,
        [
            1, 9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872
        ]
    );
}

#[test]
fn every_representation_counts_the_same() {
    let m = counts::compute::<masks::Board>();
    assert_eq!(counts::compute::<naive::Board>(), m);
    assert_eq!(counts::compute::<winlines::Board>(), m);
    assert_eq!(
        tools::perft_parallel(&winlines::Board::default(), 9),
        127_872
    );
    assert_eq!(
        tools::perft_divide(&naive::Board::default(), 2)
            .iter()
            .map(|&(_, n)| n)
            .collect::<Vec<_>>(),
        [8; 9]
    );
}

#[test]
fn symmetries_are_eight_distinct_permutations() {
    let mut images = HashSet::new();
    for t in counts::SYMMETRIES {
        let mut sorted = t;
        sorted.sort_unstable();
        assert_eq!(
            sorted,
            [0, 1, 2, 3, 4, 5, 6, 7, 8],
            "{t:?} is a permutation"
        );
        assert_eq!(t[4], 4, "the centre is fixed");
        images.insert(t);
    }
    assert_eq!(images.len(), 8);
}

/// The solver's value in the negamax tool's units.
fn to_negamax_score(v: Value) -> i32 {
    match v {
        Value::Win(n) => WIN_SCORE - i32::from(n),
        Value::Draw => 0,
        Value::Loss(n) => -(WIN_SCORE - i32::from(n)),
    }
}

#[test]
fn solver_agrees_with_full_depth_negamax_on_every_position() {
    let solver = Solver::new();
    assert_eq!(solver.solved_positions(), 5478);
    let all = tools::reachable_positions(&naive::Board::default());
    assert_eq!(all.len(), 5478);
    for pos in &all {
        let exact = tools::negamax(
            pos,
            9,
            -WIN_SCORE - 1,
            WIN_SCORE + 1,
            &mut |_: &naive::Board| 0,
        );
        let v = solver.value(pos);
        assert_eq!(to_negamax_score(v), exact.score, "value of {pos}");
        // Every best move keeps the value; every other move gives some away.
        let best = solver.best_moves(pos);
        for (mv, mv_value) in solver.move_values(pos) {
            assert!(mv_value <= v, "move {mv} at {pos}");
            assert_eq!(best.contains(&mv), mv_value == v, "move {mv} at {pos}");
        }
        if let Some(mv) = exact.best {
            assert!(best.contains(&mv), "negamax's move {mv} at {pos} is best");
        }
    }
}

#[test]
fn known_values() {
    let solver = Solver::new();
    let value = |moves: &str| solver.value(&masks::Board::from_moves(moves).unwrap());
    assert_eq!(value(""), Value::Draw);
    // Against a corner opening, only the centre draws.
    for (sq, v) in solver.move_values(&masks::Board::from_moves("1").unwrap()) {
        if sq.number() == 5 {
            assert_eq!(v, Value::Draw);
        } else {
            assert_eq!(v.sign(), -1, "O's reply {sq} to a corner loses");
        }
    }
    // X X . / O O . / . . . : X wins at once on square 3.
    assert_eq!(value("1425"), Value::Win(1));
    assert_eq!(
        solver.best_moves(&masks::Board::from_moves("1425").unwrap()),
        vec!["3".parse::<Square>().unwrap()]
    );
    // After 1, 2 (an edge reply) X forces a win with its fourth mark (ply 7).
    assert_eq!(value("12"), Value::Win(5));
    // A won game is lost for the side to move.
    assert_eq!(value("14253"), Value::Loss(0));
}

#[test]
fn winning_line_names() {
    let line = |moves: &str| masks::Board::from_moves(moves).unwrap().winning_line();
    assert_eq!(line("14253"), Some((Player::One, Line::Row(0))));
    assert_eq!(line("42137"), Some((Player::One, Line::Column(0))));
    assert_eq!(line("12569"), Some((Player::One, Line::Diagonal)));
    assert_eq!(line("31527"), Some((Player::One, Line::AntiDiagonal)));
    assert_eq!(line("941536"), Some((Player::Two, Line::Row(1))));
    assert_eq!(line("1425"), None);
    assert_eq!(Line::Row(1).to_string(), "row b");
    assert_eq!(Line::Column(2).to_string(), "column 3");
    assert_eq!(Line::AntiDiagonal.to_string(), "diagonal a3-c1");
}

#[test]
fn win_line_constants() {
    // The centre lies on 4 lines, corners on 3, edges on 2.
    let ones: Vec<u32> = winlines::SQUARE_BITS
        .iter()
        .map(|c| c.count_ones())
        .collect();
    assert_eq!(ones, [3, 2, 3, 2, 4, 2, 3, 2, 3]);
    // Spacer bits are never set.
    for c in winlines::SQUARE_BITS {
        assert_eq!(c & 0x8888_8888, 0);
    }
    // Each line's group is full exactly for the line's three squares.
    for line in Line::ALL {
        let word = line
            .squares()
            .iter()
            .fold(0, |b, s| b | winlines::SQUARE_BITS[s.index()]);
        assert_eq!(winlines::win_line(word), Some(line));
        let bits = line.squares().iter().fold(0, |b, s| b | s.bit());
        assert_eq!(masks::win_line(bits), Some(line));
    }
}

#[test]
fn squares_by_number_and_name() {
    let names = ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"];
    for (i, name) in names.iter().enumerate() {
        let by_number: Square = (i + 1).to_string().parse().unwrap();
        let by_name: Square = name.parse().unwrap();
        assert_eq!(by_number, by_name);
        assert_eq!(by_name.name(), *name);
        assert_eq!(by_name.index(), i);
    }
    assert_eq!(
        "d1".parse::<Square>().unwrap_err().to_string(),
        "`d1` is not a square: use 1..9 or a1..c3"
    );
    assert!("0".parse::<Square>().is_err());
    assert!("a4".parse::<Square>().is_err());
}

#[test]
fn move_strings_in_both_notations() {
    let a = masks::Board::from_moves("1524").unwrap();
    let b = masks::Board::from_moves("a1 b2 a2 b1").unwrap();
    let c = masks::Board::from_moves("1,5,a2;4").unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_eq!(a.to_string(), "XX./OO./...");
    assert_eq!(a.to_move(), Player::One);
}

#[test]
fn bad_move_strings_name_the_move_and_where() {
    let err = |moves: &str| masks::Board::from_moves(moves).unwrap_err().to_string();
    assert_eq!(
        err("155"),
        "move 3 `5` (character 3): square 5 (b2) is already taken by O"
    );
    assert_eq!(
        err("1 5 b2"),
        "move 3 `b2` (character 5): square 5 (b2) is already taken by O"
    );
    assert_eq!(
        err("1425367"),
        "move 6 `6` (character 6): the game is already over (X has won)"
    );
    assert_eq!(
        err("12x"),
        "character 3: unexpected `x` (squares are 1..9 or a1..c3)"
    );
    assert_eq!(
        err("10"),
        "move 2 `0` (character 2): not a square (use 1..9 or a1..c3)"
    );
    assert_eq!(
        err("a4"),
        "move 1 `a4` (character 1): not a square (use 1..9 or a1..c3)"
    );
    assert!(matches!(
        naive::Board::from_moves("11"),
        Err(MovesError::Illegal { index: 2, .. })
    ));
}

#[test]
fn play_refuses_and_leaves_the_position_unchanged() {
    let mut pos = winlines::Board::from_moves("14253").unwrap();
    let before = pos;
    let err = pos.play("9".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "the game is already over (X has won)");
    assert_eq!(pos, before);
    let mut pos = naive::Board::from_moves("5").unwrap();
    let err = pos.play("b2".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "square 5 (b2) is already taken by X");
    assert_eq!(pos, naive::Board::from_moves("5").unwrap());
}

#[test]
fn board_strings_are_checked() {
    let ok: masks::Board = "XX./OO./...".parse().unwrap();
    assert_eq!(ok, masks::Board::from_moves("1425").unwrap());
    let err = |s: &str| s.parse::<masks::Board>().unwrap_err().to_string();
    assert_eq!(
        err("XXX/.../..."),
        "board: 3 X and 0 O: X moves first, so X has as many marks as O or one more"
    );
    assert_eq!(
        err("XXX/OOO/..."),
        "board: both X and O have three in a row"
    );
    assert_eq!(
        err("XXX/OO./O.."),
        "board: X has row a but O has moved since"
    );
    assert_eq!(
        err("XX?/.../..."),
        "board: character 3: unexpected `?` (cells are X, O or .)"
    );
    assert_eq!(err("XX./O../"), "board: 6 cells, expected 9");
}

#[test]
fn dense_actions() {
    let pos = masks::Board::from_moves("15").unwrap();
    assert_eq!(pos.num_actions(), 9);
    let mask = pos.legal_action_mask();
    assert_eq!(
        mask,
        [false, true, true, true, false, true, true, true, true]
    );
    for a in 0..9 {
        let mv = pos.move_of(a).unwrap();
        assert_eq!(pos.action_of(mv), a);
    }
    assert_eq!(pos.move_of(9), None);
    assert_eq!(
        masks::Board::from_moves("14253").unwrap().returns(),
        [1, -1]
    );
    assert_eq!(
        masks::Board::from_moves("159287364").unwrap().outcome(),
        Outcome::Draw
    );
}

#[test]
fn random_playouts_from_the_empty_board() {
    let stats = tools::random_playouts(&masks::Board::default(), 20_000, 7);
    assert_eq!(stats.games, 20_000);
    assert_eq!(stats.wins[0] + stats.wins[1] + stats.draws, 20_000);
    // Uniform random play: X wins about 58.5%, O about 28.8%, draws about 12.7%.
    assert!((0.55..0.62).contains(&stats.win_rate(Player::One)));
    assert!((0.26..0.32).contains(&stats.win_rate(Player::Two)));
    assert!((5.0..=9.0).contains(&stats.mean_plies()));
    // Same seed, same result.
    assert_eq!(
        tools::random_playouts(&masks::Board::default(), 20_000, 7),
        stats
    );
}
