//! Uniform random playouts: play random legal moves until the game ends.

use crate::{Game, Outcome, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

/// Plays uniformly random legal moves from `pos` until the game is over.
/// Returns the final position (whose [`Game::outcome`] says who won) and the
/// number of moves played.
pub fn random_playout<G: Game, R: Rng + ?Sized>(pos: &G, rng: &mut R) -> (G, usize) {
    let mut pos = pos.clone();
    let mut plies = 0;
    while !pos.outcome().is_over() {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        pos.play_unchecked(mv);
        plies += 1;
    }
    (pos, plies)
}

/// What a batch of random playouts came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Number of games played.
    pub games: u64,
    /// Wins of each player, indexed by [`Player::index`].
    pub wins: [u64; 2],
    /// Drawn games.
    pub draws: u64,
    /// Moves played over all games.
    pub total_plies: u64,
}

impl PlayoutStats {
    fn record(&mut self, outcome: Outcome, plies: usize) {
        self.games += 1;
        self.total_plies += plies as u64;
        match outcome {
            Outcome::Win(p) => self.wins[p.index()] += 1,
            Outcome::Draw | Outcome::Ongoing => self.draws += 1,
        }
    }

    fn merge(mut self, other: PlayoutStats) -> PlayoutStats {
        self.games += other.games;
        self.wins[0] += other.wins[0];
        self.wins[1] += other.wins[1];
        self.draws += other.draws;
        self.total_plies += other.total_plies;
        self
    }

    /// The share of games won by `player`, in 0..=1.
    #[must_use]
    pub fn win_rate(&self, player: Player) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins[player.index()] as f64 / self.games as f64
        }
    }

    /// Mean game length in moves.
    #[must_use]
    pub fn mean_plies(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.total_plies as f64 / self.games as f64
        }
    }
}

/// Plays `games` random playouts from `pos` on every core. The result depends
/// only on `seed` (each block of games has its own generator seeded from it).
#[must_use]
pub fn random_playouts<G: Game>(pos: &G, games: u64, seed: u64) -> PlayoutStats {
    const BLOCK: u64 = 1024;
    let blocks = games.div_ceil(BLOCK);
    (0..blocks)
        .into_par_iter()
        .map(|b| {
            let mut rng = SmallRng::seed_from_u64(seed ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let n = BLOCK.min(games - b * BLOCK);
            let mut stats = PlayoutStats::default();
            for _ in 0..n {
                let (end, plies) = random_playout(pos, &mut rng);
                stats.record(end.outcome(), plies);
            }
            stats
        })
        .reduce(PlayoutStats::default, PlayoutStats::merge)
}
