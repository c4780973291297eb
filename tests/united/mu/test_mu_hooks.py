"""Hook points (united/hooks.py): lasting text on a face-up Storyline card or an uncovered
Location waits for a named moment, and its steps resolve when the moment comes. Each hook
point is played on original test cards (a position's `cards`) with an exact outcome."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mu_support import THREATS, play, position, ring
from test_owner_structures import owner_pack

from multiverse.content.schema import Hook
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import from_json, new_game, to_json
from multiverse.united.invariants import check_invariants
from multiverse.united.state import UnitedState

Step = dict[str, Any]


def lasting(name: str, when: str, steps: list[Step], whose: str = "you",
            symbols: tuple[str, ...] = ()) -> dict[str, Any]:
    """An original card whose text lasts while it is face up: `steps` at `when`."""
    return {"name": name, "symbols": list(symbols),
            "face_up": [{"when": when, "whose": whose, "steps": steps}]}


def gain(symbol: str = "move") -> list[Step]:
    return [{"verb": "gain_token", "symbol": symbol}]


def storyline(*cards: tuple[str, str]) -> list[dict[str, str]]:
    return [{"hero": h, "card": c} for h, c in cards]


@pytest.mark.rule("MU-16")
def test_turn_starts_resolves_before_the_draw():
    # "While face up: at the start of your turn, draw until you hold 3 cards" — with an
    # empty hand Logan draws to 3, then his turn's draw makes 4 (after it: 3)
    card = lasting("Patient Watch", "turn_starts", [{"verb": "draw_until", "amount": 3}])
    s = position(heroes=[{"id": "logan", "location": 0, "hand": []}, {"id": "storm", "location": 3}],
                 cards={"logan": [card]}, storyline=storyline(("logan", "Patient Watch")),
                 turn={"hero": "logan"}, step="turn_start")
    assert len(s.hand[0]) == 4 and s.decision().kind == "play_card"


@pytest.mark.rule("MU-16")
def test_turn_starts_of_another_hero_and_not_of_the_owner():
    # Storm's card: "at the start of another hero's turn, you gain a Move token"
    card = lasting("Tailwind", "turn_starts", gain(), whose="another_hero")
    s = position(heroes=[{"id": "logan", "location": 0}, {"id": "storm", "location": 3}],
                 cards={"storm": [card]}, storyline=storyline(("storm", "Tailwind")),
                 turn={"hero": "logan"}, step="turn_start")
    assert s.tokens[4:8] == [1, 0, 0, 0]  # Logan's turn: Storm gains one
    s2 = position(heroes=[{"id": "logan", "location": 0}, {"id": "storm", "location": 3}],
                  cards={"storm": [card]}, storyline=storyline(("storm", "Tailwind")),
                  turn={"hero": "storm"}, step="turn_start")
    assert s2.tokens[4:8] == [0, 0, 0, 0]  # her own turn: nothing


@pytest.mark.rule("MU-16")
def test_a_facedown_card_waits_for_nothing():
    card = lasting("Patient Watch", "turn_starts", gain())
    s = position(heroes=[{"id": "logan", "location": 0}, {"id": "storm", "location": 3}],
                 cards={"logan": [card]},
                 storyline=[{"hero": "logan", "card": "Patient Watch", "facedown": True}],
                 turn={"hero": "logan"}, step="turn_start")
    assert s.tokens[0:4] == [0, 0, 0, 0]


@pytest.mark.rule("MU-20")
def test_turn_ends_resolves_after_the_location_effect():
    card = lasting("Last Word", "turn_ends", gain("attack"))
    s = position(heroes=[{"id": "logan", "location": 0, "hand": ["Last Word", "Old Instincts"]},
                         {"id": "storm", "location": 3}],
                 cards={"logan": [card]}, turn={"hero": "logan"}, step="play")
    s.log = []
    play(s, "Last Word")  # no symbols: the actions end; a Threat covers the Location effect
    kinds = [e.kind for e in s.log]
    assert s.tokens[0:4] == [0, 1, 0, 0]
    assert kinds.index("play") < kinds.index("hook") < kinds.index("activation")


def now(s: UnitedState, *frames: tuple) -> None:
    """`frames` come now, before the pending decision (a Villain turn, a blow)."""
    s.stack.extend(frames)
    s._decision = None
    s.advance()


@pytest.mark.rule("MU-11")
def test_villain_turn_ends_resolves_after_the_tokens_and_overflow():
    card = lasting("After the Storm", "villain_turn_ends", gain("heroic"))
    s = position(heroes=[{"id": "logan", "location": 0, "hand": ["Old Instincts"]},
                         {"id": "storm", "location": 3}],
                 cards={"logan": [card]}, storyline=storyline(("logan", "After the Storm")),
                 phase="nimrod", nimrod={"location": 1}, turn={"hero": "logan"}, step="play")
    s.log = []
    now(s, ("villain_turn",))
    kinds = [e.kind for e in s.log]
    assert s.tokens[0:4] == [0, 0, 1, 0]
    last = max(i for i, k in enumerate(kinds) if k in ("tokens_added", "overflow", "master_plan"))
    assert kinds.index("hook") > last


@pytest.mark.rule("MU-10")
def test_master_plan_revealed_resolves_before_the_card():
    card = lasting("Forewarned", "master_plan_revealed", gain("heroic"))
    s = position(heroes=[{"id": "logan", "location": 0, "hand": ["Old Instincts"]},
                         {"id": "storm", "location": 3}],
                 cards={"logan": [card]}, storyline=storyline(("logan", "Forewarned")),
                 phase="nimrod", nimrod={"location": 1}, turn={"hero": "logan"}, step="play")
    s.log = []
    now(s, ("villain_turn",))
    kinds = [e.kind for e in s.log]
    assert s.tokens[0:4] == [0, 0, 1, 0]
    assert kinds[:3] == ["master_plan", "hook", "token"]


@pytest.mark.rule("MU-22")
def test_ko_resolves_for_the_knocked_out_hero():
    card = lasting("Second Wind", "ko", gain("wild"))
    s = position(heroes=[{"id": "logan", "location": 0, "hand": []}, {"id": "storm", "location": 3}],
                 cards={"logan": [card]}, storyline=storyline(("logan", "Second Wind")),
                 turn={"hero": "storm"}, step="play")
    track = s.track
    now(s, ("damage_hero", 0, 1, "a test blow"))
    assert s.ko[0] == 1 and s.track == track + 3  # DFP-D1 blue part: 1 + 2 Data Analyzers
    assert s.tokens[0:4] == [0, 0, 0, 1]


@pytest.mark.rule("DFP-A13")
def test_card_flipped_is_heard_by_another_face_up_card():
    watcher = lasting("Afterimage", "card_flipped", gain(), whose="any_hero")
    flipper = {"name": "Fold Away", "symbols": [], "effect": [{"verb": "flip_facedown"}]}
    s = position(heroes=[{"id": "logan", "location": 0, "hand": ["Fold Away"]},
                         {"id": "storm", "location": 3}],
                 cards={"logan": [watcher, flipper]},
                 storyline=storyline(("logan", "Afterimage"), ("storm", "Gale Force")),
                 turn={"hero": "logan"}, step="play")
    s.apply("effect")
    assert s.story[-2] < 0  # Gale Force, the previous Hero card, is facedown
    assert s.tokens[0:4] == [1, 0, 0, 0]


@pytest.mark.rule("DFP-A13")
def test_a_flipped_card_does_not_hear_its_own_flip():
    watcher = lasting("Afterimage", "card_flipped", gain(), whose="any_hero")
    flipper = {"name": "Fold Away", "symbols": [], "effect": [{"verb": "flip_facedown"}]}
    s = position(heroes=[{"id": "logan", "location": 0, "hand": ["Fold Away"]},
                         {"id": "storm", "location": 3}],
                 cards={"logan": [watcher, flipper]}, storyline=storyline(("logan", "Afterimage")),
                 turn={"hero": "logan"}, step="play")
    assert s.story[-2] < 0 and s.tokens[0:4] == [0, 0, 0, 0]


@pytest.mark.rule("MU-18")
def test_hero_action_of_another_hero():
    # Storm's card: "each time another hero takes an action, you gain an Attack token"
    card = lasting("Watchful Eye", "hero_action", gain("attack"), whose="another_hero")
    s = position(heroes=[{"id": "logan", "location": 0, "hand": ["Quick Steps"]},
                         {"id": "storm", "location": 3}],
                 cards={"storm": [card], "logan": [{"name": "Quick Steps", "symbols": ["move", "move"]}]},
                 storyline=storyline(("storm", "Watchful Eye")), turn={"hero": "logan"}, step="play")
    s.apply("move:1")
    assert s.tokens[4:8] == [0, 1, 0, 0]
    s.apply("move:2")
    assert s.tokens[4:8] == [0, 2, 0, 0]


def _hooked_locations(d: dict) -> None:
    """Every Location: "at the start of the turn of a hero here, they gain a Move token"."""
    for loc in d["locations.yaml"]["locations"]:
        loc["hooks"] = [{"when": "turn_starts", "steps": gain()}]


@pytest.mark.rule("MU-16")
def test_a_location_hook_is_in_force_only_uncovered(tmp_path: Path):
    pack = str(owner_pack(tmp_path, _hooked_locations))
    covered = position(config={"content": pack}, heroes=[{"id": "logan", "location": 0},
                                                           {"id": "storm", "location": 3}],
                       turn={"hero": "logan"}, step="turn_start")
    assert covered.tokens[0:4] == [0, 0, 0, 0]  # a Threat covers The Burned Mansion
    threats = [None, *THREATS[1:]]
    bare = position(config={"content": pack}, locations=ring(threats),
                    heroes=[{"id": "logan", "location": 0}, {"id": "storm", "location": 3}],
                    turn={"hero": "logan"}, step="turn_start")
    assert bare.tokens[0:4] == [1, 0, 0, 0]


@pytest.mark.rule("MU-16")
def test_a_hook_waiting_for_a_choice_survives_a_save():
    card = lasting("Rally", "turn_starts", [{"verb": "one_hero_draws", "amount": 2}])
    s = position(heroes=[{"id": "logan", "location": 0, "hand": []}, {"id": "storm", "location": 3}],
                 cards={"logan": [card]}, storyline=storyline(("logan", "Rally")),
                 turn={"hero": "logan"}, step="turn_start")
    d = s.decision()
    assert d.kind == "one_hero_draws" and ("hero_turn", 1) in s.stack
    t = from_json(to_json(s))
    t.apply("hero:1")
    check_invariants(t)
    assert len(t.hand[1]) == len(s.hand[1]) + 2
    assert len(t.story) == 2 and t.hand[0] == []  # then Logan's draw: his one card is played


def test_a_game_without_hooks_reads_none():
    s = new_game(UnitedConfig(), seed=3)
    assert s.T.hooks == {}


def test_a_hook_of_a_villain_moment_has_no_turn_symbols():
    with pytest.raises(ValueError, match="outside the hero's turn"):
        Hook.model_validate({"when": "villain_turn_ends", "steps": [
            {"verb": "gain_action", "symbol": "move"}]})
    with pytest.raises(ValueError, match="steps"):
        Hook.model_validate({"when": "ko", "steps": []})


def test_lasting_text_reads_in_the_hand_the_options_the_storyline_and_card_texts():
    from multiverse.united.cardtext import card_texts
    from multiverse.united.view import view

    card = lasting("Patient Watch", "turn_starts", [{"verb": "draw_until", "amount": 3}],
                   symbols=("heroic",))
    other = lasting("Tailwind", "hero_action", gain(), whose="another_hero")
    s = position(heroes=[{"id": "logan", "location": 0, "hand": ["Patient Watch", "Old Instincts"]},
                         {"id": "storm", "location": 3}],
                 cards={"logan": [card], "storm": [other]},
                 storyline=storyline(("storm", "Tailwind")), turn={"hero": "logan"}, step="play")
    text = "Heroic + While face up: at the start of your turn: draw until you hold 3"
    labels = [o.label for o in s.decision().options]
    assert f"Patient Watch [{text}]" in labels
    v = view(s, 0)
    assert {"name": "Patient Watch", "text": text} in [
        {k: e[k] for k in ("name", "text")} for e in v["heroes"][0]["hand"]]
    assert v["storyline"][0]["text"] == ("no symbols + While face up: each time another hero "
                                         "takes an action: gain 1 Move token")
    assert card_texts(s.T)["Patient Watch"].startswith(f"Patient Watch [{text}] — Logan's hero card")


@pytest.mark.rule("MU-18")
def test_hero_action_hears_a_granted_action_too():
    card = lasting("Watchful Eye", "hero_action", gain("attack"), whose="another_hero")
    grant = {"name": "Quick Hands", "symbols": [],
             "effect": [{"verb": "take_action", "symbol": "move", "amount": 1}]}
    s = position(heroes=[{"id": "logan", "location": 0, "hand": ["Quick Hands"]},
                         {"id": "storm", "location": 3}],
                 cards={"storm": [card], "logan": [grant]},
                 storyline=storyline(("storm", "Watchful Eye")), turn={"hero": "logan"}, step="play")
    assert s.decision().kind == "act"  # the granted Move, taken now
    s.apply("move:1")
    assert s.tokens[4:8] == [0, 1, 0, 0]
