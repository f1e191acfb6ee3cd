//! What a solver score means, in words, and back.
//!
//! The meaning of a score depends only on the number of cells of the board
//! (`Geometry::cells`), which every function here takes.
//!
//! Scores are Pascal Pons' (the convention of his test sets): for the player
//! to move after `n` stones on a board of `cells` cells, a win with the stone
//! played when `n'` stones are on the board scores `(cells + 1 - n') / 2`
//! (so a win at once scores `(cells + 1 - n) / 2` and a win with the last
//! cell of the board 1), a draw 0, and a loss is the opponent's win negated.
//!
//! In words: `win in N` means the player to move wins with their N-th stone
//! from now (the winning stone included); `loss in N` that the opponent wins
//! with their N-th stone from now; weak scores (+1, 0, -1) are only `win`,
//! `draw`, `loss`.
//!
//! ```
//! use bitgames::connect4::{Geometry, score::Verdict};
//! let cells = Geometry::STANDARD.cells(); // 42
//! // Pons' example: after 4455 the player to move scores 18, a double threat.
//! let v = Verdict::strong(18, 4, cells).unwrap();
//! assert_eq!(v.to_string(), "win in 2");
//! assert_eq!("win in 2".parse::<Verdict>().unwrap().score(4, cells), Ok(18));
//! ```

use std::fmt;
use std::str::FromStr;

/// Exact or win/draw/loss only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// The exact score (how soon the win or how late the loss).
    #[default]
    Strong,
    /// Only the sign: +1 win, 0 draw, -1 loss.
    Weak,
}

/// The result of perfect play for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The player to move wins with their N-th stone from now (the winning
    /// stone included); `None` when only the result is known (weak mode).
    Win(Option<u32>),
    /// Neither side can force four in a row.
    Draw,
    /// The opponent wins with their N-th stone from now; `None` when only
    /// the result is known (weak mode).
    Loss(Option<u32>),
}

/// A score or a verdict that cannot happen on this board after this many stones.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoreError {
    /// The score is outside the scores still possible.
    #[error(
        "score {score} is impossible after {stones} stones on a board of {cells} cells: the scores run from {min} to {max}"
    )]
    OutOfRange {
        /// The score given.
        score: i32,
        /// The stones on the board.
        stones: usize,
        /// The cells of the board.
        cells: usize,
        /// The lowest score possible: the opponent wins with their next stone.
        min: i32,
        /// The highest score possible: a win with the next stone.
        max: i32,
    },
    /// More stones than the board has cells.
    #[error("{stones} stones do not leave a move on a board of {cells} cells")]
    TooManyStones {
        /// The stones given.
        stones: usize,
        /// The cells of the board.
        cells: usize,
    },
    /// The verdict names a stone that cannot be played any more.
    #[error("`{verdict}` is impossible after {stones} stones on a board of {cells} cells")]
    Impossible {
        /// The verdict given.
        verdict: Verdict,
        /// The stones on the board.
        stones: usize,
        /// The cells of the board.
        cells: usize,
    },
    /// A weak verdict has no exact score.
    #[error("`{0}` is a result only (weak mode): it has no exact score")]
    Weak(Verdict),
}

/// Why a text is not a verdict.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a result: use `win in N`, `loss in N` (N a number of stones from 1), `draw`, `win` or `loss`"
)]
pub struct ParseVerdictError {
    text: String,
}

/// The lowest and the highest score for the player to move after `stones`
/// stones: the opponent's win with their next stone, our win with ours.
#[must_use]
pub fn score_range(stones: usize, cells: usize) -> (i32, i32) {
    let (n, cells) = (stones as i32, cells as i32);
    (-(cells - n) / 2, (cells + 1 - n) / 2)
}

impl Verdict {
    /// The meaning of an exact score for the player to move after `stones` stones.
    pub fn strong(score: i32, stones: usize, cells: usize) -> Result<Verdict, ScoreError> {
        if stones >= cells {
            return Err(ScoreError::TooManyStones { stones, cells });
        }
        let (min, max) = score_range(stones, cells);
        if !(min..=max).contains(&score) {
            return Err(ScoreError::OutOfRange {
                score,
                stones,
                cells,
                min,
                max,
            });
        }
        // Both counts are the steps from the soonest possible four: each
        // stone later costs the winner one point.
        Ok(match score {
            0 => Verdict::Draw,
            s if s > 0 => Verdict::Win(Some((max - s + 1) as u32)),
            s => Verdict::Loss(Some((s - min + 1) as u32)),
        })
    }

    /// The meaning of a weak score: its sign.
    #[must_use]
    pub fn weak(score: i32) -> Verdict {
        match score.signum() {
            1 => Verdict::Win(None),
            0 => Verdict::Draw,
            _ => Verdict::Loss(None),
        }
    }

    /// The meaning of a score of the solver in `mode`.
    pub fn of(score: i32, stones: usize, cells: usize, mode: Mode) -> Result<Verdict, ScoreError> {
        match mode {
            Mode::Strong => Verdict::strong(score, stones, cells),
            Mode::Weak => Ok(Verdict::weak(score)),
        }
    }

    /// The verdict of a game that ends `plies` plies from now (the winning
    /// stone the `plies`-th, 1 for a win at once) with four in a row by the
    /// player to move if `plies` is odd, by the opponent if it is even; a
    /// draw when `plies` is `None`. (What a depth-to-end negamax reports.)
    #[must_use]
    pub fn ending_in(plies: Option<u32>) -> Verdict {
        match plies {
            None => Verdict::Draw,
            Some(p) if p % 2 == 1 => Verdict::Win(Some(p.div_ceil(2))),
            Some(p) => Verdict::Loss(Some(p / 2)),
        }
    }

    /// The exact score of this verdict after `stones` stones: the inverse of
    /// [`Verdict::strong`].
    pub fn score(self, stones: usize, cells: usize) -> Result<i32, ScoreError> {
        if stones >= cells {
            return Err(ScoreError::TooManyStones { stones, cells });
        }
        let (min, max) = score_range(stones, cells);
        let impossible = || ScoreError::Impossible {
            verdict: self,
            stones,
            cells,
        };
        match self {
            Verdict::Draw => Ok(0),
            Verdict::Win(None) | Verdict::Loss(None) => Err(ScoreError::Weak(self)),
            Verdict::Win(Some(k)) => {
                let s = max - (k as i32 - 1);
                if k == 0 || s < 1 {
                    return Err(impossible());
                }
                Ok(s)
            }
            Verdict::Loss(Some(k)) => {
                let s = min + (k as i32 - 1);
                if k == 0 || s > -1 {
                    return Err(impossible());
                }
                Ok(s)
            }
        }
    }

    /// +1, 0 or -1: the result for the player to move.
    #[must_use]
    pub fn sign(self) -> i32 {
        match self {
            Verdict::Win(_) => 1,
            Verdict::Draw => 0,
            Verdict::Loss(_) => -1,
        }
    }

    /// Whether the verdict says how soon (an exact score), not only who wins.
    #[must_use]
    pub fn is_exact(self) -> bool {
        !matches!(self, Verdict::Win(None) | Verdict::Loss(None))
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Win(Some(n)) => write!(f, "win in {n}"),
            Verdict::Win(None) => f.write_str("win"),
            Verdict::Draw => f.write_str("draw"),
            Verdict::Loss(Some(n)) => write!(f, "loss in {n}"),
            Verdict::Loss(None) => f.write_str("loss"),
        }
    }
}

impl FromStr for Verdict {
    type Err = ParseVerdictError;

    fn from_str(text: &str) -> Result<Verdict, ParseVerdictError> {
        let bad = || ParseVerdictError {
            text: text.to_string(),
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        let count = |n: &str| match n.parse::<u32>() {
            Ok(n @ 1..) => Ok(Some(n)),
            _ => Err(bad()),
        };
        match words.as_slice() {
            ["draw"] => Ok(Verdict::Draw),
            ["win"] => Ok(Verdict::Win(None)),
            ["loss"] => Ok(Verdict::Loss(None)),
            ["win", "in", n] => count(n).map(Verdict::Win),
            ["loss", "in", n] => count(n).map(Verdict::Loss),
            _ => Err(bad()),
        }
    }
}

/// A score in words, for the player to move after `stones` stones (see the
/// module's documentation); a score the board cannot have is written as the
/// error that says so.
#[must_use]
pub fn score_words(score: i32, stones: usize, cells: usize, mode: Mode) -> String {
    Verdict::of(score, stones, cells, mode).map_or_else(|e| e.to_string(), |v| v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::connect4::Geometry;

    fn g(w: usize, h: usize) -> Geometry {
        Geometry::new(w, h).unwrap()
    }

    #[test]
    fn words_count_the_winners_stones() {
        let std = Geometry::STANDARD.cells();
        let words = |s, n| score_words(s, n, std, Mode::Strong);
        // The tutorial's examples: 4455 scores 18 (a double threat: win with
        // the 2nd stone), 44455554221 scores -15 (the opponent wins next move).
        assert_eq!(words(18, 4), "win in 2");
        assert_eq!(words(-15, 11), "loss in 1");
        // Empty board: the first player wins with their 21st stone at best.
        assert_eq!(words(1, 0), "win in 21");
        assert_eq!(words(1, 1), "win in 21");
        // Player 2 to move after one stone, losing as late as possible:
        // player 1 wins with their 21st stone, the 20th from now.
        assert_eq!(words(-1, 1), "loss in 20");
        assert_eq!(words(-1, 0), "loss in 21");
        // An immediate win after n stones scores (43 - n) / 2.
        for n in 0..42 {
            assert_eq!(words((43 - n) / 2, n as usize), "win in 1");
        }
        assert_eq!(words(0, 10), "draw");
        assert_eq!(score_words(-1, 10, std, Mode::Weak), "loss");
        assert_eq!(score_words(5, 10, std, Mode::Weak), "win");
    }

    #[test]
    fn words_and_scores_round_trip_on_every_stone_count_and_score() {
        for geometry in [Geometry::STANDARD, g(4, 4), g(5, 4), g(8, 7), g(9, 6)] {
            let cells = geometry.cells(); // the words depend on the cells only
            for stones in 0..cells {
                let (min, max) = score_range(stones, cells);
                let mut seen = std::collections::HashSet::new();
                for score in min..=max {
                    let v = Verdict::strong(score, stones, cells).unwrap();
                    let text = v.to_string();
                    assert!(
                        seen.insert(text.clone()),
                        "{geometry} {stones}: `{text}` twice"
                    );
                    let back: Verdict = text.parse().unwrap();
                    assert_eq!(back, v);
                    assert_eq!(
                        back.score(stones, cells),
                        Ok(score),
                        "{geometry} {stones} `{text}`"
                    );
                    assert_eq!(v.sign(), score.signum());
                }
                // One step past either end is refused, both ways.
                for score in [min - 1, max + 1] {
                    assert!(matches!(
                        Verdict::strong(score, stones, cells),
                        Err(ScoreError::OutOfRange { .. })
                    ));
                }
                let last_win = Verdict::strong(1, stones, cells).ok();
                if let Some(Verdict::Win(Some(k))) = last_win {
                    assert!(Verdict::Win(Some(k + 1)).score(stones, cells).is_err());
                }
            }
        }
    }

    #[test]
    fn a_game_ending_in_p_plies_has_the_score_of_its_winning_stone() {
        // After n stones, the p-th ply from now is played on n + p - 1 stones:
        // the mover's win (p odd) scores (cells + 1 - (n + p - 1)) / 2.
        for geometry in [Geometry::STANDARD.cells(), g(5, 4).cells()] {
            let cells = geometry as i32;
            for stones in 0..geometry {
                for p in 1..=(cells - stones as i32) as u32 {
                    let s = (cells + 1 - (stones as i32 + p as i32 - 1)) / 2;
                    let expected = if p % 2 == 1 { s } else { -s };
                    assert_eq!(
                        Verdict::ending_in(Some(p)).score(stones, geometry),
                        Ok(expected),
                        "{geometry}: {stones} stones, {p} plies"
                    );
                }
                assert_eq!(Verdict::ending_in(None).score(stones, geometry), Ok(0));
            }
        }
    }

    #[test]
    fn a_depth_to_end_search_gives_the_solvers_score_through_ending_in() {
        // Lines of Pons' End-Easy set with their scores: the generic negamax
        // (plies to the end) and the solver (Pons' score) agree via `ending_in`.
        use crate::connect4::Position;
        use crate::tools::{self, negamax::plies_to_end};
        for (moves, expected) in [
            ("2252576253462244111563365343671351441", -1),
            ("7422341735647741166133573473242566", 1),
            ("23163416124767223154467471272416755633", 0),
        ] {
            let pos = Position::from_moves(moves).unwrap();
            let r = tools::negamax(
                &pos,
                64,
                -tools::WIN_SCORE,
                tools::WIN_SCORE,
                &mut |_: &Position| 0,
            );
            let plies = plies_to_end(r.score).map(|p| p as u32);
            let verdict = Verdict::ending_in(plies);
            assert_eq!(verdict.sign(), r.score.signum(), "{moves}");
            assert_eq!(verdict.score(moves.len(), 42), Ok(expected), "{moves}");
        }
    }

    #[test]
    fn bad_words_and_impossible_verdicts_say_what_is_wrong() {
        let std = Geometry::STANDARD.cells();
        assert_eq!(
            "win in 0".parse::<Verdict>().unwrap_err().to_string(),
            "`win in 0` is not a result: use `win in N`, `loss in N` (N a number of stones from 1), `draw`, `win` or `loss`"
        );
        assert!("victory".parse::<Verdict>().is_err());
        assert_eq!(
            Verdict::strong(22, 0, std).unwrap_err().to_string(),
            "score 22 is impossible after 0 stones on a board of 42 cells: the scores run from -21 to 21"
        );
        assert_eq!(
            Verdict::Win(Some(21))
                .score(2, std)
                .unwrap_err()
                .to_string(),
            "`win in 21` is impossible after 2 stones on a board of 42 cells"
        );
        assert_eq!(
            Verdict::Win(None).score(2, std).unwrap_err().to_string(),
            "`win` is a result only (weak mode): it has no exact score"
        );
        assert_eq!(
            Verdict::strong(0, 42, std).unwrap_err().to_string(),
            "42 stones do not leave a move on a board of 42 cells"
        );
    }
}
