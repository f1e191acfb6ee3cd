"""Gymnasium: the ids registered on import, one per game of the library's
registry; the single-agent env (spaces, check_env, seeded rollouts, the
opponents, illegal actions, render); make_vec; the docs' snippet."""

import re
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import bitgames
from bitgames import ConnectFour, TicTacToe, _bitgames, vector
from conftest import ROOT

# (id, observation shape, actions)
IDS = [
    ("bitgames/TicTacToe-v0", (3, 3, 2), 9),
    ("bitgames/ConnectFour-v0", (6, 7, 2), 7),
    ("bitgames/Santorini-v0", (5, 5, 6), 753),
]


def test_every_registry_game_is_registered_in_the_registrys_order():
    assert _bitgames.registry_names() == ["tictactoe", "connect4", "santorini"]
    assert [g["name"] for g in _bitgames.games()] == _bitgames.registry_names()
    assert bitgames.gym.ENV_IDS == [i for i, _, _ in IDS]
    for env_id, _, _ in IDS:
        spec = gymnasium.spec(env_id)
        assert spec.entry_point == "bitgames.gym:GameEnv"
        assert spec.vector_entry_point == "bitgames.gym:make_vector"
    # Importing again registers nothing twice (Gymnasium would warn).
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert bitgames.gym.register_envs() == bitgames.gym.ENV_IDS


@pytest.mark.parametrize("env_id,shape,n", IDS)
def test_spaces_and_the_first_observation(env_id, shape, n):
    env = gymnasium.make(env_id)
    assert env.observation_space == gymnasium.spaces.Box(0, 1, shape, dtype=np.bool_)
    assert env.action_space == gymnasium.spaces.Discrete(n)
    obs, info = env.reset(seed=1)
    assert obs.shape == shape and obs.dtype == np.bool_ and not obs[..., :2].any()
    mask = info["action_mask"]
    assert mask.dtype == np.int8 and mask.shape == (n,)
    start = env.unwrapped.position
    assert np.flatnonzero(mask).tolist() == start.legal_actions()
    assert info["current_player"] == 0


@pytest.mark.parametrize("env_id", [i for i, _, _ in IDS])
def test_check_env_passes(env_id):
    # Santorini has 753 actions and 300 legal ones at the start: check_env
    # steps a random action of the whole space, so there it runs with the
    # documented penalty instead of the error.
    kwargs = {"illegal_action": "lose"} if "Santorini" in env_id else {}
    for opponent in ("random", "expert"):
        env = gymnasium.make(env_id, opponent=opponent, render_mode="ansi", **kwargs)
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # any warning of the checker fails the test
            check_env(env.unwrapped)


def rollout(env, seed, choose_seed):
    """A game with legal actions drawn by a generator of its own: the
    observations, rewards and final position."""
    pick = np.random.default_rng(choose_seed)
    obs, info = env.reset(seed=seed)
    record = [obs.copy()]
    while True:
        action = pick.choice(np.flatnonzero(info["action_mask"]))
        obs, reward, terminated, truncated, info = env.step(action)
        record.append((obs.copy(), reward))
        if terminated or truncated:
            return record, env.unwrapped.position.notation()


@pytest.mark.parametrize("env_id", [i for i, _, _ in IDS])
def test_a_seeded_rollout_is_reproducible(env_id):
    env = gymnasium.make(env_id, opponent="random")
    a = rollout(env, seed=5, choose_seed=1)
    b = rollout(gymnasium.make(env_id, opponent="random"), seed=5, choose_seed=1)
    assert a[1] == b[1] and len(a[0]) == len(b[0])
    assert all((x[0] == y[0]).all() and x[1] == y[1] for x, y in zip(a[0][1:], b[0][1:]))
    # Another seed, another opponent: the same agent's choices lead elsewhere.
    others = {rollout(env, seed=s, choose_seed=1)[1] for s in range(6, 12)}
    assert others - {a[1]}


def test_illegal_actions_raise_naming_the_legal_ones_and_nothing_moves():
    env = gymnasium.make("bitgames/ConnectFour-v0", opponent=None)
    env.reset(seed=0)
    for _ in range(6):
        env.step(0)
    before = env.unwrapped.position
    with pytest.raises(ValueError, match=r"^action 0 is not legal here: the legal actions are \[1, 2, 3, 4, 5, 6\]$"):
        env.step(0)
    with pytest.raises(ValueError, match=r"^action 7 is not legal here"):
        env.step(7)
    with pytest.raises(ValueError, match=r"^action -1 is not legal here"):
        env.step(-1)
    with pytest.raises(TypeError, match="an action is an integer, got 1.5"):
        env.step(1.5)
    with pytest.raises(TypeError, match="an action is an integer"):
        env.step(True)
    assert env.unwrapped.position == before
    env.step(np.int8(1))
    env.step(np.array([2]))
    assert env.unwrapped.position == ConnectFour("11111123")


def test_the_documented_penalty_ends_the_game_as_a_loss():
    env = gymnasium.make("bitgames/Santorini-v0", illegal_action="lose")
    env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(0)  # 0 would place both workers on A5
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(1)


def test_self_play_rewards_the_player_who_moved():
    env = gymnasium.make("bitgames/ConnectFour-v0", opponent=None, render_mode="ansi")
    env.reset(seed=0)
    for col in [0, 1, 0, 1, 0, 1]:
        obs, reward, terminated, _, info = env.step(col)
        assert (reward, terminated) == (0.0, False)
    obs, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated) == (1.0, True, False)
    assert not info["action_mask"].any()
    assert env.render().splitlines()[-5:] == [
        "X . . . . . .", "X O . . . . .", "X O . . . . .", "X O . . . . .", "1 2 3 4 5 6 7"]


def test_the_agent_may_move_second():
    env = gymnasium.make("bitgames/ConnectFour-v0", opponent="random", agent=1)
    obs, info = env.reset(seed=3)
    assert obs[..., 0].sum() == 0 and obs[..., 1].sum() == 1 and info["current_player"] == 1
    obs, info = env.reset(seed=3, options={"agent": 0})
    assert not obs.any() and info["current_player"] == 0
    obs, info = env.reset(options={"agent": 1})
    assert obs[..., 1].sum() == 1
    with pytest.raises(ValueError, match="agent 2 is not 0"):
        env.reset(options={"agent": 2})
    with pytest.raises(ValueError, match="unknown reset options"):
        env.reset(options={"side": 1})
    with pytest.raises(ValueError, match="opponent 'smart'"):
        gymnasium.make("bitgames/ConnectFour-v0", opponent="smart")


def test_the_perfect_tictactoe_opponent_never_loses_from_either_side():
    for agent in (0, 1):
        env = gymnasium.make("bitgames/TicTacToe-v0", opponent="expert", agent=agent)
        pick = np.random.default_rng(agent)
        rewards = []
        for game in range(40):
            obs, info = env.reset(seed=game)
            terminated = False
            while not terminated:
                action = pick.choice(np.flatnonzero(info["action_mask"]))
                obs, reward, terminated, truncated, info = env.step(action)
            rewards.append(reward)
        assert set(rewards) <= {0.0, -1.0} and rewards.count(-1.0) > 10


def test_the_connect_four_expert_blocks_and_wins():
    env = gymnasium.make("bitgames/ConnectFour-v0", opponent="expert", time=0.5)
    env.reset(seed=0)
    for _ in range(3):  # the agent stacks column 1: the expert must stop four
        obs, reward, terminated, _, info = env.step(0)
        assert reward == 0.0 and not terminated
    assert obs[:, 0, 1].any(), "an opponent's stone in column 1"
    # The agent throws its stones into column 7: the expert wins.
    while not terminated:
        action = 6 if info["action_mask"][6] else int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, terminated, _, info = env.step(action)
    assert reward == -1.0


def test_make_vec_is_the_batched_env():
    env = gymnasium.make_vec("bitgames/ConnectFour-v0", num_envs=8, vectorization_mode="vector_entry_point")
    assert isinstance(env, vector.VectorEnv) and env.num_envs == 8 and env.opponent == "random"
    assert env.single_action_space == gymnasium.spaces.Discrete(7)
    obs, info = env.reset(seed=0)
    assert obs.shape == (8, 6, 7, 2) and info["action_mask"].shape == (8, 7) and info["action_mask"].all()
    obs, reward, terminated, truncated, info = env.step(np.full(8, 3))
    # The agent's stone and the random opponent's answer, in every game.
    assert (obs[..., 0].sum(axis=(1, 2)) == 1).all() and (obs[..., 1].sum(axis=(1, 2)) == 1).all()
    assert reward.shape == (8,) and not terminated.any()
    for i, pos in enumerate(env.positions()):
        assert (info["action_mask"][i] == pos.legal_action_mask()).all()
    # With no mode given, the spec's vector entry point is used, kwargs pass through.
    env = gymnasium.make_vec("bitgames/TicTacToe-v0", num_envs=3, opponent="expert", agent=1)
    assert isinstance(env, vector.VectorEnv) and env.opponent == "expert"
    obs, info = env.reset(seed=0)
    assert (obs[..., 1].sum(axis=(1, 2)) == 1).all()  # the expert opened every game
    with pytest.raises(ValueError, match=r"num_envs 1000000000000 must be at least 1 and at most 16777216"):
        gymnasium.make_vec("bitgames/Santorini-v0", num_envs=10**12)


def test_make_vec_sync_steps_the_single_envs_with_masks():
    env = gymnasium.make_vec("bitgames/Santorini-v0", num_envs=2, vectorization_mode="sync")
    obs, info = env.reset(seed=0)
    assert obs.shape == (2, 5, 5, 6) and info["action_mask"].shape == (2, 753)
    for _ in range(4):
        actions = [env.single_action_space.sample(mask=m) for m in info["action_mask"]]
        obs, reward, terminated, truncated, info = env.step(np.array(actions))
    assert obs[..., 0].sum() == 4 and obs[..., 1].sum() == 4  # both sides placed two workers


def gymnasium_snippets():
    """The Python blocks of docs/python.md's `## Gymnasium` section."""
    text = (ROOT / "docs" / "python.md").read_text()
    section = text.split("\n## Gymnasium\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_the_docs_gymnasium_section_runs():
    snippets = gymnasium_snippets()
    assert len(snippets) >= 2
    for code in snippets:
        exec(compile(code, "docs/python.md", "exec"), {})


def test_module_doctest():
    import doctest

    result = doctest.testmod(bitgames.gym)
    assert result.attempted >= 4 and result.failed == 0
