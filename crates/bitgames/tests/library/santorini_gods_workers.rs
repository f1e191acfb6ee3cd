//! The gods that play with other than two workers, against santorini-ai's
//! main branch and by their cards: the Graeae's three.

use crate::santorini_gods_main::{data_lines, later_gods_agree};
use bitgames::santorini::game::Power;
use bitgames::santorini::{God, Move, NUM_GOD_ACTIONS, Position};
use bitgames::{Game, Player};

/// The Graeae against santorini-ai's main branch: positions of 90 random
/// games, each with the Graeae (three workers) on one side against any of
/// the forty but Nemesis (`sai_successors.py MAIN_UCI OUT --games 90 --seed
/// 92 --gods mortal,apollo,...,aeolus,graeae --with graeae`): the
/// bitboards and the naive twin agree at every position but main's known
/// mistakes.
#[test]
fn the_graeae_agree_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-graeae.txt",
        (3_469, 31),
        &[God::Graeae],
    );
    // Their builds beside an unmoved worker: some away from the mover.
    let mut apart = 0;
    for (fen, _, _) in data_lines("santorini-god-successors-graeae.txt") {
        let pos: Position = fen.parse().unwrap();
        if pos.gods()[pos.to_move().index()] != God::Graeae {
            continue;
        }
        for mv in pos.legal_moves().iter() {
            if let Move::Build { to, build, .. } = *mv {
                let near = bitgames::santorini::Bitboard::neighbours(to).contains(build);
                apart += usize::from(!near);
            }
        }
    }
    assert_eq!(apart, 123_068);
}

/// The Graeae place three workers at once, in any of the 2,300 ways on an
/// empty board; a placement of two is refused, naming how many they place,
/// and a position with two Graeae workers is refused.
#[test]
fn the_graeae_place_three_workers() {
    let start = Position::new()
        .with_gods([God::Graeae, God::Apollo])
        .unwrap();
    let places = start.legal_moves();
    assert_eq!(places.len(), 2_300);
    assert!(
        places
            .iter()
            .all(|mv| matches!(mv, Move::Power(Power::PlaceThree { .. })))
    );
    assert_eq!(
        { start }
            .play("A1,B2".parse().unwrap())
            .unwrap_err()
            .to_string(),
        "graeae places 3 workers at once (A1,B2,C3): A1,B2 does not"
    );
    let mut pos = start;
    pos.play("C3,A1,E5".parse().unwrap()).unwrap();
    assert_eq!(
        pos.to_string(),
        "0000000000000000000000000/2/graeae:E5,C3,A1/apollo"
    );
    assert_eq!(pos.legal_moves().len(), 231, "two of the 22 free spaces");
    assert_eq!(
        { pos }
            .play("A2,B2,C2".parse().unwrap())
            .unwrap_err()
            .to_string(),
        "apollo places 2 workers at once (A1,B2): A2,B2,C2 does not"
    );
    pos.play("B2,D4".parse().unwrap()).unwrap();
    assert_eq!(pos.to_move(), Player::One);
    assert_eq!(
        "0000000000000000000000000/1/graeae:A1,B2/apollo:C3,D4"
            .parse::<Position>()
            .unwrap_err()
            .to_string(),
        "player 1 must have 0 or 3 workers, found 2"
    );
    // Every placement has its own action, which gives it back.
    let start = Position::new()
        .with_gods([God::Graeae, God::Apollo])
        .unwrap();
    let mut actions = std::collections::BTreeSet::new();
    for &mv in start.legal_moves().iter() {
        let a = start.action_of(mv);
        assert!(a < NUM_GOD_ACTIONS);
        assert_eq!(start.move_of(a), Some(mv));
        actions.insert(a);
    }
    assert_eq!(actions.len(), 2_300);
}

/// A Graeae turn by the card: the worker that moves does not build; the
/// build is beside one of the other two, wherever the mover went.
#[test]
fn the_graeae_build_with_a_worker_that_did_not_move() {
    let pos: Position = "0000000000000000000000000/1/graeae:A5,C3,E1/mortal:A1,E5"
        .parse()
        .unwrap();
    let mut after = pos;
    after.play("A5>B5^D1".parse().unwrap()).unwrap();
    assert_eq!(
        after.to_string(),
        "0000000000000000000000010/2/graeae:B5,C3,E1/mortal:E5,A1"
    );
    // Beside the mover only (A4, beside A5's B5 but no other worker) is no build.
    let err = { pos }.play("A5>B5^A4".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "A5>B5^A4 is not a turn of graeae");
    // C3 moves away from B4; B4, beside the unmoved A5, takes the build.
    let mut left = pos;
    left.play("C3>D3^B4".parse().unwrap()).unwrap();
    assert_eq!(
        left.to_string(),
        "0000001000000000000000000/2/graeae:A5,D3,E1/mortal:E5,A1"
    );
}

/// Jason against santorini-ai's main branch: positions of 90 random games,
/// each with Jason on one side against any of the forty-one
/// (`sai_successors.py MAIN_UCI OUT --games 90 --seed 93 --gods
/// mortal,apollo,...,graeae,jason --with jason`): the bitboards and the
/// naive twin agree at every position but main's known mistakes.
#[test]
fn jason_agrees_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-jason.txt",
        (3_506, 36),
        &[God::Jason],
    );
    // His worker put on the board at some turns; spent at some positions;
    // Nemesis, against his three, swapping two and leaving one.
    let (mut recruits, mut spent, mut swaps) = (0, 0, 0);
    for (fen, _, _) in data_lines("santorini-god-successors-jason.txt") {
        let pos: Position = fen.parse().unwrap();
        let me = pos.to_move();
        if pos.gods()[me.index()] != God::Jason {
            swaps += pos
                .legal_moves()
                .iter()
                .filter(|mv| matches!(mv, Move::Power(Power::SwapSome { .. })))
                .count();
            continue;
        }
        spent += usize::from(pos.power_spent(me));
        recruits += pos
            .legal_moves()
            .iter()
            .filter(|mv| matches!(mv, Move::Power(Power::Recruit { .. })))
            .count();
    }
    assert_eq!((recruits, spent, swaps), (9_090, 1_565, 1_074));
}

/// Jason's kept worker, by the card: once, instead of a move, on a free
/// perimeter space of level 0, then it builds beside itself; a third worker
/// stands only once his power is spent.
#[test]
fn jason_puts_his_third_worker_on_the_perimeter_once() {
    let pos: Position = "0000010000000000000000000/1/jason:C3,D3/mortal:B2,E5"
        .parse()
        .unwrap();
    let recruits: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|mv| matches!(mv, Move::Power(Power::Recruit { .. })))
        .map(ToString::to_string)
        .collect();
    // 16 perimeter spaces, less E5 (a worker) and A4 (level 1): 14 places,
    // each with its free neighbours.
    let places: std::collections::BTreeSet<&str> = recruits.iter().map(|t| &t[1..3]).collect();
    assert_eq!(places.len(), 14);
    assert!(!places.contains("A4") && !places.contains("E5") && !places.contains("C3"));
    let mut after = pos;
    after.play("+A5^B5".parse().unwrap()).unwrap();
    assert_eq!(
        after.to_string(),
        "0100010000000000000000000/2/jason[x]:A5,C3,D3/mortal:E5,B2"
    );
    assert_eq!(
        after.action_of("+A5^B5".parse().unwrap()),
        // docs/python.md: Jason's 625 actions from 116,150, `25at + build`.
        116_150 + 1
    );
    // Once spent, no more; his three workers move as any.
    let mut later = after;
    later.play("B2>B1^A1".parse().unwrap()).unwrap();
    assert!(
        later
            .legal_moves()
            .iter()
            .all(|mv| !matches!(mv, Move::Power(Power::Recruit { .. })))
    );
    assert!(later.legal_moves().contains(&"A5>A4^A5".parse().unwrap()));
    let err = { pos }.play("+C3^C4".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "+C3^C4 is not a turn of jason");
    assert_eq!(
        "0000000000000000000000000/1/jason:A5,C3,D3/mortal:E5,B2"
            .parse::<Position>()
            .unwrap_err()
            .to_string(),
        "player 1 must have 0 or 2 workers, found 3"
    );
}

/// Nemesis against Jason's three swaps as many as can: her two with two of
/// his, the one she leaves named (`[<>-D4]`); the text and the action give
/// the turn back.
#[test]
fn nemesis_swaps_two_of_three() {
    let pos: Position = "0000000000000000000000000/1/nemesis:A5,B5/jason[x]:E1,D1,E3"
        .parse()
        .unwrap();
    let some: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|mv| matches!(mv, Move::Power(Power::SwapSome { .. })))
        .collect();
    assert!(!some.is_empty());
    let mv: Move = "A5>A4^A3[<>-E3]".parse().unwrap();
    assert!(some.contains(&mv));
    assert_eq!(mv.to_string(), "A5>A4^A3[<>-E3]");
    assert_eq!(pos.move_of(pos.action_of(mv)), Some(mv));
    let mut after = pos;
    after.play(mv).unwrap();
    assert_eq!(
        after.to_string(),
        "0000000000100000000000000/2/nemesis:D1,E1/jason[x]:B5,A4,E3"
    );
}

/// Proteus against santorini-ai's main branch: positions of 90 random
/// games, each with Proteus (three workers) on one side against any of the
/// forty-two (`sai_successors.py MAIN_UCI OUT --games 90 --seed 94 --gods
/// mortal,apollo,...,jason,proteus --with proteus`): the bitboards and the
/// naive twin agree at every position but main's known mistakes.
#[test]
fn proteus_agrees_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-proteus.txt",
        (3_472, 30),
        &[God::Proteus],
    );
}

/// A Proteus turn by the card: a worker steps, another of his takes the
/// space it left, from anywhere; written as the follower's move onto the
/// step's end. A lone worker moves as any; a win needs no follow.
#[test]
fn proteus_fills_the_space_his_worker_left() {
    let pos: Position = "0000000000000000000000000/1/proteus:A5,C3,E1/mortal:A1,E5"
        .parse()
        .unwrap();
    // C3 steps to C4, E1's worker takes C3: workers on A5, C3 and C4.
    let mut after = pos;
    after.play("E1>C4^D5".parse().unwrap()).unwrap();
    assert_eq!(
        after.to_string(),
        "0001000000000000000000000/2/proteus:A5,C4,C3/mortal:E5,A1"
    );
    // Every turn leaves a worker's space empty, never the stepping one's.
    let moves = pos.legal_moves();
    assert!(moves.iter().all(|mv| matches!(mv, Move::Build { .. })));
    let ends: std::collections::BTreeSet<String> = moves
        .iter()
        .map(|mv| {
            let mut child = pos;
            child.play(*mv).unwrap();
            child.to_string()
        })
        .collect();
    assert_eq!((moves.len(), ends.len()), (moves.len(), moves.len()));
    // A plain step of one worker alone is no turn.
    let err = { pos }.play("C3>C4^D5".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "C3>C4^D5 is not a turn of proteus");
    let lone: Position = "0000010000000000000000000/1/proteus:C3/medusa:A1,E5"
        .parse()
        .unwrap();
    assert!(lone.legal_moves().contains(&"C3>C4^D5".parse().unwrap()));
}

/// The Stymphalians against santorini-ai's main branch: positions of 90
/// random games, each with them (three workers) on one side against any of
/// the forty-five (`sai_successors.py MAIN_UCI OUT --games 90 --seed 96
/// --gods mortal,apollo,...,hippolyta,stymphalians --with stymphalians`):
/// the bitboards and the naive twin agree at every position but main's
/// known mistakes.
#[test]
fn the_stymphalians_agree_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-stymphalians.txt",
        (3_406, 35),
        &[God::Stymphalians],
    );
}

/// A Stymphalian move by the card: two or three steps, each by the height
/// rule, ending two or more spaces away; no one-step move; a climb from
/// level 2 onto level 3 wins on the second or third step.
#[test]
fn the_stymphalians_move_two_or_three_steps() {
    let pos: Position = "0000000000000000000000000/1/stymphalians:A5,C3,E1/mortal:A1,E5"
        .parse()
        .unwrap();
    let ends: std::collections::BTreeSet<String> = pos
        .legal_moves()
        .iter()
        .filter_map(|mv| match *mv {
            Move::Build { from, to, .. } if from.to_string() == "C3" => Some(to.to_string()),
            _ => None,
        })
        .collect();
    // The sixteen perimeter spaces but the four workers' on it.
    assert_eq!(ends.len(), 12, "{ends:?}");
    assert!(!ends.contains("C4") && !ends.contains("A5") && ends.contains("C5"));
    // From level 2 beside a level 2, a level 3 two steps on wins.
    let win: Position = "0000000000002230000000000/1/stymphalians:C3,A1,E1/mortal:A5,E5"
        .parse()
        .unwrap();
    assert!(win.legal_moves().contains(&"C3>E3#".parse().unwrap()));
    assert!(win.has_winning_move());
}
