"""PettingZoo AEC environments for Connect Four, tic-tac-toe and Santorini.

>>> e = env("connect_four")
>>> e.reset(seed=0)
>>> e.agent_selection
'player_0'
>>> e.step(3)
>>> e.observe("player_1")["observation"][5, 3]   # player_1 sees the stone as the opponent's
array([0, 1], dtype=int8)

Santorini takes gods: a pair, or ``"random"`` (a pair of the ten drawn at
every ``reset``, from the generator ``reset(seed=...)`` seeds):

>>> e = env("santorini", gods=("apollo", "pan"))
>>> e.reset(seed=0)
>>> e.observe("player_0")["observation"].shape, int(e.action_space("player_0").n)
((5, 5, 117), 122076)
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import _bitgames
from .gym import _action_index

_GAMES = {
    "connect_four": _bitgames.ConnectFour,
    "tic_tac_toe": _bitgames.TicTacToe,
    "santorini": _bitgames.Santorini,
}
#: The ten simple gods a random pair is drawn from (the library's order: mortal, then these ten,
#: then the others).
_SIMPLE_GODS = tuple(name for name, _ in _bitgames.sa_gods())[1:11]


def _is_random(gods):
    return isinstance(gods, str) and gods.strip().lower() == "random"


class RawEnv(AECEnv):
    """Two agents, ``player_0`` (moves first) and ``player_1``; observations
    as PettingZoo's classic games: ``{"observation": (rows, cols, 2) int8,
    "action_mask": int8}``, the mask all zero for the agent not to move.
    ``gods`` (Santorini only): None (the base game), two names (player 1's
    first), or ``"random"``: a pair of the ten simple gods drawn at every
    reset (independently: both may be the same god)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "bitgames_v0", "is_parallelizable": False}

    def __init__(self, game="connect_four", render_mode=None, gods=None):
        super().__init__()
        if game not in _GAMES:
            raise ValueError(f"unknown game {game!r}: choose one of {sorted(_GAMES)}")
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not None, 'human' or 'ansi'")
        if gods is not None and game != "santorini":
            raise TypeError(f"{game} has no gods: leave gods out (it is Santorini's)")
        self.game = game
        self.render_mode = render_mode
        self._cls = _GAMES[game]
        self.gods = gods
        self._rng = np.random.default_rng()
        # A random pair is shown as Apollo against Apollo: every pair has the
        # same planes and actions. A fixed pair is checked here (ValueError).
        self.pos = self._new_position(("apollo", "apollo") if _is_random(gods) else gods)
        self.metadata = dict(self.metadata, name=f"bitgames_{game}_v0")
        self.possible_agents = ["player_0", "player_1"]
        n = self.pos.num_actions()
        shape = self.pos.observation().shape
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0, 1, shape, dtype=np.int8),
                "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        player = self.possible_agents.index(agent)
        obs = self.pos.observation(player).astype(np.int8)
        if agent == self.agent_selection and not self.pos.is_terminal():
            mask = self.pos.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(self.pos.num_actions(), dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def _new_position(self, gods):
        if gods is None:
            return self._cls()
        return self._cls(gods=gods)

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        gods = self.gods
        if _is_random(gods):
            gods = tuple(_SIMPLE_GODS[i] for i in self._rng.integers(len(_SIMPLE_GODS), size=2))
        self.pos = self._new_position(gods)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        # TypeError for what is not an integer (2.5 is not column 2);
        # ValueError naming an illegal action.
        self.pos.apply_action(_action_index(action))
        self._cumulative_rewards[agent] = 0
        if self.pos.is_terminal():
            returns = self.pos.returns()
            for i, a in enumerate(self.agents):
                self.rewards[a] = returns[i]
                self.terminations[a] = True
        self.agent_selection = self.agents[self.pos.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.pos)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def env(game="connect_four", render_mode=None, gods=None):
    """The AEC environment of ``game`` ("connect_four", "tic_tac_toe" or
    "santorini"; Santorini takes ``gods``, see :class:`RawEnv`), wrapped in
    PettingZoo's order enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(RawEnv(game, render_mode=render_mode, gods=gods))
