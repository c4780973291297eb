"""The owner's words in whole games: the random, heuristic and ISMCTS agents play decks full
of original cards using them (both modes), the invariants hold after every decision, and a
position halfway through any of their choices round-trips through JSON."""

from __future__ import annotations

from typing import Any

import pytest
from mu_support import play_out

from multiverse.agents.heuristic import HeuristicAgent
from multiverse.agents.ismcts import ISMCTSAgent
from multiverse.agents.random_agent import RandomAgent
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import from_json, new_game, to_json
from multiverse.united.invariants import check_dofp, check_standard
from multiverse.united.state import UnitedState

MAY = {"optional": True}
OWNER_CARDS = [
    {"name": "Owner Rush", "symbols": ["move"], "copies": 2,
     "effect": [{"verb": "gain_action", "symbol": "attack", "amount": 2}, {"verb": "draw", **MAY}]},
    {"name": "Owner Reach", "symbols": ["heroic"], "copies": 2,
     "effect": [{"verb": "take_action", "symbol": "wild", "amount": 2, "where": "adjacent", **MAY}]},
    {"name": "Owner Volley", "symbols": [], "copies": 2,
     "effect": [{"verb": "take_action", "symbol": "attack", "amount": 3, "targets": "different"},
                {"verb": "take_action", "symbol": "attack", "where": "both_adjacent", "targets": "one"}]},
    {"name": "Owner Choice", "symbols": ["attack"], "copies": 2,
     "effect": [{"verb": "choose_one", **MAY, "options": [
         [{"verb": "draw_until", "amount": 4}],
         [{"verb": "rescue", "amount": 1, "per": "heroes_here"}],
         [{"verb": "gain_token", "symbol": "wild", "who": "another_hero"}]]}]},
    {"name": "Owner Escort", "symbols": ["move"], "copies": 2,
     "effect": [{"verb": "move", "where": "any", "bring": True, **MAY},
                {"verb": "move", "who": "another_hero", "where": "your_location", **MAY},
                {"verb": "give_token", "symbol": "wild"}]},
    {"name": "Owner Toll", "symbols": ["heroic", "move"], "copies": 2,
     "effect": [{"verb": "defeat_thugs", "amount": 2, "cost": ["heroic", "wild"], **MAY},
                {"verb": "take_action", "symbol": "heroic", "who": "each_other_hero_here"},
                {"verb": "draw", "who": "one_hero", "per": "threats_cleared"}]},
    {"name": "Owner Guard", "symbols": ["attack"], "copies": 2,
     "effect": [{"verb": "ignore_damage", **MAY},
                {"verb": "prevent_damage", "amount": 2, "who": "each_hero_here", "until": "face_up"},
                {"verb": "ignore_damage", "who": "another_hero", "until": "end_of_turn"}]},
    {"name": "Owner Stall", "symbols": ["wild"], "copies": 1,
     "effect": [{"verb": "cancel_bam", **MAY}, {"verb": "stop_villain_move", "until": "face_up"},
                {"verb": "ignore_overflow", "until": "end_of_turn"}]},
    {"name": "Owner Blast", "symbols": ["attack", "attack"], "copies": 1,
     "effect": [{"verb": "extra_damage", **MAY}, {"verb": "damage_each_enemy_here", **MAY},
                {"verb": "take_damage", "who": "each_hero_here", **MAY},
                {"verb": "lose_civilians", "per": "heroes_here", **MAY},
                {"verb": "thugs_to_civilians", "amount": 2, **MAY},
                {"verb": "clear_threat", "cost": ["wild", "wild"], **MAY}]},
    {"name": "Owner Scheme", "symbols": ["heroic"], "copies": 2,
     "effect": [{"verb": "move_villain"}, {"verb": "delay_master_plan", **MAY},
                {"verb": "blank_master_plan", **MAY}]},
    {"name": "Owner Shift", "symbols": ["move", "attack"], "copies": 1,
     "effect": [{"verb": "convert_symbols", "symbol": "move", "to": "heroic", **MAY},
                {"verb": "double_symbols", **MAY}, {"verb": "flip_facedown", **MAY},
                {"verb": "flip_facedown", "which": "this_card", **MAY},
                {"verb": "move_tokens", "tokens": "CT", "where": "any", **MAY},
                {"verb": "copy_effect", **MAY}]},
]


def config(mode: str, **extra: object) -> UnitedConfig:
    heroes = ("logan", "storm", "kitty-pryde")
    cards = {"logan": OWNER_CARDS, "storm": OWNER_CARDS}
    if mode == "standard":
        return UnitedConfig(mode="standard", heroes=heroes, cards=cards, **extra)
    return UnitedConfig(heroes=heroes, cards=cards, **extra)


def play(mode: str, agent: object, seed: int, roundtrip: bool = False, **extra: object) -> set[str]:
    """Play one game to its end; return the kinds of decision met."""
    s = new_game(config(mode, **extra), seed=seed)

    def round_trip(s: UnitedState, d: Any) -> None:
        if roundtrip and d.kind in (*NEW_KINDS, "give_token"):
            back = from_json(to_json(s))
            assert back == s and back.decision() == d

    return play_out(s, agent, check_standard if mode == "standard" else check_dofp, round_trip)


NEW_KINDS = {"may", "act", "choose_one", "move_to", "pick_hero", "move_villain"}


@pytest.mark.parametrize("mode", ["dofp", "standard"])
def test_random_agent_meets_every_new_choice_and_round_trips(mode):
    kinds: set[str] = set()
    for seed in range(12):
        kinds |= play(mode, RandomAgent(seed), seed, roundtrip=True, track_max=40,
                      sentinel_health=1)  # dofp: Nimrod enters, to be moved
    assert kinds >= NEW_KINDS


@pytest.mark.parametrize("mode", ["dofp", "standard"])
def test_heuristic_agent_plays_the_new_words(mode):
    kinds: set[str] = set()
    for seed in range(6):
        kinds |= play(mode, HeuristicAgent(seed), seed)
    assert {"may", "act"} <= kinds


def test_ismcts_agent_plays_the_new_words():
    play("dofp", ISMCTSAgent(seed=1, iterations=20), 3)
