"""Standard game: the Villain goes first (MU-9), villain turns (MU-11, MU-13), the cadence
and Under Pressure (MU-14), and when the Villain can be damaged (MU-15).

The Villain is the Magistrate (original content): BAM! deals 2 damage to each hero in his
Location; Overflow raises Martial Law by 1. Boards come from standard_kit.
"""

from __future__ import annotations

import pytest
from standard_kit import (
    KITTY,
    LOGAN,
    STORM,
    act,
    answer,
    events,
    finish_turn,
    hero,
    ids,
    kind,
    load,
    mp_count,
    names,
    pattern,
    play,
    ring,
    three,
    villain_turn_after,
    wound,
)

from multiverse import new_game
from multiverse.united.config import UnitedConfig
from multiverse.united.standard.missions import completed, under_pressure, vulnerable

MAGISTRATE = {"mode": "standard", "villain": "magistrate"}

# ------------------------------------------------------------------------------ MU-9


@pytest.mark.rule("MU-9")
@pytest.mark.parametrize("seed", [0, 1, 7])
@pytest.mark.parametrize("challenge", [None, "sentinel-iii"])
def test_the_villain_takes_the_first_turn(seed, challenge):
    s = new_game(UnitedConfig(**MAGISTRATE, challenge=challenge), seed=seed, log=True)
    assert mp_count(s) == 1 and pattern(s) == "M" and len(s.mp_deck) == 11
    assert s.since == 0 and s.active == 0 and s.turn == 1 and s.round == 1
    while (d := s.decision()) is not None and d.kind == "wound":  # a first BAM! may hurt (any layout)
        s.apply(d.options[0].id)
    order = [e.kind for e in s.log if e.kind in ("master_plan", "turn", "activation")]
    assert order == ["master_plan", "turn"]  # no Sentinel activation before any hero turn
    # the first hero's turn is under way (drawing done): a card to play or damage to take
    assert kind(s) in ("play_card", "wound")


# ------------------------------------------------------------------------------ MU-14


@pytest.mark.rule("MU-14")
@pytest.mark.parametrize(("missions", "since", "villain_turn"), [
    ({}, 2, False),
    ({}, 3, True),
    ({"rescued": 6}, 1, False),
    ({"rescued": 6}, 2, True),  # Under Pressure after 1 Mission: every 2 Hero cards
    ({"thugs": 5}, 2, False),  # one short of the threshold: still every 3
])
def test_cadence_three_then_two_under_pressure(missions, since, villain_turn):
    s = load(heroes=three(4, 4, 4), turn={"hero": "logan"}, step="end_of_turn", since=since,
             storyline=[{"hero": "logan", "card": "Old Instincts"}], missions=missions,
             master_plan=["Emergency Powers", "Show Trial"])
    assert mp_count(s) == int(villain_turn)
    assert names(s, s.mp_deck) == (["Show Trial"] if villain_turn else ["Show Trial", "Emergency Powers"])
    assert s.since == (0 if villain_turn else since)
    assert s.active == KITTY


@pytest.mark.rule("MU-14", "MU-15")
@pytest.mark.parametrize(("after", "missions", "villain_turn"), [
    (2, {"rescued": 6}, False),
    (2, {"rescued": 6, "thugs": 6}, True),
    (0, {}, True),
])
def test_under_pressure_after_option(after, missions, villain_turn):
    s = load(heroes=three(4, 4, 4), turn={"hero": "logan"}, step="end_of_turn", since=2,
             storyline=[{"hero": "logan", "card": "Old Instincts"}], missions=missions,
             master_plan=["Emergency Powers"], cfg={"under_pressure_after": after})
    assert under_pressure(s) is villain_turn
    assert mp_count(s) == int(villain_turn)


@pytest.mark.rule("MU-14")
def test_cadence_options():
    s = load(heroes=three(4, 4, 4), turn={"hero": "logan"}, step="end_of_turn", since=3,
             storyline=[{"hero": "logan", "card": "Old Instincts"}], master_plan=["Emergency Powers"],
             cfg={"cadence": 4})
    assert mp_count(s) == 0
    s = load(heroes=three(4, 4, 4), turn={"hero": "logan"}, step="end_of_turn", since=2,
             storyline=[{"hero": "logan", "card": "Old Instincts"}], master_plan=["Emergency Powers"],
             missions={"rescued": 6}, cfg={"pressure_cadence": 3})
    assert mp_count(s) == 0


def _play_turns(s, n):
    turns = 0
    while turns < n:
        if kind(s) == "play_card":
            turns += 1
        answer(s)
    while kind(s) != "play_card":  # finish the last turn (and any villain turn after it)
        answer(s)


@pytest.mark.rule("MU-14")
@pytest.mark.parametrize(("missions", "expect"), [
    ({}, "HHHMHHHM"),
    ({"rescued": 6}, "HHMHHMHHM"),
])
def test_master_plan_cards_in_play_order(missions, expect):
    deck = ["Emergency Powers", "Show Trial", "Curfew Decree", "Emergency Powers"]
    s = load(heroes=three(4, 4, 4), turn={"hero": "logan"}, since=0, missions=missions, master_plan=deck[:3],
             cfg={"tie_break": "clockwise"})
    _play_turns(s, expect.count("H"))
    assert pattern(s) == expect


@pytest.mark.rule("MU-14")
def test_a_mission_completed_during_the_turn_brings_the_villain_turn_forward():
    heroes = [hero("logan", 1, ["Berserker Lunge", "Rusted Claws"]), hero("kitty-pryde", 4), hero("storm", 4)]
    s = load(heroes=heroes, turn={"hero": "logan"}, step="play", since=1, missions={"thugs": 4},
             locations=ring(p1={"thugs": 2}), master_plan=["Emergency Powers"])
    play(s, "Berserker Lunge")  # since = 2
    act(s, "attack:thug")
    act(s, "attack:thug")  # Defeat Thugs complete: Under Pressure
    finish_turn(s)
    assert [e.kind for e in events(s, "mission", "master_plan")] == ["mission", "master_plan"]
    assert s.since == 0 and s.track == 2  # Emergency Powers: Martial Law +2


# ------------------------------------------------------------------------------ MU-15


def _logan_at_the_villain(missions, cfg=None, hand=("Rusted Claws", "Old Instincts"), **more):
    heroes = [hero("logan", 2, list(hand)), hero("kitty-pryde", 4), hero("storm", 4)]
    return load(heroes=heroes, turn={"hero": "logan"}, step="play", villain={"location": 2, "health": 9},
                locations=ring(p2={"thugs": 1}), missions=missions, cfg=cfg, **more)


@pytest.mark.rule("MU-15")
@pytest.mark.parametrize(("missions", "offered"), [
    ({}, False),
    ({"rescued": 6}, False),  # Under Pressure, not yet vulnerable
    ({"rescued": 6, "threats": 3}, True),
    ({"thugs": 6, "threats": 3, "rescued": 6}, True),
])
def test_the_villain_can_be_damaged_only_after_two_missions(missions, offered):
    s = _logan_at_the_villain(missions)
    assert vulnerable(s) is offered
    play(s, "Rusted Claws")
    assert ids(s) == (["attack:villain", "attack:thug", "end"] if offered else ["attack:thug", "end"])
    if offered:
        act(s, "attack:villain")
        assert s.n_hp == 8


@pytest.mark.rule("MU-15")
@pytest.mark.parametrize(("after", "missions", "offered"), [
    (1, {"rescued": 6}, True),
    (1, {}, False),
    (3, {"rescued": 6, "thugs": 6}, False),
    (3, {"rescued": 6, "thugs": 6, "threats": 3}, True),
    (0, {}, True),
])
def test_vulnerable_after_option(after, missions, offered):
    s = _logan_at_the_villain(missions, cfg={"vulnerable_after": after})
    play(s, "Rusted Claws")
    assert ("attack:villain" in ids(s)) is offered


@pytest.mark.rule("MU-15")
def test_effect_damage_cannot_hit_the_villain_before_two_missions():
    s = _logan_at_the_villain({"rescued": 6}, hand=("Through the Plating", "Rusted Claws"))
    play(s, "Through the Plating")  # 2 damage: the Thug is the only enemy
    assert s.n_hp == 9 and s.thug[2] == 0
    s = _logan_at_the_villain({"rescued": 6, "thugs": 6}, hand=("Through the Plating", "Rusted Claws"))
    play(s, "Through the Plating")
    assert ids(s) == ["villain", "thug"]
    act(s, "villain")
    act(s, "villain")
    assert s.n_hp == 7 and s.thug[2] == 1


@pytest.mark.rule("MU-15")
def test_completing_the_second_mission_mid_turn_opens_the_villain_at_once():
    s = _logan_at_the_villain({"rescued": 6, "thugs": 5}, hand=("Berserker Lunge", "Rusted Claws"))
    assert completed(s) == 1
    play(s, "Berserker Lunge")
    assert ids(s) == ["attack:thug", "end"]
    act(s, "attack:thug")
    assert ids(s) == ["attack:villain", "end"]
    act(s, "attack:villain")
    assert s.n_hp == 8


# ------------------------------------------------------------------------------ MU-11


@pytest.mark.rule("MU-11")
@pytest.mark.parametrize(("villain_at", "expect"), [(0, 2), (3, 4), (2, 4)])
def test_follow_the_crowds_moves_to_the_most_civilians(villain_at, expect):
    # 3 Civilians at 2 and at 4, 1 at 5: ties go to the first clockwise from the Villain
    s = villain_turn_after("storm", three(1, 1, 1), "Gale Force", ["Follow the Crowds"],
                           villain={"location": villain_at},
                           locations=ring(p2={"civilians": 3}, p4={"civilians": 3}, p5={"civilians": 1}))
    assert s.n_loc == expect
    # tokens: a Thug each side, none in his own Location
    assert s.thug[(expect - 1) % 6] == 1 and s.thug[(expect + 1) % 6] == 1 and s.thug[expect] == 0


@pytest.mark.rule("MU-11")
def test_hunt_the_vigilantes_moves_to_the_most_heroes_then_bam():
    heroes = [hero("logan", 4, ["Rusted Claws", "Old Instincts", "Slow Mend"]),
              hero("kitty-pryde", 4, ["Phase Step", "Hold the Line", "Phased Jab"]),
              hero("storm", 1, ["Gale Force", "Hailstorm"])]
    s = villain_turn_after("storm", heroes, "Updraft", ["Hunt the Vigilantes"])
    assert s.n_loc == 4
    # BAM!: 2 damage to each hero there, Logan then Kitty; Storm (alone at 1) is spared
    for who, card in ((LOGAN, "Rusted Claws"), (LOGAN, "Old Instincts"),
                      (KITTY, "Phase Step"), (KITTY, "Hold the Line")):
        assert kind(s) == "wound" and s.decision().seat == who
        wound(s, card)
    assert s.civ[3:6] == [1, 1, 1]
    assert len(s.hand[STORM]) == 2 and s.active == LOGAN and kind(s) == "play_card"


@pytest.mark.rule("MU-11")
def test_martial_court_ignores_kod_heroes_when_counting():
    heroes = [hero("logan", 4, [], ko=True), hero("kitty-pryde", 4, [], ko=True),
              hero("storm", 1, ["Gale Force", "Hailstorm"])]
    s = villain_turn_after("storm", heroes, "Updraft", ["Martial Court"])
    assert s.n_loc == 1 and s.track == 1


@pytest.mark.rule("MU-11")
def test_villain_turn_order_move_bam_effect_tokens():
    heroes = [hero("logan", 1, ["Rusted Claws", "Old Instincts", "Slow Mend"]), hero("kitty-pryde", 4),
              hero("storm", 4, ["Gale Force", "Hailstorm"])]
    s = load(heroes=heroes, turn={"hero": "storm"}, step="play", since=2,
             master_plan=["Gavel Falls", "Show Trial"], locations=ring(p3={"threat": "propaganda-tower"}))
    play(s, "Gale Force")
    finish_turn(s)
    # Gavel Falls: move 1 (0 → 1), BAM!: the Magistrate's 2 damage to Logan, the Propaganda
    # Tower's Martial Law +1; then tokens C / T / C
    assert s.n_loc == 1
    wound(s, "Slow Mend")
    wound(s, "Old Instincts")
    order = [e.kind for e in events(s, "villain_moves", "bam", "hero_damaged", "track", "tokens_added")]
    assert order == ["villain_moves", "bam", "hero_damaged", "track", "tokens_added", "tokens_added",
                     "tokens_added"]
    assert s.track == 1 and s.civ[0] == 1 and s.thug[1] == 1 and s.civ[2] == 1


@pytest.mark.rule("MU-11", "MU-19")
def test_a_henchman_threats_bam_hits_heroes_in_its_own_location():
    # Riot Enforcers at 3 (BAM!: 1 damage to each hero *there*); the Magistrate moves 0 → 1
    heroes = [hero("logan", 3, ["Rusted Claws", "Old Instincts", "Slow Mend"]),
              hero("kitty-pryde", 1, ["Phase Step", "Hold the Line", "Phased Jab"]),
              hero("storm", 5, ["Gale Force", "Hailstorm"])]
    s = villain_turn_after("storm", heroes, "Updraft", ["Gavel Falls"],
                           locations=ring(p3={"threat": "riot-enforcers"}))
    assert s.n_loc == 1
    for who, card in ((KITTY, "Phase Step"), (KITTY, "Hold the Line"), (LOGAN, "Rusted Claws")):
        assert kind(s) == "wound" and s.decision().seat == who
        wound(s, card)
    assert [len(s.hand[h]) for h in (LOGAN, KITTY, STORM)] == [3, 1, 2]  # Logan then drew 1
    assert s.active == LOGAN


@pytest.mark.rule("MU-11")
def test_a_henchman_threat_away_from_the_heroes_hurts_nobody():
    heroes = [hero("logan", 4, ["Rusted Claws", "Old Instincts"]), hero("kitty-pryde", 4),
              hero("storm", 4, ["Gale Force", "Hailstorm"])]
    s = villain_turn_after("storm", heroes, "Updraft", ["Gavel Falls"],
                           locations=ring(p3={"threat": "riot-enforcers"}))
    assert s.n_loc == 1 and kind(s) == "play_card" and s.active == LOGAN
    assert len(s.hand[LOGAN]) == 3


# ------------------------------------------------------------------------------ MU-13


@pytest.mark.rule("MU-13")
def test_a_location_trigger_fires_when_the_villain_ends_its_move_there():
    s = villain_turn_after("storm", three(4, 4, 4), "Updraft", ["Gavel Falls"], track=2,
                           locations=ring(p1={"threat": "checkpoint-gate"}))
    assert s.n_loc == 1 and s.track == 3  # Checkpoint Gate: Martial Law +1


@pytest.mark.rule("MU-13")
def test_passing_through_does_not_trigger_and_here_is_the_threats_location():
    locs = ring(p1={"threat": "checkpoint-gate"}, p2={"threat": "curfew-sirens"})
    s = villain_turn_after("storm", three(4, 4, 4), "Updraft", ["Curfew Decree"], track=2, locations=locs)
    assert s.n_loc == 2 and s.track == 2  # moved through Checkpoint Gate: no trigger
    # Curfew Sirens: TT here; then the card's tokens CC / T / CC
    assert s.thug[2] == 3 and s.civ[1] == 2 and s.civ[3] == 2


@pytest.mark.rule("MU-13")
def test_only_the_location_where_the_move_ends_triggers():
    s = villain_turn_after("storm", three(4, 4, 4), "Updraft", ["Emergency Powers"], track=2,
                           villain={"location": 1}, locations=ring(p1={"threat": "checkpoint-gate"},
                                                                   p2={"threat": "checkpoint-gate"}))
    # Emergency Powers: move 1 (1 → 2), Martial Law +2, +1 for the Gate at 2 (not for the one at 1)
    assert s.n_loc == 2 and s.track == 5
