"""Standard game: the three Missions complete at their thresholds (MU-9), and Threats are
cleared by their last symbol or their Henchman (MU-19).

Default thresholds (packs/default/standard.yaml): Rescue Civilians 6, Defeat Thugs 6,
Clear Threats 3. Ring positions and the empty board come from standard_kit.
"""

from __future__ import annotations

import pytest
from standard_kit import (
    act,
    events,
    hero,
    ids,
    kind,
    load,
    play,
    ring,
)

from multiverse.united.standard.missions import completed, under_pressure


def _turn(active, heroes, missions, **more):
    return load(heroes=heroes, turn={"hero": active}, step="play", missions=missions, **more)


def _kitty(at, hand, missions, **more):
    return _turn("kitty-pryde", [hero("logan", 1), hero("kitty-pryde", at, hand), hero("storm", 1)],
                 missions, **more)


def _logan(at, hand, missions, **more):
    return _turn("logan", [hero("logan", at, hand), hero("kitty-pryde", 4), hero("storm", 4)], missions, **more)


@pytest.mark.rule("MU-9")
def test_the_standard_game_lays_out_three_missions():
    s = load(heroes=["logan", "kitty-pryde", "storm"])
    assert s.T.mission_need == (6, 6, 3)
    assert s.progress == [0, 0, 0] and completed(s) == 0


# ----- Rescue Civilians ------------------------------------------------------------------------


@pytest.mark.rule("MU-9")
def test_rescue_mission_completes_at_its_threshold_by_heroic():
    s = _kitty(3, ["Hold the Line", "Phase Step"], {"rescued": 4}, locations=ring(p3={"civilians": 3}))
    play(s, "Hold the Line")  # Heroic, Heroic
    act(s, "rescue")
    assert s.progress[0] == 5 and completed(s) == 0 and not events(s, "mission")
    act(s, "rescue")
    assert s.progress[0] == 6 and completed(s) == 1 and s.civ[3] == 1
    assert [e.data["mission"] for e in events(s, "mission")] == ["Rescue Civilians"]


@pytest.mark.rule("MU-9")
def test_rescue_by_a_special_effect_counts():
    s = _kitty(3, ["Shelter the Crowd", "Phase Step"], {"rescued": 4}, locations=ring(p3={"civilians": 2}))
    play(s, "Shelter the Crowd")  # Heroic + Special Effect: rescue 1
    assert ids(s) == ["rescue", "effect"]
    act(s, "effect")
    assert s.progress[0] == 5 and s.civ[3] == 1 and not under_pressure(s)
    act(s, "rescue")
    assert s.progress[0] == 6 and s.civ[3] == 0 and completed(s) == 1 and under_pressure(s)


@pytest.mark.rule("MU-9")
def test_rescue_by_a_location_effect_counts():
    # internment-yard (ring position 3): rescue 2
    s = _kitty(3, ["Phase Step", "Hold the Line"], {"rescued": 4}, locations=ring(p3={"civilians": 3}))
    play(s, "Phase Step")
    act(s, "end")
    assert kind(s) == "location_effect"
    act(s, "use")
    assert s.progress[0] == 6 and s.civ[3] == 1 and completed(s) == 1


@pytest.mark.rule("MU-9")
def test_an_effect_rescues_no_more_than_there_are():
    s = _kitty(3, ["Phase Step", "Hold the Line"], {"rescued": 4}, locations=ring(p3={"civilians": 1}))
    play(s, "Phase Step")
    act(s, "end")
    act(s, "use")
    assert s.progress[0] == 5 and completed(s) == 0


# ----- Defeat Thugs -----------------------------------------------------------------------------


@pytest.mark.rule("MU-9")
def test_thug_mission_completes_at_its_threshold_by_attack():
    s = _logan(1, ["Berserker Lunge", "Rusted Claws"], {"thugs": 4}, locations=ring(p1={"thugs": 3}))
    play(s, "Berserker Lunge")
    act(s, "attack:thug")
    assert s.progress[1] == 5 and completed(s) == 0
    act(s, "attack:thug")
    assert s.progress[1] == 6 and s.thug[1] == 1 and completed(s) == 1


@pytest.mark.rule("MU-9")
def test_thugs_defeated_by_an_effect_count():
    heroes = [hero("logan", 4), hero("kitty-pryde", 4), hero("storm", 2, ["Hailstorm", "Gale Force"])]
    s = _turn("storm", heroes, {"thugs": 4}, locations=ring(p2={"thugs": 2}))
    play(s, "Hailstorm")  # no symbol; Special Effect: defeat 2 Thugs (resolves by itself)
    assert s.thug[2] == 0 and s.progress[1] == 6 and completed(s) == 1


# ----- Clear Threats (MU-19) -------------------------------------------------------------------


@pytest.mark.rule("MU-9", "MU-19")
def test_threat_mission_completes_when_the_last_symbol_is_filled():
    # Propaganda Tower (Heroic, Heroic, Move) with both Heroic filled; 2 Threats cleared before
    s = _kitty(3, ["Straight Through the Walls", "Phase Step"], {"threats": 2},
               locations=ring(p3={"threat": "propaganda-tower", "filled": ["heroic", "heroic"],
                                  "civilians": 2}))  # one stays: the effect has work to do
    play(s, "Straight Through the Walls")  # Move, Move, Heroic
    act(s, "fill:move")
    assert s.threat[3] == -1 and s.progress[2] == 3 and completed(s) == 1
    # MU-19: the leftover Move and Heroic remain usable
    assert ids(s) == ["move:2", "move:4", "rescue", "end"]
    act(s, "rescue")
    act(s, "end")
    # MU-19: the End-of-Turn effect is uncovered
    assert kind(s) == "location_effect" and ids(s) == ["use", "skip"]


@pytest.mark.rule("MU-19")
def test_a_threat_with_symbols_left_is_not_cleared():
    s = _kitty(3, ["Phase Step", "Hold the Line"], {"threats": 2},
               locations=ring(p3={"threat": "propaganda-tower", "filled": ["heroic"]}))
    play(s, "Phase Step")
    act(s, "fill:move")
    assert s.threat[3] >= 0 and s.need[9:12] == [0, 0, 1] and s.progress[2] == 2
    assert kind(s) != "location_effect"  # still covered: no End-of-Turn effect


@pytest.mark.rule("MU-9", "MU-19")
def test_defeating_a_henchman_with_attacks_clears_its_threat():
    s = _logan(1, ["Berserker Lunge", "Rusted Claws"], {"threats": 2},
               locations=ring(p1={"threat": "riot-enforcers", "henchman": 2}))
    play(s, "Berserker Lunge")
    assert ids(s) == ["attack:henchman", "end"]
    act(s, "attack:henchman")
    assert s.hench[1] == 1 and s.threat[1] >= 0 and s.progress[2] == 2
    act(s, "attack:henchman")
    assert s.hench[1] == 0 and s.threat[1] == -1 and s.progress[2] == 3 and completed(s) == 1
    assert [e.data["location"] for e in events(s, "threat_cleared")] == [1]


@pytest.mark.rule("MU-19")
def test_a_cleared_henchman_threat_resolves_its_on_clear_text():
    # Tribunal Guard (2 Health): when cleared, Martial Law -1
    s = _logan(1, ["Berserker Lunge", "Rusted Claws"], {}, track=5,
               locations=ring(p1={"threat": "tribunal-guard"}))
    assert s.hench[1] == 2
    play(s, "Berserker Lunge")
    act(s, "attack:henchman")
    act(s, "attack:henchman")
    assert s.threat[1] == -1 and s.track == 4 and s.progress[2] == 1


@pytest.mark.rule("MU-19")
def test_effect_damage_can_defeat_a_henchman():
    s = _logan(1, ["Through the Plating", "Rusted Claws"], {},
               locations=ring(p1={"threat": "riot-enforcers", "henchman": 2}))
    play(s, "Through the Plating")  # 2 damage, the Henchman the only enemy: both hit it
    assert s.threat[1] == -1 and s.progress[2] == 1


@pytest.mark.rule("MU-9")
def test_missions_stay_complete_and_count_independently():
    s = _logan(1, ["Berserker Lunge", "Rusted Claws"], {"rescued": 6, "thugs": 5},
               locations=ring(p1={"thugs": 2}))
    assert completed(s) == 1
    play(s, "Berserker Lunge")
    act(s, "attack:thug")
    act(s, "attack:thug")
    assert s.progress == [6, 7, 0] and completed(s) == 2
    assert [e.data["completed"] for e in events(s, "mission")] == [2]
