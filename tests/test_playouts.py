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
from multiverse.united.state import PHASE_NIMROD, PHASE_SENTINELS, UnitedState

HEROES = ("logan", "kitty-pryde", "storm", "bishop", "blink")
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


def check_invariants(s: UnitedState) -> None:
    """Every fact that must hold at each decision point (and at the end)."""
    t = s.T
    n = t.n_heroes
    owner = t.card_owner
    # each hero card is in exactly one place: hand, deck or Storyline (faceup or ~facedown)
    story = [c if c >= 0 else ~c for c in s.story]
    assert all(0 <= c < len(owner) for c in story), s.story
    for h in range(n):
        placed = s.hand[h] + s.deck[h] + [c for c in story if owner[c] == h]
        assert sorted(placed) == sorted(t.hero_cards[h]), f"hero {h} cards: {placed}"
    # each Master Plan card is in the deck or (faceup) in the Storyline, once
    mp = s.mp_deck + [c for c in story if owner[c] < 0]
    assert sorted(mp) == sorted(set(mp)) and set(mp) <= set(t.mp_cards), mp
    assert all(c >= 0 for c in s.story if owner[c if c >= 0 else ~c] < 0)
    if s.phase == PHASE_SENTINELS:
        assert sorted(mp) == sorted(t.mp_cards), "the Master Plan deck is set aside (DFP-S7)"
    # Locations: tokens within slots; Threat symbols to fill
    assert sorted(s.locs) == sorted(set(s.locs)) and len(s.locs) == RING
    for pos in range(RING):
        slots = t.loc_slots[s.locs[pos]]
        assert s.civ[pos] >= 0 and s.thug[pos] >= 0
        assert s.civ[pos] + s.thug[pos] <= slots, f"Location {pos}: {s.civ[pos]}+{s.thug[pos]}>{slots}"
        need = s.need[pos * 3: pos * 3 + 3]
        assert min(need) >= 0
        if s.threat[pos] < 0:
            assert need == [0, 0, 0]
        else:
            assert sum(need) > 0, "a Threat with nothing left to fill is cleared"
            assert all(a <= b for a, b in zip(need, t.threat_cost[s.threat[pos]], strict=True))
    # Sentinels: Health within 0..start; defeated ones (location -1) have 0
    for i in range(3):
        assert 0 <= s.s_hp[i] <= t.sentinel_health, f"Sentinel {i} Health {s.s_hp[i]}"
        assert -1 <= s.s_loc[i] < RING
        assert (s.s_loc[i] < 0) == (s.s_hp[i] == 0), (s.s_loc, s.s_hp)
    # Nimrod: absent while the Sentinels stand, then Health within 0..start
    if s.phase == PHASE_SENTINELS:
        assert s.n_loc == -1 and s.n_hp == 0
    else:
        assert s.phase == PHASE_NIMROD
        assert s.live_sentinels() == []
        assert 0 <= s.n_hp <= t.nimrod_health and 0 <= s.n_loc < RING
        assert s.n_hp > 0 or s.result == "win"
    # the Nimrod Activation track
    assert 0 <= s.track <= t.track_max
    if s.track >= t.track_max:
        assert s.result == "loss"
    # heroes
    for h in range(n):
        assert 0 <= s.hero_loc[h] < RING
        assert s.ko[h] in (0, 1) and s.out[h] in (0, 1)
        if s.ko[h] or s.out[h]:
            assert s.hand[h] == [], f"a KO'd/eliminated hero holds cards: {s.hand[h]}"
        assert -1 <= s.target[h] < 3
        if s.target[h] >= 0:
            assert s.s_loc[s.target[h]] >= 0, "a defeated Sentinel's token is discarded"
    assert min(s.tokens) >= 0 and len(s.tokens) == 4 * n
    held = [x for x in s.target if x >= 0]
    assert len(held) == len(set(held)), s.target
    if t.config.solo:
        assert held == []
        assert len(s.pile) == len(set(s.pile)) and set(s.pile) <= set(s.live_sentinels())
    else:
        assert s.pile == []
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
        assert 0 <= d.seat < (1 if t.config.solo else n)
        assert d.kind in type(s).CHOICES and d.prompt
    else:
        assert d is None and s.result in ("win", "loss") and s.reason
        assert s.stack == []


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
