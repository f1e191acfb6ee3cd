//! Checking a book against the solver: a random sample of what it says,
//! each solved afresh without any book.

use super::book::{Book, BookValue};
use super::{Mode, Solver};
use crate::connect4::Position;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A book entry the solver disagrees with.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the book says {book} for the position {moves}, the solver {solved}")]
pub struct Disagreement {
    /// The position, as moves from the empty board.
    pub moves: String,
    /// What the book says.
    pub book: BookValue,
    /// What the solver finds (its exact score, or its sign for a
    /// win/draw/loss entry).
    pub solved: i32,
}

/// A random position with `stones` stones where the game is not over and the
/// player to move cannot win at once (the positions books hold), from random
/// games; `None` if 1000 random games found none.
pub fn random_position(
    geometry: crate::connect4::Geometry,
    stones: usize,
    rng: &mut impl Rng,
) -> Option<Position> {
    'game: for _ in 0..1000 {
        let mut pos = Position::new(geometry);
        for _ in 0..stones {
            let playable: Vec<usize> = (0..geometry.width())
                .filter(|&c| pos.can_play(c) && !pos.is_winning_move(c))
                .collect();
            if playable.is_empty() {
                continue 'game;
            }
            pos.play_unchecked(playable[rng.random_range(0..playable.len())]);
        }
        if pos.winning_moves() == 0 && pos.moves_played() < geometry.cells() {
            return Some(pos);
        }
    }
    None
}

/// Up to `n` positions the book says something of, at random (seeded): its
/// entries where it can list them, else (Pons' book) random positions of its
/// deepest layer that it holds (the cheapest to solve afresh); for a
/// win/draw/loss book, where a position not stored is a win, random
/// positions of its layer too.
#[must_use]
pub fn sample(book: &Book, n: usize, seed: u64) -> Vec<(Position, BookValue)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n);
    let layers = book.layers();
    let listable = book.entry(0).is_some();
    let mut attempts = 0;
    while out.len() < n && attempts < 1000 * n.max(1) {
        attempts += 1;
        let from_entries = listable
            && (attempts % 2 == 1
                || book.format() == super::book::Format::Bitgames(2)
                || book.legacy());
        if from_entries {
            if let Some(e) = book.entry(rng.random_range(0..book.len())) {
                out.push(e);
            }
            continue;
        }
        // The deepest layer: its positions are the cheapest to solve afresh.
        let stones = layers.last();
        if let Some(pos) = random_position(book.geometry(), stones, &mut rng)
            && let Some(value) = book.value(&pos)
        {
            out.push((pos, value));
        }
    }
    out
}

/// Checks one thing a book says against `solver` (which should have no
/// book): an exact score by a strong solve, a bound by a weak one.
pub fn check(solver: &mut Solver, pos: &Position, value: BookValue) -> Result<(), Disagreement> {
    let exact = matches!(value, BookValue::Exact(_));
    let mode = if exact { Mode::Strong } else { Mode::Weak };
    let solved = solver.solve(pos, mode).unwrap_or(i32::MIN);
    let agrees = if exact {
        value.admits(solved)
    } else {
        value.sign() == Some(solved.signum())
    };
    if agrees {
        Ok(())
    } else {
        Err(Disagreement {
            moves: crate::connect4::move_string(pos).unwrap_or_else(|| format!("{pos:?}")),
            book: value,
            solved,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect4::Geometry;
    use crate::connect4::solver::book::{Book, book_positions, symmetric_key};

    #[test]
    fn a_true_book_passes_and_a_wrong_entry_is_named() {
        let g = Geometry::new(5, 4).unwrap();
        let mut solver = Solver::new();
        let entries: Vec<(u128, i8)> = book_positions(g, 3)
            .iter()
            .map(|p| {
                (
                    symmetric_key(p),
                    solver.solve(p, Mode::Strong).unwrap() as i8,
                )
            })
            .collect();
        let book = Book::from_scores(g, 3..=3, entries.clone());
        for (pos, value) in sample(&book, 20, 7) {
            assert_eq!(check(&mut solver, &pos, value), Ok(()));
        }
        // One score changed by one: found when sampled.
        let mut wrong = entries;
        wrong[0].1 += 1;
        let book = Book::from_scores(g, 3..=3, wrong);
        let (pos, value) = book.entry(0).unwrap();
        let err = check(&mut solver, &pos, value).unwrap_err().to_string();
        assert!(err.starts_with("the book says"), "{err}");
        assert!(
            err.contains(&crate::connect4::move_string(&pos).unwrap()),
            "{err}"
        );
    }
}

#[cfg(all(test, feature = "builtin-book"))]
mod builtin_tests {
    use super::*;
    use crate::connect4::Geometry;
    use crate::connect4::solver::book::{builtin_shared, symmetric_key};

    /// The shipped book is exact: a random sample of its 10-stone entries
    /// each agree with a fresh solve without any book, and every one of its
    /// 3-stone entries agrees with a search down to its 10-stone layer alone
    /// (layers 0..=2 are checked against layer 3 in `book`'s tests).
    #[test]
    fn a_sample_of_the_builtin_book_agrees_with_fresh_solves() {
        let book = builtin_shared(Geometry::STANDARD).unwrap();
        let mut deep = Vec::new();
        let mut three = Vec::new();
        for i in 0..book.len() {
            let (pos, value) = book.entry(i).unwrap();
            match pos.moves_played() {
                10 => deep.push((pos, value)),
                3 => three.push((pos, value)),
                _ => {}
            }
        }
        assert_eq!((deep.len(), three.len()), (634_338, 121));
        let mut rng = SmallRng::seed_from_u64(0x5eed_2026);
        let mut fresh = Solver::new();
        for _ in 0..12 {
            let (pos, value) = &deep[rng.random_range(0..deep.len())];
            assert_eq!(check(&mut fresh, pos, *value), Ok(()));
        }
        let layer10 = Book::from_scores(
            Geometry::STANDARD,
            10..=10,
            deep.iter().map(|(pos, value)| {
                let BookValue::Exact(score) = value else {
                    panic!("a bitgames book holds exact scores")
                };
                (symmetric_key(pos), *score as i8)
            }),
        );
        let mut searched = Solver::new();
        searched.set_book(Some(std::sync::Arc::new(layer10)));
        for (pos, value) in &three {
            assert_eq!(check(&mut searched, pos, *value), Ok(()));
        }
    }
}
