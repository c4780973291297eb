"""The RL adapters as the field's libraries expect them (issue 23, items 1-4): every episode
ends, the masks where MaskablePPO, vector envs and PettingZoo look, OpenSpiel seeds of any
size, a fresh deal per episode, clones that do not carry the future, compact information
states, the lab's defaults everywhere, and OblivAeon in every adapter."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")
pyspiel = pytest.importorskip("pyspiel")

from interop_support import stalling_option  # noqa: E402

from multiverse import modes  # noqa: E402
from multiverse.agents.seeds import game_seed  # noqa: E402
from multiverse.engine.rng import SplitMix64  # noqa: E402
from multiverse.interop import games  # noqa: E402
from multiverse.interop.gym_env import ENV_IDS, MultiverseEnv  # noqa: E402
from multiverse.interop.openspiel_game import GAME_NAMES, game_string  # noqa: E402
from multiverse.interop.pettingzoo_env import MultiverseAECEnv, env  # noqa: E402

MODES = list(games.MODES)


# ----- 1. every episode ends ------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_every_adapter_plays_random_masked_actions_to_the_end(mode):
    """Gymnasium (sampling with the mask in `info`), PettingZoo (with the mask in `infos`)
    and OpenSpiel (random legal actions): each episode ends with the game's own result."""
    limit = games.max_game_length(games.make_config(mode))
    genv = MultiverseEnv(mode=mode)
    genv.action_space.seed(1)
    _, info = genv.reset(seed=3)
    done, steps = False, 0
    while not done:
        action = genv.action_space.sample(mask=info["action_mask"])
        _, _reward, terminated, truncated, info = genv.step(action)
        done, steps = terminated or truncated, steps + 1
    assert terminated and not truncated and info["result"] in ("win", "loss") and steps < limit

    penv = env(mode=mode)
    penv.reset(seed=3)
    for agent in penv.agent_iter(limit + 10):
        _, _, term, trunc, pinfo = penv.last()
        if term or trunc:
            penv.step(None)
            continue
        penv.step(penv.action_space(agent).sample(mask=pinfo["action_mask"]))
    assert not penv.agents and penv.unwrapped.state.result in ("win", "loss")

    state = pyspiel.load_game(GAME_NAMES[mode], {"seed": 3}).new_initial_state()
    rng = SplitMix64(4)
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[rng.below(len(actions))])
    assert state.engine_state.result in ("win", "loss") and state.returns()[0] in (1.0, -1.0)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_an_adversary_that_stalls_cannot_keep_a_game_going(mode, seed):
    """Always the option that comes back to the same decision (the zone move, a stay, a
    skip) if there is one: the rules still end the game, well within `max_game_length`."""
    config = games.make_config(mode)
    limit = games.max_game_length(config)
    s = games.new_state(config, seed)
    n = 0
    while s.decision() is not None and n < limit:
        s.apply(stalling_option(s))
        n += 1
    assert s.result in ("win", "loss"), f"{mode} seed {seed}: still going after {n} decisions"
    assert n < limit // 10


def test_the_oblivaeon_zone_move_is_offered_once_a_turn():
    """OBL-H1: answering the start-of-turn move with "move" does not offer it again."""
    config = games.make_config("oblivaeon")
    s = games.new_state(config, 5)
    seen = 0
    while s.decision() is not None and seen < 3:
        d = s.decision()
        if d.kind == "ob_zone_move":
            seen += 1
            moved = next(o.id for o in d.options if o.id == "move")
            s.apply(moved)
            nxt = s.decision()
            assert nxt is None or nxt.kind != "ob_zone_move" or nxt.seat != d.seat
            continue
        s.apply(d.options[0].id)
    assert seen == 3


def test_gymnasium_truncates_at_max_game_length_by_default():
    e = MultiverseEnv(mode="dofp")
    assert e.max_decisions == games.max_game_length(e.config)
    short = MultiverseEnv(mode="oblivaeon", max_decisions=4)
    _, info = short.reset(seed=2)
    flags = []
    for _ in range(4):
        _, _, terminated, truncated, info = short.step(int(np.flatnonzero(info["action_mask"])[0]))
        flags.append((terminated, truncated))
    assert flags == [(False, False)] * 3 + [(False, True)]


def test_pettingzoo_truncates_every_agent_together():
    raw = MultiverseAECEnv(mode="sentinels", max_decisions=3)
    assert MultiverseAECEnv(mode="sentinels").max_decisions == games.max_game_length(raw.config)
    raw.reset(seed=1)
    for _ in range(3):
        raw.step(int(np.flatnonzero(raw.infos[raw.agent_selection]["action_mask"])[0]))
    assert all(raw.truncations.values()) and not any(raw.terminations.values())
    assert {raw.infos[a]["truncated_at"] for a in raw.agents} == {3}


def test_openspiel_ends_a_game_at_its_length_limit_as_a_draw():
    game = pyspiel.load_game(GAME_NAMES["dofp"], {"seed": 2, "max_game_length": 5})
    assert game.max_game_length() == 5
    assert pyspiel.load_game(GAME_NAMES["dofp"]).max_game_length() == \
        games.max_game_length(games.make_config("dofp"))
    state = game.new_initial_state()
    for _ in range(5):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.engine_state.result is None
    assert state.returns() == [0.0] * game.num_players()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.legal_actions(0) == []
    with pytest.raises(games.IllegalAction, match="length limit"):
        state._apply_action(0)


# ----- 2. the libraries' conventions -----------------------------------------------------
def test_action_masks_is_what_maskable_ppo_reads():
    e = MultiverseEnv(mode="sentinels")
    obs, info = e.reset(seed=4)
    n = len(e.state.decision().options)
    masks = e.action_masks()
    assert masks.dtype == bool and masks.sum() == n and masks[:n].all()
    assert np.array_equal(masks, info["action_mask"].astype(bool))
    assert np.array_equal(masks, obs["action_mask"].astype(bool))


def test_a_vector_env_samples_each_copy_with_its_own_mask():
    envs = gym.vector.SyncVectorEnv([lambda: MultiverseEnv(mode="dofp") for _ in range(3)])
    obs, _ = envs.reset(seed=[1, 2, 3])
    envs.single_action_space.seed(0)
    for _ in range(25):
        actions = np.array([envs.single_action_space.sample(mask=m) for m in obs["action_mask"]])
        assert all(obs["action_mask"][i][a] for i, a in enumerate(actions))
        obs, _, _, _, _ = envs.step(actions)
    envs.close()


def test_openspiel_takes_any_lab_seed():
    """A lab seed is 63-bit; OpenSpiel's integer parameters are 32-bit: `seed_hex`."""
    big = game_seed(7, 3)
    assert big >= 2**31
    config = games.make_config("dofp")
    name = game_string("dofp", seed=big)
    assert name == f"python_multiverse_dofp(seed_hex={hex(big)})"
    state = pyspiel.load_game(name).new_initial_state()
    assert state.engine_state.state_hash() == games.new_state(config, big).state_hash()
    small = pyspiel.load_game(game_string("dofp", seed=12)).new_initial_state()
    assert small.engine_state.state_hash() == games.new_state(config, 12).state_hash()
    for bad in ({"seed_hex": "0xzz"}, {"seed": -7}):
        with pytest.raises(ValueError, match="seed"):
            pyspiel.load_game(GAME_NAMES["dofp"], bad)


def test_without_a_seed_every_episode_is_a_fresh_deal():
    from open_spiel.python import rl_environment

    game = pyspiel.load_game(GAME_NAMES["sentinels"])
    deals = {game.new_initial_state().engine_state.state_hash() for _ in range(4)}
    assert len(deals) == 4
    fixed = pyspiel.load_game(GAME_NAMES["sentinels"], {"seed": 9})
    assert len({fixed.new_initial_state().engine_state.state_hash() for _ in range(3)}) == 1
    environment = rl_environment.Environment(game)
    starts = set()
    for _ in range(3):
        environment.reset()
        starts.add(environment.get_state.engine_state.state_hash())
    assert len(starts) == 3


def test_a_clone_for_a_search_does_not_carry_the_future():
    """`clone()` keeps what the player to move sees and redraws the rest (other hands, deck
    orders, the generator), the same world for every clone of one state; `exact_clone()`
    (and `clone=exact`) copies it all."""
    game = pyspiel.load_game(GAME_NAMES["dofp"], {"seed": 4})
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[-1])
    p = state.current_player()
    real = state.engine_state.state_hash()
    clones = [state.clone() for _ in range(8)]
    assert all(c.information_state_string(p) == state.information_state_string(p) for c in clones)
    assert all(c.observation_tensor(p) == state.observation_tensor(p) for c in clones)
    assert all(c.history() == state.history() for c in clones)
    hashes = {c.engine_state.state_hash() for c in clones}
    assert real not in hashes and len(hashes) == 1  # one world per state: a consistent tree
    assert state.exact_clone().engine_state.state_hash() == real
    ahead = state.exact_clone()
    ahead.apply_action(ahead.legal_actions()[0])
    later = ahead.clone().engine_state.state_hash()
    assert later != ahead.engine_state.state_hash() and later not in hashes
    exact = pyspiel.load_game(GAME_NAMES["dofp"], {"seed": 4, "clone": "exact"}).new_initial_state()
    assert exact.clone().engine_state.state_hash() == exact.engine_state.state_hash()
    again = game.new_initial_state()  # the same game: the same clones, so a search reproduces
    for _ in range(3):
        again.apply_action(again.legal_actions()[-1])
    assert [again.clone().engine_state.state_hash() for _ in range(8)] == \
        [c.engine_state.state_hash() for c in clones]


def test_information_state_strings_are_compact():
    for mode in MODES:
        state = pyspiel.load_game(GAME_NAMES[mode], {"seed": 1}).new_initial_state()
        for p in range(state.num_players()):
            key = state.information_state_string(p)
            assert len(key) == 32 and int(key, 16) >= 0
        assert len(state.observation_string(0)) > 500  # the view itself stays readable


def test_openspiel_bots_run_through_evaluate_bots():
    from open_spiel.python.algorithms import evaluate_bots, mcts

    from multiverse.interop import openspiel_bots as ismcts

    game = pyspiel.load_game(GAME_NAMES["dofp"], {"seed": 5, "heroes": "logan+storm"})
    rs = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    for make in (lambda: mcts.MCTSBot(game, 1.4, 4, evaluator, random_state=rs),
                 lambda: ismcts.ISMCTSBot(game, evaluator, 1.4, 4, random_state=rs)):
        bots = [make() for _ in range(game.num_players())]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
        assert len(returns) == game.num_players() and len(set(returns)) == 1 and returns[0] in (1.0, -1.0)


def test_the_bots_docstring_example_runs():
    import doctest

    from multiverse.interop import openspiel_bots

    assert doctest.testmod(openspiel_bots).failed == 0


def test_pettingzoo_observations_are_numpy_arrays():
    e = env(mode="oblivaeon")
    e.reset(seed=1)
    obs, _, _, _, info = e.last()
    space = e.observation_space(e.agent_selection)
    assert isinstance(obs, np.ndarray) and obs.dtype == np.float32 and space.contains(obs)
    assert info["action_mask"].dtype == np.int8


# ----- 3. one configuration everywhere ------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_every_entry_point_starts_from_the_labs_configuration(mode):
    from multiverse.cli.lab import build_config

    lab = build_config(mode, None)
    assert lab == modes.get(mode).make_config()
    assert MultiverseEnv(mode=mode).config == lab
    assert MultiverseAECEnv(mode=mode).config == lab
    assert pyspiel.load_game(GAME_NAMES[mode]).engine_config == lab


def test_a_lab_game_is_reproduced_in_the_env_by_its_seed():
    """Game 2 of a lab run with seed 11 is the env's `reset(seed=game_seed(11, 2))`: the same
    start, and the same agent's choices give the same game."""
    from multiverse.agents import agent_seed
    from multiverse.cli.lab import build_config
    from multiverse.lab.runner import AgentSpec, play_game

    config = build_config("sentinels", None)
    seed = game_seed(11, 2)
    result, _reason, _rounds, decisions = play_game(config, AgentSpec("random"), seed)
    e = MultiverseEnv(mode="sentinels")
    _, info = e.reset(seed=seed)
    assert e.state.state_hash() == games.new_state(config, seed).state_hash()
    agents = [AgentSpec("random").make(agent_seed(seed, p)) for p in range(e.n_seats)]
    done = False
    while not done:
        d = e.state.decision()
        option = agents[d.seat].choose(d, e.state)
        _, _, done, _, info = e.step(info["option_ids"].index(option))
    assert (e.state.result, e.state.decisions) == (result, decisions)


# ----- 4. OblivAeon is a first-class env ------------------------------------------------------
def test_oblivaeon_is_a_registered_gymnasium_env():
    from gymnasium.utils.env_checker import check_env

    assert ENV_IDS["oblivaeon"] == "multiverse/OblivAeon-v0"
    e = gym.make("multiverse/OblivAeon-v0")
    check_env(e.unwrapped, skip_render_check=True)
    obs, info = e.reset(seed=1)
    assert e.unwrapped.mode == "oblivaeon" and obs["action_mask"].sum() == len(info["option_ids"])
