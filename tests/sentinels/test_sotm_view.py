"""What one seat may see (DESIGN property 5)."""

from __future__ import annotations

import json
from pathlib import Path

from multiverse.sentinels.view import view

from .support import card, char, hero, load, villain


def _state(tmp_path: Path):
    alpha = hero("alpha", cards=[
        {"name": "Drone", "kind": "target", "hp": 4},
        {"name": "Aura", "kind": "ongoing", "limited": True,
         "modifiers": [{"kind": "reduce_taken", "amount": 1, "applies_to": "hero"}]},
        {"name": "Brace", "kind": "one-shot", "play": [
            {"verb": "modify", "duration": "this_turn",
             "modifier": {"kind": "increase_dealt", "amount": 2, "applies_to": "this_hero", "damage_type": "fire"}}]},
        {"name": "Gem", "kind": "one-shot", "copies": 4}],
        tokens={"sides": ["arcana", "avian"], "start": ["arcana", "avian"]})
    vil = villain(sides=[{"hp": 12, "restore_hp": True}],
                  cards=[{"name": "Bulwark", "kind": "device", "hp": 5, "indestructible": True}])
    s = load(tmp_path, {
        "heroes": [{"id": "alpha", "hp": 17, "hand": ["Brace", "Gem"], "deck": ["Gem", "Gem"], "trash": ["Gem"],
                    "play": [{"name": "Drone", "hp": 3, "tokens": 2}, "Aura"]},
                   {"id": "beta", "hand": ["Filler", "Filler", "Filler"]}, "gamma"],
        "villain": {"flipped": True, "hp": 7, "play": [{"name": "Bulwark", "hp": 0}]},
        "turn": {"whose": "alpha", "phase": "play", "round": 3}}, heroes=[alpha], villain_=vil)
    s.apply(f"play:{card(s, 'Brace', 'alpha', None)}")
    return s


def test_own_hand_visible_other_hands_hidden_counts_visible(tmp_path: Path) -> None:
    s = _state(tmp_path)
    v0, v1 = view(s, 0), view(s, 1)
    assert [c["name"] for c in v0["heroes"][0]["hand"]] == ["Gem"]
    assert v0["heroes"][1]["hand"] is None and v0["heroes"][1]["hand_size"] == 3
    assert v1["heroes"][0]["hand"] is None and v1["heroes"][0]["hand_size"] == 1
    assert [c["name"] for c in v1["heroes"][1]["hand"]] == ["Filler"] * 3
    spectator = view(s, -1)
    assert all(h["hand"] is None for h in spectator["heroes"])


def test_deck_orders_are_hidden_trash_and_play_are_open(tmp_path: Path) -> None:
    s = _state(tmp_path)
    v = view(s, 0)
    text = json.dumps(v)  # JSON-ready
    a = v["heroes"][0]
    assert a["deck_size"] == 2 and "deck" not in a
    assert [c["name"] for c in a["trash"]] == ["Gem", "Brace"]
    assert v["villain"]["deck_size"] == len(s.deck[s.T.villain]) and "deck" not in v["villain"]
    assert v["environment"]["deck_size"] == len(s.deck[s.T.env])
    for c in s.deck[s.T.villain] + s.deck[s.T.env] + s.deck[0] + s.hand[1]:
        assert f'"card": {c},' not in text
    assert (a["hp"], a["max_hp"], a["incapacitated"], a["target"]) == (17, 20, False, True)
    assert [(c["name"], c.get("hp"), c["tokens"]) for c in a["play"]] == [("Drone", 3, 2), ("Aura", None, 0)]
    assert a["play"][1]["limited"] is True and a["tokens"] == ["arcana", "avian"]
    vil = v["villain"]
    assert (vil["hp"], vil["max_hp"], vil["flipped"]) == (7, 12, True)
    assert vil["play"] == [{"card": card(s, "Bulwark", "villain"), "name": "Bulwark", "kind": "device",
                            "keywords": [], "tokens": 0, "text": "", "hp": 0, "max_hp": 5, "target": True,
                            "indestructible": True}]
    assert (v["H"], v["round"], v["turn"], v["phase"]) == (3, 3, "alpha", "power")


def test_modifiers_in_force(tmp_path: Path) -> None:
    s = _state(tmp_path)
    assert view(s, 2)["modifiers"] == [
        {"card": card(s, "Aura", "alpha"), "name": "Aura", "kind": "reduce_taken", "amount": 1,
         "applies_to": "hero", "damage_type": None, "duration": "while_in_play"},
        {"card": card(s, "Brace", "alpha", None), "name": "Brace", "kind": "increase_dealt", "amount": 2,
         "applies_to": "this_hero", "damage_type": "fire", "duration": "this_turn"},
    ]


def test_the_pending_decision_is_shown_to_its_seat_only(tmp_path: Path) -> None:
    s = _state(tmp_path)
    assert view(s, 0)["decision"]["options"][0]["id"] == f"power:{char(s, 'alpha')}"
    assert view(s, 1)["decision"] == {"seat": 0, "kind": "power_phase"}
