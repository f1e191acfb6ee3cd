//! The full game: perft counts, the naive twin of the move generator, notation
//! and actions on positions reached by random play.

use bitgames::santorini::naive::legal_moves_naive;
use bitgames::santorini::{Move, Position};
use bitgames::tools::{perft, perft_parallel};
use bitgames::{Game, Outcome, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const PERFT_START: &str = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2";

fn start() -> Position {
    PERFT_START.parse().unwrap()
}

#[test]
fn perft_depths_1_to_3_match_santorini_ai() {
    let pos = start();
    assert_eq!(perft(&pos, 1), 68);
    assert_eq!(perft(&pos, 2), 5_156);
    assert_eq!(perft(&pos, 3), 350_208);
}

#[test]
fn perft_depth_4_matches_santorini_ai() {
    assert_eq!(perft_parallel(&start(), 4), 24_545_388);
}

fn perft_naive(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for mv in legal_moves_naive(pos) {
        let mut child = *pos;
        child.play(mv).expect("the naive twin's move is legal");
        total += perft_naive(&child, depth - 1);
    }
    total
}

#[test]
fn the_naive_twin_counts_the_same_perft() {
    assert_eq!(perft_naive(&start(), 3), 350_208);
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort();
    moves
}

/// Random games from the empty board, placement included; at every position
/// the bitboard and naive generators agree, the notation and the action index
/// round-trip, and the outcome is consistent with the move list.
#[test]
fn bitboard_and_naive_generators_agree_on_random_games() {
    let mut rng = SmallRng::seed_from_u64(99);
    let mut positions = 0;
    let mut wins = [0; 2];
    for _ in 0..3_000 {
        let mut pos = Position::new();
        loop {
            positions += 1;
            let moves = pos.legal_moves();
            assert_eq!(
                sorted(moves.to_vec()),
                sorted(legal_moves_naive(&pos)),
                "moves of {pos}"
            );
            assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
            let mask = pos.legal_action_mask();
            assert_eq!(mask.iter().filter(|&&m| m).count(), moves.len());
            for &mv in moves.iter() {
                assert_eq!(pos.move_of(pos.action_of(mv)), Some(mv), "{mv} in {pos}");
                assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
            }
            if moves.is_empty() {
                let outcome = pos.outcome();
                assert!(outcome.is_over());
                wins[outcome.winner().unwrap().index()] += 1;
                break;
            }
            assert_eq!(pos.outcome(), Outcome::Ongoing);
            // Prefer climbing and winning moves now and then, to reach tall towers.
            let mv = moves[rng.random_range(0..moves.len())];
            pos.play(mv).unwrap();
        }
    }
    assert!(positions > 50_000);
    assert!(wins[0] > 0 && wins[1] > 0);
}

#[test]
fn illegal_moves_are_refused_with_the_reason_and_leave_the_position() {
    let mut pos = start();
    let before = pos;
    let err = |pos: &mut Position, mv: &str| match pos.play(mv.parse().unwrap()) {
        Ok(()) => panic!("{mv} was accepted"),
        Err(e) => e.to_string(),
    };
    assert_eq!(
        err(&mut pos, "A1,B2"),
        "player 1 has already placed both workers"
    );
    assert_eq!(err(&mut pos, "C4>C5^C4"), "no worker of player 1 on C4");
    assert_eq!(err(&mut pos, "B3>B5^B4"), "B5 is not next to B3");
    assert_eq!(
        err(&mut pos, "B3>C4^B4"),
        "cannot move onto C4: it is occupied"
    );
    assert_eq!(
        err(&mut pos, "B3>B4^B2"),
        "cannot build on B2: it is not next to B4"
    );
    assert_eq!(
        err(&mut pos, "B3>B4^C4"),
        "cannot build on C4: it is occupied"
    );
    assert_eq!(
        err(&mut pos, "B3>B4#"),
        "B3>B4 is not a win: the worker must move up from level 2 onto level 3"
    );
    assert_eq!(pos, before);
    pos.play("B3>B4^B3".parse().unwrap()).unwrap();
    assert_eq!(
        pos.to_string(),
        "0000000000010000000000000/2/mortal:B4,D3/mortal:C4,C2"
    );

    let mut placing = Position::new();
    assert_eq!(
        err(&mut placing, "C4>B4^B5"),
        "player 1 must first place both workers (e.g. A1,B2)"
    );
    assert_eq!(
        err(&mut placing, "A1,A1"),
        "both workers on the same space A1"
    );
    placing.play("A1,B2".parse().unwrap()).unwrap();
    assert_eq!(
        err(&mut placing, "B2,C3"),
        "cannot place a worker on B2: it is occupied"
    );

    let mut tall: Position = "0000000000003200000000000/1/mortal:B3,A1/mortal:E5,E1"
        .parse()
        .unwrap();
    assert_eq!(
        err(&mut tall, "B3>C3^B3"),
        "cannot move from level 0 up to level 3 on C3"
    );
}

#[test]
fn climbing_onto_level_3_wins_and_ends_the_game() {
    // Player 1 on C3 at level 2, D3 next to it at level 3.
    let mut pos: Position = "0000000000002300000000000/1/mortal:C3,A1/mortal:E5,E1"
        .parse()
        .unwrap();
    let moves = pos.legal_moves();
    assert!(moves.contains(&"C3>D3#".parse().unwrap()));
    assert!(
        !moves
            .iter()
            .any(|m| matches!(m, Move::Build { to, .. } if to.to_string() == "D3"))
    );
    pos.play("C3>D3#".parse().unwrap()).unwrap();
    assert_eq!(pos.outcome(), Outcome::Win(Player::One));
    assert!(pos.legal_moves().is_empty());
    assert_eq!(perft(&pos, 1), 0);
}

#[test]
fn a_player_who_cannot_move_loses() {
    // Player 1's workers on A5 and B5, boxed in by domes on A4, B4, C4 and C5.
    let pos: Position = "0040044440000000000000000/1/mortal:A5,B5/mortal:E1,D1"
        .parse()
        .unwrap();
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.outcome(), Outcome::Win(Player::Two));
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3_000))]

        /// Any text parses to a position that prints back to itself, or gets an error.
        #[test]
        fn position_and_move_parsing(
            text in "\\PC{0,60}",
            near in "[0-5]{23,26}/[0-3]/mortal(:[A-F][0-6],[A-F][0-6])?/mortal(:[A-F][0-6],[A-F][0-6])?",
            mv in "[A-F1-6,>^#]{0,9}",
        ) {
            let _ = text.parse::<Position>();
            let _ = text.parse::<Move>();
            if let Ok(pos) = near.parse::<Position>() {
                prop_assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
                let _ = pos.legal_moves();
                let _ = pos.outcome();
            }
            if let Ok(m) = mv.parse::<Move>() {
                prop_assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
                let mut pos = start();
                let before = pos;
                if pos.play(m).is_err() {
                    prop_assert_eq!(pos, before);
                }
            }
        }
    }
}

/// On positions from random games, whenever plain negamax (the generic tool,
/// no table, no ordering, no extension) proves a result within 1 or 2 plies,
/// the engine's search at that depth proves the same score and plays a legal move.
#[test]
fn the_engine_agrees_with_plain_negamax_on_forced_results() {
    use bitgames::engine::Limits;
    use bitgames::santorini::search::Engine;
    use bitgames::tools::{WIN_SCORE, negamax};
    let mut rng = SmallRng::seed_from_u64(5);
    let mut proved = 0;
    for _ in 0..600 {
        let mut pos = Position::new();
        let plies = rng.random_range(10..40);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        if pos.outcome().is_over() {
            continue;
        }
        for depth in 1..=2 {
            let mut zero = |_: &Position| 0;
            let plain = negamax(&pos, depth, -WIN_SCORE, WIN_SCORE, &mut zero);
            let limits = Limits {
                depth: Some(depth),
                time: None,
                ..Default::default()
            };
            let report = Engine::new(1 << 12).search(&pos, limits);
            assert!(pos.is_legal(report.best.unwrap()), "{pos}");
            if plain.score.abs() > WIN_SCORE - 100 {
                assert_eq!(report.score, Some(plain.score), "{pos} depth {depth}");
                proved += 1;
            }
        }
    }
    assert!(proved >= 50, "only {proved} forced results");
}
