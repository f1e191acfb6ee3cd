"""Santorini with the ten gods from Python: positions, the observation
planes and the action space of god games, the vector environment with fixed
and random gods, Gymnasium and PettingZoo."""

import pickle

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import api_test

import bitgames.santorini as sa
from bitgames import Santorini, aec, vector
from bitgames.gym import GameEnv
from gymnasium.utils.env_checker import check_env

EMPTY = "0000000000000000000000000"
APOLLO_PAN = f"{EMPTY}/1/apollo:B3,D3/pan:C4,C2"
#: God::ALL's order: the one-hot planes of a god.
ORDER = ["mortal", "apollo", "artemis", "athena", "atlas", "demeter", "hephaestus", "hermes",
         "minotaur", "pan", "prometheus", "hestia", "zeus", "pegasus", "urania", "hera", "hades",
         "hypnus", "limus", "persephone", "aphrodite", "iris",
         "maenads", "nike", "eros", "ares", "asteria", "charon",
         "scylla", "nemesis", "chronus", "clio", "europa", "medusa", "bellerophon", "theseus", "bia", "achilles", "castor", "aeolus",
         "graeae", "jason", "proteus", "selene", "hippolyta",
         "stymphalians", "polyphemus", "poseidon", "morpheus", "hydra",
         "harpies"]
#: The god observation's planes: the base game's 6, each side's god one-hot, Athena's two marks,
#: each side's power spent, "a turn is begun", each side's state number (unary), the spaces
#: each side's god state marks.
G = len(ORDER)
PLANES = 6 + 2 * G + 9
MARK = 6 + 2 * G
BEGUN = 6 + 2 * G + 4


def test_the_gods_and_their_powers():
    assert [name for name, _ in sa.god_powers()] == ORDER
    assert sa.GODS == tuple(ORDER[1:])
    powers = dict(sa.god_powers())
    assert powers["pan"] == "You also win if one of your workers moves down two or more levels."
    assert powers["mortal"] == "No power: the base game."


def test_a_start_with_gods():
    pos = Santorini(gods=("apollo", "pan"))
    assert pos.notation() == f"{EMPTY}/1/apollo/pan"
    assert pos.gods() == ("apollo", "pan") and pos.has_gods() and not pos.up_blocked()
    assert pos.num_actions() == sa.NUM_GOD_ACTIONS == 122_076
    assert pos.observation().shape == (5, 5, PLANES)
    # Placement as in the base game: the 300 pairs of spaces, same actions.
    assert pos.legal_actions() == Santorini().legal_actions() and len(pos.legal_actions()) == 300
    assert Santorini(pos.notation()) == pos
    assert pickle.loads(pickle.dumps(pos)) == pos
    # Any case, and the text form "a,b".
    assert Santorini(gods=" Apollo, PAN ") == pos == Santorini(gods=["apollo", "pan"])
    assert Santorini(gods=("pan", "apollo")) != pos


def test_two_mortals_are_the_base_game():
    pos = Santorini(gods=("mortal", "mortal"))
    assert pos == Santorini() and not pos.has_gods() and pos.gods() == ("mortal", "mortal")
    assert pos.num_actions() == 753 and pos.observation().shape == (5, 5, 6)
    # One god is enough for the gods' action space.
    assert Santorini(gods=("mortal", "atlas")).num_actions() == 122_076


def test_a_position_with_gods_and_apollos_swap():
    pos = Santorini(APOLLO_PAN)
    assert pos.notation() == APOLLO_PAN and pos.gods() == ("apollo", "pan")
    assert len(pos.legal_moves()) == 92
    # Into the opponent's space: the two workers swap, no build on B3.
    assert [m for m in pos.legal_moves() if m.startswith("B3>C4")] == [
        "B3>C4^B5", "B3>C4^C5", "B3>C4^D5", "B3>C4^B4", "B3>C4^D4", "B3>C4^C3"]
    pos.play("B3>C4^B5")
    assert pos.notation() == "0100000000000000000000000/2/apollo:C4,D3/pan:B3,C2"
    # A position written without gods takes them as an argument.
    mortal = Santorini(f"{EMPTY}/1/mortal:B3,D3/mortal:C4,C2", gods=("apollo", "pan"))
    assert mortal == Santorini(APOLLO_PAN)


def test_perft_with_gods_is_santorini_ais():
    # docs/santorini.md's table: santorini-ai's turns (its `next_moves`).
    assert Santorini(f"{EMPTY}/1/apollo:B3,D3/minotaur:C4,C2").perft(2) == 8_068
    assert Santorini(f"{EMPTY}/1/athena:B3,D3/pan:C4,C2").perft(2) == 5_156
    assert Santorini(f"{EMPTY}/1/atlas:B3,D3/hephaestus:C4,C2").perft(2) == 19_496
    prometheus = Santorini(f"{EMPTY}/1/prometheus:B3,D3/demeter:C4,C2")
    assert prometheus.perft(1) == 408
    assert len({prometheus.child(a).notation() for a in prometheus.legal_actions()}) == 378


def test_athenas_mark_keeps_the_opponent_down():
    levels = "0000000100000000000000000"  # C4 on level 1, next to the mortal on C3
    blocked = Santorini(f"{levels}/2/athena:A5,E1/mortal-:C3,B2")
    free = Santorini(f"{levels}/2/athena:A5,E1/mortal:C3,B2")
    assert blocked.up_blocked() and not free.up_blocked()
    assert not any(m.startswith("C3>C4") for m in blocked.legal_moves())
    assert sum(m.startswith("C3>C4") for m in free.legal_moves()) == 8
    assert len(blocked.legal_moves()) == 81 and len(free.legal_moves()) == 89
    # The mark's planes: MARK for the observer, MARK + 1 for its opponent.
    mover, athena = blocked.observation(1), blocked.observation(0)
    assert mover[..., MARK].all() and not mover[..., MARK + 1].any()
    assert athena[..., MARK + 1].all() and not athena[..., MARK].any()
    assert not free.observation(1)[..., MARK:].any()


def test_the_observation_planes_of_a_god_game():
    pos = Santorini("0000000000200030000000004/1/apollo:B3,D3/pan:C4,C2")
    for player, mine, theirs, my_god, their_god in [(0, ["B3", "D3"], ["C2", "C4"], "apollo", "pan"),
                                                    (1, ["C2", "C4"], ["B3", "D3"], "pan", "apollo")]:
        obs = pos.observation(player)
        assert obs.shape == (5, 5, PLANES) and obs.dtype == np.bool_
        # The base game's six planes, as without gods.
        base = Santorini("0000000000200030000000004/1/mortal:B3,D3/mortal:C4,C2").observation(player)
        assert (obs[..., :6] == base).all()
        spaces = lambda plane: sorted(f"{'ABCDE'[c]}{5 - r}" for r, c in zip(*np.nonzero(plane)))
        assert spaces(obs[..., 0]) == mine and spaces(obs[..., 1]) == theirs
        assert spaces(obs[..., 2]) == ["A3", "E1", "E3"] and spaces(obs[..., 3]) == ["A3", "E1", "E3"]
        assert spaces(obs[..., 4]) == ["E1", "E3"]
        assert spaces(obs[..., 5]) == ["E1"]
        # One god plane each, all ones; nothing else.
        assert [ORDER[i] for i in range(G) if obs[..., 6 + i].all()] == [my_god]
        assert [ORDER[i] for i in range(G) if obs[..., 6 + G + i].all()] == [their_god]
        assert obs[..., 6:].sum() == 2 * 25


def test_every_legal_action_names_its_move_and_back():
    pos = Santorini(f"{EMPTY}/1/prometheus:B3,D3/hermes:C4,C2")
    rng = np.random.default_rng(2)
    seen = 0
    while not pos.is_terminal() and seen < 40:
        actions, moves = pos.legal_actions(), pos.legal_moves()
        assert len(set(actions)) == len(moves)  # one action a turn
        assert sorted(pos.action_to_move(a) for a in actions) == sorted(moves)
        assert all(pos.move_to_action(m) in actions for m in moves)
        assert np.flatnonzero(pos.legal_action_mask()).tolist() == actions
        pos.apply_action(int(rng.choice(actions)))
        seen += 1
    assert seen >= 10


def test_the_action_layout_of_the_docs():
    def action(gods, move):
        return Santorini(f"{EMPTY}/1/{gods}:B3,D3/pan:C4,C2").move_to_action(move)
    # Worker 0 is B3 (space 11), worker 1 D3; A5 is space 0, A4 5, E4 9.
    assert action("apollo", "B3>A4^A5") == 625 + 26 * 5 + 0
    assert action("apollo", "D3>E4^E5") == 625 + 26 * (25 + 9) + 4
    assert action("atlas", "B3>A4^A5X") == 2575 + 25 * 5 + 0
    assert action("demeter", "B3>A4^A5^B5") == 4450 + 25 * (25 * 5 + 0) + 1
    assert action("hephaestus", "B3>A4^^A5") == 4450 + 25 * (25 * 5 + 0) + 0
    assert action("prometheus", "^A4 B3>B4^A5") == 51325 + 25 * (25 * 6 + 0) + 5
    assert action("hermes", "^A4") == 98200 + 5
    assert action("hermes", "(B3,D3)>(A5,B5)^C5") == 98225 + 25 * (25 * 0 + 1) + 2
    # The Graeae: worker 2 (the third, on E1: space 24) moves; three placed
    # on A5, C4 and E1 (0 < 7 < 24) rank 0 + 21 + 2024.
    graeae = Santorini(f"{EMPTY}/1/graeae:A5,C4,E1/pan:C2,A1")
    assert graeae.move_to_action("E1>D1^D5") == 625 + 26 * (2 * 25 + 23) + 3
    start = Santorini(gods=("graeae", "pan"))
    assert start.move_to_action("A5,C4,E1") == 113850 + 0 + 21 + 2024
    # Jason's kept worker put on A5 (0), then built beside on B5 (1).
    assert action("jason", "+A5^B5") == 116150 + 25 * 0 + 1
    # A win: build 25. Pan on level 2 (C3, space 12: worker 0) wins up onto
    # D3 (13) and by falling to level 0 (B4, 6).
    pan = Santorini("0000000000002300000000000/1/pan:C3,A1/mortal:E5,E1")
    assert pan.move_to_action("C3>D3#") == 625 + 26 * 13 + 25
    assert pan.move_to_action("C3>B4#") == 625 + 26 * 6 + 25
    assert sum(m.endswith("#") for m in pan.legal_moves()) == 8


def test_bad_gods_and_bad_actions_say_what_is_wrong():
    with pytest.raises(ValueError, match=r'"chaos" is not a god: use mortal, apollo'):
        Santorini(gods=("chaos", "pan"))
    with pytest.raises(ValueError, match=r"gods must name two gods.*got 3 names"):
        Santorini(gods=("pan", "pan", "pan"))
    with pytest.raises(TypeError, match="gods must be two god names.*got int"):
        Santorini(gods=3)
    with pytest.raises(ValueError, match="gods='random' is for the environments"):
        Santorini(gods="random")
    with pytest.raises(ValueError, match=r"the position names its gods \(apollo and pan\)"):
        Santorini(APOLLO_PAN, gods=("atlas", "pan"))
    with pytest.raises(ValueError, match="bad Santorini position .*player 1's section must be a god.*chaos"):
        Santorini(f"{EMPTY}/1/chaos:B3,D3/pan:C4,C2")
    # A pair santorini-ai bans, as gods= or in a position.
    banned = "Hades and Pan may not play each other \\(a banned matchup"
    with pytest.raises(ValueError, match=banned):
        Santorini(gods=("hades", "pan"))
    with pytest.raises(ValueError, match=banned):
        vector.make("santorini", num_envs=2, seed=0, gods=("hades", "pan"))
    with pytest.raises(ValueError, match="bad Santorini position .*Hades and Pan may not play"):
        Santorini(f"{EMPTY}/1/hades:B3,D3/pan:C4,C2")
    # The list of banned pairs is the one gods= refuses: each pair, in either order.
    pairs = sa.banned_pairs()
    assert ("pan", "hades") in pairs and ("ares", "ares") in pairs and ("apollo", "pan") not in pairs
    for a, b in pairs:
        for pair in ((a, b), (b, a)):
            with pytest.raises(ValueError, match="may not play each other"):
                Santorini(gods=pair)
    names = [n for n, _ in sa.god_powers()]
    allowed = [(a, b) for a in names for b in names if (a, b) not in pairs and (b, a) not in pairs]
    assert len(allowed) + sum(2 - (a == b) for a, b in pairs) == len(names) ** 2
    for pair in allowed[::37]:
        assert Santorini(gods=pair).notation().endswith(f"/{pair[0]}/{pair[1]}")
    pos = Santorini(APOLLO_PAN)
    with pytest.raises(ValueError, match=r"action 122076 is outside 0\.\.122075"):
        pos.apply_action(122_076)
    with pytest.raises(ValueError, match=r"action 0 names no move"):
        pos.apply_action(0)
    # A Hermes turn (both workers) is no turn of Apollo's.
    hermes = Santorini(f"{EMPTY}/1/hermes:B3,D3/pan:C4,C2")
    both = next(m for m in hermes.legal_moves() if m.startswith("("))
    with pytest.raises(ValueError, match=r"action \d+ \(move \(B3,D3\)>.*\)"):
        pos.apply_action(hermes.move_to_action(both))
    assert pos == Santorini(APOLLO_PAN)
    with pytest.raises(ValueError, match=r'bad Santorini position .*"chaos" is not a god'):
        sa.naive_successors(f"{EMPTY}/1/chaos:B3,D3/pan:C4,C2")


def test_the_vector_environment_with_fixed_gods():
    env = vector.make("santorini", num_envs=3, seed=0, gods=("athena", "minotaur"))
    assert env.single_num_actions == 122_076 and env.single_obs_shape == (5, 5, PLANES)
    assert env.single_action_space.n == 122_076
    obs, info = env.reset()
    assert obs.shape == (3, 5, 5, PLANES) and info["action_mask"].shape == (3, 122_076)
    assert info["action_mask"].sum(axis=1).tolist() == [300, 300, 300]
    assert obs[..., 6 + ORDER.index("athena")].all() and obs[..., 6 + G + ORDER.index("minotaur")].all()
    for _ in range(30):
        obs, reward, term, trunc, info = env.step(env.sample_actions())
    assert all(p.gods() == ("athena", "minotaur") for p in env.positions())
    # The base game keeps its actions and planes.
    base = vector.make("santorini", num_envs=2, seed=0)
    assert base.single_num_actions == 753 and base.single_obs_shape == (5, 5, 6)
    assert "gods=('athena', 'minotaur')" in repr(env)


def gods_of_games(seed, resets):
    """The gods of every game of a 4-environment vector env over `resets` resets."""
    env = vector.make("santorini", num_envs=4, seed=seed, gods="random")
    seen = []
    for _ in range(resets):
        env.reset()
        seen.append([p.gods() for p in env.positions()])
    return seen


def test_random_gods_are_drawn_at_every_reset_and_seeded():
    a, b, c = gods_of_games(5, 40), gods_of_games(5, 40), gods_of_games(6, 40)
    assert a == b and a != c
    pairs = {pair for games in a for pair in games}
    gods = {god for pair in pairs for god in pair}
    # Drawn from the ten simple gods (sa.GODS: those first, then the later ones).
    assert gods == set(sa.GODS[:10]) and len(pairs) > 60  # 160 draws of 100 pairs
    # A game that ends draws a new pair when its environment resets.
    env = vector.make("santorini", num_envs=8, seed=1, gods="random", opponent="random")
    env.reset()
    first = [p.gods() for p in env.positions()]
    drawn = set(first)
    for _ in range(200):
        _, _, term, trunc, _ = env.step(env.sample_actions())
        drawn |= {p.gods() for p in env.positions()}
    assert len(drawn) > len(set(first))


def test_vector_gods_errors():
    with pytest.raises(TypeError, match="ConnectFour has no gods"):
        vector.make("connect_four", num_envs=2, gods=("apollo", "pan"))
    with pytest.raises(ValueError, match=r"""gods "randon" is neither 'random' nor two god names"""):
        vector.make("santorini", num_envs=2, gods="randon")
    env = vector.make("santorini", num_envs=2, seed=0, gods="apollo,pan")
    env.reset()
    with pytest.raises(ValueError, match=r"environment 1: action 122076 is outside 0\.\.122075"):
        env.step(np.array([1, 122_076]))
    with pytest.raises(ValueError, match=r"environment 0: action 625 names no move"):
        env.step(np.array([625, 1]))  # a turn's action while placing: no worker to move


def test_the_expert_and_gymnasium_with_gods():
    env = vector.make("santorini", num_envs=2, seed=3, gods="random", opponent="expert", depth=1)
    obs, info = env.reset()
    for _ in range(6):
        obs, reward, term, trunc, info = env.step(env.sample_actions())
        assert info["action_mask"].shape == (2, 122_076)
    made = gymnasium.make("bitgames/Santorini-v0", gods="random", illegal_action="lose")
    check_env(made.unwrapped, skip_render_check=True)
    assert made.action_space.n == 122_076 and made.observation_space.shape == (5, 5, PLANES)
    single = GameEnv("santorini", opponent="random", gods=("pan", "atlas"))
    assert single.observation_space.shape == (5, 5, PLANES) and single.action_space.n == 122_076
    obs, info = single.reset(seed=0)
    assert obs[..., 6 + ORDER.index("pan")].all() and info["action_mask"].sum() == 300
    assert single.position.gods() == ("pan", "atlas")


@pytest.mark.parametrize("gods", [None, ("apollo", "pan"), ("hermes", "prometheus"), "random"])
def test_pettingzoo_api_test_santorini(gods):
    api_test(aec.env("santorini", gods=gods), num_cycles=300)


def test_pettingzoo_santorini_plays_to_the_end_with_random_gods():
    e = aec.env("santorini", gods="random")
    pairs = []
    for seed in range(3):
        e.reset(seed=seed)
        pairs.append(e.unwrapped.pos.gods())
        rng = np.random.default_rng(seed)
        while not any(e.terminations.values()):
            mask = e.observe(e.agent_selection)["action_mask"]
            assert mask.shape == (122_076,)
            e.step(int(rng.choice(np.flatnonzero(mask))))
        assert sorted(e.rewards.values()) == [-1, 1]
    e.reset(seed=1)
    assert e.unwrapped.pos.gods() == pairs[1]  # seeded
    with pytest.raises(TypeError, match="connect_four has no gods"):
        aec.env("connect_four", gods=("apollo", "pan"))
    with pytest.raises(ValueError, match=r'"chaos" is not a god'):
        aec.env("santorini", gods=("chaos", "pan"))


def test_a_god_state_reads_back_and_its_marks_are_planes():
    # Europa's talus on C4, Clio's coins: the state is part of the position.
    pos = Santorini(f"{EMPTY}/1/europa[C4]:C3,A1/mortal:E5,E1")
    assert pos.notation() == f"{EMPTY}/1/europa[C4]:C3,A1/mortal:E5,E1"
    assert "C3>C4^B4" not in pos.legal_moves() and "C3>D4^C4" not in pos.legal_moves()
    pos.play("C3>D3^C3@D4")   # she builds on C3, then moves the talus to D4
    assert pos.notation() == f"{EMPTY[:12]}1{EMPTY[13:]}/2/europa[D4]:D3,A1/mortal:E5,E1"
    talus = 5 + 3               # D4, row-major
    mine, theirs = pos.observation(0), pos.observation(1)
    assert mine[talus // 5, talus % 5, PLANES - 2] and mine[..., PLANES - 2].sum() == 1
    assert theirs[talus // 5, talus % 5, PLANES - 1] and not theirs[..., PLANES - 2].any()
    # A hero's power spent: all ones on the plane of its side.
    hero = Santorini(f"{EMPTY}/1/bellerophon[x]:C3,A1/theseus:E5,E1")
    assert hero.observation(0)[..., MARK + 2].all() and not hero.observation(0)[..., MARK + 3].any()
    assert hero.observation(1)[..., MARK + 3].all() and not hero.observation(1)[..., MARK + 2].any()
    with pytest.raises(ValueError, match=r"clio has 1 coin left, so at most 2 on the board, not 3"):
        Santorini(f"{EMPTY}/1/clio[1|A5,B5,C5]:C3,A1/mortal:E5,E1")


def space(name):
    """A space's row-major number: A5 is 0, E1 is 24."""
    return (5 - int(name[1])) * 5 + "ABCDE".index(name[0])


def test_a_turn_of_many_builds_takes_one_action_a_build():
    pos = Santorini(f"{EMPTY}/1/poseidon:A1,E5/mortal:C3,C1")
    first = pos.move_to_action("A1>B2^A1")
    assert first == pos.move_to_action("A1>B2^A1*D4*D4")
    pos.apply_action(first)
    # Begun: the same player, the board as the turn stands, three ways on or the end.
    assert pos.current_player() == 0 and pos.notation() == f"{EMPTY}/1/poseidon:E5,A1/mortal:C3,C1"
    assert pos.legal_actions() == sorted([sa.GO_ON + space(s) for s in ("D5", "D4", "E4")] + [sa.END_TURN])
    assert sorted(pos.legal_moves()) == ["A1>B2^A1", "A1>B2^A1*D4", "A1>B2^A1*D5", "A1>B2^A1*E4"]
    obs = pos.observation()
    assert obs[..., BEGUN].all() and obs[4, 0, 2] and obs[3, 1, 0]  # A1 built, the worker on B2
    assert pos.legal_action_mask().sum() == 4
    with pytest.raises(ValueError, match=r"does not go on with the turn begun: the legal actions are"):
        pos.apply_action(sa.GO_ON + space("C3"))
    with pytest.raises(ValueError, match=r"a turn is begun here"):
        pos.play("E5>D5^E5")
    again = pickle.loads(pickle.dumps(pos))
    assert again == pos and again.legal_actions() == pos.legal_actions()
    pos.apply_action(sa.GO_ON + space("D4"))
    pos.apply_action(sa.GO_ON + space("D4"))
    assert pos.current_player() == 0 and sa.GO_ON + space("D4") in pos.legal_actions()
    pos.apply_action(sa.GO_ON + space("E4"))  # the third build ends the turn
    assert pos.current_player() == 1
    assert pos.notation() == "0000000021000000000010000/2/poseidon:E5,B2/mortal:C3,C1"
    # Ended early.
    short = Santorini(f"{EMPTY}/1/poseidon:A1,E5/mortal:C3,C1")
    short.apply_action(first)
    short.apply_action(sa.END_TURN)
    assert short.notation() == "0000000000000000000010000/2/poseidon:E5,B2/mortal:C3,C1"


def test_a_vector_env_waits_for_the_rest_of_a_begun_turn():
    env = vector.make("santorini", num_envs=4, seed=3, gods=("poseidon", "morpheus"))
    obs, info = env.reset()
    begun = ended = 0
    for _ in range(300):
        players = [p.current_player() for p in env.positions()]
        obs, reward, term, trunc, info = env.step(env.sample_actions())
        for i in np.flatnonzero(obs[:, 0, 0, BEGUN]):
            # A begun turn: the same player, its continuations and the end only.
            begun += 1
            legal = np.flatnonzero(info["action_mask"][i])
            assert legal[-1] == sa.END_TURN and (legal[:-1] >= sa.GO_ON).all()
            assert env.positions()[i].current_player() == players[i]
            assert reward[i] == 0 and not term[i] and not trunc[i]
            assert obs[i, ..., BEGUN].all()
        ended += int(term.sum())
    assert begun > 100 and ended > 0


def test_the_number_a_god_state_holds_is_a_unary_plane():
    pos = Santorini(f"{EMPTY}/1/morpheus[2]:A1,E5/clio[1|C3]:C3,C1")
    mine, theirs = pos.observation(0), pos.observation(1)
    # Morpheus keeps 2 blocks: A5 and B5; Clio has 1 coin left: A5.
    assert mine[..., PLANES - 4].sum() == 2 and mine[0, 0, PLANES - 4] and mine[0, 1, PLANES - 4]
    assert mine[..., PLANES - 3].sum() == 1 and theirs[..., PLANES - 4].sum() == 1
    assert theirs[..., PLANES - 3].sum() == 2
    pos.play("A1>A2")  # no build: one more block kept
    assert pos.observation(0)[..., PLANES - 4].sum() == 3


def test_hydras_move_and_build_wait_for_her_act():
    pos = Santorini(f"{EMPTY}/1/hydra:B3,D3/mortal:C4,C2")
    first = pos.move_to_action("B3>B4^A5@B5")
    pos.apply_action(first)
    # No end: her move and build is no turn without her worker gained.
    gained = sorted(sa.GO_ON + space(s) for s in ("B5", "A4", "A3", "B3", "C3", "C5"))
    assert pos.legal_actions() == gained and sa.END_TURN not in pos.legal_actions()
    pos.apply_action(sa.GO_ON + space("B5"))
    assert pos.notation() == "1000000000000000000000000/2/hydra:B5,B4,D3/mortal:C4,C2"


def test_nemesis_swap_of_two_of_hydras_four_is_spelled():
    pos = Santorini("0000000000001000000000000/1/nemesis:A5,A4/hydra:C1,D2,E1,E3")
    first = pos.move_to_action("A5>B5^C5[<>E3,E1]")
    # The first action names E3; the last of hers (E1) begins no swap.
    assert first == pos.move_to_action("A5>B5^C5[<>E3,D2]")
    assert pos.move_to_action("A5>B5^C5[<>D2,E1]") != first
    pos.apply_action(first)
    assert pos.current_player() == 0
    then = sorted(sa.GO_ON + space(s) for s in ("D2", "C1", "E1"))
    assert pos.legal_actions() == then and sa.END_TURN not in pos.legal_actions()
    pos.apply_action(sa.GO_ON + space("E1"))
    assert pos.notation() == "0010000000001000000000000/2/nemesis:E3,E1/hydra:B5,A4,D2,C1"
