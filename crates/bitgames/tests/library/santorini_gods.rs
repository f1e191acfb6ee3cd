//! The god powers beyond single turns (those are in `santorini_gods_rules`):
//! Eros' placements, the engine with every pair, the actions of god turns
//! and their notation; and the bitboards against the naive twin on random
//! games.

use crate::santorini_gods_main::successors;
use bitgames::Game;
use bitgames::santorini::naive_gods::{NaiveState, distinct_successors};
use bitgames::santorini::{God, Move, Position};
use std::collections::BTreeMap;

/// The bitboard generator and the naive twin give the same positions one
/// turn later at every position of random games of random god pairs (the
/// twin's turns, several paths to one position counted once).
#[test]
fn the_bitboards_agree_with_the_naive_twin_on_random_games() {
    use bitgames::santorini::players::random_start_with;
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut checked = 0;
    let n = God::ALL.len();
    for game in 0..300 {
        let (mine, other) = (God::ALL[game % n], God::ALL[rng.random_range(0..n)]);
        let gods = [mine, mine.facing(other)];
        let mut pos = random_start_with(gods, &mut rng).unwrap();
        while !pos.outcome().is_over() {
            let naive: NaiveState = pos.to_string().parse().unwrap();
            let fast: Vec<String> = successors(&pos).into_iter().collect();
            assert_eq!(fast, distinct_successors(&naive), "{pos}");
            let moves = pos.legal_moves();
            // A turn that wins: a climb, Charon's ferry, Achilles' climb onto
            // his first build, Castor's pair, Chronus' fifth tower.
            let wins = moves.iter().any(|&m| {
                let mut after = pos;
                after.play(m).unwrap();
                after.climber() == Some(pos.to_move())
            });
            assert_eq!(pos.has_winning_move(), wins, "a winning turn at {pos}");
            pos.play(moves[rng.random_range(0..moves.len())]).unwrap();
            checked += 1;
        }
    }
    assert!(checked > 5_000, "{checked} positions");
}

/// Eros places her workers on opposite edges: the 48 pairs santorini-ai's
/// main branch lists at the start, and of them the 31 free pairs once the
/// opponent stands on A5 and E1 (main lists 39: eight put Eros on A5,
/// where the opponent stands, a known difference); any other pair is
/// refused with where she places.
#[test]
fn eros_places_her_workers_on_opposite_edges() {
    let start: Position = "0000000000000000000000000/1/eros/mortal".parse().unwrap();
    let placements = start.legal_moves();
    assert_eq!(placements.len(), 48);
    for mv in placements.iter() {
        let Move::Place(a, b) = *mv else {
            panic!("{mv} is not a placement")
        };
        let across = |x: u8, y: u8| x.min(y) == 1 && x.max(y) == 5;
        assert!(across(a.row(), b.row()) || across(a.col(), b.col()), "{mv}");
    }
    // The engine places her by the same rule.
    let limits = bitgames::engine::Limits {
        depth: Some(2),
        time: None,
        ..Default::default()
    };
    let report = bitgames::santorini::search::Engine::new(1 << 10).search(&start, limits);
    assert!(placements.contains(&report.best.unwrap()));
    let second: Position = "0000000000000000000000000/2/mortal:A5,E1/eros"
        .parse()
        .unwrap();
    assert_eq!(second.legal_moves().len(), 31);
    let mut pos = start;
    let err = pos.play("A5,B4".parse().unwrap()).unwrap_err().to_string();
    assert_eq!(
        err,
        "eros places workers on opposite edges of the board: A5,B4 does not"
    );
    pos.play("A5,B1".parse().unwrap()).unwrap();
    assert_eq!(
        pos.to_string(),
        "0000000000000000000000000/2/eros:A5,B1/mortal"
    );
}

/// The engine plays a legal turn for every pair of gods, from a random
/// start, and takes Pan's win by a fall.
#[test]
fn the_engine_plays_every_god_pair() {
    use bitgames::engine::Limits;
    use bitgames::santorini::players::random_start_with;
    use bitgames::santorini::search::Engine;
    use rand::SeedableRng;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(53);
    let limits = Limits {
        depth: Some(1),
        time: None,
        ..Default::default()
    };
    for one in God::SIMPLE {
        for two in God::SIMPLE {
            let pos = random_start_with([one, two], &mut rng).unwrap();
            let report = Engine::new(1 << 10).search(&pos, limits);
            let best = report.best.unwrap_or_else(|| panic!("{pos}: no move"));
            assert!(pos.legal_moves().contains(&best), "{pos}: {best}");
        }
    }
    // A time limit holds even where a depth takes long (Hermes' thousands
    // of turns): the search stops within it, with the last whole depth's
    // move (not a speed test: a loaded machine may end it later).
    let hermes: Position = "0000000000000000000000000/1/hermes:B3,D3/mortal:C4,C2"
        .parse()
        .unwrap();
    let timed = Limits {
        depth: None,
        time: Some(std::time::Duration::from_millis(200)),
        ..Default::default()
    };
    let report = Engine::default().search(&hermes, timed);
    assert!(
        report.elapsed < std::time::Duration::from_secs(2),
        "{:?}",
        report.elapsed
    );
    assert!(hermes.legal_moves().contains(&report.best.unwrap()));
    let pan: Position = "0000000000200000000000000/1/pan:A3,E1/mortal:E5,D5"
        .parse()
        .unwrap();
    let report = Engine::default().search(&pan, limits);
    let win = report.best.unwrap();
    assert!(
        matches!(win, bitgames::santorini::Move::Win { .. }),
        "{win}"
    );
    assert_eq!(report.score_text, "win in 1");
    // Chronus' build of the fifth complete tower is a win in 1 too.
    let chronus: Position = "4444300000000000000000000/1/chronus:D4,A1/mortal:B3,C2"
        .parse()
        .unwrap();
    let report = Engine::default().search(&chronus, limits);
    assert_eq!(report.best.unwrap().to_string(), "D4>E4^E5");
    assert_eq!(report.score_text, "win in 1");
}

/// Where Artemis reaches a space both by a winning path (3 > 2 > 3) and by
/// one that does not win (3 > 3), she wins there: santorini-ai lists only
/// the win, and so do both generators.
#[test]
fn artemis_wins_where_a_path_wins() {
    let pos: Position = "2010004233143403224334421/2/minotaur:A4,A3/artemis:A2,E1"
        .parse()
        .unwrap();
    let onto_a1: Vec<String> = successors(&pos)
        .into_iter()
        .filter(|s| s.contains("artemis:A1,E1"))
        .collect();
    assert_eq!(
        onto_a1,
        ["2010004233143403224334421/1/minotaur:A4,A3/#artemis:A1,E1"]
    );
}

/// With gods every turn has its own spelling below `num_actions`: most one
/// action, which gives the turn back; a turn with more builds than one
/// action holds, that of a shorter turn of the same move (Hydra's: her
/// move and build, no turn by itself) and then one action a build, dome
/// or act, each shorter spelling a turn of its own (so a player may stop
/// at any of them). On random games of random god pairs, every god among
/// them.
#[test]
fn every_god_turn_has_an_action_that_gives_it_back() {
    use bitgames::santorini::NUM_GOD_ACTIONS;
    use bitgames::santorini::players::random_start_with;
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    let mut turns = 0;
    let n = God::ALL.len();
    for game in 0..260 {
        // Every god first and second, against a random one it may face.
        let (mine, other) = (God::ALL[game % n], God::ALL[rng.random_range(0..n)]);
        let other = mine.facing(other);
        let gods = if game % 2 == 0 {
            [mine, other]
        } else {
            [other, mine]
        };
        if gods == [God::Mortal; 2] {
            continue;
        }
        let mut pos = random_start_with(gods, &mut rng).unwrap();
        assert_eq!(pos.num_actions(), NUM_GOD_ACTIONS);
        while !pos.outcome().is_over() {
            let moves = pos.legal_moves();
            let spelled: BTreeMap<Vec<usize>, Move> = moves
                .iter()
                .map(|&mv| (pos.spelling(mv).to_vec(), mv))
                .collect();
            assert_eq!(
                spelled.len(),
                moves.len(),
                "{pos}: two turns share a spelling"
            );
            for (spelling, &mv) in &spelled {
                let a = spelling[0];
                assert!(spelling.iter().all(|&a| a < NUM_GOD_ACTIONS), "{pos} {mv}");
                assert_eq!(pos.action_of(mv), a, "{pos} {mv}");
                // The first action names a turn spelled by it alone, or
                // (Hydra's move and build) begins one that is no turn.
                let begun = pos.begun_by(a).unwrap_or_else(|| panic!("{pos} {mv}: {a}"));
                assert_eq!(pos.move_of(a), spelled.get(&vec![a]).copied(), "{pos} {mv}");
                assert_eq!(pos.may_end(begun), pos.move_of(a).is_some(), "{pos} {mv}");
                for n in 2..spelling.len() {
                    assert!(spelled.contains_key(&spelling[..n]), "{pos} {mv}: {n}");
                }
                turns += 1;
            }
            pos.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
    }
    assert!(turns > 100_000, "{turns} turns");
    // Out of range, and a worker the mover lacks.
    let pos: Position = "0000000000000000000000000/1/hermes:A3,E1/pan:E5,D5"
        .parse()
        .unwrap();
    assert_eq!(pos.move_of(NUM_GOD_ACTIONS), None);
}

/// A list of turns split at blanks needs no other separator: Prometheus'
/// build before a move is its two words read as one turn, Hermes' build
/// alone stays one word.
#[test]
fn a_list_of_turns_split_at_blanks_reads_every_god() {
    let start: Position = "0000000000000000000000000/1/prometheus:B3,D3/mortal:C4,C2"
        .parse()
        .unwrap();
    let (first, taken) = start
        .read_turn_at(&["^A3", "B3>A4^A5", "C4>C5^D5"])
        .unwrap();
    assert_eq!((first.to_string(), taken), ("^A3 B3>A4^A5".to_string(), 2));
    let after = bitgames::registry::play_moves(start, &["^A3", "B3>A4^A5", "C4>C5^D5"]).unwrap();
    assert_eq!(
        after.to_string(),
        "1001000000100000000000000/1/prometheus:A4,D3/mortal:C5,C2"
    );
    let hermes: Position = "0000000000000000000000000/1/hermes:B3,D3/prometheus:C4,C2"
        .parse()
        .unwrap();
    let (stay, taken) = hermes.read_turn_at(&["^A3", "C4>C5^D5"]).unwrap();
    assert_eq!((stay.to_string(), taken), ("^A3".to_string(), 1));
    // A turn that is not one is named whole, with the move it came with.
    let err = bitgames::registry::play_moves(start, &["^A3", "B3>C3^A5"]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 1 (`^A3 B3>C3^A5`): ^A3 B3>C3^A5 is not a turn of prometheus"
    );
}

/// Threatened twice, the engine still takes a win that is not a climb:
/// Chronus builds the fifth complete tower (before, the root kept only the
/// answers to the threats, and played a lost move); Charon's ferry then
/// climb likewise.
#[test]
fn the_engine_takes_a_win_that_is_no_climb_when_threatened() {
    let limits = bitgames::engine::Limits {
        depth: Some(2),
        time: None,
        ..Default::default()
    };
    // The mortal on A4 threatens A3 and the one on C1 threatens C2; four
    // domes stand, and C3 is a level 3 beside C4.
    for (fen, wins) in [
        (
            "1101021241343423134122221/1/chronus:B4,E1/mortal:A4,C1",
            "B4>C4^C3",
        ),
        (
            "0000000000023000000000000/1/charon:B3,A1/mortal:C3,E5",
            "(C3>A3)B3>C3#",
        ),
    ] {
        let pos: Position = fen.parse().unwrap();
        assert!(pos.has_winning_move(), "{fen}");
        let report = bitgames::santorini::search::Engine::new(1 << 10).search(&pos, limits);
        let best = report.best.unwrap();
        let mut after = pos;
        after.play(best).unwrap();
        assert_eq!(after.climber(), Some(pos.to_move()), "{fen}: {best}");
        assert_eq!(
            (report.score_text.as_str(), report.exact),
            ("win in 1", true)
        );
        assert!(pos.legal_moves().contains(&wins.parse().unwrap()), "{fen}");
    }
}
