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
from multiverse.united.standard.missions import completed
from multiverse.united.state import PHASE_VILLAIN, UnitedState

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


def check_invariants(s: UnitedState) -> None:
    """Every fact that must hold at each decision point (and at the end)."""
    t = s.T
    n = t.n_heroes
    owner = t.card_owner
    assert t.mode == "standard" and s.phase == PHASE_VILLAIN
    # every hero card in play (difficulty removes some: T.hero_cards lists those in play) is
    # in exactly one place: hand, deck or Storyline (faceup or ~facedown)
    story = [c if c >= 0 else ~c for c in s.story]
    assert all(0 <= c < len(owner) for c in story), s.story
    for h in range(n):
        placed = s.hand[h] + s.deck[h] + [c for c in story if owner[c] == h]
        assert sorted(placed) == sorted(t.hero_cards[h]), f"hero {h} cards: {placed}"
    # Master Plan cards: in the deck or faceup in the Storyline, each once
    mp = s.mp_deck + [c for c in story if owner[c] < 0]
    assert sorted(mp) == sorted(t.mp_cards), mp
    assert all(c >= 0 for c in s.story if owner[c if c >= 0 else ~c] < 0)
    # Locations: tokens within slots; Threats to fill or Henchmen to defeat
    assert sorted(s.locs) == sorted(set(s.locs)) and len(s.locs) == RING
    for pos in range(RING):
        slots = t.loc_slots[s.locs[pos]]
        assert s.civ[pos] >= 0 and s.thug[pos] >= 0
        assert s.civ[pos] + s.thug[pos] <= slots, f"Location {pos}: {s.civ[pos]}+{s.thug[pos]}>{slots}"
        need = s.need[pos * 3: pos * 3 + 3]
        th = s.threat[pos]
        assert min(need) >= 0
        if th < 0:
            assert need == [0, 0, 0] and s.hench[pos] == 0
        elif t.threat_health[th]:
            assert 1 <= s.hench[pos] <= t.threat_health[th] and need == [0, 0, 0]
        else:
            assert s.hench[pos] == 0 and sum(need) > 0, "a Threat with nothing left to fill is cleared"
            assert all(a <= b for a, b in zip(need, t.threat_cost[th], strict=True))
    # the Villain: on the board, Health 0..start (0 only in a won game)
    assert 0 <= s.n_loc < RING
    assert 0 <= s.n_hp <= t.nimrod_health
    assert s.n_hp > 0 or s.result == "win"
    # the Villainous Plot
    assert 0 <= s.track <= t.track_max
    if s.track >= t.track_max:
        assert s.result == "loss"
    # Missions
    assert min(s.progress) >= 0 and len(s.progress) == 3
    # the Challenge Sentinel: the only Sentinel; Sentinel I may exceed its start
    sn = t.challenge
    for i in range(3):
        assert -1 <= s.s_loc[i] < RING
        assert (s.s_loc[i] < 0) == (s.s_hp[i] == 0), (s.s_loc, s.s_hp)
        if i != sn:
            assert s.s_loc[i] == -1
    if sn >= 0 and s.s_loc[sn] >= 0:
        assert s.s_hp[sn] >= 1
        if t.challenge_task != "gain_health":
            assert s.s_hp[sn] <= t.sentinel_health
    # Sentinel III's grip: a held hero is where the Sentinel is
    if s.grab >= 0:
        assert t.challenge_task == "grab" and s.s_loc[sn] >= 0
        assert 0 <= s.grab < n and s.hero_loc[s.grab] == s.s_loc[sn]
    else:
        assert s.grab == -1
    # heroes
    for h in range(n):
        assert 0 <= s.hero_loc[h] < RING
        assert s.ko[h] in (0, 1) and s.out[h] == 0
        if s.ko[h]:
            assert s.hand[h] == [], f"a KO'd hero holds cards: {s.hand[h]}"
    assert s.target == [-1] * n and s.pile == []
    assert min(s.tokens) >= 0 and len(s.tokens) == 4 * n
    assert min(s.pool) >= 0
    assert s.fx_card == -1 or s.fx_card in s.story
    assert 0 <= s.active < n and 1 <= s.round <= s.turn
    # the decision
    d = s.decision()
    if s.result is None:
        assert d is not None, "a game that is not over has a decision"
        assert len(d.options) >= 1
        ids = [o.id for o in d.options]
        assert len(ids) == len(set(ids)), f"duplicate option ids: {ids}"
        assert all(isinstance(i, str) and i for i in ids)
        assert all(isinstance(o.label, str) and o.label for o in d.options)
        assert 0 <= d.seat < n
        assert d.kind in type(s).CHOICES and d.prompt
    else:
        assert d is None and s.result in ("win", "loss") and s.reason
        assert s.stack == []


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
