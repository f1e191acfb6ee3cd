//! The conformance suite of a registered game: random games checked
//! against the naive twin, the actions, the mask, refused moves and the
//! engine.

use super::{Checked, Error, Registered};
use crate::engine::{Level, Limits};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use std::str::FromStr;

/// The checks of [`super::DynGame::conformance`] for `G`.
pub fn conformance<G: Registered>(games: u64, seed: u64) -> Result<Checked, Error> {
    let fail = |pos: &G, what: String| Error::Conformance {
        game: G::NAME,
        what: format!("{what}, at position `{}`", pos.notation()),
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut checked = Checked::default();
    let mut engine = G::engine();
    for game in 0..games {
        let mut pos = G::conformance_start(game);
        loop {
            checked.positions += 1;
            check_position(&pos, &mut checked).map_err(|w| fail(&pos, w))?;
            let moves = pos.legal_moves();
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            // Every seventh position of the first games, the engine moves, at
            // full strength and at a level (each in turn): it must pick a
            // legal move, and name the level it played.
            if game < 3 && checked.positions % 7 == 1 {
                let limits = Limits {
                    depth: Some(2),
                    time: Some(std::time::Duration::from_millis(50)),
                    ..Default::default()
                };
                let number = (checked.positions / 7 % 10) as u32;
                let level = Level::new(number).expect("0..10 is a level");
                for limits in [limits, limits.at_level(level, Some(checked.positions))] {
                    let r = engine.think(&pos, limits);
                    match r.best {
                        Some(b) if pos.is_legal(b) && r.level == limits.level => {}
                        other => {
                            return Err(fail(
                                &pos,
                                format!(
                                    "the engine at level {:?} chose {other:?} (level {:?}), not a legal move",
                                    limits.level, r.level
                                ),
                            ));
                        }
                    }
                }
            }
            pos.play_unchecked(mv);
        }
        checked.games += 1;
        let r = engine.think(&pos, Limits::depth(1));
        if r.best.is_some() {
            return Err(fail(&pos, "the engine moved in a finished game".into()));
        }
    }
    Ok(checked)
}

fn check_position<G: Registered>(pos: &G, checked: &mut Checked) -> Result<(), String> {
    let moves = pos.legal_moves();
    let outcome = pos.outcome();
    let naive_outcome = pos.naive_outcome();
    if outcome != naive_outcome {
        return Err(format!("outcome {outcome}, naive twin {naive_outcome}"));
    }
    if outcome.is_over() != moves.is_empty() {
        return Err(format!(
            "outcome {outcome} with {} legal moves",
            moves.len()
        ));
    }
    if let Some(mut naive) = pos.naive_successors() {
        let mut fast: Vec<String> = moves
            .iter()
            .map(|&mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                child.notation()
            })
            .collect();
        fast.sort();
        fast.dedup();
        naive.sort();
        naive.dedup();
        if fast != naive {
            return Err(format!(
                "positions one move later {fast:?}, naive twin {naive:?}"
            ));
        }
    } else {
        let mut fast: Vec<String> = moves.iter().map(ToString::to_string).collect();
        let mut naive: Vec<String> = pos
            .naive_legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        fast.sort();
        naive.sort();
        if fast != naive {
            return Err(format!("legal moves {fast:?}, naive twin {naive:?}"));
        }
    }
    let back = G::from_notation(&pos.notation())
        .map_err(|e| format!("its notation does not parse back: {e}"))?;
    if back != *pos {
        return Err(format!(
            "its notation parses to another position, `{}`",
            back.notation()
        ));
    }
    let mask = pos.legal_action_mask();
    let actions: std::collections::BTreeSet<usize> =
        moves.iter().map(|&mv| pos.action_of(mv)).collect();
    if mask.len() != pos.num_actions() || mask.iter().filter(|&&b| b).count() != actions.len() {
        return Err("the legal-action mask does not match the legal moves".into());
    }
    for &mv in moves.iter() {
        let a = pos.action_of(mv);
        // A move maps back to itself, or (a turn spelled in several
        // actions: Santorini's) to the legal shorter move it begins, or to
        // none where that part is no move by itself (Hydra's).
        let back = pos.move_of(a);
        if a >= pos.num_actions() || !mask[a] || !back.is_none_or(|b| b == mv || moves.contains(&b))
        {
            return Err(format!("move {mv}: action {a} does not map back to it"));
        }
        let text = mv.to_string();
        let parsed: G::Move = text.parse().map_err(|e: <G::Move as FromStr>::Err| {
            format!("move {mv} does not parse back: {e}")
        })?;
        if parsed != mv {
            return Err(format!("move {mv} parses back as {parsed}"));
        }
        let (mut a1, mut a2) = (pos.clone(), pos.clone());
        a1.play(mv)
            .map_err(|e| format!("legal move {mv} refused by play: {e}"))?;
        a2.play_unchecked(mv);
        if a1 != a2 {
            return Err(format!("move {mv}: play and play_unchecked disagree"));
        }
        checked.moves += 1;
    }
    // Every action that names a move but is not legal here is refused, and
    // the position is left as it was.
    for (a, &legal) in mask.iter().enumerate() {
        if legal {
            continue;
        }
        let Some(mv) = pos.move_of(a) else {
            continue;
        };
        let mut copy = pos.clone();
        if copy.play(mv).is_ok() {
            return Err(format!("illegal move {mv} (action {a}) was accepted"));
        }
        if copy != *pos {
            return Err(format!("refused move {mv} changed the position"));
        }
        checked.refused += 1;
    }
    Ok(())
}
