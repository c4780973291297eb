"""Issue 21 in Days of Future Past: the threat counters of the view, every cause told once,
nothing offered that cannot work, and a whole random game whose narration never repeats a
line and names heroes, never ids.

Three heroes Logan / Kitty Pryde / Storm holding the Target tokens of Sentinels I / II /
III, an empty ring with no Threat (unless stated), Sentinels at 5 Health.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from dofp_testkit import act, end_actions, heroes, ids, kind, load, play, ring, sentinels, skip_location, story

from multiverse.united.view import view

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from narration_kit import assert_readable, narrate_game


def start(**fields):
    fields["config"] = {"sentinel_health": 5}
    s = load(**fields)
    s.log = []
    return s


def texts(s) -> list[str]:
    return [e.text for e in s.log]


# ----- the threat counters (view["threats"]) -----------------------------------------------
@pytest.mark.rule("DFP-D2")
def test_the_track_is_a_threat_that_ends_the_game_and_names_the_next_band():
    s = start(heroes=heroes((3, 3, 3), ["Rusted Claws"]), sentinels=sentinels(), track=3,
              turn={"hero": "logan"})
    assert view(s, 0)["threats"] == [{
        "name": "Nimrod Activation track", "value": 3, "limit": 15, "ends": "GAME OVER",
        "text": "Nimrod Activation track 3 of 15 → GAME OVER (at 5, the yellow band: "
                "Nimrod's BAM! +1 damage)", "card": None}]


@pytest.mark.rule("DFP-D2")
def test_past_the_red_band_only_the_end_is_named():
    s = start(heroes=heroes((3, 3, 3), ["Rusted Claws"]), sentinels=sentinels(), track=12,
              turn={"hero": "logan"})
    assert [x["text"] for x in view(s, 0)["threats"]] == [
        "Nimrod Activation track 12 of 15 → GAME OVER"]


# ----- each change of the track with its cause ---------------------------------------------
@pytest.mark.rule("DFP-A7", "DFP-D2")
def test_the_last_step_of_the_track_says_game_over_and_its_cause():
    # Old Instincts (Wild → Production) with Sentinel I at full Health and the track at 14
    s = start(heroes=heroes((3, 3, 3), ["Old Instincts", "Rusted Claws"]), sentinels=sentinels(),
              storyline=story(("storm", "Gale Force")), turn={"hero": "logan"}, track=14)
    play(s, "Old Instincts")
    end_actions(s)
    skip_location(s)
    assert "Nimrod Activation track 14 → 15 of 15 → GAME OVER (Sentinel I's Production task: " \
           "already at full Health)" in texts(s)
    assert s.result == "loss"


@pytest.mark.rule("DFP-A7")
def test_production_names_the_threats_it_counts():
    # Sentinel I at 3 of 5 Health, one Sentinel Production Threat (Automated Assembly Line)
    s = start(heroes=heroes((3, 3, 3), ["Old Instincts", "Rusted Claws"]),
              sentinels=sentinels(hp={"I": 3}), storyline=story(("storm", "Gale Force")),
              turn={"hero": "logan"}, locations=ring(p5={"threat": "sentinel-production-a"}))
    play(s, "Old Instincts")
    end_actions(s)
    skip_location(s)
    assert "Sentinel I recovers 1 Health → 4 (1 for each Sentinel Production Threat in play: " \
           "Automated Assembly Line)" in texts(s)


# ----- every cause told once ----------------------------------------------------------------
@pytest.mark.rule("DFP-A6")
def test_a_run_of_damage_tasks_that_hits_nobody_is_told_once():
    # Berserker Lunge (Attack Attack) after Gale Force (Attack): Damage 3 times, nobody there
    s = start(heroes=heroes((3, 3, 3), ["Berserker Lunge", "Rusted Claws"]),
              sentinels=sentinels(), storyline=story(("storm", "Gale Force")),
              turn={"hero": "logan"})
    play(s, "Berserker Lunge")
    end_actions(s)
    skip_location(s)
    nothing = [t for t in texts(s) if "deals no damage" in t]
    assert nothing == ["Sentinel I deals no damage: no hero in The Burned Mansion (Damage 3 times)"]


@pytest.mark.rule("DFP-A6", "DFP-A9")
def test_the_damage_and_target_tasks_are_named_in_their_damage():
    # Rusted Claws (Attack) after Gale Force (Attack): Damage twice, then Target; Logan alone
    # with Sentinel I
    s = start(heroes=heroes((0, 3, 3), ["Rusted Claws", "Old Instincts", "Slow Mend"]),
              sentinels=sentinels(), storyline=story(("storm", "Gale Force")),
              turn={"hero": "logan"})
    play(s, "Rusted Claws")
    end_actions(s)
    skip_location(s)
    while kind(s) == "wound":
        act(s, ids(s)[0])
    hits = [t for t in texts(s) if "damage to Logan" in t]
    assert hits == ["Sentinel I's Damage task deals 1 damage to Logan",
                    "Sentinel I's Damage task deals 1 damage to Logan (2nd time)",
                    "Sentinel I's Target task deals 1 damage to Logan"]


# ----- nothing offered that cannot work ------------------------------------------------------
@pytest.mark.rule("MU-20")
def test_a_location_effect_with_nothing_to_do_is_not_offered_and_says_why():
    # Collapsed Harbor Bridge (ring 4): "defeat up to 2 Thugs in your Location"; no Thug there
    s = start(heroes=heroes((4, 3, 3), ["Rusted Claws", "Old Instincts"]), sentinels=sentinels(),
              storyline=story(("storm", "Gale Force")), turn={"hero": "logan"})
    play(s, "Rusted Claws")
    end_actions(s)
    assert kind(s) != "location_effect"
    assert ("Collapsed Harbor Bridge's effect (optional) does nothing for Logan: no Thug in "
            "Collapsed Harbor Bridge") in texts(s)


@pytest.mark.rule("MU-20")
def test_a_location_effect_with_work_to_do_is_offered_and_told_with_its_kind():
    s = start(heroes=heroes((4, 3, 3), ["Rusted Claws", "Old Instincts"]), sentinels=sentinels(),
              storyline=story(("storm", "Gale Force")), turn={"hero": "logan"},
              locations=ring(p4={"thugs": 1}))
    play(s, "Rusted Claws")
    end_actions(s)
    assert kind(s) == "location_effect" and ids(s) == ["use", "skip"]
    act(s, "use")
    told = texts(s)
    i = told.index("Logan uses the effect of Collapsed Harbor Bridge (optional): defeat up to 2 "
                   "Thugs in your Location")
    assert told[i + 1] == "Logan defeats 1 Thug in Collapsed Harbor Bridge"


@pytest.mark.rule("MU-17")
def test_a_special_effect_that_does_nothing_now_is_marked():
    # Shelter the Crowd: "rescue up to 1 Civilian in your Location"; none where Kitty is
    s = start(heroes=[{"id": "logan", "location": 3},
                      {"id": "kitty-pryde", "location": 3, "hand": ["Shelter the Crowd", "Phase Step"]},
                      {"id": "storm", "location": 3}],
              sentinels=sentinels(), storyline=story(("logan", "Rusted Claws")),
              turn={"hero": "kitty-pryde"}, locations=ring(p3={"thugs": 1}))
    play(s, "Shelter the Crowd")  # with Rusted Claws' Attack: a Thug to attack, so a choice
    labels = {o.id: o.label for o in s.decision().options}
    assert labels["effect"] == ("Resolve the Special Effect of Shelter the Crowd: rescue up to 1 "
                                "Civilian in your Location (does nothing now: no Civilian in "
                                "Barbed-Wire Internment Yard)")
    act(s, "effect")
    assert "Kitty Pryde rescues no Civilian: none in Barbed-Wire Internment Yard" in texts(s)


# ----- a whole random game ------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_random_game_reads_well(seed):
    batches, hero_ids = narrate_game("dofp", seed, "logan,kitty-pryde,storm")
    assert "kitty-pryde" in hero_ids
    assert_readable(batches, hero_ids)


@pytest.mark.rule("MU-19", "DFP-D2")
def test_a_threat_cleared_lowers_the_track_and_says_so():
    # Gene-Scan Checkpoint (Heroic, Attack, Move) at ring 3 with Heroic and Attack filled;
    # Old Instincts' Wild fills the last symbol (Move); its reward lowers the track by 1
    s = start(heroes=heroes((3, 0, 0), ["Old Instincts", "Rusted Claws"]), sentinels=sentinels(i=5),
              turn={"hero": "logan"}, track=4,
              locations=ring(p3={"threat": "mutant-detection-a", "filled": ["heroic", "attack"]}))
    play(s, "Old Instincts")
    act(s, "fill:move")
    told = texts(s)
    i = told.index("Gene-Scan Checkpoint at Barbed-Wire Internment Yard is cleared")
    assert told[i + 1] == ("Nimrod Activation track 4 → 3 of 15 (Gene-Scan Checkpoint is "
                           "cleared)")


@pytest.mark.rule("MU-5", "MU-20")
def test_a_gained_token_names_where_it_came_from():
    # Scavenged Scrap Armory (ring 5): "gain 1 Attack token"
    s = start(heroes=heroes((5, 3, 3), ["Rusted Claws", "Old Instincts"]), sentinels=sentinels(),
              storyline=story(("storm", "Gale Force")), turn={"hero": "logan"})
    play(s, "Rusted Claws")
    end_actions(s)
    act(s, "use")
    assert "Logan gains 1 Attack token (Scavenged Scrap Armory)" in texts(s)
