"""Moves, the Storyline and the long tail (issue 20, items 4, 6, 8, 13): each word played on a
small original card (`united/vocab/moves.py`, `united/vocab/story.py`).

Days of Future Past scenarios use `played` of test_mu_owner_effects (Logan plays the test card
*Owner's Card*; Sentinels I and II at ring 0, Storm at ring 3 unless stated; ring 1 holds two
Thugs, ring 3 two Civilians, ring 4 two Civilians and a Thug, ring 5 a Thug); the standard-game
ones (the Magistrate, a Henchman) use the standard kit.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from mu_support import card_id, hand, names, opt_ids, play, play_out, position, ring
from test_mu_owner_effects import played, resolve_effect

from multiverse.content.schema import Effect, HeroCard
from multiverse.united.cardtext import card_texts, effect_text
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import from_json, new_game, to_json
from multiverse.united.enemies import hit
from multiverse.united.invariants import check_invariants
from multiverse.united.state import UnitedState
from multiverse.united.tables import compile_effects
from multiverse.united.view import view
from multiverse.united.vocab.moves import removed_master_plan

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "standard"))
import standard_kit as std
from test_mu_owner_turn import _vanish

KITTY = {"id": "kitty-pryde"}


def _round_trip(s: UnitedState) -> UnitedState:
    back = from_json(json.loads(json.dumps(to_json(s))))
    assert back == s and back.state_hash() == s.state_hash()
    return back


def with_kitty(effect: list[dict[str, Any]], logan: int = 0, storm: int = 3, kitty: int = 3,
               **doc: Any) -> UnitedState:
    """`played`, with Kitty Pryde at ring `kitty` too."""
    card = {"name": "Owner's Card", "symbols": ["move"], "effect": effect}
    heroes = [{"id": "logan", "location": logan, "hand": ["Owner's Card"]},
              {"id": "storm", "location": storm}, {**KITTY, "location": kitty}]
    return position(heroes=heroes, cards={"logan": [card]}, step="play", turn={"hero": "logan"}, **doc)


# ----- movement ---------------------------------------------------------------------------------
@pytest.mark.rule("MU-17", "MU-1")
def test_a_move_brings_exactly_one_hero_of_the_players_choice():
    s = with_kitty([{"verb": "move", "bring_one": True}], logan=0, storm=0, kitty=0)
    resolve_effect(s)
    assert s.decision().kind == "move_one" and opt_ids(s) == ["to:5", "to:1"]
    s.apply("to:1")
    assert s.decision().kind == "bring_one" and opt_ids(s) == ["hero:1", "hero:2"]
    s.apply("hero:2")
    assert s.hero_loc == [1, 0, 1]
    check_invariants(s)


@pytest.mark.rule("MU-17")
def test_bring_one_with_nobody_there_just_moves():
    s = played([{"verb": "move", "bring_one": True}], logan=0, storm=3)
    resolve_effect(s)
    s.apply("to:1")
    assert s.hero_loc == [1, 3] and s.decision().kind == "resolve_actions"


@pytest.mark.rule("MU-17", "MU-2")
@pytest.mark.parametrize(("holding", "where", "dests"), [
    ("thugs", "any", ["to:1", "to:4", "to:5"]),
    ("civilians", "any", ["to:3", "to:4"]),
    ("civilians", "adjacent", []),
])
def test_a_move_destination_must_hold_what_the_card_says(holding, where, dests):
    s = played([{"verb": "move", "where": where, "holding": holding}], logan=0)
    resolve_effect(s)
    if dests:
        assert s.decision().kind == "move_one" and opt_ids(s) == dests
    else:  # no adjacent Location holds Civilians: no move
        assert s.hero_loc[0] == 0 and s.decision().kind == "resolve_actions"


@pytest.mark.rule("MU-17", "MU-19")
def test_a_move_to_a_location_with_a_threat():
    s = played([{"verb": "move", "where": "any", "holding": "threat"}], logan=0,
               locations=ring([None, None, "data-analyzer-a", None, None, None]))
    resolve_effect(s)
    assert s.hero_loc[0] == 2  # the only Location with a Threat: chosen by itself


@pytest.mark.rule("MU-17", "MU-2")
def test_thugs_move_between_two_other_locations():
    s = played([{"verb": "move_tokens", "tokens": "T", "origin": "any"}], logan=0)
    resolve_effect(s)
    assert s.decision().kind == "tokens_from" and opt_ids(s) == ["from:1", "from:4", "from:5"]
    s.apply("from:4")
    assert s.decision().kind == "tokens_to" and opt_ids(s) == ["to:3", "to:5"]
    s.apply("to:5")
    assert s.thug == [0, 2, 0, 0, 0, 2] and s.civ == [1, 0, 0, 2, 2, 0]
    assert s.log[-1].kind == "tokens_moved" and s.log[-1].text == (
        "0 Civilians, 1 Thug move from Barbed-Wire Internment Yard to Collapsed Harbor Bridge "
        "(Owner's Card)")
    check_invariants(s)


@pytest.mark.rule("MU-2")
def test_tokens_moved_between_two_other_locations_fit_a_slot_token_too():
    # Collapsed Harbor Bridge (ring 5: 3 slots) holds 3 Thugs, and a slot token gives it a 4th
    s = played([{"verb": "move_tokens", "tokens": "TT", "origin": "any"}], logan=0,
               locations=ring(p4={"thugs": 2}, p5={"thugs": 3, "civilians": 0, "slot_tokens": 1}))
    resolve_effect(s)
    s.apply("from:4")
    s.apply("to:5")
    assert s.thug[4] == 1 and s.thug[5] == 4  # one fits (the slot token's), the other stays
    check_invariants(s)


@pytest.mark.rule("MU-19", "MU-20")
def test_a_threat_moves_with_what_is_filled_on_it():
    threats = [t["threat"] for t in ring()]
    threats[1] = None
    s = played([{"verb": "move_threat"}], logan=0, locations=ring(threats))
    th = s.threat[0]
    k = next(i for i in range(3) if s.need[i])
    s.need[k] -= 1  # a symbol already filled stays filled
    need = s.need[0:3]
    resolve_effect(s)  # the only Threat here, the only adjacent Location without one
    assert s.threat[0] == -1 and s.threat[1] == th
    assert s.need[3:6] == need and s.need[0:3] == [0, 0, 0]
    assert s.log[-1].kind == "threat_moved"
    check_invariants(s)


@pytest.mark.rule("MU-19")
def test_a_threat_from_an_adjacent_location_moves_anywhere_free():
    threats = [t["threat"] for t in ring()]
    threats[2] = threats[4] = None
    s = played([{"verb": "move_threat", "origin": "adjacent", "where": "any"}], logan=0,
               locations=ring(threats))
    resolve_effect(s)
    assert s.decision().kind == "threat_from" and opt_ids(s) == ["from:5", "from:1"]
    s.apply("from:1")
    assert opt_ids(s) == ["to:2", "to:4"]
    s.apply("to:4")
    assert s.threat[1] == -1 and s.threat[4] >= 0 and s.threat[2] == -1


def _landing(logan: int, storm: int, kitty: int) -> UnitedState:
    """Logan ends his turn on the Lantern Ferry Landing (ring 0, uncovered)."""
    locs = ring(p0={"id": "lantern-ferry-landing", "threat": None})
    s = with_kitty([], logan=logan, storm=storm, kitty=kitty, locations=locs)
    s.apply("end")
    assert s.decision().kind == "location_effect"
    s.apply("use")
    return s


@pytest.mark.rule("MU-20")
def test_a_location_moves_the_one_other_hero_nearby():
    s = _landing(logan=0, storm=1, kitty=3)  # Kitty is two steps away: not a choice
    assert s.hero_loc == [0, 0, 3]


@pytest.mark.rule("MU-20")
def test_a_location_moves_one_hero_of_those_nearby():
    s = _landing(logan=0, storm=1, kitty=0)
    assert s.decision().kind == "pick_hero" and opt_ids(s) == ["hero:1", "hero:2"]
    s.apply("hero:1")
    assert s.hero_loc == [0, 0, 0]


@pytest.mark.rule("MU-17", "MU-16", "MU-19")
def test_vanish_and_come_back_elsewhere_hurting_the_henchman():
    s = _vanish([{"verb": "vanish_with_henchman", "where": "any", "return_damage": 2}])
    s.apply("effect")
    assert s.away(0) and s.hench[3] == 3
    assert any(p["effect"] == "vanish_with_henchman" and "comes back to any Location" in p["text"]
               for p in view(s, 0)["protections"])
    for _ in range(200):
        if s.decision().kind == "come_back_to":
            break
        std.answer(s)
    assert s.active == 0 and not s.away(0) and s.hench[3] == 1  # 3 Health, 2 damage
    assert opt_ids(s) == ["to:0", "to:1", "to:2", "to:4", "to:5"]
    s.apply("to:5")
    assert s.hero_loc[0] == 5 and s.active == 0 and s.protect == []


@pytest.mark.rule("MU-17", "MU-19")
def test_coming_back_can_defeat_the_henchman():
    s = _vanish([{"verb": "vanish_with_henchman", "return_damage": 3}])
    s.apply("effect")
    for _ in range(200):
        if s.active == 0 and not s.away(0):
            break
        std.answer(s)
    assert s.hench[3] == 0 and s.threat[3] == -1 and s.hero_loc[0] == 3  # came back where he left


# ----- any Storyline card ------------------------------------------------------------------------
def _story(*cards: tuple[str, str, bool]) -> list[dict[str, Any]]:
    return [{"hero": h, "card": c, **({"facedown": True} if down else {})} for h, c, down in cards]


@pytest.mark.rule("MU-17", "DFP-A13")
def test_flip_one_of_your_storyline_cards_facedown():
    s = played([{"verb": "flip_facedown", "which": "yours"}],
               storyline=_story(("logan", "Rusted Claws", False), ("storm", "Gale Force", False),
                                ("logan", "Slow Mend", False)))
    resolve_effect(s)
    rusted, mend = card_id(s, 0, "Rusted Claws"), card_id(s, 0, "Slow Mend")
    assert s.decision().kind == "story_pick" and opt_ids(s) == [f"card:{rusted}", f"card:{mend}"]
    s.apply(f"card:{rusted}")
    assert s.story[0] == ~rusted and s.story[2] == mend


@pytest.mark.rule("MU-17")
def test_copy_the_effect_of_any_storyline_card():
    s = played([{"verb": "copy_effect", "which": "any"}], logan=1,
               storyline=_story(("storm", "Hailstorm", False), ("logan", "Slow Mend", False),
                                ("logan", "Rusted Claws", False)))
    resolve_effect(s)  # Rusted Claws has no effect: not offered
    assert opt_ids(s) == [f"card:{card_id(s, 1, 'Hailstorm')}", f"card:{card_id(s, 0, 'Slow Mend')}"]
    s.apply(f"card:{card_id(s, 1, 'Hailstorm')}")
    assert s.thug[1] == 0  # Storm's Hailstorm: defeat 2 Thugs, in Logan's Location


@pytest.mark.rule("MU-17")
def test_swap_this_card_with_another_heros_card():
    s = played([{"verb": "swap_storyline", "which": "another_hero"}],
               storyline=_story(("storm", "Gale Force", False), ("logan", "Rusted Claws", False)))
    resolve_effect(s)  # Gale Force, the only card of another hero: chosen by itself
    assert names(s, s.story) == ["Owner's Card", "Rusted Claws", "Gale Force"]
    assert s.pool == [1, 1, 0, 0]  # this turn's symbols are not changed


@pytest.mark.rule("MU-17", "DFP-A13")
def test_turn_a_facedown_card_back_face_up():
    s = played([{"verb": "flip_faceup", "which": "any"}],
               storyline=_story(("storm", "Gale Force", True), ("logan", "Rusted Claws", True)))
    resolve_effect(s)
    gale = card_id(s, 1, "Gale Force")
    s.apply(f"card:{gale}")
    assert s.story[0] == gale and s.story[1] < 0


@pytest.mark.rule("MU-17", "DFP-A13")
def test_turn_the_previous_card_back_face_up():
    s = played([{"verb": "flip_faceup"}], storyline=_story(("logan", "Rusted Claws", True)))
    assert s.pool == [1, 0, 0, 0]  # facedown: no symbols for this turn
    resolve_effect(s)
    assert s.story[0] == card_id(s, 0, "Rusted Claws") and s.pool == [1, 0, 0, 0]


@pytest.mark.rule("MU-17")
def test_take_a_storyline_card_back_into_its_owners_hand():
    s = played([{"verb": "take_back", "which": "any"}],
               storyline=_story(("logan", "Rusted Claws", False), ("storm", "Gale Force", True)))
    resolve_effect(s)
    s.apply(f"card:{card_id(s, 1, 'Gale Force')}")
    assert names(s, s.story) == ["Rusted Claws", "Owner's Card"]
    assert hand(s, 1)[-1] == "Gale Force" and s.hand[1][-1] >= 0  # back in Storm's hand
    assert s.log[-1].text == "Gale Force goes back from the Storyline into Storm's hand (Owner's Card)"
    check_invariants(s)


@pytest.mark.rule("MU-17")
def test_take_back_one_of_your_own_cards():
    s = played([{"verb": "take_back", "which": "yours"}],
               storyline=_story(("logan", "Rusted Claws", False), ("storm", "Gale Force", False)))
    resolve_effect(s)  # the only card of Logan's
    assert hand(s, 0) == ["Rusted Claws"] and names(s, s.story) == ["Gale Force", "Owner's Card"]


@pytest.mark.rule("MU-17")
def test_swap_a_hand_card_with_a_storyline_card():
    card = {"name": "Owner's Card", "symbols": ["move"], "effect": [{"verb": "swap_hand_storyline"}]}
    s = position(heroes=[{"id": "logan", "location": 0, "hand": ["Owner's Card", "Slow Mend"]},
                         {"id": "storm", "location": 3}],
                 cards={"logan": [card]}, step="play", turn={"hero": "logan"},
                 storyline=_story(("logan", "Rusted Claws", False)))
    play(s, "Owner's Card")
    resolve_effect(s)  # Slow Mend, the only card in hand: by itself
    assert names(s, s.story) == ["Slow Mend", "Owner's Card"] and hand(s, 0) == ["Rusted Claws"]
    assert s.pool == [1, 1, 0, 0]
    check_invariants(s)


# ----- all actions in one chosen Location --------------------------------------------------------
@pytest.mark.rule("MU-18")
def test_every_action_of_the_step_in_one_chosen_adjacent_location():
    s = played([{"verb": "take_action", "symbol": "attack", "amount": 2, "where": "adjacent",
                 "together": True}], logan=0)
    resolve_effect(s)
    assert s.decision().kind == "act_together" and opt_ids(s) == ["at:5", "at:1"]
    s.apply("at:1")  # both Attacks there: the two Thugs of ring 1, none at ring 5
    assert s.thug[1] == 0 and s.thug[5] == 1


@pytest.mark.rule("MU-18")
def test_without_together_each_action_picks_its_side():
    s = played([{"verb": "take_action", "symbol": "attack", "amount": 2, "where": "adjacent"}], logan=0)
    resolve_effect(s)
    s.apply("attack:1:thug")
    assert "attack:5:thug" in opt_ids(s)


# ----- "you may" for the whole effect ---------------------------------------------------------
def _whole(effect: list[dict[str, Any]]) -> UnitedState:
    card = {"name": "Owner's Card", "symbols": ["move"], "optional": True, "effect": effect}
    return position(heroes=[{"id": "logan", "location": 0, "hand": ["Owner's Card"]},
                            {"id": "storm", "location": 3}],
                    cards={"logan": [card]}, step="play", turn={"hero": "logan"})


@pytest.mark.rule("MU-17", "MU-21")
def test_a_whole_effect_is_asked_once_then_every_step_resolves():
    s = _whole([{"verb": "draw", "amount": 2}, {"verb": "take_damage"}])
    assert {"effect", "end"} <= set(opt_ids(s))  # may be left unresolved
    top = s.deck[0][-2:]
    resolve_effect(s)
    assert s.decision().kind == "may" and opt_ids(s) == ["resolve", "decline"]
    assert "draw 2 cards, then take 1 damage" in s.decision().prompt
    s.apply("resolve")
    assert sorted(s.hand[0]) == sorted(top) and s.decision().kind == "wound"  # no second ask


@pytest.mark.rule("MU-17")
def test_a_whole_effect_is_declined_as_a_whole():
    s = _whole([{"verb": "draw", "amount": 2}, {"verb": "take_damage"}])
    deck = s.deck[0][:]
    resolve_effect(s)
    s.apply("decline")
    assert s.hand[0] == [] and s.deck[0] == deck and s.decision().kind == "resolve_actions"


# ----- the long tail -----------------------------------------------------------------------------
@pytest.mark.rule("MU-17", "MU-14")
def test_play_a_random_card_from_hand():
    card = {"name": "Owner's Card", "symbols": ["move"], "effect": [{"verb": "play_random_card"}]}
    s = position(heroes=[{"id": "logan", "location": 0, "hand": ["Owner's Card", "Slow Mend"]},
                         {"id": "storm", "location": 3}],
                 cards={"logan": [card]}, step="play", turn={"hero": "logan"}, since=1)
    play(s, "Owner's Card")
    resolve_effect(s)  # Slow Mend, the only card left in hand
    assert names(s, s.story) == ["Owner's Card", "Slow Mend"] and s.hand[0] == []
    assert s.pool == [1, 0, 1, 0] and s.since == 3
    assert "effect" in opt_ids(s)  # its Special Effect may be resolved now
    s.apply("effect")
    assert len(s.hand[0]) == 1


@pytest.mark.rule("MU-18")
def test_an_immune_enemy_is_marked_in_the_damage_options():
    """Issue 21: an enemy immune to this hero's damage is marked "(immune)"."""
    from multiverse.united.vocab.base import _effect_damage_options

    s = played([{"verb": "immune_enemy", "immune_to": "you"}], logan=0, storm=0)
    resolve_effect(s)
    s.apply("sentinel:0")  # Sentinel I takes no damage from Logan
    _seat, _prompt, opts = _effect_damage_options(s, ("effect_damage", 0, 1, 0, "Claws"))
    assert [o.label for o in opts] == ["Sentinel I (immune)", "Sentinel II"]
    _seat, _prompt, opts = _effect_damage_options(s, ("effect_damage", 1, 1, 0, "Gale"))
    assert [o.label for o in opts] == ["Sentinel I", "Sentinel II"]  # Storm's damage: not immune


@pytest.mark.rule("MU-18", "DFP-A1")
@pytest.mark.parametrize(("immune_to", "logan_hits", "storm_hits"), [
    ("all_but_you", 1, 0), ("you", 0, 1)])
def test_an_enemy_immune_to_all_damage_but_yours(immune_to, logan_hits, storm_hits):
    s = played([{"verb": "immune_enemy", "immune_to": immune_to}], logan=0, storm=0)
    resolve_effect(s)
    assert s.decision().kind == "immune_pick" and opt_ids(s) == ["sentinel:0", "sentinel:1"]
    s.apply("sentinel:0")
    hp = s.s_hp[0]
    hit(s, 1, {"enemy": "sentinel", "sentinel": 0})  # Storm
    assert s.s_hp[0] == hp - storm_hits
    hit(s, 0, {"enemy": "sentinel", "sentinel": 0})  # Logan
    assert s.s_hp[0] == hp - storm_hits - logan_hits
    hit(s, 1, {"enemy": "sentinel", "sentinel": 1})  # the other Sentinel is not immune
    assert [p["effect"] for p in view(s, 0)["protections"]] == ["immune_enemy"]
    whose = "all damage but Logan's" if immune_to == "all_but_you" else "Logan's damage"
    assert view(s, 0)["protections"][0]["text"] == f"Sentinel I is immune to {whose}"
    assert any(e.kind == "immune" for e in s.log)
    assert f"Sentinel I is immune to {whose}" in _board_text(s)
    check_invariants(s)
    _round_trip(s)


@pytest.mark.rule("MU-18")
def test_damage_in_an_adjacent_location():
    s = played([{"verb": "deal_damage", "amount": 2, "where": "adjacent"}], logan=0)
    resolve_effect(s)
    assert s.decision().kind == "damage_at" and opt_ids(s) == ["5:thug", "1:thug"]
    s.apply("1:thug")  # the second damage stays in ring 1
    assert s.thug[1] == 0 and s.thug[5] == 1


@pytest.mark.rule("MU-17", "MU-21", "MU-18")
def test_discard_any_number_of_cards_then_deal_that_much_damage():
    card = {"name": "Owner's Card", "symbols": ["move"], "effect": [{"verb": "discard_for_damage"}]}
    s = position(heroes=[{"id": "logan", "location": 0, "hand": ["Owner's Card", "Slow Mend", "Rusted Claws"]},
                         {"id": "storm", "location": 3}],
                 cards={"logan": [card]}, step="play", turn={"hero": "logan"})
    play(s, "Owner's Card")
    resolve_effect(s)
    mend, rusted = card_id(s, 0, "Slow Mend"), card_id(s, 0, "Rusted Claws")
    assert s.decision().kind == "discard_any" and opt_ids(s) == [f"card:{mend}", f"card:{rusted}", "stop"]
    s.apply(f"card:{mend}")
    s.apply(f"card:{rusted}")  # the last card: the damage follows
    assert s.hand[0] == [] and s.deck[0][:2] == [rusted, mend] and s.ko[0] == 0
    hp = s.s_hp[:]
    assert s.decision().kind == "effect_damage"
    s.apply("sentinel:0")
    s.apply("sentinel:0")
    assert s.s_hp[0] == hp[0] - 2


@pytest.mark.rule("MU-17")
def test_discarding_none_deals_no_damage():
    s = played([{"verb": "discard_for_damage"}], logan_extra={"hand": ["Owner's Card", "Slow Mend"]})
    play(s, "Owner's Card") if s.decision().kind == "play_card" else None
    resolve_effect(s)
    s.apply("stop")
    assert len(s.hand[0]) == 1 and s.decision().kind == "resolve_actions"


@pytest.mark.rule("MU-14")
def test_delay_the_villain_turn_by_one_card():
    s = std.load(heroes=[std.hero("logan", 3, ["Owner's Card"]), std.hero("storm", 1)],
                 cards={"logan": [{"name": "Owner's Card", "symbols": ["move"],
                                   "effect": [{"verb": "delay_villain_turn"}]}]},
                 step="play", turn={"hero": "logan"}, since=2)
    s.apply("effect")
    assert s.since == 2  # the third Hero card counts as the second
    s.apply("end")
    if s.decision().kind == "location_effect":
        s.apply("skip")
    assert std.mp_count(s) == 0 and s.active == 1  # no Villain turn: Storm's turn


@pytest.mark.rule("MU-10", "MU-23")
def test_remove_the_top_master_plan_card_from_the_game():
    s = played([{"verb": "remove_master_plan"}], phase="nimrod")
    top, n = s.mp_deck[-1], len(s.mp_deck)
    resolve_effect(s)
    assert len(s.mp_deck) == n - 1 and top not in s.mp_deck and removed_master_plan(s) == [top]
    assert view(s, 0)["protections"][0]["text"].endswith("is out of the game (Logan)")
    check_invariants(s)
    _round_trip(s)


@pytest.mark.rule("MU-17", "MU-21")
def test_each_hero_draws_then_discards():
    s = played([{"verb": "draw_discard", "who": "each_hero"}])
    logan_top, storm_top = s.deck[0][-1], s.deck[1][-1]
    resolve_effect(s)
    # Logan's one card is drawn and discarded by itself; Storm chooses among hers
    assert s.deck[0][0] == logan_top and s.hand[0] == []
    assert s.decision().kind == "discard" and s.decision().seat == s.seat(1)
    assert f"card:{storm_top}" in opt_ids(s)
    s.apply(f"card:{storm_top}")
    assert s.deck[1][0] == storm_top


@pytest.mark.rule("MU-17", "MU-18")
def test_then_rescue_a_civilian_for_each_thug_defeated_this_way():
    s = played([{"verb": "defeat_thugs", "amount": 2, "then_each": [{"verb": "rescue"}]}], logan=4)
    resolve_effect(s)  # one Thug there: one Civilian rescued
    assert s.thug[4] == 0 and s.civ[4] == 1
    assert any(e.kind == "then_each" for e in s.log)


@pytest.mark.rule("MU-17")
def test_then_each_counts_nothing_when_nothing_was_touched():
    s = played([{"verb": "defeat_thugs", "then_each": [{"verb": "draw", "amount": 3}]}], logan=3)
    resolve_effect(s)
    assert s.hand[0] == [] and s.civ[3] == 2


# ----- misuse, card text, whole games ------------------------------------------------------------
@pytest.mark.parametrize(("step", "message"), [
    ({"verb": "draw", "bring_one": True}, r"bring_one: only a 'move'"),
    ({"verb": "move", "bring": True, "bring_one": True}, r"bring_one: .*not with 'bring'"),
    ({"verb": "rescue", "holding": "thugs"}, r"holding: only a 'move'"),
    ({"verb": "rescue", "origin": "any"}, r"origin: only 'move_tokens' and 'move_threat'"),
    ({"verb": "move", "near": True}, r"near: only a chosen hero"),
    ({"verb": "draw", "return_damage": 2}, r"return_damage: only 'vanish_with_henchman'"),
    ({"verb": "take_action", "symbol": "attack", "together": True}, r"together: only 'take_action'"),
    ({"verb": "take_action", "symbol": "move", "where": "any", "together": True}, r"together:"),
    ({"verb": "immune_enemy"}, r"immune_to: 'immune_enemy' needs"),
    ({"verb": "draw", "immune_to": "you"}, r"immune_to: only 'immune_enemy'"),
    ({"verb": "gain_token", "symbol": "move", "then_each": [{"verb": "draw"}]}, r"then_each: verb 'gain_token'"),
    ({"verb": "rescue", "then_each": []}, r"then_each: give the steps"),
    ({"verb": "rescue", "then_each": [{"verb": "rescue", "then_each": [{"verb": "draw"}]}]},
     r"then_each\[0\]\.verb"),
    ({"verb": "draw", "which": "any"}, r"which: only a Storyline verb"),
    ({"verb": "copy_effect", "which": "this_card"}, r"which: only 'flip_facedown' takes 'this_card'"),
    ({"verb": "move_threat", "where": "here"}, r"where: 'here' is not a place for verb 'move_threat'"),
    ({"verb": "deal_damage", "where": "both_adjacent"}, r"where: 'both_adjacent'"),
    ({"verb": "all_of"}, r"verb: 'all_of' is not written"),
])
def test_a_misused_word_is_an_error_naming_the_field(step, message):
    with pytest.raises(ValueError, match=message):
        Effect(**step)


def test_a_whole_optional_card_needs_an_effect():
    with pytest.raises(ValueError, match=r"optional: a card without an 'effect'"):
        HeroCard(name="Blank", optional=True)


def test_the_words_read_as_card_text():
    texts = card_texts(new_game(UnitedConfig(heroes=("quill-ashby", "logan")), seed=1).T)
    assert texts["Reckless Tack"].startswith(
        "Reckless Tack [Attack + Special Effect: you may take 2 Attack actions now in one adjacent "
        "Location, all of them there, then deal 1 damage to an enemy in an adjacent Location, then "
        "play 1 random card from your hand, then take 1 damage]")
    assert "(copy the effect of any Hero card in the Storyline)" in texts["Second Draft"]
    assert "(move, bringing one hero from your Location)" in texts["Ferry Run"]
    assert "then for each one this way: rescue up to 1 Civilian" in texts["Tide Tables"]
    assert effect_text(compile_effects([Effect(verb="move", where="any", holding="thugs")])) == \
        "move to a Location holding Thugs"
    assert effect_text(compile_effects([Effect(verb="deal_damage", amount=2, where="adjacent")])) == \
        "deal 2 damage to enemies in an adjacent Location"


class Agent:
    """Random choices among the option ids (`random.Random(seed)`)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, d: Any, s: UnitedState) -> str:
        return self.rng.choice([o.id for o in d.options])


@pytest.mark.rule("MU-23")
@pytest.mark.parametrize("mode", ["dofp", "standard"])
def test_quill_ashby_plays_thirty_games_to_their_end(mode):
    heroes = ("quill-ashby", "logan", "storm")
    config = UnitedConfig(heroes=heroes) if mode == "dofp" else UnitedConfig(mode="standard", heroes=heroes)
    kinds: set[str] = set()
    for seed in range(30):
        s = new_game(config, seed=seed)
        kinds |= play_out(s, Agent(seed), check_invariants)
        assert s.result is not None
    assert {"choose_one", "may", "act_together"} <= kinds


DOC = Path(__file__).resolve().parents[3] / "docs" / "content.md"


def _section() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text.split("#### Moves, the Storyline and the long tail", 1)[1].split("\n#### ", 1)[0]


def test_the_cookbook_section_validates_and_names_real_tests():
    import re

    import yaml

    from multiverse.content.schema import Location

    body = _section()
    blocks = re.findall(r"```yaml\n(.*?)```", body, re.S)
    assert len(blocks) >= 7
    for block in blocks:
        doc = yaml.safe_load(block)
        if isinstance(doc, dict):
            for loc in doc["locations"]:
                Location(**loc)
        else:
            for card in doc:
                HeroCard(**card)
    here = globals()
    for name in re.findall(r"`(test_[a-z_]+)`", body):
        assert name in here, name


@pytest.mark.rule("MU-22")
def test_no_card_goes_back_to_a_kod_heros_hand():
    s = played([{"verb": "take_back", "which": "any"}],
               storyline=_story(("storm", "Gale Force", False), ("logan", "Rusted Claws", False)),
               storm_extra={"ko": True, "hand": []})
    resolve_effect(s)  # Gale Force is Storm's, and Storm is KO'd: Rusted Claws by itself
    assert hand(s, 0) == ["Rusted Claws"] and s.hand[1] == []


def _board_text(s: UnitedState) -> str:
    import io

    from rich.console import Console

    from multiverse.united.render import render_board

    console = Console(width=160, record=True, file=io.StringIO())
    console.print(render_board(s, 0))
    return console.export_text()


@pytest.mark.rule("MU-17", "MU-18")
def test_then_each_counts_the_damage_dealt():
    s = played([{"verb": "deal_damage", "amount": 2,
                 "then_each": [{"verb": "gain_token", "symbol": "heroic"}]}], logan=0)
    resolve_effect(s)
    s.apply("sentinel:0")
    s.apply("sentinel:1")
    assert s.tokens[0:4] == [0, 0, 2, 0]
