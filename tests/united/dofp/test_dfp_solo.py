"""Solo mode: the Target token pile (DFP-SOLO1 … DFP-SOLO3).

One player (seat 0) controls Logan, Kitty Pryde and Storm under the 3-hero rules; a
position's `pile` lists the facedown tokens top first (the state keeps the top last).
"""

from __future__ import annotations

import pytest
from dofp_testkit import act, end_actions, events, kind, load, play, skip_location, story, wound

from multiverse import new_game
from multiverse.united.config import UnitedConfig

LOGAN, KITTY, STORM = 0, 1, 2


def solo(heroes, **fields):
    return load(solo=True, heroes=heroes, **fields)


def at(hid, pos, hand=None):
    spec = {"id": hid, "location": pos}
    if hand is not None:
        spec["hand"] = hand
    return spec


SENTINELS_AT_0 = {"I": {"location": 0}, "II": {"location": 0}, "III": {"location": 0}}


@pytest.mark.rule("DFP-SOLO1")
def test_solo_setup_three_tokens_shuffled_facedown():
    orders = set()
    for seed in range(16):
        s = new_game(UnitedConfig(solo=True), seed=seed)
        assert sorted(s.pile) == [0, 1, 2]
        assert s.target == [-1, -1, -1]  # no hero holds a token
        assert s.s_hp == [4, 4, 4] and len(s.live_sentinels()) == 3
        assert s.decision().seat == 0
        orders.add(tuple(s.pile))
    assert len(orders) > 1  # shuffled by the seed


@pytest.mark.rule("DFP-SOLO1")
def test_each_turn_end_reveals_the_top_token_and_that_sentinel_activates():
    s = solo([at("logan", 4), at("kitty-pryde", 2), at("storm", 4, ["Gale Force", "Thunderclap"])],
             sentinels=SENTINELS_AT_0, pile=["II", "III", "I"],
             storyline=story(("kitty-pryde", "Phase Step")), turn={"hero": "kitty-pryde"},
             step="end_of_turn")
    # Sentinel II (the top token) stepped toward Kitty, who just played
    assert s.s_loc == [0, 1, 0]
    assert s.pile == [0, 2]  # III is next, then I
    assert (s.active, kind(s), s.decision().seat) == (STORM, "play_card", 0)
    s.log = []
    play(s, "Thunderclap")  # Move + Special Effect (defeat a Thug: none here)
    end_actions(s)
    skip_location(s)
    assert [e.data["sentinel"] for e in events(s, "token_revealed")] == [2]
    assert [(e.data["sentinel"], e.data["hero"]) for e in events(s, "activation")] == [(2, STORM)]
    # Sentinel III read Phase Step + Thunderclap: 2 Moves toward Storm (0 → 5 → 4)
    assert s.s_loc == [0, 1, 4]
    assert s.track == 1  # Thunderclap's Special Effect
    assert s.pile == [0]


@pytest.mark.rule("DFP-SOLO1")
def test_revealing_hero_counts_as_the_token_holder():
    s = solo([at("logan", 0, ["Rusted Claws", "Old Instincts"]), at("kitty-pryde", 3),
              at("storm", 3)],
             sentinels=SENTINELS_AT_0, pile=["III"], storyline=story(("logan", "Slow Mend")),
             turn={"hero": "logan"}, step="end_of_turn")
    # Slow Mend: 1 Civilian, track +1; task 6: Logan is in Sentinel III's Location
    assert s.civ[0] == 1 and s.track == 1
    assert kind(s) == "wound" and s.decision().seat == 0
    wound(s, "Old Instincts")
    assert len(s.hand[LOGAN]) == 1


@pytest.mark.rule("DFP-SOLO2")
def test_pile_is_reshuffled_after_the_last_token_and_its_activation():
    s = solo([at("logan", 3), at("kitty-pryde", 0, ["Phase Step", "Hold the Line", "Quick Thinking"]),
              at("storm", 3)],
             sentinels=SENTINELS_AT_0, pile=["I"], storyline=story(("logan", "Rusted Claws")),
             turn={"hero": "kitty-pryde"})
    s.log = []
    play(s, "Hold the Line")  # Heroic, Heroic
    end_actions(s)
    skip_location(s)
    # the last token (I) was revealed; its activation is under way (Damage: Kitty alone)
    assert [e.data["sentinel"] for e in events(s, "token_revealed")] == [0]
    assert kind(s) == "wound"
    assert s.pile == []  # not yet reshuffled: Sentinel I's activation is not over
    wound(s, "Phase Step")
    wound(s, "Quick Thinking")  # task 6
    assert sorted(s.pile) == [0, 1, 2]
    order = [e.kind for e in events(s) if e.kind in (
        "token_revealed", "activation", "tokens_added", "hero_damaged", "pile_reshuffled")]
    assert order == ["token_revealed", "activation", "tokens_added", "tokens_added",
                     "hero_damaged", "hero_damaged", "pile_reshuffled"]
    assert s.active == STORM and kind(s) == "play_card"


@pytest.mark.rule("DFP-SOLO2")
def test_reshuffles_differ_by_seed():
    orders = set()
    for seed in range(16):
        s = solo([at("logan", 3), at("kitty-pryde", 2), at("storm", 3)], seed=seed,
                 sentinels=SENTINELS_AT_0, pile=["II"],
                 storyline=story(("kitty-pryde", "Phase Step")), turn={"hero": "kitty-pryde"},
                 step="end_of_turn")
        assert s.s_loc == [0, 1, 0] and sorted(s.pile) == [0, 1, 2]
        orders.add(tuple(s.pile))
    assert len(orders) > 1


@pytest.mark.rule("DFP-SOLO3")
def test_defeated_sentinel_token_leaves_the_pile():
    s = solo([at("logan", 0, ["Rusted Claws", "Old Instincts"]), at("kitty-pryde", 3),
              at("storm", 3)],
             sentinels={"I": {"location": 2}, "II": {"location": 2},
                        "III": {"location": 0, "health": 1}},
             pile=["III", "I", "II"], turn={"hero": "logan"},
             storyline=story(("storm", "Eye of the Storm")))
    play(s, "Rusted Claws")
    act(s, "attack:sentinel:2")
    assert s.s_loc == [2, 2, -1]
    assert s.pile == [1, 0]  # III is gone; I is on top
    s.log = []
    end_actions(s)
    skip_location(s)
    assert [e.data["sentinel"] for e in events(s, "token_revealed")] == [0]
    assert s.pile == [1]


@pytest.mark.rule("DFP-SOLO3")
def test_reshuffle_holds_only_the_remaining_tokens():
    s = solo([at("logan", 3), at("kitty-pryde", 2), at("storm", 3)],
             sentinels={"I": "defeated", "II": {"location": 0}, "III": {"location": 0}},
             pile=["II"], storyline=story(("kitty-pryde", "Phase Step")),
             turn={"hero": "kitty-pryde"}, step="end_of_turn")
    assert s.s_loc == [-1, 1, 0]
    assert sorted(s.pile) == [1, 2]
