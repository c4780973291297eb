"""Narration never changes a game: the same choices give the same state, hash for hash,
whether the game is narrated (the server, `play`) or silent (the lab, the agents' searches),
so a stored game replays the same either way (DESIGN: a saved game is its start plus its
choices). OblivAeon seeds 6, 12 and 13 once differed: a damage's modifier notes, kept only
when narrated, travelled in a prevention's stack frame."""

from __future__ import annotations

import pytest

from multiverse import modes
from multiverse.agents import AGENTS
from multiverse.store.replay import GameStart

SEEDS = {"dofp": range(1, 6), "standard": range(1, 6), "sentinels": range(1, 10),
         "oblivaeon": (6, 12, 13, 1, 2)}


@pytest.mark.parametrize("mode", list(SEEDS))
def test_a_narrated_game_is_the_silent_game(mode):
    m = modes.get(mode)
    config = m.make_config(None, {}, False, {})
    for seed in SEEDS[mode]:
        silent = GameStart(config, seed).state(log=False)
        narrated = GameStart(config, seed).state(log=True)
        agent = AGENTS["random"](seed)
        n = 0
        while (d := silent.decision()) is not None:
            option = agent.choose(d, silent)
            silent.apply(option)
            narrated.apply(option)
            narrated.take_events()
            n += 1
            assert silent.state_hash() == narrated.state_hash(), f"seed {seed}, decision {n}"
        assert narrated.result == silent.result and n > 20
