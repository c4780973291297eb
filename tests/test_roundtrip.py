"""Value semantics of a state (DESIGN properties 2 and 4): JSON round-trips load back equal
at any decision point (mid-effect included), clones are equal and independent, and the same
configuration, seed and choices replay to the same hashes, in this process or another."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import from_json, new_game, to_json
from multiverse.united.state import UnitedState

HEROES = ("logan", "kitty-pryde", "storm", "bishop", "blink")
COUNTS = ("solo", 2, 3, 4)


def make_config(rnd: random.Random, count: str | int) -> UnitedConfig:
    solo = count == "solo"
    n = 3 if solo else int(count)
    extra = {}
    if rnd.random() < 0.5:  # reach Nimrod in half the games
        extra = {"sentinel_health": rnd.choice((1, 2)), "track_max": 40}
    return UnitedConfig(heroes=tuple(rnd.sample(HEROES, n)), solo=solo,
                        tie_break=rnd.choice(("choose", "clockwise")), **extra)


def finish(s: UnitedState, rnd: random.Random) -> tuple[list[str], list[str]]:
    """Play to the end with `rnd`; return the choices and the hash after each."""
    choices, hashes = [], []
    while (d := s.decision()) is not None:
        oid = rnd.choice(d.options).id
        s.apply(oid)
        choices.append(oid)
        hashes.append(s.state_hash())
    return choices, hashes


def replay(s: UnitedState, choices: list[str]) -> list[str]:
    hashes = []
    for oid in choices:
        s.apply(oid)
        hashes.append(s.state_hash())
    return hashes


def assert_same(a: UnitedState, b: UnitedState) -> None:
    assert a == b
    assert a.state_hash() == b.state_hash()
    assert to_json(a) == to_json(b)
    assert a.decision() == b.decision()
    assert (a.result, a.reason, a.turn, a.round) == (b.result, b.reason, b.turn, b.round)


def test_json_round_trip_at_every_decision_point() -> None:
    """Every decision of 40 games: load(save(s)) == s, same hash, same decision, same text;
    the kinds of decision round-tripped include the mid-effect ones."""
    kinds: Counter = Counter()
    for g in range(40):
        rnd = random.Random(g)
        s = new_game(make_config(rnd, COUNTS[g % 4]), seed=g)
        while True:
            text = to_json(s)
            loaded = from_json(text)
            assert_same(loaded, s)
            assert to_json(loaded) == text
            assert from_json(json.loads(text)) == s  # a parsed document loads too
            d = s.decision()
            if d is None:
                break
            kinds[d.kind] += 1
            s.apply(rnd.choice(d.options).id)
    for kind in ("play_card", "resolve_actions", "wound", "task_damage", "location_effect",
                 "choose_sentinel", "sentinel_direction"):
        assert kinds[kind] > 0, f"no '{kind}' decision was round-tripped: {kinds}"


@pytest.mark.parametrize("count", COUNTS)
def test_loaded_and_original_continue_identically(count: str | int) -> None:
    """At a random point, save and load; both continue with the same choices to the end,
    hash by hash."""
    for g in range(10):
        rnd = random.Random(f"{count}-{g}")
        s = new_game(make_config(rnd, count), seed=rnd.getrandbits(64))
        stop = rnd.randrange(60)
        for _ in range(stop):
            d = s.decision()
            if d is None:
                break
            s.apply(rnd.choice(d.options).id)
        loaded = from_json(to_json(s))
        assert_same(loaded, s)
        choices, hashes = finish(s, random.Random(g))
        assert replay(loaded, choices) == hashes
        assert_same(loaded, s)


def test_clone_is_equal_and_independent() -> None:
    for g in range(30):
        rnd = random.Random(100 + g)
        s = new_game(make_config(rnd, COUNTS[g % 4]), seed=g)
        while (d := s.decision()) is not None:
            before_hash, before_json = s.state_hash(), to_json(s)
            c = s.clone()
            assert_same(c, s)
            assert c is not s
            # mutate the clone: apply every option to its own clone, then to `c` itself
            for opt in d.options:
                c.clone().apply(opt.id)
            c.apply(rnd.choice(d.options).id)
            assert c.decisions == s.decisions + 1
            assert s.state_hash() == before_hash and to_json(s) == before_json
            assert s.decision() == d
            s.apply(rnd.choice(d.options).id)


def test_clone_continues_like_the_original() -> None:
    for g in range(20):
        rnd = random.Random(200 + g)
        s = new_game(make_config(rnd, COUNTS[g % 4]), seed=g)
        for _ in range(rnd.randrange(40)):
            if (d := s.decision()) is None:
                break
            s.apply(rnd.choice(d.options).id)
        c = s.clone()
        choices, hashes = finish(c, random.Random(g))
        assert replay(s, choices) == hashes
        assert_same(c, s)


def test_same_config_seed_and_choices_replay_to_the_same_hashes() -> None:
    for g in range(20):
        rnd = random.Random(300 + g)
        config = make_config(rnd, COUNTS[g % 4])
        seed = rnd.getrandbits(64)
        first = new_game(config, seed)
        choices, hashes = finish(first, random.Random(g))
        again = new_game(config, seed)
        assert replay(again, choices) == hashes
        assert again.state_hash() == first.state_hash() and again.result == first.result
        # a config rebuilt from its JSON gives the same game
        again2 = new_game(UnitedConfig.model_validate_json(config.model_dump_json()), seed)
        assert replay(again2, choices) == hashes


def test_different_seeds_give_different_games() -> None:
    config = UnitedConfig()
    assert len({new_game(config, seed).state_hash() for seed in range(50)}) == 50


SUBPROCESS = """
import random, sys
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import new_game
s = new_game(UnitedConfig(heroes=("storm", "blink", "logan", "bishop")), seed=2024)
rnd = random.Random(7)
while (d := s.decision()) is not None:
    s.apply(rnd.choice(d.options).id)
print(s.state_hash(), s.decisions)
"""


def test_hash_is_stable_across_processes() -> None:
    """The same game gives the same hash in processes with different hash seeds."""
    out = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        r = subprocess.run([sys.executable, "-c", SUBPROCESS], capture_output=True, text=True,
                           env=env, check=True, timeout=120)
        out.add(r.stdout.strip())
    s = new_game(UnitedConfig(heroes=("storm", "blink", "logan", "bishop")), seed=2024)
    rnd = random.Random(7)
    while (d := s.decision()) is not None:
        s.apply(rnd.choice(d.options).id)
    assert out == {f"{s.state_hash()} {s.decisions}"}


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.sampled_from(COUNTS), config_seed=st.integers(0, 2**32 - 1),
       seed=st.integers(0, 2**64 - 1), data=st.data())
def test_round_trip_hypothesis(count, config_seed, seed, data) -> None:
    """Random seeds and choices; a round trip and a clone at a random point both continue
    like the original."""
    s = new_game(make_config(random.Random(config_seed), count), seed=seed)
    stop = data.draw(st.integers(0, 120), label="stop")
    for _ in range(stop):
        d = s.decision()
        if d is None:
            break
        s.apply(d.options[data.draw(st.integers(0, len(d.options) - 1))].id)
    loaded, c = from_json(to_json(s)), s.clone()
    assert_same(loaded, s)
    assert_same(c, s)
    choices, hashes = finish(s, random.Random(stop))
    assert replay(loaded, choices) == hashes
    assert replay(c, choices) == hashes


@pytest.mark.parametrize("mode", ["dofp", "sentinels", "oblivaeon"])
@pytest.mark.parametrize("rng", [-1, 2**64, "7", 1.5, None])
def test_a_save_whose_generator_state_is_not_64_bits_is_refused(mode: str, rng: object) -> None:
    """The generator's state is a whole number below 2**64 (the compiled shuffle runs it on C
    integers): anything else in a save is a SaveError naming 'rng', whichever build runs."""
    from multiverse import modes
    from multiverse.engine.errors import SaveError

    m = modes.get(mode)
    s = m.new_game(m.make_config("3"), 4)
    doc = json.loads(m.to_json(s))
    assert m.from_json(json.dumps(doc)).state_hash() == s.state_hash()
    doc["state"]["rng"] = rng
    with pytest.raises(SaveError, match="'rng'"):
        m.from_json(json.dumps(doc))


@pytest.mark.parametrize(("mode", "field"), [("dofp", "civ"), ("dofp", "hand"), ("sentinels", "hp"),
                                             ("oblivaeon", "home"), ("oblivaeon", "deck")])
@pytest.mark.parametrize("value", [{"0": 1}, "7", 3, None])
def test_a_save_whose_list_field_is_not_a_list_is_refused(mode: str, field: str, value: object) -> None:
    """A field the state holds as a list (`LISTS`: the compiled state takes nothing else) is
    a SaveError naming it when a save gives anything else, whichever build runs."""
    from multiverse import modes
    from multiverse.engine.errors import SaveError

    m = modes.get(mode)
    s = m.new_game(m.make_config("3"), 4)
    doc = json.loads(m.to_json(s))
    assert field in type(s).LISTS and type(doc["state"][field]) is list
    doc["state"][field] = value
    with pytest.raises(SaveError, match=f"'{field}' is a list"):
        m.from_json(json.dumps(doc))


@pytest.mark.parametrize("mode", ["sentinels", "oblivaeon"])
@pytest.mark.parametrize("field", ["zone", "bz", "face"])
@pytest.mark.parametrize("change", ["short", "negative", "too_big", "text", "dict", "none"])
def test_a_save_whose_card_bytes_are_malformed_is_refused(mode: str, field: str, change: str) -> None:
    """`zone`, `bz`, `face` (one small number per card, held as bytes: `BYTES`) are saved as lists
    of whole numbers from 0 to 255, one per card: anything else is a SaveError naming the
    field, the state untouched; a well-formed one loads to the same hash, held as bytes."""
    from multiverse import modes
    from multiverse.engine.errors import SaveError

    m = modes.get(mode)
    s = m.new_game(m.make_config("3"), 4)
    doc = json.loads(m.to_json(s))
    v = doc["state"][field]
    assert field in type(s).BYTES and type(v) is list and len(v) == len(s.T.card)
    back = m.from_json(json.dumps(doc))
    assert back.state_hash() == s.state_hash() and type(getattr(back, field)) is bytearray
    doc["state"][field] = {"short": v[:-1], "negative": [-1, *v[1:]], "too_big": [256, *v[1:]],
                           "text": ["1", *v[1:]], "dict": {"0": 1}, "none": None}[change]
    with pytest.raises(SaveError, match=f"'{field}' is a list of {len(v)} whole numbers"):
        m.from_json(json.dumps(doc))
    assert s.state_hash() == back.state_hash()


@pytest.mark.parametrize("mode", ["sentinels", "oblivaeon"])
@pytest.mark.parametrize("change", ["short", "negative", "text", "dict", "none"])
def test_a_save_whose_damage_this_turn_is_malformed_is_refused(mode: str, change: str) -> None:
    """`turn_dmg` is saved as one count of damage per card ([] when no condition of the game
    reads it; the state keeps only the cards dealt some): a list of another length, a count
    below 0 or not a whole number, anything but a list is a SaveError naming 'turn_dmg'; a
    well-formed one loads to the same hash."""
    from multiverse import modes
    from multiverse.engine.errors import SaveError

    m = modes.get(mode)
    s = m.new_game(m.make_config("3"), 4)
    doc = json.loads(m.to_json(s))
    dense = doc["state"]["turn_dmg"]
    assert dense == ([0] * len(s.T.card) if s.T.track_dmg else [])
    if s.T.track_dmg:  # a count that loads: kept for that card only
        doc["state"]["turn_dmg"] = [7 if c == 1 else 0 for c in range(len(dense))]
        loaded = m.from_json(json.dumps(doc))
        assert loaded.turn_dmg == {1: 7} and loaded.dense_dmg() == doc["state"]["turn_dmg"]
    bad = {"short": dense[1:] if dense else [0], "negative": [-1] * max(1, len(dense)),
           "text": ["3"] * max(1, len(dense)), "dict": {"0": 1}, "none": None}[change]
    doc["state"]["turn_dmg"] = bad
    with pytest.raises(SaveError, match="'turn_dmg'"):
        m.from_json(json.dumps(doc))
