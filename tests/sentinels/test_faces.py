"""A face for every card (issue 9, point 3): any card may have sides; `flip` turns any
selected card; a face may restore its printed HP (OBL-C11) and clear tokens (OBL-C14); the
face shown decides HP, keywords, kind, text, powers, triggers and modifiers (SOTM-18 for the
villain character's flip at 0 HP)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from multiverse.engine.errors import ContentError, PositionError
from multiverse.sentinels.render import render_board
from multiverse.sentinels.state import Z_HAND
from multiverse.sentinels.view import modifiers_in_force, view

from .support import card, char, damage, dmg, environment, hero, hp, load, villain

VILLAIN = {"group": "villain_character"}
EACH_HERO = {"group": "hero", "pick": "each"}
ANY_VILLAIN_CARD = {"group": "villain", "pick": "one", "targets_only": False}


def flipper(hid: str = "alpha", target: dict | None = None, face: int | None = None,
            cards: list[dict] | None = None, power: list[dict] | None = None) -> dict:
    """A hero whose one-shot "Turn Over" flips one selected card (to `face`, if given)."""
    step = {"verb": "flip", "target": target or ANY_VILLAIN_CARD}
    if face is not None:
        step["face"] = face
    return hero(hid, power=power if power is not None else [], cards=[
        {"name": "Turn Over", "kind": "one-shot", "copies": 2, "play": [step]}, *(cards or [])])


def board_text(s, seat: int) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(render_board(s, seat), soft_wrap=False)
    return console.export_text()


def _play(s, name: str, who: str = "alpha") -> None:
    s.apply(f"play:{card(s, name, who, zone=Z_HAND)}")


# ----- OBL-C11: a face that restores its printed HP -----------------------------------------
@pytest.mark.rule("OBL-C11")
@pytest.mark.parametrize(("restore", "before", "after"), [(True, 2, 9), (False, 5, 4), (False, 3, 3)])
def test_a_flip_to_a_face_with_hp_restores_it_when_the_face_says_so(
        tmp_path: Path, restore: bool, before: int, after: int) -> None:
    """Flipped to a face that restores HP, the card has that face's printed HP; otherwise it
    keeps its HP, never above the new face's."""
    face = {"name": "Reclaimed Drone", "hp": 9 if restore else 4, "restore_hp": restore}
    vil = villain(cards=[{"name": "Objective Drone", "kind": "target", "hp": 6, "sides": [face]}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Turn Over"]}, "beta", "gamma"],
                        "villain": {"play": [{"name": "Objective Drone", "hp": before}]},
                        "turn": {"whose": "alpha", "phase": "play"}},
             heroes=[flipper()], villain_=vil)
    drone = card(s, "Objective Drone", "villain")
    _play(s, "Turn Over")
    assert s.face[drone] == 1 and s.hp[drone] == after and s.max_hp(drone) == face["hp"]
    assert any(e.kind == "flipped" and "Reclaimed Drone" in e.text for e in s.take_events())


# ----- OBL-C14: a face that clears tokens ---------------------------------------------------
@pytest.mark.rule("OBL-C14")
@pytest.mark.parametrize("clear", [True, False])
def test_a_flip_to_a_face_that_clears_tokens_removes_them(tmp_path: Path, clear: bool) -> None:
    vil = villain(cards=[{"name": "Beacon", "kind": "ongoing",
                          "sides": [{"name": "Dim Beacon", "clear_tokens": clear}]}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Turn Over"]}, "beta", "gamma"],
                        "villain": {"play": [{"name": "Beacon", "tokens": 3}]},
                        "turn": {"whose": "alpha", "phase": "play"}},
             heroes=[flipper()], villain_=vil)
    beacon = card(s, "Beacon", "villain")
    _play(s, "Turn Over")
    assert s.face[beacon] == 1 and s.tok[beacon] == (0 if clear else 3)


# ----- the face shown: modifiers and triggers ----------------------------------------------
def _field_env() -> dict:
    """Shifting Field: its front does nothing; its face 1 increases hero damage by 1 and, at
    the end of the environment turn, deals each hero 1 sonic damage."""
    return environment([{"name": "Shifting Field", "kind": "ongoing", "sides": [{
        "name": "Roaring Field",
        "modifiers": [{"kind": "increase_dealt", "amount": 1, "applies_to": "hero"}],
        "triggers": [{"when": "end_of_turn", "whose": "environment",
                      "effect": [dmg(1, EACH_HERO, type="sonic", source="this")]}]}]}])


@pytest.mark.parametrize("face", [0, 1])
def test_a_flipped_cards_other_face_modifier_and_trigger_are_in_force(tmp_path: Path, face: int) -> None:
    """Stated on its face 1, the field's modifier raises Alpha's damage and its end-of-turn
    text deals damage; on its front neither happens."""
    alpha = hero("alpha", power=[dmg(3, VILLAIN, type="radiant")])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": []}, {"id": "beta", "hand": []},
                                   {"id": "gamma", "hand": []}],
                        "environment": {"play": [{"name": "Shifting Field", "face": face}]},
                        "turn": {"whose": "alpha", "phase": "power"}},
             heroes=[alpha, hero("beta", power=[]), hero("gamma", power=[])], environment_=_field_env())
    field = card(s, "Shifting Field", "environment")
    assert s.face[field] == face
    assert [m["name"] for m in modifiers_in_force(s)] == (["Shifting Field"] if face else [])
    s.apply(f"power:{char(s, 'alpha')}")
    while s.decision() is not None and s.round == 1:  # to the end of the round
        s.apply(s.decision().options[0].id)
    assert hp(s, "villain") == 30 - (4 if face else 3)
    sonic = [d for d in damage(s, s.take_events()) if d[0] == "Shifting Field"]
    assert len(sonic) == (3 if face else 0)


def test_flipping_in_play_brings_the_other_faces_text_into_force_at_once(tmp_path: Path) -> None:
    alpha = flipper(target={"group": "environment", "pick": "one", "targets_only": False},
                    power=[dmg(3, VILLAIN, type="radiant")])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Turn Over"]}, "beta", "gamma"],
                        "environment": {"play": ["Shifting Field"]},
                        "turn": {"whose": "alpha", "phase": "play"}},
             heroes=[alpha], environment_=_field_env())
    _play(s, "Turn Over")
    assert [m["name"] for m in modifiers_in_force(s)] == ["Shifting Field"]
    s.apply(f"power:{char(s, 'alpha')}")
    assert hp(s, "villain") == 26  # 3 + 1 from the Roaring Field


# ----- flipping any card: a hero's own, with a power per face -------------------------------
def test_flipping_a_hero_card_changes_its_power_kind_and_keywords(tmp_path: Path) -> None:
    blade = {"name": "Twin Blade", "kind": "equipment", "keywords": ["blade"],
             "power": [dmg(1, VILLAIN)],
             "sides": [{"name": "Unleashed Blade", "keywords": ["blade", "unleashed"], "hp": 3,
                        "power": [dmg(3, VILLAIN)],
                        "on_flip": [{"verb": "draw", "amount": 1}]}]}
    alpha = flipper(target={"group": "hero", "kind": "equipment", "pick": "one", "targets_only": False},
                    cards=[blade])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Turn Over"], "play": ["Twin Blade"]},
                                   "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "play"}}, heroes=[alpha])
    b = card(s, "Twin Blade", "alpha")
    hand = len(s.hand[0])
    assert not s.is_target(b)
    _play(s, "Turn Over")
    assert s.face[b] == 1 and len(s.hand[0]) == hand  # Turn Over left, its flip text drew 1
    assert s.is_target(b) and s.hp[b] == 3  # a face with HP, from one without: full HP
    assert view(s, 0)["heroes"][0]["play"][0]["face_name"] == "Unleashed Blade"
    assert "unleashed" in view(s, 0)["heroes"][0]["play"][0]["keywords"]
    s.apply(f"power:{b}")
    assert hp(s, "villain") == 27
    assert "[Unleashed Blade]" in board_text(s, 0)


def test_flip_to_a_named_face_and_a_condition_on_the_face_shown(tmp_path: Path) -> None:
    """`face: 0` turns a card back to its front; `this_face_is` reads the face shown: only
    on its front does the Dial's end-of-turn text flip it, to face 2."""
    vil = villain(cards=[{"name": "Dial", "kind": "ongoing", "sides": [{"name": "Dial II"}, {"name": "Dial III"}],
                          "triggers": [{"when": "end_of_turn", "whose": "villain", "effect": [
                              {"verb": "if", "cond": {"test": "this_face_is", "face": 0},
                               "do": [{"verb": "flip", "face": 2}]}]}]}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Turn Over"]}, "beta", "gamma"],
                        "villain": {"play": [{"name": "Dial", "face": 1}]},
                        "turn": {"whose": "alpha", "phase": "play"}},
             heroes=[flipper(face=0)], villain_=vil)
    _play(s, "Turn Over")
    assert s.face[card(s, "Dial", "villain")] == 0
    for face, after in ((0, 2), (1, 1)):
        s = load(tmp_path / str(face), {"villain": {"play": [{"name": "Dial", "face": face}]},
                                        "turn": {"whose": "villain", "phase": "end"}}, villain_=vil)
        assert s.face[card(s, "Dial", "villain")] == after


# ----- SOTM-18: the villain character's faces ------------------------------------------------
@pytest.mark.rule("SOTM-18")
def test_a_villain_with_three_faces_flips_through_them_and_is_defeated_on_the_last(tmp_path: Path) -> None:
    vil = villain(hp=3, sides=[{"name": "Second Form", "hp": 4, "restore_hp": True},
                               {"name": "Last Form", "hp": 2, "restore_hp": True}])
    alpha = hero("alpha", power=[dmg(5, VILLAIN, type="radiant")])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": []}, "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "power"}}, heroes=[alpha], villain_=vil)
    vc = char(s, "villain")
    s.apply(f"power:{char(s, 'alpha')}")
    assert s.face[vc] == 1 and hp(s, "villain") == 4 and s.result is None
    texts = [e.text for e in s.take_events()]
    assert "The Overlord flips! (Second Form) → 4 HP" in texts
    s2 = load(tmp_path / "b", {"heroes": [{"id": "alpha", "hand": []}, "beta", "gamma"],
                               "villain": {"face": 2, "hp": 2},
                               "turn": {"whose": "alpha", "phase": "power"}}, heroes=[alpha], villain_=vil)
    s2.apply(f"power:{char(s2, 'alpha')}")
    assert s2.result == "win"


@pytest.mark.rule("SOTM-18")
def test_a_face_that_does_not_restore_hp_leaves_the_villain_down_again(tmp_path: Path) -> None:
    vil = villain(hp=3, sides=[{"name": "Husk", "hp": 10}])
    alpha = hero("alpha", power=[dmg(5, VILLAIN, type="radiant")])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": []}, "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "power"}}, heroes=[alpha], villain_=vil)
    s.apply(f"power:{char(s, 'alpha')}")
    assert s.face[char(s, "villain")] == 1 and s.result == "win"


def test_flip_villain_still_flips_the_villain_character_once(tmp_path: Path) -> None:
    vil = villain(sides=[{"hp": 12, "restore_hp": True}],
                  cards=[{"name": "Turnabout", "kind": "one-shot", "copies": 2,
                           "play": [{"verb": "flip_villain"}]}])
    s = load(tmp_path, {"villain": {"deck": ["Turnabout", "Turnabout", "Lull"]},
                        "turn": {"whose": "villain", "phase": "play"}}, villain_=vil)
    vc = char(s, "villain")
    assert s.face[vc] == 1 and hp(s, "villain") == 12
    assert view(s, 0)["villain"]["flipped"] is True


# ----- content and positions ----------------------------------------------------------------
def test_the_old_flip_keys_are_refused_with_the_new_form(tmp_path: Path) -> None:
    with pytest.raises((ContentError, PositionError), match=r"flip_hp: a villain.s flip side is now a face"):
        load(tmp_path, villain_=villain(flip_hp=12))


def test_a_position_states_a_face_within_the_cards_faces(tmp_path: Path) -> None:
    vil = villain(cards=[{"name": "Beacon", "kind": "ongoing", "sides": [{"name": "Dim Beacon"}]}])
    with pytest.raises(PositionError, match=r"villain.play\[0\].face"):
        load(tmp_path, {"villain": {"play": [{"name": "Beacon", "face": 2}]}}, villain_=vil)
    with pytest.raises(PositionError, match=r"villain\.flipped"):
        load(tmp_path / "b", {"villain": {"flipped": True}})
