"""The batched environments: shapes, next-step autoreset, errors, opponents,
and the same results on one thread and on several."""

import gymnasium
import numpy as np
import pytest

from bitgames import ConnectFour, vector


def test_shapes_for_every_game():
    for game, shape, n in [("connect_four", (6, 7, 2), 7), ("tic_tac_toe", (3, 3, 2), 9), ("santorini", (5, 5, 6), 753)]:
        env = vector.make(game, num_envs=5, seed=0)
        assert isinstance(env, gymnasium.vector.VectorEnv)
        obs, info = env.reset()
        assert obs.shape == (5, *shape) and obs.dtype == np.bool_
        assert info["action_mask"].shape == (5, n) and info["action_mask"].any(axis=1).all()
        obs, reward, term, trunc, info = env.step(env.sample_actions())
        assert reward.shape == (5,) and reward.dtype == np.float32
        assert term.shape == trunc.shape == (5,) and info["rewards"].shape == (5, 2)
        assert (info["current_player"] == 1).all()


def test_a_win_then_next_step_autoreset():
    env = vector.make("connect_four", num_envs=3, seed=0)
    env.reset()
    # Player 0 stacks column 1, player 1 column 2: player 0 wins at the 7th move.
    for t, col in enumerate([0, 1, 0, 1, 0, 1, 0]):
        obs, reward, term, trunc, info = env.step(np.full(3, col))
        assert term.all() == (t == 6)
    assert (reward == 1).all() and (info["rewards"] == [1, -1]).all()
    assert not info["action_mask"].any()
    assert env.positions()[0] == ConnectFour("1212121")
    # The next step ignores the actions (even illegal ones) and starts new games.
    obs, reward, term, trunc, info = env.step(np.array([6, 6, 6]))
    assert not obs.any() and not term.any() and (reward == 0).all()
    assert info["action_mask"].all() and (info["current_player"] == 0).all()
    assert env.positions()[1] == ConnectFour()


def test_bad_actions_raise_and_nothing_moves():
    env = vector.make("connect_four", num_envs=2, seed=0)
    env.reset()
    for _ in range(6):
        env.step(np.array([3, 0]))
    before = env.positions()
    with pytest.raises(ValueError, match=r"environment 0: action 3 \(move 4\): column 4 is full"):
        env.step(np.array([3, 1]))
    with pytest.raises(ValueError, match=r"environment 1: action 9 is outside 0\.\.6"):
        env.step(np.array([1, 9]))
    with pytest.raises(ValueError, match="expected 2 actions"):
        env.step(np.array([1, 1, 1]))
    with pytest.raises(TypeError, match="integer array"):
        env.step(np.array([1.0, 2.0]))
    with pytest.raises(ValueError, match="one-dimensional"):
        env.step(np.zeros((2, 1), dtype=int))
    assert env.positions() == before
    env.step([1, 1])  # a list works too
    env.close()
    with pytest.raises(ValueError, match="the environment is closed"):
        env.step(np.array([0, 0]))
    with pytest.raises(ValueError, match="the environment is closed"):
        env.reset()
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        vector.make("chess", 1)
    with pytest.raises(ValueError, match="opponent `smart`"):
        vector.make("connect_four", 1, opponent="smart")
    with pytest.raises(ValueError, match=r"^num_envs 0 must be at least 1 and at most 16777216$"):
        vector.make("connect_four", 0)
    with pytest.raises(ValueError, match=r"^num_envs 16777217 must be at least 1 and at most 16777216$"):
        vector.make("santorini", 2**24 + 1)
    with pytest.raises(ValueError, match=r"^num_envs -1 must be at least 1 and at most 16777216$"):
        vector.make("connect_four", -1)
    with pytest.raises(TypeError, match=r"^num_envs must be an integer, got float$"):
        vector.make("connect_four", 2.0)
    with pytest.raises(ValueError, match=r"^agent 2 must be at least 0 and at most 1$"):
        vector.make("connect_four", 1, opponent="random", agent=2)
    with pytest.raises(ValueError, match=r"^seed -1 must be at least 0 and at most 18446744073709551615$"):
        vector.make("connect_four", 1, seed=-1)
    with pytest.raises(ValueError, match=r"^threads 0 must be at least 1 and at most 256$"):
        vector.make("connect_four", 1, threads=0)
    with pytest.raises(ValueError, match=r"^time 1e300 must be a positive number of seconds, at most 86400 \(a day\)$"):
        vector.make("connect_four", 1, opponent="expert", time=1e300)
    with pytest.raises(ValueError, match=r"^time nan must be a positive"):
        vector.make("tic_tac_toe", 1, opponent="expert", time=float("nan"))


def test_one_thread_and_many_give_the_same_games():
    # 9,000 games: above the size from which light steps are spread over
    # the threads.
    outs = []
    for threads in (1, 2):
        env = vector.make("connect_four", num_envs=9000, seed=42, threads=threads)
        env.reset()
        record = []
        for _ in range(60):
            mask = env.core.step(env.sample_actions())[1]
            record.append(mask.copy())
        outs.append((np.array(record), [p.notation() for p in env.positions()]))
    assert (outs[0][0] == outs[1][0]).all() and outs[0][1] == outs[1][1]


def test_an_expert_opponent_plays_the_same_on_one_thread_and_many():
    # A small batch with an expert opponent is spread over the threads (its
    # chunks taken by whichever thread is free): the games are the same.
    outs = []
    for threads in (1, 2):
        env = vector.make("tic_tac_toe", num_envs=300, seed=3, opponent="expert", threads=threads)
        env.reset()
        record = []
        for _ in range(12):
            obs, reward, term, trunc, info = env.step(env.sample_actions())
            record.append((obs.copy(), reward.copy(), term.copy()))
        outs.append((record, [p.notation() for p in env.positions()]))
    for (a, b) in zip(outs[0][0], outs[1][0]):
        assert all((x == y).all() for x, y in zip(a, b))
    assert outs[0][1] == outs[1][1]
    assert sum(int(r[2].sum()) for r in outs[0][0]) > 0, "some games ended"


@pytest.mark.parametrize("opponent", [None, "random"])
def test_every_step_reports_the_positions_own_planes_mask_and_reward(opponent):
    # Across many autoresets: the env's outputs equal what each position
    # says of itself, and the reward is the acting player's (or the agent's).
    env = vector.make("connect_four", num_envs=64, seed=7, opponent=opponent, agent=1)
    obs, info = env.reset()
    ended = 0
    for _ in range(400):
        acting = info["current_player"].copy()
        obs, reward, term, trunc, info = env.step(env.sample_actions())
        positions = env.positions()
        assert (obs == np.stack([p.observation() for p in positions])).all()
        assert (info["action_mask"] == np.stack([p.legal_action_mask() for p in positions])).all()
        assert (info["current_player"] == [p.current_player() for p in positions]).all()
        who = acting if opponent is None else np.full(64, 1)
        assert (reward == info["rewards"][np.arange(64), who]).all()
        assert reward.dtype == np.float32 and obs.dtype == np.bool_
        ended += int(term.sum())
    assert ended > 64 * 400 // 42  # every environment went through several games


def test_random_opponent_answers_inside_the_step():
    env = vector.make("connect_four", num_envs=4, seed=5, opponent="random")
    env.reset()
    obs, *_ = env.step(np.array([3, 3, 3, 3]))
    assert obs[..., 0].sum(axis=(1, 2)).tolist() == [1] * 4  # the agent's stone
    assert obs[..., 1].sum(axis=(1, 2)).tolist() == [1] * 4  # the opponent's reply
    second = vector.make("tic_tac_toe", num_envs=3, seed=5, opponent="random", agent=1)
    obs, info = second.reset()
    assert obs[..., 1].sum(axis=(1, 2)).tolist() == [1] * 3  # the opponent opened
    assert (info["current_player"] == 1).all()


def test_the_perfect_tictactoe_opponent_never_loses():
    env = vector.make("tic_tac_toe", num_envs=500, seed=9, opponent="expert")
    env.reset()
    wins = losses = games = 0
    for _ in range(12):
        obs, reward, term, trunc, info = env.step(env.sample_actions())
        wins += int((reward[term] > 0).sum())
        losses += int((reward[term] < 0).sum())
        games += int(term.sum())
    assert games >= 500 and wins == 0 and losses > 0


def test_the_connect_four_solver_opponent_blocks():
    env = vector.make("connect_four", num_envs=3, seed=0, opponent="expert", time=0.2)
    env.reset()
    for _ in range(4):  # the agent stacks column 1: the opponent must stop four
        obs, reward, term, trunc, info = env.step(np.zeros(3, dtype=int))
        assert not (reward > 0).any()
    assert obs[..., 1][:, :, 0].any(axis=1).all()  # an opponent's stone in column 1


def test_truncation():
    env = vector.make("tic_tac_toe", num_envs=2, seed=0, max_steps=2)
    env.reset()
    env.step(np.array([0, 0]))
    _, _, term, trunc, _ = env.step(np.array([1, 1]))
    assert trunc.all() and not term.any()


def test_module_doctests():
    import doctest

    from bitgames import aec

    for module in (vector, aec):
        result = doctest.testmod(module)
        assert result.attempted >= 4 and result.failed == 0, module.__name__
