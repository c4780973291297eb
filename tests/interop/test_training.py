"""A learning signal (issue 23, item 6): difficulty levels made of the modes' own
configuration fields, and reward shaping in the potential-based form, which leaves every
policy's ranking — so the optimal play — unchanged."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from multiverse.agents.seeds import AgentSpec, game_seed  # noqa: E402
from multiverse.engine.rng import SplitMix64  # noqa: E402
from multiverse.interop import games  # noqa: E402
from multiverse.interop.encoding import potential  # noqa: E402
from multiverse.interop.gym_env import MultiverseEnv  # noqa: E402
from multiverse.interop.pettingzoo_env import MultiverseAECEnv  # noqa: E402
from multiverse.interop.training import LEVELS, TRAINING, training_config, training_fields  # noqa: E402
from multiverse.lab.runner import play_game  # noqa: E402

MODES = list(games.MODES)


def test_every_mode_has_every_level_and_printed_is_the_game():
    assert set(TRAINING) == set(MODES)
    for mode in MODES:
        assert tuple(TRAINING[mode]) == LEVELS
        assert training_config(mode, "printed") == games.make_config(mode)
        for level in LEVELS[1:]:
            assert training_config(mode, level) != games.make_config(mode)
    with pytest.raises(ValueError, match="level 'hardest'"):
        training_fields("dofp", "hardest")


@pytest.mark.parametrize("mode", MODES)
def test_random_play_wins_at_the_easiest_level(mode):
    """The point of the levels: random play, which never wins the printed DFP, standard or
    OblivAeon game, meets wins (the lab's seeds, the lab's runner)."""
    config = training_config(mode, "easiest")
    wins = sum(play_game(config, AgentSpec("random"), game_seed(1, i))[0] == "win" for i in range(200))
    assert wins >= 2


def test_fewer_devastation_thresholds_keep_the_lowest():
    printed = games.new_state(games.make_config("oblivaeon"), 1).T
    one = games.new_state(training_config("oblivaeon", "easier"), 1).T
    none = games.new_state(training_config("oblivaeon", "easiest"), 1).T
    i = printed.counter_index["Devastation"]
    assert [at for at, _, _ in printed.thresholds[i]] == [7, 14, 21]
    assert [at for at, _, _ in one.thresholds[i]] == [7] and len(one.threshold_text[i]) == 1
    assert none.thresholds[i] == () and none.threshold_text[i] == ()
    other = [c for c in printed.counter_index if c != "Devastation"]
    for name in other:  # every other counter as printed
        k = printed.counter_index[name]
        assert none.thresholds[k] == printed.thresholds[k]


def _episode(env, start, policy_seed, gamma: float = 1.0):
    """The discounted return of one random episode from `start`."""
    _, info = env.reset(options={"state": start})
    rng = SplitMix64(policy_seed)
    total, weight = 0.0, 1.0
    while True:
        legal = np.flatnonzero(info["action_mask"])
        _, r, term, trunc, info = env.step(int(legal[rng.below(len(legal))]))
        total += weight * r
        weight *= gamma
        if term or trunc:
            return total


@pytest.mark.parametrize("mode", MODES)
def test_shaping_shifts_every_episode_by_the_same_constant(mode):
    """Potential-based: the shaped return of any episode from a start is its plain return
    minus c·φ(start) (φ is 0 at the end), the same shift for every way of playing it — so
    the ranking of policies, and the optimal one, cannot change."""
    c = 0.7
    plain, shaped = MultiverseEnv(mode=mode), MultiverseEnv(mode=mode, reward_shaping=c)
    start, rng = games.new_state(plain.config, 4), SplitMix64(8)
    while potential(games.seat_view(start, start.decision().seat)) == 0.0:  # some progress made
        d = start.decision()
        start.apply(d.options[rng.below(len(d.options))].id)
    phi0 = potential(games.seat_view(start, start.decision().seat))
    returns = [(_episode(plain, start, k), _episode(shaped, start, k)) for k in range(4)]
    for r_plain, r_shaped in returns:
        assert r_shaped == pytest.approx(r_plain - c * phi0)


def test_with_a_discount_the_shaping_takes_the_discounted_form():
    """`shaping_gamma=g`: c * (g * phi(next) - phi(now)), so the discounted shaped return is
    the discounted plain return - c * phi(start) for every episode (g = 0.9 here)."""
    c, gamma = 0.7, 0.9
    plain = MultiverseEnv(mode="oblivaeon")
    shaped = MultiverseEnv(mode="oblivaeon", reward_shaping=c, shaping_gamma=gamma)
    start, rng = games.new_state(plain.config, 2), SplitMix64(3)
    while potential(games.seat_view(start, start.decision().seat)) == 0.0:
        d = start.decision()
        start.apply(d.options[rng.below(len(d.options))].id)
    phi0 = potential(games.seat_view(start, start.decision().seat))
    for k in range(3):
        assert _episode(shaped, start, k, gamma) == pytest.approx(_episode(plain, start, k, gamma) - c * phi0)
    with pytest.raises(ValueError, match=r"shaping_gamma 1\.5"):
        MultiverseEnv(mode="dofp", shaping_gamma=1.5)


def test_pettingzoo_shaping_is_potential_based_too():
    c = 0.5
    plain, shaped = MultiverseAECEnv(mode="dofp"), MultiverseAECEnv(mode="dofp", reward_shaping=c)
    totals = []
    for e in (plain, shaped):
        e.reset(seed=6)
        rng, total = SplitMix64(2), 0.0
        while e.state.decision() is not None:
            legal = np.flatnonzero(e.infos[e.agent_selection]["action_mask"])
            e.step(int(legal[rng.below(len(legal))]))
            total += e.rewards["player_0"]
        totals.append(total)
    start = games.new_state(plain.config, 6)
    assert totals[1] == pytest.approx(totals[0] - c * potential(games.seat_view(start, 0)))


def test_the_docstring_examples_run():
    import doctest

    from multiverse.interop import training

    assert doctest.testmod(training).failed == 0
