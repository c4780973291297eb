"""The Sentinels and the Activation Protocol (DFP-A1 … DFP-A13, DFP-A16).

Unless a test says otherwise: three heroes Logan / Kitty Pryde / Storm holding the Target
tokens of Sentinels I / II / III, the Villain start at ring position 0, six empty Locations
with no Threat, and Sentinels that start at 5 Health (configuration `sentinel_health=5`:
these scenarios were written for 5; the default for three heroes is 4, docs/balance.md).
Protocol symbols: Move = Move, Add = Heroic, Damage = Attack, Production = Wild
(rules/marvel-united.md).
"""

from __future__ import annotations

import pytest
from dofp_testkit import (
    act,
    card_of,
    end_actions,
    events,
    ids,
    kind,
    names,
    play,
    ring,
    skip_location,
    story,
    variant_pack,
    wound,
)

from multiverse import new_game
from multiverse.united.config import UnitedConfig
from multiverse.united.state import PHASE_SENTINELS

LOGAN, KITTY, STORM, BISHOP = 0, 1, 2, 3


def load(**fields):
    """`dofp_testkit.load` with the Sentinels' starting Health these scenarios assume (5)."""
    from dofp_testkit import load as load_fields

    fields["config"] = {"sentinel_health": 5, **fields.get("config", {})}
    return load_fields(**fields)


def hero(hid, location, hand=None, **more):
    spec = {"id": hid, "location": location, **more}
    if hand is not None:
        spec["hand"] = hand
    return spec


def three(at_logan=3, at_kitty=3, at_storm=3, **hands):
    """The three standard heroes at the given ring positions (hands by keyword)."""
    return [
        hero("logan", at_logan, hands.get("logan")),
        hero("kitty-pryde", at_kitty, hands.get("kitty")),
        hero("storm", at_storm, hands.get("storm")),
    ]


def sentinels(i=0, ii=0, iii=0, hp=None):
    hp = hp or {}
    return {
        "I": {"location": i, "health": hp.get("I", 5)},
        "II": {"location": ii, "health": hp.get("II", 5)},
        "III": {"location": iii, "health": hp.get("III", 5)},
    }


def end_of_turn(active, heroes, cards, **more):
    """A position at the end of `active`'s turn: the Sentinel activation runs at once."""
    return load(heroes=heroes, storyline=story(*cards), turn={"hero": active},
                step="end_of_turn", **more)


# ------------------------------------------------------------------------------ DFP-A1


@pytest.mark.rule("DFP-A1")
def test_heroes_take_the_first_turn():
    for heroes in (("logan", "kitty-pryde"), ("logan", "kitty-pryde", "storm")):
        s = new_game(UnitedConfig(heroes=heroes), seed=11)
        d = s.decision()
        assert (d.kind, d.seat, s.active, s.turn, s.round) == ("play_card", 0, 0, 1, 1)
        assert s.story == [] and len(s.mp_deck) == 12


@pytest.mark.rule("DFP-A1")
def test_sentinels_can_be_damaged_on_the_first_turn():
    s = load(heroes=[hero("logan", 0, ["Rusted Claws", "Old Instincts", "Slow Mend"]),
                     hero("kitty-pryde", 3), hero("storm", 3)],
             sentinels=sentinels(), turn={"hero": "logan", "round": 1})
    assert s.turn == 1 and s.story == []
    play(s, "Rusted Claws")
    assert {"attack:sentinel:0", "attack:sentinel:1", "attack:sentinel:2"} <= set(ids(s))
    act(s, "attack:sentinel:1")
    assert s.s_hp == [5, 4, 5]


@pytest.mark.rule("DFP-A1")
def test_no_master_plan_and_no_villain_turn_while_the_sentinels_fight():
    s = load(heroes=three(), sentinels=sentinels(), since=0)
    deck = list(s.mp_deck)
    for _ in range(6):  # two full rounds of hero turns
        assert kind(s) == "play_card"
        play(s, names(s, s.hand[s.active])[0])
        while s.result is None and kind(s) != "play_card":
            opts = ids(s)
            s.apply("end" if "end" in opts else "skip" if "skip" in opts else opts[0])
        assert not any(f[0] == "villain_turn" for f in s.stack)
    assert s.result is None and s.phase == PHASE_SENTINELS
    assert s.mp_deck == deck
    assert len(s.story) == 6 and all(s.T.card_owner[c if c >= 0 else ~c] >= 0 for c in s.story)


# ------------------------------------------------------------------------------ DFP-A2


@pytest.mark.rule("DFP-A2")
@pytest.mark.parametrize(("active", "moved"), [("logan", 0), ("kitty-pryde", 1), ("storm", 2)])
def test_the_sentinel_matching_the_token_activates(active, moved):
    s = end_of_turn(active, three(2, 2, 2), [("kitty-pryde", "Phase Step")],
                    sentinels=sentinels())
    expect = [0, 0, 0]
    expect[moved] = 1  # one Move: one step toward ring position 2
    assert s.s_loc == expect
    assert s.track == 0


@pytest.mark.rule("DFP-A2")
def test_activation_follows_every_hero_turn_in_a_played_round():
    s = load(heroes=three(2, 2, 2, logan=["Scent of the Hunt", "Rusted Claws"],
                          kitty=["Phase Step", "Hold the Line"],
                          storm=["Thunderclap", "Gale Force"]),
             sentinels=sentinels(), turn={"hero": "logan"})
    s.log = []
    for card in ("Scent of the Hunt", "Phase Step"):
        play(s, card)
        if kind(s) == "resolve_actions" and "effect" in ids(s):
            act(s, "effect")  # Scent of the Hunt: 1 damage, no enemy here
        end_actions(s)
        skip_location(s)
    acts = [(e.data["sentinel"], e.data["hero"]) for e in events(s, "activation")]
    assert acts == [(0, LOGAN), (1, KITTY)]


# ------------------------------------------------------------------------------ DFP-A3


@pytest.mark.rule("DFP-A3")
def test_tasks_in_order_once_per_symbol_from_the_last_two_hero_cards():
    # Storm's older card (attack, attack, move) is not read; Kitty's (move, heroic) and
    # Logan's (attack, attack) are: 1 Move, 1 Add, 2 Damage, then task 6 for Logan.
    s = load(
        heroes=three(2, 2, 5,
                     logan=["Berserker Lunge", "Rusted Claws", "Old Instincts"],
                     kitty=["Phase Step", "Hold the Line", "Quick Thinking"]),
        sentinels=sentinels(i=1),
        storyline=story(("storm", "Tempest Unleashed"), ("kitty-pryde", "Slip Past the Patrol")),
        turn={"hero": "logan"},
    )
    s.log = []
    play(s, "Berserker Lunge")
    end_actions(s)
    skip_location(s)  # Rooftop Resistance Camp: optional, skipped
    # task 1 ran (Sentinel I stepped from 1 into 2) and task 2 added the Civilian there
    assert s.s_loc == [2, 0, 0]
    assert s.civ == [0, 0, 1, 0, 0, 0]
    # task 3, first Damage: the players choose among the heroes in Sentinel I's Location
    assert kind(s) == "task_damage" and ids(s) == ["hero:0", "hero:1"]
    act(s, "hero:1")
    wound(s, "Hold the Line")
    assert kind(s) == "task_damage"  # second Damage symbol: a second task 3
    act(s, "hero:0")
    wound(s, "Old Instincts")
    # task 6: Logan holds Sentinel I's token and stands in its Location
    wound(s, "Rusted Claws")
    order = [e.kind for e in events(s) if e.kind in (
        "sentinel_moves", "tokens_added", "hero_damaged", "track", "turn")]
    assert order == ["sentinel_moves", "tokens_added", "hero_damaged", "hero_damaged",
                     "hero_damaged", "turn"]
    assert [e.data["hero"] for e in events(s, "hero_damaged")] == [KITTY, LOGAN, LOGAN]
    assert s.track == 0
    assert len(s.hand[LOGAN]) == 1  # 3 + 1 drawn - Berserker Lunge - 2 damage
    assert names(s, s.deck[LOGAN][:2]) == ["Rusted Claws", "Old Instincts"]  # bottom first
    # Kitty lost Hold the Line, then drew 1 for her own turn (now under way)
    assert s.active == KITTY and len(s.hand[KITTY]) == 3
    assert names(s, s.deck[KITTY][:1]) == ["Hold the Line"]


@pytest.mark.rule("DFP-A3")
def test_symbol_tasks_then_special_effect_then_target():
    # Storm's Updraft (move, attack) then Kitty's Carry Them Through (heroic + Special
    # Effect): Move, Add, Damage, no Production (no Wild), task 5, task 6.
    s = load(
        heroes=three(1, 1, 4, kitty=["Phase Step", "Hold the Line"],
                     logan=["Rusted Claws", "Old Instincts"]),
        sentinels=sentinels(ii=0, hp={"II": 3}),
        storyline=story(("storm", "Updraft"), ("kitty-pryde", "Carry Them Through")),
        locations=ring(p5={"threat": "sentinel-production-a"}),
        turn={"hero": "kitty-pryde"},
        step="end_of_turn",
    )
    # Move: 0 → 1 (Kitty's Location); Add: a Civilian at 1; Damage: players choose at 1
    assert s.s_loc[1] == 1 and s.civ[1] == 1
    assert kind(s) == "task_damage" and ids(s) == ["hero:0", "hero:1"]
    act(s, "hero:0")
    wound(s, "Old Instincts")
    # no Wild symbol: no recovery; Special Effect on the last card: track +1; task 6: Kitty
    wound(s, "Phase Step")
    assert s.s_hp[1] == 3 and s.track == 1
    assert names(s, s.hand[KITTY]) == ["Hold the Line"]


# ------------------------------------------------------------------------------ DFP-A4


@pytest.mark.rule("DFP-A4")
def test_move_goes_one_step_toward_the_token_holder():
    # Logan is closer to Sentinel II (one step counterclockwise) but Kitty holds its token
    s = end_of_turn("kitty-pryde", three(5, 2, 3), [("kitty-pryde", "Phase Step")],
                    sentinels=sentinels())
    assert s.s_loc == [0, 1, 0]
    assert s.track == 0


@pytest.mark.rule("DFP-A4")
def test_move_when_already_there_raises_the_track_instead():
    s = end_of_turn("kitty-pryde", three(3, 0, 3, kitty=["Hold the Line", "Quick Thinking"]),
                    [("kitty-pryde", "Phase Step")], sentinels=sentinels(), track=4)
    assert s.s_loc == [0, 0, 0]
    assert s.track == 5
    wound(s, "Quick Thinking")  # task 6: she is in its Location
    assert names(s, s.hand[KITTY]) == ["Hold the Line"]


@pytest.mark.rule("DFP-A4")
def test_two_moves_one_step_each():
    s = end_of_turn("kitty-pryde", three(3, 3, 3, kitty=["Hold the Line", "Quick Thinking"]),
                    [("kitty-pryde", "Phase Step"), ("kitty-pryde", "Phase Step")],
                    sentinels=sentinels(ii=1))
    assert s.s_loc == [0, 3, 0]  # 1 → 2 → 3
    assert s.track == 0


@pytest.mark.rule("DFP-A4")
def test_move_when_exactly_opposite_the_players_choose_the_way():
    s = end_of_turn("kitty-pryde", three(3, 3, 3), [("kitty-pryde", "Phase Step")],
                    sentinels=sentinels())
    assert kind(s) == "sentinel_direction" and ids(s) == ["cw", "ccw"]
    act(s, "ccw")
    assert s.s_loc == [0, 5, 0]


# ------------------------------------------------------------------------------ DFP-A5


@pytest.mark.rule("DFP-A5")
def test_add_puts_a_civilian_in_the_sentinel_location():
    s = end_of_turn("kitty-pryde", three(3, 3, 3), [("kitty-pryde", "Hold the Line")],
                    sentinels=sentinels(ii=4), locations=ring(p4={"thugs": 1}))
    assert s.civ == [0, 0, 0, 0, 2, 0] and s.thug[4] == 1
    assert s.track == 0


@pytest.mark.rule("DFP-A5")
def test_add_to_a_full_location_overflows_once():
    # Collapsed Harbor Bridge has 3 slots; 2 Civilians + 1 Thug fill it
    s = end_of_turn("kitty-pryde", three(3, 3, 3), [("kitty-pryde", "Hold the Line")],
                    sentinels=sentinels(ii=4), locations=ring(p4={"civilians": 2, "thugs": 1}),
                    track=6)
    assert (s.civ[4], s.thug[4]) == (2, 1)
    assert s.track == 7  # two Add tasks could not be placed: one Overflow for the Location


@pytest.mark.rule("DFP-A5")
def test_add_fills_the_last_slot_then_overflows():
    s = end_of_turn("kitty-pryde", three(3, 3, 3), [("kitty-pryde", "Hold the Line")],
                    sentinels=sentinels(ii=4), locations=ring(p4={"civilians": 2}), track=6)
    assert s.civ[4] == 3
    assert s.track == 7


# ------------------------------------------------------------------------------ DFP-A6


@pytest.mark.rule("DFP-A6")
@pytest.mark.parametrize("victim", [KITTY, STORM])
def test_damage_the_players_choose_the_hero(victim):
    s = end_of_turn("logan", three(3, 0, 0, kitty=["Phase Step", "Hold the Line"],
                                   storm=["Gale Force", "Updraft"]),
                    [("logan", "Rusted Claws")], sentinels=sentinels())
    d = s.decision()
    assert d.kind == "task_damage" and d.seat == LOGAN
    assert [o.label for o in d.options] == ["Kitty Pryde", "Storm"]
    act(s, f"hero:{victim}")
    assert kind(s) == "wound" and s.decision().seat == victim
    s.apply(ids(s)[0])
    # the chosen hero lost 1 card; Kitty (next to play) then drew 1 for her turn
    assert s.active == KITTY
    assert len(s.hand[STORM]) == 2 - (victim == STORM)
    assert len(s.hand[KITTY]) == 2 - (victim == KITTY) + 1


@pytest.mark.rule("DFP-A6")
def test_damage_with_no_hero_there_does_nothing():
    s = end_of_turn("logan", three(3, 3, 2), [("logan", "Berserker Lunge")],
                    sentinels=sentinels())
    assert kind(s) == "play_card" and s.active == KITTY  # straight on to the next turn
    assert not any(s.ko) and s.track == 0


@pytest.mark.rule("DFP-A6")
def test_damage_ignores_a_kod_hero():
    s = end_of_turn("logan", [hero("logan", 3), hero("kitty-pryde", 0, [], ko=True),
                              hero("storm", 0, ["Gale Force", "Updraft"])],
                    [("logan", "Rusted Claws")], sentinels=sentinels())
    # only Storm can be chosen: the choice is forced and goes straight to her wound
    assert kind(s) == "wound" and s.decision().seat == STORM


# ------------------------------------------------------------------------------ DFP-A7


def production(hp, threats, cards=(("kitty-pryde", "Quick Thinking"),), track=0):
    over = {f"p{p}": {"threat": t} for p, t in threats.items()}
    return end_of_turn("kitty-pryde", three(3, 3, 3), list(cards),
                       sentinels=sentinels(ii=1, hp={"II": hp}), locations=ring(**over),
                       track=track)


SP = {2: "sentinel-production-a", 4: "sentinel-production-b"}


@pytest.mark.rule("DFP-A7")
def test_production_recovers_one_per_production_threat():
    s = production(2, SP)
    assert s.s_hp[1] == 4 and s.track == 0
    s = production(2, {2: "sentinel-production-a", 4: "data-analyzer-a", 5: "mutant-detection-a"})
    assert s.s_hp[1] == 3 and s.track == 0


@pytest.mark.rule("DFP-A7")
def test_production_never_above_the_start():
    s = production(4, SP)
    assert s.s_hp[1] == 5 and s.track == 0


@pytest.mark.rule("DFP-A7")
def test_production_at_full_health_raises_the_track():
    s = production(5, SP, track=2)
    assert s.s_hp[1] == 5 and s.track == 3


@pytest.mark.rule("DFP-A7")
def test_production_without_production_threats_recovers_nothing():
    s = production(3, {2: "data-analyzer-a"}, track=2)
    assert s.s_hp[1] == 3 and s.track == 2  # not at full Health: no track either


@pytest.mark.rule("DFP-A7")
def test_two_production_tasks_second_finds_full_health():
    s = production(4, {2: "sentinel-production-a"}, [("kitty-pryde", "Ghost in the Circuits")])
    assert s.s_hp[1] == 5 and s.track == 1


# ------------------------------------------------------------------------------ DFP-A8


@pytest.mark.rule("DFP-A8")
def test_special_effect_on_the_last_card_raises_the_track():
    s = end_of_turn("kitty-pryde", three(3, 3, 3), [("kitty-pryde", "Sink Through the Floor")],
                    sentinels=sentinels(), track=3)
    assert s.track == 4 and s.s_loc == [0, 0, 0] and s.civ == [0] * 6


@pytest.mark.rule("DFP-A8")
def test_special_effect_on_the_previous_card_does_not():
    s = end_of_turn("kitty-pryde", three(3, 3, 3),
                    [("logan", "Through the Plating"), ("kitty-pryde", "Hold the Line")],
                    sentinels=sentinels(), track=3)
    assert s.track == 3 and s.civ[0] == 2


# ------------------------------------------------------------------------------ DFP-A9


@pytest.mark.rule("DFP-A9")
def test_token_holder_in_the_sentinel_location_takes_one_damage():
    s = end_of_turn("kitty-pryde", three(3, 0, 3, kitty=["Phase Step", "Quick Thinking"]),
                    [("kitty-pryde", "Hold the Line")], sentinels=sentinels())
    d = s.decision()
    assert d.kind == "wound" and d.seat == KITTY and len(d.options) == 2
    wound(s, "Phase Step")
    assert names(s, s.hand[KITTY]) == ["Quick Thinking"]
    assert names(s, s.deck[KITTY][:1]) == ["Phase Step"]


@pytest.mark.rule("DFP-A9")
def test_only_the_token_holder_takes_the_task_six_damage():
    # Logan and Storm stand with Sentinel II; Kitty, its token holder, is elsewhere
    s = end_of_turn("kitty-pryde", three(0, 3, 0, logan=["Rusted Claws", "Old Instincts"],
                                         storm=["Gale Force", "Updraft"]),
                    [("kitty-pryde", "Hold the Line")], sentinels=sentinels())
    assert kind(s) == "play_card" and s.active == STORM
    assert len(s.hand[LOGAN]) == 2 and len(s.hand[STORM]) == 3  # Storm drew for her turn


# ----------------------------------------------------------------------------- DFP-A10


FOUR = ["logan", "kitty-pryde", "storm", "bishop"]


@pytest.mark.rule("DFP-A10")
def test_tokenless_hero_chooses_and_counts_as_the_holder():
    heroes = [hero("logan", 4), hero("kitty-pryde", 4),
              hero("storm", 0, ["Gale Force", "Updraft"]),
              hero("bishop", 2, ["Soak the Blast", "Future Tactics"])]
    s = end_of_turn("bishop", heroes, [("bishop", "Battle Reserve")],
                    sentinels=sentinels(i=4, ii=4, iii=1))
    assert s.target == [0, 1, 2, -1]
    d = s.decision()
    assert d.kind == "choose_sentinel" and d.seat == BISHOP
    assert d.ids() == ["sentinel:0", "sentinel:1", "sentinel:2"]
    act(s, "sentinel:2")
    # Sentinel III moved toward Bishop (away from Storm, its token holder), raised the track
    # for the Special Effect, and dealt task 6 damage to Bishop, not to Storm
    assert s.s_loc == [4, 4, 2]
    assert s.track == 1
    assert kind(s) == "wound" and s.decision().seat == BISHOP
    wound(s, "Soak the Blast")
    assert names(s, s.hand[BISHOP]) == ["Future Tactics"]
    assert len(s.hand[STORM]) == 2
    assert s.target == [0, 1, 2, -1]  # only for that activation


@pytest.mark.rule("DFP-A10")
def test_tokenless_hero_may_pick_any_sentinel_each_turn():
    heroes = [hero("logan", 3), hero("kitty-pryde", 3), hero("storm", 3), hero("bishop", 2)]
    s = end_of_turn("bishop", heroes, [("bishop", "Future Tactics")], sentinels=sentinels())
    act(s, "sentinel:0")
    assert s.s_loc == [1, 0, 0]


# ----------------------------------------------------------------------------- DFP-A11


def _villain_damage_pack(tmp_path):
    def edit(doc):
        card_of(doc, "Through the Plating")["effect"] = [{"verb": "deal_damage_villain",
                                                          "amount": 2}]
    return variant_pack(tmp_path, "heroes/logan.yaml", edit)


@pytest.mark.rule("DFP-A11")
def test_villain_only_damage_effect_cannot_hit_a_sentinel(tmp_path):
    pack = _villain_damage_pack(tmp_path)
    s = load(config={"content": pack},
             heroes=[hero("logan", 0, ["Through the Plating", "Rusted Claws"]),
                     hero("kitty-pryde", 3), hero("storm", 3)],
             sentinels=sentinels(hp={"I": 2, "II": 2, "III": 2}), turn={"hero": "logan"})
    s.log = []
    play(s, "Through the Plating")  # no symbols: its Special Effect resolves at once
    # no Villain and no Henchman here: the 2 damage go nowhere, no Sentinel is offered
    assert kind(s) == "location_effect"
    assert s.s_hp == [2, 2, 2] and not events(s, "sentinel_damaged")


@pytest.mark.rule("DFP-A11")
def test_villain_only_damage_effect_hits_nimrod(tmp_path):
    pack = _villain_damage_pack(tmp_path)
    s = load(config={"content": pack}, phase="nimrod", nimrod={"location": 0, "health": 9},
             heroes=[hero("logan", 0, ["Through the Plating", "Rusted Claws"]),
                     hero("kitty-pryde", 3), hero("storm", 3)],
             locations=ring(p0={"thugs": 1}), turn={"hero": "logan"})
    s.log = []
    play(s, "Through the Plating")  # its Special Effect resolves at once
    # Nimrod is the only target (a Thug is no Villain or Henchman): both damage hit him
    assert [e.data["amount"] for e in events(s, "nimrod_damaged")] == [1, 1]
    assert s.n_hp == 7 and s.thug[0] == 1


@pytest.mark.rule("DFP-A11")
def test_generic_enemy_damage_effect_still_hits_a_sentinel():
    s = load(heroes=[hero("logan", 0, ["Through the Plating", "Rusted Claws"]),
                     hero("kitty-pryde", 3), hero("storm", 3)],
             sentinels=sentinels(hp={"I": 3}), turn={"hero": "logan"})
    play(s, "Through the Plating")  # its Special Effect resolves at once
    assert ids(s) == ["sentinel:0", "sentinel:1", "sentinel:2"]
    act(s, "sentinel:0")
    act(s, "sentinel:0")
    assert s.s_hp == [1, 5, 5]


def _arrival_pack(tmp_path, bam=False):
    def edit(doc):
        th = doc["dofp"]["threats"][4]  # data-analyzer-a
        th["on_villain_arrives"] = [{"verb": "raise_track", "amount": 2}]
        if bam:
            th["bam"] = [{"verb": "raise_track", "amount": 3}]
    return variant_pack(tmp_path, "dofp.yaml", edit)


@pytest.mark.rule("DFP-A11")
@pytest.mark.rule("DFP-A12")
def test_location_trigger_threat_does_not_fire_for_a_sentinel(tmp_path):
    pack = _arrival_pack(tmp_path)
    s = end_of_turn("kitty-pryde", three(3, 2, 3), [("kitty-pryde", "Phase Step")],
                    config={"content": pack}, sentinels=sentinels(ii=0),
                    locations=ring(p1={"threat": "data-analyzer-a"}), track=1)
    assert s.s_loc == [0, 1, 0]  # Sentinel II ended its move on the Threat's Location
    assert s.track == 1


@pytest.mark.rule("DFP-A11")
@pytest.mark.rule("DFP-A12")
def test_location_trigger_threat_fires_for_nimrod(tmp_path):
    pack = _arrival_pack(tmp_path)
    s = end_of_turn("kitty-pryde", three(0, 0, 0), [("logan", "Rusted Claws"),
                                                   ("kitty-pryde", "Phase Step")],
                    config={"content": pack}, phase="nimrod", nimrod={"location": 4},
                    master_plan=["Sweep the Avenues"], since=2,
                    locations=ring(p1={"threat": "data-analyzer-a"}), track=1)
    assert s.n_loc == 1
    assert s.track == 3


# ----------------------------------------------------------------------------- DFP-A12


@pytest.mark.rule("DFP-A12")
def test_activation_reveals_no_master_plan_and_keeps_the_cadence_count():
    s = end_of_turn("kitty-pryde", three(3, 0, 3, kitty=["Phase Step", "Quick Thinking"]),
                    [("logan", "Rusted Claws"), ("kitty-pryde", "Hold the Line")],
                    sentinels=sentinels(), since=2, master_plan=["Escalation Cascade"])
    wound(s, "Phase Step")  # task 3 (Kitty is alone there) …
    # … and task 6 takes her last card (a forced choice): Kitty is KO'd
    assert s.ko[KITTY] == 1 and s.active == STORM
    assert s.since == 2
    assert [s.T.card_name[c] for c in s.mp_deck] == ["Escalation Cascade"]
    assert all(s.T.card_owner[c] >= 0 for c in s.story)
    assert s.n_loc == -1 and s.phase == PHASE_SENTINELS
    assert s.track == 1  # the KO (blue part); no Escalation Cascade (+2) was played


@pytest.mark.rule("DFP-A12")
def test_activation_damage_is_not_a_bam(tmp_path):
    pack = _arrival_pack(tmp_path, bam=True)
    s = end_of_turn("logan", three(3, 0, 3, kitty=["Phase Step", "Quick Thinking"]),
                    [("logan", "Rusted Claws")], config={"content": pack},
                    sentinels=sentinels(), locations=ring(p2={"threat": "data-analyzer-a"}))
    wound(s, "Phase Step")
    assert s.track == 0  # the Threat's BAM! (+3) did not fire


# ----------------------------------------------------------------------------- DFP-A13


@pytest.mark.rule("DFP-A13")
def test_facedown_last_card_gives_nothing():
    # Scent of the Hunt (Move + Special Effect) lies facedown: no Move, no track
    s = end_of_turn("logan", three(2, 3, 3),
                    [("kitty-pryde", "Hold the Line"), ("logan", "Scent of the Hunt", True)],
                    sentinels=sentinels(), track=2)
    assert s.s_loc == [0, 0, 0]
    assert s.civ[0] == 2
    assert s.track == 2


@pytest.mark.rule("DFP-A13")
def test_facedown_previous_card_still_counts_as_one_of_the_two():
    # the facedown card is one of the last two: the older Tempest Unleashed is not read
    s = end_of_turn("logan", three(1, 1, 1),
                    [("storm", "Tempest Unleashed"), ("kitty-pryde", "Phase Step", True),
                     ("logan", "Slow Mend")],
                    sentinels=sentinels(), track=2)
    assert s.s_loc == [0, 0, 0]
    assert s.civ[0] == 1
    assert s.track == 3  # Slow Mend's Special Effect


# ----------------------------------------------------------------------------- DFP-A16


@pytest.mark.rule("DFP-A16")
def test_defeated_sentinel_leaves_and_its_holder_chooses_that_same_turn():
    s = load(heroes=[hero("logan", 0, ["Rusted Claws", "Old Instincts", "Slow Mend"]),
                     hero("kitty-pryde", 3), hero("storm", 3)],
             sentinels=sentinels(i=0, ii=3, iii=4, hp={"I": 1}),
             storyline=story(("storm", "Eye of the Storm")), turn={"hero": "logan"})
    play(s, "Rusted Claws")
    act(s, "attack:sentinel:0")
    assert s.s_loc == [-1, 3, 4] and s.s_hp[0] == 0
    assert s.target == [-1, 1, 2]  # the token is discarded
    assert "attack:sentinel:0" not in ids(s)
    end_actions(s)
    skip_location(s)
    d = s.decision()
    assert d.kind == "choose_sentinel" and d.seat == LOGAN
    assert d.ids() == ["sentinel:1", "sentinel:2"]
    act(s, "sentinel:1")
    # Storm's Eye of the Storm and Logan's Rusted Claws: 2 Add, 1 Damage, at Sentinel II's
    assert s.civ[3] == 2
    assert kind(s) == "task_damage" and ids(s) == ["hero:1", "hero:2"]


@pytest.mark.rule("DFP-A16")
def test_former_holder_keeps_choosing_on_later_turns():
    s = end_of_turn("logan", three(2, 3, 3), [("logan", "Limp Into the Fight")],
                    sentinels={"I": "defeated", "II": {"location": 0},
                               "III": {"location": 4}})
    assert s.target == [-1, 1, 2] and s.s_loc == [-1, 0, 4]
    assert kind(s) == "choose_sentinel" and ids(s) == ["sentinel:1", "sentinel:2"]
    act(s, "sentinel:2")
    assert s.s_loc == [-1, 0, 3]  # Sentinel III stepped toward Logan (4 → 3)


@pytest.mark.rule("DFP-A16")
def test_with_one_sentinel_left_the_choice_is_that_one():
    s = end_of_turn("logan", [hero("logan", 2), hero("kitty-pryde", 4)],
                    [("logan", "Limp Into the Fight")],
                    sentinels={"I": "defeated", "II": {"location": 0}})
    assert s.target == [-1, 1]
    assert s.s_loc[:2] == [-1, 1]  # moved toward Logan (2), not toward Kitty (4)
    assert kind(s) == "play_card" and s.active == KITTY


def _villain_verbs_on_clear_pack(tmp_path):
    def edit(doc):
        threats = doc["dofp"]["threats"]
        threats[4]["on_clear"] = [  # data-analyzer-a: cost move, move, heroic
            {"verb": "lower_track", "amount": 1},
            {"verb": "add_tokens_here", "tokens": "CC"},
            {"verb": "bam"},
            {"verb": "villain_recover_per_hero", "amount": 1},
        ]
        threats[0]["bam"] = [{"verb": "raise_track", "amount": 3}]  # mutant-detection-a
    return variant_pack(tmp_path, "dofp.yaml", edit)


def _clear_the_analyzer(pack, **more):
    s = load(config={"content": pack},
             heroes=[hero("logan", 3), hero("kitty-pryde", 1, ["Hold the Line", "Phase Step"]),
                     hero("storm", 3)],
             locations=ring(p1={"threat": "data-analyzer-a", "filled": ["move", "move"]},
                            p2={"threat": "mutant-detection-a"}, p5={"civilians": 1}),
             turn={"hero": "kitty-pryde"}, track=4, **more)
    s.log = []
    play(s, "Hold the Line")
    act(s, "fill:heroic")
    return s


@pytest.mark.rule("DFP-A11")
@pytest.mark.rule("DFP-S7")
def test_villain_effects_do_nothing_while_only_sentinels_are_in_play(tmp_path):
    # Regression: with Nimrod set aside (no Villain on the board) a Threat's villain verbs
    # used ring position -1, i.e. added the Civilians to position 5, fired a BAM! with every
    # Threat's BAM! and healed the absent Nimrod. The Sentinels are no Villain to stand in
    # for him. (A Threat's own text acts in the Threat's Location: its Civilians go there.)
    s = _clear_the_analyzer(_villain_verbs_on_clear_pack(tmp_path),
                            sentinels={"I": {"location": 5}, "II": {"location": 1}})
    assert s.threat[1] == -1 and s.phase == PHASE_SENTINELS
    assert s.track == 3  # only the lower_track step: no BAM! (+3)
    assert s.civ == [0, 2, 0, 0, 0, 1]  # nothing at position 5 (index -1)
    assert (s.n_loc, s.n_hp) == (-1, 0)
    assert events(s, "bam", "nimrod_recovers") == []


@pytest.mark.rule("DFP-A11")
def test_villain_effects_act_with_nimrod_in_play(tmp_path):
    s = _clear_the_analyzer(_villain_verbs_on_clear_pack(tmp_path), phase="nimrod",
                            nimrod={"location": 5, "health": 6})
    assert s.civ == [0, 2, 0, 0, 0, 1]  # the Threat's Location
    assert s.track == 3 + 3  # lower 1, then the BAM! of Gene-Scan Checkpoint (+3)
    assert s.n_hp == 9  # 1 per hero still in play
