"""The fourth task of each Challenge card and the grabbed hero (DFP-C8 … DFP-C11, DFP-C12).

Sentinel I gains Health (above its start); Sentinel II flips facedown the earliest faceup
Special Effect card of the hero who just played; Sentinel III grabs a hero in its Location
(a held hero takes 1 damage instead) and the held hero must spend a Move to escape. The
fourth task is triggered by the Wild symbol of the last Hero card (see challenge_kit).
"""

from __future__ import annotations

import pytest
from challenge_kit import (
    KITTY,
    LOGAN,
    STORM,
    act,
    card_id,
    card_of,
    end_actions,
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
    skip_location,
    story,
    three,
    variant_pack,
    wound,
)

# ------------------------------------------------------------------------------ DFP-C8


@pytest.mark.rule("DFP-C8")
@pytest.mark.parametrize(("start", "card", "expect"), [
    (6, "Old Instincts", 7),  # at its starting Health: goes above it
    (6, "Unbreakable Skeleton", 8),  # two Wild symbols: twice
    (7, "Old Instincts", 8),  # already above its start: higher still
    (3, "Old Instincts", 4),  # damaged: gains 1
])
def test_sentinel_i_gains_health_above_its_start(start, card, expect):
    s = end_of_turn("logan", three(1, 4, 4), [("logan", card)], at=3, hp=start)
    assert s.s_hp == [expect, 0, 0] and s.s_loc == [3, -1, -1]
    assert s.T.sentinel_health == 6


@pytest.mark.rule("DFP-C8")
def test_health_above_the_start_is_real_health():
    # 7 Health after a gain, then 7 hits are needed: the seventh defeats it
    s = end_of_turn("logan", three(1, 4, 4), [("logan", "Old Instincts")], at=3)
    assert s.s_hp[0] == 7
    s = load(heroes=[hero("logan", 3, ["Berserker Lunge", "Rusted Claws"]), hero("kitty-pryde", 4),
                     hero("storm", 4)], at=3, hp=8, turn={"hero": "logan"}, step="play",
             missions={"rescued": 6})
    play(s, "Berserker Lunge")
    act(s, "attack:sentinel:0")
    act(s, "attack:sentinel:0")
    assert s.s_hp == [6, 0, 0] and s.s_loc == [3, -1, -1]


@pytest.mark.rule("DFP-C8")
@pytest.mark.parametrize("challenge", ["sentinel-ii", "sentinel-iii"])
def test_only_sentinel_i_gains_health(challenge):
    s = end_of_turn("logan", three(1, 4, 4), [("logan", "Old Instincts")], which=challenge, at=3)
    sn = {"sentinel-ii": 1, "sentinel-iii": 2}[challenge]
    assert s.s_hp[sn] == 6


# ------------------------------------------------------------------------------ DFP-C9


def _ii(cards, **more):
    """The end of Logan's turn against Sentinel II (in Logan's Location) with this Storyline."""
    return end_of_turn("logan", three(3, 1, 1), cards, which="sentinel-ii", at=3, **more)


def _faces(s):
    return [(n, c < 0) for n, c in zip(names(s, s.story), s.story, strict=True)]


@pytest.mark.rule("DFP-C9")
def test_sentinel_ii_flips_the_earliest_special_effect_card_of_that_hero():
    s = _ii([("logan", "Slow Mend"), ("kitty-pryde", "Shelter the Crowd"), ("logan", "Scent of the Hunt"),
             ("storm", "Thunderclap"), ("logan", "Old Instincts")])
    assert _faces(s) == [("Slow Mend", True), ("Shelter the Crowd", False), ("Scent of the Hunt", False),
                         ("Thunderclap", False), ("Old Instincts", False)]
    assert s.s_hp == [0, 6, 0] and s.s_loc == [-1, 3, -1]


@pytest.mark.rule("DFP-C9")
def test_a_card_without_special_effect_or_already_facedown_is_skipped():
    s = _ii([("logan", "Rusted Claws"), ("logan", "Slow Mend", True), ("kitty-pryde", "Shelter the Crowd"),
             ("logan", "Through the Plating"), ("logan", "Scent of the Hunt"), ("logan", "Old Instincts")])
    assert _faces(s) == [("Rusted Claws", False), ("Slow Mend", True), ("Shelter the Crowd", False),
                         ("Through the Plating", True), ("Scent of the Hunt", False),
                         ("Old Instincts", False)]


@pytest.mark.rule("DFP-C9")
def test_two_wild_symbols_flip_two_cards_in_storyline_order():
    s = _ii([("logan", "Slow Mend"), ("logan", "Scent of the Hunt"), ("storm", "Thunderclap"),
             ("logan", "Through the Plating"), ("logan", "Unbreakable Skeleton")])
    assert _faces(s) == [("Slow Mend", True), ("Scent of the Hunt", True), ("Thunderclap", False),
                         ("Through the Plating", False), ("Unbreakable Skeleton", False)]


@pytest.mark.rule("DFP-C9")
def test_no_special_effect_card_of_that_hero_flips_nothing():
    cards = [("kitty-pryde", "Shelter the Crowd"), ("logan", "Rusted Claws"), ("storm", "Thunderclap"),
             ("logan", "Old Instincts")]
    s = _ii(cards)
    assert _faces(s) == [(c[1], False) for c in cards]


@pytest.mark.rule("DFP-C9")
def test_only_the_hero_who_just_played_loses_a_card():
    cards = [("kitty-pryde", "Shelter the Crowd"), ("logan", "Slow Mend"), ("kitty-pryde", "Quick Thinking")]
    s = end_of_turn("kitty-pryde", three(3, 3, 3), cards, which="sentinel-ii", at=3)
    assert _faces(s) == [("Shelter the Crowd", True), ("Slow Mend", False), ("Quick Thinking", False)]


def _wild_scent_pack(tmp_path):
    """Logan's Scent of the Hunt shows Move and Wild (and keeps its Special Effect)."""
    def edit(doc):
        card_of(doc, "Scent of the Hunt")["symbols"] = ["move", "wild"]
    return variant_pack(tmp_path, "heroes/logan.yaml", edit)


def _play_scent_then_kitty(challenge, pack):
    heroes = [hero("logan", 2, ["Scent of the Hunt", "Rusted Claws"]),
              hero("kitty-pryde", 4, ["Phase Step", "Hold the Line"], deck=["Slip Past the Patrol"]),
              hero("storm", 4)]
    s = load(which=challenge, cfg={"content": pack}, heroes=heroes, at=2, turn={"hero": "logan"},
             step="play", storyline=story(("storm", "Gale Force")))
    play(s, "Scent of the Hunt")
    assert s.pool == [1, 1, 0, 1]  # his own Move and Wild plus Storm's Attack
    act(s, "effect")  # deal 1 damage: nothing Logan can hit here
    act(s, "end")
    skip_location(s)
    assert s.active == KITTY
    play(s, "Phase Step")
    return s


@pytest.mark.rule("DFP-C9")
def test_a_flipped_card_gives_no_symbols_to_the_next_heros_chain(tmp_path):
    s = _play_scent_then_kitty("sentinel-ii", _wild_scent_pack(tmp_path))
    scent = card_id(s, LOGAN, "Scent of the Hunt")
    assert s.story[-2:] == [~scent, card_id(s, KITTY, "Phase Step")]
    assert [e.data["card"] for e in events(s, "flip_facedown")] == [scent]
    assert s.pool == [1, 0, 0, 0]  # only Phase Step's Move: the facedown card gives nothing
    assert ids(s) == ["move:3", "move:5", "end"]


@pytest.mark.rule("DFP-C9")
def test_without_the_flip_the_chain_would_carry_the_symbols(tmp_path):
    s = _play_scent_then_kitty("sentinel-i", _wild_scent_pack(tmp_path))
    assert s.story[-2] == card_id(s, LOGAN, "Scent of the Hunt")
    assert s.pool == [2, 0, 0, 1]


# ------------------------------------------------------------------------------ DFP-C10


def _iii(active, heroes, cards, **more):
    if "challenge" not in more:
        more["at"] = 3
    return end_of_turn(active, heroes, cards, which="sentinel-iii", **more)


@pytest.mark.rule("DFP-C10")
def test_sentinel_iii_grabs_the_hero_the_players_choose():
    s = _iii("logan", three(3, 3, 0), [("logan", "Old Instincts")])
    d = s.decision()
    assert d.kind == "grab" and d.seat == LOGAN and ids(s) == ["hero:0", "hero:1"]
    act(s, "hero:1")
    assert s.grab == KITTY and s.hero_loc[KITTY] == 3
    assert s.active == KITTY and kind(s) == "play_card"


@pytest.mark.rule("DFP-C10")
def test_a_single_hero_there_is_grabbed():
    s = _iii("logan", three(1, 0, 3), [("logan", "Old Instincts")])
    assert s.grab == STORM and s.hero_loc == [1, 0, 3]


@pytest.mark.rule("DFP-C10")
def test_nobody_there_grabs_nobody():
    s = _iii("logan", three(1, 1, 1), [("logan", "Old Instincts")])
    assert s.grab == -1 and s.s_loc == [-1, -1, 3] and s.s_hp == [0, 0, 6]


@pytest.mark.rule("DFP-C10")
def test_a_held_hero_takes_1_damage_instead_of_a_second_grab():
    heroes = [hero("logan", 3), hero("kitty-pryde", 3, ["Phase Step", "Hold the Line"]), hero("storm", 3)]
    s = _iii("logan", heroes, [("logan", "Old Instincts")], challenge={"location": 3, "holding": "kitty-pryde"})
    d = s.decision()
    assert d.kind == "wound" and d.seat == KITTY  # no choice of hero: the held one is squeezed
    wound(s, "Hold the Line")
    assert names(s, s.hand[KITTY])[:1] == ["Phase Step"] and names(s, s.deck[KITTY][:1]) == ["Hold the Line"]
    assert s.grab == KITTY  # still held; Logan and Storm, there too, are not grabbed


@pytest.mark.rule("DFP-C10")
def test_two_wild_symbols_grab_then_squeeze():
    heroes = [hero("logan", 1), hero("kitty-pryde", 3, ["Phase Step", "Hold the Line"]), hero("storm", 1)]
    s = _iii("logan", heroes, [("logan", "Unbreakable Skeleton")])
    assert s.grab == KITTY
    assert kind(s) == "wound" and s.decision().seat == KITTY
    wound(s, "Phase Step")
    assert s.grab == KITTY and names(s, s.deck[KITTY][:1]) == ["Phase Step"]


@pytest.mark.rule("DFP-C10")
def test_a_squeeze_on_the_last_card_knocks_the_hero_out():
    # Storm's turn ends (Logan plays next): Kitty, held with 1 card, is squeezed and KO'd
    heroes = [hero("logan", 1), hero("kitty-pryde", 3, ["Phase Step"]), hero("storm", 1)]
    s = _iii("storm", heroes, [("storm", "Shifting Front")], challenge={"location": 3, "holding": "kitty-pryde"})
    assert s.ko[KITTY] == 1 and s.hand[KITTY] == [] and s.grab == KITTY
    assert names(s, s.deck[KITTY][:1]) == ["Phase Step"] and s.active == LOGAN


# ------------------------------------------------------------------------------ DFP-C11


def _kitty_held(hand, prev, at=3, **more):
    """Kitty's turn (play step), held by Sentinel III at `at`; `prev` is Logan's last card."""
    heroes = [hero("logan", 1), hero("kitty-pryde", 0, hand, **more.pop("kitty", {})), hero("storm", 1)]
    return load(which="sentinel-iii", heroes=heroes, challenge={"location": at, "holding": "kitty-pryde"},
                turn={"hero": "kitty-pryde"}, step="play", storyline=story(("logan", prev)), **more)


@pytest.mark.rule("DFP-C11")
def test_a_held_hero_moves_with_the_sentinel():
    heroes = [hero("logan", 5), hero("kitty-pryde", 3), hero("storm", 0)]
    s = _iii("logan", heroes, [("logan", "Limp Into the Fight")],
             challenge={"location": 3, "holding": "kitty-pryde"})
    # Move: 3 → 4 toward Logan, Kitty carried along; Damage: Kitty is the only hero there
    assert s.s_loc == [-1, -1, 4] and s.hero_loc[KITTY] == 4 and s.grab == KITTY


@pytest.mark.rule("DFP-C11")
def test_a_held_hero_follows_every_step_and_a_tie_direction():
    heroes = [hero("logan", 0), hero("kitty-pryde", 3), hero("storm", 5)]
    s = _iii("logan", heroes, [("logan", "Scent of the Hunt")],
             challenge={"location": 3, "holding": "kitty-pryde"})
    assert kind(s) == "sentinel_direction"
    act(s, "ccw")
    assert s.s_loc[2] == 2 and s.hero_loc[KITTY] == 2


@pytest.mark.rule("DFP-C11")
def test_without_a_move_a_held_hero_can_do_nothing():
    s = _kitty_held(["Hold the Line", "Phase Step"], "Rusted Claws",
                    locations=ring(p3={"civilians": 2, "thugs": 1}))
    assert s.hero_loc[KITTY] == 3
    play(s, "Hold the Line")  # Heroic, Heroic plus Logan's Attack: nothing usable while held
    # "end" is the only option: it resolved itself; no Location effect either (rescue 2 here)
    assert s.progress == [0, 0, 0] and s.thug[3] == 1
    assert not events(s, "rescue", "thug_defeated")
    assert s.grab == KITTY and s.active == STORM
    # Sentinel III then activated on Hold the Line: 2 Civilians in its (and Kitty's) Location
    assert s.civ[3] == 4


@pytest.mark.rule("DFP-C11")
def test_escape_with_the_cards_move_stays_in_the_location_then_acts():
    s = _kitty_held(["Phase Step", "Hold the Line"], "Not My First War",
                    locations=ring(p3={"civilians": 1, "thugs": 1}))
    play(s, "Phase Step")  # Move, plus Logan's Heroic and Attack
    assert ids(s) == ["escape", "end"]
    act(s, "escape")
    assert s.grab == -1 and s.hero_loc[KITTY] == 3 and s.s_loc[2] == 3
    assert s.pool == [0, 1, 1, 0]  # the Move is spent on the escape, not on moving
    assert ids(s) == ["attack:thug", "rescue", "end"]  # no Move left
    act(s, "rescue")
    act(s, "attack:thug")
    assert s.civ[3] == 0 and s.thug[3] == 0 and s.progress == [1, 1, 0]


@pytest.mark.rule("DFP-C11")
def test_escape_with_a_chained_move():
    s = _kitty_held(["Hold the Line", "Phase Step"], "Limp Into the Fight",
                    locations=ring(p3={"civilians": 2}))
    play(s, "Hold the Line")  # Heroic, Heroic; Logan's card chains Move, Attack
    assert ids(s) == ["escape", "end"]
    act(s, "escape")
    assert s.grab == -1 and s.hero_loc[KITTY] == 3
    assert ids(s) == ["rescue", "end"]


@pytest.mark.rule("DFP-C11")
def test_escape_with_a_wild_symbol():
    s = _kitty_held(["Quick Thinking", "Phase Step"], "Rusted Claws",
                    locations=ring(p3={"thugs": 1}))
    play(s, "Quick Thinking")
    assert ids(s) == ["escape", "end"]
    assert s.decision().options[0].label == "Escape the grip (Wild symbol)"
    act(s, "escape")
    assert s.grab == -1 and s.pool == [0, 1, 0, 0] and s.hero_loc[KITTY] == 3
    assert ids(s) == ["attack:thug", "end"]


@pytest.mark.rule("DFP-C11")
def test_escape_with_a_move_token():
    s = _kitty_held(["Hold the Line", "Phase Step"], "Rusted Claws", kitty={"tokens": {"move": 1}})
    play(s, "Hold the Line")
    assert ids(s) == ["escape", "end"]
    assert s.decision().options[0].label == "Escape the grip (token)"
    act(s, "escape")
    assert s.grab == -1 and s.tokens[KITTY * 4] == 0 and s.hero_loc[KITTY] == 3


@pytest.mark.rule("DFP-C11")
def test_a_wild_token_also_frees_the_hero():
    s = _kitty_held(["Hold the Line", "Phase Step"], "Rusted Claws", kitty={"tokens": {"wild": 1}})
    play(s, "Hold the Line")
    act(s, "escape")
    assert s.grab == -1 and s.tokens[KITTY * 4 + 3] == 0


@pytest.mark.rule("DFP-C11")
def test_no_location_effect_while_held():
    # burned-mansion (ring position 0): draw 1, optional
    s = _kitty_held(["Hold the Line", "Phase Step"], "Rusted Claws", at=0)
    play(s, "Hold the Line")
    assert s.active == STORM  # no location_effect decision was offered to Kitty
    assert names(s, s.hand[KITTY]) == ["Phase Step"]
    assert [e.data["hero"] for e in events(s, "draw")] == [STORM]  # Storm's own draw only


@pytest.mark.rule("DFP-C11")
def test_after_escaping_the_location_effect_is_usable():
    s = _kitty_held(["Phase Step", "Hold the Line"], "Rusted Claws", at=0)
    play(s, "Phase Step")
    act(s, "escape")
    end_actions(s)
    assert kind(s) == "location_effect" and ids(s) == ["use", "skip"]
    act(s, "use")
    assert len(s.hand[KITTY]) == 2  # Hold the Line plus the card drawn


@pytest.mark.rule("DFP-C11")
def test_after_escaping_the_hero_acts_normally_and_can_leave():
    # a Thug and a Civilian at 4: its Location effect has something to do (issue 21), so
    # the turn waits there
    s = _kitty_held(["Straight Through the Walls", "Phase Step"], "Rusted Claws",
                    locations=ring(p4={"civilians": 1, "thugs": 1}))
    play(s, "Straight Through the Walls")  # Move, Move, Heroic
    act(s, "escape")
    assert "move:2" in ids(s) and "move:4" in ids(s)
    act(s, "move:4")
    assert s.hero_loc[KITTY] == 4 and s.s_loc[2] == 3 and s.grab == -1


@pytest.mark.rule("DFP-C11")
def test_no_special_effect_while_held():
    s = _kitty_held(["Sink Through the Floor", "Phase Step"], "Rusted Claws")
    play(s, "Sink Through the Floor")  # no symbol; Special Effect: move anywhere
    # held and no Move: the only option was to end; the Special Effect was never resolved
    assert s.active == STORM and s.hero_loc[KITTY] == 3 and s.grab == KITTY
    assert not events(s, "hero_moves")


@pytest.mark.rule("DFP-C11")
def test_the_special_effect_waits_for_the_escape():
    s = _kitty_held(["Sink Through the Floor", "Phase Step"], "Limp Into the Fight",
                    locations=ring(p3={"thugs": 1}))
    play(s, "Sink Through the Floor")
    assert ids(s) == ["escape", "end"]  # the Special Effect is not offered while held
    act(s, "escape")
    assert ids(s) == ["attack:thug", "effect"]
    act(s, "effect")
    assert kind(s) == "move_anywhere"
    act(s, "to:0")
    assert s.hero_loc[KITTY] == 0 and s.s_loc[2] == 3


@pytest.mark.rule("DFP-C11")
def test_another_hero_in_the_sentinels_location_acts_normally():
    heroes = [hero("logan", 3, ["Limp Into the Fight", "Rusted Claws"]), hero("kitty-pryde", 3), hero("storm", 1)]
    s = load(which="sentinel-iii", heroes=heroes, challenge={"location": 3, "holding": "kitty-pryde"},
             turn={"hero": "logan"}, step="play",
             locations=ring(p3={"thugs": 1}, p4={"civilians": 1, "thugs": 1}))
    play(s, "Limp Into the Fight")
    assert ids(s) == ["move:2", "move:4", "attack:thug", "end"]
    act(s, "move:4")
    assert s.hero_loc[LOGAN] == 4 and s.hero_loc[KITTY] == 3


@pytest.mark.rule("DFP-C11", "DFP-C12")
def test_defeating_sentinel_iii_frees_the_held_hero():
    heroes = [hero("logan", 3, ["Rusted Claws", "Old Instincts"]),
              hero("kitty-pryde", 3, ["Phase Step", "Hold the Line"]), hero("storm", 1)]
    s = load(which="sentinel-iii", heroes=heroes,
             challenge={"location": 3, "health": 1, "holding": "kitty-pryde"},
             turn={"hero": "logan"}, step="play", missions={"thugs": 6})
    play(s, "Rusted Claws")
    act(s, "attack:sentinel:2")
    assert s.s_loc == [-1, -1, -1] and s.grab == -1
    finish_turn(s)
    assert events(s, "activation") == []
    play(s, "Phase Step")
    assert ids(s) == ["move:2", "move:4", "end"]  # Kitty is free: a plain Move
