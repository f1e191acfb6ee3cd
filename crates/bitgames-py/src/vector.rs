//! Batched environments, written once over [`PyGame`]: `N` games stepped
//! together in Rust, the outputs written into flat buffers that become numpy
//! arrays, the GIL released, large batches split over a thread pool. The
//! Python class around [`VecCore`] is `vector_class.rs`'s `vector_env!`.
//!
//! Autoreset follows Gymnasium 1.x's *next-step* mode: the step after a game
//! ended ignores that environment's action, resets it, and reports the new
//! game's first observation with reward 0 and no termination.

use crate::game::{PyGame, obs_len};
use crate::vector_class::fresh;
pub use crate::vector_outs::Outs;
use crate::vector_outs::{Out, Scratch};
use bitgames::Player;
use bitgames::engine::Limits;
use numpy::PyArrayMethods;
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::Mutex;

/// The most environments one vector environment holds (16,777,216): beyond
/// it, `num_envs` is a ValueError rather than an allocation of many
/// gigabytes (Santorini takes about 1 KB an environment).
pub const MAX_ENVS: usize = 1 << 24;
/// The most threads a vector environment starts: the library's one cap.
pub const MAX_THREADS: usize = bitgames::engine::MAX_THREADS;

/// Who answers the agent's move inside `step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Nobody: both players act through `step` (self-play).
    None,
    /// A uniformly random legal move.
    Random,
    /// The registry's engine within the limits (see [`crate::engine`]).
    Expert(Limits),
}

/// One environment.
#[derive(Clone, Debug)]
struct Slot<G: PyGame> {
    pos: G,
    /// The observation cache of the game in `pos`.
    cache: G::ObsCache,
    /// The turn begun in `pos` and not yet played (a spelled turn).
    pending: G::Pending,
    rng: SmallRng,
    /// The game ended at the last step: the next step resets it.
    done: bool,
    /// Plies played in this game.
    plies: u32,
}

impl<G: PyGame> Slot<G> {
    /// Whether `action` is legal in this environment's ongoing game.
    fn action_ok(&self, action: i64) -> bool {
        match self.pos.pending_actions(&self.pending) {
            Some(next) => next.iter().any(|&(a, _)| a as i64 == action),
            None => self.pos.live_action_ok(action),
        }
    }

    /// Why `action` is refused here ([`PyGame::why_not_action`], or what
    /// may go on with the turn begun).
    fn why_not(&self, action: i64) -> Option<String> {
        crate::position::why_not_pending(&self.pos, &self.pending, action)
    }
}

/// The engine of a vector environment.
pub struct VecCore<G: PyGame> {
    slots: Vec<Slot<G>>,
    /// What every new game takes (Santorini: the gods).
    setup: G::Setup,
    /// A game of `setup`: the observation shape and the action count.
    template: G,
    opponent: Opponent,
    /// The agent's player when an opponent plays inside the step.
    agent: Player,
    max_plies: Option<u32>,
    pool: Option<rayon::ThreadPool>,
    closed: bool,
    /// The length of one observation, of one mask.
    ol: usize,
    ml: usize,
}

/// Batches of light steps (no opponent, or a random one) smaller than this
/// are stepped on the calling thread alone. Such a step costs about 30 ns a
/// game; below this size handing chunks to another thread costs more than it
/// saves (measured: 1,024 games, 40.0 M steps/s on one thread, 23.7 M on two;
/// 16,384 games, 43.5 M and 46.2 M).
const PARALLEL_MIN_LIGHT: usize = 8192;
/// The same for steps where an expert opponent searches: any batch of two
/// chunks or more is spread over the threads.
const PARALLEL_MIN_EXPERT: usize = 2 * CHUNK;
/// The environments a thread of the pool steps at a time.
const CHUNK: usize = 64;

impl<G: PyGame> VecCore<G> {
    /// `num_envs` games (1 to [`MAX_ENVS`]) of `setup` stepped by `threads` threads
    /// (1 to [`MAX_THREADS`]): a ValueError naming the argument outside its
    /// range, a MemoryError if the environments do not fit in memory.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        num_envs: usize,
        setup: G::Setup,
        seed: u64,
        opponent: Opponent,
        agent: Player,
        max_plies: Option<u32>,
        threads: usize,
    ) -> PyResult<Self> {
        if !(1..=MAX_ENVS).contains(&num_envs) {
            return Err(PyValueError::new_err(format!(
                "num_envs {num_envs} must be at least 1 and at most {MAX_ENVS}"
            )));
        }
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(PyValueError::new_err(format!(
                "threads {threads} must be at least 1 and at most {MAX_THREADS}"
            )));
        }
        let start = G::template(&setup);
        let mut slots = Vec::new();
        slots.try_reserve_exact(num_envs).map_err(|_| {
            PyMemoryError::new_err(format!(
                "not enough memory for {num_envs} environments of {}",
                G::CLASS
            ))
        })?;
        slots.extend((0..num_envs).map(|i| Slot {
            pos: start,
            cache: G::ObsCache::default(),
            pending: G::Pending::default(),
            rng: SmallRng::seed_from_u64(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            done: true,
            plies: 0,
        }));
        // The calling thread steps chunks too: the pool holds the others.
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads - 1)
                    .build()
                    .map_err(|e| {
                        PyValueError::new_err(format!("cannot start {threads} threads: {e}"))
                    })?,
            )
        } else {
            None
        };
        Ok(VecCore {
            slots,
            setup,
            template: start,
            opponent,
            agent,
            max_plies,
            pool,
            closed: false,
            ol: obs_len(&start),
            ml: start.num_actions(),
        })
    }

    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// The size of every game's action space.
    pub fn num_actions(&self) -> usize {
        self.ml
    }

    /// The shape of one observation.
    pub fn obs_shape(&self) -> [usize; 3] {
        self.template.obs_shape()
    }

    pub fn check_open(&self) -> PyResult<()> {
        if self.closed {
            Err(PyValueError::new_err("the environment is closed"))
        } else {
            Ok(())
        }
    }

    pub fn close(&mut self) {
        self.closed = true;
    }

    /// The smallest batch worth spreading over the threads.
    fn parallel_min(&self) -> usize {
        match self.opponent {
            Opponent::Expert(_) => PARALLEL_MIN_EXPERT,
            Opponent::None | Opponent::Random => PARALLEL_MIN_LIGHT,
        }
    }

    /// Runs `f` on every environment with its share of `outs`, on the pool
    /// (runs of [`CHUNK`] environments) when the batch is large.
    fn for_each(&mut self, outs: Outs<'_>, f: impl Fn(usize, &mut Slot<G>, Out<'_>) + Sync) {
        let (n, ol, ml) = (self.slots.len(), self.ol, self.ml);
        assert!(
            outs.obs.len() == n * ol
                && outs.mask.len() == n * ml
                && outs.rewards.len() == 2 * n
                && outs.reward.len() == n
                && outs.terminated.len() == n
                && outs.truncated.len() == n
                && outs.player.len() == n,
            "output buffers of the wrong size"
        );
        let run = |base: usize, slots: &mut [Slot<G>], outs: Outs<'_>| {
            let Outs {
                obs,
                mask,
                mask_zeroed,
                rewards,
                reward,
                terminated,
                truncated,
                player,
            } = outs;
            let zipped = slots
                .iter_mut()
                .zip(obs.chunks_exact_mut(ol))
                .zip(mask.chunks_exact_mut(ml))
                .zip(rewards.chunks_exact_mut(2))
                .zip(reward.iter_mut())
                .zip(terminated.iter_mut())
                .zip(truncated.iter_mut())
                .zip(player.iter_mut());
            for (
                j,
                (((((((slot, obs), mask), rewards), reward), terminated), truncated), player),
            ) in zipped.enumerate()
            {
                let out = Out {
                    obs,
                    mask,
                    mask_zeroed,
                    rewards,
                    reward,
                    terminated,
                    truncated,
                    player,
                };
                f(base + j, slot, out);
            }
        };
        match &self.pool {
            Some(pool) if n >= self.parallel_min() => {
                let mut chunks = Vec::with_capacity(n.div_ceil(CHUNK));
                let (mut slots, mut rest, mut base) = (&mut self.slots[..], outs, 0);
                while !slots.is_empty() {
                    let k = CHUNK.min(slots.len());
                    let (head, tail) = slots.split_at_mut(k);
                    let (outs, more) = rest.split_at(k, ol, ml);
                    chunks.push((base, head, outs));
                    (slots, rest, base) = (tail, more, base + k);
                }
                // The caller and every pool thread take the next chunk until
                // none is left: the caller does not sit idle while the pool
                // works, and a chunk that takes long (an opponent's search)
                // does not hold the others up.
                let queue = Mutex::new(chunks.into_iter());
                let work = || {
                    loop {
                        let next = queue.lock().unwrap_or_else(|e| e.into_inner()).next();
                        let Some((base, slots, outs)) = next else {
                            break;
                        };
                        run(base, slots, outs);
                    }
                };
                pool.in_place_scope(|s| {
                    for _ in 0..pool.current_num_threads() {
                        s.spawn(|_| work());
                    }
                    work();
                });
            }
            _ => run(0, &mut self.slots, outs),
        }
    }

    /// Starts every game afresh; `seed` re-seeds the environments first.
    pub fn reset(&mut self, seed: Option<u64>, outs: Outs<'_>) {
        if let Some(seed) = seed {
            for (i, slot) in self.slots.iter_mut().enumerate() {
                slot.rng =
                    SmallRng::seed_from_u64(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            }
        }
        let (opponent, agent, setup) = (self.opponent, self.agent, self.setup);
        self.for_each(outs, |_, slot, out| {
            start_game(slot, &setup, opponent, agent);
            write(slot, out, [0.0, 0.0], 0.0, false, false);
        });
    }

    /// Checks every action before any is played: the error names the first
    /// environment whose action is refused.
    pub fn check_actions(&self, actions: &[i64]) -> Result<(), String> {
        if actions.len() != self.slots.len() {
            return Err(format!(
                "expected {} actions (one per environment), got {}",
                self.slots.len(),
                actions.len()
            ));
        }
        // The common case in one branch-free pass; the message needs a second.
        let all_legal = self
            .slots
            .iter()
            .zip(actions)
            .fold(true, |ok, (slot, &a)| ok & (slot.done || slot.action_ok(a)));
        if all_legal {
            return Ok(());
        }
        for (i, (slot, &a)) in self.slots.iter().zip(actions).enumerate() {
            if !slot.done
                && !slot.action_ok(a)
                && let Some(why) = slot.why_not(a)
            {
                return Err(format!("environment {i}: {why}"));
            }
        }
        Ok(())
    }

    /// One step of every environment (actions already checked).
    pub fn step(&mut self, actions: &[i64], outs: Outs<'_>) {
        let (opponent, agent, max_plies) = (self.opponent, self.agent, self.max_plies);
        let setup = self.setup;
        self.for_each(outs, |i, slot, out| {
            if slot.done {
                start_game(slot, &setup, opponent, agent);
                write(slot, out, [0.0, 0.0], 0.0, false, false);
                return;
            }
            let acting = slot.pos.to_move();
            slot.pos.take_action(&mut slot.pending, actions[i] as usize);
            if slot.pending != G::Pending::default() {
                // A turn begun: the same player goes on with it.
                write(slot, out, [0.0, 0.0], 0.0, false, false);
                return;
            }
            slot.plies += 1;
            let mut outcome = slot.pos.env_outcome();
            if !outcome.is_over() && opponent != Opponent::None {
                opponent_moves(slot, opponent);
                outcome = slot.pos.env_outcome();
            }
            let over = outcome.is_over();
            let truncated = !over && max_plies.is_some_and(|m| slot.plies >= m);
            let r = outcome.returns();
            let r = [f32::from(r[0]), f32::from(r[1])];
            let me = if opponent == Opponent::None {
                acting
            } else {
                agent
            };
            slot.done = over || truncated;
            write(slot, out, r, r[me.index()], over, truncated);
        });
    }

    /// A random legal action for every environment (0 for one that resets next).
    pub fn sample_actions(&mut self) -> Vec<i64> {
        self.slots
            .iter_mut()
            .map(|slot| {
                if slot.done {
                    return 0;
                }
                if let Some(next) = slot.pos.pending_actions(&slot.pending) {
                    return next[slot.rng.random_range(0..next.len())].0 as i64;
                }
                let mv = slot.pos.random_ongoing_move(&mut slot.rng);
                slot.pos.action_of(mv) as i64
            })
            .collect()
    }

    /// Random legal moves until at least `games` games have ended: (moves
    /// played, games ended). Steps that only reset a game are not moves.
    /// `None` if there is not the memory for the outputs.
    pub fn random_play(&mut self, games: u64) -> Option<(u64, u64)> {
        let mut scratch = Scratch::new(self.slots.len(), self.ol, self.ml)?;
        let (mut moves, mut ended) = (0u64, 0u64);
        while ended < games {
            let resets = self.slots.iter().filter(|s| s.done).count();
            let actions = self.sample_actions();
            self.step(&actions, scratch.outs());
            moves += (self.slots.len() - resets) as u64;
            ended += scratch
                .terminated
                .iter()
                .zip(&scratch.truncated)
                .filter(|(t, u)| **t || **u)
                .count() as u64;
        }
        Some((moves, ended))
    }

    /// Each game's position and the turn begun in it.
    pub fn positions(&self) -> Vec<(G, G::Pending)> {
        self.slots.iter().map(|s| (s.pos, s.pending)).collect()
    }

    /// Runs `fill` with the GIL released on fresh numpy arrays and returns
    /// them: (observations, legal-action masks, rewards per player,
    /// terminated, truncated, player to move, reward of the player who acted).
    pub fn into_arrays<'py>(
        &mut self,
        py: Python<'py>,
        fill: impl FnOnce(&mut Self, Outs<'_>) + Send,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let n = self.slots.len();
        let [a, b, c] = self.template.obs_shape();
        // SAFETY (each `fresh`): fresh arrays that `fill` writes in full
        // before Python sees them. The masks are zeroed instead: `fill`
        // marks the legal actions only.
        let (obs, mask, rewards, reward, terminated, truncated, player) = unsafe {
            (
                fresh::<bool, numpy::Ix4, 4>(py, [n, a, b, c])?,
                numpy::PyArray2::<bool>::zeros(py, [n, self.ml], false),
                fresh::<f32, numpy::Ix2, 2>(py, [n, 2])?,
                fresh::<f32, numpy::Ix1, 1>(py, [n])?,
                fresh::<bool, numpy::Ix1, 1>(py, [n])?,
                fresh::<bool, numpy::Ix1, 1>(py, [n])?,
                fresh::<i8, numpy::Ix1, 1>(py, [n])?,
            )
        };
        {
            // SAFETY: fresh C-contiguous arrays, borrowed nowhere else; bool
            // and u8 share one layout and the observations write only 0 and 1.
            let outs = unsafe {
                let obs = obs.as_slice_mut()?;
                Outs {
                    obs: std::slice::from_raw_parts_mut(obs.as_mut_ptr().cast::<u8>(), obs.len()),
                    mask: mask.as_slice_mut()?,
                    mask_zeroed: true,
                    rewards: rewards.as_slice_mut()?,
                    reward: reward.as_slice_mut()?,
                    terminated: terminated.as_slice_mut()?,
                    truncated: truncated.as_slice_mut()?,
                    player: player.as_slice_mut()?,
                }
            };
            py.detach(|| fill(self, outs));
        }
        PyTuple::new(
            py,
            [
                obs.into_any(),
                mask.into_any(),
                rewards.into_any(),
                terminated.into_any(),
                truncated.into_any(),
                player.into_any(),
                reward.into_any(),
            ],
        )
    }
}

fn start_game<G: PyGame>(slot: &mut Slot<G>, setup: &G::Setup, opponent: Opponent, agent: Player) {
    slot.pos = G::new_game(setup, &mut slot.rng);
    slot.cache = G::ObsCache::default();
    slot.pending = G::Pending::default();
    slot.done = false;
    slot.plies = 0;
    if opponent != Opponent::None && agent == Player::Two {
        opponent_moves(slot, opponent);
    }
}

fn opponent_moves<G: PyGame>(slot: &mut Slot<G>, opponent: Opponent) {
    let mv = match opponent {
        Opponent::None => None,
        Opponent::Random => slot.pos.random_move(&mut slot.rng),
        Opponent::Expert(limits) => crate::engine::expert_move(&slot.pos, limits, &mut slot.rng),
    };
    if let Some(mv) = mv {
        slot.pos.play_unchecked(mv);
        slot.plies += 1;
    }
}

fn write<G: PyGame>(
    slot: &mut Slot<G>,
    out: Out<'_>,
    rewards: [f32; 2],
    reward: f32,
    terminated: bool,
    truncated: bool,
) {
    let to_move = slot.pos.to_move();
    slot.pos
        .observe_pending(&slot.pending, to_move, &mut slot.cache, out.obs);
    if !out.mask_zeroed {
        out.mask.fill(false);
    }
    if !terminated {
        match slot.pos.pending_actions(&slot.pending) {
            Some(next) => next.into_iter().for_each(|(a, _)| out.mask[a] = true),
            None => slot.pos.mark_live_mask(out.mask),
        }
    }
    out.rewards.copy_from_slice(&rewards);
    *out.reward = reward;
    *out.terminated = terminated;
    *out.truncated = truncated;
    *out.player = to_move.index() as i8;
}
