"""The Challenge Sentinel's protocol: damage immunity, activation and the three common tasks
(DFP-C3 … DFP-C7), and what the Challenge Sentinel is not (DFP-C12).

Unless a test says otherwise the Challenge is Sentinel I (whose fourth task only gains
Health), the heroes are Logan, Kitty Pryde and Storm in that turn order, and the Magistrate
stands at ring position 0 (see challenge_kit).
"""

from __future__ import annotations

import pytest
from challenge_kit import (
    KITTY,
    LOGAN,
    STORM,
    act,
    card_of,
    end_of_turn,
    events,
    finish_turn,
    hero,
    ids,
    kind,
    load,
    names,
    play,
    ring,
    story,
    three,
    variant_pack,
    wound,
)

from multiverse.united.standard.missions import completed, under_pressure

# ------------------------------------------------------------------------------ DFP-C3


def _logan_at_the_sentinel(missions=None, cfg=None, hand=("Rusted Claws", "Old Instincts"), **more):
    """Logan's turn, play step, with the Challenge Sentinel and 1 Thug in his Location 2."""
    heroes = [hero("logan", 2, list(hand)), hero("kitty-pryde", 4), hero("storm", 4)]
    return load(heroes=heroes, at=2, turn={"hero": "logan"}, step="play",
                locations=ring(p2={"thugs": 1}), missions=missions or {}, cfg=cfg, **more)


@pytest.mark.rule("DFP-C3")
def test_no_attack_on_the_sentinel_before_under_pressure():
    s = _logan_at_the_sentinel()
    assert completed(s) == 0 and not under_pressure(s)
    play(s, "Rusted Claws")
    assert ids(s) == ["attack:thug", "end"]
    act(s, "attack:thug")
    assert s.s_hp == [6, 0, 0]


@pytest.mark.rule("DFP-C3")
def test_effect_damage_cannot_pick_the_sentinel_before_under_pressure():
    s = _logan_at_the_sentinel(hand=("Through the Plating", "Rusted Claws"))
    play(s, "Through the Plating")  # no symbol: its Special Effect is the only option
    # 2 damage, 1 at a time: the only enemy offered is the Thug (the first is forced, the
    # second finds no enemy left)
    assert s.thug[2] == 0 and s.s_hp == [6, 0, 0]
    assert kind(s) == "location_effect"


@pytest.mark.rule("DFP-C3")
def test_the_sentinel_can_be_damaged_once_the_villain_is_under_pressure():
    s = _logan_at_the_sentinel(missions={"rescued": 6})  # 1 Mission: Under Pressure (default)
    assert completed(s) == 1 and under_pressure(s)
    play(s, "Rusted Claws")
    assert ids(s) == ["attack:sentinel:0", "attack:thug", "end"]
    act(s, "attack:sentinel:0")
    assert s.s_hp == [5, 0, 0] and s.s_loc[0] == 2


@pytest.mark.rule("DFP-C3")
def test_effect_damage_can_pick_the_sentinel_once_under_pressure():
    s = _logan_at_the_sentinel(missions={"thugs": 6}, hand=("Through the Plating", "Rusted Claws"))
    play(s, "Through the Plating")
    assert kind(s) == "effect_damage" and ids(s) == ["sentinel:0", "thug"]
    act(s, "sentinel:0")
    act(s, "sentinel:0")
    assert s.s_hp == [4, 0, 0] and s.thug[2] == 1


@pytest.mark.rule("DFP-C3")
@pytest.mark.parametrize(("after", "missions", "offered"), [
    (2, {"rescued": 6}, False),
    (2, {"rescued": 6, "threats": 3}, True),
    (0, {}, True),
])
def test_under_pressure_after_option(after, missions, offered):
    s = _logan_at_the_sentinel(missions=missions, cfg={"under_pressure_after": after})
    play(s, "Rusted Claws")
    assert ("attack:sentinel:0" in ids(s)) is offered


@pytest.mark.rule("DFP-C3")
def test_completing_a_mission_mid_turn_makes_the_sentinel_damageable_at_once():
    s = _logan_at_the_sentinel(missions={"thugs": 5}, hand=("Berserker Lunge", "Rusted Claws"))
    play(s, "Berserker Lunge")  # Attack, Attack
    assert ids(s) == ["attack:thug", "end"]
    act(s, "attack:thug")  # the 6th Thug: Defeat Thugs is complete, the Villain Under Pressure
    assert completed(s) == 1
    assert ids(s) == ["attack:sentinel:0", "end"]
    act(s, "attack:sentinel:0")
    assert s.s_hp == [5, 0, 0]


# ------------------------------------------------------------------------------ DFP-C4


@pytest.mark.rule("DFP-C4")
def test_only_the_last_hero_card_counts():
    # Kitty's previous card shows Move, Move, Heroic; Logan's last card only Heroic
    s = end_of_turn("logan", three(2, 5, 5),
                    [("kitty-pryde", "Straight Through the Walls"), ("logan", "Slow Mend")], at=0)
    assert s.s_loc == [0, -1, -1]  # no Move from Kitty's card
    assert s.civ == [1, 0, 0, 0, 0, 0]  # one Add, in the Sentinel's Location
    assert s.active == KITTY and kind(s) == "play_card"


@pytest.mark.rule("DFP-C4")
def test_a_master_plan_card_after_the_hero_card_is_skipped():
    s = load(heroes=three(2, 5, 5), at=0, turn={"hero": "logan"}, step="end_of_turn",
             storyline=[{"hero": "kitty-pryde", "card": "Phase Step"},
                        {"hero": "logan", "card": "Slow Mend"}, {"master_plan": "Show Trial"}])
    # the last Hero card is Logan's Slow Mend (Heroic): 1 Civilian, no Move
    assert s.s_loc == [0, -1, -1] and s.civ == [1, 0, 0, 0, 0, 0]


@pytest.mark.rule("DFP-C4")
def test_tasks_run_in_order_move_add_damage():
    # Logan's last card: Move, Attack. The Move brings the Sentinel to Logan (1 → 2), then the
    # Damage task finds him there.
    s = end_of_turn("logan", [hero("logan", 2, ["Rusted Claws", "Old Instincts"]),
                              hero("kitty-pryde", 4), hero("storm", 4)],
                    [("logan", "Limp Into the Fight")], at=1)
    assert s.s_loc == [2, -1, -1]
    assert kind(s) == "wound" and s.decision().seat == LOGAN


@pytest.mark.rule("DFP-C4")
def test_the_sentinel_activates_after_every_hero_turn():
    heroes = [hero("logan", 3, ["Scent of the Hunt", "Rusted Claws"]),
              hero("kitty-pryde", 3, ["Phase Step", "Hold the Line"]),
              hero("storm", 3, ["Thunderclap", "Gale Force"])]
    s = load(heroes=heroes, at=0, turn={"hero": "logan"}, step="play", cfg={"tie_break": "clockwise"})
    for card in ("Scent of the Hunt", "Phase Step", "Thunderclap"):
        play(s, card)
        finish_turn(s)
    acts = events(s, "activation")
    assert [e.data["hero"] for e in acts] == [LOGAN, KITTY, STORM]
    assert [e.data["symbols"] for e in acts] == [[1, 0, 0, 0]] * 3
    assert s.s_loc[0] == 3  # three single Moves: 0 → 1 → 2 → 3


@pytest.mark.rule("DFP-C4", "DFP-C12")
def test_the_activation_comes_before_a_villain_turn_due_after_the_same_turn():
    s = load(heroes=three(2, 5, 5, logan=["Limp Into the Fight", "Rusted Claws"]), at=0,
             turn={"hero": "logan"}, step="play", since=2, master_plan=["Emergency Powers"])
    play(s, "Limp Into the Fight")  # the third Hero card since the last Master Plan card
    finish_turn(s)
    order = [e.kind for e in events(s, "activation", "sentinel_moves", "master_plan")]
    assert order == ["activation", "sentinel_moves", "sentinel_moves", "master_plan"]
    assert s.s_loc == [2, -1, -1] and s.track == 2 and s.since == 0


# ------------------------------------------------------------------------------ DFP-C5


@pytest.mark.rule("DFP-C5")
@pytest.mark.parametrize(("active", "card", "expect"), [
    ("logan", "Scent of the Hunt", 1),  # Logan at 2: clockwise
    ("kitty-pryde", "Phase Step", 5),  # Kitty at 4: counterclockwise
    ("storm", "Thunderclap", 0),  # Storm is in the Sentinel's Location: it stays
])
def test_move_goes_toward_the_hero_who_just_played(active, card, expect):
    s = end_of_turn(active, three(2, 4, 0), [(active, card)], at=0)
    assert s.s_loc == [expect, -1, -1]
    assert s.track == 0  # no Activation track in a Challenge: nothing happens instead


@pytest.mark.rule("DFP-C5")
def test_two_moves_take_two_steps():
    s = end_of_turn("kitty-pryde", three(2, 4, 2), [("kitty-pryde", "Straight Through the Walls")], at=0)
    assert s.s_loc == [4, -1, -1]  # 0 → 5 → 4, then the Add: 1 Civilian at 4
    assert s.civ == [0, 0, 0, 0, 1, 0]


@pytest.mark.rule("DFP-C5")
def test_an_exactly_opposite_hero_lets_the_players_choose_the_way():
    s = end_of_turn("logan", three(3, 1, 1), [("logan", "Scent of the Hunt")], at=0)
    assert kind(s) == "sentinel_direction" and ids(s) == ["cw", "ccw"]
    act(s, "ccw")
    assert s.s_loc == [5, -1, -1]


# ------------------------------------------------------------------------------ DFP-C6


@pytest.mark.rule("DFP-C6")
def test_add_puts_civilians_in_the_sentinels_location():
    s = end_of_turn("kitty-pryde", three(1, 1, 1), [("kitty-pryde", "Hold the Line")], at=3,
                    locations=ring(p3={"civilians": 1, "thugs": 1}))
    assert s.civ == [0, 0, 0, 3, 0, 0] and s.thug[3] == 1
    assert s.track == 0


@pytest.mark.rule("DFP-C6")
def test_add_to_a_full_location_triggers_the_villains_overflow_once():
    # collapsed-bridge (ring position 4) has 3 slots: 2 Civilians leave room for one more
    s = end_of_turn("kitty-pryde", three(1, 1, 1), [("kitty-pryde", "Hold the Line")], at=4,
                    locations=ring(p4={"civilians": 2}), track=3)
    assert s.civ[4] == 3
    assert s.track == 4  # the Magistrate's Overflow: Martial Law +1
    s = end_of_turn("kitty-pryde", three(1, 1, 1), [("kitty-pryde", "Hold the Line")], at=4,
                    locations=ring(p4={"civilians": 1, "thugs": 2}), track=3)
    assert s.civ[4] == 1 and s.thug[4] == 2
    assert s.track == 4  # two Civilians left over, one Overflow for the Location


# ------------------------------------------------------------------------------ DFP-C7


@pytest.mark.rule("DFP-C7")
def test_damage_goes_to_the_hero_the_players_choose():
    heroes = [hero("logan", 3, ["Old Instincts", "Slow Mend"]),
              hero("kitty-pryde", 3, ["Phase Step", "Hold the Line"]),
              hero("storm", 3, ["Gale Force", "Hailstorm"])]
    s = end_of_turn("logan", heroes, [("logan", "Rusted Claws")], at=3)
    d = s.decision()
    assert d.kind == "challenge_damage" and d.seat == LOGAN
    assert ids(s) == ["hero:0", "hero:1", "hero:2"]
    act(s, "hero:1")
    wound(s, "Hold the Line")
    # Kitty's turn has begun: she drew 1 on top of the card she kept
    assert s.active == KITTY and len(s.hand[KITTY]) == 2 and names(s, s.hand[KITTY][:1]) == ["Phase Step"]
    assert names(s, s.deck[KITTY][:1]) == ["Hold the Line"]  # the bottom of her deck
    assert len(s.hand[LOGAN]) == 2 and len(s.hand[STORM]) == 2
    assert s.s_loc == [3, -1, -1]


@pytest.mark.rule("DFP-C7")
def test_a_single_hero_there_takes_the_damage():
    heroes = [hero("logan", 1), hero("kitty-pryde", 1),
              hero("storm", 3, ["Gale Force", "Hailstorm"])]
    s = end_of_turn("logan", heroes, [("logan", "Rusted Claws")], at=3)
    assert kind(s) == "wound" and s.decision().seat == STORM
    wound(s, "Gale Force")
    assert names(s, s.hand[STORM]) == ["Hailstorm"] and s.s_loc == [3, -1, -1]


@pytest.mark.rule("DFP-C7")
def test_no_hero_there_moves_closer_to_the_hero_who_just_played():
    s = end_of_turn("logan", three(2, 5, 5), [("logan", "Berserker Lunge")], at=0)
    # Attack, Attack: nobody at 0 → move to 1; nobody at 1 → move to 2
    assert s.s_loc == [2, -1, -1]
    assert s.active == KITTY and kind(s) == "play_card"


@pytest.mark.rule("DFP-C7")
def test_the_move_is_toward_the_hero_who_played_even_with_others_nearer():
    # Kitty and Storm stand at 5, one step away; Logan at 2 just played
    s = end_of_turn("logan", three(2, 5, 5), [("logan", "Rusted Claws")], at=0)
    assert s.s_loc == [1, -1, -1]


@pytest.mark.rule("DFP-C7")
def test_a_kod_hero_there_counts_as_nobody():
    heroes = [hero("logan", 2), hero("kitty-pryde", 0, [], ko=True), hero("storm", 4)]
    s = end_of_turn("logan", heroes, [("logan", "Rusted Claws")], at=0)
    assert s.s_loc == [1, -1, -1]


# ------------------------------------------------------------------------------ DFP-C12


def _villain_damage_pack(tmp_path):
    def edit(doc):
        card_of(doc, "Through the Plating")["effect"] = [{"verb": "deal_damage_villain", "amount": 2}]
    return variant_pack(tmp_path, "heroes/logan.yaml", edit)


@pytest.mark.rule("DFP-C12")
def test_a_villain_or_henchman_effect_cannot_hit_the_challenge_sentinel(tmp_path):
    pack = _villain_damage_pack(tmp_path)
    s = _logan_at_the_sentinel(missions={"rescued": 6}, cfg={"content": pack},
                               hand=("Through the Plating", "Rusted Claws"))
    assert under_pressure(s)  # the Sentinel could be damaged by an Attack now
    play(s, "Through the Plating")
    # the 2 damage find no Villain and no Henchman: the Sentinel and the Thug are untouched
    assert kind(s) == "location_effect"
    assert s.s_hp == [6, 0, 0] and s.thug[2] == 1 and not events(s, "sentinel_damaged")


@pytest.mark.rule("DFP-C12")
def test_a_villain_damage_effect_goes_to_the_villain_not_the_sentinel(tmp_path):
    pack = _villain_damage_pack(tmp_path)
    s = _logan_at_the_sentinel(missions={"rescued": 6, "thugs": 6}, cfg={"content": pack},
                               hand=("Through the Plating", "Rusted Claws"),
                               villain={"location": 2, "health": 9})
    play(s, "Through the Plating")
    assert s.n_hp == 7 and s.s_hp == [6, 0, 0]
    assert [e.data["amount"] for e in events(s, "nimrod_damaged")] == [1, 1]


@pytest.mark.rule("DFP-C12")
def test_the_activation_is_not_a_villain_turn():
    s = load(heroes=three(3, 5, 5, logan=["Old Instincts", "Rusted Claws"]), at=0, turn={"hero": "logan"},
             step="play", since=1, master_plan=["Show Trial", "Gavel Falls"], villain={"location": 1})
    deck = list(s.mp_deck)
    play(s, "Old Instincts")  # Sentinel I: +1 Health, nothing a villain turn would do
    finish_turn(s)
    assert len(events(s, "activation")) == 1 and s.s_hp == [7, 0, 0]
    assert events(s, "master_plan") == [] and events(s, "bam") == []
    assert s.mp_deck == deck and s.n_loc == 1
    assert s.since == 2  # only Logan's Hero card counted: the activation is no villain turn
    assert [c for c in s.story if s.T.card_owner[c if c >= 0 else ~c] < 0] == []


@pytest.mark.rule("DFP-C12")
def test_a_location_trigger_does_not_fire_for_the_sentinel():
    # Checkpoint Gate: the Villain ending a move there raises Martial Law; Curfew Sirens: adds
    # 2 Thugs there. The Sentinel walks into both.
    locs = ring(p1={"threat": "checkpoint-gate"}, p2={"threat": "curfew-sirens"})
    s = end_of_turn("logan", three(2, 5, 5), [("logan", "Berserker Lunge")], at=0,
                    locations=locs, track=2)
    assert s.s_loc == [2, -1, -1]
    assert s.track == 2 and s.thug == [0] * 6


@pytest.mark.rule("DFP-C12")
def test_the_same_trigger_fires_for_the_villain():
    locs = ring(p1={"threat": "checkpoint-gate"})
    s = load(heroes=three(4, 4, 4), turn={"hero": "logan"}, step="end_of_turn", since=3,
             storyline=story(("logan", "Old Instincts")), master_plan=["Gavel Falls"],
             locations=locs, track=2, at=5)
    assert s.n_loc == 1 and s.track == 3


@pytest.mark.rule("DFP-C12")
def test_a_defeated_challenge_sentinel_leaves_the_game():
    heroes = [hero("logan", 2, ["Rusted Claws", "Old Instincts"]),
              hero("kitty-pryde", 4, ["Phase Step", "Hold the Line"]), hero("storm", 4)]
    s = load(heroes=heroes, at=2, hp=1, turn={"hero": "logan"}, step="play", missions={"rescued": 6})
    play(s, "Rusted Claws")
    act(s, "attack:sentinel:0")
    assert s.s_loc == [-1, -1, -1] and s.s_hp == [0, 0, 0]
    assert [e.kind for e in events(s, "sentinel_defeated")] == ["sentinel_defeated"]
    finish_turn(s)
    assert events(s, "activation") == []  # no activation after Logan's turn
    play(s, "Phase Step")
    finish_turn(s)
    assert events(s, "activation") == []  # nor after Kitty's
    assert s.s_loc == [-1, -1, -1] and "attack:sentinel:0" not in ids(s)


@pytest.mark.rule("DFP-C12")
def test_a_defeated_sentinel_cannot_be_targeted_again():
    heroes = [hero("logan", 2, ["Berserker Lunge", "Old Instincts"]), hero("kitty-pryde", 4),
              hero("storm", 4)]
    s = load(heroes=heroes, at=2, hp=1, turn={"hero": "logan"}, step="play", missions={"rescued": 6},
             locations=ring(p2={"thugs": 1}))
    play(s, "Berserker Lunge")
    act(s, "attack:sentinel:0")
    assert ids(s) == ["attack:thug", "end"]

