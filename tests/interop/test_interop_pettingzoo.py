"""The PettingZoo AEC adapter: API test, turn order by decision seat, masks, shared rewards,
hidden hands, seeds."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from interop_support import CASE_IDS, CASES, MULTI, MULTI_IDS, random_positions, with_hands_reversed  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from multiverse.engine.rng import SplitMix64  # noqa: E402
from multiverse.interop import games  # noqa: E402
from multiverse.interop.games import IllegalAction  # noqa: E402
from multiverse.interop.pettingzoo_env import MultiverseAECEnv, env  # noqa: E402


@pytest.mark.parametrize(("mode", "fields"), CASES, ids=CASE_IDS)
def test_api_test_passes_without_a_warning(mode, fields):
    """Observations are NumPy arrays (a `Box`), the mask is in `infos`: PettingZoo's own test
    has nothing to warn about."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        api_test(env(mode=mode, config=fields), num_cycles=400)


def test_the_dict_observation_format_carries_the_mask_too():
    e = env(mode="dofp", observation_format="dict")
    e.reset(seed=2)
    obs, _, _, _, info = e.last()
    assert set(obs) == {"observation", "action_mask"}
    assert np.array_equal(obs["action_mask"], info["action_mask"])
    assert obs["action_mask"].sum() == len(e.unwrapped.state.decision().options)
    with pytest.raises(ValueError, match="observation_format 'tuple'"):
        MultiverseAECEnv(mode="dofp", observation_format="tuple")


def _play(e, seed, policy_seed):
    e.reset(seed=seed)
    raw = e.unwrapped
    rng = SplitMix64(policy_seed)
    finished = []
    for agent in e.agent_iter(100_000):
        obs, reward, terminated, truncated, info = e.last()
        s = raw.state
        if terminated or truncated:
            assert s.decision() is None and info["result"] == s.result
            assert reward == (1.0 if s.result == "win" else -1.0)
            finished.append(agent)
            e.step(None)
            continue
        d = s.decision()
        assert agent == f"player_{d.seat}"
        assert isinstance(obs, np.ndarray) and obs.shape == raw.observation_space(agent).shape
        mask = info["action_mask"]
        assert mask.sum() == len(d.options) and mask[: len(d.options)].all()
        for other in raw.possible_agents:
            if other != agent:
                assert not raw.infos[other]["action_mask"].any()
        assert reward == 0.0
        e.step(rng.below(len(d.options)))
    assert sorted(finished) == sorted(raw.possible_agents) and not e.agents
    return raw.state.state_hash(), raw.state.result


@pytest.mark.parametrize(("mode", "fields"), CASES, ids=CASE_IDS)
def test_random_playouts_follow_the_deciding_seat_and_share_the_reward(mode, fields):
    e = env(mode=mode, config=fields)
    n = games.n_seats(games.make_config(mode, fields))
    assert e.possible_agents == [f"player_{i}" for i in range(n)]
    for seed in range(2):
        _play(e, seed, seed + 50)


def test_seeds_reproduce():
    e = env(mode="sentinels")
    assert _play(e, 5, 1) == _play(e, 5, 1)
    e.reset(seed=5)
    assert e.unwrapped.state.state_hash() == games.new_state(e.unwrapped.config, 5).state_hash()


@pytest.mark.parametrize(("mode", "fields"), MULTI, ids=MULTI_IDS)
def test_an_agent_never_sees_another_seats_hand_order(mode, fields):
    raw = MultiverseAECEnv(mode=mode, config=fields)
    checked = 0
    for s in random_positions(mode, fields, range(2), every=5):
        for changed in range(len(raw.possible_agents)):
            t = with_hands_reversed(s, changed)
            if t is None:
                continue
            raw.reset(options={"state": s})
            before = {a: (raw.observe(a), raw.infos[a]["action_mask"]) for a in raw.possible_agents}
            raw.reset(options={"state": t})
            for seat, agent in enumerate(raw.possible_agents):
                if seat != changed:
                    assert np.array_equal(before[agent][0], raw.observe(agent))
                    assert np.array_equal(before[agent][1], raw.infos[agent]["action_mask"])
                    checked += 1
    assert checked > 20


def test_a_masked_action_raises_and_leaves_the_state_alone():
    raw = MultiverseAECEnv(mode="dofp")
    raw.reset(seed=1)
    before = raw.state.state_hash()
    n = len(raw.state.decision().options)
    with pytest.raises(IllegalAction, match=f"action {n} is masked"):
        raw.step(n)
    assert raw.state.state_hash() == before and raw.agent_selection == "player_0"


def test_shaping_is_shared_by_every_agent():
    raw = MultiverseAECEnv(mode="dofp", reward_shaping=1.0)
    raw.reset(seed=3)
    rng = SplitMix64(3)
    seen = set()
    while raw.state.decision() is not None:
        raw.step(rng.below(len(raw.state.decision().options)))
        assert len(set(raw.rewards.values())) == 1
        seen.add(next(iter(raw.rewards.values())))
    assert len(seen) > 2  # some shaped, non-zero rewards on the way


def test_docstring_examples_run():
    import doctest

    import multiverse.interop.pettingzoo_env as module

    assert doctest.testmod(module).failed == 0
