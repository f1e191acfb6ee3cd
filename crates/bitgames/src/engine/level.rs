//! Levels for players: from a uniformly random legal move (level 0) to the
//! engine at full strength (level 10).
//!
//! What a level between means is each game's choice, made in its own folder:
//! the solved games (tic-tac-toe, Connect Four) draw a move among all legal
//! moves with weights from their exact values, a softmax whose temperature
//! falls as the level rises ([`Level::temperature`]); Santorini searches to
//! a depth of the level. [`choose`] and [`leveled_report`] are the shared
//! parts: the draw and the words of the report.
//!
//! A seed makes a level's choices repeatable: the same seed, position and
//! level give the same move, on every platform ([`LevelRng`] is SplitMix64,
//! not the platform's generator). Without a seed, [`fresh_seed`] draws one,
//! and the report names it so that a game can be replayed.

use super::{Limits, Report};
use crate::Game;
use crate::time::Instant;
use std::fmt;
use std::str::FromStr;

/// A player's strength: 0 plays a uniformly random legal move, 10 the
/// engine's best; each game says what the levels between mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub struct Level(u8);

/// The level's number.
impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.0
    }
}

/// A number from 0 to 10.
impl TryFrom<u8> for Level {
    type Error = LevelError;

    fn try_from(number: u8) -> Result<Level, LevelError> {
        Level::new(u32::from(number))
    }
}

impl Level {
    /// The highest level number.
    pub const MAX: u8 = 10;
    /// Level 0: a uniformly random legal move.
    pub const RANDOM: Level = Level(0);
    /// Level 10: the engine at full strength.
    pub const FULL: Level = Level(Level::MAX);

    /// The level `number`, from 0 to [`Level::MAX`].
    ///
    /// # Errors
    ///
    /// A number above 10, named in the error.
    pub fn new(number: u32) -> Result<Level, LevelError> {
        u8::try_from(number)
            .ok()
            .filter(|&n| n <= Level::MAX)
            .map(Level)
            .ok_or_else(|| LevelError {
                text: number.to_string(),
            })
    }

    /// The level's number, 0 to 10.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Whether this is level 0, a uniformly random move.
    #[must_use]
    pub const fn is_random(self) -> bool {
        self.0 == 0
    }

    /// Whether this is level 10, the engine at full strength.
    #[must_use]
    pub const fn is_full(self) -> bool {
        self.0 == Level::MAX
    }

    /// The softmax temperature of the games that weigh moves by values in
    /// -1..=1 (a loss -1, a draw 0, a win +1, a quicker win more): infinite
    /// at level 0 (every move alike), 4 at level 1, falling by the same
    /// factor each level to 0.05 at level 9, and 0 at level 10 (only the
    /// best). At level 1 a win is 1.6 times as likely as a loss; at 5, a
    /// win is 9 times as likely as a draw; at 9, a win as good as certain
    /// when there is one, though not always the quickest.
    #[must_use]
    pub fn temperature(self) -> f64 {
        const HOTTEST: f64 = 4.0;
        const COLDEST: f64 = 0.05;
        match self.0 {
            0 => f64::INFINITY,
            Level::MAX => 0.0,
            n => HOTTEST * (COLDEST / HOTTEST).powf(f64::from(n - 1) / 8.0),
        }
    }
}

/// `3`.
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A whole number from 0 to 10 (blanks around it allowed).
impl FromStr for Level {
    type Err = LevelError;

    fn from_str(text: &str) -> Result<Level, LevelError> {
        let bad = || LevelError {
            text: crate::excerpt(text).into_owned(),
        };
        let t = text.trim();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        t.parse::<u32>()
            .ok()
            .and_then(|n| Level::new(n).ok())
            .ok_or_else(bad)
    }
}

/// A level that is not one: the text given, and the range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError {
    text: String,
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "level `{}` is not a whole number from 0 (random) to {} (full strength)",
            self.text,
            Level::MAX
        )
    }
}

impl std::error::Error for LevelError {}

/// A small random generator with a fixed algorithm (SplitMix64), so that a
/// seed picks the same move on every platform and with every version of
/// the `rand` crate.
#[derive(Clone, Debug)]
pub struct LevelRng(u64);

impl LevelRng {
    /// The generator started from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> LevelRng {
        LevelRng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0.0..1.0`, from the top 53 bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number in `0..n` (`n` > 0), each as likely (to within 2^-64).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// A seed nobody chose: the process's hasher keys mixed with a counter, so
/// that two calls differ. It needs no clock and no system call beyond what
/// `std`'s hash maps use, so it works wherever the library does.
#[must_use]
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    LevelRng::new(h.finish()).next_u64()
}

/// The index of the move to play at `level` among moves of values
/// `values` (from the mover's view, -1 loss to +1 win, see
/// [`Level::temperature`]), drawn with `seed`: uniformly at level 0, the
/// first of the best at level 10, else with probability proportional to
/// `exp(value / temperature)`. `None` when there are no moves.
#[must_use]
pub fn choose(values: &[f64], level: Level, seed: u64) -> Option<usize> {
    if values.is_empty() {
        return None;
    }
    let mut rng = LevelRng::new(seed);
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let t = level.temperature();
    if t.is_infinite() {
        return Some(rng.below(values.len()));
    }
    if t == 0.0 {
        return values.iter().position(|&v| v == best);
    }
    // Shifted by the best value, so no weight overflows.
    let weights: Vec<f64> = values.iter().map(|&v| ((v - best) / t).exp()).collect();
    let mut target = rng.unit() * weights.iter().sum::<f64>();
    for (i, w) in weights.iter().enumerate() {
        if target < *w {
            return Some(i);
        }
        target -= w;
    }
    values.iter().position(|&v| v == best)
}

/// A legal move with its value, for [`leveled_report`].
#[derive(Clone, Debug, PartialEq)]
pub struct Valued<M> {
    /// The move.
    pub mv: M,
    /// Its value for the mover, -1 (a loss) to +1 (a win), for the draw.
    pub value: f64,
    /// Its score in the engine's units, if known (the report's `score`).
    pub score: Option<i32>,
    /// Its value in words: `win in 3`, `draw`.
    pub text: String,
}

/// The report of a move drawn at `limits`' level (10 if none) and seed
/// (a fresh one if none) among `moves` (every legal move, valued; the
/// first of equal best values is the engine's choice at level 10): the
/// move, its own score and words, then the level, the seed, and the best
/// move's words when the move drawn is worse, so that a player sees that a
/// weaker move was chosen on purpose: `draw (level 3, seed 7; best: win in 5)`.
#[must_use]
pub fn leveled_report<M: Copy>(
    moves: &[Valued<M>],
    limits: Limits,
    exact: bool,
    nodes: u64,
    started: Instant,
) -> Report<M> {
    let level = limits.level.unwrap_or(Level::FULL);
    let seed = limits.seed.unwrap_or_else(fresh_seed);
    let values: Vec<f64> = moves.iter().map(|m| m.value).collect();
    let Some(at) = choose(&values, level, seed) else {
        return Report::game_over("no legal move");
    };
    let chosen = &moves[at];
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let best_text = &moves[values.iter().position(|&v| v == best).unwrap_or(at)].text;
    let score_text = if chosen.value < best {
        format!(
            "{} (level {level}, seed {seed}; best: {best_text})",
            chosen.text
        )
    } else {
        format!("{} (level {level}, seed {seed})", chosen.text)
    };
    Report {
        best: Some(chosen.mv),
        ties: vec![chosen.mv],
        score: chosen.score,
        score_text,
        exact,
        depth: 0,
        nodes,
        elapsed: started.elapsed(),
        level: Some(level),
        seed: Some(seed),
        note: None,
    }
}

/// Level 0 for any game: a uniformly random legal move, drawn with the
/// seed of `limits` (a fresh one if none). The report has no score: a
/// random move is not judged.
#[must_use]
pub fn random_report<G: Game>(pos: &G, limits: Limits) -> Report<G::Move> {
    let started = Instant::now();
    let moves: Vec<Valued<G::Move>> = pos
        .legal_moves()
        .iter()
        .map(|&mv| Valued {
            mv,
            value: 0.0,
            score: None,
            text: "a random move".to_string(),
        })
        .collect();
    let limits = Limits {
        level: Some(Level::RANDOM),
        ..limits
    };
    let mut r = leveled_report(&moves, limits, false, 0, started);
    if r.best.is_none() {
        r.score_text = pos.outcome().to_string();
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_a_whole_number_from_0_to_10() {
        assert_eq!("0".parse::<Level>(), Ok(Level::RANDOM));
        assert_eq!(" 10 ".parse::<Level>(), Ok(Level::FULL));
        assert_eq!("7".parse::<Level>().map(Level::number), Ok(7));
        for bad in ["11", "-1", "", "3.5", "+3", "ten", "99999999999999999999"] {
            let e = bad.parse::<Level>().unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "level `{bad}` is not a whole number from 0 (random) to 10 (full strength)"
                )
            );
        }
        assert_eq!(
            Level::new(11).unwrap_err().to_string(),
            "level `11` is not a whole number from 0 (random) to 10 (full strength)"
        );
    }

    #[cfg(feature = "serde")]
    #[test]
    fn a_level_is_saved_as_its_number_and_read_back_in_range() {
        assert_eq!(serde_json::to_string(&Level(3)).unwrap(), "3");
        assert_eq!(serde_json::from_str::<Level>("10").unwrap(), Level::FULL);
        let e = serde_json::from_str::<Level>("11").unwrap_err().to_string();
        assert!(e.contains("level `11` is not a whole number"), "{e}");
    }

    #[test]
    fn the_temperature_falls_from_infinite_to_zero() {
        let t: Vec<f64> = (0..=10).map(|n| Level(n).temperature()).collect();
        assert!(t[0].is_infinite());
        assert!((t[1] - 4.0).abs() < 1e-12 && (t[9] - 0.05).abs() < 1e-12);
        assert_eq!(t[10], 0.0);
        assert!(t.windows(2).all(|w| w[0] > w[1]), "{t:?}");
    }

    #[test]
    fn the_generator_is_splitmix64() {
        // The first outputs of SplitMix64 seeded with 0 (Vigna's reference).
        let mut rng = LevelRng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert!(fresh_seed() != fresh_seed());
    }

    #[test]
    fn the_draw_follows_the_weights() {
        let values = [1.0, 0.0, -1.0];
        let count = |level: u8| {
            let mut n = [0u32; 3];
            for seed in 0..3000 {
                n[choose(&values, Level(level), seed).unwrap()] += 1;
            }
            n
        };
        // Level 0: a third each, within 10 %.
        assert!(count(0).iter().all(|&n| (900..=1100).contains(&n)));
        assert_eq!(count(10), [3000, 0, 0]);
        // Level 5 (temperature 0.447): e^(1/t) = 9.4 times more wins than draws.
        let n = count(5);
        assert!(n[0] > 2400 && n[1] > 150 && n[2] < 100, "{n:?}");
        assert_eq!(choose(&[], Level(5), 1), None);
    }
}
