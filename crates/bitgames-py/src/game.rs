//! What the Python layer needs of a game beyond the library's registry:
//! [`Registered`] already gives the notation, its parser, the drawing and the
//! engine; [`PyGame`] adds the observation planes, the expert opponent's
//! default limits, and faster paths for the vector environments.
//!
//! Everything else (positions, vector environments) is written once over
//! [`PyGame`]; a game is exposed to Python by one `py_position!` line and one
//! `vector_env!` line in `lib.rs`, and one line of `lib.rs`'s `games()`.

use bitgames::engine::Limits;
use bitgames::registry::Registered;
use bitgames::{Outcome, Player};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use rand::Rng;
use rand::rngs::SmallRng;

/// A game as Python sees it: a registered game plus its observations.
pub trait PyGame: Registered + Copy {
    /// The Python class name (`ConnectFour`); Gymnasium's id is
    /// `bitgames/{CLASS}-v0`.
    const CLASS: &'static str;

    /// The limits of an expert opponent when the caller gives none (`Limits`
    /// with neither: the engine's own default).
    const EXPERT_LIMITS: Limits = Limits {
        depth: None,
        time: None,
        level: None,
        seed: None,
    };

    /// The observation's shape: (rows, columns, planes), as pgx lays it out.
    fn obs_shape(&self) -> [usize; 3];

    /// What a new game takes beyond the rules (Santorini: the gods, fixed
    /// or drawn at random for each game): `()` for most games.
    type Setup: Copy + Default + Send + Sync + std::fmt::Debug;

    /// The setup of a vector environment's `gods` argument (None: the
    /// default); a game without gods refuses one (TypeError).
    fn setup_of(gods: Option<&Bound<'_, PyAny>>) -> PyResult<Self::Setup> {
        match gods {
            Some(g) if !g.is_none() => Err(PyTypeError::new_err(format!(
                "{} has no gods: leave gods out (it is Santorini's)",
                Self::CLASS
            ))),
            _ => Ok(Self::Setup::default()),
        }
    }

    /// A new game of `setup`, its random parts (if any) drawn from `rng`.
    fn new_game(setup: &Self::Setup, rng: &mut SmallRng) -> Self {
        let _ = (setup, rng);
        Self::start()
    }

    /// A game of `setup` whose observation shape and action count every
    /// game of `setup` shares (its random parts do not change them).
    fn template(setup: &Self::Setup) -> Self {
        let _ = setup;
        Self::start()
    }

    /// Whether `action`, the action of `mv`, names `mv`, or begins it (the
    /// first action of a turn spelled in several).
    fn action_begins(&self, action: usize, mv: Self::Move) -> bool {
        self.move_of(action) == Some(mv)
    }

    /// A turn begun and not yet played, where a turn may take several
    /// actions (Santorini's spelled turns: docs/python.md): `()` for a game
    /// whose every turn is one action.
    type Pending: Copy + Default + PartialEq + Eq + std::hash::Hash + Send + Sync + std::fmt::Debug;

    /// Takes the legal `action` with `pending` begun: plays the turn it
    /// completes (and clears `pending`), or keeps in `pending` the turn it
    /// begins or goes on with (the same player then acts again).
    fn take_action(&mut self, pending: &mut Self::Pending, action: usize) {
        let _ = pending;
        let mv = self.move_of(action).expect("a legal action");
        self.play_unchecked(mv);
    }

    /// The legal actions while `pending` is begun, each with the move it
    /// names (the turn so far, or the turn it makes); `None` when nothing
    /// is begun: the position's own actions apply.
    fn pending_actions(&self, pending: &Self::Pending) -> Option<Vec<(usize, Self::Move)>> {
        let _ = pending;
        None
    }

    /// The actions that begin `pending` from the position (to rebuild it).
    fn pending_spelling(&self, pending: &Self::Pending) -> Vec<usize> {
        let _ = pending;
        Vec::new()
    }

    /// [`PyGame::observe_cached`] with `pending` begun.
    fn observe_pending(
        &self,
        pending: &Self::Pending,
        player: Player,
        cache: &mut Self::ObsCache,
        out: &mut [u8],
    ) {
        let _ = pending;
        self.observe_cached(player, cache, out);
    }

    /// What a vector environment keeps per game to write its observations
    /// faster ([`PyGame::observe_cached`]): `()` for most games.
    type ObsCache: Clone + Default + Send + std::fmt::Debug;

    /// [`PyGame::observe`] through `cache`, which belongs to one game: it
    /// starts as `Default` with the game and sees every later position of it.
    fn observe_cached(&self, player: Player, cache: &mut Self::ObsCache, out: &mut [u8]) {
        let _ = cache;
        self.observe(player, out);
    }

    /// Fills `out` (row-major over [`PyGame::obs_shape`], 0 or 1 a byte:
    /// numpy sees it as bool) with the planes seen by `player`: their own
    /// pieces first, then the opponent's, then any board planes of the game.
    fn observe(&self, player: Player, out: &mut [u8]);

    /// Writes the legal-action mask (all false once the game is over).
    fn fill_mask(&self, out: &mut [bool]) {
        out.fill(false);
        for mv in self.legal_moves() {
            out[self.action_of(mv)] = true;
        }
    }

    /// [`bitgames::Game::outcome`], as the vector environments ask it after every move
    /// (a game may answer faster on its common board).
    fn env_outcome(&self) -> Outcome {
        self.outcome()
    }

    /// Marks the legal actions of a position known not to be over on a
    /// mask that holds only false (the rest is left as it is).
    fn mark_live_mask(&self, out: &mut [bool]) {
        for mv in self.legal_moves() {
            out[self.action_of(mv)] = true;
        }
    }

    /// Whether `action` is legal in a position known not to be over.
    fn live_action_ok(&self, action: i64) -> bool {
        usize::try_from(action)
            .ok()
            .and_then(|a| self.move_of(a))
            .is_some_and(|mv| self.is_legal(mv))
    }

    /// A uniformly random legal move; `None` once the game is over.
    fn random_move(&self, rng: &mut SmallRng) -> Option<Self::Move> {
        let moves = self.legal_moves();
        (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
    }

    /// A uniformly random legal move of a position known to be ongoing.
    fn random_ongoing_move(&self, rng: &mut SmallRng) -> Self::Move {
        self.random_move(rng).expect("an ongoing game has a move")
    }

    /// The error text for an action that is not legal here (out of range,
    /// naming no move, or a move the position refuses), or `None` if it is legal.
    fn why_not_action(&self, action: i64) -> Option<String> {
        why_not_move(self, action)
    }
}

/// [`PyGame::why_not_action`] by the move the action names: out of range,
/// naming no move, or a move the position refuses; `None` if it plays.
pub fn why_not_move<G: PyGame>(pos: &G, action: i64) -> Option<String> {
    let n = pos.num_actions();
    if action < 0 || action as usize >= n {
        return Some(format!("action {action} is outside 0..{}", n - 1));
    }
    let Some(mv) = pos.move_of(action as usize) else {
        return Some(format!("action {action} names no move"));
    };
    let mut copy = *pos;
    match copy.play(mv) {
        Ok(()) => None,
        Err(e) => Some(format!("action {action} (move {mv}): {e}")),
    }
}

/// The number of booleans in one observation.
pub fn obs_len<G: PyGame>(pos: &G) -> usize {
    pos.obs_shape().iter().product()
}

/// A shape written as Python writes it: `(42,)`, `(6, 7)`.
pub fn py_shape(shape: &[usize]) -> String {
    match shape {
        [n] => format!("({n},)"),
        _ => {
            let parts: Vec<String> = shape.iter().map(usize::to_string).collect();
            format!("({})", parts.join(", "))
        }
    }
}
