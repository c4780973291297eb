"""The state's own clone, key and data_dict (written out for speed) agree with the engine's
generic ones on every field, at every decision of random games."""

from __future__ import annotations

import random

import pytest

from multiverse import modes
from multiverse.engine.state import GameState
from multiverse.sentinels.state import SentinelsState


@pytest.mark.parametrize("heroes", ["3", "5"])
def test_clone_key_and_data_match_the_engine(heroes: str) -> None:
    mode = modes.get("sentinels")
    config = mode.make_config(heroes)
    for seed in range(4):
        s = mode.new_game(config, seed)
        rnd = random.Random(seed)
        while (d := s.decision()) is not None:
            c = s.clone()
            assert c.key() == GameState.key(s) == GameState.key(GameState.clone(s))
            assert s.data_dict() == GameState.data_dict(s)
            assert c.state_hash() == s.state_hash()
            for name in SentinelsState.CORE + SentinelsState.DATA:  # nothing shared that mutates
                v = getattr(s, name)
                if type(v) is list and v:
                    assert getattr(c, name) is not v
                    if name in SentinelsState.NESTED:
                        assert all(a is not b for a, b in zip(getattr(c, name), v, strict=True))
            s.apply(d.options[rnd.randrange(len(d.options))].id)


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
