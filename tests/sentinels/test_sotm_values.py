"""Value semantics of Sentinels states (DESIGN properties 2-4): JSON round-trips and clones
at random decision points (mid-effect included), and illegal choices that change nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from multiverse.engine.errors import GameOver, IllegalChoice
from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.content import load_sentinels_content
from multiverse.sentinels.game import from_json, new_game, to_json
from multiverse.sentinels.state import SentinelsState

from .support import load


def _config(rnd: random.Random, n: int = 3) -> SentinelsConfig:
    ids = [h.id for h in load_sentinels_content().heroes]
    return SentinelsConfig(heroes=tuple(rnd.sample(ids, min(n, len(ids)))))


def _same(a: SentinelsState, b: SentinelsState) -> None:
    assert a == b
    assert a.state_hash() == b.state_hash()
    assert to_json(a) == to_json(b)
    assert a.decision() == b.decision()


def _kinds_seen(seed: int, steps: int) -> list[tuple[SentinelsState, str]]:
    rnd = random.Random(seed)
    s = new_game(_config(rnd), seed=seed)
    out = []
    for _ in range(steps):
        d = s.decision()
        if d is None:
            break
        out.append((s.clone(), d.kind))
        s.apply(rnd.choice(d.options).id)
    return out


@pytest.mark.parametrize("seed", range(6))
def test_json_round_trip_at_random_decision_points(seed: int) -> None:
    rnd = random.Random(1000 + seed)
    s = new_game(_config(rnd), seed=seed)
    while (d := s.decision()) is not None:
        if rnd.random() < 0.25:
            back = from_json(to_json(s))
            _same(s, back)
            # both continue identically
            a, b = s.clone(), back
            for _ in range(10):
                if a.decision() is None:
                    break
                oid = a.decision().ids()[rnd.randrange(len(a.decision().options))]
                a.apply(oid)
                b.apply(oid)
                assert a.state_hash() == b.state_hash()
        s.apply(rnd.choice(d.options).id)
    _same(s, from_json(to_json(s)))  # a finished game too
    assert s.result in ("win", "loss")


def test_round_trips_cover_mid_effect_decisions() -> None:
    kinds = set()
    for seed in range(8):
        for st, kind in _kinds_seen(seed, 400):
            kinds.add(kind)
            if kind not in ("play_phase", "power_phase"):
                _same(st, from_json(to_json(st)))
    assert {"play_phase", "power_phase", "select"} <= kinds


@pytest.mark.parametrize("seed", range(4))
def test_clones_are_equal_and_independent(seed: int) -> None:
    rnd = random.Random(seed)
    s = new_game(_config(rnd), seed=seed)
    for _ in range(rnd.randrange(5, 60)):
        if s.decision() is None:
            break
        s.apply(rnd.choice(s.decision().options).id)
    if s.decision() is None:
        return
    c = s.clone()
    _same(s, c)
    before = to_json(s)
    while c.decision() is not None:
        c.apply(c.decision().ids()[-1])
    assert to_json(s) == before and s.decision() is not None


def test_a_position_round_trips(tmp_path: Path) -> None:
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hp": 9, "play": []}, "beta", "gamma"],
                        "turn": {"whose": "beta", "phase": "power", "played": True}}, log=False)
    back = from_json(to_json(s))
    _same(s, back)


@pytest.mark.parametrize("seed", range(4))
def test_an_illegal_choice_raises_and_leaves_the_state_untouched(seed: int) -> None:
    rnd = random.Random(seed)
    s = new_game(_config(rnd), seed=seed)
    for _ in range(rnd.randrange(0, 40)):
        if s.decision() is None:
            break
        s.apply(rnd.choice(s.decision().options).id)
    if s.decision() is None:
        return
    before, h = to_json(s), s.state_hash()
    d = s.decision()
    for bad in ("nope", "card:-5", "play:99999", "", d.ids()[0] + "x"):
        with pytest.raises(IllegalChoice) as err:
            s.apply(bad)
        assert err.value.legal == d.ids()
        assert to_json(s) == before and s.state_hash() == h and s.decision() == d and s.decisions == from_json(
            before).decisions


def test_a_finished_game_refuses_choices(tmp_path: Path) -> None:
    s = load(tmp_path, {"villain": {"hp": 1}, "turn": {"whose": "alpha", "phase": "power"}}, log=False)
    s.apply(f"power:{s.T.character[0]}")
    assert s.result == "win"
    with pytest.raises(GameOver):
        s.apply("skip")
