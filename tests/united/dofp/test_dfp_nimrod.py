"""Nimrod (DFP-N1 … DFP-N4)."""

from __future__ import annotations

import pytest
from dofp_testkit import act, end_actions, events, ids, kind, load, names, play, skip_location, story

from multiverse.united.state import PHASE_NIMROD, PHASE_SENTINELS

LOGAN, KITTY, STORM = 0, 1, 2


def at(hid, pos, hand=None, **more):
    spec = {"id": hid, "location": pos, **more}
    if hand is not None:
        spec["hand"] = hand
    return spec


def finish_turn(s, card):
    """The active hero plays `card`, resolves its Special Effect, takes no action, skips an
    optional Location effect: the end of the turn follows."""
    play(s, card)
    end_actions(s)
    skip_location(s)


def is_mp(s, c):
    return s.T.card_owner[c if c >= 0 else ~c] < 0


def pattern(s):
    return "".join("M" if is_mp(s, c) else "H" for c in s.story)


def last_sentinel_position(**more):
    """Sentinels I and II are gone; Sentinel III (1 Health) stands with Logan at ring
    position 2; the Villain's starting Location is 4."""
    fields = dict(
        heroes=[at("logan", 2, ["Rusted Claws", "Old Instincts", "Slow Mend"]),
                at("kitty-pryde", 4, ["Phased Jab", "Phase Step"]),
                at("storm", 3, ["Gale Force", "Updraft"])],
        villain_start=4,
        sentinels={"I": "defeated", "II": "defeated", "III": {"location": 2, "health": 1}},
        storyline=story(("storm", "Eye of the Storm")),
        master_plan=["Cold Survey of the Ruins", "Sweep the Avenues"],
        turn={"hero": "logan"}, track=2,
    )
    fields.update(more)
    return load(**fields)


@pytest.mark.rule("DFP-N1")
def test_nimrod_enters_at_the_end_of_the_turn_the_last_sentinel_fell():
    s = last_sentinel_position()
    play(s, "Rusted Claws")
    act(s, "attack:sentinel:2")
    assert s.live_sentinels() == []
    # not yet: the hero turn is still going on
    assert (s.phase, s.n_loc, s.n_hp) == (PHASE_SENTINELS, -1, 0) and len(s.mp_deck) == 2
    s.log = []
    end_actions(s)
    skip_location(s)
    # at the end of the turn: in the Villain's starting Location, at full Health …
    assert (s.phase, s.n_loc, s.n_hp) == (PHASE_NIMROD, 4, 10)
    # … and he plays a Master Plan card at once (the top one: Cold Survey of the Ruins)
    assert names(s, s.story) == ["Eye of the Storm", "Rusted Claws", "Cold Survey of the Ruins"]
    assert names(s, s.mp_deck) == ["Sweep the Avenues"]
    assert s.since == 0
    # move 0, tokens C C / C / C C around ring position 4 (Collapsed Harbor Bridge)
    assert s.civ == [0, 0, 0, 2, 1, 2]
    # no Sentinel activation this turn; the next hero's turn follows
    assert events(s, "activation") == []
    kinds = [e.kind for e in events(s) if e.kind in ("nimrod_enters", "master_plan", "turn")]
    assert kinds == ["nimrod_enters", "master_plan", "turn"]
    assert (s.active, kind(s)) == (KITTY, "play_card")


@pytest.mark.rule("DFP-N1")
@pytest.mark.parametrize(("heroes", "health"), [(2, 8), (3, 10), (4, 12)])
def test_nimrod_enters_with_his_health_for_the_hero_count(heroes, health):
    ids_ = ["logan", "kitty-pryde", "storm", "bishop"][:heroes]
    s = load(heroes=[at(h, 3) for h in ids_], villain_start=1,
             sentinels={k: "defeated" for k in ("I", "II", "III")[: 2 if heroes == 2 else 3]},
             storyline=story(("logan", "Rusted Claws")), turn={"hero": "logan"},
             step="end_of_turn", master_plan=["Cold Survey of the Ruins"])
    assert (s.phase, s.n_loc, s.n_hp) == (PHASE_NIMROD, 1, health)
    assert names(s, s.story[-1:]) == ["Cold Survey of the Ruins"]


@pytest.mark.rule("DFP-N2")
def test_nimrod_can_be_damaged_as_soon_as_he_enters():
    s = last_sentinel_position()
    play(s, "Rusted Claws")
    act(s, "attack:sentinel:2")
    end_actions(s)
    skip_location(s)
    assert s.active == KITTY and s.hero_loc[KITTY] == 4 == s.n_loc
    play(s, "Phased Jab")
    assert "attack:nimrod" in ids(s)
    act(s, "attack:nimrod")
    assert s.n_hp == 9


@pytest.mark.rule("DFP-N2")
def test_nimrod_at_zero_health_the_heroes_win():
    s = load(heroes=[at("logan", 0, ["Berserker Lunge", "Rusted Claws"]), at("kitty-pryde", 3),
                     at("storm", 3)],
             phase="nimrod", nimrod={"location": 0, "health": 2}, turn={"hero": "logan"})
    play(s, "Berserker Lunge")
    act(s, "attack:nimrod")
    act(s, "attack:nimrod")
    assert s.n_hp == 0 and s.result == "win" and s.decision() is None


@pytest.mark.rule("DFP-N3")
def test_a_master_plan_after_every_two_hero_cards():
    s = last_sentinel_position(
        heroes=[at("logan", 2, ["Rusted Claws", "Old Instincts", "Slow Mend"]),
                at("kitty-pryde", 0, ["Phased Jab", "Phase Step", "Hold the Line"]),
                at("storm", 0, ["Gale Force", "Updraft", "Forked Lightning"])],
        master_plan=["Cold Survey of the Ruins", "Sweep the Avenues", "Escalation Cascade"])
    play(s, "Rusted Claws")
    act(s, "attack:sentinel:2")
    end_actions(s)
    skip_location(s)  # Nimrod enters and plays Cold Survey of the Ruins
    assert pattern(s) == "HHM" and s.since == 0
    finish_turn(s, "Phase Step")  # Kitty: 1 Hero card since the Master Plan
    assert pattern(s) == "HHMH" and s.since == 1 and s.active == STORM
    finish_turn(s, "Gale Force")  # Storm: the 2nd one — Nimrod plays Sweep the Avenues
    assert pattern(s) == "HHMHHM" and s.since == 0
    assert names(s, s.story[-1:]) == ["Sweep the Avenues"] and s.n_loc == 1  # 4 + 3
    finish_turn(s, "Old Instincts")
    finish_turn(s, "Hold the Line")
    assert pattern(s) == "HHMHHMHHM"
    assert names(s, s.story[-1:]) == ["Escalation Cascade"]


@pytest.mark.rule("DFP-N3")
@pytest.mark.parametrize(("since", "played"), [(1, False), (2, True)])
def test_cadence_counts_hero_cards_since_the_last_master_plan(since, played):
    # a position at the end of a turn: `since` already counts the card just played
    s = load(heroes=[at("logan", 3), at("kitty-pryde", 3), at("storm", 3)], phase="nimrod",
             nimrod={"location": 0}, storyline=story(("logan", "Rusted Claws")),
             master_plan=["Cold Survey of the Ruins", "Sweep the Avenues"], since=since,
             turn={"hero": "logan"}, step="end_of_turn")
    assert len(s.mp_deck) == (1 if played else 2)
    assert pattern(s) == ("HM" if played else "H")
    assert s.since == (0 if played else since)


@pytest.mark.rule("DFP-N4")
def test_last_hero_standing_plays_two_turns_before_each_nimrod_turn():
    s = load(heroes=[at("logan", 3, eliminated=True),
                     at("kitty-pryde", 3, ["Phase Step", "Hold the Line", "Quick Thinking",
                                           "Slip Past the Patrol", "Phased Jab"]),
                     at("storm", 3, eliminated=True)],
             phase="nimrod", nimrod={"location": 0, "health": 10},
             master_plan=["Cold Survey of the Ruins", "Sweep the Avenues"],
             storyline=story(("storm", "Gale Force"), ("logan", "Rusted Claws")),
             since=0, turn={"hero": "kitty-pryde", "round": 5})
    seen = []
    for card in ("Hold the Line", "Phase Step", "Quick Thinking", "Phased Jab"):
        assert s.active == KITTY and kind(s) == "play_card"
        seen.append(s.turn)
        finish_turn(s, card)
    assert pattern(s) == "HH" + "HHM" + "HHM"
    assert seen == [14, 15, 16, 17]  # round 5, Kitty 2nd of 3 heroes: turn 14, then one by one
    assert s.active == KITTY and s.out == [1, 0, 1] and s.result is None


@pytest.mark.rule("DFP-N4")
@pytest.mark.parametrize(("counted", "expected"), [
    (("kitty-pryde", "Phased Jab"), "MH" + "HH" + "M" + "HH" + "M"),
    (("logan", "Berserker Lunge"), "MH" + "H" + "M" + "HH" + "M" + "H"),
])
def test_last_hero_plays_two_turns_whatever_the_count_when_the_other_fell(counted, expected):
    # Nimrod's cadence count stands mid-way (1 Hero card since his last Master Plan card)
    # when Kitty, the only other hero, is eliminated. From then on Logan always plays 2
    # consecutive turns between Nimrod's turns: 2 more if the counted card was Kitty's, 1 more
    # if it was his own (that turn was the first of his pair).
    hero, card = counted
    s = load(heroes=[at("logan", 3, ["Rusted Claws", "Old Instincts", "Not My First War"],
                        deck=["Rusted Claws", "Limp Into the Fight", "Scent of the Hunt"]),
                     at("kitty-pryde", 3, eliminated=True)],
             phase="nimrod", nimrod={"location": 0},
             storyline=[{"master_plan": "Sweep the Avenues"}, {"hero": hero, "card": card}],
             master_plan=["Cold Survey of the Ruins", "Escalation Cascade"],
             since=1, turn={"hero": "logan", "round": 6})
    for played in ("Rusted Claws", "Old Instincts", "Not My First War", "Rusted Claws"):
        assert s.active == LOGAN and kind(s) == "play_card"
        finish_turn(s, played)
    assert pattern(s) == expected
    assert s.out == [0, 1] and s.result is None and s.active == LOGAN and s.round == 10
