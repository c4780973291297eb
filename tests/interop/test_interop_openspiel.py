"""The OpenSpiel games: OpenSpiel's own random simulation test, playouts through the Python
API, serialization, hidden information in the information-state strings."""

from __future__ import annotations

import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel")

from interop_support import random_positions, with_hands_reversed  # noqa: E402

from multiverse.engine.rng import SplitMix64  # noqa: E402
from multiverse.interop import games  # noqa: E402
from multiverse.interop.openspiel_game import (  # noqa: E402
    GAME_NAMES,
    load_game_and_state,
    parse_config_param,
    save_game_and_state,
)

GAMES = [
    ("python_multiverse_dofp", {"seed": 3}),
    ("python_multiverse_dofp", {"seed": 1, "solo": True}),
    ("python_multiverse_standard", {"seed": 2, "challenge": "sentinel-iii", "heroes": "logan+storm"}),
    ("python_multiverse_sentinels", {"seed": 4}),
    ("python_multiverse_sentinels", {"seed": 5, "heroes": "luminary+the-harpy+akash-thriya+la-comodora"}),
    ("python_multiverse_oblivaeon", {"seed": 6}),
]
IDS = ["dofp", "dofp-solo", "standard", "sentinels", "sentinels-4", "oblivaeon"]


def test_the_games_are_registered():
    names = set(pyspiel.registered_names())
    assert set(GAME_NAMES.values()) <= names
    gt = pyspiel.load_game("python_multiverse_dofp").get_type()
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.utility == pyspiel.GameType.Utility.IDENTICAL
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_openspiel_random_simulation_test(name, params):
    """OpenSpiel's C++ checks: clones, sorted legal actions, unique action strings,
    observations and information states for every player, identical returns, the game
    length bound. (Its serialization check needs `Game.GetRNGState` for a sampled
    stochastic game, which a Python game cannot provide: our chance lives in the state and
    serializes with it — checked below.) Its clone check asks for exact copies: `clone=exact`
    (the default resamples what the player to move cannot see, checked below)."""
    game = pyspiel.load_game(name, {**params, "clone": "exact"})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_serialization_round_trips_carry_the_chance(name, params):
    """A deserialized state is the same position with the same generator: the same actions
    give the same game from there on, chance included."""
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    rng = SplitMix64(21)
    checked = 0
    while not state.is_terminal():
        if state.move_number() % 7 == 0:
            again = game.deserialize_state(state.serialize())
            assert again.engine_state == state.engine_state and again.history() == state.history()
            a, b, r = state.exact_clone(), again, SplitMix64(checked)
            for _ in range(20):
                if a.is_terminal():
                    break
                act = r.below(len(a.legal_actions()))
                a.apply_action(act)
                b.apply_action(act)
            assert a.engine_state == b.engine_state
            checked += 1
        state.apply_action(rng.below(len(state.legal_actions())))
    assert checked > 2


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_random_games_play_to_the_end_through_the_python_api(name, params):
    game = pyspiel.load_game(name, params)
    rng = SplitMix64(9)
    state = game.new_initial_state()
    n = game.num_players()
    while not state.is_terminal():
        d = state.engine_state.decision()
        p = state.current_player()
        assert p == d.seat
        assert state.legal_actions() == list(range(len(d.options)))
        assert all(state.legal_actions(q) == [] for q in range(n) if q != p)
        mask = state.legal_actions_mask(p)
        assert sum(mask) == len(d.options) and len(mask) == game.num_distinct_actions()
        assert state.action_to_string(p, 0) == f"0:{d.options[0].id}"
        before = state.clone()
        state.apply_action(rng.below(len(d.options)))
        assert before.engine_state.decisions == state.engine_state.decisions - 1  # clones are independent
    r = state.returns()
    assert len(r) == n and len(set(r)) == 1 and r[0] in (1.0, -1.0)
    assert (r[0] == 1.0) == (state.engine_state.result == "win")
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_serialization_carries_the_engine_json():
    game = pyspiel.load_game("python_multiverse_dofp", {"seed": 6})
    state = game.new_initial_state()
    for a in (0, 1, 0):
        state.apply_action(a)
    again = game.deserialize_state(state.serialize())
    assert again.engine_state == state.engine_state and again.history() == state.history()
    g2, s2 = load_game_and_state(save_game_and_state(game, state))
    assert str(g2) == str(game) and s2.engine_state == state.engine_state
    assert s2.history() == state.history()
    s3 = pickle.loads(pickle.dumps(state))
    assert s3.engine_state == state.engine_state and s3.history() == state.history()
    g3 = pickle.loads(pickle.dumps(game))
    assert str(g3) == str(game) and g3.engine_config == game.engine_config
    with pytest.raises(pyspiel.SpielError, match="GetRNGState"):  # see the module docstring
        pyspiel.serialize_game_and_state(game, state)
    direct = game.state_from_json(state.to_json())
    assert direct.engine_state == state.engine_state and direct.history() == []
    assert direct.legal_actions() == state.legal_actions()


def test_the_seed_parameter_fixes_the_deal():
    a = pyspiel.load_game("python_multiverse_dofp", {"seed": 1}).new_initial_state()
    b = pyspiel.load_game("python_multiverse_dofp", {"seed": 1}).new_initial_state()
    c = pyspiel.load_game("python_multiverse_dofp", {"seed": 2}).new_initial_state()
    assert str(a) == str(b) != str(c)
    config = games.make_config("dofp", None)
    assert a.engine_state.state_hash() == games.new_state(config, 1).state_hash()


@pytest.mark.parametrize("mode", ["dofp", "sentinels"])
def test_information_states_hide_other_seats_hands(mode):
    game = pyspiel.load_game(GAME_NAMES[mode])
    n = game.num_players()
    checked = 0
    for s in random_positions(mode, None, range(2), every=6):
        for changed in range(n):
            t = with_hands_reversed(s, changed)
            if t is None:
                continue
            a, b = game.state_from_json(s), game.state_from_json(t)
            for p in range(n):
                if p != changed:
                    assert a.information_state_string(p) == b.information_state_string(p)
                    assert a.observation_string(p) == b.observation_string(p)
                    assert a.observation_tensor(p) == b.observation_tensor(p)
                    checked += 1
    assert checked > 10


def test_options_appear_only_in_the_deciding_players_observation():
    game = pyspiel.load_game("python_multiverse_dofp", {"seed": 2})
    state = game.new_initial_state()
    p = state.current_player()
    first = state.engine_state.decision().options[0].id
    assert f'"{first}"' in state.observation_string(p)
    for q in range(game.num_players()):
        if q != p:
            assert f'"{first}"' not in state.observation_string(q)


def test_config_parameter():
    assert parse_config_param("max_turns:60;tie_break:clockwise") == {"max_turns": 60, "tie_break": "clockwise"}
    game = pyspiel.load_game("python_multiverse_dofp(config=max_turns:60;tie_break:clockwise,seed=3)")
    assert game.engine_config.max_turns == 60 and game.engine_config.tie_break == "clockwise"
    with pytest.raises(Exception, match="key:value"):
        pyspiel.load_game("python_multiverse_dofp", {"config": "nonsense"})


def test_docstring_examples_run():
    import doctest

    import multiverse.interop.openspiel_game as module

    assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_resample_from_infostate_keeps_what_the_player_sees(name, params):
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    rng = SplitMix64(3)
    sampler = pyspiel.UniformProbabilitySampler(11, 0.0, 1.0)
    resampled = 0
    for step in range(60):
        if state.is_terminal():
            break
        if step % 6 == 0:
            for p in range(game.num_players()):
                before = state.engine_state.state_hash()
                r = state.resample_from_infostate(p, sampler)
                assert state.engine_state.state_hash() == before, "the state itself is untouched"
                assert r.information_state_string(p) == state.information_state_string(p)
                assert r.observation_tensor(p) == state.observation_tensor(p)
                assert r.current_player() == state.current_player()
                assert r.history() == state.history()
                resampled += r.engine_state.state_hash() != before
        state.apply_action(rng.below(len(state.legal_actions())))
    assert resampled > 0


class ValueEvaluator:
    """An OpenSpiel evaluator (`evaluate`, `prior`) from the mode's position evaluation: a
    cheap stand-in for random rollouts to the end."""

    def evaluate(self, state):
        from multiverse import modes

        s = state.engine_state
        return [2.0 * modes.of_state(s).value(s) - 1.0] * state.num_players()

    def prior(self, state):
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


def play_with_openspiel_ismcts(name: str, params: dict, evaluator=None, seed: int = 1,
                               seeded: bool = True):
    import numpy as np
    from open_spiel.python.algorithms import ismcts

    game = pyspiel.load_game(name, params)
    rs = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, evaluator or ValueEvaluator(), uct_c=2.0, max_simulations=3,
                           random_state=rs)
    if seeded:
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        bot.set_resampler(lambda st, p: st.resample_from_infostate(p, sampler))
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    return state


@pytest.mark.parametrize(("name", "params"), [GAMES[0], GAMES[2], GAMES[3]],
                         ids=["dofp", "standard", "sentinels"])
def test_openspiel_ismcts_bot_plays_every_mode_to_the_end(name, params):
    state = play_with_openspiel_ismcts(name, params)
    s = state.engine_state
    assert s.result in ("win", "loss") and s.decisions == len(state.history()) > 10
    assert state.returns() == [1.0 if s.result == "win" else -1.0] * state.num_players()


def test_openspiel_ismcts_bot_is_reproducible_with_a_seeded_resampler():
    a = play_with_openspiel_ismcts(*GAMES[1], seed=4)
    b = play_with_openspiel_ismcts(*GAMES[1], seed=4)
    assert a.history() == b.history() and a.engine_state == b.engine_state


def test_openspiel_ismcts_bot_with_its_own_resampler_and_random_rollouts():
    """The bot as OpenSpiel ships it: `state.resample_from_infostate` with a fresh sampler
    per sample, random rollouts to the end."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(2))
    state = play_with_openspiel_ismcts(*GAMES[0], evaluator=evaluator, seeded=False)
    assert state.is_terminal() and state.engine_state.result in ("win", "loss")
