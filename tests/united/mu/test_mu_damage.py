"""MU-21, MU-22, MU-23: damage, KO (blue and pink parts) and the end of the game."""

from __future__ import annotations

import pytest
from mu_support import end_actions, hand, kinds, names, opt_ids, play, position, ring, wound

SAFE = ["sentinel-production-a", "sentinel-production-b", "sentinel-production-a",
        "sentinel-production-b", "sentinel-production-a", "sentinel-production-b"]
STORM_DECK = ["Hailstorm", "Clearing Winds", "Thunderclap", "Shifting Front", "Updraft"]


def storm_vs_sentinel(storm_hand, *, at=3, logan=None, threats=None, track=0, **kw):
    """Sentinel phase: Storm (hero 1, Target II) plays with Sentinel II in her Location."""
    heroes = [
        logan or {"id": "logan", "location": 0, "target": "I",
                  "hand": ["Rusted Claws", "Slow Mend"]},
        {"id": "storm", "location": at, "target": "II", "hand": list(storm_hand),
         "deck": [c for c in STORM_DECK if c not in storm_hand]},
    ]
    return position(heroes=heroes, sentinels={"I": {"location": 0}, "II": {"location": at}},
                    locations=ring(threats if threats is not None else SAFE), track=track,
                    step="play", turn={"hero": "storm"}, **kw)


# ----- MU-21: each damage puts a card of the hero's choice at the bottom of the deck ----------------


@pytest.mark.rule("MU-21")
@pytest.mark.parametrize("chosen,kept", [("Gale Force", "Tempest Unleashed"),
                                         ("Tempest Unleashed", "Gale Force")])
def test_damage_puts_the_chosen_card_at_the_bottom_of_the_deck(chosen, kept):
    s = storm_vs_sentinel(["Eye of the Storm", "Gale Force", "Tempest Unleashed"])
    deck_before = list(s.deck[1])
    play(s, "Eye of the Storm")  # Heroic x2: Sentinel II adds 2 Civilians, then targets Storm
    s.apply("end")
    d = s.decision()
    assert d.kind == "wound" and d.seat == 1  # Storm's player chooses
    assert sorted(o.label for o in d.options) == [
        "Gale Force [Attack]", "Tempest Unleashed [Move Attack Attack]"]  # named with their text
    wound(s, chosen)
    assert hand(s, 1) == [kept]
    assert names(s, s.deck[1]) == [chosen, *names(s, deck_before)]  # bottom is index 0
    assert s.deck[1][-1] == deck_before[-1]  # the top card is unchanged
    assert s.ko == [0, 0]
    assert s.civ[3] == 4


@pytest.mark.rule("MU-21")
def test_each_damage_is_one_card_mutant_detection_adds_one():
    # Gene-Scan Checkpoint (Mutant Detection) at Storm's Location: 1 damage becomes 2
    threats = list(SAFE)
    threats[4] = "mutant-detection-a"
    heroes = [
        {"id": "logan", "location": 0, "target": "I", "hand": ["Rusted Claws"]},
        {"id": "storm", "location": 4, "target": "II",
         "hand": ["Eye of the Storm", "Gale Force", "Tempest Unleashed", "Updraft"],
         "deck": ["Hailstorm"]},
    ]
    s = position(heroes=heroes, sentinels={"I": {"location": 0}, "II": {"location": 4}},
                 locations=ring(threats, p4={"civilians": 0, "thugs": 0}),
                 step="play", turn={"hero": "storm"})
    play(s, "Eye of the Storm")
    s.apply("end")
    d = s.decision()
    assert d.kind == "wound" and d.seat == 1 and "2 left" in d.prompt
    wound(s, "Updraft")
    d = s.decision()
    assert d.kind == "wound" and "1 left" in d.prompt
    wound(s, "Gale Force")
    assert hand(s, 1) == ["Tempest Unleashed"]
    assert names(s, s.deck[1][:2]) == ["Gale Force", "Updraft"]  # last one put is lowest
    assert [e.data["amount"] for e in s.log if e.kind == "hero_damaged"] == [2]


@pytest.mark.rule("MU-21")
def test_players_choose_who_takes_the_sentinel_damage_then_that_hero_chooses_the_card():
    logan = {"id": "logan", "location": 3, "target": "I",
             "hand": ["Rusted Claws", "Slow Mend"]}
    s = storm_vs_sentinel(["Gale Force", "Updraft", "Eye of the Storm"], logan=logan)
    play(s, "Gale Force")  # Attack: task 3 damages one hero here
    s.apply("end")
    d = s.decision()
    assert d.kind == "task_damage" and d.seat == 1  # the active player decides for the team
    assert sorted(d.ids()) == ["hero:0", "hero:1"]
    s.apply("hero:0")
    d = s.decision()
    assert d.kind == "wound" and d.seat == 0  # Logan's player picks Logan's card
    wound(s, "Slow Mend")
    assert hand(s, 0) == ["Rusted Claws"]
    assert names(s, s.deck[0])[0] == "Slow Mend"
    d = s.decision()  # task 6: Storm holds the Target token and is here
    assert d.kind == "wound" and d.seat == 1


# ----- MU-22: KO ------------------------------------------------------------------------------


@pytest.mark.rule("MU-22")
@pytest.mark.parametrize("analyzers", [0, 1, 2])
def test_losing_the_last_card_is_a_ko_raising_the_track(analyzers):
    threats = list(SAFE)
    if analyzers >= 1:
        threats[2] = "data-analyzer-a"
    if analyzers >= 2:
        threats[5] = "data-analyzer-b"
    s = storm_vs_sentinel(["Eye of the Storm", "Gale Force"], threats=threats, track=4)
    play(s, "Eye of the Storm")
    s.apply("end")  # Sentinel II: 2 Civilians, then 1 damage to Storm: her last card goes
    assert s.ko == [0, 1]
    assert s.hand[1] == []
    assert names(s, s.deck[1])[0] == "Gale Force"
    assert s.track == 4 + 1 + analyzers
    ev = kinds(s)
    assert "ko" in ev and "bam" not in ev  # blue part: the track, not a BAM!
    assert s.active == 0 and s.decision().kind == "play_card"


@pytest.mark.rule("MU-22")
def test_cleared_data_analyzer_no_longer_counts():
    threats = list(SAFE)
    threats[2] = "data-analyzer-a"
    heroes = [
        {"id": "logan", "location": 0, "target": "I", "hand": ["Rusted Claws"]},
        {"id": "storm", "location": 3, "target": "II", "hand": ["Eye of the Storm", "Gale Force"]},
    ]
    s = position(heroes=heroes, sentinels={"I": {"location": 0}, "II": {"location": 3}},
                 locations=ring(threats, p2={"threat": None}), step="play",
                 turn={"hero": "storm"})
    play(s, "Eye of the Storm")
    s.apply("end")
    assert s.ko[1] == 1 and s.track == 1


@pytest.mark.rule("MU-22")
def test_hero_with_an_empty_hand_who_takes_damage_is_kod():
    logan = {"id": "logan", "location": 3, "target": "I", "hand": [],
             "deck": ["Rusted Claws", "Slow Mend", "Old Instincts", "Berserker Lunge",
                      "Unbreakable Skeleton"]}
    s = storm_vs_sentinel(["Gale Force", "Updraft", "Eye of the Storm"], logan=logan)
    play(s, "Gale Force")
    s.apply("end")
    s.apply("hero:0")  # the players send the damage to Logan, who holds no card
    assert s.ko[0] == 1
    assert s.track == 1
    # task 6 then hits Storm
    assert s.decision().kind == "wound" and s.decision().seat == 1


@pytest.mark.rule("MU-22")
def test_kod_hero_is_ignored_by_damage():
    logan = {"id": "logan", "location": 3, "target": "I", "hand": [], "ko": True,
             "deck": ["Rusted Claws", "Slow Mend"]}
    s = storm_vs_sentinel(["Gale Force", "Updraft", "Eye of the Storm", "Tempest Unleashed"],
                          logan=logan, track=2)
    play(s, "Gale Force")
    s.apply("end")
    # task 3 has only Storm to hit: no question about Logan
    d = s.decision()
    assert d.kind == "wound" and d.seat == 1
    assert s.ko == [1, 0]
    wound(s, "Updraft")
    wound(s, "Eye of the Storm")  # task 6
    assert s.track == 2  # no second KO for Logan
    assert [e.data["hero"] for e in s.log if e.kind == "hero_damaged"] == [1, 1]
    # Logan's turn: he stands up with his two cards, none lost while he was KO'd
    assert s.active == 0 and s.ko == [0, 0]
    assert hand(s, 0) == ["Rusted Claws", "Slow Mend"]


@pytest.mark.rule("MU-22", "MU-20")
def test_kod_hero_is_ignored_by_effects():
    heroes = [
        {"id": "logan", "location": 3, "target": "I", "hand": [], "ko": True,
         "deck": ["Rusted Claws", "Slow Mend", "Old Instincts", "Berserker Lunge",
                  "Unbreakable Skeleton", "Scent of the Hunt"]},
        {"id": "storm", "location": 3, "target": "II", "hand": ["Gale Force", "Updraft"],
         "deck": ["Hailstorm"]},
    ]
    locs = ring(SAFE, p3={"threat": None})  # Rooftop Resistance Camp: others here draw 1
    s = position(heroes=heroes, locations=locs, sentinels={"I": {"location": 0},
                                                          "II": {"location": 0}},
                 step="play", turn={"hero": "storm"}, config={"tie_break": "clockwise"})
    play(s, "Gale Force")
    end_actions(s)
    assert s.decision().kind == "location_effect"
    s.apply("use")
    # the turn has passed on: Logan stood up with exactly 4 cards, none from the effect
    ev = [(e.kind, e.data.get("hero")) for e in s.log if e.kind in ("draw", "stand_up")]
    assert ev == [("stand_up", 0)]
    assert hand(s, 0) == ["Rusted Claws", "Slow Mend", "Old Instincts", "Berserker Lunge"]


@pytest.mark.rule("MU-22")
def test_kod_hero_stands_up_and_draws_four():
    heroes = [
        {"id": "logan", "location": 3, "target": "I", "hand": [], "ko": True,
         "deck": ["Rusted Claws", "Slow Mend", "Old Instincts", "Berserker Lunge",
                  "Unbreakable Skeleton", "Scent of the Hunt"]},
        {"id": "storm", "location": 3, "target": "II"},
    ]
    s = position(heroes=heroes, sentinels={"I": {"location": 0}, "II": {"location": 0}})
    assert s.ko == [0, 0]
    assert hand(s, 0) == ["Rusted Claws", "Slow Mend", "Old Instincts", "Berserker Lunge"]
    assert names(s, s.deck[0]) == ["Scent of the Hunt", "Unbreakable Skeleton"]
    assert s.decision().kind == "play_card" and s.decision().seat == 0


@pytest.mark.rule("MU-22")
def test_standing_up_with_a_short_deck_draws_what_is_left():
    heroes = [
        {"id": "logan", "location": 3, "target": "I", "hand": [], "ko": True,
         "deck": ["Rusted Claws", "Slow Mend"]},
        {"id": "storm", "location": 3, "target": "II"},
    ]
    s = position(heroes=heroes, sentinels={"I": {"location": 0}, "II": {"location": 0}})
    assert hand(s, 0) == ["Rusted Claws", "Slow Mend"] and s.deck[0] == []


@pytest.mark.rule("MU-22", "MU-16")
def test_kod_hero_with_no_cards_at_all_loses_at_turn_start():
    heroes = [{"id": "logan", "location": 3, "target": "I", "hand": [], "deck": [], "ko": True},
              {"id": "storm", "location": 3, "target": "II"}]
    s = position(heroes=heroes, sentinels={"I": {"location": 0}, "II": {"location": 0}})
    assert s.result == "loss"


@pytest.mark.rule("MU-22")
def test_ko_then_stand_up_on_the_next_own_turn():
    logan = {"id": "logan", "location": 1, "target": "I",
             "hand": ["Rusted Claws", "Slow Mend"], "deck": ["Old Instincts"]}
    s = storm_vs_sentinel(["Eye of the Storm", "Gale Force"], logan=logan)
    play(s, "Eye of the Storm")
    s.apply("end")
    assert s.ko == [0, 1] and s.track == 1
    # Logan's turn: Storm stays KO'd and out of reach
    assert s.active == 0
    play(s, "Rusted Claws")
    end_actions(s)
    assert s.active == 1
    assert s.ko == [0, 0]
    assert hand(s, 1) == ["Hailstorm", "Clearing Winds", "Thunderclap", "Shifting Front"]
    assert names(s, s.deck[1]) == ["Gale Force", "Updraft"]


@pytest.mark.rule("MU-22", "MU-23")
def test_pink_part_ko_eliminates_instead_of_bam():
    heroes = [
        {"id": "logan", "location": 1, "hand": ["Rusted Claws", "Old Instincts"]},
        {"id": "storm", "location": 3, "hand": ["Gale Force"], "deck": ["Updraft"]},
    ]
    s = position(heroes=heroes, phase="nimrod", nimrod={"location": 3, "health": 8}, since=1,
                 master_plan=["Escalation Cascade"], locations=ring(SAFE), step="play",
                 turn={"hero": "logan"})
    play(s, "Rusted Claws")
    end_actions(s)
    # track +2 then BAM!: Storm loses her last card and is eliminated
    assert s.out == [0, 1] and s.ko == [0, 0]
    assert s.track == 2  # no track raise for the KO
    assert kinds(s).count("bam") == 1
    assert "eliminated" in kinds(s) and "ko" not in kinds(s)
    assert s.result is None
    assert s.active == 0  # Storm's turn is skipped


@pytest.mark.rule("MU-22", "MU-23")
def test_every_hero_eliminated_loses():
    heroes = [
        {"id": "logan", "location": 3, "hand": ["Rusted Claws", "Old Instincts"]},
        {"id": "storm", "location": 3, "hand": ["Gale Force"], "deck": ["Updraft"]},
    ]
    s = position(heroes=heroes, phase="nimrod", nimrod={"location": 3, "health": 8}, since=1,
                 master_plan=["Escalation Cascade"], locations=ring(SAFE), step="play",
                 turn={"hero": "logan"})
    play(s, "Rusted Claws")
    s.apply("end")
    assert s.out == [1, 1]
    assert s.result == "loss" and "eliminated" in s.reason


# ----- MU-23: winning and losing -----------------------------------------------------------------


@pytest.mark.rule("MU-23")
def test_heroes_win_the_moment_nimrod_reaches_zero():
    heroes = [{"id": "logan", "location": 0, "hand": ["Berserker Lunge", "Slow Mend"]},
              {"id": "storm", "location": 3}]
    s = position(heroes=heroes, phase="nimrod", nimrod={"location": 0, "health": 1}, since=1,
                 master_plan=["Escalation Cascade"], step="play", turn={"hero": "logan"})
    play(s, "Berserker Lunge")
    s.apply("attack:nimrod")
    assert s.n_hp == 0
    assert s.result == "win"
    assert s.decision() is None  # a second Attack left unused; no villain turn follows
    assert s.mp_deck and names(s, s.story) == ["Berserker Lunge"]


@pytest.mark.rule("MU-23")
def test_effect_damage_can_win_too():
    heroes = [{"id": "logan", "location": 0, "hand": ["Through the Plating", "Slow Mend"]},
              {"id": "storm", "location": 3}]
    s = position(heroes=heroes, phase="nimrod", nimrod={"location": 0, "health": 2},
                 locations=ring(p0={"civilians": 0, "thugs": 0}),
                 master_plan=["Escalation Cascade"], step="play", turn={"hero": "logan"})
    play(s, "Through the Plating")  # 2 damage to an enemy here: Nimrod is the only one
    assert s.result == "win" and s.n_hp == 0


@pytest.mark.rule("MU-23")
def test_nimrod_above_zero_is_not_a_win():
    heroes = [{"id": "logan", "location": 0, "hand": ["Rusted Claws", "Slow Mend"]},
              {"id": "storm", "location": 3}]
    s = position(heroes=heroes, phase="nimrod", nimrod={"location": 0, "health": 2},
                 master_plan=["Escalation Cascade"], step="play", turn={"hero": "logan"})
    play(s, "Rusted Claws")
    s.apply("attack:nimrod")
    assert s.n_hp == 1 and s.result is None


@pytest.mark.rule("MU-23")
def test_ko_pushing_the_track_to_its_end_loses():
    s = storm_vs_sentinel(["Eye of the Storm", "Gale Force"], track=14)
    play(s, "Eye of the Storm")
    s.apply("end")
    assert s.track == 15
    assert s.result == "loss" and "track" in s.reason
    assert opt_ids(s) == []


@pytest.mark.rule("MU-22", "MU-21")
def test_ko_ends_the_damage_left_over_and_counts_once():
    # Mutant Detection: 2 damage to Storm, who holds 1 card after playing
    threats = list(SAFE)
    threats[4] = "mutant-detection-a"
    heroes = [
        {"id": "logan", "location": 0, "target": "I", "hand": ["Rusted Claws"]},
        {"id": "storm", "location": 4, "target": "II", "hand": ["Eye of the Storm", "Gale Force"],
         "deck": ["Hailstorm"]},
    ]
    s = position(heroes=heroes, sentinels={"I": {"location": 0}, "II": {"location": 4}},
                 locations=ring(threats, p4={"civilians": 0, "thugs": 0}),
                 step="play", turn={"hero": "storm"})
    play(s, "Eye of the Storm")
    s.apply("end")
    assert s.ko == [0, 1]
    assert names(s, s.deck[1]) == ["Gale Force", "Hailstorm"]
    assert s.track == 1
    assert kinds(s).count("ko") == 1
    assert s.active == 0
