"""Issue 21 in a standard game: the threat counters of the view (the Villainous Plot, the
Master Plan deck), a BAM! with no hero there, a Grab with nobody to grab, and a whole random
game (with a Challenge too) whose narration never repeats a line and names heroes only.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from standard_kit import hero, load, play, ring

from multiverse.united.view import view

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from narration_kit import assert_readable, narrate_game


@pytest.mark.rule("MU-10", "MU-23")
def test_the_plot_and_the_master_plan_deck_are_threats_that_end_the_game():
    s = load(heroes=[hero("logan", 3, ["Rusted Claws", "Old Instincts"]), hero("kitty-pryde", 3),
                     hero("storm", 3)], turn={"hero": "logan"}, step="play", track=4,
             master_plan=["Gavel Falls", "Curfew Decree"])
    assert view(s, 0)["threats"] == [
        {"name": "Martial Law", "value": 4, "limit": 12, "ends": "GAME OVER",
         "text": "Martial Law 4 of 12 → GAME OVER", "card": None},
        {"name": "Master Plan deck", "value": 2, "limit": 0, "ends": "GAME OVER",
         "text": "Master Plan deck 2 cards → GAME OVER when a card must be revealed and none "
                 "is left", "card": None},
        {"name": "Missions", "value": 0, "limit": 1,
         "ends": "Under Pressure (a Villain turn every 2 Hero cards)",
         "text": "Missions 0 of 3 completed → at 1: Under Pressure (a Villain turn every 2 Hero "
                 "cards)", "card": None}]


@pytest.mark.rule("MU-15", "DFP-C3")
def test_the_missions_name_their_next_threshold():
    s = load("sentinel-ii", heroes=[hero("logan", 3, ["Rusted Claws", "Old Instincts"]),
                                    hero("kitty-pryde", 3), hero("storm", 3)],
             turn={"hero": "logan"}, step="play")
    (m,) = [x for x in view(s, 0)["threats"] if x["name"] == "Missions"]
    assert m["text"] == ("Missions 0 of 3 completed → at 1: Under Pressure (a Villain turn every "
                         "2 Hero cards); Sentinel II can be damaged")
    s = load(heroes=[hero("logan", 3, ["Rusted Claws", "Old Instincts"]), hero("kitty-pryde", 3),
                     hero("storm", 3)], turn={"hero": "logan"}, step="play", missions={"thugs": 6})
    (m,) = [x for x in view(s, 0)["threats"] if x["name"] == "Missions"]
    assert m["text"] == "Missions 1 of 3 completed → at 2: The Magistrate can be damaged"


def _villain_turn(kitty: int = 3, **more):
    """Logan plays Rusted Claws, the third Hero card since the last Master Plan card: the
    Magistrate (at ring 0) plays Gavel Falls (move 1, BAM!)."""
    s = load(heroes=[hero("logan", 3, ["Rusted Claws", "Old Instincts"]),
                     hero("kitty-pryde", kitty), hero("storm", 3)], turn={"hero": "logan"},
             step="play", since=2, master_plan=["Gavel Falls"], **more)
    play(s, "Rusted Claws")
    return s


@pytest.mark.rule("MU-11", "MU-23")
def test_a_bam_with_no_hero_there_says_so_and_the_plot_change_names_its_cause():
    s = _villain_turn(locations=ring(p1={"threat": "propaganda-tower"}))
    told = [e.text for e in s.log]
    assert "BAM! (The Magistrate) deals no damage: no hero in Hollow Sentinel Foundry" in told
    assert not any("2 damage to each hero here" in x for x in told)
    # Propaganda Tower's BAM! raises Martial Law: the change says of how much and why
    assert "Martial Law 0 → 1 of 12 (Propaganda Tower)" in told


@pytest.mark.rule("MU-11")
def test_a_bam_with_a_hero_there_says_what_it_does():
    s = _villain_turn(kitty=1)
    told = [e.text for e in s.log]
    assert "BAM! (The Magistrate): 2 damage to each hero here" in told


@pytest.mark.rule("DFP-C10")
def test_a_grab_with_nobody_there_is_told():
    s = load("sentinel-iii", at=5, heroes=[hero("logan", 3, ["Old Instincts", "Rusted Claws"]),
                                           hero("kitty-pryde", 3), hero("storm", 3)],
             turn={"hero": "logan"}, step="play")
    play(s, "Old Instincts")  # Wild: Grab once
    while s.decision() is not None and s.decision().kind == "resolve_actions":
        s.apply("end")
    if s.decision() is not None and s.decision().kind == "location_effect":
        s.apply("skip")
    assert "Sentinel III grabs no one: no hero in Scavenged Scrap Armory" in [e.text for e in s.log]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_random_game_reads_well(seed):
    batches, hero_ids = narrate_game("standard", seed)
    assert_readable(batches, hero_ids)


@pytest.mark.rule("MU-9")
def test_a_mission_completes_after_the_line_that_completes_it():
    s = load(heroes=[hero("logan", 3, ["Rusted Claws", "Old Instincts"]), hero("kitty-pryde", 1),
                     hero("storm", 1)], turn={"hero": "logan"}, step="play",
             missions={"thugs": 5}, locations=ring(p3={"thugs": 1}))
    play(s, "Rusted Claws")
    s.apply("attack:thug")
    told = [e.text for e in s.log]
    i = told.index("Logan defeats 1 Thug in Barbed-Wire Internment Yard")
    assert told[i + 1] == "Mission complete: Defeat Thugs (1 of 3)"
