"""Random playouts of the standard game (with and without a Sentinel Challenge), the state's
invariants checked after every decision.

Each configuration draws its heroes, seating and several rule options (difficulty, tie
break, Villain start, hero start, Mission options) from the test's own `random.Random`; the
agent picks uniformly among the legal options. About a third of the games weaken the Villain
and the Sentinel and lengthen the Villainous Plot, so that Sentinels are defeated and heroes
win as well as lose. The fast version plays 20 games per Challenge
(none, I, II, III) and hero count (2, 3, 4); the slow one (`-m slow`) 1,000.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from multiverse.united.board import RING
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import new_game
from multiverse.united.invariants import check_standard as check_invariants
from multiverse.united.standard.missions import completed
from multiverse.united.state import UnitedState

HEROES = ("logan", "kitty-pryde", "storm", "bishop", "blink")
CHALLENGES = (None, "sentinel-i", "sentinel-ii", "sentinel-iii")
COUNTS = (2, 3, 4)
MAX_DECISIONS = 4000
FAST_GAMES = 20
SLOW_GAMES = 1000


def make_config(rnd: random.Random, challenge: str | None, n: int) -> UnitedConfig:
    extra: dict[str, Any] = {
        "heroes": tuple(rnd.sample(HEROES, n)),
        "tie_break": rnd.choice(("choose", "clockwise")),
        "difficulty": rnd.choice(("normal", "normal", "moderate", "hard", "heroic")),
    }
    if rnd.random() < 0.3:
        extra["villain_start"] = rnd.randrange(RING)
    if rnd.random() < 0.2:
        extra["hero_start"] = "villain"
    if rnd.random() < 0.3:
        extra["under_pressure_after"] = rnd.randrange(4)
        extra["vulnerable_after"] = rnd.randrange(4)
    if rnd.random() < 0.3:  # weak enemies, a long Plot: Sentinels fall and heroes win too
        extra.update(nimrod_health=rnd.choice((1, 2, 4)), sentinel_health=rnd.choice((1, 2)),
                     track_max=40, under_pressure_after=0, vulnerable_after=rnd.choice((0, 1)))
    return UnitedConfig(mode="standard", villain="magistrate", challenge=challenge, **extra)




def play(s: UnitedState, rnd: random.Random, stats: Counter) -> int:
    """Play to the end with uniform random choices, checking invariants after every decision;
    count what the Challenge did along the way."""
    check_invariants(s)
    n = 0
    done = completed(s)
    while (d := s.decision()) is not None:
        grab, facedown, hp = s.grab, sum(c < 0 for c in s.story), list(s.s_hp)
        s.apply(rnd.choice(d.options).id)
        n += 1
        assert s.decisions == n
        check_invariants(s)
        assert completed(s) >= done, "a Mission stays complete"
        done = completed(s)
        stats["grabs"] += grab < 0 <= s.grab
        stats["released"] += grab >= 0 > s.grab
        stats["flips"] += sum(c < 0 for c in s.story) > facedown
        stats["above_start"] += any(x > s.T.sentinel_health for x in s.s_hp) and hp != s.s_hp
        assert n < MAX_DECISIONS, "a game should end well within the decision bound"
    return n


def run_games(challenge: str | None, count: int, games: int, base: int) -> Counter:
    stats: Counter = Counter()
    for g in range(games):
        rnd = random.Random(base * 1_000_003 + g)
        config = make_config(rnd, challenge, count)
        s = new_game(config, seed=rnd.getrandbits(64))
        stats["decisions"] += play(s, rnd, stats)
        stats[s.result] += 1
        stats["sentinel_defeated"] += config.challenge is not None and s.s_loc[s.T.challenge] < 0
        stats["missions"] += completed(s)
    return stats


def _base(challenge: str | None, count: int) -> int:
    return (CHALLENGES.index(challenge) + 1) * 10 + count


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("challenge", CHALLENGES)
def test_standard_playouts_fast(challenge: str | None, count: int) -> None:
    stats = run_games(challenge, count, FAST_GAMES, base=_base(challenge, count))
    assert stats["win"] + stats["loss"] == FAST_GAMES


@pytest.mark.slow
@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("challenge", CHALLENGES)
def test_standard_playouts_slow(challenge: str | None, count: int) -> None:
    stats = run_games(challenge, count, SLOW_GAMES, base=1000 + _base(challenge, count))
    assert stats["win"] + stats["loss"] == SLOW_GAMES
    assert stats["missions"] > 0 and stats["win"] > 0, stats
    # each Challenge's own task happened in these games
    if challenge == "sentinel-i":
        assert stats["above_start"] > 0, stats
    if challenge == "sentinel-ii":
        assert stats["flips"] > 0, stats
    if challenge == "sentinel-iii":
        assert stats["grabs"] > 0 and stats["released"] > 0, stats
    if challenge is not None:
        assert stats["sentinel_defeated"] > 0, stats
