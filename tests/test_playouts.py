"""Random playouts with the state's invariants checked after every decision.

The agent draws from its own `random.Random` (never the game's generator). Two variants:
`default` plays the dashboard's values (random heroes nearly always lose to the track
while the Sentinels stand); `nimrod` lowers the Sentinels' Health and raises the track's
end so that Nimrod enters, heroes are eliminated and the heroes sometimes win.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from multiverse.united.board import RING
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import new_game
from multiverse.united.invariants import check_dofp as check_invariants
from multiverse.united.state import PHASE_NIMROD, UnitedState

HEROES = ("logan", "kitty-pryde", "storm", "bishop", "blink",
          "tallow", "ursa-quill", "verity-lark", "wren-halloway", "yarrow")
COUNTS = ("solo", 2, 3, 4)
MAX_DECISIONS = 3000
FAST_GAMES = 30
SLOW_GAMES = 1000


def make_config(rnd: random.Random, count: str | int, variant: str = "default") -> UnitedConfig:
    """A configuration for `count` heroes (random heroes and seating; some rule options)."""
    solo = count == "solo"
    n = 3 if solo else int(count)
    extra: dict[str, Any] = {
        "heroes": tuple(rnd.sample(HEROES, n)),
        "solo": solo,
        "tie_break": rnd.choice(("choose", "clockwise")),
    }
    if n == 4:
        extra["tokenless_seat"] = rnd.randrange(4)
    if rnd.random() < 0.2:
        extra["villain_start"] = rnd.randrange(RING)
    if rnd.random() < 0.2:
        extra["hero_start"] = "villain"
    if variant == "nimrod":
        extra.update(sentinel_health=rnd.choice((1, 2)), track_max=40,
                     nimrod_health=rnd.choice((None, 2, 4)))
    return UnitedConfig(**extra)




def play(s: UnitedState, pick, max_decisions: int = MAX_DECISIONS) -> int:
    """Play to the end choosing with `pick(decision) -> option id`, checking invariants after
    every decision; return the number of decisions."""
    check_invariants(s)
    n = 0
    while (d := s.decision()) is not None:
        s.apply(pick(d))
        n += 1
        assert s.decisions == n
        check_invariants(s)
        assert n < max_decisions, "a game should end well within the decision bound"
    return n


def run_games(count: str | int, variant: str, games: int, base: int) -> Counter:
    stats: Counter = Counter()
    for g in range(games):
        rnd = random.Random(base * 1_000_003 + g)
        config = make_config(rnd, count, variant)
        s = new_game(config, seed=rnd.getrandbits(64))
        n = play(s, lambda d: rnd.choice(d.options).id)  # noqa: B023 - same loop iteration
        stats[s.result] += 1
        stats["decisions"] += n
        stats["nimrod"] += s.phase == PHASE_NIMROD
        stats["eliminated"] += any(s.out)
    return stats


def _label(count: str | int) -> int:
    return {"solo": 1, 2: 2, 3: 3, 4: 4}[count]


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("variant", ("default", "nimrod"))
def test_random_playouts_fast(count: str | int, variant: str) -> None:
    stats = run_games(count, variant, FAST_GAMES, base=_label(count) * 10 + (variant == "nimrod"))
    assert stats["win"] + stats["loss"] == FAST_GAMES
    if variant == "nimrod":  # the variant reaches the Nimrod phase
        assert stats["nimrod"] > 0 and stats["eliminated"] > 0, stats


@pytest.mark.slow
@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("variant", ("default", "nimrod"))
def test_random_playouts_slow(count: str | int, variant: str) -> None:
    stats = run_games(count, variant, SLOW_GAMES,
                      base=1000 + _label(count) * 10 + (variant == "nimrod"))
    assert stats["win"] + stats["loss"] == SLOW_GAMES
    if variant == "nimrod":
        assert stats["nimrod"] > 0 and stats["win"] > 0, stats


# ----- hypothesis: random seeds and random choice sequences ---------------------------------

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    count=st.sampled_from(COUNTS),
    variant=st.sampled_from(("default", "nimrod")),
    config_seed=st.integers(0, 2**32 - 1),
    seed=st.integers(0, 2**64 - 1),
    data=st.data(),
)
def test_playouts_hypothesis(count, variant, config_seed, seed, data) -> None:
    config = make_config(random.Random(config_seed), count, variant)
    s = new_game(config, seed=seed)

    def pick(d):
        return d.options[data.draw(st.integers(0, len(d.options) - 1), label=d.kind)].id

    play(s, pick)
