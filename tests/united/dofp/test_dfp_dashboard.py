"""The three parts of the Days of Future Past dashboard (DFP-D1 … DFP-D3).

Blue (Sentinel KO rules) only while the Sentinels fight; gray (Overflow, the Nimrod
Activation track and its end at 15) always; pink (Nimrod KO rules, his Villainous Plot and
retreat) only once Nimrod fights.
"""

from __future__ import annotations

import pytest
from dofp_testkit import act, end_actions, kind, load, names, play, ring, skip_location, story, wound

from multiverse.united.state import PHASE_NIMROD, PHASE_SENTINELS

LOGAN, KITTY, STORM = 0, 1, 2
ANALYZERS = ring(p1={"threat": "data-analyzer-a"}, p2={"threat": "data-analyzer-b"})


def at(hid, pos, hand=None, **more):
    spec = {"id": hid, "location": pos, **more}
    if hand is not None:
        spec["hand"] = hand
    return spec


SENTINELS_AT_0 = {"I": {"location": 0}, "II": {"location": 0}, "III": {"location": 0}}


def kitty_hit_by_sentinel_ii(**more):
    """Kitty (Sentinel II's token) ends her turn in its Location holding 1 card: task 6 takes
    her last card."""
    fields = dict(heroes=[at("logan", 3), at("kitty-pryde", 0, ["Quick Thinking"]),
                          at("storm", 3)],
                  sentinels=SENTINELS_AT_0, storyline=story(("kitty-pryde", "Hold the Line")),
                  turn={"hero": "kitty-pryde"}, step="end_of_turn", track=5)
    fields.update(more)
    return load(**fields)


# ------------------------------------------------------------------------------ DFP-D1


@pytest.mark.rule("DFP-D1")
def test_sentinel_phase_ko_raises_the_track_and_the_hero_recovers():
    s = kitty_hit_by_sentinel_ii()
    assert (s.ko, s.out) == ([0, 1, 0], [0, 0, 0])
    assert s.track == 6 and s.result is None
    assert s.hand[KITTY] == [] and names(s, s.deck[KITTY][:1]) == ["Quick Thinking"]


@pytest.mark.rule("DFP-D1")
def test_sentinel_phase_ko_counts_data_analyzers():
    s = kitty_hit_by_sentinel_ii(locations=ANALYZERS)
    assert s.ko[KITTY] == 1
    assert s.track == 5 + 1 + 2


@pytest.mark.rule("DFP-D1")
def test_kod_hero_stands_up_and_draws_four():
    s = load(heroes=[at("logan", 3), at("kitty-pryde", 0, [], ko=True), at("storm", 3)],
             sentinels=SENTINELS_AT_0, turn={"hero": "kitty-pryde"})
    assert s.ko == [0, 0, 0] and len(s.hand[KITTY]) == 4 and kind(s) == "play_card"


@pytest.mark.rule("DFP-D1")
@pytest.mark.rule("DFP-D3")
def test_nimrod_phase_ko_eliminates_and_leaves_the_track():
    # Nimrod plays Escalation Cascade (track +2, then BAM!) on Kitty, who holds no card
    s = load(heroes=[at("logan", 3), at("kitty-pryde", 0, ["Quick Thinking"]), at("storm", 3)],
             phase="nimrod", nimrod={"location": 0}, locations=ANALYZERS,
             storyline=story(("logan", "Rusted Claws")), master_plan=["Escalation Cascade"],
             since=1, turn={"hero": "kitty-pryde"}, step="play", track=1)
    play(s, "Quick Thinking")  # her only card: played at once
    end_actions(s)
    skip_location(s)
    assert s.track == 3  # only Escalation Cascade's +2: no KO raise, no Data Analyzer
    assert (s.ko, s.out) == ([0, 0, 0], [0, 1, 0])
    assert s.result is None and s.active == STORM


# ------------------------------------------------------------------------------ DFP-D2


@pytest.mark.rule("DFP-D2")
def test_overflow_raises_the_track_in_the_sentinel_phase():
    s = load(heroes=[at("logan", 3), at("kitty-pryde", 3), at("storm", 3)],
             sentinels={"I": {"location": 4}, "II": {"location": 4}, "III": {"location": 4}},
             locations=ring(p4={"civilians": 3}), storyline=story(("logan", "Slow Mend")),
             turn={"hero": "logan"}, step="end_of_turn", track=2)
    # Slow Mend: Add into the full Collapsed Harbor Bridge (Overflow +1), Special Effect +1
    assert s.phase == PHASE_SENTINELS and s.civ[4] == 3
    assert s.track == 4


@pytest.mark.rule("DFP-D2")
@pytest.mark.parametrize(("full", "raise_"), [((4,), 1), ((3, 4, 5), 3), ((), 0)])
def test_overflow_raises_the_track_in_the_nimrod_phase(full, raise_):
    # Cold Survey of the Ruins: Nimrod stays at 4; C C to 3, C to 4, C C to 5
    over = {f"p{p}": {"civilians": [4, 4, 4, 5, 3, 4][p]} for p in full}
    s = load(heroes=[at("logan", 0), at("kitty-pryde", 0), at("storm", 0)], phase="nimrod",
             nimrod={"location": 4}, locations=ring(**over),
             storyline=story(("logan", "Rusted Claws"), ("kitty-pryde", "Phase Step")),
             master_plan=["Cold Survey of the Ruins"], since=2,
             turn={"hero": "kitty-pryde"}, step="end_of_turn", track=7)
    assert s.phase == PHASE_NIMROD and s.mp_deck == []
    assert s.track == 7 + raise_


@pytest.mark.rule("DFP-D2")
def test_track_at_fifteen_loses_in_the_sentinel_phase():
    s = load(heroes=[at("logan", 3), at("kitty-pryde", 0, ["Quick Thinking", "Phase Step"]),
                     at("storm", 3)],
             sentinels=SENTINELS_AT_0, storyline=story(("kitty-pryde", "Phase Step")),
             turn={"hero": "kitty-pryde"}, step="end_of_turn", track=14)
    assert s.track == 15
    assert s.result == "loss" and "track" in s.reason and s.decision() is None


@pytest.mark.rule("DFP-D2")
def test_overflow_to_fifteen_loses_in_the_nimrod_phase():
    s = load(heroes=[at("logan", 0), at("kitty-pryde", 0), at("storm", 0)], phase="nimrod",
             nimrod={"location": 4}, locations=ring(p4={"civilians": 3}),
             storyline=story(("logan", "Rusted Claws"), ("kitty-pryde", "Phase Step")),
             master_plan=["Cold Survey of the Ruins"], since=2,
             turn={"hero": "kitty-pryde"}, step="end_of_turn", track=14)
    assert s.track == 15 and s.result == "loss" and "track" in s.reason


@pytest.mark.rule("DFP-D2")
def test_track_at_fifteen_loses_in_the_nimrod_phase():
    s = load(heroes=[at("logan", 0), at("kitty-pryde", 3), at("storm", 3)], phase="nimrod",
             nimrod={"location": 4}, storyline=story(("logan", "Rusted Claws")),
             master_plan=["Escalation Cascade"], since=2, turn={"hero": "logan"},
             step="end_of_turn", track=13)
    assert s.track == 15 and s.result == "loss" and "track" in s.reason


# ------------------------------------------------------------------------------ DFP-D3


@pytest.mark.rule("DFP-D3")
def test_all_heroes_eliminated_loses():
    # Kitty, the last hero, plays the second of her 2 turns (DFP-N4): Nimrod's BAM! follows
    s = load(heroes=[at("logan", 3, eliminated=True), at("kitty-pryde", 0, ["Quick Thinking"])],
             phase="nimrod", nimrod={"location": 0},
             storyline=story(("kitty-pryde", "Phase Step")), master_plan=["Escalation Cascade"],
             since=1, turn={"hero": "kitty-pryde"}, step="play", track=1)
    play(s, "Quick Thinking")
    end_actions(s)
    skip_location(s)
    assert s.out == [1, 1]
    assert s.result == "loss" and "eliminated" in s.reason and s.decision() is None


@pytest.mark.rule("DFP-D3")
def test_eliminated_hero_skips_turns_and_keeps_storyline_cards():
    s = load(heroes=[at("logan", 3), at("kitty-pryde", 3, eliminated=True), at("storm", 3)],
             phase="nimrod", nimrod={"location": 0},
             storyline=story(("kitty-pryde", "Phase Step")), master_plan=["Cold Survey of the Ruins"],
             since=1, turn={"hero": "logan"}, step="end_of_turn")
    assert s.active == STORM
    assert names(s, s.story) == ["Phase Step"]


@pytest.mark.rule("DFP-D3")
def test_nimrod_retreats_at_the_end_of_the_turn_he_first_drops_to_four():
    s = load(heroes=[at("logan", 0, ["Berserker Lunge", "Rusted Claws"]),
                     at("kitty-pryde", 0, ["Phased Jab", "Phase Step"]), at("storm", 3)],
             phase="nimrod", nimrod={"location": 0, "health": 5},
             master_plan=["Cold Survey of the Ruins"], since=0, turn={"hero": "logan"})
    play(s, "Berserker Lunge")
    act(s, "attack:nimrod")
    assert s.n_hp == 4 and s.n_loc == 0  # not before the end of the turn
    act(s, "attack:nimrod")
    assert s.n_hp == 3 and s.n_loc == 0
    end_actions(s)
    skip_location(s)
    assert s.n_loc == 3  # the opposite Location
    # the next time he is damaged he stays put
    assert s.active == KITTY
    s.hero_loc[KITTY] = 3
    play(s, "Phased Jab")
    act(s, "attack:nimrod")
    end_actions(s)
    skip_location(s)
    assert s.n_hp == 2 and s.n_loc == 3


@pytest.mark.rule("DFP-D3")
def test_no_retreat_for_a_sentinel_at_four_or_less():
    s = load(heroes=[at("logan", 0, ["Rusted Claws", "Old Instincts"]), at("kitty-pryde", 3),
                     at("storm", 3)],
             sentinels={"I": {"location": 5}, "II": {"location": 0}, "III": {"location": 0}},
             storyline=story(("storm", "Eye of the Storm")), turn={"hero": "logan"})
    play(s, "Rusted Claws")
    act(s, "attack:sentinel:2")
    assert s.s_hp == [4, 4, 3]
    end_actions(s)
    skip_location(s)
    # Sentinel I activated (2 Civilians, 1 Damage: no hero there); Sentinel III stays put
    assert s.s_loc == [5, 0, 0] and s.civ[5] == 2
    assert s.retreat == 0 and s.phase == PHASE_SENTINELS and s.n_loc == -1


@pytest.mark.rule("DFP-D3")
def test_kod_in_the_sentinel_phase_is_not_eliminated():
    s = kitty_hit_by_sentinel_ii()
    assert s.out == [0, 0, 0] and s.ko[KITTY] == 1
    # a whole round later she is back
    while s.active != KITTY:
        play(s, names(s, s.hand[s.active])[0])
        end_actions(s)
        skip_location(s)
        while kind(s) in ("task_damage", "wound", "sentinel_direction", "location_effect"):
            if kind(s) == "wound":
                wound(s, names(s, [s.decision().options[0].data["card"]])[0])
            else:
                s.apply(s.legal_ids()[0])
    assert s.ko[KITTY] == 0 and len(s.hand[KITTY]) == 4


@pytest.mark.rule("DFP-D1")
def test_the_view_gives_the_track_bands_from_the_configuration_and_content():
    from multiverse import modes

    m = modes.get("dofp")
    s = m.new_game(m.make_config("3", sets={"track_max": 20}), 1)
    assert m.view(s, 0)["track_bands"] == {"yellow": 5, "red": 10, "lost": 20}
    std = modes.get("standard")
    assert std.view(std.new_game(std.make_config("3"), 1), 0)["track_bands"] is None
