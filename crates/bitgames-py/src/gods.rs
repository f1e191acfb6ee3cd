//! Santorini from Python with the gods: the `gods` argument (a fixed pair,
//! or `random` for a vector environment: a pair drawn for each game), the
//! constructor `Santorini(notation, gods)`, the observation planes that tell
//! the gods apart, and the naive twin's successors for cross-checks.
//!
//! The action space is the library's: 753 actions in the base game (both
//! players `mortal`), [`santorini::NUM_GOD_ACTIONS`] (122,076) in a game with
//! any god, whatever the pair.

use crate::game::PyGame;
use bitgames::engine::Limits;
use bitgames::santorini::naive_gods::{NaiveState, distinct_successors};
use bitgames::santorini::{self, God, Position, Space};
use bitgames::{Game, Player};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use rand::Rng;
use rand::rngs::SmallRng;

/// The gods of the games of a vector environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gods {
    /// Player 1's and player 2's, for every game (`[Mortal; 2]`: the base game).
    Fixed([God; 2]),
    /// Two of the ten simple gods drawn at random (independently, so both
    /// may be the same) at every new game.
    Random,
}

impl Default for Gods {
    fn default() -> Self {
        Gods::Fixed([God::Mortal; 2])
    }
}

/// The observation planes of the base game: the workers of the observer,
/// the opponent's, the levels >= 1, 2, 3 and the domes.
pub const BASE_PLANES: usize = 6;
/// The planes of a game with gods: the base game's, then the observer's god
/// one-hot over [`God::ALL`] (one plane a god), the opponent's, then "the
/// observer may not move up this turn" and "the opponent may not move up
/// this turn" (Athena's mark on the player to move), then the spaces the
/// observer's god has spent its power" (a hero's once a game, Clio's
/// coins) and the opponent's, then "a turn is begun" (a spelled turn: the
/// board and gods' planes show it done), then the number the observer's
/// god state holds and the opponent's (Morpheus' blocks kept, Clio's coins
/// left, Aeolus' wind), each unary: the first that many spaces in board
/// order, then the spaces the observer's god state marks (Europa's talus,
/// Clio's coins) and the opponent's.
pub const GOD_PLANES: usize = BASE_PLANES + 2 * God::ALL.len() + 9;

/// The gods of a `gods` argument: None (the default: the base game), two
/// names (`("apollo", "pan")` or `"apollo,pan"`, player 1's first; any
/// case), or `"random"` where `random` is allowed. A TypeError for a value
/// of another type, a ValueError naming what is wrong in the names.
pub fn gods_arg(gods: Option<&Bound<'_, PyAny>>, random: bool) -> PyResult<Gods> {
    let Some(obj) = gods.filter(|g| !g.is_none()) else {
        return Ok(Gods::default());
    };
    let names: Vec<String> = if let Ok(text) = obj.extract::<String>() {
        if text.trim().eq_ignore_ascii_case("random") {
            return if random {
                Ok(Gods::Random)
            } else {
                Err(PyValueError::new_err(
                    "gods='random' is for the environments (a pair drawn for each game): \
                     a position takes two names, e.g. ('apollo', 'pan')",
                ))
            };
        }
        if random && !text.contains(',') && text.trim().parse::<God>().is_err() {
            return Err(PyValueError::new_err(format!(
                "gods {:?} is neither 'random' nor two god names, player 1's first \
                 ('apollo,pan' or ('apollo', 'pan'))",
                bitgames::excerpt(&text)
            )));
        }
        text.split(',').map(str::to_string).collect()
    } else if let Ok(list) = obj.extract::<Vec<String>>() {
        list
    } else {
        return Err(PyTypeError::new_err(format!(
            "gods must be two god names, player 1's first (('apollo', 'pan') or \
             'apollo,pan'){}, got {}",
            if random { ", or 'random'" } else { "" },
            obj.get_type().name()?
        )));
    };
    if names.len() != 2 {
        return Err(PyValueError::new_err(format!(
            "gods must name two gods, player 1's first (('apollo', 'pan')): got {} names",
            names.len()
        )));
    }
    let god = |name: &str| -> PyResult<God> {
        name.trim()
            .parse()
            .map_err(|e: santorini::UnknownGod| PyValueError::new_err(e.to_string()))
    };
    let pair = God::pair([god(&names[0])?, god(&names[1])?])
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(Gods::Fixed(pair))
}

/// `pos` with the gods of the `gods` argument (a fixed pair), or as it is
/// for None; a ValueError if the position already names gods.
pub fn position_with_gods(pos: Position, gods: Option<&Bound<'_, PyAny>>) -> PyResult<Position> {
    // `gods_arg` refuses random for a position (with its message).
    let Gods::Fixed(pair) = gods_arg(gods, false)? else {
        return Err(PyValueError::new_err(
            "a position takes two gods, not random",
        ));
    };
    if gods.is_none_or(|g| g.is_none()) {
        return Ok(pos);
    }
    if pos.has_gods() {
        let [a, b] = pos.gods();
        return Err(PyValueError::new_err(format!(
            "the position names its gods ({a} and {b}): gods= is for a position without them"
        )));
    }
    Ok(pos.with_gods(pair).expect("gods_arg refuses a banned pair"))
}

/// One of the ten simple gods, at random.
fn random_god(rng: &mut SmallRng) -> God {
    God::SIMPLE[rng.random_range(0..God::SIMPLE.len())]
}

impl PyGame for Position {
    type ObsCache = ();
    type Setup = Gods;
    const CLASS: &'static str = "Santorini";

    /// Two plies: a quick opponent (the engine alone would search six).
    const EXPERT_LIMITS: Limits = Limits {
        depth: Some(2),
        time: None,
        level: None,
        seed: None,
    };

    fn setup_of(gods: Option<&Bound<'_, PyAny>>) -> PyResult<Gods> {
        gods_arg(gods, true)
    }

    fn new_game(setup: &Gods, rng: &mut SmallRng) -> Position {
        let gods = match *setup {
            Gods::Fixed(pair) => pair,
            Gods::Random => [random_god(rng), random_god(rng)],
        };
        Position::new()
            .with_gods(gods)
            .expect("a fixed pair is checked, a random one drawn from the ten")
    }

    /// A random pair is shown as Apollo against Apollo: every pair of gods
    /// has the same planes and actions.
    fn template(setup: &Gods) -> Position {
        match *setup {
            Gods::Fixed(pair) => Position::new().with_gods(pair),
            Gods::Random => Position::new().with_gods([God::Apollo; 2]),
        }
        .expect("gods_arg refuses a banned pair")
    }

    fn obs_shape(&self) -> [usize; 3] {
        if self.has_gods() {
            [5, 5, GOD_PLANES]
        } else {
            [5, 5, BASE_PLANES]
        }
    }

    /// Row 0 the top row (A5..E5). The base game's (5, 5, 6): the workers
    /// of `player`, the opponent's workers, then the spaces at levels 1, 2
    /// and 3 or more, and the domes. With gods, (5, 5, [`GOD_PLANES`]):
    /// those six, then the god, Athena, spent and begun planes, each all 0
    /// or all 1, then each side's state number (unary), then the spaces
    /// each side's god state marks.
    fn observe(&self, player: Player, out: &mut [u8]) {
        planes_of(self, player, false, out);
    }

    type Pending = Option<santorini::Move>;

    /// A turn that can go on waits for the next action ([`PyGame::Pending`]);
    /// [`santorini::END_TURN`] plays it as it stands.
    fn take_action(&mut self, pending: &mut Self::Pending, action: usize) {
        let turn = match *pending {
            Some(turn) if action == santorini::END_TURN => turn,
            Some(turn) => {
                let next = self.continuations(turn).into_iter();
                next.into_iter()
                    .find_map(|(a, mv)| (a == action).then_some(mv))
                    .expect("a legal action")
            }
            None => self.begun_by(action).expect("a legal action"),
        };
        if action != santorini::END_TURN && !self.continuations(turn).is_empty() {
            *pending = Some(turn);
        } else {
            *pending = None;
            self.play_unchecked(turn);
        }
    }

    fn action_begins(&self, action: usize, mv: santorini::Move) -> bool {
        self.begun_by(action)
            .is_some_and(|b| b == mv || self.spelling(mv).len() > 1)
    }

    /// An action that begins a legal turn is legal, though it names no
    /// turn by itself (Hydra's move and build).
    fn live_action_ok(&self, action: i64) -> bool {
        let Some(mv) = usize::try_from(action).ok().and_then(|a| self.begun_by(a)) else {
            return false;
        };
        if self.may_end(mv) {
            self.is_legal(mv)
        } else {
            self.legal_moves()
                .iter()
                .any(|&m| self.action_of(m) as i64 == action)
        }
    }

    fn why_not_action(&self, action: i64) -> Option<String> {
        if !self.outcome().is_over() && self.live_action_ok(action) {
            return None;
        }
        crate::game::why_not_move(self, action)
    }

    fn pending_actions(&self, pending: &Self::Pending) -> Option<Vec<(usize, santorini::Move)>> {
        let turn = (*pending)?;
        let mut actions = self.continuations(turn);
        if self.may_end(turn) {
            actions.push((santorini::END_TURN, turn));
        }
        Some(actions)
    }

    fn pending_spelling(&self, pending: &Self::Pending) -> Vec<usize> {
        pending.map_or_else(Vec::new, |turn| self.spelling(turn).to_vec())
    }

    /// The planes of the board as the begun turn leaves it, seen by
    /// `player`, with the plane "a turn is begun" set.
    fn observe_pending(
        &self,
        pending: &Self::Pending,
        player: Player,
        _cache: &mut (),
        out: &mut [u8],
    ) {
        match *pending {
            Some(turn) => {
                let mut done = *self;
                done.play_unchecked(turn);
                planes_of(&done, player, true, out);
            }
            None => planes_of(self, player, false, out),
        }
    }
}

/// The observation planes of `pos` seen by `player` (see
/// [`PyGame::observe`]), `begun` the plane of a turn begun.
fn planes_of(pos: &Position, player: Player, begun: bool, out: &mut [u8]) {
    let planes = pos.obs_shape()[2];
    let levels = pos.levels();
    let mine = pos.workers(player);
    let theirs = pos.workers(player.other());
    // The planes that are the same on every space.
    let mut flat = [0u8; GOD_PLANES - BASE_PLANES - 4];
    if pos.has_gods() {
        let index = |god: God| God::ALL.iter().position(|&g| g == god).expect("a god");
        let n = God::ALL.len();
        let gods = pos.gods();
        flat[index(gods[player.index()])] = 1;
        flat[n + index(gods[player.other().index()])] = 1;
        let blocked = pos.up_blocked();
        let observer_moves = pos.to_move() == player;
        flat[2 * n] = u8::from(blocked && observer_moves);
        flat[2 * n + 1] = u8::from(blocked && !observer_moves);
        flat[2 * n + 2] = u8::from(pos.power_spent(player));
        flat[2 * n + 3] = u8::from(pos.power_spent(player.other()));
        flat[2 * n + 4] = u8::from(begun);
    }
    let counts = [player, player.other()].map(|p| pos.god_count(p) as usize);
    for (i, &level) in levels.iter().enumerate() {
        let space = Space::from_index(i).expect("25 spaces");
        let cell = &mut out[planes * i..planes * (i + 1)];
        cell[0] = u8::from(mine.contains(space));
        cell[1] = u8::from(theirs.contains(space));
        for (k, plane) in cell[2..BASE_PLANES].iter_mut().enumerate() {
            *plane = u8::from(level > k as u8);
        }
        if planes > BASE_PLANES {
            cell[BASE_PLANES..planes - 4].copy_from_slice(&flat);
            cell[planes - 4] = u8::from(i < counts[0]);
            cell[planes - 3] = u8::from(i < counts[1]);
            cell[planes - 2] = u8::from(pos.marked(player).contains(space));
            cell[planes - 1] = u8::from(pos.marked(player.other()).contains(space));
        }
    }
}

#[pymethods]
impl crate::PySantorini {
    /// The start (the empty board, player 1 to place) or the position
    /// written in the notation (`<25 levels>/<1|2>/<god>:<sq>,<sq>/...`);
    /// `gods`: two names, player 1's first (`("apollo", "pan")`), for a
    /// start with gods or a position written without them.
    #[new]
    #[pyo3(signature = (notation=None, gods=None))]
    fn new(notation: Option<&str>, gods: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let pos = crate::position::parse::<Position>(notation)?;
        Ok(crate::PySantorini {
            pos: position_with_gods(pos, gods)?,
            pending: None,
        })
    }

    /// The gods of player 1 (index 0) and player 2: `("mortal", "mortal")`
    /// in the base game.
    fn gods(&self) -> (&'static str, &'static str) {
        let [a, b] = self.pos.gods();
        (a.name(), b.name())
    }

    /// Whether the game has gods (either player's is not `mortal`): then
    /// the action space is the 122,076 actions of the gods.
    fn has_gods(&self) -> bool {
        self.pos.has_gods()
    }

    /// Whether the player to move may not move up this turn (the opponent
    /// is Athena, who moved up on her last turn).
    fn up_blocked(&self) -> bool {
        self.pos.up_blocked()
    }
}

/// Every god, `mortal` first then the ten simple gods: `(name, power)`,
/// the power in one sentence.
#[pyfunction]
pub fn sa_gods() -> Vec<(&'static str, &'static str)> {
    God::ALL.iter().map(|g| (g.name(), g.power())).collect()
}

/// The pairs of gods that may not play each other (the library's
/// [`God::may_face`], as santorini-ai bans them), each once, in the order
/// of [`God::ALL`], the earlier god first.
#[pyfunction]
pub fn sa_banned_pairs() -> Vec<(&'static str, &'static str)> {
    let mut pairs = Vec::new();
    for (i, a) in God::ALL.iter().enumerate() {
        for b in &God::ALL[i..] {
            if !a.may_face(*b) {
                pairs.push((a.name(), b.name()));
            }
        }
    }
    pairs
}

/// The library's naive twin of the move generator (plain loops on a level
/// array, independent of the bitboards): the distinct positions one turn
/// after `notation`, sorted, in the canonical notation. Empty once the game
/// is won or when the player to move has no turn; placement is not
/// generated (empty too).
#[pyfunction]
pub fn sa_naive_successors(notation: &str) -> PyResult<Vec<String>> {
    let state: NaiveState = notation.trim().parse().map_err(|e: String| {
        PyValueError::new_err(format!(
            "bad {} position `{}`: {e}",
            <bitgames::santorini::Position as bitgames::registry::Registered>::PROSE_NAME,
            bitgames::excerpt(notation)
        ))
    })?;
    Ok(distinct_successors(&state))
}
