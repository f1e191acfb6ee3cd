//! The gods with a female worker (Selene, Hippolyta), against santorini-ai's
//! main branch and by their cards: the female named at placement, followed
//! where she goes, her power.

use crate::santorini_gods_main::{data_lines, later_gods_agree};
use bitgames::santorini::game::Power;
use bitgames::santorini::{God, Move, Position};
use bitgames::{Game, Player};

/// Selene and Hippolyta against santorini-ai's main branch: positions of
/// 120 random games, each with one of them on one side against any of the
/// forty-three but a banned pair (`sai_successors.py MAIN_UCI OUT --games
/// 120 --seed 95 --gods mortal,apollo,...,proteus,selene,hippolyta --with
/// selene,hippolyta`; the script names each one's first worker female):
/// the bitboards and the naive twin agree at every position but main's
/// known mistakes.
#[test]
fn selene_and_hippolyta_agree_with_santorini_ais_main_branch() {
    let name = "santorini-god-successors-selene-hippolyta.txt";
    later_gods_agree(name, (4_376, 72), &[God::Selene, God::Hippolyta]);
    // Selene's domes away from the level 3s; Nemesis' swaps of a female
    // worker; positions where the female one is gone.
    let (mut domes, mut swaps, mut gone) = (0, 0, 0);
    for (fen, _, _) in data_lines(name) {
        let pos: Position = fen.parse().unwrap();
        let me = pos.to_move();
        for p in Player::BOTH {
            let god = pos.gods()[p.index()];
            gone += usize::from(god.has_female() && pos.god_state(p).is_none());
        }
        for mv in pos.legal_moves().iter() {
            match *mv {
                Move::Power(Power::Dome { build, .. })
                    if pos.gods()[me.index()] == God::Selene && pos.level(build) < 3 =>
                {
                    domes += 1;
                }
                Move::Power(Power::SwapFemale { .. }) => swaps += 1,
                _ => {}
            }
        }
    }
    assert_eq!((domes, swaps, gone), (35_070, 1_428, 43));
}

/// The female worker is named when the workers are placed, in either
/// order: 600 placements on an empty board; a placement that does not name
/// her is refused, and a position must name her once her workers stand.
#[test]
fn a_female_worker_is_named_at_placement() {
    let start = Position::new()
        .with_gods([God::Selene, God::Mortal])
        .unwrap();
    assert_eq!(start.legal_moves().len(), 600);
    assert_eq!(
        { start }
            .play("A1,B2".parse().unwrap())
            .unwrap_err()
            .to_string(),
        "selene places workers naming the female one (A1,B2@A1): A1,B2 does not"
    );
    let mut pos = start;
    pos.play("B2,A1@B2".parse().unwrap()).unwrap();
    assert_eq!(
        pos.to_string(),
        "0000000000000000000000000/2/selene[B2]:B2,A1/mortal"
    );
    let mut actions = std::collections::BTreeSet::new();
    for &mv in start.legal_moves().iter() {
        let a = start.action_of(mv);
        assert_eq!(start.move_of(a), Some(mv), "{mv}");
        actions.insert(a);
    }
    assert_eq!(actions.len(), 600);
    assert_eq!(
        "0000000000000000000000000/1/hippolyta:B3,D3/mortal:C4,C2"
            .parse::<Position>()
            .unwrap_err()
            .to_string(),
        "a god with a female worker names her once placed: selene[B3]:B3,D3"
    );
    assert_eq!(
        "0000000000000000000000000/1/hippolyta[A5]:B3,D3/mortal:C4,C2"
            .parse::<Position>()
            .unwrap_err()
            .to_string(),
        "a female worker's space ([C3] after the god) must hold one of that player's workers"
    );
}

/// Hippolyta's workers step diagonally only, but her female one; so do her
/// opponent's. Selene's female worker domes beside herself at any level,
/// even when the other worker moved.
#[test]
fn the_female_workers_powers() {
    let pos: Position = "0000000000000000000000000/1/hippolyta[C3]:C3,E1/mortal:A5,E5"
        .parse()
        .unwrap();
    let ends = |from: &str| -> std::collections::BTreeSet<String> {
        pos.legal_moves()
            .iter()
            .filter_map(|mv| match *mv {
                Move::Build { from: f, to, .. } if f.to_string() == from => Some(to.to_string()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(ends("C3").len(), 8, "the female one steps anywhere");
    assert_eq!(ends("E1").into_iter().collect::<Vec<_>>(), ["D2"]);
    let theirs: Position = "0000000000000000000000000/2/hippolyta[C3]:C3,E1/mortal:A5,E5"
        .parse()
        .unwrap();
    let mortal_ends: std::collections::BTreeSet<String> = theirs
        .legal_moves()
        .iter()
        .filter_map(|mv| match *mv {
            Move::Build { to, .. } => Some(to.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(mortal_ends.into_iter().collect::<Vec<_>>(), ["B4", "D4"]);
    let selene: Position = "0000000000002000000000000/1/selene[C3]:C3,E1/mortal:A5,E5"
        .parse()
        .unwrap();
    // E1 moves; the female on C3 domes B3 (level 0) beside her.
    let mv: Move = "E1>D1^B3X".parse().unwrap();
    assert!(selene.legal_moves().contains(&mv));
    let mut after = selene;
    after.play(mv).unwrap();
    assert_eq!(
        after.to_string(),
        "0000000000042000000000000/2/selene[C3]:C3,D1/mortal:A5,E5"
    );
    // She moves and domes beside where she ends.
    assert!(selene.legal_moves().contains(&"C3>C4^C5X".parse().unwrap()));
}

/// The female worker is followed where the opponent forces her: Apollo's
/// swap, Minotaur's push; Nemesis' swap says where she goes.
#[test]
fn the_female_worker_is_followed() {
    for (fen, mv, after) in [
        (
            "0000000000000000000000000/1/apollo:B3,E1/selene[C3]:C3,A1",
            "B3>C3^D3",
            "0000000000000100000000000/2/apollo:C3,E1/selene[B3]:B3,A1",
        ),
        (
            "0000000000000000000000000/1/minotaur:B2,E1/hippolyta[C3]:C3,A1",
            "B2>C3^C2",
            "0000000000000000010000000/2/minotaur:C3,E1/hippolyta[D4]:D4,A1",
        ),
        (
            "0000000000000000000000000/1/nemesis:A5,B5/selene[D1]:D1,E1",
            "A5>A4^A3[<>@B5]",
            "0000000000100000000000000/2/nemesis:D1,E1/selene[B5]:B5,A4",
        ),
    ] {
        let mut pos: Position = fen.parse().unwrap();
        let mv: Move = mv.parse().unwrap();
        assert!(pos.legal_moves().contains(&mv), "{fen} {mv}");
        assert_eq!(pos.move_of(pos.action_of(mv)), Some(mv));
        pos.play(mv).unwrap();
        assert_eq!(pos.to_string(), after);
    }
}
