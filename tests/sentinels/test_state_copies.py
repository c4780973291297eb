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
