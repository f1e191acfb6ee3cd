//! Simple players beside the engine: random and greedy (one ply), for
//! matches and tests, and a random start.

use super::eval::evaluate;
use super::{Move, Position, Space};
use crate::Game;

/// The greedy one-ply player: a winning move if there is one, otherwise the
/// move whose resulting position the linear evaluation ([`evaluate`]) likes
/// best for the mover (ties broken at random).
pub fn greedy_move<R: rand::Rng + ?Sized>(pos: &Position, rng: &mut R) -> Option<Move> {
    let moves = pos.legal_moves();
    if let Some(&win) = moves.iter().find(|m| matches!(m, Move::Win { .. })) {
        return Some(win);
    }
    let mut best = Vec::new();
    let mut best_score = i32::MIN;
    for &mv in moves.iter() {
        let mut child = *pos;
        child.play_unchecked(mv);
        let score = -evaluate(&child);
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(mv);
        }
    }
    (!best.is_empty()).then(|| best[rng.random_range(0..best.len())])
}

/// The random player: a uniformly random legal move.
pub fn random_move<R: rand::Rng + ?Sized>(pos: &Position, rng: &mut R) -> Option<Move> {
    let moves = pos.legal_moves();
    (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
}

/// A random start: the four workers on distinct random spaces, player 1 to
/// move (the starts of engine matches).
pub fn random_start<R: rand::Rng + ?Sized>(rng: &mut R) -> Position {
    let spaces: Vec<Space> = rand::seq::index::sample(rng, 25, 4)
        .into_iter()
        .map(|i| Space::from_index(i).expect("0..25"))
        .collect();
    let mut pos = Position::new();
    pos.play_unchecked(Move::place(spaces[0], spaces[1]));
    pos.play_unchecked(Move::place(spaces[2], spaces[3]));
    pos
}

/// A random start with `gods`: each player's workers (as many as its god
/// places: two, the Graeae three) on distinct random spaces, player 1 to
/// move. With two workers each, the same start as [`random_start`] from
/// the same generator, with the gods.
///
/// # Errors
/// [`BannedPair`](super::BannedPair) if the two may not play each other.
pub fn random_start_with<R: rand::Rng + ?Sized>(
    gods: [super::God; 2],
    rng: &mut R,
) -> Result<Position, super::BannedPair> {
    let counts = gods.map(|g| g.workers());
    let spaces: Vec<Space> = rand::seq::index::sample(rng, 25, counts[0] + counts[1])
        .into_iter()
        .map(|i| Space::from_index(i).expect("0..25"))
        .collect();
    let (one, two) = spaces.split_at(counts[0]);
    let workers = [one, two].map(|s| super::Bitboard::from_spaces(s.iter().copied()));
    let mut pos = Position::from_parts(&[0; 25], workers, crate::Player::One).with_gods(gods)?;
    for (p, god) in gods.into_iter().enumerate() {
        // A female worker: the first placed.
        if god.rules().female {
            pos.state[p] =
                super::gods::female::female_state(spaces[if p == 0 { 0 } else { counts[0] }]);
        }
    }
    Ok(pos)
}

/// The start `start` with the players' sides exchanged: player 1 gets
/// player 2's workers and god and the reverse, player 1 to move (the
/// second game of a start in a match, where each god keeps its workers).
#[must_use]
pub fn swap_sides(start: &Position) -> Position {
    let [one, two] = [crate::Player::One, crate::Player::Two].map(|p| start.workers(p));
    let [a, b] = start.gods();
    let mut swapped = Position::from_parts(&start.levels(), [two, one], crate::Player::One)
        .with_gods([b, a])
        .expect("a pair that may play either way round");
    swapped.state = [start.state[1], start.state[0]];
    swapped
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// A random start has four workers on distinct spaces and player 1 to
    /// move its first worker; each player's two workers are theirs.
    #[test]
    fn random_starts_place_four_workers() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..50 {
            let pos = random_start(&mut rng);
            assert!(!pos.is_placement(), "{pos}");
            assert_eq!(pos.occupied().count(), 4, "{pos}");
            assert_eq!(pos.to_move(), crate::Player::One);
            seen.insert(pos.to_string());
        }
        assert!(seen.len() > 40, "{} distinct starts", seen.len());
    }

    /// The greedy player takes a win on the spot and otherwise plays legal
    /// moves; the random one plays legal moves until the game ends.
    #[test]
    fn the_simple_players_play_legal_moves() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let win: Position = "0000000000002300000000000/1/mortal:C3,A1/mortal:E5,E1"
            .parse()
            .unwrap();
        assert_eq!(greedy_move(&win, &mut rng).unwrap().to_string(), "C3>D3#");
        let mut pos = random_start(&mut rng);
        while let Some(mv) = if pos.to_move() == crate::Player::One {
            greedy_move(&pos, &mut rng)
        } else {
            random_move(&pos, &mut rng)
        } {
            assert!(pos.legal_moves().contains(&mv), "{pos} {mv}");
            pos.play_unchecked(mv);
        }
        assert!(pos.outcome().is_over());
    }
}
