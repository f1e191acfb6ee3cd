//! Tools written once over the [`Game`](crate::Game) trait and used by every game.

pub mod elo;
pub mod negamax;
pub mod perft;
pub mod playout;

pub use negamax::{Evaluator, SearchResult, WIN_SCORE, negamax, score_to_string};
pub use perft::{
    GameCounts, count_games, distinct_positions_by_depth, perft, perft_by_depth,
    perft_by_depth_parallel, perft_divide, perft_divide_parallel, perft_parallel,
    reachable_positions,
};
pub use playout::{PlayoutStats, random_playout, random_playouts};

/// The tools checked on a game small enough to know by hand: a subtraction
/// game (take 1, 2 or 3 from a pile; who takes the last one wins), whose
/// complete games from a pile of n are the tribonacci numbers and whose lost
/// piles are the multiples of 4.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Outcome, Player};
    use arrayvec::ArrayVec;
    use std::fmt;

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    struct Pile {
        left: u32,
        to_move: Player,
    }

    #[derive(Debug, thiserror::Error)]
    #[error("cannot take {0}")]
    struct TakeError(u32);

    impl fmt::Display for Pile {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}/{}", self.left, self.to_move)
        }
    }

    impl std::str::FromStr for Pile {
        type Err = std::num::ParseIntError;
        fn from_str(s: &str) -> Result<Pile, Self::Err> {
            Ok(Pile {
                left: s.parse()?,
                to_move: Player::One,
            })
        }
    }

    impl Game for Pile {
        type Move = u32;
        type Moves = ArrayVec<u32, 3>;
        type PlayError = TakeError;
        const NAME: &'static str = "pile";

        fn to_move(&self) -> Player {
            self.to_move
        }
        fn legal_moves(&self) -> ArrayVec<u32, 3> {
            (1..=3.min(self.left)).collect()
        }
        fn play_unchecked(&mut self, mv: u32) {
            self.left -= mv;
            self.to_move = self.to_move.other();
        }
        fn play(&mut self, mv: u32) -> Result<(), TakeError> {
            if !(1..=3.min(self.left)).contains(&mv) {
                return Err(TakeError(mv));
            }
            self.play_unchecked(mv);
            Ok(())
        }
        fn outcome(&self) -> Outcome {
            if self.left == 0 {
                Outcome::Win(self.to_move.other())
            } else {
                Outcome::Ongoing
            }
        }
        fn num_actions(&self) -> usize {
            3
        }
        fn action_of(&self, mv: u32) -> usize {
            mv as usize - 1
        }
        fn move_of(&self, action: usize) -> Option<u32> {
            (action < 3).then_some(action as u32 + 1)
        }
    }

    fn pile(n: u32) -> Pile {
        Pile {
            left: n,
            to_move: Player::One,
        }
    }

    fn tribonacci(n: u32) -> u64 {
        let mut t = [1u64, 1, 2];
        for _ in 0..n {
            t = [t[1], t[2], t[0] + t[1] + t[2]];
        }
        t[0]
    }

    #[test]
    fn complete_games_are_tribonacci_numbers() {
        for n in 0..15 {
            let counts = count_games(&pile(n));
            assert_eq!(counts.total(), tribonacci(n), "pile {n}");
            assert_eq!(counts.draws, 0);
        }
        // From 4: 7 games, by length 2 (1+3, 2+2, 3+1), 3 (3 ways), 4 (1+1+1+1).
        assert_eq!(count_games(&pile(4)).by_length, [0, 0, 3, 3, 1]);
    }

    #[test]
    fn perft_variants_agree() {
        let start = pile(12);
        let by_depth = perft_by_depth(&start, 8);
        for d in 0..=8 {
            assert_eq!(perft(&start, d), by_depth[d as usize]);
            assert_eq!(perft_parallel(&start, d), by_depth[d as usize]);
        }
        assert_eq!(&by_depth[..4], [1, 3, 9, 27]);
        let divide = perft_divide(&start, 3);
        assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), 27);
        // Distinct piles after d moves: d..=3d taken, capped at 12.
        assert_eq!(distinct_positions_by_depth(&start, 3), [1, 3, 5, 7]);
        // Pile 12 - k with k taken in m moves, m <= k <= 3m: piles 12 and 11
        // with one player to move, piles 10..=0 with either.
        assert_eq!(reachable_positions(&start).len(), 2 + 2 * 11);
    }

    #[test]
    fn negamax_finds_the_multiples_of_four() {
        for n in 1..14 {
            let r = negamax(&pile(n), 20, -WIN_SCORE, WIN_SCORE, &mut |_: &Pile| 0);
            if n % 4 == 0 {
                assert!(r.score < 0, "pile {n} is lost");
            } else {
                assert!(r.score > 0, "pile {n} is won");
                assert_eq!(r.best, Some(n % 4), "pile {n}: take {}", n % 4);
            }
        }
        // The winner hurries and the loser delays: from 4, every move loses in 2
        // plies; from 5, take 1 and win in 3; from 8, lose in 4.
        let score = |n| negamax(&pile(n), 20, -WIN_SCORE, WIN_SCORE, &mut |_: &Pile| 0).score;
        assert_eq!(score(1), WIN_SCORE - 1);
        assert_eq!(score(4), -(WIN_SCORE - 2));
        assert_eq!(score(5), WIN_SCORE - 3);
        assert_eq!(score(8), -(WIN_SCORE - 4));
        assert_eq!(score_to_string(WIN_SCORE - 3), "win in 3");
        assert_eq!(score_to_string(-(WIN_SCORE - 4)), "loss in 4");
        assert_eq!(score_to_string(12), "12");
    }

    #[test]
    fn playouts_count_every_game_and_repeat_with_the_seed() {
        let stats = random_playouts(&pile(10), 5000, 1);
        assert_eq!(stats.games, 5000);
        assert_eq!(stats.wins[0] + stats.wins[1], 5000);
        assert_eq!(stats.draws, 0);
        assert!((4.0..=10.0).contains(&stats.mean_plies()));
        assert_eq!(random_playouts(&pile(10), 5000, 1), stats);
        let mut bad = pile(2);
        assert_eq!(bad.play(3).unwrap_err().to_string(), "cannot take 3");
        assert_eq!(bad, pile(2));
    }
}
