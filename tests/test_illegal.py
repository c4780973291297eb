"""Illegal choices and malformed saves are typed errors that leave everything untouched
(DESIGN property 3): `IllegalChoice` names the bad id and the legal ones; a malformed state
JSON raises `SaveError`."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from multiverse.engine.errors import GameOver, IllegalChoice, SaveError
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import from_json, new_game, to_json
from multiverse.united.state import UnitedState

HEROES = ("logan", "kitty-pryde", "storm", "bishop", "blink")
COUNTS = ("solo", 2, 3, 4)
SETTINGS = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def make_config(rnd: random.Random, count: str | int) -> UnitedConfig:
    solo = count == "solo"
    return UnitedConfig(heroes=tuple(rnd.sample(HEROES, 3 if solo else int(count))), solo=solo)


def advance_randomly(s: UnitedState, rnd: random.Random, steps: int) -> None:
    for _ in range(steps):
        d = s.decision()
        if d is None:
            return
        s.apply(rnd.choice(d.options).id)


def random_state(count: str | int, seed: int, steps: int) -> UnitedState:
    rnd = random.Random(seed)
    s = new_game(make_config(rnd, count), seed=seed)
    advance_randomly(s, rnd, steps)
    return s


bad_ids = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["card:999", "move:6", "move:-1", "attack:sentinel:3", "hero:9", "use ",
                     "END", "sentinel:0 ", "card:", "cw ", ""]),
    st.integers(), st.none(), st.floats(allow_nan=False), st.booleans(),
)


@SETTINGS
@given(count=st.sampled_from(COUNTS), seed=st.integers(0, 2**32 - 1),
       steps=st.integers(0, 150), bad=bad_ids)
def test_illegal_choice_names_the_id_and_leaves_the_state_untouched(count, seed, steps, bad) -> None:
    s = random_state(count, seed, steps)
    d = s.decision()
    assume(d is not None)
    legal = [o.id for o in d.options]
    assume(bad not in legal)
    before_json, before_hash = to_json(s), s.state_hash()
    with pytest.raises(IllegalChoice) as info:
        s.apply(bad)
    err = info.value
    assert not isinstance(err, GameOver)
    assert err.option_id == bad and err.legal == legal
    msg = str(err)
    assert repr(bad) in msg
    for oid in legal[:12]:  # the message lists the legal ids (the first 12 of a long list)
        assert oid in msg
    assert to_json(s) == before_json and s.state_hash() == before_hash
    assert s.decision() == d
    # the state still plays on: a legal id is accepted afterwards
    s.apply(legal[0])


@SETTINGS
@given(count=st.sampled_from(COUNTS), seed=st.integers(0, 2**32 - 1), bad=bad_ids)
def test_choices_after_the_end_raise_game_over(count, seed, bad) -> None:
    s = random_state(count, seed, 10_000)
    assert s.decision() is None and s.result is not None
    before = to_json(s)
    with pytest.raises(GameOver) as info:
        s.apply(bad)
    assert isinstance(info.value, IllegalChoice)
    assert repr(bad) in str(info.value) and "over" in str(info.value)
    assert to_json(s) == before


def test_an_id_legal_elsewhere_is_illegal_here() -> None:
    """An id from a different decision (another card, another hero's hand) is refused."""
    refused = 0
    for g in range(40):
        s = random_state(COUNTS[g % 4], g, g)
        d = s.decision()
        if d is None:
            continue
        other = s.clone()
        seen = set(d.ids())
        while (od := other.decision()) is not None and refused < 1000:
            for oid in od.ids():
                if oid not in seen:
                    before = s.state_hash()
                    with pytest.raises(IllegalChoice):
                        s.apply(oid)
                    assert s.state_hash() == before
                    refused += 1
            other.apply(od.options[-1].id)
    assert refused > 100


# ----- malformed saves -------------------------------------------------------------------

@pytest.fixture(scope="module")
def saves() -> list[dict]:
    out = []
    for g in range(8):
        s = random_state(COUNTS[g % 4], 500 + g, 7 * g)
        out.append(json.loads(to_json(s)))
    return out


def _load_fails(doc) -> SaveError:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    with pytest.raises(SaveError) as info:
        from_json(text)
    assert str(info.value)
    return info.value


FIELDS = json.loads(to_json(new_game(UnitedConfig(), 0)))["state"].keys()


@SETTINGS
@given(which=st.integers(0, 7), drop=st.sets(st.sampled_from(sorted(FIELDS)), min_size=1))
def test_missing_fields_raise_save_error(saves, which, drop) -> None:
    doc = copy.deepcopy(saves[which])
    for name in drop:
        del doc["state"][name]
    err = _load_fails(doc)
    assert "lacks" in str(err) and all(name in str(err) for name in drop)


@SETTINGS
@given(which=st.integers(0, 7), fmt=st.one_of(st.text(max_size=30), st.integers(), st.none()))
def test_bad_format_raises_save_error(saves, which, fmt) -> None:
    assume(fmt != "multiverse/united-state/1")
    doc = copy.deepcopy(saves[which])
    doc["format"] = fmt
    _load_fails(doc)
    del doc["format"]
    _load_fails(doc)


@SETTINGS
@given(which=st.integers(0, 7), where=st.integers(0, 100),
       frame=st.one_of(
           st.text(min_size=1, max_size=20).map(lambda name: [name]),
           st.lists(st.one_of(st.integers(), st.text(max_size=5)), min_size=0, max_size=4),
           st.integers(), st.none(), st.just([]), st.just([["play_card"]]),
           st.just({"step": "hero_turn"})))
def test_unknown_frames_raise_save_error(saves, which, where, frame) -> None:
    doc = copy.deepcopy(saves[which])
    stack = doc["state"]["stack"]
    assume(not (isinstance(frame, list) and frame and isinstance(frame[0], str)
                and frame[0] in _known_frames()))
    stack.insert(where % (len(stack) + 1), frame)
    err = _load_fails(doc)
    assert "frame" in str(err)


def _known_frames() -> set[str]:
    return set(UnitedState.STEPS) | set(UnitedState.CHOICES)


@pytest.mark.parametrize("text", [
    "", "{", "not json", "[]", "null", "42", '"a string"',
    '{"format": "multiverse/united-state/1"}',
    '{"format": "multiverse/united-state/1", "config": {}, "state": 5}',
    '{"format": "multiverse/united-state/1", "config": {}, "state": []}',
    '{"format": "multiverse/united-state/1", "config": {}, "state": "abc"}',
    '{"format": "multiverse/united-state/2", "config": {}, "state": {}}',
])
def test_malformed_documents_raise_save_error(text: str) -> None:
    _load_fails(text)


@pytest.mark.parametrize("mutate", [
    pytest.param(lambda d: d["config"].update(heroes=["nobody", "storm"]), id="unknown-hero"),
    pytest.param(lambda d: d["config"].update(heroes="storm"), id="heroes-not-a-list"),
    pytest.param(lambda d: d["config"].update(mode="chess"), id="unknown-mode"),
    pytest.param(lambda d: d["config"].update(surprise=1), id="unknown-config-field"),
    pytest.param(lambda d: d.update(config=5), id="config-not-an-object"),
    pytest.param(lambda d: d["state"].update(stack="hero_turn"), id="stack-not-a-list"),
    pytest.param(lambda d: d["state"].update(stack=[5]), id="frame-not-a-list"),
    pytest.param(lambda d: d["state"].update(stack=[[]]), id="empty-frame"),
    pytest.param(lambda d: d["state"].update(stack=[["wound"]]), id="frame-missing-arguments"),
    pytest.param(lambda d: d["state"].update(hand=5), id="hand-not-a-list"),
])
def test_malformed_config_and_data_raise_save_error(saves, mutate) -> None:
    doc = copy.deepcopy(saves[0])
    mutate(doc)
    _load_fails(doc)


def test_a_failed_load_leaves_the_saved_text_loadable(saves) -> None:
    for doc in saves:
        text = json.dumps(doc)
        _load_fails(text.replace('"stack":[', '"stack":[["no_such_step"],', 1).replace(
            '"stack": [', '"stack": [["no_such_step"], ', 1))
        assert to_json(from_json(text)) == to_json(from_json(doc))
