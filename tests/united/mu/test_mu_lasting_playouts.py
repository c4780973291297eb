"""Vigil Marrow (heroes/vigil-marrow.yaml), every word of lasting text and the next Villain
turn in one original deck: 30 random games in each mode play to their end with the
invariants holding after every decision."""

from __future__ import annotations

import json

import pytest
from mu_support import play_out

from multiverse import modes
from multiverse.agents.random_agent import RandomAgent
from multiverse.content.loader import load_content
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import new_game
from multiverse.united.invariants import check_invariants
from multiverse.united.state import UnitedState

WORDS = {"symbols_also_count", "move_reach", "move_with_hero", "heroic_range",
         "prevent_damage_each_villain_turn",
         "keep_last_card", "stun_enemy", "ignore_damage", "prevent_damage"}


def test_vigil_marrow_uses_every_word():
    hero = next(h for h in load_content().heroes if h.id == "vigil-marrow")
    assert hero.name == "Vigil Marrow" and len(hero.cards) == 12
    verbs = {e.verb for c in hero.cards for e in c.effect}
    assert verbs >= WORDS
    fields = {(e.until, e.damage_from) for c in hero.cards for e in c.effect}
    assert {("villain_turn", None), ("villain_turn", "bam"), ("face_up", "sentinel")} <= fields
    hooks = {(h.when, h.instead, h.flip_card) for c in hero.cards for h in c.face_up}
    assert hooks == {("damage_taken", True, False), ("damage_taken", True, True),
                     ("turn_starts", False, False)}


@pytest.mark.parametrize("mode", ["dofp", "standard"])
def test_thirty_random_games_with_vigil_marrow(mode):
    kinds: set[str] = set()
    ends: set[str] = set()
    m = modes.get(mode)

    def trip(s: UnitedState, d: object) -> None:  # now and then: the position round-trips
        if s.protect and s.turn % 7 == 0:
            back = m.from_json(json.loads(json.dumps(m.to_json(s))))
            assert back.state_hash() == s.state_hash()

    for seed in range(30):
        s = new_game(UnitedConfig(mode=mode, heroes=("vigil-marrow", "logan")), seed=seed)
        kinds |= play_out(s, RandomAgent(seed), check_invariants, at_choice=trip)
        assert s.result in ("win", "loss")
        ends.add(s.result)
    assert "stun_enemy" in kinds or "bring_along" in kinds
