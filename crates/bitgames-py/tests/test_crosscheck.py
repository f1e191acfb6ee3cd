"""The same random action sequences in our batched environment and in pgx
(JAX, CPU) and OpenSpiel: the same legal masks, observations (pgx), terminal
steps and returns, over thousands of games. Both are installed by .ci/run;
a test whose reference is missing fails (it does not skip)."""

import importlib

import numpy as np
import pytest

from bitgames import vector

GAMES = {"connect_four": ("connect_four", 42), "tic_tac_toe": ("tic_tac_toe", 9)}


def need(module):
    try:
        return importlib.import_module(module)
    except ImportError as e:  # fail loudly: the cross-check is part of the suite
        pytest.fail(f"{module} is not installed ({e}): pip install pgx jax open_spiel")


def random_actions(mask, rng):
    """A uniformly random legal action per row of `mask` (vectorised)."""
    return np.argmax(rng.random(mask.shape) * mask, axis=1)


@pytest.mark.parametrize("game", list(GAMES))
def test_against_pgx(game):
    jax = need("jax")
    pgx = need("pgx")
    jnp = jax.numpy
    n = 2000
    pgx_name, max_plies = GAMES[game]
    penv = pgx.make(pgx_name)
    init, step = jax.jit(jax.vmap(penv.init)), jax.jit(jax.vmap(penv.step))
    state = init(jax.random.split(jax.random.PRNGKey(0), n))
    first = np.asarray(state.current_player)  # pgx draws which player id moves first
    env = vector.make(game, num_envs=n, seed=0)
    obs, info = env.reset()
    rng = np.random.default_rng(11)
    alive = np.ones(n, dtype=bool)
    ended_at = np.full(n, -1)
    for t in range(max_plies):
        assert (np.asarray(state.legal_action_mask)[alive] == info["action_mask"][alive]).all(), t
        assert (np.asarray(state.observation)[alive] == obs[alive]).all(), t
        actions = random_actions(info["action_mask"], rng)
        state = step(state, jnp.asarray(actions, dtype=jnp.int32))
        obs, reward, term, trunc, info = env.step(actions)
        pterm = np.asarray(state.terminated)
        assert (pterm[alive] == term[alive]).all(), t
        # pgx's rewards are indexed by player id; ours by turn order.
        prew = np.asarray(state.rewards)
        ours_by_id = np.where(first[:, None] == 0, info["rewards"], info["rewards"][:, ::-1])
        assert (prew[alive] == ours_by_id[alive]).all(), t
        ended_at[alive & term] = t
        alive &= ~term
    assert not alive.any() and (ended_at >= 0).all()
    # Thousands of games with a spread of lengths and results, not one path.
    assert len(set(ended_at.tolist())) >= (5 if game == "tic_tac_toe" else 20)


@pytest.mark.parametrize("game", list(GAMES))
def test_against_open_spiel(game):
    pyspiel = need("pyspiel")
    spiel = pyspiel.load_game(game)
    n = 2000
    env = vector.make(game, num_envs=n, seed=3)
    _, info = env.reset()
    states = [spiel.new_initial_state() for _ in range(n)]
    rng = np.random.default_rng(5)
    alive = np.ones(n, dtype=bool)
    results = {}
    for t in range(GAMES[game][1]):
        actions = random_actions(info["action_mask"], rng)
        for i in np.flatnonzero(alive):
            assert states[i].legal_actions() == np.flatnonzero(info["action_mask"][i]).tolist()
            states[i].apply_action(int(actions[i]))
        _, _, term, _, info = env.step(actions)
        for i in np.flatnonzero(alive):
            assert states[i].is_terminal() == bool(term[i])
            if term[i]:
                assert states[i].returns() == info["rewards"][i].tolist()
                r = tuple(states[i].returns())
                results[r] = results.get(r, 0) + 1
        alive &= ~term
    assert not alive.any()
    assert set(results) >= {(1.0, -1.0), (-1.0, 1.0)}
