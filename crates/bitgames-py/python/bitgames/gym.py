"""Gymnasium environments, registered when ``bitgames`` is imported.

One id per game of the library's registry, ``bitgames/<Class>-v0``:
``bitgames/TicTacToe-v0``, ``bitgames/ConnectFour-v0``, ``bitgames/Santorini-v0``.

- ``gymnasium.make(id, opponent="random", agent=0)``: one game against an
  opponent (``"random"``, ``"expert"``: the library's engine, or None: both
  sides through ``step``). Observation: the game's planes, a bool ``Box`` of
  ``(rows, cols, planes)`` seen by the player to move; action:
  ``Discrete(num_actions)``; ``info["action_mask"]``: int8, 1 where the
  action is legal (``env.action_space.sample(mask=info["action_mask"])``
  draws a legal one); reward +1/-1/0 from the agent's side at the end.
- ``gymnasium.make_vec(id, num_envs=N, vectorization_mode="vector_entry_point")``:
  the batched :class:`bitgames.vector.VectorEnv`, all N games stepped in Rust.
- Santorini takes ``gods``: two names (``("apollo", "pan")``, player 1's
  first) or ``"random"`` (a pair drawn at every reset); see
  :func:`bitgames.vector.make`.

>>> import gymnasium
>>> env = gymnasium.make("bitgames/TicTacToe-v0", opponent="expert", render_mode="ansi")
>>> obs, info = env.reset(seed=0)
>>> obs.shape, info["action_mask"].tolist()
((3, 3, 2), [1, 1, 1, 1, 1, 1, 1, 1, 1])
>>> obs, reward, terminated, truncated, info = env.step(4)
>>> print(env.render())   # the agent (X) took the centre, the expert a corner
. . .
. X .
. . O
<BLANKLINE>
"""

import numbers

import gymnasium
import numpy as np
from gymnasium import spaces

from .vector import GAME_INFO, VectorEnv, game_key

#: The opponents of :class:`GameEnv`.
OPPONENTS = ("random", "expert", None)
#: What :class:`GameEnv` does with an illegal action.
ILLEGAL_ACTIONS = ("raise", "lose")


def env_id(game):
    """Gymnasium's id of ``game``: ``bitgames/ConnectFour-v0``."""
    return f"bitgames/{GAME_INFO[game_key(game)]['class']}-v0"


def _action_index(action):
    """``action`` as a Python int: an int, a numpy integer or an integer array
    of one element; TypeError for anything else."""
    if isinstance(action, np.ndarray) and action.size == 1 and action.dtype.kind in "iu":
        return int(action.reshape(()))
    if isinstance(action, (numbers.Integral, np.integer)) and not isinstance(action, (bool, np.bool_)):
        return int(action)
    raise TypeError(f"an action is an integer, got {action!r} of type {type(action).__name__}")


class GameEnv(gymnasium.Env):
    """One game of ``game`` against ``opponent``, for Gymnasium.

    ``opponent``: ``"random"`` (a uniformly random legal move, drawn from the
    env's seeded generator), ``"expert"`` (the library registry's engine,
    within ``depth`` plies / ``time`` seconds a move if given; among the moves
    it rates equal it picks at random), or None (no opponent: both sides act
    through ``step``, and the reward is the acting player's). ``agent``: 0 to
    move first (default), 1 to move second (the opponent opens); a reset may
    change it with ``options={"agent": 1}``. ``illegal_action``: ``"raise"``
    (default: ValueError naming the action and the legal ones, nothing
    moves) or ``"lose"`` (the agent loses at once: reward -1, terminated,
    ``info["illegal_action"]`` True; PettingZoo's convention, and what
    generic tools that sample the whole action space need).
    ``render_mode="ansi"``: ``render()`` returns the board as the library
    draws it. ``gods`` (Santorini only): as :func:`bitgames.vector.make`'s.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game="connect_four", opponent="random", agent=0, depth=None, time=None,
                 illegal_action="raise", render_mode=None, gods=None):
        super().__init__()
        self.game = game_key(game)
        info = GAME_INFO[self.game]
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent {opponent!r} is not one of {OPPONENTS}")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action {illegal_action!r} is not one of {ILLEGAL_ACTIONS}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r} is not None or one of {self.metadata['render_modes']}")
        self.opponent = opponent
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self._vector = info["vector"]
        self._core_args = {"depth": depth, "time": time, "gods": gods}
        self.agent = None
        self._core = None
        self._set_agent(agent)  # checks the arguments now, not at the first reset
        # The core's own: Santorini with gods has more actions and planes.
        self.num_actions = self._core.num_actions
        self.observation_space = spaces.Box(0, 1, tuple(self._core.obs_shape), dtype=np.bool_)
        self.action_space = spaces.Discrete(self.num_actions)
        self._obs = None
        self._mask = None
        self._over = True

    def _set_agent(self, agent):
        if isinstance(agent, (bool, np.bool_)) or agent not in (0, 1):
            raise ValueError(f"agent {agent!r} is not 0 (moves first) or 1 (moves second)")
        agent = int(agent)
        if agent != self.agent or self._core is None:
            self._core = self._vector(1, seed=0, opponent=self.opponent, agent=agent, threads=1,
                                      **self._core_args)
            self.agent = agent

    def _info(self, mask, player):
        return {"action_mask": mask.astype(np.int8), "current_player": int(player)}

    def reset(self, *, seed=None, options=None):
        """A new game: ``(obs, info)``. ``seed`` seeds the env (the opponent's
        draws); ``options={"agent": 0 or 1}`` picks the agent's side."""
        super().reset(seed=seed)
        options = options or {}
        unknown = set(options) - {"agent"}
        if unknown:
            raise ValueError(f"unknown reset options {sorted(unknown)}: the only one is 'agent'")
        self._set_agent(options.get("agent", self.agent))
        obs, mask, _, _, _, player, _ = self._core.reset(int(self.np_random.integers(2**63)))
        self._obs, self._mask, self._over = obs[0], mask[0], False
        return self._obs, self._info(self._mask, player[0])

    def step(self, action):
        """The agent's action, then the opponent's answer:
        ``(obs, reward, terminated, truncated, info)``."""
        if self._over:
            raise RuntimeError("the game is over (or was never started): call reset() first")
        a = _action_index(action)
        if not (0 <= a < self.num_actions and self._mask[a]):
            legal = np.flatnonzero(self._mask).tolist()
            if self.illegal_action == "raise":
                raise ValueError(f"action {a} is not legal here: the legal actions are {legal}")
            self._over = True
            info = self._info(np.zeros_like(self._mask), self.position.current_player())
            info["illegal_action"] = True
            return self._obs.copy(), -1.0, True, False, info
        obs, mask, _, terminated, truncated, player, reward = self._core.step(
            np.array([a], dtype=np.int64))
        self._obs, self._mask = obs[0], mask[0]
        self._over = bool(terminated[0] or truncated[0])
        info = self._info(self._mask, player[0])
        return self._obs, float(reward[0]), bool(terminated[0]), bool(truncated[0]), info

    @property
    def position(self):
        """A copy of the current position (a ``ConnectFour``, ...)."""
        return self._core.positions()[0]

    def render(self):
        """The board as text (``render_mode="ansi"``); None without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: make the env with render_mode='ansi'")
            return None
        return str(self.position)

    def close(self):
        self._over = True


def make_vector(num_envs, game="connect_four", opponent="random", agent=0, depth=None, time=None,
                max_steps=None, threads=None, seed=0, render_mode=None, max_episode_steps=None,
                gods=None):
    """The vector entry point of the Gymnasium ids: a
    :class:`bitgames.vector.VectorEnv` of ``num_envs`` games with the single
    env's defaults (``opponent="random"``); ``max_episode_steps`` (from the
    spec) truncates as ``max_steps`` does."""
    if render_mode is not None:
        raise ValueError(f"render_mode {render_mode!r}: the vector environments do not render")
    if max_steps is None:
        max_steps = max_episode_steps
    return VectorEnv(game, num_envs, seed=seed, opponent=opponent, agent=agent, depth=depth,
                     time=time, max_steps=max_steps, threads=threads, gods=gods)


def register_envs():
    """Registers ``bitgames/<Class>-v0`` for every game of the library's
    registry (a no-op for ids already registered). ``import bitgames`` calls it."""
    ids = []
    for key in GAME_INFO:
        name = env_id(key)
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point="bitgames.gym:GameEnv",
                               vector_entry_point="bitgames.gym:make_vector", kwargs={"game": key})
        ids.append(name)
    return ids


#: The registered ids, in the library registry's order.
ENV_IDS = register_envs()
