"""The fixed action catalogue and the compact observation, in every adapter and mode."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")

from gymnasium.utils import env_checker  # noqa: E402
from interop_support import CASE_IDS, CASES, MULTI, MULTI_IDS, random_positions, with_hands_reversed  # noqa: E402

from multiverse.agents import make_agent  # noqa: E402
from multiverse.engine.decision import Decision, Option  # noqa: E402
from multiverse.engine.rng import SplitMix64  # noqa: E402
from multiverse.interop import games  # noqa: E402
from multiverse.interop.catalogue import FALLBACK_KINDS, Catalogue  # noqa: E402
from multiverse.interop.encoding import make_encoder  # noqa: E402
from multiverse.interop.games import IllegalAction  # noqa: E402
from multiverse.interop.gym_env import MultiverseEnv  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "interop.md"


def _check_decision(cat: Catalogue, d: Decision, fallbacks: set[str]) -> None:
    """Every option has one action, no two share one, the round trip holds, the mask is
    exactly the options' actions, and a fixed action's key is the option's own."""
    acts = cat.actions(d)
    assert len(acts) == len(d.options) == len(set(acts))
    assert all(0 <= a < cat.size for a in acts)
    mask = cat.mask(d)
    assert mask.dtype == np.int8 and mask.sum() == len(acts) and mask[acts].all()
    assert cat.legal(d) == sorted(acts)
    for o, a in zip(d.options, acts, strict=True):
        assert cat.action_of(d, o.id) == a
        assert cat.option_of(d, a) == o.id
        if a < cat.n_fixed:
            assert cat.keys[a] == (cat.group_of(d.kind), o.id)
        else:
            fallbacks.add(d.kind)


def _random_decisions(mode, fields, seeds):
    config = games.make_config(mode, fields)
    for seed in seeds:
        s = games.new_state(config, seed)
        rng = SplitMix64(seed + 5)
        while (d := s.decision()) is not None:
            yield d
            s.apply(d.options[rng.below(len(d.options))].id)


@pytest.mark.parametrize(("mode", "fields"), CASES, ids=CASE_IDS)
def test_every_option_of_random_games_has_its_own_action_and_round_trips(mode, fields):
    cat = Catalogue.for_config(games.make_config(mode, fields))
    fallbacks: set[str] = set()
    n = 0
    for d in _random_decisions(mode, fields, range(40)):
        _check_decision(cat, d, fallbacks)
        n += 1
        if n >= 600:
            break
    assert n == 600
    assert fallbacks <= set(FALLBACK_KINDS[mode])


@pytest.mark.parametrize(("mode", "fields"), CASES, ids=CASE_IDS)
def test_every_option_of_heuristic_games_has_its_own_action(mode, fields):
    config = games.make_config(mode, fields)
    cat = Catalogue.for_config(config)
    fallbacks: set[str] = set()
    for seed in (1, 2):
        agent = make_agent("heuristic", seed)
        s = games.new_state(config, seed)
        while (d := s.decision()) is not None:
            _check_decision(cat, d, fallbacks)
            s.apply(agent.choose(d, s))
    assert fallbacks <= set(FALLBACK_KINDS[mode])


@pytest.mark.parametrize(("mode", "fields"), CASES, ids=CASE_IDS)
def test_the_catalogue_is_built_once_per_configuration_from_the_tables(mode, fields):
    config = games.make_config(mode, fields)
    cat = Catalogue.for_config(config)
    assert Catalogue.for_config(games.make_config(mode, fields)) is cat
    fresh = Catalogue(config)
    assert (fresh.size, fresh.names, fresh.keys) == (cat.size, cat.names, cat.keys)
    assert cat.size == cat.n_fixed + cat.n_fallback == len(cat.names) == len(set(cat.names))
    assert cat.n_fallback == games.DEFAULT_MAX_OPTIONS[mode]
    groups = {g for g, _ in cat.keys}
    kinds = make_encoder(games.new_state(config, 0), 1, 1).kinds  # the mode's decision kinds
    assert {cat.group_of(k) for k in kinds} <= groups  # every kind has fixed actions


def test_the_sentinels_sizes_do_not_depend_on_oblivaeon_being_imported():
    config = games.make_config("sentinels")
    before = make_encoder(games.new_state(config, 0), 3, 64)
    games.new_state(games.make_config("oblivaeon"), 0)  # registers OblivAeon's decision kinds
    after = make_encoder(games.new_state(config, 0), 3, 64)
    assert before.kinds == after.kinds and not any(k.startswith("ob_") for k in after.kinds)
    assert after.size == 3223


def test_names_say_what_an_action_does():
    cat = Catalogue.for_config(games.make_config("dofp"))
    assert cat.names[cat.index[("play_card", "card:0")]] == "play_card: card 0 (Logan: Rusted Claws)"
    assert cat.names[cat.index[("resolve_actions", "attack:sentinel:1/token")]] == (
        "resolve_actions: attack Sentinel II, paying a token")
    assert cat.names[cat.n_fixed] == "other option 0"
    sotm = Catalogue.for_config(games.make_config("sentinels"))
    assert sotm.index[("play", "play:5")] != sotm.index[("power", "power:5")]
    assert sotm.names[sotm.index[("may", "yes")]] == "may: yes"


def test_kinds_of_one_group_share_their_actions():
    cat = Catalogue.for_config(games.make_config("sentinels"))
    phase = Decision(0, "play_phase", "", (Option("play:7", "x"), Option("skip", "y")))
    now = Decision(0, "play_now", "", (Option("skip", "y"), Option("play:7", "x")))
    assert cat.actions(phase) == cat.actions(now)[::-1] == [cat.index[("play", "play:7")],
                                                            cat.index[("play", "skip")]]


def test_options_without_a_fixed_key_take_the_fallback_block_in_order():
    cat = Catalogue.for_config(games.make_config("oblivaeon"))
    d = Decision(0, "ob_six", "", (Option("trade:505:513", "a"), Option("shuffle", "b"),
                                   Option("trade:506:514", "c"), Option("shuffle", "again")))
    assert cat.actions(d) == [cat.n_fixed, cat.index[("ob_six", "shuffle")], cat.n_fixed + 1,
                              cat.n_fixed + 2]  # a repeated key: the second takes the fallback
    assert cat.option_of(d, cat.n_fixed + 1) == "trade:506:514"


def test_an_action_not_offered_is_an_illegal_action_naming_it():
    config = games.make_config("dofp")
    cat = Catalogue.for_config(config)
    d = games.new_state(config, 7).decision()
    masked = cat.index[("wound", "card:0")]
    with pytest.raises(IllegalAction, match=r"action \d+ is masked \('wound: card 0 \(Logan: Rusted Claws\)'\)"):
        cat.option_of(d, masked)
    with pytest.raises(IllegalAction, match=f"outside the action space Discrete\\({cat.size}\\)"):
        cat.option_of(d, cat.size)
    with pytest.raises(IllegalAction, match="not an integer"):
        cat.option_of(d, 1.5)
    with pytest.raises(IllegalAction, match="the game is over"):
        cat.option_of(None, 0)
    with pytest.raises(IllegalAction, match="'nope' is not offered"):
        cat.action_of(d, "nope")


# ----- the compact observation --------------------------------------------------------
@pytest.mark.parametrize(("mode", "fields"), CASES, ids=CASE_IDS)
def test_the_compact_observation_is_the_full_one_without_the_option_rows(mode, fields):
    config = games.make_config(mode, fields)
    probe = games.new_state(config, 0)
    n, k = games.n_seats(config), games.DEFAULT_MAX_OPTIONS[mode]
    full, compact = make_encoder(probe, n, k), make_encoder(probe, n, k, compact=True)
    assert [s.name for s in compact.layout] == [s.name for s in full.layout if s.name != "options"]
    assert compact.size == full.size - full.n_option_features * k
    for s in list(random_positions(mode, fields, range(2), every=7))[:40]:
        for seat in range(n):
            v = games.seat_view(s, seat)
            a, b = full.segments(full.encode(v)), compact.segments(compact.encode(v))
            assert set(b) == set(a) - {"options"}
            assert all(np.array_equal(a[name], b[name]) for name in b)


@pytest.mark.parametrize(("mode", "fields"), MULTI, ids=MULTI_IDS)
def test_the_compact_observation_ignores_another_seats_hand_order(mode, fields):
    env = MultiverseEnv(mode=mode, config=fields, action_space="catalogue", observation="compact")
    checked = 0
    for s in random_positions(mode, fields, range(3)):
        seat = s.decision().seat
        other = with_hands_reversed(s, seat)
        if other is None:
            continue
        for viewer in range(env.n_seats):
            if viewer != seat:
                a = env.encoder.encode(games.seat_view(s, viewer))
                b = env.encoder.encode(games.seat_view(other, viewer))
                assert np.array_equal(a, b)
                checked += 1
    assert checked >= 10


# ----- the adapters -------------------------------------------------------------------
@pytest.mark.parametrize(("mode", "fields"), CASES, ids=CASE_IDS)
def test_gym_checks_pass_with_the_catalogue(mode, fields):
    """Gymnasium's checks (`check_env`'s, one by one), with its step-determinism check run
    on an action legal in the position it steps: `check_env` samples that action before
    its `reset(seed=123)`, from the previous game, where a fixed action is rarely legal."""
    env = MultiverseEnv(mode=mode, config=fields, action_space="catalogue", observation="compact")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env_checker.check_action_space(env.action_space)
        env_checker.check_observation_space(env.observation_space)
        env_checker.check_reset_return_type(env)
        env_checker.check_reset_seed_determinism(env)
        env_checker.check_reset_options(env)
        env_checker.env_reset_passive_checker(env)
        env_checker.env_step_passive_checker(env, env.action_space.sample())
        env_checker.check_returned_data_not_reused(env)
    first = env.reset(seed=123)[0]
    action = env.action_space.sample()
    o1, *rest1 = env.step(action)
    assert np.array_equal(env.reset(seed=123)[0]["observation"], first["observation"])
    o2, *rest2 = env.step(action)
    assert np.array_equal(o1["observation"], o2["observation"]) and rest1[:3] == rest2[:3]


@pytest.mark.parametrize(("mode", "fields"), CASES, ids=CASE_IDS)
def test_gym_playouts_step_the_catalogues_actions(mode, fields):
    env = MultiverseEnv(mode=mode, config=fields, action_space="catalogue")
    cat = env.catalogue
    assert env.action_space.n == cat.size and env.observation_space["action_mask"].shape == (cat.size,)
    rng = SplitMix64(11)
    for seed in (3, 4):
        obs, info = env.reset(seed=seed)
        engine = games.new_state(env.config, seed)
        while True:
            d = env.state.decision()
            assert np.array_equal(obs["action_mask"], cat.mask(d))
            assert np.array_equal(info["action_mask"], obs["action_mask"])
            assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
            assert info["actions"] == cat.actions(d)
            i = rng.below(len(d.options))
            obs, _reward, terminated, truncated, info = env.step(info["actions"][i])
            engine.apply(d.options[i].id)
            assert env.state.state_hash() == engine.state_hash()
            if terminated or truncated:
                break


def test_gym_refuses_a_masked_catalogue_action_and_leaves_the_state_alone():
    env = MultiverseEnv(mode="sentinels", action_space="catalogue")
    env.reset(seed=2)
    before = env.state.state_hash()
    legal = set(env.catalogue.actions(env.state.decision()))
    masked = next(a for a in range(env.catalogue.size) if a not in legal)
    with pytest.raises(IllegalAction, match=rf"action {masked} is masked"):
        env.step(masked)
    assert env.state.state_hash() == before
    with pytest.raises(ValueError, match="action_space 'fixed': expected one of 'options', 'catalogue'"):
        MultiverseEnv(mode="dofp", action_space="fixed")
    with pytest.raises(ValueError, match="observation 'tiny': expected one of 'options', 'compact'"):
        MultiverseEnv(mode="dofp", observation="tiny")


def test_the_default_adapters_are_unchanged():
    env = MultiverseEnv(mode="dofp")
    assert env.catalogue is None and env.action_space.n == 32
    assert env.observation_space["observation"].shape == (2115,)
    assert "options" in env.encoder.segments(env.reset(seed=1)[0]["observation"])


@pytest.mark.parametrize(("mode", "fields"), CASES, ids=CASE_IDS)
def test_pettingzoo_api_test_passes_with_the_catalogue(mode, fields):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from multiverse.interop.pettingzoo_env import env

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        api_test(env(mode=mode, config=fields, action_space="catalogue", observation="compact"),
                 num_cycles=300)
    e = env(mode=mode, config=fields, action_space="catalogue")
    e.reset(seed=5)
    cat = e.unwrapped.catalogue
    d = e.unwrapped.state.decision()
    for agent in e.possible_agents:
        mask = e.infos[agent]["action_mask"]
        mine = e.unwrapped.agent_seat[agent] == d.seat
        assert np.array_equal(mask, cat.mask(d) if mine else np.zeros(cat.size, np.int8))


@pytest.mark.parametrize(("mode", "fields"), CASES, ids=CASE_IDS)
def test_openspiel_random_sim_test_passes_with_the_catalogue(mode, fields):
    pyspiel = pytest.importorskip("pyspiel")
    from multiverse.interop.openspiel_game import GAME_NAMES, game_string

    params = {"heroes": "+".join(fields["heroes"])} if fields and "heroes" in fields else {}
    if fields and fields.get("solo"):
        params["solo"] = True
    if fields and fields.get("challenge"):
        params["challenge"] = fields["challenge"]
    game = pyspiel.load_game(game_string(mode, seed=9, clone="exact", action_space="catalogue",
                                         observation="compact", **params))
    cat = Catalogue.for_config(game.engine_config)
    assert game.num_distinct_actions() == cat.size
    assert game.observation_tensor_size() == make_encoder(
        games.new_state(game.engine_config, 0), game.num_players(), 64, compact=True).size
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    state = game.new_initial_state()
    d = state.engine_state.decision()
    assert state.legal_actions() == cat.legal(d) == sorted(state.legal_actions())
    a = state.legal_actions()[0]
    assert state.action_to_string(d.seat, a) == f"{a}:{cat.option_of(d, a)}"
    assert GAME_NAMES[mode] in str(game)


def test_the_docs_give_the_real_sizes():
    text = DOCS.read_text()
    for mode in games.MODES:
        config = games.make_config(mode)
        probe = games.new_state(config, 0)
        n, k = games.n_seats(config), games.DEFAULT_MAX_OPTIONS[mode]
        full, compact = make_encoder(probe, n, k), make_encoder(probe, n, k, compact=True)
        cat = Catalogue.for_config(config)
        row = re.search(rf"^\| `{mode}` \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|", text, re.M)
        assert row is not None, f"docs/interop.md has no size row for {mode}"
        assert tuple(map(int, row.groups())) == (cat.size, cat.n_fallback, full.size, compact.size,
                                                  len(full.kinds)), mode


def test_docstring_examples_run():
    import doctest

    import multiverse.interop.catalogue as module

    assert doctest.testmod(module, raise_on_error=True).attempted >= 5


def test_more_options_without_a_fixed_action_than_the_fallback_block_is_a_clear_error():
    from multiverse.interop.games import ActionSpaceTooSmall

    cat = Catalogue.for_config(games.make_config("dofp"))
    d = Decision(1, "wound", "", tuple(Option(f"odd:{i}", "x") for i in range(33)))
    with pytest.raises(ActionSpaceTooSmall, match=r"\(seat 1, wound\) has more than 32 options without a fixed action"):
        cat.actions(d)
    assert cat.actions(Decision(1, "wound", "", d.options[:32])) == list(range(cat.n_fixed, cat.size))
