//! The conformance suite over every registered game, and over a toy game
//! added as docs/architecture.md's "Adding a game" says (its folder `toy/` and one
//! line in `with_toy`).

use crate::toy;

use bitgames::engine::Limits;
use bitgames::registry::{self, DynGame, Entry};

fn with_toy() -> Vec<&'static dyn DynGame> {
    let mut games = registry::GAMES.to_vec();
    games.push(&Entry::<toy::Pile>::NEW); // the one line
    games
}

#[test]
fn every_registered_game_agrees_with_its_naive_twin_and_its_own_rules() {
    for (name, games) in [("tictactoe", 300), ("connect4", 150), ("santorini", 23)] {
        let game = registry::find(name).unwrap();
        let checked = game
            .conformance(games, 2026)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(checked.games, games, "{name}");
        assert!(checked.positions > games * 5, "{name}: {checked:?}");
        assert!(checked.moves > checked.positions, "{name}: {checked:?}");
        assert!(
            checked.refused > 0,
            "{name}: illegal moves were tried: {checked:?}"
        );
    }
    assert_eq!(registry::GAMES.len(), 3, "a new game needs its row above");
}

#[test]
fn a_toy_game_in_one_folder_gets_every_generic_tool() {
    let games = with_toy();
    let pile = *games.iter().find(|g| g.name() == "pile").unwrap();
    assert_eq!(pile.title(), "Pile");
    let checked = pile.conformance(50, 1).unwrap();
    assert_eq!(checked.games, 50);
    // Perft: sequences of moves, as counted by hand.
    assert_eq!(pile.perft("4/1", 4).unwrap(), 1);
    assert_eq!(pile.perft("-", 2).unwrap(), 9);
    let divide = pile.perft_divide("5/1", 2).unwrap();
    assert_eq!(
        divide,
        vec![
            ("1".to_string(), 3),
            ("2".to_string(), 3),
            ("3".to_string(), 2)
        ]
    );
    let state = pile.state("-", &["3", "1"]).unwrap();
    assert_eq!(state.position, "17/1");
    assert_eq!(state.legal_moves, ["1", "2", "3"]);
    let e = pile.state("2/1", &["3"]).err().unwrap();
    assert_eq!(
        e.to_string(),
        "move 1 (`3`): cannot take 3 from a pile of 2"
    );
    let e = pile.state("x", &[]).err().unwrap();
    assert_eq!(
        e.to_string(),
        "bad pile position `x`: a pile is written `stones/player`, such as `21/1`"
    );
    // The generic engine finds the winning move (leave a multiple of 4).
    let mut engine = pile.engine();
    let r = engine.think("7/1", Limits::depth(8)).unwrap();
    assert_eq!(r.best.as_deref(), Some("3"));
    assert!(r.exact, "a forced win within 8 plies");
    let stats = pile.playouts("-", 1000, 7).unwrap();
    assert_eq!(stats.games, 1000);
    assert_eq!(stats.wins[0] + stats.wins[1], 1000);
}

#[test]
fn every_engine_answers_a_legal_move_within_limits() {
    for game in registry::GAMES {
        let mut engine = game.engine();
        let r = engine
            .think(
                "-",
                Limits {
                    depth: Some(2),
                    time: Some(std::time::Duration::from_millis(300)),
                    ..Default::default()
                },
            )
            .unwrap();
        let best = r.best.clone().expect("the start has a move");
        let state = game.state("-", &[]).unwrap();
        assert!(state.legal_moves.contains(&best), "{}: {best}", game.name());
        assert!(
            r.ties.contains(&best),
            "{}: the best is one of the ties",
            game.name()
        );
    }
    // The exact engines say so.
    let mut c4 = registry::find("connect4").unwrap().engine();
    // Pons' End-Easy set, first line: score -1 (the mover loses with their
    // last stone; 37 stones played, so "loss in 4" plies of the mover's).
    let r = c4
        .think("2252576253462244111563365343671351441", Limits::default())
        .unwrap();
    assert!(r.exact);
    assert_eq!(r.score, Some(-1));
    let mut ttt = registry::find("tictactoe").unwrap().engine();
    let r = ttt.think("-", Limits::default()).unwrap();
    assert_eq!((r.exact, r.score_text.as_str()), (true, "draw"));
    assert_eq!(r.ties.len(), 9, "every first move draws");
}
