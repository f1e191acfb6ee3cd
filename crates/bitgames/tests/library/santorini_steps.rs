//! A turn as its steps (`Position::step_paths`): on random games of every
//! god, each path's steps, taken one by one on a plain board, leave the
//! board the turn leaves, and no path makes two turns.

use bitgames::santorini::{Bitboard, God, Position, Step};
use bitgames::{Game, Player};
use std::collections::BTreeMap;

/// The levels and the mover's workers after taking `path` on `pos`'s board
/// by hand: a move takes the selected worker to its space, a build adds a
/// block, a dome makes the last build (or its space) a dome, a removal
/// takes a block away, a swap of all gives the mover the opponent's spaces
/// (but the one a keep names), Hydra's act gains or removes a worker of hers.
fn take(pos: &Position, path: &[Step]) -> ([u8; 25], Vec<usize>) {
    let me = pos.to_move();
    let mut levels = pos.levels();
    let mut mine: Vec<usize> = pos.workers(me).into_iter().map(|s| s.index()).collect();
    let (mut selected, mut last_build) = (None, None);
    for step in path {
        match *step {
            Step::Place(s) => mine.push(s.index()),
            Step::Select(s) => {
                selected = Some(
                    mine.iter()
                        .position(|&w| w == s.index())
                        .expect("a worker of the mover"),
                );
            }
            Step::Move(s) => mine[selected.expect("a worker selected")] = s.index(),
            Step::Build(s) => {
                levels[s.index()] += 1;
                last_build = Some(s.index());
            }
            Step::Dome => levels[last_build.expect("a build to dome")] = 4,
            Step::DomeOn(s) => levels[s.index()] = 4,
            Step::Remove(s) => levels[s.index()] -= 1,
            Step::SwapAll => {
                mine = pos
                    .workers(me.other())
                    .into_iter()
                    .map(|s| s.index())
                    .collect();
            }
            // Nemesis against one more: the opponent's worker there stays.
            Step::Keep(s) => mine.retain(|&w| w != s.index()),
            // Hydra's act: a worker of hers gained there, or hers removed.
            Step::Act(s) if pos.gods()[me.index()] == God::Hydra => {
                match mine.iter().position(|&w| w == s.index()) {
                    Some(at) => {
                        mine.remove(at);
                    }
                    None => mine.push(s.index()),
                }
            }
            Step::BuildFirst
            | Step::Female(_)
            | Step::Stay
            | Step::Force(_)
            | Step::Act(_)
            | Step::BuildBoth
            | Step::Wind(_)
            | Step::NoBuild => {}
        }
    }
    mine.sort_unstable();
    (levels, mine)
}

#[test]
fn every_turn_s_steps_make_it_and_no_path_makes_two() {
    use bitgames::santorini::players::random_start_with;
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(19);
    let (mut turns, mut paths_seen) = (0, 0);
    let n = God::ALL.len();
    for game in 0..2 * n {
        let (mine, other) = (God::ALL[game % n], God::ALL[rng.random_range(0..n)]);
        let other = mine.facing(other);
        let gods = if game < n {
            [mine, other]
        } else {
            [other, mine]
        };
        let mut pos = Position::new().with_gods(gods).unwrap();
        if game % 3 != 0 {
            pos = random_start_with(gods, &mut rng).unwrap();
        }
        while !pos.outcome().is_over() {
            let me: Player = pos.to_move();
            let moves = pos.legal_moves();
            let mut maker: BTreeMap<Vec<Step>, String> = BTreeMap::new();
            for &mv in moves.iter() {
                let paths = pos.step_paths(mv);
                assert!(!paths.is_empty(), "{pos} {mv}: no steps");
                let mut after = pos;
                after.play(mv).unwrap();
                let mut workers: Vec<usize> =
                    after.workers(me).into_iter().map(|s| s.index()).collect();
                workers.sort_unstable();
                // Medusa's gaze after the turn, no step of it: an opponent
                // worker gone from the board leaves a block (Theseus' kill
                // is his step `act`, and leaves none).
                let (before, left) = (pos.workers(me.other()), after.workers(me.other()));
                let stone =
                    if left.count() < before.count() && pos.gods()[me.index()] == God::Medusa {
                        before & !left
                    } else {
                        Bitboard::EMPTY
                    };
                for path in paths {
                    let (mut levels, mine) = take(&pos, &path);
                    for s in stone {
                        levels[s.index()] += 1;
                    }
                    assert_eq!(levels, after.levels(), "{pos} {mv}: levels after {path:?}");
                    assert_eq!(mine, workers, "{pos} {mv}: workers after {path:?}");
                    if let Some(other) = maker.insert(path.clone(), mv.to_string()) {
                        panic!("{pos}: {path:?} makes {other} and {mv}");
                    }
                    paths_seen += 1;
                }
                turns += 1;
            }
            pos.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
    }
    assert!(turns > 50_000, "{turns} turns, {paths_seen} paths");
}
