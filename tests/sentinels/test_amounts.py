"""Amounts read from counts when they resolve: the size of a trash or a hand, a hero's
cards in play of a kind, cards destroyed and discarded this turn (SOTM-11), hero tokens
flipped this turn or showing a side (OBL-HE2), a counter inside a modifier (OBL-ID1), and
H in modifiers and conditions (SOTM-3). The "this turn" facts are state data: cloned,
saved and reset as each turn starts."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from multiverse.content.sentinels_schema import Condition, Modifier, Step
from multiverse.sentinels.game import from_json, to_json
from multiverse.sentinels.invariants import check_invariants
from multiverse.sentinels.state import Z_HAND

from .support import card, damage, dmg, hero, hp, load, villain

VILLAIN = {"group": "villain_character"}
TOKENS = {"sides": ["bright", "dim"], "start": ["bright", "bright", "dim"]}


def _play(s, name: str, who: str = "alpha") -> None:
    s.apply(f"play:{card(s, name, who, Z_HAND)}")


def _hero(*cards: dict, tokens: dict | None = None) -> dict:
    return hero("alpha", tokens=tokens, cards=[*cards, {"name": "Gem", "kind": "one-shot", "copies": 3},
                                               {"name": "Ward", "kind": "ongoing", "copies": 3},
                                               {"name": "Blade", "kind": "equipment"}])


def _villain(**kw) -> dict:
    return villain(cards=[{"name": "Drone", "kind": "target", "hp": 2, "copies": 3},
                          {"name": "Hex", "kind": "ongoing"}], **kw)


@pytest.mark.rule("SOTM-11")
def test_damage_equal_to_the_cards_in_a_trash_and_in_hand(tmp_path: Path) -> None:
    alpha = _hero({"name": "Recall", "kind": "one-shot", "play": [
        dmg(1, VILLAIN, amount_from="cards_in_trash", pile_of="villain"),
        dmg(2, VILLAIN, type="fire", amount_from="cards_in_hand"),
        dmg(1, VILLAIN, type="cold", amount_from="cards_in_trash")]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Recall", "Gem", "Gem"], "trash": ["Gem"]},
                                   "beta", "gamma"],
                        "villain": {"trash": ["Lull", "Lull", "Lull"]},
                        "turn": {"whose": "alpha", "phase": "play"}}, heroes=[alpha], villain_=_villain())
    _play(s, "Recall")
    # 3 in the villain trash; 2 Gems in hand (times 2); Alpha's trash: Gem (Recall is resolving)
    assert [d[2:4] for d in damage(s, s.take_events())] == [(3, "melee"), (4, "fire"), (1, "cold")]
    assert hp(s, "villain") == 30 - 8


@pytest.mark.rule("SOTM-11")
def test_damage_for_each_of_your_ongoings_in_play(tmp_path: Path) -> None:
    alpha = _hero({"name": "Resonance", "kind": "one-shot", "play": [
        dmg(1, VILLAIN, amount_from="cards_in_play", kind="ongoing")]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Resonance"], "play": ["Ward", "Ward", "Blade"]},
                                   {"id": "beta"}, "gamma"],
                        "turn": {"whose": "alpha", "phase": "play"}}, heroes=[alpha], villain_=_villain())
    _play(s, "Resonance")
    assert [d[2] for d in damage(s, s.take_events())] == [2]  # two Wards, not the Blade


@pytest.mark.rule("SOTM-11")
def test_cards_destroyed_this_turn_are_counted_and_the_count_starts_again_each_turn(
        tmp_path: Path) -> None:
    alpha = _hero(
        {"name": "Purge", "kind": "one-shot", "play": [
            {"verb": "destroy", "target": {"group": "villain", "pick": "each", "targets_only": False,
                                           "characters": False}}]},
        {"name": "Reckoning", "kind": "ongoing", "power": [
            dmg(1, VILLAIN, type="radiant", amount_from="destroyed_this_turn")]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Purge"], "play": ["Reckoning"]}, "beta", "gamma"],
                        "villain": {"play": ["Drone", "Hex"]},
                        "turn": {"whose": "alpha", "phase": "play"}}, heroes=[alpha], villain_=_villain())
    _play(s, "Purge")
    assert s.turn_destroyed == 2
    s.apply(f"power:{card(s, 'Reckoning', 'alpha')}")
    assert [d[2] for d in damage(s, s.take_events()) if d[1] == "The Overlord"] == [2]
    assert s.turn != 0 and s.turn_destroyed == 0  # Beta's turn: none destroyed yet
    check_invariants(s)


@pytest.mark.rule("OBL-HE2")
def test_tokens_flipped_this_turn_and_tokens_showing_a_side(tmp_path: Path) -> None:
    alpha = _hero({"name": "Eclipse", "kind": "one-shot", "play": [
        {"verb": "flip_hero_tokens", "side": "bright", "to_side": "dim", "amount": 2},
        dmg(1, VILLAIN, amount_from="tokens_flipped_this_turn"),
        dmg(1, VILLAIN, type="psychic", amount_from="hero_tokens_showing", side="dim")]}, tokens=TOKENS)
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Eclipse"]}, "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "play"}}, heroes=[alpha], villain_=_villain())
    _play(s, "Eclipse")
    assert [d[2:4] for d in damage(s, s.take_events())] == [(2, "melee"), (3, "psychic")]
    assert s.turn_flipped == [2, 0, 0]


@pytest.mark.rule("OBL-ID1")
def test_a_modifier_reads_a_counter_when_the_damage_is_dealt(tmp_path: Path) -> None:
    vil = _villain(counters=[{"name": "Devastation", "max": 10}], modifiers=[
        {"kind": "increase_dealt", "applies_to": "villain", "amount_from": "counter",
         "counter": "Devastation"}])
    vil["cards"].append({"name": "Lash", "kind": "one-shot", "play": [
        dmg(1, {"group": "hero", "pick": "each"}, source="villain_character"),
        {"verb": "add_tokens", "counter": "Devastation", "amount": 2},
        dmg(1, {"group": "hero", "pick": "each"}, source="villain_character", type="fire")]})
    s = load(tmp_path, {"villain": {"deck": ["Lash"]}, "counters": {"Devastation": 1},
                        "turn": {"whose": "villain", "phase": "start"}}, villain_=vil)
    dealt = [d[2:4] for d in damage(s, s.take_events()) if d[1] == "Alpha"]
    assert dealt == [(2, "melee"), (4, "fire")]  # 1 + 1, then 1 + 3


@pytest.mark.rule("SOTM-3")
def test_h_inside_a_modifier_and_a_condition(tmp_path: Path) -> None:
    alpha = _hero({"name": "Bulwark", "kind": "ongoing", "modifiers": [
        {"kind": "reduce_taken", "applies_to": "this_hero", "h_offset": -1}]},
        {"name": "Rally", "kind": "one-shot", "play": [
            {"verb": "if", "cond": {"test": "count_at_least", "count": "cards_in_hand", "h_offset": 0},
             "do": [dmg(5, VILLAIN)], "otherwise": [dmg(1, VILLAIN)]}]})
    vil = _villain()
    vil["cards"].append({"name": "Slam", "kind": "one-shot", "play": [
        dmg(4, {"group": "hero", "pick": "each"}, source="villain_character")]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "play": ["Bulwark"]}, "beta", "gamma"],
                        "villain": {"deck": ["Slam"]}, "turn": {"whose": "villain", "phase": "start"}},
             heroes=[alpha], villain_=vil)
    assert hp(s, "alpha") == 20 - (4 - 2) and hp(s, "beta") == 20 - 4  # H = 3: reduced by 2
    for hand, dealt in ((["Rally", "Gem", "Gem", "Gem"], 5), (["Rally", "Gem", "Gem"], 1)):
        s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": hand}, "beta", "gamma"],
                            "turn": {"whose": "alpha", "phase": "play"}}, heroes=[alpha], villain_=vil)
        _play(s, "Rally")  # in hand as it resolves: 3 (H) or 2 cards; H or more deals 5
        assert [d[2] for d in damage(s, s.take_events())] == [dealt]


@pytest.mark.rule("SOTM-11")
def test_conditions_count_the_villain_trash(tmp_path: Path) -> None:
    alpha = _hero({"name": "Scavenge", "kind": "one-shot", "play": [
        {"verb": "if", "cond": {"test": "trash_has_at_least", "pile_of": "villain", "amount": 2},
         "do": [dmg(3, VILLAIN)]},
        {"verb": "if", "cond": {"test": "count_at_most", "count": "cards_in_trash", "pile_of": "villain",
                                "amount": 1}, "do": [dmg(1, VILLAIN, type="cold")]}]})
    for trash, dealt in ((["Lull", "Lull"], [3]), (["Lull"], [1])):
        s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Scavenge"]}, "beta", "gamma"],
                            "villain": {"trash": trash}, "turn": {"whose": "alpha", "phase": "play"}},
                 heroes=[alpha], villain_=_villain())
        _play(s, "Scavenge")
        assert [d[2] for d in damage(s, s.take_events())] == dealt


def test_the_this_turn_facts_are_cloned_saved_and_loaded(tmp_path: Path) -> None:
    s = load(tmp_path, {"turn": {"whose": "alpha", "phase": "play"}}, heroes=[_hero(tokens=TOKENS)],
             villain_=_villain())
    s.turn_destroyed, s.turn_discarded, s.turn_flipped = 2, 3, [1, 0, 0]
    c = s.clone()
    c.turn_flipped[0] = 5
    assert s.turn_flipped == [1, 0, 0] and c.turn_destroyed == 2 and c.turn_discarded == 3
    back = from_json(to_json(s))
    assert (back.turn_destroyed, back.turn_discarded, back.turn_flipped) == (2, 3, [1, 0, 0])
    assert back.state_hash() == s.state_hash() != c.state_hash()
    check_invariants(back)


@pytest.mark.parametrize(("model", "doc", "words"), [
    (Step, {"verb": "damage", "amount_from": "hero_tokens_showing"}, "needs 'side'"),
    (Step, {"verb": "damage", "amount_from": "counter"}, "needs 'counter'"),
    (Step, {"verb": "damage", "amount_from": "cards_in_trash", "pile_of": "owner"}, "pile_of"),
    (Modifier, {"kind": "increase_dealt", "amount_from": "counter", "counter": "X", "h_offset": 1},
     "not both"),
    (Modifier, {"kind": "increase_dealt", "amount_from": "hero_tokens_showing"}, "needs a side"),
    (Modifier, {"kind": "increase_dealt", "amount_from": "tokens_everywhere"}, "amount_from"),
    (Condition, {"test": "count_at_least"}, "needs 'count'"),
    (Condition, {"test": "cards_in_hand_at_least", "count": "cards_in_hand"}, "read only by the tests"),
])
def test_a_misused_count_is_an_error_naming_the_field(model, doc: dict, words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        model.model_validate(doc)


@pytest.mark.rule("SOTM-11")
def test_a_damage_amount_counts_from_the_card_whose_text_it_is(tmp_path: Path) -> None:
    """A damage step's count is read from its own card (it read none before: a Luminary
    variant's "X damage, X the cards under this card" dealt 0)."""
    alpha = _hero({"name": "Capacitor", "kind": "equipment", "power": [
        dmg(1, VILLAIN, type="energy", amount_from="tokens_on_this")]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "play": [{"name": "Capacitor", "tokens": 3}]},
                                   "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "power"}}, heroes=[alpha], villain_=_villain())
    s.apply(f"power:{card(s, 'Capacitor', 'alpha')}")
    assert [d[2:4] for d in damage(s, s.take_events())] == [(3, "energy")]
