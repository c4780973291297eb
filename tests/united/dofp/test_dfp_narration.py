"""Cause-and-effect narration: each activation names the cards that drove it, their symbols
and each task's outcome, even when a task does nothing; a Threat's damage bonus, a Special
Effect and a Master Plan card are named with what they do.

Three heroes Logan / Kitty Pryde / Storm holding the Target tokens of Sentinels I / II /
III, an empty ring with no Threat (unless stated), Sentinels at 5 Health.
"""

from __future__ import annotations

import pytest
from dofp_testkit import act, end_actions, heroes, ids, kind, load, play, ring, sentinels, skip_location, story


def texts(s) -> list[str]:
    return [e.text for e in s.log]


def start(**fields):
    fields["config"] = {"sentinel_health": 5}
    s = load(**fields)
    s.log = []
    return s


@pytest.mark.rule("DFP-A3")
def test_an_activation_names_both_cards_their_symbols_and_its_tasks():
    s = start(heroes=heroes((2, 2, 5), ["Berserker Lunge", "Rusted Claws", "Old Instincts"]),
              sentinels=sentinels(i=1),
              storyline=story(("storm", "Tempest Unleashed"), ("kitty-pryde", "Slip Past the Patrol")),
              turn={"hero": "logan"})
    play(s, "Berserker Lunge")
    end_actions(s)
    skip_location(s)
    assert kind(s) == "task_damage" and ids(s) == ["hero:0", "hero:1"]
    assert texts(s) == [
        "Logan plays Berserker Lunge",
        "Logan ends the actions: 1 Move, 2 Attack, 1 Heroic unused, lost (no enemy in Rooftop "
        "Resistance Camp; no Civilian or Threat in Rooftop Resistance Camp)",
        "Sentinel I activates for Logan: Berserker Lunge [Attack Attack] and Slip Past the "
        "Patrol [Move Heroic] show 1 Move, 2 Attack, 1 Heroic → Move once, Add a Civilian "
        "once, Damage twice, Target",
        "Sentinel I moves 1 closer to Logan (Rooftop Resistance Camp)",
        "1 Civilian added to Rooftop Resistance Camp",
    ]


@pytest.mark.rule("DFP-A3")
def test_an_activation_that_does_nothing_says_why_task_by_task():
    # Rusted Claws (Attack) then Old Instincts (Wild): Damage, Production, Target, but
    # nobody stands with Sentinel I and no Sentinel Production Threat is in play
    s = start(heroes=heroes((3, 3, 3), ["Rusted Claws", "Old Instincts", "Berserker Lunge"]),
              sentinels=sentinels(hp={"I": 3}), storyline=story(("logan", "Rusted Claws")),
              turn={"hero": "logan"}, step="play")
    play(s, "Old Instincts")
    end_actions(s)
    skip_location(s)
    assert texts(s)[:7] == [
        "Logan plays Old Instincts",
        "Logan ends the actions: 1 Attack, 1 Wild unused, lost (no enemy in Barbed-Wire "
        "Internment Yard)",
        "Barbed-Wire Internment Yard's effect (optional) does nothing for Logan: no Civilian "
        "in Barbed-Wire Internment Yard",
        "Sentinel I activates for Logan: Old Instincts [Wild] and Rusted Claws [Attack] show "
        "1 Attack, 1 Wild → Damage once, Production once, Target",
        "Sentinel I deals no damage: no hero in The Burned Mansion",
        "Sentinel I recovers nothing: no Sentinel Production Threat in play",
        "Sentinel I's Target task does nothing: Logan is not in The Burned Mansion",
    ]
    assert s.s_hp[0] == 3 and s.track == 0  # and indeed nothing happened


@pytest.mark.rule("DFP-A8")
def test_a_special_effect_and_a_threat_damage_bonus_are_named():
    s = start(heroes=heroes((3, 0, 0), ["Rusted Claws", "Old Instincts", "Slow Mend"]),
              sentinels=sentinels(i=3), storyline=story(("kitty-pryde", "Phase Step")),
              turn={"hero": "logan"}, step="play",
              locations=ring(p3={"threat": "mutant-detection-a"}))
    play(s, "Slow Mend")
    labels = {o.id: o.label for o in s.decision().options}
    assert labels["effect"] == "Resolve the Special Effect of Slow Mend: draw 1 card"
    act(s, "effect")
    end_actions(s)
    skip_location(s)
    assert texts(s) == [
        "Logan plays Slow Mend",
        "Logan resolves the Special Effect of Slow Mend: draw 1 card",
        "Logan draws 1",
        "Logan ends the actions: 1 Move, 1 Heroic unused, lost",
        "Sentinel I activates for Logan: Slow Mend [Heroic + Special Effect: draw 1 card] and "
        "Phase Step [Move] show 1 Move, 1 Heroic → Move once, Add a Civilian once, Special "
        "Effect, Target",
        "Nimrod Activation track 0 → 1 of 15 (Sentinel I's Move task: already at Logan's "
        "Location)",
        "1 Civilian added to Barbed-Wire Internment Yard",
        "Nimrod Activation track 1 → 2 of 15 (Sentinel I's Special Effect task: the last Hero "
        "card has a Special Effect)",
        "Sentinel I's Target task deals 2 damage to Logan (1 + 1 from Gene-Scan Checkpoint)",
    ]


@pytest.mark.rule("MU-11")
def test_a_master_plan_card_is_narrated_with_what_it_does():
    s = start(heroes=[{"id": "logan", "location": 2, "hand": ["Rusted Claws", "Old Instincts"]},
                      {"id": "kitty-pryde", "location": 4}, {"id": "storm", "location": 3}],
              villain_start=4,
              sentinels={"I": "defeated", "II": "defeated", "III": {"location": 2, "health": 1}},
              storyline=story(("storm", "Eye of the Storm")),
              master_plan=["Cold Survey of the Ruins", "Sweep the Avenues"],
              turn={"hero": "logan"}, track=2)
    play(s, "Rusted Claws")
    act(s, "attack:sentinel:2")
    end_actions(s)
    skip_location(s)
    plays = [e.text for e in s.log if e.kind == "master_plan"]
    assert plays == ["Nimrod plays Cold Survey of the Ruins: no move; add 2 Civilians to the "
                     "left, 1 Civilian here, 2 Civilians to the right"]
