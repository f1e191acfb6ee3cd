//! The gods that build more than a turn's one action number holds, against
//! santorini-ai's main branch and by their cards: Polyphemus' two domes,
//! Poseidon's unmoved worker's builds, Morpheus' kept blocks; and how
//! their turns are spelled in actions.

use crate::santorini_gods_main::later_gods_agree;
use bitgames::Game;
use bitgames::santorini::game::Power;
use bitgames::santorini::{God, Move, Position};
use std::collections::BTreeSet;

/// Polyphemus against santorini-ai's main branch: positions of 90 random
/// games, each with him on one side against any of the forty-five but
/// Chronus (`sai_successors.py MAIN_UCI OUT --games 90 --seed 97 --gods
/// apollo,...,stymphalians,polyphemus --with polyphemus`): the bitboards
/// and the naive twin agree at every position but main's known mistakes.
#[test]
fn polyphemus_agrees_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-polyphemus.txt",
        (3_389, 42),
        &[God::Polyphemus],
    );
}

/// Poseidon against santorini-ai's main branch: positions of 90 random
/// games, each with him on one side against any of the forty-six
/// (`sai_successors.py MAIN_UCI OUT --games 90 --seed 98 --gods
/// apollo,...,polyphemus,poseidon --with poseidon`).
#[test]
fn poseidon_agrees_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-poseidon.txt",
        (2_748, 24),
        &[God::Poseidon],
    );
}

/// Morpheus against santorini-ai's main branch: positions of 90 random
/// games, each with him on one side against any of the forty-seven
/// (`sai_successors.py MAIN_UCI OUT --games 90 --seed 99 --gods
/// apollo,...,poseidon,morpheus --with morpheus`).
#[test]
fn morpheus_agrees_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-morpheus.txt",
        (3_421, 40),
        &[God::Morpheus],
    );
}

/// The turns of `pos` as texts.
fn texts(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(ToString::to_string).collect()
}

/// Polyphemus by the card: once, after his build, one or two domes on any
/// free spaces at any level; then never again.
#[test]
fn polyphemus_domes_twice_once_a_game() {
    let pos: Position = "0000000000000000000000000/1/polyphemus:A1,E5/mortal:C3,E1"
        .parse()
        .unwrap();
    let turns = pos.legal_moves();
    let plain = turns
        .iter()
        .filter(|mv| matches!(mv, Move::Build { .. }))
        .count();
    let ones = turns
        .iter()
        .filter(|mv| matches!(mv, Move::Power(Power::AndDome { .. })))
        .count();
    let twos = turns
        .iter()
        .filter(|mv| matches!(mv, Move::Power(Power::Domes { .. })))
        .count();
    // After each move and build, 21 free spaces (25 less the four
    // workers): one of them domed, or two.
    assert_eq!((ones, twos), (plain * 21, plain * 210));
    assert_eq!(plain + ones + twos, turns.len());
    let mut after = pos;
    after.play("A1>B2^C2^A3X^E3X".parse().unwrap()).unwrap();
    assert_eq!(
        after.to_string(),
        "0000000000400040010000000/2/polyphemus[x]:E5,B2/mortal:C3,E1"
    );
    after.play("C3>D3^D2".parse().unwrap()).unwrap();
    assert!(
        after
            .legal_moves()
            .iter()
            .all(|mv| matches!(mv, Move::Build { .. } | Move::Win { .. }))
    );
    // The domes in either order are one turn; a dome on an occupied space
    // is refused.
    assert_eq!(
        "A1>B2^C2^E3X^A3X".parse::<Move>().unwrap(),
        "A1>B2^C2^A3X^E3X".parse::<Move>().unwrap()
    );
    let err = { pos }.play("A1>B2^C2^C3X^E3X".parse().unwrap());
    assert!(err.is_err(), "a dome on Mortal's worker");
}

/// Poseidon by the card: with his unmoved worker on level 0, every move and
/// build goes on with one, two or three builds around it (19 ways around a
/// corner with three free ground neighbours); on level 1, none.
#[test]
fn poseidons_unmoved_worker_builds_up_to_three_times() {
    let pos: Position = "0000000000000000000000000/1/poseidon:A1,E5/mortal:C3,C1"
        .parse()
        .unwrap();
    let turns = pos.legal_moves();
    let base = turns
        .iter()
        .filter(|mv| matches!(mv, Move::Build { from, .. } if from.to_string() == "A1"))
        .count();
    let besides = turns
        .iter()
        .filter(
            |mv| matches!(mv, Move::Power(Power::Besides { from, .. }) if from.to_string() == "A1"),
        )
        .count();
    // D5, D4 and E4: 3 spaces once, 6 pairs, 10 triples (a space may take
    // more than one).
    assert_eq!(besides, base * 19);
    let mut after = pos;
    after.play("A1>B2^A1*D4*D4*E4".parse().unwrap()).unwrap();
    assert_eq!(
        after.to_string(),
        "0000000021000000000010000/2/poseidon:E5,B2/mortal:C3,C1"
    );
    let raised: Position = "0000100000000000000000000/1/poseidon:A1,E5/mortal:C3,C1"
        .parse()
        .unwrap();
    assert!(raised.legal_moves().iter().all(|mv| !matches!(
        mv,
        Move::Power(Power::Besides { from, .. }) if from.to_string() == "A1"
    )));
}

/// Morpheus by the card: a block gained each turn, as many builds as he
/// spends (none too), the rest kept; at most twelve a turn.
#[test]
fn morpheus_keeps_the_blocks_he_does_not_spend() {
    let mut pos: Position = "0000000000000000000000000/1/morpheus:A1,E5/mortal:C3,C1"
        .parse()
        .unwrap();
    assert!(texts(&pos).contains("A1>A2"), "no build at all");
    assert!(
        !texts(&pos).contains("A1>A2^A3^B3"),
        "two builds with one block"
    );
    pos.play("A1>A2".parse().unwrap()).unwrap();
    assert_eq!(
        pos.to_string(),
        "0000000000000000000000000/2/morpheus[1]:E5,A2/mortal:C3,C1"
    );
    pos.play("C3>D3^C3".parse().unwrap()).unwrap();
    assert!(texts(&pos).contains("A2>A3^A4^B4"));
    pos.play("A2>A3^B4^A4".parse().unwrap()).unwrap();
    assert_eq!(
        pos.to_string(),
        "0000011000001000000000000/2/morpheus:E5,A3/mortal:D3,C1"
    );
    // Twenty blocks kept: twelve builds at most.
    let rich: Position = "0000000000000000000000000/1/morpheus[20]:A1,E5/mortal:C3,C1"
        .parse()
        .unwrap();
    let most = rich
        .legal_moves()
        .iter()
        .filter_map(|mv| match *mv {
            Move::Power(Power::Heaps { heaps, .. }) => Some(heaps.total()),
            _ => None,
        })
        .max();
    assert_eq!(most, Some(12));
    let err = "0000000000000000000000000/1/morpheus[x]:A1,E5/mortal:C3,C1"
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("morpheus' state is the blocks he keeps"),
        "{err}"
    );
}

/// A turn with more builds than one action holds is spelled: the action of
/// a shorter turn, then one action a build, in board order; the turns that
/// go on from a spelled prefix are its continuations.
#[test]
fn a_turn_of_many_builds_is_spelled_one_build_at_a_time() {
    use bitgames::santorini::{END_TURN, GO_ON};
    let pos: Position = "0000000000000000000000000/1/poseidon:A1,E5/mortal:C3,C1"
        .parse()
        .unwrap();
    let turn: Move = "A1>B2^A1*D4*D4*E4".parse().unwrap();
    let first: Move = "A1>B2^A1".parse().unwrap();
    let d4 = "D4".parse::<bitgames::santorini::Space>().unwrap().index();
    let e4 = "E4".parse::<bitgames::santorini::Space>().unwrap().index();
    assert_eq!(
        pos.spelling(turn).to_vec(),
        vec![pos.action_of(first), GO_ON + d4, GO_ON + d4, GO_ON + e4]
    );
    // Going on and ending name no turn by themselves.
    assert_eq!(pos.move_of(GO_ON + d4), None);
    assert_eq!(pos.move_of(END_TURN), None);
    let next: BTreeSet<String> = pos
        .continuations(first)
        .into_iter()
        .map(|(a, mv)| format!("{a} {mv}"))
        .collect();
    let d5 = GO_ON + "D5".parse::<bitgames::santorini::Space>().unwrap().index();
    assert_eq!(
        next,
        BTreeSet::from([
            format!("{d5} A1>B2^A1*D5"),
            format!("{} A1>B2^A1*D4", GO_ON + d4),
            format!("{} A1>B2^A1*E4", GO_ON + e4),
        ])
    );
    // A whole turn that cannot go on, and a god whose turns never do.
    assert!(pos.continuations(turn).is_empty());
    let demeter: Position = "0000000000000000000000000/1/demeter:A1,E5/mortal:C3,C1"
        .parse()
        .unwrap();
    assert!(demeter.continuations(first).is_empty());
}

/// Hydra against santorini-ai's main branch: positions of 90 random games,
/// each with her on one side against any of the forty-eight but Nemesis
/// (`sai_successors.py MAIN_UCI OUT --games 90 --seed 100 --gods
/// apollo,...,morpheus,hydra --with hydra`), her workers one to six.
#[test]
fn hydra_agrees_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-hydra.txt",
        (3_412, 40),
        &[God::Hydra],
    );
}

/// Nemesis against Hydra, against santorini-ai's main branch: positions of
/// 30 random games of the two (`sai_successors.py MAIN_UCI OUT --games 30
/// --seed 102 --gods nemesis,hydra --with hydra`): Nemesis' swaps against
/// one of Hydra's workers and against four or more.
#[test]
fn nemesis_and_hydra_agree_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-nemesis-hydra.txt",
        (1_160, 0),
        &[God::Hydra, God::Nemesis],
    );
}

/// Nemesis' swaps against Hydra's lone worker (one of hers stays) and
/// against her four (two of them swap, a turn spelled in two actions).
#[test]
fn nemesis_swaps_with_as_many_of_hydras_workers_as_she_has() {
    // Hydra's lone worker on E1: after B3>B4^A5 one of Nemesis' stays.
    let one: Position = "0000000000001000000000000/1/nemesis:B3,D5/hydra:E1"
        .parse()
        .unwrap();
    let turns = texts(&one);
    for kept in ["B4", "D5"] {
        assert!(turns.contains(&format!("B3>B4^A5[<>-{kept}]")), "{kept}");
    }
    let mut after = one;
    after.play("B3>B4^A5[<>-D5]".parse().unwrap()).unwrap();
    assert_eq!(
        after.to_string(),
        "1000000000001000000000000/2/nemesis:D5,E1/hydra:B4"
    );
    // Four of hers: every two of them swap with Nemesis' two.
    let four: Position = "0000000000001000000000000/1/nemesis:A5,A4/hydra:C1,D2,E1,E3"
        .parse()
        .unwrap();
    let swaps: Vec<String> = texts(&four)
        .into_iter()
        .filter(|t| t.starts_with("A5>B5^C5[<>"))
        .collect();
    assert_eq!(
        swaps,
        ["C1,D2", "C1,E1", "D2,E1", "E3,C1", "E3,D2", "E3,E1"]
            .iter()
            .map(|p| {
                let mut p: Vec<&str> = p.split(',').collect();
                p.sort_by_key(|s| (std::cmp::Reverse(s.as_bytes()[1]), s.as_bytes()[0]));
                format!("A5>B5^C5[<>{},{}]", p[0], p[1])
            })
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect::<Vec<_>>()
    );
    let turn: Move = "A5>B5^C5[<>E3,E1]".parse().unwrap();
    let mut after = four;
    after.play(turn).unwrap();
    assert_eq!(
        after.to_string(),
        "0010000000001000000000000/2/nemesis:E3,E1/hydra:B5,A4,D2,C1"
    );
    // Spelled: the first action names E3, then one more for E1.
    let spelling = four.spelling(turn);
    assert_eq!(spelling.len(), 2);
    let begun = four.begun_by(spelling[0]).unwrap();
    assert!(!four.may_end(begun));
    let next: BTreeSet<String> = four
        .continuations(begun)
        .into_iter()
        .map(|(_, mv)| mv.to_string())
        .collect();
    assert_eq!(
        next,
        [
            "A5>B5^C5[<>E3,D2]",
            "A5>B5^C5[<>E3,C1]",
            "A5>B5^C5[<>E3,E1]"
        ]
        .map(String::from)
        .into()
    );
}

/// The Harpies against santorini-ai's main branch: positions of 100 random
/// games, each with her on one side against any of the fifty but Hermes
/// (`sai_successors.py MAIN_UCI OUT --games 100 --seed 101 --gods
/// apollo,...,hydra,harpies --with harpies`): every god's steps slide.
#[test]
fn harpies_agree_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-harpies.txt",
        (3_859, 58),
        &[God::Harpies],
    );
}

/// The ends of the worker on `from`'s turns in `pos`.
fn ends_from(pos: &Position, from: &str) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .filter_map(|mv| match *mv {
            Move::Build { from: f, to, .. } | Move::Win { from: f, to }
                if f.to_string() == from =>
            {
                Some(to.to_string())
            }
            _ => None,
        })
        .collect()
}

/// The Harpies by the card: each step of an opponent's worker slides on
/// over free spaces no higher than the one it is on; a climb onto level 3
/// wins where it lands; her own steps do not slide.
#[test]
fn harpies_slide_every_opponent_step_on() {
    let set = |s: &[&str]| s.iter().map(ToString::to_string).collect::<BTreeSet<_>>();
    // B3's steps: north slides to B5, south to B1, east stops at D3's worker.
    let pos: Position = "0000000000000000000000000/1/mortal:B3,D3/harpies:C4,C2"
        .parse()
        .unwrap();
    assert_eq!(
        ends_from(&pos, "B3"),
        set(&["A2", "A3", "A4", "B1", "B5", "C3"])
    );
    assert!(texts(&pos).contains("B3>B5^A5"));
    // Onto B4 (level 1), B5 is higher: no slide; from B3 on level 2 onto
    // B4 on level 3 is a win where it lands.
    let up: Position = "0200001000000000000000000/1/mortal:B3,D3/harpies:C4,C2"
        .parse()
        .unwrap();
    assert!(ends_from(&up, "B3").contains("B4"));
    let win: Position = "0300003000020000000000000/1/mortal:B3,D3/harpies:C4,C2"
        .parse()
        .unwrap();
    assert!(texts(&win).contains("B3>B4#"));
    // Her own workers step as mortals.
    let hers: Position = "0000000000000000000000000/2/mortal:B3,D3/harpies:C4,C2"
        .parse()
        .unwrap();
    assert_eq!(
        ends_from(&hers, "C4"),
        set(&["B4", "B5", "C3", "C5", "D4", "D5"])
    );
    // Hermes may not play against her.
    let banned = "0000000000000000000000000/1/hermes:B3,D3/harpies:C4,C2".parse::<Position>();
    let err = banned.unwrap_err().to_string();
    assert!(
        err.contains("Hermes and Harpies may not play each other"),
        "{err}"
    );
}
