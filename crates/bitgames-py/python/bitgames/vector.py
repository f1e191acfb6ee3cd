"""Batched environments: ``make("connect_four", num_envs=N, seed=0)``.

Every ``reset``/``step`` runs all N games in Rust, with the GIL released and
large batches spread over the cores, and fills numpy arrays: no per-environment
Python loop. The environment follows Gymnasium 1.x's vector API with
*next-step* autoreset: after a game ends, the next ``step`` ignores that
environment's action and starts a new game.

>>> env = make("connect_four", num_envs=4, seed=1)
>>> obs, info = env.reset()
>>> obs.shape, info["action_mask"].shape
((4, 6, 7, 2), (4, 7))
>>> obs, reward, terminated, truncated, info = env.step(np.array([3, 3, 3, 3]))
>>> int(obs[:, 5, 3, 1].sum())   # the opponent's stone, seen by the player to move
4

Santorini takes gods: a pair for every game, or ``"random"`` (a pair of the
ten drawn at every reset of an environment, from its seeded generator). A
game with gods has 122,076 actions and 117 observation planes (see
docs/python.md):

>>> env = make("santorini", num_envs=2, seed=0, gods=("apollo", "pan"))
>>> obs, info = env.reset()
>>> obs.shape, info["action_mask"].shape
((2, 5, 5, 117), (2, 122076))
>>> env.positions()[0].gods()
('apollo', 'pan')
"""

import numpy as np

from . import _bitgames

try:  # Gymnasium is optional: without it the env has the same methods.
    import gymnasium
    from gymnasium import spaces

    _Base = gymnasium.vector.VectorEnv
except ImportError:  # pragma: no cover
    gymnasium = None
    _Base = object

def _snake(name):
    """``ConnectFour`` -> ``connect_four`` (pgx's and OpenSpiel's names)."""
    return "".join("_" + c.lower() if c.isupper() and i else c.lower() for i, c in enumerate(name))


#: Every game's entry of the native registry list (``_bitgames.games()``),
#: by its snake-case name (``connect_four``): the names ``make`` takes. The
#: library's own names (``connect4``) are read too.
GAME_INFO = {_snake(g["class"]): g for g in _bitgames.games()}
_ALIASES = {g["name"]: key for key, g in GAME_INFO.items()}
GAMES = {key: g["vector"] for key, g in GAME_INFO.items()}


def game_key(game):
    """The snake-case name of ``game`` (``connect_four``, or the library's
    ``connect4``); ValueError naming the games for any other."""
    if isinstance(game, str):
        if game in GAME_INFO:
            return game
        if game in _ALIASES:
            return _ALIASES[game]
    raise ValueError(f"unknown game {game!r}: choose one of {sorted(GAME_INFO)}")


class VectorEnv(_Base):
    """N games of one kind. ``step`` returns ``(obs, reward, terminated,
    truncated, info)``: ``obs`` (N, rows, cols, planes) bool, for the player
    to move; ``reward`` (N,) float32, for the player who acted (with an
    opponent: the agent); ``info["rewards"]`` (N, 2) per player,
    ``info["action_mask"]`` (N, actions) bool, ``info["current_player"]`` (N,) int8.
    ``gods`` (Santorini only): see :func:`make`.
    """

    def __init__(self, game, num_envs, seed=0, opponent=None, agent=0, depth=None,
                 time=None, max_steps=None, threads=None, gods=None):
        game = game_key(game)
        info = GAME_INFO[game]
        self.game = game
        self.core = info["vector"](num_envs, seed=seed, opponent=opponent, agent=agent,
                                   depth=depth, time=time, max_steps=max_steps, threads=threads,
                                   gods=gods)
        self.num_envs = self.core.num_envs
        self.opponent = opponent
        self.agent = agent
        self.gods = gods
        # The core's own: Santorini with gods has more actions and planes.
        self.single_num_actions = self.core.num_actions
        self.single_obs_shape = tuple(self.core.obs_shape)
        self._closed = False
        if gymnasium is not None:
            self.metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.NEXT_STEP}
            self.single_observation_space = spaces.Box(0, 1, self.single_obs_shape, dtype=np.bool_)
            self.single_action_space = spaces.Discrete(self.single_num_actions)
            self.observation_space = spaces.Box(0, 1, (num_envs, *self.single_obs_shape), dtype=np.bool_)
            self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.single_num_actions))

    def _info(self, mask, rewards, player):
        return {"action_mask": mask, "rewards": rewards, "current_player": player}

    def reset(self, *, seed=None, options=None):
        """Starts every game; ``(obs, info)``."""
        obs, mask, rewards, _, _, player, _ = self.core.reset(seed)
        return obs, self._info(mask, rewards, player)

    def step(self, actions):
        """One move in every game (checked first: an illegal one raises
        ValueError naming the environment, and nothing moves)."""
        obs, mask, rewards, terminated, truncated, player, reward = self.core.step(actions)
        return obs, reward, terminated, truncated, self._info(mask, rewards, player)

    def sample_actions(self):
        """A random legal action per environment (int64), drawn in Rust."""
        return self.core.sample_actions()

    def positions(self):
        """The current positions, as position objects (copies)."""
        return self.core.positions()

    def close(self, **kwargs):
        """Closes the environment: later calls raise ValueError."""
        self.core.close()
        self._closed = True

    @property
    def closed(self):
        return self._closed

    def __repr__(self):
        gods = "" if self.gods is None else f", gods={self.gods!r}"
        return f"VectorEnv({self.game!r}, num_envs={self.num_envs}, opponent={self.opponent!r}{gods})"


def make(game, num_envs, seed=0, opponent=None, agent=0, depth=None, time=None,
         max_steps=None, threads=None, gods=None):
    """A batched environment of ``game`` ("connect_four", "tic_tac_toe",
    "santorini", or the library's names "connect4", "tictactoe"), ``num_envs``
    games (1 to 16,777,216: more is a ValueError). ``opponent``: None (both
    players act through ``step``), "random", or "expert" (the library
    registry's engine: the perfect player, the exact solver, the search,
    within ``depth`` plies/``time`` seconds a move, by default its own limits
    (Santorini: 2 plies); among moves it rates equal it picks at random);
    ``agent``: 0 or 1, the agent's side against an opponent; ``threads``: the
    threads that step large batches (1 to 256, default: every core);
    ``gods`` (Santorini only): None (the base game), two names, player 1's
    first (``("apollo", "pan")`` or ``"apollo,pan"``), the same for every
    game, or ``"random"``: two of the ten simple gods drawn (independently)
    at every reset of an environment, from its generator seeded by ``seed``.
    With any god the games have 122,076 actions and 117 observation planes."""
    return VectorEnv(game, num_envs, seed=seed, opponent=opponent, agent=agent,
                     depth=depth, time=time, max_steps=max_steps, threads=threads, gods=gods)
