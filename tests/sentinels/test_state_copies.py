"""The state's own clone, key and data_dict (written out for speed) agree with the engine's
generic ones on every field, at every decision of random games."""

from __future__ import annotations

import random

import pytest

from multiverse import modes
from multiverse.engine.state import GameState
from multiverse.sentinels.state import STATIC, SentinelsState

COPY_ON_WRITE = ("home", "face", "tok", "seq")  # shared by a clone until either state writes one


def _dense(s: SentinelsState, fields: tuple | dict) -> tuple | dict:
    """The engine's generic key or data of `s`, `turn_dmg` (a dict of the cards dealt damage
    this turn, which the generic versions keep as it is) written out as the state saves and
    hashes it: one count per card. (`zone` and `bz`, bytes, the generic versions write as
    lists of numbers themselves.)"""
    if type(fields) is dict:
        return {**fields, "turn_dmg": s.dense_dmg()}
    names = SentinelsState.CORE + SentinelsState.DATA
    return tuple(tuple(s.dense_dmg()) if n == "turn_dmg" else v for n, v in zip(names, fields, strict=True))


@pytest.mark.parametrize(("mode_name", "heroes", "seeds"),
                         [("sentinels", "3", 4), ("sentinels", "5", 4), ("oblivaeon", "3", 2)])
def test_clone_key_and_data_match_the_engine(mode_name: str, heroes: str, seeds: int) -> None:
    mode = modes.get(mode_name)
    config = mode.make_config(heroes)
    dealt = 0
    for seed in range(seeds):
        s = mode.new_game(config, seed)
        rnd = random.Random(seed)
        while (d := s.decision()) is not None:
            c = s.clone()
            generic = GameState.clone(s)
            assert c.key() == _dense(s, GameState.key(s)) == _dense(s, GameState.key(generic))
            assert all(getattr(generic, n) is not getattr(s, n) for n in s.BYTES)  # copied
            assert s.data_dict() == _dense(s, GameState.data_dict(s))
            assert c.state_hash() == s.state_hash()
            dealt += bool(s.turn_dmg)
            static = STATIC if s.T.n_zones == 1 and not s.T.dynamic else ()
            for name in SentinelsState.CORE + SentinelsState.DATA:  # nothing shared that mutates
                v = getattr(s, name)
                if name in static:  # shared: never written (next test)
                    assert getattr(c, name) is v
                elif name in COPY_ON_WRITE:  # shared until written (the test after next)
                    assert getattr(c, name) is v
                    assert getattr(s, f"{name}_shared") and getattr(c, f"{name}_shared")
                elif type(v) in (dict, bytearray):  # `turn_dmg` (written in place, never
                    assert getattr(c, name) is not v and getattr(c, name) == v  # shared), bytes
                elif type(v) is list and v:
                    assert getattr(c, name) is not v
                    if name in SentinelsState.NESTED:
                        assert all(a is not b for a, b in zip(getattr(c, name), v, strict=True))
            s.apply(d.options[rnd.randrange(len(d.options))].id)
    assert dealt or not s.T.track_dmg  # (OblivAeon's default content counts the damage)


@pytest.mark.parametrize(("mode_name", "heroes", "seeds"),
                         [("sentinels", "3", 6), ("sentinels", "5", 3), ("oblivaeon", "3", 3)])
def test_a_clone_playing_on_leaves_the_original_as_it_was(mode_name: str, heroes: str,
                                                          seeds: int) -> None:
    """What a clone shares (the base game's `STATIC` lists)
    is never written under the original: after the clone plays a few decisions on, the
    original's hash is the one it had; and the base game's `STATIC` lists keep their setup
    values to the end."""
    mode = modes.get(mode_name)
    config = mode.make_config(heroes)
    for seed in range(seeds):
        s = mode.new_game(config, seed)
        static = [list(getattr(s, name)) for name in STATIC]
        rnd = random.Random(seed)
        while (d := s.decision()) is not None:
            h = s.state_hash()
            c = s.clone()
            for _ in range(3):
                if (cd := c.decision()) is None:
                    break
                c.apply(cd.options[rnd.randrange(len(cd.options))].id)
            assert s.state_hash() == h
            s.apply(d.options[rnd.randrange(len(d.options))].id)
        if s.T.n_zones == 1 and not s.T.dynamic:
            assert [list(getattr(s, name)) for name in STATIC] == static


@pytest.mark.parametrize(("mode_name", "heroes", "seeds"),
                         [("sentinels", "3", 8), ("sentinels", "5", 4), ("oblivaeon", "4", 3)])
def test_what_a_clone_shares_until_written_is_copied_by_the_first_writer(
        mode_name: str, heroes: str, seeds: int) -> None:
    """`home`, `face`, `tok` and `seq` are shared by a clone and its original until either
    writes one: at every decision of random games a clone is taken, and as the original
    plays on the clone keeps its hash (and a clone playing on leaves the original's, the
    test above); the games write each of the four lists under a clone (cards change faces,
    hold tokens, enter and leave play, move to another play area)."""
    mode = modes.get(mode_name)
    config = mode.make_config(heroes)
    copied = dict.fromkeys(COPY_ON_WRITE, 0)
    for seed in range(seeds):
        s = mode.new_game(config, seed)
        rnd = random.Random(seed)
        while (d := s.decision()) is not None:
            c = s.clone()
            h = c.state_hash()
            kept = {name: getattr(c, name)[:] for name in COPY_ON_WRITE}  # (a list, or bytes)
            s.apply(d.options[rnd.randrange(len(d.options))].id)
            assert c.state_hash() == h
            for name in COPY_ON_WRITE:
                assert getattr(c, name) == kept[name]
                if getattr(s, name) != kept[name]:  # the original wrote it: its own copy
                    assert getattr(s, name) is not getattr(c, name)
                    assert not getattr(s, f"{name}_shared")
                    copied[name] += 1
            e = c.clone()  # a clone of a clone, written by the clone in between
            if (cd := c.decision()) is not None:
                c.apply(cd.options[rnd.randrange(len(cd.options))].id)
                assert e.state_hash() == h
    assert all(copied.values()), copied  # each list was written under a clone


def _live_fresh(s: SentinelsState) -> dict:
    """What `live` would hold, each key it holds read again from the cards in play."""
    kept, s.live = s.live, None
    try:
        return {key: s.live_read(key) for key in (kept or {})}
    finally:
        s.live = kept


@pytest.mark.rule("SOTM-7", "SOTM-14")
def test_live_follows_play_and_faces_and_is_never_changed_under_a_clone() -> None:
    """`live` (the cards in play with modifiers, turn texts and reactions, the modifiers they
    show, the targets by sides) agrees with the cards in play at every decision; a clone
    that plays on changes none of the original's lists."""
    mode = modes.get("sentinels")
    config = mode.make_config("4")
    read = 0
    for seed in range(6):
        s = mode.new_game(config, seed)
        rnd = random.Random(seed)
        while (d := s.decision()) is not None:
            if s.live is not None:
                read += len(s.live)
                assert s.live == _live_fresh(s)
                before = {k: list(v) if type(v) is list else v for k, v in s.live.items()}
                c = s.clone()
                cd = c.decision()
                c.apply(cd.options[rnd.randrange(len(cd.options))].id)  # the clone plays on
                # (the clone may fill in a list the two share, true of both: nothing it changes)
                assert all(s.live[k] == v for k, v in before.items()) and s.live == _live_fresh(s)
            s.apply(d.options[rnd.randrange(len(d.options))].id)
    assert read > 1000  # the lists were read and checked, not empty every time


@pytest.mark.rule("SOTM-7", "SOTM-14")
def test_the_cards_of_a_set_in_play_are_kept_as_play_changes() -> None:
    """"Is any of these cards in play?" (an event's watchers, the cards whose modifiers
    change printed numbers or hold a condition) reads a list kept in `live`: at every
    decision it is those of the set in play, in play order, the same read afresh. (The
    OblivAeon box has such cards; the base game's default content has none.)"""
    mode = modes.get("oblivaeon")
    config = mode.make_config("3")
    found = 0
    for seed in range(3):
        s = mode.new_game(config, seed)
        t = s.T
        sets = [*t.watch_cards.values(), t.printed_cards, t.cond_cards]
        rnd = random.Random(seed)
        while (d := s.decision()) is not None:
            for cards in sets:
                kept = s.live_get(cards)
                assert kept == [c for c in s.inplay if c in cards]
                assert bool(kept) == (not cards.isdisjoint(s.inplay))
                found += len(kept)
            assert s.live == _live_fresh(s)
            s.apply(d.options[rnd.randrange(len(d.options))].id)
    assert found > 50  # some of the sets were in play: the lists were not empty every time
