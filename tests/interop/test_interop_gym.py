"""The Gymnasium adapter: env checker, playouts, masks, illegal actions, seeds, hidden hands."""

from __future__ import annotations

import warnings

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from interop_support import CASE_IDS, CASES, MULTI, MULTI_IDS, random_positions, with_hands_reversed  # noqa: E402

from multiverse.engine.rng import SplitMix64  # noqa: E402
from multiverse.interop import games  # noqa: E402
from multiverse.interop.encoding import potential  # noqa: E402
from multiverse.interop.games import ActionSpaceTooSmall, IllegalAction  # noqa: E402
from multiverse.interop.gym_env import ENV_IDS, MultiverseEnv  # noqa: E402


@pytest.mark.parametrize(("mode", "fields"), CASES, ids=CASE_IDS)
def test_env_checker_passes(mode, fields):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the checker's note that a bare env has no spec
        check_env(MultiverseEnv(mode=mode, config=fields))


@pytest.mark.parametrize("mode", sorted(ENV_IDS))
def test_registered_envs_pass_the_checker_with_their_render_mode(mode):
    env = gym.make(ENV_IDS[mode])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning at all from the checker
        check_env(env.unwrapped)
    env.close()


def _play(env, seed, policy_seed):
    """A random game through the env, checking masks, infos and rewards at every step."""
    obs, info = env.reset(seed=seed)
    rng = SplitMix64(policy_seed)
    total, steps = 0.0, 0
    while True:
        s = env.unwrapped.state
        d = s.decision()
        assert env.observation_space.contains(obs)
        mask = obs["action_mask"]
        assert np.array_equal(mask, info["action_mask"])
        assert mask.sum() == len(d.options) and mask[: len(d.options)].all()
        assert info["option_ids"] == [o.id for o in d.options]
        assert info["seat"] == d.seat and info["kind"] == d.kind
        action = rng.below(len(d.options))
        obs, reward, terminated, truncated, info = env.step(action)
        steps += 1
        assert not truncated
        total += reward
        if terminated:
            s = env.unwrapped.state
            assert s.decision() is None and info["result"] == s.result
            assert reward == (1.0 if s.result == "win" else -1.0)
            assert not obs["action_mask"].any()
            assert env.observation_space.contains(obs)
            return total, steps, s.state_hash()
        assert reward == 0.0


@pytest.mark.parametrize(("mode", "fields"), CASES, ids=CASE_IDS)
def test_random_playouts_finish_with_masks_matching_options(mode, fields):
    env = MultiverseEnv(mode=mode, config=fields)
    for seed in range(3):
        total, steps, _ = _play(env, seed, 100 + seed)
        assert total in (1.0, -1.0) and steps > 5


@pytest.mark.parametrize("mode", ["dofp", "sentinels"])
def test_seeds_reproduce_and_match_the_engine(mode):
    env = MultiverseEnv(mode=mode)
    a = _play(env, 11, 3)
    b = _play(env, 11, 3)
    assert a == b
    env.reset(seed=11)
    engine = games.new_state(env.config, 11)  # the game of `multiverse play --seed 11`
    assert env.unwrapped.state.state_hash() == engine.state_hash()
    env.reset(seed=12)
    assert env.unwrapped.state.state_hash() != engine.state_hash()
    # unseeded resets continue the environment's generator: reproducible after a seeded reset
    env.reset(seed=3)
    first = [env.reset()[1]["seed"] for _ in range(3)]
    env.reset(seed=3)
    assert [env.reset()[1]["seed"] for _ in range(3)] == first


def test_a_masked_action_raises_naming_it_and_leaves_the_state_alone():
    env = MultiverseEnv(mode="dofp")
    env.reset(seed=1)
    s = env.unwrapped.state
    before = s.state_hash()
    n = len(s.decision().options)
    with pytest.raises(IllegalAction, match=rf"action {n} is masked.*offers only {n} options"):
        env.step(n)
    with pytest.raises(IllegalAction, match=r"outside the action space Discrete\(32\)"):
        env.step(32)
    with pytest.raises(IllegalAction, match="outside the action space"):
        env.step(-1)
    with pytest.raises(IllegalAction, match="not an integer"):
        env.step("card:3")
    assert s.state_hash() == before
    env.step(np.int64(0))  # numpy integers are fine
    assert s.state_hash() != before


def test_stepping_a_finished_game_raises():
    env = MultiverseEnv(mode="dofp")
    _play(env, 2, 2)
    with pytest.raises(IllegalAction, match="the game is over"):
        env.step(0)


def test_action_space_sample_draws_legal_actions():
    env = MultiverseEnv(mode="sentinels")
    env.reset(seed=4)
    env.action_space.seed(0)
    for _ in range(200):
        if env.unwrapped.state.decision() is None:
            env.reset()
        a = env.action_space.sample()
        assert env.action_mask()[a] == 1
        env.step(a)
    # an explicit mask is used as given
    mask = np.zeros(env.max_options, np.int8)
    mask[5] = 1
    assert env.action_space.sample(mask=mask) == 5


@pytest.mark.parametrize(("mode", "fields"), MULTI, ids=MULTI_IDS)
def test_observation_ignores_another_seats_hand_order(mode, fields):
    env = MultiverseEnv(mode=mode, config=fields)
    checked = 0
    for s in random_positions(mode, fields, range(2), every=5):
        seat = s.decision().seat  # the observation is the deciding seat's view
        for other in range(env.n_seats):
            t = with_hands_reversed(s, other) if other != seat else None
            if t is None:
                continue
            a, _ = env.reset(options={"state": s})
            b, _ = env.reset(options={"state": games.to_json(t)})
            assert np.array_equal(a["observation"], b["observation"])
            assert np.array_equal(a["action_mask"], b["action_mask"])
            checked += 1
    assert checked > 5


def test_reset_from_a_position_checks_mode_and_config():
    env = MultiverseEnv(mode="dofp")
    other = games.new_state(games.make_config("sentinels", None), 1)
    with pytest.raises(ValueError, match="mode 'sentinels'"):
        env.reset(options={"state": other})
    four = games.new_state(games.make_config("dofp", {"heroes": ["logan", "storm"]}), 1)
    with pytest.raises(ValueError, match="another configuration"):
        env.reset(options={"state": four})


def test_shaped_reward_is_off_by_default_and_telescopes_when_on():
    plain = MultiverseEnv(mode="standard", config={"challenge": "sentinel-i"})
    shaped = MultiverseEnv(mode="standard", config={"challenge": "sentinel-i"}, reward_shaping=0.5)
    total_plain, _, h1 = _play_any(plain, 8)
    total_shaped, _, h2 = _play_any(shaped, 8)
    assert h1 == h2 and total_plain in (1.0, -1.0)
    start = games.new_state(shaped.config, 8)
    phi0 = potential(games.seat_view(start, start.decision().seat))
    assert total_shaped == pytest.approx(total_plain - 0.5 * phi0)


def _play_any(env, seed):
    env.reset(seed=seed)
    rng = SplitMix64(seed)
    total, steps = 0.0, 0
    while True:
        n = int(env.action_mask().sum())
        _, r, term, _, _ = env.step(rng.below(n))
        total += r
        steps += 1
        if term:
            return total, steps, env.unwrapped.state.state_hash()


def test_max_decisions_truncates():
    env = MultiverseEnv(mode="dofp", max_decisions=5)
    env.reset(seed=1)
    flags = [env.step(0)[3] for _ in range(5)]
    assert flags == [False] * 4 + [True]


def test_a_too_small_action_space_is_a_clear_error():
    env = MultiverseEnv(mode="dofp", max_options=2)
    with pytest.raises(ActionSpaceTooSmall, match=r"offers 4 options.*max_options=2"):
        env.reset(seed=1)


def test_ansi_render_shows_the_deciding_seats_board_and_options():
    env = MultiverseEnv(mode="dofp", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    d = env.unwrapped.state.decision()
    assert d.prompt in text and f"0: {d.options[0].id}" in text
    assert MultiverseEnv(mode="dofp").render() is None


def test_unknown_mode_and_mismatched_config_are_refused():
    with pytest.raises(ValueError, match="unknown mode"):
        MultiverseEnv(mode="no-such-mode")
    with pytest.raises(ValueError, match="config says mode='dofp'"):
        MultiverseEnv(mode="standard", config=games.make_config("dofp", None))


def test_docstring_examples_run():
    import doctest

    import multiverse.interop.gym_env as module

    assert doctest.testmod(module).failed == 0
